//! Playing on an electronic peg board (issue 6, FIDE Annex D.2): the line mode keeps a [`Mirror`]
//! of the board and carries out what it asks, in order: a command for the session (after which the
//! mirror looks at the game again), a request for the board ([`Out::Board`], sent by the runtime
//! through its link) and a sentence. Still no I/O here: what the link reports comes in through
//! [`App::board_report`], and the second of quiet after which a rook move that might have
//! become castling is made is one more deadline ([`App::next_deadline`]).
//!
//! What a blind player hears about the link itself: that the board is connected, that it is not
//! (the game goes on, Anna keeps trying), and on reconnection the mirror's repair steps. A corrupted
//! line is dropped and the link carries on; it is only mentioned when lines keep being rejected,
//! at most once every [`REJECTED_NOTICE`], since a single noisy line changes nothing for the player.

use std::collections::VecDeque;
use std::time::Duration;

use shakmaty::Color;

use super::{App, Joining, Out};
use anna_board::link::LinkReport;
use anna_board::mirror::{Mirror, MirrorOut};
use anna_board::protocol::Protocol;
use anna_board::{BoardEvent, BoardRole};
use anna_core::command::{Command, Input};
use anna_core::message::{Sound, Words};

/// How long the board must be quiet before a move that may still grow (a rook move before the
/// king's of a castling) is made.
pub const QUIET: Duration = Duration::from_secs(1);

/// At most one notice of rejected lines in this time.
pub const REJECTED_NOTICE: Duration = Duration::from_secs(60);

/// Rejected lines further apart than this are separate bits of noise, not a failing wire.
const REJECTED_BURST: Duration = Duration::from_secs(10);

/// This many rejected lines in a burst are worth a word.
const REJECTED_SAID: u32 = 3;

/// The peg board as the line mode knows it.
#[derive(Clone, Debug)]
pub(super) struct Board {
    mirror: Mirror,
    /// Who plays on the board, when it was given (a script's `board connect white`) rather than
    /// followed from the player's side: `Some(None)` for both sides.
    fixed_side: Option<Option<Color>>,
    /// When the board last reported a lift or a place and nothing settled it since.
    unsettled: Option<Duration>,
    health: Health,
}

/// What a board's link said lately: rejected lines in the current burst, when the last came, and
/// when the last notice was given. Every kind of board has one.
#[derive(Clone, Debug, Default)]
pub(super) struct Health {
    rejected: u32,
    last_rejected: Option<Duration>,
    noticed: Option<Duration>,
}

impl App {
    /// A board joins the game ([`Event::BoardJoined`](crate::Event::BoardJoined)).
    pub(super) fn join_board(&mut self, joining: Joining) {
        match joining {
            Joining::Player { protocol: Some(p), .. } if p.is_sensor() => {
                self.board = None;
                self.connect_sensor(BoardRole::Player);
            }
            Joining::Player { side, .. } => {
                self.sensors.retain(|s| s.role() != BoardRole::Player);
                self.connect_board_as(side);
            }
            Joining::Opponent => self.connect_sensor(BoardRole::Opponent),
        }
    }

    /// A peg board joins the game as the player's board: the player's side plays on it, both
    /// sides in the assistant's mode or when no side is chosen; the other side's moves are shown
    /// on it.
    fn connect_board(&mut self) {
        self.connect_board_as(None);
    }

    /// A peg board joins the game, with the side that plays on it given (`Some(None)`: both), or
    /// followed from the player's side (`None`).
    fn connect_board_as(&mut self, fixed_side: Option<Option<Color>>) {
        let side = fixed_side.unwrap_or_else(|| self.player_board_side());
        let mirror = Mirror::new(self.session.game(), side);
        let board = Board { mirror, fixed_side, unsettled: None, health: Health::default() };
        self.board = Some(board);
    }

    /// The board of `role` speaks `protocol`: a peg board and a sensor board are kept differently.
    fn adopt(&mut self, role: BoardRole, protocol: Protocol) {
        let sensor = self.sensor_at(role).is_some();
        match (role, protocol.is_sensor(), sensor) {
            (BoardRole::Player, true, false) => {
                self.board = None;
                self.connect_sensor(role);
            }
            (BoardRole::Player, false, true) => {
                self.sensors.retain(|s| s.role() != role);
                self.connect_board();
            }
            _ => {}
        }
    }

    /// Whether a board is linked.
    pub fn board_connected(&self) -> bool {
        self.board.is_some() || !self.sensors.is_empty()
    }

    /// Who plays on the board: `None` for both sides.
    fn board_side(&self) -> Option<Color> {
        match self.board.as_ref().and_then(|b| b.fixed_side) {
            Some(side) => side,
            None => self.player_board_side(),
        }
    }

    /// Who plays on the player's board, followed from the player's side.
    pub(super) fn player_board_side(&self) -> Option<Color> {
        if self.options.assistant {
            None
        } else if self.options.opponent.is_remote() {
            Some(self.user_side())
        } else {
            self.session.config().player
        }
    }

    /// The instant the board's quiet runs out, if a move waits for it; or a sensor board's
    /// position will have been still for its debounce window.
    pub(super) fn board_deadline(&self) -> Option<Duration> {
        let peg = self.board.as_ref().and_then(|b| b.unsettled.map(|at| at + QUIET));
        peg.into_iter().chain(self.sensors.iter().filter_map(|s| s.deadline())).min()
    }

    /// What the link of the board of `role` reported, at `now`.
    pub(super) fn board_report(&mut self, role: BoardRole, report: &LinkReport, now: Duration) -> Vec<Out> {
        if let LinkReport::Connected { protocol, .. } = report {
            self.adopt(role, *protocol);
        }
        if self.sensor_at(role).is_some() {
            return self.sensor_report(role, report, now);
        }
        if role != BoardRole::Player {
            return Vec::new();
        }
        let Some(board) = self.board.as_mut() else { return Vec::new() };
        if let LinkReport::Disconnected(_) = report {
            board.unsettled = None;
        }
        let mut out = Vec::new();
        let mut health = std::mem::take(&mut board.health);
        let words = self.link_words(role, &mut health, report, now);
        if let Some(board) = self.board.as_mut() {
            board.health = health;
        }
        out.extend(words);
        match report {
            LinkReport::Connected { .. } | LinkReport::Disconnected(_) | LinkReport::Rejected(_) => {}
            LinkReport::Event(event) => {
                let Some(board) = self.board.as_mut() else { return out };
                let outs = board.mirror.board(event, self.session.game());
                if matches!(event, BoardEvent::Lifted(_) | BoardEvent::Placed(_)) {
                    board.unsettled = Some(now);
                }
                out.extend(self.mirror_outs(BoardRole::Player, outs, now));
                out.extend(self.think(now));
            }
        }
        out
    }

    /// What a link's state means to the player, for every kind of board: connected, not
    /// connected (the game goes on, Anna keeps trying), and lines that keep being rejected.
    pub(super) fn link_words(
        &self,
        role: BoardRole,
        health: &mut Health,
        report: &LinkReport,
        now: Duration,
    ) -> Vec<Out> {
        let opponent = role == BoardRole::Opponent;
        match report {
            LinkReport::Connected { .. } => {
                health.rejected = 0;
                // The link asks for the whole board; its snapshot repairs any difference.
                let key = if opponent { "line.opponent_board_connected" } else { "line.board_connected" };
                vec![Out::Play(Sound::BoardConnected), self.say(key)]
            }
            LinkReport::Disconnected(_) => {
                let key = if opponent { "line.opponent_board_disconnected" } else { "line.board_disconnected" };
                vec![Out::Play(Sound::BoardDisconnected), self.say(key)]
            }
            LinkReport::Rejected(_) => {
                if health.last_rejected.is_some_and(|at| now > at + REJECTED_BURST) {
                    health.rejected = 0;
                }
                health.rejected += 1;
                health.last_rejected = Some(now);
                let due = health.noticed.is_none_or(|at| now >= at + REJECTED_NOTICE);
                // One bad line is noise; several in a row mean a cable or a board worth checking.
                if health.rejected >= REJECTED_SAID && due {
                    health.rejected = 0;
                    health.noticed = Some(now);
                    return vec![self.say("line.board_rejected")];
                }
                Vec::new()
            }
            LinkReport::Event(_) => Vec::new(),
        }
    }

    /// The board has been quiet since the deadline: a move waiting for that is made; a sensor
    /// board's still position is read.
    pub(super) fn board_quiet(&mut self, now: Duration) -> Vec<Out> {
        if self.board_deadline().is_none_or(|at| now < at) {
            return Vec::new();
        }
        let peg_due = self.board.as_ref().and_then(|b| b.unsettled).is_some_and(|at| now >= at + QUIET);
        let mut out = if peg_due { self.settle_board(now) } else { Vec::new() };
        out.extend(self.settle_sensors(now));
        out
    }

    /// Before any other input reaches the session, the hand has left the board.
    pub(super) fn settle_board(&mut self, now: Duration) -> Vec<Out> {
        let Some(board) = self.board.as_mut() else { return Vec::new() };
        board.unsettled = None;
        let outs = board.mirror.settle(self.session.game());
        self.mirror_outs(BoardRole::Player, outs, now)
    }

    /// After the session handled an input: the mirror shows a new move or undoes a refused one.
    /// The side playing on the board follows the player's (`flip`, the setup questions).
    pub(super) fn sync_board(&mut self, now: Duration) -> Vec<Out> {
        let side = self.board_side();
        if let Some(board) = self.board.as_mut() {
            board.mirror.set_board_side(side);
        }
        self.set_sensor_sides();
        let outs = self.sync_mirrors();
        self.tagged_outs(outs, now)
    }

    /// Every board's mirror looks at the game again: what each asks, with its board.
    fn sync_mirrors(&mut self) -> Vec<(BoardRole, MirrorOut)> {
        let game = self.session.game();
        let mut out = Vec::new();
        if let Some(board) = self.board.as_mut() {
            out.extend(board.mirror.sync(game).into_iter().map(|o| (BoardRole::Player, o)));
        }
        for sensor in &mut self.sensors {
            let role = sensor.role();
            out.extend(sensor.sync(game).into_iter().map(|o| (role, o)));
        }
        out
    }

    /// `restore board`: back to the last position board and game agreed on (D.2.9).
    pub(super) fn restore_board(&mut self, now: Duration) -> Vec<Out> {
        let Some(board) = self.board.as_mut() else {
            return self.check_sensor_boards(now).unwrap_or_else(|| vec![self.say("line.board_none")]);
        };
        board.unsettled = None;
        let outs = board.mirror.restore(self.session.game());
        let out = self.mirror_outs(BoardRole::Player, outs, now);
        if out.is_empty() {
            return vec![self.say("line.board_agrees")];
        }
        out
    }

    /// Carries out what the mirror of the board of `role` asks, in order.
    pub(super) fn mirror_outs(&mut self, role: BoardRole, outs: Vec<MirrorOut>, now: Duration) -> Vec<Out> {
        self.tagged_outs(outs.into_iter().map(|o| (role, o)).collect(), now)
    }

    /// Carries out what the mirrors ask, in order; after a move, every mirror looks at the game
    /// again before anything else is done.
    fn tagged_outs(&mut self, outs: Vec<(BoardRole, MirrorOut)>, now: Duration) -> Vec<Out> {
        let mut out = Vec::new();
        let mut queue: VecDeque<(BoardRole, MirrorOut)> = outs.into();
        let mut refused = Vec::new();
        while let Some((role, next)) = queue.pop_front() {
            match next {
                // Pieces lifted or moved once the game is over (put away, set up again, a move
                // played on after the flag fell) are no touches and no moves: the session would only
                // say, again and again, that the game is over.
                MirrorOut::Act(_, Command::Touch(_) | Command::Move(_)) if self.session.outcome().is_some() => {}
                // A move the session refused is not asked again in the same round: the mirror,
                // looking at the unchanged game, would ask it for ever.
                MirrorOut::Act(actor, ref command) if refused.contains(&(role, actor, command.clone())) => {}
                // A press between moves read together, when the session does not wait for it.
                MirrorOut::Act(actor, Command::Press) if self.session.awaiting_press() != actor => {}
                MirrorOut::Act(actor, command) => {
                    // A board cannot see the clock: its reply to a move waiting for its press
                    // brings that press with it, as the press the players made (6.2.1).
                    let waiting = self.session.awaiting_press();
                    if let (Command::Move(_), Some(side), Some(mover)) = (&command, waiting, actor) {
                        if side != mover {
                            out.extend(self.input(Input::Act { actor: Some(side), command: Command::Press }, now));
                        }
                    }
                    let plies = self.session.game().plies().len();
                    // Through the journal like every other input.
                    let asked = matches!(command, Command::Move(_)).then(|| command.clone());
                    out.extend(self.input(Input::Act { actor, command }, now));
                    // The sighted opponent presses his own clock (the official one): his move read
                    // from his board stands with its press, as the computer's does.
                    let moved = self.session.game().plies().len() > plies;
                    if let (false, Some(asked)) = (moved, asked) {
                        refused.push((role, actor, asked));
                    }
                    if role == BoardRole::Opponent && moved && actor.is_some() && self.session.awaiting_press() == actor
                    {
                        out.extend(self.input(Input::Act { actor, command: Command::Press }, now));
                    }
                    // A board whose next moves are still in the queue looks at the game once they
                    // are made.
                    let more_from = queue.iter().any(|(r, o)| *r == role && matches!(o, MirrorOut::Act(..)));
                    let synced = self.sync_mirrors().into_iter().filter(|(r, _)| !(more_from && *r == role));
                    for (i, more) in synced.enumerate() {
                        queue.insert(i, more);
                    }
                }
                MirrorOut::Send(command) => out.push(Out::Board(role, command)),
                MirrorOut::Say(utterance) => {
                    out.push(Out::Say(Words::Sentence(utterance.clone()), utterance.priority));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
