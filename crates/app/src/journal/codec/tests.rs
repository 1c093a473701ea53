use super::*;
use anna_core::explore::{Filter, Query};

fn spec(text: &str) -> MoveSpec {
    match anna_language::parse::hear(text, &anna_language::Vocabulary::german()) {
        Ok(anna_language::parse::Heard::Move(spec)) => spec,
        other => panic!("{text}: {other:?}"),
    }
}

/// One command of every kind, with the unusual values a journal must keep: a German `S` that may
/// mean a knight or a bishop, a move with only a departure file, nanoseconds, a period without a
/// quota and one with a zero quota, a name with a `#` and a newline, a text not understood with a
/// guess.
fn samples() -> Vec<Command> {
    let tc = TimeControl::parse("40/5400+30:1800+30").unwrap();
    let odd = TimeControl {
        periods: vec![
            Period { moves: Some(0), time: Duration::new(1, 5), increment: Duration::from_millis(500) },
            Period { moves: None, time: Duration::ZERO, increment: Duration::ZERO },
        ],
        mode: ClockMode::Delay,
    };
    let filter = Filter { side: Some(Color::Black), role: Some(Role::Knight) };
    let partial = MoveSpec { pieces: Vec::new(), from_file: Some(File::G), ..MoveSpec::default() };
    vec![
        Command::TimeControl(tc),
        Command::TimeControl(odd),
        Command::TimeControl(TimeControl::none()),
        Command::ClockMode(ClockMode::Bronstein),
        Command::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
        Command::Chess960(518),
        Command::Name(Color::Black, "Anna #1\nKarenina  ".into()),
        Command::Start,
        Command::Move(spec("Sf3")),
        Command::Move(spec("e7e8D")),
        Command::Move(spec("0-0-0")),
        Command::Move(spec("exd5")),
        Command::Move(spec("Bauer schlägt Springer")),
        Command::Move(spec("schwarz Bauer schlägt en passant")),
        Command::Move(partial),
        Command::Move(MoveSpec::default()),
        Command::Press,
        Command::Offer,
        Command::Accept,
        Command::Decline,
        Command::Claim(None),
        Command::Claim(Some(spec("Sg1f3"))),
        Command::Claim(Some(MoveSpec::default())),
        Command::Resign,
        Command::Flag,
        Command::Illegal(IllegalMove::Press),
        Command::Illegal(IllegalMove::TwoHands),
        Command::Illegal(IllegalMove::Earlier { number: 12, side: Color::Black }),
        Command::Illegal(IllegalMove::Move(spec("Ka1"))),
        Command::Touch(Square::E2),
        Command::Pause,
        Command::Resume,
        Command::AdjustTime(Color::White, Duration::new(4800, 1)),
        Command::AdjustMoves(Color::Black, 40),
        Command::FollowClock(Color::Black, Duration::from_secs(5399)),
        Command::Quickplay,
        Command::Seal(spec("Sg1f3")),
        Command::Open,
        Command::Decide(Some(Color::White)),
        Command::Decide(None),
        Command::Unclear { text: "Springa f drei: ja".into(), guess: Some(Box::new(Command::Move(spec("Sf3")))) },
        Command::Unclear { text: "ünklar".into(), guess: None },
        Command::Answer(true),
        Command::Answer(false),
        Command::Set(Setting::AutoPress(true)),
        Command::Set(Setting::TouchMove(TouchMove::Enforce)),
        Command::Set(Setting::Flag(FlagPolicy::Claim)),
        Command::Set(Setting::Supervised(false)),
        Command::Set(Setting::NoDrawOfferBefore(30)),
        Command::Set(Setting::Player(None)),
        Command::Set(Setting::Player(Some(Color::Black))),
        Command::Set(Setting::Alarms(vec![Duration::from_secs(600), Duration::from_millis(10_500)])),
        Command::Set(Setting::Alarms(Vec::new())),
        Command::Set(Setting::Tournament(true)),
        Command::Time,
        Command::TimeOf(Color::White),
        Command::Moves,
        Command::MovesFrom(12),
        Command::Explore(Query::Board),
        Command::Explore(Query::Pieces(Filter::default())),
        Command::Explore(Query::Where(filter)),
        Command::Explore(Query::Rank(Rank::Fourth)),
        Command::Explore(Query::File(File::E)),
        Command::Explore(Query::Square(Square::E4)),
        Command::Explore(Query::Moves(Square::G1)),
        Command::Repeat,
        Command::Turn,
        Command::Last,
        Command::Jadoube,
        Command::Irregular(Irregularity::ColoursReversed),
        Command::Irregular(Irregularity::InitialPosition),
        Command::Irregular(Irregularity::Displaced),
        Command::Release(Square::G1),
        Command::Ended(Outcome::win(Color::Black, Reason::OpponentLeft)),
        Command::Ended(Outcome::draw(Reason::Aborted)),
        Command::TakeBack(2, Retraction::Server),
        Command::TakeBack(2, Retraction::Home),
        Command::Request(Name::Chat, "good game, thanks".into()),
        Command::Request(Name::Hint, String::new()),
    ]
}

/// Every variant of [`Command`]: a new one fails to compile here until it has a sample above.
fn kind(command: &Command) -> usize {
    match command {
        Command::TimeControl(_) => 0,
        Command::ClockMode(_) => 1,
        Command::Fen(_) => 2,
        Command::Chess960(_) => 3,
        Command::Name(..) => 4,
        Command::Start => 5,
        Command::Move(_) => 6,
        Command::Press => 7,
        Command::Offer => 8,
        Command::Accept => 9,
        Command::Decline => 10,
        Command::Claim(_) => 11,
        Command::Resign => 12,
        Command::Flag => 13,
        Command::Illegal(_) => 14,
        Command::Touch(_) => 15,
        Command::Pause => 16,
        Command::Resume => 17,
        Command::AdjustTime(..) => 18,
        Command::AdjustMoves(..) => 19,
        Command::Quickplay => 20,
        Command::Decide(_) => 21,
        Command::Unclear { .. } => 22,
        Command::Answer(_) => 23,
        Command::Set(_) => 24,
        Command::Time => 25,
        Command::TimeOf(_) => 26,
        Command::Moves => 27,
        Command::MovesFrom(_) => 28,
        Command::Explore(_) => 29,
        Command::Repeat => 30,
        Command::Turn => 31,
        Command::Last => 32,
        Command::Seal(_) => 33,
        Command::Open => 34,
        Command::FollowClock(..) => 35,
        Command::Jadoube => 36,
        Command::Irregular(_) => 37,
        Command::Release(_) => 38,
        Command::Ended(_) => 39,
        Command::TakeBack(..) => 40,
        Command::Request(..) => 41,
    }
}
const KINDS: usize = 42;

#[test]
fn every_command_reads_back_as_written() {
    let samples = samples();
    let mut seen = [false; KINDS];
    for command in &samples {
        seen[kind(command)] = true;
        for actor in [None, Some(Color::White), Some(Color::Black)] {
            let record = Record::Input {
                at: Duration::new(3723, 4_000_000),
                input: Input::Act { actor, command: command.clone() },
            };
            let text = print(&record);
            assert_eq!(read(&text), Ok(record), "{text}");
        }
    }
    assert!(seen.iter().all(|s| *s), "a kind of command has no sample: {seen:?}");
}

#[test]
fn the_other_records_read_back() {
    let records = [
        Record::Header { version: VERSION, started: 1_795_400_265 },
        Record::Voice { lang: "sk".into(), squares: SquareStyle::Nato, form: MoveForm::Long },
        Record::Input { at: Duration::from_millis(12_345), input: Input::Tick },
        Record::End { at: Duration::from_secs(600), how: End::Finished },
        Record::End { at: Duration::ZERO, how: End::Abandoned },
    ];
    for record in records {
        assert_eq!(read(&print(&record)), Ok(record));
    }
}

#[test]
fn words_are_canonical_and_readable() {
    let at = Duration::from_millis(12_345);
    let line = |actor, command| print(&Record::Input { at, input: Input::Act { actor, command } });
    assert_eq!(line(Some(Color::White), Command::Move(spec("Sf3"))), "12.345 white: move pieces=NB to=f3");
    assert_eq!(line(None, Command::Press), "12.345 press");
    assert_eq!(
        line(None, Command::TimeControl(TimeControl::parse("40/5400+30:1800+30").unwrap())),
        "12.345 tc fischer 40/5400+30 -/1800+30"
    );
    assert_eq!(line(None, Command::Set(Setting::AutoPress(true))), "12.345 set auto-press on");
}

#[test]
fn nonsense_is_refused_not_panicked_on() {
    for text in [
        "",
        "12.345",
        "12.345 frobnicate",
        "x tick",
        "12. tick",
        "1.0000000001 tick",
        "1 unclear 99:short",
        "1 unclear 1:ü",
        "1 move pieces=X",
        "1 move from=1g",
        "1 white press",
        "anna-journal one 2",
        "voice en",
        "end 1 maybe",
        "1 tc fischer 40/5400",
        "1 set player green",
        "1 explore rank 9",
        "1000000001 tick",
        "1 adjust white 99999999999999999",
    ] {
        assert!(read(text).is_err(), "{text:?}");
    }
}
