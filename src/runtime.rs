//! The one event loop, for every view: the terminal (typed lines or keys), the computer's engine,
//! the peg board's link and the clock's deadlines all feed one channel; the loop sleeps until the
//! next message or the next deadline, never polling. What a message means is decided by the
//! application ([`App`], or another [`Program`]: a review, puzzles; no I/O) and by the view ([`View`]: a key's meaning on
//! the board view); the loop only carries out the [`Out`]s they return: sentences are shown by the
//! view and handed to the [`Speaker`], which speaks on its own thread, so the loop never waits on
//! speech. The computer thinks on its own thread ([`Computer`]) and its reply comes through the
//! same channel, so the player's questions, `time`, `resign` or a draw offer work while it thinks.
//! A board (`--board`, and the opponent's `--opponent-board`) reports through its [`Link`] and
//! the app's [`Out::Board`] requests are sent through it, never blocking the loop.
//!
//! Every input that reaches the game is first appended to its journal and flushed to the disk; only
//! then is anything that follows from it shown or said. While a clock runs, the loop wakes every
//! [`CHECKPOINT`] to journal the clock's reading, so a crash costs at most that much of it.

use std::process::ExitCode;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::adapters::engine::analyst::Worker;
use crate::adapters::engine::{Computer, EngineChoice};
use crate::adapters::games;
use crate::adapters::journal::{self, Trouble};
use crate::adapters::listen::{ListenError, Microphone, Mode};
use crate::adapters::sound::SoundPlayer;
use crate::adapters::speech::{self, Speaker, SpeechArgs};
use crate::board_link::serial::Link;
use anna_app::journal::Health;
use anna_app::{App, Event, InForce, Joining, Out};
use anna_board::protocol::Protocol;
use anna_board::BoardRole;
use anna_core::message::{Arg, Priority, Words};
use anna_language::Voice;

mod microphone;
mod program;
mod said;
mod view;

pub use program::Program;
pub use said::MAX_SENTENCE;
use said::{live_clock, sane};
pub use view::{Source, Step, View};

/// A board's serial port, its protocol when given (`None`: the one it answers) and the baud rate
/// of Anna's own protocol (`--board`, `--board-protocol`, `--board-baud`; `--opponent-board`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPort {
    pub path: String,
    pub protocol: Option<Protocol>,
    pub baud: u32,
}

/// The boards of a game: the player's and the opponent's, either may be absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardPorts {
    pub player: Option<BoardPort>,
    pub opponent: Option<BoardPort>,
}

/// How often a running clock's reading is journaled.
pub const CHECKPOINT: Duration = Duration::from_secs(1);

/// What the loop speaks, plays, journals and sends through; the speaker is restarted when its
/// settings change. A review has no opponent, no board and no journal.
struct Outputs {
    speech: SpeechArgs,
    speaker: Speaker,
    sounds: SoundPlayer,
    computer: Option<Computer>,
    /// The analysing engine, started by the first question (`hint`, `eval`), and the engine asked.
    analyst: (Option<crate::adapters::engine::analyst::Worker>, EngineChoice),
    /// The game on a server, started by the app's first request to it.
    server: Option<crate::adapters::online::Remote>,
    journal: Option<journal::Sink>,
    /// The links of the boards, with their role.
    boards: Vec<(BoardRole, Link)>,
    /// The microphone, once started (`--listen`, or the first `listen`), or why it cannot be.
    microphone: Option<Result<Microphone, ListenError>>,
    /// The microphone's recogniser is built: it hears what it is asked to at once.
    microphone_open: bool,
    /// How the microphone listens, and the channel it reports through.
    listening: Option<(Mode, mpsc::Sender<Source>)>,
    /// The game's position, whose moves the microphone hears.
    position: Option<shakmaty::Chess>,
    /// Where the speaker's notices go: into the loop, which shows them in the view.
    notices: mpsc::Sender<Source>,
    /// The view could not write: the terminal or the pipe is gone.
    output_closed: bool,
    /// What became of the outs carried out, for the program to hear (a file saved or not).
    feedback: Vec<Event>,
    /// What the program was last told of the journal: why it is not on the disk, if it is not.
    journal_told: Option<Trouble>,
    /// A move was journaled since the program was last told.
    journaled_move: bool,
    /// The language the speaker speaks.
    language: String,
}

/// Plays a game in `view` until `quit` or the end of its input: the computer's engine (used only
/// when the app plays the computer), the boards on `boards` (each link opens and keeps retrying
/// on its own threads; the game starts at once, with or without them), and the microphone as
/// `listen` says (push-to-talk: started by the first `listen`).
pub fn run(
    mut app: App,
    mut view: impl View,
    speech: SpeechArgs,
    sounds: SoundPlayer,
    engine: EngineChoice,
    boards: BoardPorts,
    listen: Mode,
) -> ExitCode {
    let (sender, receiver) = mpsc::channel();
    let replies = sender.clone();
    let computer =
        Computer::new(engine.clone(), seed(), Arc::new(move |reply| drop(replies.send(Source::Computer(reply)))));
    let mut outputs = Outputs::new(speech, sounds, sender.clone(), app.voice());
    outputs.analyst.1 = engine.clone();
    outputs.computer = Some(computer);
    outputs.journal = Some(journal::Sink::new(journal::folder()));
    app.set_local(games::now_stamp().0, crate::adapters::account());
    // A game read from PGN goes on from the session time where its replay stopped.
    let origin = app.origin();
    let mut start = app.start();
    // After the setup, so the mirrors start from the game's position and side.
    if let Some(port) = boards.player {
        let joining = Joining::Player { protocol: port.protocol, side: None };
        start.extend(app.handle(Event::BoardJoined(joining), origin));
        let link = Link::open_protocol(&port.path, port.protocol, port.baud, sender.clone(), |report| {
            Source::Board(BoardRole::Player, report)
        });
        outputs.boards.push((BoardRole::Player, link));
    }
    if let Some(port) = boards.opponent {
        start.extend(app.handle(Event::BoardJoined(Joining::Opponent), origin));
        let link = Link::open_protocol(&port.path, port.protocol, port.baud, sender.clone(), |report| {
            Source::Board(BoardRole::Opponent, report)
        });
        outputs.boards.push((BoardRole::Opponent, link));
    }
    outputs.listening = Some((listen, sender.clone()));
    outputs.follow(&app);
    if listen == Mode::Always {
        // Listening all the time starts with the game.
        outputs.listen(app.voice());
    }
    drive(&mut app, &mut view, outputs, start, origin, sender, receiver)
}

/// A program without a game of its own (a review, a round of puzzles) driven by the one loop;
/// `engine` answers its questions to an engine (`analyse`).
pub fn run_program(
    mut program: impl Program,
    mut view: impl View,
    speech: SpeechArgs,
    sounds: SoundPlayer,
    engine: EngineChoice,
) -> ExitCode {
    let (sender, receiver) = mpsc::channel();
    let mut outputs = Outputs::new(speech, sounds, sender.clone(), program.voice());
    outputs.analyst.1 = engine;
    let start = program.start();
    drive(&mut program, &mut view, outputs, start, Duration::ZERO, sender, receiver)
}

/// The loop itself.
fn drive(
    program: &mut dyn Program,
    view: &mut dyn View,
    mut outputs: Outputs,
    start: Vec<Out>,
    origin: Duration,
    sender: mpsc::Sender<Source>,
    receiver: mpsc::Receiver<Source>,
) -> ExitCode {
    let began = Instant::now();
    // Whole milliseconds: the journal's times stay short and are read back exactly.
    let elapsed = || origin + Duration::from_millis(u64::try_from(began.elapsed().as_millis()).unwrap_or(u64::MAX));
    let mut interrupted = false;
    // When to say the question waiting again, after notices of the speaker came between.
    let mut ask_again: Option<Duration> = None;
    // What became of the start's outs (the microphone opened with `--listen always`) comes first.
    if outputs.carry_out(&start, program.voice(), view) || outputs.feed_back(program, origin, view) {
        outputs.speaker.finish(Duration::ZERO);
        return if outputs.output_closed { ExitCode::from(BROKEN_PIPE) } else { ExitCode::SUCCESS };
    }
    view.listen(sender);
    let mut fed = origin;
    loop {
        let now = elapsed();
        if let Err(e) = view.draw(program, now) {
            outputs.speaker.finish(Duration::ZERO);
            crate::adapters::diverted::note(&format!("the terminal failed: {e}"));
            eprintln!("anna: {}", program.voice().vocab.word("screen.terminal_failed"));
            return ExitCode::from(1);
        }
        let checkpoint = program.clock_running().then_some(fed + CHECKPOINT);
        let deadlines = [program.next_deadline(), checkpoint, view.wake_at(program, now), ask_again];
        let received = match deadlines.into_iter().flatten().min() {
            Some(deadline) => receiver.recv_timeout(deadline.saturating_sub(now)),
            None => receiver.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        };
        fed = elapsed();
        let steps = match received {
            // Notices came between a question and the player: once they have stopped coming, the
            // question is said again, so that it is the last thing heard.
            Err(mpsc::RecvTimeoutError::Timeout) if ask_again.is_some_and(|at| fed >= at) => {
                ask_again = None;
                vec![Step::Event(Event::Tick), Step::Event(Event::Continued)]
            }
            Err(mpsc::RecvTimeoutError::Timeout) => vec![Step::Event(Event::Tick)],
            // The end of the input (Ctrl-D, a closed terminal) and Ctrl-C leave as `quit` does,
            // saying what becomes of the game.
            Err(mpsc::RecvTimeoutError::Disconnected) | Ok(Source::Closed) => vec![Step::Quit],
            Ok(Source::Interrupted) => {
                interrupted = true;
                vec![Step::Quit]
            }
            Ok(Source::Continued) => vec![Step::Event(Event::Continued)],
            Ok(Source::Computer(reply)) => vec![Step::Event(Event::Engine(reply))],
            Ok(Source::Evaluated(id, result)) => vec![Step::Event(Event::Evaluated { id, result })],
            Ok(Source::Server(event)) => vec![Step::Event(Event::Server(event))],
            Ok(Source::Board(role, report)) => vec![Step::Event(Event::Board(role, report))],
            Ok(Source::Heard(hearing)) => vec![Step::Event(Event::Heard(hearing))],
            Ok(Source::Opened(opened)) => vec![Step::Event(outputs.opened(opened))],
            Ok(Source::Notice(words)) => {
                view.show(&words, Priority::Info);
                if program.awaiting_answer() {
                    ask_again = Some(fed + NOTICES_SETTLE);
                }
                Vec::new()
            }
            Ok(source) => view.translate(program, source),
        };
        let mut quit = false;
        for step in steps {
            let out = match step {
                Step::Event(event) => program.handle(event, fed),
                Step::Say(words) => vec![Out::Say(words, Priority::Info)],
                Step::Redraw => Vec::new(),
                Step::Quit => program.leave(),
            };
            quit = quit || outputs.carry_out(&out, program.voice(), view);
            quit = quit || outputs.feed_back(program, fed, view);
        }
        outputs.follow(program);
        if quit {
            break;
        }
    }
    // What the player sent last (a mating move) reaches the server before the program ends.
    if let Some(server) = &outputs.server {
        server.finish(LAST_REQUESTS);
    }
    // The last words (where the game is kept) are heard, then the program ends.
    outputs.speaker.finish(LAST_WORDS);
    // Output that could not be written (`anna | head -1`) ends as a broken pipe ends a program.
    if outputs.output_closed {
        ExitCode::from(BROKEN_PIPE)
    } else if interrupted {
        ExitCode::from(INTERRUPTED)
    } else {
        ExitCode::SUCCESS
    }
}

/// How long after the speaker's last notice the question waiting is said again (notices come in
/// bursts: a backend given up, the next one taking over).
const NOTICES_SETTLE: Duration = Duration::from_millis(500);

/// How long the requests still queued for a server may take before the program ends.
const LAST_REQUESTS: Duration = Duration::from_secs(10);

/// How long the last words may take to be said before the program ends.
const LAST_WORDS: Duration = Duration::from_secs(10);

/// The exit code of a program ended by Ctrl-C: 128 and SIGINT, as a shell reports it.
const INTERRUPTED: u8 = 130;

/// The exit code of a program ended by a closed output: 128 and SIGPIPE, as a shell reports it.
const BROKEN_PIPE: u8 = 141;

/// The speaker's notices, sent into the loop to be shown.
fn shown(notices: &mpsc::Sender<Source>) -> speech::Show {
    let notices = notices.clone();
    Box::new(move |words| drop(notices.send(Source::Notice(words))))
}

impl Outputs {
    fn new(speech: SpeechArgs, sounds: SoundPlayer, notices: mpsc::Sender<Source>, voice: &Voice) -> Outputs {
        let speaker = speech::start(&speech, voice, shown(&notices));
        // Saved once at the start; a restart of the speaker does not save again.
        let speech = SpeechArgs { save_settings: false, ..speech };
        Outputs {
            speech,
            speaker,
            sounds,
            computer: None,
            analyst: (None, EngineChoice::Auto),
            server: None,
            journal: None,
            boards: Vec::new(),
            microphone: None,
            microphone_open: false,
            listening: None,
            position: None,
            notices,
            output_closed: false,
            feedback: Vec::new(),
            journal_told: None,
            journaled_move: false,
            language: voice.vocab.code().to_string(),
        }
    }

    /// Hands the program what became of the outs carried out, and carries out its answers; true
    /// when it asked to quit, or the terminal is gone.
    fn feed_back(&mut self, program: &mut dyn Program, now: Duration, view: &mut dyn View) -> bool {
        while !self.feedback.is_empty() {
            let event = self.feedback.remove(0);
            let out = program.handle(event, now);
            if self.carry_out(&out, program.voice(), view) {
                return true;
            }
        }
        false
    }

    /// Keeps the microphone hearing the moves of the game's position as the game goes on.
    fn follow(&mut self, program: &dyn Program) {
        let Some(position) = program.position() else { return };
        // Positions are equal when their legal moves are (shakmaty compares as FIDE 9.2.3 does).
        if self.position.as_ref() == Some(position) {
            return;
        }
        if let Some(Ok(microphone)) = &self.microphone {
            microphone.hear_position(position.clone());
        }
        self.position = Some(position.clone());
    }

    /// Shows, says, plays, journals and sends what the program returned; true when it asked to
    /// quit, or when the terminal is gone.
    fn carry_out(&mut self, outs: &[Out], voice: &Voice, view: &mut dyn View) -> bool {
        // The answers of one event are said as one: each would replace the one before it.
        let mut answer: Vec<String> = Vec::new();
        for out in outs {
            if !matches!(out, Out::Journal(_) | Out::JournalNew | Out::JournalContinue(_)) {
                self.sync_journal();
            }
            if said::splits_answer(out) && !answer.is_empty() {
                self.speaker.say(std::mem::take(&mut answer).join(" "), Priority::Info);
            }
            match out {
                Out::Journal(record) => {
                    if let Some(journal) = self.journal.as_mut() {
                        journal.write(record);
                        self.journaled_move |= matches!(record, journal::Record::Check { .. });
                    }
                }
                // A new journal: the program's health of it starts afresh, like the app's.
                Out::JournalNew => {
                    if let Some(journal) = self.journal.as_mut() {
                        journal.begin();
                        self.journal_told = None;
                    }
                }
                Out::JournalContinue(path) => {
                    if let Some(journal) = self.journal.as_mut() {
                        journal.resume(path);
                        self.journal_told = None;
                    }
                }
                // The words are made here, at the edge, in the voice of the program.
                Out::Say(words, priority) => {
                    let words = sane(&voice.words(words));
                    match priority {
                        Priority::Info => answer.push(words.clone()),
                        _ => self.speaker.say(words.clone(), *priority),
                    }
                    if !view.show(&words, *priority) {
                        return self.closed();
                    }
                }
                Out::SayLive(utterance, running) => {
                    let words = sane(&voice.render(utterance));
                    self.speaker.say_live(words.clone(), utterance.priority, live_clock(utterance, *running, voice));
                    if !view.show(&words, utterance.priority) {
                        return self.closed();
                    }
                }
                Out::Write(words) => {
                    // Everything written is said too (a blind player reads nothing else).
                    let words = sane(&voice.words(words));
                    answer.push(words.clone());
                    if !view.show(&words, Priority::Info) {
                        return self.closed();
                    }
                }
                Out::Play(sound) => self.sounds.play(*sound),
                Out::Record(_) => {}
                Out::Silence => self.speaker.silence(),
                Out::Listen => self.listen(voice),
                Out::More => self.speaker.more(),
                Out::Settings(settings) => self.apply(settings, voice),
                Out::Engine(choice) => {
                    if let Some(computer) = &mut self.computer {
                        computer.set_choice(choice);
                    }
                }
                Out::Think(request) => {
                    if let Some(computer) = &mut self.computer {
                        computer.think(request.clone());
                    }
                }
                Out::Evaluate(ask) => {
                    let (notices, (worker, choice)) = (self.notices.clone(), &mut self.analyst);
                    let answer = move |id, result| drop(notices.send(Source::Evaluated(id, result)));
                    worker.get_or_insert_with(|| Worker::start(choice.clone(), answer)).evaluate(ask.clone());
                }
                Out::Server(request) => {
                    let notices = self.notices.clone();
                    let remote = self.server.get_or_insert_with(|| {
                        crate::adapters::online::Remote::start(Arc::new(move |event| {
                            drop(notices.send(Source::Server(event)));
                        }))
                    });
                    remote.request(request.clone());
                }
                Out::Board(role, command) => {
                    for (_, link) in self.boards.iter().filter(|(r, _)| r == role) {
                        link.send(command.clone());
                    }
                }
                Out::Save(save) => {
                    // A braille scoresheet is put into the language's braille here, at the edge.
                    let (save, notice) = crate::adapters::louis::embossable(save, &voice.vocab);
                    if let Some(notice) = notice {
                        self.speaker.say(notice.clone(), Priority::Info);
                        view.show(&notice, Priority::Info);
                    }
                    let result = games::write(&save, &games::now_stamp().1);
                    self.feedback.push(Event::Saved { save: save.clone(), result });
                }
                Out::Rescue(pgn) => {
                    if self.rescue(pgn, voice, view) {
                        return self.closed();
                    }
                }
                Out::Solved(id) => crate::adapters::puzzles::remember_solved(id),
                Out::Quit => {
                    self.sync_journal();
                    return true;
                }
            }
        }
        if !answer.is_empty() {
            self.speaker.say(answer.join(" "), Priority::Info);
        }
        self.sync_journal();
        false
    }

    /// Carries out the settings in force: sounds at once; the speaker is started again only when
    /// its way of speaking, rate, volume or language changed.
    fn apply(&mut self, settings: &InForce, voice: &Voice) {
        if self.sounds.is_on() != settings.sounds {
            self.sounds = SoundPlayer::new(settings.sounds);
        }
        let mut speech = self.speech.clone();
        speech.speech = settings.speech.or(speech.speech);
        speech.rate = settings.rate.or(speech.rate);
        speech.volume = settings.volume.or(speech.volume);
        let same =
            (speech.speech, speech.rate, speech.volume) == (self.speech.speech, self.speech.rate, self.speech.volume);
        if same && self.language == settings.language {
            return;
        }
        self.speech = speech;
        self.language.clone_from(&settings.language);
        let new = speech::start(&self.speech, voice, shown(&self.notices));
        std::mem::replace(&mut self.speaker, new).finish(Duration::ZERO);
    }

    /// The terminal is gone (`anna | head -1`): the journal is on the disk and the loop ends.
    fn closed(&mut self) -> bool {
        self.output_closed = true;
        self.sync_journal();
        true
    }

    /// Puts what was journaled on the disk, and tells the program how that went.
    fn sync_journal(&mut self) {
        let Some(journal) = self.journal.as_mut() else { return };
        journal.sync();
        let trouble = journal.trouble();
        // Told when it changes, and after every move while the game is not on the disk.
        if trouble != self.journal_told || (trouble.is_some() && self.journaled_move) {
            self.feedback.push(Event::Journal(trouble.map_or(Health::Saved, Health::NotSaved)));
        }
        self.journal_told = trouble;
        self.journaled_move = false;
    }

    /// The player leaves a game whose journal is not on the disk: the journal is tried once more;
    /// then the PGN is written to the games folder, or the temporary folder, and the player told
    /// where; if nowhere, it is written out whole. True when the terminal is gone.
    fn rescue(&mut self, pgn: &str, voice: &Voice, view: &mut dyn View) -> bool {
        let trouble = match self.journal.as_mut() {
            Some(journal) => {
                journal.retry();
                journal.trouble()
            }
            None => Some(Trouble::NoFolder),
        };
        let Some(trouble) = trouble else {
            let words = voice.words(&Words::line("line.quit_kept"));
            self.speaker.say(words.clone(), Priority::Move);
            return !view.show(&words, Priority::Info);
        };
        let stamp = games::now_stamp().1;
        let save = |path| games::Save { path, kind: games::SaveKind::Pgn, text: pgn.to_string(), replace: false };
        let spare = std::env::temp_dir().join(format!("anna-{stamp}.pgn"));
        let written = games::write(&save(None), &stamp).or_else(|_| games::write(&save(Some(spare)), &stamp));
        let trouble = Arg::Word(trouble.key().into());
        let words = match &written {
            Ok(path) => Words::line("journal.quit_rescued")
                .arg("trouble", trouble)
                .arg("path", Arg::Text(path.display().to_string())),
            Err(_) => Words::line("journal.quit_lost").arg("trouble", trouble),
        };
        let words = voice.words(&words);
        self.speaker.say(words.clone(), Priority::Urgent);
        if !view.show(&words, Priority::Info) {
            return true;
        }
        // Nowhere to write it: the moves themselves, for the player to copy.
        written.is_err() && !pgn.lines().all(|line| view.show(line, Priority::Info))
    }
}

/// A seed for the built-in opponent, different in every game, from the standard library's
/// per-process random hash keys.
fn seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0x616e_6e61);
    hasher.finish()
}
