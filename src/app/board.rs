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

use super::{App, Out};
use crate::board_link::mirror::{Mirror, MirrorOut};
use crate::board_link::serial::LinkReport;
use crate::board_link::BoardEvent;
use crate::core::command::{Command, Input};
use crate::core::message::{Sound, Words};

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
    /// Rejected lines in the current burst, when the last came, and when the last notice was given.
    rejected: u32,
    last_rejected: Option<Duration>,
    noticed: Option<Duration>,
}

impl App {
    /// A peg board joins the game (`--board`): the player's side plays on it, both sides in the
    /// assistant's mode or when no side is chosen; the other side's moves are shown on it.
    pub fn connect_board(&mut self) {
        self.connect_board_as(None);
    }

    /// A peg board joins the game, with the side that plays on it given (`Some(None)`: both), or
    /// followed from the player's side (`None`).
    pub fn connect_board_as(&mut self, fixed_side: Option<Option<Color>>) {
        let side = fixed_side.unwrap_or_else(|| self.player_board_side());
        let mirror = Mirror::new(self.session.game(), side);
        let board = Board { mirror, fixed_side, unsettled: None, rejected: 0, last_rejected: None, noticed: None };
        self.board = Some(board);
    }

    /// Whether a peg board is linked.
    pub fn board_connected(&self) -> bool {
        self.board.is_some()
    }

    /// Who plays on the board: `None` for both sides.
    fn board_side(&self) -> Option<Color> {
        match self.board.as_ref().and_then(|b| b.fixed_side) {
            Some(side) => side,
            None => self.player_board_side(),
        }
    }

    /// Who plays on the board, followed from the player's side.
    fn player_board_side(&self) -> Option<Color> {
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
    pub(super) fn board_report(&mut self, report: &LinkReport, now: Duration) -> Vec<Out> {
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
                if board.last_rejected.is_some_and(|at| now > at + REJECTED_BURST) {
                    board.rejected = 0;
                }
                board.rejected += 1;
                board.last_rejected = Some(now);
                let due = board.noticed.is_none_or(|at| now >= at + REJECTED_NOTICE);
                // One bad line is noise; several in a row mean a cable or a board worth checking.
                if board.rejected >= REJECTED_SAID && due {
                    board.rejected = 0;
                    board.noticed = Some(now);
                    out.push(self.say("line.board_rejected"));
                }
            }
            LinkReport::Event(event) => {
                let outs = board.mirror.board(event, self.session.game());
                if matches!(event, BoardEvent::Lifted(_) | BoardEvent::Placed(_)) {
                    board.unsettled = Some(now);
                }
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
                // Pieces lifted once the game is over (put away, set up again) are no touches: the
                // session would only say, lift after lift, that the game is over.
                MirrorOut::Act(_, Command::Touch(_)) if self.session.outcome().is_some() => {}
                MirrorOut::Act(actor, command) => {
                    // Through the journal like every other input.
                    out.extend(self.input(Input::Act { actor, command }, now));
                    if let Some(board) = self.board.as_mut() {
                        for (i, more) in board.mirror.sync(self.session.game()).into_iter().enumerate() {
                            queue.insert(i, more);
                        }
                    }
                }
                MirrorOut::Send(command) => out.push(Out::Board(command)),
                MirrorOut::Say(utterance) => {
                    out.push(Out::Say(Words::Sentence(utterance.clone()), utterance.priority));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Options;
    use crate::board_link::codec::LineError;
    use crate::board_link::serial::LinkError;
    use crate::board_link::HostCommand;
    use crate::core::command::{Command, Setting};
    use crate::core::session::Config;
    use crate::language::Voice;
    use shakmaty::Square;

    fn board_mode(setup: Vec<Command>) -> App {
        let mut setup = setup;
        setup.push(Command::Set(Setting::Player(Some(Color::White))));
        let mut mode = App::new(Config::default(), setup, Voice::english(), Options::default());
        mode.start();
        mode.connect_board();
        mode
    }

    fn event(mode: &mut App, event: BoardEvent, secs: u64) -> Vec<Out> {
        mode.board_report(&LinkReport::Event(event), Duration::from_secs(secs))
    }

    #[test]
    fn a_lift_after_the_game_ended_is_no_touch() {
        let mut m = board_mode(Vec::new());
        m.line("resign", Duration::from_secs(4));
        m.line("yes", Duration::from_secs(5));
        assert!(m.session().outcome().is_some());
        let out = event(&mut m, BoardEvent::Lifted(Square::E2), 6);
        assert!(!said!(m, &out).iter().any(|s| s.contains("over")), "{:?}", said!(m, &out));
    }

    #[test]
    fn the_link_is_said_in_words_and_sounds() {
        let mut m = board_mode(Vec::new());
        let connected = LinkReport::Connected { name: "sim".to_string(), version: 1 };
        let out = m.board_report(&connected, Duration::ZERO);
        assert_eq!(out[0], Out::Play(Sound::BoardConnected));
        assert_eq!(said!(m, &out), ["Board connected."]);
        let lost = LinkReport::Disconnected(LinkError::Silent);
        let out = m.board_report(&lost, Duration::ZERO);
        assert_eq!(out[0], Out::Play(Sound::BoardDisconnected));
        assert_eq!(said!(m, &out), ["The board is not connected; the game goes on without it; I keep trying."]);
    }

    #[test]
    fn rejected_lines_are_mentioned_only_when_they_keep_coming_and_once_a_minute() {
        let mut m = board_mode(Vec::new());
        let bad = LinkReport::Rejected(LineError::NoChecksum);
        let mut notices = Vec::new();
        for second in [0, 1, 2, 3, 4, 5, 61, 62, 63] {
            if !said!(m, &m.board_report(&bad, Duration::from_secs(second))).is_empty() {
                notices.push(second);
            }
        }
        // The third bad line in a row is worth a word; more within the minute are not.
        assert_eq!(notices, [2, 63]);
    }

    #[test]
    fn a_rook_move_that_may_become_castling_waits_for_a_second_of_quiet_without_polling() {
        let mut m = board_mode(vec![Command::Fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1".to_string())]);
        assert_eq!(m.next_deadline(), None);
        event(&mut m, BoardEvent::Lifted(Square::H1), 10);
        event(&mut m, BoardEvent::Placed(Square::F1), 11);
        assert_eq!(m.next_deadline(), Some(Duration::from_secs(12)));
        assert!(said!(m, &m.tick(Duration::from_millis(11_500))).is_empty());
        let out = m.tick(Duration::from_secs(12));
        assert_eq!(said!(m, &out).last().map(String::as_str), Some("White: Rook Felix eins."));
        assert_eq!(m.next_deadline(), None);
    }

    #[test]
    fn a_typed_move_of_the_opponent_is_shown_on_the_board_and_restore_reports_agreement() {
        let mut m = board_mode(Vec::new());
        assert_eq!(said!(m, &m.line("restore board", Duration::ZERO)), ["The board matches the game."]);
        event(&mut m, BoardEvent::Lifted(Square::E2), 1);
        event(&mut m, BoardEvent::Placed(Square::E4), 2);
        m.line("", Duration::from_secs(3));
        let out = m.line("e5", Duration::from_secs(4));
        let show = HostCommand::ShowMove { from: Square::E7, to: Square::E5, captured: None, rook: None };
        assert!(out.contains(&Out::Board(show)), "{out:?}");
        assert_eq!(said!(m, &out).last().map(String::as_str), Some("On the board, please: Pawn Eva sieben Eva fünf."));
    }

    #[test]
    fn without_a_board_restore_says_how_to_link_one() {
        let mut m = App::new(Config::default(), Vec::new(), Voice::english(), Options::default());
        m.start();
        let out = said!(m, &m.line("restore board", Duration::ZERO));
        assert_eq!(out, ["No peg board is linked; start Anna with --board and the board's port."]);
    }
}
