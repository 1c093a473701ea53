//! lichess's lines read into Anna's terms: the examples of its description, and what lila's
//! writers send that the description leaves out.

use super::*;
use anna_app::online::{ChatLine, GameLine as Line};

/// The example of `GameFullEvent` in lichess's description, word for word.
const GAME_FULL: &str = r#"{"id":"BEOucQJo","variant":{"key":"standard","name":"Standard","short":"Std"},"speed":"rapid","perf":{"name":"Rapid"},"rated":false,"createdAt":1745112707998,"white":{"id":"bobby","name":"Bobby","title":null,"rating":1751},"black":{"id":"mary","name":"Mary","title":null,"rating":1021},"initialFen":"startpos","clock":{"initial":900000,"increment":0},"type":"gameFull","state":{"type":"gameState","moves":"d2d3","wtime":900000,"btime":900000,"winc":0,"binc":0,"status":"started"}}"#;

fn state(line: &str) -> game::ServerState {
    let Some(Line::State(state)) = read_game_line(line).unwrap() else { panic!("{line}") };
    state
}

#[test]
fn the_descriptions_examples_are_read() {
    let Some(Line::Full(full)) = read_game_line(GAME_FULL).unwrap() else { panic!() };
    assert_eq!(full.id, "BEOucQJo");
    assert_eq!(full.white.name.as_deref(), Some("Bobby"));
    assert_eq!(full.black.rating, Some(1021));
    assert_eq!(full.clock, Some((Duration::from_secs(900), Duration::ZERO)));
    assert_eq!((full.initial_fen.as_deref(), full.variant.as_deref()), (None, None));
    assert_eq!(full.state.moves, ["d2d3"]);
    assert_eq!(full.state.clocks, Some((Duration::from_secs(900), Duration::from_secs(900))));
    assert_eq!(full.state.ending, None);
    let chat = r#"{ "type": "chatLine", "username": "thibault", "text": "Good luck, have fun", "room": "player" }"#;
    assert_eq!(
        read_game_line(chat).unwrap(),
        Some(Line::Chat(ChatLine { username: "thibault".into(), text: "Good luck, have fun".into() }))
    );
    let gone = r#"{ "type": "opponentGone", "gone": true, "claimWinInSeconds": 8 }"#;
    assert_eq!(read_game_line(gone).unwrap(), Some(Line::Absence(Absence::Gone(8))));
    let back = r#"{ "type": "opponentGone", "gone": false }"#;
    assert_eq!(read_game_line(back).unwrap(), Some(Line::Absence(Absence::Back)));
    // The AI has a level and no name.
    let ai = r#"{"type":"gameFull","id":"x","white":{"aiLevel":3},"black":{"id":"anna","name":"Anna"},"state":{"type":"gameState","moves":"","wtime":1,"btime":1,"winc":0,"binc":0,"status":"started"}}"#;
    let Some(Line::Full(full)) = read_game_line(ai).unwrap() else { panic!() };
    assert_eq!(full.white.ai_level, Some(3));
    let start =
        r#"{"type":"gameStart","game":{"fullId":"abcdefgh1234","gameId":"abcdefgh","color":"white","fen":"x"}}"#;
    assert_eq!(
        read_event_line(start).unwrap(),
        Some(EventLine::GameStart {
            game: GameInfo { game_id: "abcdefgh".into(), color: Some("white".into()), ..GameInfo::default() }
        })
    );
}

#[test]
fn keep_alive_lines_unknown_types_and_garbage() {
    assert_eq!(read_game_line("").unwrap(), None);
    assert_eq!(read_game_line("  \r").unwrap(), None);
    assert_eq!(read_game_line(r#"{"type":"somethingNew","x":1}"#).unwrap(), None);
    assert_eq!(read_event_line(r#"{"type":"somethingNew"}"#).unwrap(), Some(EventLine::Unknown));
    assert!(read_game_line("{not json").is_err());
    assert!(read_game_line(r#"{"type":"gameState","moves":12}"#).is_err());
}

#[test]
fn offers_and_endings_are_read() {
    let offered = state(
        r#"{"type":"gameState","moves":"","wtime":1,"btime":1,"status":"started","bdraw":true,"wtakeback":true}"#,
    );
    assert_eq!((offered.draw_offer, offered.takeback), (Some(Color::Black), Some(Color::White)));
    let over = state(r#"{"type":"gameState","moves":"","wtime":1,"btime":1,"status":"resign","winner":"black"}"#);
    assert_eq!(over.ending, Some((Ending::Resign, Some(Color::Black))));
    assert_eq!(ending_of("outoftime"), Some(Ending::OutOfTime));
    assert_eq!(ending_of("insufficientMaterialClaim"), Some(Ending::Draw));
    assert_eq!(ending_of("started"), None);
    assert_eq!(ending_of("cheat"), Some(Ending::Other));
}

/// Fields the description calls required but a line may leave out: never read as an ending or a
/// clock at zero (which would be a flag).
#[test]
fn a_missing_status_or_clock_is_not_an_ending_or_a_flag() {
    let bare = state(r#"{"type":"gameState","moves":"e2e4"}"#);
    assert_eq!((bare.ending, bare.clocks), (None, None));
    assert_eq!(bare.moves, ["e2e4"]);
    let one_clock = state(r#"{"type":"gameState","moves":"","wtime":5000}"#);
    assert_eq!(one_clock.clocks, None);
}

/// lichess's own chat lines (lila's `Messenger.system`, e.g. "White proposes takeback") and the
/// spectators' are not the opponent's: not handed on.
#[test]
fn lichess_s_own_chat_and_the_spectators_are_not_handed_on() {
    let system = r#"{"type":"chatLine","room":"player","username":"lichess","text":"White proposes takeback"}"#;
    assert_eq!(read_game_line(system).unwrap(), None);
    let watcher = r#"{"type":"chatLine","room":"spectator","username":"kibitz","text":"Qh5 wins"}"#;
    assert_eq!(read_game_line(watcher).unwrap(), None);
}

#[test]
fn a_variant_anna_does_not_play_is_named_and_a_position_is_kept() {
    let line = |variant: &str, fen: &str| {
        format!(
            r#"{{"type":"gameFull","id":"x","variant":{{"key":"{variant}"}},"initialFen":"{fen}","white":{{"id":"a"}},"black":{{"id":"b"}},"state":{{"type":"gameState","moves":"","status":"started"}}}}"#
        )
    };
    let Some(Line::Full(atomic)) = read_game_line(&line("atomic", "startpos")).unwrap() else { panic!() };
    assert_eq!(atomic.variant.as_deref(), Some("atomic"));
    let fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
    let Some(Line::Full(from)) = read_game_line(&line("fromPosition", fen)).unwrap() else { panic!() };
    assert_eq!((from.variant, from.initial_fen.as_deref()), (None, Some(fen)));
    // A correspondence game: no clock, its days.
    let days = r#"{"type":"gameFull","id":"c","daysPerTurn":3,"white":{"id":"a"},"black":{"id":"b"},"state":{"type":"gameState","moves":"","status":"started"}}"#;
    let Some(Line::Full(days)) = read_game_line(days).unwrap() else { panic!() };
    assert_eq!((days.clock, days.days_per_turn), (None, Some(3)));
}

/// lichess's event stream before 2021 named a starting game by `id` only (lichess-org/api issue
/// #60's recorded lines); now by `gameId` beside `id`. Both are the game; a game with neither is
/// no line to act on.
#[test]
fn a_game_start_is_read_by_either_id() {
    let old = r#"{"type":"gameStart","game":{"id":"Qa7FJNk2"}}"#;
    let Some(EventLine::GameStart { game }) = read_event_line(old).unwrap() else { panic!() };
    assert_eq!(game.game_id, "Qa7FJNk2");
    let new = r#"{"type":"gameStart","game":{"fullId":"Qa7FJNk2abcd","gameId":"Qa7FJNk2","id":"Qa7FJNk2","color":"white","source":"lobby"}}"#;
    let Some(EventLine::GameStart { game }) = read_event_line(new).unwrap() else { panic!() };
    assert_eq!((game.game_id.as_str(), game.source.as_deref()), ("Qa7FJNk2", Some("lobby")));
    assert!(read_event_line(r#"{"type":"gameStart","game":{"color":"white"}}"#).is_err());
}
