//! An unfinished game brought back from its journal: `anna --resume`, or yes to the question asked at
//! the start when one is found. The journal's inputs are played into a fresh session at their
//! recorded instants (the session is deterministic given its inputs and their times), so position,
//! scoresheet with its clock readings, draw offers, questions and both clocks are as they stood.
//! The clocks are then stopped at the last recorded instant and the state is announced; they run
//! again on the player's `resume`, the session's time going on from that instant.

use crate::OtherSide;
use std::path::PathBuf;
use std::time::Duration;

use shakmaty::{Color, Position};

use super::{App, Options, Out, Waiting};
use crate::journal::{self, End, Journal, Record};
use crate::save::{self, Save, SaveKind};
use anna_core::command::{Command, Input};
use anna_core::message::{Arg, Played, Priority, Sentence, Utterance, Words};
use anna_core::scoresheet::Tags;
use anna_core::session::{Config, Session};
use anna_language::{Vocabulary, Voice};

/// An unfinished game found in its journal (already repaired if it was damaged).
#[derive(Clone, Debug)]
pub struct Unfinished {
    pub path: PathBuf,
    pub journal: Journal,
    /// Where the damaged journal was kept, if it was damaged.
    pub kept: Option<PathBuf>,
    /// The number of the move lost, when a record could not be replayed.
    pub lost: Option<u32>,
    /// Ask first (at a plain start), or resume at once (`--resume`).
    pub ask: bool,
}

/// Instants of the runtime (since the program started) and of the session (since the game's
/// journal began), which differ once a game is resumed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct TimeBase {
    /// An instant of the runtime...
    process: Duration,
    /// ...and the session's time then.
    session: Duration,
}

impl TimeBase {
    pub(super) fn session(self, process: Duration) -> Duration {
        self.session + process.saturating_sub(self.process)
    }

    pub(super) fn process(self, session: Duration) -> Duration {
        self.process + session.saturating_sub(self.session)
    }
}

/// A game rebuilt from its journal: the session, the setup commands (for `new`), the last voice
/// and the app's last options (the opponent and the interface's settings).
struct Rebuilt {
    session: Session,
    setup: Vec<Command>,
    voice: Option<Voice>,
    options: Option<Options>,
    /// Where the replay stopped: the index of the first record of the part that could not be
    /// replayed (the input whose game is not the one its `check` wrote).
    broken: Option<usize>,
}

fn rebuild(journal: &Journal) -> Rebuilt {
    rebuild_records(&journal.records)
}

fn rebuild_records(records: &[Record]) -> Rebuilt {
    let mut session = Session::new(Config::default());
    session.replaying(true);
    let mut setup = Vec::new();
    let mut voice = None;
    let mut options = None;
    let mut broken = None;
    let mut last_input = 0;
    for (index, record) in records.iter().enumerate() {
        match record {
            Record::App(app) => options = Some(app.clone()),
            Record::Check { plies, fen } => {
                let game = session.game();
                if game.plies().len() != *plies || game.fen() != *fen {
                    broken = Some(last_input);
                    break;
                }
            }
            Record::Voice { lang, squares, form } => {
                voice = Vocabulary::get(lang).map(|vocab| Voice::new(vocab, *squares, *form)).or(voice);
            }
            Record::Input { at, input } => {
                if let Input::Act {
                    command:
                        command @ (Command::TimeControl(_)
                        | Command::ClockMode(_)
                        | Command::Fen(_)
                        | Command::Chess960(_)
                        | Command::Name(..)),
                    ..
                } = input
                {
                    setup.push(command.clone());
                }
                last_input = index;
                session.handle(input.clone(), *at);
            }
            Record::Header { .. } | Record::End { .. } => {}
        }
    }
    session.replaying(false);
    Rebuilt { session, setup, voice, options, broken }
}

/// Whether every record of the journal replays to the game it wrote: `Err((valid, number))` when
/// the records from `valid` on do not (a move that reads well but is not the move played), with
/// the number of the move lost.
pub fn replayable(journal: &Journal) -> Result<(), (usize, u32)> {
    let Some(valid) = rebuild(journal).broken else { return Ok(()) };
    let session = rebuild_records(&journal.records[..valid]).session;
    Err((valid, session.game().position().fullmoves().get()))
}

/// Whether a journal holds a game worth resuming: one that has begun (a game only set up is not).
pub fn worth_resuming(journal: &Journal) -> bool {
    let session = rebuild(journal).session;
    !journal.ended() && (session.started() || !session.game().plies().is_empty())
}

impl App {
    /// Starts with this unfinished game: resumes it, or asks first.
    pub fn with_unfinished(self, unfinished: Unfinished) -> App {
        self.with_unfinished_games(vec![unfinished])
    }

    /// Starts with these unfinished games, newest first: the first is resumed (`--resume`), or each
    /// is asked about in turn until the player says yes to one (no leaves it, as for one game).
    pub fn with_unfinished_games(mut self, mut games: Vec<Unfinished>) -> App {
        if games.is_empty() {
            return self;
        }
        let first = games.remove(0);
        self.later_unfinished = games;
        self.waiting = Some(Waiting::Resume(Box::new(first)));
        self
    }

    /// The start when an unfinished game is waiting.
    pub(super) fn start_unfinished(&mut self) -> Option<Vec<Out>> {
        let Some(Waiting::Resume(unfinished)) = self.waiting.take() else { return None };
        if unfinished.ask {
            let mut out = Vec::new();
            if !self.later_unfinished.is_empty() {
                let count = self.later_unfinished.len() + 1;
                let words = Words::line("journal.several").arg("count", Arg::Number(count as u32));
                out.push(Out::Say(words, Priority::Urgent));
            }
            out.extend(self.resume_question(&unfinished));
            self.waiting = Some(Waiting::Resume(unfinished));
            return Some(out);
        }
        Some(self.restore(*unfinished, Duration::ZERO))
    }

    /// Yes resumes the game; no leaves it (its journal is kept, marked as left) and starts anew;
    /// anything else asks again.
    pub(super) fn answer_resume(&mut self, unfinished: Unfinished, text: &str, now: Duration) -> Vec<Out> {
        // Closing a game for good needs a clear no, as any irreversible answer does.
        match crate::confirm::clear_answer(text, &self.voice.vocab) {
            Some(true) => self.restore(unfinished, now),
            Some(false) => {
                let at = unfinished.journal.last_instant();
                let mut out = vec![
                    Out::JournalContinue(unfinished.path.clone()),
                    Out::Journal(Record::End { at, how: End::Abandoned }),
                ];
                // Not resumed is not hidden: its moves are saved as PGN, and the player told so.
                let (y, m, d, ..) = journal::civil(unfinished.journal.started);
                let tags = Tags { date: format!("{y:04}.{m:02}.{d:02}"), ..Tags::default() };
                let text = save::pgn(&rebuild(&unfinished.journal).session, &self.voice.vocab, &tags);
                let words =
                    Words::line("journal.declined").arg("date", Arg::Text(journal::date(unfinished.journal.started)));
                out.push(Out::Say(words, Priority::Info));
                out.push(Out::Save(Save { path: None, kind: SaveKind::Pgn, text, replace: false }));
                // What follows comes once the save is said ([`App::after_closed`]).
                self.waiting = Some(Waiting::Closed);
                out
            }
            None => {
                let question = self.resume_question(&unfinished);
                self.waiting = Some(Waiting::Resume(Box::new(unfinished)));
                question
            }
        }
    }

    /// After an unfinished game was closed and its PGN saved: the next older game is offered, or a
    /// new game begins.
    pub(super) fn after_closed(&mut self) -> Vec<Out> {
        if self.later_unfinished.is_empty() {
            return self.start_new();
        }
        let next = self.later_unfinished.remove(0);
        let out = self.resume_question(&next);
        self.waiting = Some(Waiting::Resume(Box::new(next)));
        out
    }

    pub(super) fn resume_question(&self, unfinished: &Unfinished) -> Vec<Out> {
        let session = rebuild(&unfinished.journal).session;
        let name = |side| session.name(side).map_or(Arg::Side(side), |name| Arg::Text(name.to_string()));
        let mut out = self.damage_note(unfinished);
        // Two games of one evening differ by their last move, if by nothing else.
        let last = session.game().plies().last().map(|p| Played { san: p.san, mv: p.mv });
        let key = if last.is_some() { "journal.ask_last" } else { "journal.ask" };
        let mut words = Words::line(key)
            .arg("date", Arg::Text(journal::date(unfinished.journal.started)))
            .arg("white", name(Color::White))
            .arg("black", name(Color::Black))
            .arg("number", Arg::Text(session.game().position().fullmoves().to_string()));
        if let Some(last) = last {
            words = words.arg("last", Arg::Move(last));
        }
        out.push(Out::Say(words, Priority::Urgent));
        out
    }

    fn damage_note(&self, unfinished: &Unfinished) -> Vec<Out> {
        let Some(kept) = &unfinished.kept else { return Vec::new() };
        let path = Arg::Text(kept.display().to_string());
        let skipped = unfinished.journal.skipped;
        let words = match unfinished.lost {
            Some(number) => Words::line("journal.lost").arg("number", Arg::Text(number.to_string())).arg("path", path),
            None if skipped > 0 => Words::line("journal.skipped").arg("count", Arg::Number(skipped)).arg("path", path),
            None => Words::line("journal.damaged").arg("path", path),
        };
        vec![Out::Say(words, Priority::Urgent)]
    }

    /// Rebuilds the game, stops its clocks at the last recorded instant and says where it stands.
    fn restore(&mut self, unfinished: Unfinished, now: Duration) -> Vec<Out> {
        let Rebuilt { session, setup, voice, options, .. } = rebuild(&unfinished.journal);
        self.session = session;
        self.setup = setup;
        if let Some(options) = options {
            self.options = Options { ask_setup: false, ..options };
            self.journaled = Some(self.options.clone());
        }
        self.base = TimeBase { process: now, session: unfinished.journal.last_instant() };
        self.journaling = true;
        self.journal_health = crate::journal::Health::Saved;
        let mut out = vec![Out::JournalContinue(unfinished.path.clone())];
        if let Some(voice) = voice {
            self.voice = voice;
        }
        // The game's own settings, whatever this run began with (sounds off stays off).
        out.push(self.in_force());
        if self.options.opponent == OtherSide::Computer {
            out.push(Out::Engine(self.options.engine.clone()));
        }
        out.extend(self.damage_note(&unfinished));
        let position = self.session.game().position();
        let words = Words::line("journal.restored")
            .arg("date", Arg::Text(journal::date(unfinished.journal.started)))
            .arg("number", Arg::Text(position.fullmoves().to_string()));
        out.push(Out::Say(words, Priority::Info));
        out.extend(self.computer_ready());
        if self.options.online.is_some() {
            // The server's clock ran meanwhile: its game goes on from its own state.
            out.extend(self.server_open());
        } else if self.session.clock().running().is_some() {
            out.extend(self.act(Command::Pause, now));
        }
        for question in [Command::Last, Command::Turn, Command::Time] {
            out.extend(self.act(question, now));
        }
        if let Some(side) = self.session.draw_offer() {
            out.push(Out::Say(Words::line("journal.offer").arg("side", Arg::Side(side)), Priority::Info));
        }
        if self.session.question().is_some() {
            out.push(self.say("journal.arbiter"));
        }
        if let Some(question) = self.session.pending_question() {
            let priority = question.priority;
            out.push(Out::Say(Words::Sentence(question), priority));
        }
        // An adjourned game goes on with `open`, not `resume` (Guideline I.7, I.9.1).
        let next = if self.session.adjourned() {
            let responder = !self.session.game().turn();
            Utterance::new(Priority::Info, Sentence::Adjourned).arg("side", Arg::Side(responder))
        } else {
            Utterance::new(Priority::Info, Sentence::PausedNoPlay)
        };
        if self.session.clock().is_paused() {
            out.push(Out::Say(Words::Sentence(next), Priority::Info));
        }
        out
    }

    /// The first records of a new game's journal: its voice and settings.
    pub(super) fn begin_journal(&mut self, now: Duration) -> Vec<Out> {
        self.journaling = true;
        // A new journal: the runtime reports how writing it goes from here.
        self.journal_health = crate::journal::Health::Saved;
        let at = self.base.session(now);
        let mut out = vec![Out::JournalNew, Out::Journal(self.voice_record())];
        self.journaled = Some(self.options.clone());
        out.push(Out::Journal(Record::App(self.options.clone())));
        out.extend(journal::config_records(self.session.config(), at).into_iter().map(Out::Journal));
        out
    }

    /// The app's options, journaled again when they changed (`set sounds off`, the setup
    /// questions' opponent), so that a resumed game goes on with them.
    pub(super) fn journal_options(&mut self) -> Option<Out> {
        if !self.journaling || self.journaled.as_ref() == Some(&self.options) {
            return None;
        }
        self.journaled = Some(self.options.clone());
        Some(Out::Journal(Record::App(self.options.clone())))
    }

    pub(super) fn voice_record(&self) -> Record {
        Record::Voice { lang: self.voice.vocab.code().to_string(), squares: self.voice.squares, form: self.voice.form }
    }
}

#[cfg(test)]
mod tests;
