//! What the board tests share: quick link options, a bounded wait for a report, a position as a
//! board senses it, and the `anna` program run with its output read line by line.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use anna::board_link::serial::LinkOptions;
use anna_board::Snapshot;
use shakmaty::Board;

/// Far more than any step should take: the claims are about what comes, in order.
pub const WAIT: Duration = Duration::from_secs(10);

/// Quick retries, so a reconnection takes a fraction of a second.
pub fn quick() -> LinkOptions {
    LinkOptions {
        first_retry: Duration::from_millis(50),
        last_retry: Duration::from_millis(200),
        hello_every: Duration::from_millis(200),
        hellos: 3,
        ack_within: Duration::from_millis(200),
        resends: 2,
        ..LinkOptions::default()
    }
}

pub fn next<T: std::fmt::Debug>(receiver: &Receiver<T>) -> T {
    receiver.recv_timeout(WAIT).expect("a report within 10 seconds")
}

/// The board as a board that knows its pieces senses it.
pub fn snapshot_of(board: &Board) -> Snapshot {
    Snapshot::of_board(board)
}

/// The `anna` program running, its standard input to type on and its output line by line.
pub struct Running {
    pub child: Child,
    pub stdin: ChildStdin,
    pub lines: Receiver<String>,
}

impl Running {
    pub fn start(mut command: Command) -> Running {
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("anna runs");
        let stdin = child.stdin.take().expect("its input");
        let stdout = child.stdout.take().expect("its output");
        let (lines_to, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = lines_to.send(line);
            }
        });
        Running { child, stdin, lines }
    }

    /// The next line written that contains `text`, waiting for it; the lines before it are named
    /// when it never comes.
    pub fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + WAIT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(text) => return line,
                Ok(line) => seen.push(line),
                Err(_) => panic!("'{text}' was not written within 10 seconds; written meanwhile:\n{}", seen.join("\n")),
            }
        }
    }

    /// Like [`wait_for`](Self::wait_for), and fails if a line containing any of `never` comes first.
    pub fn wait_for_before(&self, text: &str, never: &[&str]) -> String {
        let deadline = Instant::now() + WAIT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if never.iter().any(|n| line.contains(n)) => {
                    panic!("'{line}' was written before '{text}'; before it:\n{}", seen.join("\n"))
                }
                Ok(line) if line.contains(text) => return line,
                Ok(line) => seen.push(line),
                Err(_) => panic!("'{text}' was not written within 10 seconds; written meanwhile:\n{}", seen.join("\n")),
            }
        }
    }

    /// Types a line.
    pub fn type_line(&mut self, text: &str) {
        use std::io::Write;
        writeln!(self.stdin, "{text}").expect("anna reads its input");
    }

    /// Quits (answering the confirmation, if one is asked) and waits for the end. Anna may be gone
    /// before the answer is written: that is no failure.
    pub fn quit(mut self) {
        use std::io::Write;
        let _ = writeln!(self.stdin, "quit");
        let _ = writeln!(self.stdin, "yes");
        drop(self.stdin);
        let _ = self.child.wait();
    }
}
