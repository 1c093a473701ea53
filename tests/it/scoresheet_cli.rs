//! The scoresheet at the command line: `anna --pgn`, `anna review`, `anna braille`, `save` and the
//! game saved by itself at its end (into `ANNA_DATA_DIR`).

use crate::support;

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};

const TWO_GAMES: &str = concat!(
    "[Event \"Club\"]\n[White \"Anna Müller\"]\n[Black \"Bert\"]\n[Result \"*\"]\n[TimeControl \"300+2\"]\n\n",
    "1. e4 {[%clk 0:05:04]} 1... e5 {[%clk 0:04:58]} 2. Nf3 {[%clk 0:04:41]} 2... Nc6 {[%clk 0:04:47]} *\n\n",
    "[White \"X\"]\n[Black \"Y\"]\n[Result \"1-0\"]\n\n1. d4 d5 2. Qxf7 1-0\n"
);

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("anna-scoresheet-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str], input: &str, data: Option<&PathBuf>) -> Output {
    let mut command = support::anna(data.cloned().unwrap_or_else(support::shared_data).as_path());
    command.args(args).args(["--speech", "off", "--sounds", "off"]);
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

use support::text;

#[test]
fn braille_prints_unicode_cells_in_the_language_and_writes_brf() {
    let dir = folder("braille");
    let file = dir.join("games.pgn");
    fs::write(&file, TWO_GAMES).unwrap();
    let out = run(&["braille", file.to_str().unwrap(), "--lang", "de"], "", None);
    assert_eq!(out.status.code(), Some(0));
    // German literary braille (liblouis's de-g0.utb, as `lou_translate -f unicode.dis,de-g0.utb`
    // writes it): ß and ü their own cells, capitals unmarked, the full stop dot 3.
    assert_eq!(text(&out.stdout), "⠺⠑⠊⠮⠒⠀⠁⠝⠝⠁⠀⠍⠳⠇⠇⠑⠗\n⠎⠉⠓⠺⠁⠗⠵⠒⠀⠃⠑⠗⠞\n⠼⠁⠄⠀⠑⠼⠙⠀⠑⠼⠑\n⠼⠃⠄⠀⠎⠋⠼⠉⠀⠎⠉⠼⠋\n⠠⠔\n");
    let brf = dir.join("sheet.brf");
    let out = run(&["braille", file.to_str().unwrap(), "--lang", "de", "-o", brf.to_str().unwrap()], "", None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        fs::read_to_string(&brf).unwrap(),
        "WEI!3 ANNA M\\LLER\r\nSCHWARZ3 BERT\r\n#A' E#D E#E\r\n#B' SF#C SC#F\r\n,9\r\n"
    );
    // A file that is there is written over only with --force (issue 23).
    let (file, brf) = (file.to_str().unwrap(), brf.to_str().unwrap());
    fs::write(brf, "the player's own notes").unwrap();
    let out = run(&["braille", file, "-o", brf], "", None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), format!("anna: {brf} is there already; add --force to write over it.\n"));
    assert_eq!(fs::read_to_string(brf).unwrap(), "the player's own notes");
    let out = run(&["braille", file, "-o", brf, "--force"], "", None);
    assert_eq!(out.status.code(), Some(0));
    assert!(fs::read_to_string(brf).unwrap().starts_with(",WHITE3"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn games_are_listed_chosen_and_their_faults_named() {
    let dir = folder("list");
    let file = dir.join("games.pgn");
    fs::write(&file, TWO_GAMES).unwrap();
    let path = file.to_str().unwrap();
    let out = run(&["review", path, "--list-games"], "", None);
    assert_eq!(text(&out.stdout), "1. Anna Müller against Bert, *, 2 moves.\n2. X against Y, 1-0, 1 move.\n");
    let out = run(&["braille", path, "--game", "2"], "", None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        "anna: Game 2: the move Qxf7 (move 2, White) is not legal or cannot be read; the moves before it are kept.\n"
    );
    let out = run(&["review", path, "--game", "3"], "", None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), format!("anna: There is no game 3 in {path}; its games are numbered 1 to 2.\n"));
    let out = run(&["review", dir.join("missing.pgn").to_str().unwrap()], "", None);
    assert_eq!(out.status.code(), Some(2));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn review_steps_through_a_game() {
    let dir = folder("review");
    let file = dir.join("games.pgn");
    fs::write(&file, TWO_GAMES).unwrap();
    let out = run(&["review", file.to_str().unwrap(), "--lang", "de"], "\ngehe 2 schwarz\nZeit\nbeenden\n", None);
    assert_eq!(
        text(&out.stdout),
        "Nachspielen: Anna Müller gegen Bert, 2 Züge, Ergebnis *. Sagen Sie vor oder Enter, zurück, Anfang, Schluss, \
         gehe und eine Zugnummer, Zeit, Züge, Fragen zum Brett, Hilfe, beenden.\n\
         Zug 1, Weiß: Eva vier. Noch 5 Minuten 4 Sekunden.\n\
         Zug 2, Schwarz: Springer Cesar sechs. Noch 4 Minuten 47 Sekunden. Das war der letzte Zug; die Partie war \
         nicht beendet.\n\
         Nach Zug 2: Weiß 4 Minuten 41 Sekunden, Schwarz 4 Minuten 47 Sekunden.\n"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_game_read_from_pgn_goes_on_and_is_saved_with_its_tags() {
    let dir = folder("continue");
    let file = dir.join("games.pgn");
    fs::write(&file, TWO_GAMES).unwrap();
    let saved = dir.join("out.pgn");
    let input = format!("time\nresume\nBb5\n\nsave {}\nquit\n", saved.display());
    let out = run(&["--pgn", file.to_str().unwrap()], &input, Some(&dir));
    let said = text(&out.stdout);
    assert!(
        said.starts_with(&format!(
            "Game 1 of {} loaded: Anna Müller against Bert, 2 moves played. White to move. The clocks are stopped; \
             say resume to go on.\nWhite 4 minutes 42 seconds, Black 4 minutes 48 seconds, 2 moves.\nClocks running.\n\
             White: Bishop Bella fünf.\nSaved: {}.\n",
            file.display(),
            saved.display()
        )),
        "{said}"
    );
    let pgn = fs::read_to_string(&saved).unwrap();
    assert!(pgn.starts_with("[Event \"Club\"]\n[Site \"?\"]\n[Date \""), "{pgn}");
    assert!(pgn.contains("[White \"Anna Müller\"]\n[Black \"Bert\"]\n[Result \"*\"]\n[TimeControl \"300+2\"]\n"));
    assert!(
        pgn.contains("1. e4 {[%clk 0:05:04]} 1... e5 {[%clk 0:04:58]} 2. Nf3 {[%clk 0:04:41]} 2...\nNc6 {[%clk 0:04:47]} 3. Bb5 {[%clk 0:04:"),
        "{pgn}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_end_of_a_game_saves_it_into_the_data_folder() {
    let dir = folder("autosave");
    let out = run(&["--tc", "300+2", "--no-confirm"], "f3\n\ne5\n\ng4\n\nQh4\nquit\n", Some(&dir));
    let said = text(&out.stdout);
    // The games folder also holds the game's journal.
    let games: Vec<PathBuf> = fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    assert_eq!(games.len(), 1, "{said}");
    assert!(
        said.contains(&format!("Black wins by checkmate (FIDE 5.1.1).\nSaved: {}.\n", games[0].display())),
        "{said}"
    );
    let pgn = fs::read_to_string(&games[0]).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]") && pgn.contains("[Termination \"normal\"]"), "{pgn}");
    assert!(pgn.ends_with("{Black wins by checkmate (FIDE 5.1.1).} 0-1\n"), "{pgn}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_game_read_from_pgn_is_journaled_and_resumed_with_its_moves() {
    // Never lose a game: one continued from PGN is autosaved from its first move, not only from
    // the moves made after it was read.
    let dir = folder("pgn-journal");
    let file = dir.join("game.pgn");
    fs::write(
        &file,
        "[White \"Anna\"]\n[Black \"Bert\"]\n[Result \"*\"]\n[TimeControl \"300+2\"]\n\n\
         1. e4 {[%clk 0:05:00]} e5 {[%clk 0:04:58]} 2. Nf3 {[%clk 0:04:55]} *\n",
    )
    .unwrap();
    let out = run(&["--pgn", file.to_str().unwrap()], "resume\nNc6\n\nquit\n", Some(&dir));
    assert!(text(&out.stdout).contains("Black: Knight Cesar sechs."), "{}", text(&out.stdout));
    let out = run(&["--resume"], "moves\nquit\n", Some(&dir));
    let said = text(&out.stdout);
    assert!(said.contains("Last move: Black: Knight Cesar sechs.\nWhite to move.\n"), "{said}");
    assert!(said.contains("1. Eva vier, Eva fünf; 2. Knight Felix drei, Knight Cesar sechs."), "{said}");
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 57: a file that holds no PGN game (prose holding a move, a binary) is said so, exit 2, by
/// every command that reads PGN; none of them analyses, reviews or writes it as a game.
#[test]
fn a_file_with_no_pgn_game_is_refused_by_every_command_that_reads_pgn() {
    let dir = folder("not-pgn");
    let prose = dir.join("notes.pgn");
    fs::write(&prose, "e4 is the best move, says my coach.\n").unwrap();
    let binary = dir.join("binary.pgn");
    fs::write(&binary, b"\x7fELF\x02\x01\x01\x00\x00 1-0 [x] e4\n").unwrap();
    for file in [&prose, &binary] {
        let path = file.to_str().unwrap();
        for args in [
            vec!["analyse", path, "--nodes", "1000"],
            vec!["review", path],
            vec!["braille", path, "-o", "-"],
            vec!["--pgn", path],
        ] {
            let output = support::run(&dir, &args, "quit\n");
            assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
            let said = support::text(&output.stderr);
            assert!(said.contains(&format!("There is no game in {path}.")), "{args:?}: {said}");
            assert!(output.stdout.is_empty(), "{args:?}: {}", support::text(&output.stdout));
        }
    }
}

/// Issue 57: output written to a reader that went away (`anna analyse GAME.pgn | head -1`) ends
/// quietly with 141, as the game does, and the annotated game asked with `-o` is still written.
#[test]
fn a_closed_output_ends_quietly_with_141_and_the_work_is_done() {
    let dir = folder("closed-output");
    let games = dir.join("games.pgn");
    fs::write(&games, TWO_GAMES).unwrap();
    let closed = || {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        Stdio::from(writer)
    };
    let listed =
        support::anna(&dir).args(["--pgn", games.to_str().unwrap(), "--list-games"]).stdout(closed()).output().unwrap();
    assert_eq!(listed.status.code(), Some(141), "{listed:?}");
    assert!(listed.stderr.is_empty(), "no panic, no word: {}", support::text(&listed.stderr));
    if crate::training::stockfish().is_none() {
        return;
    }
    let out = dir.join("annotated.pgn");
    let analysed = support::anna(&dir)
        .args(["analyse", games.to_str().unwrap(), "--nodes", "2000", "-o", out.to_str().unwrap()])
        .stdout(closed())
        .output()
        .unwrap();
    assert_eq!(analysed.status.code(), Some(141), "{analysed:?}");
    assert!(!support::text(&analysed.stderr).contains("panicked"), "{}", support::text(&analysed.stderr));
    assert!(fs::read_to_string(&out).unwrap().contains("[Annotator \"Anna, "), "the annotated game is written");
}

/// Issue 62: the scoresheet in each language's literary braille is what liblouis itself makes of
/// the print lines: each line against `lou_translate -f unicode.dis,TABLE` (Debian's liblouis-bin),
/// for German, Czech, Slovak, Polish and Slovenian, with the language's piece letters.
#[test]
fn each_languages_scoresheet_is_liblouis_braille_of_its_notation() {
    if !liblouis_present() {
        return;
    }
    let dir = folder("braille-languages");
    let file = dir.join("game.pgn");
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Qd6 6. d4 exd4 7. Qxd4 Qxd4 8. Nxd4 Bd7 *";
    // The players' names in each language's own letters (a letter a table lacks is written
    // differently by liblouis and by louis-rs; see docs/braille.md).
    for (code, table, names, print_sample) in [
        ("de", "de-g0.utb", ["Jürgen Müßig", "Anna Weiß"], "4. Lxc6 dxc6"),
        ("cs", "cs-g1.ctb", ["Jan Novák", "Hana Čermáková"], "2. Jf3 Jc6"),
        ("sk", "sk-g1.ctb", ["Ján Ďurčo", "Ľubica Šťastná"], "3. Sb5 a6"),
        ("pl", "Pl-Pl-g1.utb", ["Łukasz Ślęzak", "Żaneta Ćwik"], "7. Hxd4 Hxd4"),
        ("sl", "sl-si-g1.utb", ["Tomaž Šuštar", "Čedomir Žagar"], "8. Sxd4 Ld7"),
    ] {
        let pgn = format!("[White \"{}\"]\n[Black \"{}\"]\n[Result \"*\"]\n\n{moves}\n", names[0], names[1]);
        fs::write(&file, pgn).unwrap();
        let vocab = anna_language::Vocabulary::get(code).unwrap();
        let white = vocab.word("side.white");
        let black = vocab.word("side.black");
        let print = format!(
            "{white}: {}\n{black}: {}\n{}\n*\n",
            names[0],
            names[1],
            [
                "1. e4 e5",
                "2. Nf3 Nc6",
                "3. Bb5 a6",
                "4. Bxc6 dxc6",
                "5. O-O Qd6",
                "6. d4 exd4",
                "7. Qxd4 Qxd4",
                "8. Nxd4 Bd7"
            ]
            .map(|line| anna_language::braille::localized_san(line, &vocab))
            .join("\n")
        );
        assert!(print.contains(print_sample), "{code}: the notation is the language's: {print}");
        let golden = lou_translate(table, &print);
        let out = run(&["braille", file.to_str().unwrap(), "--lang", code], "", None);
        assert_eq!(out.status.code(), Some(0), "{code}");
        assert_eq!(text(&out.stderr), "", "{code}");
        assert_eq!(text(&out.stdout), golden, "{code}: {table}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 62: an English scoresheet: the players and the result in Unified English Braille
/// (`lou_translate -f unicode.dis,en-ueb-g1.ctb`), the moves in the Braille Chess Code: move
/// numbers in lower cells and a space, the bishop ⠇ and the knight ⠎, capture ⠰ and check ⠘
/// before the square, mate ⠜⠍ after the move.
#[test]
fn an_english_scoresheet_is_in_the_braille_chess_code() {
    if !liblouis_present() {
        return;
    }
    let dir = folder("braille-english");
    let file = dir.join("game.pgn");
    let pgn = "[White \"Ann Smith\"]\n[Black \"Bob O'Neill\"]\n[Result \"0-1\"]\n\n\
               1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1\n";
    fs::write(&file, pgn).unwrap();
    let literary = lou_translate("en-ueb-g1.ctb", "White: Ann Smith\nBlack: Bob O'Neill\n0-1\n");
    let literary: Vec<&str> = literary.lines().collect();
    let out = run(&["braille", file.to_str().unwrap(), "--lang", "en"], "", None);
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
    let sheet = text(&out.stdout);
    let lines: Vec<&str> = sheet.lines().collect();
    assert_eq!(
        lines,
        [
            literary[0],
            literary[1],
            "⠂⠀⠑⠲⠀⠑⠢",
            "⠆⠀⠎⠋⠒⠀⠎⠉⠖",
            "⠒⠀⠇⠉⠲⠀⠎⠙⠲",
            "⠲⠀⠎⠰⠑⠢⠀⠟⠛⠢",
            "⠢⠀⠎⠰⠋⠶⠀⠟⠰⠛⠆",
            "⠖⠀⠗⠋⠂⠀⠟⠸⠑⠲",
            "⠶⠀⠇⠑⠆⠀⠎⠋⠒⠜⠍",
            literary[2],
        ]
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Whether liblouis's own translator is there to make the goldens (said when it is not).
fn liblouis_present() -> bool {
    let present = std::process::Command::new("lou_translate").arg("--version").output().is_ok();
    support::tool(present, "lou_translate", "liblouis-bin")
}

/// What liblouis itself makes of `print` with `table`, as Unicode braille.
fn lou_translate(table: &str, print: &str) -> String {
    let mut lou = std::process::Command::new("lou_translate")
        .args(["-f", &format!("unicode.dis,{table}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    lou.stdin.take().unwrap().write_all(print.as_bytes()).unwrap();
    text(&lou.wait_with_output().unwrap().stdout)
}
