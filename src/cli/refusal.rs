//! An argument of the command line that cannot be used, by kind, and said in the player's words.

use anna_core::bad_value::BadValue;
use anna_language::announce::fill;
use anna_language::Vocabulary;

/// An argument of the command line that cannot be used, by kind; [`ArgError::words`] says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// A value a setting does not take (`--squares foo`).
    Value(BadValue),
    /// A language Anna does not speak (`--lang xx`).
    Language(String),
    ClockMode(String),
    TimeControl(String),
    Fen(anna_core::fen::FenError),
    /// Not a Chess960 start position number.
    Chess960(String),
}

impl ArgError {
    /// What is wrong, in the words of `vocab`.
    pub fn words(&self, vocab: &Vocabulary) -> String {
        let text = |key: &str, text: &str| fill(vocab.word(key), &[("text", text.to_string())]);
        match self {
            ArgError::Value(error) => anna_language::errors::bad_value(error, &format!("--{}", error.setting), vocab),
            ArgError::Language(code) => {
                let codes = Vocabulary::codes().collect::<Vec<_>>().join(", ");
                fill(vocab.word("errors.no_language"), &[("code", code.clone()), ("codes", codes)])
            }
            ArgError::ClockMode(mode) => text("errors.not_a_clock_mode", mode),
            ArgError::TimeControl(tc) => text("errors.not_a_time_control", tc),
            ArgError::Fen(error) => anna_language::errors::fen(error, vocab),
            ArgError::Chess960(_) => fill(
                vocab.word("errors.needs"),
                &[("word", "--chess960".into()), ("what", vocab.word_owned("errors.need_chess960"))],
            ),
        }
    }
}

impl From<BadValue> for ArgError {
    fn from(error: BadValue) -> ArgError {
        ArgError::Value(error)
    }
}

/// An argument that cannot be used, said in the language the command line asked for (English when
/// that is what cannot be used): what `anna: ...` writes on standard error.
#[derive(Clone, Debug)]
pub struct Refusal {
    pub error: ArgError,
    vocab: Vocabulary,
}

impl Refusal {
    pub(crate) fn new(error: impl Into<ArgError>, vocab: &Vocabulary) -> Refusal {
        Refusal { error: error.into(), vocab: vocab.clone() }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.error.words(&self.vocab))
    }
}
