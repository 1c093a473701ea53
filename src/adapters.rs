//! Adapters: the I/O at the edge of the pure core, each fed by effects. Each blocking one runs on its
//! own thread.

pub mod config;
pub mod diverted;
pub mod engine;
pub mod games;
pub mod journal;
pub mod listen;
pub mod sound;
pub mod speech;

/// Anna's data folder: `$ANNA_DATA_DIR`, or the platform's (`~/.local/share/anna` on Linux).
pub fn data_folder() -> Option<std::path::PathBuf> {
    match std::env::var_os("ANNA_DATA_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => Some(std::path::PathBuf::from(dir)),
        None => directories::ProjectDirs::from("org", "anna-chess", "anna").map(|dirs| dirs.data_dir().to_path_buf()),
    }
}

/// The line of a program's errors that says the machine has no audio device to play or record on:
/// ALSA finds no sound card (espeak-ng and arecord then end with a bare "No such file or
/// directory"), or no sound server answers.
pub fn no_audio_device(errors: &str) -> Option<&str> {
    const SIGNS: [&str; 4] = ["cannot find card", "Unknown PCM", "audio open error", "pa_simple_new"];
    errors.lines().find(|line| SIGNS.iter().any(|sign| line.contains(sign))).map(str::trim)
}
