//! Tests of the game record against the FIDE Laws of Chess (2018).

use std::collections::HashSet;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

use super::*;

fn game(fen: &str) -> Game {
    Game::from_fen(fen).expect("test FEN")
}

fn mv(g: &Game, text: &str) -> Move {
    g.resolve(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn play(g: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = mv(g, text);
        g.play(m).expect("legal");
    }
}

fn sans(g: &Game) -> Vec<String> {
    g.plies().iter().map(|p| p.san.to_string()).collect()
}

#[test]
fn san_recorded_with_check_and_mate() {
    // FIDE 8.1, C.9, C.10: + for check, # for mate.
    let mut g = Game::new();
    play(&mut g, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7");
    assert_eq!(sans(&g), ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    assert_eq!(g.auto_end(), Some(AutoEnd::Checkmate)); // FIDE 5.1.1
    let mut g = Game::new();
    play(&mut g, "e4 f5 Qh5");
    assert_eq!(sans(&g)[2], "Qh5+");
    assert_eq!(g.fullmove_number(), 2);
    assert_eq!(g.turn(), Color::Black);
}

#[test]
fn threefold_by_knight_shuffle() {
    // FIDE 9.2.1: the start position appears the third time after 8 plies.
    let mut g = Game::new();
    assert_eq!(g.repetitions(), 1);
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for round in 1..=2 {
        for (i, text) in shuffle.iter().enumerate() {
            let m = mv(&g, text);
            if round == 2 && i == 3 {
                // FIDE 9.2.1.1: Black may claim by writing the intended move.
                assert_eq!(g.repetitions_after(m), 3);
                assert!(g.can_claim_threefold(Some(m)));
                assert!(!g.can_claim_threefold(None));
            }
            g.play(m).expect("legal");
            let expected = if i == 3 { round + 1 } else { round };
            assert_eq!(g.repetitions(), expected, "round {round} ply {i}");
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert!(g.can_claim_threefold(None)); // FIDE 9.2.1.2
    assert_eq!(g.auto_end(), None);
}

#[test]
fn castling_rights_make_positions_differ() {
    // FIDE 9.2.2: positions differ if castling rights differ; the kings walk away and back.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "Kf1 Kf8 Ke1 Ke8");
    // Same pieces, but both sides lost their castling rights.
    assert_eq!(g.position().board(), g.start().board());
    assert_eq!(g.repetitions(), 1);
    play(&mut g, "Kf1 Kf8 Ke1 Ke8");
    assert_eq!(g.repetitions(), 2);
    // A rook going away and back loses only that side's right.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "Rh2 Rh7 Rh1 Rh8");
    assert_eq!(g.repetitions(), 1);
    assert!(g.fen().contains(" Qq "));
}

#[test]
fn en_passant_counts_only_when_legal() {
    // FIDE 9.2.2: an en passant square without a legal capture does not make positions differ.
    let mut g = Game::new();
    play(&mut g, "e4"); // ep square e3 set, but no black pawn can take
    let after_e4 = g.position().clone();
    play(&mut g, "Nf6 Nf3 Ng8 Ng1");
    assert_eq!(g.position(), &after_e4);
    assert_eq!(g.repetitions(), 2);

    // A legal en passant capture makes the first occurrence different.
    let mut g = game("4k3/8/8/8/1p6/8/P7/4K2N w - - 0 1");
    play(&mut g, "a4"); // b4xa3 is possible now
    assert_eq!(g.repetitions(), 1);
    play(&mut g, "Kd7 Ng3 Ke8 Nh1 Kd7 Ng3 Ke8 Nh1");
    // Same pieces as after a4, but the en passant capture is gone: two occurrences, not three.
    assert_eq!(g.position().board(), g.plies()[1].before.board());
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn fivefold_ends_exactly_on_the_fifth_occurrence() {
    // FIDE 9.6.1
    let mut g = Game::new();
    for _ in 0..3 {
        play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    }
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.auto_end(), None);
    play(&mut g, "Nf3 Nf6 Ng1");
    assert_eq!(g.auto_end(), None);
    play(&mut g, "Ng8");
    assert_eq!(g.repetitions(), 5);
    assert_eq!(g.auto_end(), Some(AutoEnd::FivefoldRepetition));
    assert_eq!(AutoEnd::FivefoldRepetition.article(), "9.6.1");
}

#[test]
fn seventy_five_moves() {
    // FIDE 9.6.2: 150 plies without pawn move or capture end the game...
    let mut g = game("7k/8/8/8/8/8/R7/K7 w - - 149 120");
    assert_eq!(g.halfmoves(), 149);
    assert_eq!(g.auto_end(), None);
    play(&mut g, "Rb2");
    assert_eq!(g.halfmoves(), 150);
    assert_eq!(g.auto_end(), Some(AutoEnd::SeventyFiveMoves));
    // ...but a mate on that move takes precedence.
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    play(&mut g, "Ra8");
    assert_eq!(sans(&g), ["Ra8#"]);
    assert_eq!(g.auto_end(), Some(AutoEnd::Checkmate));
    // A capture resets the count.
    let mut g = game("7k/8/8/8/8/8/r7/RK6 w - - 149 120");
    play(&mut g, "Rxa2");
    assert_eq!(g.halfmoves(), 0);
    assert_eq!(g.auto_end(), None);
}

#[test]
fn fifty_move_claims() {
    let g = game("7k/8/8/8/8/8/R7/K7 w - - 99 80");
    let quiet = mv(&g, "Rb2");
    // FIDE 9.3.1: the intended move completes the 50 moves.
    assert!(!g.can_claim_fifty(None));
    assert_eq!(g.halfmoves_after(quiet), 100);
    assert!(g.can_claim_fifty(Some(quiet)));
    // FIDE 9.3.2: the 50 moves have been completed.
    let g = game("7k/8/8/8/8/8/R7/K7 b - - 100 80");
    assert!(g.can_claim_fifty(None));
    // A pawn move as the intended move does not allow the claim.
    let g = game("7k/8/8/8/8/8/P7/K7 w - - 99 80");
    let push = mv(&g, "a3");
    assert_eq!(g.halfmoves_after(push), 0);
    assert!(!g.can_claim_fifty(Some(push)));
}

#[test]
fn chess960_numbering() {
    // FIDE Guideline II: 518 is the standard arrangement.
    let standard = Game::chess960(518).expect("518");
    assert_eq!(standard.position(), &Chess::new());
    assert!(standard.is_chess960());
    use Role::*;
    assert_eq!(Game::chess960_arrangement(0), Some([Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook]));
    assert_eq!(Game::chess960_arrangement(959), Some([Rook, King, Rook, Knight, Knight, Queen, Bishop, Bishop]));
    assert_eq!(Game::chess960_arrangement(960), None);
    assert!(matches!(Game::chess960(960), Err(GameError::Chess960Number(960))));
    assert!(Game::chess960(960).err().is_some_and(|e| e.to_string().contains("0 to 959")));
}

#[test]
fn every_chess960_arrangement_is_valid_and_distinct() {
    // FIDE Guideline II.1: king between the rooks, bishops on opposite colours, 960 positions.
    let mut seen = HashSet::new();
    for n in 0..960 {
        let a = Game::chess960_arrangement(n).expect("in range");
        let files = |role: Role| a.iter().enumerate().filter(move |(_, r)| **r == role).map(|(i, _)| i);
        let rooks: Vec<usize> = files(Role::Rook).collect();
        let king: Vec<usize> = files(Role::King).collect();
        let bishops: Vec<usize> = files(Role::Bishop).collect();
        assert_eq!((rooks.len(), king.len(), bishops.len()), (2, 1, 2), "{n}");
        assert_eq!(files(Role::Queen).count(), 1);
        assert_eq!(files(Role::Knight).count(), 2);
        assert!(rooks[0] < king[0] && king[0] < rooks[1], "{n}");
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}");
        assert!(seen.insert(a));
        assert!(Game::chess960(n).is_ok());
    }
    assert_eq!(seen.len(), 960);
}

#[test]
fn chess960_castling_both_inputs() {
    // FIDE Guideline II.3: O-O puts the king on g1 and the rook on f1.
    // King g1 between rooks a1 and h1 (as in position 0 once the a1-f1 pieces are gone).
    for input in ["O-O", "0-0", "g1h1"] {
        let mut g = game("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1");
        assert!(g.is_chess960());
        let m = mv(&g, input);
        assert!(m.is_castle(), "{input}");
        g.play(m).expect("legal");
        assert_eq!(g.position().board().piece_at(Square::G1), Some(Color::White.king()));
        assert_eq!(g.position().board().piece_at(Square::F1), Some(Color::White.rook()));
        assert_eq!(sans(&g), ["O-O"]);
        assert_eq!(g.uci(m).to_string(), "g1h1");
    }
    // O-O-O: king to c1, rook to d1; king-takes-rook and king-to-destination both accepted.
    for input in ["O-O-O", "g1a1", "g1c1"] {
        let mut g = game("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1");
        let m = mv(&g, input);
        assert_eq!(m, Move::Castle { king: Square::G1, rook: Square::A1 }, "{input}");
        g.play(m).expect("legal");
        assert_eq!(g.position().board().piece_at(Square::C1), Some(Color::White.king()));
        assert_eq!(g.position().board().piece_at(Square::D1), Some(Color::White.rook()));
    }
    // King b1, rook a1 (position 959 mirrored? use a FEN): king to c1, rook to d1.
    let mut g = game("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1");
    assert!(g.is_chess960());
    let m = mv(&g, "b1a1");
    assert_eq!(m, Move::Castle { king: Square::B1, rook: Square::A1 });
    // b1c1 is an ordinary king move in Chess960 notation; the game's mode wins.
    assert!(!mv(&g, "b1c1").is_castle());
    g.play(m).expect("legal");
    assert_eq!(g.position().board().piece_at(Square::C1), Some(Color::White.king()));
    assert_eq!(g.position().board().piece_at(Square::D1), Some(Color::White.rook()));
    // King-to-destination form when it is not also a king move: e1... king d1 over e1.
    let g = game("r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1");
    assert!(g.is_chess960());
    let m = mv(&g, "d1g1");
    assert_eq!(m, Move::Castle { king: Square::D1, rook: Square::H1 });
}

#[test]
fn standard_castling_accepts_both_uci_forms() {
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(!g.is_chess960());
    let short = Move::Castle { king: Square::E1, rook: Square::H1 };
    assert_eq!(mv(&g, "e1g1"), short);
    assert_eq!(mv(&g, "e1h1"), short);
    assert_eq!(mv(&g, "e1c1"), Move::Castle { king: Square::E1, rook: Square::A1 });
    assert_eq!(g.uci(short).to_string(), "e1g1");
}

#[test]
fn xfen_and_shredder_fen() {
    // X-FEN: KQkq with the king off the e-file needs Chess960 castling.
    let x = game("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    assert!(x.is_chess960());
    assert_eq!(x.position(), Game::chess960(0).expect("0").position());
    // Shredder-FEN: file letters.
    let s = game("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    assert_eq!(s.position(), x.position());
    assert_eq!(s.start_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    // Shredder letters on the standard setup still choose Chess960.
    let s = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    assert_eq!(s.castling_mode(), CastlingMode::Chess960);
    assert_eq!(s.position(), &Chess::new());
    // X-FEN with an inner rook written by its file.
    let inner = game("4k3/8/8/8/8/8/8/1R2K2R w BK - 0 1");
    assert!(inner.is_chess960());
    assert_eq!(inner.start_fen(), "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1");
    let inner = game("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert!(inner.is_chess960());
    assert_eq!(inner.start_fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    // Standard FEN; 4 fields accepted.
    let four = game("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
    assert!(!four.is_chess960());
    assert_eq!(four.fullmove_number(), 1);
    assert_eq!(four.halfmoves(), 0);
    // Errors name what is wrong.
    let bad = Game::from_fen("rnbqkbnr/ppppppp/8 w").err().map(|e| e.to_string());
    assert!(bad.is_some_and(|e| e.starts_with("not a valid FEN")));
    let nok = Game::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").err();
    assert!(matches!(nok, Some(GameError::Fen(FenError::Illegal(_)))));
    assert!(nok.is_some_and(|e| e.to_string().contains("fen.missing_king")));
}

#[test]
fn undo_restores_exactly() {
    // FIDE 7.5.1, D.2.8
    let mut g = Game::new();
    play(&mut g, "e4 d5 e5 f5");
    let before = g.position().clone();
    let fen = g.fen();
    play(&mut g, "exf6");
    assert!(g.plies().last().is_some_and(|p| p.mv.is_en_passant()));
    let ply = g.undo().expect("a ply");
    assert_eq!(ply.san.to_string(), "exf6");
    assert_eq!(g.position(), &before);
    assert_eq!(g.fen(), fen);
    assert!(fen.contains(" f6 "));
    assert_eq!(g.plies().len(), 4);
    let mut fresh = Game::new();
    assert!(fresh.undo().is_none());
    assert_eq!(fresh.position(), &Chess::new());
}

#[test]
fn resolve_errors() {
    // Ambiguous: knights on b1 and f3 can both go to d2.
    let g = game("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    match g.resolve("Nd2") {
        Err(MoveError::Ambiguous(moves)) => {
            let froms: HashSet<_> = moves.iter().filter_map(|m| m.from()).collect();
            assert_eq!(froms, HashSet::from([Square::B1, Square::F3]));
        }
        other => panic!("{other:?}"),
    }
    assert!(g.resolve("Nbd2").is_ok() && g.resolve("N3d2").is_ok());
    // Not understood.
    assert_eq!(g.resolve("hello"), Err(MoveError::NotUnderstood));
    assert_eq!(g.resolve(""), Err(MoveError::NotUnderstood));
    assert_eq!(g.resolve("--"), Err(MoveError::NotUnderstood));
    // No piece.
    assert_eq!(g.resolve("Qd2"), Err(MoveError::Illegal(IllegalReason::NoPiece)));
    assert_eq!(g.resolve("a2a3"), Err(MoveError::Illegal(IllegalReason::NoPiece)));
    assert_eq!(g.why_illegal(Square::E8, Square::E7), Some(IllegalReason::OpponentsPiece));
    assert_eq!(g.why_illegal(Square::B1, Square::D2), None);
    // Pinned (FIDE 3.9): the knight on d2 shields its king from the bishop on b4.
    let g = game("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    assert_eq!(g.resolve("Nf3"), Err(MoveError::Illegal(IllegalReason::Pinned)));
    // In check: the rook move does not stop the check.
    let g = game("4k3/8/8/8/4r3/8/8/R3K3 w - - 0 1");
    assert_eq!(g.resolve("Ra8"), Err(MoveError::Illegal(IllegalReason::InCheck)));
    assert_eq!(g.resolve("Ke2"), Err(MoveError::Illegal(IllegalReason::IntoCheck)));
    assert_eq!(g.resolve("O-O-O"), Err(MoveError::Illegal(IllegalReason::CastlingRightsLost)));
    // Blocked and impossible geometry.
    let g = Game::new();
    assert_eq!(g.resolve("Bc4"), Err(MoveError::Illegal(IllegalReason::Blocked)));
    assert_eq!(g.resolve("e1e2"), Err(MoveError::Illegal(IllegalReason::OwnPieceOnTarget)));
    assert_eq!(g.resolve("e2e5"), Err(MoveError::Illegal(IllegalReason::CannotMoveThatWay)));
    assert_eq!(g.resolve("O-O"), Err(MoveError::Illegal(IllegalReason::CastlingBlocked)));
    assert_eq!(g.resolve("Nd4"), Err(MoveError::Illegal(IllegalReason::CannotMoveThatWay)));
    let msg = MoveError::Illegal(IllegalReason::Pinned).to_string();
    assert!(msg.starts_with("That move is not legal.") && msg.contains("pinned"));
}

#[test]
fn castling_reasons() {
    // FIDE 3.8.2.2.1: through an attacked square, and out of check.
    let g = game("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert_eq!(g.resolve("O-O"), Err(MoveError::Illegal(IllegalReason::CastlingThroughCheck)));
    assert_eq!(g.why_illegal(Square::E1, Square::G1), Some(IllegalReason::CastlingThroughCheck));
    assert!(g.resolve("O-O-O").is_ok());
    let g = game("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert_eq!(g.resolve("e1c1"), Err(MoveError::Illegal(IllegalReason::CastlingOutOfCheck)));
}

#[test]
fn lenient_san_and_promotion() {
    let mut g = game("4k3/1P6/8/8/8/8/8/4K2n w - - 0 1");
    // A promotion without the piece asks which one (FIDE 3.7.5, D.2.1).
    match g.resolve("b8") {
        Err(MoveError::Ambiguous(moves)) => assert_eq!(moves.len(), 4),
        other => panic!("{other:?}"),
    }
    match g.resolve("b7b8") {
        Err(MoveError::Ambiguous(moves)) => assert_eq!(moves.len(), 4),
        other => panic!("{other:?}"),
    }
    assert_eq!(mv(&g, "b8=N").promotion(), Some(Role::Knight));
    assert_eq!(mv(&g, "b7b8r").promotion(), Some(Role::Rook));
    // A missing capture sign is forgiven; suffixes and spaces are ignored.
    assert_eq!(mv(&g, " Kxd2 ").to(), Square::D2);
    let m = mv(&g, "b8=Q+");
    g.play(m).expect("legal");
    assert_eq!(sans(&g), ["b8=Q+"]);
    let pos = Chess::new();
    let uci = UciMove::from_standard(Move::Castle { king: Square::E1, rook: Square::H1 });
    assert_eq!(uci.to_string(), "e1g1");
    assert!(Game::from_position(pos, CastlingMode::Standard).resolve_uci(&UciMove::Null).is_err());
}

#[test]
fn play_rejects_illegal_moves() {
    let mut g = Game::new();
    let bad = Move::Normal { role: Role::Queen, from: Square::D1, capture: None, to: Square::D5, promotion: None };
    assert_eq!(g.play(bad).err(), Some(MoveError::Illegal(IllegalReason::Blocked)));
    assert_eq!(g.repetitions_after(bad), 0);
    assert_eq!(g.halfmoves_after(bad), 0);
    assert!(g.plies().is_empty());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]

    /// Random games, standard and Chess960: the recorded SAN and the UCI resolve back to the move
    /// played, and undo restores the position exactly.
    #[test]
    fn random_games_round_trip(number in 0u32..960, picks in proptest::collection::vec(0usize..256, 0..80)) {
        let mut g = if number % 2 == 0 { Game::new() } else { Game::chess960(number).expect("in range") };
        for pick in picks {
            let legal = g.position().legal_moves();
            let Some(&m) = legal.get(pick % legal.len().max(1)) else { break };
            let uci = g.uci(m);
            proptest::prop_assert_eq!(g.resolve_uci(&uci), Ok(m));
            proptest::prop_assert_eq!(g.resolve(&uci.to_string()), Ok(m));
            let before = g.fen();
            let san = g.play(m).expect("legal").san;
            proptest::prop_assert_eq!(g.undo().map(|p| p.mv), Some(m));
            proptest::prop_assert_eq!(g.fen(), before);
            proptest::prop_assert_eq!(g.resolve(&san.to_string()), Ok(m));
            g.play(m).expect("legal");
            proptest::prop_assert!(g.repetitions() >= 1);
            if g.auto_end().is_some() {
                break;
            }
        }
        let moves = g.position().legal_moves();
        for from in g.position().us() {
            for to in Square::ALL {
                let legal = moves.iter().any(|m| {
                    m.from() == Some(from) && (m.to() == to || explain::castling_target(*m) == Some(to))
                });
                proptest::prop_assert_eq!(g.why_illegal(from, to).is_none(), legal);
            }
        }
    }

    /// No input text makes the module panic.
    #[test]
    fn any_text_is_safe(text in "\\PC{0,24}", fen in "[1-8pnbrqkPNBRQK/ ]{0,40}[wb]? ?[KQkqA-Ha-h-]{0,5} ?[a-h1-8-]{0,2}") {
        let g = Game::new();
        let _ = g.resolve(&text);
        let _ = Game::from_fen(&text);
        if let Ok(g) = Game::from_fen(&fen) {
            let _ = (g.fen(), g.start_fen(), g.auto_end(), g.repetitions());
            for from in Square::ALL {
                for to in Square::ALL {
                    let _ = g.why_illegal(from, to);
                }
            }
        }
    }
}
