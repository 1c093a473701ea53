//! How long hearing one utterance takes (target: a median under 20 µs).

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use anna::language::parse::hear;
use anna::language::Vocabulary;

fn utterances(c: &mut Criterion) {
    let de = Vocabulary::german();
    let en = Vocabulary::english();
    let _ = hear("e4", &de);
    let cases = [
        ("typed", "Ng1-f3", &de),
        ("annex_d", "Springer Gustav eins Felix drei", &de),
        ("correction", "Springer Felix drei, nein, Springer David zwei", &de),
        ("english", "pawn e7 e8 promotes to queen", &en),
        ("command", "offer a draw", &en),
        ("near_miss", "Springa Felix drei", &de),
    ];
    for (name, text, vocab) in cases {
        c.bench_function(&format!("hear_{name}"), |b| b.iter(|| hear(black_box(text), vocab).is_ok()));
    }
}

criterion_group!(benches, utterances);
criterion_main!(benches);
