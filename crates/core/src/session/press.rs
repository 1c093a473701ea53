//! 6.2.2: the press made after the opponent's reply.

use std::time::Duration;

use shakmaty::Color;

use super::Session;
use crate::message::{Arg, Fact, Sentence};

impl Session {
    /// 6.2.2: a player may press after his opponent has made his next move. His press was taken as
    /// made at that move (`at`); his clock in fact ran until now, and his opponent's starts now.
    /// 6.2.2: `side` presses after the opponent's reply to its unpressed move, as it may. With
    /// `side`'s clock still running, the press completes its move and starts the opponent's clock,
    /// and the reply now waits for the opponent's own press. After a reply taken as the press (an
    /// official clock, no clock), the time since the reply is moved onto `side`'s clock.
    pub(super) fn late_press(&mut self, side: Color, at: Duration, now: Duration) {
        self.implied_press = None;
        let late = now.saturating_sub(at);
        if self.clock.running() == Some(side) {
            let Some(report) = self.clock.press(now) else { return };
            self.sheet.set_clock(report.remaining);
            self.pending = true;
        } else {
            let remaining = self.clock.remaining(side, now).saturating_sub(late);
            self.clock.set_remaining(side, remaining, now);
            self.clock.add_time(!side, late, now);
        }
        self.record(Fact::PressedLate { side, late });
        self.say(self.side_arg(Sentence::LatePress, side).arg("opponent", Arg::Side(!side)));
    }
}
