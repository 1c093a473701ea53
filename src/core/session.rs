//! The session: the one place the game changes. `Session::handle(input, now)` takes a command and the
//! time since the session began and returns what to say and record ([`Effect`]s). Pure: no I/O, no
//! wall clock.

mod alarms;
mod arbiter;

use std::time::Duration;

use shakmaty::{ByColor, Color, Move, Position, Square};

use crate::core::adjudicate::{self, Deadness, Winnability};
use crate::core::clock::{Clock, ClockMode, TimeControl};
use crate::core::command::{Command, IllegalMove, Input, Setting};
use crate::core::explore;
use crate::core::message::{Arg, Effect, Event, Played, Priority, Sentence, Sound, Utterance};
use crate::core::outcome::{Outcome, Reason};
use crate::core::rules::{AutoEnd, Game, MoveError, MoveSpec};
use crate::core::scoresheet::Scoresheet;

/// What a player's touch of a piece obliges (4.3) and the setting that enforces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TouchMove {
    /// Say the obligation when it is broken, but play the move (the default: Anna is not the arbiter).
    #[default]
    Warn,
    /// Refuse a move that breaks the obligation.
    Enforce,
}

/// Who notices a flag fall (6.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FlagPolicy {
    /// The clock decides at once, as an arbiter watching it would.
    #[default]
    Auto,
    /// The flag fall is announced; the game is decided when the opponent claims it (A.4.3, D.2.10).
    Claim,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Complete every move at once, without a clock press (casual games).
    pub auto_press: bool,
    pub touch_move: TouchMove,
    pub flag: FlagPolicy,
    /// Whether the game is fully supervised (A.4.2). `None`: standard games are, rapid and blitz are not.
    pub supervised: Option<bool>,
    /// Competition rule 9.1.1: no draw offers before this move number (0: no such rule).
    pub no_draw_offer_before: u32,
    /// The side Anna's user plays, whose clock the alarms watch; `None`: both.
    pub player: Option<Color>,
    /// Times left at which the talking clock speaks up (D.2.6), like WinBoard's alarm times.
    pub alarms: Vec<Duration>,
    /// Speak of time only when asked, as D.2.10.4 asks of an assistant: no alarms, no period notices.
    pub tournament: bool,
}

/// The default alarm times: 10, 5, 2 and 1 minutes, 30 and 10 seconds left.
pub const DEFAULT_ALARMS: [u64; 6] = [600, 300, 120, 60, 30, 10];

impl Default for Config {
    fn default() -> Config {
        Config {
            auto_press: false,
            touch_move: TouchMove::default(),
            flag: FlagPolicy::default(),
            supervised: None,
            no_draw_offer_before: 0,
            player: None,
            alarms: DEFAULT_ALARMS.iter().map(|s| Duration::from_secs(*s)).collect(),
            tournament: false,
        }
    }
}

/// A question only the arbiter can answer: Anna could not prove whether a side can still mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The flag of this side fell (6.9).
    FlagFall(Color),
    /// This side made a second illegal move (7.5.5).
    SecondIllegal(Color),
    /// The position may be dead (5.2.2); the game goes on until the arbiter decides.
    DeadPosition,
}

impl Question {
    pub const fn article(self) -> &'static str {
        match self {
            Question::FlagFall(_) => "6.9",
            Question::SecondIllegal(_) => "7.5.5",
            Question::DeadPosition => "5.2.2",
        }
    }
}

/// A question Anna asked the player.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Asked {
    /// Which of these moves was meant?
    Which(Vec<Move>),
    /// Was this near miss what was meant? (Never acted on without a yes.)
    Confirm(Option<Color>, Command),
}

/// What Anna says when what was said is not a legal move: why, or which one was meant.
pub fn refusal(error: &MoveError) -> Utterance {
    match error {
        MoveError::Ambiguous(candidates) => question(candidates),
        MoveError::NotUnderstood => Utterance::new(Priority::Urgent, Sentence::IncompleteMove),
        MoveError::Illegal(reason) => {
            Utterance::new(Priority::Urgent, Sentence::Illegal).arg("reason", Arg::Illegal(*reason))
        }
    }
}

/// The question to ask when several moves fit what was said.
pub fn question(candidates: &[Move]) -> Utterance {
    let first = candidates[0];
    if candidates.iter().all(|m| m.promotion().is_some() && m.from() == first.from() && m.to() == first.to()) {
        return Utterance::new(Priority::Urgent, Sentence::WhichPromotion);
    }
    let froms: Vec<Square> = candidates.iter().filter_map(|m| m.from()).collect();
    Utterance::new(Priority::Urgent, Sentence::WhichPiece)
        .arg("piece", Arg::Piece(first.role()))
        .arg("squares", Arg::Squares(froms))
}

/// The candidate meant by an answer to a question: a promotion piece, or (part of) the square the
/// piece comes from (`Bella`, `Bella eins`, `von Bella eins`).
fn pick(candidates: &[Move], answer: &MoveSpec) -> Option<Move> {
    let fits = |m: &&Move| {
        let from = m.from();
        let promotion_fits = match (answer.promotion, answer.pieces.as_slice(), answer.to) {
            (Some(p), _, _) => m.promotion() == Some(p),
            (None, [piece], None) if m.promotion().is_some() => m.promotion() == Some(*piece),
            _ => true,
        };
        let square_said = answer.to.or(answer.from());
        let from_fits = match square_said {
            Some(sq) if m.to() != sq || answer.from().is_some() => {
                from == Some(sq) || answer.from().is_some_and(|f| from == Some(f))
            }
            _ => {
                answer.from_file.is_none_or(|f| from.is_some_and(|s| s.file() == f))
                    && answer.from_rank.is_none_or(|r| from.is_some_and(|s| s.rank() == r))
            }
        };
        promotion_fits && from_fits
    };
    match candidates.iter().filter(fits).collect::<Vec<_>>().as_slice() {
        [one] => Some(**one),
        _ => None,
    }
}

/// A completed illegal move in rapid or blitz, standing unless the opponent claims it (A.4.2).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Unclaimed {
    offender: Color,
    kind: IllegalMove,
    /// When the offender pressed the clock.
    at: Duration,
}

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
    /// The first piece touched by the player having the move (4.3), and by whom.
    touched: Option<(Color, Square)>,
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
    /// The last thing said, for a repetition.
    last_said: Option<Utterance>,
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
            illegal_moves: ByColor { white: 0, black: 0 },
            unclaimed_illegal: None,
            question: None,
            flag_announced: None,
            alarm_floor: ByColor { white: None, black: None },
            asked: None,
            outcome: None,
            last_said: None,
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

    /// A question left to the arbiter, if any.
    pub fn question(&self) -> Option<Question> {
        self.question
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
            Command::Explore(query) => {
                return self.say(explore::utterance(explore::answer(self.game.position(), query)))
            }
            Command::Repeat => return self.repeat(),
            Command::Turn => {
                let side = self.game.turn();
                return self.say(Utterance::new(Priority::Info, Sentence::Turn).arg("side", Arg::Side(side)));
            }
            Command::Last => return self.say_last(),
            Command::Decide(winner) => return self.decide(winner, now),
            _ => {}
        }
        if let Some(outcome) = self.outcome {
            return self
                .say(Utterance::new(Priority::Info, Sentence::AlreadyOver).arg("outcome", Arg::Outcome(outcome)));
        }
        if matches!(self.question, Some(Question::FlagFall(_) | Question::SecondIllegal(_))) {
            return self.ask_arbiter(now);
        }
        match command {
            Command::TimeControl(_)
            | Command::ClockMode(_)
            | Command::Fen(_)
            | Command::Chess960(_)
            | Command::Name(..) => self.setup(command),
            Command::Set(setting) => self.configure(setting),
            Command::Pause => self.pause(now),
            Command::Resume => self.resume(now),
            Command::AdjustTime(side, time) => self.adjust_time(side, time, now),
            Command::AdjustMoves(side, moves) => self.adjust_moves(side, moves, now),
            _ if self.clock.is_paused() => self.info(Sentence::PausedNoPlay),
            Command::Start => self.start(now),
            Command::Move(spec) => self.make_move(actor, &spec, now),
            Command::Press => self.press(actor, now),
            Command::Offer => self.offer(actor),
            Command::Accept => self.accept(actor, now),
            Command::Decline => self.decline(actor),
            Command::Claim(intended) => self.claim(actor, intended.as_ref(), now),
            Command::Resign => {
                let side = actor.unwrap_or(self.game.turn());
                self.end(Outcome::win(!side, Reason::Resignation), now)
            }
            Command::Flag => self.claim_flag(actor, now),
            Command::Illegal(kind) => self.illegal(actor, kind, now),
            Command::Touch(square) => self.touch(actor, square),
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
            | Command::Decide(_) => {}
        }
    }

    fn say(&mut self, utterance: Utterance) {
        self.last_said = Some(utterance.clone());
        self.effects.push(Effect::Say(utterance));
    }

    /// Says the last sentence again, even if it is the same as before; before anything was said,
    /// that the game has not started.
    fn repeat(&mut self) {
        let again = self.last_said.clone().unwrap_or_else(|| Utterance::new(Priority::Info, Sentence::NotStarted));
        self.effects.push(Effect::Say(again));
    }

    /// The last move played, by whom.
    fn say_last(&mut self) {
        let Some(ply) = self.game.plies().last() else { return self.info(Sentence::NoMoves) };
        let u = Utterance::new(Priority::Info, Sentence::LastMove)
            .arg("side", Arg::Side(ply.before.turn()))
            .arg("move", Arg::Move(Played { san: ply.san, mv: ply.mv }));
        self.say(u);
    }

    fn info(&mut self, sentence: Sentence) {
        self.say(Utterance::new(Priority::Info, sentence));
    }

    fn record(&mut self, event: Event) {
        self.effects.push(Effect::Record(event));
    }

    pub(super) fn sound(&mut self, sound: Sound) {
        self.effects.push(Effect::Play(sound));
    }

    fn setup(&mut self, command: Command) {
        if self.started || !self.game.plies().is_empty() {
            return self.info(Sentence::SetupTooLate);
        }
        match command {
            Command::TimeControl(tc) => {
                let mode = self.clock.time_control().mode;
                self.clock = Clock::new(tc.with_mode(mode));
            }
            Command::ClockMode(mode) => self.set_mode(mode),
            Command::Fen(fen) => match Game::from_fen(&fen) {
                Ok(game) => self.game = game,
                Err(e) => self
                    .say(Utterance::new(Priority::Info, Sentence::NotUnderstood).arg("text", Arg::Text(e.to_string()))),
            },
            Command::Chess960(n) => match Game::chess960(n) {
                Ok(game) => self.game = game,
                Err(e) => self
                    .say(Utterance::new(Priority::Info, Sentence::NotUnderstood).arg("text", Arg::Text(e.to_string()))),
            },
            Command::Name(side, name) => *self.names.get_mut(side) = Some(name),
            _ => {}
        }
    }

    fn configure(&mut self, setting: Setting) {
        match setting {
            Setting::AutoPress(on) => self.config.auto_press = on,
            Setting::TouchMove(policy) => self.config.touch_move = policy,
            Setting::Flag(policy) => self.config.flag = policy,
            Setting::Supervised(on) => self.config.supervised = Some(on),
            Setting::NoDrawOfferBefore(n) => self.config.no_draw_offer_before = n,
            Setting::Player(side) => self.config.player = side,
            Setting::Alarms(times) => self.config.alarms = times,
            Setting::Tournament(on) => self.config.tournament = on,
        }
    }

    fn set_mode(&mut self, mode: ClockMode) {
        self.clock = Clock::new(self.clock.time_control().clone().with_mode(mode));
    }

    fn player_name(&self, side: Color) -> Arg {
        self.names.get(side).clone().map_or(Arg::Side(side), Arg::Text)
    }

    fn start(&mut self, now: Duration) {
        if self.started {
            return;
        }
        self.started = true;
        let side = self.game.turn();
        self.clock.start(side, now);
        self.record(Event::Started { side });
        let u = Utterance::new(Priority::Info, Sentence::ClockStarted)
            .arg("white", self.player_name(Color::White))
            .arg("black", self.player_name(Color::Black))
            .arg("side", Arg::Side(side));
        self.say(u);
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
        let correction = match (actor, self.pending_side()) {
            // Without a named actor, a new move before the press replaces the pending one (D.2.8).
            (None, Some(_)) => true,
            (Some(a), Some(p)) if a == p => true,
            // The opponent moved without the press: the pending move is completed (6.2.1).
            (Some(_), Some(_)) => {
                self.press(None, now);
                false
            }
            (Some(a), None) if a != self.game.turn() => return self.too_late(a),
            _ => false,
        };
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
                return self.refuse_move(&error);
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
            self.record(Event::Retracted { side: mover, san: ply.san.to_string() });
        }
        if !self.started {
            self.start(now);
        }
        self.play(mover, mv, correction, now);
    }

    /// The player who has just pressed the clock wants to change his move: too late (D.2.8).
    fn too_late(&mut self, side: Color) {
        let last = self.game.plies().last().filter(|p| p.before.turn() == side);
        let u = match last {
            Some(ply) => Utterance::new(Priority::Urgent, Sentence::TooLate)
                .arg("move", Arg::Move(Played { san: ply.san, mv: ply.mv })),
            None => Utterance::new(Priority::Info, Sentence::NotYourMove).arg("side", Arg::Side(self.game.turn())),
        };
        self.say(u);
    }

    pub(super) fn refuse_move(&mut self, error: &MoveError) {
        if let MoveError::Ambiguous(candidates) = error {
            self.asked = Some(Asked::Which(candidates.clone()));
        }
        if let MoveError::Illegal(_) = error {
            self.sound(Sound::Illegal);
        }
        self.say(refusal(error));
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
        self.record(Event::Moved { side: mover, san: san.clone(), uci });
        let sentence = if correction { Sentence::Corrected } else { Sentence::Moved };
        self.sound(Sound::of_move(&played));
        self.say(Utterance::new(Priority::Move, sentence).arg("side", Arg::Side(mover)).arg("move", Arg::Move(played)));
        if self.offer == Some(!mover) {
            self.offer = None;
            self.record(Event::Declined { side: mover });
            self.say(Utterance::new(Priority::Info, Sentence::DrawDeclinedByMove).arg("side", Arg::Side(mover)));
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

    fn automatic_outcome(&self, mover: Color) -> Option<Outcome> {
        match self.game.auto_end() {
            Some(AutoEnd::Checkmate) => Some(Outcome::win(mover, Reason::Checkmate)),
            Some(AutoEnd::Stalemate) => Some(Outcome::draw(Reason::Stalemate)),
            Some(AutoEnd::FivefoldRepetition) => Some(Outcome::draw(Reason::FivefoldRepetition)),
            Some(AutoEnd::SeventyFiveMoves) => Some(Outcome::draw(Reason::SeventyFiveMoves)),
            None => None,
        }
    }

    /// 5.2.2: a dead position ends the game at once; if Anna cannot tell, the arbiter decides.
    fn check_dead_position(&mut self, now: Duration) {
        match adjudicate::dead_position(self.game.position()) {
            Deadness::Dead => {
                let mover = !self.game.turn();
                self.sheet.set_clock(self.clock.remaining(mover, now));
                self.pending = false;
                self.end(Outcome::draw(Reason::DeadPosition), now);
            }
            Deadness::Undetermined if self.question.is_none() => {
                self.question = Some(Question::DeadPosition);
                self.record(Event::ArbiterToDecide { article: "5.2.2" });
                self.say(Utterance::new(Priority::Urgent, Sentence::ArbiterDeadPosition));
            }
            Deadness::Undetermined => {}
            Deadness::Alive => {
                if self.question == Some(Question::DeadPosition) {
                    self.question = None;
                }
            }
        }
    }

    fn press(&mut self, actor: Option<Color>, now: Duration) {
        let Some(side) = self.pending_side() else {
            return self.info(Sentence::NothingToPress);
        };
        if actor.is_some_and(|a| a != side) {
            return self.info(Sentence::NothingToPress);
        }
        let Some(report) = self.clock.press(now) else { return };
        self.pending = false;
        self.sheet.set_clock(report.remaining);
        self.record(Event::Completed {
            side,
            white: self.clock.remaining(Color::White, now),
            black: self.clock.remaining(Color::Black, now),
        });
        if let Some(period) = report.new_period {
            self.record(Event::PeriodStarted { side, period: period.index, added: period.added });
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

    /// Ends the game: stops the clocks, withdraws any offer, records and announces the result.
    fn end(&mut self, outcome: Outcome, now: Duration) {
        self.outcome = Some(outcome);
        self.question = None;
        self.offer = None;
        self.clock.stop(now);
        self.record(Event::Ended(outcome));
        self.sound(Sound::GameEnd);
        // A result that a move brought about is said after that move, never before it; the others
        // (a flag fall, a resignation, a claim) interrupt whatever is being said.
        let by_the_move = matches!(
            outcome.reason,
            Reason::Checkmate
                | Reason::Stalemate
                | Reason::DeadPosition
                | Reason::FivefoldRepetition
                | Reason::SeventyFiveMoves
        );
        let priority = if by_the_move { Priority::Move } else { Priority::Urgent };
        self.say(Utterance::new(priority, Sentence::GameOver).arg("outcome", Arg::Outcome(outcome)));
    }

    /// The winner if `side` cannot be stopped from mating, else a draw, else the arbiter decides.
    fn unless_cannot_mate(&mut self, winner: Color, win: Reason, draw: Reason, question: Question, now: Duration) {
        match adjudicate::can_mate(self.game.position(), winner) {
            Winnability::Winnable { .. } => self.end(Outcome::win(winner, win), now),
            Winnability::Unwinnable => self.end(Outcome::draw(draw), now),
            Winnability::Undetermined => {
                self.clock.stop(now);
                self.question = Some(question);
                self.record(Event::ArbiterToDecide { article: question.article() });
                self.ask_arbiter(now);
            }
        }
    }

    fn ask_arbiter(&mut self, _now: Duration) {
        let (side, article) = match self.question {
            Some(q @ (Question::FlagFall(loser) | Question::SecondIllegal(loser))) => (!loser, q.article()),
            _ => return,
        };
        self.say(
            Utterance::new(Priority::Urgent, Sentence::ArbiterDecides)
                .arg("side", Arg::Side(side))
                .arg("article", Arg::Article(article)),
        );
    }

    fn decide(&mut self, winner: Option<Color>, now: Duration) {
        let outcome = match (self.question, winner) {
            (Some(Question::FlagFall(loser)), Some(w)) if w != loser => Outcome::win(w, Reason::Time),
            (Some(Question::FlagFall(_)), None) => Outcome::draw(Reason::TimeCannotMate),
            (Some(Question::SecondIllegal(loser)), Some(w)) if w != loser => Outcome::win(w, Reason::IllegalMoves),
            (Some(Question::SecondIllegal(_)), None) => Outcome::draw(Reason::IllegalMovesCannotMate),
            (Some(Question::DeadPosition), None) => Outcome::draw(Reason::DeadPosition),
            _ => return self.info(Sentence::NoQuestion),
        };
        self.end(outcome, now);
    }

    fn pause(&mut self, now: Duration) {
        if !self.clock.is_paused() {
            self.clock.pause(now);
            self.record(Event::Paused);
            self.info(Sentence::Paused);
        }
    }

    fn resume(&mut self, now: Duration) {
        if !self.clock.is_paused() {
            return self.info(Sentence::NotPaused);
        }
        self.clock.resume(now);
        self.record(Event::Resumed);
        self.info(Sentence::Resumed);
    }

    fn adjust_time(&mut self, side: Color, time: Duration, now: Duration) {
        self.clock.set_remaining(side, time, now);
        self.record(Event::Adjusted { side, remaining: time, moves: self.clock.moves(side) });
        self.say(
            Utterance::new(Priority::Info, Sentence::Adjusted)
                .arg("side", Arg::Side(side))
                .arg("time", Arg::Time(time)),
        );
    }

    fn adjust_moves(&mut self, side: Color, moves: u32, now: Duration) {
        self.clock.set_moves(side, moves);
        self.record(Event::Adjusted { side, remaining: self.clock.remaining(side, now), moves });
        self.say(
            Utterance::new(Priority::Info, Sentence::AdjustedMoves)
                .arg("side", Arg::Side(side))
                .arg("n", Arg::Number(moves)),
        );
    }

    /// Something not understood. A near miss that would make a legal move is asked about, never
    /// played on a guess.
    fn unclear(&mut self, actor: Option<Color>, text: String, guess: Option<Box<Command>>) {
        if let Some(Command::Move(spec)) = guess.as_deref() {
            if let Ok(mv) = self.game.resolve_spec(spec) {
                let played = Played { san: shakmaty::san::SanPlus::from_move(self.game.position().clone(), mv), mv };
                self.asked = Some(Asked::Confirm(actor, Command::Move(spec.clone())));
                return self.say(Utterance::new(Priority::Urgent, Sentence::Confirm).arg("move", Arg::Move(played)));
            }
        }
        self.say(Utterance::new(Priority::Urgent, Sentence::NotUnderstood).arg("text", Arg::Text(text)));
    }

    fn answer(&mut self, yes: bool, now: Duration) {
        match (self.asked.take(), yes) {
            (Some(Asked::Confirm(actor, command)), true) => self.act(actor, command, now),
            (Some(Asked::Confirm(..)), false) => self.info(Sentence::SayAgain),
            (Some(asked @ Asked::Which(_)), _) => {
                self.asked = Some(asked);
                self.info(Sentence::AnswerWhich);
            }
            (None, _) => self.info(Sentence::NothingAsked),
        }
    }

    fn say_time(&mut self, now: Duration) {
        let moves = self.clock.moves(Color::White).max(self.clock.moves(Color::Black));
        let u = if self.clock.time_control().is_none() {
            Utterance::new(Priority::Info, Sentence::TimeUnlimited).arg("moves", Arg::Moves(moves))
        } else {
            Utterance::new(Priority::Info, Sentence::Time)
                .arg("white", Arg::Time(self.clock.remaining(Color::White, now)))
                .arg("black", Arg::Time(self.clock.remaining(Color::Black, now)))
                .arg("moves", Arg::Moves(moves))
        };
        self.say(u);
    }

    fn say_time_of(&mut self, side: Color, now: Duration) {
        let moves = self.clock.moves(side);
        let u = Utterance::new(Priority::Info, Sentence::TimeOf)
            .arg("side", Arg::Side(side))
            .arg("time", Arg::Time(self.clock.remaining(side, now)))
            .arg("moves", Arg::Moves(moves));
        self.say(u);
    }

    /// The scoresheet read back, from move `from` on (0: all of it).
    fn say_moves(&mut self, from: u32) {
        let mut list = self.sheet.move_pairs(&self.game);
        if list.is_empty() {
            return self.info(Sentence::NoMoves);
        }
        list.retain(|(n, _, _)| *n >= from);
        if list.is_empty() {
            return self.say(Utterance::new(Priority::Info, Sentence::NoMovesFrom).arg("n", Arg::Number(from)));
        }
        self.say(Utterance::new(Priority::Info, Sentence::Moves).arg("text", Arg::MoveList(list)));
    }
}

#[cfg(test)]
mod tests;
