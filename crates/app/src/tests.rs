use super::*;
use anna_language::Vocabulary;
use save::SaveKind;

fn mode(options: Options) -> App {
    App::new(Config::default(), Vec::new(), Voice::english(), options)
}

fn type_lines(mode: &mut App, lines: &[&str]) -> Vec<String> {
    lines.iter().flat_map(|l| said!(mode, &mode.line(l, Duration::ZERO))).collect()
}

#[test]
fn resign_asks_first_and_no_keeps_the_game() {
    let mut m = mode(Options::default());
    let out = type_lines(&mut m, &["e4", "", "resign"]);
    assert_eq!(out.last().unwrap(), "Do you really resign? Say yes or no.");
    assert_eq!(type_lines(&mut m, &["no"]), ["Not done."]);
    assert!(m.session().outcome().is_none());
    type_lines(&mut m, &["resign", "yes"]);
    assert!(m.session().outcome().is_some());
}

/// Issue 46: a question whose act cannot undo itself takes only a clear yes or no, in the player's
/// language; a stray byte (0xFF, read as Latin-1 `ÿ`), a symbol, Enter or a move asks it again.
#[test]
fn an_irreversible_question_takes_only_a_clear_yes_and_asks_again_otherwise() {
    let mut m = mode(Options::default());
    type_lines(&mut m, &["e4", "", "resign"]);
    for stray in ["\u{ff}", "ÿ", "%$#", "", "  ", "Nf3", "e5", "yess!!", "ýes"] {
        assert_eq!(type_lines(&mut m, &[stray]), ["Do you really resign? Say yes or no."], "{stray:?}");
        assert!(m.session().outcome().is_none(), "{stray:?} resigned");
    }
    assert_eq!(type_lines(&mut m, &["YES"])[0], "White wins by resignation (FIDE 5.1.2).");
    assert!(m.session().outcome().is_some());
    // In each language its own yes, with its letters (Slovak `áno`, and `ano` as typed without them).
    for (code, yes) in [("de", "ja"), ("sk", "áno"), ("sk", "ano"), ("cs", "ano"), ("pl", "tak"), ("sl", "da")] {
        let vocab = Vocabulary::find(code).unwrap();
        assert_eq!(confirm::clear_answer(yes, &vocab), Some(true), "{code} {yes}");
        assert_eq!(confirm::clear_answer("\u{ff}", &vocab), None, "{code}");
    }
    // A new game and writing over a file wait the same way.
    let mut m = mode(Options::default());
    type_lines(&mut m, &["e4", "", "new"]);
    assert_eq!(type_lines(&mut m, &["\u{ff}"]), ["A game is running. Do you really start a new game? Say yes or no."]);
    assert_eq!(m.session().game().plies().len(), 1);
    assert_eq!(type_lines(&mut m, &["nein"]), ["A game is running. Do you really start a new game? Say yes or no."]);
    assert_eq!(type_lines(&mut m, &["no"]), ["Not done."]);
}

/// Issue 46: against the computer the sides are fixed once the game has begun: `set player` and
/// `flip` would have it move at once for the player's old side.
#[test]
fn against_the_computer_the_sides_change_only_before_the_first_move() {
    let mut m = mode(Options { opponent: crate::OtherSide::Computer, ..Options::default() });
    m.start();
    assert_eq!(type_lines(&mut m, &["set player black"]), ["Setting player: black."]);
    assert_eq!(m.computer_side(), Some(shakmaty::Color::White));
    let mut m = mode(Options { opponent: crate::OtherSide::Computer, ..Options::default() });
    m.start();
    type_lines(&mut m, &["e4", ""]);
    let fixed = "Your side against the computer: White; the sides cannot change during a game. Say new game for a \
                 new one.";
    assert_eq!(type_lines(&mut m, &["set player black"]), [fixed]);
    assert_eq!(type_lines(&mut m, &["flip"]), [fixed]);
    assert_eq!(m.computer_side(), Some(shakmaty::Color::Black));
    assert_eq!(type_lines(&mut m, &["set player white"]), ["Setting player: white."], "the same side is no change");
}

/// Issue 46: `settings` names the opponent and the time control too.
#[test]
fn settings_name_the_opponent_and_the_time_control() {
    let mut m = mode(Options { opponent: crate::OtherSide::Computer, ..Options::default() });
    m.start();
    let said = type_lines(&mut m, &["settings"]);
    assert!(
        said[0].ends_with(
            "your side White, opponent the computer at level 3, time control no clock, Laws of Chess FIDE 2023."
        ),
        "{said:?}"
    );
    let setup = vec![
        Command::TimeControl(anna_core::clock::TimeControl::read("5+3").unwrap()),
        Command::Name(shakmaty::Color::Black, "Hana".into()),
    ];
    let mut m = App::new(Config::default(), setup, Voice::english(), Options::default());
    m.start();
    assert_eq!(type_lines(&mut m, &["set laws 2018"]), ["Setting laws: 2018."]);
    let said = type_lines(&mut m, &["settings"]);
    assert!(
        said[0].ends_with(
            "touch-move warn, both sides played here: White no name, Black Hana, time control 5 minutes, plus 3 \
             seconds a move, Laws of Chess FIDE 2018."
        ),
        "{said:?}"
    );
}

/// Issue 46: a line of symbols or a paste gone wrong is not read back to the player whole.
#[test]
fn garbage_is_not_read_back() {
    let mut m = mode(Options::default());
    let garbage = "#$%^&*()!@".repeat(25);
    assert_eq!(type_lines(&mut m, &[&garbage]), ["I did not understand that line: it is no move or command."]);
    assert_eq!(type_lines(&mut m, &["zzqx blorp"]), ["I did not understand 'zzqx blorp'."]);
    // Issue 57: a stray byte read as Latin-1 is no yes ("ÿ") and no square ("Ã").
    for stray in ["ÿ", "Ã"] {
        assert_eq!(type_lines(&mut m, &[stray]), ["I did not understand that line: it is no move or command."]);
    }
    type_lines(&mut m, &["e4", "", "resign"]);
    assert_eq!(type_lines(&mut m, &["Ã"]), ["Do you really resign? Say yes or no."]);
    assert!(m.session().outcome().is_none());
}

#[test]
fn no_confirm_resigns_at_once() {
    let mut m = mode(Options { confirm: false, ..Options::default() });
    type_lines(&mut m, &["resign"]);
    assert!(m.session().outcome().is_some());
}

#[test]
fn listen_during_the_setup_questions_says_to_type_and_keeps_the_question() {
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    m.start();
    // Tab in the board view writes `listen`: not an answer "white or black".
    assert_eq!(type_lines(&mut m, &["listen"]), ["Type the answer: Anna listens once the game has begun."]);
    assert_eq!(
        type_lines(&mut m, &["black"]),
        ["Time control? Minutes and the increment in seconds, as tournaments write it: for example 15+10, 90+30 or \
          40/90+30, 30+30. Enter for 15+10."]
    );
}

#[test]
fn setup_questions_take_enter_enter_enter() {
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    assert_eq!(said!(m, &m.start()), ["Which side do you play, white or black? Enter for white."]);
    // The time control is read back at once with its category (FIDE A.1), with the next question.
    assert_eq!(
        type_lines(&mut m, &["", ""]),
        [
            "Time control? Minutes and the increment in seconds, as tournaments write it: for example 15+10, 90+30 or \
             40/90+30, 30+30. Enter for 15+10.",
            "Rapid chess: 15 minutes, plus 10 seconds a move.",
            "Your opponent's name? Type computer to play against the computer, or lichess to play on lichess; Enter \
             keeps the name opponent; no gives the time control again."
        ]
    );
    let out = type_lines(&mut m, &[""]);
    assert_eq!(
        out,
        [
            "Ready: your side White, your opponent opponent. Type a move, or help.",
            "After your move, Enter on an empty line presses the clock."
        ]
    );
    assert_eq!(m.session().name(Color::Black), Some("opponent"));
    assert_eq!(m.session().config().player, Some(Color::White));
    assert_eq!(m.session().clock().time_control().to_pgn(), "900+10");
}

#[test]
fn setup_questions_understand_the_language_and_refuse_nonsense() {
    let voice = Voice::new(Vocabulary::get("cs").unwrap(), Default::default(), Default::default());
    let mut m = App::new(Config::default(), Vec::new(), voice, Options { ask_setup: true, ..Options::default() });
    m.start();
    let out = type_lines(&mut m, &["zelený"]);
    assert_eq!(out[0], "Odpovězte prosím bílý, nebo černý.");
    type_lines(&mut m, &["černými", "blitz", "3+2", "Jan Novák"]);
    assert_eq!(m.session().config().player, Some(Color::Black));
    assert_eq!(m.session().name(Color::White), Some("Jan Novák"));
}

#[test]
fn the_view_and_the_enter_setting_say_how_to_press() {
    let mut m = mode(Options::default());
    assert!(type_lines(&mut m, &["help"])[0].contains("; press or Enter on an empty line; "));
    assert_eq!(said!(m, &m.start()).last().unwrap(), "After your move, Enter on an empty line presses the clock.");
    m.set_press_key(crate::PressKey::Space);
    assert_eq!(type_lines(&mut m, &["help press"]), ["press or Space: completes your move by pressing the clock."]);
    assert_eq!(said!(m, &m.start()).last().unwrap(), "After your move, Space presses the clock.");
    let mut m = mode(Options { enter: crate::Enter::Nothing, ..Options::default() });
    assert_eq!(type_lines(&mut m, &["help press"]), ["press: completes your move by pressing the clock."]);
    // The assistant's moves are completed at once: nothing about pressing.
    let mut m = mode(Options { assistant: true, ..Options::default() });
    assert!(!said!(m, &m.start()).iter().any(|w| w.contains("presses the clock")));
}

#[test]
fn settings_change_and_are_confirmed() {
    let mut m = mode(Options::default());
    assert_eq!(type_lines(&mut m, &["set squares nato"]), ["Setting squares: nato."]);
    assert_eq!(type_lines(&mut m, &["e4"]).last().unwrap(), "White: Echo four.");
    let out = m.line("set language de", Duration::ZERO);
    assert!(matches!(&out[0], Out::Settings(InForce { language, .. }) if language == "de"), "{out:?}");
    assert_eq!(said!(m, &out), ["Einstellung language: Deutsch."]);
    assert_eq!(type_lines(&mut m, &["set enter nothing", ""]), ["Einstellung enter: nothing."]);
    assert_eq!(type_lines(&mut m, &["set colour red"]).len(), 1);
}

fn saves(outs: &[Out]) -> Vec<Save> {
    outs.iter()
        .filter_map(|o| match o {
            Out::Save(save) => Some(save.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn save_writes_pgn_or_braille_where_asked() {
    let mut m = mode(Options { confirm: false, ..Options::default() });
    m.set_local("2026.11.22".into(), None);
    type_lines(&mut m, &["e4", "", "Nf6", ""]);
    let save = saves(&m.line("save", Duration::ZERO)).remove(0);
    assert_eq!((save.path, save.kind), (None, SaveKind::Pgn));
    assert!(save.text.contains("[Date \"2026.11.22\"]\n"), "{}", save.text);
    assert!(save.text.ends_with("\n\n1. e4 Nf6 *\n"), "{}", save.text);
    // Issue 57: quotes around nothing are no file name; a quoted name is the name inside.
    assert_eq!(saves(&m.line("save \"\"", Duration::ZERO)).remove(0).path, None);
    let quoted = saves(&m.line("save \"my game.pgn\"", Duration::ZERO)).remove(0);
    assert_eq!(quoted.path, Some(std::path::PathBuf::from("my game.pgn")));
    let named = saves(&m.line("save my game.pgn", Duration::ZERO)).remove(0);
    assert_eq!(named.path, Some(std::path::PathBuf::from("my game.pgn")));
    let braille = saves(&m.line("save braille sheet.brf", Duration::ZERO)).remove(0);
    assert_eq!((braille.path.unwrap().to_str().unwrap(), braille.kind), ("sheet.brf", SaveKind::Braille));
    // The print lines: the adapter that writes the file puts them into the language's braille.
    assert_eq!(braille.text, "White\nBlack\n1. e4 Nf6\n*");
}

/// Issue 46: a save that would go over a pipe, a device or a folder is refused with that reason.
#[test]
fn a_save_onto_what_is_no_plain_file_says_so() {
    let mut m = mode(Options { confirm: false, ..Options::default() });
    type_lines(&mut m, &["e4", ""]);
    let save = saves(&m.line("save /tmp/pipe", Duration::ZERO)).remove(0);
    let result = Err(save::SaveError::NotAFile("/tmp/pipe".into()));
    let out = m.handle(Event::Saved { save, result }, Duration::ZERO);
    assert_eq!(
        said!(m, &out),
        ["/tmp/pipe is not a plain file (a folder, a device or a pipe): nothing was written. Give a file name."]
    );
}

#[test]
fn the_german_save_word_and_braille_in_german_notation() {
    let voice = Voice::new(Vocabulary::german(), Default::default(), Default::default());
    let mut m = App::new(Config::default(), Vec::new(), voice, Options::default());
    type_lines(&mut m, &["e4", "", "Sf6", ""]);
    let braille = saves(&m.line("speichern Braille", Duration::ZERO)).remove(0);
    assert_eq!(braille.path, None);
    assert_eq!(braille.text, "Weiß\nSchwarz\n1. e4 Sf6\n*");
}

#[test]
fn the_end_of_the_game_saves_it_once() {
    let mut m = mode(Options { confirm: false, ..Options::default() });
    let before: Vec<Out> = ["f3", "", "e5", "", "g4", ""].iter().flat_map(|l| m.line(l, Duration::ZERO)).collect();
    assert!(saves(&before).is_empty());
    let mate = m.line("Qh4", Duration::ZERO);
    let saved = saves(&mate);
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].path, None);
    assert!(
        saved[0].text.ends_with("1. f3 e5 2. g4 Qh4# {Black wins by checkmate (FIDE 5.1.1).} 0-1\n"),
        "{}",
        saved[0].text
    );
    assert!(saves(&m.line("time", Duration::ZERO)).is_empty(), "not saved again");
}

#[test]
fn the_setup_answer_90_30_is_ninety_minutes_read_back_in_words() {
    // The question says "minutes and increment in seconds": 90+30 is never 90 seconds (FIDE A.1).
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    m.start();
    type_lines(&mut m, &[""]);
    let out = type_lines(&mut m, &["90+30"]);
    assert_eq!(out[0], "Standard chess: 1 hour 30 minutes, plus 30 seconds a move.");
    type_lines(&mut m, &[""]);
    let period = &m.session().clock().time_control().periods[0];
    assert_eq!((period.time, period.increment), (Duration::from_secs(5400), Duration::from_secs(30)));
}

/// Issue 25: controls as tournament regulations write them are read in minutes, read back at once
/// with their category (A.1, B.1), and a no gives the question again.
#[test]
fn the_setup_reads_tournament_controls_back_at_once_and_no_asks_again() {
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    m.start();
    type_lines(&mut m, &[""]);
    let out = type_lines(&mut m, &["40/120:60"]);
    assert_eq!(out[0], "Standard chess: 2 hours for 40 moves, then 1 hour.");
    let out = type_lines(&mut m, &["no"]);
    assert_eq!(out.len(), 1);
    assert!(out[0].starts_with("Time control?"), "{out:?}");
    let out = type_lines(&mut m, &["40/90+30, 30+30"]);
    assert!(out[0].starts_with("Standard chess: 1 hour 30 minutes for 40 moves"), "{out:?}");
    let out = type_lines(&mut m, &["no", "1h30m+30"]);
    assert_eq!(out[1], "Standard chess: 1 hour 30 minutes, plus 30 seconds a move.");
    let out = type_lines(&mut m, &["fast please"]);
    assert!(out[0].starts_with("Ready: your side White, your opponent fast please."), "{out:?}");
    assert_eq!(m.session().name(Color::Black), Some("fast please"));
    assert_eq!(m.session().clock().time_control().periods[0].time, Duration::from_secs(5400));
    // A control that cannot be read is named, and the question asked again.
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    m.start();
    type_lines(&mut m, &[""]);
    let out = type_lines(&mut m, &["ninety"]);
    assert_eq!(
        out[0],
        "I cannot read the time control 'ninety'; write it like 15+10, 90+30, 1h30+30 or 40/90+30, 30+30."
    );
    assert!(out[1].starts_with("Time control?"));
}

#[test]
fn accept_with_no_offer_standing_asks_nothing() {
    let mut m = mode(Options::default());
    m.start();
    assert_eq!(type_lines(&mut m, &["accept"]), ["There is no draw offer to answer."]);
    assert!(!m.awaiting_answer());
}

/// Issue 22: one table of command names. Every name the terminal handles does something there,
/// and none of the session's is taken by it.
#[test]
fn the_terminal_handles_exactly_its_own_names() {
    let mut m = mode(Options::default());
    m.start();
    for name in Name::ALL {
        // `quit` ends, `new` asks: each answers, which is all this checks.
        let handled = m.ui(name, "", Duration::ZERO).is_some();
        assert_eq!(handled, name.is_terminal(), "{name}");
    }
}

#[test]
fn quit_leaves_at_the_setup_questions_and_says_a_game_under_way_is_kept() {
    let bye = || vec![Out::Say(Words::line("line.quit_none"), Priority::Move), Out::Quit];
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    m.start();
    assert_eq!(m.line("quit", Duration::ZERO), bye(), "at the first setup question");
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    m.start();
    m.line("black", Duration::ZERO);
    assert_eq!(m.line("quit", Duration::ZERO), bye(), "at the time control question");
    // A game begun: kept, and how to go on with it.
    let mut m = mode(Options::default());
    m.start();
    assert_eq!(said!(m, &m.line("quit", Duration::ZERO)), ["Goodbye. No game was begun."], "nothing to keep yet");
    m.line("e4", Duration::ZERO);
    let out = m.line("quit", Duration::from_secs(1));
    assert_eq!(said!(m, &out), ["The game is kept: anna --resume goes on with it."]);
    assert_eq!(out.last(), Some(&Out::Quit));
}

/// Issue 46: a journal that is not on the disk is said when it fails, after every move while it
/// lasts, and when it is whole again; `quit` then never says the game is kept, but has it rescued.
#[test]
fn a_game_not_saved_is_said_so_at_each_move_and_rescued_at_quit() {
    use crate::journal::{Health, Trouble};
    let mut m = mode(Options::default());
    m.start();
    type_lines(&mut m, &["e4", ""]);
    let full = Event::Journal(Health::NotSaved(Trouble::Full));
    assert_eq!(
        said!(m, &m.handle(full.clone(), Duration::ZERO)),
        ["Not saved: the disk is full. Play goes on; every move is kept and written as soon as the disk takes it \
          again."]
    );
    type_lines(&mut m, &["e5", ""]);
    assert_eq!(said!(m, &m.handle(full, Duration::ZERO)), ["Not saved: the disk is full."]);
    let out = m.line("quit", Duration::from_secs(1));
    assert!(said!(m, &out).is_empty(), "never said kept: {:?}", said!(m, &out));
    assert!(matches!(&out[0], Out::Rescue(pgn) if pgn.contains("1. e4 e5 *")), "{out:?}");
    assert_eq!(out.last(), Some(&Out::Quit));
    // The disk takes the game again: said, and `quit` says it is kept.
    assert_eq!(
        said!(m, &m.handle(Event::Journal(Health::Saved), Duration::ZERO)),
        ["The game is saved again, every move of it."]
    );
    assert_eq!(said!(m, &m.line("quit", Duration::from_secs(1))), ["The game is kept: anna --resume goes on with it."]);
    // Before the game, a notice comes before the question, which is then said again.
    let mut m = mode(Options { ask_setup: true, ..Options::default() });
    m.start();
    assert_eq!(
        said!(m, &m.handle(Event::Journal(Health::NotSaved(Trouble::ReadOnly)), Duration::ZERO)),
        [
            "Not saved: the folder cannot be written. Play goes on; every move is kept and written as soon as the \
             disk takes it again.",
            "Which side do you play, white or black? Enter for white."
        ]
    );
}

#[test]
fn a_bad_value_of_a_setting_says_the_values_it_takes() {
    let mut m = mode(Options::default());
    let said = type_lines(
        &mut m,
        &["set rate 500", "set volume -5", "set alarms 99:99", "set language xx", "set auto-press", "set foo bar"],
    );
    assert_eq!(
        said,
        [
            "Setting rate takes: -100 … 100. '500' is not one of them.",
            "Setting volume takes: 0 … 100. '-5' is not one of them.",
            "Setting alarms takes: 10:00,1:00,0:10 … | off. '99:99' is not one of them.",
            "Setting language takes: en, de, sk, cs, pl, sl. 'xx' is not one of them.",
            "Setting auto-press takes: on, off.",
            "I do not know that setting. Say help set for the list.",
        ]
    );
    assert_eq!(m.options().rate, None, "nothing changed");
}

#[test]
fn the_time_said_is_the_time_the_board_view_shows() {
    let setup = vec![Command::TimeControl(anna_core::clock::TimeControl::parse("5m").unwrap())];
    let mut m = App::new(Config::default(), setup, Voice::english(), Options::default());
    m.start();
    m.line("e4", Duration::from_secs(1));
    m.line("", Duration::from_secs(1));
    let now = Duration::from_millis(3_400);
    // Black's clock has run 2.4 seconds: 4:57.6 left, shown 4:58 and said so.
    let shown = crate::view::shown(m.view(now).clocks.black);
    assert_eq!(shown, Duration::from_secs(298));
    assert_eq!(said!(m, &m.line("time", now)), ["White 5 minutes, Black 4 minutes 58 seconds, 1 move."]);
}

#[test]
fn more_after_a_move_says_the_board_again_as_it_is_now() {
    let mut m = mode(Options::default());
    m.start();
    let board = type_lines(&mut m, &["board"]);
    assert!(board[0].contains("Pawns Anna zwei, Bella zwei"), "{board:?}");
    assert_eq!(m.line("more", Duration::ZERO), [Out::More], "nothing has moved: goes on where it was cut");
    m.line("e4", Duration::from_secs(1));
    let out = m.line("more", Duration::from_secs(2));
    assert_eq!(out[0], Out::Silence);
    let now = said!(m, &out);
    assert!(now[0].contains("Eva vier"), "the board as it is now: {now:?}");
    // Help is no answer about the board: more goes on with it.
    type_lines(&mut m, &["help"]);
    m.line("e5", Duration::from_secs(3));
    assert_eq!(m.line("more", Duration::from_secs(4)), [Out::More]);
}

/// Issue 48: a line means in the game what the parser's table says it means; the script language's
/// own words do not come first. "white knight f3" is the move, not White's new name.
#[test]
fn a_typed_line_means_in_the_game_what_a_player_means_by_it() {
    let mut m = mode(Options { confirm: false, ..Options::default() });
    m.start();
    let said = type_lines(&mut m, &["white knight f3"]);
    assert_eq!(m.session().game().plies().len(), 1, "{said:?}");
    assert_eq!(m.session().name(Color::White), None);
    type_lines(&mut m, &["", "e5", ""]);
    let time = type_lines(&mut m, &["time for white"]);
    assert!(time[0].starts_with("White "), "{time:?}");
    assert!(!time[0].contains("Black"), "{time:?}");
    for text in ["claim draw by repetition", "claim a win on time"] {
        let said = type_lines(&mut m, &[text]);
        assert!(said.iter().all(|s| !s.contains("needs") && !s.contains("not understood")), "{text}: {said:?}");
    }
}

/// Issue 48: a typing slip (two letters swapped, one left out or doubled) that leaves exactly one
/// legal move is that move, said back as every move is; a slip that leaves none is asked about.
#[test]
fn a_typing_slip_is_read_as_the_word_when_one_legal_move_results() {
    let mut m = mode(Options::default());
    m.start();
    let said = type_lines(&mut m, &["knigth f3"]);
    assert_eq!(m.session().game().plies().len(), 1, "{said:?}");
    assert_eq!(said, ["White: Knight Felix drei."]);
    let said = type_lines(&mut m, &["", "Knigt c6"]);
    assert_eq!(m.session().game().plies().len(), 2, "{said:?}");
    // No legal move with the word undone: the near miss is asked about, nothing played.
    let said = type_lines(&mut m, &["", "qeuen h5"]);
    assert_eq!(m.session().game().plies().len(), 2, "{said:?}");
}

/// Issue 48: a square said alone where no pawn can go, and another piece can, is asked about by
/// its move and played only on yes; lichess's `clear`, `close`, `abort` answer no there; draw talk
/// in a sentence is read by what it asks.
#[test]
fn a_move_no_pawn_can_make_is_asked_about_and_draw_talk_is_understood() {
    let mut m = mode(Options::default());
    m.start();
    type_lines(&mut m, &["e4", "", "e5", "", "Nf3", "", "Nc6", "", "Bc4", "", "Nf6", ""]);
    assert_eq!(type_lines(&mut m, &["g5"]), ["Did you mean Knight Gustav fünf? Say yes or no."]);
    assert_eq!(type_lines(&mut m, &["clear"]), ["Please say the move again."]);
    assert_eq!(m.session().game().plies().len(), 6);
    type_lines(&mut m, &["g5"]);
    assert_eq!(type_lines(&mut m, &["yes"])[0], "White: Knight Gustav fünf.");
    assert_eq!(m.session().game().plies().len(), 7);
    // Abort at a yes-or-no question is no, never the end of the game.
    type_lines(&mut m, &["", "h6"]);
    let said = type_lines(&mut m, &["would you accept a draw?"]);
    assert!(said.iter().any(|s| s.contains("offers a draw")), "{said:?}");
    let said = type_lines(&mut m, &["", "no thanks, let's play on"]);
    assert!(said.iter().any(|s| s.contains("declines")), "{said:?}");
    let said = type_lines(&mut m, &["resign", "abort"]);
    assert_eq!(said.last().unwrap(), "Not done.");
    assert!(m.session().outcome().is_none());
}

/// Issue 49: at a tournament the edition of the Laws is said once, before the game.
#[test]
fn at_a_tournament_the_edition_of_the_laws_is_said_at_the_start() {
    let config = Config { tournament: true, ..Config::default() };
    let mut m = App::new(config, Vec::new(), Voice::english(), Options::default());
    let out = m.start();
    assert!(said!(m, &out).contains(&"The FIDE Laws of Chess of 2023 apply.".to_string()), "{:?}", said!(m, &out));
    let config = Config { tournament: true, laws: anna_core::laws::Edition::Laws2018, ..Config::default() };
    let mut m = App::new(config, Vec::new(), Voice::english(), Options::default());
    let out = m.start();
    assert!(said!(m, &out).contains(&"The FIDE Laws of Chess of 2018 apply.".to_string()));
    let mut m = mode(Options::default());
    let out = m.start();
    assert!(!said!(m, &out).iter().any(|s| s.contains("Laws of Chess")), "only at a tournament");
}

/// `help` in all its forms.
mod help;

/// The start of a run and its end: the setup questions, the welcome, quitting (issue 57).
mod start;
