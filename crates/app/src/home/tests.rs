use std::time::Duration;

use shakmaty::{Chess, Color};

use super::super::{App, Event, Options, Out};
use crate::training::Ask;
use anna_core::analysis::Evaluation;
use anna_core::clock::TimeControl;
use anna_core::command::{Command, Setting};
use anna_core::session::Config;
use anna_language::{MoveForm, SquareStyle, Vocabulary, Voice};

fn voice(code: &str) -> Voice {
    Voice::new(Vocabulary::get(code).unwrap(), SquareStyle::Plain, MoveForm::default())
}

fn game(code: &str, opponent: crate::OtherSide, tournament: bool) -> App {
    let setup = vec![
        Command::TimeControl(TimeControl::parse("15+10").unwrap()),
        Command::Set(Setting::Player(Some(Color::White))),
        Command::Set(Setting::Tournament(tournament)),
    ];
    let options = Options { opponent, engine: "builtin".parse().unwrap(), ..Options::default() };
    let mut app = App::new(Config::default(), setup, voice(code), options);
    app.start();
    app
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn asked(outs: &[Out]) -> Ask {
    outs.iter()
        .find_map(|out| match out {
            Out::Evaluate(ask) => Some(ask.clone()),
            _ => None,
        })
        .expect("the engine is asked")
}

/// The engine's answer for the start position: a small plus for White, and its line.
fn answer(app: &mut App, ask: &Ask, pv: &[&str]) -> Vec<Out> {
    let pv: Vec<String> = pv.iter().map(|s| s.to_string()).collect();
    let evaluation = Evaluation::from_engine(&Chess::default(), Some(35), None, &pv).unwrap();
    app.handle(Event::Evaluated { id: ask.id, result: Ok(evaluation) }, secs(1))
}

#[test]
fn a_hint_gives_the_piece_first_and_the_move_when_asked_again() {
    let mut app = game("en", crate::OtherSide::Computer, false);
    let first = app.line("hint", secs(1));
    let ask = asked(&first);
    assert_eq!((ask.moves.len(), ask.nodes), (0, crate::training::DEFAULT_NODES));
    assert!(ask.coarse, "Anna's own engine may give a hint where no other is installed");
    assert_eq!(said!(app, &answer(&mut app, &ask, &["g1f3", "d7d5"])), ["Think about your Knight on g-one."]);
    // The position is known now: the second hint and the evaluation come at once.
    assert_eq!(said!(app, &app.line("hint", secs(2))), ["The engine's move: Knight f-three."]);
    assert_eq!(said!(app, &app.line("eval", secs(2))), ["The engine says: White is slightly better."]);
    assert_eq!(said!(app, &app.line("line", secs(2))), ["The engine's line: Knight f-three, d-five."]);
}

#[test]
fn at_a_tournament_or_against_a_person_help_is_refused_with_11_3_1_in_german() {
    for (opponent, tournament) in [(crate::OtherSide::Computer, true), (crate::OtherSide::Person, false)] {
        let mut app = game("de", opponent, tournament);
        for word in ["Hinweis", "Bewertung"] {
            let outs = app.line(word, secs(1));
            assert!(!outs.iter().any(|o| matches!(o, Out::Evaluate(_))), "no engine asked");
            assert_eq!(
                said!(app, &outs),
                ["Hier gibt es keine Hinweise, Bewertungen oder Zugrücknahmen: In einer Turnierpartie oder gegen \
                  einen Menschen verbieten die Regeln solche Hilfe (FIDE 11.3.1). Sie gehen in einer Partie zu Hause \
                  gegen den Computer."]
            );
        }
    }
}

#[test]
fn a_takeback_against_the_computer_takes_back_its_answer_and_the_player_s_move() {
    let mut app = game("en", crate::OtherSide::Computer, false);
    assert_eq!(said!(app, &app.line("takeback", secs(1))), ["There is no move of yours to take back."]);
    let moved = app.line("e4", secs(1));
    let request = Out::think(&moved).unwrap();
    app.line("", secs(2));
    app.engine_move(request.id, "e7e5", secs(3));
    assert_eq!(app.session().game().plies().len(), 2);
    let back = app.line("takeback", secs(4));
    assert_eq!(app.session().game().plies().len(), 0);
    assert_eq!(app.session().game().turn(), Color::White);
    // At home, never "on lichess" (issue 57).
    assert_eq!(said!(app, &back), ["Taken back: 2 moves. White to move."]);
    assert_eq!(Out::think(&back), None, "the computer does not move for the player");
}

#[test]
fn a_takeback_at_home_is_said_in_the_player_s_language() {
    for (language, expected) in
        [("de", "Zurückgenommen: 2 Züge. Weiß ist am Zug."), ("sk", "Vzaté späť: 2 ťahy. Na ťahu je Biely.")]
    {
        let mut app = game(language, crate::OtherSide::Computer, false);
        let moved = app.line("e4", secs(1));
        let request = Out::think(&moved).unwrap();
        app.line("", secs(2));
        app.engine_move(request.id, "e7e5", secs(3));
        let back = app.line(if language == "de" { "zurücknehmen" } else { "vziať späť" }, secs(4));
        assert_eq!(said!(app, &back), [expected], "{language}");
    }
}

#[test]
fn once_a_game_against_a_person_is_over_it_may_be_analysed_and_learn_waits_for_the_end() {
    let mut app = game("en", crate::OtherSide::Person, false);
    app.line("e4", secs(1));
    app.line("", secs(2));
    assert_eq!(
        said!(app, &app.line("learn", secs(3))),
        ["No hints, evaluations or takebacks here: in a game at a tournament or against a person the Laws forbid \
          such help (FIDE 11.3.1). They work in a home game against the computer."]
    );
    app.handle(Event::Input(anna_core::command::Input::by(Color::Black, Command::Resign)), secs(4));
    assert!(app.session().outcome().is_some());
    let outs = app.line("analyse", secs(5));
    assert_eq!(asked(&outs).moves.len(), 0, "the start position first");
    assert_eq!(said!(app, &outs), ["Move 1 of 1."]);
}

#[test]
fn learn_during_a_home_game_waits_for_its_end() {
    let mut app = game("sk", crate::OtherSide::Computer, false);
    assert_eq!(
        said!(app, &app.line("uč sa", secs(1))),
        ["Učiť sa z chýb sa dá po skončení partie: vtedy povedzte uč sa, alebo v anna review."]
    );
}
