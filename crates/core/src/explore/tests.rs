use super::*;
use shakmaty::fen::Fen;
use shakmaty::CastlingMode;

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

const MIDDLEGAME: &str = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7";

#[test]
fn the_board_is_grouped_by_side_and_kind_sorted_by_file() {
    let Answer::Board { white, black } = answer(&Chess::default(), Query::Board) else { panic!() };
    let roles: Vec<Role> = white.iter().map(|g| g.piece.role).collect();
    assert_eq!(roles, ROLES);
    assert_eq!(white[2].squares, [Square::A1, Square::H1]);
    assert_eq!(black[5].squares.len(), 8);
    assert_eq!(black[5].squares[0], Square::A7);
}

#[test]
fn pieces_by_side_or_kind() {
    let start = Chess::default();
    let knights = Filter { side: None, role: Some(Role::Knight) };
    let Answer::Pieces(groups) = answer(&start, Query::Pieces(knights)) else { panic!() };
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0].squares, [Square::B1, Square::G1]);
    assert_eq!(groups[1].piece, Piece { color: Color::Black, role: Role::Knight });
    let white = Filter { side: Some(Color::White), role: None };
    assert!(matches!(answer(&start, Query::Where(white)), Answer::Side { side: Color::White, .. }));
    let black_queen = Filter { side: Some(Color::Black), role: Some(Role::Queen) };
    let Answer::Pieces(groups) = answer(&start, Query::Where(black_queen)) else { panic!() };
    assert_eq!(groups, [Group { piece: Piece { color: Color::Black, role: Role::Queen }, squares: vec![Square::D8] }]);
    let none = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(answer(&none, Query::Pieces(knights)), Answer::Pieces(Vec::new()));
}

#[test]
fn lines_join_empty_runs() {
    let p = position(MIDDLEGAME);
    let Answer::Line(line) = answer(&p, Query::Rank(Rank::Fourth)) else { panic!() };
    let wp = Piece { color: Color::White, role: Role::Pawn };
    let wb = Piece { color: Color::White, role: Role::Bishop };
    assert_eq!(
        line,
        [
            Stretch::Empty(Square::A4, Square::B4),
            Stretch::Piece(Square::C4, wb),
            Stretch::Empty(Square::D4, Square::D4),
            Stretch::Piece(Square::E4, wp),
            Stretch::Empty(Square::F4, Square::H4),
        ]
    );
    let Answer::Line(line) = answer(&Chess::default(), Query::File(File::E)) else { panic!() };
    assert_eq!(line.len(), 5);
    assert_eq!(line[2], Stretch::Empty(Square::E3, Square::E6));
}

#[test]
fn squares_know_their_attackers_and_defenders() {
    let p = position(MIDDLEGAME);
    let Answer::Square { piece, attackers, defenders, .. } = answer(&p, Query::Square(Square::E5)) else { panic!() };
    assert_eq!(piece.map(|p| p.role), Some(Role::Pawn));
    assert_eq!(attackers.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [Square::F3]);
    assert_eq!(defenders.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [Square::C6, Square::D6]);
    // An empty square: both sides' pieces.
    let Answer::Square { attackers, defenders, .. } = answer(&p, Query::Square(Square::D5)) else { panic!() };
    let squares: Vec<Square> = attackers.iter().map(|(s, _)| *s).collect();
    assert_eq!(squares, [Square::C4, Square::C3, Square::E4, Square::F6]);
    assert!(defenders.is_empty());
}

#[test]
fn moves_of_a_piece_for_either_side() {
    let start = Chess::default();
    let Answer::Moves { moves, .. } = answer(&start, Query::Moves(Square::G1)) else { panic!() };
    let to: Vec<Square> = moves.iter().map(|m| m.mv.to()).collect();
    assert_eq!(to, [Square::F3, Square::H3]);
    // Black's knight, though White has the move.
    let Answer::Moves { moves, .. } = answer(&start, Query::Moves(Square::B8)) else { panic!() };
    assert_eq!(moves.len(), 2);
    let Answer::Moves { moves, .. } = answer(&start, Query::Moves(Square::A1)) else { panic!() };
    assert!(moves.is_empty());
    assert_eq!(answer(&start, Query::Moves(Square::E4)), Answer::NoPiece(Square::E4));
}
