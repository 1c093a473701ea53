//! Issue 61: `anna ask`, the board questions answered for a position from the command line, as
//! Anna answers them in a game.

use crate::support::{self, TempDir};

/// A middlegame (Italian game, move 7).
const MIDDLEGAME: &str = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7";

fn ask(args: &[&str]) -> (String, String, Option<i32>) {
    let data = TempDir::new("ask");
    let out = support::anna(&data.0).arg("ask").args(args).output().unwrap();
    (support::text(&out.stdout), support::text(&out.stderr), out.status.code())
}

#[test]
fn every_board_question_is_answered_for_the_position() {
    let said = |question: &str| ask(&["--fen", MIDDLEGAME, "--lang", "en", question]).0;
    assert_eq!(
        said("who attacks d5").trim(),
        "David fünf: attacked by White: white bishop Cesar vier, white knight Cesar drei, white pawn Eva vier; by Black: black knight Felix sechs."
    );
    assert_eq!(
        said("defenders e5").trim(),
        "Eva fünf, black pawn: defended by black knight Cesar sechs, black pawn David sechs."
    );
    assert_eq!(said("what hangs").trim(), "Nothing hangs.");
    assert_eq!(said("material").trim(), "Material: White 39 points, Black 39 points: equal.");
    assert_eq!(said("fen").trim(), format!("FEN: {MIDDLEGAME}"));
    // The lines from a square: directions in words, never an end square no piece stands on.
    assert_eq!(
        said("rays c4").trim(),
        "Cesar vier: towards rank 8: black bishop Cesar fünf next; towards rank 8 and the h-file: 2 free squares, then black pawn Felix sieben; towards the h-file: 1 free square, then white pawn Eva vier; towards rank 1 and the h-file: white pawn David drei next; towards rank 1: white knight Cesar drei next; towards rank 1 and the a-file: 1 free square, then white pawn Anna zwei; towards the a-file: 2 free squares to the edge; towards rank 8 and the a-file: 2 free squares to the edge."
    );
    let (pawns, _, _) = ask(&["--lang", "en", "--fen", "4k3/pp3p1p/8/3P4/8/1P6/1P3PP1/4K3 w - - 0 1", "pawns"]);
    assert_eq!(
        pawns.trim(),
        "White pawns: Bella zwei, Bella drei, David fünf, Felix zwei, Gustav zwei; passed: David fünf; doubled: Bella zwei, Bella drei; isolated: Bella zwei, Bella drei, David fünf. Black pawns: Anna sieben, Bella sieben, Felix sieben, Hector sieben; isolated: Felix sieben, Hector sieben."
    );
    // What the last move threatens: the knight's attack on f7 (defended only by the king) and
    // what White would take or check with another move.
    let two_knights = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5";
    let (threats, _, _) = ask(&["--lang", "en", "--moves", two_knights, "threats"]);
    assert_eq!(
        threats.trim(),
        "Last move Knight Gustav fünf; attacks black pawn Felix sieben, black pawn Hector sieben; if White moved again: Bishop takes Felix sieben check, Knight takes Felix sieben or Knight takes Hector sieben."
    );
    let (sk, _, _) = ask(&["--lang", "sk", "--moves", two_knights, "čo hrozí"]);
    assert!(sk.starts_with("Posledný ťah jazdec Gustav fünf; napadnuté: čierny pešiak Felix sieben"), "{sk}");
    assert_eq!(ask(&["--lang", "en", "threats"]).0.trim(), "No move has been played yet.");
    // The old questions too.
    assert!(said("square e5").starts_with("Eva fünf, black pawn, dark square."));
    // The last of the moves is the last move; in Slovak.
    let (sk, _, code) = ask(&["--lang", "sk", "--moves", "e2e4 d7d5 e4d5", "materiál"]);
    assert_eq!(
        (sk.trim(), code),
        ("Materiál: Biely 39 bodov, Čierny 38 bodov: Biely má navyše pešiaka; rozdiel: pešiaci 8 proti 7.", Some(0))
    );
    // The pieces of a kind only one side has are named on their squares: here a bishop against a
    // knight at equal points, and the pawn White is up.
    let (en, _, _) = ask(&["--fen", "4k3/8/2n5/8/2B5/8/P7/4K3 w - - 0 1", "material"]);
    assert_eq!(
        en.trim(),
        "Material: White 4 points, Black 3 points: White is a pawn up; where the sides differ: white bishop Cesar vier; black knight Cesar sechs; white pawn Anna zwei."
    );
    let (de, _, _) = ask(&["--lang", "de", "--fen", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "Material"]);
    assert_eq!(
        de.trim(),
        "Material: Weiß 1 Punkt, Schwarz 0 Punkte: Weiß hat einen Bauern mehr; Unterschied: weißer Bauer Anna zwei."
    );
    let (en, _, _) = ask(&["--lang", "en", "--moves", "e2e4 d7d5", "hanging"]);
    assert_eq!(en.trim(), "Hanging: White: white pawn Eva vier; Black: none.");
    let (de, _, _) = ask(&["--lang", "de", "--fen", MIDDLEGAME, "Angreifer d5"]);
    assert!(de.starts_with("David fünf: angegriffen von Weiß: weißer Läufer Cesar vier"), "{de}");
}

#[test]
fn what_is_no_board_question_or_no_position_is_one_sentence_and_its_exit_code() {
    let (out, err, code) = ask(&["--lang", "en", "time"]);
    assert_eq!((out.as_str(), code), ("", Some(1)));
    assert!(err.starts_with("That is no question about the board"), "{err}");
    let (_, err, code) = ask(&["--lang", "en", "--moves", "e2e5", "fen"]);
    assert_eq!(code, Some(3));
    assert!(err.contains("e2e5 is not a legal move here"), "{err}");
    let (_, _, code) = ask(&["--fen", "not a fen", "fen"]);
    assert_eq!(code, Some(3));
}
