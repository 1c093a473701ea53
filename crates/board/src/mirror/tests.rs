use super::*;
use anna_language::{MoveForm, SquareStyle, Vocabulary, Voice};
use shakmaty::Role;

fn sq(name: &str) -> Square {
    Square::from_ascii(name.as_bytes()).unwrap()
}

fn lift(name: &str) -> BoardEvent {
    BoardEvent::Lifted(sq(name))
}

fn place(name: &str) -> BoardEvent {
    BoardEvent::Placed(sq(name))
}

/// A stand-in for the session: plays the moves the mirror asks for when they resolve to one
/// legal move (what the session does, without its words), then lets the mirror look.
fn run(mirror: &mut Mirror, game: &mut Game, events: &[BoardEvent]) -> Vec<MirrorOut> {
    let mut all = Vec::new();
    for event in events {
        let mut queue = mirror.board(event, game);
        while !queue.is_empty() {
            let out = queue.remove(0);
            if let MirrorOut::Act(_, Command::Move(spec)) = &out {
                if let Ok(mv) = game.resolve_spec(spec) {
                    game.play(mv).unwrap();
                }
                let mut next = mirror.sync(game);
                next.extend(queue);
                queue = next;
            }
            all.push(out);
        }
    }
    all
}

fn moves(outs: &[MirrorOut]) -> Vec<String> {
    outs.iter()
        .filter_map(|o| match o {
            MirrorOut::Act(_, Command::Move(spec)) => {
                Some(format!("{}{}", spec.from().map_or("?".into(), |s| s.to_string()), spec.to.unwrap()))
            }
            _ => None,
        })
        .collect()
}

fn touches(outs: &[MirrorOut]) -> Vec<Square> {
    outs.iter()
        .filter_map(|o| match o {
            MirrorOut::Act(_, Command::Touch(s)) => Some(*s),
            _ => None,
        })
        .collect()
}

fn said(outs: &[MirrorOut], voice: &Voice) -> Vec<String> {
    outs.iter()
        .filter_map(|o| match o {
            MirrorOut::Say(u) => Some(voice.render(u)),
            _ => None,
        })
        .collect()
}

fn game(fen: &str) -> Game {
    Game::from_fen(fen).unwrap()
}

#[test]
fn a_lift_is_a_touch_and_lift_place_a_move() {
    // FIDE D.2.2, D.2.3: the first lift is the touch; the place completes the move.
    let mut g = Game::new();
    let mut m = Mirror::new(&g, None);
    let outs = run(&mut m, &mut g, &[lift("e2"), place("e4")]);
    assert_eq!(touches(&outs), vec![sq("e2")]);
    assert_eq!(moves(&outs), vec!["e2e4"]);
    assert!(m.shows(g.position()));
    assert_eq!(m.agreed(), g.position());
}

#[test]
fn a_piece_put_back_is_a_touch_only() {
    // FIDE 4.3: the obligation stays with the session; the mirror makes no move.
    let mut g = Game::new();
    let mut m = Mirror::new(&g, None);
    let outs = run(&mut m, &mut g, &[lift("g1"), place("g1"), lift("e2"), place("e2"), lift("g1")]);
    // Every square lifted is a touch once, in order: 4.3 weighs them all in the session.
    assert_eq!(touches(&outs), vec![sq("g1"), sq("e2")]);
    assert!(moves(&outs).is_empty());
}

#[test]
fn captures_in_either_order() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    for order in [["e4", "d5"], ["d5", "e4"]] {
        let mut g = game(fen);
        let mut m = Mirror::new(&g, None);
        let outs = run(&mut m, &mut g, &[lift(order[0]), lift(order[1]), place("d5")]);
        assert_eq!(moves(&outs), vec!["e4d5"], "{order:?}");
        assert_eq!(touches(&outs), vec![sq(order[0]), sq(order[1])]);
    }
    // The capturing piece lifted alone leaves the same occupancy as the capture: no move yet.
    let mut g = game(fen);
    let mut m = Mirror::new(&g, None);
    assert!(moves(&run(&mut m, &mut g, &[lift("e4")])).is_empty());
}

#[test]
fn en_passant_with_the_taken_pawn_removed_last_or_first() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    for events in [[lift("e5"), place("d6"), lift("d5")], [lift("d5"), lift("e5"), place("d6")]] {
        let mut g = game(fen);
        let mut m = Mirror::new(&g, None);
        let outs = run(&mut m, &mut g, &events);
        assert_eq!(moves(&outs), vec!["e5d6"]);
        assert!(g.plies().last().unwrap().mv.is_en_passant());
    }
}

#[test]
fn castling_king_or_rook_first() {
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let mut g = game(fen);
    let mut m = Mirror::new(&g, None);
    let outs = run(&mut m, &mut g, &[lift("e1"), place("g1"), lift("h1"), place("f1")]);
    assert_eq!(moves(&outs), vec!["e1g1"]);
    assert!(g.plies().last().unwrap().mv.is_castle());
    let mut g = game(fen);
    let mut m = Mirror::new(&g, None);
    let outs = run(&mut m, &mut g, &[lift("a1"), place("d1"), lift("e1"), place("c1")]);
    assert_eq!(moves(&outs), vec!["e1c1"]);
    // The rook alone waits; quiet makes it a rook move.
    let mut g = game(fen);
    let mut m = Mirror::new(&g, None);
    assert!(moves(&run(&mut m, &mut g, &[lift("h1"), place("f1")])).is_empty());
    assert_eq!(m.settle(&g).len(), 1);
}

#[test]
fn chess960_castling_where_the_king_alone_makes_a_legal_move() {
    // King b1, rook a1: long castling puts them on c1 and d1 (Guideline II.3). The king alone on
    // c1 is a legal king move and may still become castling, so it waits.
    let mut g = game("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    assert!(g.is_chess960());
    let mut m = Mirror::new(&g, None);
    let outs = run(&mut m, &mut g, &[lift("b1"), place("c1"), lift("a1"), place("d1")]);
    assert_eq!(moves(&outs), vec!["b1a1"]);
    assert!(g.plies().last().unwrap().mv.is_castle());
    assert!(m.shows(g.position()));
}

#[test]
fn promotion_leaves_the_piece_to_the_session() {
    // An occupancy board cannot tell the new piece: the spec has none, so the session asks.
    let g = game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let mut m = Mirror::new(&g, None);
    m.board(&lift("a7"), &g);
    let outs = m.board(&place("a8"), &g);
    let spec = MoveSpec::squares(sq("a7"), sq("a8"), None);
    assert_eq!(outs, vec![MirrorOut::Act(Some(Color::White), Command::Move(spec.clone()))]);
    assert!(matches!(g.resolve_spec(&spec), Err(MoveError::Ambiguous(c)) if c.len() == 4));
    // Waiting for the answer is no refusal.
    assert!(m.sync(&g).is_empty());
    // The piece changed on the board meanwhile: the promotion is proposed again.
    m.board(&lift("a8"), &g);
    let outs = m.board(&place("a8"), &g);
    assert_eq!(outs, vec![MirrorOut::Act(Some(Color::White), Command::Move(spec))]);
}

#[test]
fn a_refused_move_is_undone_on_the_board() {
    let g = Game::new();
    let mut m = Mirror::new(&g, None);
    m.board(&lift("e2"), &g);
    m.board(&place("e4"), &g);
    // The session did not play it (touch-move enforced, say).
    let outs = m.sync(&g);
    assert_eq!(outs[0], MirrorOut::Send(HostCommand::Invalid(sq("e4"))));
    assert_eq!(said(&outs, &Voice::english()), vec!["Move the pawn from Eva vier to Eva zwei."]);
}

#[test]
fn an_illegal_physical_move_is_explained_by_the_session_and_marked() {
    let mut g = Game::new();
    let mut m = Mirror::new(&g, None);
    let outs = run(&mut m, &mut g, &[lift("e2"), place("e5")]);
    let spec = MoveSpec::squares(sq("e2"), sq("e5"), None);
    assert_eq!(outs[1], MirrorOut::Act(Some(Color::White), Command::Move(spec)));
    assert_eq!(outs[2], MirrorOut::Send(HostCommand::Invalid(sq("e5"))));
    assert!(g.plies().is_empty());
    let outs = run(&mut m, &mut g, &[lift("e5"), place("e2")]);
    assert_eq!(said(&outs, &Voice::english()), vec!["The board matches the game."]);
    // Instead of the repair, a legal move straight from the wrong square is a move too.
    run(&mut m, &mut g, &[lift("g1"), place("g4")]);
    let outs = run(&mut m, &mut g, &[lift("g4"), place("f3")]);
    assert_eq!(outs[0], MirrorOut::Send(HostCommand::Clear));
    assert_eq!(moves(&outs), vec!["g1f3"]);
}

#[test]
fn the_opponents_move_is_shown_and_carrying_it_out_is_no_touch() {
    let mut g = Game::new();
    let mut m = Mirror::new(&g, Some(Color::White));
    run(&mut m, &mut g, &[lift("e2"), place("e4")]);
    g.play(g.resolve("e5").unwrap()).unwrap();
    let outs = m.sync(&g);
    let show = HostCommand::ShowMove { from: sq("e7"), to: sq("e5"), captured: None, rook: None };
    assert_eq!(outs[0], MirrorOut::Send(show));
    assert_eq!(said(&outs, &Voice::english()), vec!["On the board, please: Pawn Eva sieben Eva fünf."]);
    let outs = run(&mut m, &mut g, &[lift("e7"), place("e5")]);
    assert!(touches(&outs).is_empty());
    assert_eq!(outs.last(), Some(&MirrorOut::Send(HostCommand::Clear)));
    assert_eq!(m.agreed(), g.position());
}

#[test]
fn castling_and_en_passant_are_shown_with_rook_and_taken_pawn() {
    let before: Chess = game("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 2").position().clone();
    let show = |uci: &str| {
        let g = game("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 2");
        command_text(&show_command(&before, g.resolve(uci).unwrap()))
    };
    assert_eq!(show("O-O"), "show e1g1 rook h1f1");
    assert_eq!(show("O-O-O"), "show e1c1 rook a1d1");
    assert_eq!(show("exd6"), "show e5d6 captured d5");
}

#[test]
fn a_knocked_piece_is_repaired_one_step_at_a_time() {
    // FIDE D.2.9 and 7.4: Black to move, White plays on the board; a sleeve knocks two pieces:
    // said to differ (displaced pieces are put right, 7.4), then one step at a time.
    let mut g = game("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    let mut m = Mirror::new(&g, Some(Color::White));
    let de = Voice::new(Vocabulary::german(), SquareStyle::AnnexD, MoveForm::Short);
    assert_eq!(
        said(&run(&mut m, &mut g, &[lift("f3")]), &de),
        vec!["Das Brett weicht von der Partie ab (FIDE 7.4).", "Weißen Springer auf Felix drei setzen."]
    );
    // Lifting a second piece changes nothing of the step said.
    assert!(said(&run(&mut m, &mut g, &[lift("e4")]), &de).is_empty());
    assert_eq!(said(&run(&mut m, &mut g, &[place("g3")]), &de), vec!["Bauern von Gustav drei auf Eva vier setzen."]);
    // Halfway through that step, nothing is said.
    assert!(said(&run(&mut m, &mut g, &[lift("g3")]), &de).is_empty());
    assert_eq!(said(&run(&mut m, &mut g, &[place("e4")]), &de), vec!["Weißen Springer auf Felix drei setzen."]);
    assert_eq!(said(&run(&mut m, &mut g, &[place("f3")]), &de), vec!["Das Brett stimmt mit der Partie überein."]);
}

#[test]
fn steps_move_a_piece_merely_misplaced_and_remove_and_put_the_unknown() {
    let g = Game::new();
    let mut m = Mirror::new(&g, None);
    // Knight g1 on h3 as the mirror followed it: one step.
    m.board(&lift("g1"), &g);
    m.board(&place("h3"), &g);
    let knight = Piece { color: Color::White, role: Role::Knight };
    assert_eq!(m.steps(g.position()), vec![Step::Move { from: sq("h3"), to: sq("g1"), piece: knight }]);
    // The same after a reconnection with the board's own word only on occupancy: a peg gone
    // and a peg new is taken to be the same piece...
    let mut cells = [Cell::Empty; 64];
    for s in g.position().board().occupied() {
        cells[usize::from(s)] = Cell::Occupied;
    }
    cells[usize::from(sq("g1"))] = Cell::Empty;
    cells[usize::from(sq("f3"))] = Cell::Occupied;
    let mut m = Mirror::new(&g, None);
    m.board(&BoardEvent::Board(Snapshot(cells)), &g);
    assert_eq!(m.steps(g.position()), vec![Step::Move { from: sq("f3"), to: sq("g1"), piece: knight }]);
    // ...but two gone and two new cannot be told apart: remove, then put.
    cells[usize::from(sq("b1"))] = Cell::Empty;
    cells[usize::from(sq("c3"))] = Cell::Occupied;
    let mut m = Mirror::new(&g, None);
    let outs = m.board(&BoardEvent::Board(Snapshot(cells)), &g);
    assert_eq!(
        m.steps(g.position()),
        vec![
            Step::Remove { square: sq("c3"), piece: None },
            Step::Remove { square: sq("f3"), piece: None },
            Step::Put { square: sq("b1"), piece: knight },
            Step::Put { square: sq("g1"), piece: knight },
        ]
    );
    let plain = Voice::new(Vocabulary::english(), SquareStyle::Plain, MoveForm::Short);
    assert_eq!(said(&outs, &plain), vec!["Take the piece off c-three."]);
    let de = Voice::new(Vocabulary::german(), SquareStyle::AnnexD, MoveForm::Short);
    assert_eq!(de.render(&m.steps(g.position())[3].utterance()), "Weißen Springer auf Gustav eins setzen.");
}

#[test]
fn a_board_that_knows_its_pieces_is_believed() {
    // A black knight reported on g1 is wrong there even though a piece belongs on g1.
    let g = Game::new();
    let mut cells = [Cell::Empty; 64];
    for s in g.position().board().occupied() {
        cells[usize::from(s)] = Cell::Piece(g.position().board().piece_at(s).unwrap());
    }
    let black_knight = Piece { color: Color::Black, role: Role::Knight };
    cells[usize::from(sq("g1"))] = Cell::Piece(black_knight);
    let mut m = Mirror::new(&g, None);
    let outs = m.board(&BoardEvent::Board(Snapshot(cells)), &g);
    let de = Voice::new(Vocabulary::german(), SquareStyle::AnnexD, MoveForm::Short);
    assert_eq!(said(&outs, &de), vec!["Springer von Gustav eins entfernen."]);
    let white_knight = Piece { color: Color::White, role: Role::Knight };
    assert_eq!(m.steps(g.position())[1], Step::Put { square: sq("g1"), piece: white_knight });
}

#[test]
fn steps_are_said_in_every_language() {
    let knight = Piece { color: Color::White, role: Role::Knight };
    let queen = Piece { color: Color::Black, role: Role::Queen };
    let steps = [
        Step::Remove { square: Square::G1, piece: Some(knight) },
        Step::Put { square: Square::F3, piece: knight },
        Step::Move { from: Square::D1, to: Square::D8, piece: queen },
        Step::Put { square: Square::D8, piece: queen },
        Step::Remove { square: Square::G1, piece: None },
    ];
    let expected = [
        (
            "en",
            [
                "Take the knight off g-one.",
                "Put a white knight on f-three.",
                "Move the queen from d-one to d-eight.",
                "Put a black queen on d-eight.",
                "Take the piece off g-one.",
            ],
        ),
        (
            "de",
            [
                "Springer von g eins entfernen.",
                "Weißen Springer auf f drei setzen.",
                "Dame von d eins auf d acht setzen.",
                "Schwarze Dame auf d acht setzen.",
                "Figur von g eins entfernen.",
            ],
        ),
        (
            "sk",
            [
                "Odoberte jazdca z poľa g jedna.",
                "Položte bieleho jazdca na pole f tri.",
                "Preložte dámu z poľa d jedna na pole d osem.",
                "Položte čiernu dámu na pole d osem.",
                "Odoberte figúrku z poľa g jedna.",
            ],
        ),
        (
            "cs",
            [
                "Odeberte jezdce z pole g jedna.",
                "Postavte bílého jezdce na pole f tři.",
                "Přesuňte dámu z pole d jedna na pole d osm.",
                "Postavte černou dámu na pole d osm.",
                "Odeberte kámen z pole g jedna.",
            ],
        ),
        (
            "pl",
            [
                "Proszę zdjąć skoczka z pola g jeden.",
                "Proszę postawić białego skoczka na polu f trzy.",
                "Proszę przestawić hetmana z pola d jeden na pole d osiem.",
                "Proszę postawić czarnego hetmana na polu d osiem.",
                "Proszę zdjąć bierkę z pola g jeden.",
            ],
        ),
        (
            "sl",
            [
                "Odstranite skakača s polja g ena.",
                "Postavite belega skakača na polje f tri.",
                "Prestavite damo s polja d ena na polje d osem.",
                "Postavite črno damo na polje d osem.",
                "Odstranite figuro s polja g ena.",
            ],
        ),
    ];
    for (code, words) in expected {
        let voice = Voice::new(Vocabulary::get(code).unwrap(), SquareStyle::Plain, MoveForm::Short);
        let said: Vec<String> = steps.iter().map(|s| voice.render(&s.utterance())).collect();
        assert_eq!(said, words, "{code}");
    }
}

#[test]
fn a_board_the_model_cannot_follow_is_read_again() {
    let g = Game::new();
    let mut m = Mirror::new(&g, None);
    assert_eq!(m.board(&lift("e4"), &g), vec![MirrorOut::Send(HostCommand::Query)]);
    assert_eq!(m.board(&place("e2"), &g), vec![MirrorOut::Send(HostCommand::Query)]);
    let hello = BoardEvent::Hello { version: 1, name: "peg".into() };
    assert_eq!(m.board(&hello, &g), vec![MirrorOut::Send(HostCommand::Query)]);
}

#[test]
fn restore_goes_back_to_the_agreed_position_then_shows_the_move() {
    let mut g = Game::new();
    let mut m = Mirror::new(&g, Some(Color::White));
    run(&mut m, &mut g, &[lift("e2"), place("e4")]);
    g.play(g.resolve("e5").unwrap()).unwrap();
    m.sync(&g);
    let en = Voice::english();
    let outs = run(&mut m, &mut g, &[lift("e7"), place("e6")]);
    assert_eq!(outs[0], MirrorOut::Send(HostCommand::Invalid(sq("e6"))));
    assert_eq!(said(&outs, &en), vec!["Move the pawn from Eva sechs to Eva fünf."]);
    let outs = m.restore(&g);
    assert_eq!(
        said(&outs, &en),
        vec![
            "Back to the last position the board and the game agreed on.",
            "Move the pawn from Eva sechs to Eva sieben."
        ]
    );
    let outs = run(&mut m, &mut g, &[lift("e6"), place("e7")]);
    assert!(matches!(outs[0], MirrorOut::Send(HostCommand::ShowMove { .. })));
}

/// A game of `plies` random legal moves (choices taken modulo the number of moves).
fn random_game(choices: &[usize]) -> Game {
    let mut g = Game::new();
    for c in choices {
        let legal = g.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        g.play(legal[c % legal.len()]).unwrap();
    }
    g
}

/// The physical events of `mv`, in the usual order or (`other`) the other one.
fn physical(pos: &Chess, mv: Move, other: bool) -> Vec<BoardEvent> {
    let (l, p) = (BoardEvent::Lifted, BoardEvent::Placed);
    match mv {
        Move::Castle { king, rook } => {
            let side = mv.castling_side().unwrap();
            let (k, r) = (side.king_to(pos.turn()), side.rook_to(pos.turn()));
            if other {
                vec![l(rook), p(r), l(king), p(k)]
            } else {
                vec![l(king), p(k), l(rook), p(r)]
            }
        }
        Move::EnPassant { from, to } => {
            let taken = Square::from_coords(to.file(), from.rank());
            if other {
                vec![l(taken), l(from), p(to)]
            } else {
                vec![l(from), p(to), l(taken)]
            }
        }
        Move::Normal { from, to, capture: Some(_), .. } if other => vec![l(to), l(from), p(to)],
        Move::Normal { from, to, capture: Some(_), .. } => vec![l(from), l(to), p(to)],
        _ => vec![l(mv.from().unwrap()), p(mv.to())],
    }
}

/// Every legal move of `g`, made on the board in either order, is the one proposed.
fn every_move_is_understood(g: &Game) -> usize {
    let pos = g.position().clone();
    let special = pos.legal_moves().iter().filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion()).count();
    for mv in pos.legal_moves() {
        for other in [false, true] {
            let mut m = Mirror::new(g, None);
            let mut outs = Vec::new();
            for event in physical(&pos, mv, other) {
                outs.extend(m.board(&event, g));
            }
            outs.extend(m.settle(g));
            let shakmaty::uci::UciMove::Normal { from, to, .. } = g.uci(mv) else { unreachable!() };
            let want = MirrorOut::Act(Some(pos.turn()), Command::Move(MoveSpec::squares(from, to, None)));
            let proposed: Vec<MirrorOut> =
                outs.into_iter().filter(|o| matches!(o, MirrorOut::Act(_, Command::Move(_)))).collect();
            assert_eq!(proposed, vec![want], "{} ({other}) in {}", g.uci(mv), g.fen());
        }
    }
    special
}

#[test]
fn every_special_move_is_understood_in_either_order() {
    // Castling both ways, en passant, promotions with and without capture, for both sides.
    let white = every_move_is_understood(&game("r3k2r/pPpp1ppp/8/3PpP2/8/8/PPP1P1pP/R3K2R w KQkq e6 0 1"));
    let black = every_move_is_understood(&game("r3k2r/pPp2ppp/8/8/3pP3/8/PPP3pP/R3K2R b KQkq e3 0 1"));
    let chess960 = every_move_is_understood(&game("4k3/8/8/8/8/8/8/RK5R w AH - 0 1"));
    // White: O-O-O (g2 attacks f1, so no O-O), dxe6 and fxe6 en passant, b8 and bxa8 in four
    // pieces each. Black: O-O (b7 attacks c8), dxe3 en passant, g1 and gxh1 in four pieces each.
    // Chess960: both castlings.
    assert_eq!((white, black, chess960), (11, 10, 2));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Every legal move made on the board, in either order, is the move proposed (D.2.3); a
    /// promotion is left to the session's question.
    #[test]
    fn every_legal_move_on_the_board_is_understood(
        choices in proptest::collection::vec(0usize..1000, 0..60),
        other in proptest::prelude::any::<bool>(),
    ) {
        let g = random_game(&choices);
        let pos = g.position().clone();
        for mv in pos.legal_moves() {
            let mut m = Mirror::new(&g, None);
            let mut outs = Vec::new();
            for event in physical(&pos, mv, other) {
                outs.extend(m.board(&event, &g));
            }
            outs.extend(m.settle(&g));
            let uci = g.uci(mv);
            let shakmaty::uci::UciMove::Normal { from, to, promotion } = uci else { unreachable!() };
            let want = MoveSpec::squares(from, to, promotion.and(None));
            let proposed: Vec<MirrorOut> =
                outs.into_iter().filter(|o| matches!(o, MirrorOut::Act(_, Command::Move(_)))).collect();
            let expected = vec![MirrorOut::Act(Some(pos.turn()), Command::Move(want))];
            proptest::prop_assert_eq!(proposed, expected, "{} in {}", uci, g.fen());
        }
    }

    /// Any events at all never panic, and whenever Anna says the board matches, it does.
    #[test]
    fn no_event_sequence_panics_and_matches_are_true(
        choices in proptest::collection::vec(0usize..1000, 0..30),
        events in proptest::collection::vec((0u8..4, 0u8..64), 0..40),
        side in 0u8..3,
    ) {
        let mut g = random_game(&choices);
        let board_side = [None, Some(Color::White), Some(Color::Black)][usize::from(side)];
        let mut m = Mirror::new(&g, board_side);
        for (kind, square) in events {
            let s = Square::new(u32::from(square));
            let event = match kind {
                0 => BoardEvent::Lifted(s),
                1 => BoardEvent::Placed(s),
                2 => {
                    let mut cells = [Cell::Empty; 64];
                    for o in g.position().board().occupied() {
                        cells[usize::from(o)] = Cell::Occupied;
                    }
                    cells[usize::from(s)] = Cell::Empty;
                    BoardEvent::Board(Snapshot(cells))
                }
                _ => {
                    m.restore(&g);
                    continue;
                }
            };
            let outs = run(&mut m, &mut g, &[event]);
            if outs.iter().any(|o| matches!(o, MirrorOut::Say(u) if u.sentence == Sentence::BoardMatches)) {
                proptest::prop_assert!(m.shows(g.position()));
            }
        }
    }
}
