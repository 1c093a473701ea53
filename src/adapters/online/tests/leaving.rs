//! Leaving a lichess game for a new one, and lines that cannot be read: the app driven by lichess's
//! lines, as in the tests around it.

use std::time::Duration;

use shakmaty::Color;

use super::super::wire::read_game_line;
use super::{app, full, line, playing, said, sent, state, typed, SECOND};
use anna_app::online::{ServerEvent, ServerRequest};
use anna_app::{App, Event, OnlineGame, Options};
use anna_core::session::Config;
use anna_language::Voice;

/// Issue 58, item 10: `new` during a lichess game asks first (the game goes on there), then leaves
/// it: its stream is no longer followed, a late line of it changes nothing, and the new game is
/// asked for again (lichess or a game here); after a finished game it asks nothing first.
#[test]
fn new_during_or_after_a_lichess_game_leaves_it_and_asks_again() {
    let mut app = playing("e2e4 e7e5");
    let asked = typed(&mut app, "new", SECOND);
    assert_eq!(
        said(&app, &asked),
        ["The game on lichess goes on, and your clock runs there. Do you really leave it for a new game? Say yes or no."]
    );
    let left = typed(&mut app, "yes", 2 * SECOND);
    assert_eq!(sent(&left), [ServerRequest::Leave]);
    assert_eq!(
        said(&app, &left),
        [
            "New game; Anna no longer follows the lichess game.",
            "Which side do you play, white or black? Enter for white."
        ]
    );
    assert!(app.session().game().plies().is_empty());
    assert_eq!(app.session().name(Color::White), None);
    // A line of the old game still on its way: not played into the new one.
    let late = line(&mut app, &state("e2e4 e7e5 g1f3", 280_000, 290_000, "started", ""), 3 * SECOND);
    assert!(said(&app, &late).is_empty(), "{:?}", said(&app, &late));
    assert!(app.session().game().plies().is_empty());
    for answer in ["black", ""] {
        typed(&mut app, answer, 4 * SECOND);
    }
    let again = typed(&mut app, "lichess", 4 * SECOND);
    assert_eq!(sent(&again), [ServerRequest::Find { clock: (900, 10), side: Color::Black, level: 3 }]);
    // The new game found there is followed from its own first line.
    let online =
        OnlineGame { game: "Nw2Gm3Xy".into(), user: "AnnaPlayer".into(), server: "https://lichess.org".into() };
    let found = app.handle(Event::Server(ServerEvent::Found(online.clone())), 5 * SECOND);
    assert_eq!(sent(&found), [ServerRequest::Open(online)]);
    let full = r#"{"type":"gameFull","id":"Nw2Gm3Xy","rated":false,"clock":{"initial":900000,"increment":10000},"white":{"id":"rival","name":"Rival","rating":1700},"black":{"id":"annaplayer","name":"AnnaPlayer","rating":1500},"initialFen":"startpos","state":{"type":"gameState","moves":"d2d4","wtime":900000,"btime":900000,"winc":10000,"binc":10000,"status":"started"}}"#;
    let begun = line(&mut app, full, 6 * SECOND);
    assert!(
        said(&app, &begun).contains(&"You play Black against Rival (1700) on lichess, a casual game.".to_string()),
        "{:?}",
        said(&app, &begun)
    );
    assert_eq!(app.session().game().plies().len(), 1);

    // After a finished game nothing is asked first.
    let mut app = playing("e2e4");
    line(&mut app, &state("e2e4", 290_000, 300_000, "resign", r#","winner":"white""#), SECOND);
    let left = typed(&mut app, "new", 2 * SECOND);
    assert_eq!(sent(&left), [ServerRequest::Leave]);
    assert_eq!(said(&app, &left)[0], "New game; Anna no longer follows the lichess game.");
}

/// `new` while the setup's search on lichess runs: the game found later is not played here, and
/// the player hears so.
#[test]
fn a_game_found_after_the_search_was_left_is_not_played_here() {
    let options = Options { ask_setup: true, ..Options::default() };
    let mut app = App::new(Config::default(), Vec::new(), Voice::english(), options);
    app.start();
    for answer in ["", "", "lichess"] {
        typed(&mut app, answer, Duration::ZERO);
    }
    let left = typed(&mut app, "new", SECOND);
    assert_eq!(sent(&left), [ServerRequest::Leave]);
    let online =
        OnlineGame { game: "Late0001".into(), user: "AnnaPlayer".into(), server: "https://lichess.org".into() };
    let found = app.handle(Event::Server(ServerEvent::Found(online)), 2 * SECOND);
    assert!(sent(&found).is_empty());
    assert_eq!(
        said(&app, &found),
        ["lichess found a game after the search was left: it is not played here, and lichess aborts it when no first move comes."]
    );
}

/// Issue 58: a first line of the game's stream that cannot be read (a `gameFull` cut short) is
/// said once, with what it means, never left at "Connecting"; a readable one after it sets the
/// game up as ever, and says that the game is followed after all.
#[test]
fn an_unreadable_line_is_said_once() {
    let mut app = app();
    app.start();
    let cut = &full("")[..120];
    let Err(error) = read_game_line(cut) else { panic!("{cut}") };
    let outs = app.handle(Event::Server(ServerEvent::Unreadable(error.to_string())), SECOND);
    assert_eq!(
        said(&app, &outs),
        [
            "A line from lichess could not be read; Anna goes on with the next.",
            "Anna cannot follow this game: play it on lichess.org itself, where its clock runs."
        ]
    );
    let again = app.handle(Event::Server(ServerEvent::Unreadable(error.to_string())), SECOND);
    assert!(said(&app, &again).is_empty());
    let outs = line(&mut app, &full(""), 2 * SECOND);
    let words = said(&app, &outs);
    assert_eq!(words[0], "lichess has sent the whole game after all: Anna follows it.");
    assert!(words.iter().any(|w| w.starts_with("You play White")), "{words:?}");
}
