//! Recordings as the recogniser hears them (`anna listen FILE.wav`): any PCM WAV from 16 kHz up,
//! made 16 kHz mono 16-bit.

use std::path::Path;

use super::{ListenError, SAMPLE_RATE};

/// The longest recording `anna listen` hears: one move or command, said slowly, with silence
/// around it. A longer one is refused before it is read (an 18-minute file would take minutes
/// and gigabytes), and no more than this is ever read, whatever the file's header says.
pub const MAX_RECORDING: u64 = 30;

/// The samples of a WAV file as the recogniser hears them, 16 kHz mono 16-bit: a recording of
/// another rate (espeak-ng writes 22050 Hz, a phone 44.1 or 48 kHz), of two channels or of other
/// samples (8, 24 or 32 bits, floating point) is made so (the channels averaged, the rate
/// converted by `rubato`). A rate under 16 kHz is refused: the model hears up to 8 kHz, and a
/// narrower recording lacks the sounds that tell letters apart.
pub fn read_wav(path: &Path) -> Result<Vec<i16>, ListenError> {
    // The reason ends the sentence: its own full stop, if any, is dropped (hound writes some).
    let bad = |why: String| ListenError::Wav(path.display().to_string(), why.trim_end_matches('.').to_string());
    if path.is_dir() {
        return Err(bad("it is a folder".to_string()));
    }
    let reader = hound::WavReader::open(path).map_err(|e| match e {
        hound::Error::IoError(io) if io.kind() == std::io::ErrorKind::NotFound => {
            ListenError::NoFile(path.display().to_string())
        }
        e => bad(e.to_string()),
    })?;
    let spec = reader.spec();
    let seconds = u64::from(reader.duration()) / u64::from(spec.sample_rate.max(1));
    if seconds > MAX_RECORDING {
        let length = match (seconds / 60, seconds % 60) {
            (0, s) => format!("{s} seconds"),
            (1, 0) => "1 minute".to_string(),
            (m, 0) => format!("{m} minutes"),
            (1, s) => format!("1 minute {s} seconds"),
            (m, s) => format!("{m} minutes {s} seconds"),
        };
        return Err(ListenError::TooLong(path.display().to_string(), length, MAX_RECORDING));
    }
    // Bounded whatever the header claims: a file that goes on past its stated length is cut there.
    let most = usize::try_from(MAX_RECORDING * u64::from(spec.sample_rate) * u64::from(spec.channels) + 1)
        .unwrap_or(usize::MAX);
    if spec.sample_rate == SAMPLE_RATE && spec.channels == 1 && spec.bits_per_sample == 16 {
        return reader.into_samples::<i16>().take(most).collect::<Result<Vec<_>, _>>().map_err(|e| bad(e.to_string()));
    }
    if spec.sample_rate < SAMPLE_RATE {
        return Err(bad(format!("its {} Hz is under the 16 kHz the recogniser hears", spec.sample_rate)));
    }
    if spec.channels == 0 {
        return Err(bad("it has no channel".to_string()));
    }
    // Every sample as a float in -1..1, whatever the file stores.
    let samples: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => reader.into_samples::<f32>().take(most).collect::<Result<_, _>>(),
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1_i64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f32;
            reader.into_samples::<i32>().take(most).map(|s| s.map(|s| s as f32 * scale)).collect::<Result<_, _>>()
        }
    }
    .map_err(|e| bad(e.to_string()))?;
    let channels = usize::from(spec.channels);
    let mono: Vec<f32> =
        samples.chunks_exact(channels).map(|frame| frame.iter().sum::<f32>() / channels as f32).collect();
    let heard = if spec.sample_rate == SAMPLE_RATE { mono } else { resample(&mono, spec.sample_rate).map_err(bad)? };
    Ok(heard.iter().map(|s| (s * f32::from(i16::MAX)).clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16).collect())
}

/// `mono`, recorded at `rate`, at the recogniser's 16 kHz.
fn resample(mono: &[f32], rate: u32) -> Result<Vec<f32>, String> {
    use rubato::audioadapter_buffers::direct::InterleavedSlice;
    use rubato::{Fft, FixedSync, Resampler};
    if mono.is_empty() {
        return Ok(Vec::new());
    }
    let why = |e: &dyn std::fmt::Display| format!("its {rate} Hz could not be converted ({e})");
    let mut resampler =
        Fft::<f32>::new(rate as usize, SAMPLE_RATE as usize, 1024, 1, FixedSync::Both).map_err(|e| why(&e))?;
    let input = InterleavedSlice::new(mono, 1, mono.len()).map_err(|e| why(&e))?;
    let output = resampler.process_all(&input, mono.len(), None).map_err(|e| why(&e))?;
    Ok(output.take_data())
}

#[cfg(test)]
mod tests {
    use super::read_wav;

    fn wav(name: &str, spec: hound::WavSpec, frames: usize, sample: impl Fn(usize) -> f64) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("anna-wav-{}-{name}.wav", std::process::id()));
        let mut writer = hound::WavWriter::create(&path, spec).unwrap();
        let full = f64::from((1_i32 << (spec.bits_per_sample - 1)) - 1);
        for i in 0..frames * usize::from(spec.channels) {
            let value = sample(i / usize::from(spec.channels));
            match spec.sample_format {
                hound::SampleFormat::Float => writer.write_sample(value as f32).unwrap(),
                hound::SampleFormat::Int => writer.write_sample((value * full).round() as i32).unwrap(),
            }
        }
        writer.finalize().unwrap();
        path
    }

    #[test]
    fn a_16_khz_mono_16_bit_file_is_read_as_it_is() {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: 16_000,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let path = wav("plain", spec, 5, |i| [0.0, 0.5, -0.5, 1.0, -1.0][i]);
        assert_eq!(read_wav(&path).unwrap(), [0, 16_384, -16_384, 32_767, -32_767]);
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_48_khz_stereo_24_bit_file_is_heard_at_16_khz_mono() {
        let spec = hound::WavSpec {
            channels: 2,
            sample_rate: 48_000,
            bits_per_sample: 24,
            sample_format: hound::SampleFormat::Int,
        };
        // Half a second of a 440 Hz tone at half the full scale.
        let tone = |i: usize| 0.5 * (2.0 * std::f64::consts::PI * 440.0 * i as f64 / 48_000.0).sin();
        let path = wav("phone", spec, 24_000, tone);
        let heard = read_wav(&path).unwrap();
        std::fs::remove_file(path).unwrap();
        assert_eq!(heard.len(), 8_000);
        // The same tone, sample for sample, at a third of the rate (the edges aside, where the
        // converter's filter has only half its window).
        for (i, &s) in heard.iter().enumerate().skip(100).take(7_800) {
            let expected = 0.5 * 32_767.0 * (2.0 * std::f64::consts::PI * 440.0 * i as f64 / 16_000.0).sin();
            assert!((f64::from(s) - expected).abs() < 200.0, "sample {i}: {s} against {expected:.0}");
        }
    }

    #[test]
    fn a_file_under_16_khz_is_refused_with_its_rate() {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: 11_025,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let path = wav("narrow", spec, 100, |_| 0.0);
        let err = read_wav(&path).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            err,
            format!(
                "{} is not a WAV file Anna can hear: its 11025 Hz is under the 16 kHz the recogniser hears.",
                path.display()
            )
        );
    }

    /// Issue 46: a recording longer than an utterance is refused before it is read, with its length.
    #[test]
    fn a_recording_over_the_limit_is_refused_with_its_length() {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: 16_000,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let path = wav("long", spec, 16_000 * 95, |_| 0.0);
        let err = read_wav(&path).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            err,
            format!(
                "{} is 1 minute 35 seconds long; anna listen hears one move or command, a recording of at most 30 \
                 seconds.",
                path.display()
            )
        );
        let path = wav("long-enough", spec, 16_000 * 30, |_| 0.0);
        assert_eq!(read_wav(&path).unwrap().len(), 16_000 * 30, "30 seconds are heard");
        std::fs::remove_file(&path).unwrap();
    }
}
