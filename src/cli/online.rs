//! `anna --opponent lichess` before the game: the account checked, then the game found or made
//! on lichess (against its AI, a challenge, a seek, a game in progress, a challenge received),
//! each step written in the player's language; and `anna login`, which stores the token.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use crate::adapters::online::wire::{variant_played, Challenge, EventLine, GameInfo};
use crate::adapters::online::{self, token, Lichess};
use crate::adapters::speech::{self, Speaker, SpeechArgs};
use anna_app::online::{error_words, offered, seek_allowed, ServerError};
use anna_app::OnlineGame;
use anna_core::clock::TimeControl;
use anna_core::message::{Arg, Priority, Words};
use anna_language::Voice;

use super::GameArgs;

/// Where a token with the Board API's scope is made.
const TOKEN_PAGE: &str = "https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=Anna";

/// The player's voice before the game: each line written (a screen reader reads it) and said by
/// Anna's own speech, as in the game, so that a question is heard even without a screen reader.
struct Teller<'a> {
    voice: &'a Voice,
    speaker: Speaker,
}

impl<'a> Teller<'a> {
    fn new(voice: &'a Voice, speech: &SpeechArgs) -> Teller<'a> {
        // The settings are saved once, by the game's own speaker.
        let speech = SpeechArgs { save_settings: false, ..speech.clone() };
        let speaker = speech::start(&speech, voice, Box::new(|notice| outln!("{notice}")));
        Teller { voice, speaker }
    }

    /// What is still being said is heard to its end (briefly) before the game or the exit.
    fn done(self) {
        self.speaker.finish(Duration::from_secs(5));
    }
}

impl std::ops::Deref for Teller<'_> {
    type Target = Voice;

    fn deref(&self) -> &Voice {
        self.voice
    }
}

/// Writes a line of the player's language and says it.
fn tell(voice: &Teller<'_>, words: Words) {
    let text = voice.words(&words);
    outln!("{text}");
    let _ = std::io::stdout().flush();
    voice.speaker.say(text, Priority::Urgent);
}

fn line(key: &str) -> Words {
    Words::line(format!("line.{key}"))
}

fn failed(voice: &Teller<'_>, error: &ServerError) -> ExitCode {
    tell(voice, error_words(error));
    ExitCode::from(1)
}

/// The game to play on lichess, as the arguments ask: the player's account checked first.
pub fn find_game(args: &GameArgs, voice: &Voice) -> Result<OnlineGame, ExitCode> {
    let teller = Teller::new(voice, &args.speech);
    let found = find(args, &teller);
    teller.done();
    found
}

fn find(args: &GameArgs, voice: &Teller<'_>) -> Result<OnlineGame, ExitCode> {
    let Some(client) = Lichess::from_env() else {
        tell(voice, line("online_no_token"));
        return Err(ExitCode::from(2));
    };
    let server = online::server();
    let user = patiently(voice, || client.account()).map_err(|e| failed(voice, &e))?;
    let clock = clock_of(args, voice)?;
    // `--player`: the side asked for; lichess draws it otherwise.
    let side = args.player.as_deref().and_then(anna_language::commands::color);
    let found = |game: String| OnlineGame { game, user: user.clone(), server: server.clone() };
    // A clock lichess does not offer would be refused there with a form's error: said here, with
    // the nearest it does offer. A seek has fewer choices than a challenge.
    let seeking = args.level.is_none()
        && args.challenge.is_none()
        && clock.is_some_and(|(l, i)| seek_allowed(Duration::from_secs(l), Duration::from_secs(i)).is_ok());
    if let Some(Err(nearest)) = clock.map(|clock| offered(clock, seeking)) {
        let clock = clock.unwrap_or_default();
        let words = line("online_tc_not_offered")
            .arg("tc", Arg::Text(voice.words(&tc_words(clock))))
            .arg("nearest", Arg::Text(voice.words(&tc_words(nearest))))
            .arg("arg", Arg::Text(tc_arg(nearest)));
        tell(voice, words);
        return Err(ExitCode::from(2));
    }
    if let Some(level) = args.level {
        let level = level.to_string().parse::<u8>().unwrap_or(3);
        let id = patiently(voice, || client.challenge_ai(level, clock, side)).map_err(|e| failed(voice, &e))?;
        return Ok(found(id));
    }
    let events = client.events();
    if let Some(name) = &args.challenge {
        let sent = patiently(voice, || client.challenge(name, clock, args.rated)).map_err(|e| failed(voice, &e))?;
        tell(voice, line("online_challenge_sent").arg("name", Arg::Text(name.clone())));
        return wait_for_challenge(&events, sent, name, voice).map(found);
    }
    if let Some((limit, increment)) = clock {
        if let Err(estimate) = seek_allowed(Duration::from_secs(limit), Duration::from_secs(increment)) {
            let minutes = Arg::Number(u32::try_from(estimate.as_secs() / 60).unwrap_or(u32::MAX));
            tell(voice, line("online_seek_too_fast").arg("minutes", minutes));
            // Not only a refusal: the games lichess does play at this clock, asked for at once.
            tell(voice, line("online_seek_instead"));
            let mut answer = String::new();
            let _ = std::io::stdin().lock().read_line(&mut answer);
            let answer = answer.trim();
            let quit =
                anna_app::keys::leading(answer, &voice.vocab).is_some_and(|(n, _)| n == anna_core::command::Name::Quit);
            if answer.is_empty() || quit || anna_app::clear_answer(answer, &voice.vocab) == Some(false) {
                return Err(ExitCode::from(2));
            }
            if anna_language::parse::fold(answer) == "ai" {
                let ai = || client.challenge_ai(3, clock, side);
                return patiently(voice, ai).map(found).map_err(|e| failed(voice, &e));
            }
            let name = answer.to_string();
            let sent =
                patiently(voice, || client.challenge(&name, clock, args.rated)).map_err(|e| failed(voice, &e))?;
            tell(voice, line("online_challenge_sent").arg("name", Arg::Text(name.clone())));
            return wait_for_challenge(&events, sent, &name, voice).map(found);
        }
        tell(voice, line("online_seeking"));
        // The games in progress that the stream names first are said, and left for another time.
        let in_progress = |game: &GameInfo| {
            let name = game.opponent_name().unwrap_or_else(|| voice.vocab.word("line.opponent").to_string());
            tell(voice, line("online_in_progress").arg("name", Arg::Text(name)));
        };
        let seek =
            || client.seek_game(&events, (limit, increment), args.rated, side, in_progress, || stop_asked(voice));
        // The seek ends with the program (its request closes), as lichess ends a seek.
        return match patiently(voice, seek) {
            Ok(Some(game)) => Ok(found(game)),
            Ok(None) => Err(stopped(voice)),
            Err(e) => Err(failed(voice, &e)),
        };
    }
    tell(voice, line("online_waiting"));
    let me = user.to_lowercase();
    wait_for(&events, voice, |event| match event {
        EventLine::GameStart { game } => Some(Ok(game.game_id)),
        EventLine::Challenge { challenge }
            if challenge.dest_user.as_ref().and_then(|u| u.id.as_deref()) == Some(&me) =>
        {
            let variant = challenge.variant.as_ref().map_or("standard", |v| v.key.as_str());
            if !challenge.board_may_play() {
                // Accepted, it would be lost on time: lichess would not stream it to the Board API.
                let _ = client.answer_challenge(&challenge.id, false);
                let name = challenger_name(&challenge);
                tell(voice, line("online_challenge_not_board").arg("name", Arg::Text(name)));
                return None;
            }
            if !variant_played(variant) {
                // Anna keeps standard chess only; a variant's moves would be read wrongly.
                let _ = client.answer_challenge(&challenge.id, false);
                tell(voice, line("online_variant").arg("variant", Arg::Text(variant.to_string())));
                return None;
            }
            match ask_challenge(&challenge, voice, &events) {
                Some(true) => {
                    if let Err(e) = client.answer_challenge(&challenge.id, true) {
                        return Some(Err(failed(voice, &e)));
                    }
                }
                Some(false) => {
                    let _ = client.answer_challenge(&challenge.id, false);
                    tell(voice, line("online_waiting"));
                }
                // Withdrawn: nothing to answer.
                None => tell(voice, line("online_waiting")),
            }
            None
        }
        _ => None,
    })
    .map(found)
}

/// An unreachable server is tried this many times in all before the player is told it cannot be.
const TRIES: u32 = 3;

/// `request` made until lichess answers it: a 429 is waited out as lichess asks (a minute) and
/// sent again, an unreachable server tried again a few times, each wait said with its length, so
/// that what the player hears is what happens. Any other answer, or the last failure, is returned.
fn patiently<T>(voice: &Teller<'_>, mut request: impl FnMut() -> Result<T, ServerError>) -> Result<T, ServerError> {
    let mut unreached = 0;
    loop {
        let wait = match request() {
            Err(ServerError::RateLimited) => online::rate_limit_wait(),
            Err(ServerError::Unreachable(detail)) if unreached + 1 < TRIES => {
                unreached += 1;
                crate::adapters::diverted::note(&format!("lichess cannot be reached: {detail}"));
                online::rate_limit_wait() / 6
            }
            answer => return answer,
        };
        tell(voice, line("online_wait_for").arg("time", Arg::Time(wait)));
        std::thread::sleep(wait);
    }
}

/// The clock of `--tc` in whole seconds, base and increment: lichess plays one period with a
/// Fischer increment. `None` without `--tc`.
fn clock_of(args: &GameArgs, voice: &Teller<'_>) -> Result<Option<(u64, u64)>, ExitCode> {
    let Some(text) = &args.tc else { return Ok(None) };
    let tc = TimeControl::read(text).map_err(|_| {
        eprintln!("anna: {}", super::ArgError::TimeControl(text.clone()).words(&voice.vocab));
        ExitCode::from(2)
    })?;
    match tc.periods.as_slice() {
        [period] if period.moves.is_none_or(|m| m == 0) => {
            Ok(Some((period.time.as_secs(), period.increment.as_secs())))
        }
        _ => {
            tell(voice, line("online_one_period"));
            Err(ExitCode::from(2))
        }
    }
}

/// A clock in words: "20 minutes plus 5 seconds a move".
fn tc_words((limit, increment): (u64, u64)) -> Words {
    line("online_tc")
        .arg("time", Arg::Time(Duration::from_secs(limit)))
        .arg("increment", Arg::Time(Duration::from_secs(increment)))
}

/// A clock as `--tc` takes it: minutes (a fraction for the shortest) plus seconds.
fn tc_arg((limit, increment): (u64, u64)) -> String {
    let minutes = if limit % 60 == 0 { (limit / 60).to_string() } else { format!("{}", limit as f64 / 60.0) };
    format!("{minutes}+{increment}")
}

/// A declined challenge's reason in the player's language (lila's ten reasons by their key), else
/// as lichess wrote it.
fn decline_reason(challenge: &Challenge, voice: &Teller<'_>) -> String {
    const KEYS: [&str; 11] = [
        "generic",
        "later",
        "toofast",
        "tooslow",
        "timecontrol",
        "rated",
        "casual",
        "standard",
        "variant",
        "nobot",
        "onlybot",
    ];
    let key = challenge.decline_reason_key.as_deref().map(str::to_lowercase);
    match key.filter(|key| KEYS.contains(&key.as_str())) {
        Some(key) => voice.words(&line(&format!("decline_{key}"))),
        None => challenge.decline_reason.clone().unwrap_or_default(),
    }
}

/// What an event says of the challenge `id` sent to `name`: its game begins, or it was declined.
fn challenge_answered(event: EventLine, id: &str, name: &str, voice: &Teller<'_>) -> Option<Result<String, ExitCode>> {
    match event {
        EventLine::GameStart { game } if game.game_id == id => Some(Ok(game.game_id)),
        EventLine::ChallengeDeclined { challenge } if challenge.id == id => {
            let reason = decline_reason(&challenge, voice);
            let words = line("online_challenge_declined")
                .arg("name", Arg::Text(name.to_string()))
                .arg("reason", Arg::Text(reason));
            tell(voice, words);
            Some(Err(ExitCode::from(1)))
        }
        _ => None,
    }
}

/// How long a declined challenge's reason may take to come on the event stream after its end.
const REASON_WAIT: Duration = Duration::from_secs(2);

/// Waits for the answer to the challenge `sent` to `name`: its game begins, it is declined (with
/// the player's reason), or it ends unanswered (cancelled, or dropped by the server), each said.
fn wait_for_challenge(
    events: &mpsc::Receiver<Result<EventLine, ServerError>>,
    sent: (String, mpsc::Receiver<Option<String>>),
    name: &str,
    voice: &Teller<'_>,
) -> Result<String, ExitCode> {
    let (id, ended) = sent;
    let mut garbled = false;
    let mut ended_at: Option<(std::time::Instant, Option<String>)> = None;
    loop {
        if let Some(event) = next_event(events, voice, &mut garbled)? {
            if let Some(settled) = challenge_answered(event, &id, name, voice) {
                return settled;
            }
        }
        if stop_asked(voice) {
            // The challenge is withdrawn as the program ends (its kept-alive request closes).
            return Err(stopped(voice));
        }
        if ended_at.is_none() {
            match ended.try_recv() {
                Ok(done) => ended_at = Some((std::time::Instant::now(), done)),
                Err(mpsc::TryRecvError::Disconnected) => ended_at = Some((std::time::Instant::now(), None)),
                Err(mpsc::TryRecvError::Empty) => {}
            }
        }
        // Accepted: the game comes on the event stream. Otherwise its reason may still come there.
        if let Some((at, done)) = &ended_at {
            if done.as_deref() != Some("accepted") && at.elapsed() >= REASON_WAIT {
                tell(voice, line("online_challenge_ended").arg("name", Arg::Text(name.to_string())));
                return Err(ExitCode::from(1));
            }
        }
    }
}

/// Reads events until `decide` settles the matter; a broken stream ends the wait in a sentence,
/// and so does the player's `quit`.
fn wait_for(
    events: &mpsc::Receiver<Result<EventLine, ServerError>>,
    voice: &Teller<'_>,
    mut decide: impl FnMut(EventLine) -> Option<Result<String, ExitCode>>,
) -> Result<String, ExitCode> {
    let mut garbled = false;
    loop {
        if let Some(event) = next_event(events, voice, &mut garbled)? {
            if let Some(settled) = decide(event) {
                return settled;
            }
        }
        if stop_asked(voice) {
            return Err(stopped(voice));
        }
    }
}

/// Whether the player typed `quit` (or closed the input) while Anna waits on lichess; any other
/// line is answered with what Anna waits for. Read only at a terminal and only when a line is
/// there: piped lines are the game's, kept for it.
fn stop_asked(voice: &Teller<'_>) -> bool {
    match typed_now() {
        None => false,
        Some(None) => true,
        Some(Some(text)) => {
            let quit = anna_app::keys::leading(text.trim(), &voice.vocab)
                .is_some_and(|(name, _)| name == anna_core::command::Name::Quit);
            if !quit {
                tell(voice, line("online_still_waiting"));
            }
            quit
        }
    }
}

/// The next event of the stream within a fifth of a second, if one came. A 429 is said with its
/// wait (the stream is opened again after lichess's minute); a line that cannot be read is said once
/// and the wait goes on; a broken stream ends the wait in a sentence.
fn next_event(
    events: &mpsc::Receiver<Result<EventLine, ServerError>>,
    voice: &Teller<'_>,
    garbled: &mut bool,
) -> Result<Option<EventLine>, ExitCode> {
    match events.recv_timeout(Duration::from_millis(200)) {
        Ok(Ok(event)) => Ok(Some(event)),
        Ok(Err(ServerError::RateLimited)) => {
            tell(voice, line("online_wait_for").arg("time", Arg::Time(online::rate_limit_wait())));
            Ok(None)
        }
        Ok(Err(ServerError::Garbled(_))) => {
            unreadable(voice, garbled);
            Ok(None)
        }
        Ok(Err(e)) => Err(failed(voice, &e)),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(failed(voice, &ServerError::Unreachable(String::new()))),
        Err(mpsc::RecvTimeoutError::Timeout) => Ok(None),
    }
}

/// A line of the event stream that cannot be read, said the first time.
fn unreadable(voice: &Teller<'_>, said: &mut bool) {
    if !std::mem::replace(said, true) {
        tell(voice, line("online_unreadable"));
    }
}

/// The waiting ended by the player: nothing was started there.
fn stopped(voice: &Teller<'_>) -> ExitCode {
    tell(voice, line("online_wait_stopped"));
    ExitCode::SUCCESS
}

/// A line typed at the terminal, if one comes within `wait` (`Some(None)`: the input was closed).
/// Piped input is not a player at a terminal: read as it comes, without waiting.
#[cfg(unix)]
fn line_typed(wait: Duration) -> Option<Option<String>> {
    use rustix::event::{poll, PollFd, PollFlags, Timespec};
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        let wait = Timespec { tv_sec: 0, tv_nsec: i64::from(wait.subsec_nanos()) };
        if !poll(&mut fds, Some(&wait)).is_ok_and(|ready| ready > 0) {
            return None;
        }
    }
    let mut text = String::new();
    match stdin.lock().read_line(&mut text) {
        Ok(0) | Err(_) => Some(None),
        Ok(_) => Some(Some(text)),
    }
}

#[cfg(not(unix))]
fn line_typed(_wait: Duration) -> Option<Option<String>> {
    let mut text = String::new();
    match std::io::stdin().lock().read_line(&mut text) {
        Ok(0) | Err(_) => Some(None),
        Ok(_) => Some(Some(text)),
    }
}

/// A line typed at the terminal now, if there is one; never one piped in (those are the game's).
fn typed_now() -> Option<Option<String>> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() {
        return None;
    }
    line_typed(Duration::ZERO)
}

/// The challenger's name, as lichess gives it.
fn challenger_name(challenge: &Challenge) -> String {
    let who = challenge.challenger.as_ref();
    who.and_then(|p| p.name.clone().or_else(|| p.id.clone())).unwrap_or_default()
}

/// "Magnus (2850) challenges you: 5 minutes plus 3 seconds, rated. Accept it? Say yes or no."
/// At a terminal the event stream is read while the player thinks: a challenge withdrawn meanwhile
/// is said, and the question ends (`None`).
fn ask_challenge(
    challenge: &Challenge,
    voice: &Teller<'_>,
    events: &mpsc::Receiver<Result<EventLine, ServerError>>,
) -> Option<bool> {
    let who = challenge.challenger.as_ref();
    let name = challenger_name(challenge);
    let rating = who.and_then(|p| p.rating).map_or_else(String::new, |r| format!(" ({r})"));
    let clock = challenge.time_control.as_ref().and_then(|c| c.limit.zip(c.increment));
    let tc = match clock {
        Some(clock) => voice.words(&tc_words(clock)),
        None => match challenge.time_control.as_ref().and_then(|c| c.days_per_turn) {
            Some(days) => voice.words(&line("online_days").arg("days", Arg::Counted("days", days))),
            None => voice.words(&line("online_no_clock")),
        },
    };
    let key = if challenge.rated { "online_challenged_rated" } else { "online_challenged" };
    let words = line(key).arg("name", Arg::Text(format!("{name}{rating}"))).arg("tc", Arg::Text(tc));
    loop {
        tell(voice, words.clone());
        let answer = loop {
            if let Some(typed) = line_typed(Duration::from_millis(200)) {
                break typed;
            }
            let withdrawn = std::iter::from_fn(|| events.try_recv().ok()).any(
                |event| matches!(event, Ok(EventLine::ChallengeCanceled { challenge: c }) if c.id == challenge.id),
            );
            if withdrawn {
                tell(voice, line("online_challenge_withdrawn").arg("name", Arg::Text(name.clone())));
                return None;
            }
        };
        let Some(answer) = answer else { return Some(false) };
        if let Some(yes) = anna_app::clear_answer(&answer, &voice.vocab) {
            return Some(yes);
        }
    }
}

/// A line of standard input that is a secret: typed or pasted at a terminal it is read as `passwd`
/// reads a password, without echo, so that neither the screen nor the screen reader shows it to the
/// room; piped in (a password manager, a script), read as it comes. Empty when nothing was given.
fn read_secret() -> String {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        return rpassword::read_password().unwrap_or_default();
    }
    let mut text = String::new();
    let _ = std::io::stdin().lock().read_line(&mut text);
    text
}

/// `anna login`: where to make a token, then the token read, checked and stored.
pub fn login(voice: &Voice, speech: &SpeechArgs) -> ExitCode {
    let teller = Teller::new(voice, speech);
    let code = log_in(&teller);
    teller.done();
    code
}

fn log_in(voice: &Teller<'_>) -> ExitCode {
    tell(voice, line("online_login").arg("page", Arg::Text(TOKEN_PAGE.to_string())));
    let text = read_secret();
    if text.trim().is_empty() {
        tell(voice, line("online_login_none"));
        return ExitCode::from(1);
    }
    let client = Lichess::new(&online::server(), text.trim());
    let user = match client.account() {
        Ok(user) => user,
        Err(e) => return failed(voice, &e),
    };
    match token::store(text.trim()) {
        Ok(path) => {
            let words = line("online_logged_in")
                .arg("name", Arg::Text(user))
                .arg("path", Arg::Text(path.display().to_string()));
            tell(voice, words);
            ExitCode::SUCCESS
        }
        Err(e) => {
            crate::adapters::diverted::note(&format!("the lichess token could not be stored: {e}"));
            tell(voice, line("online_login_not_stored"));
            ExitCode::from(1)
        }
    }
}
