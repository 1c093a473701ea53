//! The application behind every view: the line mode, the board view and `anna replay` all drive
//! this one [`App`], so a scenario script tests the program players run.
//!
//! [`App`] holds no I/O: [`App::handle`] takes an [`Event`] (a typed or heard line, a command from
//! a key of the board view, what the peg board reported, the engine's reply, a clock tick) at an
//! instant and returns [`Out`] values, which the runtime writes, says, plays, journals and sends.
//! It owns the [`Session`] and handles the commands the session does not know: `help`, `quit`,
//! `new`, `flip`, `settings`, `set`, `save`, the setup questions (`setup.rs`) and an empty Enter
//! (press the clock, or nothing: `set enter`). It plays the computer's side (`computer.rs`: a
//! request out, the reply in), keeps a peg board in step (`board.rs`, `restore board`) and resumes
//! an unfinished game (`resume.rs`). Every input reaches the session through [`App::handle`]'s one
//! path, which puts the journal record out before the effects it causes.
//!
//! Confirmation of destructive actions (`resign`, `accept`, `claim`, `new` during a game) lives
//! here, not in the session: it is a question of the interface (a peg board or an arbiter's script
//! never asks), it needs no game rule, and the session's own `Asked::Confirm` stays for near misses
//! of moves. A question whose act cannot undo itself is asked again until it gets a clear yes or
//! no; a heard command's read-back lapses when anything else is said, which is then handled as usual.

#![forbid(unsafe_code)]

/// In tests: the sentences of `outs` in the words of the app `$app` (its language and squares).
#[cfg(test)]
macro_rules! said {
    ($app:expr, $outs:expr) => {{
        let outs = $outs;
        crate::Out::said_by(&outs[..], $app.voice())
    }};
}

mod board;
mod computer;
mod confirm;
mod event;
pub mod heard;
mod home;
pub mod journal;
pub mod key;
pub mod keys;
pub mod online;
mod options;
mod out;
mod resume;
pub mod review;
pub mod save;
pub mod script;
mod sensor;
mod settings;
mod setup;
pub mod speech;
mod start;
mod terminal;
pub mod training;
mod understand;
pub mod view;

pub use computer::{EngineChoice, Reply};
pub use confirm::clear_answer;
pub use event::{Event, Joining};
pub use heard::{Hearing, ListenError};
pub use options::{Enter, OnlineGame, Options, OtherSide, PressKey};
pub use out::{InForce, Out};
pub use resume::{replayable, worth_resuming, Unfinished};

use std::time::Duration;

use shakmaty::Color;

use crate::journal::{End, Record};
use anna_board::BoardRole;
use anna_core::command::{Command, Input, Name};
use anna_core::message::{Effect, Priority, Sentence, Words};
use anna_core::scoresheet::Tags;
use anna_core::session::{Config, Session};
use anna_language::announce;
use anna_language::commands;
use anna_language::Voice;
use save::Save;

/// The longest line read as a move or a command: the longest spoken move, with fillers and a
/// slip corrected, is far shorter.
pub const MAX_LINE: usize = 300;

/// What the app waits for an answer to: at most one question at a time.
#[derive(Clone, Debug)]
enum Waiting {
    /// Resume the unfinished game found at the start, or not.
    Resume(Box<Unfinished>),
    /// The setup questions before the game: side, time control, opponent.
    Setup(setup::Questions),
    /// Yes or no to a destructive action; anything else lets the question lapse.
    Confirm(confirm::Pending),
    /// A heard move read back, waiting for yes, the press or no (`heard.rs`); `vouched` when the
    /// phone decoder vouched for its rhyming letters.
    Heard { command: Command, vouched: bool },
    /// A heard square whose letter rhymes with others asked about: the square said again answers.
    SoundAlike,
    /// An unfinished game was closed, not resumed: once the runtime says where its PGN was saved,
    /// the next unfinished game is asked about, or a new one begins (so the lines come in order).
    Closed,
}

pub struct App {
    session: Session,
    voice: Voice,
    /// The setup commands of the game, replayed by `new`.
    setup: Vec<Command>,
    options: Options,
    /// The question waiting for its answer, if any.
    waiting: Option<Waiting>,
    /// The player refused a move whose rhyming letters the phone decoder vouched for: it mishears
    /// this voice, and such letters are asked about again (`heard.rs`).
    phones_misheard: bool,
    computer: computer::State,
    /// The engine's help in a home game against the computer (`hint`, `eval`), made when first asked.
    coach: Option<training::coach::Coach>,
    /// The game on a server, when the opponent plays there (`online/play.rs`).
    online: online::Table,
    /// The peg board, when one is linked (`--board`).
    board: Option<board::Board>,
    /// The sensor boards linked: the player's (`--board` on a DGT or Millennium board) and the
    /// opponent's (`--opponent-board`).
    sensors: Vec<sensor::SensorBoard>,
    /// How long a sensor board's position must be still before it is read.
    board_debounce: Duration,
    /// The sensor boards the player said stand turned round (`--board-turned`).
    turned_boards: Vec<BoardRole>,
    /// The key that presses the clock in the view in use.
    press_key: PressKey,
    /// The session's time at a given instant of the runtime: a resumed game goes on from the time
    /// its journal stopped.
    base: resume::TimeBase,
    /// Whether the game's inputs are journaled (no longer once its journal is closed).
    journaling: bool,
    /// The options last journaled.
    journaled: Option<Options>,
    /// Event, Site, Date and Round of the PGN (the date told by the runtime, or the imported game's).
    tags: Tags,
    /// The session time at which this run began (a game read from PGN goes on from there).
    origin: Duration,
    /// Said instead of the welcome (a game read from PGN: what was read); the setup is then
    /// already in the session and not made again.
    greeting: Option<Words>,
    /// The inputs that built a session already under way, journaled first so that the game can be
    /// resumed like any other.
    history: Vec<(Input, Duration)>,
    /// Older unfinished games, offered in turn when the player does not resume the one asked about.
    later_unfinished: Vec<Unfinished>,
    /// The last long answer about the position (the board, the moves) and the plies it was about:
    /// `more` after a move says it again as it is now.
    last_answer: Option<(Command, usize)>,
    /// Whether the journal of the game is on the disk, as the runtime last reported.
    journal_health: journal::Health,
}

impl App {
    pub fn new(config: Config, setup: Vec<Command>, voice: Voice, options: Options) -> App {
        App::with_session(Session::new(config), setup, voice, options, Duration::ZERO)
    }

    /// The line mode over a session already under way (a game read from PGN), whose time stood at
    /// `origin` when this run begins.
    pub fn with_session(
        session: Session,
        setup: Vec<Command>,
        voice: Voice,
        options: Options,
        origin: Duration,
    ) -> App {
        App {
            session,
            voice,
            setup,
            options,
            waiting: None,
            phones_misheard: false,
            computer: computer::State::default(),
            coach: None,
            online: online::Table::default(),
            board: None,
            sensors: Vec::new(),
            board_debounce: anna_board::sensor::DEBOUNCE,
            turned_boards: Vec::new(),
            press_key: PressKey::Enter,
            base: resume::TimeBase::default(),
            journaling: false,
            journaled: None,
            tags: Tags::default(),
            origin,
            greeting: None,
            history: Vec::new(),
            later_unfinished: Vec::new(),
            last_answer: None,
            journal_health: journal::Health::Saved,
        }
    }

    /// The words said at the start instead of the welcome, for a session already set up by
    /// `history` (each input with its session time).
    pub fn set_greeting(&mut self, words: String, history: Vec<(Input, Duration)>) {
        self.greeting = Some(Words::Text(words));
        self.history = history;
    }

    /// The session time at the start of this run: the runtime adds the time since then.
    pub fn origin(&self) -> Duration {
        self.origin
    }

    /// What the PGN of the game takes from the machine, unless the game has its own: today's date,
    /// `YYYY.MM.DD`, and the player's own name (the system account's), which names the player's
    /// side in a home game against the computer, where nobody else gives it one.
    pub fn set_local(&mut self, date: String, player: Option<String>) {
        if self.tags.date == Tags::default().date {
            self.tags.date = date;
        }
        if let Some(player) = player.filter(|p| !p.trim().is_empty()) {
            self.tags.white.clone_from(&player);
            self.tags.black = player;
        }
    }

    /// Event, Site, Date and Round for the PGN of the game (a game read from PGN keeps its own).
    pub fn set_tags(&mut self, tags: Tags) {
        self.tags = tags;
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn voice(&self) -> &Voice {
        &self.voice
    }

    /// The view in use presses the clock with `key`: the words that say how to press follow it.
    pub fn set_press_key(&mut self, key: PressKey) {
        self.press_key = key;
    }

    /// How the clock is pressed, as the help says it: `line.press_enter`, `_space` or `_typed`
    /// (Enter set to do nothing).
    fn press_words(&self, kind: &str) -> Words {
        let way = match (self.press_key, self.options.enter) {
            (PressKey::Space, _) => "space",
            (PressKey::Enter, Enter::Press) => "enter",
            (PressKey::Enter, Enter::Nothing) => "typed",
        };
        Words::line(format!("line.{kind}_{way}"))
    }

    /// The board view's own words for `key` (`line.welcome_board`: arrows and `:`, where the line
    /// mode types a move), in the view that presses the clock with Space.
    fn board_view_words(&self, key: &str) -> String {
        match self.press_key {
            PressKey::Space => format!("{key}_board"),
            PressKey::Enter => key.to_string(),
        }
    }

    /// After the welcome or the setup: how to press the clock. Not in the assistant's mode, where
    /// every move is completed at once.
    fn press_hint(&self) -> Option<Words> {
        (!self.options.assistant).then(|| self.press_words("hint"))
    }

    /// Hears and speaks in `voice` from now on: journaled, and put out as in force.
    fn change_voice(&mut self, voice: Voice) -> Vec<Out> {
        self.voice = voice;
        let mut out = Vec::new();
        if self.journaling {
            out.push(Out::Journal(self.voice_record()));
        }
        out.push(self.in_force());
        out
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The instant the runtime must hand the app an [`Event::Tick`].
    pub fn next_deadline(&self) -> Option<Duration> {
        let deadlines = [
            self.session.next_deadline().map(|at| self.base.process(at)),
            self.board_deadline(),
            self.computer_deadline(),
        ];
        deadlines.into_iter().flatten().min()
    }

    /// Whether a question of the app waits for its answer: resume or not, a setup question, a
    /// confirmation, or the session's own question (which move, which piece).
    pub fn awaiting_answer(&self) -> bool {
        self.waiting.is_some() || self.session.pending_question().is_some()
    }

    /// Whether a clock is running: the runtime then has the journal note its reading now and then.
    pub fn clock_running(&self) -> bool {
        self.journaling && self.session.clock().running().is_some() && self.session.outcome().is_none()
    }

    /// What follows from `event` at `now` (the runtime's instant: since this run began).
    pub fn handle(&mut self, event: Event, now: Duration) -> Vec<Out> {
        let mut out = self.dispatch(event, now);
        out.extend(self.journal_options());
        out
    }

    fn dispatch(&mut self, event: Event, now: Duration) -> Vec<Out> {
        match event {
            Event::Line(text) => self.line(&text, now),
            Event::Command(command) => self.around_input(now, |app| app.ask_or_act(command, now)),
            Event::Input(input) => self.around_input(now, |app| app.input(input, now)),
            Event::Board(role, report) => self.board_report(role, &report, now),
            Event::BoardSettled => {
                let mut out = self.settle_board(now);
                out.extend(self.think(now));
                out
            }
            Event::Engine(Reply::Move { id, uci }) => self.engine_move(id, &uci, now),
            Event::Engine(Reply::Failed { id, failure }) => self.engine_failed(id, failure, now),
            Event::Evaluated { id, result } => self.evaluated(id, result),
            Event::Play { side, mv } => self.around_input(now, |app| app.play_for(side, mv, now)),
            Event::Tick => self.tick(now),
            Event::Listening(opened) => vec![match opened {
                Ok(()) => self.say("line.listening"),
                Err(error) => Out::Say(heard::listen_words(&error), Priority::Info),
            }],
            Event::Heard(hearing) => self.around_input(now, |app| app.heard(hearing, now)),
            Event::Saved { save, result } => self.saved(save, result),
            Event::Voice(voice) => self.change_voice(*voice),
            Event::BoardJoined(joining) => {
                self.join_board(joining);
                Vec::new()
            }
            Event::Journal(health) => self.journal_report(health),
            Event::Continued => self.question_again().into_iter().collect(),
            Event::Server(event) => self.around_input(now, |app| app.server_event(event, now)),
        }
    }

    /// Time passed: alarms and flag falls due by `now`.
    fn tick(&mut self, now: Duration) -> Vec<Out> {
        let mut out = self.board_quiet(now);
        out.extend(self.input(Input::Tick, now));
        out.extend(self.sync_board(now));
        out.extend(self.think(now));
        out
    }

    /// One line typed or heard, at `now`.
    fn line(&mut self, text: &str, now: Duration) -> Vec<Out> {
        self.around_input(now, |app| app.handle_line(text, now))
    }

    /// Any input but the board's own: the hand has left the board first; then the board follows
    /// the game, the computer answers a draw offer and thinks when it is its turn.
    fn around_input(&mut self, now: Duration, input: impl FnOnce(&mut App) -> Vec<Out>) -> Vec<Out> {
        let mut out = self.settle_board(now);
        out.extend(input(self));
        out.extend(self.sync_board(now));
        out.extend(self.answer_draw_offer(now));
        out.extend(self.think(now));
        out.extend(self.server_sync());
        // The words are made in the edition of the Laws now in force (`set laws 2018`).
        self.voice.laws = self.session.config().laws;
        out
    }

    fn handle_line(&mut self, text: &str, now: Duration) -> Vec<Out> {
        // No control character is read as a word or said back, whatever view the line came from.
        let cleaned: String = text.chars().filter(|c| !c.is_control()).collect();
        let text = cleaned.trim();
        if text.chars().count() > MAX_LINE {
            // A paste gone wrong: neither a move nor a command, and not to be read back.
            return vec![self.say("line.too_long")];
        }
        // A stray byte (a Latin-1 terminal's or a braille display's, read as `ÿ` or `Ã`): one letter
        // that no language of Anna writes alone is no answer, no question and no move, and the
        // question waiting still waits.
        let mut letters = text.chars();
        if let (Some(letter), None) = (letters.next(), letters.next()) {
            if !letter.is_ascii() {
                // A yes-or-no question only asks again, as for any answer that is not a clear one.
                let confirming = matches!(self.waiting, Some(Waiting::Confirm(_)));
                let said = (!confirming).then(|| self.say("say.not_understood_line"));
                return said.into_iter().chain(self.question_again()).collect();
            }
        }
        match self.waiting.take() {
            // The answers before the game (resume or not, a side, a time control, a name) are
            // typed, not heard.
            Some(waiting @ (Waiting::Resume(_) | Waiting::Setup(_))) if self.is_listen(text) => {
                self.waiting = Some(waiting);
                return vec![self.say("line.listen_setup")];
            }
            // `help` at a question before the game is no answer (no opponent named "help"): what
            // the questions are, and the question again.
            Some(waiting @ (Waiting::Resume(_) | Waiting::Setup(_)))
                if keys::leading(text, &self.voice.vocab)
                    .is_some_and(|(name, rest)| name == Name::Help && rest.is_empty()) =>
            {
                self.waiting = Some(waiting);
                return [self.say("line.setup_help")].into_iter().chain(self.question_again()).collect();
            }
            // `quit` leaves at any question before the game, as Ctrl-D does.
            Some(Waiting::Resume(_) | Waiting::Setup(_))
                if keys::leading(text, &self.voice.vocab)
                    .is_some_and(|(name, rest)| name == Name::Quit && rest.is_empty()) =>
            {
                return self.quit();
            }
            Some(Waiting::Resume(unfinished)) => return self.answer_resume(*unfinished, text, now),
            // The save's answer never came back: the start goes on, and the line is read there.
            Some(Waiting::Closed) => return self.after_closed(),
            Some(Waiting::Setup(questions)) => return self.answer_setup(questions, text, now),
            Some(Waiting::Confirm(pending)) => {
                if let Some(out) = self.answer_confirm(pending, text, now) {
                    return out;
                }
            }
            // Yes, no or Enter is no square (and Enter must not press the clock without a move):
            // the question is said again, shorter.
            Some(Waiting::SoundAlike)
                if text.is_empty() || matches!(commands::command(text, &self.voice.vocab), Ok(Command::Answer(_))) =>
            {
                self.waiting = Some(Waiting::SoundAlike);
                return vec![self.say("line.heard_say_square")];
            }
            Some(Waiting::SoundAlike) => {}
            Some(Waiting::Heard { command, vouched }) => {
                if let Some(out) = self.answer_heard(command, vouched, text, now) {
                    return out;
                }
            }
            None => {}
        }
        if text.is_empty() {
            return match self.options.enter {
                Enter::Press => self.act(Command::Press, now),
                Enter::Nothing => Vec::new(),
            };
        }
        // An exercise's answer (a move in its position, a question about it) is read by the same
        // one way in, in the exercise's position.
        if let Some(out) = self.exercise_line(text) {
            return out;
        }
        let command = match self.understand(text) {
            // `clear`, `close`, `abort` at Anna's question ("Did you mean Knight g5?") are no.
            _ if self.session.pending_question().is_some()
                && commands::answer(text, &self.voice.vocab) == Some(false) =>
            {
                Command::Answer(false)
            }
            Ok(command) => command,
            Err(e) => return vec![Out::Write(e.line())],
        };
        if let Command::Request(name, rest) = command {
            return self.request(name, &rest, now);
        }
        self.ask_or_act(command, now)
    }

    /// Whether `text` is the `listen` command (Tab in the board view).
    fn is_listen(&self, text: &str) -> bool {
        keys::leading(text, &self.voice.vocab).is_some_and(|(name, rest)| rest.is_empty() && name == Name::Listen)
    }

    /// Hands a command to the session. The user resigns for the side they play (`--player`,
    /// `flip`), even between their move and the press; the assistant relays both sides.
    /// Against the computer, everything the user says is said for the user's side: a move typed
    /// while the computer is to move is not played for the computer.
    fn act(&mut self, command: Command, now: Duration) -> Vec<Out> {
        if let Some(out) = self.server_command(&command, now) {
            return out;
        }
        let input = match (self.session.config().player, &command) {
            (Some(side), Command::Resign) if !self.options.assistant => Input::by(side, command),
            _ if self.options.opponent.is_remote() => Input::by(self.user_side(), command),
            _ => Input::act(command),
        };
        self.input(input, now)
    }

    /// The one way to the session: the input is journaled first (with the end of the game, if it
    /// ends), then what follows from it.
    fn input(&mut self, input: Input, now: Duration) -> Vec<Out> {
        let at = self.base.session(now);
        let over = self.session.outcome().is_some();
        let mut out = Vec::new();
        if self.journaling {
            out.push(Out::Journal(Record::Input { at, input: input.clone() }));
        }
        let plies = self.session.game().plies().len();
        if let Input::Act {
            command: command @ (Command::Explore(_) | Command::Moves | Command::MovesFrom(_)), ..
        } = &input
        {
            self.last_answer = Some((command.clone(), plies));
        }
        let effects = self.session.handle(input, at);
        if self.journaling && self.session.game().plies().len() != plies {
            // What the move did, so that a resumed game can tell a record it cannot replay.
            let game = self.session.game();
            out.push(Out::Journal(Record::Check { plies: game.plies().len(), fen: game.fen() }));
        }
        if self.journaling && self.session.outcome().is_some() {
            out.push(Out::Journal(Record::End { at, how: End::Finished }));
            self.journaling = false;
        }
        out.extend(self.outs(&effects));
        self.save_at_end(over, &mut out);
        // 7.2.1, 7.3: the game is cancelled; a new one is played, with the colours swapped.
        let cancelled = effects.iter().find_map(|e| match e {
            Effect::Record(anna_core::message::Fact::Cancelled { swap, .. }) => Some(*swap),
            _ => None,
        });
        if let Some(swap) = cancelled {
            out.extend(self.replay_cancelled(swap, now));
        }
        out
    }

    fn outs(&self, effects: &[Effect]) -> Vec<Out> {
        effects
            .iter()
            .map(|effect| match effect {
                Effect::Say(utterance) if matches!(utterance.sentence, Sentence::Time | Sentence::TimeOf) => {
                    let running = self.session.clock().running().filter(|_| self.session.outcome().is_none());
                    match running {
                        Some(side) => Out::SayLive(utterance.clone(), side),
                        None => Out::Say(Words::Sentence(utterance.clone()), utterance.priority),
                    }
                }
                Effect::Say(utterance) => Out::Say(Words::Sentence(utterance.clone()), utterance.priority),
                Effect::Play(sound) => Out::Play(*sound),
                Effect::Record(event) => Out::Record(event.clone()),
            })
            .collect()
    }

    fn word<'a>(&'a self, key: &'a str) -> &'a str {
        self.voice.vocab.word(key)
    }

    fn say(&self, key: &str) -> Out {
        Out::Say(Words::line(key), Priority::Info)
    }

    fn ask(&self, key: &str) -> Out {
        Out::Say(Words::line(key), Priority::Urgent)
    }

    fn side(&self, side: Color) -> String {
        announce::side(side, &self.voice.vocab)
    }
}

#[cfg(test)]
mod tests;
