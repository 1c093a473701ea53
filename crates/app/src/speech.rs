//! The way of speaking the player chose, as a value: the app records and changes it, the speaker
//! (in the `anna` binary) acts on it.

pub mod queue;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which way of speaking to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    /// The first that works of native, espeak and transcript.
    #[default]
    Auto,
    /// The system's speech (speech-dispatcher, SAPI/WinRT/screen reader, AVFoundation).
    Native,
    /// espeak-ng, espeak or spd-say, one process per sentence.
    Espeak,
    /// Only the written lines (stdout, or the --transcript file): your screen reader speaks them.
    Transcript,
    /// Silent; the lines are still written.
    Off,
}

impl Choice {
    /// Every choice, in the order `--speech` lists them.
    pub const ALL: [Choice; 5] = [Choice::Auto, Choice::Native, Choice::Espeak, Choice::Transcript, Choice::Off];

    /// The word that names it on the command line, in `set speech` and in the settings file.
    pub const fn name(self) -> &'static str {
        match self {
            Choice::Auto => "auto",
            Choice::Native => "native",
            Choice::Espeak => "espeak",
            Choice::Transcript => "transcript",
            Choice::Off => "off",
        }
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a word names no way of speaking.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is no way of speaking: auto, native, espeak, transcript or off")]
pub struct UnknownChoice(pub String);

impl FromStr for Choice {
    type Err = UnknownChoice;

    /// Reads a choice's name, in any case.
    fn from_str(text: &str) -> Result<Choice, UnknownChoice> {
        let folded = text.trim().to_ascii_lowercase();
        Choice::ALL.into_iter().find(|c| c.name() == folded).ok_or_else(|| UnknownChoice(text.to_string()))
    }
}
