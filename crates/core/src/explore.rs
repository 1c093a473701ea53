//! Exploring the board by ear: the whole position, pieces of a side or kind, a rank or file scanned
//! square by square, one square with who attacks and defends it, the legal moves of one piece, the
//! attackers of a square by side, the defenders of a piece, what hangs, the material and the FEN.
//! Pure: a [`Query`] and a position in, a structured [`Answer`] out; the words come from
//! `language::explore`.

use shakmaty::{Chess, Color, File, Piece, Position, Rank, Role, Square};

use crate::message::{Arg, Played, Priority, Sentence, Utterance};

mod tactics;
pub use tactics::value;
use tactics::{attackers, differ, hanging, material, pawns, rays, threats};

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

    /// The square the question is about, for those that take one.
    pub const fn square(self) -> Option<Square> {
        match self {
            Query::Square(s) | Query::Moves(s) | Query::Attackers(s) | Query::Defenders(s) | Query::Rays(s) => Some(s),
            _ => None,
        }
    }
}

/// Pieces of one side and kind with their squares, sorted by file (then rank).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub piece: Piece,
    pub squares: Vec<Square>,
}

/// A kind of piece the two sides have not as many of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Imbalance {
    /// Only one side has pieces of the kind: those pieces, each on its square.
    Only(Group),
    /// Both sides have some: how many each.
    Counts { role: Role, white: u32, black: u32 },
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
    /// Each side's points of material, and the kinds the two sides have not as many of, so that the
    /// balance is heard with its pieces: a bishop against a knight at equal points, the pawn a side
    /// is up.
    Material {
        white: u32,
        black: u32,
        differ: Vec<Imbalance>,
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
        Query::Material => Answer::Material {
            white: material(position, Color::White),
            black: material(position, Color::Black),
            differ: differ(position),
        },
        Query::Rays(square) => Answer::Rays { square, rays: rays(position, square) },
        Query::Pawns => Answer::Pawns { white: pawns(position, Color::White), black: pawns(position, Color::Black) },
        Query::Fen => {
            Answer::Fen(shakmaty::fen::Fen::from_position(position, shakmaty::EnPassantMode::Legal).to_string())
        }
    }
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
        Answer::Material { white, black, differ } => {
            let points = |n: u32| Arg::Counted("points", n);
            let u = if white == black {
                say(Sentence::ExploreMaterialEqual)
            } else {
                let (side, up) =
                    if white > black { (Color::White, white - black) } else { (Color::Black, black - white) };
                say(Sentence::ExploreMaterialUp)
                    .arg("side", Arg::Side(side))
                    .arg("up", Arg::Counted("material_pawns", up))
            };
            u.arg("white", points(white)).arg("black", points(black)).arg("differ", Arg::Differ(differ))
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
    let of = |side: Color| attackers(position, square, side);
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
mod tests;
