//! Scripted sessions: a script of timed inputs in, a transcript of what was said and decided out.
//! The main integration tests of Anna are written this way (`anna replay FILE`).
//!
//! A script has one command a line, `TIME [white:|black:] COMMAND`, with TIME as `m:ss[.fff]` or
//! `h:mm:ss[.fff]` since the script began, never decreasing. `#` at the start of a line or after a
//! space starts a comment (so `Qxf7#` is still a move).
//!
//! `computer [LEVEL]` lets the built-in opponent (level 3 unless given, seeded by the number of moves
//! played, so the transcript is always the same) make the move of the side to move and press its
//! clock: a game against the computer, word for word.

use std::fmt;
use std::time::Duration;

use shakmaty::Color;

use crate::core::command::Command as Act;
use crate::core::command::Input;
use crate::core::duration::{format_precise, parse as parse_time};
use crate::core::message::{Effect, Event};
use crate::core::opponent::{Level, Opponent};
use crate::core::rules::MoveSpec;
use crate::core::session::{Question, Session};
use crate::language::{commands, MoveForm, SquareStyle, Vocabulary, Voice};

/// One line of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The line number in the script, from 1.
    pub line: usize,
    pub time: Duration,
    pub input: Input,
    /// The voice from this line on, set by `voice LANG [SQUARES] [FORM]`: the language the
    /// following lines are heard in and the transcript speaks.
    pub voice: Option<Voice>,
    /// `computer [LEVEL]`: the built-in opponent moves for the side to move at this level.
    pub computer: Option<Level>,
}

/// A line of a script that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ScriptError {}

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
        let fail = |message: String| ScriptError { line, message };
        let (time_text, rest) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
        let time = parse_time(time_text).ok_or_else(|| {
            fail(format!("'{time_text}' is not a time; a line starts with a time like 0:05 or 1:02:03.250."))
        })?;
        if time < last {
            return Err(fail(format!(
                "the time {time_text} is earlier than the line before ({}); times never go back.",
                format_precise(last)
            )));
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
            return Err(fail("a time must be followed by a command.".to_string()));
        }
        if let Some(settings) = command_text.strip_prefix("voice ") {
            voice = voice_setting(settings).map_err(fail)?;
            steps.push(Step { line, time, input: Input::Tick, voice: Some(voice.clone()), computer: None });
            continue;
        }
        if let Some(level) = computer_step(command_text) {
            let level = level.map_err(fail)?;
            steps.push(Step { line, time, input: Input::Tick, voice: None, computer: Some(level) });
            continue;
        }
        let command = commands::command(command_text, &voice.vocab).map_err(|e| fail(e.message))?;
        steps.push(Step { line, time, input: Input::Act { actor, command }, voice: None, computer: None });
    }
    Ok(steps)
}

/// `LANG [SQUARES] [FORM]`, e.g. `de annex-d long`.
fn voice_setting(text: &str) -> Result<Voice, String> {
    let mut words = text.split_whitespace();
    let code = words.next().unwrap_or_default();
    let vocab = Vocabulary::find(code)?;
    let mut squares = SquareStyle::default();
    let mut form = MoveForm::default();
    for word in words {
        match (word.parse::<SquareStyle>(), word.parse::<MoveForm>()) {
            (Ok(s), _) => squares = s,
            (_, Ok(f)) => form = f,
            (Err(e), Err(_)) => return Err(e),
        }
    }
    Ok(Voice::new(vocab, squares, form))
}

/// `computer` or `computer LEVEL`; `None` for any other command.
fn computer_step(text: &str) -> Option<Result<Level, String>> {
    let mut words = text.split_whitespace();
    if words.next() != Some("computer") {
        return None;
    }
    Some(match (words.next(), words.next()) {
        (None, _) => Ok(Level::DEFAULT),
        (Some(level), None) => level.parse(),
        (Some(_), Some(_)) => Err("'computer' takes at most a level, like computer 3.".to_string()),
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

/// Runs a script through a session, waking it at every flag fall before the next line, and
/// returns the transcript; its last line is the result.
pub fn replay(steps: &[Step], session: &mut Session, voice: &Voice) -> Vec<String> {
    let mut voice = voice;
    let mut transcript = Vec::new();
    for step in steps {
        if let Some(new) = &step.voice {
            voice = new;
        }
        while let Some(deadline) = session.next_deadline().filter(|d| *d <= step.time) {
            let effects = session.handle(Input::Tick, deadline);
            transcript.extend(effects.iter().map(|e| effect_line(deadline, e, voice)));
        }
        let inputs = match step.computer {
            Some(level) => computer_move(session, level),
            None => vec![step.input.clone()],
        };
        for input in inputs {
            let effects = session.handle(input, step.time);
            transcript.extend(effects.iter().map(|e| effect_line(step.time, e, voice)));
        }
    }
    transcript.push(result_line(session));
    transcript
}

/// The built-in opponent's move for the side to move and its clock press (none when the game has
/// no legal move). Seeded by the number of moves played: the same script plays the same moves.
fn computer_move(session: &Session, level: Level) -> Vec<Input> {
    let game = session.game();
    let side = game.turn();
    let Some(choice) = Opponent::new(level, game.plies().len() as u64).choose(game) else {
        return Vec::new();
    };
    let mut inputs = vec![Input::by(side, Act::Move(MoveSpec::of_move(choice.mv)))];
    if !session.config().auto_press {
        inputs.push(Input::by(side, Act::Press));
    }
    inputs
}

/// One transcript line: the time, then what was said or recorded.
pub fn effect_line(time: Duration, effect: &Effect, voice: &Voice) -> String {
    let what = match effect {
        Effect::Say(utterance) => format!("say {}", voice.render(utterance)),
        Effect::Play(sound) => format!("play {}", sound.name()),
        Effect::Record(event) => event_text(event),
    };
    format!("{} {what}", format_precise(time))
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The stable machine form of an event in transcripts.
pub fn event_text(event: &Event) -> String {
    let t = |d: &Duration| format_precise(*d);
    match event {
        Event::Started { side: s } => format!("start {}", side(*s)),
        Event::Moved { side: s, san, uci } => format!("move {} {san} ({uci})", side(*s)),
        Event::Retracted { side: s, san } => format!("retract {} {san}", side(*s)),
        Event::Completed { side: s, white, black } => {
            format!("press {} (white {}, black {})", side(*s), t(white), t(black))
        }
        Event::PeriodStarted { side: s, period, added } => {
            format!("period {} {} +{}", side(*s), period + 1, t(added))
        }
        Event::Offered { side: s } => format!("offer {}", side(*s)),
        Event::Declined { side: s } => format!("decline {}", side(*s)),
        Event::Touched { side: s, square } => format!("touch {} {square}", side(*s)),
        Event::TimeAdded { side: s, added, article } => format!("time {} +{} (FIDE {article})", side(*s), t(added)),
        Event::IllegalMove { side: s, count, article } => format!("illegal {} #{count} (FIDE {article})", side(*s)),
        Event::ClaimRejected { side: s, article } => format!("claim rejected {} (FIDE {article})", side(*s)),
        Event::Paused => "pause".to_string(),
        Event::Resumed => "resume".to_string(),
        Event::Adjusted { side: s, remaining, moves } => {
            format!("adjust {} {} moves {moves} (FIDE 6.10.2)", side(*s), t(remaining))
        }
        Event::FlagFell { side: s } => format!("flag {}", side(*s)),
        Event::ArbiterToDecide { article } => format!("arbiter to decide (FIDE {article})"),
        Event::Ended(o) => {
            format!("end {} {} (FIDE {})", o.result(), o.reason.key().replace('_', " "), o.reason.article())
        }
    }
}

/// The last line of every transcript: `result R REASON (FIDE ARTICLE)`, in English whatever the voice,
/// so that programs can read it.
pub fn result_line(session: &Session) -> String {
    match (session.outcome(), session.question()) {
        (Some(o), _) => format!(
            "result {} {} (FIDE {})",
            o.result(),
            Vocabulary::english().word(&format!("reason.{}", o.reason.key())),
            o.reason.article()
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

    fn spec(text: &str) -> crate::core::rules::MoveSpec {
        match crate::language::parse::hear(text, &crate::language::Vocabulary::english()) {
            Ok(crate::language::parse::Heard::Move(spec)) => spec,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn reads_times_actors_and_comments() {
        let steps = parse_script_en("# a game\n0:00 start\n0:01.5 white: e4 # king's pawn\n0:02 Qxf7#\n").unwrap();
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[1].time, Duration::from_millis(1500));
        assert_eq!(steps[1].input, Input::Act { actor: Some(Color::White), command: Act::Move(spec("e4")) });
        assert_eq!(steps[2].input, Input::act(Act::Move(spec("Qxf7#"))));
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
        assert_eq!(e.to_string(), "line 1: '9' is not a level: use a number from 1 (beginner) to 8 (club player).");
    }

    #[test]
    fn the_computer_moves_for_the_side_to_move() {
        let steps = parse_script_en("0:00 e4\n0:01 press\n0:05 computer 4\n0:09 computer\n").unwrap();
        assert_eq!(steps[2].computer, Level::new(4));
        assert_eq!(steps[3].computer, Some(Level::DEFAULT));
        let mut session = Session::default();
        let transcript = replay(&steps, &mut session, &Voice::english());
        assert_eq!(session.game().plies().len(), 3);
        assert!(transcript.iter().any(|l| l.starts_with("0:05.000 move black ")), "{transcript:?}");
        assert!(transcript.iter().any(|l| l.starts_with("0:09.000 move white ")), "{transcript:?}");
        assert_eq!(session.awaiting_press(), None, "the computer presses its clock");
    }
}
