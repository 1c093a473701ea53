//! The terminal: the screen-reader line mode ([`line`](mod@line)), the ratatui board view for low vision
//! ([`tui`]), the word table of the commands only the terminal knows ([`anna_app::keys`]), and the choice
//! between them.

pub mod braille;
pub mod line;
pub mod tui;

use clap::ValueEnum;

/// Which terminal interface plays the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Ui {
    /// Plain lines in and out, for screen readers and braille displays (the default).
    #[default]
    Line,
    /// A large board for low vision (ratatui).
    Board,
}
