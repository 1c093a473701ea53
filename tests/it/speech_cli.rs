//! The speech flags and the settings file, through the `anna` binary. Each run gets its own
//! `XDG_CONFIG_HOME`, so the user's settings are never read or written (Linux and other XDG systems).
#![cfg(all(unix, not(target_os = "macos")))]

use crate::support;

use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};

fn home(name: &str) -> support::TempDir {
    support::TempDir::new(&format!("speech-cli-{name}"))
}

fn anna(config: &Path, args: &[&str], input: &str) -> Output {
    let mut child = support::anna(&support::shared_data())
        .args(args)
        .env("XDG_CONFIG_HOME", config)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

use support::text;

const GAME: &str = "e4\n\ne5\n\n";

#[test]
fn the_transcript_on_stdout_is_written_once() {
    let dir = home("once");
    let off = anna(&dir, &["--tc", "-", "--speech", "off"], GAME);
    let transcript = anna(&dir, &["--tc", "-", "--speech", "transcript"], GAME);
    assert_eq!(text(&transcript.stdout), text(&off.stdout), "the same lines, none twice");
    assert_eq!(text(&off.stdout).matches("White: Eva vier.").count(), 1);
}

#[test]
fn the_transcript_file_gets_every_sentence() {
    let dir = home("file");
    let file = dir.join("said.txt");
    let out = anna(&dir, &["--tc", "-", "--speech", "transcript", "--transcript", file.to_str().unwrap()], GAME);
    assert!(out.status.success());
    let said = std::fs::read_to_string(&file).unwrap();
    // Everything written is said, the welcome too: with how to press, one answer (the second line
    // would replace the first).
    let welcome = "Anna is ready. Type a move, like e4, Nf3 or e2e4. Type help for the commands, quit to leave. \
                   After your move, Enter on an empty line presses the clock.";
    // The end of the input leaves as `quit` does, saying where the game is.
    let game = "White: Eva vier.\nBlack: Eva fünf.\nThe game is kept: anna --resume goes on with it.\n";
    // The game goes ahead of a welcome not yet begun (the move first), so where the welcome falls
    // depends on how soon the speaker took it up; the game is in its order, and the welcome once.
    let game_said: String = said.lines().filter(|l| *l != welcome).map(|l| format!("{l}\n")).collect();
    assert_eq!(game_said, game, "{said}");
    assert_eq!(said.lines().filter(|l| *l == welcome).count(), 1, "{said}");
    for line in said.lines().flat_map(|l| l.split(" After your move")) {
        assert!(text(&out.stdout).contains(line), "also on stdout: {line}");
    }
}

#[test]
fn settings_are_saved_and_read_back_and_a_broken_file_is_survived() {
    let dir = home("settings");
    let args = ["--speech", "off", "--rate", "-30", "--voice", "en-gb", "--save-settings"];
    let out = anna(&dir, &args, "");
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with("Speech settings saved in "), "{}", text(&out.stdout));
    let saved = std::fs::read_to_string(dir.join("anna/config.toml")).unwrap();
    assert!(saved.contains("backend = \"off\"") && saved.contains("rate = -30") && saved.contains("voice = \"en-gb\""));

    // Read back: `off` from the file, so no notice and no speech; a flag still wins.
    let out = anna(&dir, &["--tc", "-"], GAME);
    assert!(!text(&out.stdout).contains("Speech:"), "{}", text(&out.stdout));

    std::fs::write(dir.join("anna/config.toml"), "[speech]\nrate = \"fast\"\n").unwrap();
    let out = anna(&dir, &["--tc", "-", "--speech", "off"], GAME);
    assert!(out.status.success(), "a bad value never stops the game");
    let errors = text(&out.stderr);
    assert!(errors.contains("config.toml, [speech] rate takes -100 … 100; its default is used."), "{errors}");
    std::fs::write(dir.join("anna/config.toml"), "[speech\nrate = ").unwrap();
    let out = anna(&dir, &["--tc", "-", "--speech", "off"], GAME);
    assert!(out.status.success(), "a broken settings file never stops the game");
    let errors = text(&out.stderr);
    assert!(errors.contains("config.toml cannot be read; the default speech settings are used."), "{errors}");
    assert!(text(&out.stdout).contains("White: Eva vier."));
}

#[test]
fn bad_values_are_refused_by_the_command_line() {
    let dir = home("bad");
    for args in [&["--rate", "101"][..], &["--volume", "-1"], &["--speech", "loud"]] {
        let out = anna(&dir, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn voices_are_listed_one_a_line_or_refused_for_the_transcript() {
    let dir = home("voices");
    let out = anna(&dir, &["voices", "--speech", "transcript"], "");
    assert_eq!(out.status.code(), Some(1));
    // Without espeak-ng (and unless CI requires it) there are no voices to list.
    let installed = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("espeak-ng").is_file()));
    if !support::tool(installed, "espeak-ng", "espeak-ng") {
        return;
    }
    let out = anna(&dir, &["voices", "--speech", "espeak"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let list = text(&out.stdout);
    assert!(list.lines().any(|l| l.starts_with("de\t")), "German is among espeak's voices");
    assert!(list.lines().all(|l| l.split('\t').count() == 2), "VOICE<TAB>DESCRIPTION");
}
