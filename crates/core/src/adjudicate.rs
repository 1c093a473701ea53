//! Can a side still checkmate? The question behind a dead position (FIDE 5.2.2), a flag fall
//! (FIDE 6.9, A.4.3) and a second illegal move (FIDE 7.5.5): "the opponent cannot checkmate the
//! player's king by any possible series of legal moves".
//!
//! The search itself is `chasolver` (a helpmate solver over the `chess` crate's `Board`); this module
//! converts positions through FEN, keeps every answer sound and speaks shakmaty at its edges.
//!
//! Soundness comes first: [`Winnability::Unwinnable`] and [`Deadness::Dead`] are only ever answered
//! when they are proven. Whatever cannot be proven (the solver gave up, the position could not be
//! converted faithfully, or a helpmate line does not replay) is [`Winnability::Undetermined`].
//!
//! ```
//! use anna_core::adjudicate::{can_mate, dead_position, Deadness, Winnability};
//! use anna_core::fen::parse_fen;
//! use shakmaty::Color;
//!
//! // K+N v K: the knight alone can never mate (FIDE 6.9), and neither can the lone king.
//! let position = parse_fen("k7/8/8/8/8/8/1n4K1/8 w - -").unwrap();
//! assert_eq!(can_mate(&position, Color::Black), Winnability::Unwinnable);
//! assert_eq!(dead_position(&position), Deadness::Dead); // FIDE 5.2.2
//! ```

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::str::FromStr;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, EnPassantMode, File, Position, Rank, Role, Square};

/// Whether a side can still checkmate the other by some series of legal moves (a helpmate).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Winnability {
    /// A helpmate exists. `helpmate` is one such line from the position, in UCI (king-takes-rook
    /// castling only when the position is Chess960); it replays legally and ends in checkmate of the
    /// other side. It is empty when the other side is already checkmated.
    Winnable { helpmate: Vec<UciMove> },
    /// Proven: no series of legal moves ends in checkmate by this side.
    Unwinnable,
    /// Not decided (the solver gave up, or the position could not be handed to it faithfully).
    Undetermined,
}

impl Winnability {
    /// A stable identifier: `"winnable"`, `"unwinnable"` or `"undetermined"`.
    pub const fn as_str(&self) -> &'static str {
        match self {
            Winnability::Winnable { .. } => "winnable",
            Winnability::Unwinnable => "unwinnable",
            Winnability::Undetermined => "undetermined",
        }
    }
}

impl fmt::Display for Winnability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a position is dead: no sequence of legal moves can give either side mate (FIDE 5.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deadness {
    /// Proven: neither side can checkmate. The game is drawn at once (FIDE 5.2.2).
    Dead,
    /// Proven: at least one side can still checkmate.
    Alive,
    /// Not decided.
    Undetermined,
}

impl Deadness {
    /// A stable identifier: `"dead"`, `"alive"` or `"undetermined"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Deadness::Dead => "dead",
            Deadness::Alive => "alive",
            Deadness::Undetermined => "undetermined",
        }
    }
}

impl fmt::Display for Deadness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Can `side` still checkmate the other side by any series of legal moves?
/// (FIDE 6.9, 7.5.5, A.4.3: asked about the opponent of the player who lost on time or made a
/// second illegal move.)
///
/// Never answers [`Winnability::Unwinnable`] unless it is proven.
pub fn can_mate(position: &Chess, side: Color) -> Winnability {
    if let Some(answer) = game_over(position, side) {
        return answer;
    }
    let Some(converted) = Converted::new(position) else {
        return Winnability::Undetermined;
    };
    let answer = solve(&converted.board, side);
    converted.judge(position, side, answer)
}

/// Is the position dead, that is can neither side checkmate (FIDE 5.2.2)?
///
/// Cheap on ordinary positions: a checkmate or stalemate is answered at once, then the solver's
/// fast sound check is tried for both sides, and the full search runs only for a side it could not
/// rule out, stopping at the first side that can mate.
///
/// A checkmated position is [`Deadness::Alive`] (a side has mated; FIDE 5.1.1 decides it) and a
/// stalemate is [`Deadness::Dead`] (no mate can follow; FIDE 5.2.1 decides it first).
pub fn dead_position(position: &Chess) -> Deadness {
    if position.is_checkmate() {
        return Deadness::Alive; // FIDE 5.1.1
    }
    if position.is_stalemate() {
        return Deadness::Dead; // FIDE 5.2.1: no move, so no mate can ever follow
    }
    let Some(converted) = Converted::new(position) else {
        return Deadness::Undetermined;
    };
    // The fast check is sound only on the very position it sees, so a lossy conversion (dropped
    // Chess960 castling rights) cannot use it.
    let fast = |color| !converted.lossy && unwinnable_fast(&converted.board, color);
    // The side not to move usually has the quicker helpmate (it can be mated against on its move).
    let order = [!position.turn(), position.turn()];
    let open: Vec<Color> = order.into_iter().filter(|&color| !fast(color)).collect();
    let mut undecided = false;
    for side in open {
        match converted.judge(position, side, solve(&converted.board, side)) {
            Winnability::Winnable { .. } => return Deadness::Alive,
            Winnability::Unwinnable => {}
            Winnability::Undetermined => undecided = true,
        }
    }
    if undecided {
        Deadness::Undetermined
    } else {
        Deadness::Dead // FIDE 5.2.2: neither side can mate
    }
}

/// The answer when the game is already over: mate delivered by `side` (winnable with an empty
/// line), mate against `side` or stalemate (no further move, so `side` can never mate).
fn game_over(position: &Chess, side: Color) -> Option<Winnability> {
    if position.is_checkmate() {
        // FIDE 5.1.1: the side to move is the one checkmated.
        Some(if position.turn() == side {
            Winnability::Unwinnable
        } else {
            Winnability::Winnable { helpmate: Vec::new() }
        })
    } else if position.is_stalemate() {
        Some(Winnability::Unwinnable) // FIDE 5.2.1
    } else {
        None
    }
}

/// A position as the `chess` crate sees it.
struct Converted {
    board: chess::Board,
    /// Chess960 castling rights that `chess` cannot express were dropped: a proof of
    /// unwinnability on `board` says nothing about the real position.
    lossy: bool,
}

impl Converted {
    /// Writes the position as FEN for `chess::Board`. `None` if `chess` rejects it.
    fn new(position: &Chess) -> Option<Converted> {
        let board = position.board();
        let rights = position.castles().castling_rights();
        let mut castling = String::new();
        let mut lossy = false;
        for color in [Color::White, Color::Black] {
            let king_home = Square::from_coords(File::E, color.fold_wb(Rank::First, Rank::Eighth));
            let king_home = board.king_of(color) == Some(king_home);
            let mut letters = [None, None];
            for rook in rights & board.by_color(color) {
                match rook.file() {
                    File::H if king_home => letters[0] = Some('K'),
                    File::A if king_home => letters[1] = Some('Q'),
                    _ => lossy = true, // Chess960 right (FIDE Annex II) dropped
                }
            }
            for letter in letters.into_iter().flatten() {
                castling.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        // Only a legal en passant capture changes what can happen (FIDE 3.7.3, 9.2.2).
        let ep = position.ep_square(EnPassantMode::Legal).map_or_else(|| "-".to_owned(), |square| square.to_string());
        let turn = position.turn().fold_wb('w', 'b');
        let fen = format!("{board} {turn} {castling} {ep} 0 1");
        let board = guarded(|| chess::Board::from_str(&fen).ok())??;
        Some(Converted { board, lossy })
    }

    /// Turns the solver's answer into a sound [`Winnability`] for the real position.
    fn judge(&self, position: &Chess, side: Color, answer: Option<chasolver::Winnability>) -> Winnability {
        match answer {
            Some(chasolver::Winnability::Winnable { helpmate }) => replay(position, side, &helpmate)
                .map_or(Winnability::Undetermined, |helpmate| Winnability::Winnable { helpmate }),
            Some(chasolver::Winnability::Unwinnable) if !self.lossy => Winnability::Unwinnable,
            _ => Winnability::Undetermined,
        }
    }
}

/// Plays a solver line in shakmaty; `Some(line in UCI)` only if every move is legal and the line
/// ends with the other side checkmated.
fn replay(position: &Chess, side: Color, line: &[chess::ChessMove]) -> Option<Vec<UciMove>> {
    let mode = position.castles().mode();
    let mut pos = position.clone();
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        let uci = UciMove::Normal {
            from: square(m.get_source()),
            to: square(m.get_dest()),
            promotion: m.get_promotion().map(role),
        };
        let mv = uci.to_move(&pos).ok()?;
        out.push(UciMove::from_move(mv, mode));
        pos.play_unchecked(mv);
    }
    (pos.is_checkmate() && pos.turn() != side).then_some(out)
}

/// The full search; `None` when undecided (or if the solver should ever panic).
fn solve(board: &chess::Board, side: Color) -> Option<chasolver::Winnability> {
    guarded(|| chasolver::winnability(board, color(side))).flatten()
}

/// The fast sound check: `true` only when `side` provably cannot mate.
fn unwinnable_fast(board: &chess::Board, side: Color) -> bool {
    guarded(|| chasolver::is_unwinnable_fast(board, color(side))).unwrap_or(false)
}

/// Runs third-party code that is not ours to fix; a panic there becomes "no answer".
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    panic::catch_unwind(AssertUnwindSafe(f)).ok()
}

fn color(color: Color) -> chess::Color {
    color.fold_wb(chess::Color::White, chess::Color::Black)
}

fn square(square: chess::Square) -> Square {
    // Both crates number the squares a1 = 0 .. h8 = 63.
    Square::new((square.to_index() & 63) as u32)
}

fn role(piece: chess::Piece) -> Role {
    match piece {
        chess::Piece::Pawn => Role::Pawn,
        chess::Piece::Knight => Role::Knight,
        chess::Piece::Bishop => Role::Bishop,
        chess::Piece::Rook => Role::Rook,
        chess::Piece::Queen => Role::Queen,
        chess::Piece::King => Role::King,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;
    use shakmaty::CastlingMode;

    fn pos(fen: &str) -> Chess {
        parse_fen(fen).expect("test FEN")
    }

    fn assert_mates(position: &Chess, side: Color, line: &[UciMove]) {
        let mut p = position.clone();
        for uci in line {
            let m = uci.to_move(&p).expect("legal helpmate move");
            p.play_unchecked(m);
        }
        assert!(p.is_checkmate() && p.turn() != side, "line does not mate");
    }

    #[test]
    fn king_v_king_is_dead() {
        let p = pos("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
        assert_eq!(can_mate(&p, Color::White), Winnability::Unwinnable);
        assert_eq!(can_mate(&p, Color::Black), Winnability::Unwinnable);
        assert_eq!(dead_position(&p), Deadness::Dead);
    }

    #[test]
    fn same_coloured_bishops_are_dead() {
        let p = pos("3b4/3k4/8/8/8/3K4/3B4/8 w - -");
        assert_eq!(dead_position(&p), Deadness::Dead);
    }

    #[test]
    fn knight_v_king() {
        let p = pos("k7/8/8/8/8/8/1n4K1/8 w - -");
        assert_eq!(can_mate(&p, Color::Black), Winnability::Unwinnable);
        assert_eq!(can_mate(&p, Color::White), Winnability::Unwinnable);
        assert_eq!(dead_position(&p), Deadness::Dead);
    }

    #[test]
    fn start_position_is_alive() {
        let p = Chess::default();
        assert_eq!(dead_position(&p), Deadness::Alive);
        for side in [Color::White, Color::Black] {
            let Winnability::Winnable { helpmate } = can_mate(&p, side) else {
                panic!("start position must be winnable for {side:?}");
            };
            assert_mates(&p, side, &helpmate);
        }
    }

    #[test]
    fn middlegame_is_alive() {
        let p = pos("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8");
        assert_eq!(dead_position(&p), Deadness::Alive);
    }

    #[test]
    fn finished_games() {
        // Fool's mate: Black has mated White.
        let mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(can_mate(&mate, Color::Black), Winnability::Winnable { helpmate: vec![] });
        assert_eq!(can_mate(&mate, Color::White), Winnability::Unwinnable);
        assert_eq!(dead_position(&mate), Deadness::Alive);
        // Stalemate with a queen on the board.
        let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(can_mate(&stalemate, Color::White), Winnability::Unwinnable);
        assert_eq!(can_mate(&stalemate, Color::Black), Winnability::Unwinnable);
    }

    #[test]
    fn chess960_rights_make_unwinnable_undetermined() {
        // K+B v K+R (White cannot mate), but Black keeps a Chess960 king-side right on the
        // g-file rook, which the solver's board cannot express.
        let p = pos("5kr1/8/8/8/8/8/8/K1B5 w g - 0 1");
        assert_eq!(p.castles().mode(), CastlingMode::Chess960);
        assert!(p.castles().any());
        assert_eq!(can_mate(&p, Color::White), Winnability::Undetermined);
        // The same without the right is proven.
        let q = pos("5kr1/8/8/8/8/8/8/K1B5 w - - 0 1");
        assert_eq!(can_mate(&q, Color::White), Winnability::Unwinnable);
        // A line found without castling is still a line.
        match can_mate(&p, Color::Black) {
            Winnability::Winnable { helpmate } => assert_mates(&p, Color::Black, &helpmate),
            other => panic!("expected winnable, got {other:?}"),
        }
    }

    #[test]
    fn chess960_start_is_alive() {
        let p = pos("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1");
        match can_mate(&p, Color::White) {
            Winnability::Winnable { helpmate } => assert_mates(&p, Color::White, &helpmate),
            other => panic!("expected winnable, got {other:?}"),
        }
        assert_eq!(dead_position(&p), Deadness::Alive);
    }

    #[test]
    fn en_passant_is_written_only_when_legal() {
        let p = pos("4k3/8/8/p1p1p3/P1P1Pp1p/1B3P1P/8/4K3 b - e3");
        assert!(matches!(can_mate(&p, Color::White), Winnability::Winnable { .. }));
        // An ep square with no capture possible is accepted and ignored.
        let q = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
        assert_eq!(dead_position(&q), Deadness::Alive);
    }

    #[test]
    fn fen_dialects() {
        let start = Chess::default();
        // Standard FEN, four fields, Shredder-FEN for the standard array.
        for text in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        ] {
            // Shredder letters mean Chess960 castling (position 518), the same position.
            assert_eq!(pos(text), start, "{text}");
        }
        // A Chess960 start in X-FEN and in Shredder-FEN (king f1, rooks e1 and g1).
        let xfen = pos("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1");
        let shredder = pos("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1");
        assert_eq!(xfen, shredder);
        assert_eq!(xfen.castles().mode(), CastlingMode::Chess960);
        assert_eq!(xfen.castles().rook(Color::White, shakmaty::CastlingSide::KingSide), Some(Square::G1));
        assert_eq!(xfen.castles().rook(Color::Black, shakmaty::CastlingSide::QueenSide), Some(Square::E8));
    }

    #[test]
    fn names() {
        assert_eq!(Winnability::Undetermined.as_str(), "undetermined");
        assert_eq!(Winnability::Unwinnable.to_string(), "unwinnable");
        assert_eq!(Winnability::Winnable { helpmate: vec![] }.as_str(), "winnable");
        assert_eq!(Deadness::Dead.as_str(), "dead");
    }
}
