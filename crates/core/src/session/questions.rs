//! Questions between Anna and the player: which piece was meant, did you mean this near miss, and
//! what Anna says when a move cannot be played or comes too late (D.2.8).

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Position, Square};

use super::Session;
use crate::command::Command;
use crate::message::{Arg, Played, Priority, Sentence, Sound, Utterance};
use crate::rules::{MoveError, MoveSpec};

/// A question Anna asked the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Asked {
    /// Which of these moves was meant?
    Which(Vec<Move>),
    /// Was this near miss what was meant? (Never acted on without a yes.)
    Confirm(Option<Color>, Command),
}

impl Session {
    /// The question put to the player and not yet answered, as it was asked (said again when a game
    /// is resumed).
    pub fn pending_question(&self) -> Option<Utterance> {
        match self.asked.as_ref()? {
            Asked::Which(candidates) => Some(question(self.game.position(), candidates)),
            Asked::Confirm(_, Command::Move(spec)) => {
                let mv = self.game.resolve_spec(spec).ok()?;
                let played = Played::new(self.game.position(), mv);
                Some(Utterance::new(Priority::Urgent, Sentence::Confirm).arg("move", Arg::Move(played)))
            }
            Asked::Confirm(..) => None,
        }
    }

    /// The move an answer picks, when Anna asked which of several moves was meant (`None` when she
    /// did not, or the answer fits none of them).
    pub fn answer_to_which(&self, answer: &MoveSpec) -> Option<Move> {
        match self.asked.as_ref()? {
            Asked::Which(candidates) => pick(candidates, answer),
            Asked::Confirm(..) => None,
        }
    }
}

/// What Anna says when what was said is not a legal move in `position`: why, or which one was meant.
pub fn refusal(position: &Chess, error: &MoveError) -> Utterance {
    match error {
        MoveError::Ambiguous(candidates) => question(position, candidates),
        MoveError::NotUnderstood => Utterance::new(Priority::Urgent, Sentence::IncompleteMove),
        MoveError::Illegal(reason) => {
            Utterance::new(Priority::Urgent, Sentence::Illegal).arg("reason", Arg::Illegal(*reason))
        }
    }
}

/// The question to ask when several moves of `before` fit what was said.
pub fn question(before: &Chess, candidates: &[Move]) -> Utterance {
    let first = candidates[0];
    if candidates.iter().all(|m| m.promotion().is_some() && m.from() == first.from() && m.to() == first.to()) {
        return Utterance::new(Priority::Urgent, Sentence::WhichPromotion);
    }
    if candidates.iter().all(|m| m.is_castle()) {
        return Utterance::new(Priority::Urgent, Sentence::WhichCastling);
    }
    // Moves of different pieces or to different squares (`takes`: which capture?) are named whole.
    if candidates.iter().any(|m| m.role() != first.role() || m.to() != first.to()) {
        let played = |m: &Move| Arg::Move(Played::new(before, *m));
        return match candidates {
            [a, b] => Utterance::new(Priority::Urgent, Sentence::WhichMove).arg("a", played(a)).arg("b", played(b)),
            [a, b, c, ..] => Utterance::new(Priority::Urgent, Sentence::WhichMoveOfThree)
                .arg("a", played(a))
                .arg("b", played(b))
                .arg("c", played(c)),
            _ => Utterance::new(Priority::Urgent, Sentence::WhichMove),
        };
    }
    let froms: Vec<Square> = candidates.iter().filter_map(|m| m.from()).collect();
    Utterance::new(Priority::Urgent, Sentence::WhichPiece)
        .arg("piece", Arg::Piece(first.role()))
        .arg("squares", Arg::Squares(froms))
}

/// The candidate meant by an answer to a question: a promotion piece, or (part of) the square the
/// piece comes from (`Bella`, `Bella eins`, `von Bella eins`).
pub(super) fn pick(candidates: &[Move], answer: &MoveSpec) -> Option<Move> {
    let fits = |m: &&Move| {
        let from = m.from();
        let promotion_fits = match (answer.promotion, answer.pieces.as_slice(), answer.to) {
            (Some(p), _, _) => m.promotion() == Some(p),
            (None, [piece], None) if m.promotion().is_some() => m.promotion() == Some(*piece),
            _ => true,
        };
        let square_said = answer.to.or(answer.from());
        let from_fits = match square_said {
            Some(sq) if m.to() != sq || answer.from().is_some() => {
                from == Some(sq) || answer.from().is_some_and(|f| from == Some(f))
            }
            _ => {
                answer.from_file.is_none_or(|f| from.is_some_and(|s| s.file() == f))
                    && answer.from_rank.is_none_or(|r| from.is_some_and(|s| s.rank() == r))
            }
        };
        // `knight`, `pawn` to "which move": the candidate of that piece.
        let role_fits = answer.to.is_some()
            || answer.pieces.is_empty()
            || m.promotion().is_some()
            || answer.pieces.contains(&m.role());
        promotion_fits && from_fits && role_fits
    };
    match candidates.iter().filter(fits).collect::<Vec<_>>().as_slice() {
        [one] => Some(**one),
        _ => None,
    }
}

impl Session {
    /// The player who has just pressed the clock wants to change his move: too late (D.2.8).
    pub(super) fn too_late(&mut self, side: Color) {
        let last = self.game.plies().last().filter(|p| p.before.turn() == side);
        let u = match last {
            Some(ply) => Utterance::new(Priority::Urgent, Sentence::TooLate)
                .arg("move", Arg::Move(Played { san: ply.san, mv: ply.mv })),
            None => Utterance::new(Priority::Info, Sentence::NotYourMove).arg("side", Arg::Side(self.game.turn())),
        };
        self.say(u);
    }

    pub(super) fn refuse_move(&mut self, error: &MoveError) {
        if let MoveError::Ambiguous(candidates) = error {
            self.asked = Some(Asked::Which(candidates.clone()));
        }
        if let MoveError::Illegal(_) = error {
            self.sound(Sound::Illegal);
        }
        self.say(refusal(self.game.position(), error));
    }

    /// A move that cannot be played: refused, unless it names no piece and another piece can
    /// make it (lichess's voice forms: `g5` where only a knight can go, `d takes` where the rook
    /// on the d-file takes, `g one` for the piece that stands there): then that move is asked
    /// about ("Did you mean Knight g5?") or which one, never played on a guess.
    pub(super) fn refuse_or_ask(&mut self, actor: Option<Color>, spec: &MoveSpec, error: &MoveError) {
        let guesses = match error {
            MoveError::Illegal(_) => self.game.guesses(spec),
            _ => Vec::new(),
        };
        match guesses.as_slice() {
            [one] => {
                let played = Played::new(self.game.position(), *one);
                self.asked = Some(Asked::Confirm(actor, Command::Move(MoveSpec::of_move(*one))));
                self.say(Utterance::new(Priority::Urgent, Sentence::Confirm).arg("move", Arg::Move(played)));
            }
            [_, _] | [_, _, _] => self.refuse_move(&MoveError::Ambiguous(guesses)),
            _ => self.refuse_move(error),
        }
    }

    /// Something not understood. A near miss that would make a legal move is asked about, never
    /// played on a guess.
    pub(super) fn unclear(&mut self, actor: Option<Color>, text: String, guess: Option<Box<Command>>) {
        if let Some(Command::Move(spec)) = guess.as_deref() {
            if let Ok(mv) = self.game.resolve_spec(spec) {
                let played = Played::new(self.game.position(), mv);
                self.asked = Some(Asked::Confirm(actor, Command::Move(spec.clone())));
                return self.say(Utterance::new(Priority::Urgent, Sentence::Confirm).arg("move", Arg::Move(played)));
            }
        }
        if !crate::message::worth_reading_back(&text) {
            return self.say(Utterance::new(Priority::Urgent, Sentence::NotUnderstoodLine));
        }
        self.say(Utterance::new(Priority::Urgent, Sentence::NotUnderstood).arg("text", Arg::Text(text)));
    }

    pub(super) fn answer(&mut self, yes: bool, now: Duration) {
        match (self.asked.take(), yes) {
            (Some(Asked::Confirm(actor, command)), true) => self.act(actor, command, now),
            (Some(Asked::Confirm(..)), false) => self.info(Sentence::SayAgain),
            (Some(asked @ Asked::Which(_)), _) => {
                self.asked = Some(asked);
                self.info(Sentence::AnswerWhich);
            }
            (None, _) => self.info(Sentence::NothingAsked),
        }
    }
}

/// A question only the arbiter can answer: Anna could not prove whether a side can still mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The flag of this side fell (6.9).
    FlagFall(Color),
    /// This side made a second illegal move (7.5.5).
    SecondIllegal(Color),
    /// The position may be dead (5.2.2); the game goes on until the arbiter decides.
    DeadPosition,
}

impl Question {
    pub const fn article(self) -> &'static str {
        match self {
            Question::FlagFall(_) => "6.9",
            Question::SecondIllegal(_) => "7.5.5",
            Question::DeadPosition => "5.2.2",
        }
    }
}
