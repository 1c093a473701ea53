//! The real `anna` binary: one app behind the line mode and the scripts, and files that are never
//! lost or silently replaced (a journal that cannot be replayed, a save over a file, a file that is
//! not PGN, two Annas on one games folder, a closed standard output).

use crate::support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use support::{anna, run, text, TempDir};

const QUIET: [&str; 5] = ["--speech", "off", "--sounds", "off", "--no-setup"];

#[test]
fn the_line_mode_and_a_script_of_the_same_lines_say_the_same() {
    let dir = TempDir::new("equivalence");
    let lines = [
        "e4",
        "press",
        "e5",
        "press",
        "Nf3",
        "offer",
        "press",
        "decline",
        "Nc6",
        "press",
        "Bxc6",
        "dxc6",
        "press",
        "where knight",
        "moves",
        "last",
        "square e5",
        "O-O",
        "Nf6",
        "press",
        "resign",
    ];
    // The line mode, typed as a player would (no time control: the times said cannot differ).
    // Everything said is also written, so the lines written are what the player heard, but for the
    // welcome and how to press (only written) and where the game was saved (a script writes no
    // files). (The speech itself may drop a question's answer for a newer one; what is written
    // never drops anything.)
    let args = ["--speech", "off", "--sounds", "off", "--no-confirm"];
    let out = run(&dir.join("data"), &args, &(lines.join("\n") + "\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let spoken: Vec<String> =
        text(&out.stdout).lines().skip(2).filter(|l| !l.starts_with("Saved: ")).map(String::from).collect();
    // The end of the input leaves with a word, which a script (no end of input) does not say.
    let spoken: Vec<String> = spoken.into_iter().filter(|l| l != "Goodbye.").collect();
    // The same lines as a script, one a second.
    let script = dir.join("same.script");
    let body: String = lines.iter().enumerate().map(|(i, line)| format!("0:{i:02} {line}\n")).collect();
    std::fs::write(&script, body).unwrap();
    let out = anna(&dir.join("data")).args(["replay", script.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let scripted: Vec<String> =
        text(&out.stdout).lines().filter_map(|l| l.split_once(" say ").map(|(_, w)| w.to_string())).collect();
    assert!(scripted.len() > 15, "{scripted:?}");
    assert_eq!(spoken, scripted);
    assert_eq!(scripted.last().map(String::as_str), Some("Black wins by resignation (FIDE 5.1.2)."));
}

/// The journal of the game in `data`.
fn journal(data: &Path) -> PathBuf {
    find_journal(data).expect("a journal")
}

fn find_journal(data: &Path) -> Option<PathBuf> {
    std::fs::read_dir(data.join("games"))
        .ok()?
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "journal"))
}

/// Rewrites one record of a journal, its checksum and length made right: a record that reads well.
fn rewrite_record(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    let mut changed = false;
    for line in text.lines() {
        let (_, rest) = line.split_once(' ').unwrap();
        let (_, body) = rest.split_once(' ').unwrap();
        let body = if !changed && body.contains(from) {
            changed = true;
            body.replace(from, to)
        } else {
            body.to_string()
        };
        out.push_str(&format!("{:08x} {} {body}\n", crc32fast::hash(body.as_bytes()), body.len()));
    }
    assert!(changed, "no record holds {from}");
    std::fs::write(path, out).unwrap();
}

#[test]
fn a_journal_record_that_cannot_be_replayed_keeps_the_file_and_names_the_move_lost() {
    let dir = TempDir::new("unreplayable");
    let data = dir.join("data");
    let out = run(&data, &QUIET, "e4\n\ne5\n\nNf3\n\nNc6\n\nquit\n");
    assert!(out.status.success());
    let path = journal(&data);
    // White's second move, Nf3, becomes a knight's move that cannot be made.
    rewrite_record(&path, "pieces=N to=f3", "pieces=N to=f5");
    let out = run(&data, &["--resume", "--speech", "off", "--sounds", "off"], "moves\nquit\n");
    let said = text(&out.stdout);
    let kept = format!("{}.damaged", path.display());
    assert!(said.contains("From move 2 on, the journal could not be played back"), "{said}");
    assert!(said.contains(&kept), "{said}");
    assert!(said.contains("1. Eva vier, Eva fünf."), "the valid part is resumed: {said}");
    assert!(Path::new(&kept).exists());
    // The journal itself now holds only the valid part (and what was done since).
    let resumed = std::fs::read_to_string(&path).unwrap();
    assert!(!resumed.contains("to=f5") && !resumed.contains("to=c6"), "{resumed}");
}

#[test]
fn a_save_never_writes_over_a_file_without_asking() {
    let dir = TempDir::new("save-over");
    let other = dir.join("notes.pgn");
    std::fs::write(&other, "my own notes").unwrap();
    let input = format!("e4\nsave {}\nno\nsave {}\nyes\nquit\n", other.display(), other.display());
    let out = run(&dir.join("data"), &QUIET, &input);
    let said = text(&out.stdout);
    let question = format!("The file {} is there already. Write over it? Say yes or no.", other.display());
    assert_eq!(said.matches(&question).count(), 2, "{said}");
    assert!(said.contains("Not done."), "{said}");
    assert!(said.contains(&format!("Saved: {}.", other.display())), "{said}");
    assert!(std::fs::read_to_string(&other).unwrap().contains("1. e4"));
    let braille = dir.join("sheet.brf");
    std::fs::write(&braille, "x").unwrap();
    let out = run(&dir.join("data"), &QUIET, &format!("e4\nsave braille {}\nquit\n", braille.display()));
    assert!(text(&out.stdout).contains("is there already"), "{}", text(&out.stdout));
    assert_eq!(std::fs::read_to_string(&braille).unwrap(), "x", "not written over without a yes");
}

/// Issue 62: `save braille` in a game is written in the game's language's braille, as `anna
/// braille` writes it (German: liblouis's de-g0.utb, Sf3 with the German letter).
#[test]
fn save_braille_in_a_german_game_is_german_braille() {
    let dir = TempDir::new("save-braille-de");
    let sheet = dir.join("partie.brf");
    let input = format!("e4\n\ne5\n\nSf3\n\nspeichern Braille {}\nquit\n", sheet.display());
    let mut args = QUIET.to_vec();
    args.extend(["--lang", "de"]);
    let out = run(&dir.join("data"), &args, &input);
    assert!(text(&out.stdout).contains("Gespeichert"), "{}", text(&out.stdout));
    assert_eq!(std::fs::read_to_string(&sheet).unwrap(), "WEI!\r\nSCHWARZ\r\n#A' E#D E#E\r\n#B' SF#C\r\n,9\r\n");
}

#[test]
fn a_save_that_cannot_be_written_leaves_no_file() {
    let dir = TempDir::new("save-fails");
    let target = dir.join("no-such-folder/game.pgn");
    let out = run(&dir.join("data"), &QUIET, &format!("e4\nsave {}\nquit\n", target.display()));
    assert!(text(&out.stdout).contains(&format!("Could not save {}", target.display())), "{}", text(&out.stdout));
    let left: Vec<_> = std::fs::read_dir(&dir.0).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["data"], "nothing written beside");
}

#[test]
fn a_file_without_a_pgn_game_is_an_error() {
    let dir = TempDir::new("not-pgn");
    let random = dir.join("random.pgn");
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    std::fs::write(&random, bytes).unwrap();
    for file in ["/etc/passwd", random.to_str().unwrap()] {
        for args in [vec!["review", file], vec!["braille", file], vec!["--pgn", file]] {
            let out = run(&dir.join("data"), &args, "quit\n");
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stdout));
            assert!(text(&out.stderr).contains(&format!("There is no game in {file}.")), "{}", text(&out.stderr));
        }
    }
}

#[test]
fn a_closed_standard_output_ends_the_game_cleanly_with_its_journal() {
    let dir = TempDir::new("pipe");
    let data = dir.join("data");
    let mut child = anna(&data)
        .args(QUIET)
        .args(["--tc", "10+0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // As `anna | head -1`: the first line is read, then the pipe is closed.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read(&mut stdout, &mut first).unwrap();
    drop(stdout);
    // Anna may notice the closed output before or after reading these: either way it ends cleanly.
    let _ = stdin.write_all(b"e4\n\ne5\n\nmoves\ntime\n");
    let status = wait(&mut child);
    let stderr = text(&child.wait_with_output().unwrap().stderr);
    // Anna either wrote nothing more (0: it read the end of its input first) or ends as a broken
    // pipe does (141), never as a crash.
    assert!(matches!(status, Some(0 | 141)), "a clean exit: {status:?} {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // A game ended before its first move leaves no journal (issue 23); one with a move leaves a
    // whole journal: it reads back as a game to resume or not, every record checked.
    let Some(path) = find_journal(&data) else { return };
    let journal = std::fs::read(path).unwrap();
    let parsed = anna::adapters::journal::parse(&journal).expect("the journal reads");
    assert!(parsed.damage.is_none(), "no damaged record");
}

/// Waits at most 20 seconds for the program to end.
fn wait(child: &mut Child) -> Option<i32> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        assert!(Instant::now() < deadline, "anna did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_second_anna_neither_offers_nor_continues_the_game_the_first_holds() {
    let dir = TempDir::new("two");
    let data = dir.join("data");
    let out = run(&data, &QUIET, "e4\n\ne5\n\nquit\n");
    assert!(out.status.success());
    // The first Anna resumes it and keeps it open.
    let mut first = anna(&data)
        .args(["--resume", "--speech", "off", "--sounds", "off"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(first.stdout.take().unwrap()));
    loop {
        let line = lines.next().expect("the first Anna speaks").unwrap();
        if line.contains("is restored at move 2") {
            break;
        }
    }
    let second = run(&data, &["--resume", "--speech", "off", "--sounds", "off"], "quit\n");
    assert_eq!(second.status.code(), Some(1), "{}", text(&second.stdout));
    let open = "is open in another Anna; go on with it there, or quit it there first.";
    assert!(text(&second.stderr).starts_with("The unfinished game from 20"), "{}", text(&second.stderr));
    assert!(text(&second.stderr).contains(open), "{}", text(&second.stderr));
    first.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    assert_eq!(wait(&mut first), Some(0));
}
