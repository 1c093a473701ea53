//! The five situations in which a DGT 3000 on a DGT board gave a wrong result (issue 24), each run
//! by the `anna` program against the simulated DGT board on a pseudo-terminal. Every clock report is
//! built here byte for byte from DGT's header (`dgtbrd13.h`, message `DGT_MSG_BWTIME`), never by
//! Anna's encoder, and they come once a second, as a running DGT 3000 sends them: so these tests take
//! a few seconds of wall time each (the program runs in real time; the waits are on its output).
#![cfg(unix)]

use crate::support;

use std::sync::mpsc;
use std::thread::sleep;
use std::time::Duration;

use anna::board_link::sim::{SimOptions, Simulator};
use anna_board::protocol::Protocol;
use support::boards::Running;

/// One side of the clock: hours, minutes, seconds and the two flag bits of its first byte.
#[derive(Clone, Copy)]
struct Face {
    time: (u8, u8, u8),
    /// D4: "flag fallen for the player, and clock blocked to zero".
    fallen: bool,
    /// D6: "flag fallen and indicated on display" (a period's end; the clock may run on).
    shown: bool,
}

fn at(h: u8, m: u8, s: u8) -> Face {
    Face { time: (h, m, s), fallen: false, shown: false }
}

// The status byte (byte 9): D0 running, D1 the lever (tumbler), D3 and D4 whose turn. The recordings
// in tests/data/dgtdriver show D3 with the second time group (the left side) counting down and D4
// with the first (the right side), D1 with D4.
const RUNNING: u8 = 0x01;
const LEFT: u8 = 0x08;
const RIGHT: u8 = 0x10 | 0x02;

fn bcd(n: u8) -> u8 {
    (n / 10) << 4 | (n % 10)
}

/// `DGT_MSG_BWTIME`: 0x8d, the length 10 in two 7-bit bytes, the first side (right), the second
/// (left), the status.
fn report(right: Face, left: Face, status: u8) -> Vec<u8> {
    let side = |f: Face| {
        let (h, m, s) = f.time;
        [h | if f.fallen { 0x10 } else { 0 } | if f.shown { 0x40 } else { 0 }, bcd(m), bcd(s)]
    };
    let mut bytes = vec![0x8d, 0x00, 0x0a];
    bytes.extend(side(right));
    bytes.extend(side(left));
    bytes.push(status);
    bytes
}

/// A DGT board on a pseudo-terminal and `anna` playing on it, both sides on the board.
fn start(tc: Option<&str>) -> (Simulator, Running) {
    let (notes, _notes) = mpsc::channel();
    let sim = Simulator::start(SimOptions { protocol: Protocol::DGT, ..SimOptions::default() }, notes).unwrap();
    let mut anna = support::anna(&support::shared_data());
    anna.args(["--speech", "off", "--sounds", "off", "--board"]).arg(sim.path());
    if let Some(tc) = tc {
        anna.args(["--tc", tc]);
    }
    let anna = Running::start(anna);
    anna.wait_for("Board connected.");
    (sim, anna)
}

/// Reports `times` one a second, each the left running at that time and the right at `right`:
/// White's half, the left, has run for long enough to be known as White's. Anna takes it after 2 s
/// of agreeing reports (`app/sensor.rs`): callers send four, three seconds, so that a report read
/// late on a loaded machine still leaves the span (three reports once failed in CI).
fn left_runs(sim: &Simulator, right: Face, lefts: &[Face]) {
    for left in lefts {
        sim.send_raw(&report(right, *left, RUNNING | LEFT));
        sleep(Duration::from_secs(1));
    }
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn a_paused_dgt_clock_pauses_the_game_and_no_flag_falls_while_it_stands() {
    let (sim, mut anna) = start(Some("5+0"));
    left_runs(&sim, at(0, 5, 0), &[at(0, 5, 0), at(0, 4, 59), at(0, 4, 58), at(0, 4, 57)]);
    sim.type_line("move e2e4").unwrap();
    anna.wait_for("White: Eva vier.");
    // Black's time runs, with two seconds left; then the arbiter pauses the clock, which reports
    // once with its running bit clear and then says nothing more (update-nice mode).
    sim.send_raw(&report(at(0, 0, 3), at(0, 4, 57), RUNNING | RIGHT));
    sleep(SECOND);
    sim.send_raw(&report(at(0, 0, 2), at(0, 4, 57), RIGHT));
    anna.wait_for_before("Clocks stopped.", &["flag"]);
    // Longer than Black's two seconds and the grace a followed clock waits for the official one.
    sleep(Duration::from_secs(6));
    anna.type_line("time");
    anna.wait_for_before("Black 2 seconds", &["flag"]);
    // The clock runs again: so does the game.
    sim.send_raw(&report(at(0, 0, 2), at(0, 4, 57), RUNNING | RIGHT));
    anna.wait_for_before("Clocks running.", &["flag"]);
    anna.quit();
}

#[test]
fn a_press_within_the_boards_debounce_never_swaps_the_halves() {
    let (sim, anna) = start(Some("5+0"));
    sim.send_raw(&report(at(0, 5, 0), at(0, 5, 0), 0));
    sleep(SECOND);
    // White moves and presses before the board has read the move: the first running report shows
    // Black's half (the right) running while White is still to move.
    sim.send_raw(&report(at(0, 4, 59), at(0, 5, 0), RUNNING | RIGHT));
    sim.type_line("move e2e4").unwrap();
    anna.wait_for("White: Eva vier.");
    for s in [58, 57] {
        sleep(SECOND);
        sim.send_raw(&report(at(0, 4, s), at(0, 5, 0), RUNNING | RIGHT));
    }
    sim.type_line("move e7e5").unwrap();
    anna.wait_for("Black: Eva fünf.");
    // Black presses: the left runs. White's time runs out and the clock blocks it at zero.
    for s in [2, 1] {
        sleep(SECOND);
        sim.send_raw(&report(at(0, 4, 56), at(0, 0, s), RUNNING | LEFT));
    }
    sleep(SECOND);
    let zero = Face { fallen: true, ..at(0, 0, 0) };
    sim.send_raw(&report(at(0, 4, 56), zero, LEFT));
    anna.wait_for_before("White's flag has fallen.", &["Black's flag"]);
    anna.wait_for("Black wins by time forfeit (FIDE 6.9).");
    anna.quit();
}

#[test]
fn a_flag_shown_at_the_end_of_a_period_is_no_flag_fall() {
    let (sim, mut anna) = start(Some("40/300:300"));
    left_runs(&sim, at(0, 5, 0), &[at(0, 5, 0), at(0, 4, 59), at(0, 4, 58), at(0, 4, 57)]);
    sim.type_line("move e2e4").unwrap();
    anna.wait_for("White: Eva vier.");
    sim.send_raw(&report(at(0, 5, 0), at(0, 4, 57), RUNNING | RIGHT));
    sim.type_line("move e7e5").unwrap();
    anna.wait_for("Black: Eva fünf.");
    // White's time runs down to the end of the period (its 40 moves stand for the game's).
    left_runs(&sim, at(0, 4, 59), &[at(0, 0, 2), at(0, 0, 1)]);
    // The period ends: the clock shows White's flag and adds the next period's five minutes, running
    // on ("flag shown, clock possibly still running").
    sim.send_raw(&report(at(0, 4, 59), Face { shown: true, ..at(0, 5, 0) }, RUNNING | LEFT));
    sleep(SECOND);
    sim.send_raw(&report(at(0, 4, 59), Face { shown: true, ..at(0, 4, 59) }, RUNNING | LEFT));
    anna.type_line("time");
    // The next period's time, give or take the report still on its way: never a flag, never 0:01.
    let line = anna.wait_for_before("White ", &["flag"]);
    assert!(line.starts_with("White 5 minutes") || line.starts_with("White 4 minutes 5"), "{line}");
    anna.quit();
}

#[test]
fn an_all_zero_clock_message_is_ignored() {
    let (sim, mut anna) = start(Some("5+0"));
    left_runs(&sim, at(0, 5, 0), &[at(0, 5, 0), at(0, 4, 59), at(0, 4, 58), at(0, 4, 57)]);
    // DGT's header: after a command to the clock, a time message of zeros may come; ignore it.
    sim.send_raw(&[0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0]);
    sleep(SECOND);
    anna.type_line("time");
    anna.wait_for_before("White 4 minutes 5", &["flag", "0 seconds"]);
    anna.quit();
}

#[test]
fn without_a_time_control_the_dgt_clock_gives_the_game_its_times() {
    let (sim, mut anna) = start(None);
    sim.send_raw(&report(at(0, 3, 0), at(0, 3, 0), LEFT));
    anna.wait_for("No time control was set: the board's clock gives the game its times.");
    anna.wait_for("3 minutes");
    left_runs(&sim, at(0, 3, 0), &[at(0, 3, 0), at(0, 2, 59), at(0, 2, 58), at(0, 2, 57)]);
    anna.type_line("time");
    anna.wait_for("White 2 minutes 5");
    sim.type_line("move e2e4").unwrap();
    anna.wait_for("White: Eva vier.");
    sim.send_raw(&report(at(0, 0, 1), at(0, 2, 57), RUNNING | RIGHT));
    sleep(SECOND);
    sim.send_raw(&report(Face { fallen: true, ..at(0, 0, 0) }, at(0, 2, 57), RIGHT));
    anna.wait_for_before("Black's flag has fallen.", &["White's flag"]);
    anna.wait_for("White wins by time forfeit (FIDE 6.9).");
    anna.quit();
}
