//! Review mode: a finished game (or any game read from PGN) stepped through move by move. Each
//! step announces the move as it was announced in play, with the mover's clock from `[%clk]`;
//! `go 23`, `go 23 black` jump; `time`, `moves` and the board questions (`board`, `square e4`,
//! `where knight`) answer for the position reviewed.
//!
//! Like [`App`](crate::App), a [`Review`] does no I/O: lines in, [`Out`] values out.

use std::time::Duration;

use shakmaty::{Chess, Color, Position};

use crate::keys;
use crate::training::coach::Coach;
use crate::training::DEFAULT_NODES;
use crate::Out;
use anna_core::command::{Command, Name};
use anna_core::explore;
use anna_core::message::{Arg, Played, Priority, Sentence, Utterance, Words};
use anna_core::pgn::ImportedGame;
use anna_core::scoresheet::Scoresheet;
use anna_language::announce::{self, fill};
use anna_language::parse::fold;
use anna_language::{commands, Voice};

/// The commands of the review, by their names in `[review.words]`.
const STEPS: [&str; 5] = ["next", "back", "first", "end", "go"];

pub struct Review {
    game: ImportedGame,
    voice: Voice,
    /// The engine's knowledge of the game: `analyse`, `eval`, `best`, `line`, `mistakes`, `learn`.
    coach: Coach,
    /// How many moves are played in the position reviewed (0: the start position).
    at: usize,
}

impl Review {
    pub fn new(game: ImportedGame, voice: Voice) -> Review {
        let coach = Coach::new(&game.game, DEFAULT_NODES).reviewing();
        Review { game, voice, coach, at: 0 }
    }

    pub fn voice(&self) -> &Voice {
        &self.voice
    }

    /// How many moves are played in the position reviewed.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The greeting: who played, how many moves, the result, and the commands.
    pub fn start(&self) -> Vec<Out> {
        let name = |tag: &str, side: Color| {
            self.game.tag(tag).map_or_else(|| announce::side(side, &self.voice.vocab), str::to_string)
        };
        let result = self.game.ending.as_ref().map_or("*", |e| e.result());
        let words = fill(
            self.word("review.intro"),
            &[
                ("white", name("White", Color::White)),
                ("black", name("Black", Color::Black)),
                ("moves", announce::counted(self.move_count(), "moves", &self.voice.vocab)),
                ("result", result.to_string()),
            ],
        );
        vec![say(words)]
    }

    /// One line typed or heard.
    pub fn line(&mut self, text: &str) -> Vec<Out> {
        let text = text.trim();
        if text.is_empty() {
            return self.step("next", "");
        }
        if let Some(out) = self.coach.line(text, &self.voice.vocab) {
            return out;
        }
        if let Some((name, rest)) = self.review_command(text) {
            return self.step(name, rest);
        }
        // Everything else by the one way in, as in a game.
        match commands::command(text, &self.voice.vocab) {
            Ok(Command::Request(Name::Next, _)) => self.step("next", ""),
            Ok(Command::Request(name, _)) if name.is_training() => self.coach.command(name, self.at),
            Ok(Command::Request(Name::Quit, _)) => vec![Out::Quit],
            Ok(Command::Request(Name::Help, rest)) if rest.is_empty() => vec![
                say(self.word("review.help").to_string()),
                Out::Say(Words::line("training.review_help"), Priority::Info),
            ],
            Ok(Command::Time | Command::TimeOf(_)) => vec![self.time()],
            Ok(Command::Moves | Command::MovesFrom(_)) => vec![self.moves()],
            Ok(Command::Repeat | Command::Last) => vec![say(self.announce())],
            Ok(Command::Explore(query)) => {
                let answer = explore::answer(&self.position(), query);
                vec![say(self.voice.render(&explore::utterance(answer)))]
            }
            _ => vec![say(fill(self.word("review.unknown"), &[("text", text.to_string())]))],
        }
    }

    /// The position reviewed as the board view shows it (an exercise's position while one waits).
    pub fn view(&self) -> crate::view::GameView {
        let mut game = self.game.game.clone();
        while game.plies().len() > self.at {
            game.undo();
        }
        if let Some(position) = self.coach.exercise() {
            game = anna_core::rules::Game::from_position(position.clone(), game.castling_mode());
        }
        crate::view::of_game(&self.voice, &game, None)
    }

    /// A move made on the board view: an exercise's answer.
    pub fn command(&mut self, command: Command) -> Vec<Out> {
        let Command::Move(spec) = command else { return Vec::new() };
        self.coach.move_made(&spec).unwrap_or_default()
    }

    /// The analysing engine's answer.
    pub fn evaluated(
        &mut self,
        id: u64,
        result: Result<anna_core::analysis::Evaluation, anna_core::opponent::EngineFailure>,
    ) -> Vec<Out> {
        self.coach.evaluated(id, result)
    }

    fn step(&mut self, name: &str, rest: &str) -> Vec<Out> {
        let len = self.game.moves.len();
        match name {
            "next" if self.at == len => return vec![say(self.end_words())],
            "next" => self.at += 1,
            "back" if self.at == 0 => return vec![say(self.word("review.at_start").to_string())],
            "back" => self.at -= 1,
            "first" => self.at = 0,
            "end" => self.at = len,
            _ => return vec![self.go(rest)],
        }
        vec![say(self.announce())]
    }

    /// `go 23` (White's move 23, or Black's when the game began with Black) or `go 23 black`.
    fn go(&mut self, rest: &str) -> Out {
        let mut words = rest.split_whitespace();
        let Some(number) = words.next().and_then(|w| w.trim_end_matches('.').parse::<u32>().ok()) else {
            return say(self.word("review.help").to_string());
        };
        let side = words.next().and_then(|w| self.colour(w));
        let plies = self.game.game.plies();
        let found = plies
            .iter()
            .position(|p| p.before.fullmoves().get() == number && side.is_none_or(|s| p.before.turn() == s));
        match found {
            Some(index) => {
                self.at = index + 1;
                say(self.announce())
            }
            None => {
                let side = announce::side(side.unwrap_or(Color::White), &self.voice.vocab);
                say(fill(self.word("review.no_move"), &[("n", number.to_string()), ("side", side)]))
            }
        }
    }

    /// The move that led to the position reviewed, with the mover's clock, and the end if it is the last.
    pub fn announce(&self) -> String {
        if self.at == 0 {
            let side = announce::side(self.game.game.start().turn(), &self.voice.vocab);
            return fill(self.word("review.start"), &[("side", side)]);
        }
        let ply = &self.game.game.plies()[self.at - 1];
        let side = ply.before.turn();
        let played = Played { san: ply.san, mv: ply.mv };
        let moved = self.voice.render(
            &Utterance::new(Priority::Move, Sentence::Moved)
                .arg("side", Arg::Side(side))
                .arg("move", Arg::Move(played)),
        );
        let mut words =
            fill(self.word("review.move"), &[("n", ply.before.fullmoves().get().to_string()), ("moved", moved)]);
        if let Some(clock) = self.game.moves.get(self.at - 1).and_then(|m| m.clock) {
            words.push(' ');
            let key = announce::agreeing("review.clock", announce::leading_count(clock), &self.voice.vocab);
            words.push_str(&fill(self.word(&key), &[("time", self.time_words(clock))]));
        }
        if self.at == self.game.moves.len() {
            words.push(' ');
            words.push_str(&self.end_words());
        }
        words
    }

    /// How the game ended, said after its last move.
    fn end_words(&self) -> String {
        let ending = self.game.ending.as_ref();
        match (ending.and_then(|e| e.outcome()), ending) {
            (Some(outcome), _) => {
                fill(self.word("review.at_end"), &[("outcome", announce::outcome(outcome, &self.voice.vocab))])
            }
            (None, Some(ending)) => {
                let result = fill(self.word("review.result"), &[("result", ending.result().to_string())]);
                fill(self.word("review.at_end"), &[("outcome", result)])
            }
            (None, None) => self.word("review.end_unfinished").to_string(),
        }
    }

    /// Both clocks as they stood after the move reviewed: each side's last `[%clk]` so far, and
    /// when that is not from its last move (a PGN that stopped writing clocks), after which move.
    fn time(&self) -> Out {
        let first = self.game.game.start().turn();
        // For each side: its last move so far, and its last clock reading with that move's index.
        let mut last: [Option<usize>; 2] = [None, None];
        let mut clocks: [Option<(Duration, usize)>; 2] = [None, None];
        for (i, m) in self.game.moves[..self.at].iter().enumerate() {
            let side = usize::from((if i.is_multiple_of(2) { first } else { !first }) == Color::Black);
            last[side] = Some(i);
            if let Some(clock) = m.clock {
                clocks[side] = Some((clock, i));
            }
        }
        let move_number = |i: usize| self.game.game.plies().get(i).map_or(0, |p| p.before.fullmoves().get());
        let number = move_number(self.at.wrapping_sub(1));
        let stale = |side: usize| clocks[side].is_some_and(|(_, i)| Some(i) != last[side]);
        let words = match clocks {
            [Some((white, _)), Some((black, _))] if !stale(0) && !stale(1) => fill(
                self.word("review.time"),
                &[("n", number.to_string()), ("white", self.time_words(white)), ("black", self.time_words(black))],
            ),
            [Some((white, wi)), Some((black, bi))] => fill(
                self.word("review.time_from"),
                &[
                    ("white", self.time_words(white)),
                    ("wn", move_number(wi).to_string()),
                    ("black", self.time_words(black)),
                    ("bn", move_number(bi).to_string()),
                ],
            ),
            [None, None] => self.word("review.no_clock").to_string(),
            [white, black] => {
                let (side, (time, i)) = match (white, black) {
                    (Some(reading), _) => (Color::White, reading),
                    (None, reading) => (Color::Black, reading.unwrap_or_default()),
                };
                let side_words = announce::side(side, &self.voice.vocab);
                fill(
                    self.word("review.clock_from"),
                    &[("side", side_words), ("time", self.time_words(time)), ("n", move_number(i).to_string())],
                )
            }
        };
        say(words)
    }

    /// The whole scoresheet read back.
    fn moves(&self) -> Out {
        let list = Scoresheet::default().move_pairs(&self.game.game);
        let utterance = if list.is_empty() {
            Utterance::new(Priority::Info, Sentence::NoMoves)
        } else {
            Utterance::new(Priority::Info, Sentence::Moves).arg("text", Arg::MoveList(list))
        };
        say(self.voice.render(&utterance))
    }

    /// The position reviewed.
    pub fn position(&self) -> Chess {
        match self.at {
            0 => self.game.game.start().clone(),
            at => self.game.game.plies()[at - 1].after(),
        }
    }

    /// A review command at the start of `text` (the longest phrase wins), in the voice's language
    /// or in English, and the rest of the text.
    fn review_command<'t>(&self, text: &'t str) -> Option<(&'static str, &'t str)> {
        keys::table_word(text, &self.voice.vocab, "review.words", &STEPS)
    }

    /// A colour word (`black`, `schwarz`, `b`).
    fn colour(&self, word: &str) -> Option<Color> {
        let folded = fold(word);
        for side in [Color::White, Color::Black] {
            if self.voice.vocab.colours.get(side).iter().any(|w| fold(w) == folded) {
                return Some(side);
            }
        }
        commands::color(word)
    }

    fn move_count(&self) -> u64 {
        self.game.game.plies().last().map_or(0, |p| {
            let first = self.game.game.start().fullmoves().get();
            u64::from(p.before.fullmoves().get() - first + 1)
        })
    }

    fn time_words(&self, time: Duration) -> String {
        announce::time_words(time, &self.voice.vocab)
    }

    fn word<'a>(&'a self, key: &'a str) -> &'a str {
        self.voice.vocab.word(key)
    }
}

/// Review speaks one language, its voice's, and makes its composite answers whole.
fn say(words: String) -> Out {
    Out::Say(Words::Text(words), Priority::Info)
}

#[cfg(test)]
mod tests;
