//! The screen-reader line mode: plain lines in, plain lines out, no alternate screen and no cursor
//! movement, so every screen reader and braille display follows it. Everything said is also
//! written; a few lines (the welcome, errors of the command syntax) are only written. A line means
//! what the application says it means: this view only reads lines and writes sentences.
//!
//! A terminal in its usual (cooked) mode hands arrow keys and other keys over as escape sequences
//! inside the line; screen-reader users press arrows by habit. [`clean`] drops every escape sequence
//! and control character, so none is read as words or shown back; a line of arrows alone means
//! something: Up (then Enter) says the last sentence again, the others say that arrows do nothing.

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

use crate::runtime::{Program, Source, Step, View};
use anna_app::Event;
use anna_core::command::{Command, Name};

/// Standard input and output, a line at a time.
#[derive(Debug, Default)]
pub struct LineView {
    /// Whether standard output was closed when Anna started (asked once, at the first line).
    closed_at_start: std::sync::OnceLock<bool>,
}

/// Whether standard output was closed when the program started: the standard library then puts
/// `/dev/null` in its place, opened for reading and writing, where a shell's `>/dev/null` opens it
/// for writing only. Lines written there would be lost without a word.
#[cfg(unix)]
fn stdout_closed_at_start() -> bool {
    use rustix::fs::{fcntl_getfl, fstat, stat, OFlags};
    let out = std::io::stdout();
    let (Ok(fd), Ok(null)) = (fstat(&out), stat("/dev/null")) else { return false };
    let read_write = fcntl_getfl(&out).is_ok_and(|flags| flags & OFlags::RWMODE == OFlags::RDWR);
    fd.st_rdev == null.st_rdev && fd.st_ino == null.st_ino && read_write
}

#[cfg(not(unix))]
fn stdout_closed_at_start() -> bool {
    false
}

/// An arrow key found in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    Up,
    Down,
    Right,
    Left,
}

/// The line without escape sequences (CSI `ESC [ ... final`, SS3 `ESC O x`, any other `ESC x`) and
/// control characters (a tab is a space), and the first arrow key among them.
///
/// ```
/// use anna::ui::line::{clean, Arrow};
///
/// assert_eq!(clean("\u{1b}[A"), (String::new(), Some(Arrow::Up)));
/// assert_eq!(clean("e\u{1b}[2J4"), ("e4".to_string(), None));
/// assert_eq!(clean("Nf3\u{7}\u{1b}OD"), ("Nf3".to_string(), Some(Arrow::Left)));
/// ```
pub fn clean(line: &str) -> (String, Option<Arrow>) {
    let mut text = String::with_capacity(line.len());
    let mut arrow = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => {
                let last = match chars.next() {
                    // CSI: parameters and intermediates up to a final byte in @..~.
                    Some('[') => chars.by_ref().find(|c| ('@'..='~').contains(c)),
                    // SS3 (arrows in application mode): one more character.
                    Some('O') => chars.next(),
                    _ => None,
                };
                let key = match last {
                    Some('A') => Some(Arrow::Up),
                    Some('B') => Some(Arrow::Down),
                    Some('C') => Some(Arrow::Right),
                    Some('D') => Some(Arrow::Left),
                    _ => None,
                };
                arrow = arrow.or(key);
            }
            '\t' => text.push(' '),
            c if c.is_control() => {}
            c => text.push(c),
        }
    }
    (text, arrow)
}

/// The lines typed on `input`, until its end or an error reading it. A line that is not UTF-8
/// (a Latin-1 terminal, a braille display's stray byte) is read as Latin-1, byte for character:
/// a byte never ends the game.
pub fn typed_lines(mut input: impl BufRead) -> impl Iterator<Item = String> {
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    bytes.pop();
                }
                Some(
                    String::from_utf8(bytes)
                        .unwrap_or_else(|e| e.into_bytes().iter().map(|b| char::from(*b)).collect()),
                )
            }
        }
    })
}

/// Ctrl-C leaves as `quit` does, saying what becomes of the game (a second Ctrl-C ends the program
/// at once, should the first not); after Ctrl-Z and `fg` the question waiting is said again.
#[cfg(unix)]
fn watch_signals(sender: mpsc::Sender<Source>) {
    use signal_hook::consts::{SIGCONT, SIGINT};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGCONT]) else { return };
    std::thread::spawn(move || {
        let mut interrupted = false;
        for signal in signals.forever() {
            let source = match signal {
                SIGINT if interrupted => std::process::exit(130),
                SIGINT => {
                    interrupted = true;
                    Source::Interrupted
                }
                _ => Source::Continued,
            };
            if sender.send(source).is_err() {
                return;
            }
        }
    });
}

#[cfg(not(unix))]
fn watch_signals(_sender: mpsc::Sender<Source>) {}

impl View for LineView {
    fn listen(&mut self, sender: mpsc::Sender<Source>) {
        watch_signals(sender.clone());
        std::thread::spawn(move || {
            for line in typed_lines(std::io::stdin().lock()) {
                if sender.send(Source::Line(line)).is_err() {
                    return;
                }
            }
            let _ = sender.send(Source::Closed);
        });
    }

    fn translate(&mut self, _program: &dyn Program, source: Source) -> Vec<Step> {
        let Source::Line(line) = source else { return Vec::new() };
        let (text, arrow) = clean(&line);
        match arrow {
            // Keys alone, and not a plain Enter: they were pressed by habit, not typed as words.
            Some(Arrow::Up) if text.trim().is_empty() => vec![Step::Event(Event::Command(Command::Repeat))],
            Some(_) if text.trim().is_empty() => vec![Step::Say(anna_core::message::Words::line("line.arrows"))],
            None if text.trim().is_empty() && !line.trim().is_empty() => Vec::new(),
            // A full stop alone: the quickest way to silence.
            None if text.trim() == "." => vec![Step::Event(Event::Line(Name::Stop.key().to_string()))],
            _ => vec![Step::Event(Event::Line(text))],
        }
    }

    fn show(&mut self, words: &str, _priority: anna_core::message::Priority) -> bool {
        // A closed standard output (`anna | head -1`) ends the loop, never a panic; so does one
        // closed before Anna started (`anna >&-`), which would take every line without a word.
        if *self.closed_at_start.get_or_init(stdout_closed_at_start) {
            return false;
        }
        let mut out = std::io::stdout();
        writeln!(out, "{words}").and_then(|()| out.flush()).is_ok()
    }

    fn draw(&mut self, _program: &dyn Program, _now: Duration) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::typed_lines;

    /// Issue 23: a byte that is not UTF-8 (Latin-1 "ä" from a Latin-1 terminal) is read, and the
    /// lines after it too.
    #[test]
    fn a_line_that_is_not_utf8_is_read_as_latin1_and_reading_goes_on() {
        let input: &[u8] = b"e4\r\nSf\xe4\n\xff\nNf3";
        let lines: Vec<String> = typed_lines(input).collect();
        assert_eq!(lines, ["e4", "Sfä", "ÿ", "Nf3"]);
    }
}
