//! The one event loop: typed lines and clock deadlines in, sentences out. Standard input is read on
//! its own thread; the loop sleeps until the next line or the next flag fall, never polling. What a
//! line means is decided by the line mode ([`LineMode`], no I/O); the loop only carries out what it
//! returns: every sentence is written as a line (what a screen reader reads) and handed to the
//! [`Speaker`], which speaks it on its own thread, so the loop never waits on speech.
//!
//! Every input that reaches the game is first appended to its journal and flushed to the disk; only
//! then is anything that follows from it written or said. While a clock runs, the loop wakes every
//! [`CHECKPOINT`] to journal the clock's reading, so a crash costs at most that much of it.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::adapters::journal;
use crate::adapters::sound::SoundPlayer;
use crate::adapters::speech::{self, Speaker, SpeechArgs};
use crate::core::message::Priority;
use crate::language::announce::fill;
use crate::ui::line::{LineMode, Out, SpeechChange};

enum Source {
    Line(String),
    Closed,
}

/// How often a running clock's reading is journaled.
pub const CHECKPOINT: Duration = Duration::from_secs(1);

/// What the loop speaks and plays through; the speaker is restarted when its settings change.
struct Outputs {
    speech: SpeechArgs,
    speaker: Speaker,
    sounds: SoundPlayer,
    journal: journal::Sink,
}

/// Plays a game on standard input and output until `quit` or the end of input.
pub fn run(mut ui: LineMode, speech: SpeechArgs, sounds: SoundPlayer) -> ExitCode {
    let speaker = speech::start_for_game(&speech, ui.voice());
    // Saved once at the start; a restart of the speaker does not save again.
    let speech = SpeechArgs { save_settings: false, ..speech };
    let journal = journal::Sink::new(journal::folder());
    let mut outputs = Outputs { speech, speaker, sounds, journal };
    let began = Instant::now();
    // Whole milliseconds: the journal's times stay short and are read back exactly.
    let elapsed = || Duration::from_millis(u64::try_from(began.elapsed().as_millis()).unwrap_or(u64::MAX));
    let start = ui.start();
    outputs.carry_out(&start, &ui);

    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if sender.send(Source::Line(line)).is_err() {
                return;
            }
        }
        let _ = sender.send(Source::Closed);
    });

    // At the end of the input the last sentences are still said; `quit` stops at once.
    let mut drain = Duration::from_secs(10);
    let mut fed = Duration::ZERO;
    loop {
        let now = elapsed();
        let checkpoint = ui.clock_running().then_some(fed + CHECKPOINT);
        let received = match [ui.next_deadline(), checkpoint].into_iter().flatten().min() {
            Some(deadline) => receiver.recv_timeout(deadline.saturating_sub(now)),
            None => receiver.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        };
        fed = elapsed();
        let out = match received {
            Err(mpsc::RecvTimeoutError::Timeout) => ui.tick(fed),
            Err(mpsc::RecvTimeoutError::Disconnected) | Ok(Source::Closed) => break,
            Ok(Source::Line(line)) => ui.line(&line, fed),
        };
        if outputs.carry_out(&out, &ui) {
            drain = Duration::ZERO;
            break;
        }
    }
    outputs.speaker.finish(drain);
    ExitCode::SUCCESS
}

impl Outputs {
    /// Writes, says and plays what the line mode returned; true when it asked to quit.
    fn carry_out(&mut self, outs: &[Out], ui: &LineMode) -> bool {
        // No lock on stdout is held: a restarted speaker writes its notice from its own thread.
        for out in outs {
            if !matches!(out, Out::Journal(_) | Out::JournalNew | Out::JournalContinue(_)) {
                self.sync_journal(ui);
            }
            match out {
                Out::Journal(record) => {
                    let written = self.journal.write(record);
                    self.journal_failed(written, ui);
                }
                Out::JournalNew => {
                    let begun = self.journal.begin();
                    self.journal_failed(begun, ui);
                }
                Out::JournalContinue(path) => {
                    let resumed = self.journal.resume(path);
                    self.journal_failed(resumed, ui);
                }
                Out::Say(words, priority) => {
                    println!("{words}");
                    self.speaker.say(words.clone(), *priority);
                }
                Out::Write(words) => println!("{words}"),
                Out::Play(sound) => self.sounds.play(*sound),
                Out::Sounds(on) => self.sounds = SoundPlayer::new(*on),
                Out::Speech(change) => {
                    match change {
                        SpeechChange::Backend(choice) => self.speech.speech = Some(*choice),
                        SpeechChange::Rate(rate) => self.speech.rate = Some(*rate),
                        SpeechChange::Volume(volume) => self.speech.volume = Some(*volume),
                        SpeechChange::Language => {}
                    }
                    let old = std::mem::replace(&mut self.speaker, speech::start_for_game(&self.speech, ui.voice()));
                    old.finish(Duration::ZERO);
                }
                Out::Quit => {
                    self.sync_journal(ui);
                    return true;
                }
            }
        }
        self.sync_journal(ui);
        let _ = std::io::stdout().flush();
        false
    }

    /// Puts what was journaled on the disk.
    fn sync_journal(&mut self, ui: &LineMode) {
        let synced = self.journal.sync();
        self.journal_failed(synced, ui);
    }

    /// Says (once) that the game cannot be saved; it goes on without a journal.
    fn journal_failed(&mut self, result: Result<(), String>, ui: &LineMode) {
        if let Err(error) = result {
            let words = fill(ui.voice().vocab.word("journal.failed"), &[("error", error)]);
            println!("{words}");
            self.speaker.say(words, Priority::Urgent);
        }
    }
}
