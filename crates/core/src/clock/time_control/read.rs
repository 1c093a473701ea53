//! A time control as players write it: on the command line (`--tc`), in answer to the setup
//! question, in a typed or scripted `tc`. One reading for all of them, minutes by default as every
//! tournament and clock maker means them: `90+30` is 90 minutes and 30 seconds a move.
//!
//! - A bare base (no unit) is minutes, unless some bare base of the control is over 180: three
//!   hours is the longest first period any regulation gives, so `5400+30` or `40/7200:3600` are
//!   PGN seconds, unmistakably, and the whole control is read in seconds then.
//! - Units: `h`, `m`/`min`/`'`, `s`/`sec`/`"` (or `''`), combined: `1h30`, `1h30m`, `90'`, `2m30s`.
//! - Increments are seconds unless marked: `+30`, `+30s`, `+30"`, `|30`.
//! - Periods are separated by `:`, `,`, `;` or `then`, each `[moves/]time[+increment]`, as
//!   regulations write them: `40/90+30, 30+30`, `40/120, 20/60, 30`.
//! - US Chess: `G/90;+30` or `G/90;inc30` (game in 90 minutes, 30 seconds a move), `G/90;d5` (a
//!   5-second delay).
//! - `-` or `none`: no time control.

use std::time::Duration;

use super::{
    period_after_rest, ClockMode, Period, TimeControl, TimeControlError, TimeControlErrorKind, MAX_PARSED_TIME,
};

/// Bare bases over this many are seconds, as PGN writes them.
const LONGEST_MINUTES: u64 = 180;

/// One period as written, before the unit of its bare numbers is known.
struct Written {
    moves: Option<u32>,
    /// The time in seconds as far as units say, and a bare number (no unit) to add.
    base: (u64, Option<u64>),
    increment: Option<(u64, Option<u64>)>,
}

impl TimeControl {
    /// Reads a time control as players write it (see the module's notes): minutes by default.
    ///
    /// ```
    /// use anna_core::clock::TimeControl;
    /// use std::time::Duration;
    ///
    /// let tc = TimeControl::read("40/90+30, 30+30").unwrap();
    /// assert_eq!(tc.periods[0].time, Duration::from_secs(90 * 60));
    /// assert_eq!(tc.periods[1].time, Duration::from_secs(30 * 60));
    /// assert_eq!(TimeControl::read("5400+30").unwrap(), TimeControl::read("90+30").unwrap());
    /// ```
    pub fn read(text: &str) -> Result<TimeControl, TimeControlError> {
        let input = text.trim();
        let fail = |kind, detail: String| TimeControlError { input: input.to_owned(), kind, detail };
        let lower = input.to_lowercase();
        match lower.as_str() {
            "" => return Err(fail(TimeControlErrorKind::Empty, "it is empty".into())),
            "-" | "none" => return Ok(TimeControl::none()),
            _ => {}
        }
        let (text, mode) = us_chess(&lower);
        let parts: Vec<&str> = split_periods(&text);
        let mut written = Vec::with_capacity(parts.len());
        for (i, part) in parts.iter().enumerate() {
            let context = if parts.len() == 1 { String::new() } else { format!("in period {} ('{part}'), ", i + 1) };
            let period = period(part).map_err(|detail| fail(TimeControlErrorKind::Syntax, context + &detail))?;
            if period.moves == Some(0) {
                return Err(fail(TimeControlErrorKind::ZeroQuota, "a period cannot have a quota of 0 moves".into()));
            }
            written.push(period);
        }
        let pgn = written.iter().any(|p| p.base.1.is_some_and(|n| n > LONGEST_MINUTES));
        let bare_base = if pgn { 1 } else { 60 };
        let mut periods = Vec::with_capacity(written.len());
        for (i, w) in written.iter().enumerate() {
            if i > 0 && written[i - 1].moves.is_none() {
                return Err(fail(TimeControlErrorKind::PeriodAfterRest, period_after_rest(i, parts[i - 1], "40/90")));
            }
            let too_large =
                || fail(TimeControlErrorKind::TooLarge, "a period or increment may be at most 24 hours".to_string());
            let time = seconds(w.base, bare_base).ok_or_else(too_large)?;
            let increment = w.increment.map_or(Some(Duration::ZERO), |i| seconds(i, 1)).ok_or_else(too_large)?;
            periods.push(Period { moves: w.moves, time, increment });
        }
        if periods.iter().all(|p| p.time.is_zero()) {
            return Err(fail(TimeControlErrorKind::NoTime, "it gives no time at all".into()));
        }
        Ok(TimeControl { periods, mode })
    }
}

/// `G/90;+30`, `G/90;inc30`, `G/90;d5` as the ordinary form, and the clock mode they say.
fn us_chess(text: &str) -> (String, ClockMode) {
    let mut text = text.replace(' ', "");
    if let Some(rest) = text.strip_prefix("g/") {
        text = rest.to_string();
    }
    let mut mode = ClockMode::Fischer;
    for (written, plain) in [(";+", "+"), (";inc", "+"), (";d", "+")] {
        if text.contains(written) {
            mode = if written == ";d" { ClockMode::Delay } else { mode };
            text = text.replace(written, plain);
        }
    }
    (text.replace("then", ",").replace('|', "+"), mode)
}

fn split_periods(text: &str) -> Vec<&str> {
    text.split([':', ',', ';']).map(str::trim).collect()
}

/// `[moves/]time[+increment]`
fn period(text: &str) -> Result<Written, String> {
    if text.is_empty() {
        return Err("this period is empty".into());
    }
    let (moves, rest) = match text.split_once('/') {
        Some((quota, rest)) => {
            let q = quota
                .parse::<u32>()
                .map_err(|_| format!("before '/' I expected a number of moves, like 40/90, but found '{quota}'"))?;
            (Some(q), rest)
        }
        None => (None, text),
    };
    let (base, increment) = match rest.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (rest, None),
    };
    let base = amount(base).ok_or_else(|| format!("I expected a time, like 90 or 1h30, but found '{base}'"))?;
    let increment = match increment {
        Some(i) => {
            Some(amount(i).ok_or_else(|| format!("I expected an increment in seconds, like +30, but found '{i}'"))?)
        }
        None => None,
    };
    Ok(Written { moves, base, increment })
}

/// `1h30`, `90'`, `90m`, `2m30s`, `30"`, `90`: seconds as far as the units say, and a number left
/// without a unit (after hours it is minutes, after minutes seconds: `1h30`, `2'30`).
fn amount(text: &str) -> Option<(u64, Option<u64>)> {
    let text = text.replace("''", "\"");
    if text.is_empty() {
        return None;
    }
    let mut seconds = 0u64;
    let mut rest = text.as_str();
    let mut last_unit: Option<u64> = None;
    while !rest.is_empty() {
        let split = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        if split == 0 {
            return None;
        }
        let n: u64 = rest[..split].parse().ok()?;
        rest = &rest[split..];
        let unit_end = rest.find(|c: char| c.is_ascii_digit()).unwrap_or(rest.len());
        let unit = match &rest[..unit_end] {
            "" => None,
            "h" | "hr" | "hrs" | "hour" | "hours" => Some(3600),
            "m" | "min" | "mins" | "minute" | "minutes" | "'" => Some(60),
            "s" | "sec" | "secs" | "second" | "seconds" | "\"" => Some(1),
            _ => return None,
        };
        rest = &rest[unit_end..];
        match unit {
            Some(unit) => {
                // Units come largest first, each once.
                if last_unit.is_some_and(|last| unit >= last) {
                    return None;
                }
                seconds = seconds.checked_add(n.checked_mul(unit)?)?;
                last_unit = Some(unit);
            }
            // A number without a unit after one with a unit is the next smaller unit.
            None => match last_unit {
                Some(last) if last > 1 => return Some((seconds.checked_add(n.checked_mul(last / 60)?)?, None)),
                Some(_) => return None,
                None => return Some((0, Some(n))),
            },
        }
    }
    Some((seconds, None))
}

/// The duration of a written amount, its bare number in units of `bare` seconds.
fn seconds((marked, bare_number): (u64, Option<u64>), bare: u64) -> Option<Duration> {
    let total = marked.checked_add(bare_number.unwrap_or(0).checked_mul(bare)?)?;
    let d = Duration::from_secs(total);
    (d <= MAX_PARSED_TIME).then_some(d)
}
