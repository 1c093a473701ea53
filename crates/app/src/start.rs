//! The start of a run: the settings in force, then the welcome or the first setup question, or
//! the unfinished game resumed or asked about.

use std::time::Duration;

use anna_core::command::Command;
use anna_core::message::{Arg, Priority, Words};

use crate::{setup, App, Out, Record, Waiting};

impl App {
    /// Sets the game up and greets: the welcome line, or the first setup question; or resumes an
    /// unfinished game, or asks whether to.
    pub fn start(&mut self) -> Vec<Out> {
        self.voice.laws = self.session.config().laws;
        let mut out = vec![self.in_force()];
        out.extend(self.greet());
        out
    }

    fn greet(&mut self) -> Vec<Out> {
        if let Some(words) = self.greeting.clone() {
            let mut out = self.begin_journal(Duration::ZERO);
            let history = std::mem::take(&mut self.history);
            out.extend(history.into_iter().map(|(input, at)| Out::Journal(Record::Input { at, input })));
            out.push(Out::Say(words, Priority::Info));
            return out;
        }
        if let Some(out) = self.start_unfinished() {
            return out;
        }
        self.start_new()
    }

    pub(super) fn start_new(&mut self) -> Vec<Out> {
        let mut out = self.begin_journal(Duration::ZERO);
        if self.options.online.is_some() {
            // The server's game sets the game up when its first line comes.
            out.extend(self.server_open());
            return out;
        }
        for command in self.setup.clone() {
            out.extend(self.act(command, Duration::ZERO));
        }
        // The computer plays under its own name (the PGN's White or Black), unless named.
        if let Some(side) = self.computer_side().filter(|side| self.session.name(*side).is_none()) {
            if !self.options.ask_setup {
                let name = Command::Name(side, self.computer_name());
                self.setup.push(name.clone());
                out.extend(self.act(name, Duration::ZERO));
            }
        }
        if self.options.assistant {
            out.push(self.say("line.assistant"));
        }
        // At a tournament the edition of the Laws is said once, before the game (2023 or 2018).
        if self.session.config().tournament {
            let year = Arg::Number(u32::from(self.session.config().laws.year()));
            out.push(Out::Say(Words::line("line.laws_edition").arg("year", year), Priority::Info));
        }
        if self.options.ask_setup {
            self.waiting = Some(Waiting::Setup(setup::Questions::default()));
            out.push(self.say("line.setup_side"));
        } else {
            out.push(Out::Write(Words::line(self.board_view_words("line.welcome"))));
            out.extend(self.press_hint().map(Out::Write));
            out.extend(self.computer_ready());
        }
        out.extend(self.think(Duration::ZERO));
        out
    }
}
