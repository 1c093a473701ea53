//! When the screen must change by itself: only the running clock does, once a second. Pure
//! functions of the clock and the time, so the pace is tested over a simulated minute.

use std::time::Duration;

use crate::ui::tui::shown;
use anna_core::clock::Clock;
use anna_core::session::Session;

/// The instant the running clock's face next changes (it shows whole seconds, rounded up), or
/// `None` when no clock runs, there is no time control, or the flag has fallen.
pub fn next_repaint(clock: &Clock, now: Duration) -> Option<Duration> {
    let side = clock.running()?;
    if clock.time_control().is_none() {
        return None;
    }
    let face = shown(clock.remaining(side, now));
    let next_face = face.checked_sub(Duration::from_secs(1))?;
    // `reaches` knows the delay of delay mode: the face stands still while the delay runs.
    clock.reaches(next_face).filter(|at| *at > now)
}

/// The instant the loop must wake by itself: the session's next deadline (a flag fall or an alarm)
/// or the next change of the clock face, whichever comes first. `None`: sleep until a key.
pub fn wake_at(session: &Session, now: Duration) -> Option<Duration> {
    let face = if session.outcome().is_some() { None } else { next_repaint(session.clock(), now) };
    [session.next_deadline(), face].into_iter().flatten().min()
}
