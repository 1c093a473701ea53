//! Training at home: a game analysed position by position (the engine's answers come in from the
//! adapter, one at a time, so that progress is said between them), its mistakes in words, and
//! puzzles (`puzzles.rs`). Pure: nothing here starts an engine or reads a file.

use shakmaty::{Chess, Color, Move, Position};

use anna_core::analysis::{self, Evaluation, Judgement, Mistake};
use anna_core::message::{Arg, Played, Words};
use anna_core::rules::Game;

pub mod puzzles;

/// A game being analysed: its positions, and the evaluations found so far (the start first).
#[derive(Clone, Debug)]
pub struct Analysis {
    start: Chess,
    /// The position before each move, then the final one.
    positions: Vec<Chess>,
    moves: Vec<Move>,
    /// The moves in UCI, as the engine is told them.
    uci: Vec<String>,
    evaluations: Vec<Evaluation>,
}

impl Analysis {
    pub fn new(game: &Game) -> Analysis {
        let mut positions: Vec<Chess> = game.plies().iter().map(|p| p.before.clone()).collect();
        positions.push(game.position().clone());
        let moves: Vec<Move> = game.plies().iter().map(|p| p.mv).collect();
        let uci = moves.iter().map(|mv| game.uci(*mv).to_string()).collect();
        Analysis { start: game.start().clone(), positions, moves, uci, evaluations: Vec::new() }
    }

    /// The next position to evaluate: its index, the start position, the moves that reach it (UCI)
    /// and the position; `None` when every one is evaluated.
    pub fn next(&self) -> Option<(usize, &Chess, &[String], &Chess)> {
        let i = self.evaluations.len();
        let position = self.positions.get(i)?;
        Some((i, &self.start, &self.uci[..i], position))
    }

    /// Keeps the evaluation of the next position.
    pub fn add(&mut self, evaluation: Evaluation) {
        self.evaluations.push(evaluation);
    }

    pub fn is_done(&self) -> bool {
        self.evaluations.len() == self.positions.len()
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
    /// first move, whoever has it); `None` between.
    pub fn progress(&self) -> Option<Words> {
        let i = self.evaluations.len();
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
        analysis::mistakes(&self.positions, &self.moves, &self.evaluations)
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

    /// The evaluation of the position after `plies` moves, in words ("White is better, about a
    /// pawn."), if it is analysed.
    pub fn eval_words(&self, plies: usize) -> Option<Words> {
        let evaluation = self.evaluations.get(plies)?;
        Some(Words::line("training.eval").arg("eval", Arg::Score(evaluation.score)))
    }

    /// The engine's best move in the position after `plies` moves, and its line, in words.
    pub fn best_words(&self, plies: usize, line: bool) -> Option<Words> {
        let evaluation = self.evaluations.get(plies)?;
        let position = self.positions.get(plies)?;
        let Some(best) = evaluation.best() else {
            return Some(Words::line("training.no_move"));
        };
        if !line {
            return Some(Words::line("training.best").arg("move", Arg::Move(Played::new(position, best))));
        }
        let mut at = position.clone();
        let mut played = Vec::new();
        for mv in evaluation.line.iter().take(LINE_PLIES) {
            played.push(Played::new(&at, *mv));
            at.play_unchecked(*mv);
        }
        Some(Words::line("training.line").arg("moves", Arg::Played(played)))
    }
}

/// The moves of the engine's line said by `line`.
const LINE_PLIES: usize = 6;
