//! Time controls: periods, clock modes and speed categories (FIDE 6.3, A.1, B.1), with their PGN `TimeControl` text.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How the per-move time of a [`Period`] is applied (FIDE 6.3.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ClockMode {
    /// Cumulative: the increment is added before the first move and after every completed move.
    #[default]
    Fischer,
    /// Like Fischer, but a player never gets back more than the time he used on the move; nothing up front.
    Bronstein,
    /// US delay: the main time does not run during the first `increment` of each move.
    Delay,
}

impl ClockMode {
    /// The lowercase name, as accepted by [`FromStr`].
    pub const fn name(self) -> &'static str {
        match self {
            ClockMode::Fischer => "fischer",
            ClockMode::Bronstein => "bronstein",
            ClockMode::Delay => "delay",
        }
    }
}

impl fmt::Display for ClockMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A clock mode name that is not `fischer`, `bronstein` or `delay`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseClockModeError(pub String);

impl fmt::Display for ParseClockModeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "I do not know the clock mode '{}'. Accepted modes are fischer, bronstein and delay.", self.0)
    }
}

impl std::error::Error for ParseClockModeError {}

impl FromStr for ClockMode {
    type Err = ParseClockModeError;

    /// `fischer`, `bronstein` or `delay`, in any case, surrounding whitespace ignored.
    fn from_str(s: &str) -> Result<ClockMode, ParseClockModeError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "fischer" => Ok(ClockMode::Fischer),
            "bronstein" => Ok(ClockMode::Bronstein),
            "delay" => Ok(ClockMode::Delay),
            _ => Err(ParseClockModeError(s.trim().to_owned())),
        }
    }
}

/// One period of a time control (FIDE 6.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The move quota of the period; `None` (or `Some(0)`) means the rest of the game.
    pub moves: Option<u32>,
    /// Time added when the period starts; unused time of the previous period carries over (6.3.2).
    pub time: Duration,
    /// Increment (Fischer, Bronstein) or delay (Delay) for each move played in this period.
    pub increment: Duration,
}

impl Period {
    /// The quota, if the period has a real one.
    pub(super) fn quota(&self) -> Option<u32> {
        self.moves.filter(|&q| q > 0)
    }
}

/// A time control: its periods and the clock mode. No periods means no time control.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeControl {
    pub periods: Vec<Period>,
    pub mode: ClockMode,
}

/// The speed category of a game (FIDE A.1, B.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    Standard,
    Rapid,
    Blitz,
}

/// The largest time or increment [`TimeControl::parse`] accepts: 24 hours.
pub const MAX_PARSED_TIME: Duration = Duration::from_secs(24 * 3600);

/// What kind of mistake a time control text had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControlErrorKind {
    /// Nothing was given.
    Empty,
    /// `?`: PGN's "unknown time control".
    Unknown,
    /// `*180`: PGN's sandclock, which this clock does not have.
    Sandclock,
    /// A part could not be read.
    Syntax,
    /// A move quota of zero.
    ZeroQuota,
    /// A number too large to be a real time control.
    TooLarge,
    /// Every period has zero time.
    NoTime,
    /// A period follows one without a move quota.
    PeriodAfterRest,
}

/// A time control text that could not be read. [`Display`](fmt::Display) gives an English sentence saying what was
/// wrong and which forms are accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError {
    input: String,
    kind: TimeControlErrorKind,
    detail: String,
}

impl TimeControlError {
    /// The text that was given (trimmed).
    pub fn input(&self) -> &str {
        &self.input
    }

    pub fn kind(&self) -> TimeControlErrorKind {
        self.kind
    }

    /// What was wrong, without the list of accepted forms.
    pub fn detail(&self) -> &str {
        &self.detail
    }
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "I could not read the time control '{}': {}. Write minutes and the increment in seconds, as \
             tournaments do: '90+30', '5+3', '15'; with units '1h30+30', '90m+30s', '300s+3'; periods like \
             '40/90+30, 30+30' or '40/120:20/60:30'; PGN seconds like '5400+30'; '-' for no time control.",
            self.input, self.detail
        )
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    /// No time control: the clocks only count moves.
    pub fn none() -> TimeControl {
        TimeControl { periods: Vec::new(), mode: ClockMode::Fischer }
    }

    pub fn is_none(&self) -> bool {
        self.periods.is_empty()
    }

    pub fn with_mode(self, mode: ClockMode) -> TimeControl {
        TimeControl { mode, ..self }
    }

    /// The rules of the period with this 0-based index. A last period with a quota repeats (FIDE 6.3.1), so any
    /// index past the end gives the last period. `None` only with no time control.
    pub fn period(&self, index: usize) -> Option<&Period> {
        let last = self.periods.len().checked_sub(1)?;
        self.periods.get(index.min(last))
    }

    /// Reads a PGN `TimeControl` tag (Fischer mode; see [`with_mode`](Self::with_mode)). What
    /// players write (`--tc`, the setup question, `tc`) is read by [`read`](Self::read), in minutes.
    ///
    /// - `-`: no time control. `?` (unknown) and `*180` (sandclock) are errors.
    /// - `300+3`: 300 seconds, 3 seconds a move. `40/5400+30:1800+30`: periods separated by `:`, each
    ///   `[moves/]time[+increment]`; a period without a quota lasts the rest of the game and must be the last; a last
    ///   period with a quota repeats (`40/7200:20/3600`).
    /// - Units: a number may end in `s` (seconds), `m`/`min` (minutes) or `h` (hours): `90m+30`, `90min+30s`,
    ///   `300s+3`, `1h+30`. Without a unit a number means seconds, except:
    /// - Shorthand: a single period without a quota whose base has no unit and is **under 60** is read as minutes
    ///   (`5+3` is 5 minutes + 3 seconds; a whole game in under a minute is not a real control). So `60+0` is one
    ///   minute; write `60m` for an hour.
    ///
    /// Whitespace around the text and its parts is ignored; units are case-insensitive. Rejected: zero quotas, every
    /// period with zero time, times or increments over [`MAX_PARSED_TIME`], and anything else; the error names the
    /// bad part.
    pub fn parse(s: &str) -> Result<TimeControl, TimeControlError> {
        let input = s.trim();
        let fail = |kind, detail: String| TimeControlError { input: input.to_owned(), kind, detail };
        match input {
            "" => return Err(fail(TimeControlErrorKind::Empty, "it is empty".into())),
            "-" => return Ok(TimeControl::none()),
            "?" => {
                return Err(fail(
                    TimeControlErrorKind::Unknown,
                    "'?' means the time control is unknown, so there is no time to set".into(),
                ))
            }
            _ => {}
        }
        if input.starts_with('*') {
            return Err(fail(
                TimeControlErrorKind::Sandclock,
                "a sandclock ('*' followed by seconds) is not supported by this clock".into(),
            ));
        }
        let parts: Vec<&str> = input.split(':').map(str::trim).collect();
        let single = parts.len() == 1;
        let mut periods = Vec::with_capacity(parts.len());
        for (i, part) in parts.iter().enumerate() {
            let context = if single { String::new() } else { format!("in period {} ('{}'), ", i + 1, part) };
            if periods.last().is_some_and(|p: &Period| p.quota().is_none()) {
                return Err(fail(TimeControlErrorKind::PeriodAfterRest, period_after_rest(i, parts[i - 1], "40/5400")));
            }
            let period = parse_period(part, single).map_err(|(kind, detail)| fail(kind, context + &detail))?;
            periods.push(period);
        }
        if periods.iter().all(|p| p.time.is_zero()) {
            return Err(fail(TimeControlErrorKind::NoTime, "it gives no time at all".into()));
        }
        Ok(TimeControl { periods, mode: ClockMode::Fischer })
    }

    /// The speed category (FIDE A.1, B.1): the time each player has for **all the moves**, counted as
    /// the Laws count it for 60 moves, over every period the first 60 moves reach (a last period with
    /// a quota repeats), with the increment of each move's period: blitz for 10 minutes or less, rapid
    /// for more than 10 and less than 60, standard for 60 or more and with no time control. So 40 moves
    /// in 50 minutes then 30 minutes is standard (80 minutes), and 20 moves in 5 minutes then 10
    /// minutes is rapid (15 minutes).
    pub fn category(&self) -> Category {
        if self.periods.is_empty() {
            return Category::Standard;
        }
        let total = self.time_for_moves(60);
        if total <= Duration::from_secs(10 * 60) {
            Category::Blitz
        } else if total < Duration::from_secs(60 * 60) {
            Category::Rapid
        } else {
            Category::Standard
        }
    }

    /// The time a player has for the first `moves` moves: every period they reach, and each move's
    /// increment.
    pub fn time_for_moves(&self, moves: u32) -> Duration {
        let mut total = Duration::ZERO;
        let mut counted = 0u32;
        let mut index = 0;
        while counted < moves {
            let Some(period) = self.period(index) else { break };
            let here = period.quota().map_or(moves - counted, |q| q.min(moves - counted));
            let increments = period.increment.checked_mul(here).unwrap_or(Duration::MAX);
            total = total.saturating_add(period.time).saturating_add(increments);
            counted += here;
            index += 1;
        }
        total
    }

    /// The value of a PGN `TimeControl` tag: `-` for none, else e.g. `40/5400+30:1800+30` (seconds; the mode is
    /// not part of PGN).
    pub fn to_pgn(&self) -> String {
        if self.is_none() {
            return "-".to_owned();
        }
        let parts: Vec<String> = self
            .periods
            .iter()
            .map(|p| {
                let mut s = String::new();
                if let Some(q) = p.quota() {
                    s.push_str(&format!("{q}/"));
                }
                s.push_str(&pgn_seconds(p.time));
                if !p.increment.is_zero() {
                    s.push('+');
                    s.push_str(&pgn_seconds(p.increment));
                }
                s
            })
            .collect();
        parts.join(":")
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse(s)
    }
}

impl fmt::Display for TimeControl {
    /// The PGN form, as [`TimeControl::to_pgn`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pgn())
    }
}

/// Whole seconds, or seconds with up to three decimals.
fn pgn_seconds(d: Duration) -> String {
    let ms = d.subsec_millis();
    if ms == 0 {
        d.as_secs().to_string()
    } else {
        format!("{}.{:03}", d.as_secs(), ms).trim_end_matches('0').to_owned()
    }
}

type PartError = (TimeControlErrorKind, String);

/// `period = [moves "/"] amount ["+" amount]`
fn parse_period(text: &str, single: bool) -> Result<Period, PartError> {
    if text.is_empty() {
        return Err((TimeControlErrorKind::Syntax, "this period is empty; periods are separated by one ':'".into()));
    }
    let (moves, rest, before) = match text.split_once('/') {
        Some((quota, rest)) => {
            let quota = quota.trim();
            let q = parse_count(quota).ok_or_else(|| {
                (
                    TimeControlErrorKind::Syntax,
                    format!("before '/' I expected a number of moves, like 40/5400, but found '{quota}'"),
                )
            })?;
            if q == 0 {
                return Err((TimeControlErrorKind::ZeroQuota, "a period cannot have a quota of 0 moves".into()));
            }
            (Some(q), rest.trim(), format!("after '{quota}/'"))
        }
        None => (None, text, "at the start".to_owned()),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (b.trim(), Some(i.trim())),
        None => (rest, None),
    };
    let (n, unit) = parse_amount(base).map_err(|kind| {
        let found = if rest.is_empty() { "nothing".to_owned() } else { format!("'{rest}'") };
        (kind, format!("{before} I expected seconds, like 40/5400+30 or 300+3, but found {found}"))
    })?;
    let unit = match unit {
        Some(u) => u,
        None if single && moves.is_none() && n < 60 => 60,
        None => 1,
    };
    let time = to_duration(n, unit).ok_or_else(|| too_large(base))?;
    let increment = match inc {
        None => Duration::ZERO,
        Some(i) => {
            let (n, unit) = parse_amount(i).map_err(|kind| {
                let found = if i.is_empty() { "nothing".to_owned() } else { format!("'{i}'") };
                (kind, format!("after '{base}+' I expected the increment in seconds, like 300+3, but found {found}"))
            })?;
            to_duration(n, unit.unwrap_or(1)).ok_or_else(|| too_large(i))?
        }
    };
    Ok(Period { moves, time, increment })
}

/// Period `i` (from 1), written `part`, has no quota, and another follows it.
fn period_after_rest(i: usize, part: &str, example: &str) -> String {
    format!(
        "period {i} ('{part}') has no move quota, so it lasts the rest of the game and no period can follow it; \
         give it a quota like {example}"
    )
}

fn too_large(part: &str) -> PartError {
    (TimeControlErrorKind::TooLarge, format!("'{part}' is too long; a period or increment may be at most 24 hours"))
}

fn parse_count(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `amount = digits [unit]`, unit `s|sec|m|min|h|hr` and plurals. Returns the number and the unit in seconds.
fn parse_amount(s: &str) -> Result<(u64, Option<u64>), TimeControlErrorKind> {
    let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (digits, suffix) = s.split_at(split);
    if digits.is_empty() {
        return Err(TimeControlErrorKind::Syntax);
    }
    let n: u64 = digits.parse().map_err(|_| TimeControlErrorKind::TooLarge)?;
    let unit = match suffix.trim().to_ascii_lowercase().as_str() {
        "" => None,
        "s" | "sec" | "secs" | "second" | "seconds" => Some(1),
        "m" | "min" | "mins" | "minute" | "minutes" => Some(60),
        "h" | "hr" | "hrs" | "hour" | "hours" => Some(3600),
        _ => return Err(TimeControlErrorKind::Syntax),
    };
    Ok((n, unit))
}

fn to_duration(n: u64, unit: u64) -> Option<Duration> {
    let d = Duration::from_secs(n.checked_mul(unit)?);
    (d <= MAX_PARSED_TIME).then_some(d)
}

mod read;

#[cfg(test)]
mod tests;
