//! The board view at the edge: raw mode and the alternate screen, restored on every way out (quit,
//! Ctrl-C, a panic, SIGTERM or SIGHUP). Keys and signals go into the runtime's one channel; the
//! runtime's loop wakes for a key, the app's next deadline or the next change of the clock face,
//! and [`BoardView`] repaints only when what the screen shows has changed.

use std::io::{self, Stdout};
use std::sync::mpsc;
use std::time::Duration;

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use crate::runtime::{Program, Source, Step, View};
use crate::ui::tui::{handle, Action, Key, Screen};

/// The crossterm key as Anna's [`Key`]; `None` for keys the board view does not use.
pub fn key(event: KeyEvent) -> Option<Key> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    Some(match event.code {
        KeyCode::Char(c) if event.modifiers.contains(KeyModifiers::CONTROL) => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Tab => Key::Tab,
        _ => return None,
    })
}

fn enter() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    terminal::enable_raw_mode()?;
    execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
    Terminal::new(CrosstermBackend::new(io::stdout()))
}

/// Gives the terminal back as it was; safe to call twice.
pub fn restore() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
}

/// A panic restores the terminal before its message is printed: a blind user cannot see a broken terminal.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

/// SIGTERM and SIGHUP become a quit on the channel, so the loop restores the terminal on its way out.
#[cfg(unix)]
fn watch_signals(sender: mpsc::Sender<Source>) {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP]) {
        std::thread::spawn(move || {
            if signals.forever().next().is_some() {
                let _ = sender.send(Source::Closed);
            }
        });
    }
}

#[cfg(not(unix))]
fn watch_signals(_sender: mpsc::Sender<Source>) {}

/// How many of the last sentences the board shows, oldest first: a move and what came with it
/// ("Clock started", the computer's answer) stay readable together.
const SHOWN_SENTENCES: usize = 3;

/// The board view: the terminal in raw mode, and the screen last drawn.
pub struct BoardView {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    screen: Screen,
    drawn: Option<Screen>,
    /// The sentences said since the player's last key, at most [`SHOWN_SENTENCES`].
    said: std::collections::VecDeque<String>,
}

impl BoardView {
    /// Takes the terminal (raw mode, alternate screen); it is given back when the view is dropped,
    /// and by the panic hook.
    pub fn open(screen: Screen) -> io::Result<BoardView> {
        // Without a terminal on both ends (`anna --ui board </dev/null`) nothing is written: no
        // escape code reaches a file or a pipe, only the one sentence that says why.
        use std::io::IsTerminal;
        if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
            return Err(io::Error::new(io::ErrorKind::Unsupported, "the board view needs a terminal"));
        }
        install_panic_hook();
        match enter() {
            Ok(terminal) => Ok(BoardView { terminal, screen, drawn: None, said: Default::default() }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for BoardView {
    fn drop(&mut self) {
        restore();
        // The last sentence (what becomes of the game, at Ctrl-C or `:quit`) was shown on the
        // alternate screen, gone with it: written again on the terminal's own, for the screen
        // reader and the eye.
        if let Some(last) = self.said.back() {
            outln!("{last}");
        }
    }
}

impl View for BoardView {
    fn listen(&mut self, sender: mpsc::Sender<Source>) {
        watch_signals(sender.clone());
        std::thread::spawn(move || loop {
            let source = match event::read() {
                Ok(Event::Key(k)) => match key(k) {
                    Some(k) => Source::Key(k),
                    None => continue,
                },
                Ok(Event::Resize(..)) => Source::Resize,
                Ok(_) => continue,
                Err(_) => Source::Closed,
            };
            let closed = matches!(source, Source::Closed);
            if sender.send(source).is_err() || closed {
                return;
            }
        });
    }

    fn translate(&mut self, _program: &dyn Program, source: Source) -> Vec<Step> {
        match source {
            Source::Resize => {
                if self.terminal.autoresize().is_ok() {
                    self.drawn = None;
                }
                vec![Step::Redraw]
            }
            Source::Key(key) => {
                // What the player does next is shown with what follows from it alone.
                self.said.clear();
                let (next, actions) = handle(self.screen.clone(), key);
                self.screen = next;
                actions
                    .into_iter()
                    .map(|action| match action {
                        Action::Say(words) => Step::Say(anna_core::message::Words::Text(words)),
                        Action::Do(command) => Step::Event(anna_app::Event::Command(command)),
                        Action::Line(line) => Step::Event(anna_app::Event::Line(line)),
                        Action::Quit => Step::Quit,
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn show(&mut self, words: &str, _priority: anna_core::message::Priority) -> bool {
        if self.said.len() == SHOWN_SENTENCES {
            self.said.pop_front();
        }
        self.said.push_back(words.to_string());
        self.screen.said = self.said.iter().map(String::as_str).collect::<Vec<_>>().join(" ");
        true
    }

    fn draw(&mut self, program: &dyn Program, now: Duration) -> io::Result<()> {
        match program.view(now) {
            Some(view) => self.screen.sync(&view),
            None => self.screen.answering = program.awaiting_answer(),
        }
        if self.drawn.as_ref() != Some(&self.screen) {
            self.terminal.draw(|frame| frame.render_widget(&self.screen, frame.area()))?;
            self.drawn = Some(self.screen.clone());
        }
        Ok(())
    }

    fn wake_at(&self, program: &dyn Program, now: Duration) -> Option<Duration> {
        program.view(now).and_then(|view| view.changes_at)
    }
}
