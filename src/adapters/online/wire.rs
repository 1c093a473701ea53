//! lichess's JSON, read here and nowhere else: the lines of its two streams, the event stream
//! (`GET /api/stream/event`) and a game's stream (`GET /api/board/game/stream/{gameId}`), and the
//! bodies of its answers. A game's lines are handed to the app in Anna's own terms
//! (`anna_app::online::GameLine`).
//!
//! Written from lichess's OpenAPI description (repository lichess-org/api, `doc/specs/`:
//! `tags/board/api-stream-event.yaml`, `api-board-game-stream-gameId.yaml` and the schemas
//! `GameFullEvent`, `GameStateEvent`, `ChatLineEvent`, `OpponentGoneEvent`, `GameEventInfo`,
//! `GameStatusName`) and from lila's writers (`modules/bot` GameStateStream and BotJsonView).
//! Both streams are ndjson: one JSON object a line, with a blank line now and then to keep the
//! connection alive. Fields Anna does not use are left out; a line of a type it does not know is
//! read as such, never as an error, so that a server that says more does not stop the game; a
//! field that is missing is never read as an ending or a clock.

use std::time::Duration;

use serde::Deserialize;
use shakmaty::Color;

use anna_app::online::{self as game, Absence, Ending, Refusal};

/// A line of a game's stream.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum GameLine {
    /// The whole game: always the first line, and again when the stream is opened again.
    GameFull(Box<GameFull>),
    /// A move was played, a draw or takeback offered, or the game ended.
    GameState(GameState),
    ChatLine(ChatLine),
    OpponentGone(OpponentGone),
    #[serde(other)]
    Unknown,
}

/// `GameFullEvent`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFull {
    pub id: String,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub speed: String,
    pub white: Player,
    pub black: Player,
    /// Milliseconds; none in a correspondence game.
    #[serde(default)]
    pub clock: Option<Clock>,
    #[serde(default = "startpos")]
    pub initial_fen: String,
    /// `standard` unless it says otherwise.
    #[serde(default)]
    pub variant: Option<Variant>,
    /// A correspondence game's days for each move (lila's `gameImmutable` adds it).
    #[serde(default)]
    pub days_per_turn: Option<u32>,
    pub state: GameState,
}

fn startpos() -> String {
    "startpos".to_string()
}

/// The clock of a game, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Clock {
    pub initial: u64,
    pub increment: u64,
}

/// `GameEventPlayer`: a player, or lichess's AI (`aiLevel`, no name).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub rating: Option<u32>,
    #[serde(default)]
    pub ai_level: Option<u8>,
    #[serde(default)]
    pub title: Option<String>,
    /// A rating lichess is not yet sure of (`1500?` on its pages).
    #[serde(default)]
    pub provisional: bool,
}

/// `GameStateEvent`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    /// Every move of the game, in UCI, separated by spaces.
    #[serde(default)]
    pub moves: String,
    /// Milliseconds; missing in a line that does not say them.
    #[serde(default)]
    pub wtime: Option<u64>,
    #[serde(default)]
    pub btime: Option<u64>,
    #[serde(default)]
    pub winc: u64,
    #[serde(default)]
    pub binc: u64,
    /// Missing: the game goes on.
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub winner: Option<String>,
    #[serde(default)]
    pub wdraw: bool,
    #[serde(default)]
    pub bdraw: bool,
    #[serde(default)]
    pub wtakeback: bool,
    #[serde(default)]
    pub btakeback: bool,
}

/// `ChatLineEvent`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ChatLine {
    /// `player` or `spectator`.
    pub room: String,
    pub username: String,
    pub text: String,
}

/// `OpponentGoneEvent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpponentGone {
    pub gone: bool,
    #[serde(default)]
    pub claim_win_in_seconds: Option<u32>,
}

/// A line of the event stream.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum EventLine {
    GameStart {
        game: GameInfo,
    },
    GameFinish {
        game: GameInfo,
    },
    Challenge {
        challenge: Challenge,
    },
    ChallengeCanceled {
        challenge: Challenge,
    },
    ChallengeDeclined {
        challenge: Challenge,
    },
    #[serde(other)]
    Unknown,
}

/// `GameEventInfo`: a game of the player's, as the event stream names it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The game's id (`gameId`; lichess before 2021 wrote only `id`, read into this).
    #[serde(default)]
    pub game_id: String,
    #[serde(default)]
    id: Option<String>,
    /// The side the player has in it.
    #[serde(default)]
    pub color: Option<String>,
    /// How the game was made: `lobby` or `pool` for a seek, `friend` for a challenge, `ai`...
    #[serde(default)]
    pub source: Option<String>,
    /// Whether a move was made in it yet.
    #[serde(default)]
    pub has_moved: Option<bool>,
    #[serde(default)]
    pub rated: Option<bool>,
    /// The opponent, as the event stream names them.
    #[serde(default)]
    pub opponent: Option<EventOpponent>,
    #[serde(default)]
    pub is_my_turn: Option<bool>,
}

/// The opponent of a game of the event stream (`GameEventOpponent`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventOpponent {
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub rating: Option<u32>,
    #[serde(default)]
    pub ai: Option<u8>,
}

impl GameInfo {
    /// Whether this can be the game a seek just made: from the lobby or a pool (when the server
    /// says), with no move made yet (when it says). A game in progress at the stream's opening is
    /// none of these.
    pub fn may_be_sought(&self) -> bool {
        self.source.as_deref().is_none_or(|s| s == "lobby" || s == "pool") && self.has_moved != Some(true)
    }

    /// The opponent's name, when the server gives one.
    pub fn opponent_name(&self) -> Option<String> {
        self.opponent.as_ref()?.username.clone()
    }
}

/// `ChallengeJson`, as far as Anna reads it: who challenges whom, at what time control.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    pub id: String,
    #[serde(default)]
    pub challenger: Option<Player>,
    #[serde(default)]
    pub dest_user: Option<Player>,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub decline_reason: Option<String>,
    /// The reason's key (lila's `DeclineReason`: `generic`, `later`, `tooFast`...), said in the
    /// player's language where Anna knows it.
    #[serde(default)]
    pub decline_reason_key: Option<String>,
    #[serde(default)]
    pub time_control: Option<ChallengeClock>,
    /// `standard`, `chess960`...: Anna plays standard chess only.
    #[serde(default)]
    pub variant: Option<Variant>,
    /// What may play it: lichess says `board: false` for what the Board API cannot play (bullet).
    #[serde(default)]
    pub compat: Option<Compat>,
}

/// `compat` of a challenge or game: whether a bot or the Board API may play it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Compat {
    #[serde(default)]
    pub bot: Option<bool>,
    #[serde(default)]
    pub board: Option<bool>,
}

impl Challenge {
    /// Whether lichess lets the Board API play this challenge's game (unsaid: it does).
    pub fn board_may_play(&self) -> bool {
        self.compat.as_ref().and_then(|c| c.board) != Some(false)
    }
}

/// A challenge's time control (`type: clock`, seconds); none for correspondence or unlimited.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct ChallengeClock {
    #[serde(default)]
    pub limit: Option<u64>,
    #[serde(default)]
    pub increment: Option<u64>,
    /// A correspondence game's days for each move (`type: correspondence`).
    #[serde(default, rename = "daysPerTurn")]
    pub days_per_turn: Option<u32>,
}

/// A variant as the server names it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Variant {
    #[serde(default)]
    pub key: String,
}

/// A line of a stream that is not what the description says it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a line of the server's stream could not be read: {0}")]
pub struct StreamError(pub String);

/// A line of a game's stream in Anna's terms; `None` for the blank lines that keep the connection
/// alive and for what is not handed on (see [`GameLine::into_game`]).
pub fn read_game_line(line: &str) -> Result<Option<game::GameLine>, StreamError> {
    Ok(read::<GameLine>(line)?.and_then(GameLine::into_game))
}

impl GameLine {
    /// The line in Anna's terms; `None` for a line of a type Anna does not know, the spectators'
    /// chat, and lichess's own lines in the chat ("White proposes takeback": the server's, not the
    /// opponent's, and said from the game's state already).
    pub fn into_game(self) -> Option<game::GameLine> {
        Some(match self {
            GameLine::GameFull(full) => game::GameLine::Full(Box::new(full.into_game())),
            GameLine::GameState(state) => game::GameLine::State(state.into_game()),
            GameLine::ChatLine(chat) if chat.room == "player" && !chat.username.eq_ignore_ascii_case("lichess") => {
                game::GameLine::Chat(game::ChatLine { username: chat.username, text: chat.text })
            }
            GameLine::OpponentGone(gone) => game::GameLine::Absence(match gone {
                OpponentGone { gone: false, .. } => Absence::Back,
                OpponentGone { claim_win_in_seconds, .. } => Absence::Gone(claim_win_in_seconds.unwrap_or(0)),
            }),
            GameLine::ChatLine(_) | GameLine::Unknown => return None,
        })
    }
}

impl GameFull {
    fn into_game(self) -> game::ServerGame {
        let variant = self.variant.map(|v| v.key).filter(|key| !variant_played(key));
        game::ServerGame {
            id: self.id,
            rated: self.rated,
            white: self.white.into_game(),
            black: self.black.into_game(),
            clock: self.clock.map(|c| (Duration::from_millis(c.initial), Duration::from_millis(c.increment))),
            days_per_turn: self.days_per_turn,
            initial_fen: Some(self.initial_fen).filter(|fen| fen != "startpos"),
            variant,
            state: self.state.into_game(),
        }
    }
}

impl Player {
    fn into_game(self) -> game::Player {
        game::Player {
            id: self.id,
            name: self.name,
            rating: self.rating,
            ai_level: self.ai_level,
            title: self.title,
            provisional: self.provisional,
        }
    }
}

impl GameState {
    fn into_game(self) -> game::ServerState {
        let side = |white: bool, black: bool| match (white, black) {
            (true, _) => Some(Color::White),
            (_, true) => Some(Color::Black),
            _ => None,
        };
        let winner = match self.winner.as_deref() {
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            _ => None,
        };
        game::ServerState {
            moves: self.moves.split_whitespace().map(str::to_string).collect(),
            clocks: self.wtime.zip(self.btime).map(|(w, b)| (Duration::from_millis(w), Duration::from_millis(b))),
            draw_offer: side(self.wdraw, self.bdraw),
            takeback: side(self.wtakeback, self.btakeback),
            ending: self.status.as_deref().and_then(ending_of).map(|ending| (ending, winner)),
        }
    }
}

/// The ending of a status (`GameStatusName`), `None` while the game goes on (`created`, `started`).
pub fn ending_of(status: &str) -> Option<Ending> {
    Some(match status {
        "created" | "started" => return None,
        "mate" => Ending::Mate,
        "resign" => Ending::Resign,
        "stalemate" => Ending::Stalemate,
        "timeout" => Ending::Timeout,
        "draw" | "insufficientMaterialClaim" => Ending::Draw,
        "outoftime" => Ending::OutOfTime,
        "aborted" => Ending::Aborted,
        "noStart" => Ending::NoStart,
        _ => Ending::Other,
    })
}

/// Whether Anna plays a game of this variant (lichess's key): standard chess, from the usual start or
/// from a position (`fromPosition`, its `initialFen`). Any other's moves would be read wrongly.
pub fn variant_played(key: &str) -> bool {
    matches!(key, "standard" | "fromPosition")
}

/// A line of the event stream; `None` for a blank line. A game named by neither `gameId` nor `id`
/// is not a game: the line cannot be read.
pub fn read_event_line(line: &str) -> Result<Option<EventLine>, StreamError> {
    let mut event = read(line)?;
    if let Some(EventLine::GameStart { game } | EventLine::GameFinish { game }) = &mut event {
        if game.game_id.is_empty() {
            game.game_id = game.id.take().ok_or_else(|| StreamError("a game without its id".into()))?;
        }
        game.id = None;
    }
    Ok(event)
}

fn read<T: serde::de::DeserializeOwned>(line: &str) -> Result<Option<T>, StreamError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    serde_json::from_str(line).map(Some).map_err(|e| StreamError(e.to_string()))
}

/// The username of an account (`GET /api/account`: `{"id": ..., "username": ...}`).
pub fn read_username(text: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value["username"].as_str().map(str::to_string)
}

/// The id of what a request made: a game against the AI (`{"id": ...}`), a challenge (`{"id": ...}`
/// or `{"challenge": {"id": ...}}`).
pub fn read_id(text: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value["id"].as_str().or_else(|| value["challenge"]["id"].as_str()).map(str::to_string)
}

/// How a challenge kept alive ended (`{"done":"accepted"}`: `accepted`, `declined`, `canceled`),
/// if the line says.
pub fn read_done(text: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value["done"].as_str().map(str::to_string)
}

/// A 400's body as Anna's reason: lila's texts for a move out of turn (`BotPlayer`: "Not your turn,
/// or game already over") and a game the Board API may not play ("This game cannot be played with
/// the Board API.") in Anna's words, any other as lichess wrote it.
pub fn refusal(text: &str) -> Refusal {
    let reason = read_error(text);
    if reason.starts_with("Not your turn") {
        Refusal::NotYourTurn
    } else if reason.contains("cannot be played with the Board API") {
        Refusal::NotForBoard
    } else {
        Refusal::Other(reason)
    }
}

/// The server's reason in an error's body (`{"error": "..."}`, or a form's errors by field,
/// `{"clock.limit":["Invalid value"]}`, said as `clock.limit: Invalid value`), or the body itself.
pub fn read_error(text: &str) -> String {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else { return text.trim().to_string() };
    if let Some(error) = value["error"].as_str() {
        return error.to_string();
    }
    let fields: Vec<String> = value
        .as_object()
        .into_iter()
        .flatten()
        .map(|(field, value)| {
            let messages: Vec<&str> = value.as_array().into_iter().flatten().filter_map(|m| m.as_str()).collect();
            let said =
                if messages.is_empty() { value.as_str().unwrap_or_default().to_string() } else { messages.join(", ") };
            format!("{field}: {said}")
        })
        .collect();
    if fields.is_empty() {
        text.trim().to_string()
    } else {
        fields.join("; ")
    }
}

#[cfg(test)]
mod tests;
