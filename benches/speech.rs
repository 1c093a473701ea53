//! From a typed line to the speaker: the line is read as a command, handled by the session, its
//! sentences rendered by the voice and handed to the speaker, whose thread passes them to an engine
//! (here an in-memory one that notes the instant each sentence arrives). Target: p99 under 2 ms.
//! Then the same while a long answer is being said (an engine that goes on speaking until it is
//! stopped): the move must cut it off. Target: p99 under 50 ms.
//!
//! Then a new game as the player starts it: the welcome, `help` being said, and the first move,
//! which must come first and at once. Target: p99 under 50 ms.
//!
//! Criterion measures the pure part (parse, handle, render); the whole path crosses two threads, so
//! its latency is measured here sample by sample and its percentiles printed.

use std::hint::black_box;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anna::adapters::speech::transcript::Memory;
use anna::adapters::speech::worker::{SpeechError, Synthesizer};
use anna::adapters::speech::{Backend, BackendName, Notices, Plan, Speaker};
use anna_app::{App, Event, Options, Out};
use anna_core::clock::TimeControl;
use anna_core::command::{Command, Input};
use anna_core::message::Effect;
use anna_core::message::Priority;
use anna_core::session::{Config, Session};
use anna_language::{commands, Voice};
use criterion::{criterion_group, criterion_main, Criterion};

/// Knights out and back: every line is a legal move that is announced (the clock is pressed at once).
const LINES: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];
const SAMPLES: usize = 10_000;

fn session() -> Session {
    Session::new(Config { auto_press: true, ..Config::default() })
}

/// One typed line through the session and the voice to words, handed to `say`.
fn line(text: &str, session: &mut Session, voice: &Voice, now: Duration, mut say: impl FnMut(String, Effect)) {
    let command = commands::command(text, &voice.vocab).expect("the line is understood");
    for effect in session.handle(Input::act(command), now) {
        if let Effect::Say(utterance) = &effect {
            say(voice.render(utterance), effect.clone());
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Prints the percentiles of `samples` for `what`, with its target.
fn report(what: &str, mut samples: Vec<Duration>, target: &str) {
    samples.sort();
    let (p50, p99, max) = (percentile(&samples, 0.5), percentile(&samples, 0.99), samples[samples.len() - 1]);
    println!("{what}, {} samples: p50 {p50:?}, p99 {p99:?}, max {max:?} (target {target})", samples.len());
}

/// A speaker whose engine is [`Talkative`], and what it is handed, with the instant.
fn talkative_speaker() -> (Speaker, mpsc::Receiver<(String, Instant)>) {
    let (heard, arrivals) = mpsc::channel();
    let backend = Backend::new(BackendName::Program("talkative".into()), move || {
        Ok(Box::new(Talkative { heard, speaking: false }) as Box<dyn Synthesizer>)
    });
    let quiet: Notices = Box::new(|_| None);
    (Speaker::start(Plan::new(vec![backend]), quiet), arrivals)
}

/// Latency of the whole path, sample by sample: typed line in, first sentence at the engine.
fn latency() {
    let voice = Voice::english();
    let (heard, arrivals) = mpsc::channel();
    let backend = Backend::new(BackendName::Program("memory".into()), move || Ok(Box::new(Memory::new(heard)) as _));
    let quiet: Notices = Box::new(|_| None);
    let speaker = Speaker::start(Plan::new(vec![backend]), quiet);
    let mut samples = Vec::with_capacity(SAMPLES);
    let mut game = session();
    for i in 0..SAMPLES + 100 {
        // A fresh game every 8 plies, outside the measurement: repetitions must not end it.
        if i.is_multiple_of(8) {
            game = session();
        }
        let began = Instant::now();
        let mut sent = 0;
        line(LINES[i % 4], &mut game, &voice, Duration::from_secs(i as u64), |words, effect| {
            if let Effect::Say(u) = effect {
                speaker.say(words, u.priority);
                sent += 1;
            }
        });
        assert!(sent > 0, "every line is announced");
        let (_, first) = arrivals.recv_timeout(Duration::from_secs(5)).expect("the engine heard it");
        for _ in 1..sent {
            arrivals.recv_timeout(Duration::from_secs(5)).expect("the engine heard it");
        }
        // The first 100 warm up the threads and caches.
        if i >= 100 {
            samples.push(first - began);
        }
    }
    speaker.finish(Duration::ZERO);
    report("typed line -> speaker engine", samples, "p99 < 2 ms");
}

/// An engine that goes on saying a long answer until it is stopped; other sentences end at once.
struct Talkative {
    heard: mpsc::Sender<(String, Instant)>,
    speaking: bool,
}

impl Synthesizer for Talkative {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        self.speaking = text.starts_with("Commands:");
        let _ = self.heard.send((text.to_string(), Instant::now()));
        Ok(())
    }
    fn stop(&mut self) -> Result<(), SpeechError> {
        self.speaking = false;
        Ok(())
    }
    fn is_speaking(&mut self) -> Result<bool, SpeechError> {
        Ok(self.speaking)
    }
}

/// Latency of a typed move to the engine while the answer to `help` is being said.
fn latency_during_an_answer() {
    let voice = Voice::english();
    let help = voice.vocab.word_owned("help.intro");
    let (speaker, arrivals) = talkative_speaker();
    let samples_wanted = SAMPLES / 10;
    let mut samples = Vec::with_capacity(samples_wanted);
    let mut game = session();
    for i in 0..samples_wanted + 20 {
        if i.is_multiple_of(8) {
            game = session();
        }
        speaker.say(help.clone(), Priority::Info);
        let (said, _) = arrivals.recv_timeout(Duration::from_secs(5)).expect("the answer is being said");
        assert!(said.starts_with("Commands:"));
        let began = Instant::now();
        line(LINES[i % 4], &mut game, &voice, Duration::from_secs(i as u64), |words, effect| {
            if let Effect::Say(u) = effect {
                speaker.say(words, u.priority);
            }
        });
        let (_, first) = arrivals.recv_timeout(Duration::from_secs(5)).expect("the move is said");
        while arrivals.recv_timeout(Duration::from_millis(20)).is_ok() {}
        if i >= 20 {
            samples.push(first - began);
        }
    }
    speaker.finish(Duration::ZERO);
    report("typed move -> speaker engine during a long answer", samples, "p99 < 50 ms");
}

/// Carries the app's words to the speaker as the runtime does: the answers of one event as one.
fn carry(outs: &[Out], voice: &Voice, speaker: &Speaker) {
    let mut answer = Vec::new();
    for out in outs {
        match out {
            Out::Say(words, Priority::Info) | Out::Write(words) => answer.push(voice.words(words)),
            Out::Say(words, priority) => {
                if !answer.is_empty() {
                    speaker.say(std::mem::take(&mut answer).join(" "), Priority::Info);
                }
                speaker.say(voice.words(words), *priority);
            }
            _ => {}
        }
    }
    if !answer.is_empty() {
        speaker.say(answer.join(" "), Priority::Info);
    }
}

/// Issue 23: a new game (the welcome), `help` being said by a slow engine, then the first move:
/// the move is the first thing the engine is handed after it (no stale "Clock started. White to
/// move." before it), and soon. Through the app the player runs. Target: p99 under 50 ms.
fn first_move_after_help() {
    let voice = Voice::english();
    let (speaker, arrivals) = talkative_speaker();
    let samples_wanted = SAMPLES / 10;
    let mut samples = Vec::with_capacity(samples_wanted);
    for i in 0..samples_wanted + 20 {
        let setup = vec![Command::TimeControl(TimeControl::parse("5m+3").unwrap())];
        let mut app = App::new(Config::default(), setup, voice.clone(), Options::default());
        carry(&app.start(), &voice, &speaker);
        carry(&app.handle(Event::Line("help".into()), Duration::ZERO), &voice, &speaker);
        // The welcome, then the help being said.
        while !arrivals.recv_timeout(Duration::from_secs(5)).expect("the help is said").0.starts_with("Commands:") {}
        let began = Instant::now();
        carry(&app.handle(Event::Line("e4".into()), Duration::from_secs(1)), &voice, &speaker);
        let (said, first) = arrivals.recv_timeout(Duration::from_secs(5)).expect("the move is said");
        assert_eq!(said, "White: Eva vier.", "the move first");
        speaker.silence();
        while arrivals.recv_timeout(Duration::from_millis(20)).is_ok() {}
        if i >= 20 {
            samples.push(first - began);
        }
    }
    speaker.finish(Duration::ZERO);
    report("typed first move -> speaker engine after help", samples, "p99 < 50 ms");
}

fn bench(c: &mut Criterion) {
    latency();
    latency_during_an_answer();
    first_move_after_help();
    let voice = Voice::english();
    let mut game = session();
    let mut i = 0usize;
    c.bench_function("typed line -> words (parse, handle, render)", |b| {
        b.iter(|| {
            if i.is_multiple_of(8) {
                game = session();
            }
            line(LINES[i % 4], &mut game, &voice, Duration::from_secs(i as u64), |words, _| {
                black_box(words);
            });
            i += 1;
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
