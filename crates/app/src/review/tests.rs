use super::*;
use anna_core::pgn;
use anna_language::Vocabulary;

const GAME: &str = concat!(
    "[White \"Anna\"]\n[Black \"Bert\"]\n[Result \"1-0\"]\n[TimeControl \"300+2\"]\n\n",
    "1. e4 {[%clk 0:05:02]} 1... e5 {[%clk 0:04:58]} 2. Nf3 {[%clk 0:04:41]} 2... Nc6 {[%clk 0:04:47]}\n",
    "3. Bb5 {[%clk 0:04:30]} {Black resigns. White wins by resignation (FIDE 5.1.2).} 1-0\n"
);

fn review(lang: &str) -> Review {
    let game = pgn::read(GAME.as_bytes()).remove(0);
    let voice = Voice::new(Vocabulary::get(lang).unwrap(), Default::default(), Default::default());
    Review::new(game, voice)
}

fn said(outs: Vec<Out>) -> String {
    outs.into_iter()
        .map(|o| match o {
            Out::Say(..) => o.words(&Voice::english()).unwrap_or_default(),
            other => format!("{other:?}"),
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

#[test]
fn english_steps_jumps_and_clocks() {
    let mut r = review("en");
    assert_eq!(
        said(r.start()),
        "Review of Anna against Bert, 3 moves, result 1-0. Say next or Enter, back, first, end, go and a move number, \
         time, moves, questions about the board, help, quit."
    );
    assert_eq!(said(r.line("back")), "This is the start; there is no move before it.");
    assert_eq!(said(r.line("")), "Move 1, White: Eva vier. 5 minutes 2 seconds left.");
    assert_eq!(said(r.line("next")), "Move 1, Black: Eva fünf. 4 minutes 58 seconds left.");
    assert_eq!(said(r.line("time")), "After move 1: White 5 minutes 2 seconds, Black 4 minutes 58 seconds.");
    assert_eq!(said(r.line("go 2 black")), "Move 2, Black: Knight Cesar sechs. 4 minutes 47 seconds left.");
    assert_eq!(said(r.line("back")), "Move 2, White: Knight Felix drei. 4 minutes 41 seconds left.");
    assert_eq!(
        said(r.line("square e5")),
        "Eva fünf, black pawn, dark square. Attackers: white knight Felix drei. Defenders: none."
    );
    assert_eq!(
        said(r.line("end")),
        "Move 3, White: Bishop Bella fünf. 4 minutes 30 seconds left. That was the last move. White wins by \
         resignation (FIDE 5.1.2)."
    );
    assert_eq!(said(r.line("n")), "That was the last move. White wins by resignation (FIDE 5.1.2).");
    assert_eq!(said(r.line("first")), "Start position. White to move.");
    assert_eq!(said(r.line("time")), "The game has no clock times up to here.");
    assert_eq!(said(r.line("go 7")), "There is no move 7 of White.");
    assert_eq!(said(r.line("frobnicate")), "There is no review command frobnicate. Say help for the list.");
    assert_eq!(said(r.line("quit")), "Quit");
}

#[test]
fn german_words_and_german_notation() {
    let mut r = review("de");
    assert_eq!(said(r.line("gehe 2")), "Zug 2, Weiß: Springer Felix drei. Noch 4 Minuten 41 Sekunden.");
    assert_eq!(said(r.line("vor")), "Zug 2, Schwarz: Springer Cesar sechs. Noch 4 Minuten 47 Sekunden.");
    assert_eq!(said(r.line("zurück")), "Zug 2, Weiß: Springer Felix drei. Noch 4 Minuten 41 Sekunden.");
    assert_eq!(said(r.line("Zeit")), "Nach Zug 2: Weiß 4 Minuten 41 Sekunden, Schwarz 4 Minuten 58 Sekunden.");
    assert_eq!(said(r.line("Anfang")), "Anfangsstellung. Weiß am Zug.");
    assert_eq!(said(r.line("gehe 1 schwarz")), "Zug 1, Schwarz: Eva fünf. Noch 4 Minuten 58 Sekunden.");
    assert_eq!(said(r.line("next")), "Zug 2, Weiß: Springer Felix drei. Noch 4 Minuten 41 Sekunden.");
}

/// Issue 23: a game whose clock times stop being written: `time` says after which move each was.
#[test]
fn clock_times_no_longer_written_are_named_by_their_move() {
    let text = concat!(
        "[White \"Anna\"]\n[Black \"Bert\"]\n[Result \"*\"]\n\n",
        "1. e4 {[%clk 0:05:02]} 1... e5 {[%clk 0:04:58]} 2. Nf3 2... Nc6 {[%clk 0:04:47]} 3. Bb5 *\n"
    );
    let game = pgn::read(text.as_bytes()).remove(0);
    let mut r = Review::new(game, Voice::new(Vocabulary::english(), Default::default(), Default::default()));
    r.start();
    r.line("end");
    assert_eq!(
        said(r.line("time")),
        "The last clock times written: White 5 minutes 2 seconds after move 1, Black 4 minutes 47 seconds after move 2."
    );
    r.line("go 1 black");
    assert_eq!(said(r.line("time")), "After move 1: White 5 minutes 2 seconds, Black 4 minutes 58 seconds.");
    let text = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 {[%clk 0:05:02]} 1... e5 2. Nf3 *\n";
    let mut r = Review::new(
        pgn::read(text.as_bytes()).remove(0),
        Voice::new(Vocabulary::english(), Default::default(), Default::default()),
    );
    r.start();
    r.line("end");
    assert_eq!(said(r.line("time")), "The last clock time written: White 5 minutes 2 seconds after move 1.");
}

/// Issue 57: a hint in the review of someone else's game names the side to move, not "your" piece.
#[test]
fn a_hint_in_review_names_the_side_to_move() {
    let mut r = review("en");
    r.line("go 2 black");
    let outs = r.line("hint");
    let Some(Out::Evaluate(ask)) = outs.iter().find(|o| matches!(o, Out::Evaluate(_))).cloned() else {
        panic!("{outs:?}")
    };
    let (_, position) = ask.positions().unwrap();
    let evaluation = anna_core::analysis::Evaluation::from_engine(&position, Some(20), None, &["f1b5".into()]).unwrap();
    assert_eq!(said(r.evaluated(ask.id, Ok(evaluation))), "For White: think about the Bishop on Felix eins.");
}
