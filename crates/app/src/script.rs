//! Scripted sessions: a script of timed inputs in, a transcript of what was said and decided out.
//! The main integration tests of Anna are written this way (`anna replay FILE`). A script drives
//! the same [`App`] the line mode and the board view drive: each line is an [`Event`] at its time,
//! and the transcript is what the app answered, so a scenario tests the program players run.
//!
//! A script has one command a line, `TIME [white:|black:] COMMAND`, with TIME as `m:ss[.fff]` or
//! `h:mm:ss[.fff]` since the script began, never decreasing. `#` at the start of a line or after a
//! space starts a comment (so `Qxf7#` is still a move).
//!
//! Lines that begin with `board` drive a peg board through the mirror ([`anna_board::mirror`]):
//! `board connect [white|black]` (a board holding the game's position joins; with a side, only that
//! side plays on it and the other side's moves are shown on it; without, both sides play on it),
//! `board lift e2`, `board place e4`, `board snapshot CELLS` (64 cells, rank 8 first as in a FEN
//! diagram, `/` between ranks allowed: `.` empty, `x` a peg, or a piece letter `KQRBNPkqrbnp`),
//! `board hello` (the board greets), `board settle` (the board has been quiet) and `board restore`
//! (back to the last position board and game agreed on). A board line without `connect` before
//! connects a board on which both sides play. In the transcript `board< ...` is what the board
//! did, `board> ...` what Anna asked of it.
//!
//! A line without an actor is a line typed in the line mode (no confirmation is asked: the script
//! is the arbiter's record); `white:` or `black:` hands the input to the game for that side.
//!
//! `computer [LEVEL]` lets the built-in opponent (level 3 unless given, seeded by the number of moves
//! played, so the transcript is always the same) make the move of the side to move and press its
//! clock: a game against the computer, word for word.

use std::time::Duration;

use shakmaty::Color;

use crate::heard::Hearing;
use crate::{App, Event, Joining, Options, Out};
use anna_board::link::{LinkError, LinkReport};
use anna_board::mirror;
use anna_board::protocol::Protocol;
#[cfg(test)]
use anna_board::Cell;
use anna_board::{BoardEvent, BoardRole};
use anna_core::bad_value::BadValue;
#[cfg(test)]
use anna_core::command::Command;
use anna_core::command::Command as Act;
use anna_core::command::Input;
use anna_core::duration::{format_precise, parse as parse_time};
use anna_core::message;
use anna_core::opponent::{Level, Opponent};
use anna_core::session::{Config, Question, Session};
use anna_language::vocabulary::UnknownLanguage;
use anna_language::{commands, MoveForm, SquareStyle, Vocabulary, Voice};

mod board;
pub use board::BoardStep;

/// One line of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The line number in the script, from 1.
    pub line: usize,
    pub time: Duration,
    pub what: What,
}

/// What a line of a script does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// A line typed in the line mode; `command` is what the session understands of it (a command
    /// of the terminal itself, such as `help` or `save`, reads as `Unclear` there).
    Typed { text: String, command: Act },
    /// An input for a side (`white: ...`, `black: ...`).
    Input(Input),
    /// A line of the script language itself (`white NAME`, `tc 90+30`, `fen ...`): read by the
    /// script reader only, and handed to the app as the command it is, never as a typed line
    /// (typed in a game, "white knight f3" is a move).
    Script(Act),
    /// `voice LANG [SQUARES] [FORM]`: the language the following lines are heard in and the
    /// transcript speaks.
    Voice(Box<Voice>),
    /// What happens on the peg board (`board ...`).
    Board(BoardStep),
    /// `computer [LEVEL]`: the built-in opponent moves for the side to move at this level.
    Computer(Level),
    /// `heard [WORDS]`: what the microphone's recogniser is sure it heard (`Hearing::Words`);
    /// nothing, when no words follow. `spelled WORDS`: heard so, the phone decoder vouching for
    /// each rhyming letter in them (`Hearing::Spelled`).
    Heard { words: String, spelled: bool },
}

/// A line of a script that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {fault}")]
pub struct ScriptError {
    pub line: usize,
    pub fault: Fault,
}

/// Why a line of a script could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("'{0}' is not a time; a line starts with a time like 0:05 or 1:02:03.250.")]
    NotATime(String),
    #[error("the time {0} is earlier than the line before ({1}); times never go back.")]
    BackInTime(String, String),
    #[error("a time must be followed by a command.")]
    NoCommand,
    #[error("'board {0}' needs a square, like e2.")]
    BoardSquare(&'static str),
    #[error("'board connect' takes white, black or nothing, not '{0}'.")]
    ConnectSide(String),
    #[error("a snapshot has 64 cells (. x or a piece letter), not {0}.")]
    SnapshotLength(usize),
    #[error("'{0}' is not a cell of a snapshot: use . x or a piece letter.")]
    SnapshotCell(char),
    #[error("'opponent-board {0}' is not a line: use connect, position, clock, unplug or plug.")]
    OpponentBoard(String),
    #[error("'{0}' is not a position: give the pieces as in a FEN, like rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR.")]
    Position(String),
    #[error(
        "'clock {0}' is not a clock: give the left and right times, like clock 1:29:59 1:30:00 left, or clock none."
    )]
    Clock(String),
    #[error("'computer' takes at most a level, like computer 3.")]
    ComputerArguments,
    #[error(transparent)]
    Value(#[from] BadValue),
    #[error(transparent)]
    Language(#[from] UnknownLanguage),
    #[error(transparent)]
    Command(#[from] commands::CommandError),
}

/// Reads a whole script; the first bad line is reported with its number.
pub fn parse_script(text: &str, voice: &Voice) -> Result<Vec<Step>, ScriptError> {
    let mut voice = voice.clone();
    let mut steps = Vec::new();
    let mut last = Duration::ZERO;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = strip_comment(raw).trim();
        if content.is_empty() {
            continue;
        }
        let fail = |fault: Fault| ScriptError { line, fault };
        let (time_text, rest) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
        let time = parse_time(time_text).ok_or_else(|| fail(Fault::NotATime(time_text.to_string())))?;
        if time < last {
            return Err(fail(Fault::BackInTime(time_text.to_string(), format_precise(last))));
        }
        last = time;
        let rest = rest.trim();
        let (actor, command_text) = match rest.split_once(':') {
            Some((who, command)) if commands::color(who.trim()).is_some() && !who.trim().contains(' ') => {
                (commands::color(who.trim()), command.trim())
            }
            _ => (None, rest),
        };
        if command_text.is_empty() {
            return Err(fail(Fault::NoCommand));
        }
        let what = if let Some(settings) = command_text.strip_prefix("voice ") {
            voice = voice_setting(settings).map_err(fail)?;
            What::Voice(Box::new(voice.clone()))
        } else if let Some(step) = board::board_line(command_text) {
            What::Board(step.map_err(fail)?)
        } else if let Some(level) = computer_step(command_text) {
            What::Computer(level.map_err(fail)?)
        } else if let Some(words) = command_text.strip_prefix("heard").filter(|w| w.is_empty() || w.starts_with(' ')) {
            What::Heard { words: words.trim().to_string(), spelled: false }
        } else if let Some(words) = command_text.strip_prefix("spelled ") {
            What::Heard { words: words.trim().to_string(), spelled: true }
        } else {
            let command = commands::script_command(command_text, &voice.vocab).map_err(|e| fail(e.into()))?;
            match actor {
                Some(_) => What::Input(Input::Act { actor, command }),
                None if is_script_only(&command) => What::Script(command),
                None => What::Typed { text: command_text.to_string(), command },
            }
        };
        steps.push(Step { line, time, what });
    }
    Ok(steps)
}

/// The commands only the script language (and the command line) set: the game's setup.
fn is_script_only(command: &Act) -> bool {
    matches!(command, Act::Name(..) | Act::TimeControl(_) | Act::ClockMode(_) | Act::Fen(_) | Act::Chess960(_))
}

/// `LANG [SQUARES] [FORM]`, e.g. `de annex-d long`.
fn voice_setting(text: &str) -> Result<Voice, Fault> {
    let mut words = text.split_whitespace();
    let code = words.next().unwrap_or_default();
    let vocab = Vocabulary::find(code)?;
    let mut squares = SquareStyle::default();
    let mut form = MoveForm::default();
    for word in words {
        match (word.parse::<SquareStyle>(), word.parse::<MoveForm>()) {
            (Ok(s), _) => squares = s,
            (_, Ok(f)) => form = f,
            (Err(e), Err(_)) => return Err(e.into()),
        }
    }
    Ok(Voice::new(vocab, squares, form))
}

/// `computer` or `computer LEVEL`; `None` for any other command.
fn computer_step(text: &str) -> Option<Result<Level, Fault>> {
    let mut words = text.split_whitespace();
    if words.next() != Some("computer") {
        return None;
    }
    Some(match (words.next(), words.next()) {
        (None, _) => Ok(Level::DEFAULT),
        (Some(level), None) => level.parse::<Level>().map_err(Fault::from),
        (Some(_), Some(_)) => Err(Fault::ComputerArguments),
    })
}

fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()) {
            return &line[..i];
        }
    }
    line
}

/// The app a script drives: the game of `config` set up by `setup`, heard in `voice`, with nothing
/// asked first (the script is the record of what happened) and no computer of its own (`computer`
/// lines move for it).
pub fn app(config: Config, setup: Vec<Act>, voice: Voice) -> App {
    let options =
        Options { confirm: false, ask_setup: false, opponent: crate::OtherSide::Person, ..Options::default() };
    App::new(config, setup, voice, options)
}

/// Runs a script through `app`, waking it at every deadline (a flag fall, an alarm, the board's
/// quiet) before the next line, and returns the transcript; its last line is the result.
pub fn replay(steps: &[Step], app: &mut App) -> Vec<String> {
    let mut transcript = Vec::new();
    let start = app.start();
    write_outs(&mut transcript, Duration::ZERO, &start, app.voice());
    for step in steps {
        while let Some(deadline) = app.next_deadline().filter(|d| *d <= step.time) {
            let outs = app.handle(Event::Tick, deadline);
            write_outs(&mut transcript, deadline, &outs, app.voice());
            if app.next_deadline() == Some(deadline) {
                break;
            }
        }
        let at = step.time;
        let event = match &step.what {
            What::Voice(voice) => Event::Voice(voice.clone()),
            What::Typed { text, .. } => Event::Line(text.clone()),
            What::Heard { words, .. } if words.is_empty() => Event::Heard(Ok(Hearing::Nothing)),
            What::Heard { words, spelled: false } => Event::Heard(Ok(Hearing::Words(words.clone()))),
            What::Heard { words, spelled: true } => Event::Heard(Ok(Hearing::Spelled(words.clone()))),
            What::Input(input) => Event::Input(input.clone()),
            What::Script(command) => Event::Command(command.clone()),
            What::Computer(level) => {
                let game = app.session().game();
                let Some(choice) = Opponent::new(*level, game.plies().len() as u64).choose(game) else { continue };
                Event::Play { side: game.turn(), mv: choice.mv }
            }
            What::Board(board) => {
                let role = board.role();
                transcript.push(format!("{} {}< {board}", format_precise(at), board::role_name(role)));
                let peg = |side| Event::BoardJoined(Joining::Player { protocol: None, side: Some(side) });
                if role == BoardRole::Player
                    && !app.board_connected()
                    && !matches!(board, BoardStep::Sensor(_) | BoardStep::Connect(_))
                {
                    // A board line before any `board connect`: a peg board on which both sides play.
                    let outs = app.handle(peg(None), at);
                    write_outs(&mut transcript, at, &outs, app.voice());
                }
                match board {
                    BoardStep::Connect(side) => peg(*side),
                    BoardStep::Sensor(BoardRole::Player) => {
                        // Any sensor board: the script's lines are positions, not a protocol's bytes.
                        Event::BoardJoined(Joining::Player { protocol: Some(Protocol::DGT), side: None })
                    }
                    BoardStep::Sensor(BoardRole::Opponent) => Event::BoardJoined(Joining::Opponent),
                    BoardStep::Event(role, event) => Event::Board(*role, LinkReport::Event(event.clone())),
                    BoardStep::Position(role, snapshot) => {
                        Event::Board(*role, LinkReport::Event(BoardEvent::Board(*snapshot)))
                    }
                    BoardStep::Unplug(role) => {
                        Event::Board(*role, LinkReport::Disconnected(LinkError::Lost("unplugged".to_string())))
                    }
                    BoardStep::Plug(role) => {
                        let protocol = if app.has_sensor_board(*role) { Protocol::DGT } else { Protocol::ANNA };
                        Event::Board(*role, LinkReport::Connected { name: "script".to_string(), version: 1, protocol })
                    }
                    BoardStep::Settle => Event::BoardSettled,
                    BoardStep::Restore => Event::Line("restore board".to_string()),
                    BoardStep::Turn => Event::Line("turn board".to_string()),
                }
            }
        };
        let outs = app.handle(event, at);
        write_outs(&mut transcript, at, &outs, app.voice());
        if outs.contains(&Out::Quit) {
            break;
        }
    }
    transcript.push(result_line(app.session()));
    transcript
}

/// The transcript lines of what the app answered at `time`: what was said and played, the facts
/// for the record, and what was asked of the peg board.
fn write_outs(transcript: &mut Vec<String>, time: Duration, outs: &[Out], voice: &Voice) {
    let at = format_precise(time);
    for out in outs {
        let line = match out {
            Out::Say(..) | Out::SayLive(..) => format!("say {}", out.words(voice).unwrap_or_default()),
            Out::Play(sound) => format!("play {}", sound.name()),
            // Events write 2018's article numbers; the transcript gives the edition in force.
            Out::Record(fact) => voice.laws.cite_in(&fact_text(fact)).into_owned(),
            Out::Board(role, command) => format!("{}> {}", board::role_name(*role), mirror::command_text(command)),
            _ => continue,
        };
        transcript.push(format!("{at} {line}"));
    }
}

pub(crate) fn side(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The stable machine form of a fact of the game in transcripts.
pub fn fact_text(fact: &message::Fact) -> String {
    let t = |d: &Duration| format_precise(*d);
    match fact {
        message::Fact::Started { side: s } => format!("start {}", side(*s)),
        message::Fact::Moved { side: s, san, uci } => format!("move {} {san} ({uci})", side(*s)),
        message::Fact::Retracted { side: s, san } => format!("retract {} {san}", side(*s)),
        message::Fact::Completed { side: s, white, black } => {
            format!("press {} (white {}, black {})", side(*s), t(white), t(black))
        }
        message::Fact::PeriodStarted { side: s, period, added } => {
            format!("period {} {} +{}", side(*s), period + 1, t(added))
        }
        message::Fact::Offered { side: s } => format!("offer {}", side(*s)),
        message::Fact::Declined { side: s } => format!("decline {}", side(*s)),
        message::Fact::Touched { side: s, square } => format!("touch {} {square}", side(*s)),
        message::Fact::Adjusting { side: s } => format!("jadoube {} (FIDE 4.2.1)", side(*s)),
        message::Fact::Cancelled { swap: false, article } => format!("cancelled (FIDE {article})"),
        message::Fact::Cancelled { swap: true, article } => format!("cancelled, colours swapped (FIDE {article})"),
        message::Fact::PressedLate { side: s, late } => {
            format!("late press {}: {} moved onto its own clock (FIDE 6.2.2)", side(*s), t(late))
        }
        message::Fact::TimeAdded { side: s, added, article } => {
            format!("time {} +{} (FIDE {article})", side(*s), t(added))
        }
        message::Fact::IllegalMove { side: s, count, article } => {
            format!("illegal {} #{count} (FIDE {article})", side(*s))
        }
        message::Fact::ClaimRejected { side: s, article } => format!("claim rejected {} (FIDE {article})", side(*s)),
        message::Fact::Paused => "pause".to_string(),
        message::Fact::Resumed => "resume".to_string(),
        message::Fact::Adjusted { side: s, remaining, moves } => {
            format!("adjust {} {} moves {moves} (FIDE 6.10.2)", side(*s), t(remaining))
        }
        message::Fact::FlagFell { side: s } => format!("flag {}", side(*s)),
        message::Fact::ArbiterToDecide { article } => format!("arbiter to decide (FIDE {article})"),
        message::Fact::Sealed { side: s, number, white_used, black_used, fen, offer } => {
            let offer = offer.map_or(String::new(), |o| format!(", offer {}", side(o)));
            format!(
                "seal {} move {number} (used white {}, black {}{offer}) before {fen} (FIDE I.2)",
                side(*s),
                t(white_used),
                t(black_used)
            )
        }
        message::Fact::Opened => "open (FIDE I.9.1)".to_string(),
        message::Fact::Ended(o) => {
            format!("end {} {}{}", o.result(), o.reason.key().replace('_', " "), by_article(*o))
        }
    }
}

/// ` (FIDE 5.1.1)`: the article that decided an ending; nothing for a server's own rule.
fn by_article(o: anna_core::outcome::Outcome) -> String {
    if o.reason.is_server_rule() {
        String::new()
    } else {
        format!(" (FIDE {})", o.reason.article())
    }
}

/// The last line of every transcript: `result R REASON (FIDE ARTICLE)`, in English whatever the voice,
/// so that programs can read it.
pub fn result_line(session: &Session) -> String {
    session.config().laws.cite_in(&result_words(session)).into_owned()
}

fn result_words(session: &Session) -> String {
    match (session.outcome(), session.question()) {
        (Some(o), _) => format!(
            "result {} {}{}",
            o.result(),
            Vocabulary::english().word(&format!("reason.{}", o.reason.key())),
            by_article(o)
        ),
        (None, Some(q @ (Question::FlagFall(_) | Question::SecondIllegal(_)))) => {
            format!("result * arbiter to decide (FIDE {})", q.article())
        }
        _ => "result * game not finished".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_script_en(text: &str) -> Result<Vec<Step>, ScriptError> {
        parse_script(text, &Voice::english())
    }

    fn spec(text: &str) -> anna_core::rules::MoveSpec {
        match anna_language::parse::hear(text, &anna_language::Vocabulary::english()) {
            Ok(anna_language::parse::Heard::Move(spec)) => spec,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn reads_times_actors_and_comments() {
        let steps = parse_script_en("# a game\n0:00 start\n0:01.5 white: e4 # king's pawn\n0:02 Qxf7#\n").unwrap();
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[1].time, Duration::from_millis(1500));
        assert_eq!(
            steps[1].what,
            What::Input(Input::Act { actor: Some(Color::White), command: Act::Move(spec("e4")) })
        );
        assert_eq!(steps[2].what, What::Typed { text: "Qxf7#".to_string(), command: Act::Move(spec("Qxf7#")) });
    }

    #[test]
    fn reads_board_lines() {
        let steps = parse_script_en(
            "0:00 board connect white\n0:01 board lift e2\n0:02 board place e4\n0:03 board settle\n0:04 board\n\
             0:05 board snapshot rnbqkbnr/pppppppp/......../......../....x.../......../pppp.ppp/RNBQKBNR\n",
        )
        .unwrap();
        let boards: Vec<String> = steps
            .iter()
            .filter_map(|s| match &s.what {
                What::Board(b) => Some(b.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(boards, ["connect white", "lift e2", "place e4", "settle", "snapshot"]);
        // `board` alone is still the question about the board.
        assert!(matches!(steps[4].what, What::Typed { command: Command::Explore(_), .. }));
        let What::Board(BoardStep::Event(BoardRole::Player, BoardEvent::Board(snapshot))) = &steps[5].what else {
            panic!("{:?}", steps[5])
        };
        assert_eq!(snapshot.get(shakmaty::Square::E4), Cell::Occupied);
        assert_eq!(snapshot.get(shakmaty::Square::A8), Cell::Piece(shakmaty::Piece::from_char('r').unwrap()));
        assert_eq!(snapshot.get(shakmaty::Square::E2), Cell::Empty);
        let e = parse_script_en("0:00 board lift x9\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1: 'board lift' needs a square, like e2.");
        let e = parse_script_en("0:00 board snapshot xx\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1: a snapshot has 64 cells (. x or a piece letter), not 2.");
    }

    #[test]
    fn names_the_bad_line() {
        let e = parse_script_en("0:00 start\n0:05 e4\n0:04 e5\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: the time 0:04 is earlier than the line before (0:05.000); times never go back."
        );
        let e = parse_script_en("0:00 start\nfive e4\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse_script_en("0:00 touch x9\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1: 'touch' needs a square, like e2.");
        let e = parse_script_en("0:00 computer 9\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1: Setting level takes: 1 … 8. '9' is not one of them.");
    }

    #[test]
    fn heard_lines_are_what_the_recogniser_heard_and_not_typed_lines() {
        let steps = parse_script_en(
            "0:00 heard knight foxtrot three
0:01 heard
0:02 hearder
0:03 spelled dee four
",
        )
        .unwrap();
        assert_eq!(steps[0].what, What::Heard { words: "knight foxtrot three".to_string(), spelled: false });
        assert_eq!(steps[1].what, What::Heard { words: String::new(), spelled: false });
        assert!(matches!(steps[2].what, What::Typed { .. }), "{:?}", steps[2].what);
        assert_eq!(steps[3].what, What::Heard { words: "dee four".to_string(), spelled: true });
    }

    #[test]
    fn the_computer_moves_for_the_side_to_move() {
        let steps = parse_script_en("0:00 e4\n0:01 press\n0:05 computer 4\n0:09 computer\n").unwrap();
        assert_eq!(Some(&steps[2].what), Level::new(4).map(What::Computer).as_ref());
        assert_eq!(steps[3].what, What::Computer(Level::DEFAULT));
        let mut app = app(Config::default(), Vec::new(), Voice::english());
        let transcript = replay(&steps, &mut app);
        let session = app.session();
        assert_eq!(session.game().plies().len(), 3);
        assert!(transcript.iter().any(|l| l.starts_with("0:05.000 move black ")), "{transcript:?}");
        assert!(transcript.iter().any(|l| l.starts_with("0:09.000 move white ")), "{transcript:?}");
        assert_eq!(session.awaiting_press(), None, "the computer presses its clock");
    }
}
