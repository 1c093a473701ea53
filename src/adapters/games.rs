//! Anna's games folder: where a saved scoresheet goes when no file is named (the platform's data
//! folder, `~/.local/share/anna/games` on Linux; `ANNA_DATA_DIR` replaces the data folder), and the
//! date and time that name the files.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anna_app::journal::Trouble;
pub use anna_app::save::{Save, SaveError, SaveKind};

/// The folder of saved games, if the platform has a data folder.
pub fn folder() -> Option<PathBuf> {
    Some(super::data_folder()?.join("games"))
}

/// The UTC date and time now: (`YYYY.MM.DD` for the PGN Date tag, `YYYYMMDD-HHMMSS` for a file name).
pub fn now_stamp() -> (String, String) {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    (format!("{y:04}.{m:02}.{d:02}"), format!("{y:04}{m:02}{d:02}-{:02}{:02}{:02}", t / 3600, t / 60 % 60, t % 60))
}

/// Writes a save: to its own path (`~` read as the home folder, a relative path made whole from
/// the current folder), or to a new file in the games folder named by `stamp`. Only a plain file
/// is ever written: a folder, a device, a pipe or a socket at the path is refused, and a symbolic
/// link is followed to its target, which must be a plain file. Never over an existing file unless
/// the save says `replace`; the text goes to a temporary file beside it first, renamed into place
/// once it is whole on the disk, so a full disk leaves no empty or half-written file. Returns the
/// full path it went to.
pub fn write(save: &Save, stamp: &str) -> Result<PathBuf, SaveError> {
    let path = match &save.path {
        Some(path) => super::full_path(path),
        None => {
            let dir = folder().ok_or(SaveError::Failed(PathBuf::new(), Trouble::NoFolder))?;
            fs::create_dir_all(&dir).map_err(|e| SaveError::Failed(dir.clone(), super::trouble(&e)))?;
            fresh(&dir, stamp, save.kind.extension())
        }
    };
    // A link is written through: its target is the file the player means.
    let path = match fs::symlink_metadata(&path) {
        Ok(meta) if meta.file_type().is_symlink() => match fs::canonicalize(&path) {
            Ok(target) => target,
            // A link to nothing: nothing is written through it.
            Err(_) => return Err(SaveError::NotAFile(path)),
        },
        _ => path,
    };
    match fs::metadata(&path) {
        Ok(meta) if !meta.is_file() => return Err(SaveError::NotAFile(path)),
        Ok(_) if !save.replace => return Err(SaveError::Exists(path)),
        _ => {}
    }
    let failed = |e: std::io::Error| SaveError::Failed(path.clone(), super::trouble(&e));
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = dir.join(format!(".{name}.{}.part", std::process::id()));
    let written = fs::OpenOptions::new().write(true).create_new(true).open(&temporary).and_then(|mut file| {
        file.write_all(save.text.as_bytes())?;
        file.sync_all()
    });
    let placed = written.and_then(|()| {
        // Between the check and now a special file may have taken the name: never over one.
        if fs::symlink_metadata(&path).is_ok_and(|meta| !meta.is_file()) {
            return Err(std::io::Error::from(std::io::ErrorKind::InvalidInput));
        }
        if save.replace {
            fs::rename(&temporary, &path)
        } else {
            // A link fails when a file appeared meanwhile: never over it.
            fs::hard_link(&temporary, &path).or_else(|e| match e.kind() {
                std::io::ErrorKind::AlreadyExists => Err(e),
                // Filesystems without links (FAT): the check above must do.
                _ if fs::symlink_metadata(&path).is_err() => fs::rename(&temporary, &path),
                _ => Err(e),
            })
        }
    });
    let _ = fs::remove_file(&temporary);
    match placed {
        Ok(()) => {
            super::sync_folder(dir);
            Ok(path)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(SaveError::Exists(path)),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => Err(SaveError::NotAFile(path)),
        Err(e) => Err(failed(e)),
    }
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

    #[test]
    fn a_save_never_writes_over_a_file_unless_told_and_leaves_nothing_half_written() {
        let dir = std::env::temp_dir().join(format!("anna-saves-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.pgn");
        fs::write(&path, "my other game").unwrap();
        let mut save = Save { path: Some(path.clone()), kind: SaveKind::Pgn, text: "1. e4 *".into(), replace: false };
        assert_eq!(write(&save, "x"), Err(SaveError::Exists(path.clone())));
        assert_eq!(fs::read_to_string(&path).unwrap(), "my other game");
        save.replace = true;
        assert_eq!(write(&save, "x"), Ok(path.clone()));
        assert_eq!(fs::read_to_string(&path).unwrap(), "1. e4 *");
        // Into a folder that is not there: an error, and no file of any kind left behind.
        let missing = Save { path: Some(dir.join("no/such/game.pgn")), ..save };
        assert!(matches!(write(&missing, "x"), Err(SaveError::Failed(..))));
        let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["game.pgn"]);
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 46: only a plain file is written. A device, a pipe or a folder at the path is refused
    /// and left as it was, even when the player said to write over it; a symbolic link is written
    /// through to its file and stays a link.
    #[cfg(unix)]
    #[test]
    fn a_save_writes_plain_files_only_and_through_links() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("anna-special-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let save = |path: &Path| Save {
            path: Some(path.to_path_buf()),
            kind: SaveKind::Pgn,
            text: "1. e4 *".into(),
            replace: true,
        };
        // A device (as root, /dev/null would otherwise become a plain file).
        assert_eq!(write(&save(Path::new("/dev/null")), "x"), Err(SaveError::NotAFile("/dev/null".into())));
        assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        // A named pipe.
        let fifo = dir.join("pipe");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        assert_eq!(write(&save(&fifo), "x"), Err(SaveError::NotAFile(fifo.clone())));
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        // A folder.
        assert_eq!(write(&save(&dir), "x"), Err(SaveError::NotAFile(dir.clone())));
        // A link to a file: the file is written, the link stays.
        let target = dir.join("target.pgn");
        fs::write(&target, "old").unwrap();
        let link = dir.join("link.pgn");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(write(&save(&link), "x"), Ok(fs::canonicalize(&target).unwrap()));
        assert_eq!(fs::read_to_string(&target).unwrap(), "1. e4 *");
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        // A link to a device is no way around it.
        let to_null = dir.join("null.pgn");
        std::os::unix::fs::symlink("/dev/null", &to_null).unwrap();
        assert_eq!(write(&save(&to_null), "x"), Err(SaveError::NotAFile("/dev/null".into())));
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 46: `~` is the home folder, and a relative path is said in full.
    #[test]
    fn a_path_is_made_whole_from_home_and_the_current_folder() {
        let home = std::env::var_os("HOME").map(PathBuf::from).unwrap();
        assert_eq!(super::super::full_path(Path::new("~/x.pgn")), home.join("x.pgn"));
        assert_eq!(super::super::full_path(Path::new("~")), home);
        assert_eq!(super::super::full_path(Path::new("x.pgn")), std::env::current_dir().unwrap().join("x.pgn"));
        assert_eq!(super::super::full_path(Path::new("/a/b.pgn")), Path::new("/a/b.pgn"));
    }
}
