//! Playing with a sensor board (DGT, Millennium): the player's own board (`--board` on such a
//! board) or the sighted opponent's beside the blind player's peg board (`--opponent-board`,
//! FIDE D.1, D.2.1, D.2.9). The [`SensorMirror`] reads still positions; this file gives it the
//! game, carries out what it asks like the peg board's mirror, and follows the official clock
//! plugged into a DGT board.
//!
//! The clock: when a DGT 3000 reports through the board, its times are the official ones (FIDE
//! 6.1); Anna's own clock keeps running between its reports and is set to what it shows whenever
//! they differ by a second or more, through the journal like every input (`Command::FollowClock`).
//! Its flag is the clock's flag: a side whose flag has fallen (its time blocked at zero) has no
//! time left; a flag shown at a period change is not a flag fall. A paused clock (its running bit
//! clear) pauses Anna's clock, said once, and its running again resumes it. Which half of the clock
//! is White's is taken from the running half and the side to move, once the reports have agreed for
//! two seconds (one report may come before the board has read a move pressed fast); until then the
//! clock neither presses nor sets the times, and the same evidence corrects it later, said.

use std::time::Duration;

use shakmaty::Color;

use super::board::Health;
use super::{App, Out};
use anna_board::link::LinkReport;
use anna_board::mirror::MirrorOut;
use anna_board::sensor::{Owner, SensorMirror};
use anna_board::{BoardEvent, BoardRole, ClockHand, ClockReading};
use anna_core::clock::{ClockMode, Period, TimeControl};
use anna_core::command::{Command, Input};
use anna_core::rules::Game;

/// A sensor board as the app knows it.
#[derive(Clone, Debug)]
pub(super) struct SensorBoard {
    role: BoardRole,
    mirror: SensorMirror,
    health: Health,
    clock: ClockFollow,
}

/// What is known of the clock on the board.
#[derive(Clone, Copy, Debug)]
struct ClockFollow {
    /// A clock reports through the board.
    present: bool,
    battery_said: bool,
    /// Anna's clock was paused because the board's clock was: it runs again with it.
    paused: bool,
    /// The clock has run since the game began: only a clock that ran can be paused (one never
    /// started, used as a display, must not stop the game).
    ran: bool,
    /// The half of the clock that is White's, once the evidence has said so: until then the clock
    /// neither presses nor sets Anna's clock (Anna's own runs), so a guess never swaps the times.
    white: Option<ClockHand>,
    /// The half the last running reports say is White's, since when they say so.
    evidence: Option<(ClockHand, Duration)>,
    /// The half that ran at the last running report: when it changes while a move waits for its
    /// press, the lever has moved, and the half now running is the opponent's of the mover.
    last_running: Option<ClockHand>,
}

/// How long running reports must agree on which half is White's before it is taken: a report can
/// come before the board has read a move pressed fast (the board lags up to a second).
const AGREEING: Duration = Duration::from_secs(2);

impl SensorBoard {
    pub(super) fn role(&self) -> BoardRole {
        self.role
    }

    pub(super) fn deadline(&self) -> Option<Duration> {
        self.mirror.deadline()
    }

    pub(super) fn sync(&mut self, game: &Game) -> Vec<MirrorOut> {
        self.mirror.sync(game)
    }
}

impl App {
    /// How long a sensor board's position must be still before it is read (`--board-debounce`).
    pub fn set_board_debounce(&mut self, debounce: Duration) {
        self.board_debounce = debounce;
    }

    /// The sensor board of `role` stands turned round, as the player says (`--board-turned`,
    /// `--opponent-board-turned`): read so, and its orientation said only if it shows the other.
    pub fn set_board_turned(&mut self, role: BoardRole) {
        self.turned_boards.push(role);
    }

    /// A sensor board joins in `role`.
    pub(super) fn connect_sensor(&mut self, role: BoardRole) {
        self.sensors.retain(|s| s.role != role);
        let (moving, owner) = self.sensor_side(role);
        let mut mirror = SensorMirror::new(self.session.game(), moving, owner, self.board_debounce);
        mirror.expect_turned(self.turned_boards.contains(&role));
        let clock = ClockFollow {
            present: false,
            battery_said: false,
            paused: false,
            ran: false,
            white: None,
            evidence: None,
            last_running: None,
        };
        self.sensors.push(SensorBoard { role, mirror, health: Health::default(), clock });
    }

    /// Whether a sensor board is linked in `role`.
    pub fn has_sensor_board(&self, role: BoardRole) -> bool {
        self.sensor_at(role).is_some()
    }

    pub(super) fn sensor_at(&self, role: BoardRole) -> Option<usize> {
        self.sensors.iter().position(|s| s.role == role)
    }

    /// Whose moves are made on the board of `role`, and whose board it is.
    fn sensor_side(&self, role: BoardRole) -> (Option<Color>, Owner) {
        match role {
            BoardRole::Player => (self.player_board_side(), Owner::Player),
            // The opponent makes his own moves there and carries out the blind player's.
            BoardRole::Opponent => (self.player_board_side().map(|c| !c), Owner::Opponent),
        }
    }

    /// The sides follow the player's (the setup questions, `flip`).
    pub(super) fn set_sensor_sides(&mut self) {
        for i in 0..self.sensors.len() {
            let (moving, _) = self.sensor_side(self.sensors[i].role);
            self.sensors[i].mirror.set_moving(moving);
        }
    }

    /// What the link of a sensor board reported.
    pub(super) fn sensor_report(&mut self, role: BoardRole, report: &LinkReport, now: Duration) -> Vec<Out> {
        let Some(i) = self.sensor_at(role) else { return Vec::new() };
        let mut health = std::mem::take(&mut self.sensors[i].health);
        let out = self.link_words(role, &mut health, report, now);
        self.sensors[i].health = health;
        match report {
            // Whatever was played while the link was down, the board's next position is compared
            // with the game at once (the link asks for it), as a peg board's is.
            LinkReport::Connected { .. } | LinkReport::Disconnected(_) => {
                self.sensors[i].mirror.forget();
                out
            }
            LinkReport::Event(BoardEvent::Clock(reading)) => self.follow_clock(i, reading, now),
            // Read at the deadline, once the position is still.
            LinkReport::Event(event) => {
                self.sensors[i].mirror.board(event, now);
                out
            }
            _ => out,
        }
    }

    /// Every sensor board whose position has been still long enough is read.
    pub(super) fn settle_sensors(&mut self, now: Duration) -> Vec<Out> {
        let mut out = Vec::new();
        for i in 0..self.sensors.len() {
            let role = self.sensors[i].role;
            let outs = self.sensors[i].mirror.settle(self.session.game(), now);
            out.extend(self.mirror_outs(role, outs, now));
        }
        out
    }

    /// `restore board` with sensor boards: each board's position compared with the game again and
    /// said (the move to make on it, the repair steps, or that it matches); `None` without one.
    pub(super) fn check_sensor_boards(&mut self, now: Duration) -> Option<Vec<Out>> {
        if self.sensors.is_empty() {
            return None;
        }
        let mut out = Vec::new();
        for i in 0..self.sensors.len() {
            let role = self.sensors[i].role;
            let outs = self.sensors[i].mirror.check(self.session.game());
            out.extend(self.mirror_outs(role, outs, now));
        }
        if out.is_empty() {
            out.push(self.say("line.board_unread"));
        }
        Some(out)
    }

    /// `turn board`: the sensor board stands the other way round from what Anna thought.
    pub(super) fn turn_sensor_board(&mut self, now: Duration) -> Option<Vec<Out>> {
        let i = self.sensor_at(BoardRole::Player).or_else(|| self.sensor_at(BoardRole::Opponent))?;
        let role = self.sensors[i].role;
        let outs = self.sensors[i].mirror.turn(self.session.game());
        let mut out = vec![self.say("line.board_turn_done")];
        out.extend(self.mirror_outs(role, outs, now));
        Some(out)
    }

    /// The clock on the board reported: Anna's clock follows it (see the module's notes).
    fn follow_clock(&mut self, i: usize, reading: &ClockReading, now: Duration) -> Vec<Out> {
        let mut out = Vec::new();
        let clock = self.sensors[i].clock;
        if reading.no_clock {
            if clock.present {
                self.sensors[i].clock.present = false;
                out.push(self.say("line.board_clock_gone"));
            }
            return out;
        }
        if !clock.present {
            self.sensors[i].clock.present = true;
            out.push(self.say("line.board_clock"));
        }
        // Without a time control, the clock gives the game its times: its longer time before the
        // game begins is the control (its increment, if any, reaches Anna as the clock adds it).
        let untimed = self.session.clock().time_control().is_none();
        let base = reading.left.time.max(reading.right.time);
        if untimed && !self.session.started() && self.session.game().plies().is_empty() && !base.is_zero() {
            let control = TimeControl {
                periods: vec![Period { moves: None, time: base, increment: Duration::ZERO }],
                mode: ClockMode::default(),
            };
            out.push(self.say("line.board_clock_control"));
            out.extend(self.input(Input::act(Command::TimeControl(control)), now));
        }
        if reading.battery_low && !clock.battery_said {
            self.sensors[i].clock.battery_said = true;
            out.push(self.say("line.board_clock_battery"));
        }
        // A paused clock pauses the game's (said once, by the pause); a stopped clock whose flag
        // has fallen is the flag fall, not a pause.
        let under_way = self.session.started() && self.session.outcome().is_none();
        let fallen = reading.left.fallen || reading.right.fallen;
        if under_way && reading.running {
            self.sensors[i].clock.ran = true;
        }
        if under_way && clock.ran && !reading.running && !fallen && !self.session.clock().is_paused() {
            self.sensors[i].clock.paused = true;
            out.extend(self.input(Input::act(Command::Pause), now));
        } else if reading.running && clock.paused {
            self.sensors[i].clock.paused = false;
            if self.session.clock().is_paused() {
                out.extend(self.input(Input::act(Command::Resume), now));
            }
        }
        // Which half is White's: the running half is the side to move's, when the reports have
        // said so for a while; a wrong belief is corrected so, and said. While a move waits for its
        // press the running half is either side's (pressed or not): no evidence.
        if let (true, Some(hand), None) = (reading.running, reading.turn, self.session.awaiting_press()) {
            let implied = if self.session.game().turn() == Color::White { hand } else { other_half(hand) };
            let since = match clock.evidence {
                Some((half, since)) if half == implied => since,
                _ => now,
            };
            self.sensors[i].clock.evidence = Some((implied, since));
            if now.saturating_sub(since) >= AGREEING && clock.white != Some(implied) {
                self.sensors[i].clock.white = Some(implied);
                if clock.white.is_some() {
                    out.push(self.say(match implied {
                        ClockHand::Left => "line.board_clock_white_left",
                        ClockHand::Right => "line.board_clock_white_right",
                    }));
                }
            }
        }
        // Before the halves are known, a lever moved while a move waits for its press is that
        // press: the half now running is the mover's opponent's (a press the board reported before
        // it read the move changed the half before the move waited, and says nothing here).
        if let (true, Some(hand)) = (reading.running, reading.turn) {
            let lever_moved = clock.last_running.is_some_and(|last| last != hand);
            if let (None, true, Some(mover)) = (self.sensors[i].clock.white, lever_moved, self.session.awaiting_press())
            {
                self.sensors[i].clock.white = Some(if mover == Color::White { other_half(hand) } else { hand });
            }
            self.sensors[i].clock.last_running = Some(hand);
        }
        let Some(white) = self.sensors[i].clock.white else { return out };
        // The side whose time the clock runs has the move: a press made on the official clock is
        // Anna's press too.
        if let (true, Some(hand)) = (reading.running, reading.turn) {
            let running = if hand == white { Color::White } else { Color::Black };
            if self.session.awaiting_press() == Some(!running) {
                out.extend(self.input(Input::Act { actor: Some(!running), command: Command::Press }, now));
            }
        }
        let at = self.base.session(now);
        for color in [Color::White, Color::Black] {
            let left = (color == Color::White) == (white == ClockHand::Left);
            let face = if left { reading.left } else { reading.right };
            // Only a fallen flag is no time left; one shown at a period change is not (DGT 0x40).
            let shown = if face.fallen { Duration::ZERO } else { face.time };
            let ours = self.session.clock().remaining(color, at);
            let newly_fallen = face.fallen && !self.session.clock().stands_at_zero(color);
            // A running clock's reports jitter by the time they take to come; a standing one shows
            // its time exactly, and a pause must leave Anna's clock showing the same.
            let differs = if reading.running {
                ours.abs_diff(shown) >= Duration::from_secs(1)
            } else {
                anna_core::clock::face(ours) != shown
            };
            if differs || newly_fallen {
                out.extend(self.input(Input::Act { actor: None, command: Command::FollowClock(color, shown) }, now));
            }
        }
        out
    }
}

fn other_half(hand: ClockHand) -> ClockHand {
    match hand {
        ClockHand::Left => ClockHand::Right,
        ClockHand::Right => ClockHand::Left,
    }
}
