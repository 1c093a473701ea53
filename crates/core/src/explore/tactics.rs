//! What the board holds for a player's eye: the attackers of a square, what hangs, the material,
//! the lines from a square, the pawns and what the last move threatens. From shakmaty's attacks;
//! checked against a walker of the board in `walker.rs`.

use shakmaty::{Chess, Color, File, Piece, Position, Rank, Role, Square};

use super::{by_file, Direction, Group, Imbalance, Pawns, Ray, Threats, ROLES};
use crate::message::Played;

/// What `mv`, played in `before`, threatens in `after`.
pub(super) fn threats(before: &Chess, mv: shakmaty::Move, after: &Chess) -> Threats {
    let side = before.turn();
    let board = after.board();
    let mut attacked: Vec<(Square, Piece)> = (board.by_color(!side) & !board.kings())
        .into_iter()
        .filter(|square| {
            let now = attackers(after, *square, side);
            // By the moved piece, or newly by a line it opened.
            now.iter().any(|(from, _)| *from == mv.to())
                || (!now.is_empty() && attackers(before, *square, side).is_empty())
        })
        .filter_map(|square| board.piece_at(square).map(|p| (square, p)))
        .collect();
    attacked.sort_by_key(|(s, p)| (ROLES.iter().position(|r| *r == p.role), s.file(), s.rank()));
    let check = after.is_check();
    let again = match after.clone().swap_turn() {
        Ok(turned) if !check => {
            let mut moves: Vec<Played> = turned
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    let mut next = turned.clone();
                    next.play_unchecked(*m);
                    m.is_capture() || next.is_check()
                })
                .map(|m| Played::new(&turned, m))
                .collect();
            moves.sort_by_key(|p| (p.mv.to().file(), p.mv.to().rank(), p.mv.from().map(|f| (f.file(), f.rank()))));
            moves
        }
        _ => Vec::new(),
    };
    Threats { last: Played::new(before, mv), side, check, attacked, again }
}

/// `side`'s pawns, by file then rank.
pub(super) fn pawns(position: &Chess, side: Color) -> Pawns {
    let board = position.board();
    let own = board.pawns() & board.by_color(side);
    let theirs = board.pawns() & board.by_color(!side);
    let squares = by_file(own.into_iter().collect());
    let near = |file: File| -> Vec<File> {
        let f = i32::from(file);
        [f - 1, f, f + 1].into_iter().filter(|f| (0..8).contains(f)).map(|f| File::new(f as u32)).collect()
    };
    let ahead = |square: Square, other: Square| match side {
        Color::White => other.rank() > square.rank(),
        Color::Black => other.rank() < square.rank(),
    };
    let passed = squares
        .iter()
        .copied()
        .filter(|s| !theirs.into_iter().any(|t| near(s.file()).contains(&t.file()) && ahead(*s, t)))
        .collect();
    let doubled =
        squares.iter().copied().filter(|s| own.into_iter().any(|o| o != *s && o.file() == s.file())).collect();
    let isolated = squares
        .iter()
        .copied()
        .filter(|s| !own.into_iter().any(|o| o.file() != s.file() && near(s.file()).contains(&o.file())))
        .collect();
    Pawns { side: Some(side), squares, passed, doubled, isolated }
}

/// The eight lines from `square`, in the order of [`Direction::ALL`].
pub(super) fn rays(position: &Chess, square: Square) -> Vec<Ray> {
    Direction::ALL
        .into_iter()
        .map(|direction| {
            let (df, dr) = direction.step();
            let (mut file, mut rank) = (i32::from(square.file()) + df, i32::from(square.rank()) + dr);
            let mut free = 0;
            let mut first = None;
            while (0..8).contains(&file) && (0..8).contains(&rank) {
                let at = Square::from_coords(File::new(file as u32), Rank::new(rank as u32));
                if let Some(piece) = position.board().piece_at(at) {
                    first = Some((at, piece));
                    break;
                }
                free += 1;
                file += df;
                rank += dr;
            }
            Ray { direction, free, first }
        })
        .collect()
}

/// A piece's worth in pawns, as players count (the king is not counted).
pub const fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The pieces of `side` attacking `square` (pins do not matter, FIDE 3.9; x-rays do not count),
/// sorted K Q R B N P, then by file and rank.
pub(super) fn attackers(position: &Chess, square: Square, side: Color) -> Vec<(Square, Piece)> {
    let board = position.board();
    let mut found: Vec<(Square, Piece)> = board
        .attacks_to(square, side, board.occupied())
        .into_iter()
        .filter_map(|s| board.piece_at(s).map(|p| (s, p)))
        .collect();
    found.sort_by_key(|(s, p)| (ROLES.iter().position(|r| *r == p.role), s.file(), s.rank()));
    found
}

/// The pieces of `side` (not its king) that the opponent attacks and that are not defended, or are
/// attacked by a piece worth less.
pub(super) fn hanging(position: &Chess, side: Color) -> Vec<(Square, Piece)> {
    let board = position.board();
    let mut found: Vec<(Square, Piece)> = (board.by_color(side) & !board.kings())
        .into_iter()
        .filter_map(|square| {
            let piece = board.piece_at(square)?;
            let attacked_by = attackers(position, square, !side);
            let cheapest = attacked_by.iter().map(|(_, p)| value(p.role)).min()?;
            let defended = !attackers(position, square, side).is_empty();
            (!defended || cheapest < value(piece.role)).then_some((square, piece))
        })
        .collect();
    found.sort_by_key(|(s, p)| (ROLES.iter().position(|r| *r == p.role), s.file(), s.rank()));
    found
}

/// The kinds of which the two sides have not as many, in the order of [`ROLES`]: the pieces
/// themselves when only one side has any, else how many each has.
pub(super) fn differ(position: &Chess) -> Vec<Imbalance> {
    let board = position.board();
    let count = |color: Color, role: Role| board.by_piece(Piece { color, role }).count() as u32;
    ROLES
        .into_iter()
        .filter(|role| *role != Role::King)
        .filter_map(|role| match (count(Color::White, role), count(Color::Black, role)) {
            (white, black) if white == black => None,
            (white, black) if white > 0 && black > 0 => Some(Imbalance::Counts { role, white, black }),
            (white, _) => {
                let piece = Piece { color: if white > 0 { Color::White } else { Color::Black }, role };
                Some(Imbalance::Only(Group { piece, squares: by_file(board.by_piece(piece).into_iter().collect()) }))
            }
        })
        .collect()
}

/// The points of `side`'s pieces.
pub(super) fn material(position: &Chess, side: Color) -> u32 {
    let board = position.board();
    ROLES.iter().map(|role| value(*role) * (board.by_color(side) & board.by_role(*role)).count() as u32).sum()
}
