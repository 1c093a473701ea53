//! The sensor mirror with snapshots as a DGT or Millennium board sends them, time injected.

use super::*;
use anna_language::Voice;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// The snapshot of a FEN's pieces, as a board standing the right way round reports them.
fn snap(fen: &str) -> Snapshot {
    Snapshot::of_board(&Board::from_ascii_board_fen(fen.split_whitespace().next().unwrap().as_bytes()).unwrap())
}

/// The game's position after `moves` (UCI), as a snapshot.
fn after_moves(game: &Game, moves: &[&str]) -> Snapshot {
    let mut pos = game.position().clone();
    for uci in moves {
        let mv = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
    }
    snap(&pos.board().to_string())
}

fn play(game: &mut Game, uci: &str) {
    let mv = uci.parse::<UciMove>().unwrap().to_move(game.position()).unwrap();
    game.play(mv).unwrap();
}

fn said(out: &[MirrorOut]) -> Vec<String> {
    let voice = Voice::english();
    out.iter()
        .filter_map(|o| match o {
            MirrorOut::Say(u) => Some(voice.render(u)),
            _ => None,
        })
        .collect()
}

fn moves(out: &[MirrorOut]) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            MirrorOut::Act(_, Command::Move(spec)) => Some(format!(
                "{}{}{}{}",
                spec.from_file.map_or('?', |f| f.char()),
                spec.from_rank.map_or('?', |r| r.char()),
                spec.to.map_or("??".to_string(), |s| s.to_string()),
                spec.promotion.map_or(String::new(), |r| r.char().to_string())
            )),
            _ => None,
        })
        .collect()
}

/// Feeds snapshots at the given milliseconds and settles at the last deadline.
fn feed(mirror: &mut SensorMirror, game: &Game, snaps: &[(u64, Snapshot)]) -> Vec<MirrorOut> {
    let mut out = Vec::new();
    for (at, snapshot) in snaps {
        out.extend(mirror.settle(game, ms(*at)));
        mirror.board(&BoardEvent::Board(*snapshot), ms(*at));
    }
    while let Some(at) = mirror.deadline() {
        out.extend(mirror.settle(game, at));
    }
    out
}

fn mirror(game: &Game, moving: Option<Color>, owner: Owner) -> SensorMirror {
    let mut m = SensorMirror::new(game, moving, owner, DEBOUNCE);
    m.board(&BoardEvent::Board(snap(&game.position().board().to_string())), ms(0));
    let _ = m.settle(game, ms(1000));
    m
}

#[test]
fn a_sliding_piece_is_read_where_it_stops() {
    let game = Game::new();
    let mut m = mirror(&game, None, Owner::Player);
    let e3 = after_moves(&game, &["e2e3"]);
    let e4 = after_moves(&game, &["e2e4"]);
    let mut lifted = e4;
    lifted.0[usize::from(Square::E4)] = Cell::Empty;
    let out = feed(&mut m, &game, &[(1000, lifted), (1050, e3), (1100, lifted), (1150, e4)]);
    assert_eq!(moves(&out), ["e2e4"]);
    assert!(said(&out).is_empty(), "{:?}", said(&out));
}

#[test]
fn nothing_is_decided_before_the_position_is_still_for_the_debounce_window() {
    let game = Game::new();
    let mut m = mirror(&game, None, Owner::Player);
    m.board(&BoardEvent::Board(after_moves(&game, &["e2e4"])), ms(2000));
    assert_eq!(m.deadline(), Some(ms(2300)));
    assert!(m.settle(&game, ms(2299)).is_empty());
    assert_eq!(moves(&m.settle(&game, ms(2300))), ["e2e4"]);
}

#[test]
fn a_capture_in_either_order_is_one_move() {
    let mut game = Game::new();
    for uci in ["e2e4", "d7d5"] {
        play(&mut game, uci);
    }
    let done = after_moves(&game, &["e4d5"]);
    // The captured pawn first, then the capturing one.
    let mut m = mirror(&game, None, Owner::Player);
    let mut gone = snap(&game.position().board().to_string());
    gone.0[usize::from(Square::D5)] = Cell::Empty;
    assert_eq!(moves(&feed(&mut m, &game, &[(1000, gone), (2500, done)])), ["e4d5"]);
    // The capturing pawn first, set on the captured one, which is then taken away.
    let mut m = mirror(&game, None, Owner::Player);
    let mut lifted = snap(&game.position().board().to_string());
    lifted.0[usize::from(Square::E4)] = Cell::Empty;
    assert_eq!(moves(&feed(&mut m, &game, &[(1000, lifted), (1100, done)])), ["e4d5"]);
}

#[test]
fn castling_with_the_rook_first_waits_for_the_king() {
    let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let mut m = mirror(&game, None, Owner::Player);
    let rook = snap("4k3/8/8/8/8/8/8/4KR2");
    let castled = snap("4k3/8/8/8/8/8/8/5RK1");
    // The rook stands still on f1 for 600 ms: more than the debounce, less than the castling wait.
    let out = feed(&mut m, &game, &[(1000, rook), (1600, castled)]);
    assert_eq!(moves(&out), ["e1g1"]);
    // The rook alone, left there: a rook move after the wait.
    let mut m = mirror(&game, None, Owner::Player);
    let out = feed(&mut m, &game, &[(1000, rook)]);
    assert_eq!(moves(&out), ["h1f1"]);
}

#[test]
fn castling_with_the_king_first_and_en_passant_are_read() {
    let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let mut m = mirror(&game, None, Owner::Player);
    let king = snap("4k3/8/8/8/8/8/8/6KR");
    let out = feed(&mut m, &game, &[(1000, king), (2000, snap("4k3/8/8/8/8/8/8/5RK1"))]);
    assert_eq!(moves(&out), ["e1g1"]);
    let game = Game::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    let mut m = mirror(&game, None, Owner::Player);
    let out = feed(&mut m, &game, &[(1000, snap("4k3/8/3P4/3p4/8/8/8/4K3")), (1200, snap("4k3/8/3P4/8/8/8/8/4K3"))]);
    assert_eq!(moves(&out), ["e5d6"]);
}

#[test]
fn a_promotion_is_read_with_the_piece_put_down() {
    let game = Game::from_fen("7k/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mut m = mirror(&game, None, Owner::Player);
    let out = feed(&mut m, &game, &[(1000, snap("1N5k/8/8/8/8/8/8/4K3"))]);
    assert_eq!(moves(&out), ["b7b8n"]);
}

#[test]
fn moves_made_faster_than_the_board_reports_are_read_in_order() {
    let game = Game::new();
    let mut m = mirror(&game, None, Owner::Player);
    // Field updates 50 ms apart: no position is still for the debounce window until the last.
    let steps = [
        (1000, after_moves(&game, &["e2e4"])),
        (1050, after_moves(&game, &["e2e4", "e7e5"])),
        (1100, after_moves(&game, &["e2e4", "e7e5", "g1f3"])),
    ];
    assert_eq!(moves(&feed(&mut m, &game, &steps)), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn moves_whose_order_cannot_be_told_are_not_guessed() {
    // A board dump after a reconnection: 1. e4 e5 2. Nf3 and 1. Nf3 e5 2. e4 give the same position.
    let game = Game::new();
    let mut m = mirror(&game, None, Owner::Player);
    let out = feed(&mut m, &game, &[(1000, after_moves(&game, &["e2e4", "e7e5", "g1f3"]))]);
    assert!(moves(&out).is_empty());
    assert_eq!(said(&out)[0], "The board differs from the game (FIDE 7.4).");
}

#[test]
fn a_knocked_piece_is_said_once_with_the_square_until_it_is_put_right() {
    let game = Game::new();
    let mut m = mirror(&game, Some(Color::White), Owner::Player);
    let mut knocked = snap(&game.position().board().to_string());
    knocked.0[usize::from(Square::D8)] = Cell::Empty;
    knocked.0[usize::from(Square::D6)] = Cell::Piece(Piece { color: Color::Black, role: shakmaty::Role::Queen });
    let out = feed(&mut m, &game, &[(1000, knocked)]);
    assert_eq!(
        said(&out),
        ["The board differs from the game (FIDE 7.4).", "Move the queen from David sechs to David acht."]
    );
    // The same position again (a reconnection's dump) is not said again.
    let mut blink = knocked;
    blink.0[usize::from(Square::A2)] = Cell::Empty;
    assert!(said(&feed(&mut m, &game, &[(5000, blink), (5100, knocked)])).is_empty());
    let out = feed(&mut m, &game, &[(9000, snap(&game.position().board().to_string()))]);
    assert_eq!(said(&out), ["The board matches the game."]);
}

#[test]
fn a_board_being_set_up_is_said_as_a_count() {
    let game = Game::new();
    let mut m = SensorMirror::new(&game, None, Owner::Player, DEBOUNCE);
    let out = feed(&mut m, &game, &[(0, snap("8/8/8/8/8/8/8/8"))]);
    assert_eq!(said(&out), ["The board differs from the game on 32 squares."]);
}

#[test]
fn a_board_turned_round_is_read_so_and_said_once() {
    let game = Game::new();
    let mut m = SensorMirror::new(&game, None, Owner::Player, DEBOUNCE);
    let start = snap(&game.position().board().to_string());
    let out = feed(&mut m, &game, &[(0, start.turned())]);
    assert_eq!(said(&out), ["The board stands the other way round; I read it that way."]);
    let e4 = after_moves(&game, &["e2e4"]).turned();
    assert_eq!(moves(&feed(&mut m, &game, &[(1000, e4)])), ["e2e4"]);
}

#[test]
fn a_board_set_as_turned_is_read_so_in_silence_and_one_standing_upright_is_said() {
    // Some boards are set up with h1 in the board's a8 corner (two widely used ChessLink programs
    // read them h1-first): the player sets it once and hears nothing about it at every start.
    let game = Game::new();
    let start = snap(&game.position().board().to_string());
    let mut m = SensorMirror::new(&game, None, Owner::Player, DEBOUNCE);
    m.expect_turned(true);
    assert!(said(&feed(&mut m, &game, &[(0, start.turned())])).is_empty());
    let e4 = after_moves(&game, &["e2e4"]).turned();
    assert_eq!(moves(&feed(&mut m, &game, &[(1000, e4)])), ["e2e4"]);
    // Set as turned, but standing the usual way round: read so, and said once.
    let mut m = SensorMirror::new(&game, None, Owner::Player, DEBOUNCE);
    m.expect_turned(true);
    let out = feed(&mut m, &game, &[(0, start)]);
    assert_eq!(said(&out), ["The board stands the usual way round, not turned as set; I read it that way."]);
    let e4 = after_moves(&game, &["e2e4"]);
    assert_eq!(moves(&feed(&mut m, &game, &[(1000, e4)])), ["e2e4"]);
}

#[test]
fn the_opponent_executing_another_move_than_announced_is_said_at_once() {
    // FIDE D.2.9: the blind player (White) announced Nf3; the opponent put the knight on h3.
    let mut game = Game::new();
    let mut m = mirror(&game, Some(Color::Black), Owner::Opponent);
    play(&mut game, "g1f3");
    assert!(said(&m.sync(&game)).is_empty());
    let before = Game::new();
    let out = feed(&mut m, &game, &[(2000, after_moves(&before, &["g1h3"]))]);
    assert_eq!(said(&out), ["Your opponent put the knight on Hector drei, not Felix drei."]);
    assert!(moves(&out).is_empty());
    // Put right: said; then the opponent's own reply is read.
    let out = feed(&mut m, &game, &[(4000, after_moves(&before, &["g1f3"]))]);
    assert_eq!(said(&out), ["The board matches the game."]);
    let out = feed(&mut m, &game, &[(6000, after_moves(&before, &["g1f3", "d7d5"]))]);
    assert_eq!(moves(&out), ["d7d5"]);
}

#[test]
fn the_opponents_board_may_run_ahead_with_the_reply() {
    let mut game = Game::new();
    let mut m = mirror(&game, Some(Color::Black), Owner::Opponent);
    play(&mut game, "e2e4");
    let out = feed(&mut m, &game, &[(2000, after_moves(&Game::new(), &["e2e4", "c7c5"]))]);
    assert_eq!(moves(&out), ["c7c5"]);
}

#[test]
fn a_move_of_the_other_side_is_shown_on_the_players_board() {
    let mut game = Game::new();
    let mut m = mirror(&game, Some(Color::White), Owner::Player);
    assert_eq!(moves(&feed(&mut m, &game, &[(1000, after_moves(&game, &["e2e4"]))])), ["e2e4"]);
    play(&mut game, "e2e4");
    assert!(m.sync(&game).is_empty());
    play(&mut game, "e7e5");
    let out = m.sync(&game);
    assert_eq!(said(&out), ["On the board, please: Pawn Eva sieben Eva fünf."]);
    let show = HostCommand::ShowMove { from: Square::E7, to: Square::E5, captured: None, rook: None };
    assert!(out.contains(&MirrorOut::Send(show)), "{out:?}");
    let out = feed(&mut m, &game, &[(3000, after_moves(&Game::new(), &["e2e4", "e7e5"]))]);
    assert_eq!(out, [MirrorOut::Send(HostCommand::Clear)]);
}
