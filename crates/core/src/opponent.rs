//! The built-in opponent: a small alpha-beta search over shakmaty, so that a game against the
//! computer works everywhere, with no engine installed.
//!
//! Pure like the rest of the core: no I/O, no threads and no wall clock. A search is bounded by a
//! node budget rather than by time, so the same position, level and seed always give the same move
//! (scenario transcripts depend on it), and a slow machine plays the same game, only later.
//!
//! Levels 1 to 8 go from a beginner (one move deep, often a random move) to club strength (five or
//! six moves deep within a budget of nodes). The weaker levels add noise to the scores and now and
//! then play a random move, as beginners do; a mate is never hidden by the noise.
//!
//! ```
//! use anna_core::opponent::{Level, Opponent};
//! use anna_core::rules::Game;
//!
//! let game = Game::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
//! let choice = Opponent::new(Level::new(3).unwrap(), 7).choose(&game).unwrap();
//! assert_eq!(game.san(choice.mv), "Ra8#");
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, Role};

use crate::bad_value::BadValue;
use crate::rules::{Game, GameError};

/// The score of a mate now; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
/// The deepest line searched, checks and captures included.
const MAX_PLY: usize = 64;

/// How strongly the built-in opponent plays, 1 (a beginner) to 8 (a club player). Engines map the
/// same levels to their own settings (`adapters::engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level allows the search.
#[derive(Clone, Copy, Debug)]
struct Params {
    /// Full moves searched before the captures (plies).
    depth: u8,
    /// Positions visited at most (deeper iterations stop at this budget).
    nodes: u64,
    /// Scores are blurred by up to this many centipawns, so weaker levels miss small differences.
    noise: i32,
    /// Chance, per thousand, of a random legal move instead of the search's choice.
    blunder: u64,
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);
    /// The level when none is chosen.
    pub const DEFAULT: Level = Level(3);

    /// The level `n`, if it is from 1 to 8.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=8).map(Level)
    }

    const fn params(self) -> Params {
        let (depth, nodes, noise, blunder) = match self.0 {
            1 => (1, 3_000, 150, 300),
            2 => (1, 6_000, 80, 150),
            3 => (2, 12_000, 40, 0),
            4 => (3, 30_000, 20, 0),
            5 => (3, 60_000, 10, 0),
            6 => (4, 120_000, 5, 0),
            7 => (5, 200_000, 0, 0),
            _ => (6, 300_000, 0, 0),
        };
        Params { depth, nodes, noise, blunder }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Level {
    type Err = BadValue;

    fn from_str(s: &str) -> Result<Level, BadValue> {
        s.trim().parse::<u8>().ok().and_then(Level::new).ok_or_else(|| BadValue::new(s, "level"))
    }
}

/// The move the opponent chose, with what the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    /// The score of the move for the side that plays it, in centipawns (mates beyond ±29000).
    pub score: i32,
    /// The depth of the last finished search (0 for a forced or random move).
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
}

/// What a computer opponent is asked to think about: the game so far and both clocks. The line
/// mode makes it; an engine on its own thread (or the built-in opponent) answers with a move in
/// UCI and the request's `id`, so a late answer to an old question is known and dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub id: u64,
    /// The start position (X-FEN castling) and whether castling follows Chess960.
    pub start_fen: String,
    pub chess960: bool,
    /// The moves since the start, in UCI (castling as king-takes-rook in Chess960).
    pub moves: Vec<String>,
    pub level: Level,
    /// The clocks now; `None` without a time control.
    pub clocks: Option<Clocks>,
    /// Whether an engine may answer; `false` once one has failed in this session: the built-in
    /// opponent answers instead.
    pub engine: bool,
}

/// The clocks as an engine needs them to plan its time (UCI `go wtime btime winc binc movestogo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub white: Duration,
    pub black: Duration,
    pub white_increment: Duration,
    pub black_increment: Duration,
    /// Moves the side to move must still make in its period, if the period has a quota.
    pub moves_to_go: Option<u32>,
}

impl Request {
    /// A request for the move in `game`.
    pub fn new(id: u64, game: &Game, level: Level, clocks: Option<Clocks>, engine: bool) -> Request {
        Request {
            id,
            start_fen: game.start_fen(),
            chess960: game.is_chess960(),
            moves: game.plies().iter().map(|ply| game.uci(ply.mv).to_string()).collect(),
            level,
            clocks,
            engine,
        }
    }

    /// Whether the game starts from the standard position with standard castling (UCI `startpos`).
    pub fn from_startpos(&self) -> bool {
        !self.chess960 && self.start_fen == Game::new().start_fen()
    }

    /// The game again, for the built-in opponent on another thread.
    pub fn game(&self) -> Result<Game, GameError> {
        let mut game = Game::from_fen(&self.start_fen)?;
        if self.chess960 && !game.is_chess960() {
            game = Game::from_position(game.start().clone(), CastlingMode::Chess960);
        }
        for text in &self.moves {
            let mv = text.parse::<UciMove>().ok().and_then(|uci| game.resolve_uci(&uci).ok());
            // The moves were written from a legal game, so each is found again.
            let Some(mv) = mv else { break };
            if game.play(mv).is_err() {
                break;
            }
        }
        Ok(game)
    }
}

/// How an engine failed; the game goes on with the built-in opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineFailure {
    /// It could not be started (not found, not executable).
    NotFound,
    /// It stopped (its output closed).
    Crashed,
    /// It did not speak UCI, or its move is not a legal one.
    Garbage,
    /// No answer in time (no `uciok`, `readyok` or `bestmove`).
    Silent,
}

/// The built-in opponent at one level, with its own random numbers.
#[derive(Clone, Debug)]
pub struct Opponent {
    level: Level,
    rng: SplitMix64,
}

impl Opponent {
    /// An opponent at `level`; the same seed gives the same moves in the same positions.
    pub fn new(level: Level, seed: u64) -> Opponent {
        Opponent { level, rng: SplitMix64(seed) }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The move to play in the game's position, or `None` when there is no legal move.
    pub fn choose(&mut self, game: &Game) -> Option<Choice> {
        let pos = game.position();
        let moves = pos.legal_moves();
        let first = *moves.first()?;
        let params = self.level.params();
        if moves.len() == 1 {
            return Some(Choice { mv: first, score: eval(pos), depth: 0, nodes: 0 });
        }
        if self.rng.below(1000) < params.blunder {
            let mv = moves[self.rng.below(moves.len() as u64) as usize];
            return Some(Choice { mv, score: eval(pos), depth: 0, nodes: 0 });
        }
        let mut search = Search::new(game, params.nodes);
        let scored = search.root(pos, &moves, params);
        let (mv, score) = self.pick(&scored.moves, params.noise);
        Some(Choice { mv, score, depth: scored.depth, nodes: search.nodes })
    }

    /// The best of the scored moves after blurring each score by up to `noise` centipawns; mates are
    /// never blurred.
    fn pick(&mut self, moves: &[(Move, i32)], noise: i32) -> (Move, i32) {
        let mut best = (moves[0].0, moves[0].1, i32::MIN);
        for &(mv, score) in moves {
            let blurred = if noise > 0 && score.abs() < MATE_BOUND {
                score + self.rng.below(2 * noise as u64 + 1) as i32 - noise
            } else {
                score
            };
            if blurred > best.2 {
                best = (mv, score, blurred);
            }
        }
        (best.0, best.1)
    }

    /// Anna's own engine as an analyst where no UCI engine is installed: the strongest level's
    /// search without noise or random moves. Its best move, and the position's score as a UCI
    /// engine reports it for the side to move: centipawns, or the moves to a mate (negative when
    /// mated). `None` when there is no legal move.
    pub fn analyse(game: &Game) -> Option<(Move, Option<i32>, Option<i32>)> {
        let pos = game.position();
        let moves = pos.legal_moves();
        let params = Params { noise: 0, blunder: 0, ..Level::MAX.params() };
        let mut search = Search::new(game, params.nodes);
        let (mv, score) = *search.root(pos, &moves, params).moves.first()?;
        if score.abs() < MATE_BOUND {
            return Some((mv, Some(score), None));
        }
        // A mate in n plies scores MATE - n: in moves, (n + 1) / 2.
        let moves = (MATE - score.abs() + 1) / 2;
        Some((mv, None, Some(if score > 0 { moves } else { -moves })))
    }

    /// How good the position is for the side to move, in centipawns, by a short search: what the
    /// opponent weighs when it is offered a draw. Mates score beyond ±29000.
    pub fn evaluate(game: &Game) -> i32 {
        let pos = game.position();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() { -MATE } else { 0 };
        }
        let params = Params { depth: 2, nodes: 20_000, noise: 0, blunder: 0 };
        let mut search = Search::new(game, params.nodes);
        search.root(pos, &moves, params).moves.first().map_or(0, |(_, score)| *score)
    }
}

/// The root moves that may be chosen with their exact scores, best first, and the depth reached.
struct Scored {
    moves: Vec<(Move, i32)>,
    depth: u8,
}

struct Search {
    nodes: u64,
    budget: u64,
    /// Set when the budget ran out during an iteration that may be abandoned.
    aborted: bool,
    may_abort: bool,
    /// Hashes of the positions since the last irreversible move in the game, then of the line
    /// being searched: a position met again scores as a draw, so the search neither walks into a
    /// repetition when winning nor misses one when losing.
    path: Vec<Zobrist64>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Quiet moves that caused cut-offs, by piece and target square.
    history: [[u32; 64]; 6],
}

impl Search {
    fn new(game: &Game, budget: u64) -> Search {
        let mut path = Vec::new();
        for ply in game.plies().iter().rev() {
            if ply.before.is_irreversible(ply.mv) {
                break;
            }
            path.push(hash(&ply.before));
        }
        path.reverse();
        Search {
            nodes: 0,
            budget,
            aborted: false,
            may_abort: false,
            path,
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 64]; 6],
        }
    }

    /// Iterative deepening at the root. Each finished depth orders the next; a depth cut short by
    /// the budget is thrown away, except the first, which always finishes.
    fn root(&mut self, pos: &Chess, moves: &[Move], params: Params) -> Scored {
        let mut order: Vec<Move> = moves.to_vec();
        order.sort_by_key(|mv| std::cmp::Reverse(self.order_score(*mv, 0)));
        let mut done = Scored { moves: order.iter().map(|mv| (*mv, 0)).collect(), depth: 0 };
        self.path.push(hash(pos));
        for depth in 1..=params.depth {
            self.may_abort = depth > 1;
            let mut scored: Vec<(Move, i32)> = Vec::with_capacity(order.len());
            let mut best = -INFINITY;
            for &mv in &order {
                // Only moves that can still come out first after the blur need an exact score.
                let floor = if best == -INFINITY { -INFINITY } else { best - 2 * params.noise - 1 };
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let score = -self.negamax(&child, i32::from(depth) - 1, -INFINITY, -floor, 1);
                if self.aborted {
                    break;
                }
                if score > floor {
                    best = best.max(score);
                    scored.push((mv, score));
                }
            }
            if self.aborted {
                break;
            }
            scored.sort_by_key(|(_, score)| std::cmp::Reverse(*score));
            let floor = best - 2 * params.noise - 1;
            // The next depth searches the best moves first, then the rest in the old order.
            let mut next: Vec<Move> = scored.iter().map(|(mv, _)| *mv).collect();
            let rest: Vec<Move> = order.iter().filter(|mv| !next.contains(mv)).copied().collect();
            next.extend(rest);
            order = next;
            scored.retain(|(_, score)| *score > floor);
            done = Scored { moves: scored, depth };
            if best.abs() >= MATE_BOUND {
                break;
            }
        }
        self.path.pop();
        done
    }

    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.may_abort && self.nodes > self.budget {
            self.aborted = true;
        }
        self.aborted
    }

    fn negamax(&mut self, pos: &Chess, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.spend() {
            return 0;
        }
        let key = hash(pos);
        // FIDE 9.2, 9.3: a repeated position or fifty moves without progress is as good as a draw.
        if self.path.contains(&key) || pos.halfmoves() >= 100 || pos.is_insufficient_material() {
            return 0;
        }
        let moves = pos.legal_moves();
        let in_check = pos.is_check();
        if moves.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { 0 };
        }
        // A check is searched one ply deeper, so that a mate behind it is seen.
        let depth = if in_check && ply < MAX_PLY / 2 { depth + 1 } else { depth };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, &moves, in_check, alpha, beta, ply);
        }
        let mut ordered: Vec<(i32, Move)> = moves.iter().map(|mv| (self.order_score(*mv, ply), *mv)).collect();
        ordered.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        self.path.push(key);
        let mut best = -INFINITY;
        for (_, mv) in ordered {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !mv.is_capture() && !mv.is_promotion() {
                    let killers = &mut self.killers[ply];
                    if killers[0] != Some(mv) {
                        killers[1] = killers[0];
                        killers[0] = Some(mv);
                    }
                    let d = depth.clamp(0, 16) as u32;
                    self.history[mv.role() as usize - 1][mv.to() as usize] += d * d;
                }
                break;
            }
        }
        self.path.pop();
        best
    }

    /// Captures and promotions only, until the position is quiet; in check, every evasion.
    fn quiesce(&mut self, pos: &Chess, moves: &[Move], in_check: bool, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let mut best = -INFINITY;
        if !in_check {
            let stand = eval(pos);
            if stand >= beta || ply >= MAX_PLY - 1 {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        let mut ordered: Vec<(i32, Move)> = moves
            .iter()
            .filter(|mv| in_check || mv.is_capture() || mv.promotion() == Some(Role::Queen))
            .map(|mv| (self.order_score(*mv, ply), *mv))
            .collect();
        ordered.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        for (_, mv) in ordered {
            if self.spend() {
                return 0;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let replies = child.legal_moves();
            let score = if replies.is_empty() {
                if child.is_check() {
                    MATE - (ply as i32 + 1)
                } else {
                    0
                }
            } else {
                let check = child.is_check();
                -self.quiesce(&child, &replies, check, -beta, -alpha, ply + 1)
            };
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Which moves to try first: captures (most valuable victim, least valuable attacker),
    /// promotions, the killers of this ply, then quiet moves by their history of cut-offs. At the
    /// root the previous depth's order comes first.
    fn order_score(&self, mv: Move, ply: usize) -> i32 {
        let mut score = 0;
        if let Some(victim) = mv.capture() {
            score += 100_000 + 10 * value(victim) - value(mv.role());
        }
        if let Some(promotion) = mv.promotion() {
            score += 90_000 + value(promotion);
        }
        if score == 0 {
            let killers = &self.killers[ply.min(MAX_PLY - 1)];
            if killers[0] == Some(mv) {
                score = 80_000;
            } else if killers[1] == Some(mv) {
                score = 79_000;
            } else {
                score = self.history[mv.role() as usize - 1][mv.to() as usize].min(70_000) as i32;
            }
        }
        score
    }
}

fn hash(pos: &Chess) -> Zobrist64 {
    pos.zobrist_hash(EnPassantMode::Legal)
}

/// A small random number generator (SplitMix64): the standard library has none, and the opponent
/// needs only a few numbers a move, the same ones for the same seed.
#[derive(Clone, Debug)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

mod eval;
use eval::{eval, value};

#[cfg(test)]
mod tests;
