use super::*;

/// Issue 57: `help` at a question before the game is no answer (it named the opponent "help" and
/// began the game): what the questions are, and the question again.
#[test]
fn help_at_a_setup_question_says_how_to_answer_and_asks_again() {
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    m.start();
    type_lines(&mut m, &["", ""]);
    let said = type_lines(&mut m, &["help"]);
    assert_eq!(
        said,
        [
            "Before the game Anna asks a few questions: type the answer, then Enter. Enter alone takes the answer \
             offered; quit leaves. The commands work once the game has begun.",
            "Your opponent's name? Type computer to play against the computer, or lichess to play on lichess; Enter \
             keeps the name opponent; no gives the time control again."
        ]
    );
    assert!(!m.session().started() && m.session().name(Color::Black).is_none());
    type_lines(&mut m, &["Bob"]);
    assert_eq!(m.session().name(Color::Black), Some("Bob"));
}

/// Issue 57: moves played and taken back leave a game begun, kept for `--resume`, not "No game
/// was begun".
#[test]
fn quit_after_moves_taken_back_says_the_game_is_kept() {
    let mut m = mode(Options { opponent: OtherSide::Computer, ..Options::default() });
    m.start();
    m.line("e4", Duration::ZERO);
    m.line("", Duration::from_secs(1));
    m.line("takeback", Duration::from_secs(2));
    assert!(m.session().game().plies().is_empty());
    assert_eq!(said!(m, &m.line("quit", Duration::from_secs(3))), ["The game is kept: anna --resume goes on with it."]);
}

/// Issue 57: a home game's PGN names the player by the system's account, not "?"; a game between two
/// people keeps "?" for a side nobody named.
#[test]
fn a_home_game_names_the_player_by_the_account() {
    let mut m = mode(Options { opponent: OtherSide::Computer, ..Options::default() });
    m.set_local("2026.11.29".into(), Some("jana".into()));
    m.start();
    let pgn = m.pgn();
    assert!(pgn.contains("[White \"jana\"]"), "{pgn}");
    assert!(!pgn.contains("[Black \"?\"]") && !pgn.contains("[Black \"jana\"]"), "{pgn}");
    let mut two = mode(Options::default());
    two.set_local("2026.11.29".into(), Some("jana".into()));
    two.start();
    let pgn = two.pgn();
    assert!(pgn.contains("[White \"?\"]") && pgn.contains("[Black \"?\"]"), "{pgn}");
}

/// Issue 57: the welcome names help and quit in the player's language.
#[test]
fn the_welcome_names_the_commands_in_the_player_s_language() {
    for (code, help, quit) in [("de", "Hilfe", "beenden"), ("sk", "pomoc", "koniec"), ("cs", "nápověda", "konec")] {
        let vocab = Vocabulary::get(code).unwrap();
        let welcome = vocab.word("line.welcome");
        assert!(welcome.contains(help) && welcome.contains(quit) && !welcome.contains("quit"), "{code}: {welcome}");
        for word in [help, quit] {
            assert!(keys::leading(word, &vocab).is_some(), "{code}: {word} is understood");
        }
    }
}

/// Issue 57: the ready line is said once: "computer" at the name question does not add the
/// computer's own line, which says the same in other words.
#[test]
fn the_ready_line_against_the_computer_is_said_once() {
    let mut m = mode(Options { ask_setup: true, engine: "builtin".parse().unwrap(), ..Options::default() });
    m.start();
    type_lines(&mut m, &["", ""]);
    assert_eq!(
        type_lines(&mut m, &["computer"]),
        [
            "Ready: your side White, your opponent Anna, level 3. Type a move, or help.",
            "After your move, Enter on an empty line presses the clock."
        ]
    );
}
