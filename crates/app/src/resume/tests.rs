use super::*;
use crate::journal::{frame, parse};
use crate::speech::Choice;
use crate::{Event, InForce, Options};
use anna_core::clock::TimeControl;
use anna_language::{MoveForm, SquareStyle, Vocabulary};

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// What the runtime would do with the journal outs: the records of the current journal file.
#[derive(Default)]
struct Disk {
    files: Vec<Vec<Record>>,
    said: Vec<String>,
}

impl Disk {
    fn take(&mut self, outs: Vec<Out>) {
        for out in outs {
            match out {
                Out::JournalNew => self.files.push(Vec::new()),
                Out::Journal(record) => self.files.last_mut().expect("a journal is open").push(record),
                Out::Say(..) | Out::Write(..) | Out::SayLive(..) => self.said.extend(out.words(&Voice::english())),
                Out::JournalContinue(_) => {}
                _ => {}
            }
        }
    }

    /// The last journal as written to a file and read back.
    fn journal(&self) -> Journal {
        let mut bytes = frame(&Record::Header { version: journal::VERSION, started: 1_795_313_865 });
        bytes.extend(self.files.last().unwrap().iter().map(frame));
        parse(bytes.as_bytes()).unwrap()
    }
}

fn game_mode() -> App {
    let setup = vec![
        Command::TimeControl(TimeControl::parse("300+2").unwrap()),
        Command::Name(Color::White, "Alice".into()),
        Command::Name(Color::Black, "Bob".into()),
    ];
    App::new(Config::default(), setup, Voice::english(), Options { confirm: false, ..Options::default() })
}

fn play(m: &mut App, disk: &mut Disk, lines: &[(f64, &str)]) {
    for (t, line) in lines {
        disk.take(m.line(line, secs(*t)));
    }
}

fn resumed(journal: Journal, ask: bool) -> (App, Vec<String>) {
    let mut m = App::new(Config::default(), Vec::new(), Voice::english(), Options::default());
    m = m.with_unfinished(Unfinished { path: PathBuf::from("game.journal"), journal, kept: None, lost: None, ask });
    let mut disk = Disk::default();
    disk.files.push(Vec::new());
    let start = m.start();
    // What was said, in the words of the game resumed (its language is in the journal).
    disk.said.extend(Out::said_by(&start, m.voice()));
    disk.take(start.into_iter().filter(|o| !matches!(o, Out::Say(..) | Out::Write(..))).collect());
    (m, disk.said)
}

#[test]
fn a_resumed_game_stands_as_it_stood_with_its_clocks_stopped() {
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    play(&mut m, &mut disk, &[(1.0, "e4"), (3.0, ""), (7.5, "e5"), (9.25, ""), (12.0, "Nf3"), (12.5, "offer")]);
    // The clock ran on for White until a checkpoint at 13.5 s; then the program died.
    disk.take(m.tick(secs(13.5)));
    let journal = disk.journal();
    assert_eq!(journal.last_instant(), secs(13.5));
    let (mut r, said) = resumed(journal, false);
    assert_eq!(r.session().game().position().board().to_string(), m.session().game().position().board().to_string());
    let pgn = |m: &App| crate::save::pgn_text(m.session(), &m.voice().vocab);
    assert_eq!(pgn(&r), pgn(&m), "the scoresheet with its clock readings");
    assert_eq!(r.session().draw_offer(), Some(Color::White));
    assert_eq!(r.session().name(Color::White), Some("Alice"));
    assert_eq!(
        said,
        [
            "The game from 2026-11-22 02:17 UTC is restored at move 2.",
            "Clocks stopped.",
            "Last move: White: Knight Felix drei.",
            "White: Knight Felix drei, waiting for the clock press; then Black is to move.",
            "White 4 minutes 58 seconds, Black 4 minutes 58 seconds, 1 move.",
            "White has offered a draw; the offer stands.",
            "The clocks are stopped. Say resume to continue.",
        ]
    );
    // White's move is not yet completed: stopped at 13.5 s, White has 300 + 2 - 2 + 2 - 4.25 s.
    let white = |m: &App, at| m.session().clock().remaining(Color::White, at);
    assert_eq!(white(&r, secs(13.5)), secs(297.75));
    // The program starts again at 0; a minute passes before the players say resume.
    assert_eq!(white(&r, secs(60.0)), secs(297.75), "stopped");
    r.line("resume", secs(60.0));
    r.line("", secs(62.0));
    // The session's time went on from 13.5 s: two seconds used, two added.
    assert_eq!(white(&r, secs(15.5)), secs(297.75));
    assert_eq!(white(&r, secs(1000.0)), secs(297.75), "Black's clock runs now");
    assert_eq!(r.session().clock().moves(Color::White), 2);
}

#[test]
fn a_flag_fall_after_the_last_input_is_not_lost() {
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    play(&mut m, &mut disk, &[(1.0, "e4"), (2.0, "")]);
    let deadline = m.next_deadline().unwrap();
    disk.take(m.tick(secs(400.0)));
    assert!(deadline < secs(400.0));
    assert!(m.session().outcome().is_some());
    let journal = disk.journal();
    assert!(journal.ended(), "the end of the game closes its journal");
    assert!(!worth_resuming(&journal));
}

#[test]
fn a_game_only_set_up_is_not_worth_resuming() {
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    assert!(!worth_resuming(&disk.journal()));
    play(&mut m, &mut disk, &[(1.0, "e4")]);
    assert!(worth_resuming(&disk.journal()));
}

#[test]
fn the_question_at_the_start_takes_yes_or_no() {
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    play(&mut m, &mut disk, &[(1.0, "e4"), (2.0, ""), (3.0, "e5")]);
    let journal = disk.journal();
    let (mut r, said) = resumed(journal.clone(), true);
    assert_eq!(
        said,
        ["An unfinished game from 2026-11-22 02:17 UTC is saved: Alice against Bob, move 2, the last move Eva fünf. \
             Resume it? Say yes or no."]
    );
    let out = r.line("maybe", secs(5.0));
    assert!(matches!(&said!(m, &out)[..], [words] if words.starts_with("An unfinished game")));
    // Tab in the board view writes `listen`: the answer is typed, and the question stays.
    let out = r.line("listen", secs(5.5));
    assert_eq!(said!(m, &out), ["Type the answer: Anna listens once the game has begun."]);
    let out = r.line("yes", secs(6.0));
    assert_eq!(out[0], Out::JournalContinue(PathBuf::from("game.journal")));
    assert_eq!(r.session().game().plies().len(), 2);

    let (mut r, _) = resumed(journal, true);
    let out = r.line("no", secs(6.0));
    assert_eq!(out[0], Out::JournalContinue(PathBuf::from("game.journal")));
    assert_eq!(out[1], Out::Journal(Record::End { at: secs(3.0), how: End::Abandoned }));
    // Not hidden (issue 46): said, and saved as PGN.
    assert_eq!(
        said!(r, &out[2..3])[0],
        "The game from 2026-11-22 02:17 UTC is closed, not resumed; its moves are saved as PGN."
    );
    assert!(matches!(&out[3], Out::Save(save) if save.text.contains("1. e4 ") && save.text.contains(" e5 ")));
    // Where it was saved is said first, then the new game begins (issue 57: in that order).
    assert_eq!(out.len(), 4, "{out:?}");
    let Out::Save(save) = out[3].clone() else { unreachable!() };
    let saved = r.handle(Event::Saved { save, result: Ok(PathBuf::from("/games/anna-1.pgn")) }, secs(6.5));
    assert_eq!(said!(r, &saved[..1]), ["Saved: /games/anna-1.pgn."]);
    assert_eq!(saved[1], Out::JournalNew);
    assert!(r.session().game().plies().is_empty());
}

#[test]
fn every_input_is_journaled_before_what_follows_from_it() {
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    let out = m.line("e4", secs(1.0));
    let first_said = out.iter().position(|o| matches!(o, Out::Say(..))).unwrap();
    let journaled = out.iter().position(|o| matches!(o, Out::Journal(Record::Input { .. }))).unwrap();
    assert!(journaled < first_said);
    // A change of language is journaled too, and a resumed game speaks it.
    disk.take(out);
    disk.take(m.line("set language de", secs(2.0)));
    play(&mut m, &mut disk, &[(3.0, "")]);
    let (r, said) = resumed(disk.journal(), false);
    assert_eq!(r.voice().vocab.code(), "de");
    assert_eq!(said[0], "Die Partie vom 2026-11-22 02:17 UTC ist wiederhergestellt, bei Zug 1.");
}

#[test]
fn time_bases_meet_at_the_resumption() {
    let base = TimeBase { process: secs(2.0), session: secs(100.0) };
    assert_eq!(base.session(secs(5.0)), secs(103.0));
    assert_eq!(base.process(secs(103.0)), secs(5.0));
    assert_eq!(base.session(secs(1.0)), secs(100.0), "never before the resumption");
}

/// Replaying with the dead-position checks waiting gives the game as played, in every scenario but
/// those ended by a dead position (such a game's journal is closed, never resumed).
#[test]
fn replaying_gives_the_game_as_played_in_every_scenario() {
    use anna_core::outcome::Reason;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let voice = Voice::english();
    let mut compared = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "script") {
            continue;
        }
        let steps = crate::script::parse_script(&std::fs::read_to_string(&path).unwrap(), &voice).unwrap();
        let run = |replaying: bool| {
            let mut session = Session::default();
            session.replaying(replaying);
            for step in &steps {
                let input = match &step.what {
                    crate::script::What::Input(input) => input.clone(),
                    crate::script::What::Typed { command, .. } => Input::act(command.clone()),
                    _ => Input::Tick,
                };
                session.handle(input, step.time);
            }
            session.replaying(false);
            session
        };
        let (live, replayed) = (run(false), run(true));
        if live.outcome().is_some_and(|o| o.reason == Reason::DeadPosition) {
            continue;
        }
        let end = steps.last().map_or(Duration::ZERO, |s| s.time);
        let state = |s: &Session| {
            (
                s.game().fen(),
                s.question(),
                s.outcome(),
                s.draw_offer(),
                crate::save::pgn_text(s, &voice.vocab),
                s.clock().remaining(Color::White, end),
                s.clock().remaining(Color::Black, end),
            )
        };
        assert_eq!(state(&replayed), state(&live), "{}", path.display());
        compared += 1;
    }
    assert!(compared >= 20, "{compared} scenarios compared");
}

#[test]
fn an_adjourned_game_is_reopened_with_its_envelope_closed() {
    // Guideline I: the sealed move stays secret after a resumption, and `open` plays it (I.9.1).
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    play(&mut m, &mut disk, &[(1.0, "e4"), (3.0, ""), (7.5, "e5"), (9.25, ""), (20.0, "seal Nf3")]);
    let (mut r, said) = resumed(disk.journal(), false);
    assert!(r.session().adjourned());
    assert_eq!(
        said.last().map(String::as_str),
        Some("The game is adjourned. Say open when the player who answers the sealed move, Black, is present (FIDE I.7).")
    );
    assert!(!said.iter().any(|s| s.contains("Felix drei")), "the sealed move is not said: {said:?}");
    let mut out = Disk::default();
    out.files.push(Vec::new());
    out.take(r.line("open", secs(5.0)));
    assert_eq!(out.said[..2], ["The envelope is opened (FIDE I.9.1).", "White: Knight Felix drei."]);
    assert_eq!(r.session().game().turn(), Color::Black);
}

/// Issue 22: the board view's clock face after a resume reads the game's own time. 20 s were used
/// on White's clock (5 minutes, no increment); resumed 2 s into a new run and `resume`d at 3 s, the
/// face shows 4:40 and then goes down with the process's time, not with the journal's.
#[test]
fn the_view_of_a_resumed_game_counts_its_clocks_in_the_games_time() {
    let mut m = App::new(
        Config::default(),
        vec![Command::TimeControl(TimeControl::parse("300").unwrap())],
        Voice::english(),
        Options { confirm: false, ..Options::default() },
    );
    let mut disk = Disk::default();
    disk.take(m.start());
    play(&mut m, &mut disk, &[(0.0, "start")]);
    disk.take(m.tick(secs(20.0)));
    let (mut r, _) = resumed(disk.journal(), false);
    assert_eq!(r.view(secs(2.0)).clocks.white, secs(280.0), "paused at the last record");
    r.line("resume", secs(3.0));
    let view = r.view(secs(13.0));
    assert_eq!(view.clocks.white, secs(270.0));
    assert_eq!(view.running, Some(Color::White));
    // The face changes at the next whole second of the game's clock, in the runtime's time.
    assert_eq!(r.view(secs(13.5)).changes_at, Some(secs(14.0)));
}

/// Issue 22: sounds switched off before the program stopped stay off when the game is resumed;
/// the app says so to the runtime with every other setting in force.
#[test]
fn a_resumed_game_puts_out_its_settings_sounds_off_included() {
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    for (t, line) in [(1.0, "set sounds off"), (2.0, "e4")] {
        disk.take(m.handle(Event::Line(line.into()), secs(t)));
    }
    let mut r = App::new(Config::default(), Vec::new(), Voice::english(), Options::default());
    r = r.with_unfinished(Unfinished {
        path: PathBuf::from("game.journal"),
        journal: disk.journal(),
        kept: None,
        lost: None,
        ask: false,
    });
    let start = r.start();
    let settings: Vec<&InForce> =
        start.iter().filter_map(|o| if let Out::Settings(s) = o { Some(s) } else { None }).collect();
    // The last settings put out are those the runtime keeps: the game's.
    let last = settings.last().expect("the settings in force are put out");
    assert!(!last.sounds, "{start:?}");
    assert_eq!(last.language, "en");
    // A rate set during the game is kept too.
    let mut r = game_mode();
    let mut disk = Disk::default();
    disk.take(r.start());
    for (t, line) in [(1.0, "set rate 40"), (2.0, "set speech espeak"), (3.0, "e4")] {
        disk.take(r.handle(Event::Line(line.into()), secs(t)));
    }
    let (m, _) = resumed(disk.journal(), false);
    let out = m.in_force();
    assert!(matches!(out, Out::Settings(InForce { rate: Some(40), speech: Some(Choice::Espeak), .. })), "{out:?}");
}

/// Issue 22: the language of a resumed game, and one set during the game, is the one the view
/// shows (the board view's words and piece letters).
#[test]
fn the_view_shows_the_language_in_force() {
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    play(&mut m, &mut disk, &[(1.0, "set language de"), (2.0, "e4")]);
    assert_eq!(m.view(secs(2.0)).voice.vocab.code(), "de");
    let (r, _) = resumed(disk.journal(), false);
    assert_eq!(r.view(secs(0.0)).voice.vocab.code(), "de");
    let mut r = r;
    r.line("set language sk", secs(1.0));
    assert_eq!(r.view(secs(1.0)).voice.vocab.code(), "sk");
}

/// Issue 22: a voice change is an event: journaled, put out as in force, and spoken by a resumed
/// game (a script's `voice de annex-d long`).
#[test]
fn a_voice_changed_by_an_event_is_journaled_and_resumed() {
    let mut m = game_mode();
    let mut disk = Disk::default();
    disk.take(m.start());
    let german = Voice::new(Vocabulary::german(), SquareStyle::AnnexD, MoveForm::Long);
    let out = m.handle(Event::Voice(Box::new(german.clone())), secs(1.0));
    assert!(out
        .iter()
        .any(|o| matches!(o, Out::Journal(Record::Voice { lang, form: MoveForm::Long, .. }) if lang == "de")));
    assert!(out.iter().any(|o| matches!(o, Out::Settings(InForce { language, .. }) if language == "de")), "{out:?}");
    disk.take(out);
    disk.take(m.handle(Event::Line("e4".into()), secs(2.0)));
    let (r, _) = resumed(disk.journal(), false);
    assert_eq!(*r.voice(), german);
}

#[test]
fn several_unfinished_games_are_offered_in_turn_newest_first() {
    let journal = |moves: &[(f64, &str)]| {
        let mut m = game_mode();
        let mut disk = Disk::default();
        disk.take(m.start());
        play(&mut m, &mut disk, moves);
        disk.journal()
    };
    let newest = journal(&[(1.0, "e4"), (2.0, "")]);
    let older = journal(&[(1.0, "d4"), (2.0, ""), (3.0, "d5"), (4.0, "")]);
    let unfinished =
        |journal, name: &str| Unfinished { path: PathBuf::from(name), journal, kept: None, lost: None, ask: true };
    let mut m = App::new(Config::default(), Vec::new(), Voice::english(), Options::default())
        .with_unfinished_games(vec![unfinished(newest, "new.journal"), unfinished(older, "old.journal")]);
    let start = m.start();
    let said = said!(m, &start);
    assert_eq!(said[0], "2 unfinished games are saved; each is asked about in turn, the newest first.");
    // Two games are told apart by their last move at least (issue 57).
    assert!(
        said[1].ends_with("Alice against Bob, move 1, the last move Eva vier. Resume it? Say yes or no."),
        "{said:?}"
    );
    // No leaves the newest (its journal closed as left) and asks about the older one.
    // A stray byte is no answer: asked again (issue 46).
    assert!(said!(m, &m.line("\u{ff}", secs(0.5))).last().unwrap().ends_with("Eva vier. Resume it? Say yes or no."));
    let out = m.line("no", secs(1.0));
    assert!(out.contains(&Out::JournalContinue(PathBuf::from("new.journal"))));
    // Not hidden (issue 46): said, and its moves saved as PGN.
    assert!(said!(m, &out)[0].ends_with("is closed, not resumed; its moves are saved as PGN."), "{:?}", said!(m, &out));
    assert!(out.iter().any(|o| matches!(o, Out::Save(save) if save.path.is_none() && save.text.contains("1. e4 "))));
    // Where it was saved is said, then the older game's question (issue 57: in that order).
    assert!(!said!(m, &out).iter().any(|s| s.contains("Resume it?")), "{:?}", said!(m, &out));
    let save = out.iter().find_map(|o| if let Out::Save(save) = o { Some(save.clone()) } else { None }).unwrap();
    let saved = m.handle(Event::Saved { save, result: Ok(PathBuf::from("/games/anna-1.pgn")) }, secs(1.5));
    let saved = said!(m, &saved);
    assert_eq!(saved[0], "Saved: /games/anna-1.pgn.");
    assert_eq!(saved.len(), 2, "{saved:?}");
    assert!(
        saved[1].ends_with("Alice against Bob, move 2, the last move David fünf. Resume it? Say yes or no."),
        "{saved:?}"
    );
    let out = m.line("yes", secs(2.0));
    assert_eq!(said!(m, &out)[0], "The game from 2026-11-22 02:17 UTC is restored at move 2.");
    assert_eq!(m.session().game().plies().len(), 2);
}
