//! The arbiter's part of the session: draw offers and claims, touch-move, flag falls
//! and the quickplay finish. Every verdict names its article.

use std::time::Duration;

use shakmaty::{CastlingSide, Color, Move, Position, Role, Square};

use super::{FlagPolicy, Question, Session, TouchMove};
use crate::clock::Category;
use crate::message::{Arg, Fact, Played, Priority, Sentence, Sound, Utterance};
use crate::outcome::{Outcome, Reason};
use crate::rules::{MoveError, MoveSpec};

impl Session {
    fn category(&self) -> Category {
        self.clock.time_control().category()
    }

    /// A.4.2: unless announced otherwise, rapid and blitz games are not fully supervised.
    pub(super) fn supervised(&self) -> bool {
        self.config.supervised.unwrap_or(self.category() == Category::Standard)
    }

    /// A.4.1 (2023: A.5.1): a rapid or blitz game without full supervision in which both players
    /// have completed ten moves: its clock setting and set-up are no longer changed or claimed.
    pub(super) fn ten_moves_unsupervised(&self) -> bool {
        let moves = |side: Color| self.game.plies().iter().filter(|p| p.before.turn() == side).count();
        self.category() != Category::Standard
            && !self.supervised()
            && moves(Color::White) >= 10
            && moves(Color::Black) >= 10
    }

    pub(super) fn side_arg(&self, sentence: Sentence, side: Color) -> Utterance {
        Utterance::new(Priority::Info, sentence).arg("side", Arg::Side(side))
    }

    /// Gives `side` the penalty time of this time control (7.5.5, 9.5.3; one minute in blitz, 2018
    /// B.2, and in 2023 in rapid too, A.3).
    pub(super) fn penalty(&mut self, side: Color, article: &'static str, now: Duration) -> Duration {
        if self.clock.time_control().is_none() {
            return Duration::ZERO;
        }
        let added = self.config.laws.penalty(self.category());
        self.clock.add_time(side, added, now);
        self.record(Fact::TimeAdded { side, added, article });
        added
    }

    /// 9.1.2: an offer belongs after one's own move and before the press; made at another time it is
    /// still valid. 9.1.1: a competition may forbid offers before a given move.
    pub(super) fn offer(&mut self, actor: Option<Color>) {
        let side = actor.or(self.pending_side()).unwrap_or(self.game.turn());
        if let Some(forbidden) = self.offer_forbidden(side) {
            return self.say(forbidden);
        }
        if let Some(by) = self.offer {
            return self.say(self.side_arg(Sentence::DrawOfferStanding, by));
        }
        self.offer = Some(side);
        self.sheet.mark_offer(&self.game, side);
        self.record(Fact::Offered { side });
        self.sound(Sound::DrawOffer);
        // I.4: an offer made while the game is adjourned is a proper one.
        let proper = self.pending_side() == Some(side) || self.envelope.is_some();
        let sentence = if proper { Sentence::DrawOffered } else { Sentence::DrawOfferedOffTurn };
        self.say(self.side_arg(sentence, side));
    }

    /// 9.1.1: the competition forbids draw offers before a given move; the refusal to say, if this
    /// one by `side` falls before it. The move an offer goes with is the side's move just made (its
    /// own move, before the press, or already pressed), or the move it is about to make. Every way
    /// to a draw by agreement passes here: an offer, a claim or a request that counts as one
    /// (9.1.2.3, III.4), and its acceptance.
    fn offer_forbidden(&self, side: Color) -> Option<Utterance> {
        let limit = self.config.no_draw_offer_before;
        let number = if side == self.game.turn() {
            self.game.fullmove_number()
        } else {
            let own = self.game.plies().iter().rev().find(|p| p.before.turn() == side);
            own.map_or(1, |p| p.before.fullmoves().get())
        };
        (limit > 0 && number < limit)
            .then(|| Utterance::new(Priority::Info, Sentence::DrawOfferForbidden).arg("n", Arg::Number(limit)))
    }

    /// 5.2.3: a draw by agreement, once both players have made a move; never while offers are
    /// forbidden (9.1.1).
    pub(super) fn accept(&mut self, actor: Option<Color>, now: Duration) {
        let Some(by) = self.offer else { return self.info(Sentence::NoDrawOffer) };
        let side = actor.unwrap_or(!by);
        if side == by {
            return self.say(self.side_arg(Sentence::OwnDrawOffer, side));
        }
        if let Some(forbidden) = self.offer_forbidden(by) {
            self.offer = None;
            return self.say(forbidden);
        }
        let moved = |c: Color| self.game.plies().iter().any(|p| p.before.turn() == c);
        if !(moved(Color::White) && moved(Color::Black)) {
            return self.info(Sentence::AgreementTooEarly);
        }
        self.end(Outcome::draw(Reason::Agreement), now);
    }

    pub(super) fn decline(&mut self, actor: Option<Color>, now: Duration) {
        let Some(by) = self.offer else { return self.info(Sentence::NoDrawOffer) };
        let side = actor.unwrap_or(!by);
        if side == by {
            return self.say(self.side_arg(Sentence::OwnDrawOffer, side));
        }
        self.offer = None;
        self.record(Fact::Declined { side });
        self.say(self.side_arg(Sentence::DrawDeclined, side));
        if self.quickplay_requested == Some(by) {
            self.grant_quickplay(by, now);
        }
    }

    /// 4.2.1: only the player having the move may adjust pieces, saying so first ("j'adoube");
    /// what he touches until his move he adjusts, and it obliges nothing.
    pub(super) fn jadoube(&mut self, actor: Option<Color>) {
        let side = actor.unwrap_or(self.game.turn());
        if side != self.game.turn() {
            return self.say(self.side_arg(Sentence::AdjustNotOnMove, side));
        }
        self.adjusting = Some(side);
        self.record(Fact::Adjusting { side });
        self.say(self.side_arg(Sentence::Adjusting, side));
    }

    /// 4.7.2: the king released on its castling square: castling on that side is the only move,
    /// if legal; if not, another king move (castling on the other side included).
    pub(super) fn release(&mut self, actor: Option<Color>, square: Square) {
        let side = actor.unwrap_or(self.game.turn());
        let position = self.game.position();
        let Some(king) = position.board().king_of(side).filter(|_| side == self.game.turn()) else { return };
        let rook = [CastlingSide::KingSide, CastlingSide::QueenSide]
            .into_iter()
            .filter(|c| Square::from_coords(c.king_to_file(), king.rank()) == square)
            .find_map(|c| position.castles().rook(side, c));
        let Some(rook) = rook else { return };
        self.released = Some((side, rook));
        // Castling is the move being made, nothing to say; an illegal one leaves another king move.
        if let (Duty::KingInstead(_), _) = self.duty(&[king]) {
            let u = self.side_arg(Sentence::TouchedCastleIllegal, side);
            self.say(u.arg("square", Arg::Square(rook.to_string())));
        }
    }

    /// 4.3, 4.4: the pieces touched by the player having the move, in order, decide which moves he
    /// may make; each touch that changes that duty is said. A touch declines a draw offer (9.1.2).
    /// After "j'adoube" (4.2.1) a touch is an adjustment: it obliges nothing.
    pub(super) fn touch(&mut self, actor: Option<Color>, square: Square, now: Duration) {
        let side = actor.unwrap_or(self.game.turn());
        if side != self.game.turn() {
            return self.say(self.side_arg(Sentence::NotYourMove, self.game.turn()));
        }
        if self.adjusting == Some(side) {
            return;
        }
        if self.game.position().board().piece_at(square).is_none() {
            let u =
                Utterance::new(Priority::Info, Sentence::EmptySquare).arg("square", Arg::Square(square.to_string()));
            return self.say(u);
        }
        if self.offer == Some(!side) {
            self.offer = None;
            self.record(Fact::Declined { side });
            self.say(self.side_arg(Sentence::DrawDeclinedByTouch, side));
            if self.quickplay_requested == Some(!side) {
                self.grant_quickplay(!side, now);
            }
        }
        let mut squares = match self.touched.take() {
            Some((s, squares)) if s == side => squares,
            _ => Vec::new(),
        };
        if squares.contains(&square) {
            self.touched = Some((side, squares));
            return;
        }
        let before = (!squares.is_empty()).then(|| self.duty(&squares).0);
        squares.push(square);
        let (duty, _) = self.duty(&squares);
        self.touched = Some((side, squares));
        self.record(Fact::Touched { side, square: square.to_string() });
        // A capture that only narrows the duty said (the piece that must move now captures the
        // piece touched after it, or the piece that must be captured is now taken by the piece
        // touched after it) is the capture being made, as on a peg board at every capture: nothing
        // more to say before it.
        let narrows = matches!(
            (before, duty),
            (Some(Duty::Move(_)), Duty::CaptureWith(_)) | (Some(Duty::Capture(_)), Duty::CaptureWith(_))
        );
        if before == Some(duty) || narrows {
            return;
        }
        let (sentence, at) = match duty {
            Duty::Free => (Sentence::TouchedCannotMove, square),
            Duty::Move(at) => (Sentence::Touched, at),
            Duty::Capture(at) => (Sentence::TouchedOpponent, at),
            Duty::CaptureWith(at) => (Sentence::TouchedCaptureWith, at),
            Duty::Castle(rook) => (Sentence::TouchedCastle, rook),
            Duty::Released(rook) => (Sentence::TouchedReleased, rook),
            Duty::KingInstead(rook) => (Sentence::TouchedCastleIllegal, rook),
        };
        self.say(self.side_arg(sentence, side).arg("square", Arg::Square(at.to_string())));
    }

    /// What the touches on `squares` (in order, by the player having the move) oblige, and the legal
    /// moves that fulfil it; `None` when any legal move may be made.
    fn duty(&self, squares: &[Square]) -> (Duty, Option<Vec<Move>>) {
        let position = self.game.position();
        let board = position.board();
        let turn = position.turn();
        let legal = position.legal_moves();
        let own: Vec<Square> = squares.iter().copied().filter(|s| board.color_at(*s) == Some(turn)).collect();
        let theirs = squares.iter().copied().find(|s| board.color_at(*s) == Some(!turn));
        let select = |keep: &dyn Fn(&Move) -> bool| {
            let moves: Vec<Move> = legal.iter().filter(|m| keep(m)).cloned().collect();
            (!moves.is_empty()).then_some(moves)
        };
        // 4.7.2: the king released on its castling square: castle on that side if legal, else
        // another king move; with none, any move.
        if let Some((_, rook)) = self.released.filter(|(side, _)| *side == turn) {
            let castle = |m: &Move| matches!(m, Move::Castle { rook: r, .. } if *r == rook);
            if let Some(moves) = select(&castle) {
                return (Duty::Released(rook), Some(moves));
            }
            let king = board.king_of(turn);
            let moves = select(&|m: &Move| m.from() == king);
            return (if moves.is_some() { Duty::KingInstead(rook) } else { Duty::Free }, moves);
        }
        // 4.4.1: the king and then a rook: castle on that side if legal; 4.4.3: if not, another king
        // move (castling with the other rook included); with none, any move.
        if let [king, rook, ..] = own[..] {
            if board.role_at(king) == Some(Role::King) && board.role_at(rook) == Some(Role::Rook) {
                let castle = |m: &Move| matches!(m, Move::Castle { rook: r, .. } if *r == rook);
                if let Some(moves) = select(&castle) {
                    return (Duty::Castle(rook), Some(moves));
                }
                let moves = select(&|m: &Move| m.from() == Some(king));
                return (if moves.is_some() { Duty::KingInstead(rook) } else { Duty::Free }, moves);
            }
        }
        // 4.3.3: an own piece and an opponent's: capture it with that piece if legal.
        if let (Some(&mine), Some(target)) = (own.first(), theirs) {
            let capture = |m: &Move| m.from() == Some(mine) && m.to() == target && m.is_capture();
            if let Some(moves) = select(&capture) {
                return (Duty::CaptureWith(target), Some(moves));
            }
        }
        // 4.4.2: a rook touched before the king: no castling on that side on this move, and 4.3.1
        // governs (the first touched piece that can move; in Chess960 the king's move onto that
        // rook is its castling, so it goes too).
        let rook_first = |m: &Move| rook_before_king(board, &own, m);
        // 4.3.1, 4.3.2 (and 4.3.3 when that capture is illegal): the first touched piece that can be
        // moved or captured. 4.5: none can, so any move.
        for &square in squares {
            let found = if board.color_at(square) == Some(turn) {
                select(&|m: &Move| m.from() == Some(square) && !rook_first(m)).map(|moves| (Duty::Move(square), moves))
            } else {
                select(&|m: &Move| m.to() == square && m.is_capture() && !m.is_castle())
                    .map(|moves| (Duty::Capture(square), moves))
            };
            if let Some((duty, moves)) = found {
                return (duty, Some(moves));
            }
        }
        // 4.5: any move, except the castling 4.4.2 forbids.
        let free = select(&|m: &Move| !rook_first(m));
        (Duty::Free, free.filter(|moves| moves.len() < legal.len()))
    }

    /// Whether `mv` may be played given the touched piece; says why not, or warns (setting).
    pub(super) fn touch_move_allows(&mut self, mover: Color, mv: Move) -> bool {
        // The king released on its castling square binds castling (4.7.2) even when the touch that
        // lifted it was not reported (`release g1` typed, or a two-handed castling taken back).
        let squares = match (&self.touched, self.released) {
            (Some((side, squares)), _) if *side == mover => squares.clone(),
            (_, Some((side, _))) if side == mover => Vec::new(),
            _ => return true,
        };
        let squares = &squares;
        let (duty, Some(allowed)) = self.duty(squares) else { return true };
        if allowed.contains(&mv) {
            return true;
        }
        // Castling with a rook touched before the king is what 4.4.2 forbids, whatever else is due.
        let board = self.game.position().board();
        let own: Vec<Square> = squares.iter().copied().filter(|s| board.color_at(*s) == Some(mover)).collect();
        let duty = if rook_before_king(board, &own, &mv) { Duty::Free } else { duty };
        // A duty of 4.3.3 or 4.4 is said as it is; the plain ones name the piece that must be moved
        // or captured (the first touched that can be: one touched before it that cannot is no duty).
        let (sentence, square) = match duty {
            Duty::CaptureWith(at) => (Sentence::TouchedCaptureWith, at),
            Duty::Castle(rook) => (Sentence::TouchedCastle, rook),
            Duty::Released(rook) => (Sentence::TouchedReleased, rook),
            Duty::KingInstead(rook) => (Sentence::TouchedCastleIllegal, rook),
            Duty::Move(at) | Duty::Capture(at) => match self.config.touch_move {
                TouchMove::Warn => (Sentence::TouchMoveWarning, at),
                TouchMove::Enforce => (Sentence::TouchMoveRefused, at),
            },
            // 4.4.2: castling with the rook touched first (said as a warning when only warned).
            Duty::Free => {
                let rook = if let Move::Castle { rook, .. } = mv { rook } else { squares[0] };
                match self.config.touch_move {
                    TouchMove::Warn => (Sentence::TouchMoveWarning, rook),
                    TouchMove::Enforce => (Sentence::TouchedRookFirst, rook),
                }
            }
        };
        let u = self.side_arg(sentence, mover).arg("square", Arg::Square(square.to_string()));
        let enforce = self.config.touch_move == TouchMove::Enforce;
        if enforce {
            self.sound(Sound::Illegal);
        }
        self.say(Utterance { priority: Priority::Urgent, ..u });
        !enforce
    }

    /// 9.2 and 9.3 claims by the player having the move, with or without the intended move; in rapid
    /// and blitz without full supervision also the claim of the opponent's illegal move (A.4.2).
    pub(super) fn claim(&mut self, actor: Option<Color>, intended: Option<&MoveSpec>, now: Duration) {
        // A.4.2: the opponent of an unclaimed illegal move claims it before making his own move.
        if let Some(unclaimed) = self.unclaimed_illegal.take() {
            if intended.is_none() && actor.unwrap_or(!unclaimed.offender) != unclaimed.offender {
                return self.penalise_illegal(unclaimed.offender, unclaimed.kind, now);
            }
            self.unclaimed_illegal = Some(unclaimed);
        }
        let side = actor.unwrap_or(self.game.turn());
        if side != self.game.turn() {
            return self.say(self.side_arg(Sentence::ClaimNotOnMove, self.game.turn()));
        }
        if self.touched.as_ref().is_some_and(|(s, _)| *s == side) {
            return self.say(self.side_arg(Sentence::ClaimAfterTouch, side));
        }
        let (mv, declared_illegal) = match intended.map(|spec| self.game.resolve_spec(spec)) {
            None => (None, false),
            Some(Ok(mv)) => (Some(mv), false),
            // 9.5: a claim with a declared move that cannot be played is made, and incorrect.
            Some(Err(e @ MoveError::Illegal(_))) => {
                self.refuse_move(&e);
                (None, true)
            }
            // A move not understood or fitting several pieces: asked about, no claim yet.
            Some(Err(e)) => return self.refuse_move(&e),
        };
        // 9.5.1: the claim stops the clocks and cannot be withdrawn.
        let was_paused = self.clock.is_paused();
        self.clock.pause(now);
        // 9.2.1.2 (2023 9.2.2): the position has just appeared; 9.2.1.1 (2023 9.2.1): it is about
        // to, with the move declared.
        if !declared_illegal && self.game.can_claim_threefold(None) {
            return self.end(Outcome::draw(Reason::ThreefoldRepetition), now);
        }
        if !declared_illegal && self.game.can_claim_threefold(mv) {
            return self.end(Outcome::draw(Reason::ThreefoldRepetitionDeclared), now);
        }
        if !declared_illegal && self.game.can_claim_fifty(mv) {
            return self.end(Outcome::draw(Reason::FiftyMoves), now);
        }
        // 9.5.3: an incorrect claim gives the opponent time, and the declared move must be played.
        self.record(Fact::ClaimRejected { side, article: "9.5.3" });
        let added = self.penalty(!side, "9.5.3", now);
        // With no clock there is no time to give: say so rather than a penalty that is not applied.
        let sentence =
            if self.clock.time_control().is_none() { Sentence::ClaimWrongUntimed } else { Sentence::ClaimWrong };
        self.say(
            Utterance::new(Priority::Urgent, sentence)
                .arg("side", Arg::Side(side))
                .arg("opponent", Arg::Side(!side))
                .arg("time", Arg::Time(added)),
        );
        if declared_illegal {
            self.info(Sentence::ClaimIllegalMove);
        }
        if !was_paused {
            self.clock.resume(now);
        }
        if let Some(mv) = mv {
            let played = Played::new(self.game.position(), mv);
            self.say(self.side_arg(Sentence::ClaimMovePlayed, side).arg("move", Arg::Move(played)));
            self.play(side, mv, false, now);
            self.declared = Some(self.game.plies().len());
        }
        // 9.1.2.3: a claim is also a draw offer, which the opponent may still accept.
        self.offer_by_request(side, Sentence::ClaimOffer);
    }

    /// A request that is also a draw offer (a claim, 9.1.2.3; the quickplay finish, III.4), unless an
    /// offer stands already or the game is over.
    fn offer_by_request(&mut self, side: Color, sentence: Sentence) {
        if self.offer.is_some() || self.outcome.is_some() {
            return;
        }
        // 9.1.1: while offers are forbidden, an incorrect claim stays incorrect: no agreement.
        if let Some(forbidden) = self.offer_forbidden(side) {
            return self.say(forbidden);
        }
        self.offer = Some(side);
        self.sheet.mark_offer(&self.game, side);
        self.record(Fact::Offered { side });
        self.say(self.side_arg(sentence, side).arg("opponent", Arg::Side(!side)));
    }

    /// The flag of the side whose clock runs fell at `at` (6.9).
    pub(super) fn flag_fall(&mut self, at: Duration) {
        let Some(side) = self.clock.running() else { return };
        if self.flag_announced != Some(side) {
            self.flag_announced = Some(side);
            self.record(Fact::FlagFell { side });
            self.sound(Sound::FlagFall);
            let quota = self.clock.moves_left_in_period(side).filter(|n| *n > 0);
            let u = match quota {
                Some(n) => self.side_arg(Sentence::FlagFellQuota, side).arg("moves", Arg::Moves(n)),
                None => self.side_arg(Sentence::FlagFell, side),
            };
            self.say(Utterance { priority: Priority::Urgent, ..u });
        }
        if self.config.flag == FlagPolicy::Auto {
            self.decide_flag(side, at);
        }
    }

    /// 6.9, A.4.3: the flagged side loses, unless the opponent cannot mate by any series of legal moves.
    fn decide_flag(&mut self, flagged: Color, now: Duration) {
        self.unless_cannot_mate(!flagged, Reason::Time, Reason::TimeCannotMate, Question::FlagFall(flagged), now);
    }

    /// A claim that the opponent's flag has fallen (A.4.3, D.2.10.5).
    pub(super) fn claim_flag(&mut self, actor: Option<Color>, now: Duration) {
        let claimant = actor.or(self.clock.running().map(|c| !c)).unwrap_or(!self.game.turn());
        let opponent = !claimant;
        // When both flags are down, the flag that fell first decides, whoever claims (6.9; Guideline
        // III.3.1 draws only when the order cannot be established, and Anna's clocks always know it).
        let first = self.clock.flagged(now);
        match first {
            Some(fallen) if fallen == opponent || self.clock.flag_fell_at(opponent, now).is_some() => {
                if self.flag_announced != Some(fallen) {
                    self.flag_announced = Some(fallen);
                    self.record(Fact::FlagFell { side: fallen });
                    self.sound(Sound::FlagFall);
                }
                self.decide_flag(fallen, now);
            }
            _ => self.say(self.side_arg(Sentence::FlagNotFallen, opponent)),
        }
    }

    /// III.4: the player having the move, with under two minutes left and no increment, may ask for
    /// a 5-second increment for both; the opponent gets two minutes, once. The request is also a draw
    /// offer. Only in standard games and rapid games without increment, never in blitz (III.2.2).
    pub(super) fn quickplay(&mut self, actor: Option<Color>, now: Duration) {
        let having_move = self.pending_side().unwrap_or(self.game.turn());
        let side = actor.unwrap_or(having_move);
        if side != having_move {
            return self.say(self.side_arg(Sentence::QuickplayNotOnMove, having_move));
        }
        if self.clock.is_quickplay() {
            return self.info(Sentence::QuickplayGiven);
        }
        let tc = self.clock.time_control();
        if !tc.is_none() && tc.category() == Category::Blitz {
            return self.info(Sentence::QuickplayBlitz);
        }
        let no_increment = !tc.is_none() && tc.periods.iter().all(|p| p.increment.is_zero());
        if !no_increment || self.clock.remaining(side, now) >= Duration::from_secs(120) {
            return self.info(Sentence::QuickplayRefused);
        }
        // The request is a draw offer; the increment and the two minutes come if it is refused
        // ("If refused, and the arbiter agrees to the request, the clocks shall then be set").
        self.offer_by_request(side, Sentence::QuickplayOffer);
        if self.offer == Some(side) {
            self.quickplay_requested = Some(side);
        } else {
            // No offer could be made (one stands, or offers are forbidden, 9.1.1): granted now.
            self.grant_quickplay(side, now);
        }
    }

    /// III.4: the request of `side` refused as a draw: 5 seconds a move for both, two minutes for
    /// the opponent, once.
    pub(super) fn grant_quickplay(&mut self, side: Color, now: Duration) {
        self.quickplay_requested = None;
        self.clock.quickplay_increment(now);
        let added = Duration::from_secs(120);
        self.clock.add_time(!side, added, now);
        self.record(Fact::TimeAdded { side: !side, added, article: "III.4" });
        let u = Utterance::new(Priority::Info, Sentence::Quickplay)
            .arg("opponent", Arg::Side(!side))
            .arg("time", Arg::Time(added));
        self.say(u);
    }

    pub(super) fn pause(&mut self, now: Duration) {
        if !self.clock.is_paused() {
            self.clock.pause(now);
            self.record(Fact::Paused);
            self.info(Sentence::Paused);
        }
    }

    pub(super) fn resume(&mut self, now: Duration) {
        if !self.clock.is_paused() {
            return self.info(Sentence::NotPaused);
        }
        self.clock.resume(now);
        self.record(Fact::Resumed);
        self.info(Sentence::Resumed);
    }

    pub(super) fn adjust_time(&mut self, side: Color, time: Duration, now: Duration) {
        if self.ten_moves_unsupervised() {
            return self.say(Utterance::new(Priority::Info, Sentence::ClockSettingStays));
        }
        self.clock.set_remaining(side, time, now);
        self.record(Fact::Adjusted { side, remaining: time, moves: self.clock.moves(side) });
        self.say(
            Utterance::new(Priority::Info, Sentence::Adjusted)
                .arg("side", Arg::Side(side))
                .arg("time", Arg::Time(time)),
        );
    }

    /// The official clock on the board shows `time` for `side` (6.1): Anna's clock follows it,
    /// silently, even while paused or adjourned: it is what that clock shows.
    pub(super) fn follow_clock(&mut self, side: Color, time: Duration, now: Duration) {
        if self.outcome.is_none() {
            self.clock.follow(side, time, now);
        }
    }

    pub(super) fn adjust_moves(&mut self, side: Color, moves: u32, now: Duration) {
        if self.ten_moves_unsupervised() {
            return self.say(Utterance::new(Priority::Info, Sentence::ClockSettingStays));
        }
        self.clock.set_moves(side, moves);
        self.record(Fact::Adjusted { side, remaining: self.clock.remaining(side, now), moves });
        self.say(
            Utterance::new(Priority::Info, Sentence::AdjustedMoves)
                .arg("side", Arg::Side(side))
                .arg("n", Arg::Number(moves)),
        );
    }
}

/// What the pieces touched so far oblige the player having the move to do (4.3, 4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Duty {
    /// 4.5: nothing touched can move or be captured.
    Free,
    /// Move the own piece on this square (4.3.1).
    Move(Square),
    /// Capture the opponent's piece on this square (4.3.2).
    Capture(Square),
    /// Capture the piece on this square with the own piece touched (4.3.3).
    CaptureWith(Square),
    /// Castle with the rook on this square (4.4.1).
    Castle(Square),
    /// Castling with the rook on this square is illegal: another king move (4.4.3).
    KingInstead(Square),
    /// The king was released on its castling square: castle with the rook on this square (4.7.2).
    Released(Square),
}

/// 4.4.2: `m` castles with a rook the player touched before his king (`own`: his touches in order).
fn rook_before_king(board: &shakmaty::Board, own: &[Square], m: &Move) -> bool {
    own.iter()
        .position(|s| board.role_at(*s) == Some(Role::King))
        .is_some_and(|king| own[..king].iter().any(|r| matches!(m, Move::Castle { rook, .. } if rook == r)))
}
