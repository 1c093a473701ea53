//! The scriptable commands of the `anna` binary: output, errors and exit codes.

use std::path::Path;
use std::process::{Command, Output};

fn anna(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_anna")).args(args).output().expect("the anna binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn scenario(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios").join(name).display().to_string()
}

#[test]
fn adjudicate_prints_two_lines() {
    let out = anna(&["adjudicate", "--fen", "8/8/8/4k3/8/8/8/K1N1q3 w - -"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "white: unwinnable\nblack: winnable\n");
    let out = anna(&["adjudicate"]);
    assert_eq!(stdout(&out), "white: winnable\nblack: winnable\n");
}

#[test]
fn adjudicate_gives_the_helpmate_on_request() {
    let out = anna(&["adjudicate", "--helpmate", "--fen", "6k1/6P1/6K1/8/8/8/8/8 w - -"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("white: winnable "), "{text}");
    assert_eq!(lines[1], "black: unwinnable");
}

#[test]
fn adjudicate_refuses_a_bad_fen_with_exit_2() {
    let out = anna(&["adjudicate", "--fen", "8/8/8/8 w - -"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).starts_with("anna: That is not a valid FEN"), "{}", stderr(&out));
}

#[test]
fn replay_prints_the_transcript_ending_in_the_result() {
    let out = anna(&["replay", &scenario("fivefold.script")]);
    assert_eq!(out.status.code(), Some(0));
    let expected = std::fs::read_to_string(scenario("fivefold.transcript")).unwrap();
    assert_eq!(stdout(&out), expected);
    assert!(stdout(&out).ends_with("result 1/2-1/2 fivefold repetition (FIDE 9.6.1)\n"));
}

#[test]
fn replay_writes_pgn() {
    let dir = std::env::temp_dir().join(format!("anna-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let out = anna(&["replay", &scenario("agreement.script"), "--pgn", &pgn.display().to_string()]);
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(written, std::fs::read_to_string(scenario("agreement.pgn")).unwrap());
    assert!(written.contains("[Termination \"normal\"]"));
    assert!(written.contains("{(=)}"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn replay_names_the_bad_line_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("anna-cli-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("bad.script");
    std::fs::write(&script, "0:00 start\n0:05 e4\n# fine so far\nnoon e5\n").unwrap();
    let out = anna(&["replay", &script.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("line 4: 'noon' is not a time"), "{}", stderr(&out));
    let out = anna(&["replay", &dir.join("missing.script").display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read the script"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn replay_takes_the_setup_from_the_command_line() {
    let out = anna(&["replay", "--tc", "5+3", "--white", "Anna", &scenario("resignation.script")]);
    assert_eq!(out.status.code(), Some(0));
    // The script's own `tc 600+0` comes after the command line and wins; the name stays.
    assert!(stdout(&out).contains("Clock started. Anna against Black."), "{}", stdout(&out));
    let out = anna(&["replay", "--tc", "40/abc", &scenario("resignation.script")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("40/abc"));
}

#[test]
fn a_game_on_standard_input_writes_what_it_says() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_anna"))
        .args(["--tc", "-", "--speech", "off"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"e4\n\ne5\n\nmoves\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert!(text.contains("White: Eva vier.\nBlack: Eva fünf.\n1. Eva vier, Eva fünf.\n"), "{text}");
}
