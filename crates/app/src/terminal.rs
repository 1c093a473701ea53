//! The commands only the terminal knows (`help`, `quit`, `new`, `flip`, `settings`, `set`,
//! `save`, `restore board`, `stop`, `more`), and the scoresheet saved as a file.

use crate::OtherSide;
use std::time::Duration;

use shakmaty::Color;

use super::confirm::Pending;
use super::save::{self, Save, SaveKind};
use super::{App, Out, Waiting};
use crate::journal::{End, Health, Record};
use crate::keys;
use crate::save::SaveError;
use anna_core::command::{Command, Input, Name, Setting};
use anna_core::message::{Arg, Priority, Words};
use anna_core::scoresheet::Tags;
use anna_core::session::Session;
use anna_language::parse::fold;

impl App {
    /// A command the terminal handles itself ([`Name::is_terminal`]); `None` for the session's.
    pub(super) fn ui(&mut self, name: Name, rest: &str, now: Duration) -> Option<Vec<Out>> {
        Some(match name {
            Name::Help => {
                self.last_answer = None;
                vec![self.help(rest)]
            }
            Name::Quit => self.quit(),
            Name::New => {
                if self.server_game_running() && self.options.confirm {
                    self.waiting = Some(Waiting::Confirm(Pending::LeaveServerGame));
                    return Some(vec![self.ask("line.confirm_new_online")]);
                }
                let running = !self.session.game().plies().is_empty() && self.session.outcome().is_none();
                if running && self.options.confirm {
                    self.waiting = Some(Waiting::Confirm(Pending::NewGame));
                    return Some(vec![self.ask("line.confirm_new")]);
                }
                self.new_game(now)
            }
            Name::Flip => {
                let side = !self.session.config().player.unwrap_or(Color::White);
                if self.side_fixed(side) {
                    return Some(vec![self.side_fixed_words()]);
                }
                let mut out = self.act(Command::Set(Setting::Player(Some(side))), now);
                let words = Words::line("line.flipped").arg("side", Arg::Side(side));
                out.push(Out::Say(words, Priority::Info));
                out
            }
            Name::Settings => {
                self.last_answer = None;
                vec![self.settings()]
            }
            Name::Set => self.set(rest, now),
            Name::Restore => self.restore_board(now),
            Name::TurnBoard => self.turn_sensor_board(now).unwrap_or_else(|| vec![self.say("line.board_none_sensor")]),
            Name::Save => vec![self.save(rest)],
            Name::Stop => vec![Out::Silence],
            Name::More => self.more(now),
            // The speech stops, the microphone opens, then "Listening." (which it does not hear).
            Name::Listen => vec![Out::Listen],
            Name::Takeback => match self.take_back_computer(now) {
                Some(out) => out,
                None => self.server_ui(name, rest),
            },
            Name::Abort | Name::Chat => self.server_ui(name, rest),
            name if name.is_training() => self.training(name),
            _ => return None,
        })
    }

    /// `save [FILE]`: the game as PGN; `save braille [FILE]`: the braille scoresheet (.brf).
    fn save(&self, rest: &str) -> Out {
        let (kind, path) = save::request(rest);
        Out::Save(save::of_session(&self.session, &self.voice.vocab, &self.tags, kind, path))
    }

    /// Says where a save went or why it could not be written; asks before writing over a file.
    pub(super) fn saved(&mut self, save: Save, result: Result<std::path::PathBuf, SaveError>) -> Vec<Out> {
        let words = match result {
            Ok(path) => Words::line("line.saved").arg("path", Arg::Text(path.display().to_string())),
            Err(SaveError::Exists(path)) => {
                let words = Words::line("line.confirm_replace").arg("path", Arg::Text(path.display().to_string()));
                self.waiting = Some(Waiting::Confirm(Pending::Replace(save)));
                return vec![Out::Say(words, Priority::Urgent)];
            }
            Err(SaveError::NotAFile(path)) => {
                Words::line("line.save_not_file").arg("path", Arg::Text(path.display().to_string()))
            }
            Err(SaveError::Failed(path, trouble)) => Words::line("line.save_failed")
                .arg("path", Arg::Text(path.display().to_string()))
                .arg("trouble", Arg::Word(trouble.key().into())),
        };
        let mut out = vec![Out::Say(words, Priority::Info)];
        if matches!(self.waiting, Some(Waiting::Closed)) {
            self.waiting = None;
            out.extend(self.after_closed());
        } else {
            out.extend(self.question_again());
        }
        out
    }

    /// The game as PGN, in the words of the game's language.
    pub fn pgn(&self) -> String {
        // The account's name is the player's in a home game against the computer, nobody's else.
        let mut tags = self.tags.clone();
        let player = (self.options.opponent == OtherSide::Computer).then(|| self.user_side());
        let unknown = Tags::default();
        if player != Some(Color::White) {
            tags.white = unknown.white;
        }
        if player != Some(Color::Black) {
            tags.black = unknown.black;
        }
        save::pgn(&self.session, &self.voice.vocab, &tags)
    }

    /// A game that has just ended is saved by itself (into Anna's games folder).
    pub(super) fn save_at_end(&self, was_over: bool, out: &mut Vec<Out>) {
        if !was_over && self.session.outcome().is_some() {
            out.push(Out::Save(Save { path: None, kind: SaveKind::Pgn, text: self.pgn(), replace: false }));
        }
    }

    /// `more`: goes on with the answer a move cut off; an answer about the board that a move has
    /// made out of date is said again as the board is now, from its beginning.
    fn more(&mut self, now: Duration) -> Vec<Out> {
        match self.last_answer.clone() {
            Some((command, plies)) if plies != self.session.game().plies().len() => {
                let mut out = vec![Out::Silence];
                out.extend(self.input(Input::act(command), now));
                out
            }
            _ => vec![Out::More],
        }
    }

    /// `quit`: a game under way is kept in its journal, and the player is told how to go on; one
    /// whose journal is not on the disk is rescued as PGN wherever it can be written, and never
    /// said to be kept.
    pub fn quit(&self) -> Vec<Out> {
        // Moves played and taken back leave a game begun (its journal is offered to resume).
        let begun = !self.session.game().plies().is_empty() || self.session.started();
        let under_way = self.journaling && self.session.outcome().is_none() && begun;
        // Said with the moves: an answer being read stops for it, a move not yet said is not lost.
        let last = |key: &str| Out::Say(Words::line(key), Priority::Move);
        let online = self.options.online.is_some() && self.session.outcome().is_none() && self.session.started();
        let words = match self.journal_health {
            // The game goes on there, its clock running: the player must know it.
            Health::Saved if online && !self.session.clock().time_control().is_none() => last("line.quit_online"),
            Health::Saved if online => last("line.quit_online_untimed"),
            Health::Saved if under_way => last("line.quit_kept"),
            Health::NotSaved(_) if under_way => Out::Rescue(self.pgn()),
            _ if begun => last("line.quit_bye"),
            // At a question before the game, or before its first move.
            _ => last("line.quit_none"),
        };
        vec![words, Out::Quit]
    }

    /// What the runtime reports of the journal: its failure said when it happens, then after every
    /// move while it lasts, and its recovery once every record is on the disk.
    pub(super) fn journal_report(&mut self, health: Health) -> Vec<Out> {
        let was = std::mem::replace(&mut self.journal_health, health);
        let (words, priority) = match (was, health) {
            (Health::Saved, Health::Saved) => return Vec::new(),
            (Health::Saved, Health::NotSaved(trouble)) => {
                (Words::line("journal.failed").arg("trouble", Arg::Word(trouble.key().into())), Priority::Urgent)
            }
            // After a move: said with the moves, never cutting one off.
            (Health::NotSaved(_), Health::NotSaved(trouble)) => {
                (Words::line("journal.not_saved").arg("trouble", Arg::Word(trouble.key().into())), Priority::Move)
            }
            (Health::NotSaved(_), Health::Saved) => (Words::line("journal.recovered"), Priority::Info),
        };
        let mut out = vec![Out::Say(words, priority)];
        out.extend(self.question_again());
        out
    }

    /// The question that waits for its answer, said again after a notice that came between it and
    /// the player (a journal or a save), or when the program runs again after Ctrl-Z, so that it
    /// is the last thing heard.
    pub(super) fn question_again(&self) -> Option<Out> {
        match &self.waiting {
            Some(Waiting::Setup(questions)) => {
                Some(self.say(questions.question(self.options.opponent == OtherSide::Computer)))
            }
            Some(Waiting::Resume(unfinished)) => self.resume_question(unfinished).pop(),
            Some(Waiting::Confirm(pending)) => Some(Out::Say(pending.question(), Priority::Urgent)),
            _ => None,
        }
    }

    /// `help` (the list of commands) or `help COMMAND` (what it does).
    fn help(&self, rest: &str) -> Out {
        // The intro and `help press` say how this view presses the clock.
        let press = Arg::Text(self.voice.words(&self.press_words("press")));
        // "help please", "Hilfe bitte": the politeness and fillers of the language ask nothing.
        let fillers: Vec<String> = self.voice.vocab.moves.filler.iter().map(|f| fold(f)).collect();
        let kept: Vec<&str> = rest.split_whitespace().filter(|w| !fillers.contains(&fold(w))).collect();
        let rest = kept.join(" ");
        let rest = rest.as_str();
        if rest.is_empty() {
            return Out::Say(Words::line("help.intro").arg("press", press), Priority::Info);
        }
        // `help keys`: the board view's keys, with this language's letters that find pieces.
        let keys_word = |v: &anna_language::Vocabulary| fold(v.word("help.keys_word"));
        if [keys_word(&self.voice.vocab), keys_word(&anna_language::Vocabulary::english())].contains(&fold(rest)) {
            let letters = Arg::Text(self.voice.vocab.find_keys());
            return Out::Say(Words::line("help.keys").arg("letters", letters), Priority::Info);
        }
        let leading = keys::leading(rest, &self.voice.vocab);
        // `help set squares`: the values of one setting, from the one table of them.
        if let Some((Name::Set, setting)) = leading {
            let setting = setting.trim().to_lowercase();
            if let Some(values) = anna_core::bad_value::values(&setting) {
                let words = Words::line("line.setting_needs")
                    .arg("name", Arg::Text(setting))
                    .arg("values", Arg::Text(values.into()));
                return Out::Say(words, Priority::Info);
            }
        }
        let name = leading.map_or_else(|| fold(rest), |(name, _)| name.key().to_string());
        let key = format!("help.{name}");
        if name != "intro" && name != "unknown" && self.voice.vocab.has(&key) {
            // `help set` names the settings, from the one table of their values.
            let settings = Arg::Text(anna_core::bad_value::settings().collect::<Vec<_>>().join(", "));
            return Out::Say(Words::line(key).arg("press", press).arg("settings", settings), Priority::Info);
        }
        Out::Say(Words::line("help.unknown").arg("text", Arg::Text(rest.to_string())), Priority::Info)
    }

    /// A game cancelled by the arbiter (7.2.1, 7.3): a new one with the same setup, the players'
    /// colours swapped when the game began with them reversed.
    pub(super) fn replay_cancelled(&mut self, swap: bool, now: Duration) -> Vec<Out> {
        // The game as it was set up, however that was (the command line, the questions, a script).
        let mut setup = vec![Command::TimeControl(self.session.clock().time_control().clone())];
        let colors = if swap { [Color::Black, Color::White] } else { [Color::White, Color::Black] };
        for (color, was) in colors.into_iter().zip([Color::White, Color::Black]) {
            if let Some(name) = self.session.name(was) {
                setup.push(Command::Name(color, name.to_string()));
            }
        }
        let player = self.session.config().player.map(|side| if swap { !side } else { side });
        setup.push(Command::Set(Setting::Player(player)));
        self.setup
            .retain(|c| !matches!(c, Command::TimeControl(_) | Command::Name(..) | Command::Set(Setting::Player(_))));
        self.setup.extend(setup);
        self.new_game(now)
    }

    /// A new game with the settings in force and the same setup.
    pub(super) fn new_game(&mut self, now: Duration) -> Vec<Out> {
        self.computer.forget();
        let mut out = Vec::new();
        if self.journaling {
            // A game left for a new one is not offered for resumption; its journal is kept.
            let at = self.base.session(now);
            out.push(Out::Journal(Record::End { at, how: End::Abandoned }));
        }
        self.session = Session::new(self.session.config().clone());
        if self.options.opponent == crate::OtherSide::Server {
            // The game there is left: its link reset, and the new game asked for again.
            out.extend(self.leave_server_game(now));
            return out;
        }
        out.extend(self.begin_journal(now));
        for command in self.setup.clone() {
            out.extend(self.act(command, now));
        }
        out.push(self.say("line.new_game"));
        out
    }
}
