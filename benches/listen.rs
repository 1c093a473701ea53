//! Hearing: from the last sample of an utterance to the move read back. The voice detector's wait
//! for the end of speech (`END_QUIET`, 300 ms) comes first and is not work; what follows, the three
//! decoders finishing, the utterance heard twice more by the grammar, without the move heard and
//! with it (how sure it is), the letter `see` checked against the phones heard, and the app
//! reading the move back, must stay well under 300 ms. Also the cost of decoding a whole utterance (2.5 s),
//! words and silence (its share of real time), and of
//! hearing a new position after a move (its grammar and language model built and read), and the end of
//! a new recogniser's first utterance, which is heard again. Needs the
//! `listen` feature, flite and the pocketsphinx-en-us model; without them it measures nothing and
//! says so.

use std::hint::black_box;
use std::process::Command;
use std::time::Duration;

use anna::adapters::listen::{read_wav, Hearing, Recogniser};
use anna_app::{App, Event, Options, Out};
use anna_core::session::Config;
use anna_language::{Vocabulary, Voice};
use criterion::{criterion_group, criterion_main, Criterion};

fn utterance() -> Option<Vec<i16>> {
    let dir = std::env::temp_dir().join(format!("anna-bench-listen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let (clean, padded) = (dir.join("clean.wav"), dir.join("said.wav"));
    let ok = Command::new("flite").args(["-voice", "slt", "-t", "knight see three", "-o"]).arg(&clean).status();
    if !ok.is_ok_and(|s| s.success()) {
        return None;
    }
    let ok = Command::new("sox")
        .arg(&clean)
        .args(["-r", "16000", "-c", "1", "-b", "16"])
        .arg(&padded)
        .args(["pad", "0.4", "0.6"])
        .status();
    let samples = ok.is_ok_and(|s| s.success()).then(|| read_wav(&padded).ok()).flatten();
    let _ = std::fs::remove_dir_all(&dir);
    samples
}

/// A middlegame position with every kind of move: captures, castling both ways, many pieces.
const OPEN: &str = "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1";

fn bench(c: &mut Criterion) {
    let vocab = Vocabulary::english();
    let positions = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", OPEN]
        .map(|fen| anna_core::rules::Game::from_fen(fen).unwrap().position().clone());
    let (Some(samples), Ok(mut recogniser)) = (utterance(), Recogniser::new(&vocab, &positions[0])) else {
        eprintln!("listen: flite, sox or the pocketsphinx-en-us model is missing; nothing measured");
        return;
    };
    // A move made: the grammar and the language model of the new position are built and read by
    // both decoders before the next utterance (two positions in turn, so each is a change).
    let mut turn = 0;
    c.bench_function("listen: the moves of a new position heard (grammar and model rebuilt)", |b| {
        b.iter(|| {
            turn += 1;
            recogniser.set_position(black_box(&positions[turn % 2])).unwrap();
        });
    });
    recogniser.set_position(&positions[0]).unwrap();
    let seconds = samples.len() as f64 / f64::from(anna::adapters::listen::SAMPLE_RATE);
    c.bench_function(&format!("listen: a {seconds:.1}-second utterance decoded whole (three decoders)"), |b| {
        b.iter(|| recogniser.hear(black_box(&samples)).unwrap());
    });
    // A new recogniser's first utterance (as `anna listen` hears a file, or a game its first move),
    // fed (not measured), then ended: heard a second time by its own mean, by the word decoders
    // and, on a thread of its own, the phone decoder, before the rest.
    c.bench_function("listen: last sample in, a new recogniser's first utterance heard", |b| {
        b.iter_batched(
            || {
                let mut fresh = Recogniser::new(&vocab, &positions[0]).unwrap();
                fresh.start().unwrap();
                fresh.feed(&samples).unwrap();
                fresh
            },
            |mut fresh| assert!(!matches!(fresh.finish().unwrap(), Hearing::Nothing)),
            criterion::BatchSize::PerIteration,
        );
    });
    // The utterance fed (not measured), then the end measured: the decoders finishing, the
    // utterance heard twice more, the letter checked and the app reading the move back.
    let recogniser = std::cell::RefCell::new(recogniser);
    c.bench_function("listen: last sample in, the move read back", |b| {
        b.iter_batched(
            || {
                let mut recogniser = recogniser.borrow_mut();
                recogniser.start().unwrap();
                recogniser.feed(&samples).unwrap();
                let mut app = App::new(Config::default(), Vec::new(), Voice::english(), Options::default());
                let _ = app.start();
                app
            },
            |mut app| {
                let hearing = recogniser.borrow_mut().finish().unwrap();
                assert!(matches!(hearing, Hearing::Spelled(_)));
                let said = Out::said(&app.handle(Event::Heard(Ok(hearing)), Duration::ZERO));
                assert!(!said.is_empty());
            },
            criterion::BatchSize::PerIteration,
        );
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
