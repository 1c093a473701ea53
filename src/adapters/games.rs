//! Anna's games folder: where a saved scoresheet goes when no file is named (the platform's data
//! folder, `~/.local/share/anna/games` on Linux; `ANNA_DATA_DIR` replaces the data folder), and the
//! date and time that name the files.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::ui::save::Save;

/// The folder of saved games, if the platform has a data folder.
pub fn folder() -> Option<PathBuf> {
    let data = match std::env::var_os("ANNA_DATA_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => directories::ProjectDirs::from("org", "anna-chess", "anna")?.data_dir().to_path_buf(),
    };
    Some(data.join("games"))
}

/// The UTC date and time now: (`YYYY.MM.DD` for the PGN Date tag, `YYYYMMDD-HHMMSS` for a file name).
pub fn now_stamp() -> (String, String) {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    (format!("{y:04}.{m:02}.{d:02}"), format!("{y:04}{m:02}{d:02}-{:02}{:02}{:02}", t / 3600, t / 60 % 60, t % 60))
}

/// Writes a save: to its own path, or to a new file in the games folder named by `stamp` (never
/// over an existing one). Returns where it went, or that path and why it failed.
pub fn write(save: &Save, stamp: &str) -> Result<PathBuf, (String, String)> {
    let path = match &save.path {
        Some(path) => path.clone(),
        None => {
            let dir = folder().ok_or_else(|| ("?".to_string(), "no data folder on this system".to_string()))?;
            fs::create_dir_all(&dir).map_err(|e| (dir.display().to_string(), e.to_string()))?;
            fresh(&dir, stamp, save.kind.extension())
        }
    };
    fs::write(&path, &save.text).map_err(|e| (path.display().to_string(), e.to_string()))?;
    Ok(path)
}

/// `anna-STAMP.EXT`, or `anna-STAMP-2.EXT`... if taken.
fn fresh(dir: &Path, stamp: &str, extension: &str) -> PathBuf {
    let mut n = 1;
    loop {
        let name = if n == 1 { format!("anna-{stamp}.{extension}") } else { format!("anna-{stamp}-{n}.{extension}") };
        let path = dir.join(name);
        if !path.exists() {
            return path;
        }
        n += 1;
    }
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn a_new_name_never_takes_an_existing_file() {
        let dir = std::env::temp_dir().join(format!("anna-games-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let first = fresh(&dir, "20250101-120000", "pgn");
        assert_eq!(first.file_name().unwrap(), "anna-20250101-120000.pgn");
        fs::write(&first, "x").unwrap();
        assert_eq!(fresh(&dir, "20250101-120000", "pgn").file_name().unwrap(), "anna-20250101-120000-2.pgn");
        let _ = fs::remove_dir_all(&dir);
    }
}
