//! Playing on a server: its game in Anna's own terms (`game.rs`), and how the game on the server
//! and the game in the session are kept in step (`play.rs`). Pure: the runtime's adapter
//! (`src/adapters/online.rs`, lichess's Board API) does the HTTP, reads the server's wire into
//! these types and hands each line here.

mod game;
mod play;

pub use game::{Absence, ChatLine, GameLine, Player, ServerGame, ServerState};
pub(crate) use play::Table;
pub use play::{ServerEvent, ServerRequest};

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};

use anna_core::message::{Arg, Words};
use anna_core::outcome::{Outcome, Reason};
use anna_core::rules::Game;

/// Why a request to the server did not do what was asked: each said to the player in one sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ServerError {
    /// 401: the token is missing, wrong, revoked, or lacks the `board:play` scope.
    #[error("the server does not accept the token")]
    Unauthorized,
    /// 429: too many requests; lichess asks for a minute's wait.
    #[error("the server asks us to wait a minute")]
    RateLimited,
    /// 400, with the server's reason.
    #[error("the server refused: {0}")]
    Refused(Refusal),
    /// 404: no such game, player or challenge.
    #[error("the server does not know it")]
    NotFound,
    /// No answer: no network, the name not found, a timeout.
    #[error("the server cannot be reached: {0}")]
    Unreachable(String),
    /// Any other status.
    #[error("the server answered with status {0}")]
    Status(u16),
    /// A seek the server ended without pairing it (it expired).
    #[error("the server ended the seek unpaired")]
    SeekEnded,
    /// An answer that is not what the description says.
    #[error("the server's answer could not be read: {0}")]
    Garbled(String),
}

/// Why the server refused a request: the reasons Anna knows in its own words, any other as the
/// server wrote it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A move when it is not the player's turn there, or the game is over.
    #[error("not your turn, or the game is over")]
    NotYourTurn,
    /// A game the Board API may not play (bullet, a variant lichess keeps from it).
    #[error("the game cannot be played here")]
    NotForBoard,
    #[error("{0}")]
    Other(String),
}

/// How a game on the server ended, as the server decides it (`GameStatusName`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Mate,
    Resign,
    Stalemate,
    /// The opponent left and the win was claimed (`timeout`).
    Timeout,
    Draw,
    OutOfTime,
    Aborted,
    /// A player did not make the first move in time (`noStart`): with a winner, the other wins;
    /// without one, the game was aborted.
    NoStart,
    /// The game ended some other way (cheat detected, unknown).
    Other,
}

/// What a state of the server's game means for the game here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The moves the server has beyond the session's, in order, each with the side that made it.
    pub moves: Vec<(Color, shakmaty::Move)>,
    /// The session has moves the server does not (a move it refused): so many are taken back.
    pub take_back: usize,
}

/// Why a state of the server's game cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FollowError {
    /// A move of the server's list that is not legal here: the position is taken from the server
    /// again (its full game).
    #[error("the server's move {0} is not legal in the position here")]
    Illegal(String),
}

/// Compares the server's moves (UCI, castling as king to its square or, in Chess960, king takes
/// rook) with the game here: what to play, what to take back.
pub fn follow(state: &ServerState, game: &Game) -> Result<Step, FollowError> {
    let server: Vec<&str> = state.moves.iter().map(String::as_str).collect();
    let here: Vec<String> = game.plies().iter().map(|ply| uci_of(game, ply.mv)).collect();
    // The moves both have alike; the session's beyond them were refused by the server.
    let common = here.iter().zip(&server).take_while(|(a, b)| same_uci(a, b)).count();
    let take_back = here.len() - common;
    let mut position: Chess = match common.checked_sub(1) {
        Some(last) => game.plies()[last].after(),
        None => game.start().clone(),
    };
    let mut moves = Vec::new();
    for text in &server[common..] {
        let parse = |text: &str| UciMove::from_ascii(text.as_bytes()).ok().and_then(|uci| uci.to_move(&position).ok());
        // Castling as king takes rook (`e8h8`) in a standard game is the king's two-square step.
        let mv = parse(text)
            .or_else(|| castling_alias(text).and_then(parse).filter(|mv| mv.is_castle()))
            .ok_or_else(|| FollowError::Illegal((*text).to_string()))?;
        moves.push((position.turn(), mv));
        position.play_unchecked(mv);
    }
    Ok(Step { moves, take_back })
}

/// A move of `game` in UCI as the server writes it: castling as the king's two-square step in a
/// standard game (`e1g1`), as king takes rook in Chess960.
pub fn uci_of(game: &Game, mv: shakmaty::Move) -> String {
    let mode = if game.is_chess960() { CastlingMode::Chess960 } else { CastlingMode::Standard };
    mv.to_uci(mode).to_string()
}

/// Whether two UCI moves are the same move: castling may be written either way (`e1g1`, `e1h1`).
fn same_uci(a: &str, b: &str) -> bool {
    a == b || castling_alias(a) == Some(b) || castling_alias(b) == Some(a)
}

/// The other form of a standard castling move.
fn castling_alias(uci: &str) -> Option<&'static str> {
    Some(match uci {
        "e1g1" => "e1h1",
        "e1c1" => "e1a1",
        "e8g8" => "e8h8",
        "e8c8" => "e8a8",
        "e1h1" => "e1g1",
        "e1a1" => "e1c1",
        "e8h8" => "e8g8",
        "e8a8" => "e8c8",
        _ => return None,
    })
}

/// lichess pairs a seek only for rapid and slower games: the base time plus 40 times the increment
/// must be at least 8 minutes (its rule for the Board API: blitz only by challenging a player or
/// the AI, bullet never). `Err` with the estimate when it is faster.
pub fn seek_allowed(base: Duration, increment: Duration) -> Result<(), Duration> {
    let estimate = base + increment * 40;
    if estimate >= Duration::from_secs(8 * 60) {
        Ok(())
    } else {
        Err(estimate)
    }
}

/// The clocks lichess offers, in seconds (base, increment): a seek takes the lobby's choices (lila's
/// `setup.Config`: 0, ¼, ½, ¾, 1, 1½ and 2 to 20 minutes, then 25 to 45 by 5, 60 to 180 by 15;
/// increments 0 to 20 seconds, then 25 to 45 by 5, 60, 90, 120, 150, 180); a challenge (and a game
/// against its AI) takes 0, 15, 30, 45, 60 or 90 seconds or whole minutes up to 180 (lila's
/// `ApiConfig.clockLimitSeconds`), with 0 to 180 seconds a move. `Err` with the nearest it offers.
pub fn offered(clock: (u64, u64), seek: bool) -> Result<(), (u64, u64)> {
    let nearest = |value: u64, choices: &[u64]| {
        choices.iter().copied().min_by_key(|choice| (choice.abs_diff(value), *choice)).unwrap_or(value)
    };
    let (bases, increments): (Vec<u64>, Vec<u64>) = if seek {
        let minutes = [0, 15, 30, 45, 60, 90].into_iter().chain((2..=20).map(|m| m * 60));
        let more = [25, 30, 35, 40, 45].into_iter().chain((60..=180).step_by(15)).map(|m| m * 60);
        let increments = (0..=20).chain([25, 30, 35, 40, 45, 60, 90, 120, 150, 180]);
        (minutes.chain(more).collect(), increments.collect())
    } else {
        let bases = [0, 15, 30, 45, 60, 90].into_iter().chain((2..=180).map(|m| m * 60));
        (bases.collect(), (0..=180).collect())
    };
    let near = (nearest(clock.0, &bases), nearest(clock.1, &increments));
    if near == clock {
        Ok(())
    } else {
        Err(near)
    }
}

/// The sentence for a request to the server that failed.
pub fn error_words(error: &ServerError) -> Words {
    let line = |key: &str| Words::line(format!("line.{key}"));
    match error {
        ServerError::Unauthorized => line("online_token"),
        ServerError::RateLimited => line("online_wait"),
        ServerError::NotFound => line("online_not_found"),
        ServerError::Unreachable(_) => line("online_unreachable"),
        ServerError::Refused(Refusal::NotYourTurn) => line("online_refused_turn"),
        ServerError::Refused(Refusal::NotForBoard) => line("online_refused_board"),
        ServerError::Refused(Refusal::Other(reason)) => line("online_refused").arg("reason", Arg::Text(reason.clone())),
        ServerError::Status(status) => line("online_status").arg("status", Arg::Number(u32::from(*status))),
        ServerError::Garbled(_) => line("online_garbled"),
        ServerError::SeekEnded => line("online_seek_ended"),
    }
}

/// The outcome of a server's ending. A draw there after an offer is the agreement (5.2.3); other
/// draws and endings by its own rules are said as the server's.
pub(crate) fn outcome_of(ending: Ending, winner: Option<Color>, offered: bool) -> Outcome {
    let reason = match ending {
        Ending::Mate => Reason::Checkmate,
        Ending::Resign => Reason::Resignation,
        Ending::Stalemate => Reason::Stalemate,
        Ending::Timeout => Reason::OpponentLeft,
        Ending::Draw if offered => Reason::Agreement,
        Ending::OutOfTime if winner.is_some() => Reason::Time,
        Ending::OutOfTime => Reason::TimeCannotMate,
        Ending::NoStart if winner.is_some() => Reason::NoStart,
        Ending::Aborted | Ending::NoStart => Reason::Aborted,
        Ending::Draw | Ending::Other => Reason::ServerDecision,
    };
    let winner = if matches!(reason, Reason::Stalemate | Reason::Agreement | Reason::Aborted) { None } else { winner };
    Outcome { winner, reason }
}

#[cfg(test)]
mod tests;
