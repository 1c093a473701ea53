//! The player's lichess token: `ANNA_LICHESS_TOKEN`, or the one `anna login` stored beside the
//! settings file, readable by the player alone. Never printed, journaled or logged.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

/// The file `anna login` keeps the token in (`~/.config/anna/lichess-token` on Linux).
pub fn path() -> Option<PathBuf> {
    crate::adapters::config::path().and_then(|config| config.parent().map(|dir| dir.join("lichess-token")))
}

/// The token to use: the environment's, else the stored one.
pub fn find() -> Option<String> {
    let from_env = std::env::var("ANNA_LICHESS_TOKEN").ok().filter(|t| !t.trim().is_empty());
    from_env
        .or_else(|| path().and_then(|p| fs::read_to_string(p).ok()))
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// Stores the token, readable and writable by the player only (mode 0600 from its creation).
pub fn store(token: &str) -> std::io::Result<PathBuf> {
    let path = path().ok_or_else(|| std::io::Error::other("this system has no folder for settings"))?;
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path)?;
    #[cfg(unix)]
    file.set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    file.write_all(token.trim().as_bytes())?;
    file.write_all(b"\n")?;
    Ok(path)
}
