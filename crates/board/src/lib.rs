//! The link to an electronic board: Anna's own peg board (issue 6) and the sensor boards of
//! tournaments (DGT, Millennium ChessLink): what a board reports and what Anna asks of it, as plain
//! values. The wire format is each protocol's codec's business (`codec.rs` for Anna's, `dgt.rs`,
//! `millennium.rs`), the choice among them `protocol.rs`'s; keeping the game and a peg board in step
//! is the mirror's (`mirror.rs`), a sensor board the sensor mirror's (`sensor.rs`).

#![forbid(unsafe_code)]

pub mod mirror;

use shakmaty::{Piece, Square};

pub mod codec;
pub mod dgt;
pub mod link;
pub mod millennium;
pub mod protocol;
pub mod sensor;

/// Which board: Anna can follow two at once (FIDE D.1, D.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardRole {
    /// The player's own board (`--board`): the blind player's peg board, or the only board.
    Player,
    /// The sighted opponent's sensor board (`--opponent-board`), on which the blind player's
    /// announced moves are carried out by the opponent.
    Opponent,
}

/// What is in one hole of the board as the board senses it. A board that senses only occupancy
/// (reed switches) reports [`Cell::Occupied`]; one that knows the pieces (RFID) reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Occupied,
    Piece(Piece),
}

impl ClockReading {
    /// A reading as typed to the simulator or written in a script: `LEFT RIGHT [left|right]
    /// [battery]` (times like `1:29:59`; the named side's time runs; a time of 0 shows its flag),
    /// or `none` for a board without a clock.
    pub fn parse(text: &str) -> Option<ClockReading> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let face = |word: &str| {
            anna_core::duration::parse(word).map(|time| ClockFace { time, fallen: time.is_zero(), shown: false })
        };
        if words == ["none"] {
            let zero = ClockFace { time: std::time::Duration::ZERO, fallen: false, shown: false };
            return Some(ClockReading {
                left: zero,
                right: zero,
                running: false,
                turn: None,
                battery_low: false,
                no_clock: true,
            });
        }
        let [left, right, extra @ ..] = words.as_slice() else { return None };
        let mut reading = ClockReading {
            left: face(left)?,
            right: face(right)?,
            running: false,
            turn: None,
            battery_low: false,
            no_clock: false,
        };
        for word in extra {
            match *word {
                "left" => (reading.turn, reading.running) = (Some(ClockHand::Left), true),
                "right" => (reading.turn, reading.running) = (Some(ClockHand::Right), true),
                "battery" => reading.battery_low = true,
                _ => return None,
            }
        }
        Some(reading)
    }
}

/// The whole board as sensed, indexed by [`Square`] (a1 = 0, b1 = 1, ... h8 = 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Snapshot(pub [Cell; 64]);

impl Snapshot {
    pub fn get(&self, square: Square) -> Cell {
        self.0[usize::from(square)]
    }

    /// The pieces of `board`, as a board that knows its pieces senses them.
    pub fn of_board(board: &shakmaty::Board) -> Snapshot {
        let mut cells = [Cell::Empty; 64];
        for (square, piece) in board {
            cells[usize::from(square)] = Cell::Piece(piece);
        }
        Snapshot(cells)
    }

    /// From 64 cells in the order DGT and Millennium boards send them: a8, b8 .. h8, a7 .. h1, as
    /// the board sees itself.
    pub fn from_a8_first(cells: &[Cell; 64]) -> Snapshot {
        let mut out = [Cell::Empty; 64];
        for square in Square::ALL {
            out[usize::from(square)] = cells[a8_index(square)];
        }
        Snapshot(out)
    }

    /// The 64 cells in that order.
    pub fn a8_first(&self) -> [Cell; 64] {
        let mut out = [Cell::Empty; 64];
        for square in Square::ALL {
            out[a8_index(square)] = self.get(square);
        }
        out
    }

    /// The same board as it reports itself when it stands the other way round.
    pub fn turned(&self) -> Snapshot {
        let mut cells = self.0;
        cells.reverse();
        Snapshot(cells)
    }
}

/// The place of `square` in the a8-first order (a DGT board's field number).
pub fn a8_index(square: Square) -> usize {
    let index = usize::from(square);
    (7 - index / 8) * 8 + index % 8
}

/// The square at `index` of the a8-first order.
pub fn square_at_a8_index(index: usize) -> Square {
    Square::new(((7 - index / 8) * 8 + index % 8) as u32)
}

/// The square a board standing the other way round calls `square` (a8 for h1).
pub fn turned_square(square: Square) -> Square {
    Square::new(63 - u32::from(square))
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
    /// What the clock plugged into the board shows (a DGT 3000 on a DGT board).
    Clock(ClockReading),
}

/// One side of a chess clock's display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockFace {
    /// The time shown, to the second.
    pub time: std::time::Duration,
    /// This side's flag has fallen: its time is blocked at zero (DGT's flag byte 0x10).
    pub fallen: bool,
    /// The clock shows this side's flag without its time being over: a period ended and the next
    /// began (DGT 0x40, "flag shown, clock possibly still running"). Not a flag fall.
    pub shown: bool,
}

/// Which half of a clock: as the clock stands, seen by the person who reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockHand {
    Left,
    Right,
}

/// What a board's clock reports: both displays, whose time runs, and its health.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockReading {
    pub left: ClockFace,
    pub right: ClockFace,
    /// The clock is counting (not paused or stopped).
    pub running: bool,
    /// Whose time runs, when the clock says.
    pub turn: Option<ClockHand>,
    pub battery_low: bool,
    /// The board reports that no clock is plugged in: the times mean nothing.
    pub no_clock: bool,
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
