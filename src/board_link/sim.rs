//! A virtual peg board on a pseudo-terminal, for people without the hardware and for tests: it
//! keeps its own physical board, speaks the protocol of [`anna_board::codec`] on its end of the
//! pseudo-terminal, and Anna opens the other end like a real board's serial port.
//!
//! The path Anna opens ([`Simulator::path`]) is a symbolic link to the pseudo-terminal, as udev's
//! `/dev/serial/by-id/...` links are to real ports. [`Simulator::unplug`] removes the link and
//! closes the pseudo-terminal (Anna's reads fail at once, as when a USB cable is pulled);
//! [`Simulator::plug`] opens a new one behind the same path, so Anna finds the board again where
//! it was.
//!
//! What Anna asks is told on the `notes` channel given to [`Simulator::start`]: every command read
//! (after it was carried out and acknowledged) and every line that could not be read. Each
//! [`Note`] displays as one plain line.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use serialport::{SerialPort, TTYPort};
use shakmaty::{Board, Piece, Rank, Role, Square};

use anna_board::protocol::{BoardEnd, Protocol, Sensed};
use anna_board::{BoardEvent, ClockReading, HostCommand, Snapshot};

/// How long the board's reader waits for bytes before it looks for a stop or an unplugging.
const TICK: Duration = Duration::from_millis(20);

/// How the simulator starts.
#[derive(Clone, Debug)]
pub struct SimOptions {
    /// The pieces on the board at the start.
    pub board: Board,
    /// Carry out every shown move at once, as a player would.
    pub auto: bool,
    /// Sense only whether a hole is filled (reed switches): snapshots hold `?`, not pieces.
    pub occupancy: bool,
    /// The path Anna opens; a fresh one in the temporary folder when `None`.
    pub link: Option<PathBuf>,
    /// The name in the board's hello.
    pub name: String,
    /// The protocol the board speaks.
    pub protocol: Protocol,
    /// The board stands the other way round (White at the far side): it reports h1 where a8 is.
    pub turned: bool,
    /// The board sends no parity bit (bit 7 always clear), as a native-USB ChessLink board with no
    /// UART does: every character with an even number of ones then has a wrong one.
    pub no_parity: bool,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            board: Board::new(),
            auto: false,
            occupancy: false,
            link: None,
            name: "Anna board simulator".to_string(),
            protocol: Protocol::ANNA,
            turned: false,
            no_parity: false,
        }
    }
}

impl SimOptions {
    /// Options with the pieces of a FEN (its first field; the rest is ignored).
    pub fn with_fen(fen: &str) -> Result<SimOptions, SimError> {
        let placement = fen.split_whitespace().next().unwrap_or_default();
        let board = Board::from_ascii_board_fen(placement.as_bytes())
            .map_err(|e| SimError::NotAPosition(fen.to_string(), e.to_string()))?;
        Ok(SimOptions { board, ..SimOptions::default() })
    }
}

/// What happened on the board's wire, for the person or test watching: every command read
/// (after it was carried out and acknowledged) and everything that could not be read.
pub use anna_board::protocol::Note;

mod command;
pub use command::{SimCommand, SimError, HELP};

/// The pseudo-terminal while the cable is in. The board's own handle on Anna's end keeps the
/// pseudo-terminal alive while Anna has it closed (between its attempts to open it).
struct Cable {
    master: TTYPort,
    _anna_end: TTYPort,
}

struct State {
    board: Board,
    /// Pieces lifted and not yet put back, the last lifted last.
    hand: Vec<Piece>,
    cable: Option<Cable>,
    /// Counts pluggings, so the reader knows when its copy of the port is stale.
    plugged: u64,
    options: SimOptions,
    link: PathBuf,
    notes: Sender<Note>,
    /// The board's end of its protocol.
    end: Box<dyn BoardEnd>,
}

/// A running virtual peg board. Dropping it stops it, closes the pseudo-terminal and removes the
/// link.
pub struct Simulator {
    state: Arc<Mutex<State>>,
    link: PathBuf,
    stop: Arc<AtomicBool>,
    reader: Option<JoinHandle<()>>,
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A fresh path for a link in the temporary folder.
fn fresh_link() -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("anna-board-{}-{n}", std::process::id()))
}

impl Simulator {
    /// Opens a pseudo-terminal, links `options.link` (or a fresh path) to it, and starts
    /// answering Anna; what Anna asks is sent on `notes`.
    pub fn start(options: SimOptions, notes: Sender<Note>) -> io::Result<Simulator> {
        let link = options.link.clone().unwrap_or_else(fresh_link);
        let state = State {
            board: options.board.clone(),
            hand: Vec::new(),
            cable: None,
            plugged: 0,
            link: link.clone(),
            notes,
            end: options.protocol.board_end(),
            options,
        };
        let state = Arc::new(Mutex::new(state));
        lock(&state).plug()?;
        let stop = Arc::new(AtomicBool::new(false));
        let reader = {
            let (state, stop) = (Arc::clone(&state), Arc::clone(&stop));
            std::thread::Builder::new().name("board-sim".into()).spawn(move || read(&state, &stop))?
        };
        Ok(Simulator { state, link, stop, reader: Some(reader) })
    }

    /// The path Anna opens (`anna --board PATH`).
    pub fn path(&self) -> &Path {
        &self.link
    }

    /// Carries out one typed command; the text to print, if any. `Quit` does nothing here: the
    /// caller stops.
    pub fn apply(&self, command: SimCommand) -> Result<Option<String>, SimError> {
        let mut state = lock(&self.state);
        match command {
            SimCommand::Lift(square) => state.lift(square).map(|_| None),
            SimCommand::Place(square, piece) => state.place(square, piece).map(|()| None),
            SimCommand::Move(from, to) => state.play(from, to, None).map(|()| None),
            SimCommand::Knock(square) => state.knock(square).map(|()| None),
            SimCommand::Slide(path) => state.slide(&path).map(|()| None),
            SimCommand::Fast(moves) => state.fast(&moves).map(|()| None),
            SimCommand::Clock(reading) => {
                state.set_clock(reading);
                Ok(None)
            }
            SimCommand::Show => Ok(Some(state.text())),
            SimCommand::Garbage => {
                state.write(b"\x00\xff#~noise~\x7f*ZZ\n");
                Ok(None)
            }
            SimCommand::Unplug => state.unplug().map(|()| Some("unplugged".to_string())),
            SimCommand::Plug => match state.cable {
                Some(_) => Err(SimError::PluggedIn),
                None => state.plug().map(|()| Some("plugged in".to_string())).map_err(SimError::Terminal),
            },
            SimCommand::Help => Ok(Some(HELP.to_string())),
            SimCommand::Quit => Ok(None),
        }
    }

    /// Reads and carries out a typed line.
    pub fn type_line(&self, line: &str) -> Result<Option<String>, SimError> {
        self.apply(SimCommand::parse(line)?)
    }

    /// What the board senses now (pieces, or `?` when sensing occupancy only).
    pub fn snapshot(&self) -> Snapshot {
        lock(&self.state).snapshot()
    }

    /// The pieces on the board.
    pub fn board(&self) -> Board {
        lock(&self.state).board.clone()
    }

    /// Lifts, places, moves or knocks; the same as typing it.
    pub fn lift(&self, square: Square) -> Result<(), SimError> {
        self.apply(SimCommand::Lift(square)).map(drop)
    }

    pub fn place(&self, square: Square, piece: Option<Piece>) -> Result<(), SimError> {
        self.apply(SimCommand::Place(square, piece)).map(drop)
    }

    pub fn unplug(&self) -> Result<(), SimError> {
        self.apply(SimCommand::Unplug).map(drop)
    }

    pub fn plug(&self) -> Result<(), SimError> {
        self.apply(SimCommand::Plug).map(drop)
    }

    /// Writes raw bytes on the wire, as a faulty board would.
    pub fn send_raw(&self, bytes: &[u8]) {
        lock(&self.state).write(bytes);
    }
}

impl Drop for Simulator {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
        let _ = lock(&self.state).unplug();
    }
}

/// The master of a pseudo-terminal that no spawned program inherits. serialport opens it without
/// `O_CLOEXEC`; a copy held by a program started meanwhile (Anna, started by a test) would keep the
/// pseudo-terminal alive after `unplug`, and Anna would not see the cable pulled.
#[expect(unsafe_code, reason = "serialport gives its descriptor only as a raw one; see the SAFETY notes")]
fn close_on_exec(master: TTYPort) -> io::Result<TTYPort> {
    use std::os::fd::{FromRawFd, IntoRawFd, OwnedFd};
    // SAFETY: the descriptor is the port's own, handed over whole; one value owns it at a time.
    let fd = unsafe { OwnedFd::from_raw_fd(master.into_raw_fd()) };
    // The standard library duplicates with F_DUPFD_CLOEXEC.
    let copy = fd.try_clone()?;
    drop(fd);
    // SAFETY: `copy` is a fresh descriptor of the same master, owned by nothing else.
    Ok(unsafe { TTYPort::from_raw_fd(copy.into_raw_fd()) })
}

/// The board's reader: reads Anna's lines from whichever pseudo-terminal is plugged in.
fn read(state: &Mutex<State>, stop: &AtomicBool) {
    let mut port: Option<(u64, TTYPort)> = None;
    let mut buffer = [0u8; 256];
    while !stop.load(Ordering::Relaxed) {
        {
            let mut state = lock(state);
            let plugged = state.plugged;
            let fresh = match (&port, state.cable.as_ref()) {
                (Some((seen, _)), Some(_)) if *seen == plugged => None,
                // Our copy of an unplugged pseudo-terminal would keep it open.
                (_, Some(cable)) => Some(cable.master.try_clone_native().ok().map(|mut master| {
                    let _ = master.set_timeout(TICK);
                    (plugged, master)
                })),
                (_, None) => Some(None),
            };
            if let Some(fresh) = fresh {
                // A partial line of the last connection means nothing now.
                state.end.reset();
                port = fresh;
            }
        }
        let Some((_, master)) = &mut port else {
            std::thread::sleep(TICK);
            continue;
        };
        match master.read(&mut buffer) {
            Ok(n) if n > 0 => lock(state).receive(&buffer[..n]),
            Ok(_) => std::thread::sleep(TICK),
            Err(e) if matches!(e.kind(), io::ErrorKind::TimedOut | io::ErrorKind::Interrupted) => {}
            // Nobody has Anna's end open (it cannot happen while the board holds it): wait.
            Err(_) => std::thread::sleep(TICK),
        }
    }
}

impl State {
    /// Bytes from Anna, in this board's protocol: answered, then a shown move carried out when
    /// the board plays them by itself.
    fn receive(&mut self, bytes: &[u8]) {
        let answer = self.end.receive(bytes, sensed(&self.board, &self.options));
        self.write(&answer.bytes);
        for note in answer.notes {
            if let (Note::Command(request), true) = (&note, self.options.auto) {
                if let HostCommand::ShowMove { from, to, captured, rook } = request.command {
                    self.carry_out(from, to, captured, rook);
                }
            }
            let _ = self.notes.send(note);
        }
    }

    /// A piece left or reached a hole: the board reports it as its protocol does.
    fn report(&mut self, change: BoardEvent) {
        let bytes = self.end.changed(&change, sensed(&self.board, &self.options));
        self.write(&bytes);
    }

    /// The clock on the board shows `reading`.
    fn set_clock(&mut self, reading: ClockReading) {
        let bytes = self.end.clock(reading);
        self.write(&bytes);
    }

    /// A piece slid over `path`: set down on every square on its way, lifted again from all but
    /// the last.
    fn slide(&mut self, path: &[Square]) -> Result<(), SimError> {
        let (first, rest) = path.split_first().ok_or(SimError::NotACommand("slide".to_string()))?;
        let piece = self.lift(*first)?;
        for (i, square) in rest.iter().enumerate() {
            self.place(*square, Some(piece))?;
            if i + 1 < rest.len() {
                self.lift(*square)?;
            }
        }
        Ok(())
    }

    /// Moves made one after the other faster than the board reports them: a Millennium board
    /// scans only the position after the last.
    fn fast(&mut self, moves: &[(Square, Square)]) -> Result<(), SimError> {
        self.end.hold(true);
        let result = moves.iter().try_for_each(|(from, to)| self.play(*from, *to, None));
        self.end.hold(false);
        if let Some((_, to)) = moves.last() {
            self.report(BoardEvent::Placed(*to));
        }
        result
    }

    fn plug(&mut self) -> io::Result<()> {
        let (master, anna_end) = TTYPort::pair()?;
        let master = close_on_exec(master)?;
        let target = anna_end.name().ok_or_else(|| io::Error::other("the pseudo-terminal has no name"))?;
        replace_link(&self.link, Path::new(&target))?;
        self.cable = Some(Cable { master, _anna_end: anna_end });
        self.plugged += 1;
        Ok(())
    }

    fn unplug(&mut self) -> Result<(), SimError> {
        if self.cable.is_none() {
            return Err(SimError::Unplugged);
        }
        // The path goes first, so Anna's next attempt cannot open the old pseudo-terminal.
        let _ = std::fs::remove_file(&self.link);
        self.cable = None;
        Ok(())
    }

    /// Writes a line to Anna; a line that cannot be written is lost, as on a real wire.
    fn write(&mut self, line: &[u8]) {
        let stripped: Vec<u8>;
        let line = if self.options.no_parity {
            stripped = line.iter().map(|b| b & 0x7f).collect();
            &stripped
        } else {
            line
        };
        if let Some(cable) = &mut self.cable {
            let _ = cable.master.write_all(line);
        }
    }

    fn snapshot(&self) -> Snapshot {
        sensed(&self.board, &self.options).snapshot()
    }

    fn lift(&mut self, square: Square) -> Result<Piece, SimError> {
        let piece = self.board.remove_piece_at(square).ok_or(SimError::NoPiece(square))?;
        self.hand.push(piece);
        self.report(BoardEvent::Lifted(square));
        Ok(piece)
    }

    fn place(&mut self, square: Square, piece: Option<Piece>) -> Result<(), SimError> {
        if let Some(there) = self.board.piece_at(square) {
            return Err(SimError::Taken(square, there.char()));
        }
        let piece = match piece {
            Some(piece) => {
                if let Some(i) = self.hand.iter().rposition(|held| *held == piece) {
                    self.hand.remove(i);
                }
                piece
            }
            None => self.hand.pop().ok_or(SimError::EmptyHand(square))?,
        };
        self.board.set_piece_at(square, piece);
        self.report(BoardEvent::Placed(square));
        Ok(())
    }

    /// A whole move: a piece on `to` is lifted first and set aside; `promote` replaces the
    /// moving piece when it lands.
    fn play(&mut self, from: Square, to: Square, promote: Option<Role>) -> Result<(), SimError> {
        if self.board.piece_at(from).is_none() {
            return Err(SimError::NoPiece(from));
        }
        if self.board.piece_at(to).is_some() {
            self.lift(to)?;
            self.hand.pop();
        }
        let piece = self.lift(from)?;
        let piece = Piece { role: promote.unwrap_or(piece.role), ..piece };
        self.place(to, Some(piece))
    }

    fn knock(&mut self, square: Square) -> Result<(), SimError> {
        self.lift(square)?;
        // It lies beside its hole, not in the player's hand.
        self.hand.pop();
        Ok(())
    }

    /// Plays a shown move on the board, as the player would: the captured piece first, then the
    /// move, then a castling rook. A pawn reaching the last rank becomes a queen (the shown move
    /// does not say which piece: a promotion to another piece is then repaired by Anna).
    fn carry_out(&mut self, from: Square, to: Square, captured: Option<Square>, rook: Option<(Square, Square)>) {
        if let Some(square) = captured.filter(|square| *square != to) {
            let _ = self.knock(square);
        }
        let promote = self
            .board
            .piece_at(from)
            .filter(|piece| piece.role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth))
            .map(|_| Role::Queen);
        let _ = self.play(from, to, promote);
        if let Some((from, to)) = rook {
            let _ = self.play(from, to, None);
        }
    }

    /// The board as eight lines, rank 8 first, `.` for an empty hole, then the pieces in hand.
    fn text(&self) -> String {
        let mut lines = Vec::new();
        for rank in (0..8).rev() {
            let row: Vec<String> = (0..8)
                .map(|file| {
                    let square = Square::new(rank * 8 + file);
                    self.board.piece_at(square).map_or('.', Piece::char).to_string()
                })
                .collect();
            lines.push(format!("{} {}", rank + 1, row.join(" ")));
        }
        lines.push("  a b c d e f g h".to_string());
        let hand: Vec<String> = self.hand.iter().map(|piece| piece.char().to_string()).collect();
        lines.push(if hand.is_empty() {
            "in hand: nothing".to_string()
        } else {
            format!("in hand: {}", hand.join(" "))
        });
        lines.join("\n")
    }
}

/// The board as its end of the protocol senses it.
fn sensed<'a>(board: &'a Board, options: &'a SimOptions) -> Sensed<'a> {
    Sensed { board, occupancy: options.occupancy, turned: options.turned, name: &options.name }
}

/// Points `link` at `target`, replacing a link left there before.
fn replace_link(link: &Path, target: &Path) -> io::Result<()> {
    if std::fs::symlink_metadata(link).is_ok_and(|meta| meta.file_type().is_symlink()) {
        std::fs::remove_file(link)?;
    }
    std::os::unix::fs::symlink(target, link)
}
