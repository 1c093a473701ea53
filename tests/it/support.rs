//! What the integration tests share: the check for an outside tool (espeak-ng, tmux, stockfish),
//! a temporary folder of a test's own, and the real `anna` in a real terminal under tmux. Each test
//! module takes it with `use crate::support;` and uses what it needs.

pub mod boards;
pub mod http;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Whether a test that needs an outside tool may run: true when the tool is there. Without it the
/// test is skipped with a note, so `cargo test` needs nothing but Rust, unless
/// `ANNA_REQUIRE_TOOLS=1` (as `.ci/run` sets, having installed the tools): then it fails.
pub fn tool(present: bool, name: &str, package: &str) -> bool {
    if present {
        return true;
    }
    if std::env::var_os("ANNA_REQUIRE_TOOLS").is_some_and(|v| v == "1") {
        panic!("{name} is missing but ANNA_REQUIRE_TOOLS=1: install it (apt-get install {package})");
    }
    eprintln!("{name} is missing; this test is skipped (apt-get install {package} to run it)");
    false
}

/// A folder of this test's own, emptied first and removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("anna-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The data folder of tests that keep no files of their own: never the user's.
pub fn shared_data() -> PathBuf {
    std::env::temp_dir().join("anna-test-data")
}

/// `anna` with its journals and saved games in `data` (never in the user's folder).
pub fn anna(data: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_anna"));
    command.env("ANNA_DATA_DIR", data);
    command
}

/// Runs `anna ARGS` with its data in `data` and `input` on standard input, to its end.
pub fn run(data: &std::path::Path, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = anna(data)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("anna runs");
    // A program that has ended already does not read the rest: no matter.
    let _ = child.stdin.take().expect("a standard input").write_all(input.as_bytes());
    child.wait_with_output().expect("anna ends")
}

/// The real program on pipes, answered as a player would: a line typed only once what it waits for
/// has been said (a quit typed in the same instant as a move may come before the answer).
pub struct Piped {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    said: std::sync::mpsc::Receiver<String>,
    /// Every line said so far.
    pub heard: Vec<String>,
}

impl Piped {
    /// Starts `anna ARGS` with its data in `data`; standard error is not read.
    pub fn start(data: &std::path::Path, args: &[&str]) -> Piped {
        use std::io::BufRead;
        use std::process::Stdio;
        let mut child = anna(data)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("anna runs");
        let (lines, said) = std::sync::mpsc::channel();
        let stdout = child.stdout.take().expect("a standard output");
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
        Piped { stdin: child.stdin.take(), child, said, heard: Vec::new() }
    }

    /// Types `text` (lines ending in newlines).
    pub fn type_text(&mut self, text: &str) {
        use std::io::Write;
        self.stdin.as_mut().expect("standard input open").write_all(text.as_bytes()).expect("anna reads");
    }

    /// The first line said from now on that `wanted` accepts; a minute at most.
    pub fn until(&mut self, wanted: impl Fn(&str) -> bool) -> String {
        loop {
            let Ok(line) = self.said.recv_timeout(std::time::Duration::from_secs(60)) else {
                panic!("not said within a minute; said: {:#?}", self.heard);
            };
            self.heard.push(line.clone());
            if wanted(&line) {
                return line;
            }
        }
    }

    /// Closes standard input and waits for the end: the exit status and every line said.
    pub fn finish(mut self) -> (std::process::ExitStatus, Vec<String>) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("anna ends");
        // The reader ends at the end of the output: every line said is read before it.
        while let Ok(line) = self.said.recv_timeout(std::time::Duration::from_secs(10)) {
            self.heard.push(line);
        }
        (status, self.heard)
    }
}

/// Bytes written by the program, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A tmux server of its own (`-L`), so the user's sessions are never touched; killed on drop. The
/// test types with `send-keys` and reads the screen with `capture-pane`, polling until the expected
/// text appears (no fixed sleeps).
pub struct Terminal {
    socket: String,
    /// Anna's data folder (journals, saved games).
    pub data: PathBuf,
}

impl Terminal {
    /// Starts `anna ARGS` in a detached 120x40 session with the data folder `data`, or `None` when
    /// tmux is missing and skipping was asked for.
    pub fn start(name: &str, data: &std::path::Path, args: &[&str]) -> Option<Terminal> {
        Terminal::start_with(name, data, &[], args)
    }

    /// [`Terminal::start`] with these `NAME=VALUE` settings of the environment (the shell's words:
    /// `PATH=/fake:$PATH`).
    pub fn start_with(name: &str, data: &std::path::Path, env: &[String], args: &[&str]) -> Option<Terminal> {
        if !tool(Command::new("tmux").arg("-V").output().is_ok(), "tmux", "tmux") {
            return None;
        }
        let terminal = Terminal { socket: format!("anna-test-{}-{name}", std::process::id()), data: data.into() };
        let mut command = vec![format!("ANNA_DATA_DIR={}", data.display())];
        command.extend(env.iter().cloned());
        command.push(env!("CARGO_BIN_EXE_anna").to_string());
        command.extend(args.iter().map(|a| a.to_string()));
        // The shell keeps the pane open after anna ends, so its last lines can still be read.
        let line = format!("{}; echo anna-exited-$?; sleep 60", command.join(" "));
        let out = terminal.tmux(&["new-session", "-d", "-x", "120", "-y", "40", "-s", "anna", &line]);
        assert!(out.status.success(), "tmux new-session: {}", String::from_utf8_lossy(&out.stderr));
        Some(terminal)
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux").args(["-L", &self.socket]).args(args).env_remove("TMUX").output().expect("tmux runs")
    }

    /// The process id of `anna` in the terminal (the child of the pane's shell).
    pub fn program_pid(&self) -> u32 {
        let out = self.tmux(&["list-panes", "-t", "anna", "-F", "#{pane_pid}"]);
        let shell = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).unwrap_or_default();
        // A shell that runs one command may have become it (exec).
        children.split_whitespace().next().unwrap_or(&shell).parse().expect("a process id")
    }

    /// Types `text` and Enter.
    pub fn type_line(&self, text: &str) {
        self.keys(text);
        self.key("Enter");
    }

    /// Types `text` as it is, nothing more.
    pub fn keys(&self, text: &str) {
        if !text.is_empty() {
            assert!(self.tmux(&["send-keys", "-t", "anna", "-l", text]).status.success());
        }
    }

    /// Presses one key by its tmux name (`Enter`, `Escape`, `Space`, `Up`, `C-c`).
    pub fn key(&self, name: &str) {
        assert!(self.tmux(&["send-keys", "-t", "anna", name]).status.success());
    }

    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-J", "-t", "anna", "-S", "-200"]).stdout)
            .into_owned()
    }

    /// Waits until the screen shows `text` (at most 30 seconds: CI machines are busy) and returns
    /// the screen. Spaces and line ends are all one: the board view wraps what was said.
    pub fn wait_for(&self, text: &str) -> String {
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let wanted = words(text);
        self.wait_until(text, |screen| words(screen).contains(&wanted))
    }

    /// Waits until `ready` holds for the screen; `what` names it when it never does.
    pub fn wait_until(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(Instant::now() < deadline, "'{what}' never appeared; the screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}
