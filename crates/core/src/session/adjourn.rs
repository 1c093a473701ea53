//! Adjourned games (FIDE Guideline I): the player having the move seals it, the clocks stop, and the
//! envelope is opened only when the player who must answer the sealed move is present.
//!
//! The sealed move is kept as it was written, not as the legal move it may stand for: whether it is
//! ambiguous or illegal is decided when the envelope is opened, and then it loses (I.8).

use std::time::Duration;

use shakmaty::Color;

use super::Session;
use crate::message::{Arg, Fact, Priority, Sentence, Utterance};
use crate::outcome::{Outcome, Reason};
use crate::rules::MoveSpec;

/// What the envelope holds besides what the session already knows (names, position, clocks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Envelope {
    /// The player who sealed (I.2.4).
    side: Color,
    /// The sealed move as written (I.1.1).
    spec: MoveSpec,
}

impl Session {
    /// Whether the game is adjourned, waiting for `open`.
    pub fn adjourned(&self) -> bool {
        self.envelope.is_some()
    }

    /// I.1.1: the player having the move seals it, then the clocks stop. A move already made on the
    /// board but not completed is the one to seal: it is taken back into the envelope.
    pub(super) fn seal(&mut self, actor: Option<Color>, spec: MoveSpec, now: Duration) {
        if self.envelope.is_some() {
            return self.say(self.side_arg(Sentence::Adjourned, self.responder()));
        }
        let side = self.pending_side().unwrap_or(self.game.turn());
        if actor.is_some_and(|a| a != side) {
            return self.say(self.side_arg(Sentence::NotYourMove, side));
        }
        if self.pending {
            let Some(ply) = self.game.undo() else { return };
            let same = self.game.resolve_spec(&spec).is_ok_and(|mv| mv == ply.mv);
            if !same {
                let _ = self.game.play(ply.mv);
                return self.info(Sentence::SealSameMove);
            }
            self.sheet.pop();
            self.pending = false;
            self.record(Fact::Retracted { side, san: ply.san.to_string() });
        }
        if !self.started {
            self.start(now);
        }
        self.clock.pause(now);
        self.touched = None;
        let number = self.game.fullmove_number();
        let (white_used, black_used) = (self.clock.used(Color::White, now), self.clock.used(Color::Black, now));
        self.record(Fact::Sealed { side, number, white_used, black_used, fen: self.game.fen(), offer: self.offer });
        self.envelope = Some(Envelope { side, spec });
        self.say(
            Utterance::new(Priority::Info, Sentence::Sealed)
                .arg("side", Arg::Side(side))
                .arg("n", Arg::Number(number))
                .arg("white", Arg::Time(white_used))
                .arg("black", Arg::Time(black_used)),
        );
        if let Some(by) = self.offer {
            self.say(self.side_arg(Sentence::SealedOffer, by));
        }
    }

    /// I.9.1: the envelope is opened, the sealed move is made and the responder's clock starts. A
    /// sealed move that is ambiguous or illegal loses (I.8.1, I.8.3).
    pub(super) fn open(&mut self, now: Duration) {
        let Some(envelope) = self.envelope.take() else {
            return self.info(Sentence::NotAdjourned);
        };
        self.record(Fact::Opened);
        self.info(Sentence::Opened);
        self.clock.resume(now);
        match self.game.resolve_spec(&envelope.spec) {
            Ok(mv) => {
                self.play(envelope.side, mv, false, now);
                if self.pending && self.outcome.is_none() {
                    self.press(Some(envelope.side), now);
                }
            }
            // I.8.1 ambiguous, I.8.2 not understood, I.8.3 illegal: all lose alike.
            Err(_) => self.end(Outcome::win(!envelope.side, Reason::SealedMove), now),
        }
    }

    /// While the game is adjourned only what Guideline I allows may happen: a draw agreed or a
    /// resignation (I.6), a draw offer (I.4), the envelope opened (I.9), and corrections by the arbiter.
    pub(super) fn refused_while_adjourned(&mut self) {
        self.say(self.side_arg(Sentence::Adjourned, self.responder()));
    }

    /// The player who must answer the sealed move.
    fn responder(&self) -> Color {
        self.envelope.as_ref().map_or(self.game.turn(), |e| !e.side)
    }
}
