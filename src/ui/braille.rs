//! A braille display beside the line mode or the board view (`--braille-display`, `[braille]
//! display = true`): the same game, through BRLTTY ([`crate::adapters::brlapi`]). The view it
//! wraps keeps the terminal; this one adds the display: each sentence said (the move first, the
//! rest panned with the display's keys, nothing lost), the board on a display of 8 rows or more,
//! the status on its key, and the routing keys over the board's squares (one asks `square`, a
//! second on a square the first piece can go to makes the move).

pub mod window;

use std::sync::mpsc;
use std::time::Duration;

use shakmaty::{Color, Position, Square};

use crate::adapters::brlapi::{self, DisplayKey, Report};
use crate::runtime::{Program, Source, Step, View};
use anna_app::Event;
use anna_core::command::Command;
use anna_core::explore::Query;
use anna_core::message::{Arg, Priority, Words};
use anna_core::rules::MoveSpec;
use window::{Cell, Reader};

/// How often a missing display is looked for again.
const RETRY: Duration = Duration::from_secs(3);

/// `inner`, with a braille display beside it when `settings` is given.
pub struct WithBraille<V: View> {
    inner: V,
    settings: Option<brlapi::Settings>,
    display: Option<brlapi::Display>,
    /// The display's columns and rows, while it is there.
    size: Option<(usize, usize)>,
    reader: Reader,
    /// The square a first routing key chose.
    chosen: Option<Square>,
    /// Black plays from the bottom of the board.
    black_below: bool,
    /// The window last handed to the display.
    last: Vec<Cell>,
}

impl<V: View> WithBraille<V> {
    pub fn new(inner: V, settings: Option<brlapi::Settings>) -> WithBraille<V> {
        WithBraille {
            inner,
            settings,
            display: None,
            size: None,
            reader: Reader::default(),
            chosen: None,
            black_below: false,
            last: Vec::new(),
        }
    }

    fn text_cells(&self) -> usize {
        self.size.map_or(40, |(columns, rows)| window::text_cells(columns, rows))
    }

    /// What a display's key does.
    fn key(&mut self, program: &dyn Program, key: DisplayKey) -> Vec<Step> {
        let cells = self.text_cells();
        match key {
            DisplayKey::PanRight | DisplayKey::LineDown => self.reader.forward(cells),
            DisplayKey::PanLeft | DisplayKey::LineUp => self.reader.back(cells),
            DisplayKey::Status => {
                let status = status(program);
                self.reader.interject(status, cells);
            }
            DisplayKey::Route(cell) => return self.route(program, usize::from(cell)),
        }
        Vec::new()
    }

    /// A routing key: over a square of the board, `square` for it; a second one on a square the
    /// first chosen piece can go to makes that move.
    fn route(&mut self, program: &dyn Program, cell: usize) -> Vec<Step> {
        let Some((columns, _)) = self.size.filter(|(_, rows)| *rows >= window::BOARD_ROWS) else {
            return Vec::new();
        };
        let Some(square) = window::square_at(cell / columns, cell % columns, self.black_below) else {
            return Vec::new();
        };
        let legal = |from: Square| {
            program
                .position()
                .is_some_and(|p| p.legal_moves().iter().any(|m| m.from() == Some(from) && m.to() == square))
        };
        match self.chosen.take() {
            Some(from) if from != square && legal(from) => {
                vec![Step::Event(Event::Command(Command::Move(MoveSpec::squares(from, square, None))))]
            }
            Some(from) if from == square => vec![Step::Event(Event::Command(Command::Explore(Query::Square(square))))],
            _ => {
                self.chosen = Some(square);
                vec![Step::Event(Event::Command(Command::Explore(Query::Square(square))))]
            }
        }
    }

    fn report(&mut self, program: &dyn Program, report: Report) -> Vec<Step> {
        match report {
            Report::Connected { columns, rows } => {
                self.size = Some((usize::from(columns), usize::from(rows)));
                // The display is filled again, whatever it showed before.
                self.last.clear();
                let words = Words::line("braille.connected")
                    .arg("columns", Arg::Counted("cells", u32::from(columns)))
                    .arg("rows", Arg::Counted("rows", u32::from(rows)));
                vec![Step::Say(words)]
            }
            Report::Gone(why) => {
                self.size = None;
                crate::adapters::diverted::note(&format!("braille display: {why}"));
                vec![Step::Say(Words::line("braille.gone"))]
            }
            Report::Key(key) => self.key(program, key),
        }
    }
}

/// The last move and both clocks: `Eva vier  White 0:04:51  Black 0:05:00`.
fn status(program: &dyn Program) -> String {
    let voice = program.voice();
    let Some(view) = program.view(Duration::ZERO) else { return String::new() };
    let last = view.last_move.as_ref().map(|m| voice.move_words(m)).unwrap_or_default();
    let side = |color: Color| voice.vocab.word(if color == Color::White { "side.white" } else { "side.black" });
    if !view.timed {
        return last;
    }
    let clock = |color: Color| {
        let face = anna_core::clock::face(*view.clocks.get(color));
        format!("{} {}", side(color), anna_core::duration::format_pgn_clock(face))
    };
    format!("{last}  {}  {}", clock(Color::White), clock(Color::Black)).trim().to_string()
}

impl<V: View> View for WithBraille<V> {
    fn listen(&mut self, sender: mpsc::Sender<Source>) {
        if let Some(settings) = self.settings.clone() {
            let reports = sender.clone();
            self.display =
                Some(brlapi::start(settings, RETRY, move |report| drop(reports.send(Source::Braille(report)))));
        }
        self.inner.listen(sender);
    }

    fn translate(&mut self, program: &dyn Program, source: Source) -> Vec<Step> {
        match source {
            Source::Braille(report) => self.report(program, report),
            other => self.inner.translate(program, other),
        }
    }

    fn show(&mut self, words: &str, priority: Priority) -> bool {
        if self.settings.is_some() {
            let cells = self.text_cells();
            self.reader.said(words, priority, cells);
        }
        self.inner.show(words, priority)
    }

    fn draw(&mut self, program: &dyn Program, now: Duration) -> std::io::Result<()> {
        self.inner.draw(program, now)?;
        let (Some(display), Some((columns, rows))) = (&self.display, self.size) else { return Ok(()) };
        let view = program.view(now);
        self.black_below = view.as_ref().is_some_and(|v| v.player == Some(Color::Black));
        let board = view.map(|v| window::board_rows(&v.position, self.black_below, &program.voice().vocab));
        let cells = window::layout(board, &self.reader, columns, rows);
        if cells != self.last {
            display.show(cells.iter().map(|c| (c.character, c.dots)).collect());
            self.last = cells;
        }
        Ok(())
    }

    fn wake_at(&self, program: &dyn Program, now: Duration) -> Option<Duration> {
        self.inner.wake_at(program, now)
    }
}
