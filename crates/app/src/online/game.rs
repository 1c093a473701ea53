//! A server's game as Anna reads it: the lines of its stream in Anna's own terms. Each server's
//! adapter reads its wire into these (lichess's JSON: `src/adapters/online/wire.rs`), so the app
//! never sees a server's format and a second server is a second reader.

use std::time::Duration;

use shakmaty::Color;

use super::Ending;

/// A line of a game's stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameLine {
    /// The whole game: always the first line, and again when the stream is opened again.
    Full(Box<ServerGame>),
    /// A move was played, a draw or takeback offered, or the game ended.
    State(ServerState),
    /// The opponent's line in the players' chat (the spectators' and the server's own are not
    /// handed on).
    Chat(ChatLine),
    /// The opponent left the game or came back.
    Absence(Absence),
}

/// The whole game, as the server has it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerGame {
    pub id: String,
    pub rated: bool,
    pub white: Player,
    pub black: Player,
    /// The clock's base time and increment; none in a correspondence or unlimited game.
    pub clock: Option<(Duration, Duration)>,
    /// A correspondence game's days for each move.
    pub days_per_turn: Option<u32>,
    /// The position the game began from, when not the usual one (FEN).
    pub initial_fen: Option<String>,
    /// The server's name of a variant Anna does not play (its moves would be read wrongly); `None`
    /// for standard chess.
    pub variant: Option<String>,
    pub state: ServerState,
}

/// A player, or the server's own engine (`ai_level`, no name).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// The account's id, as the server matches it.
    pub id: Option<String>,
    pub name: Option<String>,
    pub rating: Option<u32>,
    pub ai_level: Option<u8>,
    /// GM, IM, BOT...
    pub title: Option<String>,
    /// A rating the server is not yet sure of (`1500?`).
    pub provisional: bool,
}

/// Where the server's game stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerState {
    /// Every move of the game, in UCI.
    pub moves: Vec<String>,
    /// Both clocks (White's, Black's), when the server said them.
    pub clocks: Option<(Duration, Duration)>,
    /// The side offering a draw, if one is.
    pub draw_offer: Option<Color>,
    /// The side proposing a takeback, if one is.
    pub takeback: Option<Color>,
    /// The end of the game and its winner, once it is over; `None` while it goes on.
    pub ending: Option<(Ending, Option<Color>)>,
}

/// A line to the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub username: String,
    pub text: String,
}

/// The opponent's absence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Absence {
    /// Gone: the win may be claimed in so many seconds (0: now).
    Gone(u32),
    Back,
}
