//! A short game against a real UCI engine: Stockfish at level 1 answers through the adapter's
//! threads, and every answer must be a legal move, announced like any other. `.ci/run` installs
//! Debian's `stockfish`; without it the Stockfish test is skipped with a note, unless
//! `ANNA_REQUIRE_TOOLS=1` (as `.ci/run` sets). The failure tests need no engine.

use crate::support;

use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use anna::adapters::engine::{find_stockfish, Computer, EngineChoice, Reply};
use anna_app::{App, Event, Options, Out};
use anna_core::command::{Command, Setting};
use anna_core::opponent::{EngineFailure, Level, Opponent};
use anna_core::session::Config;
use anna_language::{MoveForm, SquareStyle, Vocabulary, Voice};
use shakmaty::Color;

/// The user plays White with `tc`, the computer Black at level 1 with `engine`.
fn game(engine: &str, tc: &str) -> App {
    let setup = vec![
        Command::TimeControl(anna_core::clock::TimeControl::parse(tc).unwrap()),
        Command::Set(Setting::Player(Some(Color::White))),
    ];
    let voice = Voice::new(Vocabulary::english(), SquareStyle::Plain, MoveForm::default());
    let options = Options {
        opponent: anna_app::OtherSide::Computer,
        level: Level::MIN,
        engine: engine.parse().unwrap(),
        ..Options::default()
    };
    App::new(Config::default(), setup, voice, options)
}

fn computer(choice: EngineChoice) -> (Computer, mpsc::Receiver<Reply>) {
    let (sender, replies) = mpsc::channel();
    let computer = Computer::new(choice, 1, Arc::new(move |reply| drop(sender.send(reply))));
    (computer, replies)
}

#[test]
fn a_short_game_against_stockfish() {
    let Some(path) = find_stockfish() else {
        support::tool(false, "stockfish", "stockfish");
        return;
    };
    let (mut computer, replies) = computer(EngineChoice::Path(path));
    // One minute each: at level 1 the engine thinks at most a second a move.
    let mut ui = game("stockfish", "1+0");
    let began = Instant::now();
    ui.start();
    let mut white = Opponent::new(Level::new(2).unwrap(), 3);
    for turn in 0..4 {
        let mv = white.choose(ui.session().game()).unwrap().mv;
        let uci = ui.session().game().uci(mv).to_string();
        let request =
            Out::think(&ui.handle(Event::Line(uci.clone()), began.elapsed())).expect("the move asks the engine");
        ui.handle(Event::Line("".to_string()), began.elapsed());
        assert!(request.engine, "the engine answers, not the built-in opponent");
        let plies = ui.session().game().plies().len();
        computer.think(request);
        let reply = replies.recv_timeout(Duration::from_secs(30)).expect("stockfish answers within 30 seconds");
        let Reply::Move { id, uci } = reply else { panic!("stockfish failed: {reply:?}") };
        let out = ui.handle(Event::Engine(Reply::Move { id, uci: uci.clone() }), began.elapsed());
        assert_eq!(ui.session().game().plies().len(), plies + 1, "move {turn}: {uci} was not played: {out:?}");
        let words = Out::said(&out);
        assert!(words.iter().any(|w| w.starts_with("Black: ")), "move {turn}: {uci} not announced: {words:?}");
        assert!(!words.iter().any(|w| w.contains("engine")), "no failure: {words:?}");
        assert_eq!(ui.session().awaiting_press(), None, "the engine's clock was pressed");
    }
    assert_eq!(ui.session().game().plies().len(), 8);
}

#[test]
fn a_missing_engine_is_said_and_the_builtin_opponent_plays() {
    let (mut computer, replies) = computer(EngineChoice::Path("/nonexistent/engine".into()));
    let mut ui = game("engine", "5+0");
    ui.start();
    computer.think(Out::think(&ui.handle(Event::Line("e4".to_string()), Duration::from_secs(1))).unwrap());
    ui.handle(Event::Line("".to_string()), Duration::from_secs(1));
    let Ok(Reply::Failed { id, failure }) = replies.recv_timeout(Duration::from_secs(10)) else { panic!() };
    assert_eq!(failure, EngineFailure::NotFound);
    let out = ui.handle(Event::Engine(Reply::Failed { id, failure }), Duration::from_secs(2));
    assert_eq!(Out::said(&out), ["The engine engine could not be started. Anna's own opponent plays instead."]);
    computer.think(Out::think(&out).unwrap());
    let Ok(Reply::Move { id, uci }) = replies.recv_timeout(Duration::from_secs(30)) else { panic!() };
    assert!(Out::said(&ui.handle(Event::Engine(Reply::Move { id, uci: uci.clone() }), Duration::from_secs(3)))[0]
        .starts_with("Black: "));
}

#[cfg(unix)]
#[test]
fn an_engine_that_exits_has_crashed() {
    let (mut computer, replies) = computer(EngineChoice::Path("/bin/true".into()));
    let mut ui = game("true", "5+0");
    ui.start();
    computer.think(Out::think(&ui.handle(Event::Line("d4".to_string()), Duration::from_secs(1))).unwrap());
    let reply = replies.recv_timeout(Duration::from_secs(15)).unwrap();
    assert!(matches!(reply, Reply::Failed { failure: EngineFailure::Crashed, .. }), "{reply:?}");
}

/// A script at `dir/name` that answers `uci` and `isready` and never `go`, running `before` first.
#[cfg(unix)]
fn silent_engine(dir: &support::TempDir, name: &str, before: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let stub = dir.join(name);
    let script = format!(
        "#!/bin/sh\n{before}while read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; esac; done\n"
    );
    std::fs::write(&stub, script).unwrap();
    std::fs::set_permissions(&stub, std::fs::Permissions::from_mode(0o755)).unwrap();
    stub
}

/// After 1. e4, Black (the engine) to move with three seconds left, White with `white`.
#[cfg(unix)]
fn black_with_three_seconds(white: Duration) -> (anna_core::rules::Game, anna_core::opponent::Clocks) {
    let mut game = anna_core::rules::Game::new();
    game.play(game.resolve("e4").unwrap()).unwrap();
    let clocks = anna_core::opponent::Clocks {
        white,
        black: Duration::from_secs(3),
        white_increment: Duration::ZERO,
        black_increment: Duration::ZERO,
        moves_to_go: None,
    };
    (game, clocks)
}

/// An engine that answers `uci` and `isready` and never `go`, at the strongest level with three
/// seconds on its clock: it is given up before its flag could fall (the answer comes within the
/// three seconds), not after the game's whole time.
#[cfg(unix)]
#[test]
fn a_hung_engine_is_given_up_before_its_flag_falls() {
    let dir = support::TempDir::new("hung-engine");
    let (mut computer, replies) = computer(EngineChoice::Path(silent_engine(&dir, "hung", "")));
    let (game, clocks) = black_with_three_seconds(Duration::from_secs(5400));
    computer.think(anna_core::opponent::Request::new(1, &game, Level::MAX, Some(clocks), true));
    let reply = replies.recv_timeout(Duration::from_secs(3)).expect("given up within its 3 seconds");
    assert_eq!(reply, Reply::Failed { id: 1, failure: EngineFailure::Silent });
}

/// Issue 46: an engine given up is ended with every process it started: here a wrapper script
/// whose helper (a `sleep`) would otherwise run on after the game.
#[cfg(target_os = "linux")]
#[test]
fn an_engine_given_up_ends_with_every_process_it_started() {
    let dir = support::TempDir::new("engine-group");
    let helper = dir.join("helper.pid");
    let stub = silent_engine(&dir, "wrapper", &format!("sleep 1000 &\necho $! > {}\n", helper.display()));
    let (mut computer, replies) = computer(EngineChoice::Path(stub));
    let (game, clocks) = black_with_three_seconds(Duration::from_secs(60));
    computer.think(anna_core::opponent::Request::new(1, &game, Level::MAX, Some(clocks), true));
    assert_eq!(
        replies.recv_timeout(Duration::from_secs(10)).unwrap(),
        Reply::Failed { id: 1, failure: EngineFailure::Silent }
    );
    let pid = std::fs::read_to_string(&helper).unwrap().trim().to_string();
    assert!(std::path::Path::new(&format!("/proc/{pid}")).exists(), "the helper runs while the engine does");
    // The app gives the engine up: Anna's own opponent is asked from now on.
    computer.think(anna_core::opponent::Request::new(2, &game, Level::MAX, Some(clocks), false));
    assert!(matches!(replies.recv_timeout(Duration::from_secs(30)).unwrap(), Reply::Move { id: 2, .. }));
    let gone = (0..50).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| stat.contains(") Z "))
    });
    assert!(gone, "the engine's helper {pid} still runs");
}
