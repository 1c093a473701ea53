//! The utterance table: every row of `tests/utterances.tsv` is typed in a game in its language and
//! position, through the application (the one way in of every line), and compared with what it
//! should mean. All mismatches are printed, with their line numbers.
//!
//! Columns: `lang`, `fen` (or `start`), `utterance`, `expected`. Expected is a move in UCI,
//! `command NAME [UCI]`, a question about the board (`command square e4`, `command where white
//! knight`, `command rank 4`, `command moves 12`), `answer yes|no`, `ambiguous UCI,UCI...`, `ask UCI,...`
//! (no pawn can make the move said without a piece; the moves another piece can make, asked about), `illegal`, `incomplete` (a move
//! without a target square), `unclear` (not understood, no suggestion), `suggest WORD` (a near
//! miss), or `spec FIELDS` for the parts of a move that answer a question (`spec file=b rank=1`,
//! `spec pieces=Q`, `spec promo=Q`, `spec pieces=NB to=f3`).

use std::fs;
use std::path::Path;

use anna_app::{App, Options};
use anna_core::command::Command;
use anna_core::command::Name;
use anna_core::explore::{Filter, Query};
use anna_core::rules::{Game, MoveError, MoveSpec};
use anna_core::session::Config;
use anna_language::parse::hear;
use anna_language::Vocabulary;
use anna_language::{MoveForm, SquareStyle, Voice};
use shakmaty::{CastlingSide, Color};

/// A move spec's fields, in the table's `spec` form.
fn describe(spec: &MoveSpec) -> String {
    let mut out = vec!["spec".to_string()];
    if !spec.pieces.is_empty() {
        out.push(format!("pieces={}", spec.pieces.iter().map(|r| r.upper_char()).collect::<String>()));
    }
    if let Some(f) = spec.from_file {
        out.push(format!("file={}", f.char()));
    }
    if let Some(r) = spec.from_rank {
        out.push(format!("rank={}", r.char()));
    }
    if let Some(to) = spec.to {
        out.push(format!("to={to}"));
    }
    if spec.capture {
        out.push("capture".into());
    }
    if let Some(p) = spec.promotion {
        out.push(format!("promo={}", p.upper_char()));
    }
    if let Some(side) = spec.castle {
        out.push(if side == CastlingSide::KingSide { "castle=short" } else { "castle=long" }.into());
    }
    out.join(" ")
}

/// A question about the board in the table's form: `square e4`, `where white knight`, `rank 4`.
fn query_text(query: Query) -> String {
    let filter = |f: Filter| {
        let side = f.side.map(|c| if c == Color::White { " white" } else { " black" }).unwrap_or_default();
        let role = f.role.map(|r| format!(" {r:?}").to_lowercase()).unwrap_or_default();
        format!("{side}{role}")
    };
    match query {
        Query::Board => "board".into(),
        Query::Pieces(f) => format!("pieces{}", filter(f)),
        Query::Where(f) => format!("where{}", filter(f)),
        Query::Rank(r) => format!("rank {}", r.char()),
        Query::File(f) => format!("file {}", f.char()),
        // The rest by name, with their square when they take one.
        other => match other.square() {
            Some(square) => format!("{} {square}", other.name()),
            None => other.name().into(),
        },
    }
}

fn resolve(game: &Game, spec: &MoveSpec) -> String {
    match game.resolve_spec(spec) {
        Ok(mv) => game.uci(mv).to_string(),
        Err(MoveError::Ambiguous(moves)) => {
            let mut list: Vec<String> = moves.iter().map(|m| game.uci(*m).to_string()).collect();
            list.sort();
            format!("ambiguous {}", list.join(","))
        }
        // No pawn can, another piece can: asked about, never played (lichess's `g5`, `g one`).
        Err(MoveError::Illegal(_)) if !game.guesses(spec).is_empty() => {
            let mut list: Vec<String> = game.guesses(spec).iter().map(|m| game.uci(*m).to_string()).collect();
            list.sort();
            format!("ask {}", list.join(","))
        }
        Err(MoveError::Illegal(_)) => "illegal".into(),
        Err(MoveError::NotUnderstood) => "incomplete".into(),
    }
}

/// What `text` means typed in a game at `fen` in `lang`: through the application, as a line the
/// player types takes it (`App::understand`, the one way in, which `anna parse` shows too).
fn meaning(vocabs: &[Vocabulary], lang: &str, fen: &str, text: &str, want_spec: bool) -> String {
    let Some(vocab) = vocabs.iter().find(|v| v.code() == lang) else { return format!("no language {lang}") };
    let game = if fen == "start" {
        Game::new()
    } else {
        match Game::from_fen(fen) {
            Ok(game) => game,
            Err(e) => return format!("bad fen: {e}"),
        }
    };
    let setup = if fen == "start" { Vec::new() } else { vec![Command::Fen(fen.to_string())] };
    let voice = Voice::new(vocab.clone(), SquareStyle::default(), MoveForm::default());
    let mut app = App::new(Config::default(), setup, voice, Options::default());
    app.start();
    match app.understand(text) {
        Ok(Command::Answer(yes)) => format!("answer {}", if yes { "yes" } else { "no" }),
        Ok(Command::Claim(Some(spec))) => format!("command claim {}", resolve(&game, &spec)),
        Ok(Command::Explore(query)) => format!("command {}", query_text(query)),
        Ok(Command::MovesFrom(n)) => format!("command moves {n}"),
        Ok(Command::TimeOf(side)) => format!("command time {}", if side == Color::White { "white" } else { "black" }),
        Ok(Command::Move(spec)) if want_spec => describe(&spec),
        Ok(Command::Move(spec)) => resolve(&game, &spec),
        // Not understood: the near miss the player is asked about, if any.
        Ok(Command::Unclear { .. }) | Err(_) => match hear(text, vocab).err().and_then(|e| e.suggestion) {
            Some(s) => format!("suggest {}", s.word),
            None => "unclear".into(),
        },
        Ok(c) => format!("command {}", Name::of(&c).map_or("?", Name::key)),
    }
}

fn normalize_expected(expected: &str) -> String {
    match expected.strip_prefix("ambiguous ") {
        Some(list) => {
            let mut moves: Vec<&str> = list.split(',').map(str::trim).collect();
            moves.sort();
            format!("ambiguous {}", moves.join(","))
        }
        None => expected.trim().to_string(),
    }
}

#[test]
fn every_utterance_means_what_the_table_says() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/utterances.tsv");
    let text = fs::read_to_string(&path).expect("tests/utterances.tsv exists");
    let vocabs: Vec<Vocabulary> = Vocabulary::codes().filter_map(Vocabulary::get).collect();
    let mut rows = 0;
    let mut failures = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let [lang, fen, utterance, expected] = cols[..] else {
            failures.push(format!("line {}: needs four columns separated by tabs", index + 1));
            continue;
        };
        rows += 1;
        let expected = normalize_expected(expected);
        let actual = meaning(&vocabs, lang, fen, utterance, expected.starts_with("spec"));
        if actual != expected {
            failures.push(format!("line {}: [{lang}] '{utterance}': expected '{expected}', got '{actual}'", index + 1));
        }
    }
    assert!(rows >= 400, "the table should hold at least 400 rows, it holds {rows}");
    assert!(failures.is_empty(), "{} of {rows} rows differ:\n{}", failures.len(), failures.join("\n"));
}
