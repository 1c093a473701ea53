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

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::adapters::engine::{Computer, EngineChoice, Reply};
use crate::adapters::sound::SoundPlayer;
use crate::adapters::speech::{self, Speaker, SpeechArgs};
use crate::board_link::serial::{Link, LinkReport};
use crate::ui::line::{LineMode, Out, SpeechChange};

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

/// What the loop speaks and plays through; the speaker is restarted when its settings change.
struct Outputs {
    speech: SpeechArgs,
    speaker: Speaker,
    sounds: SoundPlayer,
    computer: Computer,
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
    let mut outputs = Outputs { speech, speaker, sounds, computer, board: None };
    let began = Instant::now();
    let start = ui.start();
    outputs.carry_out(&start, &ui);
    if let Some(port) = board {
        // After the setup, so the mirror starts from the game's position and side.
        ui.connect_board();
        outputs.board = Some(Link::open(&port.path, port.baud, sender.clone(), Source::Board));
    }

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
    loop {
        let now = began.elapsed();
        let received = match ui.next_deadline() {
            Some(deadline) => receiver.recv_timeout(deadline.saturating_sub(now)),
            None => receiver.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        };
        let out = match received {
            Err(mpsc::RecvTimeoutError::Timeout) => ui.tick(began.elapsed()),
            Err(mpsc::RecvTimeoutError::Disconnected) | Ok(Source::Closed) => break,
            Ok(Source::Line(line)) => ui.line(&line, began.elapsed()),
            Ok(Source::Computer(Reply::Move { id, uci })) => ui.engine_move(id, &uci, began.elapsed()),
            Ok(Source::Computer(Reply::Failed { id, failure })) => ui.engine_failed(id, failure, began.elapsed()),
            Ok(Source::Board(report)) => ui.board_report(&report, began.elapsed()),
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
            match out {
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
                Out::Think(request) => self.computer.think(request.clone()),
                Out::Board(command) => {
                    if let Some(link) = &self.board {
                        link.send(command.clone());
                    }
                }
                Out::Quit => return true,
            }
        }
        let _ = std::io::stdout().flush();
        false
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
