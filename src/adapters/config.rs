//! The settings file: TOML at the platform's config path (`~/.config/anna/config.toml` on Linux),
//! one table per adapter (`[speech]`, ...). Each adapter reads and writes only its own table, so
//! settings added by other parts of Anna survive a save.

use std::fs;
use std::path::{Path, PathBuf};

/// Why the settings file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("{}", .0.message().trim())]
    Syntax(#[from] toml::de::Error),
    #[error("{0}")]
    Write(#[from] toml::ser::Error),
    /// A value out of its range, or of the wrong kind.
    #[error("{0}")]
    Value(String),
}

/// Where the settings file lives on this machine, if the platform has a config folder.
pub fn path() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "anna-chess", "anna").map(|dirs| dirs.config_dir().join("config.toml"))
}

/// The file's tables; `Ok(None)` when there is no file (the usual first start).
pub fn read(path: &Path) -> Result<Option<toml::Table>, ConfigError> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text.parse::<toml::Table>()?)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// The value of `key` in the table `name` of the settings file, as text (`[rules] laws = 2018`);
/// `None` when there is no file, no such value, or the file cannot be read (the speech settings,
/// read from the same file, say so).
pub fn value(name: &str, key: &str) -> Option<String> {
    let file = read(&path()?).ok()??;
    match file.get(name)?.get(key)? {
        toml::Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    }
}

/// Replaces one table of the file, keeping the others; creates the file and its folder if needed.
/// A file that cannot be read is left alone rather than overwritten: it may hold the user's work.
pub fn write_table(path: &Path, name: &str, table: toml::Table) -> Result<(), ConfigError> {
    let mut file = read(path)?.unwrap_or_default();
    file.insert(name.to_string(), toml::Value::Table(table));
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    fs::write(path, toml::to_string(&file)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writing_a_table_keeps_the_others() {
        let dir = std::env::temp_dir().join(format!("anna-config-{}", std::process::id()));
        let path = dir.join("sub").join("config.toml");
        let _ = fs::remove_dir_all(&dir);
        assert!(matches!(read(&path), Ok(None)));
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, "[sounds]\nplay = \"off\"\n").unwrap();
        let mut speech = toml::Table::new();
        speech.insert("rate".into(), toml::Value::Integer(20));
        write_table(&path, "speech", speech).unwrap();
        let file = read(&path).unwrap().unwrap();
        assert_eq!(file["sounds"]["play"].as_str(), Some("off"));
        assert_eq!(file["speech"]["rate"].as_integer(), Some(20));
        fs::write(&path, "this is [not toml").unwrap();
        assert!(write_table(&path, "speech", toml::Table::new()).is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "this is [not toml", "a broken file is not overwritten");
        let _ = fs::remove_dir_all(&dir);
    }
}
