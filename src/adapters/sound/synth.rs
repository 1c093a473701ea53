//! The earcons, synthesised: every sound in `sounds/` is a few notes (sine-like tones, small chords
//! and glissandi) with soft attacks and decays, computed here and written by
//! `cargo run --example make_sounds`. The synthesis uses only IEEE additions, multiplications,
//! divisions and rounding (the sine is a polynomial of our own, not the platform's `sin`), so it
//! gives the same bytes on every machine and a test can check the committed files against it.

use anna_core::message::Sound;

/// Samples a second in every earcon.
pub const SAMPLE_RATE: u32 = 22_050;

/// The colour of a note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Timbre {
    /// A pure sine.
    Sine,
    /// A sine with a soft second and third harmonic: rounder, like a wooden knock.
    Warm,
    /// A band-limited triangle (odd harmonics 1, 3, 5): brighter, for warnings.
    Triangle,
}

/// One note: when it starts and how long it lasts (seconds), its pitch gliding from `from` to `to`
/// (Hz), its level, the length of its attack (seconds) and the power of its decay (1 linear, higher
/// dies away faster, like a struck note).
#[derive(Clone, Copy, Debug)]
struct Note {
    at: f64,
    len: f64,
    from: f64,
    to: f64,
    level: f64,
    timbre: Timbre,
    attack: f64,
    decay: u32,
}

const fn note(at: f64, len: f64, hz: f64, timbre: Timbre) -> Note {
    Note { at, len, from: hz, to: hz, level: 1.0, timbre, attack: 0.005, decay: 3 }
}

const fn glide(at: f64, len: f64, from: f64, to: f64, timbre: Timbre) -> Note {
    Note { at, len, from, to, level: 1.0, timbre, attack: 0.02, decay: 2 }
}

impl Note {
    const fn level(self, level: f64) -> Note {
        Note { level, ..self }
    }

    const fn attack(self, attack: f64) -> Note {
        Note { attack, ..self }
    }

    const fn decay(self, decay: u32) -> Note {
        Note { decay, ..self }
    }
}

// Equal-tempered pitches (A4 = 440 Hz).
const G3: f64 = 196.00;
const D4: f64 = 293.66;
const DS4: f64 = 311.13;
const C4: f64 = 261.63;
const CS4: f64 = 277.18;
const G4: f64 = 392.00;
const A4: f64 = 440.00;
const C5: f64 = 523.25;
const D5: f64 = 587.33;
const E5: f64 = 659.26;
const G5: f64 = 783.99;
const A5: f64 = 880.00;
const C6: f64 = 1046.50;

/// Peak levels: -6 dBFS for most, quieter for the sounds heard after every move or key.
const DB_6: f64 = 0.501_187;
const DB_7: f64 = 0.446_684;
const DB_8: f64 = 0.398_107;
const DB_10: f64 = 0.316_228;

/// The notes of a sound and its peak level (a fraction of full scale).
fn recipe(sound: Sound) -> (Vec<Note>, f64) {
    use Timbre::{Sine, Triangle, Warm};
    match sound {
        // A single soft knock, like a piece set down.
        Sound::Move => (vec![note(0.0, 0.09, D5, Warm), note(0.0, 0.05, 2.0 * D5, Sine).level(0.2)], DB_8),
        // Two knocks, low then high: a piece taken and one set down.
        Sound::Capture => (vec![note(0.0, 0.08, G4, Warm), note(0.07, 0.11, D5, Warm)], DB_7),
        // A bright rising fourth.
        Sound::Check => (vec![note(0.0, 0.14, E5, Triangle).decay(2), note(0.11, 0.19, A5, Triangle).decay(2)], DB_6),
        // Two low, slightly dissonant pulses, stepping down: "no".
        Sound::Illegal => (
            vec![
                note(0.0, 0.13, D4, Triangle).decay(2).attack(0.01),
                note(0.0, 0.13, DS4, Triangle).decay(2).attack(0.01).level(0.6),
                note(0.17, 0.15, C4, Triangle).decay(2).attack(0.01),
                note(0.17, 0.15, CS4, Triangle).decay(2).attack(0.01).level(0.6),
            ],
            DB_6,
        ),
        // A gentle rising glide, like a question.
        Sound::DrawOffer => (vec![glide(0.0, 0.42, A4, E5, Warm).attack(0.05)], DB_6),
        // Three quick high pips.
        Sound::LowTime => (
            vec![
                note(0.0, 0.07, A5, Sine).decay(2),
                note(0.15, 0.07, A5, Sine).decay(2),
                note(0.30, 0.07, A5, Sine).decay(2),
            ],
            DB_6,
        ),
        // A long falling glide in octaves: time ran out.
        Sound::FlagFall => {
            (vec![glide(0.0, 0.6, A5, A4 / 2.0, Triangle), glide(0.0, 0.6, A4, A4 / 4.0, Sine).level(0.5)], DB_6)
        }
        // A major arpeggio left ringing: C E G C.
        Sound::GameEnd => (
            vec![
                note(0.0, 0.6, C5, Warm),
                note(0.08, 0.52, E5, Warm).level(0.9),
                note(0.16, 0.44, G5, Warm).level(0.8),
                note(0.24, 0.36, C6, Warm).level(0.7),
            ],
            DB_6,
        ),
        // A rising fifth.
        Sound::BoardConnected => (vec![note(0.0, 0.12, C5, Sine).decay(2), note(0.09, 0.13, G5, Sine).decay(2)], DB_7),
        // A falling fifth.
        Sound::BoardDisconnected => {
            (vec![note(0.0, 0.12, G5, Sine).decay(2), note(0.09, 0.13, C5, Sine).decay(2)], DB_7)
        }
        // A low, quiet bump.
        Sound::Edge => (vec![note(0.0, 0.07, G3, Warm)], DB_10),
    }
}

/// `sin(2π·turns)`, from a Taylor polynomial on a quarter turn (error under 1e-9), so that it gives
/// the same value on every platform.
fn sin_turns(turns: f64) -> f64 {
    let x = (turns - turns.floor()) * 4.0;
    let quadrant = x.floor();
    let r = x - quadrant;
    let r = if quadrant == 1.0 || quadrant == 3.0 { 1.0 - r } else { r };
    let t = r * std::f64::consts::FRAC_PI_2;
    let t2 = t * t;
    let mut term = t;
    let mut sum = t;
    for n in 1..8u32 {
        let k = f64::from(2 * n);
        term = -term * t2 / (k * (k + 1.0));
        sum += term;
    }
    if quadrant >= 2.0 {
        -sum
    } else {
        sum
    }
}

impl Timbre {
    fn wave(self, turns: f64) -> f64 {
        match self {
            Timbre::Sine => sin_turns(turns),
            Timbre::Warm => sin_turns(turns) + 0.25 * sin_turns(2.0 * turns) + 0.08 * sin_turns(3.0 * turns),
            Timbre::Triangle => sin_turns(turns) - sin_turns(3.0 * turns) / 9.0 + sin_turns(5.0 * turns) / 25.0,
        }
    }
}

/// The envelope at `t` seconds into a note: a smooth rise over the attack, then a fall to exactly
/// zero at the end, so that no note starts or stops with a click.
fn envelope(note: &Note, t: f64) -> f64 {
    if t < note.attack {
        let u = t / note.attack;
        // Smootherstep: 6u^5 - 15u^4 + 10u^3.
        u * u * u * (u * (u * 6.0 - 15.0) + 10.0)
    } else {
        let v = ((t - note.attack) / (note.len - note.attack)).min(1.0);
        let mut level = 1.0;
        for _ in 0..note.decay {
            level *= 1.0 - v;
        }
        level
    }
}

/// The samples of `sound`, at [`SAMPLE_RATE`], peaking at its level.
pub fn samples(sound: Sound) -> Vec<i16> {
    let (notes, peak) = recipe(sound);
    let rate = f64::from(SAMPLE_RATE);
    let end = notes.iter().map(|n| n.at + n.len).fold(0.0, f64::max);
    // A few milliseconds of silence at the end, so that players do not cut the tail.
    let mut mix = vec![0.0f64; ((end + 0.005) * rate).round() as usize + 1];
    for n in &notes {
        let start = (n.at * rate).round() as usize;
        let count = (n.len * rate).round() as usize;
        let mut phase = 0.0f64;
        for i in 0..count {
            let t = i as f64 / rate;
            let hz = n.from + (n.to - n.from) * (t / n.len);
            mix[start + i] += n.level * envelope(n, t) * n.timbre.wave(phase);
            phase += hz / rate;
            phase -= phase.floor();
        }
    }
    let loudest = mix.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let scale = if loudest > 0.0 { peak * f64::from(i16::MAX) / loudest } else { 0.0 };
    mix.iter().map(|x| (x * scale).round() as i16).collect()
}

/// The WAV file of `sound`, 16-bit mono PCM: exactly the bytes of `sounds/NAME.wav`.
pub fn wav(sound: Sound) -> Vec<u8> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: SAMPLE_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut bytes = std::io::Cursor::new(Vec::new());
    // Writing to memory cannot fail: no disk, and a few seconds of sound are far below the 4 GB
    // a WAV file can hold.
    let mut writer = hound::WavWriter::new(&mut bytes, spec).expect("a WAV header in memory");
    for sample in samples(sound) {
        writer.write_sample(sample).expect("a sample in memory");
    }
    writer.finalize().expect("a WAV file in memory");
    bytes.into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sine_is_accurate() {
        for i in -400..=400 {
            let turns = f64::from(i) / 97.0;
            let exact = (turns * std::f64::consts::TAU).sin();
            assert!((sin_turns(turns) - exact).abs() < 1e-9, "{turns}");
        }
    }

    #[test]
    fn notes_start_and_end_silent() {
        for sound in Sound::ALL {
            let s = samples(*sound);
            assert_eq!(s[0], 0, "{sound:?}");
            assert_eq!(*s.last().unwrap(), 0, "{sound:?}");
        }
    }
}
