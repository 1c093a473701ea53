//! Keys in, a new [`Screen`] and [`Action`]s out: `handle(app, key)` is pure, so every key is tested
//! as (state in, keys, state and words out) without a terminal. [`Key`] lives in the app crate,
//! where the loop may use it too.

use shakmaty::{Color, Position, Role, Square};

pub use anna_app::key::Key;

use crate::ui::tui::{Mode, Screen};
use anna_core::command::{Command, Name};
use anna_core::explore::Query;
use anna_core::rules::MoveSpec;
use anna_language::announce::fill;
use anna_language::describe;

/// What the loop must do after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Say these words (already shown as the last announcement).
    Say(String),
    /// Hand this command to the app (asked about first when it is destructive).
    Do(Command),
    /// A line typed after `:`, for the app, as if typed in the line mode.
    Line(String),
    /// Leave, restoring the terminal.
    Quit,
}

/// The next state after `key`, and what to do.
pub fn handle(mut app: Screen, key: Key) -> (Screen, Vec<Action>) {
    if matches!(key, Key::Ctrl('c' | 'q')) {
        return (app, vec![Action::Quit]);
    }
    let actions = match std::mem::take(&mut app.mode) {
        Mode::Command(line) => command_key(&mut app, line, key),
        Mode::Board => board_key(&mut app, key),
    };
    (app, actions)
}

fn command_key(app: &mut Screen, mut line: String, key: Key) -> Vec<Action> {
    match key {
        Key::Char(c) => line.push(c),
        Key::Backspace if line.pop().is_some() => {}
        Key::Backspace | Key::Esc => return say(app, app.voice.vocab.word_owned("screen.cancelled")),
        Key::Enter => return run_line(app, line.trim()),
        _ => {}
    }
    app.mode = Mode::Command(line);
    Vec::new()
}

/// A command line: the board's own words (`q`, `exit`, `large`), else everything the line mode
/// understands, handed to the app as a typed line (`help`, `settings`, `resign`, `save`, `new`,
/// `flip`, moves, questions, answers). `flip` changes the player's side, and the board turns
/// with it ([`Screen::sync`]); the `f` key only turns the board.
fn run_line(app: &mut Screen, line: &str) -> Vec<Action> {
    match line.to_lowercase().as_str() {
        "q" | "exit" => vec![Action::Quit],
        "large" => {
            app.settings.large = !app.settings.large;
            let size = if app.settings.large { "screen.large" } else { "screen.small" };
            say(app, app.voice.vocab.word_owned(size))
        }
        // An empty line is an empty answer to a question (its default: "Enter for white"); with
        // no question waiting it does nothing (Space presses the clock).
        "" if app.answering => vec![Action::Line(String::new())],
        "" => Vec::new(),
        _ => vec![Action::Line(line.to_string())],
    }
}

fn board_key(app: &mut Screen, key: Key) -> Vec<Action> {
    match key {
        Key::Up => go(app, 0, 1),
        Key::Down => go(app, 0, -1),
        Key::Right => go(app, 1, 0),
        Key::Left => go(app, -1, 0),
        // A question waits: Enter alone takes its default, as in the line mode.
        Key::Enter if app.answering => vec![Action::Line(String::new())],
        Key::Enter => enter(app),
        // Escape cancels a choice; with nothing chosen it silences the speech.
        Key::Esc if app.selected.is_some() => {
            app.selected = None;
            say(app, app.voice.vocab.word_owned("screen.cancelled"))
        }
        Key::Esc => vec![Action::Line(Name::Stop.key().to_string())],
        Key::Char(':') => {
            app.mode = Mode::Command(String::new());
            Vec::new()
        }
        // A question waits (the setup, a confirmation): typing answers it on the command line.
        // (A promotion is answered by its piece key, below.)
        Key::Char(c) if app.answering && !app.promotion && !c.is_whitespace() => {
            app.mode = Mode::Command(c.to_string());
            Vec::new()
        }
        Key::Char(' ') => vec![Action::Do(Command::Press)],
        // Push-to-talk: the microphone hears one move or command.
        Key::Tab => vec![Action::Line(Name::Listen.key().to_string())],
        Key::Char('f') => {
            app.settings.flipped = !app.settings.flipped;
            let at_bottom = if app.settings.flipped { "screen.black_at_bottom" } else { "screen.white_at_bottom" };
            say(app, app.voice.vocab.word_owned(at_bottom))
        }
        // Questions about the cursor's square and the position (`help keys`); none of these
        // letters finds a piece in any language.
        Key::Char(c) => match (question(app, c), app.role_of_key(c)) {
            (Some(query), _) => vec![Action::Do(Command::Explore(query))],
            (None, Some(role)) if app.promotion && !matches!(role, Role::King | Role::Pawn) => {
                let answer = MoveSpec { promotion: Some(role), ..MoveSpec::default() };
                vec![Action::Do(Command::Move(answer))]
            }
            (None, Some(role)) => jump(app, role),
            (None, None) => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// The question a letter key asks, about the cursor's square or the whole position.
pub fn question(app: &Screen, key: char) -> Option<Query> {
    let square = app.cursor;
    Some(match key {
        'a' => Query::Attackers(square),
        'e' => Query::Defenders(square),
        'm' => Query::Moves(square),
        'o' => Query::Rays(square),
        'x' => Query::Threats,
        'u' => Query::Hanging,
        'c' => Query::Material,
        _ => return None,
    })
}

fn say(app: &mut Screen, words: String) -> Vec<Action> {
    app.said.clone_from(&words);
    vec![Action::Say(words)]
}

fn describe_cursor(app: &mut Screen) -> Vec<Action> {
    let words = describe::square(&app.voice, &app.position, app.cursor);
    say(app, words)
}

fn go(app: &mut Screen, right: i32, up: i32) -> Vec<Action> {
    app.cursor = app.step(app.cursor, right, up);
    describe_cursor(app)
}

/// The next piece of `role` after the cursor: the side to move's first (a1 to h8), then the opponent's.
fn jump(app: &mut Screen, role: Role) -> Vec<Action> {
    let board = app.position.board();
    let side = |color: Color| (board.by_color(color) & board.by_role(role)).into_iter();
    let found: Vec<Square> = side(app.turn).chain(side(!app.turn)).collect();
    if found.is_empty() {
        let piece = app.voice.vocab.piece(role).to_string();
        return say(app, fill(app.voice.vocab.word("screen.none_found"), &[("piece", piece)]));
    }
    let next = found.iter().position(|s| *s == app.cursor).map_or(0, |i| (i + 1) % found.len());
    app.cursor = found[next];
    describe_cursor(app)
}

/// Enter: choose the piece under the cursor, then its destination, which makes the move.
fn enter(app: &mut Screen) -> Vec<Action> {
    match app.selected.take() {
        Some(from) if from == app.cursor => say(app, app.voice.vocab.word_owned("screen.cancelled")),
        Some(from) => vec![Action::Do(Command::Move(MoveSpec::squares(from, app.cursor, None)))],
        None if app.position.board().piece_at(app.cursor).is_some() => {
            app.selected = Some(app.cursor);
            let what = describe::square(&app.voice, &app.position, app.cursor);
            say(app, fill(app.voice.vocab.word("screen.selected"), &[("what", what)]))
        }
        None => describe_cursor(app),
    }
}
