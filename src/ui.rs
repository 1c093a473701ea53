//! The terminal user interfaces: the ratatui board view for low vision ([`tui`]).

pub mod tui;
