//! `anna --resume` on journals as the real program leaves them: whole, cut short, with garbage at the
//! end, empty, or written by a newer Anna.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support;
use support::text;

/// `anna` quietly, without the setup questions, with `input` typed. A game is set up without
/// alarms and with plain squares; `--resume` takes those from the game.
fn anna(data: &Path, args: &[&str], input: &str) -> Output {
    let mut all = vec!["--no-setup", "--speech", "off", "--sounds", "off"];
    if !args.contains(&"--resume") {
        all.extend(["--alarms", "off", "--squares", "plain"]);
    }
    all.extend(args);
    support::run(data, &all, input)
}

fn folder(name: &str) -> support::TempDir {
    support::TempDir::new(&format!("resume-{name}"))
}

/// The journals in the folder, by name.
fn files(data: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(data.join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Plays `e4 e5 Nf3` (White's move not yet pressed) with a draw offer, and quits.
fn played(name: &str) -> (support::TempDir, PathBuf) {
    let data = folder(name);
    let out = anna(&data, &["--tc", "300+2", "--white", "Anna", "--black", "Boris"], "e4\n\ne5\n\nNf3\noffer\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let journal = data.join("games").join(&files(&data)[0]);
    (data, journal)
}

#[test]
fn a_quit_game_resumes_as_it_stood() {
    let (data, _) = played("whole");
    let out = anna(&data, &["--resume"], "moves\nresume\n\nNc6\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("is restored at move 2.\nClocks stopped.\nLast move: White: Knight f-three.\n"), "{said}");
    assert!(said.contains("White has offered a draw; the offer stands.\n"), "{said}");
    assert!(said.contains("1. e-four, e-five; 2. Knight f-three.\nClocks running.\n"), "{said}");
    assert!(said.contains("Black: Knight c-six.\nBlack moved and so declines the draw offer"), "{said}");
}

#[test]
fn a_journal_with_garbage_at_the_end_is_repaired_and_kept() {
    let (data, journal) = played("garbage");
    let whole = fs::read(&journal).unwrap();
    let mut damaged = whole.clone();
    damaged.extend_from_slice(b"3f2a\x00\x00garbage after a crash");
    fs::write(&journal, &damaged).unwrap();
    let out = anna(&data, &["--resume"], "moves\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let kept = format!("{}.damaged", journal.display());
    assert!(
        said.starts_with(&format!(
            "The journal of this game was damaged: the game is restored up to its last whole record. \
             The damaged file is kept as {kept}.\n"
        )),
        "{said}"
    );
    assert!(said.contains("1. e-four, e-five; 2. Knight f-three.\n"), "{said}");
    assert_eq!(fs::read(&kept).unwrap(), damaged, "the damaged file is kept as it was");
    let repaired = fs::read(&journal).unwrap();
    assert!(repaired.starts_with(&whole), "the whole records, then the resumed game's");
}

#[test]
fn a_journal_cut_in_a_record_loses_only_that_record() {
    let (data, journal) = played("cut");
    let whole = fs::read(&journal).unwrap();
    // The last record (`quit` writes none: it is the offer) loses its last bytes.
    fs::write(&journal, &whole[..whole.len() - 3]).unwrap();
    let out = anna(&data, &["--resume"], "quit\n");
    let said = text(&out.stdout);
    assert!(said.contains("The journal of this game was damaged"), "{said}");
    assert!(!said.contains("offered a draw"), "the offer was the record cut: {said}");
    assert!(said.contains("Last move: White: Knight f-three."), "{said}");
}

#[test]
fn nothing_to_resume_an_empty_journal_and_a_newer_one() {
    let data = folder("none");
    let out = anna(&data, &["--resume"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "There is no unfinished game to resume.\n");

    fs::create_dir_all(data.join("games")).unwrap();
    let empty = data.join("games").join("game-20261122-000000-1.journal");
    fs::write(&empty, b"").unwrap();
    let out = anna(&data, &["--resume"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "The journal {} cannot be used: nothing in it is whole. It is kept as {}.damaged.\n",
            empty.display(),
            empty.display()
        )
    );
    assert_eq!(files(&data), ["game-20261122-000000-1.journal.damaged"]);

    let newer = data.join("games").join("game-20261122-000001-1.journal");
    let body = "anna-journal 2 0";
    fs::write(&newer, format!("{:08x} {} {body}\n", crc32fast::hash(body.as_bytes()), body.len())).unwrap();
    let out = anna(&data, &["--resume"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!("The journal {} was written by a newer Anna; it is left as it is.\n", newer.display())
    );
    assert!(newer.exists());
}

#[test]
fn a_finished_game_is_not_offered() {
    let data = folder("finished");
    let out = anna(&data, &["--no-confirm"], "e4\n\nresign\nquit\n");
    assert!(out.status.success());
    let out = anna(&data, &["--resume"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "There is no unfinished game to resume.\n");
}

/// Issue 23: arguments that set a game up are not taken over a resumed game's own, and the player
/// is told which.
#[test]
fn arguments_a_resumed_game_keeps_its_own_of_are_named() {
    let (data, _) = played("flags");
    let out = anna(&data, &["--resume", "--lang", "de", "--tc", "5+0", "--opponent", "computer"], "moves\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "anna: --resume setzt die Partie fort, wie sie gespeichert wurde; sie behält ihre eigenen --tc, --lang, \
         --opponent, nicht die der Befehlszeile.\n"
    );
    assert!(text(&out.stdout).contains("1. e-four, e-five; 2. Knight f-three.\n"), "in English, as it was played");
}

/// Issue 23: a damaged record in the middle is left out, the game restored with every move after
/// it, and the player told; a damaged move is named by its number.
#[test]
fn damage_in_the_middle_keeps_what_can_be_kept_and_names_the_move() {
    let (data, journal) = played("middle");
    let whole = fs::read_to_string(&journal).unwrap();
    // The first press (after 1. e4) changes on the disk.
    let at = whole.find(" press\n").unwrap() + 1;
    fs::write(&journal, format!("{}Press{}", &whole[..at], &whole[at + 5..])).unwrap();
    let out = anna(&data, &["--resume"], "moves\nquit\n");
    let said = text(&out.stdout);
    assert!(
        said.starts_with("The journal of this game was damaged: records it could not read were left out (1)"),
        "{said}"
    );
    assert!(said.contains("1. e-four, e-five; 2. Knight f-three.\n"), "every move after it: {said}");

    let (data, journal) = played("middle-move");
    let whole = fs::read_to_string(&journal).unwrap();
    // Black's move e5 changes on the disk: the game after it cannot be played back.
    let at = whole.find("to=e5").unwrap() + 3;
    fs::write(&journal, format!("{}E{}", &whole[..at], &whole[at + 1..])).unwrap();
    let out = anna(&data, &["--resume"], "moves\nquit\n");
    let said = text(&out.stdout);
    assert!(said.starts_with("From move 1 on, the journal could not be played back"), "{said}");
    assert!(said.contains("1. e-four.\n"), "{said}");
}

/// Issue 46: with a data folder that cannot be written (here a file stands where the folder should
/// be, as a read-only or removed disk refuses it), the player hears it at once and after every
/// move, and `quit` never says the game is kept: its PGN is written where it can be (the temporary
/// folder), and said.
#[test]
fn a_game_that_cannot_be_saved_is_said_so_and_rescued_at_quit() {
    let dir = folder("unwritable");
    let blocked = dir.join("data");
    fs::write(&blocked, "a file where the data folder should be").unwrap();
    let spare = dir.join("tmp");
    fs::create_dir_all(&spare).unwrap();
    let mut command = support::anna(&blocked);
    command.env("TMPDIR", &spare);
    let args = ["--no-setup", "--speech", "off", "--sounds", "off", "--alarms", "off", "--squares", "plain"];
    let out = {
        use std::io::Write;
        let mut child = command
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"e4\n\ne5\n\nquit\n").unwrap();
        child.wait_with_output().unwrap()
    };
    let said = text(&out.stdout);
    let lines: Vec<&str> = said.lines().skip(2).collect();
    let trouble = "this system has no folder for games";
    assert_eq!(
        lines[..5],
        [
            &format!(
                "Not saved: {trouble}. Play goes on; every move is kept and written as soon as the disk takes it again."
            ) as &str,
            "White: e-four.",
            &format!("Not saved: {trouble}."),
            "Black: e-five.",
            &format!("Not saved: {trouble}."),
        ],
        "{said}"
    );
    assert!(!said.contains("The game is kept"), "{said}");
    let rescued: Vec<PathBuf> = fs::read_dir(&spare).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(rescued.len(), 1, "{said}");
    assert_eq!(
        lines.last().copied(),
        Some(format!("This game could not be saved ({trouble}); its moves are in {}.", rescued[0].display()).as_str())
    );
    assert!(fs::read_to_string(&rescued[0]).unwrap().contains("1. e4 e5 *"));
}
