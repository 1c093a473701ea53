//! lichess's Board API over blocking HTTP (`ureq`, TLS by rustls): the requests a player makes and
//! the two streams a game needs, each read on its own thread by its caller. lichess's JSON is read
//! in `wire.rs` and handed on in Anna's own terms (`anna_app::online`).
//!
//! Written from lichess's OpenAPI description (repository lichess-org/api, `doc/specs/`). The
//! server is `ANNA_LICHESS_URL` (by default `https://lichess.org`), so that a test server on
//! loopback can stand in; the token is `ANNA_LICHESS_TOKEN`, sent only in the Authorization header
//! and never written anywhere.

mod remote;
pub use remote::rate_limit_wait;
pub mod token;
pub mod wire;

pub use remote::{Remote, Report};

use std::io::{BufRead, BufReader};
use std::sync::mpsc;

use shakmaty::Color;
use std::time::Duration;

use anna_app::online::{GameLine, ServerError};
use wire::{read_done, read_event_line, read_game_line, read_id, read_username, EventLine, GameInfo};

/// The server when `ANNA_LICHESS_URL` does not name another.
pub const LICHESS: &str = "https://lichess.org";

/// How long a request may take; a stream may be silent this long between its lines (lichess sends
/// a blank line every few seconds to keep it open) before it is taken for dead and opened again.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
const STREAM_SILENCE: Duration = Duration::from_secs(30);

/// A player's connection to lichess.
#[derive(Clone)]
pub struct Lichess {
    base: String,
    token: String,
    agent: ureq::Agent,
    streams: ureq::Agent,
}

impl std::fmt::Debug for Lichess {
    /// Never the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lichess").field("base", &self.base).finish_non_exhaustive()
    }
}

impl Lichess {
    /// A connection to `base` (`https://lichess.org`) with `token`.
    pub fn new(base: &str, token: &str) -> Lichess {
        let agent = |read: Option<Duration>, whole: Option<Duration>| -> ureq::Agent {
            ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_connect(Some(REQUEST_TIMEOUT))
                .timeout_per_read(read)
                .timeout_global(whole)
                .user_agent(concat!("anna/", env!("CARGO_PKG_VERSION")))
                .build()
                .into()
        };
        Lichess {
            base: base.trim_end_matches('/').to_string(),
            token: token.to_string(),
            agent: agent(Some(REQUEST_TIMEOUT), Some(REQUEST_TIMEOUT)),
            streams: agent(Some(STREAM_SILENCE), None),
        }
    }

    /// The server the environment names (`ANNA_LICHESS_URL`, or lichess.org) with the player's
    /// token ([`token::find`]); `None` without a token.
    pub fn from_env() -> Option<Lichess> {
        Some(Lichess::new(&server(), &token::find()?))
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn bearer(&self) -> String {
        format!("Bearer {}", self.token)
    }

    /// The account's username (`GET /api/account`): the token works.
    pub fn account(&self) -> Result<String, ServerError> {
        let response = self.agent.get(self.url("/api/account")).header("Authorization", self.bearer()).call();
        read_username(&answer(response)?).ok_or_else(|| ServerError::Garbled("no username".into()))
    }

    /// A move in UCI (`POST /api/board/game/{gameId}/move/{move}`), with a draw offer if asked.
    pub fn play(&self, game: &str, uci: &str, offering_draw: bool) -> Result<(), ServerError> {
        let mut path = format!("/api/board/game/{game}/move/{uci}");
        if offering_draw {
            path.push_str("?offeringDraw=true");
        }
        self.post(&path, &[])
    }

    /// A POST of the Board API that answers `{"ok": true}`: `draw/yes`, `takeback/no`, `resign`,
    /// `abort`, `claim-victory`, `claim-draw` (`/api/board/game/{gameId}/...`).
    pub fn game_action(&self, game: &str, action: &str) -> Result<(), ServerError> {
        self.post(&format!("/api/board/game/{game}/{action}"), &[])
    }

    /// A line in the game's chat with the opponent (`room=player`).
    pub fn chat(&self, game: &str, text: &str) -> Result<(), ServerError> {
        self.post(&format!("/api/board/game/{game}/chat"), &[("room", "player"), ("text", text)])
    }

    /// A game against lichess's AI at `level` (1-8), with the clock in seconds and the player's
    /// colour (`None`: lichess draws it): the game's id.
    pub fn challenge_ai(
        &self,
        level: u8,
        clock: Option<(u64, u64)>,
        color: Option<Color>,
    ) -> Result<String, ServerError> {
        let level = level.to_string();
        let (limit, increment) = clock.map(|(l, i)| (l.to_string(), i.to_string())).unzip();
        let mut form = vec![("level", level.as_str())];
        if let (Some(limit), Some(increment)) = (&limit, &increment) {
            form.extend([("clock.limit", limit.as_str()), ("clock.increment", increment.as_str())]);
        }
        form.extend(color.map(|c| ("color", color_name(c))));
        let text = self.post_answer("/api/challenge/ai", &form)?;
        id_of(&text)
    }

    /// A challenge to the player `name`, with the clock in seconds, kept alive while it waits
    /// (`keepAliveStream`: unanswered, lichess would drop a real-time challenge after 20 seconds
    /// without a word): the challenge's id, and how it ends (`accepted`, `declined`, `canceled`;
    /// `None` when the server closed it without saying). The game begins when they accept it (a
    /// `gameStart` on the event stream).
    pub fn challenge(
        &self,
        name: &str,
        clock: Option<(u64, u64)>,
        rated: bool,
    ) -> Result<(String, mpsc::Receiver<Option<String>>), ServerError> {
        let rated = rated.to_string();
        let (limit, increment) = clock.map(|(l, i)| (l.to_string(), i.to_string())).unzip();
        let mut form = vec![("rated", rated.as_str()), ("keepAliveStream", "true")];
        if let (Some(limit), Some(increment)) = (&limit, &increment) {
            form.extend([("clock.limit", limit.as_str()), ("clock.increment", increment.as_str())]);
        }
        let url = self.url(&format!("/api/challenge/{name}"));
        let response = self.streams.post(url).header("Authorization", self.bearer()).send_form(form);
        let response = response.map_err(unreachable)?;
        let status = response.status().as_u16();
        let mut body = response.into_body();
        if !(200..300).contains(&status) {
            let text = body.read_to_string().unwrap_or_default();
            check(status, || text)?;
        }
        let mut lines = BufReader::new(body.into_reader()).lines();
        let first = lines.by_ref().map_while(Result::ok).find(|line| !line.trim().is_empty()).unwrap_or_default();
        let id = id_of(&first)?;
        let (sender, ended) = mpsc::channel();
        std::thread::spawn(move || {
            let done = lines.map_while(Result::ok).find_map(|line| read_done(&line));
            drop(sender.send(done));
        });
        Ok((id, ended))
    }

    /// Accepts or declines a challenge to the player.
    pub fn answer_challenge(&self, id: &str, accept: bool) -> Result<(), ServerError> {
        self.post(&format!("/api/challenge/{id}/{}", if accept { "accept" } else { "decline" }), &[])
    }

    /// A seek (`POST /api/board/seek`), held open until someone takes it (the game then starts on the
    /// event stream) or the server ends it. Blocks: run it on its own thread.
    pub fn seek(&self, minutes: f64, increment: u64, rated: bool, color: Option<Color>) -> Result<(), ServerError> {
        let (time, increment, rated) = (minutes.to_string(), increment.to_string(), rated.to_string());
        let mut form = vec![("time", time.as_str()), ("increment", increment.as_str()), ("rated", rated.as_str())];
        form.extend(color.map(|c| ("color", color_name(c))));
        let response =
            self.streams.post(self.url("/api/board/seek")).header("Authorization", self.bearer()).send_form(form);
        let response = response.map_err(unreachable)?;
        check(response.status().as_u16(), String::new)?;
        // The body is blank lines until the seek is taken; reading it to its end keeps it open.
        let _ = std::io::copy(&mut response.into_body().into_reader(), &mut std::io::sink());
        Ok(())
    }

    /// The player's event stream (`GET /api/stream/event`), read on its own thread: its lines, then
    /// why it ended.
    /// A 429 is handed on (the waits say it) and the stream opened again after lichess's minute.
    pub fn events(&self) -> mpsc::Receiver<Result<EventLine, ServerError>> {
        let (sender, receiver) = mpsc::channel();
        let client = self.clone();
        std::thread::spawn(move || loop {
            let result = client.stream_events(|line| sender.send(line).is_ok());
            let error = result.err().unwrap_or(ServerError::Unreachable(String::new()));
            let limited = error == ServerError::RateLimited;
            if sender.send(Err(error)).is_err() || !limited {
                return;
            }
            std::thread::sleep(rate_limit_wait());
        });
        receiver
    }

    /// A seek, waited out on the player's one event stream `events`: the id of the game that
    /// starts when someone takes it. lichess opens the stream with a `gameStart` for every game in
    /// progress (correspondence too): those that come before the seek is sent, and any that cannot
    /// be the seek's (from elsewhere than the lobby, or with moves made), are handed to
    /// `in_progress` and never taken for the seek's game. `None` when `stop` says the player no
    /// longer waits.
    pub fn seek_game(
        &self,
        events: &mpsc::Receiver<Result<EventLine, ServerError>>,
        clock: (u64, u64),
        rated: bool,
        color: Option<Color>,
        mut in_progress: impl FnMut(&GameInfo),
        mut stop: impl FnMut() -> bool,
    ) -> Result<Option<String>, ServerError> {
        let mut seen = std::collections::HashSet::new();
        // The games in progress come at once; the seek is sent when the stream is quiet.
        loop {
            match events.recv_timeout(SETTLE) {
                Ok(Ok(EventLine::GameStart { game })) => {
                    if seen.insert(game.game_id.clone()) {
                        in_progress(&game);
                    }
                }
                // A line that cannot be read is no game: the wait goes on.
                Ok(Ok(_) | Err(ServerError::Garbled(_))) => {}
                Ok(Err(e)) => return Err(e),
                Err(mpsc::RecvTimeoutError::Timeout) => break,
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(ServerError::Unreachable(String::new())),
            }
        }
        let seeker = self.clone();
        let mut closed = None;
        let (done, seek_ended) = mpsc::channel();
        std::thread::spawn(move || {
            let minutes = clock.0 as f64 / 60.0;
            drop(done.send(seeker.seek(minutes, clock.1, rated, color)));
        });
        loop {
            match events.recv_timeout(Duration::from_millis(200)) {
                Ok(Ok(EventLine::GameStart { game })) if !seen.contains(&game.game_id) && game.may_be_sought() => {
                    return Ok(Some(game.game_id))
                }
                Ok(Ok(EventLine::GameStart { game })) => {
                    if seen.insert(game.game_id.clone()) {
                        in_progress(&game);
                    }
                }
                Ok(Ok(_) | Err(ServerError::Garbled(_))) | Err(mpsc::RecvTimeoutError::Timeout) => {}
                Ok(Err(e)) => return Err(e),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(ServerError::Unreachable(String::new())),
            }
            match seek_ended.try_recv() {
                Ok(Err(e)) => return Err(e),
                // The seek's request closes when it is paired, and the game comes on the event
                // stream a moment later; none in that time: the server ended the seek unpaired.
                Ok(Ok(())) => closed = Some(std::time::Instant::now()),
                Err(_) => {}
            }
            if closed.is_some_and(|at| at.elapsed() >= PAIRING_GRACE) {
                return Err(ServerError::SeekEnded);
            }
            if stop() {
                return Ok(None);
            }
        }
    }

    /// Reads the stream of a game (`GET /api/board/game/stream/{gameId}`) to its end, handing each
    /// line to `each`; a line that cannot be read is handed as the error. Returns when the server
    /// closes the stream (the game is over) or the connection fails.
    pub fn stream_game(
        &self,
        game: &str,
        mut each: impl FnMut(Result<GameLine, ServerError>) -> bool,
    ) -> Result<(), ServerError> {
        self.stream(&format!("/api/board/game/stream/{game}"), |line| match read_game_line(line) {
            Ok(Some(line)) => each(Ok(line)),
            Ok(None) => true,
            Err(e) => each(Err(ServerError::Garbled(e.0))),
        })
    }

    /// Reads the player's event stream (`GET /api/stream/event`): games starting and ending,
    /// challenges.
    pub fn stream_events(
        &self,
        mut each: impl FnMut(Result<EventLine, ServerError>) -> bool,
    ) -> Result<(), ServerError> {
        self.stream("/api/stream/event", |line| match read_event_line(line) {
            Ok(Some(line)) => each(Ok(line)),
            Ok(None) => true,
            Err(e) => each(Err(ServerError::Garbled(e.0))),
        })
    }

    /// Reads an ndjson stream a line at a time until its end, or until `each` returns false.
    fn stream(&self, path: &str, mut each: impl FnMut(&str) -> bool) -> Result<(), ServerError> {
        let response = self.streams.get(self.url(path)).header("Authorization", self.bearer()).call();
        let response = response.map_err(unreachable)?;
        let status = response.status().as_u16();
        let mut body = response.into_body();
        check(status, || body.read_to_string().unwrap_or_default())?;
        let reader = BufReader::new(body.into_reader());
        for line in reader.lines() {
            let line = line.map_err(|e| ServerError::Unreachable(e.to_string()))?;
            if !each(&line) {
                break;
            }
        }
        Ok(())
    }

    fn post(&self, path: &str, form: &[(&str, &str)]) -> Result<(), ServerError> {
        self.post_answer(path, form).map(drop)
    }

    fn post_answer(&self, path: &str, form: &[(&str, &str)]) -> Result<String, ServerError> {
        let request = self.agent.post(self.url(path)).header("Authorization", self.bearer());
        let response = if form.is_empty() { request.send_empty() } else { request.send_form(form.iter().copied()) };
        answer(response)
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// How long the game of a seek may take to come on the event stream after the seek's request closed.
const PAIRING_GRACE: Duration = Duration::from_secs(3);

/// How long the event stream stays quiet after its opening before a seek is sent: lichess names
/// the games in progress at once.
const SETTLE: Duration = Duration::from_millis(700);

/// The server's address: `ANNA_LICHESS_URL`, or lichess.org.
pub fn server() -> String {
    let base = std::env::var("ANNA_LICHESS_URL").ok().filter(|u| !u.trim().is_empty());
    base.unwrap_or_else(|| LICHESS.to_string()).trim().trim_end_matches('/').to_string()
}

/// The body of a whole answer, or why there is none.
fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Result<String, ServerError> {
    let response = response.map_err(unreachable)?;
    let status = response.status().as_u16();
    let mut body = response.into_body();
    let text = body.read_to_string().unwrap_or_default();
    check(status, || text.clone())?;
    Ok(text)
}

/// A status as an error, with the server's reason from `body` (`{"error": "..."}`) for a 400.
fn check(status: u16, body: impl FnOnce() -> String) -> Result<(), ServerError> {
    match status {
        200..=299 => Ok(()),
        400 => Err(ServerError::Refused(wire::refusal(&body()))),
        401 | 403 => Err(ServerError::Unauthorized),
        404 => Err(ServerError::NotFound),
        429 => Err(ServerError::RateLimited),
        status => Err(ServerError::Status(status)),
    }
}

fn unreachable(error: ureq::Error) -> ServerError {
    ServerError::Unreachable(error.to_string())
}

/// The id in an answer, or why there is none.
fn id_of(text: &str) -> Result<String, ServerError> {
    read_id(text).ok_or_else(|| ServerError::Garbled("no id".into()))
}

#[cfg(test)]
mod tests;
