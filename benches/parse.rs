//! Hearing a move: typed SAN, short and long spoken forms, beside shakmaty's own SAN parser on the
//! same moves in the same run. Target: a median under 20 µs per utterance.

use std::hint::black_box;

use anna_language::commands::command;
use anna_language::parse::hear;
use anna_language::Vocabulary;
use criterion::{criterion_group, criterion_main, Criterion};
use shakmaty::san::San;

const SAN: &[&str] = &["e4", "Nf3", "Nbd2", "exd5", "O-O", "e8=Q", "Qxf7#", "R1a3"];
const SHORT: &[&str] = &[
    "Eva vier",
    "Springer Felix drei",
    "Springer Bella David zwei",
    "Eva schlägt David fünf",
    "Kurze Rochade",
    "Eva acht Dame",
    "Dame schlägt Felix sieben Schachmatt",
    "Turm eins Anna drei",
];
const LONG: &[&str] = &[
    "Bauer Eva zwei Eva vier",
    "Springer Gustav eins Felix drei",
    "Springer Bella eins David zwei",
    "Bauer Eva vier schlägt David fünf",
    "König Eva eins Gustav eins",
    "Bauer Eva sieben Eva acht Dame",
    "Dame David eins schlägt Felix sieben Schachmatt",
    "Turm Anna eins Anna drei",
];

fn parse(c: &mut Criterion) {
    let de = Vocabulary::german();
    let en = Vocabulary::english();
    // The first call builds the word tables; measure the steady state.
    let _ = hear("e4", &de);
    let _ = hear("e4", &en);
    let mut group = c.benchmark_group("hear");
    group.bench_function("shakmaty SAN", |b| {
        b.iter(|| SAN.iter().filter(|s| black_box(s).parse::<San>().is_ok()).count());
    });
    group.bench_function("typed SAN (en)", |b| {
        b.iter(|| SAN.iter().filter(|s| hear(black_box(s), &en).is_ok()).count());
    });
    group.bench_function("spoken short (de)", |b| {
        b.iter(|| SHORT.iter().filter(|s| hear(black_box(s), &de).is_ok()).count());
    });
    group.bench_function("spoken long (de)", |b| {
        b.iter(|| LONG.iter().filter(|s| hear(black_box(s), &de).is_ok()).count());
    });
    group.finish();
}

/// Single utterances of every kind, one at a time.
fn utterances(c: &mut Criterion) {
    let de = Vocabulary::german();
    let en = Vocabulary::english();
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
    // Through the one way in (`commands::command`): the program's own commands by their words
    // first, then the parser.
    let sk = Vocabulary::get("sk").expect("Slovak");
    let lines = [
        ("move", "Springer Gustav eins Felix drei", &de),
        ("request", "was würde der Computer hier spielen?", &de),
        ("request_sk", "ukáž mi moje chyby", &sk),
        ("talk", "das Remis lehne ich ab", &de),
        // Unlisted: the parser fails first, then the request is found among the words.
        ("request_in_a_sentence", "kann ich bitte noch einen Hinweis bekommen", &de),
    ];
    for (name, text, vocab) in lines {
        c.bench_function(&format!("command_{name}"), |b| b.iter(|| command(black_box(text), vocab).is_ok()));
    }
}

criterion_group!(benches, parse, utterances);
criterion_main!(benches);
