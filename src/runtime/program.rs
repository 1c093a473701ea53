//! What the loop drives: a game's [`App`] or a [`Review`], through one trait, so that the loop,
//! its outputs and its views are the same for both.

use std::time::Duration;

use anna_app::review::Review;
use anna_app::training::puzzles::Trainer;
use anna_app::view::GameView;
use anna_app::{App, Event, Out};
use anna_language::Voice;

/// What the loop drives: the game's [`App`] or a [`Review`].
pub trait Program {
    fn start(&mut self) -> Vec<Out>;
    fn handle(&mut self, event: Event, now: Duration) -> Vec<Out>;
    fn voice(&self) -> &Voice;
    /// The instant the loop must wake with [`Event::Tick`].
    fn next_deadline(&self) -> Option<Duration> {
        None
    }
    /// Whether a clock runs: the loop then journals its reading now and then.
    fn clock_running(&self) -> bool {
        false
    }
    /// The game as a view shows it at `now`, if there is one.
    fn view(&self, _now: Duration) -> Option<GameView> {
        None
    }
    /// The position whose moves the microphone hears, if there is a game.
    fn position(&self) -> Option<&shakmaty::Chess> {
        None
    }
    /// Whether the app waits for an answer (a setup question, a confirmation, resume or not).
    fn awaiting_answer(&self) -> bool {
        false
    }
    /// The player leaves (`quit`, Ctrl-D, Ctrl-C, a closed terminal): what is said on the way
    /// out, ending with [`Out::Quit`].
    fn leave(&mut self) -> Vec<Out> {
        vec![Out::Quit]
    }
}

impl Program for App {
    fn start(&mut self) -> Vec<Out> {
        App::start(self)
    }
    fn handle(&mut self, event: Event, now: Duration) -> Vec<Out> {
        App::handle(self, event, now)
    }
    fn voice(&self) -> &Voice {
        App::voice(self)
    }
    fn next_deadline(&self) -> Option<Duration> {
        App::next_deadline(self)
    }
    fn clock_running(&self) -> bool {
        App::clock_running(self)
    }
    fn view(&self, now: Duration) -> Option<GameView> {
        Some(App::view(self, now))
    }
    fn position(&self) -> Option<&shakmaty::Chess> {
        Some(App::session(self).game().position())
    }
    fn awaiting_answer(&self) -> bool {
        App::awaiting_answer(self)
    }
    fn leave(&mut self) -> Vec<Out> {
        App::quit(self)
    }
}

impl Program for Review {
    fn start(&mut self) -> Vec<Out> {
        Review::start(self)
    }
    fn handle(&mut self, event: Event, _now: Duration) -> Vec<Out> {
        match event {
            Event::Line(line) => self.line(&line),
            Event::Evaluated { id, result } => self.evaluated(id, result),
            Event::Command(command) => self.command(command),
            _ => Vec::new(),
        }
    }
    fn voice(&self) -> &Voice {
        Review::voice(self)
    }
    fn view(&self, _now: Duration) -> Option<GameView> {
        Some(Review::view(self))
    }
}

impl Program for Trainer {
    fn start(&mut self) -> Vec<Out> {
        Trainer::start(self)
    }
    fn handle(&mut self, event: Event, _now: Duration) -> Vec<Out> {
        match event {
            Event::Line(line) => self.line(&line),
            Event::Command(command) => self.command(command),
            _ => Vec::new(),
        }
    }
    fn view(&self, _now: Duration) -> Option<GameView> {
        Some(Trainer::view(self))
    }
    fn voice(&self) -> &Voice {
        Trainer::voice(self)
    }
    fn position(&self) -> Option<&shakmaty::Chess> {
        Some(Trainer::position(self))
    }
    fn leave(&mut self) -> Vec<Out> {
        self.line("quit")
    }
}
