//! The one event loop: typed lines and clock deadlines in, sentences out. Standard input is read on
//! its own thread; the loop sleeps until the next line or the next flag fall, never polling. What a
//! line means is decided by the line mode ([`LineMode`], no I/O); the loop only carries out what it
//! returns: every sentence is written as a line (what a screen reader reads) and handed to the
//! [`Speaker`], which speaks it on its own thread, so the loop never waits on speech.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::adapters::games;
use crate::adapters::sound::SoundPlayer;
use crate::adapters::speech::{self, Speaker, SpeechArgs};
use crate::core::message::Priority;
use crate::language::announce::fill;
use crate::language::Voice;
use crate::ui::line::{LineMode, Out, SpeechChange};
use crate::ui::review::Review;

enum Source {
    Line(String),
    Closed,
}

/// What the loop speaks and plays through; the speaker is restarted when its settings change.
struct Outputs {
    speech: SpeechArgs,
    speaker: Speaker,
    sounds: SoundPlayer,
}

/// Plays a game on standard input and output until `quit` or the end of input.
pub fn run(mut ui: LineMode, speech: SpeechArgs, sounds: SoundPlayer) -> ExitCode {
    let speaker = speech::start_for_game(&speech, ui.voice());
    // Saved once at the start; a restart of the speaker does not save again.
    let speech = SpeechArgs { save_settings: false, ..speech };
    let mut outputs = Outputs { speech, speaker, sounds };
    ui.set_date(games::now_stamp().0);
    // A game read from PGN goes on from the session time where its replay stopped.
    let origin = ui.origin();
    let began = Instant::now();
    let elapsed = || origin + began.elapsed();
    let start = ui.start();
    outputs.carry_out(&start, ui.voice());
    let receiver = read_lines();

    // At the end of the input the last sentences are still said; `quit` stops at once.
    let mut drain = Duration::from_secs(10);
    loop {
        let now = elapsed();
        let received = match ui.next_deadline() {
            Some(deadline) => receiver.recv_timeout(deadline.saturating_sub(now)),
            None => receiver.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        };
        let out = match received {
            Err(mpsc::RecvTimeoutError::Timeout) => ui.tick(elapsed()),
            Err(mpsc::RecvTimeoutError::Disconnected) | Ok(Source::Closed) => break,
            Ok(Source::Line(line)) => ui.line(&line, elapsed()),
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
    let mut outputs = Outputs { speech, speaker, sounds };
    let start = ui.start();
    let mut drain = Duration::from_secs(10);
    if !outputs.carry_out(&start, ui.voice()) {
        let receiver = read_lines();
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
fn read_lines() -> mpsc::Receiver<Source> {
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
    receiver
}

impl Outputs {
    /// Writes, says and plays what the line mode returned; true when it asked to quit.
    fn carry_out(&mut self, outs: &[Out], voice: &Voice) -> bool {
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
                    let old = std::mem::replace(&mut self.speaker, speech::start_for_game(&self.speech, voice));
                    old.finish(Duration::ZERO);
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
                Out::Quit => return true,
            }
        }
        let _ = std::io::stdout().flush();
        false
    }
}
