//! The journal: appending a move and its press with `sync_data` (on the disk of the build folder, not
//! a RAM disk), and resuming a 200-move game (400 plies, each with a press and two clock
//! checkpoints): reading the file, checking every frame, and replaying it into a session.
//! Target: resuming under 50 ms.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use anna::adapters::journal::{self, Record, Writer};
use anna_app::{App, Options, Unfinished};
use anna_core::clock::TimeControl;
use anna_core::command::{Command, Input};
use anna_core::rules::MoveSpec;
use anna_core::session::{Config, Session};
use anna_language::Voice;
use criterion::{criterion_group, criterion_main, Criterion};
use shakmaty::{Chess, Position};

fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("bench-journal-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn input(ms: u64, command: Command) -> Record {
    Record::Input { at: Duration::from_millis(ms), input: Input::act(command) }
}

/// A long game that does not end: seeded random moves that avoid mate, stalemate, too little
/// material, threefold repetition and the 50-move count, and capture only when the count runs high.
fn long_game(plies: usize) -> Vec<MoveSpec> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut position = Chess::default();
    let mut seen = std::collections::HashMap::new();
    let mut moves = Vec::new();
    while moves.len() < plies {
        let legal = position.legal_moves();
        let start = random(legal.len());
        let valid: Vec<_> = (0..legal.len())
            .map(|i| legal[(start + i) % legal.len()])
            .filter(|mv| {
                let mut next = position.clone();
                next.play_unchecked(*mv);
                !next.is_game_over() && next.halfmoves() < 90 && seen.get(&next).copied().unwrap_or(0) < 2
            })
            .collect();
        let resets = |mv: &&shakmaty::Move| mv.is_capture() || mv.role() == shakmaty::Role::Pawn;
        let quiet = |mv: &&shakmaty::Move| !mv.is_capture();
        let choice = if position.halfmoves() >= 60 { valid.iter().find(resets) } else { valid.iter().find(quiet) };
        let Some(&mv) = choice.or(valid.first()) else { panic!("the generator is stuck after {} plies", moves.len()) };
        let (from, to) = (mv.from().unwrap(), mv.to());
        moves.push(MoveSpec::squares(from, to, mv.promotion()));
        position.play_unchecked(mv);
        *seen.entry(position.clone()).or_insert(0) += 1;
    }
    moves
}

/// The records of a 200-move game under 90 minutes + 30 s: a move a second, its press, two
/// checkpoints.
fn records() -> Vec<Record> {
    let mut records = vec![
        Record::Voice { lang: "en".into(), squares: Default::default(), form: Default::default() },
        input(0, Command::TimeControl(TimeControl::parse("5400+30").unwrap())),
    ];
    for (i, spec) in long_game(400).into_iter().enumerate() {
        let t = 1000 * i as u64;
        records.push(input(t + 100, Command::Move(spec)));
        records.push(input(t + 200, Command::Press));
        records.push(Record::Input { at: Duration::from_millis(t + 500), input: Input::Tick });
        records.push(Record::Input { at: Duration::from_millis(t + 999), input: Input::Tick });
    }
    records
}

fn append(c: &mut Criterion) {
    let dir = folder("append");
    let mut writer = Writer::create(&dir).unwrap();
    let spec = MoveSpec::squares(shakmaty::Square::G1, shakmaty::Square::F3, None);
    let mut ms = 0;
    c.bench_function("journal append move + press, sync_data", |b| {
        b.iter(|| {
            ms += 1;
            writer.write(&input(ms, Command::Move(spec.clone()))).unwrap();
            writer.write(&input(ms, Command::Press)).unwrap();
            writer.sync().unwrap();
        });
    });
    let _ = std::fs::remove_dir_all(&dir);
}

fn resume(c: &mut Criterion) {
    let dir = folder("resume");
    let mut writer = Writer::create(&dir).unwrap();
    for record in records() {
        writer.write(&record).unwrap();
    }
    writer.sync().unwrap();
    let path = writer.path().to_path_buf();
    // The game really is 400 plies long and goes on.
    let journal = journal::parse(&std::fs::read(&path).unwrap()).unwrap();
    let mut session = Session::new(Config::default());
    for record in &journal.records {
        if let Record::Input { at, input } = record {
            session.handle(input.clone(), *at);
        }
    }
    assert_eq!(session.game().plies().len(), 400);
    assert!(session.outcome().is_none());
    println!(
        "journal of a 200-move game: {} bytes, {} records",
        std::fs::metadata(&path).unwrap().len(),
        journal.records.len()
    );

    c.bench_function("resume a 200-move game (read + replay)", |b| {
        b.iter(|| {
            let bytes = std::fs::read(&path).unwrap();
            let journal = journal::parse(&bytes).unwrap();
            let unfinished = Unfinished { path: path.clone(), journal, kept: None, lost: None, ask: false };
            let mut ui = App::new(Config::default(), Vec::new(), Voice::english(), Options::default())
                .with_unfinished(unfinished);
            black_box(ui.start())
        });
    });
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, append, resume);
criterion_main!(benches);
