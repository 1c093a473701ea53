//! The journal: every input that reaches a game's session, appended to a file and flushed to the disk
//! (`sync_data`) before anything that follows from it is written or said, so that a crash loses no
//! move, press, offer or clock reading the players were told of. One journal a game, in
//! `games/` under the platform's data folder (`~/.local/share/anna/games` on Linux), or under
//! `$ANNA_DATA_DIR/games` when that is set.
//!
//! The records and their frames are `anna_app::journal`'s (pure); here they are written, synced and
//! read back. A damaged journal is never written over: the
//! whole records go to a new file, which then takes the journal's name, and the damaged file is
//! kept beside it as `NAME.damaged`.

use anna_app::journal::civil;
pub use anna_app::journal::Trouble;
pub use anna_app::journal::{
    command_text, config_records, date, frame, next_frame, parse, parse_seconds, print, read, read_command, seconds,
    CodecError, Damage, End, Journal, ReadError, Record, VERSION,
};

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The ending of journal files.
pub const EXTENSION: &str = "journal";

/// The folder of the journals: `$ANNA_DATA_DIR/games`, or `games` in the platform's data folder.
pub fn folder() -> Option<PathBuf> {
    super::games::folder()
}

/// Appends records to one journal file.
pub struct Writer {
    file: File,
    path: PathBuf,
    unsynced: bool,
    /// The length of the file up to its last whole record.
    good: u64,
}

impl Writer {
    /// A new journal in `dir` for a game that begins now, its header on the disk. The header is
    /// written under a hidden name first and the file takes its journal's name only once the
    /// header is on the disk: a program killed meanwhile leaves no journal without a whole record
    /// (which would be offered at the next start only to be found unusable).
    pub fn create(dir: &Path) -> io::Result<Writer> {
        fs::create_dir_all(dir)?;
        let started = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let stem = format!("game-{}-{}", stamp(started), std::process::id());
        let fresh = dir.join(format!(".{stem}.new"));
        let file = OpenOptions::new().append(true).create(true).truncate(false).open(&fresh)?;
        // The lock is the file's, whatever its name: it moves with it.
        lock(&file)?;
        let mut writer = Writer { file, path: fresh.clone(), unsynced: false, good: 0 };
        let header = writer.write(&Record::Header { version: VERSION, started }).and_then(|()| writer.sync());
        if let Err(e) = header {
            let _ = fs::remove_file(&fresh);
            return Err(e);
        }
        let mut n = 1;
        writer.path = loop {
            let name = if n == 1 { format!("{stem}.{EXTENSION}") } else { format!("{stem}-{n}.{EXTENSION}") };
            let path = dir.join(name);
            // A link never takes the name of a file that is there.
            match fs::hard_link(&fresh, &path) {
                Ok(()) => break path,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
                // A filesystem without links (a FAT stick): renamed, when the name is free.
                Err(_) if fs::symlink_metadata(&path).is_err() && fs::rename(&fresh, &path).is_ok() => break path,
                Err(e) => {
                    let _ = fs::remove_file(&fresh);
                    return Err(e);
                }
            }
        };
        let _ = fs::remove_file(&fresh);
        super::sync_folder(dir);
        Ok(writer)
    }

    /// Continues a journal that was read whole (or repaired by [`recover`]), with the lock
    /// [`hold`] took on it, or a new one.
    pub fn append_to(path: &Path) -> io::Result<Writer> {
        let held = HELD.lock().ok().and_then(|mut held| {
            let at = held.iter().position(|(p, _)| p == path)?;
            Some(held.remove(at))
        });
        let file = match held {
            Some((_, file)) => file,
            None => {
                let file = OpenOptions::new().append(true).open(path)?;
                lock(&file)?;
                file
            }
        };
        let good = file.metadata()?.len();
        Ok(Writer { file, path: path.to_path_buf(), unsynced: false, good })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes a record (one `write` call); [`Writer::sync`] puts it on the disk.
    pub fn write(&mut self, record: &Record) -> io::Result<()> {
        self.unsynced = true;
        let text = frame(record);
        self.file.write_all(text.as_bytes())?;
        self.good += text.len() as u64;
        Ok(())
    }

    /// Cuts off what a failed write left of a record (a full disk), so that the next record
    /// follows the last whole one.
    fn cut_to_whole(&mut self) -> io::Result<()> {
        self.file.set_len(self.good)
    }

    /// Waits until everything written is on the disk.
    pub fn sync(&mut self) -> io::Result<()> {
        if self.unsynced {
            self.file.sync_data()?;
            self.unsynced = false;
        }
        Ok(())
    }
}

/// Holds the journal for this program while it writes: a second Anna started meanwhile neither
/// offers nor continues a game still being played. The lock goes with the program, however it ends.
fn lock(file: &File) -> io::Result<()> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => {
            Err(io::Error::new(io::ErrorKind::ResourceBusy, "another Anna is writing this journal"))
        }
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

/// The journal this program has offered for resumption, locked from the moment it was found, so
/// that a second Anna started while the first still asks neither offers nor continues it.
static HELD: std::sync::Mutex<Vec<(PathBuf, File)>> = std::sync::Mutex::new(Vec::new());

/// Locks the journal at `path` for this program until it continues it ([`Writer::append_to`]) or
/// ends; an error when another Anna holds it.
pub fn hold(path: &Path) -> io::Result<()> {
    let file = OpenOptions::new().append(true).open(path)?;
    lock(&file)?;
    if let Ok(mut held) = HELD.lock() {
        // A journal repaired in place is held again: the file now at the path, not the one set aside.
        held.retain(|(p, _)| p != path);
        held.push((path.to_path_buf(), file));
    }
    Ok(())
}

/// Whether another program holds the journal (a game being played right now).
fn in_use(path: &Path) -> bool {
    File::open(path).is_ok_and(|file| matches!(file.try_lock_shared(), Err(std::fs::TryLockError::WouldBlock)))
}

/// The journal of the game being played, as the runtime writes it: a new file for each game. When
/// writing fails (a full disk, a read-only folder, a stick pulled out), every record not on the
/// disk is kept in memory, and the whole of it is written as soon as the disk takes it again; the
/// runtime reads [`Sink::trouble`] after writing and tells the app, which tells the player.
pub struct Sink {
    folder: Option<PathBuf>,
    writer: Option<Writer>,
    /// The journal of a resumed game that could not be opened for writing: opened again, not a new
    /// one made, once the disk takes it.
    continuing: Option<PathBuf>,
    /// A new game's first records, kept until its first move: a game left before it (at the setup
    /// questions, with Ctrl-D) leaves no journal to hide a real unfinished game behind.
    pending: Option<Vec<Record>>,
    /// While writing fails: the records not yet on the disk, in order.
    behind: Option<Vec<Record>>,
    /// Why records are not on the disk, while they are not.
    trouble: Option<Trouble>,
}

impl Sink {
    /// Journals in `folder` (usually [`folder()`]); `None`: there is nowhere to write them.
    pub fn new(folder: Option<PathBuf>) -> Sink {
        Sink { folder, writer: None, continuing: None, pending: None, behind: None, trouble: None }
    }

    /// Why the game is not all on the disk now; `None` when every record written is.
    pub fn trouble(&self) -> Option<Trouble> {
        self.trouble
    }

    /// A new game: a new journal file, made at its first move. A folder that cannot be made is
    /// reported now; the game's records are kept meanwhile.
    pub fn begin(&mut self) {
        self.sync();
        // The last game's records still unwritten stay unwritten (the player was told so).
        (self.writer, self.behind, self.continuing, self.trouble) = (None, None, None, None);
        self.pending = Some(Vec::new());
        self.trouble = match self.folder.as_deref().map(fs::create_dir_all) {
            None => Some(Trouble::NoFolder),
            Some(Err(e)) => Some(super::trouble(&e)),
            Some(Ok(())) => None,
        };
    }

    /// Goes on writing the journal at `path` (a resumed game).
    pub fn resume(&mut self, path: &Path) {
        self.sync();
        (self.writer, self.behind, self.pending, self.trouble) = (None, None, None, None);
        match Writer::append_to(path) {
            Ok(writer) => self.writer = Some(writer),
            Err(e) => {
                self.continuing = Some(path.to_path_buf());
                self.behind = Some(Vec::new());
                self.trouble = Some(super::trouble(&e));
            }
        }
    }

    pub fn write(&mut self, record: &Record) {
        if let Some(pending) = self.pending.as_mut() {
            pending.push(record.clone());
            if record.is_move() {
                let pending = self.pending.take().unwrap_or_default();
                self.put(pending);
            }
            return;
        }
        if let Some(behind) = self.behind.take() {
            let mut behind = behind;
            behind.push(record.clone());
            self.put(behind);
            return;
        }
        let Some(writer) = self.writer.as_mut() else { return };
        if let Err(e) = writer.write(record) {
            self.behind = Some(vec![record.clone()]);
            self.trouble = Some(super::trouble(&e));
        }
    }

    /// Writes `records` after the journal's last whole record (making the journal first, or opening
    /// the resumed one again, when there is none) and puts them on the disk; on failure they are
    /// kept, and nothing of them is left half-written for the next try to repeat.
    fn put(&mut self, records: Vec<Record>) {
        if self.writer.is_none() {
            let opened = match (&self.continuing, &self.folder) {
                (Some(path), _) => Writer::append_to(path),
                (None, Some(folder)) => Writer::create(folder),
                (None, None) => {
                    self.behind = Some(records);
                    self.trouble = Some(Trouble::NoFolder);
                    return;
                }
            };
            match opened {
                Ok(writer) => {
                    self.writer = Some(writer);
                    self.continuing = None;
                }
                Err(e) => {
                    self.behind = Some(records);
                    self.trouble = Some(super::trouble(&e));
                    return;
                }
            }
        }
        let Some(writer) = self.writer.as_mut() else { return };
        let mark = writer.good;
        let written = writer
            .cut_to_whole()
            .and_then(|()| records.iter().try_for_each(|record| writer.write(record)))
            .and_then(|()| writer.sync());
        match written {
            Ok(()) => {
                self.behind = None;
                self.trouble = None;
            }
            Err(e) => {
                // The records written before the failure are cut off at the next try and written again.
                writer.good = mark;
                self.behind = Some(records);
                // An error of no known kind keeps the reason already known (a full disk).
                self.trouble = match super::trouble(&e) {
                    Trouble::Other => self.trouble.or(Some(Trouble::Other)),
                    trouble => Some(trouble),
                };
            }
        }
    }

    /// Tries once more to write what the disk did not take (the player leaves).
    pub fn retry(&mut self) {
        if let Some(behind) = self.behind.take() {
            self.put(behind);
        }
    }

    /// Puts everything written on the disk: call it before showing what follows.
    pub fn sync(&mut self) {
        if self.behind.is_some() {
            return;
        }
        if let Some(Err(e)) = self.writer.as_mut().map(Writer::sync) {
            self.behind = Some(Vec::new());
            self.trouble = Some(super::trouble(&e));
        }
    }
}

/// A journal ready to be continued.
#[derive(Debug)]
pub struct Recovered {
    pub path: PathBuf,
    pub journal: Journal,
    /// Where the damaged file was kept, when the journal was damaged.
    pub kept: Option<PathBuf>,
    /// The number of the move lost, when a record read well but could not be replayed.
    pub lost: Option<u32>,
}

/// Why a journal cannot be resumed.
#[derive(Debug)]
pub enum RecoverError {
    Io(io::Error),
    /// Nothing in it can be used; the file was set aside at `kept`.
    Unusable {
        error: ReadError,
        kept: Option<PathBuf>,
    },
    /// A newer Anna wrote it: left as it is.
    UnknownVersion(u32),
}

/// Reads a journal and, when it is damaged, repairs it without writing over anything: its whole
/// records go to a new file that takes its name, and the damaged file is kept as `NAME.damaged`.
pub fn recover(path: &Path) -> Result<Recovered, RecoverError> {
    if !held(path) && in_use(path) {
        return Err(RecoverError::Io(io::Error::new(
            io::ErrorKind::ResourceBusy,
            "another Anna is writing this journal",
        )));
    }
    let bytes = fs::read(path).map_err(RecoverError::Io)?;
    let journal = match parse(&bytes) {
        Ok(journal) => journal,
        Err(ReadError::UnknownVersion(v)) => return Err(RecoverError::UnknownVersion(v)),
        Err(error) => {
            let kept = set_aside(path).ok();
            return Err(RecoverError::Unusable { error, kept });
        }
    };
    if journal.damage.is_none() {
        return Ok(Recovered { path: path.to_path_buf(), journal, kept: None, lost: None });
    }
    let kept = replace(path, &journal).map_err(RecoverError::Io)?;
    Ok(Recovered { path: path.to_path_buf(), journal, kept: Some(kept), lost: None })
}

/// Cuts a journal that reads well but cannot be replayed where `replayable` says its valid part
/// ends (a move whose game is not the one written after it): the damaged file is kept as
/// `NAME.damaged`, and the valid part takes its name. `lost` is then the number of the move lost.
pub fn cut_unreplayable(
    recovered: Recovered,
    replayable: impl Fn(&Journal) -> Result<(), (usize, u32)>,
) -> Result<Recovered, RecoverError> {
    let Err((valid, number)) = replayable(&recovered.journal) else { return Ok(recovered) };
    let Recovered { path, mut journal, kept, .. } = recovered;
    journal.records.truncate(valid);
    let aside = replace(&path, &journal).map_err(RecoverError::Io)?;
    Ok(Recovered { path, journal, kept: kept.or(Some(aside)), lost: Some(number) })
}

/// Writes `journal` whole in place of the file at `path`, without writing over anything: the file
/// is kept as `NAME.damaged` (returned), and the lock this program holds moves to the new one.
fn replace(path: &Path, journal: &Journal) -> io::Result<PathBuf> {
    let fresh = path.with_extension(format!("{EXTENSION}.new"));
    {
        let mut file = File::create(&fresh)?;
        let mut text = frame(&Record::Header { version: VERSION, started: journal.started });
        text.extend(journal.records.iter().map(frame));
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
    }
    let kept = set_aside(path)?;
    fs::rename(&fresh, path)?;
    if let Some(dir) = path.parent() {
        super::sync_folder(dir);
    }
    if held(path) {
        // The lock was on the damaged file, now set aside: hold the new one.
        hold(path)?;
    }
    Ok(kept)
}

/// Whether this program holds the journal at `path` ([`hold`]).
fn held(path: &Path) -> bool {
    HELD.lock().is_ok_and(|held| held.iter().any(|(p, _)| p == path))
}

/// Renames a file to `NAME.damaged` (or `NAME.damaged-2`...), never over another file.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for n in 1..1000 {
        let aside = if n == 1 { format!("{name}.damaged") } else { format!("{name}.damaged-{n}") };
        let aside = path.with_file_name(aside);
        if !aside.exists() {
            fs::rename(path, &aside)?;
            return Ok(aside);
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "too many damaged journals"))
}

/// Appends `end AT HOW` to a journal, so it is no longer offered for resumption.
pub fn close(path: &Path, at: Duration, how: End) -> io::Result<()> {
    let mut writer = Writer::append_to(path)?;
    writer.write(&Record::End { at, how })?;
    writer.sync()
}

/// The journals in `dir` whose game is neither over nor left, newest first: those free to resume,
/// and those another Anna has open right now.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Unfinished {
    pub free: Vec<PathBuf>,
    pub open_elsewhere: Vec<PathBuf>,
}

/// The unfinished games in `dir` (see [`Unfinished`]); none when it cannot be read.
pub fn unfinished(dir: &Path) -> Unfinished {
    let mut journals: Vec<PathBuf> =
        fs::read_dir(dir).map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    journals.retain(|p| p.extension().is_some_and(|x| x == EXTENSION));
    // The names begin with the date and time, so the newest sorts last.
    journals.sort();
    journals.reverse();
    let (open_elsewhere, free) =
        journals.into_iter().filter(|p| !ends_with_end(p) && has_moves(p)).partition(|p| in_use(p));
    Unfinished { free, open_elsewhere }
}

/// When the game of the journal at `path` began (Unix seconds), if it can be read.
pub fn started(path: &Path) -> Option<u64> {
    fs::read(path).ok().and_then(|bytes| parse(&bytes).ok()).map(|journal| journal.started)
}

/// Whether the journal at `path` holds a move (one without any, left at the setup questions by an
/// older Anna, is never offered). A journal that cannot be read at all is offered, so that its
/// damage is said.
fn has_moves(path: &Path) -> bool {
    match fs::read(path).map(|bytes| parse(&bytes)) {
        Ok(Ok(journal)) => journal.has_moves(),
        _ => true,
    }
}

/// Whether the last record of the file is `end` (read from its tail only: a long game's journal is
/// not read whole just to list it).
fn ends_with_end(path: &Path) -> bool {
    use std::io::{Read, Seek, SeekFrom};
    let Ok(mut file) = File::open(path) else { return false };
    let len = file.metadata().map_or(0, |m| m.len());
    let tail_len = len.min(256);
    let mut tail = vec![0; tail_len as usize];
    if file.seek(SeekFrom::Start(len - tail_len)).is_err() || file.read_exact(&mut tail).is_err() {
        return false;
    }
    let Some(body_end) = tail.len().checked_sub(1).filter(|&i| tail[i] == b'\n') else { return false };
    let start = tail[..body_end].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    matches!(next_frame(&tail[start..]).map(|(body, _)| read(body)), Ok(Ok(Record::End { .. })))
}

/// `YYYYMMDD-HHMMSS` (UTC) of seconds since 1970, for file names.
fn stamp(unix: u64) -> String {
    let (y, mo, d, h, mi, s) = civil(unix);
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

#[cfg(test)]
mod tests;
