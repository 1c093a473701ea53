//! Time the built-in opponent takes for one move in a middlegame, at levels 1, 4 and 8. A level-8
//! move must stay well under a second on one core (README "Playing the computer").

use criterion::{criterion_group, criterion_main, Criterion};

use anna_core::opponent::{Level, Opponent};
use anna_core::rules::Game;

/// A Queen's Gambit Declined middlegame with all pieces on the board.
const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";

fn bench(c: &mut Criterion) {
    let game = Game::from_fen(MIDDLEGAME).unwrap();
    let mut group = c.benchmark_group("opponent move");
    group.sample_size(10);
    for n in [1, 4, 8] {
        let level = Level::new(n).unwrap();
        group.bench_function(format!("level {n}"), |b| {
            b.iter(|| Opponent::new(level, 1).choose(&game).unwrap());
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
