//! Words in: what a player typed or said, heard as a move, a command or an answer.

use std::fmt;
use std::ops::Range;

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;

use crate::core::command::Command;
use crate::core::rules::MoveSpec;
use crate::language::Vocabulary;

/// What was heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    Move(MoveSpec),
    Command(Command),
    /// Yes or no, to a question.
    Answer(bool),
}

/// What could not be understood, where, and the closest thing that would have been.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The bytes of the input that were not understood.
    pub span: Range<usize>,
    /// The text of that span.
    pub found: String,
    /// A near miss: the word that was probably meant, and the whole input with it in place.
    pub suggestion: Option<Suggestion>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub word: String,
    pub corrected: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "I did not understand '{}'.", self.found)?;
        if let Some(s) = &self.suggestion {
            write!(f, " Did you mean '{}'?", s.word)?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// Hears one utterance in the language of `vocab`.
pub fn hear(text: &str, _vocab: &Vocabulary) -> Result<Heard, ParseError> {
    let trimmed = text.trim();
    let not_understood = || ParseError { span: 0..text.len(), found: trimmed.to_string(), suggestion: None };
    if let Ok(UciMove::Normal { from, to, promotion }) = trimmed.parse::<UciMove>() {
        return Ok(Heard::Move(MoveSpec::squares(from, to, promotion)));
    }
    let san: SanPlus = trimmed.parse().map_err(|_| not_understood())?;
    MoveSpec::from_san(&san.san).map(Heard::Move).ok_or_else(not_understood)
}
