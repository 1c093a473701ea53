//! The peg-board mirror: one physical move (lift, place) read into a move, and the game's move shown
//! and carried out, in a middlegame position with castling and captures about. Target: well under a
//! millisecond per board event, so the board never waits for Anna.

use std::hint::black_box;

use anna_board::mirror::{Mirror, MirrorOut};
use anna_board::BoardEvent;
use anna_core::command::Command;
use anna_core::rules::Game;
use criterion::{criterion_group, criterion_main, Criterion};
use shakmaty::{Color, Square};

const FEN: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";

fn bench(c: &mut Criterion) {
    let game = Game::from_fen(FEN).unwrap();
    c.bench_function("mirror: lift and place read as castling", |b| {
        b.iter(|| {
            let mut mirror = Mirror::new(&game, None);
            let mut proposed = 0;
            for event in [
                BoardEvent::Lifted(Square::E1),
                BoardEvent::Placed(Square::G1),
                BoardEvent::Lifted(Square::H1),
                BoardEvent::Placed(Square::F1),
            ] {
                let outs = mirror.board(black_box(&event), &game);
                proposed += outs.iter().filter(|o| matches!(o, MirrorOut::Act(_, Command::Move(_)))).count();
            }
            assert_eq!(proposed, 1);
        });
    });
    let mut after = game.clone();
    after.play(after.resolve("O-O").unwrap()).unwrap();
    c.bench_function("mirror: the opponent's move shown and carried out", |b| {
        b.iter(|| {
            let mut mirror = Mirror::new(&game, Some(Color::White));
            let mut game = game.clone();
            game.play(game.resolve("O-O").unwrap()).unwrap();
            let mut outs = mirror.sync(&game);
            for event in [
                BoardEvent::Lifted(Square::E1),
                BoardEvent::Placed(Square::G1),
                BoardEvent::Lifted(Square::H1),
                BoardEvent::Placed(Square::F1),
            ] {
                outs.extend(mirror.board(black_box(&event), &game));
            }
            assert!(mirror.shows(game.position()));
            outs
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
