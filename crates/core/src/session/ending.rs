//! How a game ends: by the move just played (mate, stalemate, a dead position, fivefold, 75 moves),
//! or by a decision, which is said with its article.

use std::time::Duration;

use shakmaty::Color;

use super::{AutoEnd, Deadness, Outcome, Question, Reason, Session};
use crate::adjudicate::{self, Winnability};
use crate::message::{Arg, Fact, Priority, Sentence, Sound, Utterance};

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
                self.record(Fact::ArbiterToDecide { article: "5.2.2" });
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
        self.record(Fact::Ended(outcome));
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

impl Session {
    /// 5.1.2: the side that resigns loses; in 2023, unless the opponent cannot checkmate by any
    /// series of legal moves, which is a draw. A position the solver cannot decide stays a loss,
    /// as the player resigned it.
    pub(super) fn resignation(&self, side: Color) -> Outcome {
        let unwinnable = matches!(adjudicate::can_mate(self.game.position(), !side), Winnability::Unwinnable);
        if self.config.laws.resignation_needs_mate() && unwinnable {
            return Outcome::draw(Reason::ResignationCannotMate);
        }
        Outcome::win(!side, Reason::Resignation)
    }

    /// The winner if `winner` cannot be stopped from mating, else a draw, else the arbiter decides.
    pub(super) fn unless_cannot_mate(
        &mut self,
        winner: Color,
        win: Reason,
        draw: Reason,
        question: Question,
        now: Duration,
    ) {
        match adjudicate::can_mate(self.game.position(), winner) {
            Winnability::Winnable { .. } => self.end(Outcome::win(winner, win), now),
            Winnability::Unwinnable => self.end(Outcome::draw(draw), now),
            Winnability::Undetermined => {
                self.clock.stop(now);
                self.question = Some(question);
                self.record(Fact::ArbiterToDecide { article: question.article() });
                self.ask_arbiter(now);
            }
        }
    }

    pub(super) fn ask_arbiter(&mut self, _now: Duration) {
        let (side, article) = match self.question {
            Some(q @ (Question::FlagFall(loser) | Question::SecondIllegal(loser))) => (!loser, q.article()),
            _ => return,
        };
        self.say(
            Utterance::new(Priority::Urgent, Sentence::ArbiterDecides)
                .arg("side", Arg::Side(side))
                .arg("article", Arg::Article(article)),
        );
    }

    pub(super) fn decide(&mut self, winner: Option<Color>, now: Duration) {
        let outcome = match (self.question, winner) {
            (Some(Question::FlagFall(loser)), Some(w)) if w != loser => Outcome::win(w, Reason::Time),
            (Some(Question::FlagFall(_)), None) => Outcome::draw(Reason::TimeCannotMate),
            (Some(Question::SecondIllegal(loser)), Some(w)) if w != loser => Outcome::win(w, Reason::IllegalMoves),
            (Some(Question::SecondIllegal(_)), None) => Outcome::draw(Reason::IllegalMovesCannotMate),
            (Some(Question::DeadPosition), None) => Outcome::draw(Reason::DeadPosition),
            _ => return self.info(Sentence::NoQuestion),
        };
        self.end(outcome, now);
    }
}
