//! What a view shows of the game, made by the app in the game's own time: the position, both
//! clocks as the game counts them, whose move, the last move, the moves, the result, the language
//! and square names in force, and what waits for an answer. A view reads this and nothing else of
//! the game, so a resumed game (whose clock runs in the journal's time, not the process's) and a
//! language changed mid-game are shown as they are.

use std::time::Duration;

use shakmaty::{ByColor, Chess, Color};

use anna_core::clock::Clock;
use anna_core::message::{Played, Sentence};
use anna_core::outcome::Outcome;
use anna_language::Voice;

use crate::App;

/// The game as a view shows it at one instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    /// The language, square names and move form in force.
    pub voice: Voice,
    pub position: Chess,
    pub turn: Color,
    /// The side whose move waits for its clock press (6.2.1): its clock still runs.
    pub awaiting_press: Option<Color>,
    /// The last move made, as played.
    pub last_move: Option<Played>,
    /// The moves: (move number, White's, Black's).
    pub moves: Vec<(u32, Option<Played>, Option<Played>)>,
    /// The time left on each clock as the game counts it now.
    pub clocks: ByColor<Duration>,
    /// Whether the game has a time control (otherwise there are no clocks to show).
    pub timed: bool,
    /// The side whose clock runs, while the game goes on.
    pub running: Option<Color>,
    pub outcome: Option<Outcome>,
    /// The engine's evaluation of the position, when the player asked for one here (`eval`,
    /// `hint` in a home game): the board view shows it as text.
    pub evaluation: Option<anna_core::analysis::Score>,
    /// The side the player plays (`None`: both, or the arbiter).
    pub player: Option<Color>,
    /// Anna asked which piece a pawn becomes.
    pub asks_promotion: bool,
    /// The app waits for an answer (a setup question, a confirmation, which move).
    pub awaiting_answer: bool,
    /// The instant (the caller's time) at which what is shown next changes by itself: the running
    /// clock's face (whole seconds), a flag fall or an alarm. `None`: only an event changes it.
    pub changes_at: Option<Duration>,
}

/// The face of a clock shows whole seconds, rounded up: it shows 0:00 only when the flag falls.
pub use anna_core::clock::face as shown;

/// The view of a position with no clock (a puzzle, a game reviewed): its moves from `game`, the
/// player `player`.
pub fn of_game(voice: &Voice, game: &anna_core::rules::Game, player: Option<Color>) -> GameView {
    GameView {
        voice: voice.clone(),
        position: game.position().clone(),
        turn: game.turn(),
        awaiting_press: None,
        last_move: game.plies().last().map(|ply| Played { san: ply.san, mv: ply.mv }),
        moves: anna_core::scoresheet::Scoresheet::default().move_pairs(game),
        clocks: ByColor { white: Duration::ZERO, black: Duration::ZERO },
        timed: false,
        running: None,
        outcome: None,
        evaluation: None,
        player,
        asks_promotion: false,
        awaiting_answer: false,
        changes_at: None,
    }
}

/// The instant (in the clock's time) the running clock's face next changes, or `None` when no clock
/// runs, there is no time control, or the flag has fallen.
pub fn next_face(clock: &Clock, now: Duration) -> Option<Duration> {
    let side = clock.running()?;
    if clock.time_control().is_none() {
        return None;
    }
    let face = shown(clock.remaining(side, now));
    let next = face.checked_sub(Duration::from_secs(1))?;
    // `reaches` knows the delay of delay mode: the face stands still while the delay runs.
    clock.reaches(next).filter(|at| *at > now)
}

impl App {
    /// The game as a view shows it at `now` (the runtime's instant, as given to [`App::handle`]):
    /// the clocks are read in the game's own time, which differs from the runtime's once a game has
    /// been resumed.
    pub fn view(&self, now: Duration) -> GameView {
        let session = &self.session;
        let game_now = self.base.session(now);
        let game = session.game();
        let clock = session.clock();
        let over = session.outcome().is_some();
        let face = if over { None } else { next_face(clock, game_now).map(|at| self.base.process(at)) };
        GameView {
            voice: self.voice.clone(),
            position: game.position().clone(),
            turn: game.turn(),
            awaiting_press: session.awaiting_press().filter(|_| !over),
            last_move: game.plies().last().map(|ply| Played { san: ply.san, mv: ply.mv }),
            moves: session.scoresheet().move_pairs(game),
            clocks: ByColor {
                white: clock.remaining(Color::White, game_now),
                black: clock.remaining(Color::Black, game_now),
            },
            timed: !clock.time_control().is_none(),
            running: clock.running().filter(|_| !over),
            outcome: session.outcome(),
            evaluation: self.coach.as_ref().and_then(|coach| coach.known(game)),
            player: session.config().player,
            asks_promotion: session.pending_question().is_some_and(|q| q.sentence == Sentence::WhichPromotion),
            awaiting_answer: self.awaiting_answer(),
            changes_at: [self.next_deadline(), face].into_iter().flatten().min(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_shows_whole_seconds_rounded_up() {
        assert_eq!(shown(Duration::from_millis(4_001)), Duration::from_secs(5));
        assert_eq!(shown(Duration::from_secs(4)), Duration::from_secs(4));
        assert_eq!(shown(Duration::ZERO), Duration::ZERO);
    }
}
