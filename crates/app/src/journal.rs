//! The journal's format: every input that reaches a game's session as one record, framed so that a
//! cut or changed record is found. Each record is one frame, `CRC LEN BODY\n`: the CRC-32 of the
//! body in eight hex digits, the body's length in bytes, and the body as `codec.rs` writes it, for
//! example `8c97a92f 33 12.345 white: move pieces=P to=e4`. The first record is the header
//! (`anna-journal 1 STARTED`); the last one of a game that is over is `end TIME finished`.
//!
//! Reading stops at the first frame that is cut short, fails its checksum or cannot be read: the
//! game is recovered up to its last whole record. Writing the file, syncing it and repairing a
//! damaged one is I/O, in the `anna` binary's `adapters/journal.rs`.

mod codec;

pub use codec::{command_text, parse_seconds, print, read, read_command, seconds, CodecError, End, Record, VERSION};

use std::time::Duration;

use anna_core::command::{Command, Input, Setting};
use anna_core::session::Config;

/// Why a file cannot be written, as the player hears it (`[trouble]` in `grammar/`): the runtime
/// reads it off the system's error, the app says it in the game's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// No space left on the disk (or the user's quota).
    Full,
    /// The folder is read-only or not ours to write.
    ReadOnly,
    /// The folder is gone (a USB stick pulled out, a disk unmounted).
    Missing,
    /// There is no folder for games on this system, or its path is a file.
    NoFolder,
    /// Another Anna holds the file.
    Busy,
    /// The disk failed otherwise.
    Other,
}

impl Trouble {
    /// Its words' key in `grammar/`.
    pub const fn key(self) -> &'static str {
        match self {
            Trouble::Full => "trouble.full",
            Trouble::ReadOnly => "trouble.read_only",
            Trouble::Missing => "trouble.missing",
            Trouble::NoFolder => "trouble.no_folder",
            Trouble::Busy => "trouble.busy",
            Trouble::Other => "trouble.other",
        }
    }
}

/// Whether the game's journal is on the disk, as the runtime reports it after writing
/// ([`crate::Event::Journal`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Health {
    /// Every record is on the disk.
    #[default]
    Saved,
    /// Records are kept in memory only, for this reason; written as soon as the disk takes them.
    NotSaved(Trouble),
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
    /// The first damage found: where reading stopped before the end of the file, or a record in
    /// the middle that was left out.
    pub damage: Option<Damage>,
    /// Records in the middle left out as damaged; the whole ones after them are kept (the check
    /// after each move then says whether the game still plays back).
    pub skipped: u32,
}

impl Journal {
    /// Whether the game was finished or left for another: such a journal is not resumed.
    pub fn ended(&self) -> bool {
        self.records.iter().any(|r| matches!(r, Record::End { .. }))
    }

    /// Whether a move was made: a journal without one holds no game worth resuming (a player who
    /// left at the setup questions), and is never offered.
    pub fn has_moves(&self) -> bool {
        self.records.iter().any(Record::is_move)
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

impl Record {
    /// A move on the board (played, sealed, or claimed with a draw), by whoever made it.
    pub fn is_move(&self) -> bool {
        matches!(
            self,
            Record::Input {
                input: Input::Act {
                    command: Command::Move(_)
                        | Command::Seal(_)
                        | Command::Claim(Some(_))
                        | Command::Illegal(anna_core::command::IllegalMove::Move(_)),
                    ..
                },
                ..
            }
        )
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
    let mut skipped = 0;
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
                damage = damage.or(Some(d.clone()));
                // A damaged record with whole lines after it is left out, and reading goes on at
                // the next line; damage at the end stops it.
                let next = rest.iter().position(|&b| b == b'\n').map(|i| &rest[i + 1..]);
                match next.filter(|after| !after.is_empty() && d != Damage::Cut) {
                    Some(after) => {
                        skipped += 1;
                        rest = after;
                    }
                    None => {
                        damage = Some(d);
                        break;
                    }
                }
            }
        }
    }
    Ok(Journal { started, records, damage, skipped })
}

/// The body of the frame at the start of `bytes` and the bytes the frame takes.
pub fn next_frame(bytes: &[u8]) -> Result<(&str, usize), Damage> {
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

/// The settings that make a default session into one with `config`, as records at `at`: all of
/// them, so that a journal means the same whatever the defaults of a later Anna.
pub fn config_records(config: &Config, at: Duration) -> Vec<Record> {
    let Config { auto_press, touch_move, flag, supervised, no_draw_offer_before, player, alarms, tournament, laws } =
        config.clone();
    let mut settings = vec![
        Setting::AutoPress(auto_press),
        Setting::TouchMove(touch_move),
        Setting::Flag(flag),
        Setting::NoDrawOfferBefore(no_draw_offer_before),
        Setting::Player(player),
        Setting::Alarms(alarms),
        Setting::Tournament(tournament),
        Setting::Laws(laws),
    ];
    settings.extend(supervised.map(Setting::Supervised));
    settings.into_iter().map(|s| Record::Input { at, input: Input::act(Command::Set(s)) }).collect()
}

/// `YYYY-MM-DD HH:MM UTC` of seconds since 1970, as said when a game is offered for resumption.
pub fn date(unix: u64) -> String {
    let (y, mo, d, h, mi, _) = civil(unix);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC")
}

/// The UTC calendar date and time of seconds since 1970 (H. Hinnant's `civil_from_days`).
pub fn civil(unix: u64) -> (u64, u64, u64, u64, u64, u64) {
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
