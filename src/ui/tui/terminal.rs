//! The board view's loop at the edge: raw mode and the alternate screen, restored on every way out
//! (quit, Ctrl-C, a panic, SIGTERM or SIGHUP). Keys and signals arrive on one channel; the loop sleeps
//! until a key, the session's next deadline or the next change of the clock face, and repaints only
//! when what the screen shows has changed.
//!
//! Every input to the session is journaled and on the disk before what follows from it is shown or
//! said, as in the line mode; the clock face's wake-up once a second journals the clock's reading.
//! A board view game is resumed in the line mode (`anna --resume`).

use std::io::{self, Stdout};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use crate::adapters::games;
use crate::adapters::journal::{self, End, Record, Sink};
use crate::adapters::sound::SoundPlayer;
use crate::adapters::speech::Speaker;
use crate::core::command::{Command, Input};
use crate::core::message::{Effect, Priority};
use crate::core::scoresheet::Tags;
use crate::core::session::{Config, Session};
use crate::language::announce::fill;
use crate::language::Voice;
use crate::ui::save::{self, Save, SaveKind};
use crate::ui::tui::{handle, repaint, Action, App, Key, Settings};

enum Source {
    Key(Key),
    Resize,
    Quit,
}

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
                let _ = sender.send(Source::Quit);
            }
        });
    }
}

#[cfg(not(unix))]
fn watch_signals(_sender: mpsc::Sender<Source>) {}

/// Plays a game on the board view until the player quits.
pub fn run(
    config: Config,
    setup: Vec<Command>,
    voice: Voice,
    speaker: Speaker,
    sounds: SoundPlayer,
    settings: Settings,
) -> ExitCode {
    install_panic_hook();
    let mut screen = match enter() {
        Ok(screen) => screen,
        Err(e) => {
            restore();
            eprintln!("anna: the board view needs a terminal: {e}");
            return ExitCode::from(1);
        }
    };
    let mut journal = Journaled {
        sink: Sink::new(journal::folder()),
        failed: voice.vocab.word("journal.failed").to_string(),
        open: true,
    };
    let voice_record = Record::Voice { lang: voice.vocab.code().to_string(), squares: voice.squares, form: voice.form };
    journal.begin(voice_record, &config, &speaker);
    let result = play(&mut screen, config, setup, App::new(voice, settings), &speaker, &sounds, journal);
    restore();
    speaker.finish(Duration::from_millis(500));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("anna: the terminal failed: {e}");
            ExitCode::from(1)
        }
    }
}

fn play(
    screen: &mut Terminal<CrosstermBackend<Stdout>>,
    config: Config,
    setup: Vec<Command>,
    mut app: App,
    speaker: &Speaker,
    sounds: &SoundPlayer,
    mut journal: Journaled,
) -> io::Result<()> {
    let mut session = Session::new(config);
    let tags = Tags { date: games::now_stamp().0, ..Tags::default() };
    let began = Instant::now();
    for command in setup {
        let effects = journal.handle(&mut session, Input::act(command), Duration::ZERO, speaker);
        tell(&mut app, &effects, speaker, sounds);
    }
    let (sender, receiver) = mpsc::channel();
    watch_signals(sender.clone());
    std::thread::spawn(move || loop {
        let source = match event::read() {
            Ok(Event::Key(k)) => match key(k) {
                Some(k) => Source::Key(k),
                None => continue,
            },
            Ok(Event::Resize(..)) => Source::Resize,
            Ok(_) => continue,
            Err(_) => Source::Quit,
        };
        let quit = matches!(source, Source::Quit);
        if sender.send(source).is_err() || quit {
            return;
        }
    });

    let mut drawn: Option<App> = None;
    loop {
        let now = began.elapsed();
        app.sync(&session, now);
        if drawn.as_ref() != Some(&app) {
            screen.draw(|frame| frame.render_widget(&app, frame.area()))?;
            drawn = Some(app.clone());
        }
        let received = match repaint::wake_at(&session, now) {
            Some(at) => receiver.recv_timeout(at.saturating_sub(now)),
            None => receiver.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        };
        let mut effects = Vec::new();
        let was_over = session.outcome().is_some();
        match received {
            Err(mpsc::RecvTimeoutError::Timeout) => {
                effects = journal.handle(&mut session, Input::Tick, began.elapsed(), speaker);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) | Ok(Source::Quit) => return Ok(()),
            Ok(Source::Resize) => {
                screen.autoresize()?;
                drawn = None;
            }
            Ok(Source::Key(key)) => {
                let (next, actions) = handle(app, key);
                app = next;
                for action in actions {
                    match action {
                        Action::Say(words) => speaker.say(words, Priority::Info),
                        Action::Do(command) => {
                            effects.extend(journal.handle(&mut session, Input::act(command), began.elapsed(), speaker))
                        }
                        Action::Save(kind, path) => {
                            let save = save::of_session(&session, &app.voice.vocab, &tags, kind, path);
                            speaker.say(write_save(&save, &app.voice), Priority::Info);
                        }
                        Action::Quit => return Ok(()),
                    }
                }
            }
        }
        let ended = !was_over && session.outcome().is_some();
        tell(&mut app, &effects, speaker, sounds);
        if ended {
            // A game that has just ended is saved by itself, as in the line mode.
            let save = save::of_session(&session, &app.voice.vocab, &tags, SaveKind::Pgn, None);
            speaker.say(write_save(&save, &app.voice), Priority::Info);
        }
    }
}

/// Writes a scoresheet and returns what to say: where it went, or why it could not.
fn write_save(save: &Save, voice: &Voice) -> String {
    match games::write(save, &games::now_stamp().1) {
        Ok(path) => fill(voice.vocab.word("line.saved"), &[("path", path.display().to_string())]),
        Err((path, error)) => fill(voice.vocab.word("line.save_failed"), &[("path", path), ("text", error)]),
    }
}

/// The board view's game journal.
struct Journaled {
    sink: Sink,
    /// The sentence said once when the game cannot be saved.
    failed: String,
    /// Inputs are journaled until the game is over.
    open: bool,
}

impl Journaled {
    fn begin(&mut self, voice: Record, config: &Config, speaker: &Speaker) {
        let mut result = self.sink.begin().and_then(|()| self.sink.write(&voice));
        for record in journal::config_records(config, Duration::ZERO) {
            result = result.and_then(|()| self.sink.write(&record));
        }
        let result = result.and_then(|()| self.sink.sync());
        self.report(result, speaker);
    }

    /// Journals the input, hands it to the session, and has both on the disk before returning
    /// what follows from it.
    fn handle(&mut self, session: &mut Session, input: Input, now: Duration, speaker: &Speaker) -> Vec<Effect> {
        if !self.open {
            return session.handle(input, now);
        }
        let mut result = self.sink.write(&Record::Input { at: now, input: input.clone() });
        let effects = session.handle(input, now);
        if session.outcome().is_some() {
            self.open = false;
            result = result.and_then(|()| self.sink.write(&Record::End { at: now, how: End::Finished }));
        }
        let result = result.and_then(|()| self.sink.sync());
        self.report(result, speaker);
        effects
    }

    fn report(&self, result: Result<(), String>, speaker: &Speaker) {
        if let Err(error) = result {
            speaker.say(fill(&self.failed, &[("error", error)]), Priority::Urgent);
        }
    }
}

/// Shows and says what the session said, and plays its sounds.
fn tell(app: &mut App, effects: &[Effect], speaker: &Speaker, sounds: &SoundPlayer) {
    for (words, priority) in app.hear(effects) {
        speaker.say(words, priority);
    }
    for effect in effects {
        if let Effect::Play(sound) = effect {
            sounds.play(*sound);
        }
    }
}
