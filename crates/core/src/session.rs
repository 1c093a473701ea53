//! The session: the one place the game changes. `Session::handle(input, now)` takes a command and the
//! time since the session began and returns what to say and record ([`Effect`]s). Pure: no I/O, no
//! wall clock.

mod adjourn;
mod alarms;
mod arbiter;
mod config;
mod ending;
mod illegal;
mod press;
mod questions;
mod setup;
mod talk;

pub use config::{Config, FlagPolicy, TouchMove, DEFAULT_ALARMS};
use questions::{pick, Asked};
pub use questions::{question, refusal, Question};
pub use talk::time_control_set;

use std::time::Duration;

use shakmaty::{ByColor, Color, Move, Square};

use crate::adjudicate::Deadness;
use crate::clock::{Clock, TimeControl};
use crate::command::{Command, IllegalMove, Input};
use crate::explore;
use crate::message::{Arg, Effect, Fact, Played, Priority, Sentence, Sound, Utterance};
use crate::outcome::{Outcome, Reason};
use crate::rules::{AutoEnd, Game, MoveError, MoveSpec};
use crate::scoresheet::Scoresheet;

/// A completed illegal move in rapid or blitz, standing unless the opponent claims it (A.4.2).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Unclaimed {
    offender: Color,
    kind: IllegalMove,
    /// When the offender pressed the clock.
    at: Duration,
}

#[derive(Clone)]
pub struct Session {
    config: Config,
    /// The players' names, when given; otherwise a side is called by its colour.
    names: ByColor<Option<String>>,
    game: Game,
    clock: Clock,
    sheet: Scoresheet,
    started: bool,
    /// The last move is made but not completed by the clock press (6.2.1).
    pending: bool,
    /// A standing draw offer, by this side (9.1.2).
    offer: Option<Color>,
    /// The pieces touched by the player having the move, in order (4.3, 4.4), and by whom.
    touched: Option<(Color, Vec<Square>)>,
    /// The side having the move said "j'adoube": until its move, what it touches it adjusts (4.2.1).
    adjusting: Option<Color>,
    /// The king released on its castling square, and the rook of that side (4.7.2).
    released: Option<(Color, Square)>,
    /// III.4: the side whose request for the quickplay increment, a draw offer, waits for its
    /// refusal, which grants it.
    quickplay_requested: Option<Color>,
    /// The move declared in an incorrect claim stands, made, until its press: the number of plies
    /// with it. It cannot be changed (9.2.1; 2023 9.2.1) and must be played (9.5.3).
    declared: Option<usize>,
    /// A press taken as made when the opponent replied before it (6.2.1), by whom and when: the
    /// player may still press late (6.2.2), and his clock then ran until he did.
    implied_press: Option<(Color, Duration)>,
    illegal_moves: ByColor<u32>,
    /// A completed illegal move not yet claimed, in rapid or blitz without full supervision (A.4.2).
    unclaimed_illegal: Option<Unclaimed>,
    question: Option<Question>,
    /// A question put to the player, waiting for the answer.
    asked: Option<Asked>,
    /// The lowest alarm time each side has heard in this period: alarms above it are not repeated.
    alarm_floor: ByColor<Option<Duration>>,
    /// The side whose flag fall has been announced but not yet claimed (FlagPolicy::Claim).
    flag_announced: Option<Color>,
    outcome: Option<Outcome>,
    /// The sealed move of an adjourned game (Guideline I).
    envelope: Option<adjourn::Envelope>,
    /// The last thing said, for a repetition.
    last_said: Option<Utterance>,
    /// Replaying a journal: the dead-position check (a solver's search, up to tens of milliseconds)
    /// waits for the last move, or for a decision that needs it (see [`Session::replaying`]).
    replaying: bool,
    /// The instant of the move whose dead-position check waits.
    dead_check_due: Option<Duration>,
    effects: Vec<Effect>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new(Config::default())
    }
}

impl Session {
    pub fn new(config: Config) -> Session {
        Session {
            config,
            names: ByColor { white: None, black: None },
            game: Game::new(),
            clock: Clock::new(TimeControl::none()),
            sheet: Scoresheet::default(),
            started: false,
            pending: false,
            offer: None,
            touched: None,
            adjusting: None,
            released: None,
            declared: None,
            quickplay_requested: None,
            implied_press: None,
            illegal_moves: ByColor { white: 0, black: 0 },
            unclaimed_illegal: None,
            question: None,
            flag_announced: None,
            alarm_floor: ByColor { white: None, black: None },
            asked: None,
            outcome: None,
            envelope: None,
            last_said: None,
            replaying: false,
            dead_check_due: None,
            effects: Vec::new(),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings in force (the line mode starts a new game with them).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Whether the clocks were started (a move made or `start`).
    pub fn started(&self) -> bool {
        self.started
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn scoresheet(&self) -> &Scoresheet {
        &self.sheet
    }

    pub fn name(&self, side: Color) -> Option<&str> {
        self.names.get(side).as_deref()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The side whose move is made but not yet completed by the clock press (6.2.1).
    pub fn awaiting_press(&self) -> Option<Color> {
        self.pending_side()
    }

    /// The side whose draw offer stands (9.1.2).
    pub fn draw_offer(&self) -> Option<Color> {
        self.offer
    }

    /// A question left to the arbiter, if any.
    pub fn question(&self) -> Option<Question> {
        self.question
    }

    /// While on, each move's dead-position check (5.2.2) waits: only the last position's is made,
    /// when replaying ends or a decision needs it. A resumed game is thus rebuilt quickly, and to
    /// the same state: a check only sets or clears the question it raises, so the last one decides
    /// it, and a position found dead would have ended the game and its journal. Turning it off
    /// makes the waiting check, returning what it says.
    pub fn replaying(&mut self, on: bool) -> Vec<Effect> {
        self.replaying = on;
        if !on {
            self.dead_check_now();
        }
        std::mem::take(&mut self.effects)
    }

    fn dead_check_now(&mut self) {
        if let Some(at) = self.dead_check_due.take() {
            let replaying = std::mem::replace(&mut self.replaying, false);
            self.check_dead_position(at);
            self.replaying = replaying;
        }
    }

    /// The instant the runtime must wake the session with [`Input::Tick`]: the next flag fall or
    /// talking-clock alarm.
    pub fn next_deadline(&self) -> Option<Duration> {
        [self.next_flag(), self.next_alarm().map(|(at, _)| at)].into_iter().flatten().min()
    }

    /// The instant the running side's flag falls, unless that is already known or decided.
    fn next_flag(&self) -> Option<Duration> {
        if self.outcome.is_some() || matches!(self.question, Some(Question::FlagFall(_) | Question::SecondIllegal(_))) {
            return None;
        }
        let running = self.clock.running()?;
        if self.flag_announced == Some(running) {
            return None;
        }
        self.clock.flag_at()
    }

    /// Handles one input at `now` (time since the session began) and returns what follows from it.
    pub fn handle(&mut self, input: Input, now: Duration) -> Vec<Effect> {
        // Alarms and a flag fall due before this input come first, each at its own instant.
        loop {
            let flag = self.next_flag().filter(|at| *at <= now);
            match self.next_alarm().filter(|(at, _)| *at <= now) {
                Some((at, left)) if flag.is_none_or(|f| at < f) => self.sound_alarm(left),
                _ => match flag {
                    Some(at) => self.flag_fall(at),
                    None => break,
                },
            }
        }
        if let Input::Act { actor, command } = input {
            self.act(actor, command, now);
        }
        std::mem::take(&mut self.effects)
    }

    fn act(&mut self, actor: Option<Color>, command: Command, now: Duration) {
        match command {
            Command::Time => return self.say_time(now),
            Command::TimeOf(side) => return self.say_time_of(side, now),
            Command::Moves => return self.say_moves(0),
            Command::MovesFrom(n) => return self.say_moves(n),
            Command::Explore(query) => return self.say(explore::utterance(explore::answer_in(&self.game, query))),
            Command::Repeat => return self.repeat(),
            Command::Turn => return self.say_turn(),
            Command::Last => return self.say_last(),
            Command::Decide(winner) => {
                self.dead_check_now();
                return self.decide(winner, now);
            }
            _ => {}
        }
        if let Command::FollowClock(side, time) = command {
            return self.follow_clock(side, time, now);
        }
        if let Command::Ended(outcome) = command {
            // Where the game is played decided it; a game already over here stays as it ended.
            if self.outcome.is_none() {
                self.end(outcome, now);
            }
            return;
        }
        if let Some(outcome) = self.outcome {
            return self
                .say(Utterance::new(Priority::Info, Sentence::AlreadyOver).arg("outcome", Arg::Outcome(outcome)));
        }
        if matches!(self.question, Some(Question::FlagFall(_) | Question::SecondIllegal(_))) {
            return self.ask_arbiter(now);
        }
        if self.envelope.is_some()
            && !matches!(
                command,
                Command::Open
                    | Command::Seal(_)
                    | Command::Offer
                    | Command::Accept
                    | Command::Decline
                    | Command::Resign
                    | Command::Set(_)
                    | Command::AdjustTime(..)
                    | Command::AdjustMoves(..)
                    | Command::Unclear { .. }
                    | Command::Answer(_)
            )
        {
            return self.refused_while_adjourned();
        }
        match command {
            Command::TimeControl(_)
            | Command::ClockMode(_)
            | Command::Fen(_)
            | Command::Chess960(_)
            | Command::Name(..) => self.setup(command),
            Command::Set(setting) => self.configure(setting),
            Command::Seal(spec) => self.seal(actor, spec, now),
            Command::Open => self.open(now),
            Command::Pause => self.pause(now),
            Command::Resume => self.resume(now),
            Command::AdjustTime(side, time) => self.adjust_time(side, time, now),
            Command::AdjustMoves(side, moves) => self.adjust_moves(side, moves, now),
            _ if self.clock.is_paused() && self.envelope.is_none() => self.info(Sentence::PausedNoPlay),
            Command::Start => self.start(now),
            Command::Move(spec) => self.make_move(actor, &spec, now),
            Command::Press => self.press(actor, now),
            Command::Offer => self.offer(actor),
            Command::Accept => self.accept(actor, now),
            Command::Decline => self.decline(actor, now),
            Command::Claim(intended) => self.claim(actor, intended.as_ref(), now),
            Command::Resign => {
                let side = actor.unwrap_or(self.game.turn());
                self.end(self.resignation(side), now);
            }
            Command::Flag => self.claim_flag(actor, now),
            Command::Illegal(kind) => self.illegal(actor, kind, now),
            Command::Touch(square) => self.touch(actor, square, now),
            Command::Jadoube => self.jadoube(actor),
            Command::Release(square) => self.release(actor, square),
            Command::Irregular(irregularity) => self.irregular(actor, irregularity, now),
            Command::Quickplay => self.quickplay(actor, now),
            Command::Unclear { text, guess } => self.unclear(actor, text, guess),
            Command::Answer(yes) => self.answer(yes, now),
            Command::Time
            | Command::TimeOf(_)
            | Command::Moves
            | Command::MovesFrom(_)
            | Command::Explore(_)
            | Command::Repeat
            | Command::Turn
            | Command::Last
            | Command::Decide(_)
            | Command::Ended(_)
            | Command::FollowClock(..)
            // The program's own: the app answers it before the session.
            | Command::Request(..) => {}
            Command::TakeBack(n, why) => self.take_back(n, why, now),
        }
    }

    fn say(&mut self, utterance: Utterance) {
        self.last_said = Some(utterance.clone());
        self.effects.push(Effect::Say(utterance));
    }

    fn info(&mut self, sentence: Sentence) {
        self.say(Utterance::new(Priority::Info, sentence));
    }

    fn record(&mut self, fact: Fact) {
        self.effects.push(Effect::Record(fact));
    }

    pub(super) fn sound(&mut self, sound: Sound) {
        self.effects.push(Effect::Play(sound));
    }

    fn player_name(&self, side: Color) -> Arg {
        self.names.get(side).clone().map_or(Arg::Side(side), Arg::Text)
    }

    /// `start`: the clock starts for the side to move, which is said.
    fn start(&mut self, now: Duration) {
        if self.started {
            return;
        }
        self.start_clock(now);
        let named = self.names.get(Color::White).is_some() || self.names.get(Color::Black).is_some();
        let sentence = if named { Sentence::ClockStarted } else { Sentence::ClockStartedUnnamed };
        // Part of the game's course, said in order and never cut off by the first move.
        let u = Utterance::new(Priority::Move, sentence)
            .arg("white", self.player_name(Color::White))
            .arg("black", self.player_name(Color::Black))
            .arg("side", Arg::Side(self.game.turn()));
        self.say(u);
    }

    fn start_clock(&mut self, now: Duration) {
        self.started = true;
        let side = self.game.turn();
        self.clock.start(side, now);
        self.record(Fact::Started { side });
    }

    /// The side that made the move now waiting for the clock press.
    fn pending_side(&self) -> Option<Color> {
        self.pending.then(|| !self.game.turn())
    }

    fn make_move(&mut self, actor: Option<Color>, spec: &MoveSpec, now: Duration) {
        if let Some(unclaimed) = self.unclaimed_illegal.take() {
            // A.4.2: the opponent moves instead of claiming, so the illegal move stands.
            let offender = unclaimed.offender;
            if actor.unwrap_or(!offender) != offender {
                self.illegal_stands(unclaimed, now);
                if self.outcome.is_some() || self.game.turn() == offender {
                    return;
                }
            }
        }
        let mut reply_unpressed = false;
        let correction = match (actor, self.pending_side()) {
            // Without a named actor, a move the opponent can make and the mover cannot is the
            // opponent's reply; any other replaces the pending move (D.2.8).
            (None, Some(side)) if self.is_reply(side, spec) => {
                reply_unpressed = self.unpressed(side, now);
                false
            }
            (None, Some(_)) => true,
            (Some(a), Some(p)) if a == p => true,
            (Some(_), Some(p)) => {
                reply_unpressed = self.unpressed(p, now);
                false
            }
            (Some(a), None) if a != self.game.turn() => return self.too_late(a),
            _ => false,
        };
        // The move declared in a claim is not a slip to correct (D.2.8 is for an announced move):
        // it stands, and another is refused (9.2.1.1, 9.5.3).
        if correction && self.declared == Some(self.game.plies().len()) {
            let declared = self
                .game
                .plies()
                .last()
                .map(|ply| (shakmaty::Position::turn(&ply.before), Played::new(&ply.before, ply.mv)));
            if let Some((side, played)) = declared {
                return self.say(self.side_arg(Sentence::DeclaredMoveStands, side).arg("move", Arg::Move(played)));
            }
        }
        let retracted = if correction { self.game.undo() } else { None };
        // An answer to "which one?" picks among the candidates; anything else is a new move.
        let answer = match self.asked.take() {
            Some(Asked::Which(candidates)) => pick(&candidates, spec),
            _ => None,
        };
        let mv = match answer.map_or_else(|| self.game.resolve_spec(spec), Ok) {
            Ok(mv) => mv,
            Err(error) => {
                if let Some(ply) = retracted {
                    // The correction failed: the move made before stands.
                    let _ = self.game.play(ply.mv);
                }
                return self.refuse_or_ask(actor, spec, &error);
            }
        };
        let mover = self.game.turn();
        if !self.touch_move_allows(mover, mv) {
            if let Some(ply) = retracted {
                let _ = self.game.play(ply.mv);
            }
            return;
        }
        if let Some(ply) = retracted {
            self.sheet.pop();
            self.record(Fact::Retracted { side: mover, san: ply.san.to_string() });
        }
        // The first move starts the clock without a word of its own: the move is what the player
        // waits for, said at once, and "White to move" would no longer be true.
        if !self.started {
            self.start_clock(now);
        }
        self.play(mover, mv, correction, now);
        if reply_unpressed {
            // The clock already runs for the side to move: the reply waits for no press.
            self.pending = false;
        }
    }

    /// The opponent replies to `side`'s move before `side` pressed the clock. The move stands, but
    /// it is not completed until `side` presses (6.2.1, 6.2.2): `side`'s clock keeps running, and
    /// Anna says so; `side`'s press later is the late press. An official clock on the board (6.1)
    /// reports the presses itself: there the reply is taken as the press it will report. Whether
    /// `side`'s clock runs on.
    fn unpressed(&mut self, side: Color, now: Duration) -> bool {
        if self.clock.follows() || self.clock.time_control().is_none() {
            self.press(None, now);
            self.implied_press = Some((side, now));
            return false;
        }
        self.pending = false;
        if self.clock.running() != Some(side) {
            return false;
        }
        self.implied_press = Some((side, now));
        self.say(Utterance { priority: Priority::Urgent, ..self.side_arg(Sentence::NotPressed, side) });
        true
    }

    /// Whether `spec`, typed while `side`'s move waits for its press, is legal for the opponent
    /// and not as a correction of that move.
    fn is_reply(&mut self, side: Color, spec: &MoveSpec) -> bool {
        // A move that fits several of the opponent's pieces is still his: he is asked which.
        let fits = |game: &Game| matches!(game.resolve_spec(spec), Ok(_) | Err(MoveError::Ambiguous(_)));
        if self.game.turn() == side || !fits(&self.game) {
            return false;
        }
        let Some(ply) = self.game.undo() else { return false };
        let corrects = fits(&self.game);
        let _ = self.game.play(ply.mv);
        !corrects
    }

    /// Plays a legal move for `mover` and decides what follows at once (5.1.1, 5.2, 9.6).
    fn play(&mut self, mover: Color, mv: Move, correction: bool, now: Duration) {
        let uci = self.game.uci(mv).to_string();
        let Ok(ply) = self.game.play(mv) else { return };
        let played = Played { san: ply.san, mv };
        let san = ply.san.to_string();
        self.sheet.push();
        self.pending = true;
        self.touched = None;
        self.adjusting = None;
        self.released = None;
        self.record(Fact::Moved { side: mover, san: san.clone(), uci });
        let sentence = if correction { Sentence::Corrected } else { Sentence::Moved };
        self.sound(Sound::of_move(&played));
        let priority = if self.config.player == Some(mover) { Priority::ReadBack } else { Priority::Move };
        self.say(Utterance::new(priority, sentence).arg("side", Arg::Side(mover)).arg("move", Arg::Move(played)));
        if self.offer == Some(!mover) {
            self.offer = None;
            self.record(Fact::Declined { side: mover });
            self.say(Utterance::new(Priority::Info, Sentence::DrawDeclinedByMove).arg("side", Arg::Side(mover)));
            if self.quickplay_requested == Some(!mover) {
                self.grant_quickplay(!mover, now);
            }
        }
        if let Some(outcome) = self.automatic_outcome(mover) {
            // A move that ends the game is completed at once (6.2.1).
            self.sheet.set_clock(self.clock.remaining(mover, now));
            self.pending = false;
            return self.end(outcome, now);
        }
        self.check_dead_position(now);
        if self.config.auto_press && self.outcome.is_none() {
            self.press(Some(mover), now);
        }
    }

    fn press(&mut self, actor: Option<Color>, now: Duration) {
        if let Some((late, at)) = self.implied_press {
            if self.pending_side().is_none() && actor == Some(late) && self.clock.running() == Some(late) {
                return self.late_press(late, at, now);
            }
        }
        let Some(side) = self.pending_side() else {
            // 7.5.3: under tournament rules, pressing the clock without a move is an illegal move,
            // penalised as such (or claimable, A.4.2). The assistant's mode completes moves itself
            // and reports such a press with `illegal press`.
            let presser = actor.unwrap_or(self.game.turn());
            if let (Some((late, _)), None) = (self.implied_press, actor) {
                // The clock still runs for the side that did not press: say so, whoever pressed.
                if self.clock.running() == Some(late) {
                    return self.say(self.side_arg(Sentence::NotPressed, late));
                }
            }
            let tournament = self.config.tournament && !self.config.auto_press;
            if tournament && self.started && self.outcome.is_none() && presser == self.game.turn() {
                return self.illegal(Some(presser), IllegalMove::Press, now);
            }
            return self.info(Sentence::NothingToPress);
        };
        if let Some(presser) = actor.filter(|a| *a != side) {
            return match self.implied_press.take() {
                Some((late, at)) if late == presser => self.late_press(late, at, now),
                _ => self.info(Sentence::NothingToPress),
            };
        }
        let Some(report) = self.clock.press(now) else { return };
        self.pending = false;
        self.implied_press = None;
        self.sheet.set_clock(report.remaining);
        self.record(Fact::Completed {
            side,
            white: self.clock.remaining(Color::White, now),
            black: self.clock.remaining(Color::Black, now),
        });
        // A.4.4 (2023 A.5.4): the arbiter waits until the next move is completed, the press
        // (6.2.1); an illegal position an unclaimed illegal move left still on the board then draws.
        if self.game.illegal_position_persists() {
            return self.end(Outcome::draw(Reason::IllegalPosition), now);
        }
        if let Some(period) = report.new_period {
            self.record(Fact::PeriodStarted { side, period: period.index, added: period.added });
            // The new period's time brings the alarms back.
            *self.alarm_floor.get_mut(side) = None;
            if self.config.tournament {
                return;
            }
            self.say(
                Utterance::new(Priority::Info, Sentence::PeriodStarted)
                    .arg("side", Arg::Side(side))
                    .arg("time", Arg::Time(period.added)),
            );
        }
    }
}
