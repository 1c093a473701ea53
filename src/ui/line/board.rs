//! Playing on an electronic peg board (issue 6, FIDE Annex D.2): the line mode keeps a [`Mirror`]
//! of the board and carries out what it asks, in order: a command for the session (after which the
//! mirror looks at the game again), a request for the board ([`Out::Board`], sent by the runtime
//! through its link) and a sentence. Still no I/O here: what the link reports comes in through
//! [`LineMode::board_report`], and the second of quiet after which a rook move that might have
//! become castling is made is one more deadline ([`LineMode::next_deadline`]).
//!
//! What a blind player hears about the link itself: that the board is connected, that it is not
//! (the game goes on, Anna keeps trying), and on reconnection the mirror's repair steps. A corrupted
//! line is dropped and the link carries on; it is only mentioned when lines keep being rejected,
//! at most once every [`REJECTED_NOTICE`], since a single noisy line changes nothing for the player.

use std::collections::VecDeque;
use std::time::Duration;

use shakmaty::Color;

use super::{LineMode, Out};
use crate::board_link::mirror::{Mirror, MirrorOut};
use crate::board_link::serial::LinkReport;
use crate::core::command::Input;
use crate::core::message::Sound;

/// How long the board must be quiet before a move that may still grow (a rook move before the
/// king's of a castling) is made.
pub const QUIET: Duration = Duration::from_secs(1);

/// At most one notice of rejected lines in this time.
pub const REJECTED_NOTICE: Duration = Duration::from_secs(60);

/// The peg board as the line mode knows it.
#[derive(Clone, Debug)]
pub(super) struct Board {
    mirror: Mirror,
    /// When the board last reported a lift or a place and nothing settled it since.
    unsettled: Option<Duration>,
    /// Rejected lines since the last notice, and when that notice was given.
    rejected: u32,
    noticed: Option<Duration>,
}

impl LineMode {
    /// A peg board joins the game (`--board`): the player's side plays on it, both sides in the
    /// assistant's mode or when no side is chosen; the other side's moves are shown on it.
    pub fn connect_board(&mut self) {
        let mirror = Mirror::new(self.session.game(), self.board_side());
        self.board = Some(Board { mirror, unsettled: None, rejected: 0, noticed: None });
    }

    /// Who plays on the board: `None` for both sides.
    fn board_side(&self) -> Option<Color> {
        if self.options.assistant {
            None
        } else if self.options.computer {
            Some(self.user_side())
        } else {
            self.session.config().player
        }
    }

    /// The instant the board's quiet runs out, if a move waits for it.
    pub(super) fn board_deadline(&self) -> Option<Duration> {
        self.board.as_ref()?.unsettled.map(|at| at + QUIET)
    }

    /// What the link reported, at `now`.
    pub fn board_report(&mut self, report: &LinkReport, now: Duration) -> Vec<Out> {
        let Some(board) = self.board.as_mut() else { return Vec::new() };
        let mut out = Vec::new();
        match report {
            LinkReport::Connected { .. } => {
                board.rejected = 0;
                out.push(Out::Play(Sound::BoardConnected));
                out.push(self.say("line.board_connected"));
                // The link asks for the whole board; its snapshot repairs any difference.
            }
            LinkReport::Disconnected(_) => {
                board.unsettled = None;
                out.push(Out::Play(Sound::BoardDisconnected));
                out.push(self.say("line.board_disconnected"));
            }
            LinkReport::Rejected(_) => {
                board.rejected += 1;
                let due = board.noticed.is_none_or(|at| now >= at + REJECTED_NOTICE);
                // One bad line is noise; several mean a cable or a board worth checking.
                if board.rejected >= 3 && due {
                    board.rejected = 0;
                    board.noticed = Some(now);
                    out.push(self.say("line.board_rejected"));
                }
            }
            LinkReport::Event(event) => {
                let outs = board.mirror.board(event, self.session.game());
                board.unsettled = Some(now);
                out.extend(self.mirror_outs(outs, now));
                out.extend(self.think(now));
            }
        }
        out
    }

    /// The board has been quiet since the deadline: a move waiting for that is made.
    pub(super) fn board_quiet(&mut self, now: Duration) -> Vec<Out> {
        if self.board_deadline().is_none_or(|at| now < at) {
            return Vec::new();
        }
        self.settle_board(now)
    }

    /// Before any other input reaches the session, the hand has left the board.
    pub(super) fn settle_board(&mut self, now: Duration) -> Vec<Out> {
        let Some(board) = self.board.as_mut() else { return Vec::new() };
        board.unsettled = None;
        let outs = board.mirror.settle(self.session.game());
        self.mirror_outs(outs, now)
    }

    /// After the session handled an input: the mirror shows a new move or undoes a refused one.
    /// The side playing on the board follows the player's (`flip`, the setup questions).
    pub(super) fn sync_board(&mut self, now: Duration) -> Vec<Out> {
        let side = self.board_side();
        let Some(board) = self.board.as_mut() else { return Vec::new() };
        board.mirror.set_board_side(side);
        let outs = board.mirror.sync(self.session.game());
        self.mirror_outs(outs, now)
    }

    /// `restore board`: back to the last position board and game agreed on (D.2.9).
    pub(super) fn restore_board(&mut self, now: Duration) -> Vec<Out> {
        let Some(board) = self.board.as_mut() else { return vec![self.say("line.board_none")] };
        board.unsettled = None;
        let outs = board.mirror.restore(self.session.game());
        let out = self.mirror_outs(outs, now);
        if out.is_empty() {
            return vec![self.say("line.board_agrees")];
        }
        out
    }

    /// Carries out what the mirror asks, in order.
    fn mirror_outs(&mut self, outs: Vec<MirrorOut>, now: Duration) -> Vec<Out> {
        let mut out = Vec::new();
        let mut queue: VecDeque<MirrorOut> = outs.into();
        while let Some(next) = queue.pop_front() {
            match next {
                MirrorOut::Act(actor, command) => {
                    let effects = self.session.handle(Input::Act { actor, command }, now);
                    out.extend(self.outs(&effects));
                    if let Some(board) = self.board.as_mut() {
                        for (i, more) in board.mirror.sync(self.session.game()).into_iter().enumerate() {
                            queue.insert(i, more);
                        }
                    }
                }
                MirrorOut::Send(command) => out.push(Out::Board(command)),
                MirrorOut::Say(utterance) => {
                    out.push(Out::Say(self.voice.render(&utterance), utterance.priority));
                }
            }
        }
        out
    }
}
