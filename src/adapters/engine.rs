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
//! line mode carries on with the built-in opponent. The text of the protocol (the commands and what
//! they are read back into) is `anna_core::uci`; here are the process, its pipes and its deadlines.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anna_core::opponent::{EngineFailure, Level, Opponent, Request};
use anna_core::uci::{go_command, parse_option, position_command, strength_options, UciOption};

pub use anna_app::{EngineChoice, Reply};

pub mod analyst;

/// Where replies go (the runtime wraps them into its own channel's messages).
pub type Notify = Arc<dyn Fn(Reply) + Send + Sync>;

/// Stockfish on the PATH, or where Debian puts it.
pub fn find_stockfish() -> Option<PathBuf> {
    let known = ["/usr/games/stockfish", "/usr/local/bin/stockfish", "/opt/homebrew/bin/stockfish"].map(PathBuf::from);
    super::program("stockfish", None).or_else(|| known.into_iter().find(|path| path.is_file()))
}

/// The program of a UCI engine `choice` names: its path, or Stockfish where it is installed for
/// `auto`; `None` for the built-in opponent or no Stockfish. One reading for play and analysis.
pub fn engine_path(choice: &EngineChoice) -> Option<PathBuf> {
    match choice {
        EngineChoice::Path(path) => Some(path.clone()),
        EngineChoice::Auto => find_stockfish(),
        EngineChoice::Builtin => None,
    }
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
                if let Some(path) = engine_path(&self.choice) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_choices() {
        assert_eq!("builtin".parse(), Ok(EngineChoice::Builtin));
        assert_eq!("/usr/games/stockfish".parse(), Ok(EngineChoice::Path(PathBuf::from("/usr/games/stockfish"))));
        assert!("".parse::<EngineChoice>().is_err());
    }
}
