//! A game's moves judged by an engine's evaluations, as lichess judges them, and what each
//! mistake allowed, in values the voice turns into words.
//!
//! The judgement is lichess's (`lila`, `modules/tree/src/main/Advice.scala`, read in 2026): a
//! move's worth is the drop in the mover's winning chances, `2 / (1 + e^(-0.00368208 * cp)) - 1`
//! with the evaluation clamped to ±1000 centipawns (`WinPercent.winningChances`); a drop of 0.3 is
//! a blunder, 0.2 a mistake, 0.1 an inaccuracy. A mate is judged apart: a move that lets the
//! opponent force mate is a blunder, a mistake if the mover stood more than 7 pawns worse before, an
//! inaccuracy beyond 10; a move that throws away a forced mate likewise by what is left.
//!
//! Pure: the evaluations come in from the engine's adapter, nothing here thinks or waits.

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position, Role};

use crate::message::{Arg, Played, Words};

pub mod pgn;

/// An engine's score of a position, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns: positive when White stands better.
    Cp(i32),
    /// `winner` mates in `moves` moves (0: the side to move is mated already).
    Mate { winner: Color, moves: u32 },
}

impl Score {
    /// The score as an engine writes it (`score cp N`, `score mate N`), which is the side to
    /// move's, turned to White's point of view.
    pub fn from_engine(turn: Color, cp: Option<i32>, mate: Option<i32>) -> Option<Score> {
        let sign = if turn == Color::White { 1 } else { -1 };
        match (mate, cp) {
            (Some(n), _) => {
                let winner = if n > 0 { turn } else { !turn };
                Some(Score::Mate { winner, moves: n.unsigned_abs() })
            }
            (None, Some(cp)) => Some(Score::Cp(cp.saturating_mul(sign))),
            (None, None) => None,
        }
    }

    /// The score for `side`: its centipawns, or `None` where a mate is forced.
    fn cp_for(self, side: Color) -> Option<i32> {
        match self {
            Score::Cp(cp) if side == Color::White => Some(cp),
            Score::Cp(cp) => Some(-cp),
            Score::Mate { .. } => None,
        }
    }

    /// The mate `side` can force (positive) or must suffer (negative), if any.
    fn mate_for(self, side: Color) -> Option<i64> {
        match self {
            Score::Mate { winner, moves } if winner == side => Some(i64::from(moves).max(1)),
            Score::Mate { moves, .. } => Some(-i64::from(moves).max(1)),
            Score::Cp(_) => None,
        }
    }

    /// The winning chances of `side`, from -1 to 1 (lichess's `winningChances`).
    pub fn chances_for(self, side: Color) -> f64 {
        match (self.cp_for(side), self.mate_for(side)) {
            (Some(cp), _) => winning_chances(cp),
            (None, Some(m)) if m > 0 => 1.0,
            _ => -1.0,
        }
    }

    /// lichess's `[%eval]` form: pawns with two decimals (`0.17`, `-1.50`), or `#3`, `#-2`.
    pub fn pgn(self) -> String {
        match self {
            Score::Cp(cp) => format!("{:.2}", f64::from(cp) / 100.0),
            Score::Mate { winner: Color::White, moves } => format!("#{moves}"),
            Score::Mate { winner: Color::Black, moves } => format!("#-{moves}"),
        }
    }
}

/// The winning chances of centipawns `cp`, from -1 to 1 (lichess, `WinPercent.winningChances`).
pub fn winning_chances(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-1000, 1000));
    2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0
}

/// What the engine found in a position: its score and its main line (legal moves from there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    pub score: Score,
    pub line: Vec<Move>,
    /// The other lines of a search of several moves at once (`searchmoves` with `MultiPV`), in the
    /// engine's order: their scores were found in the same search as this one's, so they compare
    /// without the noise between two searches. Empty for a search of one line.
    pub others: Vec<Evaluation>,
}

impl Evaluation {
    /// Anna's own engine's evaluation of the game's position ([`crate::opponent::Opponent::analyse`]):
    /// a coarse hint where no UCI engine is installed, its line the one best move.
    pub fn builtin(game: &crate::rules::Game) -> Option<Evaluation> {
        let (mv, cp, mate) = crate::opponent::Opponent::analyse(game)?;
        let score = Score::from_engine(game.position().turn(), cp, mate)?;
        Some(Evaluation { score, line: vec![mv], others: Vec::new() })
    }

    /// The engine's answer for `position`: its score as written (the side to move's) and its main
    /// line in UCI, kept as far as its moves are legal.
    pub fn from_engine(position: &Chess, cp: Option<i32>, mate: Option<i32>, pv: &[String]) -> Option<Evaluation> {
        let score = Score::from_engine(position.turn(), cp, mate)?;
        let mut line = Vec::new();
        let mut at = position.clone();
        for text in pv {
            let Some(mv) = UciMove::from_ascii(text.as_bytes()).ok().and_then(|uci| uci.to_move(&at).ok()) else {
                break;
            };
            at.play_unchecked(mv);
            line.push(mv);
        }
        Some(Evaluation { score, line, others: Vec::new() })
    }

    /// The evaluation of a position where the game is over: mated, or a draw.
    pub fn terminal(position: &Chess) -> Option<Evaluation> {
        let score = if position.is_checkmate() {
            Score::Mate { winner: !position.turn(), moves: 0 }
        } else if position.is_game_over() {
            Score::Cp(0)
        } else {
            return None;
        };
        Some(Evaluation { score, line: Vec::new(), others: Vec::new() })
    }

    /// The best move, as the engine sees it.
    pub fn best(&self) -> Option<Move> {
        self.line.first().copied()
    }

    /// The line of this search that begins with `mv`, if it is one of them.
    pub fn line_of(&self, mv: Move) -> Option<&Evaluation> {
        std::iter::once(self).chain(&self.others).find(|e| e.best() == Some(mv))
    }
}

/// How bad a move is (lichess's judgements).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The PGN glyph: `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// Its key in `grammar/` (`analysis.blunder`).
    pub fn key(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "analysis.inaccuracy",
            Judgement::Mistake => "analysis.mistake",
            Judgement::Blunder => "analysis.blunder",
        }
    }
}

/// The judgement of a move by `mover` from the score before it to the score after it, if it is one
/// (lichess's `CpAdvice`, then `MateAdvice`).
pub fn judge(mover: Color, before: Score, after: Score) -> Option<Judgement> {
    if let (Some(_), Some(_)) = (before.cp_for(mover), after.cp_for(mover)) {
        let drop = before.chances_for(mover) - after.chances_for(mover);
        return [(0.3, Judgement::Blunder), (0.2, Judgement::Mistake), (0.1, Judgement::Inaccuracy)]
            .into_iter()
            .find(|(threshold, _)| drop >= *threshold)
            .map(|(_, judgement)| judgement);
    }
    let (was, is) = (before.mate_for(mover), after.mate_for(mover));
    let created = was.is_none() && is.is_some_and(|m| m < 0);
    let lost = was.is_some_and(|m| m > 0) && is.is_none_or(|m| m < 0);
    if created {
        let cp = before.cp_for(mover).unwrap_or(0);
        return Some(if cp < -999 {
            Judgement::Inaccuracy
        } else if cp < -700 {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        });
    }
    if lost {
        let cp = after.cp_for(mover).unwrap_or(0);
        return Some(if cp > 999 {
            Judgement::Inaccuracy
        } else if cp > 700 {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        });
    }
    None
}

/// What a bad move allowed, as the engine's line after it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// The opponent now mates in so many moves.
    Mate(u32),
    /// It lets a forced mate in so many moves go.
    MissedMate(u32),
    /// It loses this piece (net, after the exchanges of the engine's line).
    Piece(Role),
    /// It loses material worth so many pawns, no one piece.
    Material(u32),
    /// Nothing to count: the position before it and after it, in words, so a win thrown away is
    /// heard as one ("before it, White is winning; after it, the game is equal").
    Position { before: Score, after: Score },
}

/// One judged move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The index of the move among the game's plies.
    pub ply: usize,
    pub judgement: Judgement,
    pub allowed: Allowed,
    /// The engine's move in its place, and its line from there.
    pub better: Option<Move>,
    pub line: Vec<Move>,
}

/// The plies the engine's line is followed to count what a move lost: the opponent's capture, the
/// recapture, and one more exchange.
const EXCHANGE_PLIES: usize = 4;

/// The judged moves of a game: `positions[i]` is the position before ply `i` and `evaluations[i]`
/// its evaluation, one more of each than `moves` (the last is after the last move). `checked` holds,
/// for the plies [`doubtful`] named, the search of the position before with the played move and the
/// engine's best side by side ([`Evaluation::others`]).
///
/// As lichess does (`Analysis.infoAdvices` judges a move only where its `Info` has a variation, that
/// is where the played move is not the engine's best), the engine's own first choice is never judged.
/// Another move is judged by the best move's score against the played move's, both from the one
/// search of the position before it where that search was made: the difference of two separate
/// searches (before the move, after it) swings by whose move it is at a small budget, and is noise.
pub fn mistakes(
    positions: &[Chess],
    moves: &[Move],
    evaluations: &[Evaluation],
    checked: &dyn Fn(usize) -> Option<Evaluation>,
) -> Vec<Mistake> {
    let mut found = Vec::new();
    for Judged { ply, mv, best, before, after, position } in judged(positions, moves, evaluations) {
        let mover = position.turn();
        let check = checked(ply);
        let side_by_side = check.as_ref().and_then(|c| Some((c.line_of(best)?, c.line_of(mv)?)));
        let (best_score, played) = match side_by_side {
            Some((best, played)) => {
                let after = Evaluation { score: played.score, line: played.line[1..].to_vec(), others: Vec::new() };
                (best.score, after)
            }
            None => (before.score, after.clone()),
        };
        let Some(judgement) = judge(mover, best_score, played.score) else { continue };
        let allowed = allowed(position, mv, mover, judgement, best_score, &played);
        found.push(Mistake { ply, judgement, allowed, better: Some(best), line: before.line.clone() });
    }
    found
}

/// The plies whose judging needs the played move and the best searched side by side: those the two
/// separate searches call an inaccuracy or worse, the engine's own choice aside. With each, the best
/// move and the played one.
pub fn doubtful(positions: &[Chess], moves: &[Move], evaluations: &[Evaluation]) -> Vec<(usize, Move, Move)> {
    judged(positions, moves, evaluations)
        .filter(|j| judge(j.position.turn(), j.before.score, j.after.score).is_some())
        .map(|j| (j.ply, j.best, j.mv))
        .collect()
}

/// A move that may be judged: not the engine's own first choice, with the evaluations before and
/// after it.
struct Judged<'a> {
    ply: usize,
    mv: Move,
    best: Move,
    before: &'a Evaluation,
    after: &'a Evaluation,
    position: &'a Chess,
}

/// The moves that may be judged, as far as the evaluations go.
fn judged<'a>(
    positions: &'a [Chess],
    moves: &'a [Move],
    evaluations: &'a [Evaluation],
) -> impl Iterator<Item = Judged<'a>> + 'a {
    moves
        .iter()
        .enumerate()
        .map_while(move |(ply, mv)| {
            let (before, after, position) = (evaluations.get(ply)?, evaluations.get(ply + 1)?, positions.get(ply)?);
            Some((ply, *mv, before, after, position))
        })
        .filter_map(|(ply, mv, before, after, position)| {
            let best = before.best().filter(|best| *best != mv)?;
            Some(Judged { ply, mv, best, before, after, position })
        })
}

/// What `mv` by `mover` allowed: a mate, a mate missed, or the material the engine's line after it
/// wins from the mover, when that material explains the `judgement`; else the position before and
/// after it in words (a pawn lost in a won position is no blunder, a queen given for a mate no
/// inaccuracy: the player hears what the engine saw).
fn allowed(
    position: &Chess,
    mv: Move,
    mover: Color,
    judgement: Judgement,
    before: Score,
    after: &Evaluation,
) -> Allowed {
    if let Score::Mate { winner, moves } = after.score {
        if winner != mover {
            return Allowed::Mate(moves);
        }
    }
    if let Score::Mate { winner, moves } = before {
        if winner == mover && !matches!(after.score, Score::Mate { winner: w, .. } if w == mover) {
            return Allowed::MissedMate(moves);
        }
    }
    let position_words = Allowed::Position { before, after: after.score };
    let start = material(position, mover);
    let mut at = position.clone();
    at.play_unchecked(mv);
    let mut lost_pieces = Vec::new();
    for reply in after.line.iter().take(EXCHANGE_PLIES) {
        if at.turn() != mover {
            if let Some(role) = reply.capture() {
                lost_pieces.push(role);
            }
        }
        at.play_unchecked(*reply);
    }
    let loss = start - material(&at, mover);
    if loss < 1 || !explains(mover, judgement, before, loss) {
        return position_words;
    }
    // The piece whose loss the balance shows (a knight for nothing, not the pawn taken on the way).
    match lost_pieces.iter().filter(|role| value(**role).abs_diff(loss) <= 1).max_by_key(|role| value(**role)) {
        Some(role) => Allowed::Piece(*role),
        None => Allowed::Material(loss.unsigned_abs()),
    }
}

/// Whether losing `loss` pawns is the `judgement`: from the position as it stood, and from an equal
/// one (so that a queen lost where the game stays won, an inaccuracy, is said by the position).
fn explains(mover: Color, judgement: Judgement, before: Score, loss: i32) -> bool {
    let toward = |cp: i32| if mover == Color::White { cp } else { -cp };
    let class = |from: i32| judge(mover, Score::Cp(toward(from)), Score::Cp(toward(from - 100 * loss)));
    let Some(from) = before.cp_for(mover) else { return false };
    class(from) == Some(judgement) && class(0) == Some(judgement)
}

/// Pawns' worth of a piece (the one table of it, `explore::value`).
fn value(role: Role) -> i32 {
    crate::explore::value(role) as i32
}

/// `side`'s material minus its opponent's, in pawns.
fn material(position: &Chess, side: Color) -> i32 {
    let board = position.board();
    let of = |color: Color| -> i32 {
        Role::ALL.iter().map(|role| value(*role) * (board.by_color(color) & board.by_role(*role)).count() as i32).sum()
    };
    of(side) - of(!side)
}

/// A mistake in words: "Move 17, Bishop takes f7, a blunder: it loses the knight. Better was
/// Knight e5." (`analysis.said`), its move said as in play.
pub fn words(mistake: &Mistake, positions: &[Chess], moves: &[Move]) -> Option<Words> {
    let position = positions.get(mistake.ply)?;
    let mv = *moves.get(mistake.ply)?;
    let number = position.fullmoves().get();
    let allowed = match mistake.allowed {
        Allowed::Mate(n) => Words::line("analysis.allows_mate").arg("n", Arg::Number(n)),
        Allowed::MissedMate(n) => Words::line("analysis.misses_mate").arg("n", Arg::Number(n)),
        Allowed::Piece(role) => Words::line(format!("analysis.loses_{}", crate::message::role_key(role))),
        Allowed::Material(pawns) => Words::line("analysis.loses_material").arg("pawns", Arg::Counted("pawns", pawns)),
        Allowed::Position { before, after } => {
            Words::line("analysis.before_after").arg("before", Arg::Score(before)).arg("after", Arg::Score(after))
        }
    };
    let mut said = Words::line(if mistake.better.is_some() { "analysis.said" } else { "analysis.said_no_better" })
        .arg("n", Arg::Number(number))
        .arg("move", Arg::Move(Played::new(position, mv)))
        .arg("judgement", Arg::Word(mistake.judgement.key().to_string()))
        .arg("allowed", Arg::Words(Box::new(allowed)));
    if let Some(better) = mistake.better {
        said = said.arg("better", Arg::Move(Played::new(position, better)));
    }
    Some(said)
}

/// The moves of `line` from `position` in SAN, as a variation is written.
pub fn sans(position: &Chess, line: &[Move]) -> Vec<SanPlus> {
    let mut at = position.clone();
    line.iter().map(|mv| SanPlus::from_move_and_play_unchecked(&mut at, *mv)).collect()
}

#[cfg(test)]
mod tests;
