//! The engine's knowledge of one game, asked for in words: `analyse` (the whole game, progress said
//! as it goes, then the mistakes), `eval`, `best` and `line` for a position, `mistakes`, and `learn`
//! (each mistake becomes an exercise: "Find a better move for White"). Review and a home game both
//! hold one. Pure: it asks positions of the engine ([`Out::Evaluate`]) and is handed the answers.

use std::collections::HashMap;

use shakmaty::{Color, Move, Position};

use super::{Analysis, Ask};
use crate::Out;
use anna_core::analysis::{self, Evaluation, Judgement, Mistake};
use anna_core::command::Name;
use anna_core::message::{Arg, Played, Priority, Words};
use anna_core::opponent::EngineFailure;
use anna_core::rules::Game;

/// Tries an exercise gives before its answer is said.
const TRIES: u32 = 2;

/// What an engine's answer is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    /// The next position of the whole game's analysis.
    Analysis,
    /// `eval`, `best` or `line` of the position after so many moves.
    Say { plies: usize, what: Said },
    /// The position after the player's answer to the exercise.
    Answer(Move),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Said {
    /// The piece the engine would move, and where it stands: the first hint.
    Piece,
    Eval,
    Best,
    Line,
}

/// The exercises made of the mistakes.
#[derive(Clone, Debug, Default)]
struct Exercises {
    list: Vec<Mistake>,
    at: usize,
    tries: u32,
    found: u32,
}

pub struct Coach {
    game: Game,
    analysis: Analysis,
    /// Positions evaluated one by one (`eval` before the analysis), by their number of moves.
    single: HashMap<usize, Evaluation>,
    waiting: HashMap<u64, Want>,
    next_id: u64,
    nodes: u64,
    exercises: Option<Exercises>,
    /// The position (by its number of moves) whose piece was given as a hint: the next hint there
    /// is the move.
    hinted: Option<usize>,
    /// Someone else's game reviewed: a hint names the side to move, not "your" piece.
    reviewing: bool,
}

impl Coach {
    /// The coach of `game`, asking the engine for `nodes` nodes a position.
    pub fn new(game: &Game, nodes: u64) -> Coach {
        Coach {
            game: game.clone(),
            analysis: Analysis::new(game),
            single: HashMap::new(),
            waiting: HashMap::new(),
            next_id: 1,
            nodes,
            exercises: None,
            hinted: None,
            reviewing: false,
        }
    }

    /// The coach of a game reviewed (a PGN file's): its hints are for the side to move, whoever
    /// played it.
    pub fn reviewing(self) -> Coach {
        Coach { reviewing: true, ..self }
    }

    /// The game has a new move (a home game goes on): what was found for the old one is kept where
    /// it still holds.
    pub fn follow(&mut self, game: &Game) {
        let common = self.game.plies().iter().zip(game.plies()).take_while(|(a, b)| a.mv == b.mv).count();
        if common == self.game.plies().len() && common == game.plies().len() {
            return;
        }
        self.single.retain(|plies, _| *plies <= common);
        let done: Vec<Evaluation> = self.analysis.evaluations().iter().take(common + 1).cloned().collect();
        self.game = game.clone();
        self.analysis = Analysis::new(game);
        for evaluation in done {
            self.analysis.add(evaluation);
        }
        // Answers on their way are for positions that may be gone.
        self.waiting.clear();
    }

    /// The engine's score of `game`'s position, if it was found (and the game is the coach's).
    pub fn known(&self, game: &Game) -> Option<anna_core::analysis::Score> {
        let plies = game.plies().len();
        let same =
            plies == self.game.plies().len() && game.plies().iter().zip(self.game.plies()).all(|(a, b)| a.mv == b.mv);
        same.then(|| self.evaluation(plies).map(|e| e.score)).flatten()
    }

    /// The position of the exercise being solved, if one is.
    pub fn exercise(&self) -> Option<&shakmaty::Chess> {
        let exercises = self.exercises.as_ref()?;
        let mistake = exercises.list.get(exercises.at)?;
        self.analysis.positions().get(mistake.ply)
    }

    /// A coach's command ([`Name::is_training`]), for the position after `plies` moves; a puzzle's
    /// own (`solution`, `next`) is not the coach's.
    pub fn command(&mut self, name: Name, plies: usize) -> Vec<Out> {
        match name {
            Name::Analyse => self.analyse(),
            Name::Eval => self.say(plies, Said::Eval),
            Name::Best => self.say(plies, Said::Best),
            Name::Line => self.say(plies, Said::Line),
            Name::Mistakes => self.mistakes(),
            Name::Hint => {
                let what = if self.hinted == Some(plies) { Said::Best } else { Said::Piece };
                self.hinted = Some(plies);
                self.say(plies, what)
            }
            Name::Learn => self.learn(),
            _ => vec![Out::Say(Words::line("training.puzzles_only"), Priority::Info)],
        }
    }

    fn ask(&mut self, plies: usize, want: Want) -> Out {
        let id = self.next_id;
        self.next_id += 1;
        self.waiting.insert(id, want);
        let mut moves: Vec<String> = self.game.plies()[..plies.min(self.game.plies().len())]
            .iter()
            .map(|p| self.game.uci(p.mv).to_string())
            .collect();
        if let Want::Answer(mv) = want {
            moves.push(self.game.uci(mv).to_string());
        }
        let coarse = matches!(want, Want::Say { .. });
        let among = match want {
            // The analysis asks what it needs next: a position, or a doubtful move beside the best.
            Want::Analysis => {
                let step = self.analysis.next();
                moves = step.as_ref().map_or(moves, |s| s.moves.clone());
                step.map(|s| s.among).unwrap_or_default()
            }
            _ => Vec::new(),
        };
        Out::Evaluate(Ask { id, start_fen: self.game.start_fen(), moves, nodes: self.nodes, coarse, among })
    }

    /// The whole game, position after position; what was said is said again when it is done.
    fn analyse(&mut self) -> Vec<Out> {
        if self.analysis.is_done() {
            return self.mistakes();
        }
        if self.waiting.values().any(|w| *w == Want::Analysis) {
            return self.analysis.progress().into_iter().map(say).collect();
        }
        let mut outs: Vec<Out> = self.analysis.progress().into_iter().map(say).collect();
        outs.push(self.ask(0, Want::Analysis));
        outs
    }

    fn evaluation(&self, plies: usize) -> Option<&Evaluation> {
        self.analysis.evaluations().get(plies).or_else(|| self.single.get(&plies))
    }

    fn say(&mut self, plies: usize, what: Said) -> Vec<Out> {
        let Some(evaluation) = self.evaluation(plies) else {
            return vec![self.ask(plies, Want::Say { plies, what })];
        };
        let position = &self.analysis.positions()[plies.min(self.analysis.positions().len() - 1)];
        vec![say(match what {
            Said::Piece => match evaluation.best() {
                Some(best) => {
                    Words::line(if self.reviewing { "training.hint_piece_side" } else { "training.hint_piece" })
                        .arg("side", Arg::Side(position.turn()))
                        .arg("piece", Arg::Piece(best.role()))
                        .arg("square", Arg::Square(best.from().unwrap_or(best.to()).to_string()))
                }
                None => Words::line("training.no_move"),
            },
            Said::Eval => Words::line("training.eval").arg("eval", Arg::Score(evaluation.score)),
            Said::Best => match evaluation.best() {
                Some(best) => Words::line("training.best").arg("move", Arg::Move(Played::new(position, best))),
                None => Words::line("training.no_move"),
            },
            Said::Line => {
                let mut at = position.clone();
                let mut played = Vec::new();
                for mv in evaluation.line.iter().take(LINE_PLIES) {
                    played.push(Played::new(&at, *mv));
                    at.play_unchecked(*mv);
                }
                if played.is_empty() {
                    Words::line("training.no_move")
                } else {
                    Words::line("training.line").arg("moves", Arg::Played(played))
                }
            }
        })]
    }

    fn mistakes(&self) -> Vec<Out> {
        if !self.analysis.is_done() {
            return vec![say(Words::line("training.not_analysed"))];
        }
        self.analysis.summary(None).into_iter().map(say).collect()
    }

    /// Each blunder and mistake becomes an exercise.
    fn learn(&mut self) -> Vec<Out> {
        if !self.analysis.is_done() {
            return vec![say(Words::line("training.not_analysed"))];
        }
        let list: Vec<Mistake> = self
            .analysis
            .mistakes()
            .into_iter()
            .filter(|m| m.judgement >= Judgement::Mistake && m.better.is_some())
            .collect();
        if list.is_empty() {
            return vec![say(Words::line("training.no_exercise"))];
        }
        self.exercises = Some(Exercises { list, ..Exercises::default() });
        vec![say(self.task())]
    }

    /// "Exercise 1 of 3. Move 17: find a better move for White."
    fn task(&self) -> Words {
        let Some(exercises) = &self.exercises else { return Words::line("training.no_exercise") };
        let mistake = &exercises.list[exercises.at];
        let position = &self.analysis.positions()[mistake.ply];
        Words::line("training.exercise")
            .arg("n", Arg::Number(exercises.at as u32 + 1))
            .arg("total", Arg::Number(exercises.list.len() as u32))
            .arg("move", Arg::Number(position.fullmoves().get()))
            .arg("side", Arg::Side(position.turn()))
    }

    /// A line while an exercise waits: a move is its answer, a board question answers for its
    /// position; `None` for anything else (the program's own commands).
    pub fn line(&mut self, text: &str, vocab: &anna_language::Vocabulary) -> Option<Vec<Out>> {
        let answer = super::answer(&self.exercise_game()?, text, vocab);
        self.answered(answer)
    }

    /// A move made on the board view while an exercise waits: its answer.
    pub fn move_made(&mut self, spec: &anna_core::rules::MoveSpec) -> Option<Vec<Out>> {
        let answer = super::answer_move(&self.exercise_game()?, spec);
        self.answered(answer)
    }

    /// The exercise's position as a game, its moves read in.
    fn exercise_game(&self) -> Option<Game> {
        Some(Game::from_position(self.exercise()?.clone(), self.game.castling_mode()))
    }

    fn answered(&mut self, answer: super::Answer) -> Option<Vec<Out>> {
        match answer {
            super::Answer::Move(mv) => Some(self.answer(mv)),
            super::Answer::Said(outs) => Some(outs),
            super::Answer::Other => None,
        }
    }

    /// The player's answer to the exercise: the engine judges it.
    pub fn answer(&mut self, mv: Move) -> Vec<Out> {
        let Some(exercises) = &self.exercises else { return Vec::new() };
        let mistake = exercises.list[exercises.at].clone();
        if Some(mv) == mistake.better {
            return self.judged(mv, true);
        }
        vec![self.ask(mistake.ply, Want::Answer(mv))]
    }

    /// The engine's answer to request `id`.
    pub fn evaluated(&mut self, id: u64, result: Result<Evaluation, EngineFailure>) -> Vec<Out> {
        let Some(want) = self.waiting.remove(&id) else { return Vec::new() };
        // A doubtful move's second search that failed (an engine without MultiPV): it is judged as
        // the two searches it had judge it, and the analysis goes on.
        if want == Want::Analysis && self.analysis.is_evaluated() && result.is_err() {
            self.analysis.pass();
            return self.analysis_step();
        }
        let evaluation = match result {
            Ok(evaluation) => evaluation,
            Err(failure) => {
                let key =
                    if failure == EngineFailure::NotFound { "training.no_engine" } else { "training.engine_gone" };
                return vec![say(Words::line(key))];
            }
        };
        match want {
            Want::Analysis => {
                self.analysis.add(evaluation);
                self.analysis_step()
            }
            Want::Say { plies, what } => {
                self.single.insert(plies, evaluation);
                self.say(plies, what)
            }
            Want::Answer(mv) => {
                let Some(exercises) = &self.exercises else { return Vec::new() };
                let mistake = &exercises.list[exercises.at];
                let mover = self.analysis.mover(mistake.ply);
                let before = self.analysis.evaluations()[mistake.ply].score;
                // Right when it keeps almost all of the best move's value: no inaccuracy beside it.
                let good = analysis::judge(mover, before, evaluation.score).is_none();
                self.judged(mv, good)
            }
        }
    }

    /// The analysis's next search asked, its progress said; or, when it is done, the mistakes.
    fn analysis_step(&mut self) -> Vec<Out> {
        if self.analysis.is_done() {
            return self.mistakes();
        }
        let mut outs: Vec<Out> = self.analysis.progress().into_iter().map(say).collect();
        outs.push(self.ask(0, Want::Analysis));
        outs
    }

    fn judged(&mut self, mv: Move, good: bool) -> Vec<Out> {
        let Some(exercises) = self.exercises.as_mut() else { return Vec::new() };
        let mistake = exercises.list[exercises.at].clone();
        let position = self.analysis.positions()[mistake.ply].clone();
        let played = Played::new(&position, mv);
        let mut outs = Vec::new();
        if good {
            exercises.found += 1;
            outs.push(say(Words::line("training.exercise_right").arg("move", Arg::Move(played))));
        } else {
            exercises.tries += 1;
            if exercises.tries < TRIES {
                return vec![say(Words::line("training.exercise_wrong").arg("move", Arg::Move(played)))];
            }
            // The last try is read back too, so the player knows it was heard before the answer.
            outs.push(say(Words::line("training.exercise_wrong_last").arg("move", Arg::Move(played))));
            let better = mistake.better.map(|b| Played::new(&position, b));
            let mut answer = Words::line("training.exercise_answer");
            if let Some(better) = better {
                answer = answer.arg("move", Arg::Move(better));
            }
            outs.push(say(answer));
            outs.extend(analysis::words(&mistake, self.analysis.positions(), self.analysis.moves()).map(say));
        }
        let Some(exercises) = self.exercises.as_mut() else { return outs };
        exercises.at += 1;
        exercises.tries = 0;
        if exercises.at < exercises.list.len() {
            outs.push(say(self.task()));
        } else {
            let (found, total) = (exercises.found, exercises.list.len() as u32);
            self.exercises = None;
            outs.push(say(Words::line("training.exercise_score")
                .arg("found", Arg::Number(found))
                .arg("total", Arg::Number(total))));
        }
        outs
    }

    /// Whether an exercise waits for the player's move.
    pub fn is_exercising(&self) -> bool {
        self.exercises.is_some()
    }

    /// The side whose move the exercise asks for.
    pub fn exercise_side(&self) -> Option<Color> {
        self.exercise().map(|p| p.turn())
    }
}

/// The moves of the engine's line said by `line`.
const LINE_PLIES: usize = 6;

fn say(words: Words) -> Out {
    Out::Say(words, Priority::Info)
}

#[cfg(test)]
mod tests;
