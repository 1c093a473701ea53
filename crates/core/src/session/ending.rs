//! How a game ends: by the move just played (mate, stalemate, a dead position, fivefold, 75 moves),
//! or by a decision, which is said with its article.

use std::time::Duration;

use shakmaty::Color;

use super::{AutoEnd, Deadness, Outcome, Question, Reason, Session};
use crate::adjudicate;
use crate::message::{Arg, Event, Priority, Sentence, Sound, Utterance};

impl Session {
    pub(super) fn automatic_outcome(&self, mover: Color) -> Option<Outcome> {
        match self.game.auto_end() {
            Some(AutoEnd::Checkmate) => Some(Outcome::win(mover, Reason::Checkmate)),
            Some(AutoEnd::Stalemate) => Some(Outcome::draw(Reason::Stalemate)),
            Some(AutoEnd::FivefoldRepetition) => Some(Outcome::draw(Reason::FivefoldRepetition)),
            Some(AutoEnd::SeventyFiveMoves) => Some(Outcome::draw(Reason::SeventyFiveMoves)),
            None => None,
        }
    }

    /// 5.2.2: a dead position ends the game at once; if Anna cannot tell, the arbiter decides.
    pub(super) fn check_dead_position(&mut self, now: Duration) {
        if self.replaying {
            self.dead_check_due = Some(now);
            return;
        }
        match adjudicate::dead_position(self.game.position()) {
            Deadness::Dead => {
                let mover = !self.game.turn();
                self.sheet.set_clock(self.clock.remaining(mover, now));
                self.pending = false;
                self.end(Outcome::draw(Reason::DeadPosition), now);
            }
            Deadness::Undetermined if self.question.is_none() => {
                self.question = Some(Question::DeadPosition);
                self.record(Event::ArbiterToDecide { article: "5.2.2" });
                self.say(Utterance::new(Priority::Urgent, Sentence::ArbiterDeadPosition));
            }
            Deadness::Undetermined => {}
            Deadness::Alive => {
                if self.question == Some(Question::DeadPosition) {
                    self.question = None;
                }
            }
        }
    }

    /// Ends the game: stops the clocks, withdraws any offer, records and announces the result.
    pub(super) fn end(&mut self, outcome: Outcome, now: Duration) {
        self.outcome = Some(outcome);
        self.question = None;
        self.offer = None;
        self.clock.stop(now);
        self.record(Event::Ended(outcome));
        self.sound(Sound::GameEnd);
        // A result that a move brought about is said after that move, never before it; the others
        // (a flag fall, a resignation, a claim) interrupt whatever is being said.
        let by_the_move = matches!(
            outcome.reason,
            Reason::Checkmate
                | Reason::Stalemate
                | Reason::DeadPosition
                | Reason::FivefoldRepetition
                | Reason::SeventyFiveMoves
        );
        let priority = if by_the_move { Priority::Move } else { Priority::Urgent };
        self.say(Utterance::new(priority, Sentence::GameOver).arg("outcome", Arg::Outcome(outcome)));
    }
}
