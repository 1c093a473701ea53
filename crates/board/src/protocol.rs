//! What a board protocol is, and the list of those Anna speaks.
//!
//! A protocol is one file that implements [`BoardProtocol`]: how to greet the board, what bytes
//! carry a [`HostCommand`], what the board's bytes mean as [`BoardEvent`]s (its [`Wire`]), and the
//! board's own end of it for the simulator (its [`BoardEnd`]). The serial link, the simulator and
//! the application use a [`Protocol`] without knowing which one it is. A new protocol is a new
//! file beside `codec.rs`, `dgt.rs` and `millennium.rs`, and one line in [`Protocol::ALL`].

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::str::FromStr;
use std::time::Duration;

use shakmaty::{Board, Square};

use super::codec::{LineError, PegRequest};
use super::{BoardEvent, Cell, ClockReading, HostCommand, Snapshot};
use anna_core::bad_value::BadValue;

/// A protocol's serial settings. Every port is opened 8N1: a protocol whose line has a parity bit
/// (ChessLink's 7O1) adds it in software, as a native-USB board has no UART to add it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Serial {
    /// The baud rate; `None` when the board is built to any rate (`--board-baud` chooses).
    pub baud: Option<u32>,
}

/// One board protocol: Anna's end of it and, for the simulator, the board's end.
pub trait BoardProtocol: Sync {
    /// The word that names it on the command line (`--board-protocol dgt`) and in messages to
    /// people who typed it.
    fn id(&self) -> &'static str;
    /// Other words that name it on the command line.
    fn also_called(&self) -> &'static [&'static str] {
        &[]
    }
    /// The name a person knows it by.
    fn name(&self) -> &'static str;
    fn serial(&self) -> Serial;
    /// Whether the board senses the pieces themselves and has no pegs: no touch (D.2.2), the
    /// position read whole.
    fn is_sensor(&self) -> bool;
    /// Anna's reading end, for a new connection.
    fn wire(&self) -> Box<dyn Wire>;
    /// What to send on (re)connection, and again while the board has not answered it.
    fn greeting(&self) -> Vec<u8>;
    /// What to send once the board answered: ask for the whole board, switch reports on. A
    /// protocol that [acknowledges](BoardProtocol::acknowledges) is asked with a numbered query.
    fn start(&self) -> Vec<u8>;
    /// The bytes of a command; `None` when this board has no such thing (a DGT board has no lights).
    fn encode(&self, request: &PegRequest) -> Option<Vec<u8>>;
    /// The board acknowledges numbered commands, which are sent again until it does.
    fn acknowledges(&self) -> bool {
        false
    }
    /// A board that reports only changes is asked this now and then, so that a board gone silent
    /// is noticed: the bytes and how often.
    fn keepalive(&self) -> Option<(Vec<u8>, Duration)> {
        None
    }
    /// The board's end, as the simulator plays it.
    fn board_end(&self) -> Box<dyn BoardEnd>;
}

/// A board protocol, as the rest of Anna holds it: a copyable handle, compared by its id.
#[derive(Clone, Copy)]
pub struct Protocol(&'static dyn BoardProtocol);

impl Protocol {
    /// Anna's own peg-board protocol, version 1 (`codec.rs`).
    pub const ANNA: Protocol = Protocol(&super::codec::Anna);
    /// DGT e-boards (`dgt.rs`).
    pub const DGT: Protocol = Protocol(&super::dgt::Dgt);
    /// Millennium ChessLink boards (`millennium.rs`).
    pub const MILLENNIUM: Protocol = Protocol(&super::millennium::Millennium);

    /// Every protocol, in the order `--board` tries them when none is named.
    pub const ALL: &'static [Protocol] = &[Protocol::ANNA, Protocol::DGT, Protocol::MILLENNIUM];
}

impl Deref for Protocol {
    type Target = dyn BoardProtocol;
    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for Protocol {
    fn eq(&self, other: &Protocol) -> bool {
        self.id() == other.id()
    }
}

impl Eq for Protocol {}

impl Hash for Protocol {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id().hash(state);
    }
}

impl fmt::Debug for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Protocol({})", self.id())
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Protocol {
    type Err = BadValue;
    fn from_str(text: &str) -> Result<Protocol, BadValue> {
        let word = text.trim().to_ascii_lowercase();
        Protocol::ALL
            .iter()
            .copied()
            .find(|p| p.id() == word || p.also_called().contains(&word.as_str()))
            .ok_or_else(|| BadValue::new(text, "board-protocol"))
    }
}

/// Bytes a board sent that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// Dropped; reading goes on.
    #[error("{0}")]
    Garbled(String),
    /// The board answered the greeting in a version of the protocol Anna does not speak: the
    /// connection ends.
    #[error("the board speaks protocol version {board}, Anna speaks {ours}")]
    Version { board: u32, ours: u32 },
}

impl WireError {
    pub fn garbled(error: impl fmt::Display) -> WireError {
        WireError::Garbled(error.to_string())
    }
}

/// Anna's reading end of one protocol, for one connection: what the board's bytes say. The
/// board's answer to the greeting is a [`BoardEvent::Hello`].
pub trait Wire: Send {
    fn feed(&mut self, bytes: &[u8]) -> Vec<Result<BoardEvent, WireError>>;
    /// The characters read so far despite a wrong parity bit (a protocol with one in software).
    fn wrong_parity(&self) -> u64 {
        0
    }
}

/// The board as its end of the protocol senses it: the simulator's physical board.
#[derive(Clone, Copy, Debug)]
pub struct Sensed<'a> {
    pub board: &'a Board,
    /// The board senses only whether a hole is filled (reed switches).
    pub occupancy: bool,
    /// The board stands the other way round (White at the far side): it reports h1 where a8 is.
    pub turned: bool,
    /// The name in the board's hello.
    pub name: &'a str,
}

impl Sensed<'_> {
    /// What is in the holes, as they are.
    pub fn snapshot(&self) -> Snapshot {
        let mut cells = [Cell::Empty; 64];
        for (square, piece) in self.board {
            cells[usize::from(square)] = if self.occupancy { Cell::Occupied } else { Cell::Piece(piece) };
        }
        Snapshot(cells)
    }

    /// The position as the board reports it: turned round when it stands the other way.
    pub fn reported(&self) -> Snapshot {
        if self.turned {
            self.snapshot().turned()
        } else {
            self.snapshot()
        }
    }

    /// A square as the board numbers it.
    pub fn reported_square(&self, square: Square) -> Square {
        if self.turned {
            super::turned_square(square)
        } else {
            square
        }
    }
}

/// What a simulated board was asked, for the person or test watching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A command from Anna, carried out and acknowledged.
    Command(PegRequest),
    /// A line from Anna that could not be read.
    Rejected(LineError),
    /// What Anna asked of the board, in words.
    Asked(String),
    /// Bytes from Anna that are no command of this board's protocol.
    Garbled(String),
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Command(PegRequest { command, .. }) => match command {
                HostCommand::Hello { version } => write!(f, "Anna says hello, protocol {version}"),
                HostCommand::ShowMove { from, to, captured, rook } => {
                    write!(f, "show move {from} to {to}")?;
                    if let Some(square) = captured {
                        write!(f, ", capture on {square}")?;
                    }
                    if let Some((from, to)) = rook {
                        write!(f, ", rook {from} to {to}")?;
                    }
                    Ok(())
                }
                HostCommand::Invalid(square) => write!(f, "invalid square {square}"),
                HostCommand::Clear => write!(f, "marks cleared"),
                HostCommand::Query => write!(f, "board sent"),
            },
            Note::Rejected(error) => write!(f, "rejected from Anna: {error}"),
            Note::Asked(what) => f.write_str(what),
            Note::Garbled(what) => write!(f, "not a command: {what}"),
        }
    }
}

/// What the board's end answers to bytes from Anna.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// Written back to Anna.
    pub bytes: Vec<u8>,
    /// What Anna asked, in order (a shown move among them, for a board that carries it out).
    pub notes: Vec<Note>,
}

/// The board's end of one protocol, for one board: what such a board answers and reports. Pure,
/// bytes in and out; the simulator owns the pieces and the wire.
pub trait BoardEnd: Send {
    /// Bytes from Anna.
    fn receive(&mut self, bytes: &[u8], board: Sensed<'_>) -> Answer;
    /// A piece left or reached a hole (a [`BoardEvent::Lifted`] or [`BoardEvent::Placed`]): what
    /// the board reports, with `board` as it is now.
    fn changed(&mut self, change: &BoardEvent, board: Sensed<'_>) -> Vec<u8>;
    /// The clock on the board now shows `reading`: what the board reports (a board without a clock
    /// nothing).
    fn clock(&mut self, _reading: ClockReading) -> Vec<u8> {
        Vec::new()
    }
    /// Moves are made faster than the board scans (`true`), or no longer: a board that reports
    /// the whole position holds its reports meanwhile.
    fn hold(&mut self, _holding: bool) {}
    /// The cable was plugged in again: a command half read means nothing now.
    fn reset(&mut self);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec;

    #[test]
    fn protocols_are_named_as_typed() {
        for protocol in Protocol::ALL {
            assert_eq!(protocol.to_string().parse::<Protocol>().unwrap(), *protocol);
        }
        assert_eq!("ChessLink".parse::<Protocol>().unwrap(), Protocol::MILLENNIUM);
        assert_eq!("peg".parse::<Protocol>().unwrap(), Protocol::ANNA);
        assert!("dgt3000".parse::<Protocol>().is_err());
        // The values the player is told when a protocol's name is wrong are these protocols.
        let ids: Vec<&str> = Protocol::ALL.iter().map(|p| p.id()).collect();
        assert_eq!(anna_core::bad_value::values("board-protocol"), Some(ids.join(", ").as_str()));
    }

    #[test]
    fn every_protocol_has_its_own_id_and_name() {
        for (i, a) in Protocol::ALL.iter().enumerate() {
            for b in &Protocol::ALL[i + 1..] {
                assert_ne!(a.id(), b.id());
                assert_ne!(a.name(), b.name());
            }
        }
    }

    #[test]
    fn a_dgt_wire_turns_field_updates_into_whole_boards() {
        let mut wire = Protocol::DGT.wire();
        // An update before any dump means nothing yet.
        assert!(wire.feed(&[0x8e, 0x00, 0x05, 36, 1]).is_empty());
        let mut dump = vec![0x86, 0x00, 0x43];
        dump.extend([0u8; 64]);
        assert!(matches!(wire.feed(&dump)[..], [Ok(BoardEvent::Board(_))]));
        let events = wire.feed(&[0x8e, 0x00, 0x05, 36, 1]);
        let [Ok(BoardEvent::Board(snapshot))] = events.as_slice() else { panic!("{events:?}") };
        assert_eq!(snapshot.0.iter().filter(|c| **c != Cell::Empty).count(), 1);
        assert_ne!(snapshot.get(Square::E4), Cell::Empty);
    }

    #[test]
    fn anna_refuses_another_version_of_its_own_protocol() {
        let mut wire = Protocol::ANNA.wire();
        let hello = codec::encode_event(&BoardEvent::Hello { version: 2, name: String::new() });
        assert_eq!(wire.feed(&hello), [Err(WireError::Version { board: 2, ours: codec::VERSION })]);
    }

    #[test]
    fn a_shown_move_lights_a_millennium_board_and_a_dgt_board_has_no_lights() {
        let show = PegRequest {
            seq: 3,
            command: HostCommand::ShowMove { from: Square::E2, to: Square::E4, captured: None, rook: None },
        };
        let bytes = Protocol::MILLENNIUM.encode(&show).unwrap();
        assert_eq!(bytes[0], b'L');
        assert_eq!(Protocol::DGT.encode(&show), None);
    }

    /// Each protocol's two ends agree: what Anna greets with, the board's end answers with a
    /// hello that Anna's wire reads, and its start brings the whole board.
    #[test]
    fn every_protocols_board_end_answers_anna_end() {
        let board = Board::new();
        let sensed = Sensed { board: &board, occupancy: false, turned: false, name: "test board" };
        for protocol in Protocol::ALL {
            let (mut end, mut wire) = (protocol.board_end(), protocol.wire());
            let answer = end.receive(&protocol.greeting(), sensed);
            let events: Vec<_> = wire.feed(&answer.bytes).into_iter().collect::<Result<_, _>>().unwrap();
            assert!(matches!(events.as_slice(), [BoardEvent::Hello { .. }, ..]), "{protocol}: {events:?}");
            let asked = if protocol.acknowledges() {
                protocol.encode(&PegRequest { seq: 1, command: HostCommand::Query }).unwrap()
            } else {
                protocol.start()
            };
            let events = wire.feed(&end.receive(&asked, sensed).bytes);
            let whole = Snapshot::of_board(&board);
            assert!(events.contains(&Ok(BoardEvent::Board(whole))), "{protocol}: {events:?}");
        }
    }
}
