//! Setting the game up before it begins (the time control, its mode, the position, the names) and
//! the settings that may change at any time.

use shakmaty::{File, Position, Rank, Square};

use super::Session;
use crate::clock::{Clock, ClockMode};
use crate::command::{Command, Setting};
use crate::message::{Arg, Priority, Sentence, Utterance};
use crate::rules::Game;

/// The arguments naming the pieces of a Chess960 start position, from the a-file to the h-file.
const PIECE_ARGS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];

impl Session {
    pub(super) fn setup(&mut self, command: Command) {
        // A name is the scoresheet's, not the game's: it may be set or corrected at any time (the
        // computer's engine given up and Anna's own playing on).
        if let Command::Name(side, name) = command {
            *self.names.get_mut(side) = Some(name);
            return;
        }
        if self.started || !self.game.plies().is_empty() {
            return self.info(Sentence::SetupTooLate);
        }
        match command {
            Command::TimeControl(tc) => {
                // A control that names its mode (`G/90;d5`) keeps it; otherwise the mode set stays.
                let set = self.clock.time_control().mode;
                let mode = if tc.mode == ClockMode::Fischer { set } else { tc.mode };
                self.clock = Clock::new(tc.with_mode(mode));
                self.read_back_time_control();
            }
            Command::ClockMode(mode) => {
                self.set_mode(mode);
                self.read_back_time_control();
            }
            Command::Fen(fen) => match Game::from_fen(&fen) {
                Ok(game) => self.game = game,
                Err(e) => self
                    .say(Utterance::new(Priority::Info, Sentence::NotUnderstood).arg("text", Arg::Text(e.to_string()))),
            },
            Command::Chess960(n) => match Game::chess960(n) {
                Ok(game) => {
                    self.say(chess960_position(n, &game));
                    self.game = game;
                }
                Err(e) => self
                    .say(Utterance::new(Priority::Info, Sentence::NotUnderstood).arg("text", Arg::Text(e.to_string()))),
            },
            _ => {}
        }
    }

    pub(super) fn configure(&mut self, setting: Setting) {
        match setting {
            Setting::AutoPress(on) => self.config.auto_press = on,
            Setting::TouchMove(policy) => self.config.touch_move = policy,
            Setting::Flag(policy) => self.config.flag = policy,
            Setting::Supervised(on) => self.config.supervised = Some(on),
            Setting::NoDrawOfferBefore(n) => self.config.no_draw_offer_before = n,
            Setting::Player(side) => self.config.player = side,
            Setting::Alarms(times) => self.config.alarms = times,
            Setting::Tournament(on) => self.config.tournament = on,
            Setting::Laws(edition) => self.config.laws = edition,
        }
    }

    pub(super) fn set_mode(&mut self, mode: ClockMode) {
        self.clock = Clock::new(self.clock.time_control().clone().with_mode(mode));
    }
}

/// The players set up the pieces from the number (Chess960 Guideline II): said with their order
/// from a to h, so that nobody needs to look it up.
fn chess960_position(n: u32, game: &Game) -> Utterance {
    let board = game.position().board();
    let mut u = Utterance::new(Priority::Info, Sentence::Chess960Position).arg("n", Arg::Number(n));
    for (name, file) in PIECE_ARGS.into_iter().zip(File::ALL) {
        if let Some(role) = board.role_at(Square::from_coords(file, Rank::First)) {
            u = u.arg(name, Arg::Piece(role));
        }
    }
    u
}
