//! People's voices, recorded by others: every recording of a person that Debian packages hold here,
//! none of them a move. pocketsphinx's test recordings (package `pocketsphinx-testdata`): a man's "go
//! forward ten meters", strings of digits, playing cards ("four queen of clubs"), five lines of Jane
//! Austen read by a LibriVox volunteer; and ALSA's channel names (`alsa-utils`: "front left", ...).
//! Heard in two positions of a game, none may be read back as a move or taken for a command or an
//! answer: each is said again or asked about ("more than a move", "not sure", or a question naming
//! moves in full). Before `letters::said_besides`, 4 of the 46 hearings were read back as moves:
//! "go forward ten meters" as `golf four`, far ahead of every other reading.
//!
//! No package holds a person saying a move: the figures of moves heard right are on speech engines'
//! voices (`listen.rs`, `listen_held_out.rs`). Needs the `listen` feature, the model, sox and the two
//! packages (`.ci/run` installs them); without them the test is skipped with a note, or fails when
//! `ANNA_REQUIRE_TOOLS=1`.
#![cfg(all(unix, feature = "listen"))]

use std::path::{Path, PathBuf};
use std::process::Command;

use super::listen::{heard_as, is_move, shown, tools};
use crate::support::{self, TempDir};
use anna::adapters::listen::{read_wav, Hearing, Recogniser};
use anna_core::rules::Game;
use anna_language::Vocabulary;

const TESTDATA: &str = "/usr/share/pocketsphinx/test/data";
const ALSA: &str = "/usr/share/sounds/alsa";

/// The start, and an Italian opening with every kind of piece move.
const POSITIONS: [&str; 2] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
];

/// The recordings of people in `dir` and its folders (`.wav`, and `.raw`: 16 kHz mono 16-bit),
/// sorted.
fn recordings(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
        let path = entry.path();
        if path.is_dir() {
            found.extend(recordings(&path));
        } else if path.extension().is_some_and(|e| e == "wav" || e == "raw") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// The samples of `path` at 16 kHz, mono, 16 bits: read as they are, or made so by sox.
fn samples(path: &Path, dir: &TempDir) -> Vec<i16> {
    let wav = dir.0.join("heard.wav");
    let mut sox = Command::new("sox");
    if path.extension().is_some_and(|e| e == "raw") {
        sox.args(["-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1"]);
    }
    let made = sox.arg(path).args(["-r", "16000", "-c", "1", "-b", "16"]).arg(&wav).status().unwrap();
    assert!(made.success(), "sox could not read {}", path.display());
    read_wav(&wav).unwrap()
}

#[test]
fn people_saying_what_is_no_move_are_never_heard_as_a_move_or_a_command() {
    let packaged = Path::new(TESTDATA).join("goforward.raw").is_file();
    if !tools() || !support::tool(packaged, "pocketsphinx's test recordings", "pocketsphinx-testdata") {
        return;
    }
    let mut paths = recordings(Path::new(TESTDATA));
    if support::tool(Path::new(ALSA).is_dir(), "ALSA's channel names", "alsa-utils") {
        paths.extend(recordings(Path::new(ALSA)));
    }
    // The digits' and cards' folders hold features and lists too; these are the recordings.
    assert!(paths.len() >= 12, "{paths:?}");
    let dir = TempDir::new("listen-people");
    let vocab = Vocabulary::english();
    let mut recogniser = Recogniser::new(&vocab, Game::default().position()).unwrap();
    let (mut acted, mut more) = (Vec::new(), 0);
    for path in &paths {
        let samples = samples(path, &dir);
        for fen in POSITIONS {
            recogniser.set_position(Game::from_fen(fen).unwrap().position()).unwrap();
            let hearing = recogniser.hear(&samples).unwrap();
            let got = heard_as(&hearing, fen, "", &vocab);
            eprintln!("{}: {} ({got})", path.display(), shown(&hearing));
            more += usize::from(matches!(hearing, Hearing::More(..)));
            if is_move(&got) || got.starts_with("command") || got.starts_with("answer") {
                acted.push(format!("{} heard as {got} ({})", path.display(), shown(&hearing)));
            }
        }
    }
    assert!(acted.is_empty(), "read back or acted on: {acted:#?}");
    // The sentences are long, and the grammar hears silence over most of them: what says so
    // is at work here, not only the checks of a move's sureness.
    assert!(more >= 8, "{more} heard as more than a move");
}
