//! How long adjudication takes: `can_mate` over the conformance table (FIDE 6.9, 7.5.5, A.4.3),
//! and `dead_position` (FIDE 5.2.2) on the positions it meets after every move.

use anna_core::adjudicate::{can_mate, dead_position};
use anna_core::fen::parse_fen;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use shakmaty::{Chess, Color};

const TABLE: &str = include_str!("../tests/unwinnable.tsv");
const MIDDLEGAME: &str = "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/P1N1BP2/1PPQ2PP/2KR1B1R w - - 0 12";

fn table() -> Vec<(Chess, Color)> {
    TABLE
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let position = parse_fen(fields.next()?).ok()?;
            let side = match fields.next()? {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return None,
            };
            Some((position, side))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let rows = table();
    let mut group = c.benchmark_group("can_mate");
    group.throughput(Throughput::Elements(rows.len() as u64));
    group.sample_size(10);
    group.bench_function("conformance_table", |b| {
        b.iter(|| {
            for (position, side) in &rows {
                black_box(can_mate(black_box(position), *side));
            }
        });
    });
    group.finish();

    let start = Chess::default();
    let middlegame = parse_fen(MIDDLEGAME).expect("middlegame FEN");
    let mut group = c.benchmark_group("dead_position");
    group.bench_function("start", |b| b.iter(|| dead_position(black_box(&start))));
    group.bench_function("middlegame", |b| b.iter(|| dead_position(black_box(&middlegame))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
