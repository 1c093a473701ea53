//! Words in and out. Pure code over the data in `grammar/`.

#![forbid(unsafe_code)]

pub mod announce;
pub mod braille;
pub mod commands;
pub mod describe;
pub mod errors;
pub mod evaluation;
pub mod explore;
pub mod hearing;
pub mod parse;
pub mod vocabulary;

pub use announce::{MoveForm, SquareStyle, Voice};
pub use vocabulary::Vocabulary;
