//! Playing the computer: when it is the computer's turn the line mode asks for a move
//! ([`Out::Think`]) and plays the answer for the computer's side like any other move, said with the
//! usual words and sounds, then presses the computer's clock. The thinking happens elsewhere (an
//! engine or the built-in opponent on their own threads, `adapters::engine`); here there is no I/O,
//! so a game against the computer is tested by handing answers in.
//!
//! A draw offered to the computer is answered at once: accepted when the position is clearly bad
//! for the computer (a short search finds it two pawns or more behind), otherwise declined.

use crate::OtherSide;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Color, Position};

use super::{App, Out, Waiting};
use anna_core::bad_value::BadValue;
use anna_core::command::{Command, Input};
use anna_core::message::{Arg, Priority, Words};
use anna_core::opponent::{Clocks, EngineFailure, Opponent, Request};
use anna_core::rules::MoveSpec;
use anna_core::session::Question;

/// Which computer opponent plays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// Stockfish if it is installed, else the built-in opponent.
    #[default]
    Auto,
    /// The built-in opponent (`--engine builtin`).
    Builtin,
    /// This UCI engine.
    Path(PathBuf),
}

impl EngineChoice {
    /// The engine's name for messages: its file name (`stockfish`); empty for the built-in opponent.
    pub fn name(&self) -> String {
        match self {
            EngineChoice::Path(path) => path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            EngineChoice::Auto => "stockfish".to_string(),
            EngineChoice::Builtin => String::new(),
        }
    }
}

/// The form `--engine` takes, which [`EngineChoice::from_str`] reads back (the journal keeps it).
impl fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineChoice::Auto => f.write_str("auto"),
            EngineChoice::Builtin => f.write_str("builtin"),
            EngineChoice::Path(path) => write!(f, "{}", path.display()),
        }
    }
}

impl FromStr for EngineChoice {
    type Err = BadValue;

    fn from_str(s: &str) -> Result<EngineChoice, BadValue> {
        match s.trim() {
            "" => Err(BadValue::new(s, "engine")),
            "builtin" | "anna" => Ok(EngineChoice::Builtin),
            "auto" => Ok(EngineChoice::Auto),
            path => Ok(EngineChoice::Path(PathBuf::from(path))),
        }
    }
}

/// An answer of the computer opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The move for request `id`, in UCI as the engine wrote it.
    Move { id: u64, uci: String },
    /// The engine failed on request `id`.
    Failed { id: u64, failure: EngineFailure },
}

/// How long the computer's answer waits for the player to press after his move: long enough to
/// hear his move read back and correct a slip (D.2.8); after it, the answer completes his move
/// (6.2.2), as a sighted opponent's would.
pub const HOLD: Duration = Duration::from_secs(5);

/// The computer accepts a draw when it stands this much worse (centipawns).
pub const ACCEPT_DRAW_BELOW: i32 = -200;

/// The position a request was made for: its plies and the last of them, which a correction of the
/// player's move before the press changes (D.2.8).
type Asked = (usize, Option<shakmaty::Move>);

/// The computer's side of the conversation.
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    /// The request waiting for an answer, and the position it was asked about.
    thinking: Option<(u64, Asked)>,
    /// Its answer, come while the player's move waits for his press, and when it is played anyway.
    held: Option<(String, Duration)>,
    /// Requests made so far: the next one's id.
    requests: u64,
    /// An engine failed: the built-in opponent answers from now on.
    engine_failed: bool,
}

impl State {
    /// Whatever was asked is no longer wanted (a new game).
    pub(super) fn forget(&mut self) {
        self.thinking = None;
        self.held = None;
    }
}

impl App {
    /// The side the computer plays, if it plays.
    pub fn computer_side(&self) -> Option<Color> {
        (self.options.opponent == OtherSide::Computer).then(|| !self.user_side())
    }

    /// Whether the computer is thinking about a move.
    pub fn computer_thinking(&self) -> bool {
        self.computer.thinking.is_some()
    }

    /// The side the user plays (White unless `--player` or `flip` says otherwise).
    pub(super) fn user_side(&self) -> Color {
        self.session.config().player.unwrap_or(Color::White)
    }

    /// The computer's name in the game and its PGN: "Anna, level 3", "Stockfish, level 8" (the
    /// engine's file name; Stockfish when `auto` finds it, which the command line settles).
    pub(super) fn computer_name(&self) -> String {
        self.computer_name_of(&self.options.engine)
    }

    fn computer_name_of(&self, engine: &EngineChoice) -> String {
        let engine = match engine {
            EngineChoice::Builtin => "Anna".to_string(),
            EngineChoice::Auto => "Stockfish".to_string(),
            EngineChoice::Path(_) => {
                let name = self.options.engine.name();
                let mut chars = name.chars();
                chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or(name)
            }
        };
        let words = Words::line("line.computer_name")
            .arg("engine", Arg::Text(engine))
            .arg("level", Arg::Text(self.options.level.to_string()));
        self.voice.words(&words)
    }

    /// "You play White against the computer at level 3."
    pub(super) fn computer_ready(&self) -> Option<Out> {
        (self.options.opponent == OtherSide::Computer).then(|| {
            let words = Words::line("line.computer_ready")
                .arg("side", Arg::Side(self.user_side()))
                .arg("level", Arg::Text(self.options.level.to_string()));
            Out::Say(words, Priority::Info)
        })
    }

    /// Asks the computer for its move when it is its turn and nothing stands in the way (the game
    /// over, a question for the arbiter, the clock paused, the setup questions). The player's move
    /// need not be pressed: the computer's reply completes it (6.2.2), and the player's clock runs
    /// until then. An answer held for the press is played once he pressed or [`HOLD`] is over. A
    /// request about a position since changed (the player corrected his move) is replaced; its
    /// answer will be dropped.
    pub(super) fn think(&mut self, now: Duration) -> Vec<Out> {
        let Some(side) = self.computer_side() else { return Vec::new() };
        let asked = self.asked();
        if self.computer.thinking.as_ref().is_some_and(|(_, about)| *about == asked) {
            let pressed = self.session.awaiting_press() != Some(!side);
            let Some((uci, _)) = self.computer.held.take_if(|(_, at)| *at <= now || pressed) else { return Vec::new() };
            self.computer.thinking = None;
            return self.play_answer(side, &uci, now);
        }
        self.computer.held = None;
        if matches!(self.waiting, Some(Waiting::Setup(_))) || !self.may_move(side) {
            return Vec::new();
        }
        self.computer.requests += 1;
        let id = self.computer.requests;
        self.computer.thinking = Some((id, asked));
        let request =
            Request::new(id, self.session.game(), self.options.level, self.clocks(now), !self.computer.engine_failed);
        vec![Out::Think(request)]
    }

    /// When an answer held for the player's press is played anyway.
    pub(super) fn computer_deadline(&self) -> Option<Duration> {
        self.computer.held.as_ref().map(|(_, at)| *at)
    }

    fn asked(&self) -> Asked {
        let plies = self.session.game().plies();
        (plies.len(), plies.last().map(|ply| ply.mv))
    }

    fn may_move(&self, side: Color) -> bool {
        let session = &self.session;
        session.outcome().is_none()
            && session.question().is_none_or(|q| q == Question::DeadPosition)
            && !session.clock().is_paused()
            && session.game().turn() == side
    }

    fn clocks(&self, now: Duration) -> Option<Clocks> {
        let now = self.base.session(now);
        let clock = self.session.clock();
        let tc = clock.time_control();
        if tc.is_none() {
            return None;
        }
        let increment = |side: Color| tc.period(clock.period(side)).map(|p| p.increment).unwrap_or_default();
        Some(Clocks {
            white: clock.remaining(Color::White, now),
            black: clock.remaining(Color::Black, now),
            white_increment: increment(Color::White),
            black_increment: increment(Color::Black),
            moves_to_go: clock.moves_left_in_period(self.session.game().turn()),
        })
    }

    /// The computer's answer to request `id`: a move in UCI, played and completed for its side. An
    /// answer to an old request is dropped; a move that is not legal is the engine's failure.
    pub(super) fn engine_move(&mut self, id: u64, uci: &str, now: Duration) -> Vec<Out> {
        let mut out = self.settle_board(now);
        out.extend(self.play_engine_move(id, uci, now));
        out.extend(self.sync_board(now));
        out
    }

    fn play_engine_move(&mut self, id: u64, uci: &str, now: Duration) -> Vec<Out> {
        let Some((asked, about)) = self.computer.thinking else { return Vec::new() };
        let Some(side) = self.computer_side().filter(|_| asked == id) else { return Vec::new() };
        if about != self.asked() {
            // The player corrected his move meanwhile: the answer is to another position.
            self.computer.thinking = None;
            return self.think(now);
        }
        if self.session.awaiting_press() == Some(!side) {
            self.computer.held = Some((uci.to_string(), now + HOLD));
            return Vec::new();
        }
        self.computer.thinking = None;
        self.play_answer(side, uci, now)
    }

    fn play_answer(&mut self, side: Color, uci: &str, now: Duration) -> Vec<Out> {
        if !self.may_move(side) {
            // Paused or over meanwhile: asked again when play goes on.
            return self.think(now);
        }
        let game = self.session.game();
        let Some(mv) = uci.parse::<UciMove>().ok().and_then(|uci| game.resolve_uci(&uci).ok()) else {
            return self.fail(EngineFailure::Garbage, now);
        };
        self.play_for(side, mv, now)
    }

    /// The computer's move for `side`: made, then its clock pressed.
    pub(super) fn play_for(&mut self, side: Color, mv: shakmaty::Move, now: Duration) -> Vec<Out> {
        let mut out = self.act_as(side, Command::Move(MoveSpec::of_move(mv)), now);
        if self.session.awaiting_press() == Some(side) {
            out.extend(self.act_as(side, Command::Press, now));
        }
        out
    }

    /// The engine failed on request `id`: said in a sentence, and the built-in opponent answers.
    pub(super) fn engine_failed(&mut self, id: u64, failure: EngineFailure, now: Duration) -> Vec<Out> {
        if self.computer.thinking.as_ref().is_none_or(|(asked, _)| *asked != id) {
            return Vec::new();
        }
        self.computer.thinking = None;
        self.fail(failure, now)
    }

    fn fail(&mut self, failure: EngineFailure, now: Duration) -> Vec<Out> {
        self.computer.engine_failed = true;
        let key = match failure {
            EngineFailure::NotFound => "line.engine_not_found",
            EngineFailure::Crashed => "line.engine_crashed",
            EngineFailure::Garbage => "line.engine_garbage",
            EngineFailure::Silent => "line.engine_silent",
        };
        let words = Words::line(key).arg("engine", Arg::Text(self.options.engine.name()));
        let mut out = vec![Out::Say(words, Priority::Urgent)];
        // The PGN names who played: the engine given up, then Anna's own from this move on.
        let side = self.computer_side();
        let named = side.and_then(|side| self.session.name(side)) == Some(self.computer_name().as_str());
        if let (Some(side), true, false) = (side, named, self.options.engine == EngineChoice::Builtin) {
            let then = Words::line("line.computer_then")
                .arg("engine", Arg::Text(self.computer_name()))
                .arg("n", Arg::Number(self.session.game().position().fullmoves().get()))
                .arg("anna", Arg::Text(self.computer_name_of(&EngineChoice::Builtin)));
            out.extend(self.act(Command::Name(side, self.voice.words(&then)), now));
        }
        out.extend(self.think(now));
        out
    }

    /// A draw offered to the computer is accepted when it stands clearly worse and both sides have
    /// moved (5.2.3), otherwise declined (9.1.2.3).
    pub(super) fn answer_draw_offer(&mut self, now: Duration) -> Vec<Out> {
        let Some(side) = self.computer_side() else { return Vec::new() };
        if self.session.draw_offer() != Some(!side) || self.session.outcome().is_some() {
            return Vec::new();
        }
        let game = self.session.game();
        let moved = |c: Color| game.plies().iter().any(|p| p.before.turn() == c);
        let score = Opponent::evaluate(game);
        let ours = if game.turn() == side { score } else { -score };
        let accept = moved(Color::White) && moved(Color::Black) && ours <= ACCEPT_DRAW_BELOW;
        self.act_as(side, if accept { Command::Accept } else { Command::Decline }, now)
    }

    /// Through the journal like every other input.
    fn act_as(&mut self, side: Color, command: Command, now: Duration) -> Vec<Out> {
        self.input(Input::by(side, command), now)
    }
}

#[cfg(test)]
mod tests;
