//! The screen-reader line mode: plain lines in, plain lines out, no alternate screen and no cursor
//! movement, so every screen reader and braille display follows it. Everything said is also
//! written; a few lines (the welcome, errors of the command syntax) are only written.
//!
//! [`LineMode`] is the terminal's state without any I/O: it takes a typed (or recognised) line or a
//! clock tick and returns [`Out`] values, which the runtime writes, says and plays. It owns the
//! [`Session`] and handles the commands the session does not know: `help`, `quit`, `new`, `flip`,
//! `settings`, `set`, the setup questions ([`setup`]) and an empty Enter (press the clock, or
//! nothing: `set enter`). With a peg board (`--board`) it keeps the board in step (`board.rs`,
//! `restore board`).
//!
//! Confirmation of destructive actions (`resign`, `accept`, `claim`, `new` during a game) lives
//! here, not in the session: it is a question of the interface (a peg board or an arbiter's script
//! never asks), it needs no game rule, and the session's own `Asked::Confirm` stays for near misses
//! of moves. The question lapses when anything but yes or no is said, which is then handled as usual.

mod board;
mod computer;
mod settings;
mod setup;

use std::time::Duration;

use shakmaty::Color;

use crate::adapters::speech::Choice;
use crate::board_link::HostCommand;
use crate::core::command::{Command, Input, Setting};
use crate::core::message::{Effect, Priority, Sound};
use crate::core::opponent::{Level, Request};
use crate::core::session::{Config, Session};
use crate::language::announce::{self, fill};
use crate::language::commands;
use crate::language::parse::fold;
use crate::language::{Vocabulary, Voice};
use crate::ui::keys::{self, UiCommand};

/// What the line mode asks of the runtime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Out {
    /// Write this line and say it.
    Say(String, Priority),
    /// Only write this line.
    Write(String),
    Play(Sound),
    /// The speech settings changed: the runtime restarts its speaker with them.
    Speech(SpeechChange),
    /// Sounds on or off.
    Sounds(bool),
    /// Ask the computer opponent for a move; its answer comes back through
    /// [`LineMode::engine_move`] or [`LineMode::engine_failed`].
    Think(Request),
    /// Send this to the peg board (`--board`); the runtime drops it when no board is linked.
    Board(HostCommand),
    Quit,
}

/// A speech setting changed at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpeechChange {
    Backend(Choice),
    Rate(i32),
    Volume(i32),
    /// The language changed: the speaker chooses a voice for it.
    Language,
}

/// What an empty Enter does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Enter {
    /// Press the clock (the default).
    #[default]
    Press,
    Nothing,
}

/// How the line mode behaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Ask before `resign`, `accept`, `claim` and `new` during a game.
    pub confirm: bool,
    pub enter: Enter,
    /// Ask side, time control and opponent before the game.
    pub ask_setup: bool,
    /// The relaying assistant's mode (D.2.10): said at the start.
    pub assistant: bool,
    pub sounds: bool,
    /// The computer plays the side that is not the player's (`--opponent computer`).
    pub computer: bool,
    /// The computer's level, also when it is chosen in the setup questions.
    pub level: Level,
    /// The engine's name, for the sentence that says it failed.
    pub engine: String,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            confirm: true,
            enter: Enter::Press,
            ask_setup: false,
            assistant: false,
            sounds: true,
            computer: false,
            level: Level::DEFAULT,
            engine: String::new(),
        }
    }
}

/// A destructive action waiting for yes or no.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pending {
    Act(Command),
    NewGame,
}

pub struct LineMode {
    session: Session,
    voice: Voice,
    /// The setup commands of the game, replayed by `new`.
    setup: Vec<Command>,
    options: Options,
    pending: Option<Pending>,
    asking: Option<setup::Questions>,
    computer: computer::State,
    /// The peg board, when one is linked (`--board`).
    board: Option<board::Board>,
}

impl LineMode {
    pub fn new(config: Config, setup: Vec<Command>, voice: Voice, options: Options) -> LineMode {
        LineMode {
            session: Session::new(config),
            voice,
            setup,
            options,
            pending: None,
            asking: None,
            computer: computer::State::default(),
            board: None,
        }
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn voice(&self) -> &Voice {
        &self.voice
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The instant the runtime must call [`LineMode::tick`].
    pub fn next_deadline(&self) -> Option<Duration> {
        let deadlines = [self.session.next_deadline(), self.board_deadline()];
        deadlines.into_iter().flatten().min()
    }

    /// Sets the game up and greets: the welcome line, or the first setup question.
    pub fn start(&mut self) -> Vec<Out> {
        let mut out = Vec::new();
        for command in self.setup.clone() {
            out.extend(self.act(command, Duration::ZERO));
        }
        if self.options.assistant {
            out.push(self.say("line.assistant"));
        }
        if self.options.ask_setup {
            self.asking = Some(setup::Questions::default());
            out.push(self.say("line.setup_side"));
        } else {
            out.push(Out::Write(self.word("line.welcome").to_string()));
            out.extend(self.computer_ready());
        }
        out.extend(self.think(Duration::ZERO));
        out
    }

    /// Time passed: alarms and flag falls due by `now`.
    pub fn tick(&mut self, now: Duration) -> Vec<Out> {
        let mut out = self.board_quiet(now);
        let effects = self.session.handle(Input::Tick, now);
        out.extend(self.outs(&effects));
        out.extend(self.sync_board(now));
        out.extend(self.think(now));
        out
    }

    /// One line typed or heard, at `now`.
    pub fn line(&mut self, text: &str, now: Duration) -> Vec<Out> {
        let mut out = self.settle_board(now);
        out.extend(self.handle_line(text, now));
        out.extend(self.sync_board(now));
        out.extend(self.answer_draw_offer(now));
        out.extend(self.think(now));
        out
    }

    fn handle_line(&mut self, text: &str, now: Duration) -> Vec<Out> {
        let text = text.trim();
        if let Some(questions) = self.asking.take() {
            return self.answer_setup(questions, text, now);
        }
        if let Some(pending) = self.pending.take() {
            match commands::command(text, &self.voice.vocab) {
                Ok(Command::Answer(true)) => return self.confirmed(pending, now),
                Ok(Command::Answer(false)) => return vec![self.say("line.cancelled")],
                // Anything else: the question lapses and the line is handled as usual.
                _ => {}
            }
        }
        if text.is_empty() {
            return match self.options.enter {
                Enter::Press => self.act(Command::Press, now),
                Enter::Nothing => Vec::new(),
            };
        }
        if let Some((name, rest)) = keys::leading(text, &self.voice.vocab) {
            if let Some(command) = UiCommand::from_name(&name) {
                return self.ui(command, rest, now);
            }
        }
        let command = match commands::command(text, &self.voice.vocab) {
            Ok(command) => command,
            Err(e) => return vec![Out::Write(e.to_string())],
        };
        // The short English forms (`c`, `l`, `press`) are understood in every language.
        let command = match command {
            Command::Unclear { .. } if self.voice.vocab.code() != "en" => {
                commands::command(text, &Vocabulary::english())
                    .ok()
                    .filter(|c| !matches!(c, Command::Unclear { .. } | Command::Move(_)))
                    .unwrap_or(command)
            }
            command => command,
        };
        self.ask_or_act(command, now)
    }

    /// A destructive command asks first (unless configured off or the game is over).
    fn ask_or_act(&mut self, command: Command, now: Duration) -> Vec<Out> {
        let question = match command {
            Command::Resign => "line.confirm_resign",
            Command::Accept => "line.confirm_accept",
            Command::Claim(_) => "line.confirm_claim",
            _ => return self.act(command, now),
        };
        if !self.options.confirm || self.session.outcome().is_some() {
            return self.act(command, now);
        }
        self.pending = Some(Pending::Act(command));
        vec![self.ask(question)]
    }

    fn confirmed(&mut self, pending: Pending, now: Duration) -> Vec<Out> {
        match pending {
            Pending::Act(command) => self.act(command, now),
            Pending::NewGame => self.new_game(now),
        }
    }

    fn ui(&mut self, command: UiCommand, rest: &str, now: Duration) -> Vec<Out> {
        match command {
            UiCommand::Help => vec![self.help(rest)],
            UiCommand::Quit => vec![Out::Quit],
            UiCommand::New => {
                let running = !self.session.game().plies().is_empty() && self.session.outcome().is_none();
                if running && self.options.confirm {
                    self.pending = Some(Pending::NewGame);
                    return vec![self.ask("line.confirm_new")];
                }
                self.new_game(now)
            }
            UiCommand::Flip => {
                let side = !self.session.config().player.unwrap_or(Color::White);
                let mut out = self.act(Command::Set(Setting::Player(Some(side))), now);
                let words = fill(self.word("line.flipped"), &[("side", self.side(side))]);
                out.push(Out::Say(words, Priority::Info));
                out
            }
            UiCommand::Settings => vec![self.settings()],
            UiCommand::Set => self.set(rest, now),
            UiCommand::Restore => self.restore_board(now),
        }
    }

    /// `help` (the list of commands) or `help COMMAND` (what it does).
    fn help(&self, rest: &str) -> Out {
        if rest.is_empty() {
            return self.say("help.intro");
        }
        let name = keys::leading(rest, &self.voice.vocab).map_or_else(|| fold(rest), |(name, _)| name);
        let key = format!("help.{name}");
        if name != "intro" && name != "unknown" && self.voice.vocab.has(&key) {
            return Out::Say(self.word(&key).to_string(), Priority::Info);
        }
        Out::Say(fill(self.word("help.unknown"), &[("text", rest.to_string())]), Priority::Info)
    }

    /// A new game with the settings in force and the same setup.
    fn new_game(&mut self, now: Duration) -> Vec<Out> {
        self.session = Session::new(self.session.config().clone());
        self.computer.forget();
        let mut out = Vec::new();
        for command in self.setup.clone() {
            out.extend(self.act(command, now));
        }
        out.push(self.say("line.new_game"));
        out
    }

    /// Hands a command to the session. The user resigns for the side they play (`--player`,
    /// `flip`), even between their move and the press; the assistant relays both sides.
    /// Against the computer, everything the user says is said for the user's side: a move typed
    /// while the computer is to move is not played for the computer.
    fn act(&mut self, command: Command, now: Duration) -> Vec<Out> {
        let input = match (self.session.config().player, &command) {
            (Some(side), Command::Resign) if !self.options.assistant => Input::by(side, command),
            _ if self.options.computer => Input::by(self.user_side(), command),
            _ => Input::act(command),
        };
        let effects = self.session.handle(input, now);
        self.outs(&effects)
    }

    fn outs(&self, effects: &[Effect]) -> Vec<Out> {
        effects
            .iter()
            .filter_map(|effect| match effect {
                Effect::Say(utterance) => Some(Out::Say(self.voice.render(utterance), utterance.priority)),
                Effect::Play(sound) => Some(Out::Play(*sound)),
                Effect::Record(_) => None,
            })
            .collect()
    }

    fn word<'a>(&'a self, key: &'a str) -> &'a str {
        self.voice.vocab.word(key)
    }

    fn say(&self, key: &str) -> Out {
        Out::Say(self.word(key).to_string(), Priority::Info)
    }

    fn ask(&self, key: &str) -> Out {
        Out::Say(self.word(key).to_string(), Priority::Urgent)
    }

    fn side(&self, side: Color) -> String {
        announce::side(side, &self.voice.vocab)
    }
}

#[cfg(test)]
mod tests;
