//! The serial transport at the edge: a [`Link`] keeps one peg board connected, turns its lines into
//! [`LinkReport`]s for the runtime's one `mpsc` loop, and sends [`HostCommand`]s without ever
//! blocking the caller.
//!
//! # Threads and reports
//!
//! [`Link::open`] returns at once. Two threads do the work:
//!
//! - the reader opens the port, greets the board (`H1`, again every second until it answers), and
//!   on its hello reports [`LinkReport::Connected`] and asks for the whole board (`Q`), whose
//!   snapshot follows as [`LinkReport::Event`]`(`[`BoardEvent::Board`]`)`. From then on every line
//!   becomes an `Event` (lifts, placements, snapshots, acknowledgements) or a
//!   [`LinkReport::Rejected`] (a corrupted line: dropped). It also sends a command again when its
//!   acknowledgement is late.
//! - the writer sends what [`Link::send`] queues, as soon as it is queued.
//!
//! When the port fails, is unplugged, or the board stops answering, the link reports
//! [`LinkReport::Disconnected`] once, closes the port and tries again, first after 0.25 s, then
//! doubling up to every 4 s, until the board answers again: then `Connected` and a fresh snapshot
//! follow, and the runtime repairs any difference. A port that cannot be opened at the start is
//! reported the same way. The reader stops when the [`Link`] is dropped or the receiver is gone.
//!
//! Commands sent while the board is not connected (before `Connected`, after `Disconnected`) are
//! dropped: after every `Connected` the runtime shows again what the board should show.
//!
//! ```no_run
//! use std::sync::mpsc;
//! use anna::board_link::serial::{Link, LinkReport};
//! use anna_board::HostCommand;
//!
//! enum Source { Board(LinkReport), Line(String) }
//! let (sender, receiver) = mpsc::channel();
//! let link = Link::open("/dev/ttyACM0", 115_200, sender.clone(), Source::Board);
//! for source in receiver {
//!     match source {
//!         Source::Board(LinkReport::Connected { .. }) => { link.send(HostCommand::Clear); }
//!         Source::Board(report) => println!("{report:?}"),
//!         Source::Line(_) => {}
//!     }
//! }
//! ```

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serialport::{ClearBuffer, DataBits, Parity, SerialPort};

use anna_board::codec::PegRequest;
use anna_board::protocol::{Protocol, Wire, WireError};
use anna_board::{BoardEvent, HostCommand};

pub use anna_board::link::{LinkError, LinkReport, DEFAULT_BAUD};

/// How long the reader waits for bytes before it looks at its clocks (resends, the hello, stop).
const TICK: Duration = Duration::from_millis(20);

/// The connection number while no board is connected.
const NOT_CONNECTED: u64 = 0;

/// How patient the link is. The defaults suit a USB board that resets when opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkOptions {
    /// The protocol to speak; `None`: each is tried in turn until the board answers one.
    pub protocol: Option<Protocol>,
    /// The baud rate of Anna's own protocol (the others have theirs).
    pub baud: u32,
    /// The first wait before opening again after a failure; doubled after every failed attempt.
    pub first_retry: Duration,
    /// The longest wait between attempts.
    pub last_retry: Duration,
    /// How long to wait for the board's hello before greeting it again (or, while the protocol is
    /// being found, before trying the next).
    pub hello_every: Duration,
    /// How many hellos go unanswered before the board counts as silent.
    pub hellos: u32,
    /// How long to wait for an acknowledgement before sending a command again.
    pub ack_within: Duration,
    /// How many times a command is sent again before the board counts as silent.
    pub resends: u32,
}

impl Default for LinkOptions {
    fn default() -> Self {
        LinkOptions {
            protocol: None,
            baud: DEFAULT_BAUD,
            first_retry: Duration::from_millis(250),
            last_retry: Duration::from_secs(4),
            hello_every: Duration::from_secs(1),
            hellos: 5,
            ack_within: Duration::from_millis(500),
            resends: 3,
        }
    }
}

/// A peg board kept connected on one serial port. Dropping it closes the port and stops its threads.
pub struct Link {
    path: String,
    control: Sender<(u64, PegRequest)>,
    stop: Sender<()>,
    seq: Arc<AtomicU32>,
    connection: Arc<AtomicU64>,
    threads: Vec<JoinHandle<()>>,
}

/// What both threads share: the port to write to while connected, and the commands not yet
/// acknowledged.
#[derive(Default)]
struct Shared {
    writer: Option<Box<dyn SerialPort>>,
    /// The protocol of this connection, while it is tried or known.
    protocol: Option<Protocol>,
    /// The board answered the hello on this connection.
    ready: bool,
    pending: Vec<Pending>,
    /// A write failed; the reader ends the connection.
    failed: Option<String>,
}

struct Pending {
    seq: u32,
    line: Vec<u8>,
    due: Instant,
    resends: u32,
}

impl Shared {
    fn write(&mut self, line: &[u8]) {
        if let Some(writer) = &mut self.writer {
            if let Err(e) = writer.write_all(line).and_then(|()| writer.flush()) {
                self.failed.get_or_insert(e.to_string());
            }
        }
    }

    /// Sends a command in the connection's protocol; a numbered one of a board that acknowledges
    /// waits for its acknowledgement. A command the board has no use for is not sent.
    fn send(&mut self, request: &PegRequest, ack_within: Duration) {
        let Some(protocol) = self.protocol else { return };
        let Some(line) = protocol.encode(request) else { return };
        self.write(&line);
        if protocol.acknowledges() && !matches!(request.command, HostCommand::Hello { .. }) {
            self.pending.push(Pending { seq: request.seq, line, due: Instant::now() + ack_within, resends: 0 });
        }
    }

    fn disconnect(&mut self) {
        *self = Shared::default();
    }
}

fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    // A thread that panicked while holding the lock left plain data behind; go on with it.
    shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Link {
    /// Opens `path` at `baud` with the default patience; see [`Link::with_options`].
    pub fn open<T, F>(path: &str, baud: u32, sender: Sender<T>, wrap: F) -> Link
    where
        T: Send + 'static,
        F: Fn(LinkReport) -> T + Send + 'static,
    {
        Link::with_options(path, LinkOptions { baud, ..LinkOptions::default() }, sender, wrap)
    }

    /// Opens `path` speaking `protocol` (`None`: the one the board answers), with the default
    /// patience; `baud` is for Anna's own protocol.
    pub fn open_protocol<T, F>(path: &str, protocol: Option<Protocol>, baud: u32, sender: Sender<T>, wrap: F) -> Link
    where
        T: Send + 'static,
        F: Fn(LinkReport) -> T + Send + 'static,
    {
        Link::with_options(path, LinkOptions { protocol, baud, ..LinkOptions::default() }, sender, wrap)
    }

    /// Starts keeping the board on `path` connected; every report is `wrap`ped and sent on
    /// `sender` (the runtime's one channel). Returns at once: even a missing port is only
    /// reported, as [`LinkReport::Disconnected`].
    pub fn with_options<T, F>(path: &str, options: LinkOptions, sender: Sender<T>, wrap: F) -> Link
    where
        T: Send + 'static,
        F: Fn(LinkReport) -> T + Send + 'static,
    {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let seq = Arc::new(AtomicU32::new(1));
        let connection = Arc::new(AtomicU64::new(NOT_CONNECTED));
        let (control, commands) = mpsc::channel::<(u64, PegRequest)>();
        let (stop, stopped) = mpsc::channel();
        let reader = Reader {
            path: path.to_string(),
            options: options.clone(),
            shared: Arc::clone(&shared),
            seq: Arc::clone(&seq),
            connection: Arc::clone(&connection),
            connections: std::cell::Cell::new(NOT_CONNECTED),
            last: std::cell::Cell::new(None),
            stopped,
            report: Box::new(move |report| sender.send(wrap(report)).is_ok()),
        };
        let ack_within = options.ack_within;
        let current = Arc::clone(&connection);
        let writer = std::thread::Builder::new().name("board-writer".into()).spawn(move || {
            for (connection, request) in commands {
                let mut shared = lock(&shared);
                // Only on the connection it was sent for: a later one starts from a fresh snapshot.
                if shared.ready && connection == current.load(Ordering::Acquire) {
                    shared.send(&request, ack_within);
                }
            }
        });
        let reader = std::thread::Builder::new().name("board-reader".into()).spawn(move || reader.run());
        Link {
            path: path.to_string(),
            control,
            stop,
            seq,
            connection,
            // A thread that cannot be started leaves the link silent, as a board that never answers.
            threads: [writer, reader].into_iter().flatten().collect(),
        }
    }

    /// Queues `command` for the board and returns its sequence number (see the board's
    /// `Ack`). Never blocks; dropped when the board is not connected.
    pub fn send(&self, command: HostCommand) -> u32 {
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        let _ = self.control.send((self.connection.load(Ordering::Acquire), PegRequest { seq, command }));
        seq
    }

    /// The port's path, as given.
    pub fn path(&self) -> &str {
        &self.path
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.stop.send(());
        // The writer ends when its channel closes: replace ours with one already closed.
        let (closed, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.control, closed));
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// How a connection ended.
enum End {
    Stop,
    Failed { error: LinkError, was_ready: bool },
}

struct Reader {
    path: String,
    options: LinkOptions,
    shared: Arc<Mutex<Shared>>,
    seq: Arc<AtomicU32>,
    /// The number of the connection in use, [`NOT_CONNECTED`] between connections.
    connection: Arc<AtomicU64>,
    /// How many connections were made.
    connections: std::cell::Cell<u64>,
    /// The protocol the board last answered in: tried first on the next connection.
    last: std::cell::Cell<Option<Protocol>>,
    stopped: Receiver<()>,
    /// False when the runtime's receiver is gone.
    report: Box<dyn Fn(LinkReport) -> bool + Send>,
}

impl Reader {
    fn run(self) {
        let mut wait = self.options.first_retry;
        // `Disconnected` is said once an outage, not at every attempt.
        let mut said_down = false;
        loop {
            let end = match self.open() {
                Ok(port) => self.connection(port),
                Err(error) => End::Failed { error, was_ready: false },
            };
            match end {
                End::Stop => return,
                End::Failed { error, was_ready } => {
                    if was_ready {
                        wait = self.options.first_retry;
                        said_down = false;
                    }
                    if !said_down {
                        said_down = true;
                        if !(self.report)(LinkReport::Disconnected(error)) {
                            return;
                        }
                    }
                }
            }
            match self.stopped.recv_timeout(wait) {
                Err(RecvTimeoutError::Timeout) => {}
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
            }
            wait = (wait * 2).min(self.options.last_retry);
        }
    }

    fn open(&self) -> Result<Box<dyn SerialPort>, LinkError> {
        let port = serialport::new(&self.path, self.options.baud)
            .timeout(TICK)
            .open()
            .map_err(|e| LinkError::Open(e.to_string()))?;
        Ok(port)
    }

    /// The protocols to try on a new connection: the one given, or all, the last that answered
    /// first.
    fn candidates(&self) -> Vec<Protocol> {
        match self.options.protocol {
            Some(protocol) => vec![protocol],
            None => {
                let mut all = Protocol::ALL.to_vec();
                if let Some(last) = self.last.get() {
                    all.retain(|p| *p != last);
                    all.insert(0, last);
                }
                all
            }
        }
    }

    /// Reads one connection until it fails or the link stops.
    fn connection(&self, mut port: Box<dyn SerialPort>) -> End {
        let writer = match port.try_clone() {
            Ok(writer) => writer,
            Err(e) => return End::Failed { error: LinkError::Open(e.to_string()), was_ready: false },
        };
        {
            let mut shared = lock(&self.shared);
            shared.disconnect();
            shared.writer = Some(writer);
        }
        let candidates = self.candidates();
        let mut tried = 0;
        let mut wire = self.greet(&mut *port, candidates[0]);
        let mut hello_due = Instant::now() + self.options.hello_every;
        let mut heard = Instant::now();
        let mut keepalive_due = Instant::now();
        let mut buffer = [0u8; 256];
        let end = loop {
            match self.stopped.try_recv() {
                Err(TryRecvError::Empty) => {}
                Ok(()) | Err(TryRecvError::Disconnected) => break End::Stop,
            }
            let ready = lock(&self.shared).ready;
            let failed = |error| End::Failed { error, was_ready: ready };
            match port.read(&mut buffer) {
                Ok(0) => break failed(LinkError::Lost("the port was closed".into())),
                Ok(n) => {
                    heard = Instant::now();
                    let wrong = wire.wrong_parity();
                    let events = wire.feed(&buffer[..n]);
                    // For whoever looks after the machine: a board that sends wrong parity bits is
                    // read all the same (logged at 1, 2, 4, 8... characters, never a flood).
                    let now_wrong = wire.wrong_parity();
                    let band = |n: u64| 64 - n.leading_zeros();
                    if band(now_wrong) > band(wrong) {
                        crate::adapters::diverted::note(&format!(
                            "board: {now_wrong} characters read despite a wrong parity bit"
                        ));
                    }
                    if let Some(end) = self.lines(events) {
                        break end;
                    }
                }
                Err(e) if matches!(e.kind(), io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break failed(LinkError::Lost(e.to_string())),
            }
            let now = Instant::now();
            let protocol = lock(&self.shared).protocol;
            if !ready && now >= hello_due {
                // Each protocol in turn, as many rounds as there are hellos.
                tried += 1;
                if tried >= self.options.hellos as usize * candidates.len() {
                    break failed(LinkError::Silent);
                }
                hello_due = now + self.options.hello_every;
                let next = candidates[tried % candidates.len()];
                if candidates.len() > 1 {
                    wire = self.greet(&mut *port, next);
                } else {
                    lock(&self.shared).write(&next.greeting());
                }
            }
            if let (true, Some((bytes, every))) = (ready, protocol.and_then(|p| p.keepalive())) {
                if now.duration_since(heard) > every * 3 {
                    break failed(LinkError::Silent);
                }
                if now >= keepalive_due {
                    keepalive_due = now + every;
                    lock(&self.shared).write(&bytes);
                }
            }
            let mut shared = lock(&self.shared);
            if let Some(why) = shared.failed.take() {
                break failed(LinkError::Lost(why));
            }
            if shared.pending.iter().any(|p| p.due <= now && p.resends >= self.options.resends) {
                break failed(LinkError::Silent);
            }
            let late: Vec<Vec<u8>> = shared
                .pending
                .iter_mut()
                .filter(|p| p.due <= now)
                .map(|p| {
                    p.resends += 1;
                    p.due = now + self.options.ack_within;
                    p.line.clone()
                })
                .collect();
            for line in late {
                shared.write(&line);
            }
        };
        self.connection.store(NOT_CONNECTED, Ordering::Release);
        lock(&self.shared).disconnect();
        end
    }

    /// Sets the port up for `protocol` and greets the board in it; the reading end for it.
    fn greet(&self, port: &mut dyn SerialPort, protocol: Protocol) -> Box<dyn Wire> {
        configure(port, protocol, self.options.baud);
        let mut shared = lock(&self.shared);
        shared.protocol = Some(protocol);
        shared.write(&protocol.greeting());
        protocol.wire()
    }

    /// Handles decoded messages; `Some` when the connection must end.
    fn lines(&self, lines: Vec<Result<BoardEvent, WireError>>) -> Option<End> {
        for line in lines {
            let ready = lock(&self.shared).ready;
            // Before the handshake the board may still be starting (or speak another protocol): its
            // noise is not reported, and its events are read again in the snapshot that follows.
            let report = match line {
                Err(WireError::Version { board, ours }) => {
                    return Some(End::Failed { error: LinkError::Version { board, ours }, was_ready: ready });
                }
                Err(error) if ready => LinkReport::Rejected(error),
                Ok(BoardEvent::Hello { version, name }) if !ready => {
                    let mut shared = lock(&self.shared);
                    let Some(protocol) = shared.protocol else { continue };
                    shared.ready = true;
                    self.last.set(Some(protocol));
                    self.connections.set(self.connections.get() + 1);
                    self.connection.store(self.connections.get(), Ordering::Release);
                    // Connected is reported before the board is asked for its position, so it
                    // always comes before the snapshot.
                    if !(self.report)(LinkReport::Connected { name, version, protocol }) {
                        return Some(End::Stop);
                    }
                    if protocol.acknowledges() {
                        let query =
                            PegRequest { seq: self.seq.fetch_add(1, Ordering::Relaxed), command: HostCommand::Query };
                        shared.send(&query, self.options.ack_within);
                    } else {
                        shared.write(&protocol.start());
                    }
                    continue;
                }
                Ok(BoardEvent::Ack(seq)) if ready => {
                    lock(&self.shared).pending.retain(|p| p.seq != seq);
                    LinkReport::Event(BoardEvent::Ack(seq))
                }
                // A second answer to a repeated hello, or to a keepalive.
                Ok(BoardEvent::Hello { .. }) => continue,
                Ok(event) if ready => LinkReport::Event(event),
                Ok(_) | Err(_) => continue,
            };
            if !(self.report)(report) {
                return Some(End::Stop);
            }
        }
        None
    }
}

/// Sets a port up for `protocol` (its baud rate, data bits and parity; `baud` for a protocol
/// built to any rate) and drops bytes from before: a board's boot messages, or answers in another
/// protocol.
fn configure(port: &mut dyn SerialPort, protocol: Protocol, baud: u32) {
    let serial = protocol.serial();
    let baud = serial.baud.unwrap_or(baud);
    // A pseudo-terminal or an adapter that refuses a setting still carries the bytes. 8N1 for every
    // protocol: a parity bit is the protocol's own (see `Serial`).
    let _ = port.set_baud_rate(baud);
    let _ = port.set_data_bits(DataBits::Eight);
    let _ = port.set_parity(Parity::None);
    let _ = port.clear(ClearBuffer::Input);
}

/// Which protocol the board on `path` answers, and its name: each is tried in turn, waiting up to
/// `wait` for an answer. `Ok(None)` when none answers.
pub fn probe(path: &str, wait: Duration) -> Result<Option<(Protocol, String)>, LinkError> {
    let mut port =
        serialport::new(path, DEFAULT_BAUD).timeout(TICK).open().map_err(|e| LinkError::Open(e.to_string()))?;
    let mut buffer = [0u8; 256];
    for &protocol in Protocol::ALL {
        configure(&mut *port, protocol, DEFAULT_BAUD);
        port.write_all(&protocol.greeting()).map_err(|e| LinkError::Lost(e.to_string()))?;
        let mut wire = protocol.wire();
        let until = Instant::now() + wait;
        while Instant::now() < until {
            match port.read(&mut buffer) {
                Ok(n) => {
                    let hello = wire.feed(&buffer[..n]).into_iter().find_map(|event| match event {
                        Ok(BoardEvent::Hello { name, .. }) => Some(name),
                        _ => None,
                    });
                    if let Some(name) = hello {
                        return Ok(Some((protocol, name)));
                    }
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted
                    ) => {}
                Err(e) => return Err(LinkError::Lost(e.to_string())),
            }
        }
    }
    Ok(None)
}

/// The serial ports of this machine, one line each: the path, a tab, and what it is
/// (`usb 2341:0043 Arduino Uno`, `pci`, `bluetooth`, `unknown`), for `anna boards`.
pub fn port_lines() -> Result<Vec<String>, serialport::Error> {
    let mut ports = serialport::available_ports()?;
    ports.sort_by(|a, b| a.port_name.cmp(&b.port_name));
    Ok(ports
        .into_iter()
        .map(|port| {
            let kind = match port.port_type {
                serialport::SerialPortType::UsbPort(usb) => {
                    let words: Vec<String> = [usb.manufacturer, usb.product].into_iter().flatten().collect();
                    format!("usb {:04x}:{:04x} {}", usb.vid, usb.pid, words.join(" ")).trim_end().to_string()
                }
                serialport::SerialPortType::PciPort => "pci".to_string(),
                serialport::SerialPortType::BluetoothPort => "bluetooth".to_string(),
                serialport::SerialPortType::Unknown => "unknown".to_string(),
            };
            format!("{}\t{kind}", port.port_name)
        })
        .collect())
}
