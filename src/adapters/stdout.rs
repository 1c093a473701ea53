//! Standard output as the commands of the command line write it (`anna analyse`, `anna parse`,
//! `--list-games`, `anna braille -`...). A reader that goes away (`anna analyse GAME.pgn | head -1`)
//! ends the writing quietly: the command finishes its work (an annotated game asked with `-o` is
//! still written) and exits as a program ended by a broken pipe does, 141, as the game does.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU8, Ordering};

/// 0 while standard output takes what is written; then why it stopped.
static STOPPED: AtomicU8 = AtomicU8::new(OPEN);
const OPEN: u8 = 0;
const BROKEN_PIPE: u8 = 141;
/// Any other failure to write (a full disk behind a redirection): the command failed.
const FAILED: u8 = 1;

/// Writes `text` to standard output, unless it was closed; a failure is kept for the exit code.
pub fn write(text: &str) {
    if STOPPED.load(Ordering::Relaxed) != OPEN {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        let why = if e.kind() == ErrorKind::BrokenPipe { BROKEN_PIPE } else { FAILED };
        if why == FAILED {
            crate::adapters::diverted::note(&format!("standard output: {e}"));
        }
        STOPPED.store(why, Ordering::Relaxed);
    }
}

/// The exit code of a command that ended with `code`: 141 if its output was closed on it.
pub fn exit(code: ExitCode) -> ExitCode {
    match STOPPED.load(Ordering::Relaxed) {
        OPEN => code,
        why => ExitCode::from(why),
    }
}

/// `println!` to standard output that never panics on a closed pipe (see [`write`]).
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::adapters::stdout::write(&format!("{}\n", format_args!($($arg)*)))
    };
}
