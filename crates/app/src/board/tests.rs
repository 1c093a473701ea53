//! The peg board in the application: its link's words, its quiet, its requests.

use super::*;
use crate::{Event, Joining, Options};
use anna_board::codec::LineError;
use anna_board::link::LinkError;
use anna_board::protocol::WireError;
use anna_board::HostCommand;
use anna_core::command::{Command, Setting};
use anna_core::session::Config;
use anna_language::Voice;
use shakmaty::Square;

fn board_mode(setup: Vec<Command>) -> App {
    let mut setup = setup;
    setup.push(Command::Set(Setting::Player(Some(Color::White))));
    let mut mode = App::new(Config::default(), setup, Voice::english(), Options::default());
    mode.start();
    mode.handle(Event::BoardJoined(Joining::Player { protocol: None, side: None }), Duration::ZERO);
    mode
}

fn event(mode: &mut App, event: BoardEvent, secs: u64) -> Vec<Out> {
    mode.board_report(BoardRole::Player, &LinkReport::Event(event), Duration::from_secs(secs))
}

#[test]
fn a_lift_after_the_game_ended_is_no_touch() {
    let mut m = board_mode(Vec::new());
    m.line("resign", Duration::from_secs(4));
    m.line("yes", Duration::from_secs(5));
    assert!(m.session().outcome().is_some());
    let out = event(&mut m, BoardEvent::Lifted(Square::E2), 6);
    assert!(!said!(m, &out).iter().any(|s| s.contains("over")), "{:?}", said!(m, &out));
}

#[test]
fn the_link_is_said_in_words_and_sounds() {
    let mut m = board_mode(Vec::new());
    let connected = LinkReport::Connected { name: "sim".to_string(), version: 1, protocol: Protocol::ANNA };
    let out = m.board_report(BoardRole::Player, &connected, Duration::ZERO);
    assert_eq!(out[0], Out::Play(Sound::BoardConnected));
    assert_eq!(said!(m, &out), ["Board connected."]);
    let lost = LinkReport::Disconnected(LinkError::Silent);
    let out = m.board_report(BoardRole::Player, &lost, Duration::ZERO);
    assert_eq!(out[0], Out::Play(Sound::BoardDisconnected));
    assert_eq!(said!(m, &out), ["The board is not connected; the game goes on without it; I keep trying."]);
}

#[test]
fn rejected_lines_are_mentioned_only_when_they_keep_coming_and_once_a_minute() {
    let mut m = board_mode(Vec::new());
    let bad = LinkReport::Rejected(WireError::garbled(LineError::NoChecksum));
    let mut notices = Vec::new();
    for second in [0, 1, 2, 3, 4, 5, 61, 62, 63] {
        if !said!(m, &m.board_report(BoardRole::Player, &bad, Duration::from_secs(second))).is_empty() {
            notices.push(second);
        }
    }
    // The third bad line in a row is worth a word; more within the minute are not.
    assert_eq!(notices, [2, 63]);
}

#[test]
fn a_rook_move_that_may_become_castling_waits_for_a_second_of_quiet_without_polling() {
    let mut m = board_mode(vec![Command::Fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1".to_string())]);
    assert_eq!(m.next_deadline(), None);
    event(&mut m, BoardEvent::Lifted(Square::H1), 10);
    event(&mut m, BoardEvent::Placed(Square::F1), 11);
    assert_eq!(m.next_deadline(), Some(Duration::from_secs(12)));
    assert!(said!(m, &m.tick(Duration::from_millis(11_500))).is_empty());
    let out = m.tick(Duration::from_secs(12));
    assert_eq!(said!(m, &out).last().map(String::as_str), Some("White: Rook Felix eins."));
    assert_eq!(m.next_deadline(), None);
}

#[test]
fn a_typed_move_of_the_opponent_is_shown_on_the_board_and_restore_reports_agreement() {
    let mut m = board_mode(Vec::new());
    assert_eq!(said!(m, &m.line("restore board", Duration::ZERO)), ["The board matches the game."]);
    event(&mut m, BoardEvent::Lifted(Square::E2), 1);
    event(&mut m, BoardEvent::Placed(Square::E4), 2);
    m.line("", Duration::from_secs(3));
    let out = m.line("e5", Duration::from_secs(4));
    let show = HostCommand::ShowMove { from: Square::E7, to: Square::E5, captured: None, rook: None };
    assert!(out.contains(&Out::Board(BoardRole::Player, show)), "{out:?}");
    assert_eq!(said!(m, &out).last().map(String::as_str), Some("On the board, please: Pawn Eva sieben Eva fünf."));
}

#[test]
fn without_a_board_restore_says_how_to_link_one() {
    let mut m = App::new(Config::default(), Vec::new(), Voice::english(), Options::default());
    m.start();
    let out = said!(m, &m.line("restore board", Duration::ZERO));
    assert_eq!(out, ["No board is linked; start Anna with --board and the board's port."]);
}

/// Issue 22: a board joins by an event; a sensor protocol makes it a sensor board, the opponent's
/// board is always one.
#[test]
fn a_board_joins_by_an_event_as_its_protocol_says() {
    let mut app = App::new(Config::default(), Vec::new(), Voice::english(), Options::default());
    app.start();
    let dgt = Joining::Player { protocol: Some(Protocol::DGT), side: None };
    assert_eq!(app.handle(Event::BoardJoined(dgt), Duration::ZERO), []);
    assert!(app.has_sensor_board(BoardRole::Player) && app.board.is_none());
    let peg = Joining::Player { protocol: Some(Protocol::ANNA), side: None };
    app.handle(Event::BoardJoined(peg), Duration::ZERO);
    assert!(!app.has_sensor_board(BoardRole::Player) && app.board.is_some());
    app.handle(Event::BoardJoined(Joining::Opponent), Duration::ZERO);
    assert!(app.has_sensor_board(BoardRole::Opponent) && app.board.is_some());
}
