//! The pure core: rules, clock, arbiter, scoresheet and the session state machine.
//! Nothing here reads the wall clock or does I/O; time comes in as a [`Duration`](std::time::Duration)
//! since the session began.

#![forbid(unsafe_code)]

pub mod adjudicate;
pub mod analysis;
pub mod bad_value;
pub mod clock;
pub mod command;
pub mod duration;
pub mod explore;
pub mod fen;
pub mod laws;
pub mod message;
pub mod opponent;
pub mod outcome;
pub mod pgn;
pub mod rules;
pub mod scoresheet;
pub mod session;
pub mod uci;
