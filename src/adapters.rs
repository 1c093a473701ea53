//! Adapters: the I/O at the edge of the pure core, each fed by effects. Each blocking one runs on its
//! own thread.

pub mod config;
pub mod engine;
pub mod games;
pub mod journal;
pub mod listen;
pub mod sound;
pub mod speech;
