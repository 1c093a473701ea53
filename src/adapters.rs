//! Adapters: the I/O at the edge of the pure core, each fed by effects. Each blocking one runs on its
//! own thread.

#[macro_use]
pub mod stdout;
pub mod brlapi;
pub mod config;
pub mod diverted;
pub mod engine;
pub mod games;
pub mod journal;
pub mod listen;
pub mod louis;
pub mod online;
pub mod puzzles;
pub mod sound;
pub mod speech;

/// Anna's data folder: `$ANNA_DATA_DIR`, or the platform's (`~/.local/share/anna` on Linux).
pub fn data_folder() -> Option<std::path::PathBuf> {
    match std::env::var_os("ANNA_DATA_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => Some(std::path::PathBuf::from(dir)),
        None => directories::ProjectDirs::from("org", "anna-chess", "anna").map(|dirs| dirs.data_dir().to_path_buf()),
    }
}

/// The name of the system account Anna runs under, which names the player of a home game.
pub fn account() -> Option<String> {
    ["USER", "USERNAME", "LOGNAME"].iter().find_map(|name| std::env::var(name).ok())
}

/// Why a file could not be written, as the player hears it: the system's error read as one of
/// the reasons `grammar/` words (`[trouble]`), never its English text.
pub fn trouble(error: &std::io::Error) -> anna_app::journal::Trouble {
    use anna_app::journal::Trouble;
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded | ErrorKind::FileTooLarge => Trouble::Full,
        ErrorKind::ReadOnlyFilesystem | ErrorKind::PermissionDenied => Trouble::ReadOnly,
        ErrorKind::NotFound => Trouble::Missing,
        // A file where the folder should be (create_dir_all says it exists, mkdir under it says
        // it is no folder).
        ErrorKind::NotADirectory | ErrorKind::AlreadyExists => Trouble::NoFolder,
        ErrorKind::ResourceBusy | ErrorKind::WouldBlock => Trouble::Busy,
        _ => Trouble::Other,
    }
}

/// `~` and `~/...` as the shell reads them (the home folder), and a relative path made whole from
/// the folder Anna was started in: what a player types is where the file goes, and is said so.
pub fn full_path(path: &std::path::Path) -> std::path::PathBuf {
    let home = || std::env::var_os("HOME").filter(|h| !h.is_empty()).map(std::path::PathBuf::from);
    let expanded = match path.strip_prefix("~") {
        Ok(rest) => home().map_or_else(|| path.to_path_buf(), |home| home.join(rest)),
        Err(_) => path.to_path_buf(),
    };
    std::path::absolute(&expanded).unwrap_or(expanded)
}

/// A new name in a folder (a rename, a new file) is durable only once the folder itself is on the
/// disk; best effort, as not every system can sync a folder.
pub fn sync_folder(dir: &std::path::Path) {
    if let Ok(folder) = std::fs::File::open(dir) {
        let _ = folder.sync_all();
    }
}

/// The line of a program's errors that says the machine has no audio device to play or record on:
/// ALSA finds no sound card (espeak-ng and arecord then end with a bare "No such file or
/// directory"), or no sound server answers.
pub fn no_audio_device(errors: &str) -> Option<&str> {
    const SIGNS: [&str; 4] = ["cannot find card", "Unknown PCM", "audio open error", "pa_simple_new"];
    errors.lines().find(|line| SIGNS.iter().any(|sign| line.contains(sign))).map(str::trim)
}

/// The full path of the program `name` where the PATH finds it (`paths`: another PATH value, as
/// tests give). The one lookup of a program: the engine, espeak-ng, arecord and the sound players.
pub fn program(name: &str, paths: Option<&std::ffi::OsStr>) -> Option<std::path::PathBuf> {
    match paths {
        Some(paths) => which::which_in(name, Some(paths), std::env::temp_dir()).ok(),
        None => which::which(name).ok(),
    }
}
