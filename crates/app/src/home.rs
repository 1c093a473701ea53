//! Training in a home game against the computer: `hint` (the piece first, the move when asked
//! again), `eval`, `best`, `line`, `analyse` and `mistakes`, answered by the analysing engine
//! through the game's [`Coach`]; `takeback` takes back the player's last move and the computer's
//! answer. Anywhere else (a tournament, the assistant's mode, a person or a server as the opponent)
//! such help is refused with its article while the game is played: FIDE 11.3.1 forbids it. Once any
//! game is over, all of it works, and `learn` makes its mistakes exercises.

use std::time::Duration;

use crate::training::coach::Coach;
use crate::training::DEFAULT_NODES;
use crate::{App, OtherSide, Out};
use anna_core::analysis::Evaluation;
use anna_core::command::{Command, Input, Name, Retraction};
use anna_core::opponent::EngineFailure;
use shakmaty::Position;

impl App {
    /// Whether help from an engine is allowed now: in a home game against the computer, and in any
    /// game once it is over (FIDE 11.3.1 forbids it while a game is played).
    fn may_train(&self) -> bool {
        let home = self.options.opponent == OtherSide::Computer && !self.session.config().tournament;
        self.session.outcome().is_some() || (home && !self.options.assistant)
    }

    /// A training command (`hint`, `eval`...: [`Name::is_training`]), understood by the one way
    /// in, answered here or refused with its article (FIDE 11.3.1).
    pub(super) fn training(&mut self, name: Name) -> Vec<Out> {
        if !self.may_train() {
            return vec![self.say("training.forbidden")];
        }
        if name == Name::Learn && self.session.outcome().is_none() {
            return vec![self.say("training.learn_after")];
        }
        let game = self.session.game().clone();
        let coach = self.coach.get_or_insert_with(|| Coach::new(&game, DEFAULT_NODES));
        coach.follow(&game);
        coach.command(name, game.plies().len())
    }

    /// A line while an exercise of the finished game waits: its answer, or a board question.
    pub(super) fn exercise_line(&mut self, text: &str) -> Option<Vec<Out>> {
        self.session.outcome()?;
        self.coach.as_mut()?.line(text, &self.voice.vocab)
    }

    /// The analysing engine's answer.
    pub(super) fn evaluated(&mut self, id: u64, result: Result<Evaluation, EngineFailure>) -> Vec<Out> {
        self.coach.as_mut().map(|coach| coach.evaluated(id, result)).unwrap_or_default()
    }

    /// `takeback` against the computer: the player's last move, and the computer's answer to it if
    /// it came, are taken back; the player has the move again.
    pub(super) fn take_back_computer(&mut self, now: Duration) -> Option<Vec<Out>> {
        if self.options.opponent != OtherSide::Computer {
            return None;
        }
        if !self.may_train() {
            return Some(vec![self.say("training.forbidden")]);
        }
        let user = self.user_side();
        let plies = self.session.game().plies();
        let Some(last_own) = plies.iter().rposition(|p| p.before.turn() == user) else {
            return Some(vec![self.say("training.nothing_to_take_back")]);
        };
        let n = (plies.len() - last_own) as u32;
        self.computer.forget();
        Some(self.input(Input::act(Command::TakeBack(n, Retraction::Home)), now))
    }
}

#[cfg(test)]
mod tests;
