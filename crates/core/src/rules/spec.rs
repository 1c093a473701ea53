//! A move as a player described it (spoken or written), before it is matched against the position:
//! the parser says what was said, the game decides which legal move it means.

use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Color, File, Move, Position, Rank, Role, Square};

use super::{explain, Game, MoveError};

/// What a player said of a move. Empty `pieces` means any piece (a move named by its squares).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveSpec {
    /// The pieces that may be meant, in order of preference (a letter can mean a bishop in one
    /// language and a knight in another, Annex C.3): the first that gives a legal move wins.
    pub pieces: Vec<Role>,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    pub to: Option<Square>,
    /// A capture was said (forgiven when wrong if that leaves one move).
    pub capture: bool,
    pub promotion: Option<Role>,
    pub castle: Option<CastlingSide>,
    /// Castling was said without its side (`castles`, `Rochade`): the one that is legal, or a
    /// question when both are.
    pub castling: bool,
    /// The piece taken, named instead of its square (`bishop takes knight`); a capture said with
    /// neither (`knight takes`) is the one capture that fits, or a question.
    pub captured: Option<Role>,
    /// En passant was said (`pawn takes en passant`, `bicie w przelocie`): only an en passant
    /// capture fits (FIDE 3.7.3.1).
    pub en_passant: bool,
    /// The side said to move (`black castles short`): a move of the other side is the opponent's
    /// piece, never played for the side that has the move (FIDE 1.2).
    pub side: Option<Color>,
    /// Only the mate was said (`mate`, `matt`): the move that mates, or a question when several do.
    pub mating: bool,
}

impl MoveSpec {
    pub fn castle(side: CastlingSide) -> MoveSpec {
        MoveSpec { castle: Some(side), ..MoveSpec::default() }
    }

    /// Castling to a side not said.
    pub fn castling() -> MoveSpec {
        MoveSpec { castling: true, ..MoveSpec::default() }
    }

    /// A move named by its two squares (UCI, or `Eva zwei Eva vier`), any piece.
    pub fn squares(from: Square, to: Square, promotion: Option<Role>) -> MoveSpec {
        MoveSpec {
            from_file: Some(from.file()),
            from_rank: Some(from.rank()),
            to: Some(to),
            promotion,
            ..MoveSpec::default()
        }
    }

    /// The description of a legal move that finds it again (a computer's move handed to the
    /// session like a player's): castling by its side, anything else by its squares.
    pub fn of_move(mv: Move) -> MoveSpec {
        match (mv.castling_side(), mv.from()) {
            (Some(side), _) => MoveSpec::castle(side),
            (None, Some(from)) => MoveSpec::squares(from, mv.to(), mv.promotion()),
            (None, None) => MoveSpec::default(),
        }
    }

    /// The departure square, when both its file and rank were said.
    pub fn from(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }

    pub fn from_san(san: &San) -> Option<MoveSpec> {
        match *san {
            San::Normal { role, file, rank, capture, to, promotion } => Some(MoveSpec {
                pieces: vec![role],
                from_file: file,
                from_rank: rank,
                to: Some(to),
                capture,
                promotion,
                ..MoveSpec::default()
            }),
            San::Castle(side) => Some(MoveSpec::castle(side)),
            San::Put { .. } | San::Null => None,
        }
    }
}

impl Game {
    /// The legal move meant by `spec`, or why there is none, or the candidates when several fit.
    pub fn resolve_spec(&self, spec: &MoveSpec) -> Result<Move, MoveError> {
        let pos = self.position();
        if spec.side.is_some_and(|side| side != pos.turn()) {
            return Err(MoveError::Illegal(explain::IllegalReason::OpponentsPiece));
        }
        if spec.castling && spec.castle.is_none() {
            let sides = [CastlingSide::KingSide, CastlingSide::QueenSide];
            let moves: Vec<Move> = sides.iter().filter_map(|side| pos.castling_moves(*side).first().copied()).collect();
            return match moves.as_slice() {
                [] => Err(MoveError::Illegal(explain::why_not_castle(pos, CastlingSide::KingSide))),
                [one] => Ok(*one),
                _ => Err(MoveError::Ambiguous(moves)),
            };
        }
        if let Some(side) = spec.castle {
            return pos
                .castling_moves(side)
                .first()
                .copied()
                .ok_or_else(|| MoveError::Illegal(explain::why_not_castle(pos, side)));
        }
        if spec.to.is_none() && spec.capture {
            return self.resolve_capture(spec);
        }
        if spec.mating && spec.to.is_none() {
            let mates: Vec<Move> = super::legal_moves(pos)
                .into_iter()
                .filter(|mv| {
                    let mut after = pos.clone();
                    after.play_unchecked(*mv);
                    after.is_checkmate()
                })
                .collect();
            return match mates.as_slice() {
                [] => Err(MoveError::Illegal(explain::IllegalReason::NoMate)),
                [one] => Ok(*one),
                _ => Err(MoveError::Ambiguous(mates)),
            };
        }
        let Some(to) = spec.to else { return Err(MoveError::NotUnderstood) };
        // Two squares and no piece: read as UCI, which also knows both ways of writing castling.
        if let (Some(from), true) = (spec.from(), spec.pieces.is_empty()) {
            return self.resolve_uci(&UciMove::Normal { from, to, promotion: spec.promotion });
        }
        let groups: Vec<Option<Role>> =
            if spec.pieces.is_empty() { vec![None] } else { spec.pieces.iter().copied().map(Some).collect() };
        let legal = super::legal_moves(pos);
        for role in &groups {
            // `king g1` from e1 is castling (the king's two-square move, 3.8.2); a king's one-square
            // move in Chess960 stays a plain king move.
            // `king h1` is castling too, the king onto its rook's square (lichess's and UCI's
            // form of it in Chess960).
            let destination = |m: &Move| match (m.is_castle(), explain::castling_target(*m), m.from()) {
                (false, _, _) => Some(m.to()),
                (true, Some(target), Some(from)) if *role == Some(Role::King) && from.distance(target) >= 2 => {
                    Some(target)
                }
                _ => None,
            };
            let rook_square = |m: &Move| m.is_castle() && *role == Some(Role::King) && m.to() == to;
            let fits = |m: &&Move, strict: bool| {
                (destination(m) == Some(to) || rook_square(m))
                    && role.is_none_or(|r| m.role() == r)
                    && m.from().is_some_and(|from| {
                        spec.from_file.is_none_or(|f| f == from.file())
                            && spec.from_rank.is_none_or(|r| r == from.rank())
                    })
                    && (!strict || m.is_capture() == spec.capture)
                    // The piece taken, when named with its square, must be the one there.
                    && spec.captured.is_none_or(|r| m.capture() == Some(r))
                    && (m.promotion() == spec.promotion || (!strict && spec.promotion.is_none()))
            };
            let mut found: Vec<Move> = legal.iter().filter(|m| fits(m, true)).copied().collect();
            if found.is_empty() {
                found = legal.iter().filter(|m| fits(m, false)).copied().collect();
            }
            match found.as_slice() {
                [] => continue,
                [one] => return Ok(*one),
                _ => return Err(MoveError::Ambiguous(found)),
            }
        }
        if spec.captured.is_some() {
            let named = MoveSpec { captured: None, ..spec.clone() };
            if self.resolve_spec(&named).is_ok() {
                return Err(MoveError::Illegal(explain::IllegalReason::OtherPieceTaken));
            }
        }
        let role = groups[0].unwrap_or(Role::Pawn);
        let mut froms = match groups[0] {
            Some(role) => pos.board().by_piece(role.of(pos.turn())),
            None => pos.us(),
        };
        if role == Role::Pawn && !spec.capture && spec.from_file.is_none() && groups[0].is_some() {
            froms &= to.file();
        }
        let froms = froms.into_iter().filter(|from| {
            spec.from_file.is_none_or(|f| f == from.file()) && spec.from_rank.is_none_or(|r| r == from.rank())
        });
        Err(MoveError::Illegal(explain::best_reason(pos, froms, to)))
    }
}

impl Game {
    /// The legal moves a spec that names no piece may mean when no pawn can make it, to be asked
    /// about, never played (lichess's voice forms: `g5` where only a knight can go, `d takes`
    /// where the rook on the d-file takes, `g one` for the moves of the piece standing there).
    pub fn guesses(&self, spec: &MoveSpec) -> Vec<Move> {
        let bare = spec.pieces == [Role::Pawn]
            && spec.from().is_none()
            && spec.captured.is_none()
            && spec.promotion.is_none()
            && !spec.en_passant
            && spec.side.is_none();
        if !bare {
            return Vec::new();
        }
        match self.resolve_spec(&MoveSpec { pieces: Vec::new(), ..spec.clone() }) {
            Ok(mv) => return vec![mv],
            Err(MoveError::Ambiguous(moves)) => return moves,
            Err(_) => {}
        }
        let pos = self.position();
        match spec.to {
            Some(from) if spec.from_file.is_none() && spec.from_rank.is_none() && !spec.capture => {
                let own = pos.board().by_color(pos.turn()).contains(from);
                super::legal_moves(pos).into_iter().filter(|m| own && m.from() == Some(from)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// A capture said by the piece taken or by no target at all (`bishop takes knight`, `knight
    /// takes`, `e takes`, `takes`): the one legal capture that fits, else the question which.
    fn resolve_capture(&self, spec: &MoveSpec) -> Result<Move, MoveError> {
        let found: Vec<Move> = super::legal_moves(self.position())
            .into_iter()
            .filter(|m| {
                m.is_capture()
                    && !m.is_castle()
                    && (spec.pieces.is_empty() || spec.pieces.contains(&m.role()))
                    && spec.captured.is_none_or(|r| m.capture() == Some(r))
                    && (!spec.en_passant || m.is_en_passant())
                    && m.from().is_some_and(|from| {
                        spec.from_file.is_none_or(|f| f == from.file())
                            && spec.from_rank.is_none_or(|r| r == from.rank())
                    })
                    && (m.promotion() == spec.promotion || spec.promotion.is_none())
            })
            .collect();
        match found.as_slice() {
            [] => Err(MoveError::Illegal(explain::IllegalReason::CannotMoveThatWay)),
            [one] => Ok(*one),
            _ => Err(MoveError::Ambiguous(found)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> Game {
        Game::from_fen(fen).unwrap()
    }

    #[test]
    fn a_letter_with_two_meanings_takes_the_legal_one() {
        // S is a bishop in Slovak and a knight in German (Annex C.3): only the knight can reach f3.
        let g = Game::new();
        let spec = MoveSpec { pieces: vec![Role::Bishop, Role::Knight], to: Some(Square::F3), ..MoveSpec::default() };
        assert_eq!(g.uci(g.resolve_spec(&spec).unwrap()).to_string(), "g1f3");
    }

    #[test]
    fn squares_only_means_any_piece_and_knows_castling() {
        let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let castle = g.resolve_spec(&MoveSpec::squares(Square::E1, Square::G1, None)).unwrap();
        assert!(castle.is_castle());
        let rook = g.resolve_spec(&MoveSpec::squares(Square::A1, Square::A5, None)).unwrap();
        assert_eq!(rook.role(), Role::Rook);
    }

    #[test]
    fn ambiguous_and_illegal_are_told_apart() {
        let g = game("4k3/8/8/8/8/5N2/8/RN2K3 w - - 0 1");
        let spec = MoveSpec { pieces: vec![Role::Knight], to: Some(Square::D2), ..MoveSpec::default() };
        assert!(matches!(g.resolve_spec(&spec), Err(MoveError::Ambiguous(m)) if m.len() == 2));
        let spec = MoveSpec { pieces: vec![Role::Bishop], to: Some(Square::B5), ..MoveSpec::default() };
        assert_eq!(g.resolve_spec(&spec), Err(MoveError::Illegal(crate::rules::IllegalReason::NoPiece)));
        assert_eq!(g.resolve_spec(&MoveSpec::default()), Err(MoveError::NotUnderstood));
    }
}
