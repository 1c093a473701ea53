//! The boards' I/O: the serial link that finds a board's protocol and reconnects (`serial.rs`,
//! threads) and the simulator on a pseudo-terminal (`sim.rs`). What the bytes mean, and what the
//! app does with a board, is the pure `anna_board` crate's.

pub mod serial;
#[cfg(unix)]
pub mod sim;
