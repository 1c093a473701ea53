use super::*;
use crate::rules::Game;
use shakmaty::Square;

fn game(sans: &str) -> Game {
    let mut game = Game::new();
    for san in sans.split_whitespace() {
        game.play(game.resolve(san).unwrap()).unwrap();
    }
    game
}

fn eval(score: Score, line: &[&str], position: &Chess) -> Evaluation {
    let line: Vec<String> = line.iter().map(|s| s.to_string()).collect();
    let mut e = Evaluation::from_engine(position, Some(0), None, &line).unwrap();
    e.score = score;
    e
}

#[test]
fn winning_chances_are_lichess_s() {
    assert_eq!(winning_chances(0), 0.0);
    assert!((winning_chances(100) - 0.1820).abs() < 1e-4, "{}", winning_chances(100));
    assert_eq!(winning_chances(5000), winning_chances(1000), "clamped at 1000");
    assert!((winning_chances(-300) + winning_chances(300)).abs() < 1e-12);
}

#[test]
fn engine_scores_are_the_side_to_move_s() {
    assert_eq!(Score::from_engine(Color::Black, Some(50), None), Some(Score::Cp(-50)));
    assert_eq!(Score::from_engine(Color::White, Some(50), None), Some(Score::Cp(50)));
    assert_eq!(Score::from_engine(Color::Black, None, Some(2)), Some(Score::Mate { winner: Color::Black, moves: 2 }));
    assert_eq!(Score::from_engine(Color::Black, None, Some(-3)), Some(Score::Mate { winner: Color::White, moves: 3 }));
    assert_eq!(Score::from_engine(Color::White, None, None), None);
    assert_eq!(Score::Cp(17).pgn(), "0.17");
    assert_eq!(Score::Cp(-150).pgn(), "-1.50");
    assert_eq!(Score::Mate { winner: Color::Black, moves: 3 }.pgn(), "#-3");
}

#[test]
fn judgements_follow_the_drop_in_winning_chances() {
    use Judgement::*;
    let w = Color::White;
    // 0 to -100: a drop of 0.18: an inaccuracy; to -150 (0.27) a mistake; to -200 (0.35) a blunder.
    assert_eq!(judge(w, Score::Cp(0), Score::Cp(-40)), None);
    assert_eq!(judge(w, Score::Cp(0), Score::Cp(-100)), Some(Inaccuracy));
    assert_eq!(judge(w, Score::Cp(0), Score::Cp(-150)), Some(Mistake));
    assert_eq!(judge(w, Score::Cp(0), Score::Cp(-200)), Some(Blunder));
    // Far ahead, the same loss of centipawns changes little.
    assert_eq!(judge(w, Score::Cp(900), Score::Cp(700)), None);
    // Black's point of view is the other way round.
    assert_eq!(judge(Color::Black, Score::Cp(0), Score::Cp(200)), Some(Blunder));
    assert_eq!(judge(Color::Black, Score::Cp(0), Score::Cp(-200)), None);
    let mate = |winner, moves| Score::Mate { winner, moves };
    // A mate allowed: a blunder, unless already lost.
    assert_eq!(judge(w, Score::Cp(-50), mate(Color::Black, 1)), Some(Blunder));
    assert_eq!(judge(w, Score::Cp(-800), mate(Color::Black, 4)), Some(Mistake));
    assert_eq!(judge(w, Score::Cp(-1200), mate(Color::Black, 4)), Some(Inaccuracy));
    // A mate missed: by what is left.
    assert_eq!(judge(w, mate(w, 1), Score::Cp(100)), Some(Blunder));
    assert_eq!(judge(w, mate(w, 1), Score::Cp(800)), Some(Mistake));
    assert_eq!(judge(w, mate(w, 1), Score::Cp(1500)), Some(Inaccuracy));
    // A longer mate is no mistake (lichess's MateDelayed).
    assert_eq!(judge(w, mate(w, 1), mate(w, 3)), None);
}

#[test]
fn a_bishop_left_hanging_is_a_blunder_that_loses_the_bishop() {
    // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O?? axb5.
    let g = game("e4 e5 Nf3 Nc6 Bb5 a6 O-O axb5");
    let positions: Vec<Chess> = g.plies().iter().map(|p| p.before.clone()).collect();
    let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
    let at = |i: usize| &positions[i];
    let mut evaluations: Vec<Evaluation> = (0..moves.len()).map(|i| eval(Score::Cp(30), &[], at(i))).collect();
    evaluations[6] = eval(Score::Cp(40), &["b5a4", "g8f6"], at(6));
    evaluations[7] = eval(Score::Cp(-280), &["a6b5", "c2c3"], at(7));
    evaluations.push(eval(Score::Cp(-290), &[], g.position()));
    let found = mistakes(&positions, &moves, &evaluations, &|_| None);
    assert_eq!(found.len(), 1, "{found:?}");
    let m = &found[0];
    assert_eq!((m.ply, m.judgement, m.allowed), (6, Judgement::Blunder, Allowed::Piece(Role::Bishop)));
    assert_eq!(m.better.map(|b| b.to()), Some(Square::A4));
}

/// A quiet move that throws a win away loses no material: what is said is how the position went
/// from winning to equal, not the position after it alone.
#[test]
fn a_win_thrown_away_is_said_from_before_to_after() {
    let g = game("e4 e5 Nf3 Nc6");
    let positions: Vec<Chess> = g.plies().iter().map(|p| p.before.clone()).collect();
    let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
    let mut evaluations: Vec<Evaluation> = (0..moves.len()).map(|i| eval(Score::Cp(600), &[], &positions[i])).collect();
    evaluations[2] = eval(Score::Cp(600), &["d2d4"], &positions[2]);
    evaluations[3] = eval(Score::Cp(0), &["b1c3", "g8f6"], &positions[3]);
    evaluations.push(eval(Score::Cp(0), &[], g.position()));
    let found = mistakes(&positions, &moves, &evaluations, &|_| None);
    assert_eq!(found.len(), 1, "{found:?}");
    let allowed = Allowed::Position { before: Score::Cp(600), after: Score::Cp(0) };
    assert_eq!((found[0].ply, found[0].allowed), (2, allowed));
    let Some(Words::Line { args, .. }) = words(&found[0], &positions, &moves) else { panic!("a line") };
    let Some((_, Arg::Words(said))) = args.iter().find(|(name, _)| *name == "allowed") else { panic!("{args:?}") };
    assert_eq!(
        **said,
        Words::line("analysis.before_after")
            .arg("before", Arg::Score(Score::Cp(600)))
            .arg("after", Arg::Score(Score::Cp(0)))
    );
}

/// Where no UCI engine is installed, Anna's own search evaluates: a mate in one found as such, its
/// move the line; a quiet position in centipawns, from White's side.
#[test]
fn anna_s_own_engine_evaluates_where_no_other_is_installed() {
    let mate = Evaluation::builtin(&game("e4 e5 Qh5 Nc6 Bc4 Nf6")).unwrap();
    assert_eq!(mate.score, Score::Mate { winner: Color::White, moves: 1 });
    assert_eq!(mate.line.iter().map(|m| m.to()).collect::<Vec<_>>(), [Square::F7]);
    let mated = Evaluation::builtin(&game("f3 e5 g4")).unwrap();
    assert_eq!(mated.score, Score::Mate { winner: Color::Black, moves: 1 }, "Black to move mates: Qh4#");
    let quiet = Evaluation::builtin(&game("e4")).unwrap();
    assert!(matches!(quiet.score, Score::Cp(cp) if cp.abs() < 150), "{:?}", quiet.score);
    assert_eq!(quiet.line.len(), 1);
    assert!(Evaluation::builtin(&game("f3 e5 g4 Qh4#")).is_none(), "no move after mate");
}

#[test]
fn a_mate_allowed_and_a_mate_missed() {
    // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxe5+?? (Qxf7# was mate).
    let g = game("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxe5+");
    let positions: Vec<Chess> = g.plies().iter().map(|p| p.before.clone()).collect();
    let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
    let mut evaluations: Vec<Evaluation> = (0..moves.len()).map(|i| eval(Score::Cp(0), &[], &positions[i])).collect();
    evaluations[5] = eval(Score::Cp(-20), &["g7g6"], &positions[5]);
    evaluations[6] = eval(Score::Mate { winner: Color::White, moves: 1 }, &["h5f7"], &positions[6]);
    evaluations.push(eval(Score::Cp(-700), &["c6e5"], g.position()));
    let found = mistakes(&positions, &moves, &evaluations, &|_| None);
    let summary: Vec<_> = found.iter().map(|m| (m.ply, m.judgement, m.allowed)).collect();
    assert_eq!(summary, [(5, Judgement::Blunder, Allowed::Mate(1)), (6, Judgement::Blunder, Allowed::MissedMate(1))]);
    let text = pgn::annotated(
        &crate::pgn::read(b"[White \"A\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxe5+ *")[0],
        &evaluations,
        &found,
        &|m| format!("{:?}", m.judgement),
        "Anna",
    );
    assert!(text.starts_with("[White \"A\"]\n[Annotator \"Anna\"]\n\n1. e4 { [%eval 0.00] } 1... e5"), "{text}");
    let flat = text.replace('\n', " ");
    assert!(flat.contains("3... Nf6?? { [%eval #1] } { Blunder } (3... g6) 4. Qxe5+?? { [%eval -7.00] }"), "{text}");
    assert!(flat.ends_with("{ Blunder } (4. Qxf7#) * "), "{text}");
}

/// 1. e4 e5 2. Nf3 Nc6 with its positions and moves, and evaluations of 0 whose best move is `best`.
fn four_moves() -> (Game, Vec<Chess>, Vec<Move>) {
    let g = game("e4 e5 Nf3 Nc6");
    let positions: Vec<Chess> = g.plies().iter().map(|p| p.before.clone()).chain([g.position().clone()]).collect();
    let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
    (g, positions, moves)
}

/// Issue 57: Praggnanandhaa-Rapport, Tashkent 2025, 19...Rc8 was Stockfish's own first choice, yet
/// two separate searches (before it, after it) differed enough to call it a mistake.
#[test]
fn the_engine_s_own_first_choice_is_never_judged() {
    let (_, positions, moves) = four_moves();
    let mut evaluations: Vec<Evaluation> = positions.iter().map(|p| eval(Score::Cp(0), &[], p)).collect();
    // Before 2. Nf3 the engine's line begins with Nf3; after it, a swing of 2 pawns.
    evaluations[2] = eval(Score::Cp(50), &["g1f3", "b8c6"], &positions[2]);
    evaluations[3] = eval(Score::Cp(-200), &["b8c6"], &positions[3]);
    assert_eq!(mistakes(&positions[..4], &moves, &evaluations, &|_| None), []);
    assert_eq!(doubtful(&positions[..4], &moves, &evaluations), []);
}

/// Another move that the two searches call a mistake is searched again beside the best, and judged
/// by that one search: here the two are worth the same, and it is no mistake.
#[test]
fn a_doubtful_move_is_judged_beside_the_best_in_one_search() {
    let (_, positions, moves) = four_moves();
    let mut evaluations: Vec<Evaluation> = positions.iter().map(|p| eval(Score::Cp(0), &[], p)).collect();
    evaluations[2] = eval(Score::Cp(60), &["b1c3", "g8f6"], &positions[2]);
    evaluations[3] = eval(Score::Cp(-120), &["b8c6"], &positions[3]);
    let nc3 = evaluations[2].best().unwrap();
    assert_eq!(doubtful(&positions, &moves, &evaluations), [(2, nc3, moves[2])]);
    // Unchecked, the difference of the two searches: a blunder.
    assert_eq!(mistakes(&positions, &moves, &evaluations, &|_| None)[0].judgement, Judgement::Blunder);
    // Side by side, Nf3 scores 25 and Nc3 30: no mistake.
    let mut side_by_side = eval(Score::Cp(30), &["b1c3", "g8f6"], &positions[2]);
    side_by_side.others = vec![eval(Score::Cp(25), &["g1f3", "b8c6"], &positions[2])];
    assert_eq!(mistakes(&positions, &moves, &evaluations, &|ply| (ply == 2).then(|| side_by_side.clone())), []);
    // Side by side, Nf3 scores -110 against Nc3's 30: a mistake, with the better move.
    let mut worse = side_by_side.clone();
    worse.others[0].score = Score::Cp(-110);
    let found = mistakes(&positions, &moves, &evaluations, &|ply| (ply == 2).then(|| worse.clone()));
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].ply, found[0].judgement, found[0].better), (2, Judgement::Mistake, Some(nc3)));
    assert_eq!(found[0].allowed, Allowed::Position { before: Score::Cp(30), after: Score::Cp(-110) });
}

/// The reason agrees with the class: a pawn lost that is a blunder is said by the position (the pawn
/// alone is no blunder), and so is a queen lost where the game stays won (an inaccuracy).
#[test]
fn a_class_that_material_does_not_explain_is_said_by_the_position() {
    // 1. e4 d5 2. Nc3?? dxe4: a pawn, and the engine says White went from +0.4 to -2.5.
    let g = game("e4 d5 Nc3 dxe4");
    let positions: Vec<Chess> = g.plies().iter().map(|p| p.before.clone()).collect();
    let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
    let mut evaluations: Vec<Evaluation> = positions.iter().map(|p| eval(Score::Cp(0), &[], p)).collect();
    evaluations[2] = eval(Score::Cp(40), &["e4d5", "d8d5"], &positions[2]);
    evaluations[3] = eval(Score::Cp(-250), &["d5e4", "g1e2"], &positions[3]);
    evaluations.push(eval(Score::Cp(-250), &[], g.position()));
    let found = mistakes(&positions, &moves, &evaluations, &|_| None);
    assert_eq!(found[0].judgement, Judgement::Blunder);
    assert_eq!(found[0].allowed, Allowed::Position { before: Score::Cp(40), after: Score::Cp(-250) });
    // Nothing hangs but a pawn: the same pawn with a drop to -1.2, an inaccuracy, is the pawn.
    evaluations[3].score = Score::Cp(-60);
    let found = mistakes(&positions, &moves, &evaluations, &|_| None);
    assert_eq!((found[0].judgement, found[0].allowed), (Judgement::Inaccuracy, Allowed::Piece(Role::Pawn)));
    // Far ahead (+15), the pawn lost costs little; a piece for nothing in a won game is said by the
    // position: "an inaccuracy: it loses the bishop" would contradict itself.
    assert!(!explains(Color::White, Judgement::Inaccuracy, Score::Cp(1500), 3));
    assert!(explains(Color::White, Judgement::Blunder, Score::Cp(0), 3));
    assert!(explains(Color::Black, Judgement::Blunder, Score::Cp(0), 3));
}

#[test]
fn no_evaluation_is_written_after_a_mating_move() {
    let game = &crate::pgn::read(b"[White \"A\"]\n\n1. f3 e5 2. g4 Qh4# 0-1")[0];
    let positions: Vec<Chess> = game.game.plies().iter().map(|p| p.before.clone()).collect();
    let mut evaluations: Vec<Evaluation> = positions.iter().map(|p| eval(Score::Cp(0), &[], p)).collect();
    evaluations.push(Evaluation::terminal(game.game.position()).unwrap());
    let text = pgn::annotated(game, &evaluations, &[], &|_| String::new(), "Anna");
    assert!(text.replace('\n', " ").contains("2... Qh4# 0-1"), "{text}");
    assert!(!text.contains("#-0"), "{text}");
}
