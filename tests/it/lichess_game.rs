//! A whole game on a stand-in lichess, played by the real `anna --opponent lichess`: the server is
//! written from lichess's OpenAPI description (the account, a game against the AI, the game's
//! ndjson stream with keep-alive blank lines, moves, resign), with a scripted opponent who answers
//! each move. The stream can be dropped, requests refused with 429, the program killed: the game
//! goes on from the server, no move said twice, none lost. No test touches the internet.

use std::collections::VecDeque;
use std::net::{TcpListener, TcpStream};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

use crate::support::boards::Running;
use crate::support::http::{self, Request};
use crate::support::{self, TempDir};

const TOKEN: &str = "lip_stand_in_token";
const GAME: &str = "aiGame01";

/// The game on the stand-in server.
#[derive(Default)]
struct Table {
    moves: Vec<String>,
    status: String,
    winner: Option<&'static str>,
    /// The scripted opponent's moves, played one after each of the player's.
    replies: VecDeque<&'static str>,
    /// The streams open on the game: each gets every new state.
    watchers: Vec<mpsc::Sender<String>>,
    /// So many moves are answered 429 before one is taken.
    rate_limited: u32,
    /// So many challenges of the AI are answered 429 before one is made.
    ai_rate_limited: u32,
    /// The first stream is dropped after the opponent's first reply.
    drop_first_stream: bool,
    streams_opened: u32,
    /// Every request, in order.
    requests: Vec<Request>,
    /// What the event stream says when it is opened, and the streams open on it.
    events: Vec<String>,
    event_watchers: Vec<mpsc::Sender<String>>,
    /// Whether a challenge of the player's is accepted (else declined).
    challenge_accepted: bool,
    /// A challenge of the player's is never answered: the server ends it without a word.
    challenge_unanswered: bool,
    /// A seek is never paired: the server ends it.
    seek_unpaired: bool,
    /// The game's stream is refused with 400, as lila refuses a game the Board API cannot play.
    stream_refused: bool,
    /// So many openings of the event stream are answered 429.
    events_rate_limited: u32,
}

impl Table {
    fn position(&self) -> Chess {
        let mut position = Chess::default();
        for text in &self.moves {
            let mv = UciMove::from_ascii(text.as_bytes()).unwrap().to_move(&position).unwrap();
            position.play_unchecked(mv);
        }
        position
    }

    fn state(&self) -> String {
        let winner = self.winner.map_or(String::new(), |w| format!(r#","winner":"{w}""#));
        format!(
            r#"{{"type":"gameState","moves":"{}","wtime":{},"btime":{},"winc":3000,"binc":3000,"status":"{}"{winner}}}"#,
            self.moves.join(" "),
            300_000 - 1000 * self.moves.len() as u64,
            300_000 - 500 * self.moves.len() as u64,
            self.status
        )
    }

    fn full(&self) -> String {
        format!(
            r#"{{"type":"gameFull","id":"{GAME}","rated":false,"speed":"blitz","clock":{{"initial":300000,"increment":3000}},"white":{{"id":"annaplayer","name":"AnnaPlayer","rating":1500}},"black":{{"aiLevel":3}},"initialFen":"startpos","state":{}}}"#,
            self.state()
        )
    }

    fn announce(&mut self, event: String) {
        self.events.push(event.clone());
        self.event_watchers.retain(|w| w.send(event.clone()).is_ok());
    }

    fn tell(&mut self) {
        let state = self.state();
        self.watchers.retain(|w| w.send(state.clone()).is_ok());
    }

    /// Plays `uci` if it is legal for the side to move; a mate ends the game.
    fn play(&mut self, uci: &str) -> bool {
        let position = self.position();
        let Some(mv) = UciMove::from_ascii(uci.as_bytes()).ok().and_then(|u| u.to_move(&position).ok()) else {
            return false;
        };
        self.moves.push(uci.to_string());
        let after = position.play(mv).unwrap();
        if after.is_checkmate() {
            self.status = "mate".into();
            self.winner = Some(if after.turn() == Color::White { "black" } else { "white" });
        }
        self.tell();
        true
    }
}

struct Server {
    base: String,
    table: Arc<Mutex<Table>>,
}

impl Server {
    fn start(replies: &[&'static str]) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let table = Arc::new(Mutex::new(Table {
            status: "started".into(),
            replies: replies.iter().copied().collect(),
            ..Table::default()
        }));
        let shared = table.clone();
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let table = shared.clone();
                thread::spawn(move || serve(&stream, &table));
            }
        });
        Server { base, table }
    }

    fn with(&self, change: impl FnOnce(&mut Table)) {
        change(&mut self.table.lock().unwrap());
    }

    fn moves(&self) -> Vec<String> {
        self.table.lock().unwrap().moves.clone()
    }

    fn posted(&self, path: &str) -> usize {
        self.table.lock().unwrap().requests.iter().filter(|r| r.method == "POST" && r.path == path).count()
    }

    fn anna(&self, data: &std::path::Path, args: &[&str]) -> Running {
        let mut command = support::anna(data);
        command
            .args(["--speech", "off", "--sounds", "off", "--alarms", "off", "--squares", "plain", "--no-confirm"])
            .args(args)
            .env("ANNA_LICHESS_URL", &self.base)
            .env("ANNA_LICHESS_TOKEN", TOKEN)
            .env("ANNA_LICHESS_WAIT_MS", "300");
        Running::start(command)
    }

    /// `anna ARGS` against this server with the token, quietly, run to its end (no input).
    fn output(&self, data: &std::path::Path, args: &[&str]) -> std::process::Output {
        let mut command = support::anna(data);
        command.arg("--speech").arg("off").args(args);
        command.env("ANNA_LICHESS_URL", &self.base).env("ANNA_LICHESS_TOKEN", TOKEN).output().unwrap()
    }
}

fn serve(stream: &TcpStream, table: &Mutex<Table>) {
    let Some(request) = http::read_request(stream) else { return };
    table.lock().unwrap().requests.push(request.clone());
    if request.authorization != format!("Bearer {TOKEN}") {
        return http::whole(stream, 401, r#"{"error":"No such token"}"#);
    }
    let path = request.path.as_str();
    let game = format!("/api/board/game/{GAME}/");
    if path == "/api/account" {
        return http::whole(stream, 200, r#"{"id":"annaplayer","username":"AnnaPlayer"}"#);
    }
    if path == "/api/challenge/ai" {
        let mut t = table.lock().unwrap();
        if t.ai_rate_limited > 0 {
            t.ai_rate_limited -= 1;
            return http::whole(stream, 429, "{}");
        }
        drop(t);
        return http::whole(stream, 201, &format!(r#"{{"id":"{GAME}","variant":{{"key":"standard"}}}}"#));
    }
    if path == format!("/api/board/game/stream/{GAME}") {
        if table.lock().unwrap().stream_refused {
            return http::whole(stream, 400, r#"{"error":"This game cannot be played with the Board API."}"#);
        }
        return follow(stream, table);
    }
    if path == "/api/stream/event" {
        let mut t = table.lock().unwrap();
        if t.events_rate_limited > 0 {
            t.events_rate_limited -= 1;
            return http::whole(stream, 429, "{}");
        }
        drop(t);
        return events(stream, table);
    }
    let game_start = format!(r#"{{"type":"gameStart","game":{{"gameId":"{GAME}","color":"white"}}}}"#);
    if path == "/api/challenge/Magnus" {
        // `keepAliveStream`: the challenge, then how it ended (`{"done":...}`), as lila writes it.
        http::stream_head(stream);
        http::line(stream, &format!(r#"{{"challenge":{{"id":"{GAME}"}}}}"#));
        thread::sleep(Duration::from_millis(200));
        let mut t = table.lock().unwrap();
        if t.challenge_unanswered {
            // Never answered: the server ends it without a word on the event stream.
            return;
        }
        let declined = format!(
            r#"{{"type":"challengeDeclined","challenge":{{"id":"{GAME}","declineReason":"I'm not accepting challenges at the moment.","declineReasonKey":"generic"}}}}"#
        );
        let (event, done) = if t.challenge_accepted { (game_start, "accepted") } else { (declined, "declined") };
        t.announce(event);
        drop(t);
        http::line(stream, &format!(r#"{{"done":"{done}"}}"#));
        return;
    }
    if path == "/api/board/seek" {
        if table.lock().unwrap().seek_unpaired {
            // The seek expires: its request closes, and no game comes.
            return http::whole(stream, 200, "");
        }
        // Paired a moment after the seek, in the lobby (lila's `source: lobby`), no move made yet.
        thread::sleep(Duration::from_millis(200));
        let paired = format!(
            r#"{{"type":"gameStart","game":{{"gameId":"{GAME}","color":"white","source":"lobby","hasMoved":false,"rated":false,"opponent":{{"username":"Hana","rating":1720}}}}}}"#
        );
        table.lock().unwrap().announce(paired);
        return http::whole(stream, 200, "");
    }
    if path == "/api/challenge/ch4llenge/accept" {
        http::whole(stream, 200, r#"{"ok":true}"#);
        table.lock().unwrap().announce(game_start);
        return;
    }
    let Some(action) = path.strip_prefix(&game) else { return http::whole(stream, 404, r#"{"error":"Not found"}"#) };
    let mut t = table.lock().unwrap();
    if let Some(uci) = action.strip_prefix("move/") {
        if t.rate_limited > 0 {
            t.rate_limited -= 1;
            return http::whole(stream, 429, "{}");
        }
        let white_to_move = t.moves.len().is_multiple_of(2);
        if t.status != "started" || !white_to_move || !t.play(uci) {
            return http::whole(stream, 400, r#"{"error":"Not your turn, or game already over"}"#);
        }
        http::whole(stream, 200, r#"{"ok":true}"#);
        if t.status == "started" {
            if let Some(reply) = t.replies.pop_front() {
                drop(t);
                thread::sleep(Duration::from_millis(150));
                table.lock().unwrap().play(reply);
            }
        }
        return;
    }
    if action == "resign" {
        t.status = "resign".into();
        t.winner = Some("black");
        t.tell();
    }
    http::whole(stream, 200, r#"{"ok":true}"#);
}

/// The game's stream: its whole game first, then every state, with a blank line when nothing
/// happens for a while; it ends with the game.
fn follow(stream: &TcpStream, table: &Mutex<Table>) {
    let (sender, states) = mpsc::channel();
    let (full, dropping) = {
        let mut t = table.lock().unwrap();
        t.watchers.push(sender);
        t.streams_opened += 1;
        (t.full(), t.drop_first_stream && t.streams_opened == 1)
    };
    http::stream_head(stream);
    if !http::line(stream, &full) || full.contains(r#""status":"mate""#) || full.contains(r#""status":"resign""#) {
        return;
    }
    loop {
        match states.recv_timeout(Duration::from_millis(400)) {
            Ok(state) => {
                if !http::line(stream, &state) {
                    return;
                }
                let ended = !state.contains(r#""status":"started""#);
                // The connection breaks after the opponent's first reply.
                if ended || (dropping && state.contains(r#""moves":"e2e4 e7e5""#)) {
                    let _ = stream.shutdown(std::net::Shutdown::Both);
                    return;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if !http::line(stream, "") {
                    return;
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// The event stream: what it holds, then what comes, with blank lines between.
fn events(stream: &TcpStream, table: &Mutex<Table>) {
    let (sender, news) = mpsc::channel();
    let past = {
        let mut t = table.lock().unwrap();
        t.event_watchers.push(sender);
        t.events.clone()
    };
    http::stream_head(stream);
    for event in past {
        if !http::line(stream, &event) {
            return;
        }
    }
    loop {
        let line = news.recv_timeout(Duration::from_millis(400)).unwrap_or_default();
        if !http::line(stream, &line) {
            return;
        }
    }
}

/// Plays `moves` (each with its press) and waits after each for the opponent's reply.
fn play(anna: &mut Running, moves: &[(&str, &str)]) {
    for (mine, reply) in moves {
        anna.type_line(mine);
        anna.type_line("");
        anna.wait_for(reply);
    }
}

#[test]
fn a_game_against_lichess_ai_is_played_said_and_scored() {
    let server = Server::start(&["e7e5", "b8c6", "g8f6"]);
    let data = TempDir::new("lichess-game");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess", "--level", "3", "--tc", "5+3"]);
    anna.wait_for("You play White against lichess AI, level 3 on lichess, a casual game.");
    play(&mut anna, &[("e4", "Black: e-five."), ("Bc4", "Black: Knight c-six."), ("Qh5", "Black: Knight f-six.")]);
    anna.type_line("Qxf7");
    anna.type_line("");
    anna.wait_for("White wins by checkmate (FIDE 5.1.1).");
    anna.quit();
    assert_eq!(server.moves(), ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]);
    // The scoresheet names the game's address and carries the clocks.
    let games = data.0.join("games");
    let pgn = std::fs::read_dir(&games).unwrap().flatten().map(|f| std::fs::read_to_string(f.path()).unwrap());
    let pgn: String = pgn.collect();
    assert!(pgn.contains(&format!("[Site \"{}/{GAME}\"]", server.base)), "{pgn}");
    assert!(pgn.contains("[%clk"), "{pgn}");
    assert!(pgn.contains("1-0"), "{pgn}");
}

#[test]
fn a_dropped_stream_and_a_429_lose_nothing_and_say_nothing_twice() {
    let server = Server::start(&["e7e5", "b8c6"]);
    server.with(|t| {
        t.drop_first_stream = true;
        t.rate_limited = 1;
    });
    let data = TempDir::new("lichess-drop");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess", "--level", "2", "--tc", "5+3"]);
    anna.wait_for("You play White against lichess AI, level 3");
    anna.type_line("e4");
    anna.type_line("");
    // The first try is refused with 429: said, waited out, sent again.
    anna.wait_for("lichess asks us to wait a minute; Anna sends again then.");
    anna.wait_for("Black: e-five.");
    anna.wait_for("The connection to lichess was lost");
    anna.wait_for("Connected to lichess again.");
    play(&mut anna, &[("Nf3", "Black: Knight c-six.")]);
    anna.type_line("moves");
    let moves = anna.wait_for("1.");
    assert_eq!(moves, "1. e-four, e-five; 2. Knight f-three, Knight c-six.");
    anna.quit();
    assert_eq!(server.moves(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(server.posted(&format!("/api/board/game/{GAME}/move/e2e4")), 2);
    assert_eq!(server.table.lock().unwrap().streams_opened, 2);
}

#[test]
fn killed_mid_game_the_resumed_game_goes_on_from_the_server() {
    let server = Server::start(&["e7e5", "b8c6", "g8f6"]);
    let data = TempDir::new("lichess-kill");
    let mut anna = server.anna(&data.0, &["--opponent", "lichess", "--level", "3", "--tc", "5+3"]);
    anna.wait_for("You play White against lichess AI, level 3");
    play(&mut anna, &[("e4", "Black: e-five.")]);
    anna.child.kill().unwrap();
    let _ = anna.child.wait();
    // Meanwhile the game went on there (the player moved from the web page).
    server.with(|t| {
        t.play("f1c4");
        let reply = t.replies.pop_front().unwrap();
        t.play(reply);
    });
    let mut anna = server.anna(&data.0, &["--resume"]);
    anna.wait_for("Connecting to the lichess game aiGame01.");
    anna.wait_for("White: Bishop c-four.");
    anna.wait_for("Black: Knight c-six.");
    play(&mut anna, &[("Qh5", "Black: Knight f-six.")]);
    anna.type_line("Qxf7");
    anna.type_line("");
    anna.wait_for("White wins by checkmate (FIDE 5.1.1).");
    anna.quit();
    assert_eq!(server.moves(), ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]);
}

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

mod waits;
