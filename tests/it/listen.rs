//! Hearing the player: utterances synthesised with flite (four voices, some with noise mixed in by
//! sox) are heard by Anna's recogniser and read as the game reads what it hears. Right means the
//! move or command meant; a wrong move is another legal move (the dangerous case, which the
//! read-back must catch); a wrong command is another command or answer (those that cannot be taken
//! back ask first); the rest would be asked again. Each utterance is heard in its position, as in a
//! game (the recogniser hears the legal moves). NATO and Annex D meet the aims of the issue
//! "Hearing the player": 90% right or named with another move in a question, at most 1% a wrong
//! legal move (the misses are mostly in bursts of noise; the NATO moves again through a steady
//! hiss, `hiss`, are as good). Plain letters meet a lower aim (40% right, 85% right or named, at
//! most 2% a wrong move): the letter names bee, see, dee, ee and gee rhyme and the word decoders
//! hear every voice's `e four` as `bee four`: a square named by one of them is asked about whenever
//! a rhyme of it is also legal, unless the phone decoder heard the letter's own consonant (see, dee
//! and gee only: `crates/app/src/heard/letters.rs`).
//!
//! Needs the `listen` feature, flite, sox and the pocketsphinx-en-us model (`.ci/run` installs
//! them); without them the test is skipped with a note, or fails when `ANNA_REQUIRE_TOOLS=1`.
#![cfg(all(unix, feature = "listen"))]

use crate::support;

use std::path::Path;
use std::process::Command;

use anna::adapters::listen::{read_wav, Hearing, Recogniser};
use anna_core::command::Command as Act;
use anna_core::command::Name;
use anna_core::rules::Game;
use anna_language::commands;
use anna_language::Vocabulary;
use support::TempDir;

/// A position where each kind of move is legal: the start; castling either side; promotion.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const OPEN: &str = "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1";
const PROMOTION: &str = "8/P5k1/8/8/8/8/6K1/8 w - - 0 1";

pub(crate) const NATO: [&str; 8] = ["alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
pub(crate) const ANNEX_D: [&str; 8] = ["anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector"];
/// The letters as a player says them: flite reads a lone `a` as the article.
pub(crate) const PLAIN: [&str; 8] = ["ay", "b", "c", "d", "e", "f", "g", "h"];
pub(crate) const ENGLISH: [&str; 8] = ["one", "two", "three", "four", "five", "six", "seven", "eight"];
const GERMAN: [&str; 8] = ["eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht"];

/// The moves said, as (position, UCI, piece word, capture): pawn moves, piece moves, captures.
const MOVES: &[(&str, &str, &str, bool)] = &[
    (START, "e2e4", "", false),
    (START, "d2d4", "", false),
    (START, "c2c4", "", false),
    (START, "g1f3", "knight", false),
    (START, "b1c3", "knight", false),
    (START, "h2h3", "", false),
    (START, "a2a4", "", false),
    (OPEN, "c4e6", "bishop", true),
    (OPEN, "f3e5", "knight", true),
    (OPEN, "c3b5", "knight", false),
    (OPEN, "d2g5", "queen", false),
    (OPEN, "a1b1", "rook", false),
];

/// One utterance: the words said and what they must be understood as.
pub(crate) struct Case {
    pub(crate) style: &'static str,
    pub(crate) words: String,
    pub(crate) fen: &'static str,
    /// The move in UCI, or `command NAME`, or `answer yes|no`.
    pub(crate) meant: String,
}

pub(crate) fn square(uci: &str, files: &[&str; 8], ranks: &[&str; 8]) -> String {
    let b = uci.as_bytes();
    format!("{} {}", files[usize::from(b[0] - b'a')], ranks[usize::from(b[1] - b'1')])
}

/// The words of the move `uci` as a player says it: the piece (none for a pawn), `takes` for a
/// capture (after the pawn's file), the square.
pub(crate) fn said(uci: &str, piece: &str, capture: bool, files: &[&str; 8], ranks: &[&str; 8]) -> String {
    let to = square(&uci[2..4], files, ranks);
    match (piece, capture) {
        ("", true) => format!("{} takes {to}", files[usize::from(uci.as_bytes()[0] - b'a')]),
        ("", false) => to,
        (piece, true) => format!("{piece} takes {to}"),
        (piece, false) => format!("{piece} {to}"),
    }
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (style, files, ranks) in
        [("nato", &NATO, &ENGLISH), ("annex-d", &ANNEX_D, &GERMAN), ("plain", &PLAIN, &ENGLISH)]
    {
        for &(fen, uci, piece, capture) in MOVES {
            cases.push(Case { style, words: said(uci, piece, capture, files, ranks), fen, meant: uci.to_string() });
        }
        cases.push(Case {
            style,
            words: format!("{} queen", square("a8", files, ranks)),
            fen: PROMOTION,
            meant: "a7a8q".to_string(),
        });
    }
    // The NATO moves again, through a microphone's steady hiss.
    let hissed: Vec<Case> = cases
        .iter()
        .filter(|case| case.style == "nato")
        .map(|case| Case { style: "hiss", words: case.words.clone(), fen: case.fen, meant: case.meant.clone() })
        .collect();
    cases.extend(hissed);
    for (words, meant) in [("castles kingside", "e1g1"), ("castles queenside", "e1c1")] {
        cases.push(Case { style: "castling", words: words.to_string(), fen: OPEN, meant: meant.to_string() });
    }
    for (words, meant) in [
        ("resign", "command resign"),
        ("offer a draw", "command offer"),
        ("time", "command time"),
        ("accept", "command accept"),
        ("decline", "command decline"),
        ("press", "command press"),
        ("repeat", "command repeat"),
        ("last move", "command last"),
        ("yes", "answer yes"),
        ("no", "answer no"),
    ] {
        cases.push(Case { style: "commands", words: words.to_string(), fen: START, meant: meant.to_string() });
    }
    cases
}

/// What Anna understands of `words` in `fen`, read as the game reads what it hears: the move in
/// UCI, `command NAME`, `answer ...`, or why not.
pub(crate) fn understood(words: &str, fen: &str, vocab: &Vocabulary) -> String {
    let game = Game::from_fen(fen).unwrap();
    match commands::command(words, vocab) {
        Ok(Act::Move(spec)) => {
            game.resolve_spec(&spec).map_or_else(|e| format!("not {e:?}"), |mv| game.uci(mv).to_string())
        }
        Ok(Act::Answer(yes)) => format!("answer {}", if yes { "yes" } else { "no" }),
        Ok(Act::Press) => "command press".to_string(),
        Ok(Act::Unclear { text, .. }) => format!("not understood: {text}"),
        Ok(command) => format!("command {}", Name::of(&command).map_or("unknown", Name::key)),
        Err(e) => format!("not {e}"),
    }
}

/// What a game makes of `hearing` in `fen`, as the tests tally it: the move (UCI) or command it
/// reads back (as [`understood`] says it); `named with another` when it asks between moves named in
/// full and `meant` is among them, `asked which` when it is not; `not sure`, `more said` or `not
/// heard` when it asks again.
pub(crate) fn heard_as(hearing: &Hearing, fen: &str, meant: &str, vocab: &Vocabulary) -> String {
    let game = Game::from_fen(fen).unwrap();
    let named = hearing.named(&game, vocab);
    if !named.is_empty() {
        let among = named.iter().any(|mv| game.uci(*mv).to_string() == meant);
        return if among { NAMED } else { "asked which" }.to_string();
    }
    match (hearing, hearing.agreed(vocab)) {
        (_, Some(words)) => understood(words, fen, vocab),
        (Hearing::Unsure(..), None) => "not sure".to_string(),
        (Hearing::More(..), _) => "more said".to_string(),
        _ => "not heard".to_string(),
    }
}

/// What [`heard_as`] says when the move said is among the moves named in a question.
pub(crate) const NAMED: &str = "named with another";

/// Whether `understood` found a legal move (its UCI).
pub(crate) fn is_move(understood: &str) -> bool {
    understood.len() >= 4 && !understood.contains(' ')
}

/// The noise in a recording.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Noise {
    Clean,
    /// White noise as long as the words (a burst: it starts and stops with them).
    Burst,
    /// A microphone's steady hiss from start to end, about 45 dB below the voice.
    Hiss,
}

fn synthesise(voice: &str, words: &str, noise: Noise, path: &Path) {
    // flite reads English: the German numbers respelled so that it says them as a German would
    // (checked with `flite -ps`: `eins` is already AY N Z; `zvai` Z V AY; `ahcked` AA K T; a
    // spelling it does not know, like `tsvy` or `ahkt`, it spells out letter by letter).
    let mut spoken = format!(" {words} ");
    for (german, sound) in [
        ("zwei", "zvai"),
        ("drei", "dry"),
        ("vier", "fear"),
        ("fuenf", "foonf"),
        ("sechs", "zex"),
        ("sieben", "zeeben"),
        ("acht", "ahcked"),
    ] {
        spoken = spoken.replace(&format!(" {german} "), &format!(" {sound} "));
    }
    let clean = path.with_extension("clean.wav");
    let ok = Command::new("flite").args(["-voice", voice, "-t", &spoken, "-o"]).arg(&clean).status().unwrap().success();
    assert!(ok, "flite failed on '{words}'");
    // Every voice at 16 kHz mono 16-bit, with the silence a microphone gives before and after the
    // words; the noise mixed in. Repeatable noise (`-R`), so that every run hears the same.
    let padded = path.with_extension("padded.wav");
    let mut sox = Command::new("sox");
    sox.arg("-R");
    if noise == Noise::Burst {
        sox.arg("-m").arg(&clean).arg(format!("|sox -R {} -p synth whitenoise vol 0.02", clean.display()));
    } else {
        sox.arg(&clean);
    }
    sox.args(["-r", "16000", "-c", "1", "-b", "16"]).arg(&padded).args(["pad", "0.4", "0.6"]);
    assert!(sox.status().unwrap().success(), "sox failed on '{words}'");
    let mut sox = Command::new("sox");
    sox.arg("-R");
    if noise == Noise::Hiss {
        sox.arg("-m").arg(&padded).arg(format!("|sox -R {} -p synth whitenoise vol 0.01", padded.display()));
    } else {
        sox.arg(&padded);
    }
    assert!(sox.arg(path).status().unwrap().success(), "sox failed on '{words}'");
}

#[test]
fn moves_and_commands_said_by_four_voices_are_heard_right_or_asked_again() {
    if !tools() {
        return;
    }
    let vocab = Vocabulary::english();
    let dir = TempDir::new("listen");
    let cases = cases();
    // What became of each style's utterances; the misses are listed.
    let mut tally: std::collections::BTreeMap<&str, Tally> = Default::default();
    // (voice, style) -> right of all, for the report.
    let mut by_voice: std::collections::BTreeMap<(&str, &str), (u32, u32)> = Default::default();
    let mut misses = Vec::new();
    let mut n = 0;
    for voice in ["slt", "rms", "awb", "kal16"] {
        // One recogniser a speaker, as in a game: it adapts to the voice it hears.
        let mut recogniser = Recogniser::new(&vocab, Game::default().position()).unwrap();
        for (i, case) in cases.iter().enumerate() {
            n += 1;
            let path = dir.join(&format!("{voice}-{i}.wav"));
            let noise = match case.style {
                "hiss" => Noise::Hiss,
                _ if i % 5 == 0 => Noise::Burst,
                _ => Noise::Clean,
            };
            synthesise(voice, &case.words, noise, &path);
            // As in a game: the moves of the position are heard.
            let game = Game::from_fen(case.fen).unwrap();
            recogniser.set_position(game.position()).unwrap();
            let hearing = recogniser.hear(&read_wav(&path).unwrap()).unwrap();
            let got = heard_as(&hearing, case.fen, &case.meant, &vocab);
            tally.entry(case.style).or_default().add(&got, &case.meant);
            let voiced = by_voice.entry((voice, case.style)).or_default();
            voiced.1 += 1;
            voiced.0 += u32::from(got == case.meant);
            if got != case.meant {
                misses.push(format!("{voice}: '{}' heard '{}' -> {got}", case.words, shown(&hearing)));
            }
        }
    }
    assert!(n >= 150, "{n} utterances");
    let report: Vec<String> = tally
        .iter()
        .map(|(style, t)| {
            format!(
                "{style}: {} right, {} named with another, {} a wrong move, {} a wrong command, {} asked again",
                t.right, t.named, t.wrong_move, t.wrong_command, t.asked
            )
        })
        .collect();
    let voices: Vec<String> =
        by_voice.iter().map(|((voice, style), (right, all))| format!("{voice} {style}: {right}/{all} right")).collect();
    eprintln!("{}\n{}\nmisses:\n{}", report.join("\n"), voices.join("\n"), misses.join("\n"));
    for (style, t) in &tally {
        let share = |n: u32| f64::from(n) / f64::from(t.total());
        // The aims of issue 19: NATO and Annex D 90% right, 1% a wrong legal move; plain letters 70%
        // right, 2% wrong. Since issue 27 a move is not read back when another legal move was nearly
        // as likely: both are named ("Knight Felix drei or Knight Alfa drei?"), and the move said is
        // among them. The aims hold for the moves read back or named so; read back alone, NATO and
        // Annex D must stay at 85%. Plain letters: `bee`, `ee`, `ay` and `aitch` are never vouched
        // for, and are asked about whenever a letter that sounds like them is legal: read back alone
        // they stay at 40%, and with the moves named at 85%. A command heard for a move asks first
        // when it cannot be taken back, as a move is read back.
        let (min_right, max_wrong_move, max_wrong_command) = match *style {
            "nato" | "annex-d" => (0.85, 0.01, 0.02),
            "hiss" => (0.80, 0.01, 0.02),
            "castling" => (0.85, 0.0, 0.0),
            "commands" => (0.80, 0.0, 0.03),
            _ => (0.40, 0.02, 0.02),
        };
        let min_named = match *style {
            "nato" | "annex-d" => 0.90,
            "commands" => 0.80,
            _ => 0.85,
        };
        assert!(share(t.right + t.named) >= min_named, "{style}: {:.2} right or named", share(t.right + t.named));
        let report = report.join("\n");
        assert!(share(t.right) >= min_right, "{style}: {:.2} right\n{report}", share(t.right));
        assert!(share(t.wrong_move) <= max_wrong_move, "{style}: {:.2} wrong moves\n{report}", share(t.wrong_move));
        assert!(
            share(t.wrong_command) <= max_wrong_command,
            "{style}: {:.2} wrong commands\n{report}",
            share(t.wrong_command)
        );
    }
}

/// What became of some utterances, as [`heard_as`] says.
#[derive(Default, Clone, Copy)]
pub(crate) struct Tally {
    pub(crate) right: u32,
    /// Asked between moves named in full, the move said among them.
    pub(crate) named: u32,
    /// Another legal move: read back, it must be caught by the player.
    pub(crate) wrong_move: u32,
    /// Another command or answer, which the game reads back or asks about before acting.
    pub(crate) wrong_command: u32,
    /// Not sure, not heard, not understood, or asked which without the move said: said again.
    pub(crate) asked: u32,
}

impl Tally {
    /// Counts what `got` (as [`heard_as`] says it) was, when `meant` was said.
    pub(crate) fn add(&mut self, got: &str, meant: &str) {
        if got == meant {
            self.right += 1;
        } else if got == NAMED {
            self.named += 1;
        } else if is_move(got) {
            self.wrong_move += 1;
        } else if got.starts_with("command") || got.starts_with("answer") {
            self.wrong_command += 1;
        } else {
            self.asked += 1;
        }
    }

    pub(crate) fn total(&self) -> u32 {
        self.right + self.named + self.wrong_move + self.wrong_command + self.asked
    }
}

/// What the recogniser heard, as a miss is reported: the words, or both readings it was unsure of.
pub(crate) fn shown(hearing: &Hearing) -> String {
    match hearing {
        Hearing::Words(words) | Hearing::Spelled(words) => words.clone(),
        Hearing::Unsure(strict, other) => format!("{strict} / {other}"),
        Hearing::More(strict, other) => format!("{strict} amid {other}"),
        Hearing::Nothing => String::new(),
    }
}

/// Whether flite, sox and the speech model are here (the test is skipped with a note when not, or
/// fails when `ANNA_REQUIRE_TOOLS=1`).
pub(crate) fn tools() -> bool {
    let present = |tool: &str| Command::new(tool).arg("--version").output().is_ok();
    if !support::tool(present("flite"), "flite", "flite") || !support::tool(present("sox"), "sox", "sox") {
        return false;
    }
    if anna::adapters::listen::Model::find().is_err() {
        assert!(std::env::var_os("ANNA_REQUIRE_TOOLS").is_none(), "pocketsphinx-en-us is missing");
        return false;
    }
    true
}

/// The program hearing: the microphone in a game, `anna listen`, recorders that fail.
mod program;
