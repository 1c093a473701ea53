//! The peg-board link over real pseudo-terminals: Anna's side ([`Link`]) against the simulator or
//! against a hand-written board in the test, each report checked in order. The tests wait on
//! channels with a generous timeout, never on the clock.
#![cfg(unix)]

use crate::support;

use std::io::{Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use anna::board_link::serial::{Link, LinkError, LinkReport};
use anna::board_link::sim::{Note, SimOptions, Simulator};
use anna_board::codec::{self, LineError, PegRequest, RequestDecoder};
use anna_board::protocol::{Protocol, WireError};
use anna_board::{BoardEvent, HostCommand};
use serialport::{SerialPort, TTYPort};
use shakmaty::{Board, Color, Piece, Role, Square};
use support::boards::{next, quick, snapshot_of, Running, WAIT};

/// A simulator and Anna's link to it, past the handshake and the first snapshot.
struct Bench {
    sim: Simulator,
    notes: Receiver<Note>,
    link: Link,
    reports: Receiver<LinkReport>,
}

fn connected(options: SimOptions) -> Bench {
    let (notes_to, notes) = mpsc::channel();
    let expected = snapshot_of(&options.board);
    let sim = Simulator::start(options, notes_to).expect("a pseudo-terminal");
    let (sender, reports) = mpsc::channel();
    let link = Link::with_options(sim.path().to_str().unwrap(), quick(), sender, |report| report);
    assert_eq!(
        next(&reports),
        LinkReport::Connected { name: "Anna board simulator".into(), version: 1, protocol: Protocol::ANNA }
    );
    assert_eq!(next(&reports), LinkReport::Event(BoardEvent::Board(expected)));
    // The query that asked for it is the first numbered command.
    assert_eq!(next(&reports), LinkReport::Event(BoardEvent::Ack(1)));
    assert_eq!(next(&notes), Note::Command(PegRequest { seq: 0, command: HostCommand::Hello { version: 1 } }));
    assert_eq!(next(&notes), Note::Command(PegRequest { seq: 1, command: HostCommand::Query }));
    Bench { sim, notes, link, reports }
}

#[test]
fn the_handshake_is_followed_by_the_whole_board() {
    let bench = connected(SimOptions::default());
    assert_eq!(bench.sim.snapshot(), snapshot_of(&Board::new()));
}

#[test]
fn a_board_sensing_occupancy_only_sends_question_marks() {
    let (notes_to, _notes) = mpsc::channel();
    let sim = Simulator::start(SimOptions { occupancy: true, ..SimOptions::default() }, notes_to).unwrap();
    let (sender, reports) = mpsc::channel();
    let _link = Link::with_options(sim.path().to_str().unwrap(), quick(), sender, |report| report);
    assert!(matches!(next(&reports), LinkReport::Connected { .. }));
    let LinkReport::Event(BoardEvent::Board(snapshot)) = next(&reports) else { panic!("no snapshot") };
    assert_eq!(codec::snapshot_chars(&snapshot), format!("{}{}{}", "?".repeat(16), ".".repeat(32), "?".repeat(16)));
}

#[test]
fn lifts_and_placements_reach_anna_as_events() {
    let bench = connected(SimOptions::default());
    // FIDE D.2.2: lifting a piece is touching it; each hole reports on its own.
    bench.sim.type_line("lift e2").unwrap();
    bench.sim.type_line("+e4").unwrap();
    bench.sim.type_line("move g8f6").unwrap();
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Lifted(Square::E2)));
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Placed(Square::E4)));
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Lifted(Square::G8)));
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Placed(Square::F6)));
    let board = bench.sim.board();
    assert_eq!(board.piece_at(Square::E4), Some(Piece { color: Color::White, role: Role::Pawn }));
    assert_eq!(board.piece_at(Square::F6), Some(Piece { color: Color::Black, role: Role::Knight }));
    assert_eq!(board.piece_at(Square::E2), None);
}

#[test]
fn a_capture_lifts_the_captured_piece_first_and_a_knocked_piece_leaves_its_hole() {
    let bench = connected(SimOptions::with_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap());
    bench.sim.type_line("move e4d5").unwrap();
    bench.sim.type_line("knock e8").unwrap();
    let events: Vec<LinkReport> = (0..4).map(|_| next(&bench.reports)).collect();
    assert_eq!(
        events,
        [Square::D5, Square::E4]
            .map(|sq| LinkReport::Event(BoardEvent::Lifted(sq)))
            .into_iter()
            .chain([
                LinkReport::Event(BoardEvent::Placed(Square::D5)),
                LinkReport::Event(BoardEvent::Lifted(Square::E8)),
            ])
            .collect::<Vec<_>>()
    );
    assert_eq!(bench.sim.board().piece_at(Square::E8), None);
    assert_eq!(bench.sim.type_line("lift e8").unwrap_err().to_string(), "there is no piece on e8");
    bench.sim.type_line("place e8 k").unwrap();
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Placed(Square::E8)));
}

#[test]
fn a_shown_move_is_acknowledged() {
    let bench = connected(SimOptions::default());
    let show = HostCommand::ShowMove { from: Square::E7, to: Square::E5, captured: None, rook: None };
    let seq = bench.link.send(show.clone());
    assert_eq!(seq, 2);
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Ack(seq)));
    let note = next(&bench.notes);
    assert_eq!(note, Note::Command(PegRequest { seq, command: show }));
    assert_eq!(note.to_string(), "show move e7 to e5");
    let seq = bench.link.send(HostCommand::Invalid(Square::D4));
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Ack(seq)));
    assert_eq!(next(&bench.notes).to_string(), "invalid square d4");
    // Shown, not played: the player does it.
    assert_eq!(bench.sim.snapshot(), snapshot_of(&Board::new()));
}

#[test]
fn an_automatic_board_carries_out_castling_en_passant_and_promotion() {
    let fen = "r3k3/1P6/8/8/3pP3/8/8/4K2R b Kq e3 0 1";
    let bench = connected(SimOptions { auto: true, ..SimOptions::with_fen(fen).unwrap() });
    let events = |n: usize| -> Vec<LinkReport> { (0..n).map(|_| next(&bench.reports)).collect() };
    let lifted = |sq| LinkReport::Event(BoardEvent::Lifted(sq));
    let placed = |sq| LinkReport::Event(BoardEvent::Placed(sq));

    // En passant (FIDE 3.7.3.1): the pawn on e4 is taken off first.
    let seq = bench.link.send(HostCommand::ShowMove {
        from: Square::D4,
        to: Square::E3,
        captured: Some(Square::E4),
        rook: None,
    });
    let ack = LinkReport::Event(BoardEvent::Ack(seq));
    assert_eq!(events(4), [ack, lifted(Square::E4), lifted(Square::D4), placed(Square::E3)]);

    // Castling (FIDE 3.8.2.1): the king, then the rook.
    let rook = Some((Square::H1, Square::F1));
    let seq = bench.link.send(HostCommand::ShowMove { from: Square::E1, to: Square::G1, captured: None, rook });
    let ack = LinkReport::Event(BoardEvent::Ack(seq));
    assert_eq!(events(5), [ack, lifted(Square::E1), placed(Square::G1), lifted(Square::H1), placed(Square::F1)]);

    // A capturing promotion (FIDE 3.7.5): the rook is taken off, the pawn becomes a queen.
    let seq = bench.link.send(HostCommand::ShowMove {
        from: Square::B7,
        to: Square::A8,
        captured: Some(Square::A8),
        rook: None,
    });
    let ack = LinkReport::Event(BoardEvent::Ack(seq));
    assert_eq!(events(4), [ack, lifted(Square::A8), lifted(Square::B7), placed(Square::A8)]);

    let board = bench.sim.board();
    assert_eq!(board.to_string(), "Q3k3/8/8/8/8/4p3/8/5RK1");
}

#[test]
fn garbage_is_rejected_and_the_next_good_line_gets_through() {
    let bench = connected(SimOptions::default());
    bench.sim.type_line("garbage").unwrap();
    bench.sim.send_raw(b"-e2*7B\n");
    bench.sim.send_raw(&[b'#'; 500]);
    bench.sim.send_raw(b"\n");
    bench.sim.type_line("lift e2").unwrap();
    assert_eq!(next(&bench.reports), LinkReport::Rejected(WireError::garbled(LineError::NotAscii)));
    assert_eq!(
        next(&bench.reports),
        LinkReport::Rejected(WireError::garbled(LineError::BadChecksum { expected: 0x7a, found: 0x7b }))
    );
    assert_eq!(next(&bench.reports), LinkReport::Rejected(WireError::garbled(LineError::TooLong)));
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Lifted(Square::E2)));
}

#[test]
fn an_unplugged_board_is_found_again_and_read_whole() {
    let bench = connected(SimOptions::default());
    bench.sim.unplug().unwrap();
    assert!(matches!(next(&bench.reports), LinkReport::Disconnected(LinkError::Lost(_))));
    // Moved while unplugged: nobody hears it, the snapshot after the reconnection shows it.
    bench.sim.type_line("move e2e4").unwrap();
    assert_eq!(bench.link.send(HostCommand::Clear), 2);
    bench.sim.plug().unwrap();
    assert_eq!(
        next(&bench.reports),
        LinkReport::Connected { name: "Anna board simulator".into(), version: 1, protocol: Protocol::ANNA }
    );
    let mut moved = Board::new();
    let pawn = moved.remove_piece_at(Square::E2).unwrap();
    moved.set_piece_at(Square::E4, pawn);
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Board(snapshot_of(&moved))));
    // The Clear sent while unplugged was dropped, not sent late; the new query took number 3.
    assert_eq!(next(&bench.reports), LinkReport::Event(BoardEvent::Ack(3)));
    assert_eq!(bench.reports.recv_timeout(Duration::from_millis(300)), Err(RecvTimeoutError::Timeout));
}

#[test]
fn a_missing_port_is_reported_once_while_the_link_keeps_trying() {
    let (sender, reports) = mpsc::channel();
    let path = std::env::temp_dir().join(format!("anna-no-board-{}", std::process::id()));
    let link = Link::with_options(path.to_str().unwrap(), quick(), sender, |report| report);
    assert!(matches!(next(&reports), LinkReport::Disconnected(LinkError::Open(_))));
    // Several attempts fail in this time; none is reported again.
    assert_eq!(reports.recv_timeout(Duration::from_millis(500)), Err(RecvTimeoutError::Timeout));
    drop(link);
}

/// A board written by hand in the test: the other end of a pseudo-terminal.
struct HandBoard {
    master: TTYPort,
    _end: TTYPort,
    path: String,
    decoder: RequestDecoder,
}

impl HandBoard {
    fn new() -> HandBoard {
        let (mut master, end) = TTYPort::pair().expect("a pseudo-terminal");
        master.set_timeout(WAIT).unwrap();
        let path = end.name().unwrap();
        HandBoard { master, _end: end, path, decoder: RequestDecoder::new() }
    }

    /// The next request Anna sends.
    fn read(&mut self) -> PegRequest {
        let mut byte = [0u8; 1];
        loop {
            assert_eq!(self.master.read(&mut byte).expect("a line from Anna within 10 seconds"), 1);
            if let Some(line) = self.decoder.feed(&byte).pop() {
                return line.expect("a good line");
            }
        }
    }

    fn send(&mut self, event: &BoardEvent) {
        self.master.write_all(&codec::encode_event(event)).unwrap();
    }
}

#[test]
fn a_board_that_does_not_answer_is_silent() {
    let board = HandBoard::new();
    let (sender, reports) = mpsc::channel();
    let _link = Link::with_options(&board.path, quick(), sender, |report| report);
    assert_eq!(next(&reports), LinkReport::Disconnected(LinkError::Silent));
}

#[test]
fn a_board_of_another_version_is_not_used() {
    let mut board = HandBoard::new();
    let (sender, reports) = mpsc::channel();
    let _link = Link::with_options(&board.path, quick(), sender, |report| report);
    assert_eq!(board.read().command, HostCommand::Hello { version: 1 });
    board.send(&BoardEvent::Hello { version: 2, name: "Future board".into() });
    assert_eq!(next(&reports), LinkReport::Disconnected(LinkError::Version { board: 2, ours: 1 }));
}

#[test]
fn a_command_lost_on_the_way_is_sent_again() {
    let mut board = HandBoard::new();
    let (sender, reports) = mpsc::channel();
    let link = Link::with_options(&board.path, quick(), sender, |report| report);
    assert_eq!(board.read().command, HostCommand::Hello { version: 1 });
    board.send(&BoardEvent::Hello { version: 1, name: String::new() });
    assert_eq!(next(&reports), LinkReport::Connected { name: String::new(), version: 1, protocol: Protocol::ANNA });
    let query = board.read();
    assert_eq!(query, PegRequest { seq: 1, command: HostCommand::Query });
    board.send(&BoardEvent::Board(snapshot_of(&Board::new())));
    board.send(&BoardEvent::Ack(1));
    assert!(matches!(next(&reports), LinkReport::Event(BoardEvent::Board(_))));
    assert_eq!(next(&reports), LinkReport::Event(BoardEvent::Ack(1)));

    let seq = link.send(HostCommand::Clear);
    // The board "loses" the first copy: it does not acknowledge it, and Anna sends it again.
    assert_eq!(board.read(), PegRequest { seq, command: HostCommand::Clear });
    assert_eq!(board.read(), PegRequest { seq, command: HostCommand::Clear });
    board.send(&BoardEvent::Ack(seq));
    assert_eq!(next(&reports), LinkReport::Event(BoardEvent::Ack(seq)));
}

#[test]
fn anna_board_sim_prints_its_path_and_takes_typed_lines() {
    let mut sim = support::anna(&support::shared_data());
    sim.args(["board-sim", "--fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]);
    let mut sim = Running::start(sim);
    let lines = &sim.lines;
    let first = next(lines);
    let path = first.strip_prefix("Virtual peg board at ").expect("the path first").to_string();
    assert_eq!(next(lines), format!("Play on it with: anna --board {path}"));
    assert_eq!(next(lines), "Type help for the commands.");

    let (sender, reports) = mpsc::channel();
    let link = Link::with_options(&path, quick(), sender, |report| report);
    assert!(matches!(next(&reports), LinkReport::Connected { .. }));
    assert!(matches!(next(&reports), LinkReport::Event(BoardEvent::Board(_))));
    assert_eq!(next(lines), "Anna says hello, protocol 1");
    assert_eq!(next(lines), "board sent");
    sim.type_line("lift e2");
    sim.type_line("lift e3");
    let seq = link.send(HostCommand::ShowMove {
        from: Square::E1,
        to: Square::G1,
        captured: None,
        rook: Some((Square::H1, Square::F1)),
    });
    let mut heard = Vec::new();
    while heard.len() < 2 {
        match next(&reports) {
            LinkReport::Event(BoardEvent::Ack(1)) => {}
            report => heard.push(report),
        }
    }
    heard.sort_by_key(|report| format!("{report:?}"));
    assert_eq!(heard, [LinkReport::Event(BoardEvent::Ack(seq)), LinkReport::Event(BoardEvent::Lifted(Square::E2))]);
    let mut printed = vec![next(&sim.lines), next(&sim.lines)];
    printed.sort();
    assert_eq!(printed, ["show move e1 to g1, rook h1 to f1", "there is no piece on e3"]);
    sim.type_line("quit");
    assert!(sim.child.wait().unwrap().success());
    assert!(!std::path::Path::new(&path).exists(), "the link is removed at the end");
}

#[test]
fn anna_boards_lists_ports_or_says_there_is_none() {
    let out = support::anna(&support::shared_data()).arg("boards").output().expect("anna runs");
    let text = String::from_utf8(out.stdout).unwrap();
    // With no board on any port the exit code is 1 either way; the lines say why.
    if text.starts_with("No serial port found") {
        assert_eq!(text, "No serial port found: is the board plugged in? (anna board-sim makes a virtual one.)\n");
        assert_eq!(out.status.code(), Some(1));
    } else {
        assert!(text.lines().all(|line| line.starts_with('/') && line.contains('\t')), "{text}");
        assert_eq!(
            out.status.success(),
            text.lines().any(|line| line.contains(": ") && !line.contains("cannot be opened"))
        );
    }
}
