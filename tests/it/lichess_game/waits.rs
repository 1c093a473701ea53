//! Issue 58: leaving a lichess game, and what the waits for a game hear: the player at the
//! terminal, a withdrawn challenge, a 429 and unreadable lines on the event stream.

use super::*;

/// Issue 58, item 10: `new` during a lichess game, through the real runtime: the game's stream is no longer followed (lichess ending the old game says nothing here), and the new
/// game is set up by the questions, here a game at the board.
#[test]
fn new_during_a_lichess_game_leaves_its_stream() {
    let server = Server::start(&["e7e5"]);
    let data = TempDir::new("lichess-new");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess", "--level", "3", "--tc", "5+3"]);
    anna.wait_for("You play White against lichess AI, level 3 on lichess, a casual game.");
    play(&mut anna, &[("e4", "Black: e-five.")]);
    // Piped, Anna asks nothing first (its confirmations are for a player at a terminal).
    anna.type_line("new");
    anna.wait_for("New game; Anna no longer follows the lichess game.");
    anna.wait_for("Which side do you play");
    // lichess ends the old game now: nothing of it is said here.
    server.with(|t| {
        t.status = "resign".into();
        t.winner = Some("black");
        t.tell();
    });
    for answer in ["", "", ""] {
        anna.type_line(answer);
    }
    let ready = anna.wait_for_before("Ready: your side White", &["wins", "Black: ", "resign"]);
    assert!(!ready.contains("lichess"), "{ready}");
    anna.type_line("d4");
    anna.type_line("");
    anna.wait_for_before("d-four", &["wins"]);
    anna.quit();
    assert_eq!(server.moves(), ["e2e4", "e7e5"]);
}

/// Issue 58: a challenge withdrawn while the player at the terminal is asked about it is said, and
/// the question ends (lila's `challengeCanceled` on the event stream); Anna waits on.
#[test]
fn a_challenge_withdrawn_while_asked_is_said() {
    let server = Server::start(&[]);
    let challenge = r#"{"id":"ch4llenge","challenger":{"id":"hana","name":"Hana","rating":1720},"destUser":{"id":"annaplayer","name":"AnnaPlayer"},"rated":true,"timeControl":{"type":"clock","limit":600,"increment":5},"variant":{"key":"standard"},"status":"created"}"#;
    server.with(|t| t.events.push(format!(r#"{{"type":"challenge","challenge":{challenge}}}"#)));
    let data = TempDir::new("lichess-withdrawn");
    let env = [
        format!("ANNA_LICHESS_URL={}", server.base),
        format!("ANNA_LICHESS_TOKEN={TOKEN}"),
        format!("XDG_CONFIG_HOME={}", data.0.join("config").display()),
    ];
    let args = ["--opponent", "lichess", "--speech", "off", "--sounds", "off"];
    let Some(terminal) = support::Terminal::start_with("withdrawn", &data.0, &env, &args) else { return };
    terminal.wait_for("Hana (1720) challenges you");
    let canceled = challenge.replace(r#""status":"created""#, r#""status":"canceled""#);
    server.with(|t| t.announce(format!(r#"{{"type":"challengeCanceled","challenge":{canceled}}}"#)));
    terminal.wait_for("Hana withdrew the challenge.");
    terminal.type_line("quit");
    terminal.wait_for("anna-exited-0");
    assert_eq!(server.posted("/api/challenge/ch4llenge/accept"), 0);
    assert_eq!(server.posted("/api/challenge/ch4llenge/decline"), 0);
}

/// Issue 58: while Anna waits on lichess for a game (a challenge to answer, here), the player at
/// the terminal is heard: a line says what Anna waits for, `quit` ends the wait at once and says
/// that no game was started.
#[test]
fn quit_while_waiting_on_lichess_ends_the_wait() {
    let server = Server::start(&[]);
    let data = TempDir::new("lichess-wait-quit");
    let env = [
        format!("ANNA_LICHESS_URL={}", server.base),
        format!("ANNA_LICHESS_TOKEN={TOKEN}"),
        format!("XDG_CONFIG_HOME={}", data.0.join("config").display()),
    ];
    let args = ["--opponent", "lichess", "--speech", "off", "--sounds", "off"];
    let Some(terminal) = support::Terminal::start_with("wait-quit", &data.0, &env, &args) else { return };
    terminal.wait_for("Waiting for a game on lichess");
    terminal.type_line("hello");
    terminal.wait_for("Still waiting for a game on lichess; quit stops waiting.");
    terminal.type_line("quit");
    let screen = terminal.wait_for("anna-exited-0");
    assert!(screen.contains("Waiting stopped: no game was started on lichess."), "{screen}");
}

/// Issue 58: a 429 on the event stream (lila's rate limit on `/api/stream/event`) is waited out as
/// said and the stream opened again: the challenge waiting there is still answered.
#[test]
fn a_429_on_the_event_stream_is_waited_out() {
    let server = Server::start(&["e7e5"]);
    server.with(|t| {
        t.events_rate_limited = 1;
        t.events.push(
            r#"{"type":"challenge","challenge":{"id":"ch4llenge","challenger":{"id":"hana","name":"Hana","rating":1720},"destUser":{"id":"annaplayer","name":"AnnaPlayer"},"rated":true,"timeControl":{"type":"clock","limit":600,"increment":5},"variant":{"key":"standard"}}}"#.into(),
        );
    });
    let data = TempDir::new("lichess-events-429");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess"]);
    anna.wait_for("lichess does not answer now; Anna sends again in");
    anna.wait_for("Hana (1720) challenges you");
    anna.type_line("yes");
    anna.wait_for("You play White against lichess AI, level 3 on lichess, a casual game.");
    anna.quit();
    assert_eq!(server.posted("/api/challenge/ch4llenge/accept"), 1);
}

/// Issue 58: while Anna waits for a game, a line of the event stream that cannot be read is said
/// once and the wait goes on; a `gameStart` written as lichess wrote it before 2021 (only `id`,
/// lichess-org/api issue #60) is the game.
#[test]
fn an_unreadable_event_and_an_old_game_start_do_not_end_the_wait() {
    let server = Server::start(&["e7e5"]);
    server.with(|t| {
        t.events.push("{garbage".into());
        t.events.push(format!(r#"{{"type":"gameStart","game":{{"id":"{GAME}"}}}}"#));
    });
    let data = TempDir::new("lichess-old-start");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess"]);
    anna.wait_for("A line from lichess could not be read; Anna goes on with the next.");
    anna.wait_for("You play White against lichess AI, level 3 on lichess, a casual game.");
    play(&mut anna, &[("e4", "Black: e-five.")]);
    anna.quit();
}
