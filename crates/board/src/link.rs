//! What a board's link tells the application, as plain values: the serial transport that produces
//! these (the `anna` binary's `board_link/serial.rs`) is I/O and lives above this crate.

use std::fmt;

use crate::protocol::{Protocol, WireError};
use crate::BoardEvent;

/// The baud rate of `--board-baud` when none is given.
pub const DEFAULT_BAUD: u32 = 115_200;

/// What the link tells the runtime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkReport {
    /// The board answered the hello, in this protocol; its snapshot follows.
    Connected { name: String, version: u32, protocol: Protocol },
    /// A line from the board, after the handshake (acknowledgements included).
    Event(BoardEvent),
    /// A line that could not be read, dropped (noise on the wire, a board's bug).
    Rejected(WireError),
    /// The board is gone or failing; the link retries on its own until `Connected` again.
    Disconnected(LinkError),
}

/// Why the board is not connected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The port could not be opened (not there, busy, not allowed).
    Open(String),
    /// Reading or writing failed: most often the board was unplugged.
    Lost(String),
    /// The board did not answer the hello, or a command, in time.
    Silent,
    /// The board speaks another version of the protocol.
    Version { board: u32, ours: u32 },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Open(why) => write!(f, "the port cannot be opened: {why}"),
            LinkError::Lost(why) => write!(f, "the connection was lost: {why}"),
            LinkError::Silent => write!(f, "the board does not answer"),
            LinkError::Version { board, ours } => {
                write!(f, "the board speaks protocol version {board}, Anna speaks {ours}")
            }
        }
    }
}
