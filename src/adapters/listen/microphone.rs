//! The microphone: `arecord` (ALSA's recorder, Debian package `alsa-utils`) gives 16 kHz mono
//! 16-bit samples on its standard output; a thread of its own feeds them to the [`Recogniser`] and
//! sends what was heard into the runtime's channel. No audio library: `ANNA_MIC_COMMAND` may name
//! another program that writes the same samples (`parec`, `pw-record`, or `cat` of a recording, as
//! the tests do).
//!
//! Push-to-talk (the default): [`Microphone::listen`] hears one utterance, from the first sound the
//! recogniser's voice detector calls speech until [`END_QUIET`] after it ends (at most
//! [`LONGEST`]; nothing after [`WAIT_FOR_SPEECH`] of silence). `--listen always` keeps listening,
//! an utterance at a time. While Anna speaks the samples are replaced by silence, so she never
//! hears herself.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shakmaty::Chess;

use super::{Hearing, ListenError, Recogniser, SAMPLE_RATE};
use anna_language::Vocabulary;

/// How long the voice detector must hear no speech before the utterance ends.
pub const END_QUIET: Duration = Duration::from_millis(300);

/// How long push-to-talk waits for the first word.
pub const WAIT_FOR_SPEECH: Duration = Duration::from_secs(6);

/// The longest utterance.
pub const LONGEST: Duration = Duration::from_secs(12);

/// Samples read at a time: 50 ms.
const CHUNK: usize = (SAMPLE_RATE / 20) as usize;

/// The capture program and its arguments.
fn capture_command() -> Vec<String> {
    match std::env::var("ANNA_MIC_COMMAND") {
        Ok(command) if !command.trim().is_empty() => command.split_whitespace().map(str::to_string).collect(),
        _ => ["arecord", "-q", "-f", "S16_LE", "-r", "16000", "-c", "1", "-t", "raw"].map(str::to_string).to_vec(),
    }
}

/// How the microphone listens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One utterance each time the player asks (`listen`, the Tab key).
    PushToTalk,
    /// All the time, an utterance after another.
    Always,
}

/// What the microphone's thread tells the runtime.
#[derive(Debug)]
pub enum Report {
    /// The recogniser is built and the microphone hears from now on, or why it cannot.
    Opened(Result<(), ListenError>),
    /// An utterance heard, or why it could not be.
    Heard(Result<Hearing, ListenError>),
}

/// The microphone's thread. Dropping it stops listening.
pub struct Microphone {
    control: Sender<()>,
    position: Position,
}

/// The position whose moves are heard, set by the game as it goes on and read by the microphone's
/// thread at the start of each utterance (and, listening all the time, until the player speaks),
/// with a count of its changes.
#[derive(Clone, Default)]
struct Position(Arc<Mutex<(u64, Option<Chess>)>>);

impl Position {
    fn set(&self, position: Chess) {
        let mut slot = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        slot.0 += 1;
        slot.1 = Some(position);
    }

    fn changes(&self) -> u64 {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).0
    }

    /// Has the recogniser hear the position as it is now; the count of changes it heard.
    fn hear_in(&self, recogniser: &mut Recogniser) -> Result<u64, ListenError> {
        let (changes, position) = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        if let Some(position) = position {
            recogniser.set_position(&position)?;
        }
        Ok(changes)
    }
}

impl Microphone {
    /// Starts the thread, which builds the recogniser for `vocab` (a second or two: off the
    /// caller's thread, so the game goes on meanwhile) and reports [`Report::Opened`] before
    /// anything it hears; its reports are `wrap`ped and sent on `sender`. `talking` is true while
    /// Anna speaks. A recorder that is not installed is an error at once.
    pub fn start<T, F>(
        vocab: &Vocabulary,
        position: &Chess,
        mode: Mode,
        talking: Arc<AtomicBool>,
        sender: Sender<T>,
        wrap: F,
    ) -> Result<Microphone, ListenError>
    where
        T: Send + 'static,
        F: Fn(Report) -> T + Send + 'static,
    {
        // A recorder that is not installed is said before "Listening.", not after it.
        let program = &capture_command()[0];
        crate::adapters::program(program, None).ok_or_else(|| match program.as_str() {
            "arecord" => ListenError::Microphone("arecord is not installed (Debian package alsa-utils)".to_string()),
            _ => ListenError::Microphone(format!("{program} is not found")),
        })?;
        let (control, requests) = mpsc::channel();
        let report = move |report| sender.send(wrap(report)).is_ok();
        let shared = Position::default();
        let heard = shared.clone();
        let (vocab, position) = (vocab.clone(), position.clone());
        std::thread::Builder::new()
            .name("anna-microphone".into())
            .spawn(move || {
                let recogniser = match Recogniser::new(&vocab, &position) {
                    Ok(recogniser) => recogniser,
                    Err(e) => {
                        report(Report::Opened(Err(e)));
                        return;
                    }
                };
                if report(Report::Opened(Ok(()))) {
                    let ears = Ears { talking: &talking, position: &heard };
                    serve(recogniser, mode, &ears, &requests, |hearing| report(Report::Heard(hearing)));
                }
            })
            .map_err(|e| ListenError::Microphone(e.to_string()))?;
        Ok(Microphone { control, position: shared })
    }

    /// Hears one utterance (push-to-talk); ignored while one is being heard.
    pub fn listen(&self) {
        let _ = self.control.send(());
    }

    /// Hears the moves of `position` from now on (the game went on).
    pub fn hear_position(&self, position: Chess) {
        self.position.set(position);
    }
}

/// What the microphone's thread is told while it listens: whether Anna speaks, and the position.
struct Ears<'a> {
    talking: &'a AtomicBool,
    position: &'a Position,
}

fn serve(
    mut recogniser: Recogniser,
    mode: Mode,
    ears: &Ears<'_>,
    requests: &Receiver<()>,
    report: impl Fn(Result<Hearing, ListenError>) -> bool,
) {
    loop {
        if mode == Mode::PushToTalk && requests.recv().is_err() {
            return;
        }
        let heard = utterance(&mut recogniser, mode, ears);
        // Requests made while listening are answered by this utterance.
        while requests.try_recv().is_ok() {}
        let quiet = matches!(heard, Ok(Hearing::Nothing)) && mode == Mode::Always;
        // Listening all the time stops at a broken microphone, said once, not at every attempt.
        let broken = heard.is_err() && mode == Mode::Always;
        if (!quiet && !report(heard)) || broken {
            return;
        }
        if matches!(requests.try_recv(), Err(TryRecvError::Disconnected)) {
            return;
        }
    }
}

/// Starts the capture program, and a thread that keeps the end of what it writes on its standard
/// error (read all along, so that a talkative program never blocks on a full pipe): why it could
/// not record, when it stops at once.
fn capture() -> Result<(Child, std::thread::JoinHandle<String>), ListenError> {
    let command = capture_command();
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| ListenError::Microphone(format!("{}: {e}", command[0])))?;
    let stderr = child.stderr.take();
    let errors = std::thread::spawn(move || {
        let mut tail = String::new();
        let Some(stderr) = stderr else { return tail };
        for line in std::io::BufRead::lines(std::io::BufReader::new(stderr)).map_while(Result::ok) {
            tail.push_str(&line);
            tail.push('\n');
            if tail.len() > 8192 {
                let cut = tail.len() - 4096;
                let cut = (cut..tail.len()).find(|i| tail.is_char_boundary(*i)).unwrap_or(0);
                tail.drain(..cut);
            }
        }
        tail
    });
    Ok((child, errors))
}

/// What [`hear`] says when the capture ended before any sound: [`utterance`] says why.
const STOPPED: &str = "";

/// Hears one utterance from a fresh capture.
fn utterance(recogniser: &mut Recogniser, mode: Mode, ears: &Ears<'_>) -> Result<Hearing, ListenError> {
    let (mut child, errors) = capture()?;
    let result = hear(recogniser, mode, ears, &mut child);
    let _ = child.kill();
    let _ = child.wait();
    let errors = errors.join().unwrap_or_default();
    match result {
        Err(ListenError::Microphone(m)) if m == STOPPED => Err(ListenError::Microphone(why_stopped(&errors))),
        other => other,
    }
}

/// Why the capture program stopped before it recorded anything, from its standard error: no
/// microphone or sound card, or its last line.
fn why_stopped(errors: &str) -> String {
    let program = capture_command().swap_remove(0);
    if let Some(line) = crate::adapters::no_audio_device(errors) {
        return format!("{program} finds no microphone or sound card ({line})");
    }
    match errors.lines().rev().map(str::trim).find(|line| !line.is_empty()) {
        Some(line) => format!("{program} stopped: {line}"),
        None => format!("{program} stopped without recording"),
    }
}

fn hear(recogniser: &mut Recogniser, mode: Mode, ears: &Ears<'_>, child: &mut Child) -> Result<Hearing, ListenError> {
    let mut stdout = child.stdout.take().ok_or_else(|| ListenError::Microphone("no output".to_string()))?;
    let mut heard_changes = ears.position.hear_in(recogniser)?;
    recogniser.start()?;
    let began = Instant::now();
    let mut bytes = vec![0u8; CHUNK * 2];
    let (mut spoke, mut quiet) = (false, Duration::ZERO);
    let mut heard_any = false;
    loop {
        let n = stdout.read(&mut bytes).map_err(|e| ListenError::Microphone(e.to_string()))?;
        if n == 0 {
            // The capture ended (a recording played in, or the device gone).
            if heard_any {
                break;
            }
            return Err(ListenError::Microphone(STOPPED.to_string()));
        }
        heard_any = true;
        let mut samples: Vec<i16> =
            bytes[..n - n % 2].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
        if !spoke && ears.position.changes() != heard_changes {
            // The game went on before the player spoke (the opponent moved): the next words are
            // heard in the new position. Only silence is thrown away.
            recogniser.discard()?;
            heard_changes = ears.position.hear_in(recogniser)?;
            recogniser.start()?;
        }
        if ears.talking.load(Ordering::Relaxed) {
            // Anna is speaking: the microphone hears silence, never her.
            samples.iter_mut().for_each(|s| *s = 0);
        }
        let chunk = Duration::from_secs_f64(samples.len() as f64 / f64::from(SAMPLE_RATE));
        if recogniser.feed(&samples)? {
            spoke = true;
            quiet = Duration::ZERO;
        } else if spoke {
            quiet += chunk;
            if quiet >= END_QUIET {
                break;
            }
        }
        let waited = began.elapsed();
        if (!spoke && mode == Mode::PushToTalk && waited >= WAIT_FOR_SPEECH) || waited >= LONGEST {
            break;
        }
    }
    // Words the decoders would make of a silence the voice detector never took for speech are not
    // the player's.
    if !spoke {
        recogniser.discard()?;
        return Ok(Hearing::Nothing);
    }
    recogniser.finish()
}
