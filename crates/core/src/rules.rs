//! The game record over shakmaty: start position, moves played, and the FIDE Laws of Chess (2018)
//! that need the history: repetition (9.2, 9.6.1), the 50- and 75-move rules (9.3, 9.6.2),
//! checkmate and stalemate (5.1.1, 5.2.1) and Chess960 (Guideline II).
//!
//! Pure: no I/O, no clock, no randomness (a random Chess960 number is the caller's choice).
//! Dead positions (5.2.2) are decided by [`adjudicate`](super::adjudicate), claims by the arbiter.
//!
//! ```
//! use anna_core::rules::{AutoEnd, Game};
//!
//! let mut game = Game::new();
//! for text in ["f3", "e5", "g4", "Qh4"] {
//!     let mv = game.resolve(text).unwrap();
//!     game.play(mv).unwrap();
//! }
//! assert_eq!(game.plies()[3].san.to_string(), "Qh4#");
//! assert_eq!(game.auto_end(), Some(AutoEnd::Checkmate));
//! ```

mod chess960;
mod explain;
mod spec;
#[cfg(test)]
mod tests;

use std::fmt;

use shakmaty::fen::Fen;

use crate::fen::{parse_fen, FenError};
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Move, Position, PositionErrorKinds, Role, Square,
};

pub use self::chess960::{COUNT as CHESS960_COUNT, STANDARD as CHESS960_STANDARD};
pub use self::explain::IllegalReason;
pub use self::spec::MoveSpec;

/// One half-move of the game record.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The position the move was played in.
    pub before: Chess,
    /// The move, legal in `before`.
    pub mv: Move,
    /// The move in standard algebraic notation, written in `before`, with `+` or `#` (FIDE C.9, C.10).
    pub san: SanPlus,
}

impl Ply {
    /// The position after this move.
    pub fn after(&self) -> Chess {
        let mut pos = self.before.clone();
        pos.play_unchecked(self.mv);
        pos
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The FEN could not be read, or describes a position that cannot occur.
    Fen(FenError),
    /// Chess960 positions are numbered 0 to 959 (FIDE Guideline II.1).
    Chess960Number(u32),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Fen(error) => error.fmt(f),
            GameError::Chess960Number(n) => {
                write!(f, "Chess960 positions are numbered from 0 to 959, not {n}.")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// Why a typed or spoken move could not be played. Like shakmaty's `ParseSanError` versus
/// `SanError`: the text was not understood (syntax), or it was understood but matches no legal
/// move, or several (meaning).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is neither algebraic notation nor UCI.
    NotUnderstood,
    /// No legal move matches; the reason is given for the player.
    Illegal(IllegalReason),
    /// Several legal moves match (for example `Nd2` with knights on b1 and f3, or a promotion
    /// without the piece); the candidates are listed so the player can be asked which one.
    Ambiguous(Vec<Move>),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotUnderstood => f.write_str("That move was not understood."),
            MoveError::Illegal(reason) => write!(f, "That move is not legal. {reason}"),
            MoveError::Ambiguous(moves) => {
                write!(f, "That could mean {} different moves; please say which.", moves.len())
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Ends of the game that need no claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AutoEnd {
    /// FIDE 5.1.1: the side to move is checkmated.
    Checkmate,
    /// FIDE 5.2.1: the side to move has no legal move and is not in check.
    Stalemate,
    /// FIDE 9.6.1: the same position has appeared at least five times.
    FivefoldRepetition,
    /// FIDE 9.6.2: 75 moves by each player without a pawn move or capture.
    SeventyFiveMoves,
}

impl AutoEnd {
    /// The article that decides this ending.
    pub const fn article(self) -> &'static str {
        match self {
            AutoEnd::Checkmate => "5.1.1",
            AutoEnd::Stalemate => "5.2.1",
            AutoEnd::FivefoldRepetition => "9.6.1",
            AutoEnd::SeventyFiveMoves => "9.6.2",
        }
    }
}

/// Half-moves without capture or pawn move that allow a claim (FIDE 9.3: 50 moves each).
pub const FIFTY_MOVES_PLIES: u32 = 100;
/// Half-moves without capture or pawn move that end the game (FIDE 9.6.2: 75 moves each).
pub const SEVENTY_FIVE_MOVES_PLIES: u32 = 150;

/// A game: its start position, the moves played, and the position now.
#[derive(Clone, Debug)]
pub struct Game {
    start: Chess,
    mode: CastlingMode,
    plies: Vec<Ply>,
    current: Chess,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position (FIDE 2.3).
    pub fn new() -> Game {
        Game::from_position(Chess::new(), CastlingMode::Standard)
    }

    /// A game from any legal position. The castling mode decides how castling is written in UCI.
    pub fn from_position(start: Chess, mode: CastlingMode) -> Game {
        Game { current: start.clone(), start, mode, plies: Vec::new() }
    }

    /// A game from a FEN, X-FEN or Shredder-FEN (the move counters may be left out). Chess960
    /// castling is chosen when the castling rights need it: file letters (Shredder-FEN), or a
    /// castling rook not on the a- or h-file, or the king not on the e-file.
    pub fn from_fen(fen: &str) -> Result<Game, GameError> {
        Ok(Game::from_start(parse_fen(fen).map_err(GameError::Fen)?))
    }

    /// A game from a position read from a FEN ([`parse_fen`]), its castling as its rights say.
    pub fn from_start(start: Chess) -> Game {
        let mode = start.castles().mode();
        Game::from_position(start, mode)
    }

    /// Chess960 position `number` by Scharnagl's numbering, 0 to 959, 518 being the standard
    /// arrangement (FIDE Guideline II). Castling follows Guideline II.3.
    pub fn chess960(number: u32) -> Result<Game, GameError> {
        let fen = chess960::fen(number).ok_or(GameError::Chess960Number(number))?;
        let setup = fen.parse::<Fen>().map_err(|e| GameError::Fen(FenError::Syntax(e)))?.into_setup();
        let start: Chess =
            setup.position(CastlingMode::Chess960).map_err(|e| GameError::Fen(FenError::Illegal(e.kinds())))?;
        Ok(Game::from_position(start, CastlingMode::Chess960))
    }

    /// White's first-rank pieces, a-file to h-file, of Chess960 position `number` (0..=959).
    pub fn chess960_arrangement(number: u32) -> Option<[Role; 8]> {
        chess960::arrangement(number)
    }

    /// Whether castling follows Chess960 (Guideline II.3) rather than standard chess.
    pub fn is_chess960(&self) -> bool {
        self.mode.is_chess960()
    }

    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The start position as written for a PGN `[FEN]` tag (X-FEN castling: `KQkq` for the
    /// outermost rooks, file letters otherwise).
    pub fn start_fen(&self) -> String {
        Fen::from_position(&self.start, EnPassantMode::Legal).to_string()
    }

    /// The position now.
    pub fn position(&self) -> &Chess {
        &self.current
    }

    /// The position now, as FEN (X-FEN castling).
    pub fn fen(&self) -> String {
        Fen::from_position(&self.current, EnPassantMode::Legal).to_string()
    }

    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The side having the move (FIDE 1.3).
    pub fn turn(&self) -> Color {
        self.current.turn()
    }

    /// The number of the move being played now (counted from the FEN's counter).
    pub fn fullmove_number(&self) -> u32 {
        self.current.fullmoves().get()
    }

    /// Plays a legal move and records it in algebraic notation with `+` or `#` (FIDE 8.1, C.9).
    /// The game is not closed by an [`AutoEnd`]: stopping play is the caller's decision.
    pub fn play(&mut self, mv: Move) -> Result<&Ply, MoveError> {
        // A king is never taken, even one left in check by a move that stood (A.4.2).
        if !self.current.is_legal(mv) || mv.capture() == Some(Role::King) {
            return Err(MoveError::Illegal(self.why_illegal_move(mv)));
        }
        let before = self.current.clone();
        let was_illegal = self.stands_illegal();
        let mut san = SanPlus::from_move_and_play_unchecked(&mut self.current, mv);
        // After an illegal move that stood (A.4.2) the opponent's king was in check already: this
        // move gives check only with a checker of its own (or mates).
        if was_illegal && san.suffix == Some(shakmaty::san::Suffix::Check) {
            let them = !before.turn();
            let checkers = |pos: &Chess| {
                pos.board().king_of(them).map(|k| pos.board().attacks_to(k, !them, pos.board().occupied()))
            };
            if checkers(&self.current).zip(checkers(&before)).is_some_and(|(now, was)| (now & !was).is_empty()) {
                san.suffix = None;
            }
        }
        let index = self.plies.len();
        self.plies.push(Ply { before, mv, san });
        Ok(&self.plies[index])
    }

    /// Plays a move that is not legal but stands (FIDE A.4.2: in rapid and blitz an illegal move
    /// that nobody claimed stays on the board). Only a piece of the side to move going from its square
    /// to another square is accepted, and only if the game can go on from the position as played:
    /// the mover's own king may be left in check (the opponent then moves, and may not take the
    /// king), also while giving check (both kings in check: A.4.4, the arbiter waits for the next
    /// move, which must answer that check and so leaves no illegal position); but no king may be
    /// taken or missing; a pawn left on its last or first rank stands for the next move, after
    /// which the arbiter draws the game if it is still there (A.4.4); otherwise `None`.
    pub fn play_standing_illegal(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Option<&Ply> {
        let piece = self.current.board().piece_at(from)?;
        if piece.color != self.current.turn() || from == to {
            return None;
        }
        let capture = self.current.board().piece_at(to).filter(|p| p.color != piece.color).map(|p| p.role);
        if self.current.board().color_at(to) == Some(piece.color) || capture == Some(Role::King) {
            return None;
        }
        let mv = Move::Normal { role: piece.role, from, capture, to, promotion };
        let mut after = self.current.clone();
        after.play_unchecked(mv);
        let setup = after.to_setup(shakmaty::EnPassantMode::Legal);
        let after = match <Chess as shakmaty::FromSetup>::from_setup(setup, self.mode) {
            Ok(checked) => checked,
            // Only the mover's king left in check: the position as played, for the opponent's move.
            // A pawn left on its last or first rank: the arbiter waits for the next move (A.4.4).
            Err(e)
                if (e.kinds() - PositionErrorKinds::OPPOSITE_CHECK - PositionErrorKinds::PAWNS_ON_BACKRANK)
                    .is_empty() =>
            {
                after
            }
            Err(_) => return None,
        };
        let before = std::mem::replace(&mut self.current, after);
        let san =
            SanPlus { san: San::from_move(&before, mv), suffix: shakmaty::san::Suffix::from_position(&self.current) };
        let index = self.plies.len();
        self.plies.push(Ply { before, mv, san });
        Some(&self.plies[index])
    }

    /// Whether the position is one only an illegal move that stood can give (A.4.2): the player
    /// who made it has his king in check while his opponent is to move.
    pub fn stands_illegal(&self) -> bool {
        let setup = self.current.to_setup(shakmaty::EnPassantMode::Legal);
        <Chess as shakmaty::FromSetup>::from_setup(setup, self.mode).is_err()
    }

    /// Whether an illegal position stood before the last move and still stands after it (both
    /// kings in check, a pawn on its last or first rank: A.4.4, 2023 A.5.4).
    pub fn illegal_position_persists(&self) -> bool {
        let illegal = |pos: &Chess| {
            <Chess as shakmaty::FromSetup>::from_setup(pos.to_setup(shakmaty::EnPassantMode::Legal), self.mode).is_err()
        };
        self.stands_illegal() && self.plies.last().is_some_and(|ply| illegal(&ply.before))
    }

    /// Takes back the last ply and restores the position before it exactly: a slip corrected
    /// before the clock is pressed (FIDE D.2.8), or a completed illegal move (FIDE 7.5.1).
    pub fn undo(&mut self) -> Option<Ply> {
        let ply = self.plies.pop()?;
        self.current = ply.before.clone();
        Some(ply)
    }

    /// The legal move meant by algebraic notation. A check or mate sign is not checked; a
    /// capture sign that is wrong or missing is forgiven when that leaves exactly one move; a
    /// promotion without the piece lists the four promotions as [`MoveError::Ambiguous`].
    pub fn resolve_san(&self, san: San) -> Result<Move, MoveError> {
        let pos = &self.current;
        match san {
            San::Castle(side) => pos
                .castling_moves(side)
                .first()
                .copied()
                .ok_or_else(|| MoveError::Illegal(explain::why_not_castle(pos, side))),
            San::Normal { role, file, rank, capture, to, promotion } => {
                let legal = legal_moves(pos);
                let fits = |m: &&Move, strict: bool| {
                    !m.is_castle()
                        && m.role() == role
                        && m.to() == to
                        && m.from().is_some_and(|from| {
                            file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
                        })
                        && (!strict || m.is_capture() == capture)
                        && (m.promotion() == promotion || (!strict && promotion.is_none()))
                };
                let mut found: Vec<Move> = legal.iter().filter(|m| fits(m, true)).copied().collect();
                if found.is_empty() {
                    found = legal.iter().filter(|m| fits(m, false)).copied().collect();
                }
                match found.as_slice() {
                    [one] => Ok(*one),
                    [] => {
                        let mut froms = pos.board().by_piece(role.of(pos.turn()));
                        if role == Role::Pawn && !capture && file.is_none() {
                            froms &= to.file();
                        }
                        let froms = froms.into_iter().filter(|from| {
                            file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
                        });
                        Err(MoveError::Illegal(explain::best_reason(pos, froms, to)))
                    }
                    _ => Err(MoveError::Ambiguous(found)),
                }
            }
            San::Put { .. } | San::Null => Err(MoveError::NotUnderstood),
        }
    }

    /// The legal move meant by a UCI move. Castling is accepted as king-takes-rook (`e1h1`) and
    /// as king-to-destination (`e1g1`); when the king-to-destination form is also an ordinary
    /// king move (Chess960), the form of the game's castling mode wins. A pawn reaching the last
    /// rank without a named piece lists the four promotions as [`MoveError::Ambiguous`].
    pub fn resolve_uci(&self, uci: &UciMove) -> Result<Move, MoveError> {
        let UciMove::Normal { from, to, promotion } = *uci else {
            return Err(MoveError::NotUnderstood);
        };
        let legal = legal_moves(&self.current);
        let same = |m: &Move, form: CastlingMode| match UciMove::from_move(*m, form) {
            UciMove::Normal { from: f, to: t, promotion: p } => {
                f == from && t == to && (p == promotion || promotion.is_none())
            }
            _ => false,
        };
        let other = match self.mode {
            CastlingMode::Standard => CastlingMode::Chess960,
            CastlingMode::Chess960 => CastlingMode::Standard,
        };
        let mut found: Vec<Move> = legal.iter().filter(|m| same(m, self.mode)).copied().collect();
        if found.is_empty() {
            found = legal.iter().filter(|m| same(m, other)).copied().collect();
        }
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(MoveError::Illegal(
                explain::why_illegal(&self.current, from, to).unwrap_or(IllegalReason::BadPromotion),
            )),
            _ => Err(MoveError::Ambiguous(found)),
        }
    }

    /// The legal move meant by text: UCI (`e2e4`, `e7e8q`) or algebraic notation (`Nf3`,
    /// `exd6 e.p.`, `e8=Q`, `O-O`, `0-0-0`, with `+`, `#`, `++`, `!` or `?` after it).
    pub fn resolve(&self, text: &str) -> Result<Move, MoveError> {
        let mut text = text.trim();
        if let Some(rest) = text.strip_suffix("e.p.") {
            text = rest.trim_end();
        }
        let text = text.trim_end_matches(['+', '#', '!', '?']);
        if let Ok(uci) = text.parse::<UciMove>() {
            if matches!(uci, UciMove::Normal { .. }) && text.len() <= 5 {
                return self.resolve_uci(&uci);
            }
        }
        let text = match text {
            "0-0" => "O-O",
            "0-0-0" => "O-O-O",
            other => other,
        };
        let san: San = text.parse().map_err(|_| MoveError::NotUnderstood)?;
        self.resolve_san(san)
    }

    /// Why `from`-`to` is not legal now; `None` if it is (for some promotion or castling form).
    pub fn why_illegal(&self, from: Square, to: Square) -> Option<IllegalReason> {
        explain::why_illegal(&self.current, from, to)
    }

    fn why_illegal_move(&self, mv: Move) -> IllegalReason {
        match (mv.castling_side(), mv.from()) {
            (Some(side), _) => explain::why_not_castle(&self.current, side),
            (None, Some(from)) => {
                explain::why_illegal(&self.current, from, mv.to()).unwrap_or(IllegalReason::BadPromotion)
            }
            (None, None) => IllegalReason::CannotMoveThatWay,
        }
    }

    /// A move in UCI, castling written in the game's castling mode.
    pub fn uci(&self, mv: Move) -> UciMove {
        UciMove::from_move(mv, self.mode)
    }

    /// The SAN of a move in the current position, with its check or mate sign.
    pub fn san(&self, mv: Move) -> String {
        SanPlus::from_move(self.current.clone(), mv).to_string()
    }

    /// How many times the position now has appeared, now included, by the identity of FIDE
    /// 9.2.2 (same player to move, same pieces on the same squares, same castling rights and
    /// en passant possibilities). Counting stops at the last irreversible move.
    pub fn repetitions(&self) -> usize {
        occurrences(&self.current, self.history())
    }

    /// How many times the position would have appeared if `mv` were played (the intended move of
    /// FIDE 9.2.1). An illegal move gives 0.
    pub fn repetitions_after(&self, mv: Move) -> usize {
        if !self.current.is_legal(mv) {
            return 0;
        }
        let mut after = self.current.clone();
        after.play_unchecked(mv);
        occurrences(&after, self.history().chain([(&self.current, mv)]))
    }

    fn history(&self) -> impl DoubleEndedIterator<Item = (&Chess, Move)> {
        self.plies.iter().map(|ply| (&ply.before, ply.mv))
    }

    /// Half-moves since the last capture or pawn move (the FEN's counter included; FIDE 9.3).
    pub fn halfmoves(&self) -> u32 {
        self.current.halfmoves()
    }

    /// The same count if `mv` were played. An illegal move gives 0.
    pub fn halfmoves_after(&self, mv: Move) -> u32 {
        if !self.current.is_legal(mv) {
            return 0;
        }
        let mut after = self.current.clone();
        after.play_unchecked(mv);
        after.halfmoves()
    }

    /// FIDE 9.2.1: a claim by the player having the move is correct if the position has just
    /// appeared for at least the third time (9.2.1.2), or would with the intended move (9.2.1.1).
    pub fn can_claim_threefold(&self, intended: Option<Move>) -> bool {
        self.repetitions() >= 3 || intended.is_some_and(|mv| self.repetitions_after(mv) >= 3)
    }

    /// FIDE 9.3: a claim is correct if the last 50 moves of each player had no pawn move and no
    /// capture (9.3.2), or would with the intended move (9.3.1).
    pub fn can_claim_fifty(&self, intended: Option<Move>) -> bool {
        self.halfmoves() >= FIFTY_MOVES_PLIES
            || intended.is_some_and(|mv| self.halfmoves_after(mv) >= FIFTY_MOVES_PLIES)
    }

    /// How the game has ended without a claim, if it has: checkmate (5.1.1), stalemate (5.2.1),
    /// fivefold repetition (9.6.1), or 75 moves each (9.6.2; a mate on the last move wins).
    /// Dead positions (5.2.2) are not decided here.
    pub fn auto_end(&self) -> Option<AutoEnd> {
        let pos = &self.current;
        if pos.is_checkmate() {
            Some(AutoEnd::Checkmate)
        } else if pos.is_stalemate() {
            Some(AutoEnd::Stalemate)
        } else if self.repetitions() >= 5 {
            Some(AutoEnd::FivefoldRepetition)
        } else if self.halfmoves() >= SEVENTY_FIVE_MOVES_PLIES {
            Some(AutoEnd::SeventyFiveMoves)
        } else {
            None
        }
    }

    /// The legal castling move on `side`, if any (FIDE 3.8.2, Guideline II.3).
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        self.current.castling_moves(side).first().copied()
    }
}

/// How often `target` occurs among the positions before each move of `history` and itself,
/// scanning back until an irreversible move (pawn move, capture, castling rights or en passant
/// lost): no position before it can equal one after it.
fn occurrences<'a>(target: &Chess, history: impl DoubleEndedIterator<Item = (&'a Chess, Move)>) -> usize {
    let mut count = 1;
    for (before, mv) in history.rev() {
        if before.is_irreversible(mv) {
            break;
        }
        if before == target {
            count += 1;
        }
    }
    count
}

/// The legal moves of `pos`, never taking a king: after an illegal move that stood (A.4.2) the
/// player to move may face a king left in check, which is not his to take.
pub(crate) fn legal_moves(pos: &Chess) -> shakmaty::MoveList {
    let mut moves = pos.legal_moves();
    moves.retain(|m| m.capture() != Some(Role::King));
    moves
}
