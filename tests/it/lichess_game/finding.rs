//! Finding a game on the stand-in lichess: the token (bad, stored by `login`), seeks (too fast,
//! expired, never joining a game in progress), challenges sent and received, a 429 while the game is
//! made, and what the Board API cannot play.

use super::*;

#[test]
fn a_bad_token_and_a_seek_too_fast_are_one_sentence_each_and_nothing_is_sent() {
    let server = Server::start(&[]);
    let data = TempDir::new("lichess-refusals");
    let out = support::anna(&data.0)
        .args(["--speech", "off", "--opponent", "lichess", "--level", "3"])
        .env("ANNA_LICHESS_URL", &server.base)
        .env("ANNA_LICHESS_TOKEN", "wrong")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("lichess does not accept the token."), "{said}");
    assert_eq!(out.status.code(), Some(1));
    let out = server.output(&data.0, &["--opponent", "lichess", "--tc", "3+2"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("lichess pairs seeks only for rapid and slower games"), "{said}");
    assert!(said.contains("this is 4"), "{said}");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(server.posted("/api/board/seek"), 0);
    // A control lichess does not offer for a seek (lila's lobby has 20 and 25 minutes, not 21):
    // said with the nearest it offers, before anything is sent.
    let out = server.output(&data.0, &["--opponent", "lichess", "--tc", "21+0"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        said.trim(),
        "lichess does not offer 21 minutes plus 0 seconds a move; the nearest it offers is 20 minutes plus 0 seconds a move (--tc 20+0)."
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(server.posted("/api/board/seek"), 0);
    // No server at all: tried again, each wait said, then one sentence
    // (a_429_while_the_game_is_made_is_waited_out_and_sent_again).
}

/// Issue 57: a seek faster than lichess pairs is not only refused: the player is offered its AI or
/// a challenge at that clock, and `ai` plays its AI.
#[test]
fn a_seek_too_fast_offers_the_ai_or_a_challenge() {
    let server = Server::start(&["e7e5"]);
    let data = TempDir::new("lichess-too-fast");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess", "--tc", "3+2"]);
    anna.wait_for("say ai to play its AI at level 3, or a player's name to challenge them");
    anna.type_line("ai");
    anna.wait_for("You play White against lichess AI, level 3");
    anna.quit();
    assert_eq!(server.posted("/api/board/seek"), 0);
    assert_eq!(server.posted("/api/challenge/ai"), 1);
}

#[test]
fn a_challenge_received_is_asked_about_and_accepted() {
    let server = Server::start(&["e7e5"]);
    server.with(|t| {
        t.events.push(
            r#"{"type":"challenge","challenge":{"id":"ch4llenge","challenger":{"id":"hana","name":"Hana","rating":1720},"destUser":{"id":"annaplayer","name":"AnnaPlayer"},"rated":true,"timeControl":{"type":"clock","limit":600,"increment":5},"variant":{"key":"standard"}}}"#.into(),
        );
    });
    let data = TempDir::new("lichess-challenged");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess"]);
    anna.wait_for("Waiting for a game on lichess: a game in progress, or a challenge to answer.");
    anna.wait_for("Hana (1720) challenges you: 10 minutes plus 5 seconds a move, rated. Accept? Say yes or no.");
    anna.type_line("yes");
    anna.wait_for("You play White against lichess AI, level 3 on lichess, a casual game.");
    play(&mut anna, &[("e4", "Black: e-five.")]);
    anna.quit();
    assert_eq!(server.posted("/api/challenge/ch4llenge/accept"), 1);
}

#[test]
fn a_challenge_sent_waits_for_the_answer_and_says_a_refusal() {
    let server = Server::start(&[]);
    let data = TempDir::new("lichess-challenge");
    let out = server.output(&data.0, &["--opponent", "lichess", "--challenge", "Magnus", "--tc", "5+3"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        said,
        "Challenge sent to Magnus; waiting for the answer.\nMagnus declined the challenge. They are not accepting challenges at the moment.\n"
    );
    assert_eq!(out.status.code(), Some(1));
    // lichess's reason by its key, in the player's language (lila's `declineReasonKey`).
    let out =
        server.output(&data.0, &["--lang", "sk", "--opponent", "lichess", "--challenge", "Magnus", "--tc", "5+3"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.ends_with("Výzva pre Magnus bola odmietnutá. Výzvy teraz neprijíma.\n"), "{said}");
    let challenge = server.table.lock().unwrap().requests.iter().find(|r| r.path == "/api/challenge/Magnus").cloned();
    assert_eq!(challenge.unwrap().body, "rated=false&keepAliveStream=true&clock.limit=300&clock.increment=3");
    // Accepted, the game begins.
    server.with(|t| {
        t.challenge_accepted = true;
        t.events.clear();
    });
    let anna = server.anna(&data.0, &["--opponent", "lichess", "--challenge", "Magnus", "--tc", "5+3"]);
    anna.wait_for("Challenge sent to Magnus; waiting for the answer.");
    anna.wait_for("You play White against");
    anna.quit();
}

#[test]
fn the_token_is_stored_by_login_for_the_player_alone_and_never_shown() {
    let server = Server::start(&[]);
    let data = TempDir::new("lichess-login");
    let config = data.0.join("config");
    let mut login = support::anna(&data.0)
        .args(["login", "--speech", "off"])
        .env("ANNA_LICHESS_URL", &server.base)
        .env_remove("ANNA_LICHESS_TOKEN")
        .env("XDG_CONFIG_HOME", &config)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    writeln!(login.stdin.take().unwrap(), "{TOKEN}").unwrap();
    let out = login.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("board:play") && said.contains("Logged in to lichess as AnnaPlayer."), "{said}");
    assert!(!said.contains(TOKEN), "{said}");
    let file = config.join("anna").join("lichess-token");
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), TOKEN);
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    // The stored token plays; a wrong one is refused at once.
    let out = support::anna(&data.0)
        .args(["login", "--speech", "off"])
        .env("ANNA_LICHESS_URL", &server.base)
        .env("XDG_CONFIG_HOME", &config)
        .stdin(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 57: pasted at a terminal, the token is read without echo (as `passwd` reads a password): the
/// screen, and so the screen reader, never shows it; the prompt says so.
#[test]
fn login_at_a_terminal_does_not_echo_the_token() {
    let server = Server::start(&[]);
    let data = TempDir::new("lichess-login-tty");
    let env = [
        format!("ANNA_LICHESS_URL={}", server.base),
        format!("XDG_CONFIG_HOME={}", data.0.join("config").display()),
        "ANNA_LICHESS_TOKEN=".to_string(),
    ];
    let Some(terminal) = support::Terminal::start_with("login", &data.0, &env, &["login", "--speech", "off"]) else {
        return;
    };
    terminal.wait_for("It is not shown or said as you paste it.");
    terminal.type_line(TOKEN);
    let screen = terminal.wait_for("Logged in to lichess as AnnaPlayer.");
    assert!(!screen.contains(TOKEN), "{screen}");
}

/// Issue 57: a 429 while the game is being made is waited out, said with its length, and the
/// request sent again (before, Anna promised to send again and exited at once); an unreachable
/// server is tried again, each wait said, then said as a stop.
#[test]
fn a_429_while_the_game_is_made_is_waited_out_and_sent_again() {
    let server = Server::start(&["e7e5"]);
    server.with(|t| t.ai_rate_limited = 2);
    let data = TempDir::new("lichess-429-ai");
    let anna = server.anna(&data.0, &["--opponent", "lichess", "--level", "3", "--tc", "5+3"]);
    anna.wait_for("lichess does not answer now; Anna sends again in");
    anna.wait_for("You play White against lichess AI, level 3");
    anna.quit();
    assert_eq!(server.posted("/api/challenge/ai"), 3);
    // Nobody listens at all: tried three times, then a stop in one sentence.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let out = support::anna(&data.0)
        .args(["--speech", "off", "--opponent", "lichess", "--level", "3"])
        .env("ANNA_LICHESS_URL", &base)
        .env("ANNA_LICHESS_TOKEN", TOKEN)
        .env("ANNA_LICHESS_WAIT_MS", "60")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let said = support::text(&out.stdout);
    assert_eq!(said.matches("lichess does not answer now; Anna sends again in").count(), 2, "{said}");
    assert!(said.trim_end().ends_with("lichess cannot be reached: check the network connection."), "{said}");
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 58: lichess opens the event stream with a gameStart for every game in progress (here a
/// correspondence game with moves made); a seek never takes it for its own game, and opens one
/// event stream only. (The opening line is lila's EventStream form, `GameEventInfo`.)
#[test]
fn a_seek_never_joins_a_game_in_progress_and_opens_one_event_stream() {
    let server = Server::start(&["e7e5"]);
    server.with(|t| {
        t.events.push(
            r#"{"type":"gameStart","game":{"gameId":"oldCorr1","color":"black","source":"friend","hasMoved":true,"rated":false,"speed":"correspondence","opponent":{"username":"Milan","rating":1650},"isMyTurn":false}}"#.into(),
        );
    });
    let data = TempDir::new("lichess-seek");
    let anna = server.anna(&data.0, &["--opponent", "lichess", "--tc", "15+10"]);
    anna.wait_for("A game of yours against Milan is in progress on lichess; it is not the one sought.");
    anna.wait_for("You play White against");
    anna.quit();
    assert_eq!(server.posted("/api/board/seek"), 1);
    let requests = server.table.lock().unwrap().requests.clone();
    assert_eq!(requests.iter().filter(|r| r.path == "/api/stream/event").count(), 1, "one event stream");
    assert!(!requests.iter().any(|r| r.path.contains("oldCorr1")), "the old game is never opened");
}

/// Issue 58: a challenge is kept alive while it waits (`keepAliveStream`), and one that ends
/// unanswered is said, not waited on for ever.
#[test]
fn a_challenge_is_kept_alive_and_its_end_without_an_answer_said() {
    let server = Server::start(&[]);
    server.with(|t| t.challenge_unanswered = true);
    let data = TempDir::new("lichess-challenge-silent");
    let out = server.output(&data.0, &["--opponent", "lichess", "--challenge", "Magnus", "--tc", "5+3"]);
    let said = support::text(&out.stdout);
    assert!(said.trim_end().ends_with("The challenge to Magnus has ended on lichess without an answer."), "{said}");
    assert_eq!(out.status.code(), Some(1));
    let challenge = server.table.lock().unwrap().requests.iter().find(|r| r.path == "/api/challenge/Magnus").cloned();
    assert!(challenge.unwrap().body.contains("keepAliveStream=true"));
}

/// Issue 58: a seek that lichess ends unpaired is said, not waited on for ever.
#[test]
fn a_seek_that_expires_is_said() {
    let server = Server::start(&[]);
    server.with(|t| t.seek_unpaired = true);
    let data = TempDir::new("lichess-seek-expires");
    let out = server.output(&data.0, &["--opponent", "lichess", "--tc", "15+10"]);
    let said = support::text(&out.stdout);
    assert!(
        said.trim_end().ends_with(
            "lichess ended the seek without finding an opponent. Try again, or challenge a player or the AI."
        ),
        "{said}"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 58: a game whose stream lichess refuses (400, "This game cannot be played with the Board
/// API.", lila's BoardApiController) is final: said with lichess's reason, never "connection lost"
/// for ever; and a challenge the Board API cannot play (`compat.board: false`) is said and declined,
/// never accepted.
#[test]
fn what_the_board_api_cannot_play_is_said_and_never_taken_for_a_lost_connection() {
    let server = Server::start(&[]);
    server.with(|t| t.stream_refused = true);
    let data = TempDir::new("lichess-not-board");
    let anna = server.anna(&data.0, &["--opponent", "lichess", "--level", "3", "--tc", "5+3"]);
    anna.wait_for_before("lichess refused: this game cannot be played with the Board API.", &["was lost"]);
    anna.wait_for("Anna cannot follow this game: play it on lichess.org itself, where its clock runs.");
    std::thread::sleep(Duration::from_millis(1500));
    let later: Vec<String> = anna.lines.try_iter().collect();
    assert!(!later.iter().any(|l| l.contains("was lost")), "{later:?}");
    anna.quit();
    assert_eq!(server.table.lock().unwrap().requests.iter().filter(|r| r.path.contains("/stream/aiGame01")).count(), 1);

    let server = Server::start(&[]);
    server.with(|t| {
        t.events.push(
            r#"{"type":"challenge","challenge":{"id":"bull3t01","challenger":{"id":"hana","name":"Hana","rating":1720},"destUser":{"id":"annaplayer","name":"AnnaPlayer"},"rated":false,"timeControl":{"type":"clock","limit":60,"increment":0},"variant":{"key":"standard"},"compat":{"bot":false,"board":false}}}"#.into(),
        );
    });
    let mut anna = server.anna(&data.0, &["--opponent", "lichess"]);
    anna.wait_for("Hana challenges you to a game that lichess does not let the Board API play");
    // Still waiting for a game it can play; ended here.
    anna.child.kill().unwrap();
    let _ = anna.child.wait();
    assert_eq!(server.posted("/api/challenge/bull3t01/decline"), 1);
    assert_eq!(server.posted("/api/challenge/bull3t01/accept"), 0);
}

/// Issue 58: a correspondence challenge is said with its days a move (lichess's `daysPerTurn`), not
/// as "no clock".
#[test]
fn a_correspondence_challenge_is_said_with_its_days() {
    let server = Server::start(&[]);
    server.with(|t| {
        t.events.push(
            r#"{"type":"challenge","challenge":{"id":"c0rresp1","challenger":{"id":"hana","name":"Hana","rating":1720},"destUser":{"id":"annaplayer","name":"AnnaPlayer"},"rated":false,"timeControl":{"type":"correspondence","daysPerTurn":3},"variant":{"key":"standard"}}}"#.into(),
        );
    });
    let data = TempDir::new("lichess-correspondence");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess"]);
    anna.wait_for("Hana (1720) challenges you: correspondence, 3 days a move, casual.");
    anna.child.kill().unwrap();
    let _ = anna.child.wait();
}
