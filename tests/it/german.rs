//! Issue 51: every error a player can meet is said wholly in the game's language, here German: a
//! FEN, a time control, a PGN or puzzle file that cannot be read, a save and a journal that cannot
//! be written, a board that is not there, no engine, no speech program, no lichess token. The
//! system's own English words (`No such file or directory (os error 2)`) never reach the player.

use crate::support;

fn both(output: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// English words that would betray a sentence not made from `grammar/de.toml`.
fn no_english(text: &str) {
    for english in ["os error", "No such file", "cannot", " the ", "not a valid", "Permission denied"] {
        assert!(!text.contains(english), "English ({english}) in: {text}");
    }
}

#[test]
fn errors_before_the_game_are_german() {
    let data = support::TempDir::new("german-args");
    let run = |args: &[&str]| support::run(&data.0, args, "");
    let out = run(&["--lang", "de", "--fen", "x"]);
    assert_eq!(both(&out), "anna: Das ist keine gültige FEN: die Stellung der Figuren ist nicht lesbar.\n");
    let out = run(&["--lang", "de", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(both(&out), "anna: Das ist keine gültige FEN: das Brett ist leer, und ein König fehlt.\n");
    let out = run(&["--lang", "de", "--tc", "xx"]);
    assert_eq!(
        both(&out),
        "anna: „xx“ kann ich nicht als Bedenkzeit lesen; schreiben Sie sie etwa als 15+10 oder 40/5400+30:1800+30.\n"
    );
    let out = run(&["review", "/nonexistent/game.pgn", "--lang", "de"]);
    assert_eq!(both(&out), "anna: /nonexistent/game.pgn ist nicht lesbar: die Datei ist nicht da.\n");
    let out = run(&["puzzles", "/nonexistent/p.csv", "--lang", "de", "--speech", "off"]);
    assert!(both(&out).ends_with("anna: /nonexistent/p.csv kann nicht gelesen werden: die Datei ist nicht da.\n"));
    let out = run(&["say", "--lang", "de", "--fen", "4k3/8/8/8/8/8/8/8 w - - 0 1", "e4"]);
    assert_eq!(both(&out), "anna: Das ist keine gültige FEN: ein König fehlt.\n");
    let out = run(&["analyse", "/nonexistent/game.pgn", "--lang", "de"]);
    no_english(&both(&out));
}

/// The command line itself: a value a setting does not take (Anna's own check or clap's), an
/// option or a command that is not there, a file missing, a move `anna say` cannot read.
#[test]
fn a_command_line_that_cannot_be_read_is_said_in_german() {
    let data = support::TempDir::new("german-usage");
    let said = |args: &[&str]| {
        let out = support::run(&data.0, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        both(&out)
    };
    assert_eq!(
        said(&["--lang", "de", "--squares", "foo"]),
        "anna: Die Einstellung --squares nimmt: annex-d, german, anna, nato, plain. „foo“ gehört nicht dazu.\n"
    );
    assert_eq!(
        said(&["--lang", "de", "--player", "grün"]),
        "anna: Die Einstellung --player nimmt: white, black, both. „grün“ gehört nicht dazu.\n"
    );
    assert_eq!(
        said(&["--lang=de", "--level", "12"]),
        "anna: Die Einstellung --level nimmt: 1 … 8. „12“ gehört nicht dazu.\n"
    );
    assert_eq!(
        said(&["--lang", "de", "--ui", "x"]),
        "anna: Die Einstellung --ui nimmt: line, board. „x“ gehört nicht dazu.\n"
    );
    assert_eq!(
        said(&["--lang", "de", "--flipp"]),
        "anna: Anna hat keine Option „--flipp“; anna --help listet sie auf. Meinten Sie „--flip“?\n"
    );
    assert_eq!(
        said(&["--lang", "de", "revieww"]),
        "anna: Anna hat keinen Befehl „revieww“; anna --help listet sie auf. Meinten Sie „review“?\n"
    );
    assert_eq!(said(&["review", "--lang", "de"]), "anna: „anna review“ braucht <FILE>.\n");
    let out = support::run(&data.0, &["say", "--lang", "de", "Kx9"], "");
    assert_eq!(
        both(&out),
        "anna: Den Zug „Kx9“ kann ich nicht lesen: schreiben Sie ihn in SAN (Nf3) oder UCI (g1f3).\n"
    );
    // English when the language asked for is not one Anna speaks, as the sentence says.
    assert_eq!(said(&["--lang", "xx"]), "anna: There is no language 'xx'; the languages are en, de, sk, cs, pl, sl.\n");
    // Help stays clap's, and succeeds.
    assert!(support::run(&data.0, &["--help"], "").status.success());
}

#[test]
fn errors_during_a_game_are_german() {
    let data = support::TempDir::new("german-game");
    // The journal's folder cannot be made (a file stands where it should be), a save goes nowhere,
    // the board's port is not there, no lichess token.
    let blocked = data.join("blocked");
    std::fs::write(&blocked, "").unwrap();
    let mut anna = support::Piped::start(
        &blocked.join("data"),
        &["--lang", "de", "--speech", "off", "--board", "/nonexistent/tty"],
    );
    anna.type_text("e4\nsave /nonexistent/dir/x.pgn\n");
    // The board's link reports from its own thread: quit only once it has been heard.
    anna.until(|line| line.contains("Das Brett ist nicht verbunden"));
    anna.type_text("quit\n");
    let said = anna.finish().1.join("\n");
    assert!(said.contains("Konnte /nonexistent/dir/x.pgn nicht speichern: der Ordner ist nicht da."), "{said}");
    assert!(said.contains("Nicht gespeichert: "), "{said}");
    assert!(said.contains("Das Brett ist nicht verbunden"), "{said}");
    no_english(&said);
    let out = support::anna(&data.0)
        .args(["--lang", "de", "--speech", "off", "--opponent", "lichess"])
        .env("ANNA_LICHESS_TOKEN", "")
        .env("XDG_CONFIG_HOME", data.join("config"))
        .output()
        .unwrap();
    let said = both(&out);
    assert!(said.starts_with("Kein lichess-Token."), "{said}");
    no_english(&said);
}
