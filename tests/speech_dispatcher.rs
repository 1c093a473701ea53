//! Native speech through speech-dispatcher, for real and headless (built only with
//! `--features speech-dispatcher` on Linux; `.ci/run` installs what it needs).
//!
//! speech-dispatcher with no audio device hangs, so the test gives it its own configuration under a
//! temporary folder: `AudioOutputMethod "libao"` and libao's `null` driver. The server is started by
//! the client library with this process's environment, so the variables are set before anything
//! connects, in the one test of this file.
#![cfg(all(target_os = "linux", feature = "speech-dispatcher"))]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anna::adapters::speech::native::Native;
use anna::adapters::speech::transcript::Memory;
use anna::adapters::speech::{Backend, BackendName, Notice, Notices, Params, Plan, Speaker, Synthesizer};
use anna_core::message::Priority;

const WAIT: Duration = Duration::from_secs(20);

/// A private, silent speech-dispatcher setup; returns its folder.
fn headless() -> PathBuf {
    let root = std::env::temp_dir().join(format!("anna-speechd-{}", std::process::id()));
    let (config, runtime) = (root.join("config"), root.join("runtime"));
    std::fs::create_dir_all(config.join("speech-dispatcher")).unwrap();
    std::fs::create_dir_all(&runtime).unwrap();
    std::fs::write(
        config.join("speech-dispatcher/speechd.conf"),
        "Include \"/etc/speech-dispatcher/speechd.conf\"\nAudioOutputMethod \"libao\"\n",
    )
    .unwrap();
    std::fs::write(root.join(".libao"), "default_driver=null\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    // SAFETY: set before any thread of this test binary reads the environment (one test per file).
    #[expect(unsafe_code, reason = "speech-dispatcher reads its folders only from the environment")]
    unsafe {
        std::env::set_var("HOME", &root);
        std::env::set_var("XDG_CONFIG_HOME", &config);
        std::env::set_var("XDG_RUNTIME_DIR", &runtime);
    }
    root
}

#[derive(Debug, PartialEq)]
enum Heard {
    Began(tts::UtteranceId),
    Ended(tts::UtteranceId),
}

#[test]
fn speech_dispatcher_begins_and_ends_each_utterance() {
    let root = headless();
    let params = Params { rate: 50, volume: 100, pitch: 0, voice: None, language: "en".into() };
    let started = Instant::now();
    let mut native = Native::new(&params).expect("speech-dispatcher answers");
    eprintln!("speech-dispatcher came up in {:?}", started.elapsed());

    let (sender, heard) = mpsc::channel();
    let on_end = sender.clone();
    let tts = native.tts();
    tts.on_utterance_begin(Some(Box::new(move |id| {
        let _ = sender.send(Heard::Began(id));
    })))
    .expect("speech-dispatcher reports the begin of an utterance");
    tts.on_utterance_end(Some(Box::new(move |id| {
        let _ = on_end.send(Heard::Ended(id));
    })))
    .expect("speech-dispatcher reports the end of an utterance");

    let sentences = ["White: Eva four.", "Black: Eva five.", "White's flag has fallen."];
    let began = Instant::now();
    for text in sentences {
        native.speak(text).expect("speech-dispatcher takes the sentence");
    }
    // Each utterance must begin, then end, in the order they were given.
    let mut seen: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut order = Vec::new();
    while seen.values().filter(|events| events.contains(&"end")).count() < sentences.len() {
        let event = heard.recv_timeout(WAIT.saturating_sub(began.elapsed())).unwrap_or_else(|_| {
            panic!("not every utterance began and ended within {WAIT:?}: {seen:?}");
        });
        let (id, what) = match event {
            Heard::Began(id) => (id, "begin"),
            Heard::Ended(id) => (id, "end"),
        };
        let key = format!("{id:?}");
        if !seen.contains_key(&key) {
            order.push(key.clone());
        }
        seen.entry(key).or_default().push(what);
    }
    assert_eq!(order.len(), sentences.len(), "{seen:?}");
    for events in seen.values() {
        assert_eq!(events, &["begin", "end"], "{seen:?}");
    }
    assert!(!native.is_speaking().unwrap(), "nothing is being said after the last end");
    eprintln!("three utterances began and ended in {:?}", began.elapsed());

    let started = Instant::now();
    drop(Native::new(&params).expect("a second connection"));
    eprintln!("a second connection came up in {:?}", started.elapsed());

    // The same through the speaker: native speech is chosen, and it neither hangs nor fails.
    let (notices, told) = mpsc::channel();
    let sink: Notices = Box::new(move |n: &Notice| {
        let _ = notices.send(n.clone());
        None
    });
    let (fallback, fell_back) = mpsc::channel();
    let backends = vec![
        Backend::new(BackendName::Native, move || Ok(Box::new(Native::new(&params)?) as Box<dyn Synthesizer>)),
        Backend::new(BackendName::Program("memory".into()), move || Ok(Box::new(Memory::new(fallback)) as _)),
    ];
    let speaker = Speaker::start(Plan { announce: true, ..Plan::new(backends) }, sink);
    // speech-dispatcher takes seconds to come up: the next backend speaks meanwhile, and native
    // speech takes over once it is up.
    let mut first = told.recv_timeout(WAIT);
    if first == Ok(Notice::Using(BackendName::Program("memory".into()))) {
        first = told.recv_timeout(WAIT);
    }
    assert_eq!(first, Ok(Notice::Using(BackendName::Native)));
    while fell_back.try_recv().is_ok() {}
    speaker.say("White: Knight Felix three.", Priority::Move);
    speaker.say("Black resigns.", Priority::Urgent);
    speaker.finish(Duration::from_secs(10));
    assert!(told.try_recv().is_err(), "speech-dispatcher was not abandoned");
    assert!(fell_back.try_recv().is_err(), "nothing fell back to the next backend");
    let _ = std::fs::remove_dir_all(root);
}
