//! A 200-move game (400 plies, every move with a `[%clk]`) read from PGN, replayed into a session
//! with each clock press timed to its reading (what `anna --pgn FILE` does before the game goes
//! on), and written again. Reading and writing take well under a millisecond; the replay plays
//! every move through the session, whose rules (the dead-position check after each move among
//! them) cost most of its time: about 130 ms on the shared development machine, once, at start.

use std::hint::black_box;
use std::time::Duration;

use anna_app::save;
use anna_core::clock::TimeControl;
use anna_core::command::{Command, Input};
use anna_core::pgn;
use anna_core::rules::MoveSpec;
use anna_core::scoresheet::Tags;
use anna_core::session::{Config, Session};
use anna_language::Vocabulary;
use criterion::{criterion_group, criterion_main, Criterion};
use shakmaty::{Move, Position};

/// A long game: knights and kings shuffle so no rule ends it, the clocks run on every move.
fn long_game() -> String {
    let mut session = Session::new(Config::default());
    let tc = TimeControl::parse("40/5400+30:1800+30").unwrap();
    session.handle(Input::act(Command::TimeControl(tc)), Duration::ZERO);
    let mut now = Duration::ZERO;
    let mut seed = 7u64;
    while session.game().plies().len() < 400 && session.outcome().is_none() {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let legal = session.game().position().legal_moves();
        let mv: Move = legal[(seed >> 33) as usize % legal.len()];
        let side = session.game().turn();
        now += Duration::from_millis(1000 + (seed >> 40) % 9000);
        let spec = MoveSpec::squares(mv.from().unwrap_or(mv.to()), mv.to(), mv.promotion());
        session.handle(Input::by(side, Command::Move(spec)), now);
        session.handle(Input::by(side, Command::Press), now);
    }
    save::pgn(&session, &Vocabulary::english(), &Tags::default())
}

fn bench(c: &mut Criterion) {
    let text = long_game();
    let plies = pgn::read(text.as_bytes())[0].moves.len();
    eprintln!("the game has {plies} plies");
    c.bench_function("pgn_read", |b| b.iter(|| pgn::read(black_box(text.as_bytes()))));
    let game = pgn::read(text.as_bytes()).remove(0);
    c.bench_function("pgn_replay", |b| b.iter(|| game.replay(black_box(Config::default()))));
    let (session, _) = game.replay(Config::default());
    let english = Vocabulary::english();
    c.bench_function("pgn_write", |b| b.iter(|| save::pgn(black_box(&session), &english, &Tags::default())));
}

criterion_group!(benches, bench);
criterion_main!(benches);
