//! Anna's integration tests, as one binary (one link of the whole program instead of one per file,
//! as cargo and ripgrep do). Each module is the tests of one part, against the real `anna` binary
//! or the library; `support` is what they share. The scenario scripts are data, in
//! `tests/scenarios/`. (`tests/speech_dispatcher.rs` stays a binary of its own: it sets its process's
//! environment for speech-dispatcher, which no other test may share.)

mod support;

mod app_files;
mod ask;
mod board_game;
mod board_link;
mod board_view;
mod braille_display;
mod cli;
mod conformance;
mod dgt_clock;
mod dgt_recordings;
mod eboards;
mod engine;
mod espeak;
mod german;
mod grammar_keys;
mod grammar_rules;
mod keymap;
mod kill;
mod lichess;
mod lichess_game;
mod listen;
mod listen_held_out;
mod listen_people;
mod pgn;
mod pronunciation;
mod resume;
mod round_trip;
mod say;
mod scenarios;
mod scoresheet_cli;
mod session;
mod sounds;
mod speaker;
mod speech_cli;
mod speech_timing;
mod sweep;
mod tmux;
mod training;
mod utterances;
