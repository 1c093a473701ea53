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

/// `anna` with a pseudo-microphone that says "knight foxtrot three" each time it is opened, as
/// `arecord -f S16_LE -r 16000 -c 1 -t raw` would give it; `None` when the tools are missing.
fn anna_hearing(dir: &TempDir, args: &[&str]) -> Option<support::boards::Running> {
    if !tools() {
        return None;
    }
    let wav = dir.join("said.wav");
    synthesise("slt", "knight foxtrot three", Noise::Clean, &wav);
    let raw = dir.join("said.raw");
    let sox = Command::new("sox").arg(&wav).args(["-t", "raw", "-e", "signed", "-b", "16"]).arg(&raw).status();
    assert!(sox.unwrap().success());
    Some(anna_with_microphone(dir, &format!("cat {}", raw.display()), args))
}

/// `anna` in the line mode, silent, with `command` for its microphone (what `arecord` would be).
fn anna_with_microphone(dir: &TempDir, command: &str, args: &[&str]) -> support::boards::Running {
    let mut anna = support::anna(&dir.join("data"));
    anna.args(["--speech", "off", "--sounds", "off"]).args(args).env("ANNA_MIC_COMMAND", command);
    support::boards::Running::start(anna)
}

#[test]
fn push_to_talk_from_a_pseudo_microphone_to_the_move_read_back_and_made() {
    let dir = TempDir::new("microphone");
    let Some(mut anna) = anna_hearing(&dir, &[]) else { return };
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    anna.wait_for("Listening.");
    anna.wait_for("Knight Felix drei? Say yes or press the clock.");
    anna.type_line("yes");
    anna.wait_for("White: Knight Felix drei.");
    anna.quit();
}

#[test]
fn the_microphone_hears_the_moves_of_the_position_as_the_game_goes_on() {
    let dir = TempDir::new("microphone-position");
    let Some(mut anna) = anna_hearing(&dir, &[]) else { return };
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    anna.wait_for("Knight Felix drei? Say yes or press the clock.");
    anna.type_line("yes");
    anna.wait_for("White: Knight Felix drei.");
    anna.type_line("");
    // Black to move: no knight of his reaches f3, so the same words are not that move any more.
    anna.type_line("listen");
    anna.wait_for("Listening.");
    let said = anna.wait_for(".");
    assert!(
        said == "I did not hear that clearly; say it again." || said.ends_with("? Say yes or press the clock."),
        "{said}"
    );
    assert!(!said.contains("Felix drei"), "{said}");
    anna.quit();
}

#[test]
fn listening_all_the_time_hears_without_being_asked() {
    let dir = TempDir::new("microphone-always");
    let Some(mut anna) = anna_hearing(&dir, &["--listen", "always"]) else { return };
    // Nothing typed: the microphone is open from the start.
    anna.wait_for("Knight Felix drei? Say yes or press the clock.");
    anna.type_line("");
    anna.wait_for("White: Knight Felix drei.");
    anna.quit();
}

/// `anna listen FILE [--fen FEN]` run with its data in `dir`: its exit code, stdout and stderr.
fn anna_listen(dir: &TempDir, file: &Path, fen: Option<&str>) -> (Option<i32>, String, String) {
    let mut anna = support::anna(&dir.join("data"));
    anna.arg("listen").arg(file);
    if let Some(fen) = fen {
        anna.args(["--fen", fen]);
    }
    let out = anna.output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn anna_listen_prints_what_was_heard_and_what_parse_prints_and_warns_of_letters_that_sound_alike() {
    if !tools() {
        return;
    }
    let dir = TempDir::new("listen-cli");
    let run = |words: &str| {
        let wav = dir.join(&format!("{}.wav", words.replace(' ', "-")));
        synthesise("slt", words, Noise::Clean, &wav);
        anna_listen(&dir, &wav, None)
    };
    assert_eq!(run("echo four"), (Some(0), "heard: echo four\ne2e4\n".to_string(), String::new()));
    // Whatever letter the recogniser takes `e` for, the other pawn moves of the rhymes are named.
    let (code, out, err) = run("e four");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.starts_with("heard: "), "{out}");
    assert!(err.starts_with("Those letters sound alike: it may have been "), "{err}");
    assert!(err.trim_end().ends_with("too, and in a game Anna would ask which."), "{err}");
}

#[test]
fn a_recorder_that_is_not_there_is_said_at_once_and_listening_is_never_announced() {
    let dir = TempDir::new("microphone-missing");
    let mut anna = anna_with_microphone(&dir, "/nonexistent/recorder -q", &[]);
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    let said = anna.wait_for("Listening");
    assert_eq!(said, "Listening failed: /nonexistent/recorder is not found.");
    anna.quit();
}

/// Issue 23: a recorder that stops at once says why (arecord's words on a machine without a sound
/// card), never only that it stopped.
#[test]
fn a_recorder_that_stops_at_once_says_why() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("microphone-no-card");
    let recorder = dir.join("recorder");
    std::fs::write(
        &recorder,
        "#!/bin/sh\necho \"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\" >&2\n\
         echo 'arecord: main:831: audio open error: No such file or directory' >&2\nexit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(&recorder, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut anna = anna_with_microphone(&dir, recorder.to_str().unwrap(), &[]);
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    let said = anna.wait_for("Listening failed");
    assert_eq!(
        said,
        format!(
            "Listening failed: {} finds no microphone or sound card (ALSA lib confmisc.c:855:(parse_card) cannot \
             find card '0').",
            recorder.display()
        )
    );
    anna.quit();
}

#[test]
fn a_microphone_that_hears_only_a_faint_hiss_hears_nothing() {
    if !tools() {
        return;
    }
    let dir = TempDir::new("microphone-hiss");
    // Seven seconds of a quiet room, as arecord would give them.
    let quiet_room = "sox -q -R -n -t raw -r 16000 -e signed -b 16 -c 1 - synth 7 whitenoise vol 0.003";
    let mut anna = anna_with_microphone(&dir, quiet_room, &[]);
    anna.wait_for("Anna is ready.");
    anna.type_line("listen");
    anna.wait_for("Listening.");
    assert_eq!(anna.wait_for("."), "I heard nothing.");
    anna.quit();
}

/// A recording as a phone or another speech engine writes it (44.1 kHz stereo 24-bit, 22.05 kHz
/// floating point, 8-bit) is heard as the same words at 16 kHz mono 16-bit are.
#[test]
fn anna_listen_hears_a_recording_of_any_rate_and_channels_as_at_16_khz() {
    if !tools() {
        return;
    }
    let dir = TempDir::new("listen-rates");
    let said = dir.join("said.wav");
    synthesise("slt", "knight felix three", Noise::Clean, &said);
    let heard = |file: &Path| anna_listen(&dir, file, None);
    let expected = (Some(0), "heard: knight felix three\ng1f3\n".to_string(), String::new());
    assert_eq!(heard(&said), expected);
    for (name, format) in [
        ("phone", &["-r", "44100", "-c", "2", "-b", "24"][..]),
        ("float", &["-r", "22050", "-e", "floating-point", "-b", "32"]),
        ("eight-bit", &["-b", "8"]),
    ] {
        let other = dir.join(&format!("{name}.wav"));
        let status = Command::new("sox").arg(&said).args(format).arg(&other).status().unwrap();
        assert!(status.success(), "sox {format:?}");
        assert_eq!(heard(&other), expected, "{name}");
    }
}

/// `castles` alone is heard, and answered as typed: the castling that is legal, or which side when
/// both are (FIDE 3.8.2).
#[test]
fn castles_alone_is_heard_as_the_castling_that_is_legal_or_asked_which() {
    if !tools() {
        return;
    }
    let dir = TempDir::new("listen-castles");
    let one = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let both = "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1";
    for voice in ["slt", "awb"] {
        let said = dir.join(&format!("{voice}.wav"));
        synthesise(voice, "castles", Noise::Clean, &said);
        let heard = |fen| anna_listen(&dir, &said, Some(fen));
        assert_eq!(heard(one), (Some(0), "heard: castles\ne1g1\n".into(), String::new()), "{voice}");
        let asked =
            (Some(2), "heard: castles\ne1g1\ne1c1\n".into(), "Castle which way: kingside or queenside?\n".into());
        assert_eq!(heard(both), asked, "{voice}");
    }
}

/// Issue 27: `anna listen` reads its file before it loads the model, and writes nothing on stdout
/// when it has no result.
#[test]
fn anna_listen_says_a_bad_file_at_once_and_stdout_holds_only_results() {
    let dir = TempDir::new("listen-file");
    let run = |file: &Path| anna_listen(&dir, file, None);
    let (code, out, err) = run(&dir.join("missing.wav"));
    assert_eq!((code, out.as_str()), (Some(3), ""), "{err}");
    assert_eq!(err, format!("anna: There is no file {}.\n", dir.join("missing.wav").display()));
    let (code, out, err) = run(&dir);
    assert_eq!((code, out.as_str()), (Some(3), ""), "{err}");
    assert_eq!(err, format!("anna: {} is not a WAV file Anna can hear: it is a folder.\n", dir.display()));
    let narrow = dir.join("narrow.wav");
    let spec =
        hound::WavSpec { channels: 1, sample_rate: 8000, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let mut writer = hound::WavWriter::create(&narrow, spec).unwrap();
    for _ in 0..800 {
        writer.write_sample(0i16).unwrap();
    }
    writer.finalize().unwrap();
    let (code, out, err) = run(&narrow);
    assert_eq!((code, out.as_str()), (Some(3), ""));
    assert!(err.ends_with("Anna can hear: its 8000 Hz is under the 16 kHz the recogniser hears.\n"), "{err}");
    if !tools() {
        return;
    }
    // Two seconds of a quiet room: nothing heard, nothing on stdout.
    let quiet = dir.join("quiet.wav");
    let status = Command::new("sox")
        .args(["-q", "-R", "-n", "-r", "16000", "-b", "16", "-c", "1"])
        .arg(&quiet)
        .args(["synth", "2", "whitenoise", "vol", "0.003"])
        .status()
        .unwrap();
    assert!(status.success());
    let (code, out, err) = run(&quiet);
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert_eq!(err, "Nothing was heard.\n");
}
