//! The scriptable commands of the `anna` binary: output, errors and exit codes.

use crate::support;

use std::path::Path;
use std::process::Output;

fn anna(args: &[&str]) -> Output {
    support::anna(&support::shared_data()).args(args).output().expect("the anna binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn scenario(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios").join(name).display().to_string()
}

#[test]
fn adjudicate_prints_two_lines() {
    let out = anna(&["adjudicate", "--fen", "8/8/8/4k3/8/8/8/K1N1q3 w - -"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "white: unwinnable\nblack: winnable\n");
    let out = anna(&["adjudicate"]);
    assert_eq!(stdout(&out), "white: winnable\nblack: winnable\n");
    // The FEN without --fen, quoted or not, as a new user types it. Same-coloured bishops
    // (FIDE 5.2.2): neither side can mate.
    let out = anna(&["adjudicate", "8/8/8/4k3/8/5b2/8/1B2K3 w - - 0 1"]);
    assert_eq!(stdout(&out), "white: unwinnable\nblack: unwinnable\n");
    let out = anna(&["adjudicate", "8/8/8/4k3/8/4b3/8/1B2K3", "w", "-", "-", "0", "1"]);
    assert_eq!(stdout(&out), "white: winnable\nblack: winnable\n");
}

#[test]
fn adjudicate_gives_the_helpmate_on_request() {
    let out = anna(&["adjudicate", "--helpmate", "--fen", "6k1/6P1/6K1/8/8/8/8/8 w - -"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("white: winnable "), "{text}");
    assert_eq!(lines[1], "black: unwinnable");
}

#[test]
fn adjudicate_refuses_a_bad_fen_with_exit_2() {
    let out = anna(&["adjudicate", "--fen", "8/8/8/8 w - -"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).starts_with("anna: That is not a valid FEN"), "{}", stderr(&out));
}

#[test]
fn replay_prints_the_transcript_ending_in_the_result() {
    let out = anna(&["replay", &scenario("fivefold.script")]);
    assert_eq!(out.status.code(), Some(0));
    let expected = std::fs::read_to_string(scenario("fivefold.transcript")).unwrap();
    assert_eq!(stdout(&out), expected);
    assert!(stdout(&out).ends_with("result 1/2-1/2 fivefold repetition (FIDE 9.6.1)\n"));
}

#[test]
fn replay_writes_pgn() {
    let dir = std::env::temp_dir().join(format!("anna-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let out = anna(&["replay", &scenario("agreement.script"), "--pgn", &pgn.display().to_string()]);
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(written, std::fs::read_to_string(scenario("agreement.pgn")).unwrap());
    assert!(written.contains("[Termination \"normal\"]"));
    assert!(written.contains("{(=)}"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn replay_names_the_bad_line_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("anna-cli-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("bad.script");
    std::fs::write(&script, "0:00 start\n0:05 e4\n# fine so far\nnoon e5\n").unwrap();
    let out = anna(&["replay", &script.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("line 4: 'noon' is not a time"), "{}", stderr(&out));
    let out = anna(&["replay", &dir.join("missing.script").display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read the script"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn replay_takes_the_setup_from_the_command_line() {
    let out = anna(&["replay", "--tc", "5+3", "--white", "Anna", &scenario("resignation.script")]);
    assert_eq!(out.status.code(), Some(0));
    // The script's own `tc 600+0` comes after the command line and wins; the name stays.
    assert!(stdout(&out).contains("Clock started. Anna against Black."), "{}", stdout(&out));
    let out = anna(&["replay", "--tc", "40/abc", &scenario("resignation.script")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("40/abc"));
}

/// Issue 25: `--tc` is read as players write it, in minutes, like the setup question: 90+30 is
/// ninety minutes; PGN seconds are read as such only when unmistakable (5400+30).
#[test]
fn a_tc_is_read_in_minutes_as_tournaments_write_it() {
    for tc in ["90+30", "5400+30", "1h30+30", "90'+30\"", "G/90;+30"] {
        let out = anna(&["replay", "--tc", tc, &scenario("resignation.script")]);
        assert_eq!(out.status.code(), Some(0), "{tc}");
        assert!(
            stdout(&out).starts_with("0:00.000 say Standard chess: 1 hour 30 minutes, plus 30 seconds a move.\n"),
            "{tc}: {}",
            stdout(&out)
        );
        assert_eq!(stderr(&out), "", "{tc}");
    }
    // Each spelling tournament regulations use, read back at once with its category (A.1, B.1).
    for (tc, said) in [
        ("40/90+30, 30+30", "Standard chess: 1 hour 30 minutes for 40 moves, then 30 minutes, plus 30 seconds a move."),
        ("40/90+30:30+30", "Standard chess: 1 hour 30 minutes for 40 moves, then 30 minutes, plus 30 seconds a move."),
        ("40/120, 20/60, 30", "Standard chess: 2 hours for 40 moves, then 1 hour for 20 moves, then 30 minutes."),
        ("40/120:60", "Standard chess: 2 hours for 40 moves, then 1 hour."),
        ("15+10", "Rapid chess: 15 minutes, plus 10 seconds a move."),
        ("300+3", "Blitz chess: 5 minutes, plus 3 seconds a move."),
        ("3+2", "Blitz chess: 3 minutes, plus 2 seconds a move."),
        ("G/90;d5", "Standard chess: 1 hour 30 minutes, delay of 5 seconds a move."),
        ("1h", "Standard chess: 1 hour."),
    ] {
        let out = anna(&["replay", "--tc", tc, &scenario("resignation.script")]);
        assert!(stdout(&out).starts_with(&format!("0:00.000 say {said}\n")), "{tc}: {}", stdout(&out));
    }
}

/// Issue 23: `--tc-mode` is read back once, with the control, never as two lines that contradict.
#[test]
fn a_clock_mode_is_read_back_once_with_its_control() {
    use std::io::Write;
    for (mode, line) in [
        ("bronstein", "Blitz chess: 5 minutes, Bronstein 3 seconds a move.\n"),
        ("delay", "Blitz chess: 5 minutes, delay of 3 seconds a move.\n"),
    ] {
        let mut child = support::anna(&support::shared_data())
            .args(["--tc", "5m+3", "--tc-mode", mode, "--speech", "off", "--sounds", "off"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
        let text = stdout(&child.wait_with_output().unwrap());
        assert!(text.starts_with(line), "{text}");
        assert_eq!(text.matches("Blitz chess").count(), 1, "{text}");
    }
}

#[test]
fn a_game_on_standard_input_writes_what_it_says() {
    use std::io::Write;
    let mut child = support::anna(&support::shared_data())
        .args(["--tc", "-", "--speech", "off"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"e4\n\ne5\n\nmoves\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert!(text.contains("White: Eva vier.\nBlack: Eva fünf.\n1. Eva vier, Eva fünf.\n"), "{text}");
}

#[test]
fn parse_prints_the_move_in_uci() {
    let out = anna(&["parse", "Springer", "Gustav", "eins", "Felix", "drei"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "g1f3\n");
    let out = anna(&["parse", "--lang", "en", "knight to f three"]);
    assert_eq!(stdout(&out), "g1f3\n");
    let out = anna(&["parse", "--fen", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e:d5"]);
    assert_eq!(stdout(&out), "e4d5\n");
}

#[test]
fn parse_prints_commands_and_answers() {
    for (args, expected) in [
        (&["parse", "claim", "e2e4"][..], "command claim e2e4\n"),
        (&["parse", "time"], "command time\n"),
        (&["parse", "--lang", "en", "offer a draw"], "command offer\n"),
        (&["parse", "ja"], "answer yes\n"),
        (&["parse", "--lang", "en", "no"], "answer no\n"),
    ] {
        let out = anna(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&out), expected, "{args:?}");
    }
}

#[test]
fn parse_lists_the_candidates_of_an_ambiguous_move_and_exits_2() {
    let out = anna(&["parse", "--fen", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Springer", "David", "zwei"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "b1d2\nf3d2\n");
    assert_eq!(stderr(&out), "Springer von welchem Feld: Bella eins oder Felix drei?\n");
    let out = anna(&["parse", "--lang", "en", "--fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out).lines().count(), 4);
    assert_eq!(stderr(&out), "Promote to which piece: queen, rook, bishop or knight?\n");
}

#[test]
fn parse_explains_what_it_did_not_understand_or_cannot_play() {
    let out = anna(&["parse", "Springa", "Felix", "drei"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    // In the language it hears in (German unless --lang says otherwise), as the game says it.
    assert_eq!(stderr(&out), "Ich habe „Springa“ in „Springa Felix drei“ nicht verstanden. Meinten Sie „Springer“?\n");
    let out = anna(&["parse", "--lang", "sk", "jazdc f3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "Nerozumiem: „jazdc“ v „jazdc f3“. Mysleli ste „jazdec“?\n");
    let out = anna(&["parse", "--lang", "en", "Springa f3"]);
    assert_eq!(stderr(&out), "I did not understand 'Springa' in 'Springa f3'. Did you mean 'Springer'?\n");
    let out = anna(&["parse", "Dame", "d4"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "Regelwidriger Zug, nicht ausgeführt. Eine andere Figur steht im Weg.\n");
    let out = anna(&["parse", "--lang", "xx", "e4"]);
    assert_eq!(out.status.code(), Some(3));
    let out = anna(&["parse", "--fen", "8/8 w", "e4"]);
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn parse_speaks_the_language_it_hears() {
    let out = anna(&["parse", "--lang", "en", "Queen d4"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "Illegal move, not played. Another piece is in the way.\n");
    let out = anna(&["parse", "--lang", "sk", "Jf3"]);
    assert_eq!(stdout(&out), "g1f3\n");
}

#[test]
fn listen_says_in_one_sentence_why_it_cannot_hear() {
    // Built without the `listen` feature it says how to build it; with it, a missing file is no WAV.
    let out = anna(&["listen", "/nonexistent/said.wav"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let why = stderr(&out);
    assert!(why.starts_with("anna: ") && why.trim_end().ends_with('.') && why.lines().count() == 1, "{why}");
    if cfg!(feature = "listen") {
        assert!(why.contains("/nonexistent/said.wav") || why.contains("pocketsphinx-en-us"), "{why}");
    } else {
        assert!(why.contains("--features listen"), "{why}");
    }
    // In another language: English only, said plainly.
    let out = anna(&["--lang", "de", "listen", "/nonexistent/said.wav"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("English only"), "{}", stderr(&out));
}

/// Issue 23: each subcommand's help shows its own options, not the game's.
#[test]
fn each_subcommand_helps_with_its_own_options() {
    let help = |args: &[&str]| stdout(&anna(args));
    let adjudicate = help(&["adjudicate", "--help"]);
    assert!(adjudicate.contains("--helpmate") && !adjudicate.contains("--tc") && !adjudicate.contains("--board"));
    let braille = help(&["braille", "--help"]);
    assert!(braille.contains("--lang") && braille.contains("--game") && braille.contains("--force"));
    assert!(!braille.contains("--opponent") && !braille.contains("--speech"));
    assert!(help(&["review", "--help"]).contains("--speech"));
    assert!(help(&["replay", "--help"]).contains("--tc"), "a script takes the game's setup");
    assert!(help(&["--help"]).contains("--tc"));
    // The hidden options still work where they mean something, before or after the subcommand.
    assert_eq!(stdout(&anna(&["--lang", "de", "say", "e4"])), "Eva vier\n");
    assert_eq!(stdout(&anna(&["say", "Nf3", "--lang", "de", "--squares", "plain"])), "Springer f drei\n");
}

/// Issue 46: a game whose standard output is closed (`anna >&-`) cannot show a line: it ends as a
/// closed pipe does (141), never with 0; one sent to /dev/null on purpose plays on.
#[cfg(unix)]
#[test]
fn a_closed_standard_output_is_no_success() {
    let data = support::TempDir::new("closed-stdout");
    let play = |redirect: &str| {
        let script = format!("printf 'e4\\n\\nquit\\n' | exec \"$0\" --speech off --no-setup {redirect}");
        let mut command = std::process::Command::new("sh");
        command.env("ANNA_DATA_DIR", &data.0).args(["-c", &script, env!("CARGO_BIN_EXE_anna")]);
        command.status().unwrap().code()
    };
    assert_eq!(play(">&-"), Some(141));
    assert_eq!(play(">/dev/null"), Some(0));
}

/// Issue 49: `anna replay` plays a script under the edition given: 2023 by default, so a resignation
/// against a bare king is a draw (5.1.2), and `--laws 2018` (or `[rules] laws = 2018` in the
/// settings file) makes it a loss; a year that is no edition is refused with the ones there are.
#[test]
fn replay_applies_the_edition_of_the_laws() {
    let script = std::env::temp_dir().join(format!("anna-laws-{}.script", std::process::id()));
    std::fs::write(&script, "0:00 fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\n0:00 start\n0:01 resign\n").unwrap();
    let path = script.to_str().unwrap();
    let last = |out: &std::process::Output| stdout(out).lines().last().unwrap_or_default().to_string();
    // The settings file is read from XDG_CONFIG_HOME: an empty one first, then one choosing 2018.
    let config = std::env::temp_dir().join(format!("anna-laws-config-{}", std::process::id()));
    std::fs::create_dir_all(config.join("anna")).unwrap();
    let with_config = |args: &[&str]| {
        support::anna(&support::shared_data()).env("XDG_CONFIG_HOME", &config).args(args).output().unwrap()
    };
    let out = with_config(&["replay", path]);
    assert_eq!(last(&out), "result 1/2-1/2 resignation, but the opponent cannot checkmate (FIDE 5.1.2)");
    let out = with_config(&["--laws", "2018", "replay", path]);
    assert_eq!(last(&out), "result 0-1 resignation (FIDE 5.1.2)");
    std::fs::write(config.join("anna/config.toml"), "[rules]\nlaws = 2018\n").unwrap();
    assert_eq!(last(&with_config(&["replay", path])), "result 0-1 resignation (FIDE 5.1.2)");
    let out = with_config(&["--laws", "2023", "replay", path]);
    assert_eq!(last(&out), "result 1/2-1/2 resignation, but the opponent cannot checkmate (FIDE 5.1.2)");
    std::fs::remove_dir_all(&config).ok();
    let out = anna(&["--laws", "1999", "replay", path]);
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "anna: Setting --laws takes: 2023, 2018. '1999' is not one of them.\n");
    std::fs::remove_file(&script).ok();
}
