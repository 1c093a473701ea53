use std::time::Duration;

use shakmaty::Color;

use super::super::{App, Options, Out};
use anna_core::clock::TimeControl;
use anna_core::command::{Command, Setting};
use anna_core::opponent::{EngineFailure, Level};
use anna_core::outcome::Reason;
use anna_core::session::Config;
use anna_language::{MoveForm, SquareStyle, Vocabulary, Voice};

fn voice() -> Voice {
    Voice::new(Vocabulary::english(), SquareStyle::Plain, MoveForm::default())
}

/// A game against the computer at level 2 with 5+3, the user playing `user`.
fn against_computer(user: Color, setup: Vec<Command>) -> (App, Vec<Out>) {
    let mut setup = setup;
    setup.push(Command::TimeControl(TimeControl::parse("5+3").unwrap()));
    setup.push(Command::Set(Setting::Player(Some(user))));
    let options = Options {
        opponent: crate::OtherSide::Computer,
        level: Level::new(2).unwrap(),
        engine: "/usr/games/fish".parse().unwrap(),
        ..Options::default()
    };
    let mut m = App::new(Config::default(), setup, voice(), options);
    let start = m.start();
    (m, start)
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

#[test]
fn the_computer_answers_after_the_press_and_its_move_is_announced() {
    let (mut m, start) = against_computer(Color::White, Vec::new());
    assert_eq!(said!(m, &start)[3], "Your side: White; your opponent: the computer at level 2.");
    assert_eq!(Out::think(&start), None, "White moves first");
    let moved = m.line("e4", secs(1));
    let request = Out::think(&moved).expect("the computer thinks from the move on");
    assert_eq!(request.moves, ["e2e4"]);
    assert!(request.engine);
    // Its answer waits for the press (the player may still correct a slip, D.2.8).
    assert!(m.engine_move(request.id, "c7c5", secs(1)).is_empty());
    let pressed = m.line("", secs(2));
    assert_eq!(said!(m, &pressed), ["Black: c-five."], "the press brings the answer held for it");
    assert_eq!(Out::think(&pressed), None);
    // The next request carries the clocks as they stand: 5 minutes and the first 3 seconds each
    // (Fischer); White used 1 second and got 3 more, Black answered at once; White's clock runs.
    let request = Out::think(&m.line("d4", secs(3))).unwrap();
    let clocks = request.clocks.unwrap();
    assert_eq!((clocks.white, clocks.black, clocks.black_increment), (secs(304), secs(306), secs(3)));
    assert!(m.computer_thinking());
    m.line("", secs(4));
    let answer = m.engine_move(request.id, "c5d4", secs(9));
    assert_eq!(said!(m, &answer), ["Black: c takes d-four."]);
    assert!(answer.contains(&Out::Play(anna_core::message::Sound::Capture)));
    assert!(!m.computer_thinking());
    // Its clock ran while it thought and was pressed for it: 306 - 5 + 3.
    assert_eq!(m.session().clock().remaining(Color::Black, secs(9)), secs(304));
    assert_eq!(m.session().awaiting_press(), None);
    assert_eq!(m.session().game().turn(), Color::White);
}

#[test]
fn the_computer_with_white_moves_first_and_the_user_cannot_move_for_it() {
    let (mut m, start) = against_computer(Color::Black, Vec::new());
    let request = Out::think(&start).expect("the computer has White");
    assert_eq!(request.moves, Vec::<String>::new());
    assert_eq!(request.clocks.unwrap().moves_to_go, None);
    // While it thinks, a move typed by the user is not played for White; questions are answered.
    assert_eq!(said!(m, &m.line("e4", secs(1))), ["It is White's move."]);
    assert_eq!(m.session().game().plies().len(), 0);
    assert_eq!(said!(m, &m.line("turn", secs(1))), ["White to move."]);
    assert_eq!(said!(m, &m.engine_move(request.id, "d2d4", secs(2))), ["White: d-four."]);
    assert_eq!(said!(m, &m.line("d5", secs(3))), ["Black: d-five."]);
}

#[test]
fn an_old_answer_is_dropped_and_a_bad_one_hands_over_to_the_builtin_opponent() {
    let (mut m, start) = against_computer(Color::Black, Vec::new());
    let first = Out::think(&start).unwrap();
    assert!(m.engine_move(first.id + 7, "e2e4", secs(1)).is_empty(), "not the question asked");
    let out = m.engine_move(first.id, "e2e5", secs(1));
    assert_eq!(said!(m, &out), ["The engine fish did not answer with a legal move. Anna's own opponent plays on."]);
    let again = Out::think(&out).expect("asked again");
    assert!(!again.engine, "the built-in opponent answers now");
    assert_eq!(said!(m, &m.engine_move(again.id, "g1f3", secs(2)))[0], "White: Knight f-three.");
    // A failure of an engine is said once per failure, with the engine's name.
    let (mut m, start) = against_computer(Color::Black, Vec::new());
    let out = m.engine_failed(Out::think(&start).unwrap().id, EngineFailure::Silent, secs(3));
    assert_eq!(said!(m, &out), ["The engine fish did not answer in time. Anna's own opponent plays on."]);
    assert!(Out::think(&out).is_some_and(|r| !r.engine));
    // Issue 57: the PGN names who played, the engine given up and Anna's own after it.
    assert_eq!(m.session().name(Color::White), Some("Fish, level 2 to move 1, then Anna, level 2"));
    assert!(m.pgn().contains("[White \"Fish, level 2 to move 1, then Anna, level 2\"]"));
}

#[test]
fn the_answer_held_for_the_press_completes_the_move_after_a_while_and_a_correction_asks_again() {
    let (mut m, _) = against_computer(Color::White, Vec::new());
    let first = Out::think(&m.line("e4", secs(1))).unwrap();
    // A slip corrected before the press (D.2.8): the question is asked again about the new move.
    let second = Out::think(&m.line("d4", secs(2))).expect("asked about the corrected move");
    assert_eq!(second.moves, ["d2d4"]);
    assert!(m.engine_move(first.id, "e7e5", secs(2)).is_empty(), "the old answer is dropped");
    assert!(m.engine_move(second.id, "d7d5", secs(3)).is_empty(), "held for the press");
    assert_eq!(m.next_deadline(), Some(secs(3) + super::HOLD));
    assert!(said!(m, &m.line("turn", secs(4)))[0].starts_with("White: d-four, waiting for the clock press"));
    // Not pressed: the answer is played, and White's clock keeps running until White presses
    // (6.2.1, 6.2.2): no increment, and it is White's move on White's running clock.
    let out = m.handle(crate::Event::Tick, secs(8));
    assert_eq!(
        said!(m, &out),
        [
            "White has not pressed the clock: White's clock keeps running until White presses (FIDE 6.2.2).",
            "Black: d-five."
        ]
    );
    assert_eq!(m.session().clock().remaining(Color::White, secs(8)), secs(303 - 7));
    assert_eq!(m.session().game().turn(), Color::White);
    assert_eq!(m.session().awaiting_press(), None, "the computer pressed its own clock");
}

#[test]
fn the_computer_plays_under_its_name_in_the_pgn() {
    let options =
        Options { opponent: crate::OtherSide::Computer, engine: "builtin".parse().unwrap(), ..Options::default() };
    let setup = vec![Command::Set(Setting::Player(Some(Color::White))), Command::Name(Color::White, "Eva".into())];
    let mut m = App::new(Config::default(), setup, voice(), options);
    m.start();
    assert!(m.pgn().contains("[White \"Eva\"]\n[Black \"Anna, level 3\"]"), "{}", m.pgn());
    let options = Options {
        opponent: crate::OtherSide::Computer,
        level: Level::MAX,
        engine: "/usr/games/stockfish".parse().unwrap(),
        ..Options::default()
    };
    let mut m = App::new(Config::default(), vec![Command::Set(Setting::Player(Some(Color::Black)))], voice(), options);
    m.start();
    assert!(m.pgn().contains("[White \"Stockfish, level 8\"]\n[Black \"?\"]"), "{}", m.pgn());
}

#[test]
fn no_move_while_paused_or_after_a_resignation() {
    let (mut m, _) = against_computer(Color::White, Vec::new());
    let request = Out::think(&m.line("e4", secs(1))).unwrap();
    m.line("", secs(1));
    m.line("pause", secs(2));
    assert!(m.engine_move(request.id, "e7e5", secs(3)).is_empty(), "paused: the answer waits");
    let resumed = m.line("resume", secs(4));
    let request = Out::think(&resumed).expect("asked again after resume");
    m.line("resign", secs(5));
    m.line("yes", secs(5));
    assert_eq!(m.session().outcome().map(|o| o.reason), Some(Reason::Resignation));
    assert!(m.engine_move(request.id, "e7e5", secs(6)).is_empty());
    assert_eq!(m.session().game().plies().len(), 1);
}

#[test]
fn a_draw_offer_is_declined_when_equal_and_accepted_when_lost() {
    let (mut m, _) = against_computer(Color::White, Vec::new());
    let request = Out::think(&m.line("e4", secs(1))).unwrap();
    m.line("", secs(1));
    m.engine_move(request.id, "e7e5", secs(2));
    m.line("Nf3", secs(3));
    let out = m.line("offer", secs(3));
    assert_eq!(said!(m, &out)[1], "Black declines the draw offer.");
    // Black has a bare king against a queen: the computer takes the draw.
    let fen = Command::Fen("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1".to_string());
    let (mut m, _) = against_computer(Color::White, vec![fen]);
    let request = Out::think(&m.line("Qd3", secs(1))).unwrap();
    m.line("", secs(1));
    m.engine_move(request.id, "e8e7", secs(2));
    m.line("Qe3", secs(3));
    let out = m.line("offer", secs(3));
    assert_eq!(said!(m, &out).last().unwrap(), "Draw by agreement (FIDE 5.2.3).");
}

#[test]
fn setup_questions_take_computer_for_the_opponent() {
    let options = Options { ask_setup: true, ..Options::default() };
    let mut m = App::new(Config::default(), Vec::new(), voice(), options);
    m.start();
    m.line("black", secs(0));
    let out = m.line("", secs(0));
    assert_eq!(said!(m, &out)[0], "Rapid chess: 15 minutes, plus 10 seconds a move.");
    let out = m.line("Computer", secs(0));
    assert_eq!(
        said!(m, &out),
        [
            "Ready: your side Black, your opponent Stockfish, level 3. Type a move, or help.",
            "After your move, Enter on an empty line presses the clock.",
        ]
    );
    assert_eq!(m.computer_side(), Some(Color::White));
    assert!(m.pgn().contains("[White \"Stockfish, level 3\"]"), "{}", m.pgn());
    assert!(Out::think(&out).is_some(), "the computer has White and begins");
}
