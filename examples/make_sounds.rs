//! Writes the earcons `sounds/*.wav` from their synthesis in `src/adapters/sound/synth.rs`:
//! `cargo run --example make_sounds`. The result is the same on every machine; `tests/sounds.rs`
//! checks that the committed files are exactly what this writes.

use std::path::Path;

use anna::adapters::sound::synth;
use anna_core::message::Sound;

fn main() -> std::io::Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sounds");
    std::fs::create_dir_all(&dir)?;
    for sound in Sound::ALL {
        let path = dir.join(format!("{}.wav", sound.name()));
        let bytes = synth::wav(*sound);
        std::fs::write(&path, &bytes)?;
        let ms = (bytes.len() - 44) as u64 * 1000 / (2 * u64::from(synth::SAMPLE_RATE));
        println!("{} ({ms} ms)", path.display());
    }
    Ok(())
}
