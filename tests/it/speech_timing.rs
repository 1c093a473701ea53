//! The game first, end to end: the real `anna` speaks through a fake `espeak-ng` put first on the
//! PATH, which logs when each sentence starts (milliseconds since 1970) and takes 60 ms a character,
//! as a real espeak-ng at its normal rate nearly does. A move typed while a long answer is being
//! said must start being said at once, not after the answer.
#![cfg(unix)]

use crate::support;

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use support::{anna, TempDir};

/// Writes the fake espeak-ng into the folder `bin` of `dir`, and returns that folder: each call logs `MILLIS TEXT` and then "speaks" for 60 ms a
/// character (or, when `hang`, logs `MILLIS hung` and hangs without ever reading its sentence).
fn fake_espeak(dir: &TempDir, hang: bool) -> PathBuf {
    let dir = dir.join("bin");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("calls.log");
    let speak = if hang {
        "printf '%s hung\\n' \"$now\" >> \"$log\"; sleep 3600"
    } else {
        "text=$(cat); printf '%s %s\\n' \"$now\" \"$text\" >> \"$log\"\n\
         ms=$(( ${#text} * 60 )); sleep \"$((ms / 1000)).$(printf %03d $((ms % 1000)))\""
    };
    let script = format!(
        "#!/bin/sh\ncase \"$1\" in --voices) exit 0;; esac\nnow=$(date +%s%3N)\nlog='{}'\n{speak}\n",
        log.display()
    );
    let path = dir.join("espeak-ng");
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

fn now_ms() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis()
}

/// The calls logged so far: (millis, text).
fn calls(dir: &Path) -> Vec<(u128, String)> {
    std::fs::read_to_string(dir.join("calls.log"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(t, w)| (t.parse().unwrap_or(0), w.to_string())))
        .collect()
}

fn wait_for_call(dir: &Path, what: &str) -> (u128, String) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(call) = calls(dir).into_iter().find(|(_, w)| w.contains(what)) {
            return call;
        }
        assert!(Instant::now() < deadline, "'{what}' was never spoken: {:?}", calls(dir));
        std::thread::sleep(Duration::from_millis(5));
    }
}

struct Game {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
}

impl Game {
    fn start(dir: &TempDir, bin: &Path) -> Game {
        Game::start_with(dir, bin, Stdio::null())
    }

    fn start_with(dir: &TempDir, bin: &Path, stdout: Stdio) -> Game {
        let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
        let mut child = anna(&dir.join("data"))
            .args(["--speech", "espeak", "--sounds", "off", "--no-setup", "--tc", "-"])
            .env("PATH", path)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .stdin(Stdio::piped())
            .stdout(stdout)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        Game { child, stdin }
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_move_typed_during_a_long_answer_is_said_at_once() {
    let dir = TempDir::new("timing-help");
    let bin = fake_espeak(&dir, false);
    let mut game = Game::start(&dir, &bin);
    wait_for_call(&bin, "Anna is ready");
    game.type_line("e4");
    game.type_line("");
    wait_for_call(&bin, "White: Eva vier.");
    game.type_line("help");
    wait_for_call(&bin, "Commands: a move like e4");
    let typed = now_ms();
    game.type_line("e5");
    let (said, _) = wait_for_call(&bin, "Black: Eva fünf.");
    let delay = said.saturating_sub(typed);
    // The fake's own start (a shell, `date`) costs a few milliseconds of the budget.
    assert!(delay <= 250, "the move was said {delay} ms after it was typed: {:?}", calls(&bin));
}

#[test]
fn a_line_of_200_kilobytes_leaves_speech_on() {
    let dir = TempDir::new("timing-long");
    let bin = fake_espeak(&dir, false);
    let mut game = Game::start(&dir, &bin);
    wait_for_call(&bin, "Anna is ready");
    game.type_line(&"y".repeat(200_000));
    wait_for_call(&bin, "That line is too long");
    game.type_line("e4");
    wait_for_call(&bin, "White: Eva vier.");
}

#[test]
fn a_speech_program_that_never_takes_its_sentence_is_passed_over_within_a_second() {
    use std::io::BufRead;
    let dir = TempDir::new("timing-hung");
    let bin = fake_espeak(&dir, true);
    let mut game = Game::start_with(&dir, &bin, Stdio::piped());
    let stdout = game.child.stdout.take().unwrap();
    let (lines, heard) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send((now_ms(), line));
        }
    });
    let (hung, _) = wait_for_call(&bin, "hung");
    let deadline = Instant::now() + Duration::from_secs(10);
    let notice = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let (at, line) = heard.recv_timeout(left).expect("no notice that espeak-ng hung");
        if line.contains("espeak-ng did not answer in time") {
            break at;
        }
    };
    let waited = notice.saturating_sub(hung);
    // A second of patience, counted from the call, which the fake logs a little after it began;
    // and slack for a busy machine (CI has two cores for everything).
    assert!((800..=2500).contains(&waited), "passed over after {waited} ms");
    // Speech goes on through the next backend: the game is still written and said.
    game.type_line("e4");
    loop {
        let (_, line) = heard.recv_timeout(Duration::from_secs(10)).expect("the move was never said");
        if line.contains("White: Eva vier.") {
            break;
        }
    }
}
