//! While the board view is up, nothing but the view may write to the terminal: one line on
//! standard error (Anna's own, a speech program's, a C library's) scrolls the screen and leaves a
//! wrong board in front of a low-vision player, which no repaint can find. So standard error, the
//! process's and every child's that inherits it, goes to `anna.log` in the data folder for that
//! time, and comes back after; what went there is said in one line at the end. What the player
//! must know (a speech engine given up, a board unplugged) is said in the game's words anyway.

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// A log that has grown past this is started afresh.
const MAX_LOG: u64 = 1 << 20;

/// Standard error sent to the log until this is dropped.
pub struct Diverted {
    path: PathBuf,
    /// The player's words, for the line said at the end.
    vocab: anna_language::Vocabulary,
    /// The log's length when it began: what is past it was written during the view.
    began: u64,
    #[cfg(unix)]
    saved: std::os::fd::OwnedFd,
}

impl Diverted {
    /// Sends standard error to `anna.log` in `folder`. `None`, leaving standard error alone, when
    /// the log cannot be opened or the system cannot divert it.
    pub fn to_log_in(folder: &Path, vocab: &anna_language::Vocabulary) -> Option<Diverted> {
        std::fs::create_dir_all(folder).ok()?;
        let path = folder.join("anna.log");
        let mut log = OpenOptions::new().create(true).append(true).open(&path).ok()?;
        if log.metadata().ok()?.len() > MAX_LOG {
            log.set_len(0).ok()?;
        }
        let began = log.seek(SeekFrom::End(0)).ok()?;
        Diverted::divert(log, path, began, vocab.clone())
    }

    #[cfg(unix)]
    fn divert(log: File, path: PathBuf, began: u64, vocab: anna_language::Vocabulary) -> Option<Diverted> {
        use std::os::fd::AsFd;
        let saved = rustix::io::dup(std::io::stderr().as_fd()).ok()?;
        rustix::stdio::dup2_stderr(log.as_fd()).ok()?;
        Some(Diverted { path, vocab, began, saved })
    }

    #[cfg(not(unix))]
    fn divert(_log: File, _path: PathBuf, _began: u64, _vocab: anna_language::Vocabulary) -> Option<Diverted> {
        None
    }

    /// Where standard error goes meanwhile.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Diverted {
    fn drop(&mut self) {
        #[cfg(unix)]
        if rustix::stdio::dup2_stderr(&self.saved).is_err() {
            return;
        }
        let grown = std::fs::metadata(&self.path).map_or(0, |m| m.len());
        if grown > self.began {
            let path = self.path.display().to_string();
            eprintln!(
                "anna: {}",
                anna_language::announce::fill(self.vocab.word("screen.messages_in"), &[("path", path)])
            );
        }
    }
}

/// Notes `line` for whoever looks after the machine: appended to `anna.log` in the data folder,
/// never said nor shown to the player, whose words come from `grammar/` (a speech program's own
/// failure, the system's reason a file could not be written). Standard error only when there is no
/// log.
pub fn note(line: &str) {
    use std::io::Write;
    let written = super::data_folder().and_then(|folder| {
        std::fs::create_dir_all(&folder).ok()?;
        let mut log = OpenOptions::new().create(true).append(true).open(folder.join("anna.log")).ok()?;
        writeln!(log, "anna: {line}").ok()
    });
    if written.is_none() {
        eprintln!("anna: {line}");
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn standard_error_goes_to_the_log_and_comes_back() {
        let folder = std::env::temp_dir().join(format!("anna-diverted-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let diverted = Diverted::to_log_in(&folder, &anna_language::Vocabulary::english()).expect("diverted");
        // A child inheriting standard error writes to the log too, as a speech program would.
        let status = std::process::Command::new("sh").args(["-c", "echo 'espeak-ng: error' >&2"]).status().unwrap();
        assert!(status.success());
        let path = diverted.path().to_path_buf();
        drop(diverted);
        // (Another test's thread may write meanwhile: the log holds at least the child's line.)
        assert!(std::fs::read_to_string(&path).unwrap().contains("espeak-ng: error\n"));
        let _ = std::fs::remove_dir_all(&folder);
    }
}
