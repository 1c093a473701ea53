//! What reaches the loop ([`Source`]), what a view makes of it ([`Step`]), and the views
//! themselves ([`View`]): the line mode, the board view, and a braille display beside either.

use std::sync::mpsc;
use std::time::Duration;

use super::Program;
use crate::adapters::engine::Reply;
use crate::adapters::listen::{Hearing, ListenError};
use crate::board_link::serial::LinkReport;
use anna_app::key::Key;
use anna_app::Event;
use anna_board::BoardRole;
use anna_core::message::Words;

/// What arrives on the loop's one channel.
pub enum Source {
    /// A line typed in the line mode.
    Line(String),
    /// A key pressed in the board view.
    Key(Key),
    /// The board view's window changed size.
    Resize,
    /// The terminal is gone (end of input, a signal): the loop ends.
    Closed,
    Computer(Reply),
    /// The analysing engine's answer (`hint`, `eval`).
    Evaluated(u64, Result<anna_core::analysis::Evaluation, anna_core::opponent::EngineFailure>),
    Board(BoardRole, LinkReport),
    /// What the microphone heard.
    Heard(Result<Hearing, ListenError>),
    /// The microphone's recogniser is built, or why it cannot be.
    Opened(Result<(), ListenError>),
    /// The speaker's own notice (a backend given up), already said: the view shows it.
    Notice(String),
    /// Ctrl-C in the line mode: the player leaves, told what becomes of the game.
    Interrupted,
    /// The program runs again after Ctrl-Z: a question waiting is said again.
    Continued,
    /// What the server of a game played there said.
    Server(anna_app::online::ServerEvent),
    /// What the braille display's connection reports (`--braille-display`).
    Braille(crate::adapters::brlapi::Report),
}

/// What a view makes of a line or key from its terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Hand this to the application.
    Event(Event),
    /// Say this (the view's own words: the square under the cursor); already shown.
    Say(Words),
    /// Draw the whole screen again.
    Redraw,
    /// Leave; the game stays journaled.
    Quit,
}

/// A way of showing the game: the line mode or the board view. A view translates and renders; it
/// decides nothing about the game.
pub trait View {
    /// Starts reading the terminal on its own thread(s), into the loop's channel.
    fn listen(&mut self, sender: mpsc::Sender<Source>);
    /// What a line or key means. `app` is read for the position under the cursor and the like.
    fn translate(&mut self, program: &dyn Program, source: Source) -> Vec<Step>;
    /// Shows a sentence that is said or written; false when the terminal is gone (stdout closed).
    fn show(&mut self, words: &str, priority: anna_core::message::Priority) -> bool;
    /// Brings the screen up to date with the program at `now` (the line mode flushes its lines).
    fn draw(&mut self, program: &dyn Program, now: Duration) -> std::io::Result<()>;
    /// When the screen next changes by itself (the board view's clock face).
    fn wake_at(&self, _program: &dyn Program, _now: Duration) -> Option<Duration> {
        None
    }
}
