//! DGT and Millennium boards over real pseudo-terminals: Anna's link finds the protocol the
//! simulator speaks, reads its positions, its clock, its reconnection; and the `anna` program itself
//! plays a whole game against the opponent's simulated DGT board beside Anna's simulated peg board
//! (FIDE D.2.1, D.2.9). Waits are on channels with a generous timeout, never on the clock.
#![cfg(unix)]

use crate::support;

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use anna::board_link::serial::{Link, LinkReport};
use anna::board_link::sim::{Note, SimOptions, Simulator};
use anna_board::protocol::Protocol;
use anna_board::{BoardEvent, Cell, ClockHand, HostCommand, Snapshot};
use shakmaty::{Board, Square};
use support::boards::{next, quick, snapshot_of, Running, WAIT};

/// The next whole-board report, skipping the others.
fn next_board(reports: &Receiver<LinkReport>) -> Snapshot {
    loop {
        if let LinkReport::Event(BoardEvent::Board(snapshot)) = next(reports) {
            return snapshot;
        }
    }
}

/// A simulator of `protocol` and Anna's link to it, found without being told the protocol.
fn connected(protocol: Protocol, options: SimOptions) -> (Simulator, Receiver<Note>, Link, Receiver<LinkReport>) {
    let (notes_to, notes) = mpsc::channel();
    let start = snapshot_of(&options.board);
    let sim = Simulator::start(SimOptions { protocol, ..options }, notes_to).expect("a pseudo-terminal");
    let (sender, reports) = mpsc::channel();
    let link = Link::with_options(sim.path().to_str().unwrap(), quick(), sender, |report| report);
    let LinkReport::Connected { protocol: found, .. } = next(&reports) else { panic!("not connected") };
    assert_eq!(found, protocol);
    assert_eq!(next_board(&reports), start);
    (sim, notes, link, reports)
}

#[test]
fn a_dgt_board_is_found_and_reports_each_square_as_it_changes() {
    let (sim, _notes, _link, reports) = connected(Protocol::DGT, SimOptions::default());
    sim.type_line("move e2e4").unwrap();
    // The pawn lifted, then put down: two field updates, each a whole board.
    let mut board = Board::new();
    board.discard_piece_at(Square::E2);
    assert_eq!(next_board(&reports), snapshot_of(&board));
    let mut after = Board::new();
    let pawn = after.remove_piece_at(Square::E2).unwrap();
    after.set_piece_at(Square::E4, pawn);
    assert_eq!(next_board(&reports), snapshot_of(&after));
}

#[test]
fn a_millennium_board_is_found_and_reports_its_whole_board_on_every_change() {
    let (sim, notes, link, reports) = connected(Protocol::MILLENNIUM, SimOptions::default());
    // Anna switched the automatic reports on.
    let deadline = Instant::now() + WAIT;
    while !matches!(next(&notes), Note::Asked(ref text) if text == "setting 02 = 04") {
        assert!(Instant::now() < deadline);
    }
    sim.type_line("slide d2 d3 d4").unwrap();
    let mut end = Board::new();
    let pawn = end.remove_piece_at(Square::D2).unwrap();
    end.set_piece_at(Square::D4, pawn);
    while next_board(&reports) != snapshot_of(&end) {}
    // A shown move lights its squares.
    link.send(HostCommand::ShowMove { from: Square::G8, to: Square::F6, captured: None, rook: None });
    while !matches!(next(&notes), Note::Asked(ref text) if text == "lights f6 g8") {}
}

/// Issue 24: the port is opened 8N1 and the parity bit is Anna's own, so a ChessLink board that
/// sends no parity bit (native USB) is found and read as one behind a UART is.
#[test]
fn a_millennium_board_without_parity_bits_is_read_all_the_same() {
    let (sim, _notes, _link, reports) =
        connected(Protocol::MILLENNIUM, SimOptions { no_parity: true, ..SimOptions::default() });
    sim.type_line("move e2e4").unwrap();
    let mut after = Board::new();
    let pawn = after.remove_piece_at(Square::E2).unwrap();
    after.set_piece_at(Square::E4, pawn);
    while next_board(&reports) != snapshot_of(&after) {}
}

#[test]
fn moves_made_faster_than_a_millennium_board_scans_arrive_as_one_position() {
    let (sim, _notes, _link, reports) = connected(Protocol::MILLENNIUM, SimOptions::default());
    sim.type_line("fast e2e4 e7e5 g1f3").unwrap();
    let snapshot = next_board(&reports);
    assert_ne!(snapshot.get(Square::F3), Cell::Empty);
    assert_ne!(snapshot.get(Square::E5), Cell::Empty);
}

#[test]
fn the_dgt_clock_message_reaches_anna() {
    let (sim, _notes, _link, reports) = connected(Protocol::DGT, SimOptions::default());
    sim.type_line("clock 1:29:59 1:30:00 left").unwrap();
    let reading = loop {
        // The answer to Anna's first question, before the clock was set, is "no clock".
        match next(&reports) {
            LinkReport::Event(BoardEvent::Clock(reading)) if !reading.no_clock => break reading,
            _ => {}
        }
    };
    assert_eq!(reading.left.time, Duration::from_secs(5399));
    assert_eq!(reading.right.time, Duration::from_secs(5400));
    assert_eq!(reading.turn, Some(ClockHand::Left));
    assert!(reading.running && !reading.no_clock);
}

#[test]
fn an_unplugged_sensor_board_is_found_again_and_read_whole() {
    for protocol in [Protocol::DGT, Protocol::MILLENNIUM] {
        let (sim, _notes, _link, reports) = connected(protocol, SimOptions::default());
        sim.unplug().unwrap();
        while !matches!(next(&reports), LinkReport::Disconnected(_)) {}
        sim.type_line("move e2e4").unwrap();
        sim.plug().unwrap();
        while !matches!(next(&reports), LinkReport::Connected { .. }) {}
        let snapshot = next_board(&reports);
        assert_ne!(snapshot.get(Square::E4), Cell::Empty, "{protocol}");
    }
}

#[test]
fn garbage_on_a_dgt_wire_is_rejected_and_the_game_goes_on() {
    let (sim, _notes, _link, reports) = connected(Protocol::DGT, SimOptions::default());
    // A message cut short, stray bytes, then a good field update.
    sim.send_raw(&[0x8e, 0x00, 0x33, 0x12, 0x8e, 0x00, 0x05, 36, 1]);
    while !matches!(next(&reports), LinkReport::Rejected(_)) {}
    let snapshot = next_board(&reports);
    assert_ne!(snapshot.get(Square::E4), Cell::Empty);
}

#[test]
fn anna_boards_names_the_protocol_that_answers() {
    let (notes_to, _notes) = mpsc::channel();
    let sim =
        Simulator::start(SimOptions { protocol: Protocol::MILLENNIUM, ..SimOptions::default() }, notes_to).unwrap();
    let output = support::anna(&support::shared_data()).arg("boards").arg(sim.path()).output().expect("anna runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("\tmillennium: Millennium ChessLink 1.03"), "{stdout}");
    assert!(output.status.success());
    // A port where no board can answer: said on its line, and the exit code says so (issue 23).
    let output = support::anna(&support::shared_data()).args(["boards", "/nonexistent"]).output().expect("anna runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("/nonexistent\tgiven\tcannot be opened: "), "{stdout}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_game_on_two_boards_checks_every_execution_on_the_opponents_board() {
    // The blind player's peg board and the sighted opponent's DGT board (FIDE D.2.1).
    let (peg_notes, _peg) = mpsc::channel();
    let peg = Simulator::start(SimOptions::default(), peg_notes).unwrap();
    let (dgt_notes, _dgt) = mpsc::channel();
    let dgt = Simulator::start(SimOptions { protocol: Protocol::DGT, ..SimOptions::default() }, dgt_notes).unwrap();
    let mut anna = support::anna(&support::shared_data());
    anna.args(["--speech", "off", "--player", "white", "--board"])
        .arg(peg.path())
        .arg("--opponent-board")
        .arg(dgt.path());
    let mut anna = Running::start(anna);
    // Both boards answer, in either order.
    let mut connected = [false, false];
    while connected != [true, true] {
        let line = next(&anna.lines);
        connected[0] |= line.contains("Your opponent's board is connected.");
        connected[1] |= line == "Board connected.";
    }
    // The blind player moves on the peg board and presses.
    peg.type_line("move g1f3").unwrap();
    anna.wait_for("White: Knight Felix drei.");
    anna.type_line("");
    // D.2.9: the opponent puts the knight on h3: said at once.
    dgt.type_line("move g1h3").unwrap();
    anna.wait_for("Your opponent put the knight on Hector drei, not Felix drei.");
    dgt.type_line("move h3f3").unwrap();
    anna.wait_for("The board matches the game.");
    // The opponent's own move, made on his board, is announced and shown on the peg board.
    dgt.type_line("slide d7 d6 d5").unwrap();
    anna.wait_for("Black: David fünf.");
    anna.wait_for("On the board, please: Pawn David sieben David fünf.");
    anna.type_line("moves");
    anna.wait_for("1. Knight Felix drei, David fünf.");
    anna.quit();
}

/// A game on one sensor board of `protocol`, both sides played on it, run by the `anna` program:
/// sliding, fast moves, both orders of capture, en passant, a promotion, castling rook first and a
/// knocked piece, each read once the position is still.
fn whole_game_on(protocol: Protocol) {
    let (notes, _notes) = mpsc::channel();
    let sim = Simulator::start(SimOptions { protocol, ..SimOptions::default() }, notes).unwrap();
    let mut anna = support::anna(&support::shared_data());
    anna.args(["--speech", "off", "--sounds", "off", "--board"]).arg(sim.path());
    let mut anna = Running::start(anna);
    anna.wait_for("Board connected.");
    let mut play = |typed: &[&str], said: &str| {
        for line in typed {
            sim.type_line(line).unwrap();
        }
        anna.wait_for(said);
        // The clock pressed after each move (Enter on an empty line).
        anna.type_line("");
    };
    play(&["slide e2 e3 e4"], "White: Eva vier.");
    play(&["move d7d5"], "Black: David fünf.");
    // The captured pawn taken off first, then the capturing one put down.
    play(&["lift d5", "move e4d5"], "White: Eva takes David fünf.");
    play(&["slide c7 c6 c5"], "Black: Cesar fünf.");
    // En passant: the pawn taken off c5, the capturing pawn to c6.
    play(&["lift c5", "move d5c6"], "White: David takes Cesar sechs en passant.");
    play(&["move g8f6"], "Black: Knight Felix sechs.");
    play(&["move c6b7"], "White: Cesar takes Bella sieben.");
    play(&["move b8d7"], "Black: Knight Bella David sieben.");
    // A promotion: the pawn lifted, the rook taken, a queen put on a8.
    play(&["lift b7", "lift a8", "place a8 Q"], "White: Bella takes Anna acht Queen.");
    play(&["move e7e6"], "Black: Eva sechs.");
    play(&["move g1f3"], "White: Knight Felix drei.");
    play(&["move f8d6"], "Black: Bishop David sechs.");
    play(&["move f1e2"], "White: Bishop Eva zwei.");
    play(&["move d8b6"], "Black: Queen Bella sechs.");
    // Castling with the rook first.
    play(&["move h1f1", "move e1g1"], "White: Castles kingside.");
    // A knocked piece: said with its square, then put right.
    sim.type_line("knock f3").unwrap();
    anna.wait_for("The board differs from the game (FIDE 7.4).");
    anna.wait_for("Put a white knight on Felix drei.");
    sim.type_line("place f3 N").unwrap();
    anna.wait_for("The board matches the game.");
    // Two moves made faster than the board reports, read in order.
    sim.type_line("fast e8g8 h8f8 d2d4").unwrap();
    anna.wait_for("Black: Castles kingside.");
    anna.wait_for("White: David vier.");
    anna.quit();
}

#[test]
fn a_board_the_player_set_as_turned_is_read_without_a_word_about_it() {
    // A ChessLink board set up h1-first, as two widely used programs read them by default.
    let (notes, _notes) = mpsc::channel();
    let options = SimOptions { protocol: Protocol::MILLENNIUM, turned: true, ..SimOptions::default() };
    let sim = Simulator::start(options, notes).unwrap();
    let mut anna = support::anna(&support::shared_data());
    anna.args(["--speech", "off", "--sounds", "off", "--board-turned", "--board"]).arg(sim.path());
    let anna = Running::start(anna);
    anna.wait_for("Board connected.");
    sim.type_line("move e2e4").unwrap();
    anna.wait_for_before("White: Eva vier.", &["way round"]);
    anna.quit();
}

#[test]
fn a_whole_game_on_a_dgt_board() {
    whole_game_on(Protocol::DGT);
}

#[test]
fn a_whole_game_on_a_millennium_board() {
    whole_game_on(Protocol::MILLENNIUM);
}
