//! `anna ask` from the start of the process to its answer, as a screen reader's command line or a
//! script runs it: the grammar read, the position set up, the question understood and answered.
//! Target (issue 61): under 20 ms.

use std::process::Command;

use criterion::{criterion_group, criterion_main, Criterion};

fn ask(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_anna")).arg("ask").args(args).output().expect("anna runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

fn questions(c: &mut Criterion) {
    let moves = "e2e4 e7e5 g1f3 b8c6 f1c4";
    let mut group = c.benchmark_group("ask");
    group.sample_size(30);
    group.bench_function("threats_en", |b| b.iter(|| ask(&["--moves", moves, "threats"])));
    group.bench_function("rays_sk", |b| b.iter(|| ask(&["--lang", "sk", "--moves", moves, "lúče", "e4"])));
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    group.bench_function("hanging_fen_de", |b| b.iter(|| ask(&["--lang", "de", "--fen", fen, "was", "hängt"])));
    group.finish();
}

criterion_group!(benches, questions);
criterion_main!(benches);
