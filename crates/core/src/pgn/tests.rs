use super::*;

fn one(text: &str) -> ImportedGame {
    let games = read(text.as_bytes());
    assert_eq!(games.len(), 1, "{text}");
    games.into_iter().next().unwrap()
}

#[test]
fn tags_moves_clocks_offers_and_the_result_with_its_article() {
    let game = one(concat!(
        "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n[Result \"0-1\"]\n[TimeControl \"300+2\"]\n\n",
        "1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:04:59]} {(=)} 2. Ke2 {[%clk 0:04:40]}\n",
        "{White resigns. Black wins by resignation (FIDE 5.1.2).} 0-1\n"
    ));
    assert_eq!(game.tag("Event"), Some("Club"));
    assert_eq!(game.tag("Site"), None);
    let sans: Vec<String> = game.moves.iter().map(|m| m.san.to_string()).collect();
    assert_eq!(sans, ["e4", "e5", "Ke2"]);
    assert_eq!(game.moves[1].clock, Some(Duration::from_secs(299)));
    assert!(game.moves[1].offer && !game.moves[0].offer);
    assert_eq!(game.last_clock(Color::White), Some(Duration::from_secs(280)));
    assert_eq!(game.last_clock(Color::Black), Some(Duration::from_secs(299)));
    let ending = game.ending.clone().unwrap();
    assert_eq!(ending.outcome(), Some(Outcome::win(Color::Black, Reason::Resignation)));
    assert_eq!(game.time_control().unwrap().to_pgn(), "300+2");
    assert!(game.fault.is_none() && game.is_finished());
}

#[test]
fn an_illegal_move_keeps_the_moves_before_it_and_is_named() {
    let game = one("1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke7 4. Qxf7 *");
    assert_eq!(game.moves.len(), 6);
    assert_eq!(game.fault, Some(Fault::IllegalMove { number: 4, side: Color::White, san: "Qxf7".into() }));
}

#[test]
fn a_game_cut_short_is_kept_up_to_the_cut() {
    let game = one("[White \"A\"]\n\n1. d4 d5 2. c4 {[%clk 0:10:0");
    assert_eq!(game.moves.len(), 3);
    assert_eq!(game.fault, Some(Fault::Truncated));
    assert!(game.ending.is_none());
}

#[test]
fn a_bad_fen_is_named_and_no_move_is_kept() {
    let game = one("[SetUp \"1\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *");
    assert_eq!(game.fault, Some(Fault::BadFen("8/8/8/8 w - - 0 1".into())));
    assert!(game.moves.is_empty());
}

#[test]
fn several_games_are_read_in_order() {
    let games = read(b"[White \"A\"]\n\n1. e4 1-0\n\n[White \"B\"]\n\n1. d4 d5 1/2-1/2\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("White"), Some("B"));
    assert_eq!(games[1].ending.as_ref().map(Ending::result), Some("1/2-1/2"));
    assert!(read(b"").is_empty());
}

#[test]
fn checkmate_is_known_from_the_position_without_a_comment() {
    let game = one("1. f3 e5 2. g4 Qh4# 0-1");
    assert_eq!(game.ending.unwrap().outcome(), Some(Outcome::win(Color::Black, Reason::Checkmate)));
}

#[test]
fn a_chess960_game_keeps_its_castling() {
    let game = one(concat!(
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnrknr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKNR w KQkq - 0 1\"]\n\n",
        "1. Nf3 Nf6 2. O-O O-O *"
    ));
    assert!(game.fault.is_none(), "{:?}", game.fault);
    assert!(game.game.is_chess960());
    assert_eq!(game.moves.len(), 4);
    assert!(game.setup().iter().any(|c| matches!(c, Command::Chess960(_))));
}

#[test]
fn a_replayed_game_reads_the_clocks_of_the_file() {
    let game = one(concat!(
        "[TimeControl \"300+2\"]\n\n",
        "1. e4 {[%clk 0:05:04]} 1... e5 {[%clk 0:04:51]} 2. Nf3 {[%clk 0:04:30]} 2... Nc6 {[%clk 0:04:47]} *"
    ));
    let (session, now) = game.replay(Config::default());
    let whole = |d: Option<Duration>| d.map(|d| d.as_secs());
    let readings: Vec<Option<u64>> = session.scoresheet().entries().iter().map(|e| whole(e.clock)).collect();
    assert_eq!(readings, [Some(304), Some(291), Some(270), Some(287)]);
    assert_eq!(session.clock().remaining(Color::White, now).as_secs(), 270);
    assert_eq!(session.game().plies().len(), 4);
    assert!(session.outcome().is_none());
}

#[test]
fn a_clock_reading_beyond_any_game_is_not_a_time() {
    let game = one("1. e4 {[%clk 18446744073709551615:00:00]} e5 {[%clk 1000:00:01]} 2. d4 {[%clk 999:59:59]} *");
    let clocks: Vec<Option<Duration>> = game.moves.iter().map(|m| m.clock).collect();
    assert_eq!(clocks, [None, None, Some(Duration::from_secs(999 * 3600 + 59 * 60 + 59))]);
    let (session, _) = game.replay(Config::default());
    assert_eq!(session.game().plies().len(), 3);
}

#[test]
fn moves_written_in_uci_are_read_as_moves() {
    // Engine matches and some exports write the movetext in UCI (issue 50).
    let game = one("[White \"SF\"]\n\n1. g1f3 c7c5 2. e2e4 b8c6 3. f1e2 g8f6 4. e1g1 *");
    let sans: Vec<String> = game.moves.iter().map(|m| m.san.to_string()).collect();
    assert_eq!(sans, ["Nf3", "c5", "e4", "Nc6", "Be2", "Nf6", "O-O"]);
    assert!(game.fault.is_none(), "{:?}", game.fault);
    let promotion = one("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a7a8q *");
    assert_eq!(promotion.moves[0].san.to_string(), "a8=Q");
}

#[test]
fn a_null_move_in_the_main_line_ends_the_moves_read_and_is_named() {
    let game = one("1. e4 e5 2. -- Nc6 3. Nf3 *");
    assert_eq!(game.moves.len(), 2);
    assert_eq!(game.fault, Some(Fault::NullMove { number: 2, side: Color::White }));
    // In a variation it is passed over with the variation.
    let game = one("1. e4 e5 (1... -- 2. d4) 2. Nf3 *");
    assert_eq!(game.moves.len(), 3);
    assert!(game.fault.is_none());
}

#[test]
fn a_byte_order_mark_is_passed_over() {
    let games = read("\u{feff}[White \"A\"]\n\n1. e4 *\n\n\u{feff}[White \"B\"]\n\n1. d4 *".as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White"), Some("A"));
    assert_eq!(games[1].moves[0].san.to_string(), "d4");
}

#[test]
fn a_variant_game_is_refused_by_name_and_the_next_game_is_read() {
    let games = read(
        "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nf3 Qe4+ 4. N@e2 *\n\n\
         [Variant \"Standard\"]\n\n1. e4 *\n\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 *"
            .as_bytes(),
    );
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].fault, Some(Fault::Variant("Crazyhouse".into())));
    assert!(games[0].moves.is_empty());
    assert!(games[1].fault.is_none() && games[1].moves.len() == 1);
    assert!(games[2].fault.is_none() && games[2].game.is_chess960());
}

#[test]
fn text_that_is_not_pgn_holds_no_game() {
    // The reader passes over words it cannot read: prose holding a move is still no game (issue 57).
    for text in ["e4 is the best move", "Dear Anna, a3 please.", "shopping list: 1-0 eggs", "hello"] {
        assert!(read(text.as_bytes()).is_empty(), "{text}");
    }
    let mut binary = b"\x7fELF\x02\x01 1-0 e4 ".to_vec();
    binary.push(0);
    assert!(read(&binary).is_empty());
    // Bare movetext is a game: with numbers, without, with comments, NAGs and a variation.
    for text in ["e4 e5 Nf3", "1. e4 e5 2. Nf3 {best} Nc6 $1 (2... d6) 3.Bb5 a6!? 1-0", "1.e4 1...e5 0-0", "e2e4 e7e5"]
    {
        assert!(!read(text.as_bytes()).is_empty(), "{text}");
    }
}
