//! Answers to the player's questions about the game: the clocks, the scoresheet, the last move, and
//! the last sentence again.

use std::time::Duration;

use shakmaty::{Color, Position};

use super::Session;
use crate::clock::TimeControl;
use crate::message::{Arg, Effect, Played, Priority, Sentence, Utterance};

impl Session {
    /// Says the last sentence again, even if it is the same as before; before anything was said,
    /// that the game has not started.
    pub(super) fn repeat(&mut self) {
        let again = self.last_said.clone().unwrap_or_else(|| Utterance::new(Priority::Info, Sentence::NotStarted));
        self.effects.push(Effect::Say(again));
    }

    /// The last move played, by whom.
    /// Whose move it is. A move made but not yet completed by the press (6.2.1) is said as such:
    /// the board shows the opponent to move while the mover's clock still runs.
    pub(super) fn say_turn(&mut self) {
        let waiting = self.pending_side().zip(self.game.plies().last());
        let u = match waiting {
            Some((side, ply)) => Utterance::new(Priority::Info, Sentence::TurnAwaitingPress)
                .arg("side", Arg::Side(side))
                .arg("opponent", Arg::Side(!side))
                .arg("move", Arg::Move(Played { san: ply.san, mv: ply.mv })),
            None => Utterance::new(Priority::Info, Sentence::Turn).arg("side", Arg::Side(self.game.turn())),
        };
        self.say(u);
    }

    pub(super) fn say_last(&mut self) {
        let Some(ply) = self.game.plies().last() else { return self.info(Sentence::NoMoves) };
        let u = Utterance::new(Priority::Info, Sentence::LastMove)
            .arg("side", Arg::Side(ply.before.turn()))
            .arg("move", Arg::Move(Played { san: ply.san, mv: ply.mv }));
        self.say(u);
    }

    /// The time control in words with its category, so that the players know which penalties
    /// apply (FIDE A.1, B.1) and that the control is the one they meant.
    pub(super) fn read_back_time_control(&mut self) {
        let tc = self.clock.time_control().clone();
        if tc.is_none() {
            return;
        }
        self.say(time_control_set(&tc));
    }

    pub(super) fn say_time(&mut self, now: Duration) {
        let moves = self.clock.moves(Color::White).max(self.clock.moves(Color::Black));
        let u = if self.clock.time_control().is_none() {
            Utterance::new(Priority::Info, Sentence::TimeUnlimited).arg("moves", Arg::Moves(moves))
        } else {
            Utterance::new(Priority::Info, Sentence::Time)
                .arg("white", Arg::Time(self.clock.remaining(Color::White, now)))
                .arg("black", Arg::Time(self.clock.remaining(Color::Black, now)))
                .arg("moves", Arg::Moves(moves))
        };
        self.say(u);
    }

    pub(super) fn say_time_of(&mut self, side: Color, now: Duration) {
        let moves = self.clock.moves(side);
        let u = Utterance::new(Priority::Info, Sentence::TimeOf)
            .arg("side", Arg::Side(side))
            .arg("time", Arg::Time(self.clock.remaining(side, now)))
            .arg("moves", Arg::Moves(moves));
        self.say(u);
    }

    /// The scoresheet read back, from move `from` on (0: all of it).
    pub(super) fn say_moves(&mut self, from: u32) {
        let mut list = self.sheet.move_pairs(&self.game);
        if list.is_empty() {
            return self.info(Sentence::NoMoves);
        }
        list.retain(|(n, _, _)| *n >= from);
        if list.is_empty() {
            return self.say(Utterance::new(Priority::Info, Sentence::NoMovesFrom).arg("n", Arg::Number(from)));
        }
        self.say(Utterance::new(Priority::Info, Sentence::Moves).arg("text", Arg::MoveList(list)));
    }
}

/// The control read back with its category (FIDE A.1, B.1): `Rapid chess: 15 minutes, plus 10
/// seconds a move.`
pub fn time_control_set(tc: &TimeControl) -> Utterance {
    // No clock is no category of A.1 or B.1: said as such, not as "Standard chess: ."
    if tc.is_none() {
        return Utterance::new(Priority::Info, Sentence::TimeControlNone);
    }
    Utterance::new(Priority::Info, Sentence::TimeControlSet)
        .arg("category", Arg::Category(tc.category()))
        .arg("control", Arg::TimeControl(tc.clone()))
}
