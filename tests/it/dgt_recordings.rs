//! Real DGT sessions: three games recorded from a DGT board with a DGT 3000 clock by another
//! project's driver (`tests/data/dgtdriver`, its README says whose and under which licence). Every
//! message goes through Anna's DGT decoder (the `Wire` the serial link uses) into the application,
//! as the link hands it over. The recordings carry no timestamps, so they are paced by the clock:
//! one clock report a second, as a running DGT 3000 sends them, the messages between spread evenly;
//! and again four times faster. Each game must be read move for move as the recorder's own parser
//! read it, every press coming from the clock; the one flag that fell is the flag (FIDE 6.9), and
//! nothing else is decided.

use std::fs;
use std::path::Path;
use std::time::Duration;

use anna_app::script::{self, BoardStep, Step, What};
use anna_board::protocol::Protocol;
use anna_board::{BoardEvent, BoardRole};
use anna_core::session::Config;
use anna_language::Voice;
use base64::Engine;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dgtdriver").join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What the board said, message by message, decoded by Anna's DGT wire.
fn events(name: &str) -> Vec<BoardEvent> {
    let mut wire = Protocol::DGT.wire();
    let mut events = Vec::new();
    for line in data(name).lines() {
        let bytes = base64::engine::general_purpose::STANDARD.decode(line.trim()).expect("base64");
        for event in wire.feed(&bytes) {
            events.push(event.unwrap_or_else(|e| panic!("{name}: a recorded message refused: {e}")));
        }
    }
    events
}

/// The recorded events as a script's steps after `preamble`: clock reports `every` apart, the
/// messages between them evenly spread.
fn steps(preamble: &str, events: Vec<BoardEvent>, every: Duration) -> Vec<Step> {
    let voice = Voice::english();
    let mut steps = script::parse_script(preamble, &voice).unwrap();
    let start = Duration::from_secs(1);
    let mut pending = Vec::new();
    let mut reports = 0u32;
    let flush = |pending: &mut Vec<BoardEvent>, until: u32, steps: &mut Vec<Step>| {
        let n = pending.len() as u32;
        for (j, event) in pending.drain(..).enumerate() {
            let at = start + every * until.saturating_sub(1) + every * (j as u32 + 1) / (n + 1);
            steps.push(Step { line: 0, time: at, what: What::Board(BoardStep::Event(BoardRole::Player, event)) });
        }
    };
    for event in events {
        if matches!(event, BoardEvent::Clock(_)) {
            flush(&mut pending, reports, &mut steps);
            let at = start + every * reports;
            steps.push(Step { line: 0, time: at, what: What::Board(BoardStep::Event(BoardRole::Player, event)) });
            reports += 1;
        } else {
            pending.push(event);
        }
    }
    flush(&mut pending, reports + 1, &mut steps);
    steps
}

/// The moves of the reference: UCI (`1. e2e4 e7e5` lines) or SAN (a PGN's movetext).
fn reference(name: &str) -> Vec<String> {
    data(name)
        .split_whitespace()
        .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
        .map(str::to_string)
        .collect()
}

/// Replays `recording` after `preamble` at one clock report per `every`, and returns the game's
/// moves (UCI or SAN without check marks, as `san` asks) and the transcript.
fn replay(recording: &str, preamble: &str, every: Duration, san: bool) -> (Vec<String>, Vec<String>) {
    let steps = steps(preamble, events(recording), every);
    let mut app = script::app(Config::default(), Vec::new(), Voice::english());
    let transcript = script::replay(&steps, &mut app);
    let game = app.session().game();
    let moves = game
        .plies()
        .iter()
        .map(|ply| if san { ply.san.san.to_string() } else { game.uci(ply.mv).to_string() })
        .collect();
    (moves, transcript)
}

fn lines<'a>(transcript: &'a [String], containing: &str) -> Vec<&'a String> {
    transcript.iter().filter(|l| l.contains(containing)).collect()
}

/// Each of the three games at the clock's pace and four times faster, with and without `--tc`.
fn check(recording: &str, reference_file: &str, san: bool, preamble: &str) {
    let expected = reference(reference_file);
    for every in [Duration::from_secs(1), Duration::from_millis(250)] {
        let (moves, transcript) = replay(recording, preamble, every, san);
        let context = format!("{recording} at one report every {every:?}, after {preamble:?}");
        assert_eq!(moves, expected, "{context}:\n{}", transcript.join("\n"));
        // Every move said once (a slide read where it rested is taken back and said again), and
        // a board said to differ on the way is said to match again.
        let made = lines(&transcript, " move white ").len() + lines(&transcript, " move black ").len();
        let retracted = lines(&transcript, " retract ").len();
        assert_eq!(made - retracted, expected.len(), "{context}");
        let differs = transcript.iter().rposition(|l| l.contains("differs"));
        let matches = transcript.iter().rposition(|l| l.contains("The board matches the game"));
        assert!(differs <= matches, "{context}: the board left differing:\n{}", transcript.join("\n"));
        let presses = lines(&transcript, " press ").len();
        assert!(presses + 1 >= expected.len(), "{context}: {presses} presses for {} moves", expected.len());
        assert!(lines(&transcript, "Correction: White").is_empty(), "{context}: the halves were never wrong");
    }
}

#[test]
fn game_1_is_read_move_for_move_and_pressed_by_its_clock() {
    check("1.inbytes", "1.uci", false, "0:00 board sensor\n");
    check("1.inbytes", "1.uci", false, "0:00 tc 3+2\n0:00 board sensor\n");
}

#[test]
fn game_2_on_a_turned_board_is_read_move_for_move() {
    check("2.inbytes", "2.uci", false, "0:00 board sensor\n");
}

#[test]
fn johan_ends_with_blacks_flag_fallen_on_the_clock() {
    check("johan.inbytes", "johan.pgn", true, "0:00 tc 5+5\n0:00 board sensor\n");
    let (_, transcript) = replay("johan.inbytes", "0:00 tc 5+5\n0:00 board sensor\n", Duration::from_secs(1), true);
    // The first time group (the right half) blocked at zero with its flag byte's 0x10: Black's,
    // since the left half ran first with White to move.
    assert_eq!(lines(&transcript, "flag ").iter().filter(|l| !l.contains("say")).count(), 1);
    assert!(!lines(&transcript, "flag black").is_empty(), "{}", transcript.join("\n"));
    assert_eq!(transcript.last().unwrap(), "result 1-0 time forfeit (FIDE 6.9)");
}
