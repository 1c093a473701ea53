//! The journal: every input that reaches a game's session, appended to a file and flushed to the disk
//! (`sync_data`) before anything that follows from it is written or said, so that a crash loses no
//! move, press, offer or clock reading the players were told of. One journal a game, in
//! `games/` under the platform's data folder (`~/.local/share/anna/games` on Linux), or under
//! `$ANNA_DATA_DIR/games` when that is set.
//!
//! Each record is one frame, `CRC LEN BODY\n`: the CRC-32 of the body in eight hex digits, the body's
//! length in bytes, and the body as `codec.rs` writes it, for example
//! `8c97a92f 33 12.345 white: move pieces=P to=e4`. The first record is the header
//! (`anna-journal 1 STARTED`); the last one of a game that is over is `end TIME finished`.
//!
//! Reading stops at the first frame that is cut short, fails its checksum or cannot be read: the
//! game is recovered up to its last whole record. A damaged journal is never written over: the
//! whole records go to a new file, which then takes the journal's name, and the damaged file is
//! kept beside it as `NAME.damaged`.

mod codec;

pub use codec::{command_text, parse_seconds, print, read, read_command, seconds, CodecError, End, Record, VERSION};

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::core::command::{Command, Input, Setting};
use crate::core::session::Config;

/// The ending of journal files.
pub const EXTENSION: &str = "journal";

/// The folder of the journals: `$ANNA_DATA_DIR/games`, or `games` in the platform's data folder.
pub fn folder() -> Option<PathBuf> {
    match std::env::var_os("ANNA_DATA_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir).join("games")),
        None => directories::ProjectDirs::from("org", "anna-chess", "anna").map(|dirs| dirs.data_dir().join("games")),
    }
}

/// One record in its frame, as written to the file.
pub fn frame(record: &Record) -> String {
    let body = print(record);
    format!("{:08x} {} {body}\n", crc32fast::hash(body.as_bytes()), body.len())
}

/// How a journal was damaged where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// The file ends inside a record (the program stopped while writing it).
    Cut,
    /// A record's checksum does not match: its bytes changed.
    Checksum,
    /// Bytes that are not a record at all.
    Garbage,
    /// A whole record whose text this Anna cannot read.
    Unreadable(String),
}

/// A journal as read: the game's records after the header, up to the last whole one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    /// When the game began, in seconds since 1970 (UTC).
    pub started: u64,
    pub records: Vec<Record>,
    /// Where reading stopped before the end of the file, if it did.
    pub damage: Option<Damage>,
}

impl Journal {
    /// Whether the game was finished or left for another: such a journal is not resumed.
    pub fn ended(&self) -> bool {
        self.records.iter().any(|r| matches!(r, Record::End { .. }))
    }

    /// The instant of the last record: the game resumes from there.
    pub fn last_instant(&self) -> Duration {
        self.records
            .iter()
            .filter_map(|r| match r {
                Record::Input { at, .. } | Record::End { at, .. } => Some(*at),
                _ => None,
            })
            .max()
            .unwrap_or_default()
    }
}

/// Why nothing of a journal can be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The file is empty.
    Empty,
    /// The file does not begin with a whole header.
    NoHeader,
    /// A journal of another format version (a newer Anna wrote it).
    UnknownVersion(u32),
}

/// Reads a journal's bytes. Never panics, whatever the bytes.
pub fn parse(bytes: &[u8]) -> Result<Journal, ReadError> {
    if bytes.is_empty() {
        return Err(ReadError::Empty);
    }
    let mut rest = bytes;
    let started = match next_frame(rest) {
        Ok((body, used)) => match read(body) {
            Ok(Record::Header { version: VERSION, started }) => {
                rest = &rest[used..];
                started
            }
            Ok(Record::Header { version, .. }) => return Err(ReadError::UnknownVersion(version)),
            _ => return Err(ReadError::NoHeader),
        },
        Err(_) => return Err(ReadError::NoHeader),
    };
    let mut records = Vec::new();
    let mut damage = None;
    let mut last = Duration::ZERO;
    while !rest.is_empty() {
        match next_frame(rest).and_then(|(body, used)| match read(body) {
            Ok(Record::Header { .. }) => Err(Damage::Unreadable("a second header".into())),
            // The runtime's time never goes back; a journal whose time does was not written by it.
            Ok(Record::Input { at, .. } | Record::End { at, .. }) if at < last => {
                Err(Damage::Unreadable("the time goes back".into()))
            }
            Ok(record) => Ok((record, used)),
            Err(e) => Err(Damage::Unreadable(e.0)),
        }) {
            Ok((record, used)) => {
                if let Record::Input { at, .. } | Record::End { at, .. } = record {
                    last = at;
                }
                records.push(record);
                rest = &rest[used..];
            }
            Err(d) => {
                damage = Some(d);
                break;
            }
        }
    }
    Ok(Journal { started, records, damage })
}

/// The body of the frame at the start of `bytes` and the bytes the frame takes.
fn next_frame(bytes: &[u8]) -> Result<(&str, usize), Damage> {
    // `CRC LEN ` is at most 8 + 1 + 9 + 1 bytes; a record is never near a gigabyte.
    let head_end = bytes.iter().take(19).position(|&b| b == b' ').map(|i| i + 1);
    let crc_text = match head_end {
        Some(9) => &bytes[..8],
        Some(_) => return Err(Damage::Garbage),
        None if bytes.len() < 19 && bytes.iter().all(|b| b.is_ascii_hexdigit()) => return Err(Damage::Cut),
        None => return Err(Damage::Garbage),
    };
    let after_crc = &bytes[9..];
    let len_end = match after_crc.iter().take(10).position(|&b| b == b' ') {
        Some(i) if i > 0 => i,
        None if after_crc.len() < 10 && after_crc.iter().all(u8::is_ascii_digit) => return Err(Damage::Cut),
        _ => return Err(Damage::Garbage),
    };
    let parse_ascii = |b: &[u8], radix| std::str::from_utf8(b).ok().and_then(|s| u32::from_str_radix(s, radix).ok());
    let (Some(crc), Some(len)) = (parse_ascii(crc_text, 16), parse_ascii(&after_crc[..len_end], 10)) else {
        return Err(Damage::Garbage);
    };
    let start = 9 + len_end + 1;
    let end = start + len as usize;
    if bytes.len() <= end {
        return Err(Damage::Cut);
    }
    let body = &bytes[start..end];
    if bytes[end] != b'\n' || crc32fast::hash(body) != crc {
        return Err(Damage::Checksum);
    }
    let body = std::str::from_utf8(body).map_err(|_| Damage::Checksum)?;
    Ok((body, end + 1))
}

/// Appends records to one journal file.
pub struct Writer {
    file: File,
    path: PathBuf,
    unsynced: bool,
}

impl Writer {
    /// A new journal in `dir` for a game that begins now, its header on the disk.
    pub fn create(dir: &Path) -> io::Result<Writer> {
        fs::create_dir_all(dir)?;
        let started = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let stem = format!("game-{}-{}", stamp(started), std::process::id());
        let mut n = 1;
        let (file, path) = loop {
            let name = if n == 1 { format!("{stem}.{EXTENSION}") } else { format!("{stem}-{n}.{EXTENSION}") };
            let path = dir.join(name);
            match OpenOptions::new().append(true).create_new(true).open(&path) {
                Ok(file) => {
                    lock(&file)?;
                    break (file, path);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
                Err(e) => return Err(e),
            }
        };
        let mut writer = Writer { file, path, unsynced: false };
        writer.write(&Record::Header { version: VERSION, started })?;
        writer.sync()?;
        sync_folder(dir);
        Ok(writer)
    }

    /// Continues a journal that was read whole (or repaired by [`recover`]), with the lock
    /// [`hold`] took on it, or a new one.
    pub fn append_to(path: &Path) -> io::Result<Writer> {
        let held = HELD.lock().ok().and_then(|mut held| held.take()).filter(|(p, _)| p == path);
        let file = match held {
            Some((_, file)) => file,
            None => {
                let file = OpenOptions::new().append(true).open(path)?;
                lock(&file)?;
                file
            }
        };
        Ok(Writer { file, path: path.to_path_buf(), unsynced: false })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes a record (one `write` call); [`Writer::sync`] puts it on the disk.
    pub fn write(&mut self, record: &Record) -> io::Result<()> {
        self.unsynced = true;
        self.file.write_all(frame(record).as_bytes())
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
static HELD: std::sync::Mutex<Option<(PathBuf, File)>> = std::sync::Mutex::new(None);

/// Locks the journal at `path` for this program until it continues it ([`Writer::append_to`]) or
/// ends; an error when another Anna holds it.
pub fn hold(path: &Path) -> io::Result<()> {
    let file = OpenOptions::new().append(true).open(path)?;
    lock(&file)?;
    if let Ok(mut held) = HELD.lock() {
        *held = Some((path.to_path_buf(), file));
    }
    Ok(())
}

/// Whether another program holds the journal (a game being played right now).
fn in_use(path: &Path) -> bool {
    File::open(path).is_ok_and(|file| matches!(file.try_lock_shared(), Err(std::fs::TryLockError::WouldBlock)))
}

/// The journal of the game being played, as the runtime writes it: a new file for each game, and
/// once writing fails, the game goes on without one (the failure is reported once).
/// Why the game's journal cannot be written: said once, and the game goes on without it.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error("this system has no data folder")]
    NoFolder,
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
}

pub struct Sink {
    folder: Option<PathBuf>,
    writer: Option<Writer>,
    failed: bool,
}

impl Sink {
    /// Journals in `folder` (usually [`folder()`]); `None`: there is nowhere to write them.
    pub fn new(folder: Option<PathBuf>) -> Sink {
        Sink { folder, writer: None, failed: false }
    }

    /// A new game: a new journal file.
    pub fn begin(&mut self) -> Result<(), JournalError> {
        self.sync()?;
        match self.folder.clone() {
            _ if self.failed => Ok(()),
            Some(folder) => match Writer::create(&folder) {
                Ok(writer) => {
                    self.writer = Some(writer);
                    Ok(())
                }
                Err(source) => self.fail(JournalError::Io { path: folder, source }),
            },
            None => self.fail(JournalError::NoFolder),
        }
    }

    /// Goes on writing the journal at `path` (a resumed game).
    pub fn resume(&mut self, path: &Path) -> Result<(), JournalError> {
        self.sync()?;
        match Writer::append_to(path) {
            Ok(writer) => {
                self.writer = Some(writer);
                Ok(())
            }
            Err(source) => self.fail(JournalError::Io { path: path.to_path_buf(), source }),
        }
    }

    pub fn write(&mut self, record: &Record) -> Result<(), JournalError> {
        match self.writer.as_mut().map(|w| w.write(record).map_err(|e| (w.path().to_path_buf(), e))) {
            Some(Err((path, source))) => self.fail(JournalError::Io { path, source }),
            _ => Ok(()),
        }
    }

    /// Puts everything written on the disk: call it before showing what follows.
    pub fn sync(&mut self) -> Result<(), JournalError> {
        match self.writer.as_mut().map(|w| w.sync().map_err(|e| (w.path().to_path_buf(), e))) {
            Some(Err((path, source))) => self.fail(JournalError::Io { path, source }),
            _ => Ok(()),
        }
    }

    /// The first failure is reported; the game goes on without a journal, and says nothing more.
    fn fail(&mut self, error: JournalError) -> Result<(), JournalError> {
        self.writer = None;
        if self.failed {
            return Ok(());
        }
        self.failed = true;
        Err(error)
    }
}

/// The settings that make a default session into one with `config`, as records at `at`: all of
/// them, so that a journal means the same whatever the defaults of a later Anna.
pub fn config_records(config: &Config, at: Duration) -> Vec<Record> {
    let Config { auto_press, touch_move, flag, supervised, no_draw_offer_before, player, alarms, tournament } =
        config.clone();
    let mut settings = vec![
        Setting::AutoPress(auto_press),
        Setting::TouchMove(touch_move),
        Setting::Flag(flag),
        Setting::NoDrawOfferBefore(no_draw_offer_before),
        Setting::Player(player),
        Setting::Alarms(alarms),
        Setting::Tournament(tournament),
    ];
    settings.extend(supervised.map(Setting::Supervised));
    settings.into_iter().map(|s| Record::Input { at, input: Input::act(Command::Set(s)) }).collect()
}

/// A rename is durable only when its folder is synced (not possible on every platform: best effort).
fn sync_folder(dir: &Path) {
    if let Ok(folder) = File::open(dir) {
        let _ = folder.sync_all();
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
        sync_folder(dir);
    }
    if held(path) {
        // The lock was on the damaged file, now set aside: hold the new one.
        hold(path)?;
    }
    Ok(kept)
}

/// Whether this program holds the journal at `path` ([`hold`]).
fn held(path: &Path) -> bool {
    HELD.lock().is_ok_and(|held| held.as_ref().is_some_and(|(p, _)| p == path))
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

/// The newest journal in `dir` whose game is neither over nor left: the one to resume.
pub fn unfinished(dir: &Path) -> Option<PathBuf> {
    let mut journals: Vec<PathBuf> = fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == EXTENSION))
        .collect();
    // The names begin with the date and time, so the newest sorts last.
    journals.sort();
    journals.into_iter().rev().find(|p| !ends_with_end(p) && !in_use(p))
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

/// `YYYY-MM-DD HH:MM UTC` of seconds since 1970, as said when a game is offered for resumption.
pub fn date(unix: u64) -> String {
    let (y, mo, d, h, mi, _) = civil(unix);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC")
}

/// The UTC calendar date and time of seconds since 1970 (H. Hinnant's `civil_from_days`).
fn civil(unix: u64) -> (u64, u64, u64, u64, u64, u64) {
    let days = unix / 86_400;
    let secs = unix % 86_400;
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day, secs / 3600, secs / 60 % 60, secs % 60)
}

#[cfg(test)]
mod tests;
