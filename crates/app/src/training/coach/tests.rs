use super::*;
use anna_language::{MoveForm, SquareStyle, Vocabulary, Voice};

/// 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O?? axb5: the bishop left hanging.
fn game() -> Game {
    let mut game = Game::new();
    for san in "e4 e5 Nf3 Nc6 Bb5 a6 O-O axb5".split_whitespace() {
        game.play(game.resolve(san).unwrap()).unwrap();
    }
    game
}

/// The engine's answers, by the position's number of moves: about equal until 4. O-O, then Black
/// a piece up; after any other 4th move of White, as the moves say.
fn engine(ask: &Ask) -> Evaluation {
    let (_, position) = ask.positions().unwrap();
    // 4. O-O beside 4. Ba4 in one search: the bishop lost, as the two searches said.
    if ask.among == ["b5a4", "e1g1"] {
        let line = |cp: i32, pv: &[&str]| {
            let pv: Vec<String> = pv.iter().map(|s| s.to_string()).collect();
            let mut e = Evaluation::from_engine(&position, Some(0), None, &pv).unwrap();
            e.score = anna_core::analysis::Score::Cp(cp);
            e
        };
        let mut best = line(40, &["b5a4", "g8f6"]);
        best.others = vec![line(-285, &["e1g1", "a6b5", "c2c3"])];
        return best;
    }
    let (cp, pv): (i32, &[&str]) = match ask.moves.len() {
        6 => (40, &["b5a4", "g8f6"]),
        7 if ask.moves[6] == "e1g1" => (-280, &["a6b5"]),
        7 if ask.moves[6] == "d2d3" => (-290, &["a6b5"]),
        7 => (35, &["g8f6"]),
        8 => (-290, &["c2c3"]),
        _ => (30, &[]),
    };
    let pv: Vec<String> = pv.iter().map(|s| s.to_string()).collect();
    let mut evaluation = Evaluation::from_engine(&position, Some(0), None, &pv).unwrap();
    evaluation.score = anna_core::analysis::Score::Cp(cp);
    evaluation
}

/// Hands the coach the engine's answer to each request until none is left; what was said.
fn run(coach: &mut Coach, first: impl FnOnce(&mut Coach) -> Vec<Out>, voice: &Voice) -> Vec<String> {
    let mut outs = first(coach);
    let mut said = Vec::new();
    while !outs.is_empty() {
        let mut next = Vec::new();
        for out in outs {
            match out {
                Out::Evaluate(ask) => next.extend(coach.evaluated(ask.id, Ok(engine(&ask)))),
                Out::Say(words, _) => said.push(voice.words(&words)),
                _ => {}
            }
        }
        outs = next;
    }
    said
}

fn voice(code: &str) -> Voice {
    Voice::new(Vocabulary::get(code).unwrap(), SquareStyle::Plain, MoveForm::default())
}

#[test]
fn analyse_says_its_progress_then_the_mistakes_and_learn_makes_them_exercises() {
    let voice = voice("en");
    let mut coach = Coach::new(&game(), 1000);
    assert_eq!(
        run(&mut coach, |c| c.command(Name::Learn, 0), &voice),
        ["The game is not analysed yet: say analyse first."]
    );
    let said = run(&mut coach, |c| c.command(Name::Analyse, 0), &voice);
    assert_eq!(
        said,
        [
            "Move 1 of 4.",
            "Move 2 of 4.",
            "Move 3 of 4.",
            "Move 4 of 4.",
            "Checking 1 move again, beside the engine's best.",
            "White: 1 blunder, 0 mistakes, 0 inaccuracies.",
            "Move 4, Castles kingside, a blunder: it loses the bishop. Better was Bishop a-four.",
            "Black: 0 blunders, 0 mistakes, 0 inaccuracies.",
        ]
    );
    assert_eq!(
        run(&mut coach, |c| c.command(Name::Eval, 8), &voice),
        ["The engine says: Black is better, about 3 pawns."]
    );
    assert_eq!(run(&mut coach, |c| c.command(Name::Best, 6), &voice), ["The engine's move: Bishop a-four."]);
    // The exercise: a wrong answer judged by the engine, then the right one.
    assert_eq!(
        run(&mut coach, |c| c.command(Name::Learn, 0), &voice),
        ["Exercise 1 of 1, move 4: find a better move for White."]
    );
    let position = coach.exercise().unwrap().clone();
    let d3 = shakmaty::uci::UciMove::from_ascii(b"d2d3").unwrap().to_move(&position).unwrap();
    assert_eq!(run(&mut coach, |c| c.answer(d3), &voice), ["d-three is not good enough. One more try."]);
    let c3 = shakmaty::uci::UciMove::from_ascii(b"b1c3").unwrap().to_move(&position).unwrap();
    assert_eq!(
        run(&mut coach, |c| c.answer(c3), &voice),
        ["Good: Knight c-three keeps almost all of the best move's value.", "Exercises found: 1 of 1."]
    );
    assert!(!coach.is_exercising());
}

#[test]
fn two_wrong_answers_bring_the_answer_with_its_reason_in_slovak() {
    let voice = voice("sk");
    let mut coach = Coach::new(&game(), 1000);
    run(&mut coach, |c| c.command(Name::Analyse, 0), &voice);
    run(&mut coach, |c| c.command(Name::Learn, 0), &voice);
    let position = coach.exercise().unwrap().clone();
    let d3 = shakmaty::uci::UciMove::from_ascii(b"d2d3").unwrap().to_move(&position).unwrap();
    run(&mut coach, |c| c.answer(d3), &voice);
    assert_eq!(
        run(&mut coach, |c| c.answer(d3), &voice),
        [
            "Ani d tri nie je dosť dobrý.",
            "Odpoveď: strelec a štyri.",
            "Ťah 4, krátka rošáda, hrubá chyba: stráca strelca. Lepší bol ťah strelec a štyri.",
            "Nájdené cvičenia: 0 z 1."
        ]
    );
}

/// Anna's own engine may answer a hint or an evaluation, never the judging of a game or of an
/// exercise's answer (its search is too shallow to call a move a blunder).
#[test]
fn only_hints_and_evaluations_may_be_answered_by_anna_s_own_engine() {
    let coarse = |outs: Vec<Out>| {
        outs.iter().find_map(|out| if let Out::Evaluate(ask) = out { Some(ask.coarse) } else { None }).unwrap()
    };
    let mut coach = Coach::new(&game(), 1000);
    assert!(coarse(coach.command(Name::Eval, 3)));
    assert!(coarse(coach.command(Name::Hint, 5)));
    assert!(!coarse(coach.command(Name::Analyse, 0)));
}
