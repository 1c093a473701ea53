//! The computer opponent at the edge: a UCI engine (Stockfish or any other) as a child process, or
//! the built-in opponent ([`anna_core::opponent`]), each thinking on its own thread and answering
//! through a callback into the runtime's one channel.
//!
//! The engine is found by `--engine PATH`, or as `stockfish` on the PATH or where Debian installs it
//! (`/usr/games/stockfish`, not on every user's PATH). It is spoken to in UCI: `uci` (its options
//! are read until `uciok`), the strength for the level (`setoption`), `isready`/`readyok`,
//! `ucinewgame` when a new game begins, `position startpos|fen ... moves ...` and
//! `go wtime btime winc binc [movestogo]` so that it plans under the game's own clock. Any failure
//! (cannot start, exits, no UCI, no `bestmove` in time) is reported as an [`EngineFailure`] and the
//! line mode carries on with the built-in opponent.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anna_core::opponent::{EngineFailure, Level, Opponent, Request};

pub use anna_app::{EngineChoice, Reply};

pub mod analyst;

/// Where replies go (the runtime wraps them into its own channel's messages).
pub type Notify = Arc<dyn Fn(Reply) + Send + Sync>;

/// Stockfish on the PATH, or where Debian puts it.
pub fn find_stockfish() -> Option<PathBuf> {
    let known = ["/usr/games/stockfish", "/usr/local/bin/stockfish", "/opt/homebrew/bin/stockfish"].map(PathBuf::from);
    which::which("stockfish").ok().or_else(|| known.into_iter().find(|path| path.is_file()))
}

/// The computer opponent of a session: the engine (if any, started on the first request) and the
/// built-in opponent for everything the engine cannot answer.
pub struct Computer {
    choice: EngineChoice,
    engine: Option<Result<Engine, EngineFailure>>,
    notify: Notify,
    /// Mixed into the built-in opponent's seed, so that games differ.
    seed: u64,
}

impl Computer {
    pub fn new(choice: EngineChoice, seed: u64, notify: Notify) -> Computer {
        Computer { choice, engine: None, notify, seed }
    }

    /// Plays with `choice` from now on (a resumed game's engine); a running engine of another
    /// choice is stopped.
    pub fn set_choice(&mut self, choice: &EngineChoice) {
        if self.choice != *choice {
            self.choice = choice.clone();
            self.engine = None;
        }
    }

    /// Asks for a move; the answer comes through the callback.
    pub fn think(&mut self, request: Request) {
        if !request.engine {
            // The app gave the engine up (it hung, crashed or answered nonsense): it is ended now,
            // with every process it started, not left running beside Anna's own opponent.
            self.engine = None;
        }
        if request.engine {
            if self.engine.is_none() {
                let path = match &self.choice {
                    EngineChoice::Path(path) => Some(path.clone()),
                    EngineChoice::Auto => find_stockfish(),
                    EngineChoice::Builtin => None,
                };
                if let Some(path) = path {
                    self.engine = Some(Engine::start(&path, self.notify.clone()));
                }
            }
            match &self.engine {
                Some(Ok(engine)) => return engine.think(request),
                Some(Err(failure)) => {
                    return (self.notify)(Reply::Failed { id: request.id, failure: *failure });
                }
                None => {}
            }
        }
        self.builtin(request);
    }

    fn builtin(&self, request: Request) {
        let notify = self.notify.clone();
        let seed = self.seed ^ request.id.wrapping_mul(0x9e37_79b9);
        std::thread::spawn(move || {
            let Ok(game) = request.game() else { return };
            if let Some(choice) = Opponent::new(request.level, seed).choose(&game) {
                notify(Reply::Move { id: request.id, uci: game.uci(choice.mv).to_string() });
            }
        });
    }
}

/// A UCI engine running as a child process, driven by one thread that reads requests and a second
/// that reads the engine's output.
pub struct Engine {
    requests: Sender<Request>,
    /// Ended with the engine.
    _process: Process,
}

impl Engine {
    /// Starts the engine at `path`; the handshake happens on its thread. A program that cannot be
    /// started is [`EngineFailure::NotFound`].
    pub fn start(path: &Path, notify: Notify) -> Result<Engine, EngineFailure> {
        let (process, stdin, lines) = Process::spawn(path)?;
        let (requests, inbox) = mpsc::channel::<Request>();
        std::thread::spawn(move || Talk::new(stdin, lines).serve(&inbox, &notify));
        Ok(Engine { requests, _process: process })
    }

    pub fn think(&self, request: Request) {
        let _ = self.requests.send(request);
    }
}

/// An engine's process: its input, and its output read line by line on a thread of its own.
pub struct Process {
    child: Child,
}

impl Process {
    /// Starts the program at `path`. A program that cannot be started is [`EngineFailure::NotFound`].
    pub fn spawn(path: &Path) -> Result<(Process, ChildStdin, Receiver<String>), EngineFailure> {
        let mut command = Command::new(path);
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        // A group of its own: an engine that is a script, or starts helpers, is ended whole.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|_| EngineFailure::NotFound)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineFailure::NotFound);
        };
        let (line_sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if line_sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok((Process { child }, stdin, lines))
    }
}

/// The engine's input belongs to the thread talking to it, which may be waiting for a `bestmove`:
/// the process is ended outright rather than asked to `quit`.
impl Drop for Process {
    fn drop(&mut self) {
        // Every process of its group, not only the one started (a wrapper script's engine too).
        #[cfg(unix)]
        if let Some(group) = i32::try_from(self.child.id()).ok().and_then(rustix::process::Pid::from_raw) {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How long the engine may take to answer `uci` and `isready`.
pub(crate) const HANDSHAKE: Duration = Duration::from_secs(10);
/// Time for the engine to answer beyond the time it was given (its process, the pipe, a slow machine).
pub(crate) const GRACE: Duration = Duration::from_secs(5);

/// One UCI option as the engine announced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciOption {
    pub kind: String,
    pub min: Option<i64>,
    pub max: Option<i64>,
}

/// The conversation with the engine, on its own thread.
pub(crate) struct Talk {
    stdin: ChildStdin,
    lines: Receiver<String>,
    options: HashMap<String, UciOption>,
    /// Set after the handshake; a failure is kept and told for every later request.
    ready: Option<Result<(), EngineFailure>>,
    level: Option<Level>,
    chess960: Option<bool>,
    /// The last position sent, to know when a new game begins.
    last: Option<(String, Vec<String>)>,
}

impl Talk {
    pub(crate) fn new(stdin: ChildStdin, lines: Receiver<String>) -> Talk {
        Talk { stdin, lines, options: HashMap::new(), ready: None, level: None, chess960: None, last: None }
    }

    fn serve(mut self, inbox: &Receiver<Request>, notify: &Notify) {
        for request in inbox {
            let id = request.id;
            let reply = match self.answer(&request) {
                Ok(uci) => Reply::Move { id, uci },
                Err(failure) => {
                    self.ready = Some(Err(failure));
                    Reply::Failed { id, failure }
                }
            };
            notify(reply);
        }
    }

    fn answer(&mut self, request: &Request) -> Result<String, EngineFailure> {
        if self.ready.is_none() {
            self.ready = Some(self.handshake());
        }
        self.ready.unwrap_or(Ok(()))?;
        if self.level != Some(request.level) {
            for (name, value) in strength_options(request.level, &self.options) {
                self.send(&format!("setoption name {name} value {value}"))?;
            }
            self.level = Some(request.level);
        }
        if self.chess960 != Some(request.chess960) && self.options.contains_key("UCI_Chess960") {
            self.send(&format!("setoption name UCI_Chess960 value {}", request.chess960))?;
            self.chess960 = Some(request.chess960);
        }
        let continues = self.last.as_ref().is_some_and(|(fen, moves)| {
            *fen == request.start_fen && request.moves.len() >= moves.len() && request.moves.starts_with(moves)
        });
        if !continues {
            self.send("ucinewgame")?;
        }
        self.send("isready")?;
        self.expect(|line| line == "readyok", HANDSHAKE)?;
        self.last = Some((request.start_fen.clone(), request.moves.clone()));
        self.send(&position_command(request))?;
        let go = go_command(request, self.options.contains_key("Skill Level") || self.limits_elo());
        self.send(&go.command)?;
        let best = match self.expect(|line| line.starts_with("bestmove"), go.think + go.patience) {
            Err(EngineFailure::Silent) => {
                // Asked to stop, an engine still owes its best move so far.
                self.send("stop")?;
                self.expect(|line| line.starts_with("bestmove"), go.patience)?
            }
            other => other?,
        };
        match best.split_whitespace().nth(1) {
            Some(mv) if mv != "(none)" && mv != "0000" => Ok(mv.to_string()),
            _ => Err(EngineFailure::Garbage),
        }
    }

    fn limits_elo(&self) -> bool {
        self.options.contains_key("UCI_LimitStrength") && self.options.contains_key("UCI_Elo")
    }

    /// `uci` ... `uciok`, reading the options on the way.
    pub(crate) fn handshake(&mut self) -> Result<(), EngineFailure> {
        self.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = self.next_line(deadline)?;
            if line.trim() == "uciok" {
                return Ok(());
            }
            if let Some((name, option)) = parse_option(&line) {
                self.options.insert(name, option);
            }
        }
    }

    pub(crate) fn send(&mut self, command: &str) -> Result<(), EngineFailure> {
        writeln!(self.stdin, "{command}").and_then(|()| self.stdin.flush()).map_err(|_| EngineFailure::Crashed)
    }

    /// The first line that fits, within `limit`; others (`info ...`) are passed over.
    pub(crate) fn expect(&mut self, fits: impl Fn(&str) -> bool, limit: Duration) -> Result<String, EngineFailure> {
        let deadline = Instant::now() + limit;
        loop {
            let line = self.next_line(deadline)?;
            if fits(line.trim()) {
                return Ok(line.trim().to_string());
            }
        }
    }

    pub(crate) fn next_line(&mut self, deadline: Instant) -> Result<String, EngineFailure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineFailure::Silent),
            Err(RecvTimeoutError::Disconnected) => Err(EngineFailure::Crashed),
        }
    }
}

/// `option name NAME type KIND [default X] [min N] [max N] ...`; names may have spaces.
pub fn parse_option(line: &str) -> Option<(String, UciOption)> {
    let rest = line.trim().strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type ")?;
    let mut words = rest.split_whitespace();
    let kind = words.next()?.to_string();
    let (mut min, mut max) = (None, None);
    while let Some(word) = words.next() {
        match word {
            "min" => min = words.next().and_then(|n| n.parse().ok()),
            "max" => max = words.next().and_then(|n| n.parse().ok()),
            _ => {}
        }
    }
    Some((name.trim().to_string(), UciOption { kind, min, max }))
}

/// Level 1 to 8 as Elo: a beginner to a club player. Stockfish calibrates its `UCI_Elo` (1320 is
/// its floor); full strength would be far above any club player.
const ELO: [i64; 8] = [1320, 1400, 1500, 1600, 1700, 1800, 1950, 2100];
/// The same levels on Stockfish's `Skill Level` scale of 0-20, for an engine without `UCI_Elo`
/// (Stockfish maps 2100 Elo to about skill 5).
const SKILL: [i64; 8] = [0, 0, 1, 1, 2, 3, 4, 5];

/// The settings that make the engine play at `level`: `UCI_LimitStrength` with `UCI_Elo` if it has
/// them, within the range it announced; else its `Skill Level`. An engine with neither plays at
/// full strength, held back only by a search depth (see [`go_command`]).
pub fn strength_options(level: Level, options: &HashMap<String, UciOption>) -> Vec<(String, String)> {
    let step = usize::from(level.get() - 1);
    if let (Some(_), Some(elo)) = (options.get("UCI_LimitStrength"), options.get("UCI_Elo")) {
        let (min, max) = (elo.min.unwrap_or(1320), elo.max.unwrap_or(3190));
        let value = ELO[step].clamp(min, max.max(min));
        return vec![("UCI_LimitStrength".to_string(), "true".to_string()), ("UCI_Elo".to_string(), value.to_string())];
    }
    if let Some(skill) = options.get("Skill Level") {
        let (min, max) = (skill.min.unwrap_or(0), skill.max.unwrap_or(20));
        let value = min + (max - min) * SKILL[step] / 20;
        return vec![("Skill Level".to_string(), value.to_string())];
    }
    Vec::new()
}

/// `position startpos|fen FEN [moves ...]`.
pub fn position_command(request: &Request) -> String {
    let mut command = if request.from_startpos() {
        "position startpos".to_string()
    } else {
        format!("position fen {}", request.start_fen)
    };
    if !request.moves.is_empty() {
        command.push_str(" moves ");
        command.push_str(&request.moves.join(" "));
    }
    command
}

/// The most a level may think for one move, whatever the clock allows: beginners answer quickly,
/// and the strongest level still answers within a quarter of a minute.
pub fn move_time_cap(level: Level) -> Duration {
    Duration::from_secs(match level.get() {
        1 | 2 => 1,
        3 | 4 => 2,
        5 | 6 => 4,
        7 => 8,
        _ => 15,
    })
}

/// What the engine is told for one move, and how long Anna waits for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Go {
    /// `go wtime btime winc binc [movestogo] movetime [depth]`.
    pub command: String,
    /// The time it is given to think (`movetime`).
    pub think: Duration,
    /// How long past that it may be late before it is asked to `stop`, and again before it is
    /// given up: never so long that its flag could fall first.
    pub patience: Duration,
}

/// Moves a game still has, for the engine's share of its clock when the control does not say.
const MOVES_AHEAD: u32 = 30;

/// The `go` command for the request. Every level thinks for its share of its own clock (the time
/// left over the moves still to make, plus its increment), at most its level's cap and half of
/// what it has left; with no clock, the cap. `strength` says whether the engine can be weakened
/// by an option; if not, the level limits its depth.
pub fn go_command(request: &Request, strength: bool) -> Go {
    let ms = |d: Duration| d.as_millis();
    let cap = move_time_cap(request.level);
    let mut command = "go".to_string();
    let (think, patience) = match request.clocks {
        Some(c) => {
            command.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                ms(c.white),
                ms(c.black),
                ms(c.white_increment),
                ms(c.black_increment)
            ));
            if let Some(n) = c.moves_to_go {
                command.push_str(&format!(" movestogo {n}"));
            }
            let white = request.moves.len() % 2 == usize::from(start_black(request));
            let (own, increment) = if white { (c.white, c.white_increment) } else { (c.black, c.black_increment) };
            let share = own / c.moves_to_go.unwrap_or(MOVES_AHEAD).max(1) + increment;
            let think = share.min(cap).min(own / 2);
            // The wait, the stop and the last wait all end before the flag would fall.
            (think, GRACE.min(own.saturating_sub(think) / 3))
        }
        None => (cap, GRACE),
    };
    command.push_str(&format!(" movetime {}", ms(think)));
    if !strength {
        command.push_str(&format!(" depth {}", request.level.get()));
    }
    Go { command, think, patience }
}

/// Whether Black moves first in the start position.
fn start_black(request: &Request) -> bool {
    request.start_fen.split_whitespace().nth(1) == Some("b")
}

#[cfg(test)]
mod tests {
    use super::*;
    use anna_core::opponent::Clocks;
    use anna_core::rules::Game;

    fn options(lines: &str) -> HashMap<String, UciOption> {
        lines.lines().filter_map(parse_option).collect()
    }

    #[test]
    fn reads_options_with_spaces_in_their_names() {
        let (name, option) = parse_option("option name Skill Level type spin default 20 min 0 max 20").unwrap();
        assert_eq!(name, "Skill Level");
        assert_eq!(option, UciOption { kind: "spin".to_string(), min: Some(0), max: Some(20) });
        assert_eq!(parse_option("info depth 3"), None);
    }

    #[test]
    fn levels_become_elo_or_skill() {
        let stockfish = options(
            "option name Skill Level type spin default 20 min 0 max 20\n\
             option name UCI_LimitStrength type check default false\n\
             option name UCI_Elo type spin default 1320 min 1320 max 3190",
        );
        let set = |n| strength_options(Level::new(n).unwrap(), &stockfish);
        assert_eq!(set(1), [("UCI_LimitStrength".into(), "true".into()), ("UCI_Elo".into(), "1320".into())]);
        assert_eq!(set(8)[1], ("UCI_Elo".into(), "2100".into()), "a club player, not full strength");
        let elo_only = options(
            "option name UCI_LimitStrength type check default false\n\
             option name UCI_Elo type spin default 1500 min 1500 max 2500",
        );
        let set = |n| strength_options(Level::new(n).unwrap(), &elo_only);
        assert_eq!(set(1)[1].1, "1500", "the engine's floor");
        assert_eq!(set(8)[1].1, "2100");
        let skill_only = options("option name Skill Level type spin default 20 min 0 max 20");
        let set = |n| strength_options(Level::new(n).unwrap(), &skill_only);
        assert_eq!(set(1), [("Skill Level".into(), "0".into())]);
        assert_eq!(set(8), [("Skill Level".into(), "5".into())]);
        assert!(strength_options(Level::MAX, &HashMap::new()).is_empty());
    }

    #[test]
    fn position_and_go_follow_the_game_and_its_clock() {
        let mut game = Game::new();
        game.play(game.resolve("e4").unwrap()).unwrap();
        let clocks = Clocks {
            white: Duration::from_secs(890),
            black: Duration::from_secs(900),
            white_increment: Duration::from_secs(10),
            black_increment: Duration::from_secs(10),
            moves_to_go: Some(39),
        };
        let request = Request::new(4, &game, Level::MAX, Some(clocks), true);
        assert_eq!(position_command(&request), "position startpos moves e2e4");
        // Black's share of 900 seconds over 39 moves plus 10 a move is 33 seconds: level 8 takes
        // its cap of 15.
        let go = go_command(&request, true);
        assert_eq!(go.command, "go wtime 890000 btime 900000 winc 10000 binc 10000 movestogo 39 movetime 15000");
        assert_eq!((go.think, go.patience), (Duration::from_secs(15), GRACE));
        let beginner = Request { level: Level::MIN, clocks: None, ..request.clone() };
        let go = go_command(&beginner, false);
        assert_eq!(go.command, "go movetime 1000 depth 1");
        assert_eq!((go.think, go.patience), (Duration::from_secs(1), GRACE));
        let chess960 = Request::new(1, &Game::chess960(0).unwrap(), Level::MIN, None, true);
        assert_eq!(
            position_command(&chess960),
            "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
    }

    #[test]
    fn every_level_has_a_deadline_from_the_clock_before_its_flag() {
        let after_e4 = {
            let mut game = Game::new();
            game.play(game.resolve("e4").unwrap()).unwrap();
            game
        };
        let clocks = |black: u64, increment: u64, moves_to_go| Clocks {
            white: Duration::from_secs(5400),
            black: Duration::from_secs(black),
            white_increment: Duration::from_secs(increment),
            black_increment: Duration::from_secs(increment),
            moves_to_go,
        };
        let secs = Duration::from_secs;
        for level in 1..=8 {
            let level = Level::new(level).unwrap();
            // 90+30: a hung engine is given up in at most 15 + 5 + 5 seconds, never after 90 minutes.
            let go = go_command(&Request::new(1, &after_e4, level, Some(clocks(5400, 30, None)), true), true);
            assert_eq!(go.think, move_time_cap(level));
            assert!(go.think + 2 * go.patience <= secs(25), "{level:?}: {go:?}");
            // Three seconds left, no increment: the engine is stopped and given up before the flag.
            let go = go_command(&Request::new(1, &after_e4, level, Some(clocks(3, 0, None)), true), true);
            assert!(go.think + 2 * go.patience < secs(3), "{level:?}: {go:?}");
        }
        // Level 8 in 5+3 thinks for its share: 300 / 30 + 3 seconds.
        let go = go_command(&Request::new(1, &after_e4, Level::MAX, Some(clocks(300, 3, None)), true), true);
        assert_eq!(go.think, secs(13));
        // 40 moves in 90 minutes with 39 to go: 5400 / 39 + 30 seconds, capped at 15.
        let go = go_command(
            &Request::new(1, &after_e4, Level::new(7).unwrap(), Some(clocks(5400, 30, Some(39))), true),
            true,
        );
        assert_eq!(go.think, secs(8));
    }

    #[test]
    fn engine_choices() {
        assert_eq!("builtin".parse(), Ok(EngineChoice::Builtin));
        assert_eq!("/usr/games/stockfish".parse(), Ok(EngineChoice::Path(PathBuf::from("/usr/games/stockfish"))));
        assert!("".parse::<EngineChoice>().is_err());
    }
}
