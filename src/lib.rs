//! Anna: a talking chess board, clock and scoresheet for blind and visually impaired players.
//!
//! The pure core ([`core`]) applies the FIDE Laws of Chess (2018); adapters at the edge do I/O.

pub mod adapters;
pub mod app;
pub mod board_link;
pub mod cli;
pub mod core;
pub mod language;
pub mod runtime;
pub mod script;
pub mod ui;

pub use crate::core::outcome::{Outcome, Reason};
