//! Speech: one [`Speaker`] on its own thread, fed by an unbounded channel, so the game never waits
//! on speech (`say` only sends).
//!
//! How the parts fit:
//! - The runtime writes every sentence as a line on stdout, always, and hands the same words to the
//!   speaker. The line *is* the transcript backend on stdout: `--speech transcript` (without a file)
//!   and `--speech off` are then a silent engine, so nothing is ever printed twice and the lines stay
//!   in the order the game said them. Only a `--transcript FILE` is written by the speaker.
//! - The speaker thread keeps the [`Queue`] (the priority rules, pure and tested alone) and hands one
//!   sentence at a time to an engine on a worker thread ([`worker`]), each call guarded by a timeout.
//! - A backend that fails, hangs or never finishes a sentence is abandoned for the next one of its
//!   chain (`auto`: native, espeak, transcript), with a notice written as a line and said by the next
//!   backend. The sentence it was saying is said again by the next one.

pub mod espeak;
#[cfg(any(not(target_os = "linux"), feature = "speech-dispatcher"))]
pub mod native;
pub mod queue;
pub mod settings;
pub mod transcript;
pub mod worker;

use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub use queue::{Item, Push, Queue};
pub use settings::{Choice, Params, Settings, SpeechArgs};
pub use worker::{Engine, Factory, Failure, Worker};

use crate::core::message::Priority;
use crate::language::announce::fill;
use crate::language::{Vocabulary, Voice};

/// Whether this build has native speech (always on Windows and macOS; on Linux with the feature).
pub const NATIVE: bool = cfg!(any(not(target_os = "linux"), feature = "speech-dispatcher"));

/// A backend's name as said in notices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Name {
    Native,
    /// A synthesiser program (`espeak-ng`), or any engine named by its maker (tests).
    Program(String),
    /// The lines on stdout.
    Transcript,
    /// The lines written to this file.
    File(PathBuf),
    Off,
}

impl Name {
    pub fn words(&self, vocab: &Vocabulary) -> String {
        match self {
            Name::Native => vocab.word_owned("speech.native"),
            Name::Program(name) => name.clone(),
            Name::Transcript => vocab.word_owned("speech.transcript"),
            Name::File(path) => fill(vocab.word("speech.file"), &[("path", path.display().to_string())]),
            Name::Off => vocab.word_owned("speech.off"),
        }
    }
}

/// A way of speaking the speaker may try: its name and how to make its engine.
pub struct Backend {
    pub name: Name,
    maker: Maker,
    /// Its place in the plan: a lower one is preferred, and tried again after a rest.
    rank: usize,
}

/// How a backend's engine is made: once, or again whenever it is tried again.
enum Maker {
    Once(Option<Factory>),
    Again(std::sync::Arc<dyn Fn() -> Result<Box<dyn Engine>, String> + Send + Sync>),
}

impl Backend {
    /// A backend whose engine can be made once: given up, it is gone.
    pub fn new(name: Name, factory: impl FnOnce() -> Result<Box<dyn Engine>, String> + Send + 'static) -> Backend {
        Backend { name, maker: Maker::Once(Some(Box::new(factory))), rank: 0 }
    }

    /// A backend whose engine can be made again: given up after a failure, it is tried again after
    /// [`RETRY_AFTER`], so one bad sentence never silences it for good.
    pub fn reusable(
        name: Name,
        factory: impl Fn() -> Result<Box<dyn Engine>, String> + Send + Sync + 'static,
    ) -> Backend {
        Backend { name, maker: Maker::Again(std::sync::Arc::new(factory)), rank: 0 }
    }

    /// The factory of a new engine, if one can still be made.
    pub fn factory(&mut self) -> Option<Factory> {
        match &mut self.maker {
            Maker::Once(factory) => factory.take(),
            Maker::Again(make) => {
                let make = make.clone();
                Some(Box::new(move || make()))
            }
        }
    }
}

/// How long a backend given up rests before it is tried again.
pub const RETRY_AFTER: Duration = Duration::from_secs(60);

/// What the speaker tells the user about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// This backend speaks from now on.
    Using(Name),
    /// A backend did not answer in time; the next one takes over.
    Hung { backend: Name, next: Name },
    /// A backend failed; the next one takes over.
    Failed { backend: Name, next: Name },
    /// Native speech was asked for on Linux in a build without the `speech-dispatcher` feature.
    NeedsFeature { next: Name },
}

impl Notice {
    /// The notice as a sentence of the `[speech]` table of `grammar/`.
    pub fn words(&self, vocab: &Vocabulary) -> String {
        let (key, args) = match self {
            Notice::Using(name) => ("speech.using", vec![("backend", name.words(vocab))]),
            Notice::Hung { backend, next } => {
                ("speech.hung", vec![("backend", backend.words(vocab)), ("next", next.words(vocab))])
            }
            Notice::Failed { backend, next } => {
                ("speech.failed", vec![("backend", backend.words(vocab)), ("next", next.words(vocab))])
            }
            Notice::NeedsFeature { next } => ("speech.needs_feature", vec![("next", next.words(vocab))]),
        };
        fill(vocab.word(key), &args)
    }
}

/// Where notices go: the sink writes them as it likes and returns the words to say, if any.
pub type Notices = Box<dyn FnMut(&Notice) -> Option<String> + Send>;

/// The backends to try in order, and how patient to be with them.
pub struct Plan {
    pub backends: Vec<Backend>,
    /// Say which backend was chosen (for `auto`); switches are always told.
    pub announce: bool,
    /// Notices to give before anything else (a choice that cannot be honoured).
    pub early: Vec<Notice>,
    /// How long any call to an engine may take before the backend is abandoned.
    pub timeout: Duration,
    /// How long an engine may take to start. Longer than `timeout`: speech-dispatcher needs about
    /// three seconds to list its voices, twice, to choose one of the game's language. The game does
    /// not wait meanwhile: its lines are written and its sentences queue up to be said.
    pub start_timeout: Duration,
    /// How often to ask a speaking engine whether it has finished.
    pub poll: Duration,
    /// How long a backend given up rests before it is tried again ([`RETRY_AFTER`]).
    pub retry: Duration,
}

impl Plan {
    pub fn new(backends: Vec<Backend>) -> Plan {
        Plan {
            backends,
            announce: false,
            early: Vec::new(),
            timeout: Duration::from_secs(1),
            start_timeout: Duration::from_secs(8),
            poll: Duration::from_millis(20),
            retry: RETRY_AFTER,
        }
    }

    /// The backends for these settings, in the game's language.
    pub fn for_settings(settings: &Settings, language: &str) -> Plan {
        let params = Params::new(settings, language);
        let mut early = Vec::new();
        let lines = || match &settings.transcript {
            Some(path) => {
                let path = path.clone();
                Backend::reusable(Name::File(path.clone()), move || {
                    Ok(Box::new(transcript::Transcript::open(&path)?) as _)
                })
            }
            None => Backend::new(Name::Transcript, || Ok(Box::new(transcript::Silent) as _)),
        };
        let off = || Backend::new(Name::Off, || Ok(Box::new(transcript::Silent) as _));
        let backends = match settings.backend {
            Choice::Auto => {
                let mut chain: Vec<Backend> = native(&params).into_iter().collect();
                chain.extend(espeak(&params));
                chain.extend([lines(), off()]);
                chain
            }
            Choice::Native => match native(&params) {
                Some(backend) => vec![backend, lines(), off()],
                None => {
                    early.push(Notice::NeedsFeature { next: lines().name });
                    vec![lines(), off()]
                }
            },
            Choice::Espeak => {
                let missing = || {
                    Backend::new(Name::Program(espeak::Program::EspeakNg.command().into()), || {
                        Err("none of espeak-ng, espeak or spd-say is on the PATH".into())
                    })
                };
                vec![espeak(&params).unwrap_or_else(missing), lines(), off()]
            }
            Choice::Transcript => vec![lines(), off()],
            Choice::Off => vec![off()],
        };
        Plan { announce: settings.backend == Choice::Auto, early, ..Plan::new(backends) }
    }
}

#[cfg(any(not(target_os = "linux"), feature = "speech-dispatcher"))]
fn native(params: &Params) -> Option<Backend> {
    let params = params.clone();
    Some(Backend::reusable(Name::Native, move || Ok(Box::new(native::Native::new(&params)?) as _)))
}

#[cfg(not(any(not(target_os = "linux"), feature = "speech-dispatcher")))]
fn native(_params: &Params) -> Option<Backend> {
    None
}

fn espeak(params: &Params) -> Option<Backend> {
    let (program, path) = espeak::Program::find()?;
    let params = params.clone();
    Some(Backend::reusable(Name::Program(program.command().into()), move || {
        Ok(Box::new(espeak::Espeak::new(program, path.clone(), &params)) as _)
    }))
}

enum Request {
    Say(Item),
    Repeat,
    Silence,
    More,
    /// Say what is waiting until the deadline, then stop and answer.
    Finish(Instant, mpsc::Sender<()>),
}

/// The handle the game speaks through. Cheap to call: every method only sends.
pub struct Speaker {
    requests: mpsc::Sender<Request>,
    patience: Duration,
}

impl Speaker {
    /// Starts the speaker thread; it brings up the first backend of the plan that works.
    pub fn start(plan: Plan, notices: Notices) -> Speaker {
        let (requests, inbox) = mpsc::channel();
        let patience = plan.timeout * 3;
        let ranked = plan.backends.into_iter().enumerate().map(|(rank, backend)| Backend { rank, ..backend });
        let thread = Thread {
            chain: ranked.collect(),
            current: None,
            resting: Vec::new(),
            retry: plan.retry,
            starting: None,
            announce: plan.announce,
            queue: Queue::new(),
            started: Instant::now(),
            timeout: plan.timeout,
            start_timeout: plan.start_timeout,
            poll: plan.poll,
            notices,
        };
        let (announce, early) = (plan.announce, plan.early);
        let spawned = std::thread::Builder::new().name("anna-speaker".into()).spawn(move || {
            let mut thread = thread;
            for notice in early {
                thread.notify(&notice);
            }
            thread.next_backend(None, announce);
            thread.run(inbox);
        });
        if let Err(e) = spawned {
            eprintln!("anna: speech cannot start: {e}");
        }
        Speaker { requests, patience }
    }

    /// Says `text` with `priority`; never blocks.
    pub fn say(&self, text: impl Into<String>, priority: Priority) {
        let _ = self.requests.send(Request::Say(Item::new(text, priority)));
    }

    /// Says `text` with `priority`, made again by `live` when it is spoken (an answer about the
    /// clocks reads them then); never blocks.
    pub fn say_live(&self, text: impl Into<String>, priority: Priority, live: queue::Live) {
        let item = Item { live: Some((live, Instant::now())), ..Item::new(text, priority) };
        let _ = self.requests.send(Request::Say(item));
    }

    /// Goes on with the answer a move cut off.
    pub fn more(&self) {
        let _ = self.requests.send(Request::More);
    }

    /// Stops what is being said, and drops what waits to be said.
    pub fn silence(&self) {
        let _ = self.requests.send(Request::Silence);
    }

    /// Says the last sentence again, even if it is the same as the one before.
    pub fn repeat(&self) {
        let _ = self.requests.send(Request::Repeat);
    }

    /// Lets the speaker say what is waiting for at most `drain`, then stops it.
    pub fn finish(self, drain: Duration) {
        let (done, finished) = mpsc::channel();
        if self.requests.send(Request::Finish(Instant::now() + drain, done)).is_ok() {
            let _ = finished.recv_timeout(drain + self.patience);
        }
    }
}

/// The speaker thread's state.
struct Thread {
    chain: VecDeque<Backend>,
    current: Option<(Backend, Worker)>,
    /// Backends given up, and since when: tried again after `retry` when preferred.
    resting: Vec<(Backend, Instant)>,
    /// A preferred backend still starting (a slow native start-up) while the next one speaks: it
    /// takes over when it is up, or is given up at the deadline.
    starting: Option<(Backend, Worker, worker::Starting, Instant)>,
    /// Say which backend speaks when one takes over (`auto`).
    announce: bool,
    retry: Duration,
    queue: Queue,
    /// When the current sentence was handed to the engine.
    started: Instant,
    timeout: Duration,
    start_timeout: Duration,
    poll: Duration,
    notices: Notices,
}

impl Thread {
    fn run(&mut self, inbox: mpsc::Receiver<Request>) {
        loop {
            // A slow backend may have come up; then start what is waiting (the first time: notices
            // from starting the backend).
            self.check_starting();
            self.advance();
            // While a sentence is being said, or a backend starts, wake up now and then to look.
            let request = if self.queue.current().is_some() || self.starting.is_some() {
                inbox.recv_timeout(self.poll)
            } else {
                inbox.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected)
            };
            let mut next = Some(request);
            while let Some(request) = next.take() {
                match request {
                    Ok(Request::Say(item)) => self.push(item),
                    Ok(Request::More) => {
                        self.queue.more();
                    }
                    Ok(Request::Silence) => {
                        if self.queue.current().is_some() {
                            self.stop();
                        }
                        self.queue.clear();
                    }
                    Ok(Request::Repeat) => {
                        if self.queue.repeat() == Push::Interrupt {
                            self.stop();
                        }
                    }
                    Ok(Request::Finish(deadline, done)) => {
                        self.finish(deadline);
                        let _ = done.send(());
                        return;
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        self.finish(Instant::now());
                        return;
                    }
                }
                // Take in everything already sent, so that newer chatter replaces older at once.
                next = inbox.try_recv().ok().map(Ok);
            }
        }
    }

    fn push(&mut self, item: Item) {
        if self.queue.push(item) == Push::Interrupt {
            self.stop();
        }
    }

    fn stop(&mut self) {
        if let Some((_, worker)) = &self.current {
            if let Err(failure) = worker.stop() {
                self.abandon(failure);
            }
        }
    }

    /// Finishes the sentence being said if the engine is done, and starts the next.
    fn advance(&mut self) {
        loop {
            if self.queue.current().is_some() {
                let Some((_, worker)) = &self.current else {
                    self.queue.finished();
                    continue;
                };
                match worker.is_speaking() {
                    Ok(false) => self.queue.finished(),
                    Ok(true) if self.started.elapsed() <= self.allowance() => return,
                    // Stuck or failed: the next backend says the sentence again.
                    Ok(true) => {
                        self.abandon(Failure::Hung);
                        self.speak_current();
                    }
                    Err(failure) => {
                        self.abandon(failure);
                        self.speak_current();
                    }
                }
                continue;
            }
            if self.queue.start_next().is_none() {
                return;
            }
            self.speak_current();
        }
    }

    /// How long a sentence may take before its engine is thought stuck: slow speech says about ten
    /// characters a second; this allows far more, since cutting off real speech is worse than waiting.
    fn allowance(&self) -> Duration {
        let chars = self.queue.current().map_or(0, |item| item.text.chars().count()) as u32;
        Duration::from_secs(5) + Duration::from_millis(250) * chars
    }

    /// Hands the current sentence to the engine, moving down the chain until one takes it; first, a
    /// preferred backend that has rested long enough is tried again.
    fn speak_current(&mut self) {
        self.retry_rested();
        loop {
            let (Some(item), Some((_, worker))) = (self.queue.current(), &self.current) else {
                return;
            };
            match worker.speak(&item.words()) {
                Ok(()) => {
                    self.started = Instant::now();
                    return;
                }
                Err(failure) => self.abandon(failure),
            }
        }
    }

    /// Gives up the current backend for the next that starts, telling the user. The sentence it was
    /// saying stays current, for the caller to hand to the next backend. The backend given up rests,
    /// to be tried again later.
    fn abandon(&mut self, failure: Failure) {
        if let Some((backend, _worker)) = self.current.take() {
            // A hung worker thread is left blocked; dropping its handle is all we can do.
            let name = backend.name.clone();
            self.resting.push((backend, Instant::now()));
            self.next_backend(Some((name, failure)), false);
        }
    }

    /// A backend preferred to the current one that has rested [`RETRY_AFTER`] is tried again, with
    /// no more patience than for a call: it takes over if it comes up, and rests again if not.
    fn retry_rested(&mut self) {
        let current = self.current.as_ref().map_or(usize::MAX, |(backend, _)| backend.rank);
        let due = self.resting.iter().position(|(b, since)| b.rank < current && since.elapsed() >= self.retry);
        let Some(index) = due else { return };
        let (mut backend, _) = self.resting.remove(index);
        let Some(factory) = backend.factory() else { return };
        match Worker::start(factory, self.timeout, self.timeout) {
            Ok(worker) => {
                self.notify(&Notice::Using(backend.name.clone()));
                if let Some((previous, _)) = self.current.replace((backend, worker)) {
                    self.chain.push_front(previous);
                }
            }
            Err(_) => self.resting.push((backend, Instant::now())),
        }
    }

    /// Starts the first backend of the chain that comes up in time, telling the user of each one
    /// given up (`failed`, and any that fail to start) and, if `announce`, of the one chosen.
    fn next_backend(&mut self, mut failed: Option<(Name, Failure)>, announce: bool) {
        let mut told = false;
        loop {
            if let Some((backend, failure)) = failed.take() {
                let next = self.chain.front().map_or(Name::Off, |b| b.name.clone());
                let notice = match failure {
                    Failure::Hung => Notice::Hung { backend, next },
                    Failure::Failed(reason) => {
                        // The reason is for whoever looks after the machine, never spoken.
                        eprintln!("anna: speech: {reason}");
                        Notice::Failed { backend, next }
                    }
                };
                self.notify(&notice);
                told = true;
            }
            let Some(mut backend) = self.chain.pop_front() else {
                // Nothing can speak now: the written lines remain, and the backends rest.
                self.queue.clear();
                return;
            };
            let Some(factory) = backend.factory() else { continue };
            let launched = Worker::launch(factory, self.timeout);
            // Up within a call's patience: it speaks now. Slower (a native start-up): it goes on
            // starting while the next backend speaks, and takes over once it is up.
            let (worker, started) = match launched {
                Ok(launched) => launched,
                Err(failure) => {
                    failed = Some((backend.name.clone(), failure));
                    self.resting.push((backend, Instant::now()));
                    continue;
                }
            };
            match started.recv_timeout(self.timeout.min(self.start_timeout)) {
                Ok(Ok(())) => {
                    if announce && !told {
                        self.notify(&Notice::Using(backend.name.clone()));
                    }
                    self.current = Some((backend, worker));
                    return;
                }
                Ok(Err(reason)) => {
                    failed = Some((backend.name.clone(), Failure::Failed(reason)));
                    self.resting.push((backend, Instant::now()));
                }
                Err(_) if self.starting.is_none() && self.start_timeout > self.timeout => {
                    let deadline = Instant::now() + self.start_timeout.saturating_sub(self.timeout);
                    self.starting = Some((backend, worker, started, deadline));
                }
                Err(_) => {
                    failed = Some((backend.name.clone(), Failure::Hung));
                    self.resting.push((backend, Instant::now()));
                }
            }
        }
    }

    /// A backend still starting takes over once it is up (if preferred to the one speaking), or is
    /// given up, with a notice, when it fails or its deadline passes.
    fn check_starting(&mut self) {
        let Some((backend, worker, started, deadline)) = self.starting.take() else { return };
        let failure = match started.try_recv() {
            Ok(Ok(())) => {
                let better = self.current.as_ref().is_none_or(|(current, _)| backend.rank < current.rank);
                if better {
                    if self.announce {
                        self.notify(&Notice::Using(backend.name.clone()));
                    }
                    if let Some((previous, _)) = self.current.replace((backend, worker)) {
                        self.chain.push_front(previous);
                    }
                }
                return;
            }
            Ok(Err(reason)) => Failure::Failed(reason),
            Err(mpsc::TryRecvError::Disconnected) => Failure::Failed("the engine thread ended".into()),
            Err(mpsc::TryRecvError::Empty) if Instant::now() < deadline => {
                self.starting = Some((backend, worker, started, deadline));
                return;
            }
            Err(mpsc::TryRecvError::Empty) => Failure::Hung,
        };
        let next = self.current.as_ref().map_or(Name::Off, |(b, _)| b.name.clone());
        let name = backend.name.clone();
        self.resting.push((backend, Instant::now()));
        let notice = match failure {
            Failure::Hung => Notice::Hung { backend: name, next },
            Failure::Failed(reason) => {
                eprintln!("anna: speech: {reason}");
                Notice::Failed { backend: name, next }
            }
        };
        self.notify(&notice);
    }

    /// Tells the user; the words the sink returns are said first, ahead of the game's sentences.
    fn notify(&mut self, notice: &Notice) {
        if let Some(words) = (self.notices)(notice) {
            self.queue.push(Item::new(words, Priority::Urgent));
        }
    }

    fn finish(&mut self, deadline: Instant) {
        while !self.queue.is_idle() && Instant::now() < deadline && self.current.is_some() {
            self.advance();
            std::thread::sleep(self.poll);
        }
        if self.queue.current().is_some() {
            self.stop();
        }
        self.queue.clear();
        self.current = None;
    }
}

/// Starts the speaker for a game: the settings file under the flags, notices in the game's
/// language, also written as lines when `write_notices` (the line mode; never on the full-screen
/// board, where a line would scribble over it). Saves the settings first when asked.
pub fn start(args: &SpeechArgs, voice: &Voice, write_notices: bool) -> Speaker {
    let settings = settings_for(args, &voice.vocab);
    let vocab = voice.vocab.clone();
    let notices: Notices = Box::new(move |notice| {
        let words = notice.words(&vocab);
        if write_notices {
            // A closed standard output (`anna | head -1`) is no reason to fail.
            let _ = writeln!(std::io::stdout(), "{words}");
        }
        Some(words)
    });
    Speaker::start(Plan::for_settings(&settings, voice.vocab.code()), notices)
}

/// The settings in force: the file's, with the flags over them; saved if `--save-settings`.
fn settings_for(args: &SpeechArgs, vocab: &Vocabulary) -> Settings {
    let path = crate::adapters::config::path();
    let (file, broken) = Settings::load(path.as_deref());
    if let Some(message) = broken {
        eprintln!("{message}");
    }
    let settings = file.with_args(args);
    if args.save_settings {
        match path.as_deref().map(|p| (p, settings.save(p))) {
            Some((p, Ok(()))) => println!("{}", fill(vocab.word("speech.saved"), &[("path", p.display().to_string())])),
            Some((p, Err(e))) => eprintln!("anna: the settings could not be saved in {}: {e}", p.display()),
            None => eprintln!("anna: this system has no folder for settings; nothing was saved."),
        }
    }
    settings
}

/// `anna voices`: the voices of the chosen backend, one a line (`VOICE<TAB>DESCRIPTION`).
///
/// Exit codes: 0 listed; 1 the backend has no voices (transcript, off) or none could be asked.
pub fn voices(args: &SpeechArgs, voice: &Voice) -> ExitCode {
    let settings = settings_for(args, &voice.vocab);
    let plan = Plan::for_settings(&settings, voice.vocab.code());
    for notice in &plan.early {
        eprintln!("anna: {}", notice.words(&voice.vocab));
    }
    for mut backend in plan.backends {
        if matches!(backend.name, Name::Transcript | Name::File(_) | Name::Off) {
            continue;
        }
        let name = backend.name.words(&voice.vocab);
        let Some(factory) = backend.factory() else { continue };
        match Worker::start(factory, plan.start_timeout, plan.start_timeout).and_then(|w| w.voices()) {
            Ok(list) if !list.is_empty() => {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                // A closed pipe (`anna voices | head`) is not an error worth a panic.
                let _ = list.iter().try_for_each(|line| writeln!(out, "{line}"));
                return ExitCode::SUCCESS;
            }
            Ok(_) => eprintln!("anna: {name} lists no voices."),
            Err(Failure::Hung) => eprintln!("anna: {name} did not answer."),
            Err(Failure::Failed(e)) => eprintln!("anna: {name}: {e}"),
        }
    }
    eprintln!("anna: no backend with voices: the transcript and off leave the voice to your screen reader.");
    ExitCode::from(1)
}
