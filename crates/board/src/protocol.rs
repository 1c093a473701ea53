//! The protocols a board may speak, and Anna's end of each: how to greet the board, what bytes
//! carry a [`HostCommand`] ([`Protocol`]'s methods), and what the board's bytes mean as
//! [`BoardEvent`]s (a [`Wire`], which keeps what it needs between reads). The serial link
//! (`serial.rs`) drives them without knowing which protocol it is; a new protocol is a codec beside
//! `codec.rs`, a variant here, and a `Wire`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::codec::{self, EventDecoder, LineError, Request};
use super::dgt::{self, DgtError};
use super::millennium::{self, MillenniumError};
use super::{BoardEvent, Cell, HostCommand, Snapshot};
use anna_core::bad_value::BadValue;

/// How bytes are framed on the serial line: the transport maps this to its port settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Framing {
    /// 8 data bits, no parity.
    EightNone,
    /// 7 data bits, odd parity.
    SevenOdd,
}

/// A board protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// Anna's own peg-board protocol, version 1 (`codec.rs`).
    Anna,
    /// DGT e-boards (`dgt.rs`).
    Dgt,
    /// Millennium ChessLink boards (`millennium.rs`).
    Millennium,
}

impl Protocol {
    /// Every protocol, in the order `--board` tries them.
    pub const ALL: [Protocol; 3] = [Protocol::Anna, Protocol::Dgt, Protocol::Millennium];

    /// The serial settings: baud rate and framing.
    pub fn serial(self) -> (u32, Framing) {
        match self {
            Protocol::Anna => (crate::link::DEFAULT_BAUD, Framing::EightNone),
            Protocol::Dgt => (dgt::BAUD, Framing::EightNone),
            Protocol::Millennium => (millennium::BAUD, Framing::SevenOdd),
        }
    }

    /// Whether the board senses the pieces themselves and has no pegs: no touch (D.2.2), the
    /// position read whole.
    pub fn is_sensor(self) -> bool {
        !matches!(self, Protocol::Anna)
    }

    /// Anna's reading end of the protocol, for a new connection.
    pub fn wire(self) -> Box<dyn Wire> {
        match self {
            Protocol::Anna => Box::new(AnnaWire::default()),
            Protocol::Dgt => Box::new(DgtWire::default()),
            Protocol::Millennium => Box::new(MillenniumWire::default()),
        }
    }

    /// The name a person knows it by.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Anna => "peg board",
            Protocol::Dgt => "DGT board",
            Protocol::Millennium => "Millennium ChessLink board",
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Anna => "anna",
            Protocol::Dgt => "dgt",
            Protocol::Millennium => "millennium",
        })
    }
}

impl FromStr for Protocol {
    type Err = BadValue;
    fn from_str(text: &str) -> Result<Protocol, BadValue> {
        match text.trim().to_ascii_lowercase().as_str() {
            "anna" | "peg" => Ok(Protocol::Anna),
            "dgt" => Ok(Protocol::Dgt),
            "millennium" | "chesslink" => Ok(Protocol::Millennium),
            _ => Err(BadValue::new(text, "a board protocol", "anna, dgt or millennium")),
        }
    }
}

/// Bytes a board sent that could not be read: dropped, reading goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("{0}")]
    Line(#[from] LineError),
    #[error("{0}")]
    Dgt(#[from] DgtError),
    #[error("{0}")]
    Millennium(#[from] MillenniumError),
    /// The board answered the greeting in a version of the protocol Anna does not speak.
    #[error("the board speaks protocol version {0}, Anna speaks {ver}", ver = codec::VERSION)]
    Version(u32),
}

impl Protocol {
    /// What to send on (re)connection, and again while the board has not answered it.
    pub fn greeting(self) -> Vec<u8> {
        match self {
            Protocol::Anna => {
                codec::encode_request(&Request { seq: 0, command: HostCommand::Hello { version: codec::VERSION } })
            }
            Protocol::Dgt => vec![dgt::command::RESET, dgt::command::VERSION],
            Protocol::Millennium => millennium::encode_command(&millennium::Command::Version),
        }
    }

    /// What to send once the board answered: ask for the whole board, switch reports on. Anna's
    /// protocol asks with a numbered command instead (see [`Protocol::acknowledges`]).
    pub fn start(self) -> Vec<u8> {
        match self {
            Protocol::Anna => Vec::new(),
            Protocol::Dgt => vec![dgt::command::SEND_BOARD, dgt::command::UPDATE_NICE, dgt::command::SEND_CLOCK],
            Protocol::Millennium => {
                let (address, value) = millennium::AUTO_REPORTS;
                let mut bytes = millennium::encode_command(&millennium::Command::Write { address, value });
                bytes.extend(millennium::encode_command(&millennium::Command::Extinguish));
                bytes.extend(millennium::encode_command(&millennium::Command::Status));
                bytes
            }
        }
    }

    /// The bytes of a command; `None` when this board has no such thing (a DGT board has no lights).
    pub fn encode(self, request: &Request) -> Option<Vec<u8>> {
        use millennium::Command;
        match self {
            Protocol::Anna => Some(codec::encode_request(request)),
            Protocol::Dgt => match request.command {
                HostCommand::Query => Some(vec![dgt::command::SEND_BOARD]),
                _ => None,
            },
            Protocol::Millennium => {
                let command = match &request.command {
                    HostCommand::Hello { .. } => Command::Version,
                    HostCommand::Query => Command::Status,
                    HostCommand::Clear => Command::Extinguish,
                    HostCommand::ShowMove { from, to, captured, rook } => {
                        let mut lit = vec![*from, *to];
                        lit.extend(captured.iter().filter(|c| *c != to));
                        lit.extend(rook.iter().flat_map(|(f, t)| [*f, *t]));
                        Command::Leds { slot: 0x20, leds: millennium::leds(&lit, &[]) }
                    }
                    HostCommand::Invalid(square) => {
                        Command::Leds { slot: 0x20, leds: millennium::leds(&[], &[*square]) }
                    }
                };
                Some(millennium::encode_command(&command))
            }
        }
    }

    /// The board acknowledges numbered commands, which are sent again until it does.
    pub fn acknowledges(self) -> bool {
        self == Protocol::Anna
    }

    /// A board that reports only changes is asked this now and then, so that a board gone silent
    /// is noticed: the bytes and how often.
    pub fn keepalive(self) -> Option<(Vec<u8>, Duration)> {
        match self {
            Protocol::Anna => None,
            Protocol::Dgt => Some((vec![dgt::command::SERIAL_NUMBER], Duration::from_secs(2))),
            Protocol::Millennium => {
                Some((millennium::encode_command(&millennium::Command::Version), Duration::from_secs(2)))
            }
        }
    }
}

/// Anna's reading end of one protocol, for one connection: what the board's bytes say. The
/// board's answer to the greeting is a [`BoardEvent::Hello`].
pub trait Wire: Send {
    fn feed(&mut self, bytes: &[u8]) -> Vec<Result<BoardEvent, WireError>>;
}

#[derive(Default)]
struct AnnaWire {
    decoder: EventDecoder,
}

impl Wire for AnnaWire {
    fn feed(&mut self, bytes: &[u8]) -> Vec<Result<BoardEvent, WireError>> {
        let version_ok = |event| match event {
            BoardEvent::Hello { version, .. } if version != codec::VERSION => Err(WireError::Version(version)),
            event => Ok(event),
        };
        self.decoder.feed(bytes).into_iter().map(|line| line.map_err(WireError::from).and_then(version_ok)).collect()
    }
}

/// A DGT board in "nice" update mode: field updates as pieces move, the clock when it changes.
#[derive(Default)]
struct DgtWire {
    decoder: dgt::Decoder,
    /// The board as last dumped and updated, field 0 first; `None` until the first dump.
    fields: Option<[Cell; 64]>,
}

impl Wire for DgtWire {
    fn feed(&mut self, bytes: &[u8]) -> Vec<Result<BoardEvent, WireError>> {
        let mut out = Vec::new();
        for message in self.decoder.feed(bytes) {
            let event = match message {
                Err(e) => Err(e.into()),
                Ok(dgt::Message::Version { major, minor }) => {
                    Ok(BoardEvent::Hello { version: u32::from(major), name: format!("DGT board {major}.{minor:02}") })
                }
                Ok(dgt::Message::Board(fields)) => {
                    self.fields = Some(fields);
                    Ok(BoardEvent::Board(Snapshot::from_a8_first(&fields)))
                }
                Ok(dgt::Message::Field { field, cell }) => match &mut self.fields {
                    Some(fields) => {
                        fields[usize::from(field)] = cell;
                        Ok(BoardEvent::Board(Snapshot::from_a8_first(fields)))
                    }
                    // Before the first dump a change means nothing; the dump follows.
                    None => continue,
                },
                Ok(dgt::Message::Clock(reading)) => Ok(BoardEvent::Clock(reading)),
                Ok(_) => continue,
            };
            out.push(event);
        }
        out
    }
}

/// A ChessLink board reporting its status on every change.
#[derive(Default)]
struct MillenniumWire {
    decoder: millennium::ReplyDecoder,
}

impl Wire for MillenniumWire {
    fn feed(&mut self, bytes: &[u8]) -> Vec<Result<BoardEvent, WireError>> {
        let mut out = Vec::new();
        for reply in self.decoder.feed(bytes) {
            out.push(match reply {
                Err(e) => Err(e.into()),
                Ok(millennium::Reply::Version(version)) => Ok(BoardEvent::Hello {
                    version: u32::from(version),
                    name: format!("Millennium ChessLink {}.{:02}", version >> 8, version & 0xff),
                }),
                Ok(millennium::Reply::Status(cells)) => Ok(BoardEvent::Board(Snapshot::from_a8_first(&cells))),
                Ok(_) => continue,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocols_are_named_as_typed() {
        for protocol in Protocol::ALL {
            assert_eq!(protocol.to_string().parse::<Protocol>().unwrap(), protocol);
        }
        assert!("dgt3000".parse::<Protocol>().is_err());
    }

    #[test]
    fn a_dgt_wire_turns_field_updates_into_whole_boards() {
        let mut wire = Protocol::Dgt.wire();
        // An update before any dump means nothing yet.
        assert!(wire.feed(&[0x8e, 0x00, 0x05, 36, 1]).is_empty());
        let mut dump = vec![0x86, 0x00, 0x43];
        dump.extend([0u8; 64]);
        assert!(matches!(wire.feed(&dump)[..], [Ok(BoardEvent::Board(_))]));
        let events = wire.feed(&[0x8e, 0x00, 0x05, 36, 1]);
        let [Ok(BoardEvent::Board(snapshot))] = events.as_slice() else { panic!("{events:?}") };
        assert_eq!(snapshot.0.iter().filter(|c| **c != Cell::Empty).count(), 1);
        assert_ne!(snapshot.get(shakmaty::Square::E4), Cell::Empty);
    }

    #[test]
    fn anna_refuses_another_version_of_its_own_protocol() {
        let mut wire = Protocol::Anna.wire();
        let hello = codec::encode_event(&BoardEvent::Hello { version: 2, name: String::new() });
        assert_eq!(wire.feed(&hello), [Err(WireError::Version(2))]);
    }

    #[test]
    fn a_shown_move_lights_a_millennium_board_and_a_dgt_board_has_no_lights() {
        let show = Request {
            seq: 3,
            command: HostCommand::ShowMove {
                from: shakmaty::Square::E2,
                to: shakmaty::Square::E4,
                captured: None,
                rook: None,
            },
        };
        let bytes = Protocol::Millennium.encode(&show).unwrap();
        assert_eq!(bytes[0], b'L');
        assert_eq!(Protocol::Dgt.encode(&show), None);
    }
}
