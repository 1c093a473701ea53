//! The board view (`--ui board`) end to end: the real `anna` in a real terminal under tmux, played
//! with keys. It is a view of the same app as the line mode, so everything the line mode does it
//! does: the computer opponent (built-in and Stockfish), the computer opening for `--player black`,
//! a peg board, quit and resume against the computer, and the commands of `help` after `:`.
#![cfg(unix)]

use crate::support;
use support::{tool, TempDir, Terminal};

use anna::board_link::sim::{SimOptions, Simulator};
use std::process::Stdio;

const QUIET: [&str; 4] = ["--speech", "off", "--sounds", "off"];

/// `--ui board` and these arguments, quietly.
fn board_view(name: &str, dir: &TempDir, args: &[&str]) -> Option<Terminal> {
    let mut all = vec!["--ui", "board"];
    all.extend(QUIET);
    all.extend(args);
    let terminal = Terminal::start(name, &dir.0, &all)?;
    // Keys typed before the view has the terminal would reach the shell instead.
    terminal.wait_for("Ctrl-C: quit");
    Some(terminal)
}

/// The move list's row for move `number` (`1. e4      Nc6`), once it holds both moves.
fn full_row(screen: &str, number: u32) -> Option<String> {
    let start = format!("{number}. ");
    screen.lines().find_map(|line| {
        let row = line.split_once(&start)?.1;
        (row.split_whitespace().count() >= 2).then(|| format!("{start}{row}"))
    })
}

/// Plays e4 and presses the clock; the computer answers on the board.
fn computer_answers_e4(t: &Terminal) {
    t.wait_for("Your side: White; your opponent: the computer");
    t.type_line(":e4");
    t.wait_for("White: Eva vier.");
    t.keys(" ");
    t.wait_until("the computer's answer", |s| full_row(s, 1).is_some());
}

#[test]
fn the_built_in_computer_answers_in_the_board_view() {
    let dir = TempDir::new("view-builtin");
    let args = ["--opponent", "computer", "--engine", "builtin", "--tc", "10+0"];
    let Some(t) = board_view("builtin", &dir, &args) else { return };
    computer_answers_e4(&t);
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn stockfish_answers_in_the_board_view() {
    let Some(stockfish) = anna::adapters::engine::find_stockfish() else {
        tool(false, "stockfish", "stockfish");
        return;
    };
    let dir = TempDir::new("view-stockfish");
    let engine = stockfish.display().to_string();
    let args = ["--opponent", "computer", "--engine", &engine, "--level", "1", "--tc", "10+0"];
    let Some(t) = board_view("stockfish", &dir, &args) else { return };
    computer_answers_e4(&t);
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn the_computer_opens_when_the_player_has_black() {
    let dir = TempDir::new("view-black");
    let args = ["--opponent", "computer", "--engine", "builtin", "--player", "black", "--tc", "10+0"];
    let Some(t) = board_view("black", &dir, &args) else { return };
    t.wait_for("Your side: Black; your opponent: the computer");
    let screen = t.wait_until("White's first move", |s| s.lines().any(|l| l.contains("1. ")));
    // Black plays from the bottom of the board: rank 1 is drawn at the top.
    let first_rank_row = screen.lines().position(|l| l.starts_with("1 ")).unwrap();
    let eighth_rank_row = screen.lines().position(|l| l.starts_with("8 ")).unwrap();
    assert!(first_rank_row < eighth_rank_row, "{screen}");
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn a_game_against_the_computer_is_quit_and_resumed_against_the_computer() {
    let dir = TempDir::new("view-resume");
    let args = ["--opponent", "computer", "--engine", "builtin", "--level", "2", "--tc", "10+0"];
    {
        let Some(t) = board_view("resume-1", &dir, &args) else { return };
        computer_answers_e4(&t);
        // `:quit` asks nothing: the game is journaled.
        t.type_line(":quit");
        t.wait_for("anna-exited-0");
    }
    let Some(t) = board_view("resume-2", &dir, &["--resume"]) else { return };
    t.wait_for("The clocks are stopped.");
    t.type_line(":settings");
    t.wait_for("your side White, opponent the computer at level 2");
    t.type_line(":resume");
    t.type_line(":d4");
    t.wait_for("White: David vier.");
    t.keys(" ");
    t.wait_until("the computer's second answer", |s| full_row(s, 2).is_some());
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn help_settings_resign_new_and_save_work_after_a_colon() {
    let dir = TempDir::new("view-commands");
    let Some(t) = board_view("commands", &dir, &["--tc", "5+0"]) else { return };
    t.type_line(":help");
    t.wait_for("Commands: a move like e4");
    t.type_line(":help resign");
    t.wait_for("resign: resigns the game, after a confirmation.");
    t.type_line(":settings");
    t.wait_for("Language English, squares Annex D");
    t.type_line(":e4");
    t.keys(" ");
    t.type_line(":resign");
    t.wait_for("Do you really resign? Say yes or no.");
    // A question waits: the answer is typed at once, without a colon.
    t.type_line("yes");
    // Black, to move, resigns (no side was chosen: the side to move is the one who speaks).
    t.wait_for("White wins by resignation (FIDE 5.1.2).");
    let pgn = dir.join("game.pgn");
    t.type_line(&format!(":save {}", pgn.display()));
    t.wait_for(&format!("Saved: {}.", pgn.display()));
    assert!(std::fs::read_to_string(&pgn).unwrap().contains("1. e4 "));
    // Saving again asks before writing over the file.
    t.type_line(&format!(":save {}", pgn.display()));
    t.wait_for("is there already. Write over it? Say yes or no.");
    t.type_line("no");
    t.wait_for("Not done.");
    t.type_line(":new");
    t.wait_for("New game with the same settings. Type the first move.");
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

/// Issue 61: the question keys answer in the said line, as the typed questions do; `help keys`
/// lists them.
#[test]
fn question_keys_answer_about_the_cursor_and_the_position() {
    let dir = TempDir::new("view-questions");
    let Some(t) = board_view("questions", &dir, &["--tc", "5+0"]) else { return };
    t.type_line(":e4");
    t.keys(" ");
    t.type_line(":e5");
    t.keys(" ");
    t.type_line(":Nf3");
    t.keys(" ");
    t.wait_for("White: Knight Felix drei.");
    t.keys("x");
    t.wait_for("Last move Knight Felix drei; attacks black pawn Eva fünf");
    t.keys("c");
    t.wait_for("Material: White 39 points, Black 39 points: equal.");
    // The cursor starts on Eva zwei: two steps up is Eva vier, the white pawn there.
    t.key("Up");
    t.key("Up");
    t.wait_for("Eva vier, white pawn");
    t.keys("e");
    t.wait_for("Eva vier, white pawn: defended by none.");
    t.keys("u");
    t.wait_for("Hanging: White: none; Black: black pawn Eva fünf.");
    t.type_line(":help keys");
    t.wait_for("a: the attackers of the square");
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn a_peg_board_plays_in_the_board_view() {
    let dir = TempDir::new("view-peg");
    let (notes, _received) = std::sync::mpsc::channel();
    let sim = Simulator::start(SimOptions::default(), notes).expect("a pseudo-terminal");
    let port = sim.path().display().to_string();
    let Some(t) = board_view("peg", &dir, &["--board", &port, "--player", "white"]) else { return };
    t.wait_for("The board matches the game.");
    sim.type_line("move e2e4").unwrap();
    t.wait_for("White: Eva vier.");
    t.keys(" ");
    t.type_line(":e5");
    t.wait_for("On the board, please: Pawn Eva sieben Eva fünf.");
    sim.type_line("move e7e5").unwrap();
    t.wait_for("The board matches the game.");
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn the_setup_questions_are_answered_in_the_board_view() {
    let dir = TempDir::new("view-setup");
    let Some(t) = board_view("setup", &dir, &[]) else { return };
    t.wait_for("Which side do you play, white or black? Enter for white.");
    // Enter takes the default, a word typed answers (the command line opens by itself).
    t.key("Enter");
    t.wait_for("Time control?");
    t.type_line("90+30");
    // Read back at once, with the next question.
    t.wait_for("Standard chess: 1 hour 30 minutes, plus 30 seconds a move.");
    t.wait_for("Your opponent's name?");
    t.type_line("Boris");
    t.wait_for("Ready: your side White, your opponent Boris.");
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

/// A speech program that writes errors on standard error (espeak-ng on a machine without a sound
/// card): the board stays whole, the errors go to the log in the data folder, the player is told
/// in one sentence, and after the view where the log is.
#[test]
fn errors_on_standard_error_never_garble_the_board() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("view-stderr");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let fake = bin.join("espeak-ng");
    std::fs::write(
        &fake,
        "#!/bin/sh\ncat >/dev/null\necho \"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\" >&2\n\
         echo 'error: No such file or directory' >&2\n",
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let data = dir.join("data");
    let env = [format!("PATH={}:$PATH", bin.display())];
    let args = ["--ui", "board", "--speech", "espeak", "--sounds", "off", "--tc", "5+3"];
    let Some(t) = Terminal::start_with("stderr", &data, &env, &args) else { return };
    t.wait_for("Ctrl-C: quit");
    // The welcome finds no audio device; the notice stays on screen until the next thing said.
    t.wait_for("finds no audio device");
    t.type_line(":e4");
    t.wait_for("White: Eva vier.");
    let screen = t.screen();
    assert!(!screen.contains("ALSA") && !screen.contains("anna: speech"), "{screen}");
    // Rank 8 at the top, rank 1 at the bottom with the king on e1, all eight files between.
    let rank = |n: char| screen.lines().find(|l| l.starts_with(&format!("{n} "))).map(str::to_string);
    assert!(rank('8').is_some() && rank('1').is_some_and(|r| r.contains('K')), "{screen}");
    let log = std::fs::read_to_string(data.join("anna.log")).unwrap();
    assert!(log.contains("anna: speech: espeak-ng: ALSA lib"), "{log}");
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
    t.wait_for("What was written during the board view is in");
}

/// Issue 50: puzzles in the board view: the puzzle's position is drawn, a move is made on the board
/// by the keys (Enter on the piece, Enter on its square) or typed after `:`, and judged as in the line mode.
#[test]
fn puzzles_in_the_board_view() {
    let dir = support::TempDir::new("puzzles-board");
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/puzzles/four.csv");
    let file = file.display().to_string();
    let said = dir.join("said.txt");
    let said_arg = said.display().to_string();
    let args = [
        "puzzles",
        file.as_str(),
        "--ui",
        "board",
        "--speech",
        "transcript",
        "--transcript",
        &said_arg,
        "--sounds",
        "off",
        "--count",
        "2",
        // Drawn at random among those that fit: this seed draws the back-rank mate and the scholar's.
        "--seed",
        "2",
    ];
    let Some(t) = Terminal::start_with("puzzles", &dir.join("data"), &[], &args) else { return };
    t.wait_for("Puzzle 1 of 2");
    // The back-rank puzzle: the black queen stands on b2, the white rook on d1.
    let screen = t.screen();
    let rank = |n: char| screen.lines().find(|l| l.starts_with(&format!("{n} "))).map(str::to_string);
    assert!(rank('2').is_some_and(|r| r.contains('q')), "{screen}");
    t.type_line(":Rd7");
    t.wait_for("is not the solution");
    t.type_line(":Rd8");
    t.wait_for("Puzzle 2 of 2");
    // A newer answer replaces one not yet spoken (the runtime's rule): the next move waits until
    // this one was said, as a listening player's would.
    let spoken = || std::fs::read_to_string(&said).unwrap_or_default().contains("Puzzle 2 of 2");
    for _ in 0..100 {
        if spoken() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    t.type_line(":Qxf7");
    t.wait_for("anna-exited-0");
    // The view is gone with the last puzzle; what was said is in the transcript.
    let said = std::fs::read_to_string(&said).unwrap();
    assert!(said.contains("Right: Rook David acht checkmate."), "{said}");
    assert!(said.trim_end().ends_with("1 of 2 puzzles solved at the first try."), "{said}");
}

/// `anna review --ui board` draws the position reviewed: after `:next` White's pawn stands on e4.
#[test]
fn review_in_the_board_view() {
    let dir = support::TempDir::new("review-board");
    let pgn = dir.join("g.pgn");
    std::fs::write(&pgn, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    let pgn = pgn.display().to_string();
    let args = ["review", pgn.as_str(), "--ui", "board", "--speech", "off", "--sounds", "off"];
    let Some(t) = Terminal::start_with("review", &dir.join("data"), &[], &args) else { return };
    t.wait_for("Review of A against B");
    let rank = |screen: &str, n: char| screen.lines().find(|l| l.starts_with(&format!("{n} "))).map(str::to_string);
    assert!(rank(&t.screen(), '2').is_some_and(|r| r.matches('P').count() == 8), "{}", t.screen());
    t.type_line(":next");
    t.wait_for("Move 1");
    let screen = t.screen();
    assert!(rank(&screen, '2').is_some_and(|r| r.matches('P').count() == 7), "{screen}");
    assert!(rank(&screen, '4').is_some_and(|r| r.contains('P')), "{screen}");
    t.type_line(":quit");
    t.wait_for("anna-exited-0");
}

/// Issue 57: without a terminal (`anna --ui board </dev/null`) the board view writes no escape code:
/// one sentence on standard error, exit 1.
#[test]
fn without_a_terminal_the_board_view_writes_one_sentence_and_no_escape_code() {
    let data = support::TempDir::new("board-view-no-terminal");
    let out = support::anna(&data.0).args(["--ui", "board", "--speech", "off"]).stdin(Stdio::null()).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty(), "{:?}", support::text(&out.stdout));
    assert_eq!(
        support::text(&out.stderr),
        "anna: The board view needs a terminal; without one, leave out --ui board.\n"
    );
}

/// Issue 57: Ctrl-C leaves the board view with a word: what becomes of the game is written again on
/// the terminal's own screen once the board view has given it back.
#[test]
fn ctrl_c_leaves_the_board_view_saying_what_becomes_of_the_game() {
    let dir = TempDir::new("board-view-ctrl-c");
    let Some(t) = board_view("ctrl-c", &dir, &["--tc", "5+3"]) else { return };
    t.type_line(":e4");
    t.wait_for("White: Eva vier.");
    t.key("C-c");
    let screen = t.wait_for("anna-exited-");
    let after: Vec<&str> = screen.lines().filter(|l| !l.trim().is_empty()).collect();
    let last_two = &after[after.len() - 2..];
    assert_eq!(last_two[0], "The game is kept: anna --resume goes on with it.", "{screen}");
}
