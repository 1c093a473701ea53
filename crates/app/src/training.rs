//! Training at home: a game analysed position by position (the engine's answers come in from the
//! adapter, one at a time, so that progress is said between them), its mistakes in words, and
//! puzzles (`puzzles.rs`). Pure: nothing here starts an engine or reads a file.

use std::collections::BTreeMap;

use shakmaty::{Chess, Color, Move, Position};

use anna_core::analysis::{self, Evaluation, Judgement, Mistake};
use anna_core::message::{Arg, Words};
use anna_core::rules::Game;

pub mod coach;
pub mod puzzles;

/// The nodes the engine searches for each position when the player does not say: about half a
/// second of Stockfish on one core of a small machine, deep enough to see a piece left hanging or
/// a mate in a few moves.
pub const DEFAULT_NODES: u64 = 300_000;

/// A position to evaluate, asked of the analysing engine ([`crate::Out::Evaluate`]): the start
/// position and the moves (UCI) that reach it, searched to `nodes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    pub id: u64,
    pub start_fen: String,
    pub moves: Vec<String>,
    pub nodes: u64,
    /// Anna's own engine may answer where no UCI engine is installed: a hint, an evaluation, the
    /// best move. Never for judging a game or an exercise's answer: its search is too shallow to
    /// call a move a blunder.
    pub coarse: bool,
    /// The moves (UCI) to search side by side, each with its line (`searchmoves` and `MultiPV`),
    /// so that their scores compare; empty for the one best line.
    pub among: Vec<String>,
}

impl Ask {
    /// The game up to the position asked about; `None` if the moves cannot be played.
    pub fn game(&self) -> Option<Game> {
        let mut game = Game::from_fen(&self.start_fen).ok()?;
        for text in &self.moves {
            let uci = shakmaty::uci::UciMove::from_ascii(text.as_bytes()).ok()?;
            let mv = game.resolve_uci(&uci).ok()?;
            game.play(mv).ok()?;
        }
        Some(game)
    }

    /// The start position and the position asked about; `None` if the moves cannot be played.
    pub fn positions(&self) -> Option<(Chess, Chess)> {
        let game = self.game()?;
        Some((game.start().clone(), game.position().clone()))
    }
}

/// A game being analysed: its positions, and the evaluations found so far (the start first); then
/// the doubtful moves searched again beside the engine's best ([`analysis::doubtful`]).
#[derive(Clone, Debug)]
pub struct Analysis {
    start: Chess,
    /// The position before each move, then the final one.
    positions: Vec<Chess>,
    moves: Vec<Move>,
    /// The moves in UCI, as the engine is told them.
    uci: Vec<String>,
    evaluations: Vec<Evaluation>,
    /// The doubtful moves searched beside the best, by ply; `None` where that search failed (the
    /// move is then judged from the two searches).
    checked: BTreeMap<usize, Option<Evaluation>>,
}

/// The next search an analysis needs: the position reached from `start` by `moves` (UCI), and the
/// moves to search side by side there (empty: the position's own best line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub start: Chess,
    pub moves: Vec<String>,
    pub position: Chess,
    pub among: Vec<String>,
}

impl Analysis {
    pub fn new(game: &Game) -> Analysis {
        let mut positions: Vec<Chess> = game.plies().iter().map(|p| p.before.clone()).collect();
        positions.push(game.position().clone());
        let moves: Vec<Move> = game.plies().iter().map(|p| p.mv).collect();
        let uci = moves.iter().map(|mv| game.uci(*mv).to_string()).collect();
        let (start, evaluations, checked) = (game.start().clone(), Vec::new(), BTreeMap::new());
        Analysis { start, positions, moves, uci, evaluations, checked }
    }

    /// The doubtful plies not yet searched again, with the best move and the played one.
    fn unchecked(&self) -> impl Iterator<Item = (usize, Move, Move)> + '_ {
        let all = self.evaluations.len() == self.positions.len();
        let doubtful =
            if all { analysis::doubtful(&self.positions, &self.moves, &self.evaluations) } else { Vec::new() };
        doubtful.into_iter().filter(|(ply, _, _)| !self.checked.contains_key(ply))
    }

    fn first_unchecked(&self) -> Option<usize> {
        let first = self.unchecked().next();
        first.map(|(ply, _, _)| ply)
    }

    /// The next search to make; `None` when the analysis is done.
    pub fn next(&self) -> Option<Step> {
        let i = self.evaluations.len();
        if let Some(position) = self.positions.get(i) {
            let (start, moves, position) = (self.start.clone(), self.uci[..i].to_vec(), position.clone());
            return Some(Step { start, moves, position, among: Vec::new() });
        }
        let (ply, best, played) = self.unchecked().next()?;
        let mode = self.start.castles().mode();
        let among = [best, played].iter().map(|mv| mv.to_uci(mode).to_string()).collect();
        let position = self.positions[ply].clone();
        Some(Step { start: self.start.clone(), moves: self.uci[..ply].to_vec(), position, among })
    }

    /// Keeps the answer to [`Analysis::next`]'s search.
    pub fn add(&mut self, evaluation: Evaluation) {
        if self.evaluations.len() < self.positions.len() {
            self.evaluations.push(evaluation);
        } else if let Some(ply) = self.first_unchecked() {
            self.checked.insert(ply, Some(evaluation));
        }
    }

    /// The search of a doubtful move failed: it is judged from the two searches it had.
    pub fn pass(&mut self) {
        if let Some(ply) = self.first_unchecked() {
            self.checked.insert(ply, None);
        }
    }

    /// Whether every position is evaluated (the doubtful moves may still wait).
    pub fn is_evaluated(&self) -> bool {
        self.evaluations.len() == self.positions.len()
    }

    pub fn is_done(&self) -> bool {
        self.next().is_none()
    }

    pub fn evaluations(&self) -> &[Evaluation] {
        &self.evaluations
    }

    pub fn positions(&self) -> &[Chess] {
        &self.positions
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// "Move 12 of 40.", said as the analysis reaches White's move of a new move number (or the
    /// first move, whoever has it); "Checking 3 moves again." once, before the doubtful moves are;
    /// `None` between.
    pub fn progress(&self) -> Option<Words> {
        let i = self.evaluations.len();
        if self.is_evaluated() {
            let doubtful = self.unchecked().count() as u32;
            let first = self.checked.is_empty() && doubtful > 0;
            return first.then(|| Words::line("training.checking").arg("moves", Arg::Counted("moves", doubtful)));
        }
        let position = self.positions.get(i).filter(|_| i < self.moves.len())?;
        if i > 0 && position.turn() == Color::Black {
            return None;
        }
        let last = self.positions[self.moves.len() - 1].fullmoves().get();
        Some(
            Words::line("training.progress")
                .arg("n", Arg::Number(position.fullmoves().get()))
                .arg("total", Arg::Number(last)),
        )
    }

    /// The judged moves, of both sides, as far as the analysis has come.
    pub fn mistakes(&self) -> Vec<Mistake> {
        analysis::mistakes(&self.positions, &self.moves, &self.evaluations, &|ply| {
            self.checked.get(&ply).cloned().flatten()
        })
    }

    /// The mover of ply `ply`.
    pub fn mover(&self, ply: usize) -> Color {
        self.positions[ply].turn()
    }

    /// What is said at the end: for each side asked (`None`: both), how many mistakes, then each of
    /// them in words with its move, what it allowed and the better move.
    pub fn summary(&self, side: Option<Color>) -> Vec<Words> {
        let mistakes = self.mistakes();
        let mut said = Vec::new();
        for color in [Color::White, Color::Black].into_iter().filter(|c| side.is_none_or(|s| s == *c)) {
            let of_side: Vec<&Mistake> = mistakes.iter().filter(|m| self.mover(m.ply) == color).collect();
            let count = |judgement: Judgement| of_side.iter().filter(|m| m.judgement == judgement).count() as u32;
            said.push(
                Words::line("training.summary")
                    .arg("side", Arg::Side(color))
                    .arg("blunders", Arg::Counted("blunders", count(Judgement::Blunder)))
                    .arg("mistakes", Arg::Counted("mistakes", count(Judgement::Mistake)))
                    .arg("inaccuracies", Arg::Counted("inaccuracies", count(Judgement::Inaccuracy))),
            );
            said.extend(of_side.iter().filter_map(|m| analysis::words(m, &self.positions, &self.moves)));
        }
        said
    }
}

/// What a line means in a position set to the player (a puzzle, an exercise).
pub enum Answer {
    /// A legal move.
    Move(Move),
    /// Said at once: why the move cannot be played, which of several is meant, a board question's
    /// answer.
    Said(Vec<crate::Out>),
    /// Not a move nor a board question.
    Other,
}

/// Reads `text` in `game`'s position: a move (or why not), or a board question answered there.
pub fn answer(game: &Game, text: &str, vocab: &anna_language::Vocabulary) -> Answer {
    use anna_core::command::Command;
    use anna_core::message::Priority;
    match anna_language::commands::command(text, vocab) {
        Ok(Command::Move(spec)) => answer_move(game, &spec),
        Ok(Command::Explore(query)) => {
            let answer = anna_core::explore::answer_in(game, query);
            let words = Words::Sentence(anna_core::explore::utterance(answer));
            Answer::Said(vec![crate::Out::Say(words, Priority::Info)])
        }
        _ => Answer::Other,
    }
}

/// A move named in `game`'s position (typed, said, or made on the board view): the move, or why it
/// cannot be played, or which of several is meant.
pub fn answer_move(game: &Game, spec: &anna_core::rules::MoveSpec) -> Answer {
    use anna_core::message::{Played, Priority};
    use anna_core::rules::MoveError;
    let said = |words: Words| Answer::Said(vec![crate::Out::Say(words, Priority::Info)]);
    match game.resolve_spec(spec) {
        Ok(mv) => Answer::Move(mv),
        Err(MoveError::Illegal(reason)) => {
            said(Words::line("training.puzzle_illegal").arg("reason", Arg::Illegal(reason)))
        }
        Err(MoveError::Ambiguous(moves)) => {
            let options = moves.into_iter().map(|mv| Played::new(game.position(), mv)).collect();
            said(Words::line("training.puzzle_which").arg("moves", Arg::MoveOptions(options)))
        }
        Err(MoveError::NotUnderstood) => Answer::Other,
    }
}
