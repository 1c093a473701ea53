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
