//! Illegal moves (FIDE 7.5, A.4.2): a completed illegal move reported by the arbiter or the
//! assistant, a press without a move, a move made with two hands; the penalty, the second one's
//! loss, and touch-move for the replacement move.

use std::time::Duration;

use shakmaty::{attacks, Bitboard, Color, Move, Position, Role, Square};

use super::{Question, Session, Unclaimed};
use crate::command::{IllegalMove, Irregularity, Retraction};
use crate::message::{Arg, Fact, Played, Priority, Sentence, Sound, Utterance};
use crate::outcome::Reason;
use crate::rules::MoveSpec;

impl Session {
    /// A completed illegal move reported against `actor` (default: the player having the move).
    pub(super) fn illegal(&mut self, actor: Option<Color>, kind: IllegalMove, now: Duration) {
        if let IllegalMove::Earlier { number, side } = kind {
            return self.illegal_found(number, side, now);
        }
        if kind == IllegalMove::TwoHands {
            // 7.5.4: the move made with two hands is the last one, by the player who made it.
            let last = self.game.plies().last().map(|p| p.before.turn());
            let offender = actor.or(last).unwrap_or(self.game.turn());
            if last != Some(offender) {
                return self.say(self.side_arg(Sentence::NotYourMove, self.game.turn()));
            }
            if self.supervised() {
                return self.penalise_illegal(offender, kind, now);
            }
            // A.4.2: the move stands unless the opponent claims before making his own move.
            self.unclaimed_illegal = Some(Unclaimed { offender, kind, at: now });
            let u = self.side_arg(Sentence::IllegalReported, offender).arg("opponent", Arg::Side(!offender));
            return self.say(Utterance { priority: Priority::Urgent, ..u });
        }
        let offender = actor.unwrap_or(self.game.turn());
        if offender != self.game.turn() {
            return self.say(self.side_arg(Sentence::NotYourMove, self.game.turn()));
        }
        if let IllegalMove::Move(spec) = &kind {
            if let Ok(mv) = self.game.resolve_spec(spec) {
                let played = Played::new(self.game.position(), mv);
                let u = Utterance::new(Priority::Info, Sentence::IllegalWasLegal).arg("move", Arg::Move(played));
                return self.say(u);
            }
        }
        if !self.started {
            self.start(now);
        }
        if self.supervised() {
            return self.penalise_illegal(offender, kind, now);
        }
        // A.4.2: the move stands unless the opponent claims before making his own next move.
        self.unclaimed_illegal = Some(Unclaimed { offender, kind, at: now });
        let u = self.side_arg(Sentence::IllegalReported, offender).arg("opponent", Arg::Side(!offender));
        self.say(Utterance { priority: Priority::Urgent, ..u });
    }

    /// 7.5.1-7.5.5: the position before the illegal move stands (it was never played here); the first
    /// gives the opponent time, the second loses unless the opponent cannot mate.
    pub(super) fn penalise_illegal(&mut self, offender: Color, kind: IllegalMove, now: Duration) {
        let count = self.illegal_moves.get(offender) + 1;
        *self.illegal_moves.get_mut(offender) = count;
        self.record(Fact::IllegalMove { side: offender, count, article: "7.5.5" });
        self.sound(Sound::Illegal);
        if count >= 2 {
            let question = Question::SecondIllegal(offender);
            return self.unless_cannot_mate(
                !offender,
                Reason::IllegalMoves,
                Reason::IllegalMovesCannotMate,
                question,
                now,
            );
        }
        if kind == IllegalMove::TwoHands {
            self.take_back_two_hands(offender, now);
        }
        let added = self.penalty(!offender, "7.5.5", now);
        let promotion = match &kind {
            IllegalMove::Move(spec) => self.unreplaced_promotion(spec),
            IllegalMove::Press | IllegalMove::TwoHands | IllegalMove::Earlier { .. } => None,
        };
        let untimed = self.clock.time_control().is_none();
        let sentence = match (&kind, promotion, untimed) {
            (IllegalMove::Earlier { .. }, _, false) => Sentence::IllegalFoundPenalty,
            (IllegalMove::Earlier { .. }, _, true) => Sentence::IllegalFoundPenaltyUntimed,
            (IllegalMove::Press, _, false) => Sentence::IllegalPressPenalty,
            (IllegalMove::Press, _, true) => Sentence::IllegalPressPenaltyUntimed,
            (IllegalMove::TwoHands, _, false) => Sentence::IllegalTwoHandsPenalty,
            (IllegalMove::TwoHands, _, true) => Sentence::IllegalTwoHandsPenaltyUntimed,
            (_, Some(_), false) => Sentence::IllegalPromotionPenalty,
            (_, Some(_), true) => Sentence::IllegalPromotionPenaltyUntimed,
            (_, None, false) => Sentence::IllegalPenalty,
            (_, None, true) => Sentence::IllegalPenaltyUntimed,
        };
        let u = self.side_arg(sentence, offender).arg("opponent", Arg::Side(!offender)).arg("time", Arg::Time(added));
        self.say(Utterance { priority: Priority::Urgent, ..u });
        let IllegalMove::Move(spec) = kind else { return };
        match promotion {
            // 7.5.2: the pawn becomes a queen, and the move was completed by the press.
            Some(mv) => {
                let square = Arg::Square(mv.to().to_string());
                self.say(Utterance::new(Priority::Info, Sentence::IllegalPromotion).arg("square", square));
                self.play(offender, mv, false, now);
                if self.pending {
                    self.press(Some(offender), now);
                }
            }
            // 7.5.1 with 4.3 and 4.7: touch-move applies to the replacement move: the piece that was
            // moved, then the opponent's piece it took (4.3.3), the king and rook of an illegal
            // castling (4.4.3), in the order they were touched.
            None => {
                let squares = self.touched_by(offender, &spec);
                for square in &squares {
                    self.record(Fact::Touched { side: offender, square: square.to_string() });
                }
                if !squares.is_empty() {
                    self.touched = Some((offender, squares));
                }
            }
        }
    }

    /// 7.5.1, 7.5.2: a completed illegal move found later (the move `number` of `offender`): the
    /// position immediately before it is reinstated, the moves after it are taken back, and the
    /// offender is penalised as for any illegal move (7.5.5: the opponent's time, the second one
    /// loses) with touch-move on the piece he moved (4.3). 7.1: the clocks stand as they are
    /// (the arbiter's judgement: the time spent on the moves taken back is spent), their move
    /// counters follow the moves that remain; the offender's clock runs.
    fn illegal_found(&mut self, number: u32, offender: Color, now: Duration) {
        let start = self.game.start();
        let first = u32::from(start.fullmoves()).saturating_sub(1) * 2 + u32::from(start.turn() == Color::Black);
        let wanted = (number.saturating_sub(1) * 2 + u32::from(offender == Color::Black)).checked_sub(first);
        let plies = self.game.plies().len();
        let Some(index) = wanted.map(|w| w as usize).filter(|i| *i < plies) else {
            let u = self.side_arg(Sentence::IllegalFoundNoSuchMove, offender).arg("n", Arg::Number(number));
            return self.say(u);
        };
        let from = self.game.plies()[index].mv.from();
        let taken = plies - index;
        // A.4.2 (2023: A.5.2): without full supervision, an illegal move the opponent has replied to
        // stands; only a claim before that reply corrects it.
        if !self.supervised() && taken >= 2 {
            let u = self
                .side_arg(Sentence::IllegalFoundStands, offender)
                .arg("n", Arg::Number(number))
                .arg("opponent", Arg::Side(!offender));
            return self.say(Utterance { priority: Priority::Urgent, ..u });
        }
        // The moves taken back stay on the scoresheet, as played (8.1: every move is recorded).
        self.sheet.note_taken_back(&self.game, index);
        self.retract(taken, now);
        let u = self.side_arg(Sentence::IllegalFound, offender).arg("n", Arg::Number(number));
        self.say(Utterance { priority: Priority::Urgent, ..u });
        self.penalise_illegal(offender, IllegalMove::Earlier { number, side: offender }, now);
        if self.outcome.is_none() {
            if let Some(from) = from {
                self.touched = Some((offender, vec![from]));
                self.record(Fact::Touched { side: offender, square: from.to_string() });
            }
        }
    }

    /// The last `n` moves taken back, at home or as agreed where the game is played (a server): the
    /// position before them stands, the moves leave the scoresheet, and the side to move's clock runs.
    pub(super) fn take_back(&mut self, n: u32, why: Retraction, now: Duration) {
        let taken = self.retract(n as usize, now) as u32;
        if taken == 0 {
            return;
        }
        let u = match why {
            Retraction::Server => self.side_arg(Sentence::TakenBack, self.game.turn()).arg("n", Arg::Number(taken)),
            Retraction::Home => {
                self.side_arg(Sentence::TakenBackHome, self.game.turn()).arg("n", Arg::Counted("moves", taken))
            }
        };
        self.say(Utterance { priority: Priority::Urgent, ..u });
    }

    /// Takes the last `n` moves back: the side now to move has the move again and its clock runs;
    /// the move counters follow the moves that remain. How many were taken back.
    fn retract(&mut self, n: usize, now: Duration) -> usize {
        let mut taken = 0;
        for _ in 0..n {
            let Some(ply) = self.game.undo() else { break };
            self.sheet.pop();
            self.record(Fact::Retracted { side: ply.before.turn(), san: ply.san.to_string() });
            taken += 1;
        }
        let turn = self.game.turn();
        if taken > 0 && self.clock.running() == Some(!turn) {
            self.clock.take_back_press(turn, now);
        }
        for side in [Color::White, Color::Black] {
            let moves = self.game.plies().iter().filter(|p| p.before.turn() == side).count() as u32;
            self.clock.set_moves(side, moves);
        }
        self.pending = false;
        self.touched = None;
        self.offer = None;
        taken
    }

    /// 7.2.1: a wrong initial position cancels the game, and a new one is played; 7.3: colours
    /// reversed do the same, with the correct colours, unless 10 moves or more have been made by
    /// both players (then the game goes on); 7.4.1: a player who displaced pieces re-establishes
    /// the position in his own time. The app starts the new game (`Fact::Cancelled`).
    pub(super) fn irregular(&mut self, actor: Option<Color>, irregularity: Irregularity, now: Duration) {
        match irregularity {
            // A.4.1.2 (2023: A.5.1.2): not after ten moves each without full supervision.
            Irregularity::InitialPosition if self.ten_moves_unsupervised() => {
                self.say(Utterance::new(Priority::Urgent, Sentence::SetUpClaimLate));
            }
            Irregularity::InitialPosition => {
                self.clock.pause(now);
                self.record(Fact::Cancelled { swap: false, article: "7.2.1" });
                self.say(Utterance::new(Priority::Urgent, Sentence::InitialPositionWrong));
            }
            Irregularity::ColoursReversed => {
                let black_moves = self.game.plies().iter().filter(|p| p.before.turn() == Color::Black).count();
                if black_moves >= 10 {
                    return self.say(Utterance::new(Priority::Urgent, Sentence::ColoursReversedContinue));
                }
                self.clock.pause(now);
                self.record(Fact::Cancelled { swap: true, article: "7.3" });
                self.say(Utterance::new(Priority::Urgent, Sentence::ColoursReversedNewGame));
            }
            Irregularity::Displaced => {
                let side = actor.unwrap_or(self.game.turn());
                self.say(self.side_arg(Sentence::Displaced, side));
            }
        }
    }

    /// 7.5.4 with 7.5.1: the move made with two hands is taken back, the offender's clock runs
    /// again, and touch-move binds the replacement to the piece that was moved (4.3).
    fn take_back_two_hands(&mut self, offender: Color, now: Duration) {
        let Some(ply) = self.game.undo() else { return };
        self.sheet.pop();
        self.record(Fact::Retracted { side: offender, san: ply.san.to_string() });
        if self.pending {
            self.pending = false;
        } else {
            self.clock.take_back_press(offender, now);
        }
        if let Some(from) = ply.mv.from() {
            self.touched = Some((offender, vec![from]));
            self.record(Fact::Touched { side: offender, square: from.to_string() });
        }
        // 4.7.2: a castling made with two hands released the king on its castling square: castling
        // on that side stays the move (with one hand), another king move if it cannot be made.
        if let shakmaty::Move::Castle { rook, .. } = ply.mv {
            self.released = Some((offender, rook));
        }
    }

    /// The pieces a described illegal move touched: the piece moved (named by its square, or the one
    /// piece of its kind that moves that way on an empty board), and the opponent's piece on the
    /// destination; for castling, the king and the rook.
    fn touched_by(&self, offender: Color, spec: &MoveSpec) -> Vec<Square> {
        let position = self.game.position();
        let board = position.board();
        if let Some(side) = spec.castle {
            let king = board.king_of(offender);
            let rook = position.castles().rook(offender, side);
            return king.into_iter().chain(rook).collect();
        }
        let own = |sq: Square| board.color_at(sq) == Some(offender);
        let from = spec.from().filter(|sq| own(*sq)).or_else(|| {
            let to = spec.to?;
            let reaches = |sq: &Square| {
                let piece = board.piece_at(*sq).filter(|p| p.color == offender && spec.pieces.contains(&p.role));
                piece.is_some_and(|p| p.role != Role::Pawn && attacks::attacks(*sq, p, Bitboard::EMPTY).contains(to))
            };
            let mut candidates = board.by_color(offender).into_iter().filter(reaches);
            match (candidates.next(), candidates.next()) {
                (Some(only), None) => Some(only),
                _ => None,
            }
        });
        let taken = spec.to.filter(|to| board.color_at(*to) == Some(!offender));
        from.into_iter().chain(taken.filter(|_| from.is_some())).collect()
    }

    /// A.4.2: nobody claimed the illegal move, so it stands: it is played as it was made, completed
    /// when its clock was pressed. A move that leaves a position the rules cannot go on from (a king
    /// left in check) cannot stand: the arbiter intervenes and it is penalised as if claimed.
    pub(super) fn illegal_stands(&mut self, unclaimed: Unclaimed, now: Duration) {
        let Unclaimed { offender, kind, at } = unclaimed;
        if kind == IllegalMove::TwoHands {
            // The move made with two hands was played already: unclaimed, it simply stands.
            return;
        }
        let played = match &kind {
            IllegalMove::Move(spec) => match (spec.from(), spec.to) {
                (Some(from), Some(to)) => {
                    self.game.play_standing_illegal(from, to, spec.promotion).map(|ply| (ply.san, ply.mv))
                }
                _ => None,
            },
            IllegalMove::Press | IllegalMove::TwoHands | IllegalMove::Earlier { .. } => None,
        };
        let Some((san, mv)) = played else {
            let u = self.side_arg(Sentence::IllegalCannotStand, offender);
            self.say(Utterance { priority: Priority::Urgent, ..u });
            return self.penalise_illegal(offender, kind, now);
        };
        let uci = self.game.uci(mv).to_string();
        self.sheet.push();
        self.sheet.mark_illegal();
        self.record(Fact::Moved { side: offender, san: san.to_string(), uci });
        self.sound(Sound::of_move(&Played { san, mv }));
        self.say(self.side_arg(Sentence::IllegalStands, offender).arg("move", Arg::Move(Played { san, mv })));
        self.pending = true;
        self.touched = None;
        self.press(Some(offender), at);
        // The offender's king left in check: the opponent moves first, and the position is judged
        // after that move.
        if self.game.stands_illegal() {
            return;
        }
        if let Some(outcome) = self.automatic_outcome(offender) {
            return self.end(outcome, now);
        }
        self.check_dead_position(now);
    }

    /// A pawn move to the last rank written without the new piece, whose queen promotion is legal.
    fn unreplaced_promotion(&self, spec: &MoveSpec) -> Option<Move> {
        let (from, to) = (spec.from()?, spec.to?);
        self.game
            .position()
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == Some(from) && m.to() == to && m.promotion() == Some(Role::Queen))
    }
}
