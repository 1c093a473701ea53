//! Anna: a talking chess board, clock and scoresheet for blind and visually impaired players.
//!
//! The pure core ([`core`]) applies the FIDE Laws of Chess (2018); adapters at the edge do I/O.

pub mod core;

pub use crate::core::outcome::{Outcome, Reason};
