//! What a player, an assistant or the arbiter asks of the session. Text becomes a [`Command`] in
//! `language::parse`; the session decides what it means in the position.

use std::time::Duration;

mod name;
pub use name::Name;

use shakmaty::{Color, Square};

use crate::clock::{ClockMode, TimeControl};
use crate::explore::Query;
use crate::rules::MoveSpec;
use crate::session::{FlagPolicy, TouchMove};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    // Setup, before the clocks start.
    TimeControl(TimeControl),
    ClockMode(ClockMode),
    Fen(String),
    Chess960(u32),
    Name(Color, String),
    // Play.
    Start,
    /// A move as written or said; resolved against the position by the session.
    Move(MoveSpec),
    Press,
    Offer,
    Accept,
    Decline,
    /// A draw claim (9.2, 9.3), with the intended move if any; or, in rapid and blitz, a claim of the
    /// opponent's illegal move (A.4.2).
    Claim(Option<MoveSpec>),
    Resign,
    /// A claim that the opponent's flag has fallen (A.4.3).
    Flag,
    Illegal(IllegalMove),
    Touch(Square),
    Pause,
    Resume,
    AdjustTime(Color, Duration),
    AdjustMoves(Color, u32),
    /// The official clock on the board (a DGT 3000) shows this side's time: Anna's clock follows it,
    /// silently.
    FollowClock(Color, Duration),
    /// III.4: a 5-second increment for both with under two minutes left.
    Quickplay,
    /// Adjournment (Guideline I.1): the player having the move seals this move and the clocks stop.
    Seal(MoveSpec),
    /// The envelope is opened with the responding player present (I.7, I.9.1): the sealed move is played.
    Open,
    /// The arbiter's decision of a question Anna could not answer: the winner, or none for a draw.
    Decide(Option<Color>),
    /// The game ended where it is played (a server), as that decided: the session ends it so.
    Ended(crate::outcome::Outcome),
    /// The last moves are taken back: the position before them stands and the side to move's clock
    /// runs. Why, so that the player hears where it was done.
    TakeBack(u32, Retraction),
    /// Something not understood, as heard, with the best guess of what was meant (a near miss such
    /// as `Springa`), which is never acted on without a confirmation.
    Unclear {
        text: String,
        guess: Option<Box<Command>>,
    },
    /// Yes or no, the answer to a question.
    Answer(bool),
    /// A setting of the session.
    Set(Setting),
    // Questions.
    Time,
    /// One side's clock alone.
    TimeOf(Color),
    Moves,
    /// The scoresheet read back from this move number on.
    MovesFrom(u32),
    /// A question about the board (`board`, `square e4`, `where knight`...).
    Explore(Query),
    /// Say again the last thing said (not itself a repetition).
    Repeat,
    /// Whose move is it?
    Turn,
    /// Which move was played last?
    Last,
    /// "J'adoube": the player having the move adjusts pieces on their squares (4.2.1).
    Jadoube,
    /// An irregularity the arbiter found (7.2-7.4).
    Irregular(Irregularity),
    /// The player having the move released his king on this square, his castling square (4.7.2).
    Release(Square),
    /// A command for the program around the session, by its name ([`Name::is_terminal`]: the
    /// terminal's own, training, a server game's own), with the words after it (`chat`'s line,
    /// `save`'s file). The session never sees it.
    Request(Name, String),
}

/// An irregularity found during the game (FIDE 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Irregularity {
    /// The initial position of the pieces was incorrect (7.2.1).
    InitialPosition,
    /// The game began with colours reversed (7.3).
    ColoursReversed,
    /// A player displaced pieces (7.4).
    Displaced,
}

impl Irregularity {
    /// Its word in scripts and the journal.
    pub const fn word(self) -> &'static str {
        match self {
            Irregularity::InitialPosition => "initial-position",
            Irregularity::ColoursReversed => "colours-reversed",
            Irregularity::Displaced => "displaced",
        }
    }

    /// The irregularity of a word: its own, or as an arbiter writes it (`wrong initial position`,
    /// `colors reversed`).
    pub fn from_words(text: &str) -> Option<Irregularity> {
        let text = text.trim().to_ascii_lowercase().replace(['-', '_'], " ");
        match text.as_str() {
            "initial position" | "wrong initial position" | "initial position wrong" => {
                Some(Irregularity::InitialPosition)
            }
            "colours reversed" | "colors reversed" | "reversed colours" | "reversed colors" => {
                Some(Irregularity::ColoursReversed)
            }
            "displaced" | "displaced pieces" | "pieces displaced" => Some(Irregularity::Displaced),
            _ => None,
        }
    }
}

/// The settings a script or the player may change during a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    AutoPress(bool),
    TouchMove(TouchMove),
    Flag(FlagPolicy),
    Supervised(bool),
    NoDrawOfferBefore(u32),
    Player(Option<Color>),
    Alarms(Vec<Duration>),
    Tournament(bool),
    /// The edition of the FIDE Laws applied (`laws 2018`).
    Laws(crate::laws::Edition),
}

/// `on` or `off` (also `yes`/`no`, `true`/`false`) as a setting's value: the one reading of the
/// on/off words, for the parser, the journal and the terminal's settings alike.
pub fn on_off(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => Some(true),
        "off" | "no" | "false" => Some(false),
        _ => None,
    }
}

/// The word a setting's on/off value is written with.
pub const fn on_off_word(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// A completed illegal move as reported (7.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// A move as described; it must not be legal.
    Move(MoveSpec),
    /// Pressing the clock without making a move (7.5.3).
    Press,
    /// The last move, made with two hands and completed by the press (7.5.4).
    TwoHands,
    /// A completed illegal move found later (7.5.1): the move `number` of `side`.
    Earlier { number: u32, side: Color },
}

/// One input to the session. `actor` says who acts; `None` means the usual one for the command
/// (the player having the move; for an answer to a draw offer, the player offered it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Act {
        actor: Option<Color>,
        command: Command,
    },
    /// Time passed: the runtime wakes the session at the instant it asked for (a flag fall).
    Tick,
}

impl Input {
    pub fn act(command: Command) -> Input {
        Input::Act { actor: None, command }
    }

    pub fn by(actor: Color, command: Command) -> Input {
        Input::Act { actor: Some(actor), command }
    }
}

/// Why moves are taken back (not by the Laws: a game at a tournament never takes back a completed
/// move but for an illegal one, 7.5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retraction {
    /// The player's own request in a game at home against the computer.
    Home,
    /// Agreed where the game is played (a server's takeback), or a move the server refused.
    Server,
}
