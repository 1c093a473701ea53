//! The game set up by questions on the line, when `anna` starts with no game arguments in a
//! terminal: which side the user plays (Enter: white), the time control (Enter: 15+10, or anything
//! `--tc` takes) and the opponent's name (Enter: "opponent"; "computer" to play the computer, not
//! asked when `--opponent computer` chose it). Enter, Enter, Enter starts a game.

use crate::OtherSide;
use std::time::Duration;

use shakmaty::Color;

use super::{App, Out, Waiting};
use anna_core::clock::TimeControl;
use anna_core::command::{Command, Setting};
use anna_core::message::{Arg, Priority, Sentence, Words};
use anna_core::session::time_control_set;
use anna_language::commands;
use anna_language::parse::fold;

/// The time control when the player just presses Enter.
pub const DEFAULT_TIME_CONTROL: &str = "15+10";

/// The answers so far.
#[derive(Clone, Debug, Default)]
pub(super) struct Questions {
    side: Option<Color>,
    time_control: Option<TimeControl>,
    /// The control read back at once, until the player lets it stand (the next answer) or says no.
    proposed: Option<TimeControl>,
}

impl Questions {
    /// The question that waits for its answer now.
    pub(super) fn question(&self, computer: bool) -> &'static str {
        match (self.side, &self.proposed, &self.time_control) {
            (None, _, _) => "line.setup_side",
            (Some(_), Some(_), _) if computer => "line.setup_time_confirm",
            (Some(_), Some(_), _) | (Some(_), None, Some(_)) => "line.setup_opponent_or_no",
            (Some(_), None, None) => "line.setup_time",
        }
    }
}

impl App {
    pub(super) fn answer_setup(&mut self, mut questions: Questions, text: &str, now: Duration) -> Vec<Out> {
        let Some(side) = questions.side else {
            return match self.side_answer(text) {
                Some(side) => {
                    questions.side = Some(side);
                    self.waiting = Some(Waiting::Setup(questions));
                    vec![self.say("line.setup_time")]
                }
                None => {
                    self.waiting = Some(Waiting::Setup(questions));
                    vec![self.say("line.setup_bad_side"), self.say("line.setup_side")]
                }
            };
        };
        // The control read back: no gives its question again; otherwise it stands, and this line
        // answers the next question (with the computer, that was the last: Enter or yes begins).
        if let Some(proposed) = questions.proposed.take() {
            let answer = match commands::command(text, &self.voice.vocab) {
                Ok(Command::Answer(yes)) => Some(yes),
                _ => None,
            };
            if answer == Some(false) {
                self.waiting = Some(Waiting::Setup(questions));
                return vec![self.say("line.setup_time")];
            }
            if self.options.opponent != OtherSide::Computer {
                questions.time_control = Some(proposed);
            } else if text.is_empty() || answer == Some(true) {
                let name = self.word("line.computer").to_string();
                return self.finish_setup(side, proposed, name, now);
            } else if TimeControl::read(text).is_err() {
                questions.proposed = Some(proposed);
                self.waiting = Some(Waiting::Setup(questions));
                return vec![self.say("line.setup_time_confirm")];
            }
        }
        let Some(time_control) = questions.time_control.clone() else {
            let text = if text.is_empty() { DEFAULT_TIME_CONTROL } else { text };
            return match TimeControl::read(text) {
                // Read back at once, with its category (A.1, B.1); a no gives the question again.
                Ok(tc) => {
                    let mut out = vec![Out::Say(Words::Sentence(time_control_set(&tc)), Priority::Info)];
                    let next = if self.options.opponent == OtherSide::Computer {
                        "line.setup_time_confirm"
                    } else {
                        "line.setup_opponent_or_no"
                    };
                    out.push(self.say(next));
                    questions.proposed = Some(tc);
                    self.waiting = Some(Waiting::Setup(questions));
                    out
                }
                Err(_) => {
                    self.waiting = Some(Waiting::Setup(questions));
                    let why = Words::line("line.setup_bad_time").arg("text", Arg::Text(text.to_string()));
                    vec![Out::Say(why, Priority::Info), self.say("line.setup_time")]
                }
            };
        };
        let computer = self.word("line.computer").to_string();
        if fold(text) == "lichess" {
            return self.find_online(side, &time_control);
        }
        let name = if text.is_empty() {
            self.word("line.opponent").to_string()
        } else if fold(text) == fold(&computer) || fold(text) == "computer" {
            self.options.opponent = OtherSide::Computer;
            self.computer_name()
        } else {
            text.to_string()
        };
        self.finish_setup(side, time_control, name, now)
    }

    /// `lichess` for the opponent: a game found there with this side and control; the server's game
    /// sets the game up when it begins.
    fn find_online(&mut self, side: Color, time_control: &TimeControl) -> Vec<Out> {
        let first = time_control.periods.first();
        let clock = first.map_or((15 * 60, 10), |p| (p.time.as_secs(), p.increment.as_secs()));
        self.options.opponent = OtherSide::Server;
        let level = self.options.level.to_string().parse().unwrap_or(3);
        let seek = crate::online::seek_allowed(Duration::from_secs(clock.0), Duration::from_secs(clock.1)).is_ok();
        let words = if seek {
            Words::line("line.online_seeking")
        } else {
            Words::line("line.online_finding_ai").arg("level", Arg::Text(self.options.level.to_string()))
        };
        vec![Out::Say(words, Priority::Info), Out::Server(crate::online::ServerRequest::Find { clock, side, level })]
    }

    fn finish_setup(&mut self, side: Color, time_control: TimeControl, name: String, now: Duration) -> Vec<Out> {
        let setup = [
            Command::TimeControl(time_control),
            Command::Name(!side, name.clone()),
            Command::Set(Setting::Player(Some(side))),
        ];
        let mut out = Vec::new();
        for command in setup {
            self.setup.push(command.clone());
            // The control was read back when it was given.
            let said_before = |out: &Out| matches!(out, Out::Say(Words::Sentence(u), _) if matches!(u.sentence, Sentence::TimeControlSet | Sentence::TimeControlNone));
            out.extend(self.act(command, now).into_iter().filter(|o| !said_before(o)));
        }
        let words =
            Words::line(self.board_view_words("line.ready")).arg("side", Arg::Side(side)).arg("name", Arg::Text(name));
        out.push(Out::Say(words, Priority::Info));
        out.extend(self.press_hint().map(|words| Out::Say(words, Priority::Info)));
        // The ready line names the computer already: its own line would say the same again.
        out
    }

    /// White or black, in the game's language or English, by the first letters (`Weiß`, `weißen`,
    /// `bílými`); an empty answer is white.
    fn side_answer(&self, text: &str) -> Option<Color> {
        if text.is_empty() {
            return Some(Color::White);
        }
        let answer = fold(text);
        let english = [("white", Color::White), ("black", Color::Black), ("w", Color::White), ("b", Color::Black)];
        if let Some((_, side)) = english.iter().find(|(word, _)| answer == *word) {
            return Some(*side);
        }
        [Color::White, Color::Black].into_iter().find(|side| {
            let word = fold(&self.side(*side));
            let stem: String = word.chars().take(3).collect();
            answer.starts_with(&stem)
                || answer.starts_with("white") && *side == Color::White
                || answer.starts_with("black") && *side == Color::Black
        })
    }
}
