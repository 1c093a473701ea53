//! What a person types to the simulator, and why it could not be done.

use std::io;

use shakmaty::{Piece, Square};

use anna_board::ClockReading;

/// One thing a person types to the simulator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimCommand {
    /// `lift e2`, `-e2`: a piece is lifted out of its hole and held.
    Lift(Square),
    /// `place e4`, `+e4`: the piece last lifted is put in; `place e4 Q`, `+e4Q`: this piece
    /// (from the hand if held, else from the box).
    Place(Square, Option<Piece>),
    /// `move e2e4`: a whole move, a piece on the arrival square lifted first and set aside.
    Move(Square, Square),
    /// `knock e4`: the piece falls over: its hole is empty, the piece lies beside it.
    Knock(Square),
    /// `slide e2 e3 e4`: a piece slid over the board, set down on each square on its way.
    Slide(Vec<Square>),
    /// `fast e2e4 e7e5`: moves made faster than the board reports them.
    Fast(Vec<(Square, Square)>),
    /// `clock 1:29:59 1:30:00 [left|right]`: the clock plugged into the board shows these times,
    /// the named side's running; `clock none`: no clock.
    Clock(ClockReading),
    /// `show`: the board as text.
    Show,
    /// `garbage`: a line of noise on the wire.
    Garbage,
    /// `unplug`: the cable is pulled.
    Unplug,
    /// `plug`: the cable is put back.
    Plug,
    /// `help`.
    Help,
    /// `quit`.
    Quit,
}

/// What `help` prints.
pub const HELP: &str = "\
lift e2 (or -e2): lift the piece on e2
place e4 (or +e4): put the piece last lifted on e4; place e4 Q (or +e4Q): put this piece there
move e2e4: lift the piece on e4, if any, then move e2 to e4
knock e4: the piece on e4 falls over (its hole is empty)
slide e2 e3 e4: slide a piece over the board, touching each square on the way
fast e2e4 e7e5: make moves faster than the board reports them
clock 1:29:59 1:30:00 left: the clock on the board (DGT): left and right times, whose runs; clock none
show: the board, rank 8 first, and the pieces in hand
garbage: send a line of noise
unplug, plug: pull and put back the cable
quit: stop the board";

/// Why the simulator could not do what was typed.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error("'{0}' is not a position: {1}")]
    NotAPosition(String, String),
    #[error("'{0}' is not a square: write it like e4")]
    NotASquare(String),
    #[error("'{0}' is not a piece: write it as in FEN (P N B R Q K for white, p n b r q k)")]
    NotAPiece(String),
    #[error("'{0}' is not a board command; type help for the list")]
    NotACommand(String),
    #[error("the board is plugged in already")]
    PluggedIn,
    #[error("the board is unplugged already")]
    Unplugged,
    #[error("cannot open a pseudo-terminal: {0}")]
    Terminal(#[from] io::Error),
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error("{0} is taken by {1}")]
    Taken(Square, char),
    #[error("no piece is in hand: name the piece, like place {0} Q")]
    EmptyHand(Square),
}

impl SimCommand {
    /// Reads a typed line.
    pub fn parse(line: &str) -> Result<SimCommand, SimError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let square = |text: &str| text.parse::<Square>().map_err(|_| SimError::NotASquare(text.to_string()));
        let piece = |text: &str| {
            match text.chars().collect::<Vec<_>>().as_slice() {
                [c] => Piece::from_char(*c).ok_or(()),
                _ => Err(()),
            }
            .map_err(|()| SimError::NotAPiece(text.to_string()))
        };
        match words.as_slice() {
            [word] if word.starts_with('-') && word.len() == 3 => Ok(SimCommand::Lift(square(&word[1..])?)),
            [word] if word.starts_with('+') && (word.len() == 3 || word.len() == 4) && word.is_ascii() => {
                let piece = (word.len() == 4).then(|| piece(&word[3..])).transpose()?;
                Ok(SimCommand::Place(square(&word[1..3])?, piece))
            }
            ["lift", sq] => Ok(SimCommand::Lift(square(sq)?)),
            ["place", sq] => Ok(SimCommand::Place(square(sq)?, None)),
            ["place", sq, p] => Ok(SimCommand::Place(square(sq)?, Some(piece(p)?))),
            ["move", mv] if mv.len() == 4 && mv.is_ascii() => {
                Ok(SimCommand::Move(square(&mv[..2])?, square(&mv[2..])?))
            }
            ["knock", sq] => Ok(SimCommand::Knock(square(sq)?)),
            ["slide", path @ ..] if path.len() >= 2 => {
                Ok(SimCommand::Slide(path.iter().map(|s| square(s)).collect::<Result<_, _>>()?))
            }
            ["fast", moves @ ..] if !moves.is_empty() => {
                let pair = |mv: &str| -> Result<(Square, Square), SimError> {
                    if mv.len() != 4 || !mv.is_ascii() {
                        return Err(SimError::NotACommand(line.trim().to_string()));
                    }
                    Ok((square(&mv[..2])?, square(&mv[2..])?))
                };
                Ok(SimCommand::Fast(moves.iter().map(|m| pair(m)).collect::<Result<_, _>>()?))
            }
            ["clock", rest @ ..] => ClockReading::parse(&rest.join(" "))
                .map(SimCommand::Clock)
                .ok_or_else(|| SimError::NotACommand(line.trim().to_string())),
            ["show"] => Ok(SimCommand::Show),
            ["garbage"] => Ok(SimCommand::Garbage),
            ["unplug"] => Ok(SimCommand::Unplug),
            ["plug"] => Ok(SimCommand::Plug),
            ["help"] => Ok(SimCommand::Help),
            ["quit"] | ["exit"] => Ok(SimCommand::Quit),
            _ => Err(SimError::NotACommand(line.trim().to_string())),
        }
    }
}
