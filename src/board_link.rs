//! The link to an electronic peg board (issue 6): what the board reports and what Anna asks of it,
//! as plain values. The wire format is the codec's business; keeping the game and the board in
//! step is the mirror's.

pub mod mirror;

use shakmaty::{Piece, Square};

pub mod codec;
pub mod serial;
#[cfg(unix)]
pub mod sim;

/// What is in one hole of the board as the board senses it. A board that senses only occupancy
/// (reed switches) reports [`Cell::Occupied`]; one that knows the pieces (RFID) reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Occupied,
    Piece(Piece),
}

/// The whole board as sensed, indexed by [`Square`] (a1 = 0, b1 = 1, ... h8 = 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Snapshot(pub [Cell; 64]);

impl Snapshot {
    pub fn get(&self, square: Square) -> Cell {
        self.0[usize::from(square)]
    }
}

/// A report from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// The handshake: the protocol version the board speaks and its name.
    Hello { version: u32, name: String },
    /// A piece was lifted out of this hole (a touch, D.2.2).
    Lifted(Square),
    /// A piece was put into this hole.
    Placed(Square),
    /// The whole board, sent on request and after a reconnection.
    Board(Snapshot),
    /// The board carried out (or acknowledged) the host command with this sequence number.
    Ack(u32),
}

/// A request to the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostCommand {
    /// The handshake: the protocol version Anna speaks.
    Hello { version: u32 },
    /// Show the opponent's move for the player to carry out: from, to, the square of a captured
    /// piece (differs from `to` in en passant) and the rook's move of a castling.
    ShowMove { from: Square, to: Square, captured: Option<Square>, rook: Option<(Square, Square)> },
    /// Mark a square as wrong (a lift or placement that does not belong to a legal move).
    Invalid(Square),
    /// Clear every light or actuator.
    Clear,
    /// Ask for the whole board ([`BoardEvent::Board`]).
    Query,
}
