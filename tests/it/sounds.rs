//! The earcons in `sounds/`: each is a valid 16-bit PCM mono WAV file of a sensible length, neither
//! silent nor clipping, and exactly what `cargo run --example make_sounds` writes.

use crate::support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anna::adapters::sound::synth;
use anna_core::message::Sound;

fn file(sound: Sound) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("sounds").join(format!("{}.wav", sound.name()))
}

fn read(sound: Sound) -> Vec<u8> {
    std::fs::read(file(sound))
        .unwrap_or_else(|e| panic!("{}: {e}; run `cargo run --example make_sounds`", file(sound).display()))
}

#[test]
fn every_sound_is_a_16_bit_mono_pcm_wav_file() {
    for &sound in Sound::ALL {
        let bytes = read(sound);
        let name = sound.name();
        // The canonical 44-byte header: RIFF, fmt (PCM, mono, 16 bit), data.
        assert_eq!(&bytes[0..4], b"RIFF", "{name}");
        assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize, bytes.len() - 8, "{name}");
        assert_eq!(&bytes[8..16], b"WAVEfmt ", "{name}");
        assert_eq!(&bytes[36..40], b"data", "{name}");
        assert_eq!(u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize, bytes.len() - 44, "{name}");
        let spec = hound::WavReader::new(bytes.as_slice()).unwrap_or_else(|e| panic!("{name}: {e}")).spec();
        assert_eq!((spec.channels, spec.bits_per_sample, spec.sample_format), (1, 16, hound::SampleFormat::Int));
        assert!([22_050, 44_100].contains(&spec.sample_rate), "{name}: {} Hz", spec.sample_rate);
    }
}

#[test]
fn every_sound_lasts_a_sensible_time_and_is_heard_without_clipping() {
    for &sound in Sound::ALL {
        let bytes = read(sound);
        let mut reader = hound::WavReader::new(bytes.as_slice()).unwrap();
        let rate = reader.spec().sample_rate;
        let samples: Vec<i16> = reader.samples::<i16>().map(Result::unwrap).collect();
        let name = sound.name();
        let length = Duration::from_secs_f64(samples.len() as f64 / f64::from(rate));
        assert!((Duration::from_millis(50)..=Duration::from_millis(800)).contains(&length), "{name} lasts {length:?}");
        // Peak between -20 dBFS (heard) and -3 dBFS (headroom, no clipping).
        let peak = f64::from(samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0)) / 32768.0;
        assert!((0.1..=0.71).contains(&peak), "{name}: peak {peak}");
        let rms = (samples.iter().map(|s| f64::from(*s).powi(2)).sum::<f64>() / samples.len() as f64).sqrt();
        assert!(rms / 32768.0 > 0.03, "{name} is almost silent (rms {rms})");
        // It starts and ends at rest: no click.
        assert!(samples[0].unsigned_abs() < 64 && samples.last().unwrap().unsigned_abs() < 64, "{name}");
    }
}

#[test]
fn every_sound_is_what_the_generator_writes() {
    for &sound in Sound::ALL {
        assert!(
            read(sound) == synth::wav(sound),
            "sounds/{}.wav differs from its synthesis: run `cargo run --example make_sounds` and commit the result",
            sound.name()
        );
    }
}

#[test]
fn the_sounds_are_distinct_and_documented() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("sounds/README.md")).unwrap();
    for (i, &a) in Sound::ALL.iter().enumerate() {
        assert!(readme.contains(&format!("`{}.wav`", a.name())), "sounds/README.md does not name {}", a.name());
        for &b in &Sound::ALL[i + 1..] {
            assert_ne!(synth::samples(a), synth::samples(b), "{a:?} and {b:?} sound the same");
        }
    }
    // No other WAV files lie in sounds/.
    let files = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("sounds")).unwrap();
    let wavs = files.filter(|f| f.as_ref().unwrap().path().extension().is_some_and(|x| x == "wav")).count();
    assert_eq!(wavs, Sound::ALL.len());
}

/// A game typed into `anna` with `PATH` set to `path`; returns standard error.
#[cfg(unix)]
fn play_game(path: &Path, extra: &[&str]) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = support::anna(&support::shared_data())
        .args(extra)
        .env("PATH", path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // An illegal move, then the scholar's mate.
    let moves = "e5\ne4\n\ne5\n\nQh5\n\nNc6\n\nBc4\n\nNf6\n\nQxf7#\n";
    child.stdin.take().unwrap().write_all(moves.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stderr).unwrap()
}

#[cfg(unix)]
#[test]
fn a_game_plays_its_sounds_through_the_player_on_the_path() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("anna-sounds-game-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("log");
    let player = dir.join("pw-play");
    std::fs::write(&player, format!("#!/bin/sh\necho \"$1\" >> '{}'\n", log.display())).unwrap();
    std::fs::set_permissions(&player, std::fs::Permissions::from_mode(0o755)).unwrap();

    let bells = play_game(&dir, &[]);
    assert!(!bells.contains('\x07'), "a player was found: no bell");
    let played = std::fs::read_to_string(&log).unwrap();
    let names: Vec<&str> = played.lines().map(|l| Path::new(l).file_stem().unwrap().to_str().unwrap()).collect();
    assert_eq!(names, ["illegal", "move", "move", "move", "move", "move", "move", "check", "game_end"]);

    std::fs::remove_file(&log).unwrap();
    play_game(&dir, &["--sounds", "off"]);
    assert!(!log.exists(), "--sounds off plays nothing");

    // No player at all: the bell rings for the illegal move and the end of the game only.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    assert_eq!(play_game(&empty, &[]).matches('\x07').count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
