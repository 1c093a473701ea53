//! A game whose opponent plays on a server: the server's game and the session kept in step.
//!
//! The server is the truth. Its states bring the opponent's moves, which take the one path every
//! move of the other side takes ([`App::play_for`]: said, sounded, mirrored to the boards,
//! journaled, written on the scoresheet); its clocks, which Anna's clock follows as it follows a
//! DGT clock; its offers and its ending. The player's moves are made here as at the board and go
//! out when the clock is pressed ([`ServerRequest::Move`]), so a slip is corrected before it
//! (D.2.8). A resignation, an accepted draw, an abort or a claim is sent and its result taken from
//! the server's next state: the game never ends here while it goes on there.

use std::time::Duration;

use shakmaty::{Color, Position};

use super::{
    error_words, follow, outcome_of, uci_of, Absence, ChatLine, GameLine, ServerError, ServerGame, ServerState,
};
use crate::{App, Out};
use anna_core::clock::{ClockMode, Period, TimeControl};
use anna_core::command::{Command, Input, Name, Retraction, Setting};
use anna_core::message::{Arg, Priority, Words};

/// What the runtime tells the app about the game on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerEvent {
    /// A line of the game's stream (its first, `gameFull`, again after every reconnection).
    Line(GameLine),
    /// A request failed, after the runtime's own retries where a retry makes sense.
    Failed(ServerRequest, ServerError),
    /// The server asked for a pause (429): the runtime waits a minute, then sends again.
    Waiting,
    /// The game's stream broke: the runtime opens it again.
    Lost,
    /// A line of the game's stream could not be read (what it was, for the log).
    Unreadable(String),
    /// The game asked for by [`ServerRequest::Find`] begins.
    Found(crate::OnlineGame),
}

/// What the app asks of the server. Besides the game's stream, the runtime sends one at a time,
/// in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerRequest {
    /// Find a game (the setup's answer `lichess`): a seek when its clock is rapid or slower, else
    /// a game against lichess's AI at `level`; `side` is the player's.
    Find {
        clock: (u64, u64),
        side: Color,
        level: u8,
    },
    /// Follow this game: open its stream (a new game, a resumed one).
    Open(crate::OnlineGame),
    /// The player's move, in UCI.
    Move(String),
    /// Offer or accept a draw (yes), or decline one (no).
    Draw(bool),
    /// Propose or accept a takeback (yes), or decline one (no).
    Takeback(bool),
    Resign,
    Abort,
    /// Claim the win when the opponent has left the game.
    ClaimVictory,
    /// Claim a draw instead, when the opponent has left the game.
    ClaimDraw,
    /// A line to the opponent.
    Chat(String),
    /// Stop following the game (the player left it here for a new one; it goes on there).
    Leave,
}

/// The longest chat line said: the rest of a long one is not read out.
const CHAT_SAID: usize = 200;

/// What the app knows of the server's game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    /// The player's side there, once its `gameFull` said it.
    side: Option<Color>,
    /// The number of plies when the player's move was sent.
    sent: Option<usize>,
    /// The number of moves the server's last state had.
    known: usize,
    /// The opponent's takeback proposal, said once.
    takeback: Option<Color>,
    /// The opponent has left: when the win may be claimed, if the server said (seconds).
    gone: Option<u32>,
    /// The stream broke and has not given a line since.
    lost: bool,
    /// The player's move did not reach the server: the next press sends it again.
    resend: bool,
    /// Anna's clock follows the server's: from the first state on, its flag is the server's.
    following: bool,
    /// A line that could not be read was said: the next are not.
    unreadable: bool,
    /// The server's game is not one to play here (a variant, not the player's).
    refused: bool,
}

impl App {
    /// The game on the server, if the opponent plays there.
    fn online_game(&self) -> Option<&crate::OnlineGame> {
        self.options.online.as_ref()
    }

    /// Opens the server's game (a new game, a resumed one): said, and its stream asked for.
    pub(crate) fn server_open(&mut self) -> Vec<Out> {
        let Some(game) = self.online_game().cloned() else { return Vec::new() };
        let words = Words::line("line.online_connecting").arg("game", Arg::Text(game.game.clone()));
        vec![Out::Say(words, Priority::Info), Out::Server(ServerRequest::Open(game))]
    }

    pub(crate) fn server_event(&mut self, event: ServerEvent, now: Duration) -> Vec<Out> {
        let mut out = Vec::new();
        if self.online.lost && matches!(event, ServerEvent::Line(_)) {
            self.online.lost = false;
            out.push(self.say("line.online_back_connection"));
        }
        out.extend(match event {
            ServerEvent::Line(GameLine::Full(full)) => self.server_full(*full, now),
            ServerEvent::Line(GameLine::State(state)) => self.server_state(&state, now),
            ServerEvent::Line(GameLine::Chat(chat)) => self.server_chat(&chat),
            ServerEvent::Line(GameLine::Absence(absence)) => self.opponent_gone(absence),
            ServerEvent::Failed(request, error) => self.server_failed(request, &error, now),
            ServerEvent::Waiting => vec![self.say("line.online_wait")],
            ServerEvent::Lost if !self.online.lost => {
                self.online.lost = true;
                vec![self.ask("line.online_lost")]
            }
            ServerEvent::Lost => Vec::new(),
            ServerEvent::Unreadable(_) => self.server_unreadable(),
            // Found after the player left the search (`new`): not played here; lichess aborts a
            // game whose first move does not come.
            ServerEvent::Found(_) if self.options.opponent != crate::OtherSide::Server => {
                vec![self.say("line.online_found_after_leaving")]
            }
            ServerEvent::Found(game) => {
                self.options.online = Some(game);
                self.server_open()
            }
        });
        out
    }

    /// The whole game: set up here the first time, then followed like every state.
    fn server_full(&mut self, full: ServerGame, now: Duration) -> Vec<Out> {
        let Some(online) = self.online_game().cloned() else { return Vec::new() };
        let user = online.user.to_lowercase();
        let is = |p: &super::Player| p.id.as_deref().or(p.name.as_deref()).is_some_and(|n| n.to_lowercase() == user);
        let side = if is(&full.white) {
            Color::White
        } else if is(&full.black) {
            Color::Black
        } else {
            self.online.refused = true;
            let words = Words::line("line.online_not_yours").arg("game", Arg::Text(full.id.clone()));
            return vec![Out::Say(words, Priority::Urgent)];
        };
        if let Some(variant) = &full.variant {
            // Its moves would be read as standard chess: wrongly. Better none than a wrong one.
            self.online.refused = true;
            let words = Words::line("line.online_variant_game").arg("variant", Arg::Text(variant.clone()));
            return vec![Out::Say(words, Priority::Urgent)];
        }
        // "Anna cannot follow this game" was said for an unreadable first line: taken back.
        let followed_after_all = self.online.unreadable && self.online.side.is_none();
        self.online.side = Some(side);
        let mut out = Vec::new();
        if followed_after_all {
            out.push(self.say("line.online_followed_after_all"));
        }
        let first = !self.session.started() && self.session.game().plies().is_empty();
        if first {
            self.tags.site = format!("{}/{}", online.server.trim_end_matches('/'), full.id);
            self.tags.event =
                self.voice.words(&Words::line(if full.rated { "line.online_rated" } else { "line.online_casual" }));
            let mut setup = vec![
                Command::Name(Color::White, self.player_name(&full.white)),
                Command::Name(Color::Black, self.player_name(&full.black)),
                Command::Set(Setting::Player(Some(side))),
            ];
            if let Some((time, increment)) = full.clock {
                setup.push(Command::TimeControl(TimeControl {
                    periods: vec![Period { moves: None, time, increment }],
                    mode: ClockMode::Fischer,
                }));
            }
            if let Some(fen) = &full.initial_fen {
                setup.push(Command::Fen(fen.clone()));
            }
            for command in setup {
                out.extend(self.input(Input::act(command), now));
            }
            let opponent = if side == Color::White { &full.black } else { &full.white };
            let words = Words::line(if full.rated { "line.online_ready_rated" } else { "line.online_ready" })
                .arg("side", Arg::Side(side))
                .arg("name", Arg::Text(self.player_name(opponent)));
            out.push(Out::Say(words, Priority::Info));
            if let Some(days) = full.days_per_turn.filter(|_| full.clock.is_none()) {
                let days = Arg::Counted("days", days);
                out.push(Out::Say(Words::line("line.online_correspondence").arg("days", days), Priority::Info));
            }
            if full.initial_fen.is_some() {
                out.push(self.say("line.online_from_position"));
            }
            let started = self.input(Input::act(Command::Start), now);
            // Joined in progress, "White to move" at the start would be said before the moves.
            let joining = !full.state.moves.is_empty();
            out.extend(started.into_iter().filter(|o| !joining || !matches!(o, Out::Say(..))));
        }
        let joined = first && !full.state.moves.is_empty();
        let state = self.server_state(&full.state, now);
        if !joined {
            out.extend(state);
            return out;
        }
        // Joined in progress: its moves are taken in without a word each (a game of 60 moves would
        // be 60 sentences before the player could act); where it stands is said, the moves on
        // request (`moves`). What else the state brought (an ending, an offer) is kept.
        let caught_up =
            |o: &Out| matches!(o, Out::Say(_, Priority::Move | Priority::ReadBack) | Out::SayLive(..) | Out::Play(_));
        out.extend(state.into_iter().filter(|o| !caught_up(o)));
        let moves = self.session.game().plies().len().div_ceil(2) as u32;
        out.push(Out::Say(
            Words::line("line.online_joined").arg("moves", Arg::Counted("moves", moves)),
            Priority::Info,
        ));
        for question in [Command::Last, Command::Turn, Command::Time] {
            out.extend(self.input(Input::act(question), now));
        }
        out
    }

    /// A player as the game names them: "Magnus (2850)", or lichess's AI with its level.
    fn player_name(&self, player: &super::Player) -> String {
        if let Some(level) = player.ai_level {
            let words = Words::line("line.online_ai").arg("level", Arg::Number(u32::from(level)));
            return self.voice.words(&words);
        }
        // An anonymous player (`{}`) is said so, never as nothing.
        let Some(name) = player.name.clone().or_else(|| player.id.clone()).filter(|n| !n.trim().is_empty()) else {
            return self.word("line.online_anonymous").to_string();
        };
        // lichess's title (GM, BOT...) before the name, as its pages write it; a provisional rating
        // with its question mark.
        let name = player.title.as_ref().map_or(name.clone(), |title| format!("{title} {name}"));
        let mark = if player.provisional { "?" } else { "" };
        match player.rating {
            Some(rating) => format!("{name} ({rating}{mark})"),
            None => name,
        }
    }

    /// A state of the server's game: its moves, clocks, offers and ending, followed here.
    fn server_state(&mut self, state: &ServerState, now: Duration) -> Vec<Out> {
        let Some(side) = self.online.side else { return Vec::new() };
        let step = match follow(state, self.session.game()) {
            Ok(step) => step,
            Err(e) => {
                let words = Words::line("line.online_disagree").arg("move", Arg::Text(e.to_string()));
                return vec![Out::Say(words, Priority::Urgent)];
            }
        };
        let mut out = Vec::new();
        // The player's last move, sent or still waiting for the press, is not one the server
        // refused: it has not had it yet.
        let plies = self.session.game().plies().len();
        let unsent =
            step.take_back == 1 && step.moves.is_empty() && self.last_is_users(side) && plies > self.online.known;
        if step.take_back > 0 && !unsent {
            self.online.sent = None;
            let n = step.take_back as u32;
            out.extend(self.input(Input::act(Command::TakeBack(n, Retraction::Server)), now));
        }
        self.online.known = state.moves.len();
        for (color, mv) in step.moves {
            // A move of the opponent's: back in the game, whether or not lichess says so.
            if color != side {
                self.online.gone = None;
            }
            out.extend(self.play_for(color, mv, now));
        }
        if let Some(clocks) = state.clocks {
            out.extend(self.follow_server_clocks(clocks, now));
        }
        // An offer of the opponent's is made by someone who is there.
        if state.draw_offer.or(state.takeback).is_some_and(|by| by != side) {
            self.online.gone = None;
        }
        let offer = self.session.draw_offer();
        if let Some(by) = state.draw_offer.filter(|by| offer != Some(*by)) {
            // Recorded as every offer is; said in the server's terms: an offer there may come at
            // any moment, and the Laws' remark on its timing (9.1.2) is not for it.
            let recorded = self.input(Input::by(by, Command::Offer), now);
            out.extend(recorded.into_iter().filter(|o| !matches!(o, Out::Say(..))));
            let key = if by == side { "line.online_draw_offered" } else { "line.online_draw_offer" };
            out.push(Out::Say(Words::line(key).arg("side", Arg::Side(by)), Priority::Urgent));
        }
        if state.takeback != self.online.takeback {
            self.online.takeback = state.takeback;
            if let Some(by) = state.takeback.filter(|by| *by != side) {
                let words = Words::line("line.online_takeback_asked").arg("side", Arg::Side(by));
                out.push(Out::Say(words, Priority::Urgent));
            }
        }
        if let Some((ending, winner)) = state.ending.filter(|_| self.session.outcome().is_none()) {
            let outcome = outcome_of(ending, winner, state.draw_offer.is_some() || offer.is_some());
            out.extend(self.input(Input::act(Command::Ended(outcome)), now));
        }
        out
    }

    fn last_is_users(&self, side: Color) -> bool {
        self.session.game().plies().last().is_some_and(|ply| ply.before.turn() == side)
    }

    /// Anna's clock takes the server's times when they differ by a tenth of a second or more.
    fn follow_server_clocks(&mut self, (white, black): (Duration, Duration), now: Duration) -> Vec<Out> {
        if self.session.clock().time_control().is_none() || self.session.outcome().is_some() {
            return Vec::new();
        }
        let at = self.base.session(now);
        let mut out = Vec::new();
        for (color, time) in [(Color::White, white), (Color::Black, black)] {
            let differs = self.session.clock().remaining(color, at).abs_diff(time) >= Duration::from_millis(100);
            if differs || !self.online.following {
                out.extend(self.input(Input::act(Command::FollowClock(color, time)), now));
            }
        }
        self.online.following = true;
        out
    }

    /// After every input: the player's move, once pressed, goes to the server.
    pub(crate) fn server_sync(&mut self) -> Vec<Out> {
        let Some(side) = self.online.side else { return Vec::new() };
        let plies = self.session.game().plies().len();
        let pressed = self.session.awaiting_press() != Some(side);
        let new = plies == self.online.known + 1 && self.online.sent != Some(plies);
        // A move that ended the game here (a mate) still goes: there it ends the game too.
        if !pressed || !new || !self.last_is_users(side) {
            return Vec::new();
        }
        let Some(ply) = self.session.game().plies().last() else { return Vec::new() };
        let uci = uci_of(self.session.game(), ply.mv);
        self.online.sent = Some(plies);
        vec![Out::Server(ServerRequest::Move(uci))]
    }

    /// A command of the player's in a game on a server: what the server decides is sent there;
    /// what only an arbiter at a board does is not for this game. `None`: the session's own.
    pub(crate) fn server_command(&mut self, command: &Command, now: Duration) -> Option<Vec<Out>> {
        if matches!(command, Command::Time) && self.online.side.is_some() && self.session.outcome().is_none() {
            // The opponent's absence, where it stands, after the clocks.
            if let Some(seconds) = self.online.gone {
                let mut out = self.input(Input::act(Command::Time), now);
                let words = if seconds > 0 {
                    Words::line("line.online_gone").arg("seconds", Arg::Number(seconds))
                } else {
                    Words::line("line.online_gone_claim")
                };
                out.push(Out::Say(words, Priority::Info));
                return Some(out);
            }
        }
        let Some(side) = self.online.side else {
            // No game here yet: it is still being found there (its clock and moves not yet known),
            // or the one there is not for this board (a variant, not the player's). A move made here
            // would be on a board that is no game.
            let asked = matches!(command, Command::Time | Command::TimeOf(_) | Command::Turn | Command::Last);
            let plays = matches!(
                command,
                Command::Move(_)
                    | Command::Press
                    | Command::Resign
                    | Command::Offer
                    | Command::Accept
                    | Command::Decline
                    | Command::Claim(_)
            );
            let waiting = self.options.opponent == crate::OtherSide::Server && !self.session.started();
            let key = if self.online.refused { "line.online_no_game" } else { "line.online_not_begun" };
            return (waiting && (asked || plays)).then(|| vec![self.say(key)]);
        };
        if self.session.outcome().is_some() {
            return None;
        }
        let offered = self.session.draw_offer();
        let request = match command {
            Command::Press if self.online.resend => {
                self.online.resend = false;
                self.online.sent = None;
                return Some(self.server_sync());
            }
            Command::Resign => ServerRequest::Resign,
            // A draw offered to an opponent who has left is the draw lichess lets one claim; it ends
            // the game, so it is asked about first, as a claim is.
            Command::Offer if self.online.gone == Some(0) => {
                let claim = crate::confirm::Pending::ClaimDraw;
                return Some(if self.options.confirm { self.ask_first(claim) } else { self.confirmed(claim, now) });
            }
            Command::Offer => {
                return Some(vec![Out::Server(ServerRequest::Draw(true)), self.say("line.online_offer_sent")]);
            }
            Command::Accept if offered == Some(!side) => ServerRequest::Draw(true),
            Command::Decline if self.online.takeback == Some(!side) => {
                self.online.takeback = None;
                return Some(vec![
                    Out::Server(ServerRequest::Takeback(false)),
                    self.say("line.online_takeback_declined"),
                ]);
            }
            Command::Decline if offered == Some(!side) => {
                let mut out = vec![Out::Server(ServerRequest::Draw(false))];
                out.extend(self.input(Input::by(side, Command::Decline), now));
                return Some(out);
            }
            Command::Claim(_) if self.online.gone == Some(0) => ServerRequest::ClaimVictory,
            // The opponent has left, and lichess opens the claim after a countdown: its seconds.
            Command::Claim(_) if self.online.gone.is_some() => {
                let seconds = Arg::Number(self.online.gone.unwrap_or_default());
                return Some(vec![Out::Say(
                    Words::line("line.online_claim_wait").arg("seconds", seconds),
                    Priority::Info,
                )]);
            }
            Command::Claim(_) | Command::Flag => return Some(vec![self.say("line.online_claim")]),
            Command::Pause
            | Command::Resume
            | Command::AdjustTime(..)
            | Command::AdjustMoves(..)
            | Command::Illegal(_)
            | Command::Irregular(_)
            | Command::Seal(_)
            | Command::Open
            | Command::Quickplay
            | Command::Decide(_)
            | Command::Start
            | Command::TimeControl(_)
            | Command::Fen(_)
            | Command::Chess960(_)
            | Command::Name(..) => return Some(vec![self.say("line.online_not_here")]),
            _ => return None,
        };
        Some(vec![Out::Server(request)])
    }

    /// Whether a game on the server is under way (begun there, not over): leaving it here does not
    /// end it there.
    pub(crate) fn server_game_running(&self) -> bool {
        self.online.side.is_some() && self.session.outcome().is_none()
    }

    /// `new` after or during a game on a server: its stream is no longer followed, nothing of it
    /// is kept for the next game (its moves, side, clocks, names, site), and the new game's
    /// questions are asked again, where "lichess" finds another game there and a name plays here.
    pub(crate) fn leave_server_game(&mut self, now: Duration) -> Vec<Out> {
        self.options.online = None;
        self.options.opponent = crate::OtherSide::Person;
        self.online = Table::default();
        self.tags = crate::Tags::default();
        let mut out = vec![Out::Server(ServerRequest::Leave)];
        out.extend(self.begin_journal(now));
        out.push(self.say("line.new_game_server"));
        self.waiting = Some(crate::Waiting::Setup(crate::setup::Questions::default()));
        out.push(self.say("line.setup_side"));
        out
    }

    /// Whether a claim in a server's game would be refused there now (the opponent has not left, or
    /// the countdown to the claim runs): it is not asked about first.
    pub(crate) fn claim_refused_there(&self) -> bool {
        self.online.side.is_some() && self.online.gone != Some(0)
    }

    /// `takeback`, `abort` and `chat TEXT`: a game on a server's own.
    pub(crate) fn server_ui(&mut self, name: Name, rest: &str) -> Vec<Out> {
        if self.online.side.is_none() {
            return vec![self.say("line.online_only")];
        }
        match name {
            Name::Takeback => {
                let agreed = self.online.takeback.is_some();
                let mut out = vec![Out::Server(ServerRequest::Takeback(true))];
                if !agreed {
                    out.push(self.say("line.online_takeback_sent"));
                }
                out
            }
            Name::Abort => vec![Out::Server(ServerRequest::Abort)],
            _ if rest.trim().is_empty() => vec![self.say("line.online_chat_empty")],
            _ => vec![Out::Server(ServerRequest::Chat(rest.trim().to_string())), self.say("line.online_chat_sent")],
        }
    }

    /// The opponent's line in the game's chat, said below the moves; the player's own is not.
    fn server_chat(&mut self, chat: &ChatLine) -> Vec<Out> {
        if self.online_game().is_some_and(|g| g.user.eq_ignore_ascii_case(&chat.username)) {
            return Vec::new();
        }
        // Whoever writes is there: the opponent's absence ends, whether or not lichess says so.
        self.online.gone = None;
        let text: String = chat.text.chars().filter(|c| !c.is_control()).take(CHAT_SAID).collect();
        let words =
            Words::line("line.online_chat").arg("name", Arg::Text(chat.username.clone())).arg("text", Arg::Text(text));
        vec![Out::Say(words, Priority::Info)]
    }

    fn opponent_gone(&mut self, absence: Absence) -> Vec<Out> {
        // lichess counts down every few seconds; the player hears the changes only: the opponent
        // gone (with the seconds), the claim open, the opponent back. `time` says where it stands.
        let was = self.online.gone;
        let words = match absence {
            Absence::Back => {
                self.online.gone = None;
                if was.is_none() {
                    return Vec::new();
                }
                Words::line("line.online_opponent_back")
            }
            Absence::Gone(seconds) if seconds > 0 => {
                self.online.gone = Some(seconds);
                if was.is_some_and(|s| s > 0) {
                    return Vec::new();
                }
                Words::line("line.online_gone").arg("seconds", Arg::Number(seconds))
            }
            Absence::Gone(_) => {
                self.online.gone = Some(0);
                if was == Some(0) {
                    return Vec::new();
                }
                Words::line("line.online_gone_claim")
            }
        };
        vec![Out::Say(words, Priority::Urgent)]
    }

    /// A line of the stream that could not be read: said once. Before the whole game was read, the
    /// game cannot be followed here (unless a readable one comes): said so, as a stream refused is.
    fn server_unreadable(&mut self) -> Vec<Out> {
        if self.online.unreadable {
            return Vec::new();
        }
        self.online.unreadable = true;
        let mut out = vec![self.say("line.online_unreadable")];
        if self.online.side.is_none() {
            out.push(self.say("line.online_open_failed"));
        }
        out
    }

    fn server_failed(&mut self, request: ServerRequest, error: &ServerError, now: Duration) -> Vec<Out> {
        let mut out = Vec::new();
        let words = error_words(error);
        out.push(Out::Say(words, Priority::Urgent));
        // What did not reach the server did not happen there: the player must not think it did.
        let not_done = match request {
            ServerRequest::Resign => Some("line.online_resign_not_sent"),
            ServerRequest::Draw(true) => Some("line.online_offer_not_sent"),
            _ => None,
        };
        if let Some(key) = not_done.filter(|_| !matches!(error, ServerError::RateLimited)) {
            out.push(self.say(key));
        }
        // The game's stream refused for good: it cannot be played here, and its clock runs there.
        if let ServerRequest::Open(_) = request {
            let untimed = self.session.started() && self.session.clock().time_control().is_none();
            out.push(self.say(if untimed { "line.online_open_failed_untimed" } else { "line.online_open_failed" }));
        }
        if let ServerRequest::Move(_) = request {
            match (error, self.online.side) {
                // Refused: the move is taken back here; the position is the server's.
                (ServerError::Refused(_), Some(side)) if self.last_is_users(side) => {
                    self.online.sent = None;
                    out.extend(self.input(Input::act(Command::TakeBack(1, Retraction::Server)), now));
                }
                // Not delivered: it stays, and the next press sends it again.
                _ => {
                    self.online.resend = true;
                    out.push(self.say("line.online_not_sent"));
                }
            }
        }
        out
    }
}
