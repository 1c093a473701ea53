//! Exploring the board by ear: the whole position, pieces of a side or kind, a rank or file scanned
//! square by square, one square with who attacks and defends it, the legal moves of one piece, the
//! attackers of a square by side, the defenders of a piece, what hangs, the material and the FEN.
//! Pure: a [`Query`] and a position in, a structured [`Answer`] out; the words come from
//! `language::explore`.

use shakmaty::{Chess, Color, File, Piece, Position, Rank, Role, Square};

use crate::message::{Arg, Played, Priority, Sentence, Utterance};

/// The piece kinds in the order they are said: K Q R B N P.
pub const ROLES: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// Which pieces a question is about: a side, a kind, both or neither (all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub side: Option<Color>,
    pub role: Option<Role>,
}

/// A question about the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// The whole position, by side and kind.
    Board,
    /// `pieces white`, `pieces knight`.
    Pieces(Filter),
    /// `where knight`, `where white knight`.
    Where(Filter),
    /// A rank scanned from the a-file.
    Rank(Rank),
    /// A file scanned from rank 1.
    File(File),
    /// What stands on a square, its colour, who attacks and defends it.
    Square(Square),
    /// The legal moves of the piece on a square.
    Moves(Square),
    /// Every piece of either side attacking a square, White's first (a pinned piece still attacks,
    /// FIDE 3.9; a piece behind another on the same line does not).
    Attackers(Square),
    /// The pieces guarding the piece on a square.
    Defenders(Square),
    /// The pieces of each side attacked and not defended, or attacked by a piece worth less
    /// (pawns count, kings do not).
    Hanging,
    /// Each side's material in points (queen 9, rook 5, bishop and knight 3, pawn 1) and the balance.
    Material,
    /// The position's FEN.
    Fen,
    /// The eight lines from a square: how far each is free and the first piece met on it, nothing
    /// beyond.
    Rays(Square),
    /// Each side's pawns by file, and which are passed, doubled and isolated.
    Pawns,
    /// What the last move threatens: the pieces it attacks now that were not attacked before (the
    /// moved piece and any line it opened), whether it checks, and what its side would take or
    /// check if it moved again.
    Threats,
}

/// What the last move threatens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threats {
    /// The last move, as played.
    pub last: Played,
    /// The side that made it.
    pub side: Color,
    pub check: bool,
    /// The opponent's pieces (not the king) attacked now and not before the move.
    pub attacked: Vec<(Square, Piece)>,
    /// The captures and checks its side could make if it had the move again; none when the opponent
    /// is in check (the side cannot move again before the check is met).
    pub again: Vec<Played>,
}

/// One side's pawns: where they stand (by file), the passed ones (no opponent's pawn ahead on their
/// file or the files beside it), the doubled ones (another own pawn on the file) and the isolated
/// ones (no own pawn on a file beside).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pawns {
    pub side: Option<Color>,
    pub squares: Vec<Square>,
    pub passed: Vec<Square>,
    pub doubled: Vec<Square>,
    pub isolated: Vec<Square>,
}

/// A direction from a square, as the board lies with White at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    UpRight,
    Right,
    DownRight,
    Down,
    DownLeft,
    Left,
    UpLeft,
}

impl Direction {
    /// The eight, clockwise from up (towards the eighth rank).
    pub const ALL: [Direction; 8] = [
        Direction::Up,
        Direction::UpRight,
        Direction::Right,
        Direction::DownRight,
        Direction::Down,
        Direction::DownLeft,
        Direction::Left,
        Direction::UpLeft,
    ];

    /// Its step in files and ranks.
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction::Up => (0, 1),
            Direction::UpRight => (1, 1),
            Direction::Right => (1, 0),
            Direction::DownRight => (1, -1),
            Direction::Down => (0, -1),
            Direction::DownLeft => (-1, -1),
            Direction::Left => (-1, 0),
            Direction::UpLeft => (-1, 1),
        }
    }

    /// Its key in the `[board]` words of `grammar/` (`ray_up`).
    pub const fn key(self) -> &'static str {
        match self {
            Direction::Up => "ray_up",
            Direction::UpRight => "ray_up_right",
            Direction::Right => "ray_right",
            Direction::DownRight => "ray_down_right",
            Direction::Down => "ray_down",
            Direction::DownLeft => "ray_down_left",
            Direction::Left => "ray_left",
            Direction::UpLeft => "ray_up_left",
        }
    }
}

/// One line from a square: the empty squares before the first piece (or the edge), and that piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    pub direction: Direction,
    pub free: u32,
    pub first: Option<(Square, Piece)>,
}

impl Query {
    /// The command name of the query (`anna parse`, the `[commands]` of `grammar/`).
    pub const fn name(self) -> &'static str {
        match self {
            Query::Board => "board",
            Query::Pieces(_) => "pieces",
            Query::Where(_) => "where",
            Query::Rank(_) => "rank",
            Query::File(_) => "file",
            Query::Square(_) => "square",
            Query::Moves(_) => "moves",
            Query::Attackers(_) => "attackers",
            Query::Defenders(_) => "defenders",
            Query::Hanging => "hanging",
            Query::Material => "material",
            Query::Fen => "fen",
            Query::Rays(_) => "rays",
            Query::Pawns => "pawns",
            Query::Threats => "threats",
        }
    }
}

/// Pieces of one side and kind with their squares, sorted by file (then rank).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub piece: Piece,
    pub squares: Vec<Square>,
}

/// One step of a scan: a run of empty squares, or one square and its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stretch {
    Empty(Square, Square),
    Piece(Square, Piece),
}

/// The answer to a [`Query`], to be put into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The pieces of both sides, white's groups and black's.
    Board {
        white: Vec<Group>,
        black: Vec<Group>,
    },
    /// The pieces of one side (`pieces white`).
    Side {
        side: Color,
        groups: Vec<Group>,
    },
    /// Pieces of a kind (of one side or both), said with their colour; empty when there are none.
    Pieces(Vec<Group>),
    /// A rank or file, square by square.
    Line(Vec<Stretch>),
    /// A square: what stands there; the pieces attacking it (the opponent's of the piece there, or
    /// both sides' when it is empty) and those defending it (the same side's as the piece there).
    Square {
        square: Square,
        piece: Option<Piece>,
        attackers: Vec<(Square, Piece)>,
        defenders: Vec<(Square, Piece)>,
    },
    /// The legal moves of the piece on a square, as if its side had the move.
    Moves {
        square: Square,
        piece: Piece,
        moves: Vec<Played>,
    },
    /// `moves e2` on an empty square.
    NoPiece(Square),
    /// The attackers of a square, by side.
    Attackers {
        square: Square,
        white: Vec<(Square, Piece)>,
        black: Vec<(Square, Piece)>,
    },
    /// The defenders of the piece on a square.
    Defenders {
        square: Square,
        piece: Piece,
        defenders: Vec<(Square, Piece)>,
    },
    /// What hangs, by side.
    Hanging {
        white: Vec<(Square, Piece)>,
        black: Vec<(Square, Piece)>,
    },
    /// Each side's points of material.
    Material {
        white: u32,
        black: u32,
    },
    Fen(String),
    /// The eight lines from a square.
    Rays {
        square: Square,
        rays: Vec<Ray>,
    },
    /// Each side's pawns.
    Pawns {
        white: Pawns,
        black: Pawns,
    },
    Threats(Box<Threats>),
    /// `threats` before any move.
    NoLastMove,
}

/// Answers `query` in `game`: the questions about the last move need its moves.
pub fn answer_in(game: &crate::rules::Game, query: Query) -> Answer {
    match query {
        Query::Threats => match game.plies().last() {
            Some(ply) => Answer::Threats(Box::new(threats(&ply.before, ply.mv, game.position()))),
            None => Answer::NoLastMove,
        },
        _ => answer(game.position(), query),
    }
}

/// Answers `query` in `position` (`threats`, which needs the last move, as if none were played:
/// see [`answer_in`]).
pub fn answer(position: &Chess, query: Query) -> Answer {
    match query {
        Query::Threats => Answer::NoLastMove,
        Query::Board => Answer::Board {
            white: groups(position, Filter { side: Some(Color::White), role: None }),
            black: groups(position, Filter { side: Some(Color::Black), role: None }),
        },
        Query::Pieces(Filter { side: Some(side), role: None })
        | Query::Where(Filter { side: Some(side), role: None }) => {
            Answer::Side { side, groups: groups(position, Filter { side: Some(side), role: None }) }
        }
        Query::Pieces(Filter { side: None, role: None }) | Query::Where(Filter { side: None, role: None }) => {
            answer(position, Query::Board)
        }
        Query::Pieces(filter) | Query::Where(filter) => Answer::Pieces(groups(position, filter)),
        Query::Rank(rank) => Answer::Line(scan(position, File::ALL.map(|f| Square::from_coords(f, rank)))),
        Query::File(file) => Answer::Line(scan(position, Rank::ALL.map(|r| Square::from_coords(file, r)))),
        Query::Square(square) => inspect(position, square),
        Query::Moves(square) => match position.board().piece_at(square) {
            Some(piece) => Answer::Moves { square, piece, moves: moves_from(position, square, piece.color) },
            None => Answer::NoPiece(square),
        },
        Query::Attackers(square) => Answer::Attackers {
            square,
            white: attackers(position, square, Color::White),
            black: attackers(position, square, Color::Black),
        },
        Query::Defenders(square) => match position.board().piece_at(square) {
            Some(piece) => Answer::Defenders { square, piece, defenders: attackers(position, square, piece.color) },
            None => Answer::NoPiece(square),
        },
        Query::Hanging => {
            Answer::Hanging { white: hanging(position, Color::White), black: hanging(position, Color::Black) }
        }
        Query::Material => {
            Answer::Material { white: material(position, Color::White), black: material(position, Color::Black) }
        }
        Query::Rays(square) => Answer::Rays { square, rays: rays(position, square) },
        Query::Pawns => Answer::Pawns { white: pawns(position, Color::White), black: pawns(position, Color::Black) },
        Query::Fen => {
            Answer::Fen(shakmaty::fen::Fen::from_position(position, shakmaty::EnPassantMode::Legal).to_string())
        }
    }
}

/// What `mv`, played in `before`, threatens in `after`.
fn threats(before: &Chess, mv: shakmaty::Move, after: &Chess) -> Threats {
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
fn pawns(position: &Chess, side: Color) -> Pawns {
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
fn rays(position: &Chess, square: Square) -> Vec<Ray> {
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
fn attackers(position: &Chess, square: Square, side: Color) -> Vec<(Square, Piece)> {
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
fn hanging(position: &Chess, side: Color) -> Vec<(Square, Piece)> {
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

/// The points of `side`'s pieces.
fn material(position: &Chess, side: Color) -> u32 {
    let board = position.board();
    ROLES.iter().map(|role| value(*role) * (board.by_color(side) & board.by_role(*role)).count() as u32).sum()
}

/// The sentence that says an answer.
pub fn utterance(answer: Answer) -> Utterance {
    let say = |sentence| Utterance::new(Priority::Info, sentence);
    match answer {
        Answer::Board { white, black } => {
            say(Sentence::ExploreBoard).arg("white", Arg::Kinds(white)).arg("black", Arg::Kinds(black))
        }
        Answer::Side { side, groups } => {
            say(Sentence::ExploreSide).arg("side", Arg::Side(side)).arg("pieces", Arg::Kinds(groups))
        }
        Answer::Pieces(groups) if groups.is_empty() => say(Sentence::ExploreNone),
        Answer::Pieces(groups) => say(Sentence::ExplorePieces).arg("pieces", Arg::Groups(groups)),
        Answer::Line(line) => say(Sentence::ExploreLine).arg("line", Arg::Line(line)),
        Answer::Square { square, piece, attackers, defenders } => {
            let sentence = if piece.is_some() { Sentence::ExploreSquare } else { Sentence::ExploreSquareEmpty };
            say(sentence)
                .arg("square", Arg::Square(square.to_string()))
                .arg("what", Arg::Occupant(piece))
                .arg("shade", Arg::Shade(square))
                .arg("attackers", Arg::Placed(attackers))
                .arg("defenders", Arg::Placed(defenders))
        }
        Answer::Moves { square, piece, moves } => {
            let sentence = if moves.is_empty() { Sentence::ExploreNoMoves } else { Sentence::ExploreMoves };
            say(sentence)
                .arg("square", Arg::Square(square.to_string()))
                .arg("what", Arg::Occupant(Some(piece)))
                .arg("moves", Arg::MoveOptions(moves))
        }
        Answer::NoPiece(square) => say(Sentence::EmptySquare).arg("square", Arg::Square(square.to_string())),
        Answer::Attackers { square, white, black } => say(Sentence::ExploreAttackers)
            .arg("square", Arg::Square(square.to_string()))
            .arg("white", Arg::Placed(white))
            .arg("black", Arg::Placed(black)),
        Answer::Defenders { square, piece, defenders } => say(Sentence::ExploreDefenders)
            .arg("square", Arg::Square(square.to_string()))
            .arg("what", Arg::Occupant(Some(piece)))
            .arg("defenders", Arg::Placed(defenders)),
        Answer::Hanging { white, black } if white.is_empty() && black.is_empty() => say(Sentence::ExploreHangingNone),
        Answer::Hanging { white, black } => {
            say(Sentence::ExploreHanging).arg("white", Arg::Placed(white)).arg("black", Arg::Placed(black))
        }
        Answer::Material { white, black } => {
            let points = |n: u32| Arg::Counted("points", n);
            let u = if white == black {
                say(Sentence::ExploreMaterialEqual)
            } else {
                let (side, up) =
                    if white > black { (Color::White, white - black) } else { (Color::Black, black - white) };
                say(Sentence::ExploreMaterialUp).arg("side", Arg::Side(side)).arg("up", Arg::Counted("pawns", up))
            };
            u.arg("white", points(white)).arg("black", points(black))
        }
        Answer::Fen(fen) => say(Sentence::ExploreFen).arg("fen", Arg::Text(fen)),
        Answer::Threats(threats) => say(Sentence::ExploreThreats).arg("threats", Arg::Threats(threats)),
        Answer::NoLastMove => say(Sentence::ExploreNoLastMove),
        Answer::Pawns { white, black } => {
            say(Sentence::ExplorePawns).arg("white", Arg::Pawns(white)).arg("black", Arg::Pawns(black))
        }
        Answer::Rays { square, rays } => {
            say(Sentence::ExploreRays).arg("square", Arg::Square(square.to_string())).arg("rays", Arg::Rays(rays))
        }
    }
}

/// The groups of the pieces `filter` allows: white before black, then K Q R B N P, each by file.
pub fn groups(position: &Chess, filter: Filter) -> Vec<Group> {
    let mut out = Vec::new();
    for side in [Color::White, Color::Black] {
        if filter.side.is_some_and(|s| s != side) {
            continue;
        }
        for role in ROLES {
            if filter.role.is_some_and(|r| r != role) {
                continue;
            }
            let piece = Piece { color: side, role };
            let squares = by_file(position.board().by_piece(piece).into_iter().collect());
            if !squares.is_empty() {
                out.push(Group { piece, squares });
            }
        }
    }
    out
}

/// Squares sorted by file, then by rank.
fn by_file(mut squares: Vec<Square>) -> Vec<Square> {
    squares.sort_by_key(|s| (s.file(), s.rank()));
    squares
}

/// The squares of a line in order, empty runs joined.
fn scan(position: &Chess, line: [Square; 8]) -> Vec<Stretch> {
    let mut out: Vec<Stretch> = Vec::new();
    for square in line {
        match (position.board().piece_at(square), out.last_mut()) {
            (Some(piece), _) => out.push(Stretch::Piece(square, piece)),
            (None, Some(Stretch::Empty(_, to))) => *to = square,
            (None, _) => out.push(Stretch::Empty(square, square)),
        }
    }
    out
}

/// Which pieces attack and defend a square.
fn inspect(position: &Chess, square: Square) -> Answer {
    let board = position.board();
    let piece = board.piece_at(square);
    let of = |side: Color| -> Vec<(Square, Piece)> {
        let mut found: Vec<(Square, Piece)> = board
            .attacks_to(square, side, board.occupied())
            .into_iter()
            .filter_map(|s| board.piece_at(s).map(|p| (s, p)))
            .collect();
        found.sort_by_key(|(s, p)| (ROLES.iter().position(|r| *r == p.role), s.file(), s.rank()));
        found
    };
    let (attackers, defenders) = match piece {
        Some(p) => (of(!p.color), of(p.color)),
        None => {
            let mut both = of(Color::White);
            both.extend(of(Color::Black));
            (both, Vec::new())
        }
    };
    Answer::Square { square, piece, attackers, defenders }
}

/// The legal moves of the piece on `square`, of `side`, as if that side had the move (none when
/// that position could not arise: the side not on move would be giving check).
fn moves_from(position: &Chess, square: Square, side: Color) -> Vec<Played> {
    let turned;
    let pos = if position.turn() == side {
        position
    } else {
        match position.clone().swap_turn() {
            Ok(p) => {
                turned = p;
                &turned
            }
            Err(_) => return Vec::new(),
        }
    };
    let mut moves: Vec<Played> =
        pos.legal_moves().into_iter().filter(|m| m.from() == Some(square)).map(|mv| Played::new(pos, mv)).collect();
    moves.sort_by_key(|p| {
        (p.mv.to().file(), p.mv.to().rank(), p.mv.promotion().map(|r| ROLES.iter().position(|x| *x == r)))
    });
    moves
}

#[cfg(test)]
mod walker;

#[cfg(test)]
mod tests {
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
        assert_eq!(
            groups,
            [Group { piece: Piece { color: Color::Black, role: Role::Queen }, squares: vec![Square::D8] }]
        );
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
        let Answer::Square { piece, attackers, defenders, .. } = answer(&p, Query::Square(Square::E5)) else {
            panic!()
        };
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
}
