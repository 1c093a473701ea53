//! Why a move is illegal, in words a player understands (FIDE Laws 2018, articles 3 and 4.4.3).

use std::fmt;

use shakmaty::{attacks, Bitboard, CastlingSide, Chess, EnPassantMode, Position, Rank, Role, Square};

/// Why a move from one square to another is not legal. Best effort: when several reasons apply,
/// the one most useful to the player is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// There is no piece on the departure square (or no piece of that kind for the move).
    NoPiece,
    /// The piece on the departure square belongs to the opponent (FIDE 1.2).
    OpponentsPiece,
    /// The destination holds one of the player's own pieces (FIDE 3.1).
    OwnPieceOnTarget,
    /// The piece does not move that way (FIDE 3.2-3.8).
    CannotMoveThatWay,
    /// Another piece stands in the way (FIDE 3.5).
    Blocked,
    /// The king is in check and the move does not get it out of check (FIDE 3.9).
    InCheck,
    /// The piece is pinned: moving it would expose the own king to check (FIDE 3.9).
    Pinned,
    /// The king would move onto an attacked square (FIDE 3.8.1, 3.9).
    IntoCheck,
    /// The king or that rook has already moved (FIDE 3.8.2.1).
    CastlingRightsLost,
    /// A piece stands between the king and the rook (FIDE 3.8.2.2.2).
    CastlingBlocked,
    /// A piece stands on the square the king or the rook must go to, outside the squares between
    /// them: in Chess960 the obstacle may be there (FIDE 3.8.2.2.2, Guideline II.3).
    CastlingSquareTaken(Square),
    /// Castling is not allowed while the king is in check (FIDE 3.8.2.2.1).
    CastlingOutOfCheck,
    /// The king would cross or land on an attacked square (FIDE 3.8.2.2.1).
    CastlingThroughCheck,
    /// A promotion was named for a move that is not a pawn reaching the last rank, or a pawn
    /// reaching the last rank was not promoted to a queen, rook, bishop or knight (FIDE 3.7.5).
    BadPromotion,
    /// The move would take the king, left in check by an illegal move that stood: a king is
    /// never taken (FIDE 1.2, 3.9, A.4.2).
    KingCapture,
    /// The piece said to be taken is not the one on the square named (`bishop takes the knight on
    /// f7` with a pawn there): the player's picture of the board differs, so nothing is played.
    OtherPieceTaken,
    /// Only the mate was said, and no move mates here.
    NoMate,
}

impl IllegalReason {
    /// A stable identifier, used as the key of the reason's words in `grammar/`.
    pub const fn key(self) -> &'static str {
        match self {
            IllegalReason::NoPiece => "no_piece",
            IllegalReason::OpponentsPiece => "opponents_piece",
            IllegalReason::OwnPieceOnTarget => "own_piece_on_target",
            IllegalReason::CannotMoveThatWay => "cannot_move_that_way",
            IllegalReason::Blocked => "blocked",
            IllegalReason::InCheck => "in_check",
            IllegalReason::Pinned => "pinned",
            IllegalReason::IntoCheck => "into_check",
            IllegalReason::CastlingRightsLost => "castling_rights_lost",
            IllegalReason::CastlingBlocked => "castling_blocked",
            IllegalReason::CastlingSquareTaken(_) => "castling_square_taken",
            IllegalReason::CastlingOutOfCheck => "castling_out_of_check",
            IllegalReason::CastlingThroughCheck => "castling_through_check",
            IllegalReason::BadPromotion => "bad_promotion",
            IllegalReason::KingCapture => "king_capture",
            IllegalReason::OtherPieceTaken => "other_piece_taken",
            IllegalReason::NoMate => "no_mate",
        }
    }

    /// How telling the reason is when several pieces could have been meant (higher is better).
    const fn weight(self) -> u8 {
        match self {
            IllegalReason::NoPiece | IllegalReason::OpponentsPiece => 0,
            IllegalReason::CannotMoveThatWay => 1,
            IllegalReason::OwnPieceOnTarget | IllegalReason::BadPromotion => 2,
            IllegalReason::Blocked => 3,
            _ => 4,
        }
    }
}

/// The reason's key; the words a person hears are in `grammar/` under `[illegal]`.
impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl std::error::Error for IllegalReason {}

/// Why the move `from`-`to` is illegal in `pos`; `None` if some legal move goes from `from` to
/// `to` (castling counted both as king-takes-rook and as king-to-destination).
pub fn why_illegal(pos: &Chess, from: Square, to: Square) -> Option<IllegalReason> {
    // Only a piece that attacks the king could take it; any other move there is wrong for its own reason.
    let attacks_king = pos.board().piece_at(from).is_some_and(|piece| {
        piece.color == pos.turn() && shakmaty::attacks::attacks(from, piece, pos.board().occupied()).contains(to)
    });
    if attacks_king && pos.board().piece_at(to).is_some_and(|p| p.role == Role::King && p.color != pos.turn()) {
        return Some(IllegalReason::KingCapture);
    }
    if pos.legal_moves().iter().any(|m| m.from() == Some(from) && (m.to() == to || castling_target(*m) == Some(to))) {
        return None;
    }
    let us = pos.turn();
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return Some(IllegalReason::NoPiece);
    };
    if piece.color != us {
        return Some(IllegalReason::OpponentsPiece);
    }
    if piece.role == Role::King {
        if let Some(side) = castling_intent(pos, from, to) {
            return Some(why_not_castle(pos, side));
        }
    }
    if from == to {
        return Some(IllegalReason::CannotMoveThatWay);
    }
    if board.by_color(us).contains(to) {
        return Some(IllegalReason::OwnPieceOnTarget);
    }
    if let Some(reason) = geometry(pos, piece.role, from, to) {
        return Some(reason);
    }
    // The piece can go there, so the move fails on king safety (FIDE 3.9).
    Some(if piece.role == Role::King {
        IllegalReason::IntoCheck
    } else if pos.is_check() {
        IllegalReason::InCheck
    } else {
        IllegalReason::Pinned
    })
}

/// The most telling reason among several departure squares (for a SAN move like `Nd2`).
pub fn best_reason(pos: &Chess, froms: impl IntoIterator<Item = Square>, to: Square) -> IllegalReason {
    froms
        .into_iter()
        .map(|from| why_illegal(pos, from, to).unwrap_or(IllegalReason::BadPromotion))
        .max_by_key(|r| r.weight())
        .unwrap_or(IllegalReason::NoPiece)
}

/// Why castling on `side` is not legal now (FIDE 3.8.2, Guideline II.3 for Chess960).
pub fn why_not_castle(pos: &Chess, side: CastlingSide) -> IllegalReason {
    let us = pos.turn();
    let castles = pos.castles();
    let (Some(rook), Some(king)) = (castles.rook(us, side), pos.board().king_of(us)) else {
        return IllegalReason::CastlingRightsLost;
    };
    if pos.is_check() {
        return IllegalReason::CastlingOutOfCheck;
    }
    let occupied = pos.board().occupied().without(king).without(rook);
    let blocking = castles.path(us, side) & occupied;
    if (attacks::between(king, rook) & blocking).any() {
        return IllegalReason::CastlingBlocked;
    }
    // The obstacle is beyond the king or the rook, on one of their destinations: name it.
    if let Some(square) = blocking.first() {
        return IllegalReason::CastlingSquareTaken(square);
    }
    let king_to = side.king_to(us);
    let crossed = attacks::between(king, king_to).with(king_to);
    if crossed.into_iter().any(|sq| pos.board().attacks_to(sq, !us, occupied).any()) {
        return IllegalReason::CastlingThroughCheck;
    }
    // A rook uncovering an attack on the king (Chess960), or anything unforeseen.
    IllegalReason::CastlingThroughCheck
}

/// The king's destination of a castling move, `None` for other moves.
pub fn castling_target(m: shakmaty::Move) -> Option<Square> {
    let side = m.castling_side()?;
    let king = m.from()?;
    Some(Square::from_coords(side.king_to_file(), king.rank()))
}

/// Whether a king move `from`-`to` reads as castling: onto an own rook on the back rank, or two
/// or more files along the back rank from its starting square (FIDE 3.8.2).
fn castling_intent(pos: &Chess, from: Square, to: Square) -> Option<CastlingSide> {
    let us = pos.turn();
    let back = us.backrank();
    if from.rank() != back || to.rank() != back || from == to {
        return None;
    }
    let side = CastlingSide::from_king_side(from.file() < to.file());
    let own_rook = pos.board().by_piece(us.rook()).contains(to);
    let far = from.distance(to) >= 2;
    (own_rook || far).then_some(side)
}

/// Whether a `role` could go `from`-`to` on this board, ignoring king safety.
fn geometry(pos: &Chess, role: Role, from: Square, to: Square) -> Option<IllegalReason> {
    let occupied = pos.board().occupied();
    let line = |reach: Bitboard| {
        if !reach.contains(to) {
            Some(IllegalReason::CannotMoveThatWay)
        } else if (attacks::between(from, to) & occupied).any() {
            Some(IllegalReason::Blocked)
        } else {
            None
        }
    };
    match role {
        Role::Knight => (!attacks::knight_attacks(from).contains(to)).then_some(IllegalReason::CannotMoveThatWay),
        Role::King => (!attacks::king_attacks(from).contains(to)).then_some(IllegalReason::CannotMoveThatWay),
        Role::Bishop => line(attacks::bishop_attacks(from, Bitboard::EMPTY)),
        Role::Rook => line(attacks::rook_attacks(from, Bitboard::EMPTY)),
        Role::Queen => line(attacks::queen_attacks(from, Bitboard::EMPTY)),
        Role::Pawn => pawn_geometry(pos, from, to),
    }
}

/// FIDE 3.7: forward one (or two from the start) onto empty squares; diagonally only to capture.
fn pawn_geometry(pos: &Chess, from: Square, to: Square) -> Option<IllegalReason> {
    let us = pos.turn();
    let occupied = pos.board().occupied();
    let step = |sq: Square| sq.offset(us.fold_wb(8, -8));
    if attacks::pawn_attacks(us, from).contains(to) {
        let target = pos.board().by_color(!us).contains(to) || pos.ep_square(EnPassantMode::Legal) == Some(to);
        return (!target).then_some(IllegalReason::CannotMoveThatWay);
    }
    let one = step(from);
    let two = one.and_then(step);
    let start_rank = from.rank() == us.fold_wb(Rank::Second, Rank::Seventh);
    if one == Some(to) || (start_rank && two == Some(to)) {
        let path = attacks::between(from, to).with(to);
        return (path & occupied).any().then_some(IllegalReason::Blocked);
    }
    Some(IllegalReason::CannotMoveThatWay)
}
