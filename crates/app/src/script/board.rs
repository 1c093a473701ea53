//! The lines of a script about boards: `board ...` for the player's board (Anna's peg board, or a
//! sensor board after `board sensor`) and `opponent-board ...` for the sighted opponent's sensor
//! board (two boards, FIDE D.2.1).
//!
//! | line | what happens |
//! |---|---|
//! | `board connect [white\|black]` | a peg board holding the game's position joins (with a side, only that side plays on it) |
//! | `board sensor` | the player's board is a sensor board (DGT, Millennium) holding the game's position |
//! | `opponent-board connect` | the opponent's sensor board joins |
//! | `board lift e2`, `board place e4` | a peg is lifted, put in |
//! | `board snapshot CELLS` | the peg board's 64 cells, rank 8 first (`.` empty, `x` a peg, a piece letter) |
//! | `board position FEN`, `opponent-board position FEN` | a sensor board reports this position (the pieces of a FEN) |
//! | `board position turned FEN` | the same, from a board standing the other way round |
//! | `opponent-board clock 1:29:59 1:30:00 [left\|right] [battery]` | the clock on the board: left and right times, whose runs |
//! | `opponent-board clock none` | the board reports no clock |
//! | `board unplug`, `board plug` (and for `opponent-board`) | the link is lost, and comes back |
//! | `board hello`, `board settle`, `board restore`, `board turn` | the peg board greets; has been quiet; `restore board`; `turn board` |

use std::fmt;

use shakmaty::Color;

use super::Fault;
use anna_board::{BoardEvent, BoardRole, Cell, ClockReading, Snapshot};

/// A line about a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardStep {
    /// A peg board holding the game's position joins; with a side, only that side plays on it.
    Connect(Option<Color>),
    /// A sensor board holding the game's position joins in this role.
    Sensor(BoardRole),
    /// The board reports a lift, a place, the whole board, the clock or its greeting.
    Event(BoardRole, BoardEvent),
    /// A sensor board reports its position.
    Position(BoardRole, Snapshot),
    /// The board's link is lost.
    Unplug(BoardRole),
    /// The board's link is back.
    Plug(BoardRole),
    /// The peg board has been quiet for a while.
    Settle,
    /// Back to the last position the board and the game agreed on.
    Restore,
    /// The sensor board stands the other way round.
    Turn,
}

impl BoardStep {
    pub fn role(&self) -> BoardRole {
        match self {
            BoardStep::Sensor(role)
            | BoardStep::Event(role, _)
            | BoardStep::Position(role, _)
            | BoardStep::Unplug(role)
            | BoardStep::Plug(role) => *role,
            _ => BoardRole::Player,
        }
    }
}

/// How a transcript names a board: `board`, `opponent-board`.
pub fn role_name(role: BoardRole) -> &'static str {
    match role {
        BoardRole::Player => "board",
        BoardRole::Opponent => "opponent-board",
    }
}

impl fmt::Display for BoardStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardStep::Connect(None) => f.write_str("connect"),
            BoardStep::Connect(Some(c)) => write!(f, "connect {}", super::side(*c)),
            BoardStep::Sensor(BoardRole::Player) => f.write_str("sensor"),
            BoardStep::Sensor(BoardRole::Opponent) => f.write_str("connect"),
            BoardStep::Event(_, BoardEvent::Lifted(s)) => write!(f, "lift {s}"),
            BoardStep::Event(_, BoardEvent::Placed(s)) => write!(f, "place {s}"),
            BoardStep::Event(_, BoardEvent::Board(_)) => f.write_str("snapshot"),
            BoardStep::Position(..) => f.write_str("position"),
            BoardStep::Event(_, BoardEvent::Hello { version, .. }) => write!(f, "hello {version}"),
            BoardStep::Event(_, BoardEvent::Ack(n)) => write!(f, "ack {n}"),
            BoardStep::Event(_, BoardEvent::Clock(_)) => f.write_str("clock"),
            BoardStep::Unplug(_) => f.write_str("unplug"),
            BoardStep::Plug(_) => f.write_str("plug"),
            BoardStep::Settle => f.write_str("settle"),
            BoardStep::Restore => f.write_str("restore"),
            BoardStep::Turn => f.write_str("turn"),
        }
    }
}

/// A line about a board, or `None` when the words are not about one (`board` alone is a question
/// about the game).
pub fn board_line(text: &str) -> Option<Result<BoardStep, Fault>> {
    if let Some(rest) = text.strip_prefix("opponent-board ") {
        return Some(opponent_step(rest));
    }
    board_step(text.strip_prefix("board ")?)
}

fn opponent_step(text: &str) -> Result<BoardStep, Fault> {
    let role = BoardRole::Opponent;
    let (verb, rest) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
    match verb {
        "connect" => Ok(BoardStep::Sensor(role)),
        "position" => position(rest).map(|s| BoardStep::Position(role, s)),
        "clock" => clock(rest).map(|c| BoardStep::Event(role, BoardEvent::Clock(c))),
        "unplug" => Ok(BoardStep::Unplug(role)),
        "plug" => Ok(BoardStep::Plug(role)),
        other => Err(Fault::OpponentBoard(other.to_string())),
    }
}

/// `connect [white|black]`, `sensor`, `lift SQ`, `place SQ`, `snapshot CELLS`, `position FEN`,
/// `clock ...`, `hello`, `settle`, `restore`, `turn`, `unplug`, `plug`.
fn board_step(text: &str) -> Option<Result<BoardStep, Fault>> {
    let role = BoardRole::Player;
    let mut words = text.split_whitespace();
    let verb = words.next()?;
    let arg = words.next();
    let square = |what: &'static str| {
        arg.and_then(|a| shakmaty::Square::from_ascii(a.as_bytes()).ok()).ok_or(Fault::BoardSquare(what))
    };
    let rest = text.trim().split_once(' ').map_or("", |(_, rest)| rest);
    Some(match verb {
        "connect" => match arg {
            None => Ok(BoardStep::Connect(None)),
            Some("white") => Ok(BoardStep::Connect(Some(Color::White))),
            Some("black") => Ok(BoardStep::Connect(Some(Color::Black))),
            Some(other) => Err(Fault::ConnectSide(other.to_string())),
        },
        "sensor" => Ok(BoardStep::Sensor(role)),
        "lift" => square("lift").map(|s| BoardStep::Event(role, BoardEvent::Lifted(s))),
        "place" => square("place").map(|s| BoardStep::Event(role, BoardEvent::Placed(s))),
        "snapshot" => snapshot(&words.fold(arg.unwrap_or_default().to_string(), |a, w| a + w))
            .map(|s| BoardStep::Event(role, BoardEvent::Board(s))),
        "position" => position(rest).map(|s| BoardStep::Position(role, s)),
        "clock" => clock(rest).map(|c| BoardStep::Event(role, BoardEvent::Clock(c))),
        "hello" => Ok(BoardStep::Event(role, BoardEvent::Hello { version: 1, name: "script".to_string() })),
        "settle" => Ok(BoardStep::Settle),
        "restore" => Ok(BoardStep::Restore),
        "turn" => Ok(BoardStep::Turn),
        "unplug" => Ok(BoardStep::Unplug(role)),
        "plug" => Ok(BoardStep::Plug(role)),
        _ => return None,
    })
}

/// 64 cells, rank 8 first: `.` empty, `x` a peg, a piece letter; `/` between ranks is allowed.
fn snapshot(text: &str) -> Result<Snapshot, Fault> {
    let cells: Vec<char> = text.chars().filter(|c| *c != '/').collect();
    if cells.len() != 64 {
        return Err(Fault::SnapshotLength(cells.len()));
    }
    let mut board = [Cell::Empty; 64];
    for (i, c) in cells.into_iter().enumerate() {
        let (rank, file) = (7 - i / 8, i % 8);
        board[rank * 8 + file] = match c {
            '.' => Cell::Empty,
            'x' => Cell::Occupied,
            letter => shakmaty::Piece::from_char(letter).map(Cell::Piece).ok_or(Fault::SnapshotCell(letter))?,
        };
    }
    Ok(Snapshot(board))
}

/// `[turned] FEN`: the pieces of a FEN (its first field), as a sensor board reports them.
fn position(text: &str) -> Result<Snapshot, Fault> {
    let (is_turned, fen) = match text.trim().strip_prefix("turned ") {
        Some(fen) => (true, fen),
        None => (false, text.trim()),
    };
    let placement = fen.split_whitespace().next().unwrap_or_default();
    let board =
        shakmaty::Board::from_ascii_board_fen(placement.as_bytes()).map_err(|_| Fault::Position(fen.to_string()))?;
    let snapshot = Snapshot::of_board(&board);
    Ok(if is_turned { snapshot.turned() } else { snapshot })
}

/// `LEFT RIGHT [left|right] [battery]` or `none` (see [`ClockReading::parse`]).
fn clock(text: &str) -> Result<ClockReading, Fault> {
    ClockReading::parse(text).ok_or_else(|| Fault::Clock(text.trim().to_string()))
}
