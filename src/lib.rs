//! Anna: a talking chess board, clock and scoresheet for blind and visually impaired players.
//!
//! This crate is the `anna` program's I/O: adapters (speech, sounds, engines, the journal's file,
//! the serial link, the microphone), the views (line mode, board view, review), the one event loop
//! and the command line. The pure layers are crates of their own, which cannot import this one:
//! [`anna_core`] (the FIDE Laws), [`anna_language`] (words in and out), [`anna_board`] (board
//! protocols and mirrors) and [`anna_app`] (the application every view drives).

#[macro_use]
pub mod adapters;
pub mod board_link;
pub mod cli;
pub mod runtime;
pub mod ui;

pub use anna_core::outcome::{Outcome, Reason};
