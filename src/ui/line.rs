//! The screen-reader line mode: plain lines in, plain lines out, no alternate screen and no cursor
//! movement, so every screen reader and braille display follows it. Everything said is also
//! written; a few lines (the welcome, errors of the command syntax) are only written. A line means
//! what the application says it means: this view only reads lines and writes sentences.

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

use crate::app::Event;
use crate::runtime::{Program, Source, Step, View};

/// Standard input and output, a line at a time.
#[derive(Debug, Default)]
pub struct LineView;

impl View for LineView {
    fn listen(&mut self, sender: mpsc::Sender<Source>) {
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if sender.send(Source::Line(line)).is_err() {
                    return;
                }
            }
            let _ = sender.send(Source::Closed);
        });
    }

    fn translate(&mut self, _program: &dyn Program, source: Source) -> Vec<Step> {
        match source {
            Source::Line(line) => vec![Step::Event(Event::Line(line))],
            _ => Vec::new(),
        }
    }

    fn show(&mut self, words: &str) -> bool {
        // No lock on stdout is held: a restarted speaker writes its notice from its own thread.
        let mut out = std::io::stdout();
        writeln!(out, "{words}").and_then(|()| out.flush()).is_ok()
    }

    fn draw(&mut self, _program: &dyn Program, _now: Duration) -> std::io::Result<()> {
        Ok(())
    }

    fn writes_lines(&self) -> bool {
        true
    }
}
