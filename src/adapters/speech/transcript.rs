//! Engines that make no sound: the transcript to a file, silence, and an in-memory recorder for
//! tests and benchmarks.
//!
//! The transcript on stdout needs no engine of its own: the runtime writes every sentence as a line
//! on stdout whatever the backend (that line is what the user's screen reader reads, and scripts rely
//! on it), so `--speech transcript` without a file and `--speech off` are both [`Silent`].

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::mpsc;
use std::time::Instant;

use super::worker::{SpeechError, Synthesizer};

/// Says nothing; the written lines are all there is.
pub struct Silent;

impl Synthesizer for Silent {
    fn speak(&mut self, _text: &str) -> Result<(), SpeechError> {
        Ok(())
    }
}

/// Appends each sentence as a line to a file (a braille display or a second screen may follow it).
pub struct Transcript {
    file: File,
}

impl Transcript {
    pub fn open(path: &Path) -> Result<Transcript, SpeechError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(SpeechError::io(path.display().to_string()))?;
        Ok(Transcript { file })
    }
}

impl Synthesizer for Transcript {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        // Flushed at once: whoever follows the file must see the sentence now.
        writeln!(self.file, "{text}").and_then(|()| self.file.flush()).map_err(SpeechError::io("the transcript file"))
    }
}

/// Sends each sentence and the instant it reached the engine down a channel.
pub struct Memory {
    heard: mpsc::Sender<(String, Instant)>,
}

impl Memory {
    pub fn new(heard: mpsc::Sender<(String, Instant)>) -> Memory {
        Memory { heard }
    }
}

impl Synthesizer for Memory {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        let _ = self.heard.send((text.to_string(), Instant::now()));
        Ok(())
    }
    fn voices(&mut self) -> Result<Vec<String>, SpeechError> {
        Ok(vec!["memory\tin-memory recorder".into()])
    }
}
