//! The attackers, defenders, hanging pieces and material of random legal positions, checked against
//! a walker of the board written from the Laws (3.2-3.7: how each piece attacks) with no help from
//! shakmaty's attack tables.

use proptest::prelude::*;
use shakmaty::{Chess, Color, Piece, Position, Role, Square};

use super::{answer, value, Answer, Imbalance, Query};

/// The squares `piece` on `from` attacks: sliders along their lines up to and including the first
/// piece met (FIDE 3.2-3.4), the knight's jumps (3.6), the king's neighbours (3.8), a pawn's two
/// diagonals forward (3.7).
fn attacked_by(position: &Chess, from: Square, piece: Piece) -> Vec<Square> {
    let board = position.board();
    let (file, rank) = (i32::from(from.file()), i32::from(from.rank()));
    let at = |f: i32, r: i32| {
        ((0..8).contains(&f) && (0..8).contains(&r))
            .then(|| Square::from_coords(shakmaty::File::new(f as u32), shakmaty::Rank::new(r as u32)))
    };
    let mut out = Vec::new();
    let steps = |deltas: &[(i32, i32)], slide: bool, out: &mut Vec<Square>| {
        for (df, dr) in deltas {
            let (mut f, mut r) = (file + df, rank + dr);
            while let Some(square) = at(f, r) {
                out.push(square);
                if !slide || board.piece_at(square).is_some() {
                    break;
                }
                f += df;
                r += dr;
            }
        }
    };
    let straight = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    match piece.role {
        Role::Rook => steps(&straight, true, &mut out),
        Role::Bishop => steps(&diagonal, true, &mut out),
        Role::Queen => {
            steps(&straight, true, &mut out);
            steps(&diagonal, true, &mut out);
        }
        Role::King => {
            steps(&straight, false, &mut out);
            steps(&diagonal, false, &mut out);
        }
        Role::Knight => {
            steps(&[(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)], false, &mut out);
        }
        Role::Pawn => {
            let forward = if piece.color == Color::White { 1 } else { -1 };
            steps(&[(1, forward), (-1, forward)], false, &mut out);
        }
    }
    out
}

/// Every piece of `side` attacking `square`, by the walker.
fn walked(position: &Chess, square: Square, side: Color) -> Vec<Square> {
    let mut found: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|from| {
            position
                .board()
                .piece_at(*from)
                .is_some_and(|p| p.color == side && attacked_by(position, *from, p).contains(&square))
        })
        .collect();
    found.sort();
    found
}

fn squares(list: &[(Square, Piece)]) -> Vec<Square> {
    let mut out: Vec<Square> = list.iter().map(|(s, _)| *s).collect();
    out.sort();
    out
}

/// A legal position reached by `plies` random legal moves from the start (promotions, en passant,
/// checks and pins come on their own in enough of them).
fn random_position(choices: &[u16]) -> Chess {
    let mut position = Chess::default();
    for choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(*choice) % moves.len()];
        position.play_unchecked(mv);
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn attackers_defenders_hanging_and_material_are_what_the_walker_finds(
        choices in proptest::collection::vec(any::<u16>(), 0..120),
        square in 0u32..64,
    ) {
        let position = random_position(&choices);
        let square = Square::new(square);
        let Answer::Attackers { white, black, .. } = answer(&position, Query::Attackers(square)) else { panic!() };
        prop_assert_eq!(squares(&white), walked(&position, square, Color::White));
        prop_assert_eq!(squares(&black), walked(&position, square, Color::Black));
        match (answer(&position, Query::Defenders(square)), position.board().piece_at(square)) {
            (Answer::Defenders { defenders, piece, .. }, Some(there)) => {
                prop_assert_eq!(piece, there);
                prop_assert_eq!(squares(&defenders), walked(&position, square, there.color));
            }
            (Answer::NoPiece(_), None) => {}
            (other, there) => prop_assert!(false, "{other:?} for {there:?}"),
        }
        let Answer::Hanging { white, black } = answer(&position, Query::Hanging) else { panic!() };
        for (side, said) in [(Color::White, white), (Color::Black, black)] {
            let expected: Vec<Square> = Square::ALL
                .into_iter()
                .filter(|s| {
                    let Some(piece) = position.board().piece_at(*s).filter(|p| p.color == side && p.role != Role::King) else {
                        return false;
                    };
                    let attackers = walked(&position, *s, !side);
                    let cheapest = attackers.iter().filter_map(|a| position.board().piece_at(*a)).map(|p| value(p.role)).min();
                    cheapest.is_some_and(|c| walked(&position, *s, side).is_empty() || c < value(piece.role))
                })
                .collect();
            prop_assert_eq!(squares(&said), expected);
        }
        let Answer::Material { white, black, differ } = answer(&position, Query::Material) else { panic!() };
        // A kind is heard in the balance exactly when the two sides have not as many of it: every
        // piece of it with its square when only one side has any, else each side's count.
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
            let on = |color: Color| -> Vec<Square> {
                Square::ALL.into_iter().filter(|s| position.board().piece_at(*s) == Some(Piece { color, role })).collect()
            };
            let (w, b) = (on(Color::White), on(Color::Black));
            let heard: Vec<&Imbalance> = differ
                .iter()
                .filter(|i| match i {
                    Imbalance::Only(g) => g.piece.role == role,
                    Imbalance::Counts { role: r, .. } => *r == role,
                })
                .collect();
            let expected = if w.len() == b.len() {
                Vec::new()
            } else if !w.is_empty() && !b.is_empty() {
                vec![Imbalance::Counts { role, white: w.len() as u32, black: b.len() as u32 }]
            } else {
                let color = if w.is_empty() { Color::Black } else { Color::White };
                let mut squares = if w.is_empty() { b } else { w };
                squares.sort_by_key(|s| (s.file(), s.rank()));
                vec![Imbalance::Only(super::Group { piece: Piece { color, role }, squares })]
            };
            prop_assert_eq!(heard.into_iter().cloned().collect::<Vec<_>>(), expected);
        }
        let points = |side: Color| -> u32 {
            Square::ALL.into_iter().filter_map(|s| position.board().piece_at(s)).filter(|p| p.color == side).map(|p| value(p.role)).sum()
        };
        prop_assert_eq!((white, black), (points(Color::White), points(Color::Black)));
    }
}

#[test]
fn a_pinned_piece_attacks_and_an_x_ray_does_not() {
    // The black knight on d7 is pinned to its king by the bishop on b5; it still attacks e5 (FIDE
    // 3.9). The white rook on e1 stands behind the white pawn on e4: it does not attack e5.
    let position: Chess = "4k3/3n4/8/1B6/4P3/8/8/4RK2 w - - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let Answer::Attackers { white, black, .. } = answer(&position, Query::Attackers(Square::E5)) else { panic!() };
    assert_eq!(squares(&black), [Square::D7]);
    assert!(squares(&white).is_empty());
    let Answer::Fen(fen) = answer(&position, Query::Fen) else { panic!() };
    assert_eq!(fen, "4k3/3n4/8/1B6/4P3/8/8/4RK2 w - - 0 1");
}

#[test]
fn pawns_passed_doubled_and_isolated() {
    let position: Chess = "4k3/pp3p1p/8/3P4/8/1P6/1P3PP1/4K3 w - - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let Answer::Pawns { white, black } = answer(&position, Query::Pawns) else { panic!() };
    assert_eq!(white.squares, [Square::B2, Square::B3, Square::D5, Square::F2, Square::G2]);
    assert_eq!(white.passed, [Square::D5]);
    assert_eq!(white.doubled, [Square::B2, Square::B3]);
    assert_eq!(white.isolated, [Square::B2, Square::B3, Square::D5]);
    assert!(black.passed.is_empty() && black.doubled.is_empty());
    assert_eq!(black.isolated, [Square::F7, Square::H7]);
    // The rays of a corner: three lines, the rest at the edge at once.
    let Answer::Rays { rays, .. } = answer(&position, Query::Rays(Square::A1)) else { panic!() };
    let free: Vec<u32> = rays.iter().map(|r| r.free).collect();
    assert_eq!(free, [5, 0, 3, 0, 0, 0, 0, 0]);
    assert_eq!(rays[0].first.map(|(s, _)| s), Some(Square::A7));
    assert_eq!(rays[1].first.map(|(s, _)| s), Some(Square::B2));
    assert_eq!(rays[2].first.map(|(s, _)| s), Some(Square::E1));
}
