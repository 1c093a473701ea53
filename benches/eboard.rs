//! A sensor board's message in, the move announced out: the bytes of a DGT field update (and a
//! Millennium status) read by Anna's wire, handed to the application, and, once the debounce window
//! has passed, the move read from the still position and said in words. Target (issue "Real
//! tournament e-boards"): at most 20 ms from the message to the words after the window; the window
//! itself (300 ms by default) is the player's choice, not work.

use std::hint::black_box;
use std::time::Duration;

use anna::board_link::serial::LinkReport;
use anna_app::{App, Event, Joining, Options, Out};
use anna_board::millennium::{self, Reply};
use anna_board::protocol::Protocol;
use anna_board::{a8_index, dgt, BoardRole, Cell, Snapshot};
use anna_core::command::Command;
use anna_core::session::Config;
use anna_language::Voice;
use criterion::{criterion_group, criterion_main, Criterion};
use shakmaty::{Color, Piece, Position, Role, Square};

/// A middlegame with captures and castling about; Black (the opponent, on his e-board) to move.
const FEN: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1 b kq - 2 5";

/// An app with the opponent's sensor board linked and connected, at the FEN.
fn app() -> App {
    let setup = vec![Command::Fen(FEN.to_string())];
    let mut app = App::new(
        Config { player: Some(Color::White), ..Config::default() },
        setup,
        Voice::english(),
        Options::default(),
    );
    let _ = app.start();
    let _ = app.handle(Event::BoardJoined(Joining::Opponent), Duration::ZERO);
    let connected = LinkReport::Connected { name: "bench".to_string(), version: 1, protocol: Protocol::DGT };
    let _ = app.handle(Event::Board(BoardRole::Opponent, connected), Duration::ZERO);
    app
}

/// Feeds `bytes` through `protocol`'s wire into `app` at 1 s, then wakes it at the deadline; the
/// words said.
fn read_move(app: &mut App, protocol: Protocol, bytes: &[&[u8]]) -> Vec<String> {
    let mut wire = protocol.wire();
    for chunk in bytes {
        for event in wire.feed(chunk).into_iter().flatten() {
            let _ = app.handle(Event::Board(BoardRole::Opponent, LinkReport::Event(event)), Duration::from_secs(1));
        }
    }
    let at = app.next_deadline().expect("the debounce deadline");
    Out::said(&app.handle(Event::Tick, at))
}

fn bench(c: &mut Criterion) {
    let start = anna_core::rules::Game::from_fen(FEN).unwrap();
    let fields = Snapshot::of_board(start.position().board()).a8_first();
    let field = |square: Square| a8_index(square) as u8;
    let dump = dgt::encode(&dgt::Message::Board(fields));
    let knight = Cell::Piece(Piece { color: Color::Black, role: Role::Knight });
    // Nxe4: the knight lifted from f6, the pawn taken off e4, the knight put on e4.
    let lifted = dgt::encode(&dgt::Message::Field { field: field(Square::F6), cell: Cell::Empty });
    let taken = dgt::encode(&dgt::Message::Field { field: field(Square::E4), cell: Cell::Empty });
    let placed = dgt::encode(&dgt::Message::Field { field: field(Square::E4), cell: knight });
    c.bench_function("eboard: DGT field updates in, Nxe4 said after the window", |b| {
        b.iter_batched(
            app,
            |mut app| {
                let said = read_move(&mut app, Protocol::DGT, &[&dump, &lifted, &taken, black_box(&placed)]);
                assert!(said.iter().any(|s| s == "Black: Knight takes Eva vier."), "{said:?}");
            },
            criterion::BatchSize::SmallInput,
        );
    });
    let mut after = fields;
    after[a8_index(Square::F6)] = Cell::Empty;
    after[a8_index(Square::E4)] = knight;
    let status = millennium::encode_reply(&Reply::Status(after));
    c.bench_function("eboard: a Millennium status in, Nxe4 said after the window", |b| {
        b.iter_batched(
            app,
            |mut app| {
                let said = read_move(&mut app, Protocol::MILLENNIUM, &[black_box(&status)]);
                assert!(said.iter().any(|s| s == "Black: Knight takes Eva vier."), "{said:?}");
            },
            criterion::BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
