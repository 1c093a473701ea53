//! A heard move waits for its confirmation; what is not sure is asked again (never played).

use std::time::Duration;

use super::*;
use crate::Options;
use anna_core::session::Config;
use anna_language::Voice;

fn app() -> App {
    let mut app = App::new(Config::default(), Vec::new(), Voice::english(), Options::default());
    app.start();
    app
}

fn hear(app: &mut App, words: &str) -> Vec<String> {
    let out = app.handle(crate::Event::Heard(Ok(Hearing::Words(words.to_string()))), Duration::ZERO);
    said!(app, &out)
}

fn typed(app: &mut App, line: &str) -> Vec<String> {
    let out = app.handle(crate::Event::Line(line.to_string()), Duration::ZERO);
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
fn the_answer_to_which_piece_is_read_back_as_the_whole_move_and_made_only_on_yes() {
    let mut app = App::new(
        Config::default(),
        vec![Command::Fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RN1QKB1R w KQkq - 0 1".to_string())],
        Voice::english(),
        Options::default(),
    );
    app.start();
    assert_eq!(hear(&mut app, "knight delta two"), ["Which Knight: Bella eins or Felix drei?"]);
    assert_eq!(hear(&mut app, "bravo one"), ["Knight Bella David zwei? Say yes or press the clock."]);
    assert!(app.session().game().plies().is_empty(), "not played on the recogniser's word");
    assert_eq!(hear(&mut app, "yes").last().map(String::as_str), Some("White: Knight Bella David zwei."));
    assert_eq!(app.session().game().uci(app.session().game().plies()[0].mv).to_string(), "b1d2");
}

#[test]
fn the_answers_about_promotion_and_castling_are_read_back_too() {
    let at = |fen: &str| {
        let mut app =
            App::new(Config::default(), vec![Command::Fen(fen.to_string())], Voice::english(), Options::default());
        app.start();
        app
    };
    let mut app = at("8/P5k1/8/8/8/8/6K1/8 w - - 0 1");
    assert_eq!(hear(&mut app, "alfa eight"), ["Promote to which piece: queen, rook, bishop or knight?"]);
    assert_eq!(hear(&mut app, "knight"), ["Anna acht Knight? Say yes or press the clock."]);
    assert!(app.session().game().plies().is_empty());
    let mut app = at("r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    assert_eq!(hear(&mut app, "castles"), ["Castle which way: kingside or queenside?"]);
    assert_eq!(hear(&mut app, "queenside"), ["Castles queenside? Say yes or press the clock."]);
    assert!(app.session().game().plies().is_empty());
}

#[test]
fn castling_heard_where_it_is_not_possible_is_answered_why_and_nothing_waits() {
    // The recogniser hears castling in every position (`hearing/position.rs`): FIDE 3.8.2.
    let mut app = app();
    assert_eq!(
        hear(&mut app, "castles kingside"),
        ["Illegal move, not played. Castling is not possible now: a piece stands between the king and the rook."]
    );
    assert_eq!(hear(&mut app, "yes"), ["There is no question to answer."]);
    assert!(app.session().game().plies().is_empty());
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
    let out = app.handle(crate::Event::Heard(Ok(unsure)), Duration::ZERO);
    assert_eq!(said!(app, &out), ["I did not hear that clearly; say it again."]);
    let out = app.handle(crate::Event::Heard(Ok(Hearing::Nothing)), Duration::ZERO);
    assert_eq!(said!(app, &out), ["I heard nothing."]);
    // A man's "go forward ten meters": the grammar's move amid other words.
    let more = Hearing::More("golf four".to_string(), "golf four anna vier see".to_string());
    let out = app.handle(crate::Event::Heard(Ok(more)), Duration::ZERO);
    assert_eq!(said!(app, &out), ["I heard more than a move or a command; say only the move or the command."]);
    let out = app.handle(crate::Event::Heard(Err(ListenError::NotBuilt)), Duration::ZERO);
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

#[test]
fn a_square_named_by_a_letter_that_rhymes_with_another_legal_one_is_asked_about() {
    let mut app = app();
    // All four test voices' "e four" is heard "bee four": both are legal, and so are c4, d4, g4.
    assert_eq!(
        hear(&mut app, "bee four"),
        ["Bella vier, Cesar vier, David vier, Eva vier or Gustav vier? Those letters sound alike: say the square by its \
          name, such as echo four or Eva vier."]
    );
    assert!(app.session().game().plies().is_empty());
    // Yes or Enter is no answer: the square said again is (Enter must not press the clock).
    assert_eq!(hear(&mut app, "yes"), ["Say the square by its name, such as echo four or Eva vier."]);
    assert_eq!(typed(&mut app, ""), ["Say the square by its name, such as echo four or Eva vier."]);
    assert_eq!(app.session().clock().running(), None, "no press without a move");
    assert_eq!(hear(&mut app, "echo four"), ["Eva vier? Say yes or press the clock."]);
    assert_eq!(hear(&mut app, "yes").last().map(String::as_str), Some("White: Eva vier."));
    // A letter with no legal rhyme is read back as heard: only the knights reach the third rank.
    let mut fresh = self::app();
    assert_eq!(hear(&mut fresh, "knight see three"), ["Knight Cesar drei? Say yes or press the clock."]);
}

#[test]
fn a_letter_the_phone_decoder_heard_by_its_own_sound_is_read_back_as_heard() {
    let mut app = app();
    let spelled = Hearing::Spelled("dee four".to_string());
    let out = app.handle(crate::Event::Heard(Ok(spelled)), Duration::ZERO);
    assert_eq!(said!(app, &out), ["David vier? Say yes or press the clock."]);
    assert_eq!(hear(&mut app, "yes").last().map(String::as_str), Some("White: David vier."));
}

fn spelled(app: &mut App, words: &str) -> Vec<String> {
    let out = app.handle(crate::Event::Heard(Ok(Hearing::Spelled(words.to_string()))), Duration::ZERO);
    said!(app, &out)
}

#[test]
fn once_a_letter_vouched_for_by_the_phones_is_refused_rhyming_letters_are_asked_about_again() {
    let question = "Bella vier, Cesar vier, David vier, Eva vier or Gustav vier? Those letters sound alike: say the \
                    square by its name, such as echo four or Eva vier.";
    // Refused with no.
    let mut app = app();
    assert_eq!(spelled(&mut app, "dee four"), ["David vier? Say yes or press the clock."]);
    assert_eq!(hear(&mut app, "no"), ["Dropped. Say or type the move again."]);
    assert_eq!(spelled(&mut app, "dee four"), [question]);
    // Replaced by the square said again.
    let mut app = self::app();
    assert_eq!(spelled(&mut app, "bee four"), ["Bella vier? Say yes or press the clock."]);
    assert_eq!(hear(&mut app, "echo four"), ["Eva vier? Say yes or press the clock."]);
    assert_eq!(spelled(&mut app, "dee four"), [question]);
    // Heard twice, then made: the phone decoder is still trusted.
    let mut app = self::app();
    assert_eq!(spelled(&mut app, "dee four"), ["David vier? Say yes or press the clock."]);
    assert_eq!(spelled(&mut app, "dee four"), ["David vier? Say yes or press the clock."]);
    assert_eq!(hear(&mut app, "yes").last().map(String::as_str), Some("White: David vier."));
    assert_eq!(spelled(&mut app, "dee five"), ["David fünf? Say yes or press the clock."]);
}

#[test]
fn a_heard_command_that_cannot_be_taken_back_asks_first_even_with_confirmations_off() {
    let mut app =
        App::new(Config::default(), Vec::new(), Voice::english(), Options { confirm: false, ..Options::default() });
    app.start();
    // A move misheard as "flag fall" or "offer" must not claim or offer (FIDE 6.8, 9.1.2.2).
    assert_eq!(hear(&mut app, "flag fall"), ["Do you claim that your opponent's flag has fallen? Say yes or no."]);
    assert_eq!(hear(&mut app, "no"), ["Not done."]);
    assert_eq!(hear(&mut app, "offer a draw"), ["Do you offer a draw? Say yes or no."]);
    assert!(app.session().draw_offer().is_none(), "not offered on the recogniser's word");
    assert_eq!(
        hear(&mut app, "yes"),
        ["White offers a draw. An offer belongs after one's own move and before pressing the clock; it is still valid (FIDE 9.1.2)."]
    );
    assert!(app.session().draw_offer().is_some());
    assert_eq!(hear(&mut app, "resign"), ["Do you really resign? Say yes or no."]);
    assert!(app.session().outcome().is_none());
    // Anything but a clear yes or no asks again, even the same command typed.
    assert_eq!(typed(&mut app, "resign"), ["Do you really resign? Say yes or no."]);
    assert_eq!(typed(&mut app, "no"), ["Not done."]);
    // Typed, with confirmations off, the same acts at once.
    assert_eq!(typed(&mut app, "resign").first().map(String::as_str), Some("Black wins by resignation (FIDE 5.1.2)."));
}

#[test]
fn listening_is_said_once_the_microphone_is_open_and_never_when_it_cannot_be() {
    let mut app = app();
    let said = |app: &mut App, opened| {
        let out = app.handle(crate::Event::Listening(opened), Duration::ZERO);
        said!(app, &out)
    };
    assert_eq!(said(&mut app, Ok(())), ["Listening."]);
    let why = said(&mut app, Err(ListenError::NotBuilt));
    assert_eq!(why.len(), 1);
    assert!(why[0].starts_with("Anna was built without listening"), "{why:?}");
}

#[test]
fn a_heard_command_that_acts_is_read_back_before_it_is_done() {
    let mut app = app();
    typed(&mut app, "e4");
    typed(&mut app, "");
    // "pause", "continue", "press" heard for a move: nothing happens until the player says yes.
    assert_eq!(hear(&mut app, "pause"), ["I heard 'pause'. Is that right? Say yes or no."]);
    assert_eq!(hear(&mut app, "no"), ["Not done."]);
    assert!(!app.session().clock().is_paused(), "not paused on the recogniser's word");
    assert_eq!(hear(&mut app, "pause"), ["I heard 'pause'. Is that right? Say yes or no."]);
    assert_eq!(hear(&mut app, "yes"), ["Clocks stopped."]);
    assert!(app.session().clock().is_paused(), "paused once confirmed");
    assert_eq!(hear(&mut app, "continue"), ["I heard 'continue'. Is that right? Say yes or no."]);
    assert!(app.session().clock().is_paused(), "still paused");
    // Leaving the program is read back too.
    assert_eq!(hear(&mut app, "quit"), ["I heard 'quit'. Is that right? Say yes or no."]);
    // A move read back still takes the press and yes at once.
    let mut app = self::app();
    hear(&mut app, "echo four");
    assert_eq!(hear(&mut app, "press").first().map(String::as_str), Some("White: Eva vier."));
    assert_eq!(app.session().game().plies().len(), 1);
    // Questions go on at once.
    assert!(hear(&mut app, "time").iter().all(|s| !s.starts_with("I heard")));
}

#[test]
fn two_decoders_hearing_two_legal_moves_name_both_and_play_neither() {
    let mut app = app();
    let unsure = Hearing::Unsure("knight foxtrot three".to_string(), "knight hotel three".to_string());
    let out = app.handle(crate::Event::Heard(Ok(unsure)), Duration::ZERO);
    assert_eq!(said!(app, &out), ["Knight Felix drei or Knight Hector drei? I heard both; say the move again."]);
    assert!(app.session().game().plies().is_empty());
    // Yes or Enter is no answer to it; the move said again is read back.
    assert_eq!(hear(&mut app, "yes"), ["Say the square by its name, such as echo four or Eva vier."]);
    assert_eq!(hear(&mut app, "knight hotel three"), ["Knight Hector drei? Say yes or press the clock."]);
    // One move and something else: say it again.
    let mut app = self::app();
    let unsure = Hearing::Unsure("knight foxtrot three".to_string(), "time".to_string());
    let out = app.handle(crate::Event::Heard(Ok(unsure)), Duration::ZERO);
    assert_eq!(said!(app, &out), ["I did not hear that clearly; say it again."]);
}
