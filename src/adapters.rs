//! Adapters: the I/O at the edge of the pure core, each fed by effects.

pub mod sound;
