//! Issue 62: the game on a braille display, against a real BRLTTY (Debian's `brltty`) with its
//! Virtual driver (`-b vr`), which connects to the display emulator here over loopback: the
//! emulator says `cells 32 10` (or `cells 40`), BRLTTY sends each window's dots (`Braille
//! "236| |12358|..."`) and the keys the emulator names (`route 232`). Anna reaches BRLTTY through
//! BrlAPI's server on loopback with a key file, as any BrlAPI client does.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::support::{tool, TempDir};

fn brltty() -> Option<PathBuf> {
    ["/usr/sbin/brltty", "/usr/bin/brltty", "/sbin/brltty"].into_iter().map(PathBuf::from).find(|p| p.exists())
}

/// A free BrlAPI server number: its TCP port 4101+N is not taken.
fn free_number() -> u16 {
    (100..2000).find(|n| TcpListener::bind(("127.0.0.1", 4101 + n)).is_ok()).expect("a free port")
}

/// BRLTTY driving the emulated display, and what the display was sent.
struct Display {
    running: Option<Running>,
    number: u16,
    cells: String,
    host: String,
    key: PathBuf,
    dir: TempDir,
}

/// One run of BRLTTY, and the emulator's connection with it.
struct Running {
    brltty: Child,
    emulator: TcpStream,
    lines: mpsc::Receiver<String>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.brltty.kill();
        let _ = self.brltty.wait();
    }
}

impl Display {
    fn start(name: &str, cells: &str) -> Option<Display> {
        if !tool(brltty().is_some(), "brltty", "brltty") {
            return None;
        }
        let dir = TempDir::new(name);
        let key = dir.join("brlapi.key");
        let random = format!("{:x}{:x}", std::process::id(), Instant::now().elapsed().as_nanos() ^ 0x5eed_cafe);
        std::fs::write(&key, random).unwrap();
        let private = <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o600);
        std::fs::set_permissions(&key, private).unwrap();
        std::fs::write(dir.join("brltty.conf"), "").unwrap();
        let number = free_number();
        let host = format!("127.0.0.1:{number}");
        let mut display = Display { running: None, number, cells: cells.to_string(), host, key, dir };
        display.launch();
        Some(display)
    }

    /// Starts BRLTTY (again), its BrlAPI server on the same number with the same key.
    fn launch(&mut self) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let folder = self.dir.0.display().to_string();
        let brltty = Command::new(brltty().unwrap())
            .args(["-n", "-e", "-q", "-Z", "-s", "no", "-x", "no", "-b", "vr", "-t", "en-nabcc"])
            .args(["-d", &format!("client:127.0.0.1:{port}")])
            .args(["-A", &format!("host=127.0.0.1:{},auth=keyfile:{}", self.number, self.key.display())])
            .args([
                "-f",
                &format!("{folder}/brltty.conf"),
                "-F",
                &format!("{folder}/prefs"),
                "-P",
                &format!("{folder}/pid"),
            ])
            .args(["-W", &folder, "-U", &folder])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        listener.set_nonblocking(true).unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        let emulator = loop {
            match listener.accept() {
                Ok((stream, _)) => break stream,
                Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
                Err(e) => panic!("BRLTTY never connected to the display: {e}"),
            }
        };
        emulator.set_nonblocking(false).unwrap();
        (&emulator).write_all(format!("cells {}\n", self.cells).as_bytes()).unwrap();
        let (sender, lines) = mpsc::channel();
        let reader = emulator.try_clone().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(reader).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        self.running = Some(Running { brltty, emulator, lines });
    }

    /// Stops BRLTTY: the display is gone.
    fn stop(&mut self) {
        self.running = None;
    }

    fn running(&self) -> &Running {
        self.running.as_ref().expect("BRLTTY runs")
    }

    /// Presses a key of the display, by its BRLTTY name.
    fn press(&self, key: &str) {
        (&self.running().emulator).write_all(format!("{key}\n").as_bytes()).unwrap();
    }

    /// The first window of dots that `wanted` accepts, its cells each as its dots (`"236"`, `" "`).
    fn wait_for(&self, what: &str, wanted: impl Fn(&[&str]) -> bool) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        while let Ok(line) = self.running().lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            if let Some(dots) = line.strip_prefix("Braille \"").and_then(|l| l.strip_suffix('"')) {
                let cells: Vec<&str> = dots.split('|').collect();
                if wanted(&cells) {
                    return cells.into_iter().map(String::from).collect();
                }
            }
            seen.push(line);
        }
        panic!("the display never showed {what}; it was sent:\n{}", seen.join("\n"));
    }
}

/// Anna with `--braille-display`, reading lines from its standard input.
struct Anna {
    child: Child,
    stdin: ChildStdin,
    said: mpsc::Receiver<String>,
    _home: TempDir,
}

impl Anna {
    fn start(name: &str, host: &str, key: &std::path::Path) -> Anna {
        let home = TempDir::new(name);
        let mut child = Command::new(env!("CARGO_BIN_EXE_anna"))
            .args(["--braille-display", "--tc", "5+0", "--speech", "off", "--sounds", "off"])
            .env("BRLAPI_HOST", host)
            .env("BRLAPI_AUTH", format!("keyfile:{}", key.display()))
            .env("HOME", &home.0)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, said) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Anna { child, stdin, said, _home: home }
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }

    fn wait_for(&self, text: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        while let Ok(line) = self.said.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            let found = line.contains(text);
            seen.push(line);
            if found {
                return seen;
            }
        }
        panic!("Anna never said {text:?}; she said:\n{}", seen.join("\n"));
    }
}

impl Drop for Anna {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The rows of a 32-column window.
fn row(cells: &[&str], n: usize) -> String {
    cells[n * 32..(n + 1) * 32].join("|").trim_end_matches(['|', ' ']).to_string()
}

#[test]
fn the_board_is_shown_rank_by_rank_and_routing_keys_choose_a_move() {
    let Some(display) = Display::start("braille-board", "32 10") else { return };
    let mut anna = Anna::start("braille-board-home", &display.host, &display.key);
    anna.wait_for("Braille display: 32 cells, 10 rows.");
    for line in ["e4", "", "e5", ""] {
        anna.type_line(line);
    }
    anna.wait_for("Black: Eva fünf.");
    // After 1.e4 e5, the first three ranks as White sees them: the rank's number (NABCC digits,
    // BRLTTY's table here), a blank cell, then a8 to h8; black pieces with dot 8, an empty dark
    // square dots 3-6, an empty light square blank.
    let cells = display.wait_for("the board after 1.e4 e5", |cells| {
        cells.len() == 320 && cells[6 * 32 + 6] == " " && cells[32 + 6] == "36"
    });
    let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
    assert_eq!(row(&cells, 0), "236| |12358|13458|128|123458|138|128|13458|12358");
    assert_eq!(row(&cells, 1), "2356| |12348|12348|12348|12348|36|12348|12348|12348");
    assert_eq!(row(&cells, 2), "235| | |36| |36| |36| |36");
    // White pieces carry dot 7: rank 1 is "1 rnbqkbnr" with dot 7.
    assert_eq!(row(&cells, 7), "2| |12357|13457|127|123457|137|127|13457|12357");
    // Routing keys over g1, then f3: the first asks what stands there, the second makes the move.
    display.press(&format!("route {}", 7 * 32 + 8));
    anna.wait_for("Gustav eins, white knight");
    display.press(&format!("route {}", 5 * 32 + 7));
    anna.wait_for("White: Knight Felix drei.");
    anna.type_line("quit");
}

#[test]
fn a_one_line_display_shows_each_sentence_the_move_first() {
    let Some(display) = Display::start("braille-line", "40") else { return };
    let mut anna = Anna::start("braille-line-home", &display.host, &display.key);
    anna.wait_for("Braille display: 40 cells, 1 row.");
    anna.type_line("e4");
    anna.wait_for("White: Eva vier.");
    // "White: Eva vier." in NABCC: W (dots 2456 and 7 for a capital), h, i, t, e, colon.
    let cells = display.wait_for("the move", |cells| cells.first() == Some(&"24567"));
    assert_eq!(cells[..6].join("|"), "24567|125|24|2345|15|156");
    anna.type_line("quit");
}

#[test]
fn without_brltty_one_sentence_is_said_and_the_game_goes_on() {
    // A port nothing listens on.
    let number = free_number();
    let mut anna =
        Anna::start("braille-none-home", &format!("127.0.0.1:{number}"), std::path::Path::new("/nonexistent"));
    let said = anna.wait_for("No braille display");
    assert_eq!(said.iter().filter(|l| l.contains("No braille display")).count(), 1);
    anna.type_line("e4");
    let said = anna.wait_for("White: Eva vier.");
    assert!(!said.iter().any(|l| l.contains("No braille display")), "{said:?}");
    anna.type_line("quit");
}

#[test]
fn a_display_gone_is_said_once_play_goes_on_and_it_is_filled_again_when_back() {
    let Some(mut display) = Display::start("braille-gone", "40") else { return };
    let mut anna = Anna::start("braille-gone-home", &display.host, &display.key);
    anna.wait_for("Braille display: 40 cells, 1 row.");
    anna.type_line("e4");
    anna.wait_for("White: Eva vier.");
    display.stop();
    let mut said = anna.wait_for("No braille display");
    anna.type_line("");
    anna.type_line("e5");
    said.extend(anna.wait_for("Black: Eva fünf."));
    // Back: said, and the display shows the game again (what is said next).
    display.launch();
    said.extend(anna.wait_for("Braille display: 40 cells, 1 row."));
    display.wait_for("the display filled again", |cells| cells.iter().any(|c| *c != " "));
    anna.type_line("");
    anna.type_line("Nf3");
    said.extend(anna.wait_for("White: Knight Felix drei."));
    display.wait_for("the move on the display", |cells| cells.first() == Some(&"24567"));
    assert_eq!(said.iter().filter(|l| l.contains("No braille display")).count(), 1, "{said:?}");
    anna.type_line("quit");
}
