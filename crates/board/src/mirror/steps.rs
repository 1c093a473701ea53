//! The repair of a board that differs from the game (D.2.9): the fewest steps, each said as a
//! sentence of its own.

use shakmaty::{Bitboard, Board, Chess, Piece, Position, Square};

use super::Mirror;
use anna_core::message::{Arg, Priority, Sentence, Utterance};

/// One step that brings the board closer to the game (D.2.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A piece merely on a wrong square: move it.
    Move { from: Square, to: Square, piece: Piece },
    /// A piece where none belongs; `None` when the board cannot tell which piece it is.
    Remove { square: Square, piece: Option<Piece> },
    /// A piece missing from its square.
    Put { square: Square, piece: Piece },
}

impl Step {
    /// The sentence that asks for this step: `Springer von Gustav eins entfernen`.
    pub fn utterance(self) -> Utterance {
        let square = |s: Square| Arg::Square(s.to_string());
        match self {
            Step::Move { from, to, piece } => Utterance::new(Priority::Move, Sentence::BoardMove)
                .arg("piece", Arg::PegKind(piece.role))
                .arg("from", square(from))
                .arg("to", square(to)),
            Step::Remove { square: s, piece: Some(piece) } => Utterance::new(Priority::Move, Sentence::BoardRemove)
                .arg("piece", Arg::PegKind(piece.role))
                .arg("square", square(s)),
            Step::Remove { square: s, piece: None } => {
                Utterance::new(Priority::Move, Sentence::BoardRemoveUnknown).arg("square", square(s))
            }
            Step::Put { square: s, piece } => Utterance::new(Priority::Move, Sentence::BoardPut)
                .arg("piece", Arg::Peg(piece))
                .arg("square", square(s)),
        }
    }
}

impl Mirror {
    /// The steps that make the board show `target`, fewest first (see [`steps`]).
    pub fn steps(&self, target: &Chess) -> Vec<Step> {
        steps(self.occupied, &self.belief, self.sensed, target.board())
    }
}

/// The steps that make a board show `board`, fewest first: pieces merely on a wrong square are
/// moved, then pieces that do not belong are removed, then missing pieces are put. The board has
/// its `occupied` holes, the pieces in them as far as known (`belief`), and `sensed` the holes
/// whose piece the board itself reported (all of them on a sensor board).
pub fn steps(occupied: Bitboard, belief: &[Option<Piece>; 64], sensed: Bitboard, board: &Board) -> Vec<Step> {
    let belief = |s: Square| belief[usize::from(s)];
    let wrong = |s: Square| {
        occupied.contains(s) && (board.piece_at(s).is_none() || (sensed.contains(s) && belief(s) != board.piece_at(s)))
    };
    let mut extra: Vec<Square> = Square::ALL.into_iter().filter(|s| wrong(*s)).collect();
    let mut missing: Vec<(Square, Piece)> = Square::ALL
        .into_iter()
        .filter(|s| !occupied.contains(*s) || wrong(*s))
        .filter_map(|s| board.piece_at(s).map(|p| (s, p)))
        .collect();
    let mut moves = Vec::new();
    missing.retain(|&(to, piece)| {
        let movable = extra.iter().position(|&from| {
            from != to && !occupied.contains(to) && belief(from) == Some(piece) && board.piece_at(from).is_none()
        });
        match movable {
            Some(i) => {
                moves.push(Step::Move { from: extra.remove(i), to, piece });
                false
            }
            None => true,
        }
    });
    moves
        .into_iter()
        .chain(extra.into_iter().map(|square| Step::Remove { square, piece: belief(square) }))
        .chain(missing.into_iter().map(|(square, piece)| Step::Put { square, piece }))
        .collect()
}
