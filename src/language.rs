//! Words in and out. Pure code over the data in `grammar/`.

pub mod announce;
pub mod parse;
pub mod vocabulary;

pub use announce::render;
pub use vocabulary::Vocabulary;
