//! End-to-end tests of the real `anna` binary in a real terminal: tmux runs it, the test types with
//! `tmux send-keys` and reads the screen with `tmux capture-pane`, polling until the expected line
//! appears (no fixed sleeps). `.ci/run` installs tmux; without it these tests fail with a clear
//! message when `ANNA_REQUIRE_TOOLS=1` (as `.ci/run` sets), and are skipped with a note otherwise, so
//! `cargo test` needs nothing but Rust.
#![cfg(unix)]

use std::time::{Duration, Instant};

use crate::support;
use support::{TempDir, Terminal};

#[test]
fn a_fools_mate_typed_in_a_terminal_with_a_slip_queries_and_a_declined_draw() {
    let dir = TempDir::new("tmux-game");
    let transcript = dir.join("said.txt");
    let args =
        ["--speech", "transcript", "--transcript", transcript.to_str().unwrap(), "--sounds", "off", "--tc", "5+3"];
    let Some(t) = Terminal::start("game", &dir.join("data"), &args) else { return };
    t.wait_for("Anna is ready.");
    for (typed, shown) in [
        ("f3", "White: Felix drei."),
        ("", "White: Felix drei."),
        ("e5", "Black: Eva fünf."),
        ("", "Black: Eva fünf."),
        ("g3", "White: Gustav drei."),
        ("g4", "Correction, White: Gustav vier."),
        ("offer", "White offers a draw."),
        ("", "White offers a draw."),
        ("decline", "Black declines the draw offer."),
        ("time", ", 2 moves."),
        ("moves", "1. Felix drei, Eva fünf; 2. Gustav vier."),
        ("help resign", "resign: resigns the game, after a confirmation."),
        ("Qh4#", "Black wins by checkmate (FIDE 5.1.1)."),
    ] {
        t.type_line(typed);
        t.wait_for(shown);
    }
    // `quit` silences what is being said: first let the speaker write the result to the transcript.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !std::fs::read_to_string(&transcript).unwrap_or_default().contains("Black wins by checkmate") {
        assert!(Instant::now() < deadline, "the transcript never got the result");
        std::thread::sleep(Duration::from_millis(30));
    }
    t.type_line("quit");
    t.wait_for("anna-exited-0");
    let screen = t.screen();
    let time = screen.lines().find(|l| l.starts_with("White ") && l.contains(", Black ")).unwrap();
    assert!(time.contains("minutes") && !time.contains(':'), "times in words: {time}");
    // Nothing of the terminal's own (no escape sequences): plain lines, as typed and as said.
    assert!(!screen.contains('\x1b'));
    let said = std::fs::read_to_string(&transcript).unwrap();
    for line in ["White: Felix drei.", "Correction, White: Gustav vier.", "Black declines the draw offer."] {
        assert!(said.lines().any(|l| l == line), "'{line}' not in the transcript:\n{said}");
    }
    // The result, where the game was saved, and the word on leaving (issue 46: never silence).
    let last: Vec<&str> = said.lines().rev().take(3).collect();
    assert_eq!(last[2], "Black wins by checkmate (FIDE 5.1.1).", "{said}");
    assert!(last[1].starts_with(&format!("Saved: {}/games/anna-", t.data.display())), "{said}");
    assert_eq!(last[0], "Goodbye.", "{said}");
}

#[test]
fn with_no_game_arguments_the_setup_is_asked_and_enter_enter_enter_starts() {
    let dir = TempDir::new("tmux-setup");
    let Some(t) = Terminal::start("setup", &dir.0, &["--speech", "off", "--sounds", "off"]) else { return };
    t.wait_for("Which side do you play, white or black? Enter for white.");
    t.type_line("");
    t.wait_for("Time control?");
    t.type_line("");
    t.wait_for("Your opponent's name?");
    t.type_line("");
    t.wait_for("Ready: your side White, your opponent opponent.");
    t.type_line("e4");
    t.wait_for("White: Eva vier.");
    t.type_line("time");
    t.wait_for(", Black 15 minutes 10 seconds, 0 moves.");
    t.type_line("resign");
    t.wait_for("Do you really resign? Say yes or no.");
    t.type_line("yes");
    t.wait_for("Black wins by resignation");
    t.type_line("quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn the_computer_chosen_in_the_setup_moves_first_and_answers() {
    let args = ["--speech", "off", "--sounds", "off", "--squares", "plain", "--engine", "builtin", "--level", "2"];
    let dir = TempDir::new("tmux-computer");
    let Some(t) = Terminal::start("computer", &dir.0, &args) else { return };
    t.wait_for("Which side do you play");
    t.type_line("black");
    t.wait_for("Time control?");
    t.type_line("");
    t.wait_for("Type computer to play against the computer, or lichess to play on lichess;");
    t.type_line("computer");
    t.wait_for("Ready: your side Black, your opponent Anna, level 2.");
    // The computer has White: it starts the clock with its move, unasked, and the move is said first.
    let screen = t.wait_for("White: ");
    assert!(!screen.contains("Clock started"), "{screen}");
    t.type_line("Nf6");
    t.wait_for("Black: Knight f-six.");
    t.type_line("");
    let deadline = Instant::now() + Duration::from_secs(30);
    while t.screen().lines().filter(|l| l.starts_with("White: ")).count() < 2 {
        assert!(Instant::now() < deadline, "the computer never answered; the screen:\n{}", t.screen());
        std::thread::sleep(Duration::from_millis(30));
    }
    t.type_line("moves");
    t.wait_for("1. ");
    t.type_line("quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn arrow_keys_and_escape_sequences_are_never_read_as_words() {
    let dir = TempDir::new("tmux-arrows");
    let Some(t) = Terminal::start("arrows", &dir.0, &["--speech", "off", "--sounds", "off", "--no-setup"]) else {
        return;
    };
    t.wait_for("Anna is ready.");
    t.type_line("e4");
    t.wait_for("White: Eva vier.");
    // Left then Enter: only said to do nothing.
    t.key("Left");
    t.key("Enter");
    t.wait_for("Arrow keys do nothing here; Up and Enter says the last sentence again.");
    // Up then Enter: the last sentence again.
    t.key("Up");
    t.key("Enter");
    t.wait_until("the move said again", |s| s.matches("White: Eva vier.").count() == 2);
    // A screen-clearing sequence typed in is dropped: no clear, no word of it said back.
    t.keys("\u{1b}[2J");
    t.key("Enter");
    t.type_line("turn");
    let screen = t.wait_for(" to move.");
    assert!(screen.contains("Anna is ready."), "the screen was not cleared:\n{screen}");
    assert!(!screen.contains("not understand") && !screen.contains("Which square"), "{screen}");
    t.type_line("quit");
    t.wait_for("anna-exited-0");
}

#[test]
fn a_game_on_the_blind_players_peg_board_and_the_opponents_dgt_board_in_three_terminals() {
    let dir = TempDir::new("tmux-boards");
    let (peg, dgt) = (dir.join("peg"), dir.join("dgt"));
    let data = dir.join("data");
    let Some(peg_sim) = Terminal::start("peg", &data, &["board-sim", "--link", peg.to_str().unwrap()]) else {
        return;
    };
    peg_sim.wait_for("Virtual peg board at");
    let dgt_args = ["board-sim", "--protocol", "dgt", "--link", dgt.to_str().unwrap()];
    let Some(dgt_sim) = Terminal::start("dgt", &data, &dgt_args) else { return };
    dgt_sim.wait_for("Virtual DGT board at");
    let args = [
        "--speech",
        "off",
        "--sounds",
        "off",
        "--player",
        "white",
        "--tc",
        "90m+30",
        "--board",
        peg.to_str().unwrap(),
        "--opponent-board",
        dgt.to_str().unwrap(),
    ];
    let Some(t) = Terminal::start("anna", &data, &args) else { return };
    t.wait_for("Your opponent's board is connected.");
    t.wait_for("Board connected.");
    // The DGT 3000 on the opponent's board is the official clock.
    dgt_sim.type_line("clock 1:30:00 1:30:00");
    t.wait_for("The clock on the board is the official clock; Anna's clock follows it.");
    // White, the blind player, moves on the peg board; the opponent carries it out wrongly first.
    peg_sim.type_line("move e2e4");
    t.wait_for("White: Eva vier.");
    dgt_sim.type_line("clock 1:30:00 1:30:00 right");
    dgt_sim.type_line("move e2e3");
    t.wait_for("Your opponent put the pawn on Eva drei, not Eva vier.");
    dgt_sim.type_line("move e3e4");
    t.wait_for("The board matches the game.");
    // The opponent's reply, slid over the board, is announced and asked for on the peg board.
    dgt_sim.type_line("slide c7 c6 c5");
    t.wait_for("Black: Cesar fünf.");
    t.wait_for("On the board, please: Pawn Cesar sieben Cesar fünf.");
    peg_sim.wait_for("show move c7 to c5");
    peg_sim.type_line("move c7c5");
    t.wait_for("The board matches the game.");
    t.type_line("moves");
    t.wait_for("1. Eva vier, Cesar fünf.");
    t.type_line("quit");
    t.wait_for("anna-exited-0");
}

/// Issue 46: Ctrl-C leaves as `quit` does, with a word: at a setup question that no game was begun;
/// in a game, that it is kept. After Ctrl-Z and `fg` (SIGSTOP, SIGCONT) the question is said again.
#[test]
fn ctrl_c_leaves_with_a_word_and_a_stopped_program_says_its_question_again() {
    let dir = TempDir::new("tmux-ctrl-c");
    let Some(t) = Terminal::start("ctrl-c-setup", &dir.0, &["--speech", "off", "--sounds", "off"]) else { return };
    let question = "Which side do you play, white or black? Enter for white.";
    t.wait_for(question);
    let pid = t.program_pid();
    for signal in ["-STOP", "-CONT"] {
        assert!(std::process::Command::new("kill").args([signal, &pid.to_string()]).status().unwrap().success());
    }
    t.wait_until("the question said again", |screen| screen.matches(question).count() == 2);
    t.key("C-c");
    t.wait_for("Goodbye. No game was begun.");
    let Some(t) = Terminal::start("ctrl-c-game", &dir.0, &["--speech", "off", "--sounds", "off", "--no-setup"]) else {
        return;
    };
    t.wait_for("Anna is ready.");
    t.type_line("e4");
    t.wait_for("White: Eva vier.");
    t.key("C-c");
    t.wait_for("The game is kept: anna --resume goes on with it.");
}
