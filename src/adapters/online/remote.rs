//! The game on the server, carried for the loop: one thread sends the app's requests one at a
//! time, in order (a 429 is waited out, a dropped connection tried again a few times), and one
//! thread per game reads its stream, opened again whenever it breaks until the game is over.
//! Everything the server says comes back through `report` as a [`ServerEvent`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::thread;
use std::time::Duration;

use anna_app::online::{GameLine, ServerError, ServerEvent, ServerRequest};
use anna_app::OnlineGame;

use super::{token, Lichess};

/// Where the server's news goes: into the loop's channel.
pub type Report = Arc<dyn Fn(ServerEvent) + Send + Sync>;

/// How long to wait after a 429 before sending again: lichess asks for a minute.
const RATE_LIMIT_WAIT: Duration = Duration::from_secs(60);

/// A request that did not reach the server is tried this many times in all, this far apart.
const TRIES: u32 = 3;
const RETRY_AFTER: Duration = Duration::from_secs(2);

/// The longest wait before a broken stream is opened again.
const MOST_BACKOFF: Duration = Duration::from_secs(30);

/// The requests' thread.
pub struct Remote {
    /// Each request, and whether it counts among the pending ones.
    requests: mpsc::Sender<(ServerRequest, bool)>,
    /// The requests queued and not yet carried out.
    pending: Arc<(Mutex<usize>, Condvar)>,
}

impl Remote {
    pub fn start(report: Report) -> Remote {
        let (requests, inbox) = mpsc::channel();
        let pending = Arc::new((Mutex::new(0), Condvar::new()));
        let done = pending.clone();
        thread::spawn(move || {
            let mut game = None;
            for (request, counted) in inbox {
                carry_out(request, &report, &mut game);
                if counted {
                    let (count, changed) = &*done;
                    *count.lock().unwrap_or_else(std::sync::PoisonError::into_inner) -= 1;
                    changed.notify_all();
                }
            }
        });
        Remote { requests, pending }
    }

    /// Queues a request; it is sent after those before it. A search for a game and leaving a game
    /// are not waited for at the end ([`Remote::finish`]): quitting while a seek waits (before, 10
    /// seconds of silence) leaves nothing undelivered.
    pub fn request(&self, request: ServerRequest) {
        let delivered = !matches!(request, ServerRequest::Find { .. } | ServerRequest::Leave);
        if delivered {
            *self.pending.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) += 1;
        }
        let _ = self.requests.send((request, delivered));
    }

    /// Waits, at most `limit`, until every request queued has been carried out: a move made just
    /// before the player leaves (a mate) still reaches the server.
    pub fn finish(&self, limit: Duration) {
        let (count, changed) = &*self.pending;
        let count = count.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = changed.wait_timeout_while(count, limit, |n| *n > 0);
    }
}

/// The wait after a 429; a test server's stand-in may shorten it (`ANNA_LICHESS_WAIT_MS`).
pub fn rate_limit_wait() -> Duration {
    std::env::var("ANNA_LICHESS_WAIT_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(RATE_LIMIT_WAIT, Duration::from_millis)
}

/// The game followed: its client, its id, and the flag that stops its stream's thread.
type Followed = (Lichess, String, Arc<AtomicBool>);

/// Carries out one request; `game` is the game followed, once opened.
fn carry_out(request: ServerRequest, report: &Report, game: &mut Option<Followed>) {
    if let ServerRequest::Leave = request {
        // The player left it for a new game: its stream says nothing more here.
        if let Some((_, _, left)) = game.take() {
            left.store(true, Ordering::SeqCst);
        }
        return;
    }
    if let ServerRequest::Find { clock, side, level } = &request {
        match find(*clock, *side, *level) {
            Ok(online) => report(ServerEvent::Found(online)),
            Err(error) => report(ServerEvent::Failed(request.clone(), error)),
        }
        return;
    }
    if let ServerRequest::Open(online) = &request {
        match connect(online) {
            Ok(client) => {
                if let Some((_, _, left)) = game.take() {
                    left.store(true, Ordering::SeqCst);
                }
                let left = Arc::new(AtomicBool::new(false));
                follow(client.clone(), online.game.clone(), report.clone(), left.clone());
                *game = Some((client, online.game.clone(), left));
            }
            Err(error) => report(ServerEvent::Failed(request.clone(), error)),
        }
        return;
    }
    let Some((client, id, _)) = game else { return };
    let mut tries = 0;
    loop {
        tries += 1;
        match send(client, id, &request) {
            Ok(()) => return,
            Err(ServerError::RateLimited) => {
                report(ServerEvent::Waiting);
                thread::sleep(rate_limit_wait());
            }
            Err(ServerError::Unreachable(_)) if tries < TRIES => thread::sleep(RETRY_AFTER),
            Err(error) => return report(ServerEvent::Failed(request.clone(), error)),
        }
    }
}

/// A game found for the setup's answer: a seek when lichess pairs one for this clock, else a game
/// against its AI.
fn find(clock: (u64, u64), side: shakmaty::Color, level: u8) -> Result<OnlineGame, ServerError> {
    let client = Lichess::from_env().ok_or(ServerError::Unauthorized)?;
    let user = client.account()?;
    let seekable = anna_app::online::seek_allowed(Duration::from_secs(clock.0), Duration::from_secs(clock.1)).is_ok();
    let game = if seekable {
        // The one event stream of this search; the games in progress it names are not the seek's.
        let events = client.events();
        // Asked for in the game's setup: `new` or `quit` there ends the program's wait, not this.
        client.seek_game(&events, clock, false, Some(side), |_| {}, || false)?.ok_or(ServerError::SeekEnded)?
    } else {
        client.challenge_ai(level, Some(clock), Some(side))?
    };
    Ok(OnlineGame { game, user, server: super::server() })
}

/// The client for a game: the token the environment or `anna login` gave.
fn connect(online: &OnlineGame) -> Result<Lichess, ServerError> {
    let token = token::find().ok_or(ServerError::Unauthorized)?;
    Ok(Lichess::new(&online.server, &token))
}

fn send(client: &Lichess, game: &str, request: &ServerRequest) -> Result<(), ServerError> {
    match request {
        ServerRequest::Open(_) | ServerRequest::Find { .. } | ServerRequest::Leave => Ok(()),
        ServerRequest::Move(uci) => client.play(game, uci, false),
        ServerRequest::Draw(yes) => client.game_action(game, if *yes { "draw/yes" } else { "draw/no" }),
        ServerRequest::Takeback(yes) => client.game_action(game, if *yes { "takeback/yes" } else { "takeback/no" }),
        ServerRequest::Resign => client.game_action(game, "resign"),
        ServerRequest::Abort => client.game_action(game, "abort"),
        ServerRequest::ClaimVictory => client.game_action(game, "claim-victory"),
        ServerRequest::ClaimDraw => client.game_action(game, "claim-draw"),
        ServerRequest::Chat(text) => client.chat(game, text),
    }
}

/// Reads the game's stream on its own thread until the game is over or `left`, opening it again
/// when it breaks (its first line, the whole game, brings what was missed).
fn follow(client: Lichess, game: String, report: Report, left: Arc<AtomicBool>) {
    thread::spawn(move || {
        let mut backoff = Duration::from_secs(1);
        loop {
            let mut over = false;
            let result = client.stream_game(&game, |line| {
                if left.load(Ordering::SeqCst) {
                    return false;
                }
                if let Err(ServerError::Garbled(what)) = &line {
                    report(ServerEvent::Unreadable(what.clone()));
                }
                if let Ok(line) = line {
                    over |= match &line {
                        GameLine::Full(full) => full.state.ending.is_some(),
                        GameLine::State(state) => state.ending.is_some(),
                        _ => false,
                    };
                    report(ServerEvent::Line(line));
                }
                true
            });
            if over || left.load(Ordering::SeqCst) {
                return;
            }
            match result {
                // Final: no token, no such game, or a game lichess refuses to stream here (400, "This
                // game cannot be played with the Board API."): said with lichess's reason, once.
                Err(error @ (ServerError::Unauthorized | ServerError::NotFound | ServerError::Refused(_))) => {
                    let open = ServerRequest::Open(OnlineGame {
                        game: game.clone(),
                        user: String::new(),
                        server: String::new(),
                    });
                    return report(ServerEvent::Failed(open, error));
                }
                Ok(()) => backoff = Duration::from_secs(1),
                Err(_) => {}
            }
            report(ServerEvent::Lost);
            thread::sleep(backoff);
            backoff = (backoff * 2).min(MOST_BACKOFF);
        }
    });
}
