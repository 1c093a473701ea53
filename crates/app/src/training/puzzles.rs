//! Puzzles in lichess's format (its public puzzle database, `lichess_db_puzzle.csv`): a position,
//! the opponent's move that sets the puzzle, and the solution the player finds move by move. Lines
//! typed or heard come in, [`Out`]s go out, as in a game; the file is read by the adapter.
//!
//! A move is right when it is the solution's, or when it mates (lichess counts any mate). A wrong
//! move is said wrong and may be tried again; `solution` says the move and plays it; `next` passes
//! the puzzle by. The board questions (`pieces`, `where knight`, `square e4`) answer for the
//! position on the board. At the end: how many were solved at the first try.

use shakmaty::uci::UciMove;
use shakmaty::{Move, Position};

use crate::Out;
use anna_core::command::{Command, Name};
use anna_core::message::{Arg, Played, Priority, Words};
use anna_core::rules::Game;
use anna_language::Voice;

/// One puzzle as lichess publishes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    /// The position before the opponent's move.
    pub fen: String,
    /// The opponent's move, then the solution: the player's moves and the opponent's answers, in UCI.
    pub moves: Vec<String>,
    pub rating: u32,
    pub themes: Vec<String>,
}

/// The columns of lichess's puzzle file, in its order: `PuzzleId,FEN,Moves,Rating,RatingDeviation,
/// Popularity,NbPlays,Themes,GameUrl,OpeningTags`.
pub const COLUMNS: [&str; 10] = [
    "PuzzleId",
    "FEN",
    "Moves",
    "Rating",
    "RatingDeviation",
    "Popularity",
    "NbPlays",
    "Themes",
    "GameUrl",
    "OpeningTags",
];

impl Puzzle {
    /// A record of the file, its fields in [`COLUMNS`] order; `None` when it is not a puzzle (the
    /// header, a broken line: too few fields, a FEN or a move that cannot be played).
    pub fn from_fields(fields: &[&str]) -> Option<Puzzle> {
        let [id, fen, moves, rating, _, _, _, themes, ..] = fields else { return None };
        let puzzle = Puzzle {
            id: id.trim().to_string(),
            fen: fen.trim().to_string(),
            moves: moves.split_whitespace().map(str::to_string).collect(),
            rating: rating.trim().parse().ok()?,
            themes: themes.split_whitespace().map(str::to_string).collect(),
        };
        // The opponent's move and at least one of the player's, all of them legal.
        (puzzle.moves.len() >= 2 && puzzle.replay().is_some()).then_some(puzzle)
    }

    /// The game after every move of the solution, if each is legal.
    fn replay(&self) -> Option<Game> {
        let mut game = Game::from_fen(&self.fen).ok()?;
        for text in &self.moves {
            let mv = game.resolve_uci(&UciMove::from_ascii(text.as_bytes()).ok()?).ok()?;
            game.play(mv).ok()?;
        }
        Some(game)
    }

    /// Whether the solution ends in mate.
    fn mates(&self) -> bool {
        self.replay().is_some_and(|g| g.position().is_checkmate())
    }
}

/// Which puzzles are set: a rating range and a theme (`--rating 1200-1600 --theme fork`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub rating: Option<(u32, u32)>,
    pub theme: Option<String>,
}

impl Filter {
    pub fn admits(&self, puzzle: &Puzzle) -> bool {
        self.rating.is_none_or(|(low, high)| (low..=high).contains(&puzzle.rating))
            && self.theme.as_ref().is_none_or(|theme| puzzle.themes.iter().any(|t| t.eq_ignore_ascii_case(theme)))
    }

    /// `1200-1600` (or one rating, `1500`).
    pub fn rating_range(text: &str) -> Option<(u32, u32)> {
        let (low, high) = text.split_once('-').unwrap_or((text, text));
        let (low, high) = (low.trim().parse().ok()?, high.trim().parse().ok()?);
        (low <= high).then_some((low, high))
    }
}

/// A round of puzzles.
pub struct Trainer {
    puzzles: Vec<Puzzle>,
    voice: Voice,
    /// The puzzle set now.
    at: usize,
    game: Game,
    /// The index in the puzzle's moves of the player's next move.
    step: usize,
    /// A wrong move or the solution asked for in this puzzle.
    missed: bool,
    solved_first: u32,
    finished: bool,
}

impl Trainer {
    /// A round of `puzzles`, said in `voice`. Every puzzle is one [`Puzzle::from_fields`] accepted.
    pub fn new(puzzles: Vec<Puzzle>, voice: Voice) -> Trainer {
        Trainer { puzzles, voice, at: 0, game: Game::new(), step: 1, missed: false, solved_first: 0, finished: false }
    }

    /// The first puzzle.
    pub fn start(&mut self) -> Vec<Out> {
        self.set(0)
    }

    pub fn voice(&self) -> &Voice {
        &self.voice
    }

    /// The position on the board.
    pub fn position(&self) -> &shakmaty::Chess {
        self.game.position()
    }

    /// One line typed or heard.
    pub fn line(&mut self, text: &str) -> Vec<Out> {
        let text = text.trim();
        if self.finished {
            return vec![Out::Quit];
        }
        // The puzzle's own commands by the one way in; "weiter", "dalej", "naprej" are also the
        // words that resume a game's clocks, which here means the next puzzle.
        match anna_language::commands::command(text, &self.voice.vocab) {
            Ok(Command::Request(Name::Solution, _)) => return self.solution(),
            Ok(Command::Request(Name::Next, _) | Command::Resume) => return self.next(),
            Ok(Command::Request(Name::Quit, _)) => {
                let mut outs = self.summary();
                outs.push(Out::Quit);
                return outs;
            }
            Ok(Command::Request(Name::Help, _)) => return vec![say(Words::line("training.puzzle_help"))],
            Ok(Command::Repeat | Command::Last) => return vec![say(self.task())],
            _ => {}
        }
        match super::answer(&self.game, text, &self.voice.vocab) {
            super::Answer::Move(mv) => self.try_move(mv),
            super::Answer::Said(outs) => outs,
            super::Answer::Other => self.unknown(text),
        }
    }

    fn unknown(&self, text: &str) -> Vec<Out> {
        vec![say(Words::line("training.puzzle_unknown").arg("text", Arg::Text(text.to_string())))]
    }

    /// Sets puzzle `at`: the opponent's move is played and said, and the task.
    fn set(&mut self, at: usize) -> Vec<Out> {
        self.at = at;
        let Some(puzzle) = self.puzzles.get(at) else {
            self.finished = true;
            let mut outs = self.summary();
            outs.push(Out::Quit);
            return outs;
        };
        let (Ok(game), Some(first)) = (Game::from_fen(&puzzle.fen), puzzle.moves.first()) else {
            return self.set(at + 1);
        };
        self.game = game;
        self.step = 1;
        self.missed = false;
        let Some(mv) = self.uci(first) else { return self.set(at + 1) };
        let _ = self.game.play(mv);
        vec![say(self.task())]
    }

    /// "Puzzle 2 of 5, rated 1500. The opponent's move: Knight f6. White to move: find the best move."
    fn task(&self) -> Words {
        let puzzle = &self.puzzles[self.at];
        let last = self.game.plies().last().map(|p| Played { san: p.san, mv: p.mv });
        let mut words = Words::line("training.puzzle_start")
            .arg("n", Arg::Number(self.at as u32 + 1))
            .arg("total", Arg::Number(self.puzzles.len() as u32))
            .arg("rating", Arg::Number(puzzle.rating))
            .arg("side", Arg::Side(self.game.turn()));
        if let Some(last) = last {
            words = words.arg("move", Arg::Move(last));
        }
        words
    }

    fn uci(&self, text: &str) -> Option<Move> {
        self.game.resolve_uci(&UciMove::from_ascii(text.as_bytes()).ok()?).ok()
    }

    fn try_move(&mut self, mv: Move) -> Vec<Out> {
        let puzzle = &self.puzzles[self.at];
        let expected = puzzle.moves.get(self.step).and_then(|text| self.uci(text));
        let mut after = self.game.clone();
        let mates = after.play(mv).is_ok() && after.position().is_checkmate();
        let played = Played::new(self.game.position(), mv);
        if Some(mv) != expected && !(mates && puzzle.mates()) {
            self.missed = true;
            return vec![say(Words::line("training.puzzle_wrong").arg("move", Arg::Move(played)))];
        }
        let mut outs = vec![say(Words::line("training.puzzle_right").arg("move", Arg::Move(played)))];
        outs.extend(self.advance(mv, mates));
        outs
    }

    /// Plays the player's right move `mv` and the opponent's answer; the next puzzle when this one
    /// is solved.
    fn advance(&mut self, mv: Move, mates: bool) -> Vec<Out> {
        let _ = self.game.play(mv);
        let moves = self.puzzles[self.at].moves.clone();
        let answer = moves.get(self.step + 1).and_then(|text| self.uci(text));
        match answer.filter(|_| !mates) {
            Some(answer) => {
                let played = Played::new(self.game.position(), answer);
                let _ = self.game.play(answer);
                self.step += 2;
                vec![say(Words::line("training.puzzle_reply").arg("move", Arg::Move(played)))]
            }
            None => {
                if !self.missed {
                    self.solved_first += 1;
                }
                let solved = Out::Solved(self.puzzles[self.at].id.clone());
                let mut outs = vec![say(Words::line("training.puzzle_solved")), solved];
                outs.extend(self.set(self.at + 1));
                outs
            }
        }
    }

    /// The solution's move, said and played.
    fn solution(&mut self) -> Vec<Out> {
        let Some(mv) = self.puzzles[self.at].moves.get(self.step).and_then(|text| self.uci(text)) else {
            return self.next();
        };
        self.missed = true;
        let played = Played::new(self.game.position(), mv);
        let mut outs = vec![say(Words::line("training.puzzle_solution").arg("move", Arg::Move(played)))];
        outs.extend(self.advance(mv, false));
        outs
    }

    fn next(&mut self) -> Vec<Out> {
        self.missed = true;
        self.set(self.at + 1)
    }

    /// "2 of 3 puzzles solved at the first try."
    fn summary(&self) -> Vec<Out> {
        let total = self.puzzles.len().min(self.at + usize::from(!self.finished)) as u32;
        vec![say(Words::line("training.puzzle_summary")
            .arg("first", Arg::Number(self.solved_first))
            .arg("total", Arg::Number(total)))]
    }

    /// The puzzle as the board view shows it: the position, the moves played in it, the side to
    /// find the move at the bottom.
    pub fn view(&self) -> crate::view::GameView {
        crate::view::of_game(&self.voice, &self.game, Some(self.game.turn()))
    }

    /// A move made on the board view (Enter on the piece and on its square).
    pub fn command(&mut self, command: anna_core::command::Command) -> Vec<Out> {
        let anna_core::command::Command::Move(spec) = command else { return Vec::new() };
        match super::answer_move(&self.game, &spec) {
            super::Answer::Move(mv) => self.try_move(mv),
            super::Answer::Said(outs) => outs,
            super::Answer::Other => Vec::new(),
        }
    }
}

fn say(words: Words) -> Out {
    Out::Say(words, Priority::Info)
}

#[cfg(test)]
mod tests;
