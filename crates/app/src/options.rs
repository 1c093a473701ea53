//! How the application behaves: the options of the line mode and the board view.

use crate::computer::EngineChoice;
use crate::speech::Choice;
use anna_core::opponent::Level;

/// What an empty Enter does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Enter {
    /// Press the clock (the default).
    #[default]
    Press,
    Nothing,
}

/// The key that presses the clock in the view the player uses: Enter on an empty line in the line
/// mode (as `Enter` says), Space in the board view. The words that tell the player how to press
/// follow it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PressKey {
    #[default]
    Enter,
    Space,
}

/// Who plays the other side: one path brings the other side's move to the session, whoever it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OtherSide {
    /// A person at the board (or both sides relayed): Anna is the clock and the scoresheet.
    #[default]
    Person,
    /// The computer, on this machine: an engine or Anna's own opponent (`computer.rs`).
    Computer,
    /// A player on a server (lichess): its moves come from the server's stream (`online.rs`).
    Server,
}

impl OtherSide {
    /// Whether the app plays the other side's moves as they come (the computer's, the server's):
    /// the user then plays one side only, fixed once the game has begun.
    pub const fn is_remote(self) -> bool {
        !matches!(self, OtherSide::Person)
    }
}

/// The game played on a server: which game, as which player, on which server. Journaled (never
/// the token), so that a resumed game follows the same game there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineGame {
    /// The game's id on the server (`lichess.org/ID`).
    pub game: String,
    /// The player's account name there, which tells their side.
    pub user: String,
    /// The server's address (`https://lichess.org`).
    pub server: String,
}

/// How the line mode behaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Ask before `resign`, `accept`, `claim` and `new` during a game.
    pub confirm: bool,
    pub enter: Enter,
    /// Ask side, time control and opponent before the game.
    pub ask_setup: bool,
    /// The relaying assistant's mode (D.2.10): said at the start.
    pub assistant: bool,
    pub sounds: bool,
    /// Who plays the side that is not the player's: a person at the board, the computer, or a
    /// server (`--opponent`).
    pub opponent: OtherSide,
    /// The game on the server, when the opponent plays there.
    pub online: Option<OnlineGame>,
    /// The computer's level, also when it is chosen in the setup questions.
    pub level: Level,
    /// The computer's engine (`--engine`).
    pub engine: EngineChoice,
    /// The way of speaking, rate and volume set during the game (`set speech`, `set rate`,
    /// `set volume`); `None`: as the command line and the settings file say.
    pub speech: Option<Choice>,
    pub rate: Option<i32>,
    pub volume: Option<i32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            confirm: true,
            enter: Enter::Press,
            ask_setup: false,
            assistant: false,
            sounds: true,
            opponent: OtherSide::Person,
            online: None,
            level: Level::DEFAULT,
            engine: EngineChoice::default(),
            speech: None,
            rate: None,
            volume: None,
        }
    }
}
