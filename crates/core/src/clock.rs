//! Time controls and the two players' clocks (FIDE 6, A.1, B.1, B.2, III).
//!
//! Pure: time comes in as `now`, a [`Duration`] since the session began. Nothing here reads the wall clock.
//!
//! ```
//! use std::time::Duration;
//! use anna_core::clock::{Clock, TimeControl};
//! use shakmaty::Color::{Black, White};
//!
//! let tc: TimeControl = "5+3".parse().unwrap(); // 5 minutes + 3 seconds a move
//! let mut clock = Clock::new(tc);
//! clock.start(White, Duration::ZERO);
//! let report = clock.press(Duration::from_secs(10)).unwrap(); // White moved in 10 s
//! assert_eq!(report.remaining, Duration::from_secs(300 + 3 - 10 + 3)); // FIDE 6.3.2
//! assert_eq!(clock.running(), Some(Black));
//! ```

mod time_control;

use std::time::Duration;

use shakmaty::{ByColor, Color};

/// A time as a clock's face shows it and as it is said: whole seconds, rounded up, so that 0:00
/// shows (and "0 seconds" is said) only when the flag falls, and what is said is what is shown.
pub fn face(remaining: Duration) -> Duration {
    Duration::from_secs(remaining.as_secs() + u64::from(remaining.subsec_nanos() > 0))
}

pub use time_control::{
    Category, ClockMode, ParseClockModeError, Period, TimeControl, TimeControlError, TimeControlErrorKind,
    MAX_PARSED_TIME,
};

/// What a press of the clock did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PressReport {
    /// The side that completed its move.
    pub side: Color,
    /// Its time after the press.
    pub remaining: Duration,
    /// The increment actually credited for the move (FIDE 6.3.2).
    pub added: Duration,
    /// The period entered because the move completed the quota (FIDE 6.3.1).
    pub new_period: Option<NewPeriod>,
}

/// A period a side has just entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NewPeriod {
    /// 0-based count of the period now entered. It keeps growing while a last period with a quota repeats; its rules
    /// are [`TimeControl::period`]`(index)`.
    pub index: usize,
    /// That period's time, added to what was left (zero if the flag had already fallen).
    pub added: Duration,
}

/// One player's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    /// Main time at the last checkpoint.
    main: Duration,
    /// Moves completed (presses).
    moves: u32,
    /// 0-based period count.
    period: usize,
    /// Moves completed in the current period.
    in_period: u32,
    /// When the flag fell, if it has and no time was given since.
    fell: Option<Duration>,
    /// Time this side's clock has run, whatever was added to it (the envelope's "time used", Guideline I.2.3).
    spent: Duration,
}

/// The move in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    side: Color,
    /// Last checkpoint (start of the move, or of the time since the last pause or correction).
    since: Duration,
    /// Time spent on this move before `since`.
    used: Duration,
    paused: bool,
}

/// Both players' clocks.
///
/// With no time control the clock only counts moves: [`remaining`](Self::remaining) is always zero and
/// [`flag_at`](Self::flag_at) / [`flagged`](Self::flagged) are always `None`.
///
/// A flag that has fallen stays down: a side at zero gets no increment and no new period's time when it presses;
/// only [`add_time`](Self::add_time) or [`set_remaining`](Self::set_remaining) give it time again. Whether the fall
/// loses is the arbiter's question (FIDE 6.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    tc: TimeControl,
    sides: ByColor<Side>,
    turn: Option<Turn>,
    quickplay: bool,
    /// The official clock is another device (a DGT clock on the board, FIDE 6.1) and this one
    /// follows its reports: see [`follow`](Self::follow).
    follows: bool,
}

/// How long past its own zero a clock that follows the official one waits for it: the official
/// clock reports the flag (a DGT board reports its clock once a second, and lags up to a second
/// behind a press), so a press it has not yet reported never becomes a flag fall here.
pub const FOLLOW_GRACE: Duration = Duration::from_secs(3);

/// The quickplay finish increment (FIDE III.4).
const QUICKPLAY_INCREMENT: Duration = Duration::from_secs(5);

impl Clock {
    /// Both clocks set to the first period's time; in Fischer mode plus one increment before the first move (6.3.2).
    pub fn new(tc: TimeControl) -> Clock {
        let main = match tc.periods.first() {
            None => Duration::ZERO,
            Some(p) if tc.mode == ClockMode::Fischer => p.time.saturating_add(p.increment),
            Some(p) => p.time,
        };
        let fell = (main.is_zero() && !tc.is_none()).then_some(Duration::ZERO);
        let side = Side { main, moves: 0, period: 0, in_period: 0, fell, spent: Duration::ZERO };
        Clock { tc, sides: ByColor { white: side, black: side }, turn: None, quickplay: false, follows: false }
    }

    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    /// Starts `side`'s clock (game start: White), stopping the other one without crediting anything. A side that
    /// already had the move keeps that move's progress (its delay, its used time); otherwise a new move starts.
    pub fn start(&mut self, side: Color, now: Duration) {
        self.checkpoint(now);
        self.turn = Some(match self.turn {
            Some(t) if t.side == side => Turn { since: now, paused: false, ..t },
            _ => Turn { side, since: now, used: Duration::ZERO, paused: false },
        });
    }

    /// The running side completed a move (FIDE 6.2.1): stops it, credits the increment of the period the move was
    /// played in (Fischer: all of it; Bronstein: at most the time used on the move; delay: nothing), counts the move,
    /// enters the next period if the quota is met (adding its time to what is left, 6.3.2), and starts the opponent.
    /// `None` if no clock runs or the clocks are paused.
    pub fn press(&mut self, now: Duration) -> Option<PressReport> {
        let turn = self.turn.filter(|t| !t.paused)?;
        self.checkpoint(now);
        let side = turn.side;
        let used = self.turn.map_or(Duration::ZERO, |t| t.used);
        let mode = self.mode();
        let rule = self.tc.period(self.sides[side].period).copied();
        let quickplay = self.quickplay;
        let s = &mut self.sides[side];
        let alive = rule.is_some() && !s.main.is_zero();
        let mut added = Duration::ZERO;
        if alive {
            let inc = if quickplay { QUICKPLAY_INCREMENT } else { rule.map_or(Duration::ZERO, |p| p.increment) };
            added = match mode {
                ClockMode::Fischer => inc,
                ClockMode::Bronstein => inc.min(used),
                ClockMode::Delay => Duration::ZERO,
            };
            s.main = s.main.saturating_add(added);
        }
        s.moves = s.moves.saturating_add(1);
        s.in_period = s.in_period.saturating_add(1);
        let mut new_period = None;
        if let Some(q) = rule.and_then(|p| p.quota()) {
            if s.in_period >= q {
                s.period = s.period.saturating_add(1);
                s.in_period = 0;
                let time = match self.tc.period(s.period) {
                    Some(p) if alive => p.time,
                    _ => Duration::ZERO,
                };
                s.main = s.main.saturating_add(time);
                new_period = Some(NewPeriod { index: s.period, added: time });
            }
        }
        let remaining = s.main;
        self.turn = Some(Turn { side: side.other(), since: now, used: Duration::ZERO, paused: false });
        Some(PressReport { side, remaining, added, new_period })
    }

    /// Takes back `side`'s last press (a move that was illegal, 7.5.1): `side`'s clock runs again from
    /// `now` and the move no longer counts. The increment it brought stays; the arbiter may correct
    /// it (6.10.2). Nothing happens unless `side`'s opponent is the one to move.
    pub fn take_back_press(&mut self, side: Color, now: Duration) {
        let Some(turn) = self.turn.filter(|t| t.side == !side) else { return };
        self.checkpoint(now);
        let s = &mut self.sides[side];
        s.moves = s.moves.saturating_sub(1);
        s.in_period = s.in_period.saturating_sub(1);
        self.turn = Some(Turn { side, since: now, used: Duration::ZERO, paused: turn.paused });
    }

    /// The time `side` has left at `now`, saturating at zero. Always zero with no time control.
    pub fn remaining(&self, side: Color, now: Duration) -> Duration {
        let main = self.sides[side].main;
        match self.turn {
            Some(t) if t.side == side && !t.paused => main.saturating_sub(self.charge(t, now)),
            _ => main,
        }
    }

    /// How long `side`'s clock has run by `now`, increments and added time aside (Guideline I.2.3).
    pub fn used(&self, side: Color, now: Duration) -> Duration {
        let spent = self.sides[side].spent;
        match self.turn {
            Some(t) if t.side == side && !t.paused => spent.saturating_add(now.saturating_sub(t.since)),
            _ => spent,
        }
    }

    /// The side whose clock runs (`None` when stopped or paused).
    pub fn running(&self) -> Option<Color> {
        self.turn.filter(|t| !t.paused).map(|t| t.side)
    }

    /// The side whose clock runs, or would run after [`resume`](Self::resume).
    pub fn to_move(&self) -> Option<Color> {
        self.turn.map(|t| t.side)
    }

    /// Moves completed by `side` (presses).
    pub fn moves(&self, side: Color) -> u32 {
        self.sides[side].moves
    }

    /// 0-based count of the period `side` is in (see [`NewPeriod::index`]).
    pub fn period(&self, side: Color) -> usize {
        self.sides[side].period
    }

    /// Moves `side` still has to complete to reach the quota of its current period; `None` when the period lasts the
    /// rest of the game. A flag fall while this is `Some` means the quota was missed (FIDE 6.4).
    pub fn moves_left_in_period(&self, side: Color) -> Option<u32> {
        let s = &self.sides[side];
        let q = self.tc.period(s.period)?.quota()?;
        Some(q.saturating_sub(s.in_period))
    }

    /// The exact instant the running side's flag falls (or fell), including the rest of the current move's delay in
    /// delay mode. `None` with no time control, or when no clock runs.
    /// A clock that follows the official one ([`follow`](Self::follow)) falls only when that clock
    /// says so (its zero set here), or [`FOLLOW_GRACE`] after its own zero when it has not reported.
    pub fn flag_at(&self) -> Option<Duration> {
        let t = self.turn.filter(|t| !t.paused)?;
        if self.tc.is_none() {
            return None;
        }
        let grace = if self.follows && !self.sides[t.side].main.is_zero() { FOLLOW_GRACE } else { Duration::ZERO };
        Some(self.fall_instant(t).saturating_add(grace))
    }

    /// The instant the running side's time will be down to `left`, if it is still above it (talking clock
    /// alarms). `None` with no time control, when no clock runs, or when the time is already that low.
    pub fn reaches(&self, left: Duration) -> Option<Duration> {
        let t = self.turn.filter(|t| !t.paused)?;
        let main = self.sides[t.side].main;
        if self.tc.is_none() || main <= left {
            return None;
        }
        let delay_left = self.delay(t.side).saturating_sub(t.used);
        Some(t.since.saturating_add(delay_left).saturating_add(main - left))
    }

    /// A side whose time is zero at `now` (the one whose flag fell first, if both). `None` with no time control.
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        if self.tc.is_none() {
            return None;
        }
        let mut first: Option<(Duration, Color)> = None;
        for side in [Color::White, Color::Black] {
            if !self.remaining(side, now).is_zero() {
                continue;
            }
            let at = match self.turn {
                Some(t) if t.side == side && !t.paused => self.fall_instant(t),
                _ => self.sides[side].fell.unwrap_or(Duration::ZERO),
            };
            if first.is_none_or(|(f, _)| at < f) {
                first = Some((at, side));
            }
        }
        first.map(|(_, side)| side)
    }

    /// Pauses the running clock exactly at `now` (FIDE 6.11; claims stop the clocks, 9.5.1). Idempotent.
    pub fn pause(&mut self, now: Duration) {
        if self.running().is_some() {
            self.checkpoint(now);
            if let Some(t) = &mut self.turn {
                t.paused = true;
            }
        }
    }

    /// Restarts the side that was running, with the same time and, in delay mode, the rest of its delay.
    pub fn resume(&mut self, now: Duration) {
        if let Some(t) = self.turn.as_mut().filter(|t| t.paused) {
            t.paused = false;
            t.since = now;
        }
    }

    pub fn is_paused(&self) -> bool {
        self.turn.is_some_and(|t| t.paused)
    }

    /// Game over: freezes both clocks.
    pub fn stop(&mut self, now: Duration) {
        self.checkpoint(now);
        self.turn = None;
    }

    /// Gives `side` extra time, running or not (penalties: 7.5.5, 9.5.3, III.4). No effect with no time control.
    pub fn add_time(&mut self, side: Color, extra: Duration, now: Duration) {
        if self.tc.is_none() {
            return;
        }
        self.checkpoint(now);
        let s = &mut self.sides[side];
        s.main = s.main.saturating_add(extra);
        if !s.main.is_zero() {
            s.fell = None;
        }
    }

    /// Sets `side`'s time, running or not (arbiter's correction, 6.10.2). No effect with no time control.
    pub fn set_remaining(&mut self, side: Color, time: Duration, now: Duration) {
        if self.tc.is_none() {
            return;
        }
        self.checkpoint(now);
        let s = &mut self.sides[side];
        s.main = time;
        s.fell = time.is_zero().then_some(now);
    }

    /// Whether this clock follows an official one (a DGT clock on the board, FIDE 6.1).
    pub fn follows(&self) -> bool {
        self.follows
    }

    /// The official clock (another device, FIDE 6.1) shows `time` for `side` at `now`: this clock
    /// takes it, and from now on its flag is that clock's (see [`flag_at`](Self::flag_at)).
    pub fn follow(&mut self, side: Color, time: Duration, now: Duration) {
        self.follows = !self.tc.is_none();
        self.set_remaining(side, time, now);
    }

    /// Whether `side`'s time stands at zero as set or counted, not only as it would run down by now:
    /// a zero reported by the official clock is taken once.
    pub fn stands_at_zero(&self, side: Color) -> bool {
        !self.tc.is_none() && self.sides[side].main.is_zero()
    }

    /// Corrects `side`'s move counter (6.10.2); its period and the moves counted in it follow from the total. The
    /// time is not changed: set it with [`set_remaining`](Self::set_remaining).
    pub fn set_moves(&mut self, side: Color, moves: u32) {
        let (period, in_period) = self.locate(moves);
        let s = &mut self.sides[side];
        s.moves = moves;
        s.period = period;
        s.in_period = in_period;
    }

    /// From now on both players get a 5-second Fischer increment per move (FIDE III.4), whatever the mode; the move
    /// in progress gets it too when completed. Nothing is added now: the caller gives the opponent two minutes with
    /// [`add_time`](Self::add_time). No effect with no time control.
    pub fn quickplay_increment(&mut self, now: Duration) {
        if !self.tc.is_none() {
            self.checkpoint(now);
            self.quickplay = true;
        }
    }

    /// Whether [`quickplay_increment`](Self::quickplay_increment) is in force.
    pub fn is_quickplay(&self) -> bool {
        self.quickplay
    }

    /// When `side`'s flag fell, if it has by `now`. `None` with no time control.
    pub fn flag_fell_at(&self, side: Color, now: Duration) -> Option<Duration> {
        if self.tc.is_none() || !self.remaining(side, now).is_zero() {
            return None;
        }
        Some(match self.turn {
            Some(t) if t.side == side && !t.paused => self.fall_instant(t),
            _ => self.sides[side].fell.unwrap_or(Duration::ZERO),
        })
    }

    fn mode(&self) -> ClockMode {
        if self.quickplay {
            ClockMode::Fischer
        } else {
            self.tc.mode
        }
    }

    /// The delay of the move in progress (delay mode only).
    fn delay(&self, side: Color) -> Duration {
        match self.tc.period(self.sides[side].period) {
            Some(p) if self.mode() == ClockMode::Delay => p.increment,
            _ => Duration::ZERO,
        }
    }

    /// Main time the running move has consumed since its last checkpoint.
    fn charge(&self, t: Turn, now: Duration) -> Duration {
        let delay = self.delay(t.side);
        let total = t.used.saturating_add(now.saturating_sub(t.since));
        total.saturating_sub(delay).saturating_sub(t.used.saturating_sub(delay))
    }

    /// When the running side's main time reaches zero.
    fn fall_instant(&self, t: Turn) -> Duration {
        let s = &self.sides[t.side];
        if s.main.is_zero() {
            return s.fell.unwrap_or(t.since);
        }
        let delay_left = self.delay(t.side).saturating_sub(t.used);
        t.since.saturating_add(delay_left).saturating_add(s.main)
    }

    /// Folds the running move's time up to `now` into its side's main time.
    fn checkpoint(&mut self, now: Duration) {
        let Some(t) = self.turn.filter(|t| !t.paused) else {
            return;
        };
        let charge = self.charge(t, now);
        let fall = self.fall_instant(t);
        let timed = !self.tc.is_none();
        let s = &mut self.sides[t.side];
        let before = s.main;
        s.main = before.saturating_sub(charge);
        s.spent = s.spent.saturating_add(now.saturating_sub(t.since));
        if timed && s.main.is_zero() && s.fell.is_none() {
            s.fell = Some(fall);
        }
        if let Some(turn) = &mut self.turn {
            turn.used = t.used.saturating_add(now.saturating_sub(t.since));
            turn.since = turn.since.max(now);
        }
    }

    /// Period count and moves into it after `moves` completed moves.
    fn locate(&self, moves: u32) -> (usize, u32) {
        let mut left = moves;
        let last = self.tc.periods.len().saturating_sub(1);
        for (i, p) in self.tc.periods.iter().enumerate() {
            match p.quota() {
                Some(q) if left >= q => {
                    left -= q;
                    if i == last {
                        // FIDE 6.3.1: the last period with a quota repeats.
                        let reps = usize::try_from(left / q).unwrap_or(usize::MAX);
                        return (last.saturating_add(1).saturating_add(reps), left % q);
                    }
                }
                _ => return (i, left),
            }
        }
        (0, left)
    }
}

#[cfg(test)]
mod tests;
