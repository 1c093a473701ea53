//! PGN round trip and broken files: many seeded random games played through the session (moves at
//! varied times, draw offers, resignations, agreements, flag falls, mates) are exported, read back
//! and replayed; the moves, tags, clock readings, offers and result must come back the same. The
//! scenario PGNs must read without a fault (other programs read what Anna writes), and broken
//! files keep their valid part.

use std::fs;
use std::path::Path;
use std::time::Duration;

use anna_app::save;
use anna_core::clock::TimeControl;
use anna_core::command::{Command, Input};
use anna_core::pgn::{self, Fault, ImportedGame};
use anna_core::rules::MoveSpec;
use anna_core::scoresheet::Tags;
use anna_core::session::{Config, Session};
use anna_language::Vocabulary;
use shakmaty::{CastlingSide, Color, Move, Position};

/// A small seeded generator (xorshift64*): the same games on every run.
fn spec(mv: Move) -> MoveSpec {
    match mv {
        Move::Castle { king, rook } => {
            MoveSpec::castle(if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide })
        }
        mv => MoveSpec::squares(mv.from().unwrap(), mv.to(), mv.promotion()),
    }
}

/// How a random game is brought to its end.
#[derive(Debug, Clone, Copy)]
enum End {
    Open,
    Resign,
    Agree,
    Flag,
}

/// A random game: time control, names, maybe Chess960, moves at random times with offers, an end.
fn random_game(rng: &mut fastrand::Rng) -> (Session, End) {
    const CONTROLS: [&str; 6] = ["300+2", "900+10", "40/5400+30:1800+30", "60", "-", "180+0"];
    const NAMES: [&str; 4] = ["Anna", "Müller, Jürgen", "O'Neil \"Kid\"", "Čapek"];
    let mut session = Session::new(Config::default());
    let act = |session: &mut Session, command: Command| session.handle(Input::act(command), Duration::ZERO);
    let tc = CONTROLS[rng.u64(..6) as usize];
    act(&mut session, Command::TimeControl(TimeControl::parse(tc).unwrap()));
    if rng.u64(..5) == 0 {
        act(&mut session, Command::Chess960(rng.u64(..960) as u32));
    }
    act(&mut session, Command::Name(Color::White, NAMES[rng.u64(..4) as usize].to_string()));
    if rng.u64(..2) == 0 {
        act(&mut session, Command::Name(Color::Black, NAMES[rng.u64(..4) as usize].to_string()));
    }
    let plies = 2 + rng.u64(..120);
    let mut now = Duration::ZERO;
    for _ in 0..plies {
        if session.outcome().is_some() || session.question().is_some() {
            break;
        }
        let legal = session.game().position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.u64(..legal.len() as u64) as usize];
        let mover = session.game().turn();
        // Fast and slow moves, in milliseconds, rarely long enough to lose on time.
        let slowest = if rng.u64(..10) == 0 { 60_000 } else { 8_000 };
        now += Duration::from_millis(rng.u64(..slowest));
        session.handle(Input::by(mover, Command::Move(spec(mv))), now);
        if rng.u64(..12) == 0 {
            session.handle(Input::by(mover, Command::Offer), now);
        }
        if session.outcome().is_none() {
            session.handle(Input::by(mover, Command::Press), now);
        }
    }
    let end = match rng.u64(..4) {
        0 => End::Resign,
        1 => End::Agree,
        2 => End::Flag,
        _ => End::Open,
    };
    if session.outcome().is_none() && session.question().is_none() {
        let side = session.game().turn();
        match end {
            End::Resign => {
                session.handle(Input::by(side, Command::Resign), now);
            }
            End::Agree if session.game().plies().len() >= 2 => {
                session.handle(Input::by(side, Command::Offer), now);
                session.handle(Input::by(!side, Command::Accept), now);
            }
            End::Flag => {
                session.handle(Input::Tick, now + Duration::from_secs(100_000));
            }
            _ => {}
        }
    }
    (session, end)
}

fn whole(d: Option<Duration>) -> Option<u64> {
    d.map(|d| d.as_secs())
}

/// What must survive the trip, as comparable values.
fn summary_of_session(session: &Session) -> (Vec<String>, Vec<Option<u64>>, Vec<bool>) {
    let sans = session.game().plies().iter().map(|p| p.san.to_string()).collect();
    let timed = !session.clock().time_control().is_none();
    let entries = session.scoresheet().entries();
    let clocks = entries.iter().map(|e| if timed { whole(e.clock) } else { None }).collect();
    let offers = entries.iter().map(|e| e.offer).collect();
    (sans, clocks, offers)
}

fn summary_of_import(game: &ImportedGame) -> (Vec<String>, Vec<Option<u64>>, Vec<bool>) {
    let sans = game.moves.iter().map(|m| m.san.to_string()).collect();
    let clocks = game.moves.iter().map(|m| whole(m.clock)).collect();
    let offers = game.moves.iter().map(|m| m.offer).collect();
    (sans, clocks, offers)
}

#[test]
fn random_games_come_back_the_same() {
    let english = Vocabulary::english();
    let mut rng = fastrand::Rng::with_seed(0x5eed_2026_0007);
    let mut ends = [0usize; 4];
    let games = 400;
    for i in 0..games {
        let (session, end) = random_game(&mut rng);
        let text = save::pgn(&session, &english, &Tags::default());
        let read = pgn::read(text.as_bytes());
        assert_eq!(read.len(), 1, "game {i}:\n{text}");
        let game = &read[0];
        assert_eq!(game.fault, None, "game {i}:\n{text}");
        assert_eq!(summary_of_import(game), summary_of_session(&session), "game {i}:\n{text}");
        for (tag, side) in [("White", Color::White), ("Black", Color::Black)] {
            assert_eq!(game.tag(tag), session.name(side), "game {i}: {tag}\n{text}");
        }
        assert_eq!(
            game.tag("TimeControl").unwrap(),
            session.clock().time_control().to_pgn(),
            "game {i}: time control\n{text}"
        );
        assert_eq!(game.game.is_chess960(), session.game().is_chess960(), "game {i}: variant\n{text}");
        assert_eq!(game.game.start_fen(), session.game().start_fen(), "game {i}: start\n{text}");
        assert_eq!(game.ending.as_ref().and_then(|e| e.outcome()), session.outcome(), "game {i}: result\n{text}");

        // Replayed into a new session, the game gives the same PGN again, except a flag fall,
        // which is not acted again (the replay keeps the game open for the arbiter's eye).
        let (replayed, _) = game.replay(Config::default());
        assert_eq!(summary_of_session(&replayed), summary_of_session(&session), "game {i}: replayed\n{text}");
        let flagged = session.outcome().is_some_and(|o| o.reason.article() == "6.9");
        if !flagged {
            assert_eq!(save::pgn(&replayed, &english, &Tags::default()), text, "game {i}: replayed PGN");
        }
        ends[end as usize] += usize::from(session.outcome().is_some() || matches!(end, End::Open));
    }
    // The generator reaches every kind of end.
    assert!(ends.iter().all(|&n| n > 20), "ends: {ends:?}");
}

#[test]
fn what_anna_writes_in_the_scenarios_reads_without_a_fault() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut count = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "pgn") {
            let games = pgn::read(&fs::read(&path).unwrap());
            assert_eq!(games.len(), 1, "{}", path.display());
            assert_eq!(games[0].fault, None, "{}", path.display());
            count += 1;
        }
    }
    assert!(count >= 5);
}

#[test]
fn broken_files_keep_their_valid_part() {
    // An illegal move: the moves before it stay, the move is named with its number and side.
    let games = pgn::read(b"[White \"A\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nxe5 Bxe5 *\n");
    assert_eq!(games[0].moves.len(), 5);
    assert_eq!(games[0].fault, Some(Fault::IllegalMove { number: 3, side: Color::Black, san: "Bxe5".into() }));
    // Cut in the middle of a comment, of a tag, of the moves.
    for text in ["1. e4 {[%clk 0:0", "[White \"A\"]\n\n1. e4 e5 2. N", "[White \"A\"]\n[Black \"B"] {
        let games = pgn::read(text.as_bytes());
        assert_eq!(games.len(), 1, "{text}");
        assert_eq!(games[0].fault, Some(Fault::Truncated), "{text}");
    }
    // Garbage between good games does not lose the good ones.
    let games = pgn::read(b"1. e4 e5 *\n\n%%% not pgn %%%\n\n[White \"B\"]\n\n1. d4 *\n");
    assert!(games.iter().any(|g| g.tag("White") == Some("B") && g.moves.len() == 1), "{games:?}");
    // The words that name a fault, in German.
    let de = Vocabulary::german();
    let broken = &pgn::read(b"1. e4 e5 2. Ke3 *")[0];
    assert_eq!(
        anna::cli::pgn::fault_words(broken, 1, &de).unwrap(),
        "Partie 1: Der Zug Ke3 (Zug 2, Weiß) ist nicht regelgemäß oder nicht lesbar; die Züge davor bleiben erhalten."
    );
}
