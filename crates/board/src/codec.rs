//! Anna's peg-board protocol, version 1: short ASCII lines in the spirit of the DIY boards, each
//! with a checksum. Pure code: bytes in, values out, values in, bytes out, in both directions
//! (Anna encodes [`HostCommand`]s and decodes [`BoardEvent`]s; a board, or the simulator, does the
//! opposite), so a maker can test a board's lines against the same code Anna runs.
//!
//! # Lines
//!
//! Every line is printable ASCII (bytes 0x20 to 0x7E), at most [`MAX_LINE`] bytes, and ends with
//! `\n` (`\r\n` and a lone `\r` are accepted too; empty lines are ignored). The line is a payload
//! followed by `*` and its checksum: two hexadecimal digits (upper case when sent, either case
//! accepted) of the XOR of every payload byte, as in NMEA 0183. In C:
//!
//! ```c
//! uint8_t sum = 0;
//! for (const char *p = payload; *p; p++) sum ^= (uint8_t)*p;
//! printf("%s*%02X\n", payload, sum);
//! ```
//!
//! A line whose checksum does not match, that is too long, holds other bytes, or is not one of
//! the messages below is rejected as a whole ([`LineError`]); reading goes on with the next line,
//! so a burst of noise costs at most the line it fell into. The payload never holds `*`.
//!
//! Squares are written in lower case, file then rank (`a1` .. `h8`). Numbers are decimal, 1 to
//! 10 digits, at most 4294967295.
//!
//! # From the board to Anna ([`BoardEvent`])
//!
//! | line | meaning |
//! |---|---|
//! | `H1 Anna peg board*71` | hello: the protocol version the board speaks (`1`), a space and its name (up to [`MAX_NAME`] characters; the space and name may be left out: `H1*79`). Sent in answer to Anna's hello. |
//! | `-e2*7A` | a piece was lifted out of e2 (a touch, FIDE D.2.2) |
//! | `+e4*7A` | a piece was put into e4 |
//! | `SRNBQKBNRPPPPPPPP................................pppppppprnbqkbnr*53` | the whole board: `S` and 64 characters, one a square in the order a1, b1, .. h1, a2, .. h8 (the `n`th character is square `n`, file `n % 8`, rank `n / 8`): `.` an empty hole, `?` a hole with a piece the board cannot tell, or the piece as in FEN (`PNBRQK` white, `pnbrqk` black). A board with reed switches only sends `.` and `?`: `S????????????????................................????????????????*53`. |
//! | `A7*76` | acknowledged: the host command numbered 7 was carried out |
//!
//! # From Anna to the board ([`HostCommand`], numbered in a [`PegRequest`])
//!
//! Every command but the hello carries a sequence number right after its letter. The board answers
//! each numbered command with `A` and the same number once it has carried it out (after the `S`
//! line for a query). A command received twice (Anna sends it again when no `A` came) is carried
//! out again and acknowledged again.
//!
//! | line | meaning |
//! |---|---|
//! | `H1*79` | hello: the protocol version Anna speaks. The board answers with its own hello (`H1 name`). Anna sends it on every (re)connection, and again every second until answered (a board may still be starting). |
//! | `M7 e2e4*5C` | show move 7: from e2 to e4, for the player to carry out |
//! | `M8 d4e5 xe5*5D` | a capture: `x` and the square of the captured piece |
//! | `M9 e5d6 xd5*5F` | an en passant capture: the captured pawn is not on the arrival square |
//! | `M10 e1g1 rh1f1*32` | a castling: the king's move, then `r` and the rook's move |
//! | `I12 e4*3B` | mark e4 as wrong (a lift or placement that is not part of a legal move) |
//! | `C13*41` | clear every mark and shown move |
//! | `Q14*54` | query: send the whole board (`S...`), then `A14` |
//!
//! A line a board cannot read it drops without an answer: with no `A` coming, Anna sends the
//! command again. A board that speaks another version answers the hello with its own version
//! number; Anna then does not use it.
//!
//! # In code
//!
//! ```
//! use anna_board::codec::{self, EventDecoder, PegRequest};
//! use anna_board::{BoardEvent, HostCommand};
//! use shakmaty::Square;
//!
//! let line = codec::encode_request(&PegRequest { seq: 7, command: HostCommand::ShowMove {
//!     from: Square::E2, to: Square::E4, captured: None, rook: None } });
//! assert_eq!(line, b"M7 e2e4*5C\n");
//!
//! let mut decoder = EventDecoder::new();
//! let events = decoder.feed(b"-e2*7A\r\n+e4*7B\n+e4*7A\n");
//! assert_eq!(events[0], Ok(BoardEvent::Lifted(Square::E2)));
//! assert!(events[1].is_err()); // a corrupted checksum
//! assert_eq!(events[2], Ok(BoardEvent::Placed(Square::E4)));
//! ```

use std::fmt::{self, Write as _};
use std::marker::PhantomData;

use shakmaty::{File, Piece, Rank, Square};

use super::protocol::{Answer, BoardEnd, BoardProtocol, Note, Sensed, Serial, Wire, WireError};
use super::{BoardEvent, Cell, HostCommand, Snapshot};

/// The protocol version this module speaks.
pub const VERSION: u32 = 1;

/// The longest line, in bytes, without its line end (the checksum counts).
pub const MAX_LINE: usize = 96;

/// The longest board name in a hello.
pub const MAX_NAME: usize = 32;

/// A host command with the sequence number the board acknowledges. The hello carries no number
/// on the wire: it is encoded without `seq` and decoded with `seq` 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PegRequest {
    pub seq: u32,
    pub command: HostCommand,
}

/// Why a line was rejected. The line is dropped; reading goes on with the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Longer than [`MAX_LINE`]; the rest, up to the next line end, was skipped.
    TooLong,
    /// A byte that is not printable ASCII.
    NotAscii,
    /// No `*` followed by two hexadecimal digits at the end.
    NoChecksum,
    /// The checksum does not match the payload: the line was corrupted on its way.
    BadChecksum { expected: u8, found: u8 },
    /// Nothing before the checksum.
    Empty,
    /// A message letter this protocol does not have.
    Unknown(char),
    /// The message letter is known, what follows it is not what that message holds.
    Malformed(char),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong => write!(f, "a line longer than {MAX_LINE} bytes"),
            LineError::NotAscii => write!(f, "a line with bytes that are not printable ASCII"),
            LineError::NoChecksum => write!(f, "a line without a checksum (*XX) at its end"),
            LineError::BadChecksum { expected, found } => {
                write!(f, "a line with the checksum {found:02X} where {expected:02X} was due")
            }
            LineError::Empty => write!(f, "an empty message"),
            LineError::Unknown(letter) => write!(f, "an unknown message '{letter}'"),
            LineError::Malformed(letter) => write!(f, "a malformed '{letter}' message"),
        }
    }
}

impl std::error::Error for LineError {}

/// The XOR of the payload's bytes.
pub fn checksum(payload: &[u8]) -> u8 {
    payload.iter().fold(0, |sum, byte| sum ^ byte)
}

/// A payload framed as a whole line: payload, `*`, checksum, `\n`.
fn frame(payload: &str) -> Vec<u8> {
    let mut line = Vec::with_capacity(payload.len() + 4);
    line.extend_from_slice(payload.as_bytes());
    line.extend_from_slice(format!("*{:02X}\n", checksum(payload.as_bytes())).as_bytes());
    line
}

/// A board's line. Characters of a hello's name that a line cannot hold (not printable ASCII, or
/// `*`) are sent as `?`, and the name is cut to [`MAX_NAME`] characters.
/// Anna's protocol carries no clock: a clock's reading is no line.
pub fn encode_event(event: &BoardEvent) -> Vec<u8> {
    let payload = match event {
        BoardEvent::Clock(_) => return Vec::new(),
        BoardEvent::Hello { version, name } if name.is_empty() => format!("H{version}"),
        BoardEvent::Hello { version, name } => {
            let name: String = name
                .chars()
                .take(MAX_NAME)
                .map(|c| if c.is_ascii() && printable(c as u8) && c != '*' { c } else { '?' })
                .collect();
            format!("H{version} {name}")
        }
        BoardEvent::Lifted(square) => format!("-{square}"),
        BoardEvent::Placed(square) => format!("+{square}"),
        BoardEvent::Board(snapshot) => format!("S{}", snapshot_chars(snapshot)),
        BoardEvent::Ack(seq) => format!("A{seq}"),
    };
    frame(&payload)
}

/// Anna's line for a command.
pub fn encode_request(request: &PegRequest) -> Vec<u8> {
    let seq = request.seq;
    let payload = match &request.command {
        HostCommand::Hello { version } => format!("H{version}"),
        HostCommand::ShowMove { from, to, captured, rook } => {
            let mut payload = format!("M{seq} {from}{to}");
            if let Some(square) = captured {
                let _ = write!(payload, " x{square}");
            }
            if let Some((from, to)) = rook {
                let _ = write!(payload, " r{from}{to}");
            }
            payload
        }
        HostCommand::Invalid(square) => format!("I{seq} {square}"),
        HostCommand::Clear => format!("C{seq}"),
        HostCommand::Query => format!("Q{seq}"),
    };
    frame(&payload)
}

/// The 64 characters of a snapshot, a1 first (see the module's table).
pub fn snapshot_chars(snapshot: &Snapshot) -> String {
    snapshot.0.iter().map(|cell| cell_char(*cell)).collect()
}

/// The character of one hole: `.`, `?`, or the piece's FEN letter.
pub fn cell_char(cell: Cell) -> char {
    match cell {
        Cell::Empty => '.',
        Cell::Occupied => '?',
        Cell::Piece(piece) => piece.char(),
    }
}

/// The hole a character stands for, if it is one.
pub fn cell_from_char(c: char) -> Option<Cell> {
    match c {
        '.' => Some(Cell::Empty),
        '?' => Some(Cell::Occupied),
        c => Piece::from_char(c).map(Cell::Piece),
    }
}

fn printable(byte: u8) -> bool {
    (0x20..=0x7e).contains(&byte)
}

/// The payload of one line (without its line end), once its bytes and checksum are checked.
fn payload(line: &[u8]) -> Result<&str, LineError> {
    if line.len() > MAX_LINE {
        return Err(LineError::TooLong);
    }
    if !line.iter().all(|b| printable(*b)) {
        return Err(LineError::NotAscii);
    }
    let star = line.iter().position(|b| *b == b'*').ok_or(LineError::NoChecksum)?;
    let (payload, sum) = (&line[..star], &line[star + 1..]);
    let found = match sum {
        [high, low] => hex(*high).zip(hex(*low)).map(|(h, l)| h << 4 | l).ok_or(LineError::NoChecksum)?,
        _ => return Err(LineError::NoChecksum),
    };
    let expected = checksum(payload);
    if found != expected {
        return Err(LineError::BadChecksum { expected, found });
    }
    if payload.is_empty() {
        return Err(LineError::Empty);
    }
    // Printable ASCII was checked above.
    std::str::from_utf8(payload).map_err(|_| LineError::NotAscii)
}

fn hex(digit: u8) -> Option<u8> {
    char::from(digit).to_digit(16).map(|d| d as u8)
}

/// A number of 1 to 10 decimal digits that fits a `u32`.
fn number(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 10 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
            Some(Square::from_coords(File::new(u32::from(file - b'a')), Rank::new(u32::from(rank - b'1'))))
        }
        _ => None,
    }
}

/// Two squares written together (`e2e4`).
fn squares(text: &str) -> Option<(Square, Square)> {
    if text.len() != 4 || !text.is_ascii() {
        return None;
    }
    Some((square(&text[..2])?, square(&text[2..])?))
}

/// Reads one board line (without its line end) as [`BoardEvent`].
pub fn decode_event(line: &[u8]) -> Result<BoardEvent, LineError> {
    let payload = payload(line)?;
    let letter = payload.chars().next().ok_or(LineError::Empty)?;
    let rest = &payload[1..];
    let malformed = LineError::Malformed(letter);
    match letter {
        'H' => {
            let (version, name) = rest.split_once(' ').unwrap_or((rest, ""));
            let version = number(version).ok_or(malformed)?;
            if name.len() > MAX_NAME {
                return Err(malformed);
            }
            Ok(BoardEvent::Hello { version, name: name.to_string() })
        }
        '-' => square(rest).map(BoardEvent::Lifted).ok_or(malformed),
        '+' => square(rest).map(BoardEvent::Placed).ok_or(malformed),
        'S' => {
            if rest.len() != 64 {
                return Err(malformed);
            }
            let mut cells = [Cell::Empty; 64];
            for (cell, c) in cells.iter_mut().zip(rest.chars()) {
                *cell = cell_from_char(c).ok_or(malformed)?;
            }
            Ok(BoardEvent::Board(Snapshot(cells)))
        }
        'A' => number(rest).map(BoardEvent::Ack).ok_or(malformed),
        other => Err(LineError::Unknown(other)),
    }
}

/// Reads one of Anna's lines (without its line end) as a [`PegRequest`], as a board does.
pub fn decode_request(line: &[u8]) -> Result<PegRequest, LineError> {
    let payload = payload(line)?;
    let letter = payload.chars().next().ok_or(LineError::Empty)?;
    let rest = &payload[1..];
    let malformed = LineError::Malformed(letter);
    if letter == 'H' {
        let version = number(rest).ok_or(malformed)?;
        return Ok(PegRequest { seq: 0, command: HostCommand::Hello { version } });
    }
    if !matches!(letter, 'M' | 'I' | 'C' | 'Q') {
        return Err(LineError::Unknown(letter));
    }
    let mut words = rest.split(' ');
    let seq = words.next().and_then(number).ok_or(malformed)?;
    let args: Vec<&str> = words.collect();
    let command = match (letter, args.as_slice()) {
        ('M', [mv, extra @ ..]) if extra.len() <= 2 => {
            let (from, to) = squares(mv).ok_or(malformed)?;
            let (mut captured, mut rook) = (None, None);
            for word in extra {
                match (word.strip_prefix('x'), word.strip_prefix('r')) {
                    (Some(square_text), _) if captured.is_none() && rook.is_none() => {
                        captured = Some(square(square_text).ok_or(malformed)?);
                    }
                    (_, Some(squares_text)) if rook.is_none() => rook = Some(squares(squares_text).ok_or(malformed)?),
                    _ => return Err(malformed),
                }
            }
            HostCommand::ShowMove { from, to, captured, rook }
        }
        ('I', [square_text]) => HostCommand::Invalid(square(square_text).ok_or(malformed)?),
        ('C', []) => HostCommand::Clear,
        ('Q', []) => HostCommand::Query,
        _ => return Err(malformed),
    };
    Ok(PegRequest { seq, command })
}

/// What a line decodes into: [`BoardEvent`] for Anna, [`PegRequest`] for a board.
pub trait Message: Sized {
    fn decode(line: &[u8]) -> Result<Self, LineError>;
    fn encode(&self) -> Vec<u8>;
}

impl Message for BoardEvent {
    fn decode(line: &[u8]) -> Result<Self, LineError> {
        decode_event(line)
    }
    fn encode(&self) -> Vec<u8> {
        encode_event(self)
    }
}

impl Message for PegRequest {
    fn decode(line: &[u8]) -> Result<Self, LineError> {
        decode_request(line)
    }
    fn encode(&self) -> Vec<u8> {
        encode_request(self)
    }
}

/// Cuts a byte stream into lines and decodes each, keeping a partial line for the next call.
/// Never holds more than [`MAX_LINE`] bytes: a longer line is reported once as
/// [`LineError::TooLong`] and skipped up to its end.
#[derive(Debug)]
pub struct Decoder<T> {
    line: Vec<u8>,
    skipping: bool,
    message: PhantomData<fn() -> T>,
}

/// What Anna reads from a board.
pub type EventDecoder = Decoder<BoardEvent>;
/// What a board reads from Anna.
pub type RequestDecoder = Decoder<PegRequest>;

impl<T: Message> Default for Decoder<T> {
    fn default() -> Self {
        Decoder { line: Vec::with_capacity(MAX_LINE), skipping: false, message: PhantomData }
    }
}

impl<T: Message> Decoder<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Every line completed by `bytes`, decoded, in order.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Result<T, LineError>> {
        let mut out = Vec::new();
        for &byte in bytes {
            if byte == b'\n' || byte == b'\r' {
                if !self.skipping && !self.line.is_empty() {
                    out.push(T::decode(&self.line));
                }
                self.line.clear();
                self.skipping = false;
            } else if self.skipping {
            } else if self.line.len() == MAX_LINE {
                out.push(Err(LineError::TooLong));
                self.line.clear();
                self.skipping = true;
            } else {
                self.line.push(byte);
            }
        }
        out
    }

    /// Forgets a partial line (after a reconnection its start belongs to another connection).
    pub fn reset(&mut self) {
        self.line.clear();
        self.skipping = false;
    }
}

/// Anna's peg-board protocol as a [`BoardProtocol`].
pub struct Anna;

impl BoardProtocol for Anna {
    fn id(&self) -> &'static str {
        "anna"
    }
    fn also_called(&self) -> &'static [&'static str] {
        &["peg"]
    }
    fn name(&self) -> &'static str {
        "peg board"
    }
    fn serial(&self) -> Serial {
        // A board a maker builds runs at whatever rate he flashed: `--board-baud` says.
        Serial { baud: None }
    }
    fn is_sensor(&self) -> bool {
        false
    }
    fn wire(&self) -> Box<dyn Wire> {
        Box::new(EventDecoder::new())
    }
    fn greeting(&self) -> Vec<u8> {
        encode_request(&PegRequest { seq: 0, command: HostCommand::Hello { version: VERSION } })
    }
    fn start(&self) -> Vec<u8> {
        Vec::new()
    }
    fn encode(&self, request: &PegRequest) -> Option<Vec<u8>> {
        Some(encode_request(request))
    }
    fn acknowledges(&self) -> bool {
        true
    }
    fn board_end(&self) -> Box<dyn BoardEnd> {
        Box::new(RequestDecoder::new())
    }
}

impl Wire for EventDecoder {
    fn feed(&mut self, bytes: &[u8]) -> Vec<Result<BoardEvent, WireError>> {
        let version_ok = |event| match event {
            BoardEvent::Hello { version, .. } if version != VERSION => {
                Err(WireError::Version { board: version, ours: VERSION })
            }
            event => Ok(event),
        };
        Decoder::feed(self, bytes)
            .into_iter()
            .map(|line| line.map_err(WireError::garbled).and_then(version_ok))
            .collect()
    }
}

/// A peg board's end: every command acknowledged once carried out, the hello answered with the
/// board's own.
impl BoardEnd for RequestDecoder {
    fn receive(&mut self, bytes: &[u8], board: Sensed<'_>) -> Answer {
        let mut answer = Answer::default();
        for line in Decoder::feed(self, bytes) {
            let request = match line {
                Ok(request) => request,
                Err(error) => {
                    answer.notes.push(Note::Rejected(error));
                    continue;
                }
            };
            match &request.command {
                HostCommand::Hello { .. } => {
                    let hello = BoardEvent::Hello { version: VERSION, name: board.name.to_string() };
                    answer.bytes.extend(encode_event(&hello));
                }
                HostCommand::Query => answer.bytes.extend(encode_event(&BoardEvent::Board(board.snapshot()))),
                HostCommand::ShowMove { .. } | HostCommand::Invalid(_) | HostCommand::Clear => {}
            }
            if !matches!(request.command, HostCommand::Hello { .. }) {
                answer.bytes.extend(encode_event(&BoardEvent::Ack(request.seq)));
            }
            answer.notes.push(Note::Command(request));
        }
        answer
    }

    fn changed(&mut self, change: &BoardEvent, _board: Sensed<'_>) -> Vec<u8> {
        encode_event(change)
    }

    fn reset(&mut self) {
        Decoder::reset(self);
    }
}

#[cfg(test)]
mod tests;
