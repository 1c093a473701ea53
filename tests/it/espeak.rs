//! espeak-ng really speaks the words Anna gives it, with the flags Anna passes: rendered to a WAV
//! file (no audio device needed), read with hound, and checked for sound and a plausible length.
//!
//! On a machine without espeak-ng the test says so and passes, so `cargo test` needs nothing but
//! Rust; `.ci/run` installs espeak-ng and sets `ANNA_REQUIRE_TOOLS=1`, and then a missing program fails.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

use anna::adapters::speech::espeak::{on_path, Program};
use anna::adapters::speech::Params;

/// The PCM samples of a WAV file and its format.
struct Wav {
    sample_rate: u32,
    channels: u16,
    samples: Vec<i16>,
}

impl Wav {
    /// Reads a 16-bit PCM WAV with hound. A streamed WAV may state a data size larger than what was
    /// written: the samples there are taken.
    fn read(path: &Path) -> Wav {
        let mut reader = hound::WavReader::open(path).expect("a WAV file espeak-ng wrote");
        let spec = reader.spec();
        assert_eq!((spec.sample_format, spec.bits_per_sample), (hound::SampleFormat::Int, 16), "16-bit PCM");
        let samples = reader.samples::<i16>().map_while(Result::ok).collect();
        Wav { sample_rate: spec.sample_rate, channels: spec.channels, samples }
    }

    fn seconds(&self) -> f64 {
        self.samples.len() as f64 / f64::from(self.sample_rate) / f64::from(self.channels)
    }

    /// Root mean square of the samples, 0..32768.
    fn rms(&self) -> f64 {
        let sum: f64 = self.samples.iter().map(|&s| f64::from(s) * f64::from(s)).sum();
        (sum / self.samples.len().max(1) as f64).sqrt()
    }
}

/// espeak-ng's path, or `None` when it is missing and not required (see the module doc).
fn espeak_ng() -> Option<PathBuf> {
    let path = on_path("espeak-ng");
    support::tool(path.is_some(), "espeak-ng", "espeak-ng");
    path
}

/// Renders `text` with the flags Anna would pass for `params`, into a WAV in a fresh folder.
fn render(espeak: &Path, params: &Params, text: &str, name: &str) -> Wav {
    let dir = support::TempDir::new(&format!("espeak-{name}"));
    let wav = dir.join(&format!("{name}.wav"));
    let status = Command::new(espeak)
        .args(Program::EspeakNg.flags(params))
        .arg("-w")
        .arg(&wav)
        .arg("--")
        .arg(text)
        .status()
        .expect("espeak-ng runs");
    assert!(status.success(), "espeak-ng failed: {status}");
    Wav::read(&wav)
}

fn params(rate: i32, language: &str) -> Params {
    Params { rate, volume: 100, pitch: 0, voice: None, language: language.into() }
}

#[test]
fn espeak_says_a_move_aloud_for_a_plausible_time() {
    let Some(espeak) = espeak_ng() else { return };
    let wav = render(&espeak, &params(0, "en"), "White: Eva four.", "move");
    assert_eq!((wav.sample_rate, wav.channels), (22050, 1), "espeak-ng writes 22050 Hz mono");
    let (seconds, rms) = (wav.seconds(), wav.rms());
    eprintln!("'White: Eva four.': {seconds:.2} s, RMS {rms:.0}");
    assert!((0.5..=5.0).contains(&seconds), "{seconds:.2} s of audio for a short sentence");
    assert!(rms > 300.0, "the audio is nearly silent (RMS {rms:.0})");
}

#[test]
fn the_rate_setting_changes_the_length_and_german_is_spoken_too() {
    let Some(espeak) = espeak_ng() else { return };
    let text = "Weiß: Springer Felix drei. Schwarz: Springer Cäsar sechs.";
    let slow = render(&espeak, &params(-60, "de"), text, "slow");
    let fast = render(&espeak, &params(80, "de"), text, "fast");
    eprintln!("slow {:.2} s, fast {:.2} s", slow.seconds(), fast.seconds());
    assert!(slow.seconds() > fast.seconds() * 1.5, "a faster rate says the same words in less time");
    assert!(fast.rms() > 300.0 && slow.rms() > 300.0);
}
