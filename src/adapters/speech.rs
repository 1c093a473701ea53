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
pub use anna_app::speech::queue;
pub mod settings;
mod thread;
pub mod transcript;
pub mod worker;

use thread::Thread;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub use queue::{Item, Push, Queue};
pub use settings::{Choice, Params, Settings, SpeechArgs};
pub use worker::{Factory, Failure, SpeechError, Synthesizer, Worker};

use anna_core::message::Priority;
use anna_language::announce::fill;
use anna_language::{Vocabulary, Voice};

/// Whether this build has native speech (always on Windows and macOS; on Linux with the feature).
pub const NATIVE: bool = cfg!(any(not(target_os = "linux"), feature = "speech-dispatcher"));

/// A backend's name as said in notices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendName {
    Native,
    /// A synthesiser program (`espeak-ng`), or any engine named by its maker (tests).
    Program(String),
    /// The lines on stdout.
    Transcript,
    /// The lines written to this file.
    File(PathBuf),
    Off,
}

impl BackendName {
    pub fn words(&self, vocab: &Vocabulary) -> String {
        match self {
            BackendName::Native => vocab.word_owned("speech.native"),
            BackendName::Program(name) => name.clone(),
            BackendName::Transcript => vocab.word_owned("speech.transcript"),
            BackendName::File(path) => fill(vocab.word("speech.file"), &[("path", path.display().to_string())]),
            BackendName::Off => vocab.word_owned("speech.off"),
        }
    }
}

/// A way of speaking the speaker may try: its name and how to make its engine.
pub struct Backend {
    pub name: BackendName,
    maker: Maker,
    /// Its place in the plan: a lower one is preferred, and tried again after a rest.
    rank: usize,
}

/// How a backend's engine is made: once, or again whenever it is tried again.
enum Maker {
    Once(Option<Factory>),
    Again(std::sync::Arc<dyn Fn() -> Result<Box<dyn Synthesizer>, SpeechError> + Send + Sync>),
}

impl Backend {
    /// A backend whose engine can be made once: given up, it is gone.
    pub fn new(
        name: BackendName,
        factory: impl FnOnce() -> Result<Box<dyn Synthesizer>, SpeechError> + Send + 'static,
    ) -> Backend {
        Backend { name, maker: Maker::Once(Some(Box::new(factory))), rank: 0 }
    }

    /// A backend whose engine can be made again: given up after a failure, it is tried again after
    /// [`RETRY_AFTER`], so one bad sentence never silences it for good.
    pub fn reusable(
        name: BackendName,
        factory: impl Fn() -> Result<Box<dyn Synthesizer>, SpeechError> + Send + Sync + 'static,
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
    Using(BackendName),
    /// A backend did not answer in time; the next one takes over.
    Hung { backend: BackendName, next: BackendName },
    /// A backend failed; the next one takes over.
    Failed { backend: BackendName, next: BackendName },
    /// A backend found no audio device; the next one takes over.
    NoAudio { backend: BackendName, next: BackendName },
    /// Native speech was asked for on Linux in a build without the `speech-dispatcher` feature.
    NeedsFeature { next: BackendName },
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
            Notice::NoAudio { backend, next } => {
                ("speech.no_audio", vec![("backend", backend.words(vocab)), ("next", next.words(vocab))])
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
    /// `--transcript FILE` beside a voice: every sentence handed to the voice is written there
    /// too, as the transcript backend would (a braille display or a second screen follows it).
    pub tee: Option<PathBuf>,
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
            tee: None,
        }
    }

    /// The backends for these settings, in the game's language.
    pub fn for_settings(settings: &Settings, language: &str) -> Plan {
        let params = Params::new(settings, language);
        let mut early = Vec::new();
        let lines = || match &settings.transcript {
            Some(path) => {
                let path = path.clone();
                Backend::reusable(BackendName::File(path.clone()), move || {
                    Ok(Box::new(transcript::Transcript::open(&path)?) as _)
                })
            }
            None => Backend::new(BackendName::Transcript, || Ok(Box::new(transcript::Silent) as _)),
        };
        let off = || Backend::new(BackendName::Off, || Ok(Box::new(transcript::Silent) as _));
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
                    Backend::new(BackendName::Program(espeak::Program::EspeakNg.command().into()), || {
                        Err("none of espeak-ng, espeak or spd-say is on the PATH".into())
                    })
                };
                vec![espeak(&params).unwrap_or_else(missing), lines(), off()]
            }
            Choice::Transcript => vec![lines(), off()],
            Choice::Off => vec![off()],
        };
        let tee = settings.transcript.clone().filter(|_| !matches!(settings.backend, Choice::Transcript | Choice::Off));
        Plan { announce: settings.backend == Choice::Auto, early, tee, ..Plan::new(backends) }
    }
}

#[cfg(any(not(target_os = "linux"), feature = "speech-dispatcher"))]
fn native(params: &Params) -> Option<Backend> {
    let params = params.clone();
    Some(Backend::reusable(BackendName::Native, move || Ok(Box::new(native::Native::new(&params)?) as _)))
}

#[cfg(not(any(not(target_os = "linux"), feature = "speech-dispatcher")))]
fn native(_params: &Params) -> Option<Backend> {
    None
}

fn espeak(params: &Params) -> Option<Backend> {
    let (program, path) = espeak::Program::find()?;
    let params = params.clone();
    Some(Backend::reusable(BackendName::Program(program.command().into()), move || {
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
    talking: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Speaker {
    /// Starts the speaker thread; it brings up the first backend of the plan that works.
    pub fn start(plan: Plan, notices: Notices) -> Speaker {
        let (requests, inbox) = mpsc::channel();
        let patience = plan.timeout * 3;
        let talking = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = std::sync::Arc::clone(&talking);
        let spawned = std::thread::Builder::new()
            .name("anna-speaker".into())
            .spawn(move || Thread::new(plan, notices, flag).serve(inbox));
        if let Err(e) = spawned {
            crate::adapters::diverted::note(&format!("speech cannot start: {e}"));
        }
        Speaker { requests, patience, talking }
    }

    /// True while a sentence is being said: the microphone hears nothing then.
    pub fn talking(&self) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
        std::sync::Arc::clone(&self.talking)
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

/// Shows a notice of the speaker in the view (from the speaker's thread).
pub type Show = Box<dyn Fn(String) + Send>;

/// Starts the speaker for a game: the settings file under the flags, notices in the game's
/// language, said and handed to `show` (the view shows them: a line in the line mode, the said line
/// of the board view, which nothing else may scribble over). Saves the settings first when asked.
pub fn start(args: &SpeechArgs, voice: &Voice, show: Show) -> Speaker {
    let settings = settings_for(args, &voice.vocab);
    let vocab = voice.vocab.clone();
    let notices: Notices = Box::new(move |notice| {
        let words = notice.words(&vocab);
        show(words.clone());
        Some(words)
    });
    Speaker::start(Plan::for_settings(&settings, voice.vocab.code()), notices)
}

/// The settings in force: the file's, with the flags over them; saved if `--save-settings`.
fn settings_for(args: &SpeechArgs, vocab: &Vocabulary) -> Settings {
    let path = crate::adapters::config::path();
    let (file, notes) = Settings::load(path.as_deref());
    for note in notes {
        eprintln!("anna: {}", note.words(path.as_deref().unwrap_or(Path::new("")), vocab));
    }
    let settings = file.with_args(args);
    if args.save_settings {
        match path.as_deref().map(|p| (p, settings.save(p))) {
            Some((p, Ok(()))) => outln!("{}", fill(vocab.word("speech.saved"), &[("path", p.display().to_string())])),
            Some((p, Err(e))) => {
                crate::adapters::diverted::note(&format!("the settings could not be saved in {}: {e}", p.display()));
                eprintln!("anna: {}", fill(vocab.word("speech.not_saved"), &[("path", p.display().to_string())]));
            }
            None => eprintln!("anna: {}", vocab.word("speech.no_settings_folder")),
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
        if matches!(backend.name, BackendName::Transcript | BackendName::File(_) | BackendName::Off) {
            continue;
        }
        let name = backend.name.words(&voice.vocab);
        let Some(factory) = backend.factory() else { continue };
        match Worker::start(factory, plan.start_timeout, plan.start_timeout).and_then(|w| w.voices()) {
            Ok(list) if !list.is_empty() => {
                // A closed pipe (`anna voices | head`) ends quietly, with 141.
                list.iter().for_each(|line| outln!("{line}"));
                return ExitCode::SUCCESS;
            }
            Ok(_) => eprintln!("anna: {}", fill(voice.vocab.word("speech.no_voices"), &[("backend", name)])),
            Err(failure) => {
                let key = match failure {
                    Failure::Hung => "speech.voices_hung",
                    Failure::Failed(e) | Failure::NoAudio(e) => {
                        super::diverted::note(&format!("{name}: {e}"));
                        "speech.voices_failed"
                    }
                };
                eprintln!("anna: {}", fill(voice.vocab.word(key), &[("backend", name)]));
            }
        }
    }
    eprintln!("anna: {}", voice.vocab.word("speech.no_backend_voices"));
    ExitCode::from(1)
}
