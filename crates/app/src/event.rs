//! What happens to the application: the events every view, the runtime and the script runner hand
//! to [`crate::App::handle`].

use shakmaty::Color;

use crate::computer::Reply;
use crate::journal::Health;
use crate::save::{Save, SaveError};
use anna_board::link::LinkReport;
use anna_board::BoardRole;
use anna_core::command::{Command, Input};
use anna_language::Voice;

/// What happens to the application: every view and the script runner speak to it in these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A line typed (or heard): a move, a question, a command, an answer.
    Line(String),
    /// A command already understood (a key of the board view): asked about first when it is
    /// destructive, as when typed.
    Command(Command),
    /// An input handed straight to the game with its actor (the arbiter's or a script's
    /// `white: ...`): no question first.
    Input(Input),
    /// What the link of a board reported: the player's (`--board`) or the opponent's
    /// (`--opponent-board`).
    Board(BoardRole, LinkReport),
    /// The peg board has been quiet: a move waiting for that is made (a script's `board settle`).
    BoardSettled,
    /// The computer's engine answered.
    Engine(Reply),
    /// The analysing engine's answer to [`crate::Out::Evaluate`] `id`.
    Evaluated { id: u64, result: Result<anna_core::analysis::Evaluation, anna_core::opponent::EngineFailure> },
    /// The microphone opened for the player ([`crate::Out::Listen`]), or why it cannot.
    Listening(Result<(), crate::heard::ListenError>),
    /// What the microphone heard, or why it cannot hear.
    Heard(Result<crate::heard::Hearing, crate::heard::ListenError>),
    /// A move made for `side` by a player outside the app (a script's `computer` line): made and
    /// its clock pressed, as the computer's own moves are.
    Play { side: Color, mv: shakmaty::Move },
    /// Time passed: alarms, flag falls and the board's quiet due by now.
    Tick,
    /// What became of a save the app asked for ([`crate::Out::Save`]).
    Saved { save: Save, result: Result<std::path::PathBuf, SaveError> },
    /// Hear and speak in this voice from now on (a script's `voice` line): journaled, so that a
    /// resumed game speaks as it did, and put out as in force.
    Voice(Box<Voice>),
    /// A board joins the game (`--board`, `--opponent-board`; a script's `board connect` and
    /// `board sensor`). Not journaled: a resumed game plays on the boards its command line names.
    BoardJoined(Joining),
    /// Whether the game's journal is on the disk: reported when that changes, and after every move
    /// while it is not (each is said: the player must never believe a game kept that is not).
    Journal(Health),
    /// What the server of a game played there said, or what became of a request to it.
    Server(crate::online::ServerEvent),
    /// The program runs again after it was stopped (Ctrl-Z, then `fg`): the question waiting for
    /// an answer is said again.
    Continued,
}

/// Which board joins the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joining {
    /// The player's board, in `protocol` when it is known (until the board answers it counts as a
    /// peg board, or as a sensor board when `protocol` is one). On a peg board, `side` is the side
    /// that plays on it (`Some(None)`: both), or `None` to follow the player's side.
    Player { protocol: Option<anna_board::protocol::Protocol>, side: Option<Option<Color>> },
    /// The sighted opponent's sensor board (D.1, D.2.1), on which the player's moves are carried out.
    Opponent,
}
