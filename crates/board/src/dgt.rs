//! The DGT e-board protocol, as DGT boards speak it over USB or serial (9600 baud, 8 data bits, no
//! parity, 1 stop bit). Pure code, both directions: Anna sends one-byte commands and reads
//! messages; a board (or the simulator) does the opposite. Written from the public descriptions of
//! the protocol (DGT's `dgtbrd13.h` and the open-source drivers that follow it; see
//! `docs/boards.md`).
//!
//! # Commands (host to board)
//!
//! One byte each: `0x40` reset (idle, no updates), `0x41` send the clock, `0x42` send the board,
//! `0x43` update mode (field updates and the clock), `0x44` update mode for the board only,
//! `0x45` send the serial number, `0x4b` "nice" update mode (field updates, and the clock only when
//! it changes), `0x4d` send the version.
//!
//! # Messages (board to host)
//!
//! Every message starts with its id, high bit set, then its whole length (the three header bytes
//! included) as 14 bits in two 7-bit bytes, high part first; every byte after the id has its high
//! bit clear. That rule is what lets the reader find the next message after noise or a message cut
//! short by a pulled cable: a byte with the high bit set always begins one.
//!
//! | id | length | message |
//! |---|---|---|
//! | `0x86` | 67 | board dump: 64 piece codes, field 0 first |
//! | `0x8d` | 10 | the clock (a DGT 3000 plugged into the board): see [`decode_clock`] |
//! | `0x8e` | 5 | field update: field number, piece code (0 when emptied) |
//! | `0x91` | 8 | serial number, 5 ASCII digits |
//! | `0x93` | 5 | version: major, minor |
//!
//! Fields are numbered 0 to 63 from the corner where the board's a8 is, row by row (0 = a8,
//! 7 = h8, 8 = a7, ..., 63 = h1: [`super::a8_index`]), *as the board sees it*: a board turned round
//! (White at the far side) reports h1 as field 0. The sensor mirror finds the orientation from the
//! position.
//! Piece codes: 0 empty, 1-6 white pawn, rook, knight, bishop, king, queen; 7-12 the same for black;
//! 13-15 the special "draw / white wins / black wins" pieces, read as empty squares here.
//!
//! ```
//! use anna_board::dgt::{self, Message};
//! use anna_board::Cell;
//! use shakmaty::{Color, Piece, Role};
//!
//! // A knight put on field 45 (f3): id 0x8e, length 5, field, piece.
//! let mut decoder = dgt::Decoder::new();
//! let white_knight = Cell::Piece(Piece { color: Color::White, role: Role::Knight });
//! assert_eq!(decoder.feed(&[0x8e, 0x00, 0x05, 45, 3]), vec![Ok(Message::Field { field: 45, cell: white_knight })]);
//! assert_eq!(dgt::encode(&Message::Field { field: 45, cell: Cell::Empty }), [0x8e, 0x00, 0x05, 45, 0]);
//! ```

use std::time::Duration;

use shakmaty::{Color, Piece, Role};

use super::codec::PegRequest;
use super::protocol::{Answer, BoardEnd, BoardProtocol, Note, Sensed, Serial, Wire, WireError};
use super::{BoardEvent, Cell, ClockFace, ClockHand, ClockReading, HostCommand, Snapshot};

/// The baud rate of every DGT board.
pub const BAUD: u32 = 9600;

/// The one-byte commands Anna uses.
pub mod command {
    pub const RESET: u8 = 0x40;
    pub const SEND_CLOCK: u8 = 0x41;
    pub const SEND_BOARD: u8 = 0x42;
    pub const UPDATE: u8 = 0x43;
    pub const UPDATE_BOARD: u8 = 0x44;
    pub const SERIAL_NUMBER: u8 = 0x45;
    pub const UPDATE_NICE: u8 = 0x4b;
    pub const VERSION: u8 = 0x4d;
}

const BOARD_DUMP: u8 = 0x86;
const CLOCK: u8 = 0x8d;
const FIELD_UPDATE: u8 = 0x8e;
const SERIAL_NUMBER: u8 = 0x91;
const VERSION: u8 = 0x93;

/// The longest message read; anything longer is noise.
pub const MAX_MESSAGE: usize = 600;

/// A message from a DGT board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The whole board, field 0 (a8 as the board sees it) first.
    Board([Cell; 64]),
    /// One field changed.
    Field { field: u8, cell: Cell },
    /// The clock's displays and state.
    Clock(ClockReading),
    /// The clock acknowledged a command sent to it (Anna sends none; read and ignored).
    ClockAck,
    /// The serial number.
    Serial(String),
    /// The firmware version.
    Version { major: u8, minor: u8 },
    /// A well-framed message Anna does not use (trademark, bus address, battery...).
    Other { id: u8, payload: Vec<u8> },
}

/// Why bytes from a DGT board were dropped. Reading goes on with the next message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DgtError {
    /// A byte outside any message (its high bit clear where an id was due).
    #[error("a stray byte {0:#04x} outside a DGT message")]
    Stray(u8),
    /// A message cut short: a new id came before its length was read.
    #[error("a DGT message {id:#04x} cut short")]
    Truncated { id: u8 },
    /// A length shorter than the header or longer than [`MAX_MESSAGE`].
    #[error("a DGT message {id:#04x} of impossible length {length}")]
    BadLength { id: u8, length: usize },
    /// A known message with the wrong length for it.
    #[error("a DGT message {id:#04x} of wrong length {length}")]
    WrongLength { id: u8, length: usize },
    /// A piece code above 15 or a field above 63.
    #[error("a DGT message {id:#04x} with impossible content")]
    BadContent { id: u8 },
}

/// A piece code's cell; `None` for codes above 15.
pub fn cell_from_code(code: u8) -> Option<Cell> {
    let role = |n: u8| match n {
        0 => Role::Pawn,
        1 => Role::Rook,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::King,
        _ => Role::Queen,
    };
    match code {
        0 | 13..=15 => Some(Cell::Empty),
        1..=6 => Some(Cell::Piece(Piece { color: Color::White, role: role(code - 1) })),
        7..=12 => Some(Cell::Piece(Piece { color: Color::Black, role: role(code - 7) })),
        _ => None,
    }
}

/// A cell's piece code (a board that cannot tell the piece does not speak DGT: `?` is a pawn).
pub fn code_of(cell: Cell) -> u8 {
    let Cell::Piece(piece) = cell else { return if cell == Cell::Occupied { 1 } else { 0 } };
    let n = match piece.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    if piece.color == Color::White {
        n
    } else {
        n + 6
    }
}

fn bcd(byte: u8) -> Option<u64> {
    let (high, low) = (byte >> 4, byte & 0x0f);
    (high < 10 && low < 10).then_some(u64::from(high * 10 + low))
}

fn to_bcd(n: u64) -> u8 {
    let n = n.min(99) as u8;
    (n / 10) << 4 | (n % 10)
}

/// Reads the 7 bytes of a clock message: for the right side, then the left, a byte of flags and
/// hours (low nibble the hours, 0x10 the flag fallen and the time blocked at zero, 0x40 the flag
/// shown), minutes and seconds in BCD; then the status: 0x01 running, 0x02 the lever on the right,
/// 0x04 the battery low, 0x08 the left side's turn, 0x10 the right side's, 0x20 no clock.
/// A first byte or fourth byte whose low nibble is 0x0a is the clock acknowledging a command; a
/// message of zeros, which DGT's header says may follow a command to the clock, is no time either
/// (every peer ignores both).
pub fn decode_clock(payload: &[u8]) -> Option<Message> {
    let [r0, r1, r2, l0, l1, l2, status] = *payload else { return None };
    if r0 & 0x0f == 0x0a || l0 & 0x0f == 0x0a || payload.iter().all(|b| *b == 0) {
        return Some(Message::ClockAck);
    }
    let face = |flags: u8, minutes: u8, seconds: u8| -> Option<ClockFace> {
        let hours = u64::from(flags & 0x0f);
        let (minutes, seconds) = (bcd(minutes)?, bcd(seconds)?);
        (hours < 10 && minutes < 60 && seconds < 60).then(|| ClockFace {
            time: Duration::from_secs(hours * 3600 + minutes * 60 + seconds),
            fallen: flags & 0x10 != 0,
            shown: flags & 0x40 != 0,
        })
    };
    let turn = match (status & 0x08 != 0, status & 0x10 != 0) {
        (true, false) => Some(ClockHand::Left),
        (false, true) => Some(ClockHand::Right),
        _ => None,
    };
    Some(Message::Clock(ClockReading {
        right: face(r0, r1, r2)?,
        left: face(l0, l1, l2)?,
        running: status & 0x01 != 0,
        turn,
        battery_low: status & 0x04 != 0,
        no_clock: status & 0x20 != 0,
    }))
}

fn clock_bytes(reading: &ClockReading) -> [u8; 7] {
    let face = |face: &ClockFace| {
        let secs = face.time.as_secs();
        let flags = (secs / 3600).min(9) as u8 | if face.fallen { 0x10 } else { 0 } | if face.shown { 0x40 } else { 0 };
        [flags, to_bcd(secs / 60 % 60), to_bcd(secs % 60)]
    };
    let [r0, r1, r2] = face(&reading.right);
    let [l0, l1, l2] = face(&reading.left);
    let mut status = 0;
    status |= u8::from(reading.running);
    status |= if reading.turn == Some(ClockHand::Left) { 0x08 } else { 0 };
    status |= if reading.turn == Some(ClockHand::Right) { 0x10 } else { 0 };
    status |= if reading.battery_low { 0x04 } else { 0 };
    status |= if reading.no_clock { 0x20 } else { 0 };
    [r0, r1, r2, l0, l1, l2, status]
}

/// A message's bytes, as a board sends it.
pub fn encode(message: &Message) -> Vec<u8> {
    let (id, payload): (u8, Vec<u8>) = match message {
        Message::Board(fields) => (BOARD_DUMP, fields.iter().map(|c| code_of(*c)).collect()),
        Message::Field { field, cell } => (FIELD_UPDATE, vec![*field & 0x3f, code_of(*cell)]),
        Message::Clock(reading) => (CLOCK, clock_bytes(reading).to_vec()),
        Message::ClockAck => (CLOCK, vec![0x0a, 0x10, 0, 0x0a, 0, 0, 0]),
        Message::Serial(digits) => (SERIAL_NUMBER, digits.bytes().map(|b| b & 0x7f).collect()),
        Message::Version { major, minor } => (VERSION, vec![major & 0x7f, minor & 0x7f]),
        Message::Other { id, payload } => (*id | 0x80, payload.iter().map(|b| b & 0x7f).collect()),
    };
    let length = payload.len() + 3;
    let mut bytes = vec![id, (length >> 7) as u8 & 0x7f, length as u8 & 0x7f];
    bytes.extend(payload);
    bytes
}

/// A whole message's payload, checked against what its id must hold.
fn decode_message(id: u8, payload: &[u8]) -> Result<Message, DgtError> {
    let length = payload.len() + 3;
    let wrong = DgtError::WrongLength { id, length };
    let bad = DgtError::BadContent { id };
    match id {
        BOARD_DUMP => {
            let codes: &[u8; 64] = payload.try_into().map_err(|_| wrong)?;
            let mut fields = [Cell::Empty; 64];
            for (field, code) in fields.iter_mut().zip(codes) {
                *field = cell_from_code(*code).ok_or(bad)?;
            }
            Ok(Message::Board(fields))
        }
        FIELD_UPDATE => match *payload {
            [field, code] if field < 64 => Ok(Message::Field { field, cell: cell_from_code(code).ok_or(bad)? }),
            [_, _] => Err(bad),
            _ => Err(wrong),
        },
        CLOCK => {
            if payload.len() != 7 {
                return Err(wrong);
            }
            decode_clock(payload).ok_or(bad)
        }
        SERIAL_NUMBER => Ok(Message::Serial(payload.iter().map(|b| char::from(*b)).collect())),
        VERSION => match *payload {
            [major, minor] => Ok(Message::Version { major, minor }),
            _ => Err(wrong),
        },
        _ => Ok(Message::Other { id: id & 0x7f, payload: payload.to_vec() }),
    }
}

/// Cuts a board's bytes into messages, keeping a partial message for the next call. Never holds
/// more than [`MAX_MESSAGE`] bytes.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The message being read: id, length bytes, payload.
    message: Vec<u8>,
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Every message completed by `bytes`, in order, and what was dropped.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Result<Message, DgtError>> {
        let mut out = Vec::new();
        for &byte in bytes {
            if byte & 0x80 != 0 {
                if let Some(&id) = self.message.first() {
                    out.push(Err(DgtError::Truncated { id }));
                }
                self.message.clear();
                self.message.push(byte);
                continue;
            }
            let Some(&id) = self.message.first() else {
                out.push(Err(DgtError::Stray(byte)));
                continue;
            };
            self.message.push(byte);
            if self.message.len() < 3 {
                continue;
            }
            let length = usize::from(self.message[1]) << 7 | usize::from(self.message[2]);
            if !(3..=MAX_MESSAGE).contains(&length) {
                out.push(Err(DgtError::BadLength { id, length }));
                self.message.clear();
                continue;
            }
            if self.message.len() == length {
                out.push(decode_message(id, &self.message[3..]));
                self.message.clear();
            }
        }
        out
    }

    /// Forgets a partial message (after a reconnection it belongs to another connection).
    pub fn reset(&mut self) {
        self.message.clear();
    }
}

/// What a board reads from Anna: one-byte commands. Bytes that are no command are returned as
/// errors, for the simulator to report.
pub fn decode_commands(bytes: &[u8]) -> Vec<Result<u8, u8>> {
    bytes
        .iter()
        .map(|&b| match b {
            0x40..=0x4d | 0x55 => Ok(b),
            other => Err(other),
        })
        .collect()
}

/// The DGT protocol as a [`BoardProtocol`].
pub struct Dgt;

impl BoardProtocol for Dgt {
    fn id(&self) -> &'static str {
        "dgt"
    }
    fn name(&self) -> &'static str {
        "DGT board"
    }
    fn serial(&self) -> Serial {
        Serial { baud: Some(BAUD) }
    }
    fn is_sensor(&self) -> bool {
        true
    }
    fn wire(&self) -> Box<dyn Wire> {
        Box::new(DgtWire::default())
    }
    fn greeting(&self) -> Vec<u8> {
        vec![command::RESET, command::VERSION]
    }
    fn start(&self) -> Vec<u8> {
        vec![command::SEND_BOARD, command::UPDATE_NICE, command::SEND_CLOCK]
    }
    fn encode(&self, request: &PegRequest) -> Option<Vec<u8>> {
        match request.command {
            HostCommand::Query => Some(vec![command::SEND_BOARD]),
            _ => None,
        }
    }
    fn keepalive(&self) -> Option<(Vec<u8>, Duration)> {
        Some((vec![command::SERIAL_NUMBER], Duration::from_secs(2)))
    }
    fn board_end(&self) -> Box<dyn BoardEnd> {
        Box::new(DgtEnd::default())
    }
}

/// A DGT board in "nice" update mode: field updates as pieces move, the clock when it changes.
#[derive(Default)]
struct DgtWire {
    decoder: Decoder,
    /// The board as last dumped and updated, field 0 first; `None` until the first dump.
    fields: Option<[Cell; 64]>,
}

impl Wire for DgtWire {
    fn feed(&mut self, bytes: &[u8]) -> Vec<Result<BoardEvent, WireError>> {
        let mut out = Vec::new();
        for message in self.decoder.feed(bytes) {
            let event = match message {
                Err(e) => Err(WireError::garbled(e)),
                Ok(Message::Version { major, minor }) => {
                    Ok(BoardEvent::Hello { version: u32::from(major), name: format!("DGT board {major}.{minor:02}") })
                }
                Ok(Message::Board(fields)) => {
                    self.fields = Some(fields);
                    Ok(BoardEvent::Board(Snapshot::from_a8_first(&fields)))
                }
                Ok(Message::Field { field, cell }) => match &mut self.fields {
                    Some(fields) => {
                        fields[usize::from(field)] = cell;
                        Ok(BoardEvent::Board(Snapshot::from_a8_first(fields)))
                    }
                    // Before the first dump a change means nothing; the dump follows.
                    None => continue,
                },
                Ok(Message::Clock(reading)) => Ok(BoardEvent::Clock(reading)),
                Ok(_) => continue,
            };
            out.push(event);
        }
        out
    }
}

/// The serial number the simulated DGT board gives.
const SIMULATED_SERIAL: &str = "12345";

/// A DGT board's end: one-byte commands answered, changes sent in update mode, the clock plugged
/// into it.
#[derive(Default)]
struct DgtEnd {
    /// In update mode, every change is sent as it happens.
    updates: bool,
    /// The clock plugged into the board, if any.
    clock: Option<ClockReading>,
}

impl BoardEnd for DgtEnd {
    fn receive(&mut self, bytes: &[u8], board: Sensed<'_>) -> Answer {
        let mut answer = Answer::default();
        let mut garbled = Vec::new();
        for byte in decode_commands(bytes) {
            let (message, note) = match byte {
                Ok(command::RESET) => {
                    self.updates = false;
                    (None, "reset".to_string())
                }
                Ok(command::SEND_BOARD) => {
                    (Some(Message::Board(board.reported().a8_first())), "board sent".to_string())
                }
                Ok(command::UPDATE | command::UPDATE_NICE | command::UPDATE_BOARD) => {
                    self.updates = true;
                    (None, "update mode".to_string())
                }
                Ok(command::VERSION) => (Some(Message::Version { major: 1, minor: 7 }), "version sent".to_string()),
                Ok(command::SERIAL_NUMBER) => {
                    // Anna asks now and then whether the board is still there: not worth a note.
                    answer.bytes.extend(encode(&Message::Serial(SIMULATED_SERIAL.to_string())));
                    continue;
                }
                Ok(command::SEND_CLOCK) => {
                    let reading = self.clock.unwrap_or_else(|| ClockReading::parse("none").expect("a reading"));
                    (Some(Message::Clock(reading)), "clock sent".to_string())
                }
                Ok(other) => (None, format!("DGT command {other:#04x} ignored")),
                Err(byte) => {
                    garbled.push(format!("{byte:#04x}"));
                    continue;
                }
            };
            if let Some(message) = message {
                answer.bytes.extend(encode(&message));
            }
            answer.notes.push(Note::Asked(note));
        }
        if !garbled.is_empty() {
            answer.notes.push(Note::Garbled(garbled.join(" ")));
        }
        answer
    }

    fn changed(&mut self, change: &BoardEvent, board: Sensed<'_>) -> Vec<u8> {
        let (BoardEvent::Lifted(square) | BoardEvent::Placed(square)) = change else { return Vec::new() };
        if !self.updates {
            return Vec::new();
        }
        let field = super::a8_index(board.reported_square(*square)) as u8;
        let cell = board.board.piece_at(*square).map_or(Cell::Empty, Cell::Piece);
        encode(&Message::Field { field, cell })
    }

    fn clock(&mut self, reading: ClockReading) -> Vec<u8> {
        self.clock = Some(reading);
        if self.updates {
            encode(&Message::Clock(reading))
        } else {
            Vec::new()
        }
    }

    fn reset(&mut self) {}
}

#[cfg(test)]
mod tests;
