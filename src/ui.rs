//! The terminal: the screen-reader line mode ([`line`]), the word table of the commands only the
//! terminal knows ([`keys`]), and the choice between the line mode and the board view.

pub mod keys;
pub mod line;

use clap::ValueEnum;

/// Which terminal interface plays the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Ui {
    /// Plain lines in and out, for screen readers and braille displays (the default).
    #[default]
    Line,
    /// A large board for low vision (ratatui); not built yet in this version, so the line mode runs.
    Board,
}
