//! The speaker with real threads and fake engines: priorities reach the engine in the right order,
//! and a backend that hangs or fails is abandoned for the next within the timeout, the game never
//! waiting. Waits are bounded (`recv_timeout`); nothing sleeps for a fixed time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use anna::adapters::speech::transcript::Memory;
use anna::adapters::speech::{Backend, BackendName, Notice, Notices, Plan, Speaker, SpeechError, Synthesizer};
use anna_core::message::Priority::{Info, Move, Urgent};

const SHORT: Duration = Duration::from_millis(200);
/// Far more than any step should take; the claims are about being well inside it.
const BOUND: Duration = Duration::from_secs(3);

/// What an engine does when asked something.
#[derive(Clone, Copy, PartialEq)]
enum Act {
    Answer,
    Hang,
    Fail,
}

/// An engine that answers, hangs forever or fails, per call; and says it is speaking while the
/// gate is closed.
struct Fake {
    speak: Act,
    stop: Act,
    gate: Arc<AtomicBool>,
    heard: mpsc::Sender<(String, Instant)>,
}

fn act(a: Act) -> Result<(), SpeechError> {
    match a {
        Act::Answer => Ok(()),
        Act::Fail => Err("broken on purpose".into()),
        Act::Hang => loop {
            std::thread::park();
        },
    }
}

impl Synthesizer for Fake {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        act(self.speak)?;
        let _ = self.heard.send((text.to_string(), Instant::now()));
        Ok(())
    }
    fn stop(&mut self) -> Result<(), SpeechError> {
        act(self.stop)
    }
    fn is_speaking(&mut self) -> Result<bool, SpeechError> {
        Ok(!self.gate.load(Ordering::SeqCst))
    }
    fn voices(&mut self) -> Result<Vec<String>, SpeechError> {
        Ok(Vec::new())
    }
}

fn fake(name: &str, speak: Act, stop: Act, gate: &Arc<AtomicBool>) -> (Backend, mpsc::Receiver<(String, Instant)>) {
    let (heard, receiver) = mpsc::channel();
    let gate = gate.clone();
    let backend = Backend::new(BackendName::Program(name.into()), move || {
        Ok(Box::new(Fake { speak, stop, gate, heard }) as Box<dyn Synthesizer>)
    });
    (backend, receiver)
}

fn memory() -> (Backend, mpsc::Receiver<(String, Instant)>) {
    let (heard, receiver) = mpsc::channel();
    (Backend::new(BackendName::Program("memory".into()), move || Ok(Box::new(Memory::new(heard)) as _)), receiver)
}

/// A sink that passes each notice on, and asks for it to be said as `notice: ...`.
fn notices() -> (Notices, mpsc::Receiver<Notice>) {
    let (sender, receiver) = mpsc::channel();
    let sink: Notices = Box::new(move |n: &Notice| {
        let _ = sender.send(n.clone());
        Some(format!("notice: {n:?}"))
    });
    (sink, receiver)
}

fn plan(backends: Vec<Backend>) -> Plan {
    Plan { timeout: SHORT, start_timeout: SHORT, poll: Duration::from_millis(5), ..Plan::new(backends) }
}

fn next(heard: &mpsc::Receiver<(String, Instant)>) -> String {
    heard.recv_timeout(BOUND).expect("the engine heard something in time").0
}

fn program(name: &str) -> BackendName {
    BackendName::Program(name.into())
}

#[test]
fn a_backend_that_hangs_while_speaking_is_abandoned_for_the_next() {
    let open = Arc::new(AtomicBool::new(true));
    let (hanging, _) = fake("hang", Act::Hang, Act::Answer, &open);
    let (working, heard) = memory();
    let (sink, told) = notices();
    let speaker = Speaker::start(plan(vec![hanging, working]), sink);
    let began = Instant::now();
    speaker.say("White: Eva vier.", Move);
    assert!(began.elapsed() < Duration::from_millis(50), "say returned at once");
    let notice = told.recv_timeout(BOUND).unwrap();
    assert_eq!(notice, Notice::Hung { backend: program("hang"), next: program("memory") });
    // The notice is said first, then the sentence the hung backend never said.
    assert!(next(&heard).starts_with("notice: Hung"));
    let (text, at) = heard.recv_timeout(BOUND).unwrap();
    assert_eq!(text, "White: Eva vier.");
    let waited = at - began;
    assert!(waited >= SHORT && waited < BOUND, "abandoned after {waited:?}");
}

#[test]
fn a_backend_that_hangs_while_starting_is_abandoned() {
    let (hanging, working) = (
        Backend::new(program("slow"), || loop {
            std::thread::park();
        }),
        memory(),
    );
    let (sink, told) = notices();
    let speaker = Speaker::start(plan(vec![hanging, working.0]), sink);
    speaker.say("e4", Move);
    assert_eq!(told.recv_timeout(BOUND).unwrap(), Notice::Hung { backend: program("slow"), next: program("memory") });
    next(&working.1);
    assert_eq!(next(&working.1), "e4");
}

#[test]
fn a_backend_that_fails_is_abandoned_and_the_sentence_said_by_the_next() {
    let open = Arc::new(AtomicBool::new(true));
    let (failing, _) = fake("broken", Act::Fail, Act::Answer, &open);
    let (working, heard) = memory();
    let (sink, told) = notices();
    let speaker = Speaker::start(plan(vec![failing, working]), sink);
    speaker.say("e4", Move);
    assert_eq!(
        told.recv_timeout(BOUND).unwrap(),
        Notice::Failed { backend: program("broken"), next: program("memory") }
    );
    next(&heard);
    assert_eq!(next(&heard), "e4");
}

#[test]
fn a_stop_that_hangs_is_abandoned_and_nothing_is_lost() {
    // speech-dispatcher with no audio output: speaking seems to go on forever and `stop` blocks.
    let closed = Arc::new(AtomicBool::new(false));
    let (stuck, first) = fake("speechd", Act::Answer, Act::Hang, &closed);
    let (working, heard) = memory();
    let (sink, told) = notices();
    let speaker = Speaker::start(plan(vec![stuck, working]), sink);
    speaker.say("White: Eva vier.", Move);
    assert_eq!(next(&first), "White: Eva vier.");
    let began = Instant::now();
    speaker.say("White's flag has fallen.", Urgent);
    assert_eq!(
        told.recv_timeout(BOUND).unwrap(),
        Notice::Hung { backend: program("speechd"), next: program("memory") }
    );
    assert!(began.elapsed() < BOUND);
    // The game's urgent sentence, then the notice, then the move that was cut off, said again.
    let said: Vec<String> = (0..3).map(|_| next(&heard)).collect();
    assert_eq!(said[0], "White's flag has fallen.");
    assert!(said[1].starts_with("notice: Hung"), "{said:?}");
    assert_eq!(said[2], "White: Eva vier.");
}

#[test]
fn say_never_blocks_even_when_every_backend_hangs() {
    let open = Arc::new(AtomicBool::new(true));
    let (a, _) = fake("a", Act::Hang, Act::Hang, &open);
    let (b, _) = fake("b", Act::Hang, Act::Hang, &open);
    let (sink, _told) = notices();
    let speaker = Speaker::start(plan(vec![a, b]), sink);
    let began = Instant::now();
    for i in 0..10_000 {
        speaker.say(format!("sentence {i}"), Move);
    }
    assert!(began.elapsed() < Duration::from_millis(500), "{:?}", began.elapsed());
}

/// A speaker whose one engine is "speaking" until the gate opens, already saying "chatter 1".
fn speaking_chatter() -> (Speaker, Arc<AtomicBool>, mpsc::Receiver<(String, Instant)>) {
    let gate = Arc::new(AtomicBool::new(false));
    let (engine, heard) = fake("gated", Act::Answer, Act::Answer, &gate);
    let (sink, _told) = notices();
    let speaker = Speaker::start(plan(vec![engine]), sink);
    speaker.say("chatter 1", Info);
    assert_eq!(next(&heard), "chatter 1");
    (speaker, gate, heard)
}

#[test]
fn urgent_interrupts_moves_wait_and_newer_chatter_replaces_older() {
    let (speaker, gate, heard) = speaking_chatter();
    // Said while "chatter 1" is still being spoken (the gate is closed):
    speaker.say("e4", Move);
    speaker.say("chatter 2", Info);
    speaker.say("chatter 3", Info);
    speaker.say("flag", Urgent);
    // The move may already have cut "chatter 1" off before "flag" arrived (a move cuts chatter);
    // then "flag" cuts the move, which is said again after it.
    let first = next(&heard);
    if first == "e4" {
        assert_eq!(next(&heard), "flag", "the urgent sentence interrupts the move at once");
    } else {
        assert_eq!(first, "flag", "the urgent sentence interrupts at once");
    }
    gate.store(true, Ordering::SeqCst);
    assert_eq!(next(&heard), "e4");
    assert_eq!(next(&heard), "chatter 3");
    assert!(heard.recv_timeout(SHORT).is_err(), "chatter 2 was replaced");
}

#[test]
fn a_move_cut_off_by_an_urgent_sentence_is_said_again() {
    let (speaker, gate, heard) = speaking_chatter();
    speaker.say("e4", Move);
    assert_eq!(next(&heard), "e4", "a move cuts chatter off");
    speaker.say("chatter 2", Info);
    speaker.say("flag", Urgent);
    assert_eq!(next(&heard), "flag");
    gate.store(true, Ordering::SeqCst);
    assert_eq!(next(&heard), "e4");
    assert_eq!(next(&heard), "chatter 2");
}

#[test]
fn identical_sentences_and_repeats_are_all_said() {
    let (engine, heard) = memory();
    let (sink, _told) = notices();
    let speaker = Speaker::start(plan(vec![engine]), sink);
    speaker.say("Black: Eva fünf.", Move);
    speaker.say("Black: Eva fünf.", Move);
    assert_eq!(next(&heard), "Black: Eva fünf.");
    assert_eq!(next(&heard), "Black: Eva fünf.");
    speaker.repeat();
    assert_eq!(next(&heard), "Black: Eva fünf.");
}

#[test]
fn auto_says_which_backend_speaks() {
    let (engine, heard) = memory();
    let (sink, told) = notices();
    let speaker = Speaker::start(Plan { announce: true, ..plan(vec![engine]) }, sink);
    // Named once it has said a sentence whole (issue 46: one that starts but has no sound card is
    // not named and given up in one breath).
    assert!(told.recv_timeout(Duration::from_millis(300)).is_err(), "not named before it has spoken");
    speaker.say("White: Eva vier.", Move);
    assert_eq!(next(&heard), "White: Eva vier.");
    assert_eq!(told.recv_timeout(BOUND).unwrap(), Notice::Using(program("memory")));
    assert!(next(&heard).starts_with("notice: Using"));
    speaker.finish(Duration::from_secs(1));
}

#[test]
fn finish_says_what_is_waiting_then_returns() {
    let (engine, heard) = memory();
    let (sink, _told) = notices();
    let speaker = Speaker::start(plan(vec![engine]), sink);
    speaker.say("1-0", Urgent);
    speaker.finish(Duration::from_secs(2));
    assert_eq!(heard.try_recv().map(|h| h.0), Ok("1-0".to_string()));
}

/// An engine that fails its first sentence (a bad one) and speaks every later one.
struct Flaky {
    heard: mpsc::Sender<(String, Instant)>,
    calls: Arc<std::sync::atomic::AtomicUsize>,
}

impl Synthesizer for Flaky {
    fn speak(&mut self, text: &str) -> Result<(), SpeechError> {
        if self.calls.fetch_add(1, Ordering::SeqCst) == 0 {
            return Err("one bad sentence".into());
        }
        let _ = self.heard.send((text.to_string(), Instant::now()));
        Ok(())
    }
}

#[test]
fn a_backend_given_up_for_one_bad_sentence_is_tried_again_later() {
    let (heard, flaky_heard) = mpsc::channel();
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let flaky = Backend::reusable(program("flaky"), move || {
        Ok(Box::new(Flaky { heard: heard.clone(), calls: calls.clone() }) as Box<dyn Synthesizer>)
    });
    let (fallback, fallback_heard) = memory();
    let (sink, _told) = notices();
    let retry = Duration::from_millis(100);
    let speaker = Speaker::start(Plan { retry, ..plan(vec![flaky, fallback]) }, sink);
    speaker.say("e4", Move);
    // The bad sentence is said by the next backend, after the notice that it took over.
    let mut said = vec![next(&fallback_heard), next(&fallback_heard)];
    said.retain(|s| !s.starts_with("notice:"));
    assert_eq!(said, ["e4"]);
    // After its rest, the preferred backend speaks again.
    let deadline = Instant::now() + BOUND;
    let mut back = None;
    while back.is_none() && Instant::now() < deadline {
        speaker.say("e5", Move);
        back = flaky_heard.recv_timeout(retry).ok().map(|(text, _)| text);
    }
    assert!(back.is_some_and(|text| text == "e5" || text.starts_with("notice:")), "the flaky backend came back");
    speaker.finish(Duration::ZERO);
}

/// Issue 46: a backend that fails every time it is tried again (espeak-ng on a machine without a
/// sound card) is said to fail once; its retries, failing the same way, say nothing.
#[test]
fn a_backend_that_keeps_failing_is_said_to_fail_once() {
    let broken = Backend::reusable(program("broken"), move || {
        let (heard, _) = mpsc::channel();
        Ok(Box::new(Fake { speak: Act::Fail, stop: Act::Answer, gate: Arc::new(AtomicBool::new(true)), heard }) as _)
    });
    let (heard, fallback_heard) = mpsc::channel();
    let fallback = Backend::reusable(program("memory"), move || Ok(Box::new(Memory::new(heard.clone())) as _));
    let (sink, told) = notices();
    let retry = Duration::from_millis(20);
    let speaker = Speaker::start(Plan { retry, ..plan(vec![broken, fallback]) }, sink);
    for n in 0..10 {
        speaker.say(format!("move {n}"), Move);
        while !next(&fallback_heard).starts_with("move") {}
        std::thread::sleep(retry * 2);
    }
    speaker.finish(Duration::ZERO);
    let notices: Vec<Notice> = told.try_iter().collect();
    assert_eq!(notices, [Notice::Failed { backend: program("broken"), next: program("memory") }], "{notices:?}");
}

/// Issue 46: `--transcript FILE` beside a voice (`--speech espeak`) writes every sentence the voice
/// is given to the file too, once each.
#[test]
fn a_transcript_file_beside_a_voice_gets_every_sentence() {
    let dir = crate::support::TempDir::new("tee");
    let file = dir.join("said.txt");
    let (engine, heard) = memory();
    let (sink, _told) = notices();
    let speaker = Speaker::start(Plan { tee: Some(file.clone()), ..plan(vec![engine]) }, sink);
    speaker.say("White: Eva vier.", Move);
    speaker.say("Black: Eva fünf.", Move);
    assert_eq!(next(&heard), "White: Eva vier.");
    assert_eq!(next(&heard), "Black: Eva fünf.");
    speaker.finish(Duration::from_secs(1));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "White: Eva vier.\nBlack: Eva fünf.\n");
}
