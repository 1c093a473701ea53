//! The one event loop: typed lines and clock deadlines in, sentences out. Standard input is read on
//! its own thread; the loop sleeps until the next line or the next flag fall, never polling. What a
//! line means is decided by the line mode ([`LineMode`], no I/O); the loop only carries out what it
//! returns: every sentence is written as a line (what a screen reader reads) and handed to the
//! [`Speaker`], which speaks it on its own thread, so the loop never waits on speech.
//! The computer opponent's answers are one more source: the line mode asks for a move
//! ([`Out::Think`]), the [`Computer`] thinks on its own thread and its reply comes through the same
//! channel, so the player's questions, `time`, `resign` or a draw offer work while it thinks.
//! A peg board (`--board`) is one more: its [`Link`] reports through the channel and the line mode's
//! [`Out::Board`] requests are sent through it, never blocking the loop.
//!
//! Every input that reaches the game is first appended to its journal and flushed to the disk; only
//! then is anything that follows from it written or said. While a clock runs, the loop wakes every
//! [`CHECKPOINT`] to journal the clock's reading, so a crash costs at most that much of it.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::adapters::engine::{Computer, EngineChoice, Reply};
use crate::adapters::games;
use crate::adapters::journal;
use crate::adapters::sound::SoundPlayer;
use crate::adapters::speech::{self, Speaker, SpeechArgs};
use crate::board_link::serial::{Link, LinkReport};
use crate::core::message::Priority;
use crate::language::announce::fill;
use crate::language::Voice;
use crate::ui::line::{LineMode, Out, SpeechChange};
use crate::ui::review::Review;

enum Source {
    Line(String),
    Closed,
    Computer(Reply),
    Board(LinkReport),
}

/// The peg board's serial port and baud rate (`--board`, `--board-baud`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPort {
    pub path: String,
    pub baud: u32,
}

/// How often a running clock's reading is journaled.
pub const CHECKPOINT: Duration = Duration::from_secs(1);

/// What the loop speaks and plays through; the speaker is restarted when its settings change. A
/// review has no opponent and no journal.
struct Outputs {
    speech: SpeechArgs,
    speaker: Speaker,
    sounds: SoundPlayer,
    computer: Option<Computer>,
    journal: Option<journal::Sink>,
    board: Option<Link>,
}

/// Plays a game on standard input and output until `quit` or the end of input.
pub fn run(ui: LineMode, speech: SpeechArgs, sounds: SoundPlayer) -> ExitCode {
    run_with(ui, speech, sounds, EngineChoice::default())
}

/// [`run`] with the computer opponent's engine chosen (`--engine`).
pub fn run_with(ui: LineMode, speech: SpeechArgs, sounds: SoundPlayer, engine: EngineChoice) -> ExitCode {
    run_with_board(ui, speech, sounds, engine, None)
}

/// [`run_with`] and a peg board on `board`: the link opens (and keeps retrying) on its own threads;
/// the game starts at once, with or without the board.
pub fn run_with_board(
    mut ui: LineMode,
    speech: SpeechArgs,
    sounds: SoundPlayer,
    engine: EngineChoice,
    board: Option<BoardPort>,
) -> ExitCode {
    let speaker = speech::start_for_game(&speech, ui.voice());
    // Saved once at the start; a restart of the speaker does not save again.
    let speech = SpeechArgs { save_settings: false, ..speech };
    let (sender, receiver) = mpsc::channel();
    let replies = sender.clone();
    let seed = seed();
    let computer = Computer::new(engine, seed, Arc::new(move |reply| drop(replies.send(Source::Computer(reply)))));
    let journal = journal::Sink::new(journal::folder());
    let mut outputs =
        Outputs { speech, speaker, sounds, computer: Some(computer), journal: Some(journal), board: None };
    ui.set_date(games::now_stamp().0);
    // A game read from PGN goes on from the session time where its replay stopped.
    let origin = ui.origin();
    let began = Instant::now();
    // Whole milliseconds: the journal's times stay short and are read back exactly.
    let elapsed = || origin + Duration::from_millis(u64::try_from(began.elapsed().as_millis()).unwrap_or(u64::MAX));
    let start = ui.start();
    outputs.carry_out(&start, ui.voice());
    if let Some(port) = board {
        // After the setup, so the mirror starts from the game's position and side.
        ui.connect_board();
        outputs.board = Some(Link::open(&port.path, port.baud, sender.clone(), Source::Board));
    }
    read_lines(sender);

    // At the end of the input the last sentences are still said; `quit` stops at once.
    let mut drain = Duration::from_secs(10);
    let mut fed = origin;
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
            Ok(Source::Computer(Reply::Move { id, uci })) => ui.engine_move(id, &uci, fed),
            Ok(Source::Computer(Reply::Failed { id, failure })) => ui.engine_failed(id, failure, fed),
            Ok(Source::Board(report)) => ui.board_report(&report, fed),
        };
        if outputs.carry_out(&out, ui.voice()) {
            drain = Duration::ZERO;
            break;
        }
    }
    outputs.speaker.finish(drain);
    ExitCode::SUCCESS
}

/// Reviews a game on standard input and output until `quit` or the end of input. Nothing runs
/// on a clock here, so the loop only waits for lines.
pub fn review(mut ui: Review, speech: SpeechArgs, sounds: SoundPlayer) -> ExitCode {
    let speaker = speech::start_for_game(&speech, ui.voice());
    let speech = SpeechArgs { save_settings: false, ..speech };
    let mut outputs = Outputs { speech, speaker, sounds, computer: None, journal: None, board: None };
    let start = ui.start();
    let mut drain = Duration::from_secs(10);
    if !outputs.carry_out(&start, ui.voice()) {
        let (sender, receiver) = mpsc::channel();
        read_lines(sender);
        while let Ok(Source::Line(line)) = receiver.recv() {
            let out = ui.line(&line);
            if outputs.carry_out(&out, ui.voice()) {
                drain = Duration::ZERO;
                break;
            }
        }
    }
    outputs.speaker.finish(drain);
    ExitCode::SUCCESS
}

/// Standard input, a line at a time, from its own thread.
fn read_lines(sender: mpsc::Sender<Source>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if sender.send(Source::Line(line)).is_err() {
                return;
            }
        }
        let _ = sender.send(Source::Closed);
    });
}

impl Outputs {
    /// Writes, says and plays what the line mode returned; true when it asked to quit.
    fn carry_out(&mut self, outs: &[Out], voice: &Voice) -> bool {
        // No lock on stdout is held: a restarted speaker writes its notice from its own thread.
        for out in outs {
            if !matches!(out, Out::Journal(_) | Out::JournalNew | Out::JournalContinue(_)) {
                self.sync_journal(voice);
            }
            match out {
                Out::Journal(record) => {
                    let written = self.journal.as_mut().map_or(Ok(()), |j| j.write(record));
                    self.journal_failed(written, voice);
                }
                Out::JournalNew => {
                    let begun = self.journal.as_mut().map_or(Ok(()), |j| j.begin());
                    self.journal_failed(begun, voice);
                }
                Out::JournalContinue(path) => {
                    let resumed = self.journal.as_mut().map_or(Ok(()), |j| j.resume(path));
                    self.journal_failed(resumed, voice);
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
                    let old = std::mem::replace(&mut self.speaker, speech::start_for_game(&self.speech, voice));
                    old.finish(Duration::ZERO);
                }
                Out::Think(request) => {
                    if let Some(computer) = &mut self.computer {
                        computer.think(request.clone());
                    }
                }
                Out::Board(command) => {
                    if let Some(link) = &self.board {
                        link.send(command.clone());
                    }
                }
                Out::Save(save) => {
                    let words = match games::write(save, &games::now_stamp().1) {
                        Ok(path) => fill(voice.vocab.word("line.saved"), &[("path", path.display().to_string())]),
                        Err((path, error)) => {
                            fill(voice.vocab.word("line.save_failed"), &[("path", path), ("text", error)])
                        }
                    };
                    println!("{words}");
                    self.speaker.say(words, Priority::Info);
                }
                Out::Quit => {
                    self.sync_journal(voice);
                    return true;
                }
            }
        }
        self.sync_journal(voice);
        let _ = std::io::stdout().flush();
        false
    }

    /// Puts what was journaled on the disk.
    fn sync_journal(&mut self, voice: &Voice) {
        let synced = self.journal.as_mut().map_or(Ok(()), |j| j.sync());
        self.journal_failed(synced, voice);
    }

    /// Says (once) that the game cannot be saved; it goes on without a journal.
    fn journal_failed(&mut self, result: Result<(), String>, voice: &Voice) {
        if let Err(error) = result {
            let words = fill(voice.vocab.word("journal.failed"), &[("error", error)]);
            println!("{words}");
            self.speaker.say(words, Priority::Urgent);
        }
    }
}

/// A seed for the built-in opponent, different in every game, from the standard library's
/// per-process random hash keys.
fn seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0x616e_6e61);
    hasher.finish()
}
