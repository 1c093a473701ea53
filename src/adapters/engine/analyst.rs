//! An engine asked to analyse rather than to play: each position searched to a fixed number of
//! nodes (`go nodes N`) on one thread from an empty hash, so that the same game gives the same
//! evaluations on every run and every machine; its last exact score and main line are kept.

use std::path::Path;
use std::sync::mpsc::{self, Sender};
use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode};

use super::{engine_path, EngineChoice, Process, Talk, HANDSHAKE};
use anna_app::training::Ask;
use anna_core::analysis::Evaluation;
use anna_core::opponent::EngineFailure;
use anna_core::uci;
use anna_core::uci::GRACE;

pub use anna_app::training::DEFAULT_NODES;

/// The slowest an engine may search before it is asked to stop: nodes a second.
const SLOWEST: u64 = 50_000;

/// A UCI engine kept for analysis.
pub struct Analyst {
    talk: Talk,
    nodes: u64,
    /// Whether the engine was last told the game is Chess960 (`UCI_Chess960`), if told at all.
    chess960: Option<bool>,
    /// The lines the engine was last told to find (`MultiPV`).
    lines: usize,
    /// Ended with the analyst.
    _process: Process,
}

impl Analyst {
    /// Starts the engine at `path` and shakes hands with it.
    pub fn start(path: &Path, nodes: u64) -> Result<Analyst, EngineFailure> {
        let (process, stdin, lines) = Process::spawn(path)?;
        let mut talk = Talk::new(stdin, lines);
        talk.handshake()?;
        // One thread: with several, the same node count gives different answers.
        if talk.options.contains_key("Threads") {
            talk.send("setoption name Threads value 1")?;
        }
        Ok(Analyst { talk, nodes: nodes.max(1), chess960: None, lines: 1, _process: process })
    }

    /// The nodes searched for each position.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The evaluation of `position`, reached from `start` by `moves` (in UCI): the engine's score
    /// and main line. A position where the game is over is not asked.
    pub fn evaluate(&mut self, start: &Chess, moves: &[String], position: &Chess) -> Result<Evaluation, EngineFailure> {
        self.search(start, moves, position, &[])
    }

    /// As [`Analyst::evaluate`], with the moves `among` (UCI) searched side by side in the one
    /// search (`searchmoves`, one line each by `MultiPV`): the first line is the answer, the others
    /// its [`Evaluation::others`]. An engine without `MultiPV` cannot: [`EngineFailure::Garbage`].
    pub fn search(
        &mut self,
        start: &Chess,
        moves: &[String],
        position: &Chess,
        among: &[String],
    ) -> Result<Evaluation, EngineFailure> {
        if let Some(over) = Evaluation::terminal(position) {
            return Ok(over);
        }
        let lines = among.len().max(1);
        if lines > 1 && !self.talk.options.contains_key("MultiPV") {
            return Err(EngineFailure::Garbage);
        }
        let talk = &mut self.talk;
        // A Chess960 game's castling is the king taking its rook (`e1h1`), in its moves and the
        // engine's line alike: the engine must know, or it reads such a move as no move at all.
        let chess960 = shakmaty::Position::castles(start).mode() == shakmaty::CastlingMode::Chess960;
        if self.chess960 != Some(chess960) && talk.options.contains_key("UCI_Chess960") {
            talk.send(&format!("setoption name UCI_Chess960 value {chess960}"))?;
            self.chess960 = Some(chess960);
        }
        // From an empty hash: the answer does not depend on what was searched before.
        talk.send("ucinewgame")?;
        talk.send("isready")?;
        talk.expect(|line| line == "readyok", HANDSHAKE)?;
        let fen = Fen::from_position(start, EnPassantMode::Legal);
        let mut command = format!("position fen {fen}");
        if !moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&moves.join(" "));
        }
        if self.lines != lines {
            talk.send(&format!("setoption name MultiPV value {lines}"))?;
            self.lines = lines;
        }
        talk.send(&command)?;
        let mut go = uci::go_nodes(self.nodes);
        if !among.is_empty() {
            go.push_str(" searchmoves ");
            go.push_str(&among.join(" "));
        }
        talk.send(&go)?;
        let patience = Duration::from_secs(self.nodes / SLOWEST) + GRACE;
        let mut deadline = Instant::now() + patience;
        let mut stopped = false;
        // The last exact finding of each line, by its number.
        let mut found: Vec<Option<uci::Info>> = vec![None; lines];
        loop {
            let line = match talk.next_line(deadline) {
                Ok(line) => line,
                Err(EngineFailure::Silent) if !stopped => {
                    // Asked to stop, an engine still owes what it found so far.
                    talk.send("stop")?;
                    stopped = true;
                    deadline = Instant::now() + GRACE;
                    continue;
                }
                Err(failure) => return Err(failure),
            };
            let line = line.trim();
            if line.starts_with("bestmove") {
                break;
            }
            if let Some(info) = uci::info(line).filter(uci::Info::is_exact) {
                if let Some(slot) = found.get_mut(info.multipv.saturating_sub(1) as usize) {
                    *slot = Some(info);
                }
            }
        }
        let mut evaluations = found.into_iter().map(|info| {
            let info = info.ok_or(EngineFailure::Garbage)?;
            Evaluation::from_engine(position, info.cp, info.mate, &info.pv).ok_or(EngineFailure::Garbage)
        });
        let mut first = evaluations.next().ok_or(EngineFailure::Garbage)??;
        first.others = evaluations.collect::<Result<_, _>>()?;
        Ok(first)
    }
}

/// The analysing engine on a thread of its own: positions asked ([`Ask`]) are evaluated one after
/// another and each answer handed to `notify`, so that the loop never waits for the engine. The
/// engine is started on the first request and started again after it fails.
pub struct Worker {
    asks: Sender<Ask>,
}

impl Worker {
    pub fn start(
        choice: EngineChoice,
        notify: impl Fn(u64, Result<Evaluation, EngineFailure>) + Send + 'static,
    ) -> Worker {
        let (asks, inbox) = mpsc::channel::<Ask>();
        std::thread::spawn(move || {
            let mut analyst: Option<Analyst> = None;
            for ask in inbox {
                let path = engine_path(&choice);
                let result = (|| {
                    let Some(path) = path else {
                        // No UCI engine: Anna's own answers what it may (a hint, an evaluation).
                        let game = ask.game().filter(|_| ask.coarse).ok_or(EngineFailure::NotFound)?;
                        return Evaluation::builtin(&game).ok_or(EngineFailure::Garbage);
                    };
                    let (start, position) = ask.positions().ok_or(EngineFailure::Garbage)?;
                    if analyst.as_ref().is_none_or(|a| a.nodes() != ask.nodes) {
                        analyst = Some(Analyst::start(&path, ask.nodes)?);
                    }
                    let engine = analyst.as_mut().ok_or(EngineFailure::NotFound)?;
                    engine.search(&start, &ask.moves, &position, &ask.among)
                })();
                if result.is_err() {
                    // A hung or crashed engine is ended; the next request starts a new one.
                    analyst = None;
                }
                notify(ask.id, result);
            }
        });
        Worker { asks }
    }

    pub fn evaluate(&self, ask: Ask) {
        let _ = self.asks.send(ask);
    }
}
