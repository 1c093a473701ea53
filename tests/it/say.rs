//! `anna say`: moves in words, exactly as FIDE Annex D and the issue describe them.

use crate::support;

fn say(args: &[&str]) -> (Option<i32>, String, String) {
    let out = support::anna(&support::shared_data()).arg("say").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The words of the last of `moves`.
fn last(args: &[&str]) -> String {
    let (code, out, err) = say(args);
    assert_eq!(code, Some(0), "{err}");
    out.lines().last().unwrap_or_default().to_string()
}

#[test]
fn german_annex_d_short_form() {
    assert_eq!(say(&["e4", "Nf6"]).1, "Eva vier\nSpringer Felix sechs\n");
    assert_eq!(last(&["Nf3"]), "Springer Felix drei");
    assert_eq!(last(&["d4", "d5", "Nf3", "Nf6", "Nbd2"]), "Springer Bella David zwei");
    assert_eq!(last(&["e4", "d5", "exd5"]), "Eva schlägt David fünf");
    assert_eq!(last(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"]), "Kurze Rochade");
    assert_eq!(last(&["d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7", "O-O-O"]), "Lange Rochade");
    assert_eq!(last(&["--fen", "8/4P2k/8/8/8/8/8/K7 w - - 0 1", "e8=Q"]), "Eva acht Dame");
    assert_eq!(last(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]), "Dame schlägt Felix sieben Schachmatt");
    assert_eq!(last(&["e4", "f5", "Qh5+"]), "Dame Hector fünf Schach");
    assert_eq!(last(&["e4", "a6", "e5", "d5", "exd6"]), "Eva schlägt David sechs en passant");
}

#[test]
fn german_annex_d_long_form() {
    assert_eq!(last(&["--form", "long", "e4"]), "Bauer Eva zwei Eva vier");
    assert_eq!(last(&["--form", "long", "Nf3"]), "Springer Gustav eins Felix drei");
    assert_eq!(last(&["--form", "long", "e4", "d5", "exd5"]), "Bauer Eva vier schlägt David fünf");
}

#[test]
fn english_in_annex_d_and_nato_squares() {
    assert_eq!(last(&["--lang", "en", "Nf3"]), "Knight Felix drei");
    assert_eq!(last(&["--lang", "en", "--squares", "nato", "Nf3"]), "Knight Foxtrot three");
    assert_eq!(last(&["--lang", "en", "--squares", "plain", "e4"]), "e-four");
    assert_eq!(last(&["--lang", "de", "--squares", "anna", "e4"]), "Eva vier");
}

#[test]
fn uci_and_san_alike() {
    assert_eq!(say(&["e2e4", "e7e5", "g1f3"]).1, "Eva vier\nEva fünf\nSpringer Felix drei\n");
}

#[test]
fn a_bad_move_stops_with_the_reason() {
    let (code, out, err) = say(&["e4", "e4"]);
    assert_eq!(code, Some(1));
    assert_eq!(out, "Eva vier\n");
    assert!(err.starts_with("anna: e4: "), "{err}");
    let (code, _, err) = say(&["--lang", "xx", "e4"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("There is no language 'xx'; the languages are en, de, sk, cs, pl, sl."), "{err}");
    // `say` speaks German unless told otherwise, its errors too.
    let (code, _, err) = say(&["--fen", "nonsense", "e4"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("Das ist keine gültige FEN"), "{err}");
}

/// FIDE D.2.1 as the Laws write it, in every interface language: `--squares german` says the whole
/// move in the Annex D words (the default with `--tournament`), never half one language and half
/// another.
#[test]
fn the_whole_annex_d_announcement_in_every_language() {
    for lang in ["en", "de", "sk", "cs", "pl", "sl"] {
        let german = ["--lang", lang, "--squares", "german"];
        let with = |moves: &[&str]| last(&[&german[..], moves].concat());
        assert_eq!(with(&["Nf3"]), "Springer Felix drei", "{lang}");
        assert_eq!(with(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"]), "Kurze Rochade", "{lang}");
        assert_eq!(with(&["d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7", "O-O-O"]), "Lange Rochade", "{lang}");
        assert_eq!(with(&["e4", "d5", "exd5"]), "Eva schlägt David fünf", "{lang}");
        assert_eq!(with(&["--fen", "8/4P2k/8/8/8/8/8/K7 w - - 0 1", "e8=Q"]), "Eva acht Dame", "{lang}");
        assert_eq!(with(&["e4", "f5", "Qh5+"]), "Dame Hector fünf Schach", "{lang}");
    }
    // Without it, annex-d names the squares the Annex D way and the pieces in the language.
    assert_eq!(last(&["--lang", "sk", "Nf3"]), "jazdec Felix drei");
    assert_eq!(last(&["--lang", "sk", "--tournament", "Nf3"]), "Springer Felix drei");
}
