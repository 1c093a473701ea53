//! The one event loop: typed lines and clock deadlines in, sentences out. Standard input is read on
//! its own thread; the loop sleeps until the next line or the next flag fall, never polling.
//! Every sentence is written as a line (what a screen reader reads) and handed to the [`Speaker`],
//! which speaks it on its own thread: the loop never waits on speech.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::adapters::sound::SoundPlayer;
use crate::adapters::speech::Speaker;
use crate::core::command::{Command, Input};
use crate::core::message::Effect;
use crate::core::session::{Config, Session};
use crate::language::{commands, Voice};

enum Source {
    Line(String),
    Closed,
}

/// Plays a game on standard input and output until `quit` or the end of input.
pub fn run(config: Config, setup: Vec<Command>, voice: Voice, speaker: Speaker, sounds: SoundPlayer) -> ExitCode {
    let mut session = Session::new(config);
    let began = Instant::now();
    for command in setup {
        speak(&session.handle(Input::act(command), Duration::ZERO), &voice, &speaker, &sounds);
    }
    println!("{}", voice.vocab.word("line.welcome"));

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
    loop {
        let now = began.elapsed();
        let received = match session.next_deadline() {
            Some(deadline) => receiver.recv_timeout(deadline.saturating_sub(now)),
            None => receiver.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        };
        let input = match received {
            Err(mpsc::RecvTimeoutError::Timeout) => Input::Tick,
            Err(mpsc::RecvTimeoutError::Disconnected) | Ok(Source::Closed) => break,
            Ok(Source::Line(line)) => {
                let line = line.trim();
                match line.to_ascii_lowercase().as_str() {
                    "quit" | "exit" => {
                        drain = Duration::ZERO;
                        break;
                    }
                    "help" => {
                        println!("{}", voice.vocab.word("line.help"));
                        continue;
                    }
                    // An empty Enter presses the clock.
                    "" => Input::act(Command::Press),
                    _ => match commands::command(line, &voice.vocab) {
                        Ok(command) => Input::act(command),
                        Err(e) => {
                            println!("{e}");
                            continue;
                        }
                    },
                }
            }
        };
        speak(&session.handle(input, began.elapsed()), &voice, &speaker, &sounds);
    }
    speaker.finish(drain);
    ExitCode::SUCCESS
}

fn speak(effects: &[Effect], voice: &Voice, speaker: &Speaker, sounds: &SoundPlayer) {
    let mut out = std::io::stdout().lock();
    for effect in effects {
        match effect {
            Effect::Say(utterance) => {
                let words = voice.render(utterance);
                let _ = writeln!(out, "{words}");
                speaker.say(words, utterance.priority);
            }
            Effect::Play(sound) => sounds.play(*sound),
            Effect::Record(_) => {}
        }
    }
    let _ = out.flush();
}
