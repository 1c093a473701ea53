//! The lichess adapter against a stand-in server on loopback, written from lichess's OpenAPI
//! description (`doc/specs/tags/board/`): ndjson streams with keep-alive blank lines, the Board
//! API's POSTs, and each error a player must hear of in one sentence. No test touches the internet.

use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::http::{self, Request};
use anna::adapters::online::wire::EventLine;
use anna::adapters::online::Lichess;
use anna_app::online::ServerError;
use anna_app::online::{Absence, GameLine};

/// What the stand-in answers.
enum Reply {
    /// A whole answer with this status and JSON body.
    Whole(u16, &'static str),
    /// An ndjson stream: these lines, then the connection closes.
    Stream(Vec<String>),
}

/// A server on a free loopback port answering by `route`; every request is kept.
struct Server {
    base: String,
    requests: Arc<Mutex<Vec<Request>>>,
}

impl Server {
    fn start(route: impl Fn(&Request) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let kept = requests.clone();
        let route = Arc::new(route);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (kept, route) = (kept.clone(), route.clone());
                std::thread::spawn(move || serve(stream, &kept, &*route));
            }
        });
        Server { base, requests }
    }

    fn requests(&self) -> Vec<Request> {
        self.requests.lock().unwrap().clone()
    }
}

fn serve(stream: TcpStream, kept: &Mutex<Vec<Request>>, route: &dyn Fn(&Request) -> Reply) {
    let Some(request) = http::read_request(&stream) else { return };
    kept.lock().unwrap().push(request.clone());
    match route(&request) {
        Reply::Whole(status, body) => http::whole(&stream, status, body),
        Reply::Stream(lines) => {
            http::stream_head(&stream);
            for line in lines {
                http::line(&stream, &line);
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

const TOKEN: &str = "lip_secret_test_token";

fn authorised(request: &Request) -> bool {
    request.authorization == format!("Bearer {TOKEN}")
}

#[test]
fn the_account_says_whether_the_token_works_and_the_token_is_never_shown() {
    let server = Server::start(|request| match (request.path.as_str(), authorised(request)) {
        ("/api/account", true) => Reply::Whole(200, r#"{"id":"hana","username":"Hana"}"#),
        _ => Reply::Whole(401, r#"{"error":"No such token"}"#),
    });
    assert_eq!(Lichess::new(&server.base, TOKEN).account(), Ok("Hana".to_string()));
    assert_eq!(Lichess::new(&server.base, "wrong").account(), Err(ServerError::Unauthorized));
    let shown = format!("{:?}", Lichess::new(&server.base, TOKEN));
    assert!(!shown.contains(TOKEN), "{shown}");
}

#[test]
fn a_games_stream_is_read_line_by_line_with_its_keep_alive_lines() {
    let server = Server::start(|request| {
        assert_eq!(request.path, "/api/board/game/stream/abcdefgh");
        Reply::Stream(vec![
            r#"{"type":"gameFull","id":"abcdefgh","white":{"id":"hana","name":"Hana"},"black":{"aiLevel":2},"initialFen":"startpos","state":{"type":"gameState","moves":"","wtime":600000,"btime":600000,"winc":0,"binc":0,"status":"started"}}"#.into(),
            String::new(),
            r#"{"type":"gameState","moves":"e2e4 e7e5","wtime":598000,"btime":599000,"winc":0,"binc":0,"status":"started"}"#.into(),
            String::new(),
            // lichess's own line in the chat: not handed on.
            r#"{"type":"chatLine","room":"player","username":"lichess","text":"White proposes takeback"}"#.into(),
            r#"{"type":"chatLine","room":"player","username":"hana","text":"Good luck"}"#.into(),
            r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":10}"#.into(),
            "{garbage".into(),
        ])
    });
    let mut seen = Vec::new();
    let lichess = Lichess::new(&server.base, TOKEN);
    lichess
        .stream_game("abcdefgh", |line| {
            seen.push(line);
            true
        })
        .unwrap();
    assert_eq!(seen.len(), 5, "{seen:?}");
    assert!(matches!(&seen[0], Ok(GameLine::Full(full)) if full.id == "abcdefgh"));
    assert!(matches!(&seen[1], Ok(GameLine::State(state)) if state.moves == ["e2e4", "e7e5"]));
    assert!(matches!(&seen[2], Ok(GameLine::Chat(chat)) if chat.text == "Good luck"));
    assert!(matches!(&seen[3], Ok(GameLine::Absence(Absence::Gone(10)))));
    assert!(matches!(&seen[4], Err(ServerError::Garbled(_))));
    assert!(authorised(&server.requests()[0]));
}

#[test]
fn moves_and_actions_are_posted_and_refusals_said_with_their_reason() {
    let server = Server::start(|request| match request.path.as_str() {
        "/api/board/game/abcdefgh/move/e2e4" => Reply::Whole(200, r#"{"ok":true}"#),
        "/api/board/game/abcdefgh/move/e2e5" => Reply::Whole(400, r#"{"error":"Not your turn, or game already over"}"#),
        "/api/board/game/abcdefgh/resign" => Reply::Whole(429, "{}"),
        "/api/board/game/abcdefgh/chat" => Reply::Whole(200, r#"{"ok":true}"#),
        _ => Reply::Whole(404, r#"{"error":"Not found"}"#),
    });
    let lichess = Lichess::new(&server.base, TOKEN);
    assert_eq!(lichess.play("abcdefgh", "e2e4", false), Ok(()));
    assert_eq!(
        lichess.play("abcdefgh", "e2e5", false),
        Err(ServerError::Refused(anna_app::online::Refusal::NotYourTurn))
    );
    assert_eq!(lichess.game_action("abcdefgh", "resign"), Err(ServerError::RateLimited));
    assert_eq!(lichess.game_action("nosuchgame", "abort"), Err(ServerError::NotFound));
    assert_eq!(lichess.chat("abcdefgh", "gg, thanks"), Ok(()));
    let requests = server.requests();
    assert!(requests.iter().all(|r| r.method == "POST" && authorised(r)), "{requests:?}");
    assert_eq!(requests[4].body, "room=player&text=gg%2C+thanks");
}

#[test]
fn a_game_against_the_ai_and_a_challenge_send_their_clocks() {
    let server = Server::start(|request| match request.path.as_str() {
        "/api/challenge/ai" => Reply::Whole(201, r#"{"id":"aigame12","variant":{"key":"standard"}}"#),
        "/api/challenge/Magnus" => Reply::Whole(200, r#"{"challenge":{"id":"ch4llenge"}}"#),
        _ => Reply::Whole(404, "{}"),
    });
    let lichess = Lichess::new(&server.base, TOKEN);
    assert_eq!(lichess.challenge_ai(3, Some((600, 5)), Some(shakmaty::Color::Black)), Ok("aigame12".to_string()));
    let (id, ended) = lichess.challenge("Magnus", Some((900, 10)), true).unwrap();
    assert_eq!(id, "ch4llenge");
    // The answer is whole, with no `done` line: the challenge ended without a word.
    assert_eq!(ended.recv_timeout(std::time::Duration::from_secs(5)), Ok(None));
    let requests = server.requests();
    assert_eq!(requests[0].body, "level=3&clock.limit=600&clock.increment=5&color=black");
    assert_eq!(requests[1].body, "rated=true&keepAliveStream=true&clock.limit=900&clock.increment=10");
}

#[test]
fn the_event_stream_names_games_that_start() {
    let server = Server::start(|_| {
        Reply::Stream(vec![
            String::new(),
            r#"{"type":"gameStart","game":{"fullId":"abcdefgh1234","gameId":"abcdefgh","color":"black"}}"#.into(),
            r#"{"type":"challengeDeclined","challenge":{"id":"ch4llenge","declineReason":"I'm not accepting challenges at the moment."}}"#.into(),
        ])
    });
    let mut seen = Vec::new();
    Lichess::new(&server.base, TOKEN)
        .stream_events(|line| {
            seen.push(line.unwrap());
            true
        })
        .unwrap();
    assert!(matches!(&seen[0], EventLine::GameStart { game } if game.game_id == "abcdefgh"));
    assert!(matches!(&seen[1], EventLine::ChallengeDeclined { challenge } if challenge.decline_reason.is_some()));
}

#[test]
fn no_server_is_one_error_not_a_hang() {
    // A port nobody listens on.
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let lichess = Lichess::new(&format!("http://127.0.0.1:{port}"), TOKEN);
    assert!(matches!(lichess.account(), Err(ServerError::Unreachable(_))));
}
