//! A braille display through BRLTTY: a small client of BrlAPI's documented protocol (version 8, as
//! `brlapi_protocol.h` describes it), so that Anna needs no native library for it. Each packet is
//! its size and type (two big-endian `u32`), then its body. The client connects where every BrlAPI
//! client does (`BRLAPI_HOST`: `host:N` is TCP port 4101+N, `:N` the local socket
//! `/var/lib/BrlAPI/N`; `BRLAPI_AUTH`: `keyfile:PATH`, `none`), takes the display in tty mode with
//! BrlAPI's own key codes, writes whole windows of dots and reads the display's keys.
//!
//! [`start`] keeps one connection on its own thread: it connects (again every few seconds while
//! there is no BRLTTY or no display), writes the latest window it was given (again after a
//! reconnection, so a display that comes back is filled again) and reports what happens.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::Duration;

/// BrlAPI's protocol version this client speaks.
const VERSION: u32 = 8;
/// TCP port of BrlAPI's server number 0.
const PORT: u16 = 4101;
const MAX_PACKET: usize = 4096;

const PACKET_VERSION: u32 = b'v' as u32;
const PACKET_AUTH: u32 = b'a' as u32;
const PACKET_DISPLAY_SIZE: u32 = b's' as u32;
const PACKET_ENTER_TTY: u32 = b't' as u32;
const PACKET_KEY: u32 = b'k' as u32;
const PACKET_WRITE: u32 = b'w' as u32;
const PACKET_ACK: u32 = b'A' as u32;
const PACKET_ERROR: u32 = b'e' as u32;
const PACKET_EXCEPTION: u32 = b'E' as u32;

const AUTH_NONE: u32 = b'N' as u32;
const AUTH_KEY: u32 = b'K' as u32;

const WRITE_REGION: u32 = 0x02;
const WRITE_TEXT: u32 = 0x04;
const WRITE_OR: u32 = 0x10;
const WRITE_CHARSET: u32 = 0x40;

/// Key codes (`brlapi_keycodes.h`, `brlapi_constants.h`): a command key's type, its block and
/// argument.
const KEY_TYPE_MASK: u64 = 0xE000_0000;
const KEY_TYPE_CMD: u64 = 0x2000_0000;
const KEY_BLOCK_MASK: u64 = 0x1FFF_0000;
const KEY_ARG_MASK: u64 = 0xFFFF;
const CMD_ROUTE: u64 = 1 << 16;
const CMD_LINE_UP: u64 = 1;
const CMD_LINE_DOWN: u64 = 2;
const CMD_PAN_LEFT: u64 = 23;
const CMD_PAN_RIGHT: u64 = 24;
const CMD_INFO: u64 = 50;

/// Where the display is and how Anna may use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `host:N` or `:N`, as `BRLAPI_HOST` gives it.
    pub host: String,
    /// `keyfile:PATH` or `none`, as `BRLAPI_AUTH` gives it.
    pub auth: String,
}

impl Settings {
    /// As every BrlAPI client reads them: `BRLAPI_HOST` (`:0`), `BRLAPI_AUTH` (`/etc/brlapi.key`).
    pub fn from_env() -> Settings {
        let read = |name: &str, default: &str| {
            std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| default.to_string())
        };
        Settings { host: read("BRLAPI_HOST", ":0"), auth: read("BRLAPI_AUTH", "keyfile:/etc/brlapi.key") }
    }
}

/// A key of the display that means something to Anna.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisplayKey {
    /// A routing key, by the cell above it counted from 0 over the whole window (row by row).
    Route(u16),
    PanLeft,
    PanRight,
    LineUp,
    LineDown,
    /// The status: the last move and both clocks.
    Status,
}

impl DisplayKey {
    /// The key a BrlAPI key code means, if Anna uses it.
    pub fn from_code(code: u64) -> Option<DisplayKey> {
        if code & KEY_TYPE_MASK != KEY_TYPE_CMD {
            return None;
        }
        let argument = code & KEY_ARG_MASK;
        Some(match code & KEY_BLOCK_MASK {
            CMD_ROUTE => DisplayKey::Route(u16::try_from(argument).ok()?),
            0 => match argument {
                CMD_PAN_LEFT => DisplayKey::PanLeft,
                CMD_PAN_RIGHT => DisplayKey::PanRight,
                CMD_LINE_UP => DisplayKey::LineUp,
                CMD_LINE_DOWN => DisplayKey::LineDown,
                CMD_INFO => DisplayKey::Status,
                _ => return None,
            },
            _ => return None,
        })
    }
}

/// What the connection's thread reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A display of `columns` by `rows` cells is there (again).
    Connected {
        columns: u16,
        rows: u16,
    },
    /// There is no display, or it went away: why, in a few words.
    Gone(String),
    Key(DisplayKey),
}

/// The way to the connection's thread: the window to show. Dropped, it ends the thread.
pub struct Display {
    messages: mpsc::Sender<Message>,
}

/// Cells row after row: each a character, which BRLTTY shows by the player's braille table, and
/// dots added to it (dots 1-8 as bits 0-7).
pub type Window = Vec<(char, u8)>;

impl Display {
    /// Shows these cells; the rest of the display is blank.
    pub fn show(&self, cells: Window) {
        let _ = self.messages.send(Message::Show(cells));
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.messages.send(Message::Stop);
    }
}

/// What the connection's thread waits for: a window from Anna, a key or the end of the
/// connection from its reader, or the end.
enum Message {
    Show(Window),
    Pressed(DisplayKey),
    Lost(io::Error),
    Stop,
}

/// Connects on its own thread, reporting through `report`; tries again every `retry`.
pub fn start(settings: Settings, retry: Duration, report: impl Fn(Report) + Send + 'static) -> Display {
    let (messages, inbox) = mpsc::channel::<Message>();
    let keys = messages.clone();
    let spawned = std::thread::Builder::new().name("anna-braille".into()).spawn(move || {
        let mut window: Window = Vec::new();
        // What was last said of a failure: the same failure again (every retry) is not said.
        let mut told: Option<String> = None;
        loop {
            let failure = match Connection::open(&settings) {
                Ok(connection) => {
                    report(Report::Connected { columns: connection.columns, rows: connection.rows });
                    match serve(connection, &inbox, &keys, &mut window, &report) {
                        None => return,
                        Some(e) => {
                            told = None;
                            e
                        }
                    }
                }
                Err(e) => e,
            };
            if told.as_deref() != Some(&failure.to_string()) {
                told = Some(failure.to_string());
                report(Report::Gone(failure.to_string()));
            }
            // While there is no display, the latest window asked for is kept for when it comes.
            let deadline = std::time::Instant::now() + retry;
            loop {
                match inbox.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now())) {
                    Ok(Message::Show(cells)) => window = cells,
                    Ok(Message::Pressed(_) | Message::Lost(_)) => {}
                    Err(mpsc::RecvTimeoutError::Timeout) => break,
                    Ok(Message::Stop) | Err(mpsc::RecvTimeoutError::Disconnected) => return,
                }
            }
        }
    });
    if let Err(e) = spawned {
        crate::adapters::diverted::note(&format!("the braille display cannot start: {e}"));
    }
    Display { messages }
}

/// Writes windows and passes keys on until the connection fails (its failure) or Anna stops
/// (`None`). Keys are read on a thread of their own, which ends when the connection is shut.
fn serve(
    connection: Connection,
    inbox: &mpsc::Receiver<Message>,
    keys: &mpsc::Sender<Message>,
    window: &mut Window,
    report: &impl Fn(Report),
) -> Option<io::Error> {
    let Connection { mut stream, columns, rows } = connection;
    let size = usize::from(columns) * usize::from(rows);
    let mut reader = match stream.try_clone() {
        Ok(reader) => reader,
        Err(e) => return Some(e),
    };
    let keys = keys.clone();
    std::thread::spawn(move || loop {
        let message = match read_packet(&mut reader) {
            Ok((PACKET_KEY, body)) if body.len() >= 8 => {
                let code = (u64::from(be(&body[0..4])) << 32) | u64::from(be(&body[4..8]));
                match DisplayKey::from_code(code) {
                    Some(key) => Message::Pressed(key),
                    None => continue,
                }
            }
            Ok((PACKET_ERROR | PACKET_EXCEPTION, body)) => {
                Message::Lost(io::Error::other(format!("BrlAPI refused a request (error {})", code_of(&body))))
            }
            Ok(_) => continue,
            Err(e) => Message::Lost(e),
        };
        let lost = matches!(message, Message::Lost(_));
        if keys.send(message).is_err() || lost {
            return;
        }
    });
    let mut failure = write_window(&mut stream, window, size).err();
    while failure.is_none() {
        match inbox.recv() {
            Ok(Message::Show(cells)) if cells != *window => {
                *window = cells;
                failure = write_window(&mut stream, window, size).err();
            }
            Ok(Message::Show(_)) => {}
            Ok(Message::Pressed(key)) => report(Report::Key(key)),
            Ok(Message::Lost(e)) => failure = Some(e),
            Ok(Message::Stop) | Err(_) => {
                stream.shutdown();
                return None;
            }
        }
    }
    // The key reader ends with the connection.
    stream.shutdown();
    failure
}

fn be(bytes: &[u8]) -> u32 {
    u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
}

fn code_of(body: &[u8]) -> u32 {
    if body.len() >= 4 {
        be(&body[0..4])
    } else {
        0
    }
}

/// The stream to BrlAPI's server: TCP, or its local socket.
enum Stream {
    Tcp(TcpStream),
    #[cfg(unix)]
    Local(std::os::unix::net::UnixStream),
}

impl Stream {
    /// Ends the connection for every handle on it (the key reader's too).
    fn shutdown(&self) {
        let _ = match self {
            Stream::Tcp(s) => s.shutdown(std::net::Shutdown::Both),
            #[cfg(unix)]
            Stream::Local(s) => s.shutdown(std::net::Shutdown::Both),
        };
    }

    fn try_clone(&self) -> io::Result<Stream> {
        Ok(match self {
            Stream::Tcp(s) => Stream::Tcp(s.try_clone()?),
            #[cfg(unix)]
            Stream::Local(s) => Stream::Local(s.try_clone()?),
        })
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.read(buf),
            #[cfg(unix)]
            Stream::Local(s) => s.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.write(buf),
            #[cfg(unix)]
            Stream::Local(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stream::Tcp(s) => s.flush(),
            #[cfg(unix)]
            Stream::Local(s) => s.flush(),
        }
    }
}

/// A display taken in tty mode.
struct Connection {
    stream: Stream,
    columns: u16,
    rows: u16,
}

impl Connection {
    fn open(settings: &Settings) -> io::Result<Connection> {
        let mut stream = connect(&settings.host)?;
        let (kind, body) = read_packet(&mut stream)?;
        if kind != PACKET_VERSION || code_of(&body) < VERSION {
            return Err(io::Error::other("BrlAPI speaks another version"));
        }
        write_packet(&mut stream, PACKET_VERSION, &VERSION.to_be_bytes())?;
        let (kind, body) = read_packet(&mut stream)?;
        if kind != PACKET_AUTH {
            return Err(io::Error::other("BrlAPI did not ask for authorization"));
        }
        let methods: Vec<u32> = body.chunks_exact(4).map(be).collect();
        authorize(&mut stream, &methods, &settings.auth)?;
        write_packet(&mut stream, PACKET_DISPLAY_SIZE, &[])?;
        let (kind, body) = read_packet(&mut stream)?;
        if kind != PACKET_DISPLAY_SIZE || body.len() < 8 {
            return Err(io::Error::other("BrlAPI did not give the display's size"));
        }
        let (columns, rows) = (be(&body[0..4]), be(&body[4..8]));
        if columns == 0 || rows == 0 {
            return Err(io::Error::other("BRLTTY has no braille display"));
        }
        // No terminal path: BRLTTY without a screen driver gives the display to its one client;
        // no driver name: keys come as BrlAPI's commands.
        let mut tty = 0u32.to_be_bytes().to_vec();
        tty.push(0);
        write_packet(&mut stream, PACKET_ENTER_TTY, &tty)?;
        expect_ack(&mut stream)?;
        let size = |n: u32| u16::try_from(n).map_err(|_| io::Error::other("the display is too large"));
        Ok(Connection { stream, columns: size(columns)?, rows: size(rows)? })
    }
}

fn connect(host: &str) -> io::Result<Stream> {
    let (name, number) = host.rsplit_once(':').unwrap_or((host, "0"));
    let number: u16 = if number.is_empty() { 0 } else { number.parse().map_err(|_| bad_host(host))? };
    if name.is_empty() {
        return local(number).ok_or_else(|| bad_host(host))?;
    }
    let port = PORT.checked_add(number).ok_or_else(|| bad_host(host))?;
    let stream = TcpStream::connect((name, port))?;
    stream.set_nodelay(true)?;
    Ok(Stream::Tcp(stream))
}

/// BrlAPI's local socket number `number`, where libbrlapi looks for it: a server of the user's own
/// session (`$XDG_RUNTIME_DIR/brltty`) first, then the system's (`/var/lib/BrlAPI`). `None` where
/// there are no local sockets.
fn local(number: u16) -> Option<io::Result<Stream>> {
    #[cfg(unix)]
    {
        let session = std::env::var("XDG_RUNTIME_DIR").ok().filter(|d| !d.is_empty()).map(|d| format!("{d}/brltty"));
        let mut last = None;
        for folder in session.into_iter().chain(["/var/lib/BrlAPI".to_string()]) {
            match std::os::unix::net::UnixStream::connect(format!("{folder}/{number}")) {
                Ok(stream) => return Some(Ok(Stream::Local(stream))),
                Err(e) => last = Some(e),
            }
        }
        last.map(Err)
    }
    #[cfg(not(unix))]
    {
        let _ = number;
        None
    }
}

fn bad_host(host: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, format!("BRLAPI_HOST {host} is not host:number"))
}

fn authorize(stream: &mut Stream, methods: &[u32], auth: &str) -> io::Result<()> {
    if methods.contains(&AUTH_NONE) {
        return Ok(());
    }
    if methods.contains(&AUTH_KEY) {
        let path = auth.strip_prefix("keyfile:").unwrap_or(auth);
        let key = std::fs::read(path).map_err(|e| io::Error::new(e.kind(), format!("the BrlAPI key {path}: {e}")))?;
        let mut body = AUTH_KEY.to_be_bytes().to_vec();
        body.extend_from_slice(&key);
        write_packet(stream, PACKET_AUTH, &body)?;
        return expect_ack(stream);
    }
    Err(io::Error::new(io::ErrorKind::PermissionDenied, "BrlAPI asks for an authorization Anna cannot give"))
}

fn expect_ack(stream: &mut Stream) -> io::Result<()> {
    match read_packet(stream)? {
        (PACKET_ACK, _) => Ok(()),
        (PACKET_ERROR | PACKET_EXCEPTION, body) => {
            Err(io::Error::new(io::ErrorKind::PermissionDenied, format!("BrlAPI refused (error {})", code_of(&body))))
        }
        (kind, _) => Err(io::Error::other(format!("BrlAPI answered with packet {kind}"))),
    }
}

/// Writes the whole display: `cells` and blank cells after them, their characters as text (which
/// BRLTTY turns into dots by the player's table, and a screen reader's view of the display reads)
/// with the dots added to them.
fn write_window(stream: &mut Stream, cells: &[(char, u8)], size: usize) -> io::Result<()> {
    let mut cells = cells.to_vec();
    cells.resize(size, (' ', 0));
    let text: String = cells.iter().map(|(c, _)| *c).collect();
    let mut body = (WRITE_REGION | WRITE_TEXT | WRITE_OR | WRITE_CHARSET).to_be_bytes().to_vec();
    let size32 = u32::try_from(size).map_err(|_| io::Error::other("the display is too large"))?;
    body.extend_from_slice(&1u32.to_be_bytes());
    body.extend_from_slice(&size32.to_be_bytes());
    body.extend_from_slice(&u32::try_from(text.len()).unwrap_or(0).to_be_bytes());
    body.extend_from_slice(text.as_bytes());
    body.extend(cells.iter().map(|(_, dots)| *dots));
    body.push(5);
    body.extend_from_slice(b"UTF-8");
    write_packet(stream, PACKET_WRITE, &body)
}

fn write_packet(stream: &mut Stream, kind: u32, body: &[u8]) -> io::Result<()> {
    if body.len() > MAX_PACKET {
        return Err(io::Error::other("a window too large for BrlAPI"));
    }
    let mut packet = u32::try_from(body.len()).unwrap_or(0).to_be_bytes().to_vec();
    packet.extend_from_slice(&kind.to_be_bytes());
    packet.extend_from_slice(body);
    stream.write_all(&packet)?;
    stream.flush()
}

fn read_packet(stream: &mut Stream) -> io::Result<(u32, Vec<u8>)> {
    let mut header = [0u8; 8];
    stream.read_exact(&mut header)?;
    let size = be(&header[0..4]) as usize;
    if size > MAX_PACKET {
        return Err(io::Error::other("BrlAPI sent a packet too large"));
    }
    let mut body = vec![0u8; size];
    stream.read_exact(&mut body)?;
    Ok((be(&header[4..8]), body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_codes_are_read_as_brlapi_defines_them() {
        assert_eq!(DisplayKey::from_code(0x2001_0005), Some(DisplayKey::Route(5)));
        assert_eq!(DisplayKey::from_code(0x2000_0017), Some(DisplayKey::PanLeft));
        assert_eq!(DisplayKey::from_code(0x2000_0018), Some(DisplayKey::PanRight));
        assert_eq!(DisplayKey::from_code(0x2000_0032), Some(DisplayKey::Status));
        // A key symbol (the keyboard's), not a command: not Anna's.
        assert_eq!(DisplayKey::from_code(0x0000_0061), None);
    }
}
