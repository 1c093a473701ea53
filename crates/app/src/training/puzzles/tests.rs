use super::*;
use anna_language::{MoveForm, SquareStyle, Vocabulary};

/// Four puzzles written from well-known positions in lichess's format: a back-rank mate, the
/// scholar's mate, a back-rank mate with two rooks (either mates) and Philidor's smothered mate.
const FILE: &str = include_str!("../../../../../tests/data/puzzles/four.csv");

fn puzzles() -> Vec<Puzzle> {
    FILE.lines().skip(1).map(|line| Puzzle::from_fields(&line.split(',').collect::<Vec<_>>()).unwrap()).collect()
}

fn trainer(code: &str, squares: SquareStyle) -> Trainer {
    Trainer::new(puzzles(), Voice::new(Vocabulary::get(code).unwrap(), squares, MoveForm::Short))
}

/// What the trainer says, in its voice.
fn said(trainer: &Trainer, outs: &[Out]) -> Vec<String> {
    outs.iter()
        .filter_map(|out| match out {
            Out::Say(words, _) => Some(trainer.voice().words(words)),
            Out::Quit => Some("<quit>".to_string()),
            _ => None,
        })
        .collect()
}

fn line(trainer: &mut Trainer, text: &str) -> Vec<String> {
    let outs = trainer.line(text);
    said(trainer, &outs)
}

#[test]
fn lichess_s_records_are_read_and_filtered() {
    let all = puzzles();
    assert_eq!(all.len(), 4);
    assert_eq!(all[3].moves, ["a7a6", "d5g8", "f8g8", "h6f7"]);
    assert_eq!(all[3].themes, ["mate", "mateIn2", "short", "smotheredMate"]);
    let header: Vec<&str> = FILE.lines().next().unwrap().split(',').collect();
    assert_eq!(header, COLUMNS);
    assert_eq!(Puzzle::from_fields(&header), None, "the header is no puzzle");
    assert_eq!(Puzzle::from_fields(&["x", "8/8/8/8/8/8/8/8 w - - 0 1", "e2e4 e7e5", "1500", "", "", "", ""]), None);
    let filter = Filter { rating: Filter::rating_range("800-1000"), theme: Some("backrankmate".into()) };
    let kept: Vec<&str> = all.iter().filter(|p| filter.admits(p)).map(|p| p.id.as_str()).collect();
    assert_eq!(kept, ["AnnaB1", "AnnaR3"]);
    assert_eq!(Filter::rating_range("1500"), Some((1500, 1500)));
    assert_eq!(Filter::rating_range("1600-1200"), None);
}

#[test]
fn a_round_in_english_right_wrong_an_alternative_mate_and_a_line_with_the_opponent_s_answer() {
    let mut t = trainer("en", SquareStyle::Plain);
    let outs = t.start();
    assert_eq!(
        said(&t, &outs),
        ["Puzzle 1 of 4, rated 900. The opponent's move: Queen b-two. White to move: find the best move."]
    );
    // A wrong move is said wrong; the board questions answer for the puzzle's position.
    assert_eq!(line(&mut t, "Rd7"), ["Rook d-seven is not the solution. Try again, or say solution."]);
    assert_eq!(
        line(&mut t, "nonsense"),
        ["Not understood: nonsense. Say a move, solution, next, repeat, help or quit."]
    );
    assert_eq!(line(&mut t, "Kh2"), ["Not legal here: One of your own pieces stands on that square."]);
    assert_eq!(line(&mut t, "where is the queen"), ["Black queen b-two."]);
    assert_eq!(
        line(&mut t, "Rd8"),
        [
            "Right: Rook d-eight checkmate.",
            "Solved.",
            "Puzzle 2 of 4, rated 700. The opponent's move: Knight f-six. White to move: find the best move."
        ]
    );
    assert_eq!(line(&mut t, "Qxf7"), ["Right: Queen takes f-seven checkmate.", "Solved.", &puzzle_3()]);
    // The solution is Re8#; Rc8# mates as well and counts.
    assert_eq!(line(&mut t, "Rc8"), ["Right: Rook c-eight checkmate.", "Solved.", &puzzle_4()]);
    assert_eq!(
        line(&mut t, "Qg8+"),
        ["Right: Queen g-eight check.", "The opponent answers Rook takes g-eight. Your move."]
    );
    assert_eq!(
        line(&mut t, "solution"),
        ["The solution: Knight f-seven checkmate.", "Solved.", "2 of 4 puzzles solved at the first try.", "<quit>"]
    );
}

fn puzzle_3() -> String {
    "Puzzle 3 of 4, rated 800. The opponent's move: a-six. White to move: find the best move.".to_string()
}

fn puzzle_4() -> String {
    "Puzzle 4 of 4, rated 1400. The opponent's move: a-six. White to move: find the best move.".to_string()
}

#[test]
fn a_round_in_slovak_with_the_solution_asked_next_and_quit() {
    let mut t = trainer("sk", SquareStyle::Anna);
    let outs = t.start();
    assert_eq!(
        said(&t, &outs),
        ["Úloha 1 z 4, rating 900. Súperov ťah: dáma Bella dva. Na ťahu je Biely: nájdite najlepší ťah."]
    );
    assert_eq!(
        line(&mut t, "riešenie"),
        [
            "Riešenie: veža David osem mat.",
            "Vyriešené.",
            "Úloha 2 z 4, rating 700. Súperov ťah: jazdec Felix šesť. Na ťahu je Biely: nájdite najlepší ťah."
        ]
    );
    assert_eq!(
        line(&mut t, "dáma berie Felix sedem"),
        [
            "Správne: dáma berie Felix sedem mat.",
            "Vyriešené.",
            "Úloha 3 z 4, rating 800. Súperov ťah: Anna šesť. Na ťahu je Biely: nájdite najlepší ťah."
        ]
    );
    // "ďalej", as a Slovak player says it, passes the puzzle by as "ďalšia" does (issue 57).
    let next = line(&mut t, "ďalej");
    assert!(next[0].starts_with("Úloha 4 z 4"), "{next:?}");
    assert_eq!(line(&mut t, "koniec"), ["Na prvý pokus vyriešené: 1 z 4.", "<quit>"]);
}
