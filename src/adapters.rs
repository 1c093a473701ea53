//! Adapters: the I/O at the edge of the pure core. Each blocking one runs on its own thread.

pub mod config;
pub mod speech;
