//! The talking clock's alarms (D.2.6): the player hears when his time is down to each alarm time.

use std::time::Duration;

use super::Session;
use crate::message::{Arg, Priority, Sentence, Sound, Utterance};

impl Session {
    /// The next alarm: its instant and the time left then. Only for the running side (the player's
    /// own clock when one is set), never in tournament mode (D.2.10.4: time only on request), and
    /// each alarm time once a period.
    pub(super) fn next_alarm(&self) -> Option<(Duration, Duration)> {
        if self.config.tournament || self.outcome.is_some() {
            return None;
        }
        let side = self.clock.running()?;
        if self.config.player.is_some_and(|p| p != side) {
            return None;
        }
        let floor = *self.alarm_floor.get(side);
        // An alarm is for crossing its time: in the first period, one at or above the time the
        // game gives never sounds (5 minutes left in a 5+3 game, after its first increment).
        let start = match self.clock.period(side) {
            0 => self.clock.time_control().periods.first().map(|p| p.time),
            _ => None,
        };
        self.config
            .alarms
            .iter()
            .filter(|left| floor.is_none_or(|f| **left < f) && !left.is_zero())
            .filter(|left| start.is_none_or(|start| **left < start))
            .filter_map(|left| self.clock.reaches(*left).map(|at| (at, *left)))
            .min()
    }

    /// Says the running side's time left, now down to `left`.
    pub(super) fn sound_alarm(&mut self, left: Duration) {
        let Some(side) = self.clock.running() else { return };
        *self.alarm_floor.get_mut(side) = Some(left);
        self.sound(Sound::LowTime);
        let u = Utterance::new(Priority::Urgent, Sentence::TimeAlarm)
            .arg("side", Arg::Side(side))
            .arg("time", Arg::Time(left));
        self.say(u);
    }
}
