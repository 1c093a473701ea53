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

mod finding;
mod waits;
