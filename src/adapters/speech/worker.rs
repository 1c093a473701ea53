//! A speech engine on a thread of its own, every call watched by a timeout.
//!
//! Engines block in ways we cannot prevent: speech-dispatcher with no audio output never returns
//! from `stop`, a synthesiser may never come up. So each engine is created *on* its worker thread (the
//! `tts` handle is not `Send`, which this also satisfies) and the speaker thread talks to it only
//! through calls whose answers it awaits with `recv_timeout`. An engine that does not answer in time
//! is abandoned: its thread is left behind, blocked, and the speaker moves on to the next backend.

use std::sync::mpsc;
use std::time::Duration;

/// Why an engine could not do what it was asked; written to the log, never spoken (the speaker
/// says only that it moved on to another backend).
#[derive(Debug, thiserror::Error)]
pub enum SpeechError {
    /// The system refused: a program that cannot be started, a pipe, a file.
    #[error("{what}: {source}")]
    Io { what: String, source: std::io::Error },
    /// The engine itself reported a failure (its error line, its exit status).
    #[error("{0}")]
    Reported(String),
    /// The engine runs but the machine has no audio device to play on (its error line).
    #[error("{0} (no audio device)")]
    NoAudio(String),
}

impl SpeechError {
    /// Maps an I/O error of `what` (a program, a file) into an engine error.
    pub fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> SpeechError {
        let what = what.into();
        move |source| SpeechError::Io { what, source }
    }
}

impl From<&str> for SpeechError {
    fn from(text: &str) -> SpeechError {
        SpeechError::Reported(text.to_string())
    }
}

/// A way of speaking. Calls may block briefly; the [`Worker`] guards them with a timeout.
pub trait Synthesizer {
    /// Begins to say `text` and returns at once; the words may go on after it returns.
    fn speak(&mut self, text: &str) -> Result<(), SpeechError>;
    /// Stops what is being said. Engines that finish each sentence at once have nothing to stop.
    fn stop(&mut self) -> Result<(), SpeechError> {
        Ok(())
    }
    /// Whether the last sentence is still being said. An error means the sentence failed.
    fn is_speaking(&mut self) -> Result<bool, SpeechError> {
        Ok(false)
    }
    /// Whether the engine has taken up the last sentence. An engine that cannot tell says yes; one
    /// that can (a program reading its standard input) and has not within [`BEGIN_WITHIN`] is
    /// passed over for that sentence.
    fn has_begun(&mut self) -> bool {
        true
    }
    /// The names of the voices, one per entry, as `--voice` takes them; none by default.
    fn voices(&mut self) -> Result<Vec<String>, SpeechError> {
        Ok(Vec::new())
    }
}

/// How soon an engine that can tell must have taken up a sentence (the README's promise: a hung
/// speech engine costs at most a second).
pub const BEGIN_WITHIN: Duration = Duration::from_secs(1);

/// Says once whether an engine launched by [`Worker::launch`] came up.
pub type Starting = mpsc::Receiver<Result<(), SpeechError>>;

/// Makes an engine; runs on the worker thread.
pub type Factory = Box<dyn FnOnce() -> Result<Box<dyn Synthesizer>, SpeechError> + Send>;

type Call = Box<dyn FnOnce(&mut dyn Synthesizer) + Send>;

/// Why a call to an engine gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer within the timeout.
    Hung,
    /// The engine answered with an error (for the log, never spoken).
    Failed(String),
    /// The engine has no audio device to speak on: said, since the player can fix it.
    NoAudio(String),
}

impl From<SpeechError> for Failure {
    fn from(error: SpeechError) -> Failure {
        match error {
            SpeechError::NoAudio(_) => Failure::NoAudio(error.to_string()),
            other => Failure::Failed(other.to_string()),
        }
    }
}

/// The speaker's handle on an engine living on its own thread.
pub struct Worker {
    calls: mpsc::Sender<Call>,
    timeout: Duration,
}

impl Worker {
    /// Starts an engine on a new thread; waits at most `start` for it to come up, and then at most
    /// `timeout` for the answer to each call.
    pub fn start(factory: Factory, start: Duration, timeout: Duration) -> Result<Worker, Failure> {
        let (worker, started) = Worker::launch(factory, timeout)?;
        match started.recv_timeout(start) {
            Ok(Ok(())) => Ok(worker),
            Ok(Err(e)) => Err(Failure::from(e)),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(Failure::Hung),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(Failure::Failed("the engine thread ended".into())),
        }
    }

    /// Starts an engine on a new thread without waiting: the receiver says when it is up (or why
    /// not), so that a slow start-up can be waited for while another engine speaks.
    pub fn launch(factory: Factory, timeout: Duration) -> Result<(Worker, Starting), Failure> {
        let (calls, inbox) = mpsc::channel::<Call>();
        let (ready, started) = mpsc::channel();
        std::thread::Builder::new()
            .name("anna-speech-engine".into())
            .spawn(move || {
                let mut engine = match factory() {
                    Ok(engine) => {
                        let _ = ready.send(Ok(()));
                        engine
                    }
                    Err(e) => {
                        let _ = ready.send(Err(e));
                        return;
                    }
                };
                // Ends when the worker is dropped (its sender goes away).
                for call in inbox {
                    call(engine.as_mut());
                }
            })
            .map_err(|e| Failure::Failed(e.to_string()))?;
        Ok((Worker { calls, timeout }, started))
    }

    /// Runs `f` on the engine and waits at most the timeout for its answer.
    pub fn call<T, F>(&self, f: F) -> Result<T, Failure>
    where
        T: Send + 'static,
        F: FnOnce(&mut dyn Synthesizer) -> Result<T, SpeechError> + Send + 'static,
    {
        let (reply, answer) = mpsc::channel();
        let call: Call = Box::new(move |engine| {
            let _ = reply.send(f(engine));
        });
        self.calls.send(call).map_err(|_| Failure::Failed("the engine thread ended".into()))?;
        match answer.recv_timeout(self.timeout) {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(e)) => Err(Failure::from(e)),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(Failure::Hung),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(Failure::Failed("the engine thread ended".into())),
        }
    }

    pub fn speak(&self, text: &str) -> Result<(), Failure> {
        let text = text.to_string();
        self.call(move |e| e.speak(&text))
    }

    pub fn stop(&self) -> Result<(), Failure> {
        self.call(|e| e.stop())
    }

    pub fn is_speaking(&self) -> Result<bool, Failure> {
        self.call(|e| e.is_speaking())
    }

    pub fn has_begun(&self) -> Result<bool, Failure> {
        self.call(|e| Ok(e.has_begun()))
    }

    pub fn voices(&self) -> Result<Vec<String>, Failure> {
        self.call(|e| e.voices())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Echo;
    impl Synthesizer for Echo {
        fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
            if text.is_empty() {
                Err("nothing to say".into())
            } else {
                Ok(())
            }
        }
        fn stop(&mut self) -> Result<(), SpeechError> {
            Ok(())
        }
        fn is_speaking(&mut self) -> Result<bool, SpeechError> {
            Ok(false)
        }
        fn voices(&mut self) -> Result<Vec<String>, SpeechError> {
            Ok(vec!["echo".into()])
        }
    }

    #[test]
    fn calls_reach_the_engine_and_errors_come_back() {
        let worker = Worker::start(
            Box::new(|| Ok(Box::new(Echo) as Box<dyn Synthesizer>)),
            Duration::from_secs(5),
            Duration::from_secs(5),
        )
        .unwrap();
        assert_eq!(worker.speak("e4"), Ok(()));
        assert_eq!(worker.speak(""), Err(Failure::Failed("nothing to say".into())));
        assert_eq!(worker.voices(), Ok(vec!["echo".to_string()]));
    }

    #[test]
    fn an_engine_that_cannot_start_says_why() {
        let failed =
            Worker::start(Box::new(|| Err("no synthesiser".into())), Duration::from_secs(5), Duration::from_secs(5));
        assert_eq!(failed.err(), Some(Failure::Failed("no synthesiser".into())));
    }
}
