//! Never lose a game: the real `anna` is killed with SIGKILL at random points of a scripted game
//! (a seeded generator picks them, so every run kills at the same lines), then started with
//! `--resume`. Every move and every clock reading it wrote before it died must be there after the
//! resumption, in order, and nothing else than the game's own moves; a second kill after a
//! resumption must lose nothing either.

use crate::support;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

const ITERATIONS: u64 = 24;

/// A Ruy Lopez, each move completed by a press; the clocks are asked now and then.
const MOVES: [&str; 24] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3",
    "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5",
];

fn script(from: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, mv) in MOVES.iter().enumerate().skip(from) {
        lines.push(mv.to_string());
        lines.push(String::new());
        if i % 3 == 2 {
            lines.push("time".to_string());
        }
    }
    lines
}

/// xorshift64*: the kill points, the same on every run.
fn anna(data: &Path, resume: bool) -> Child {
    let mut args = vec!["--no-setup", "--speech", "off", "--sounds", "off", "--alarms", "off", "--squares", "plain"];
    args.extend(["--tc", "300+2", "--no-confirm"]);
    if resume {
        args.push("--resume");
    }
    support::anna(data)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the anna binary runs")
}

/// Feeds `lines` one by one and kills the program after `kill_after` of them and a short wait;
/// returns what it wrote before it died.
fn killed_run(data: &Path, resume: bool, lines: &[String], rng: &mut fastrand::Rng) -> Vec<String> {
    let mut child = anna(data, resume);
    let written = Arc::new(Mutex::new(Vec::new()));
    let reader = {
        let written = Arc::clone(&written);
        let stdout = child.stdout.take().unwrap();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                written.lock().unwrap().push(line);
            }
        })
    };
    // Lines are fed once the program is ready, so kills fall all over the game.
    for _ in 0..500 {
        if !written.lock().unwrap().is_empty() {
            break;
        }
        thread::sleep(Duration::from_millis(10));
    }
    let kill_after = rng.u64(..lines.len() as u64 + 1) as usize;
    let mut stdin = child.stdin.take().unwrap();
    for line in &lines[..kill_after] {
        if writeln!(stdin, "{line}").is_err() {
            break;
        }
        thread::sleep(Duration::from_micros(rng.u64(..3000)));
    }
    thread::sleep(Duration::from_micros(rng.u64(..8000)));
    child.kill().expect("SIGKILL");
    child.wait().unwrap();
    reader.join().unwrap();
    drop(stdin);
    let written = written.lock().unwrap().clone();
    written
}

/// Resumes, asks for the scoresheet and the clocks, and quits.
fn resumed(data: &Path) -> Option<(Vec<String>, Vec<String>)> {
    let mut child = anna(data, true);
    child.stdin.take().unwrap().write_all(b"moves\ntime\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    match out.status.code() {
        Some(0) => {}
        // Killed before the journal held anything: there is nothing to resume.
        Some(1) if String::from_utf8_lossy(&out.stderr).contains("no unfinished game") => return None,
        code => panic!("--resume ended with {code:?}: {}", String::from_utf8_lossy(&out.stderr)),
    }
    let sheet = lines
        .iter()
        .find(|l| l.starts_with("1. ") || l.as_str() == "No moves yet.")
        .unwrap_or_else(|| panic!("no scoresheet in {lines:?}"));
    Some((plies(sheet), lines))
}

/// The moves of a scoresheet read back: `1. e-four, e-five; 2. Knight f-three.`
fn plies(sheet: &str) -> Vec<String> {
    if sheet == "No moves yet." {
        return Vec::new();
    }
    sheet
        .trim_end_matches('.')
        .split("; ")
        .flat_map(|mv| mv.split_once(". ").expect("a numbered move").1.split(", "))
        .map(str::to_string)
        .collect()
}

/// The moves announced: `White: e-four.` (not a resumed game's `White: e-four, waiting for the
/// clock press; ...`, which names a move already counted).
fn announced(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| !l.contains("waiting for the clock press"))
        .filter_map(|l| l.strip_prefix("White: ").or_else(|| l.strip_prefix("Black: ")))
        .map(|m| m.trim_end_matches('.').to_string())
        .collect()
}

/// The last clock reading written: both clocks in seconds and the moves completed: `White 5 minutes
/// 3 seconds, Black 5 minutes 1 second, 1 move.`
fn last_reading(lines: &[String]) -> Option<(u64, u64, u64)> {
    let line = lines.iter().rev().find(|l| l.starts_with("White ") && l.contains(", Black "))?;
    let (white, rest) = line.strip_prefix("White ")?.split_once(", Black ")?;
    let (black, moves) = rest.split_once(", ")?;
    let moves = moves.split_whitespace().next()?.parse().unwrap_or(0);
    Some((seconds(white), seconds(black), moves))
}

fn seconds(text: &str) -> u64 {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .chunks(2)
        .map(|pair| {
            let n: u64 = pair[0].parse().unwrap_or_else(|_| panic!("a number in {text:?}"));
            match pair[1].trim_end_matches('s') {
                "hour" => n * 3600,
                "minute" => n * 60,
                "second" => n,
                unit => panic!("unit {unit} in {text:?}"),
            }
        })
        .sum()
}

/// The whole game, never killed: the moves as the scoresheet says them.
fn reference(data: &Path) -> Vec<String> {
    let mut child = anna(data, false);
    let mut input = script(0).join("\n");
    input.push_str("\nmoves\nquit\n");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let sheet = text.lines().find(|l| l.starts_with("1. ")).expect("the scoresheet");
    let moves = plies(sheet);
    assert_eq!(moves.len(), MOVES.len(), "{text}");
    moves
}

/// Checks a resumption against what the killed run wrote, and returns the moves resumed.
fn check(data: &Path, before: &[String], acknowledged: &[String], reference: &[String], what: &str) -> Vec<String> {
    let Some((moves, _)) = resumed(data) else {
        assert!(acknowledged.is_empty(), "{what}: nothing to resume, but moves were announced: {acknowledged:?}");
        return before.to_vec();
    };
    let expected: Vec<String> = before.iter().chain(acknowledged).cloned().collect();
    assert!(moves.starts_with(&expected), "{what}: lost moves: announced {expected:?}, resumed {moves:?}");
    assert!(reference.starts_with(&moves), "{what}: moves that were not played: {moves:?}");
    moves
}

fn folder(i: u64) -> PathBuf {
    std::env::temp_dir().join(format!("anna-kill-{}-{i}", std::process::id()))
}

#[test]
fn killed_at_random_points_nothing_acknowledged_is_lost() {
    let reference_dir = folder(999);
    let _ = std::fs::remove_dir_all(&reference_dir);
    let reference = reference(&reference_dir);
    let _ = std::fs::remove_dir_all(&reference_dir);
    for i in 0..ITERATIONS {
        let data = folder(i);
        let _ = std::fs::remove_dir_all(&data);
        let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15 ^ (i + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9));
        let written = killed_run(&data, false, &script(0), &mut rng);
        let acknowledged = announced(&written);
        let moves = check(&data, &[], &acknowledged, &reference, &format!("run {i}, first kill"));
        eprintln!("run {i}: killed after {} moves announced; {} resumed", acknowledged.len(), moves.len());
        clock_kept(&data, &written, i);
        // Every other run goes on after the resumption and is killed again.
        if i % 2 == 0 {
            let mut lines = vec!["resume".to_string(), String::new()];
            lines.extend(script(moves.len()));
            let written = killed_run(&data, true, &lines, &mut rng);
            let again = announced(&written);
            let after = check(&data, &moves, &again, &reference, &format!("run {i}, second kill"));
            eprintln!("run {i}: killed again after {} more announced; {} resumed", again.len(), after.len());
        }
        let _ = std::fs::remove_dir_all(&data);
    }
}

/// The last clock reading written before the kill is never bettered after the resumption: the
/// clocks only ran on, and gained at most the increments (2 s) of the presses since. (The test
/// plays fast: a lost reading would show as the clocks of an earlier move, minutes apart only in a
/// slow game; the journal's own tests check clock readings to the millisecond.)
fn clock_kept(data: &Path, written: &[String], i: u64) {
    let Some((w0, b0, m0)) = last_reading(written) else { return };
    let Some((_, lines)) = resumed(data) else { panic!("run {i}: a reading was said, but nothing resumes") };
    let (w1, b1, m1) = last_reading(&lines).expect("the clocks are said on resumption");
    assert!(m1 >= m0, "run {i}: moves completed went back from {m0} to {m1}");
    // The count is the larger of the two sides' presses: one side may press once more at the same
    // count. A second more is a reading's rounding.
    let gained = 2 * (m1 - m0 + 1) + 1;
    assert!(
        w1 <= w0 + gained && b1 <= b0 + gained,
        "run {i}: clocks went back: {w0}/{b0} at {m0} moves before the kill, {w1}/{b1} at {m1} after"
    );
}
