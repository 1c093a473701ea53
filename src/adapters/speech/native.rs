//! The system's own speech through the `tts` crate: speech-dispatcher on Linux (behind the
//! `speech-dispatcher` feature), SAPI, WinRT or the running screen reader (Tolk) on Windows,
//! AVFoundation on macOS. The handle is not `Send`: it is made and used on the worker thread only.

use tts::Tts;

use super::settings::Params;
use super::worker::{SpeechError, Synthesizer};

pub struct Native {
    tts: Tts,
}

impl Native {
    /// The system's default synthesiser with the rate, volume, pitch and voice of `params`. Settings
    /// an engine does not support are left at its defaults rather than refusing to speak.
    pub fn new(params: &Params) -> Result<Native, SpeechError> {
        let mut tts = Tts::default().map_err(|e| SpeechError::Reported(e.to_string()))?;
        let features = tts.supported_features();
        if features.rate {
            let rate = Params::scale(params.rate, tts.min_rate(), tts.normal_rate(), tts.max_rate());
            let _ = tts.set_rate(rate);
        }
        if features.pitch {
            let pitch = Params::scale(params.pitch, tts.min_pitch(), tts.normal_pitch(), tts.max_pitch());
            let _ = tts.set_pitch(pitch);
        }
        if features.volume {
            let share = params.volume.clamp(0, 100) as f32 / 100.0;
            let _ = tts.set_volume(tts.min_volume() + (tts.normal_volume() - tts.min_volume()) * share);
        }
        if features.voice {
            if let Ok(voices) = tts.voices() {
                let wanted = |v: &tts::Voice| match &params.voice {
                    Some(name) => v.name() == *name || v.id() == *name,
                    None => v.language().primary_language().eq_ignore_ascii_case(&params.language),
                };
                if let Some(voice) = voices.iter().find(|v| wanted(v)) {
                    let _ = tts.set_voice(voice);
                }
            }
        }
        Ok(Native { tts })
    }

    /// The `tts` handle, for tests that watch the begin and end of each utterance.
    pub fn tts(&self) -> &Tts {
        &self.tts
    }
}

impl Synthesizer for Native {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        // Never interrupt here: the speaker's queue decides, and calls `stop` when it must.
        self.tts.speak(text, false).map(|_| ()).map_err(|e| SpeechError::Reported(e.to_string()))
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.tts.stop().map(|_| ()).map_err(|e| SpeechError::Reported(e.to_string()))
    }

    /// Engines that cannot tell (some screen readers) are taken as done at once: their own queue
    /// then holds the sentences, which is what a screen reader user expects.
    fn is_speaking(&mut self) -> Result<bool, SpeechError> {
        if self.tts.supported_features().is_speaking {
            self.tts.is_speaking().map_err(|e| SpeechError::Reported(e.to_string()))
        } else {
            Ok(false)
        }
    }

    fn voices(&mut self) -> Result<Vec<String>, SpeechError> {
        let voices = self.tts.voices().map_err(|e| SpeechError::Reported(e.to_string()))?;
        Ok(voices.iter().map(|v| format!("{}\t{}", v.name(), v.language())).collect())
    }
}
