use super::*;

fn state(moves: &str) -> ServerState {
    ServerState { moves: moves.split_whitespace().map(str::to_string).collect(), ..ServerState::default() }
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
fn the_servers_moves_beyond_the_sessions_are_played_in_order() {
    let here = game(&["e2e4"]);
    let step = follow(&state("e2e4 e7e5 g1f3"), &here).unwrap();
    let moves: Vec<(Color, String)> = step.moves.iter().map(|(side, mv)| (*side, mv.to_string())).collect();
    assert_eq!(moves, [(Color::Black, "e7-e5".to_string()), (Color::White, "Ng1-f3".to_string())]);
    assert_eq!(step.take_back, 0);
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

#[test]
fn only_the_clocks_lichess_offers_are_asked_for() {
    // A seek: the lobby's choices.
    assert_eq!(offered((21 * 60, 0), true), Err((20 * 60, 0)));
    assert_eq!(offered((23 * 60, 0), true), Err((25 * 60, 0)));
    assert_eq!(offered((15 * 60, 10), true), Ok(()));
    assert_eq!(offered((90 * 60, 30), true), Ok(()));
    assert_eq!(offered((50 * 60, 22), true), Err((45 * 60, 20)));
    // A challenge: whole minutes to 180, or the short ones; increments to 180.
    assert_eq!(offered((21 * 60, 0), false), Ok(()));
    assert_eq!(offered((30, 0), false), Ok(()));
    assert_eq!(offered((100, 0), false), Err((90, 0)));
    assert_eq!(offered((200 * 60, 200), false), Err((180 * 60, 180)));
}
