//! The text of one journal record, without its frame: `anna-journal 1 STARTED`, `voice LANG SQUARES
//! FORM`, `app KEY=VALUE...` (the opponent and the interface's settings), `TIME [white:|black:]
//! COMMAND`, `TIME tick`, `check PLIES FEN` (the game after a move) or `end TIME
//! finished|abandoned`.
//!
//! Commands are written in canonical English words, most of them as a script line says them
//! (`press`, `touch e2`, `set auto-press on`). What the script language cannot say exactly is
//! written field by field, so that reading gives back the very same [`Command`]: a move as heard
//! (`move pieces=NB to=f3`: the German `S` may mean a knight or a bishop, in that order), times to
//! the nanosecond (`adjust white 4800`), a time control period by period, a text not understood
//! with its length. [`print`] and [`read`] are exact inverses; the tests prove it for every
//! command.

use std::time::Duration;

use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

use crate::Options;
use anna_core::bad_value::BadValue;
use anna_core::clock::{ClockMode, Period, TimeControl};
use anna_core::command::{Command, IllegalMove, Input, Irregularity, Name, Retraction, Setting};
use anna_core::outcome::{Outcome, Reason};
use anna_core::rules::MoveSpec;
use anna_core::session::{FlagPolicy, TouchMove};
use anna_language::{MoveForm, SquareStyle};

mod options;
mod query;
use options::{app_text, read_app};
use query::{query, query_text};

/// The version of the journal format this Anna writes and reads.
pub const VERSION: u32 = 1;

/// The longest time a journal holds (about 31 years): the clock's sums of such times never overflow.
const MAX_SECONDS: u64 = 1_000_000_000;

/// One record of a journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// The first record: the format's version and when the game began (seconds since 1970, UTC).
    Header { version: u32, started: u64 },
    /// The language and the way of speaking from here on.
    Voice { lang: String, squares: SquareStyle, form: MoveForm },
    /// How the app plays the game from here on: the opponent (the computer, its level and
    /// engine) and the interface's own settings, so that a resumed game goes on as it was.
    App(Options),
    /// One input to the session at its instant (time since the session began).
    Input { at: Duration, input: Input },
    /// The game after the input before: its number of half-moves and position (FEN). A resumed
    /// game whose replay does not give the same is damaged there.
    Check { plies: usize, fen: String },
    /// The game is over, or was left for a new one: the journal is not offered for resumption.
    End { at: Duration, how: End },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Finished,
    Abandoned,
}

/// Why a record's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodecError(pub String);

type Res<T> = Result<T, CodecError>;

fn bad<T>(what: impl Into<String>) -> Res<T> {
    Err(CodecError(what.into()))
}

/// The text of a record.
pub fn print(record: &Record) -> String {
    match record {
        Record::Header { version, started } => format!("anna-journal {version} {started}"),
        Record::Voice { lang, squares, form } => {
            format!("voice {lang} {} {}", squares_name(*squares), form_name(*form))
        }
        Record::App(options) => app_text(options),
        Record::Check { plies, fen } => format!("check {plies} {fen}"),
        Record::Input { at, input } => match input {
            Input::Tick => format!("{} tick", seconds(*at)),
            Input::Act { actor: None, command } => format!("{} {}", seconds(*at), command_text(command)),
            Input::Act { actor: Some(side), command } => {
                format!("{} {}: {}", seconds(*at), side_name(*side), command_text(command))
            }
        },
        Record::End { at, how } => {
            let how = match how {
                End::Finished => "finished",
                End::Abandoned => "abandoned",
            };
            format!("end {} {how}", seconds(*at))
        }
    }
}

/// Reads the text of a record.
pub fn read(text: &str) -> Res<Record> {
    let (word, rest) = split(text);
    match word {
        "anna-journal" => {
            let (version, started) = split(rest);
            Ok(Record::Header { version: number(version)?, started: number(started)? })
        }
        "voice" => {
            let words: Vec<&str> = rest.split(' ').collect();
            let [lang, squares, form] = words.as_slice() else { return bad("a voice needs three words") };
            Ok(Record::Voice {
                lang: (*lang).to_string(),
                squares: squares.parse().map_err(|e: BadValue| CodecError(e.to_string()))?,
                form: form.parse().map_err(|e: BadValue| CodecError(e.to_string()))?,
            })
        }
        "app" => read_app(rest).map(Record::App),
        "check" => {
            let (plies, fen) = split(rest);
            Ok(Record::Check { plies: number(plies)?, fen: fen.to_string() })
        }
        "end" => {
            let (at, how) = split(rest);
            let how = match how {
                "finished" => End::Finished,
                "abandoned" => End::Abandoned,
                _ => return bad(format!("'{how}' is not how a game ends")),
            };
            Ok(Record::End { at: parse_seconds(at)?, how })
        }
        _ => {
            let at = parse_seconds(word)?;
            if rest == "tick" {
                return Ok(Record::Input { at, input: Input::Tick });
            }
            let (first, after) = split(rest);
            let input = match first.strip_suffix(':').map(side) {
                Some(actor) => Input::Act { actor: Some(actor?), command: read_command(after)? },
                None => Input::Act { actor: None, command: read_command(rest)? },
            };
            Ok(Record::Input { at, input })
        }
    }
}

/// The first word and the rest after one space.
fn split(text: &str) -> (&str, &str) {
    text.split_once(' ').unwrap_or((text, ""))
}

fn number<T: std::str::FromStr>(text: &str) -> Res<T> {
    text.parse().or_else(|_| bad(format!("'{text}' is not a number")))
}

/// A duration as exact seconds: `900`, `0.5`, `12.345`, `1.000000001`.
pub fn seconds(d: Duration) -> String {
    match d.subsec_nanos() {
        0 => d.as_secs().to_string(),
        nanos => {
            let fraction = format!("{nanos:09}");
            format!("{}.{}", d.as_secs(), fraction.trim_end_matches('0'))
        }
    }
}

pub fn parse_seconds(text: &str) -> Res<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 9 || text.ends_with('.') {
        return bad(format!("'{text}' is not a time in seconds"));
    }
    let nanos = if fraction.is_empty() { 0 } else { number::<u32>(&format!("{fraction:0<9}"))? };
    let whole: u64 = number(whole)?;
    if whole > MAX_SECONDS {
        return bad(format!("'{text}' is longer than any game"));
    }
    Ok(Duration::new(whole, nanos))
}

const fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn side(text: &str) -> Res<Color> {
    match text {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => bad(format!("'{text}' is not a side")),
    }
}

const fn squares_name(style: SquareStyle) -> &'static str {
    match style {
        SquareStyle::AnnexD => "annex-d",
        SquareStyle::German => "german",
        SquareStyle::Anna => "anna",
        SquareStyle::Nato => "nato",
        SquareStyle::Plain => "plain",
    }
}

const fn form_name(form: MoveForm) -> &'static str {
    match form {
        MoveForm::Short => "short",
        MoveForm::Long => "long",
    }
}

use anna_core::command::on_off_word as on_off;

/// Only the words the journal writes: `on`, `off`.
fn flag(text: &str) -> Res<bool> {
    match text {
        "on" | "off" => Ok(anna_core::command::on_off(text) == Some(true)),
        _ => bad(format!("'{text}' is not on or off")),
    }
}

/// A command in canonical English words.
pub fn command_text(command: &Command) -> String {
    match command {
        Command::TimeControl(tc) => {
            let mut text = format!("tc {}", tc.mode.name());
            for p in &tc.periods {
                let moves = p.moves.map_or_else(|| "-".to_string(), |n| n.to_string());
                text.push_str(&format!(" {moves}/{}+{}", seconds(p.time), seconds(p.increment)));
            }
            text
        }
        Command::ClockMode(mode) => format!("tc-mode {}", mode.name()),
        Command::Fen(fen) => format!("fen {fen}"),
        Command::Chess960(n) => format!("chess960 {n}"),
        Command::Name(s, name) => format!("name {} {name}", side_name(*s)),
        Command::Move(spec) => format!("move{}", spec_text(spec)),
        Command::Claim(Some(spec)) => format!("claim move{}", spec_text(spec)),
        Command::Illegal(IllegalMove::Press) => "illegal press".into(),
        Command::Illegal(IllegalMove::TwoHands) => "illegal two-hands".into(),
        Command::Illegal(IllegalMove::Earlier { number, side }) => format!("illegal at {number} {}", side_name(*side)),
        Command::Illegal(IllegalMove::Move(spec)) => format!("illegal move{}", spec_text(spec)),
        Command::Touch(square) => format!("touch {square}"),
        Command::Release(square) => format!("release {square}"),
        Command::Irregular(irregularity) => format!("irregular {}", irregularity.word()),
        Command::AdjustTime(s, time) => format!("adjust {} {}", side_name(*s), seconds(*time)),
        Command::AdjustMoves(s, n) => format!("adjust {} moves {n}", side_name(*s)),
        Command::FollowClock(s, time) => format!("follow {} {}", side_name(*s), seconds(*time)),
        Command::Quickplay => "quickplay".into(),
        Command::Start
        | Command::Press
        | Command::Offer
        | Command::Accept
        | Command::Decline
        | Command::Claim(None)
        | Command::Resign
        | Command::Flag
        | Command::Pause
        | Command::Resume
        | Command::Open
        | Command::Time
        | Command::Moves
        | Command::Repeat
        | Command::Turn
        // Said by its name alone: written as its name (every one of these has one).
        | Command::Last
        | Command::Jadoube => Name::of(command).map_or("unnamed", Name::key).into(),
        Command::Seal(spec) => format!("seal move{}", spec_text(spec)),
        Command::Decide(winner) => format!("decide {}", winner.map_or("draw", side_name)),
        Command::Ended(o) => format!("ended {} {}", o.winner.map_or("draw", side_name), o.reason.key()),
        Command::TakeBack(n, Retraction::Server) => format!("takeback {n}"),
        Command::TakeBack(n, Retraction::Home) => format!("takeback {n} home"),
        Command::Unclear { text, guess } => {
            let guess = guess.as_ref().map_or_else(String::new, |g| format!(" {}", command_text(g)));
            format!("unclear {}:{text}{guess}", text.len())
        }
        Command::Answer(yes) => if *yes { "yes" } else { "no" }.into(),
        Command::Set(setting) => format!("set {}", setting_text(setting)),
        Command::TimeOf(s) => format!("time {}", side_name(*s)),
        Command::MovesFrom(n) => format!("moves {n}"),
        Command::Explore(query) => format!("explore {}", query_text(query)),
        Command::Request(name, rest) => format!("request {} {rest}", name.key()).trim_end().to_string(),
    }
}

fn setting_text(setting: &Setting) -> String {
    match setting {
        Setting::AutoPress(on) => format!("auto-press {}", on_off(*on)),
        Setting::TouchMove(TouchMove::Warn) => "touch-move warn".into(),
        Setting::TouchMove(TouchMove::Enforce) => "touch-move enforce".into(),
        Setting::Flag(FlagPolicy::Auto) => "flag auto".into(),
        Setting::Flag(FlagPolicy::Claim) => "flag claim".into(),
        Setting::Supervised(on) => format!("supervision {}", if *on { "full" } else { "partial" }),
        Setting::NoDrawOfferBefore(n) => format!("no-draw-offer-before {n}"),
        Setting::Player(s) => format!("player {}", s.map_or("both", side_name)),
        Setting::Alarms(times) if times.is_empty() => "alarms off".into(),
        Setting::Alarms(times) => {
            format!("alarms {}", times.iter().map(|t| seconds(*t)).collect::<Vec<_>>().join(","))
        }
        Setting::Tournament(on) => format!("tournament {}", on_off(*on)),
        Setting::Laws(edition) => format!("laws {edition}"),
    }
}

/// The fields of a move as heard, each after a space: `pieces=NB from=g1 to=f3 capture
/// promotion=Q castle=king`; fields at their default are left out.
fn spec_text(spec: &MoveSpec) -> String {
    let MoveSpec {
        pieces,
        from_file,
        from_rank,
        to,
        capture,
        promotion,
        castle,
        castling,
        captured,
        en_passant,
        side,
        mating,
    } = spec;
    let mut text = String::new();
    if !pieces.is_empty() {
        text.push_str(" pieces=");
        text.extend(pieces.iter().map(|r| r.upper_char()));
    }
    if from_file.is_some() || from_rank.is_some() {
        text.push_str(" from=");
        text.extend(from_file.map(File::char));
        text.extend(from_rank.map(Rank::char));
    }
    if let Some(to) = to {
        text.push_str(&format!(" to={to}"));
    }
    if *capture {
        text.push_str(" capture");
    }
    if let Some(role) = captured {
        text.push_str(&format!(" captured={}", role.upper_char()));
    }
    if *en_passant {
        text.push_str(" en-passant");
    }
    if *mating {
        text.push_str(" mating");
    }
    if let Some(color) = side {
        text.push_str(&format!(" side={}", side_name(*color)));
    }
    if let Some(role) = promotion {
        text.push_str(&format!(" promotion={}", role.upper_char()));
    }
    match castle {
        Some(CastlingSide::KingSide) => text.push_str(" castle=king"),
        Some(CastlingSide::QueenSide) => text.push_str(" castle=queen"),
        None if *castling => text.push_str(" castle=any"),
        None => {}
    }
    text
}

/// A command said by its name alone, written as the name (the questions about the board have
/// their own form, `explore ...`).
fn bare(command: &Command) -> Option<Name> {
    Name::of(command).filter(|name| name.command().as_ref() == Some(command) && !matches!(command, Command::Explore(_)))
}

/// Reads a command written by [`command_text`].
pub fn read_command(text: &str) -> Res<Command> {
    let (word, rest) = split(text);
    let plain = |command: Command| if rest.is_empty() { Ok(command) } else { bad(format!("'{word}' takes nothing")) };
    match word {
        "tc" => {
            let (mode, periods) = split(rest);
            let mode = mode.parse::<ClockMode>().map_err(|e| CodecError(e.to_string()))?;
            let periods = periods.split(' ').filter(|p| !p.is_empty()).map(period).collect::<Res<Vec<_>>>()?;
            Ok(Command::TimeControl(TimeControl { periods, mode }))
        }
        "tc-mode" => rest
            .parse()
            .map(Command::ClockMode)
            .map_err(|e: anna_core::clock::ParseClockModeError| CodecError(e.to_string())),
        "fen" => Ok(Command::Fen(rest.to_string())),
        "chess960" => Ok(Command::Chess960(number(rest)?)),
        "name" => {
            let (s, name) = split(rest);
            Ok(Command::Name(side(s)?, name.to_string()))
        }
        "move" => Ok(Command::Move(spec(rest)?)),
        "claim" if !rest.is_empty() => Ok(Command::Claim(Some(spec(moved(rest)?)?))),
        "illegal" if rest == "press" => Ok(Command::Illegal(IllegalMove::Press)),
        "illegal" if rest == "two-hands" => Ok(Command::Illegal(IllegalMove::TwoHands)),
        "illegal" if rest.starts_with("at ") => {
            let (n, s) = split(&rest[3..]);
            Ok(Command::Illegal(IllegalMove::Earlier { number: number(n)?, side: side(s)? }))
        }
        "illegal" => Ok(Command::Illegal(IllegalMove::Move(spec(moved(rest)?)?))),
        "touch" => Ok(Command::Touch(square(rest)?)),
        "release" => Ok(Command::Release(square(rest)?)),
        "request" => {
            let (name, words) = split(rest);
            let name = Name::from_key(name).ok_or_else(|| CodecError(format!("'{name}' is no command")))?;
            Ok(Command::Request(name, words.to_string()))
        }
        "irregular" => Irregularity::from_words(rest)
            .map(Command::Irregular)
            .ok_or_else(|| CodecError(format!("'{rest}' is no irregularity"))),
        "seal" => Ok(Command::Seal(spec(moved(rest)?)?)),
        "adjust" => {
            let (s, what) = split(rest);
            match what.strip_prefix("moves ") {
                Some(n) => Ok(Command::AdjustMoves(side(s)?, number(n)?)),
                None => Ok(Command::AdjustTime(side(s)?, parse_seconds(what)?)),
            }
        }
        "follow" => {
            let (s, time) = split(rest);
            Ok(Command::FollowClock(side(s)?, parse_seconds(time)?))
        }
        "quickplay" => plain(Command::Quickplay),
        "decide" if rest == "draw" => Ok(Command::Decide(None)),
        "decide" => Ok(Command::Decide(Some(side(rest)?))),
        "ended" => {
            let (s, key) = split(rest);
            let reason = Reason::from_key(key).ok_or_else(|| CodecError(format!("no such ending: {key}")))?;
            let winner = if s == "draw" { None } else { Some(side(s)?) };
            Ok(Command::Ended(Outcome { winner, reason }))
        }
        // Journals written before a takeback said why are a server's.
        "takeback" => match rest.split_once(' ') {
            Some((n, "home")) => Ok(Command::TakeBack(number(n)?, Retraction::Home)),
            _ => Ok(Command::TakeBack(number(rest)?, Retraction::Server)),
        },
        "unclear" => {
            let (length, after) =
                rest.split_once(':').ok_or_else(|| CodecError("an unclear text needs a length".into()))?;
            let length: usize = number(length)?;
            let said = after.get(..length).ok_or_else(|| CodecError("the unclear text is cut short".into()))?;
            let guess = match &after[length..] {
                "" => None,
                more => Some(Box::new(read_command(
                    more.strip_prefix(' ').ok_or_else(|| CodecError("a guess follows a space".into()))?,
                )?)),
            };
            Ok(Command::Unclear { text: said.to_string(), guess })
        }
        "yes" => plain(Command::Answer(true)),
        "no" => plain(Command::Answer(false)),
        "set" => Ok(Command::Set(setting(rest)?)),
        "time" if !rest.is_empty() => Ok(Command::TimeOf(side(rest)?)),
        "moves" if !rest.is_empty() => Ok(Command::MovesFrom(number(rest)?)),
        "explore" => Ok(Command::Explore(query(rest)?)),
        // A command said by its name alone (`resign`, `claim`, `time`), written as its name.
        _ => match Name::from_key(word).and_then(Name::command).filter(|c| bare(c).is_some()) {
            Some(command) => plain(command),
            None => bad(format!("'{word}' is not a command of the journal")),
        },
    }
}

/// `move FIELDS` after `claim` or `illegal`: the fields.
fn moved(text: &str) -> Res<&str> {
    match text {
        "move" => Ok(""),
        _ => text.strip_prefix("move ").ok_or_else(|| CodecError(format!("'{text}' is not a move"))),
    }
}

/// `MOVES/TIME+INCREMENT`, MOVES `-` for the rest of the game.
fn period(text: &str) -> Res<Period> {
    let (moves, times) = text.split_once('/').ok_or_else(|| CodecError(format!("'{text}' is not a period")))?;
    let (time, increment) = times.split_once('+').ok_or_else(|| CodecError(format!("'{text}' is not a period")))?;
    let moves = if moves == "-" { None } else { Some(number(moves)?) };
    Ok(Period { moves, time: parse_seconds(time)?, increment: parse_seconds(increment)? })
}

fn spec(text: &str) -> Res<MoveSpec> {
    let mut spec = MoveSpec::default();
    for field in text.split(' ').filter(|f| !f.is_empty()) {
        let (name, value) = field.split_once('=').unwrap_or((field, ""));
        match name {
            "pieces" => spec.pieces = value.chars().map(role).collect::<Res<_>>()?,
            "from" => {
                for c in value.chars() {
                    match (File::from_char(c), Rank::from_char(c)) {
                        (Some(f), _) if spec.from_file.is_none() && spec.from_rank.is_none() => {
                            spec.from_file = Some(f);
                        }
                        (_, Some(r)) if spec.from_rank.is_none() => spec.from_rank = Some(r),
                        _ => return bad(format!("'{value}' is not where a move comes from")),
                    }
                }
            }
            "to" => spec.to = Some(square(value)?),
            "capture" => spec.capture = true,
            "captured" => spec.captured = Some(single_role(value)?),
            "en-passant" => spec.en_passant = true,
            "mating" => spec.mating = true,
            // Written by journals before issue 59 (a correction's piece or pawn, asked): the
            // pieces keep their order of preference now.
            "either" => {}
            "side" => spec.side = Some(self::side(value)?),
            "promotion" => spec.promotion = Some(single_role(value)?),
            "castle" if value == "king" => spec.castle = Some(CastlingSide::KingSide),
            "castle" if value == "queen" => spec.castle = Some(CastlingSide::QueenSide),
            "castle" if value == "any" => spec.castling = true,
            _ => return bad(format!("'{field}' is not part of a move")),
        }
    }
    Ok(spec)
}

fn role(c: char) -> Res<Role> {
    Role::from_char(c.to_ascii_lowercase())
        .filter(|_| c.is_ascii_uppercase())
        .ok_or_else(|| CodecError(format!("'{c}' is not a piece")))
}

fn single_role(text: &str) -> Res<Role> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => role(c),
        _ => bad(format!("'{text}' is not a piece")),
    }
}

fn square(text: &str) -> Res<Square> {
    Square::from_ascii(text.as_bytes()).or_else(|_| bad(format!("'{text}' is not a square")))
}

fn one_char(text: &str) -> Res<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => bad(format!("'{text}' is not one letter")),
    }
}

fn setting(text: &str) -> Res<Setting> {
    let (name, value) = split(text);
    Ok(match (name, value) {
        ("auto-press", v) => Setting::AutoPress(flag(v)?),
        ("touch-move", "warn") => Setting::TouchMove(TouchMove::Warn),
        ("touch-move", "enforce") => Setting::TouchMove(TouchMove::Enforce),
        ("flag", "auto") => Setting::Flag(FlagPolicy::Auto),
        ("flag", "claim") => Setting::Flag(FlagPolicy::Claim),
        ("supervision", "full") => Setting::Supervised(true),
        ("supervision", "partial") => Setting::Supervised(false),
        ("no-draw-offer-before", n) => Setting::NoDrawOfferBefore(number(n)?),
        ("player", "both") => Setting::Player(None),
        ("player", s) => Setting::Player(Some(side(s)?)),
        ("alarms", "off") => Setting::Alarms(Vec::new()),
        ("alarms", times) => Setting::Alarms(times.split(',').map(parse_seconds).collect::<Res<_>>()?),
        ("tournament", v) => Setting::Tournament(flag(v)?),
        ("laws", year) => Setting::Laws(year.parse().or_else(|()| bad(format!("'{year}' is no edition of the Laws")))?),
        _ => return bad(format!("'{text}' is not a setting")),
    })
}

#[cfg(test)]
mod tests;
