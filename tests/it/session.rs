//! The session driven by typed words (it needs the language crate, above the core).

use std::time::Duration;

use shakmaty::Color;

use anna_core::command::{Command, Input};
use anna_core::message::{Arg, Effect, Fact, Sentence, Sound};
use anna_core::outcome::{Outcome, Reason};
use anna_core::session::*;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn act(session: &mut Session, text: &str, now: Duration) -> Vec<Effect> {
    let command = anna_language::commands::command(text, &anna_language::Vocabulary::english()).unwrap();
    session.handle(Input::act(command), now)
}

fn events(effects: &[Effect]) -> Vec<&Fact> {
    effects.iter().filter_map(|e| if let Effect::Record(ev) = e { Some(ev) } else { None }).collect()
}

#[test]
fn the_session_asks_to_be_woken_at_the_exact_flag_fall() {
    let mut s = Session::new(Config { alarms: vec![], ..Config::default() });
    act(&mut s, "tc 1+0", secs(0));
    act(&mut s, "start", secs(0));
    assert_eq!(s.next_deadline(), Some(secs(60)));
    act(&mut s, "e4", secs(10));
    act(&mut s, "press", secs(10));
    // Black's minute runs from 0:10.
    assert_eq!(s.next_deadline(), Some(secs(70)));
    let effects = s.handle(Input::Tick, secs(70));
    assert!(events(&effects).contains(&&Fact::FlagFell { side: Color::Black }));
    assert_eq!(s.outcome(), Some(Outcome::win(Color::White, Reason::Time)));
    assert_eq!(s.next_deadline(), None);
}

#[test]
fn the_talking_clock_speaks_at_each_alarm_once() {
    let mut s = Session::default();
    act(&mut s, "tc 1+0", secs(0));
    act(&mut s, "start", secs(0));
    // The default alarms under a minute: 30 and 10 seconds left.
    assert_eq!(s.next_deadline(), Some(secs(30)));
    let said = s.handle(Input::Tick, secs(30));
    assert!(matches!(&said[..], [Effect::Play(Sound::LowTime), Effect::Say(u)] if u.sentence == Sentence::TimeAlarm));
    assert_eq!(s.next_deadline(), Some(secs(50)));
    // A late input hears the alarm it missed first (its sound and words), then the answer.
    let said = act(&mut s, "time", secs(55));
    assert_eq!(said.len(), 3);
    assert_eq!(s.next_deadline(), Some(secs(60)));
}

#[test]
fn tournament_mode_speaks_of_time_only_when_asked() {
    let mut s = Session::new(Config { tournament: true, ..Config::default() });
    act(&mut s, "tc 1+0", secs(0));
    act(&mut s, "start", secs(0));
    assert_eq!(s.next_deadline(), Some(secs(60)));
}

#[test]
fn a_late_input_sees_the_flag_fall_first_at_its_own_instant() {
    let mut s = Session::default();
    act(&mut s, "tc 1+0", secs(0));
    act(&mut s, "start", secs(0));
    // White never moved; a move typed after the flag fell is refused, the game is over.
    let effects = act(&mut s, "e4", secs(75));
    assert_eq!(events(&effects)[0], &Fact::FlagFell { side: Color::White });
    assert_eq!(s.outcome(), Some(Outcome::win(Color::Black, Reason::Time)));
    assert!(s.game().plies().is_empty());
}

#[test]
fn auto_press_completes_each_move() {
    let mut s = Session::new(Config { auto_press: true, ..Config::default() });
    act(&mut s, "tc 300+2", secs(0));
    act(&mut s, "start", secs(0));
    act(&mut s, "e4", secs(3));
    assert_eq!(s.clock().moves(Color::White), 1);
    assert_eq!(s.clock().running(), Some(Color::Black));
    // Fischer: 5:02 at the start, 3 s used, 2 s added.
    assert_eq!(s.clock().remaining(Color::White, secs(3)), secs(301));
}

#[test]
fn a_failed_correction_keeps_the_move_made() {
    let mut s = Session::default();
    act(&mut s, "e4", secs(1));
    act(&mut s, "Ke3", secs(2));
    assert_eq!(s.game().plies().len(), 1);
    assert_eq!(s.game().plies()[0].san.to_string(), "e4");
    assert_eq!(s.scoresheet().entries().len(), 1);
}

#[test]
fn repeat_turn_and_last_answer_honestly() {
    let said = |effects: &[Effect]| -> Vec<Sentence> {
        effects.iter().filter_map(|e| if let Effect::Say(u) = e { Some(u.sentence) } else { None }).collect()
    };
    let mut s = Session::default();
    assert_eq!(said(&s.handle(Input::act(Command::Repeat), secs(0))), [Sentence::NotStarted]);
    assert_eq!(said(&s.handle(Input::act(Command::Last), secs(0))), [Sentence::NoMoves]);
    act(&mut s, "start", secs(0));
    let effects = act(&mut s, "e4", secs(1));
    let moved = effects.iter().find_map(|e| if let Effect::Say(u) = e { Some(u.clone()) } else { None }).unwrap();
    // Said again as it was, and again after a repetition.
    for _ in 0..2 {
        let again = s.handle(Input::act(Command::Repeat), secs(2));
        assert_eq!(again, [Effect::Say(moved.clone())]);
    }
    act(&mut s, "press", secs(3));
    let turn = s.handle(Input::act(Command::Turn), secs(4));
    assert!(
        matches!(&turn[..], [Effect::Say(u)] if u.sentence == Sentence::Turn && u.args[0].1 == Arg::Side(Color::Black))
    );
    let last = s.handle(Input::act(Command::Last), secs(4));
    assert!(
        matches!(&last[..], [Effect::Say(u)] if u.sentence == Sentence::LastMove && u.args[0].1 == Arg::Side(Color::White))
    );
    let Effect::Say(said) = &last[0] else { panic!("{last:?}") };
    let text = anna_language::Voice::english().render(said);
    assert_eq!(text, "Last move: White: Eva vier.");
}
