//! The Millennium ChessLink protocol ("Magic Chessboard" protocol, Dave Woodfield, 2017), as
//! Millennium's Exclusive and eONE boards speak it: 38400 baud, 7 data bits, odd parity, 1 stop bit.
//! The port is opened 8N1, as every peer opens it, and the parity bit is added here in software
//! ([`with_parity`]) and dropped on reading without being checked: a board bridged by a UART and a
//! native-USB board (no UART, no parity on the line) both work, and one that sends a wrong parity bit
//! is read all the same (the bytes are counted, [`Decoder::wrong_parity`]).
//! Pure code, both directions: Anna sends commands and reads replies; a board (or the simulator)
//! does the opposite. See `docs/boards.md` for the sources.
//!
//! Every message is printable ASCII: a letter, its data, and a block check of two upper-case hex
//! digits, the XOR of every character before it. There are no line ends: each message's length
//! follows from its letter. Commands are upper case, the board's replies the same letter in lower
//! case. A character's bit 7 is its parity bit: it is read without it.
//!
//! | command | reply | what |
//! |---|---|---|
//! | `V` | `v` + 4 hex digits | firmware version |
//! | `S` | `s` + 64 squares | the board: `KQRBNP` white, `kqrbnp` black, `.` empty; a8, b8 .. h8, a7 .. h1 |
//! | `L` + slot time (2 hex) + 81 LED patterns (2 hex each) | `l` | the LEDs, one at each corner of every square |
//! | `X` | `x` | all LEDs off |
//! | `W` + address + value (2 hex each) | `w` + address + value | write a setting (address 2: automatic reports) |
//! | `R` + address | `r` + address + value | read a setting |
//! | `T` | none | reset |
//!
//! ```
//! use anna_board::millennium::{self, Command, Reply};
//!
//! assert_eq!(millennium::encode_command(&Command::Version), b"V56");
//! let mut decoder = millennium::ReplyDecoder::new();
//! assert_eq!(decoder.feed(b"v010374"), vec![Ok(Reply::Version(0x0103))]);
//! ```

use std::fmt::Write as _;

use shakmaty::Square;

use super::codec::PegRequest;
use super::codec::{cell_char, cell_from_char};
use super::protocol::{Answer, BoardEnd, BoardProtocol, Note, Sensed, Serial, Wire, WireError};
use super::{BoardEvent, Cell, HostCommand, Snapshot};
use std::time::Duration;

/// The baud rate of a ChessLink board.
pub const BAUD: u32 = 38_400;

/// The setting of automatic status reports: on every change, debounced over 2 scans.
pub const AUTO_REPORTS: (u8, u8) = (0x02, 0x04);

/// A command from the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Version,
    Status,
    /// The slot time (units of 4.096 ms) and the 81 LED patterns, LED 1 (the a8 corner) first.
    Leds {
        slot: u8,
        leds: Box<[u8; 81]>,
    },
    Extinguish,
    Write {
        address: u8,
        value: u8,
    },
    Read {
        address: u8,
    },
    Reset,
}

/// A reply from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Version(u16),
    /// The 64 squares, a8 first, as the board sees them.
    Status([Cell; 64]),
    Leds,
    Extinguished,
    Written {
        address: u8,
        value: u8,
    },
    Read {
        address: u8,
        value: u8,
    },
}

/// Why characters from the wire were dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MillenniumError {
    /// A character where a message letter was due.
    #[error("a stray character {0:#04x} outside a ChessLink message")]
    Stray(u8),
    /// A whole message whose block check does not match.
    #[error("a ChessLink '{letter}' message with a wrong check")]
    BadCheck { letter: char },
    /// A message whose data is not what its letter holds.
    #[error("a malformed ChessLink '{letter}' message")]
    Malformed { letter: char },
}

/// The characters as they go on the wire: each with its odd parity in bit 7 (the board's serial
/// line is 7O1; the port is opened 8N1).
pub fn with_parity(characters: Vec<u8>) -> Vec<u8> {
    characters.into_iter().map(parity).collect()
}

/// A 7-bit character with its odd parity bit.
fn parity(character: u8) -> u8 {
    let character = character & 0x7f;
    if character.count_ones().is_multiple_of(2) {
        character | 0x80
    } else {
        character
    }
}

/// The block check: the XOR of every character.
pub fn check(text: &[u8]) -> u8 {
    text.iter().fold(0, |sum, b| sum ^ (b & 0x7f))
}

fn frame(text: String) -> Vec<u8> {
    let sum = check(text.as_bytes());
    format!("{text}{sum:02X}").into_bytes()
}

/// The LED pattern that lights `squares` (steady) and `blinking` ones: each square has an LED at
/// each of its four corners; LED 1 is at the a8 corner, LED 9 at a1, LED 73 at h8, LED 81 at h1.
pub fn leds(squares: &[Square], blinking: &[Square]) -> Box<[u8; 81]> {
    let mut leds = Box::new([0u8; 81]);
    let mut light = |square: Square, pattern: u8| {
        let (file, row) = (usize::from(square.file()), 7 - usize::from(square.rank()));
        for (c, r) in [(file, row), (file + 1, row), (file, row + 1), (file + 1, row + 1)] {
            leds[c * 9 + r] |= pattern;
        }
    };
    for square in squares {
        light(*square, 0xff);
    }
    for square in blinking {
        light(*square, 0xcc);
    }
    leds
}

/// A command's characters.
pub fn encode_command(command: &Command) -> Vec<u8> {
    frame(match command {
        Command::Version => "V".to_string(),
        Command::Status => "S".to_string(),
        Command::Leds { slot, leds } => {
            let mut text = format!("L{slot:02X}");
            for led in leds.iter() {
                let _ = write!(text, "{led:02X}");
            }
            text
        }
        Command::Extinguish => "X".to_string(),
        Command::Write { address, value } => format!("W{address:02X}{value:02X}"),
        Command::Read { address } => format!("R{address:02X}"),
        Command::Reset => "T".to_string(),
    })
}

/// A reply's characters, as a board sends them.
pub fn encode_reply(reply: &Reply) -> Vec<u8> {
    frame(match reply {
        Reply::Version(version) => format!("v{version:04X}"),
        Reply::Status(cells) => {
            let squares: String = cells.iter().map(|c| cell_char(*c)).collect();
            format!("s{squares}")
        }
        Reply::Leds => "l".to_string(),
        Reply::Extinguished => "x".to_string(),
        Reply::Written { address, value } => format!("w{address:02X}{value:02X}"),
        Reply::Read { address, value } => format!("r{address:02X}{value:02X}"),
    })
}

fn hex_byte(text: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(text).ok()?;
    (text.len() == 2).then(|| u8::from_str_radix(text, 16).ok()).flatten()
}

/// The whole length (letter, data, check) of a message with this letter.
fn reply_length(letter: u8) -> Option<usize> {
    match letter {
        b'v' | b'w' | b'r' => Some(7),
        b's' => Some(67),
        b'l' | b'x' => Some(3),
        _ => None,
    }
}

fn command_length(letter: u8) -> Option<usize> {
    match letter {
        b'V' | b'S' | b'X' | b'T' => Some(3),
        b'W' => Some(7),
        b'R' => Some(5),
        b'L' => Some(167),
        _ => None,
    }
}

fn decode_reply(message: &[u8]) -> Option<Reply> {
    let data = &message[1..message.len() - 2];
    match message[0] {
        b'v' => {
            let text = std::str::from_utf8(data).ok()?;
            u16::from_str_radix(text, 16).ok().map(Reply::Version)
        }
        b's' => {
            let mut cells = [Cell::Empty; 64];
            for (cell, c) in cells.iter_mut().zip(data) {
                // A board only knows its pieces: `?` is no ChessLink character.
                *cell = cell_from_char(char::from(*c)).filter(|c| *c != Cell::Occupied)?;
            }
            Some(Reply::Status(cells))
        }
        b'l' => Some(Reply::Leds),
        b'x' => Some(Reply::Extinguished),
        b'w' => Some(Reply::Written { address: hex_byte(&data[..2])?, value: hex_byte(&data[2..])? }),
        b'r' => Some(Reply::Read { address: hex_byte(&data[..2])?, value: hex_byte(&data[2..])? }),
        _ => None,
    }
}

fn decode_command(message: &[u8]) -> Option<Command> {
    let data = &message[1..message.len() - 2];
    match message[0] {
        b'V' => Some(Command::Version),
        b'S' => Some(Command::Status),
        b'X' => Some(Command::Extinguish),
        b'T' => Some(Command::Reset),
        b'W' => Some(Command::Write { address: hex_byte(&data[..2])?, value: hex_byte(&data[2..])? }),
        b'R' => Some(Command::Read { address: hex_byte(data)? }),
        b'L' => {
            let slot = hex_byte(&data[..2])?;
            let mut leds = Box::new([0u8; 81]);
            for (led, pair) in leds.iter_mut().zip(data[2..].chunks(2)) {
                *led = hex_byte(pair)?;
            }
            Some(Command::Leds { slot, leds })
        }
        _ => None,
    }
}

/// Cuts characters into messages of one direction. A message is taken only when its block check
/// matches; otherwise its first character is dropped and reading starts again at the next
/// letter, so noise costs at most the message it fell into.
#[derive(Debug)]
pub struct Decoder<T> {
    buffer: Vec<u8>,
    length: fn(u8) -> Option<usize>,
    decode: fn(&[u8]) -> Option<T>,
    wrong_parity: u64,
}

/// What Anna reads from a board.
pub type ReplyDecoder = Decoder<Reply>;
/// What a board reads from Anna.
pub type CommandDecoder = Decoder<Command>;

impl ReplyDecoder {
    pub fn new() -> ReplyDecoder {
        Decoder { buffer: Vec::new(), length: reply_length, decode: decode_reply, wrong_parity: 0 }
    }
}

impl Default for ReplyDecoder {
    fn default() -> Self {
        ReplyDecoder::new()
    }
}

impl CommandDecoder {
    pub fn commands() -> CommandDecoder {
        Decoder { buffer: Vec::new(), length: command_length, decode: decode_command, wrong_parity: 0 }
    }
}

impl<T> Decoder<T> {
    /// The bytes read so far whose parity bit was wrong (each read all the same).
    pub fn wrong_parity(&self) -> u64 {
        self.wrong_parity
    }

    /// Every message completed by `bytes`, in order, and what was dropped.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Result<T, MillenniumError>> {
        let mut out = Vec::new();
        for &byte in bytes {
            // Read whatever the parity bit says (some boards send a wrong one), and counted.
            if parity(byte) != byte {
                self.wrong_parity += 1;
            }
            let byte = byte & 0x7f;
            if self.buffer.is_empty() && (self.length)(byte).is_none() {
                // Line ends some terminals add are not worth a word.
                if !matches!(byte, b'\r' | b'\n') {
                    out.push(Err(MillenniumError::Stray(byte)));
                }
                continue;
            }
            self.buffer.push(byte);
            while let Some(result) = self.take() {
                out.push(result);
            }
        }
        out
    }

    /// One message from the front of the buffer, once it is whole.
    fn take(&mut self) -> Option<Result<T, MillenniumError>> {
        let letter = *self.buffer.first()?;
        let length = (self.length)(letter)?;
        if self.buffer.len() < length {
            return None;
        }
        let message: Vec<u8> = self.buffer[..length].to_vec();
        let found = hex_byte(&message[length - 2..]);
        let result = if found == Some(check(&message[..length - 2])) {
            self.buffer.drain(..length);
            (self.decode)(&message).ok_or(MillenniumError::Malformed { letter: char::from(letter) })
        } else {
            // Start again at the next letter after this one.
            self.buffer.remove(0);
            let next = self.buffer.iter().position(|b| (self.length)(*b).is_some()).unwrap_or(self.buffer.len());
            self.buffer.drain(..next);
            Err(MillenniumError::BadCheck { letter: char::from(letter) })
        };
        Some(result)
    }

    /// Forgets a partial message.
    pub fn reset(&mut self) {
        self.buffer.clear();
    }
}

/// The ChessLink protocol as a [`BoardProtocol`].
pub struct Millennium;

impl BoardProtocol for Millennium {
    fn id(&self) -> &'static str {
        "millennium"
    }
    fn also_called(&self) -> &'static [&'static str] {
        &["chesslink"]
    }
    fn name(&self) -> &'static str {
        "Millennium ChessLink board"
    }
    fn serial(&self) -> Serial {
        Serial { baud: Some(BAUD) }
    }
    fn is_sensor(&self) -> bool {
        true
    }
    fn wire(&self) -> Box<dyn Wire> {
        Box::new(ReplyDecoder::new())
    }
    fn greeting(&self) -> Vec<u8> {
        with_parity(encode_command(&Command::Version))
    }
    fn start(&self) -> Vec<u8> {
        let (address, value) = AUTO_REPORTS;
        let mut bytes = encode_command(&Command::Write { address, value });
        bytes.extend(encode_command(&Command::Extinguish));
        bytes.extend(encode_command(&Command::Status));
        with_parity(bytes)
    }
    fn encode(&self, request: &PegRequest) -> Option<Vec<u8>> {
        let command = match &request.command {
            HostCommand::Hello { .. } => Command::Version,
            HostCommand::Query => Command::Status,
            HostCommand::Clear => Command::Extinguish,
            HostCommand::ShowMove { from, to, captured, rook } => {
                let mut lit = vec![*from, *to];
                lit.extend(captured.iter().filter(|c| *c != to));
                lit.extend(rook.iter().flat_map(|(f, t)| [*f, *t]));
                Command::Leds { slot: 0x20, leds: leds(&lit, &[]) }
            }
            HostCommand::Invalid(square) => Command::Leds { slot: 0x20, leds: leds(&[], &[*square]) },
        };
        Some(with_parity(encode_command(&command)))
    }
    fn keepalive(&self) -> Option<(Vec<u8>, Duration)> {
        Some((with_parity(encode_command(&Command::Version)), Duration::from_secs(2)))
    }
    fn board_end(&self) -> Box<dyn BoardEnd> {
        Box::new(MillenniumEnd::default())
    }
}

/// A ChessLink board reporting its status on every change.
impl Wire for ReplyDecoder {
    fn wrong_parity(&self) -> u64 {
        Decoder::wrong_parity(self)
    }
    fn feed(&mut self, bytes: &[u8]) -> Vec<Result<BoardEvent, WireError>> {
        let mut out = Vec::new();
        for reply in Decoder::feed(self, bytes) {
            out.push(match reply {
                Err(e) => Err(WireError::garbled(e)),
                Ok(Reply::Version(version)) => Ok(BoardEvent::Hello {
                    version: u32::from(version),
                    name: format!("Millennium ChessLink {}.{:02}", version >> 8, version & 0xff),
                }),
                Ok(Reply::Status(cells)) => Ok(BoardEvent::Board(Snapshot::from_a8_first(&cells))),
                Ok(_) => continue,
            });
        }
        out
    }
}

/// A ChessLink board's end: commands answered, the whole board sent on every change once Anna
/// switched automatic reports on.
struct MillenniumEnd {
    commands: CommandDecoder,
    /// The settings memory.
    eeprom: [u8; 256],
    /// The automatic status reports Anna switched on.
    auto_reports: bool,
    /// Reports held back while moves are made faster than the board scans.
    holding: bool,
}

impl Default for MillenniumEnd {
    fn default() -> Self {
        MillenniumEnd { commands: CommandDecoder::commands(), eeprom: [0; 256], auto_reports: false, holding: false }
    }
}

impl BoardEnd for MillenniumEnd {
    fn receive(&mut self, bytes: &[u8], board: Sensed<'_>) -> Answer {
        let mut answer = Answer::default();
        for command in self.commands.feed(bytes) {
            let (reply, note) = match command {
                // Anna asks now and then whether the board is still there: not worth a note.
                Ok(Command::Version) => (Some(Reply::Version(0x0103)), None),
                Ok(Command::Status) => {
                    (Some(Reply::Status(board.reported().a8_first())), Some("board sent".to_string()))
                }
                Ok(Command::Extinguish) => (Some(Reply::Extinguished), Some("lights off".to_string())),
                Ok(Command::Leds { leds, .. }) => {
                    (Some(Reply::Leds), Some(format!("lights {}", lit_squares(&leds, board.turned))))
                }
                Ok(Command::Write { address, value }) => {
                    self.eeprom[usize::from(address)] = value;
                    if address == AUTO_REPORTS.0 {
                        // 001 is off; every other setting reports by itself.
                        self.auto_reports = value & 0x07 != 0x01;
                    }
                    (Some(Reply::Written { address, value }), Some(format!("setting {address:02X} = {value:02X}")))
                }
                Ok(Command::Read { address }) => {
                    let value = self.eeprom[usize::from(address)];
                    (Some(Reply::Read { address, value }), Some(format!("setting {address:02X} read")))
                }
                Ok(Command::Reset) => {
                    self.auto_reports = false;
                    (None, Some("reset".to_string()))
                }
                Err(error) => {
                    answer.notes.push(Note::Garbled(error.to_string()));
                    continue;
                }
            };
            if let Some(reply) = reply {
                answer.bytes.extend(with_parity(encode_reply(&reply)));
            }
            answer.notes.extend(note.map(Note::Asked));
        }
        answer
    }

    fn changed(&mut self, _change: &BoardEvent, board: Sensed<'_>) -> Vec<u8> {
        if self.auto_reports && !self.holding {
            with_parity(encode_reply(&Reply::Status(board.reported().a8_first())))
        } else {
            Vec::new()
        }
    }

    fn hold(&mut self, holding: bool) {
        self.holding = holding;
    }

    fn reset(&mut self) {
        self.commands.reset();
    }
}

/// The squares lit, as the board stands: those whose four corner lights are all on, less those
/// lit only because their neighbours are (e3 between e2 and e4).
fn lit_squares(leds: &[u8; 81], board_turned: bool) -> String {
    let corners = |square: Square| {
        let (file, row) = (usize::from(square.file()), 7 - usize::from(square.rank()));
        [(file, row), (file + 1, row), (file, row + 1), (file + 1, row + 1)].map(|(c, r)| c * 9 + r)
    };
    let lit: Vec<Square> = Square::ALL.into_iter().filter(|s| corners(*s).iter().all(|i| leds[*i] != 0)).collect();
    let mut squares: Vec<String> = lit
        .iter()
        .filter(|s| {
            let others: Vec<usize> = lit.iter().filter(|o| o != s).flat_map(|o| corners(*o)).collect();
            !corners(**s).iter().all(|i| others.contains(i))
        })
        .map(|s| if board_turned { super::turned_square(*s) } else { *s }.to_string())
        .collect();
    squares.sort();
    if squares.is_empty() {
        "none".to_string()
    } else {
        squares.join(" ")
    }
}

#[cfg(test)]
mod tests;
