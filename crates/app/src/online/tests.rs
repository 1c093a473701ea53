use super::*;

/// The example of `GameFullEvent` in lichess's description, word for word.
const GAME_FULL: &str = r#"{"id":"BEOucQJo","variant":{"key":"standard","name":"Standard","short":"Std"},"speed":"rapid","perf":{"name":"Rapid"},"rated":false,"createdAt":1745112707998,"white":{"id":"bobby","name":"Bobby","title":null,"rating":1751},"black":{"id":"mary","name":"Mary","title":null,"rating":1021},"initialFen":"startpos","clock":{"initial":900000,"increment":0},"type":"gameFull","state":{"type":"gameState","moves":"d2d3","wtime":900000,"btime":900000,"winc":0,"binc":0,"status":"started"}}"#;

fn state(moves: &str) -> GameState {
    GameState {
        moves: moves.to_string(),
        wtime: 60_000,
        btime: 59_000,
        status: "started".into(),
        ..GameState::default()
    }
}

fn game(moves: &[&str]) -> Game {
    let mut game = Game::new();
    for uci in moves {
        let mv = UciMove::from_ascii(uci.as_bytes()).unwrap().to_move(game.position()).unwrap();
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn the_descriptions_examples_are_read() {
    let Some(GameLine::GameFull(full)) = read_game_line(GAME_FULL).unwrap() else { panic!() };
    assert_eq!(full.id, "BEOucQJo");
    assert_eq!(full.white.name.as_deref(), Some("Bobby"));
    assert_eq!(full.black.rating, Some(1021));
    assert_eq!(full.clock, Some(wire::Clock { initial: 900_000, increment: 0 }));
    assert_eq!(full.state.moves, "d2d3");
    let chat = r#"{ "type": "chatLine", "username": "thibault", "text": "Good luck, have fun", "room": "player" }"#;
    assert_eq!(
        read_game_line(chat).unwrap(),
        Some(GameLine::ChatLine(ChatLine {
            room: "player".into(),
            username: "thibault".into(),
            text: "Good luck, have fun".into()
        }))
    );
    let gone = r#"{ "type": "opponentGone", "gone": true, "claimWinInSeconds": 8 }"#;
    assert_eq!(
        read_game_line(gone).unwrap(),
        Some(GameLine::OpponentGone(OpponentGone { gone: true, claim_win_in_seconds: Some(8) }))
    );
    // The AI has a level and no name.
    let ai = r#"{"type":"gameFull","id":"x","white":{"aiLevel":3},"black":{"id":"anna","name":"Anna"},"state":{"type":"gameState","moves":"","wtime":1,"btime":1,"winc":0,"binc":0,"status":"started"}}"#;
    let Some(GameLine::GameFull(full)) = read_game_line(ai).unwrap() else { panic!() };
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
    assert_eq!(read_game_line(r#"{"type":"somethingNew","x":1}"#).unwrap(), Some(GameLine::Unknown));
    assert_eq!(read_event_line(r#"{"type":"somethingNew"}"#).unwrap(), Some(EventLine::Unknown));
    assert!(read_game_line("{not json").is_err());
    assert!(read_game_line(r#"{"type":"gameState","moves":12}"#).is_err());
}

#[test]
fn the_servers_moves_beyond_the_sessions_are_played_in_order() {
    let here = game(&["e2e4"]);
    let step = follow(&state("e2e4 e7e5 g1f3"), &here).unwrap();
    let moves: Vec<(Color, String)> = step.moves.iter().map(|(side, mv)| (*side, mv.to_string())).collect();
    assert_eq!(moves, [(Color::Black, "e7-e5".to_string()), (Color::White, "Ng1-f3".to_string())]);
    assert_eq!(step.take_back, 0);
    assert_eq!(step.clocks, (Duration::from_secs(60), Duration::from_secs(59)));
    assert_eq!(step.ending, None);
    // The same moves: nothing to do, however often the server says them.
    assert!(follow(&state("e2e4"), &here).unwrap().moves.is_empty());
}

#[test]
fn a_move_the_server_does_not_have_is_taken_back() {
    let here = game(&["e2e4", "e7e5", "g1f3"]);
    let step = follow(&state("e2e4 e7e5"), &here).unwrap();
    assert_eq!((step.take_back, step.moves.len()), (1, 0));
    // And another in its place.
    let step = follow(&state("e2e4 e7e5 b1c3"), &here).unwrap();
    assert_eq!((step.take_back, step.moves.len()), (1, 1));
}

#[test]
fn castling_is_read_in_both_forms() {
    let before = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
    for castles in ["e1g1", "e1h1"] {
        let here = game(&before);
        let moves = format!("{} {castles}", before.join(" "));
        let step = follow(&state(&moves), &here).unwrap();
        assert_eq!(step.moves.len(), 1, "{castles}");
        assert!(step.moves[0].1.is_castle(), "{castles}");
    }
    // Castled here, written the other way by the server: the same move.
    let mut here = game(&before);
    here.play(UciMove::from_ascii(b"e1g1").unwrap().to_move(here.position()).unwrap()).unwrap();
    let step = follow(&state(&format!("{} e1h1", before.join(" "))), &here).unwrap();
    assert_eq!((step.take_back, step.moves.len()), (0, 0));
    assert_eq!(uci_of(&here, here.plies()[6].mv), "e1g1");
}

#[test]
fn offers_and_endings_are_read() {
    let here = game(&[]);
    let offered = GameState { bdraw: true, wtakeback: true, ..state("") };
    let step = follow(&offered, &here).unwrap();
    assert_eq!((step.draw_offer, step.takeback), (Some(Color::Black), Some(Color::White)));
    let over = GameState { status: "resign".into(), winner: Some("black".into()), ..state("") };
    assert_eq!(follow(&over, &here).unwrap().ending, Some((Ending::Resign, Some(Color::Black))));
    assert_eq!(Ending::of_status("outoftime"), Some(Ending::OutOfTime));
    assert_eq!(Ending::of_status("insufficientMaterialClaim"), Some(Ending::Draw));
    assert_eq!(Ending::of_status("started"), None);
}

#[test]
fn an_illegal_server_move_is_an_error_not_a_guess() {
    assert_eq!(follow(&state("e2e5"), &game(&[])), Err(FollowError::Illegal("e2e5".into())));
}

#[test]
fn seeks_are_rapid_or_slower() {
    let min = |m: u64| Duration::from_secs(m * 60);
    assert_eq!(seek_allowed(min(10), Duration::ZERO), Ok(()));
    assert_eq!(seek_allowed(min(8), Duration::ZERO), Ok(()));
    assert_eq!(seek_allowed(min(5), Duration::from_secs(3)), Err(min(7)));
    assert_eq!(seek_allowed(min(5), Duration::from_secs(5)), Ok(()));
    assert_eq!(seek_allowed(min(1), Duration::ZERO), Err(min(1)));
}
