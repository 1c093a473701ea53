//! A heard move waits for its confirmation; what is not sure is asked again (never played).

use std::time::Duration;

use super::*;
use crate::app::Options;
use crate::core::session::Config;
use crate::language::Voice;

fn app() -> App {
    let mut app = App::new(Config::default(), Vec::new(), Voice::english(), Options::default());
    app.start();
    app
}

fn hear(app: &mut App, words: &str) -> Vec<String> {
    let out = app.handle(crate::app::Event::Heard(Ok(Hearing::Words(words.to_string()))), Duration::ZERO);
    said!(app, &out)
}

fn typed(app: &mut App, line: &str) -> Vec<String> {
    let out = app.handle(crate::app::Event::Line(line.to_string()), Duration::ZERO);
    said!(app, &out)
}

#[test]
fn a_heard_move_is_read_back_and_made_only_on_yes() {
    let mut app = app();
    assert_eq!(hear(&mut app, "knight foxtrot three"), ["Knight Felix drei? Say yes or press the clock."]);
    assert!(app.session().game().plies().is_empty(), "not played on the recogniser's word");
    assert_eq!(hear(&mut app, "yes").last().map(String::as_str), Some("White: Knight Felix drei."));
    assert_eq!(app.session().game().plies().len(), 1);
}

#[test]
fn the_press_confirms_and_completes_the_move() {
    let mut app = app();
    hear(&mut app, "echo four");
    typed(&mut app, "");
    assert_eq!(app.session().game().plies().len(), 1);
    assert_eq!(app.session().awaiting_press(), None, "pressed");
}

#[test]
fn no_drops_it_and_a_new_move_replaces_it() {
    let mut app = app();
    hear(&mut app, "echo four");
    assert_eq!(typed(&mut app, "no"), ["Dropped. Say or type the move again."]);
    assert!(app.session().game().plies().is_empty());
    // D.2.8: another move said before the first is confirmed stands instead of it.
    hear(&mut app, "echo four");
    assert_eq!(hear(&mut app, "delta four"), ["David vier? Say yes or press the clock."]);
    hear(&mut app, "yes");
    assert_eq!(app.session().game().uci(app.session().game().plies()[0].mv).to_string(), "d2d4");
}

#[test]
fn what_is_not_sure_or_not_heard_is_asked_again_and_nothing_is_played() {
    let mut app = app();
    let unsure = Hearing::Unsure("bee four".to_string(), "the four".to_string());
    let out = app.handle(crate::app::Event::Heard(Ok(unsure)), Duration::ZERO);
    assert_eq!(said!(app, &out), ["I did not hear that clearly; say it again."]);
    let out = app.handle(crate::app::Event::Heard(Ok(Hearing::Nothing)), Duration::ZERO);
    assert_eq!(said!(app, &out), ["I heard nothing."]);
    let out = app.handle(crate::app::Event::Heard(Err(ListenError::NotBuilt)), Duration::ZERO);
    assert_eq!(
        said!(app, &out),
        ["Anna was built without listening: build her with cargo build --release --features listen."]
    );
    assert!(app.session().game().plies().is_empty());
}

#[test]
fn a_heard_command_keeps_its_confirmation() {
    let mut app = app();
    assert_eq!(hear(&mut app, "resign"), ["Do you really resign? Say yes or no."]);
    assert!(app.session().outcome().is_none());
}
