//! The held-out measure of hearing (issue 27): voices, rooms, positions and moves the recogniser was
//! never tuned on, read as a game reads what it hears. Three speech engines (espeak-ng in six
//! variants of accent, sex and speed; festival's diphone and HTS voices; two flite voices saying
//! moves the tuning set never has), each utterance clean, padded with long silence, under pink
//! noise 15 dB below the speech, or in a reverberant room. Every other pair of utterances is the
//! tuning half; the rest is kept aside, and the figures of docs/hearing.md are that half's. A command heard in
//! place of a move is counted as a wrong command: each one that acts is read back first in a game
//! (`app/heard.rs`). A question between moves named in full, the move said among them, is counted
//! apart: the player says the move again.
//!
//! Slow: CI hears the 300 utterances of the half kept aside (five minutes on its two cores, three
//! quarters of it in the phone decoder, docs/hearing.md); `ANNA_HELD_OUT=both` hears all 600 for
//! the table of docs/hearing.md (fifteen minutes). `.ci/run` installs its engines (Debian packages
//! espeak-ng, festival, festvox-kallpc16k, festvox-us-slt-hts, flite, sox), and without them it is
//! skipped with a note, or fails when `ANNA_REQUIRE_TOOLS=1`. Its table: `ANNA_HELD_OUT=both cargo
//! test --release --features listen --test it held_out -- --nocapture`.
#![cfg(all(unix, feature = "listen"))]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::listen::{heard_as, is_move, said, shown, square, Case, Tally, ANNEX_D, ENGLISH, NATO, PLAIN};
use crate::support::TempDir;
use anna::adapters::listen::{read_wav, Hearing, Recogniser, SAMPLE_RATE};
use anna_core::rules::Game;
use anna_language::Vocabulary;

/// Positions and moves apart from the tuning set's (`listen.rs`): an Italian opening, Black to move
/// in a Queen's Gambit, a rook ending, a promotion. (position, UCI, piece word, capture)
const ITALIAN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
const GAMBIT: &str = "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 1 4";
const ROOKS: &str = "8/5pk1/6p1/3R4/1r6/6P1/5PK1/8 w - - 0 40";
const PROMOTE: &str = "4k3/1P6/8/8/8/8/6K1/8 w - - 0 1";
const MOVES: &[(&str, &str, &str, bool)] = &[
    (ITALIAN, "d2d3", "", false),
    (ITALIAN, "b1c3", "knight", false),
    (ITALIAN, "f3g5", "knight", false),
    (ITALIAN, "c4f7", "bishop", true),
    (ITALIAN, "d1e2", "queen", false),
    (ITALIAN, "h2h3", "", false),
    (GAMBIT, "f8e7", "bishop", false),
    (GAMBIT, "d5c4", "", true),
    (GAMBIT, "b8c6", "knight", false),
    (GAMBIT, "c7c5", "", false),
    (ROOKS, "d5d7", "rook", false),
    (ROOKS, "g2f3", "king", false),
    (ROOKS, "f2f4", "", false),
    (ROOKS, "d5a5", "rook", false),
];

/// The German numbers spelled so that English voices say them as a German would (as `listen.rs`
/// spells them for flite).
const GERMAN: [&str; 8] = ["eins", "zvai", "dry", "fear", "foonf", "zex", "zeeben", "ahcked"];

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (style, files, ranks) in
        [("nato", &NATO, &ENGLISH), ("annex-d", &ANNEX_D, &GERMAN), ("plain", &PLAIN, &ENGLISH)]
    {
        for &(fen, uci, piece, capture) in MOVES {
            let words = said(uci, piece, capture, files, ranks);
            cases.push(Case { style, words, fen, meant: uci.to_string() });
        }
        let b8 = square("b8", files, ranks);
        cases.push(Case { style, words: format!("{b8} queen"), fen: PROMOTE, meant: "b7b8q".into() });
        cases.push(Case { style, words: format!("{b8} knight"), fen: PROMOTE, meant: "b7b8n".into() });
    }
    cases.push(Case { style: "castling", words: "castles kingside".into(), fen: ITALIAN, meant: "e1g1".into() });
    cases.push(Case { style: "castling", words: "castles short".into(), fen: ITALIAN, meant: "e1g1".into() });
    for (words, meant) in [
        ("continue", "command resume"),
        ("clock", "command time"),
        ("pause", "command pause"),
        ("no", "answer no"),
        ("I resign", "command resign"),
        ("offer a draw", "command offer"),
        ("press", "command press"),
        ("what is the last move", "command last"),
    ] {
        cases.push(Case { style: "commands", words: words.into(), fen: ITALIAN, meant: meant.into() });
    }
    // Castling where it is not possible, heard as castling and answered why (FIDE 3.8.2), never as
    // a legal move its words were forced into.
    for (words, fen, meant) in
        [("castles short", GAMBIT, "CastlingBlocked"), ("castles long", ROOKS, "CastlingRightsLost")]
    {
        cases.push(Case { style: "no castling", words: words.into(), fen, meant: format!("not Illegal({meant})") });
    }
    cases
}

/// The room an utterance is heard in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Room {
    Clean,
    /// A second and a half of silence before the words, two after.
    Silence,
    /// Pink noise 15 dB below the speech's peak.
    Noise,
    /// A reverberant room.
    Reverb,
}

/// A speech engine's voice: the engine, its voice and the words' command.
struct Voice {
    engine: &'static str,
    name: &'static str,
}

const VOICES: &[Voice] = &[
    Voice { engine: "espeak-ng", name: "en-us" },
    Voice { engine: "espeak-ng", name: "en-gb" },
    Voice { engine: "espeak-ng", name: "en-us+f3" },
    Voice { engine: "espeak-ng", name: "en-gb-scotland" },
    Voice { engine: "espeak-ng", name: "en-029+f2" },
    Voice { engine: "espeak-ng", name: "en-gb-x-rp+m3 fast" },
    Voice { engine: "festival", name: "kal_diphone" },
    Voice { engine: "festival", name: "cmu_us_slt_arctic_hts" },
    Voice { engine: "flite", name: "awb" },
    Voice { engine: "flite", name: "rms" },
];

/// The Debian packages of an engine and its voices.
fn package(engine: &str) -> &str {
    match engine {
        "festival" => "festival festvox-kallpc16k festvox-us-slt-hts",
        engine => engine,
    }
}

fn run(command: &mut Command) -> bool {
    command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).status().is_ok_and(|s| s.success())
}

/// The words said by `voice`, at 16 kHz mono 16-bit, in `room`; `false` when the engine is missing.
fn synthesise(voice: &Voice, words: &str, room: Room, path: &Path) -> bool {
    let raw = path.with_extension("raw.wav");
    let made = match voice.engine {
        "espeak-ng" => {
            let (name, speed) = voice.name.split_once(' ').map_or((voice.name, "160"), |(n, _)| (n, "210"));
            run(Command::new("espeak-ng").args(["-v", name, "-s", speed, "-w"]).arg(&raw).arg(words))
        }
        "festival" => {
            let text = path.with_extension("txt");
            std::fs::write(&text, words).unwrap();
            run(Command::new("text2wave")
                .arg("-eval")
                .arg(format!("(voice_{})", voice.name))
                .arg("-o")
                .arg(&raw)
                .arg(&text))
        }
        _ => run(Command::new("flite").args(["-voice", voice.name, "-t", words, "-o"]).arg(&raw)),
    };
    if !made {
        return false;
    }
    let (before, after) = if room == Room::Silence { ("1.5", "2") } else { ("0.4", "0.6") };
    let padded = path.with_extension("padded.wav");
    assert!(run(Command::new("sox")
        .arg("-R")
        .arg(&raw)
        .args(["-r", "16000", "-c", "1", "-b", "16"])
        .arg(&padded)
        .args(["gain", "-n", "-3", "pad", before, after])));
    let mut sox = Command::new("sox");
    sox.arg("-R");
    match room {
        Room::Noise => {
            let noise = format!("|sox -R {} -p synth pinknoise gain -n -18", padded.display());
            sox.arg("-m").arg(&padded).arg(noise).arg(path);
        }
        Room::Reverb => {
            sox.arg(&padded).arg(path).args(["reverb", "50", "50", "80"]);
        }
        Room::Clean | Room::Silence => {
            sox.arg(&padded).arg(path);
        }
    }
    assert!(run(&mut sox), "sox failed on '{words}'");
    true
}

impl Tally {
    /// A row of the table: the count, then each outcome's share.
    fn line(&self) -> String {
        let pct = |n: u32| 100.0 * f64::from(n) / f64::from(self.total().max(1));
        format!(
            "{:>4} | {:5.1}% | {:5.1}% | {:5.1}% | {:5.1}% | {:5.1}%",
            self.total(),
            pct(self.right),
            pct(self.named),
            pct(self.wrong_move),
            pct(self.wrong_command),
            pct(self.asked)
        )
    }
}

/// What one utterance was heard as.
struct Heard {
    half: &'static str,
    engine: &'static str,
    room: Room,
    style: &'static str,
    meant: String,
    got: String,
    /// On the half kept aside, a wrong move or command: said, heard, taken as.
    miss: Option<String>,
}

/// Every utterance of `voice` (the `v`th), each in its own room, heard by one recogniser as a
/// session hears them; empty when its engine is missing.
/// Both halves are heard (`ANNA_HELD_OUT=both`, for the table of docs/hearing.md), or only the
/// half kept aside (CI).
fn both_halves() -> bool {
    std::env::var("ANNA_HELD_OUT").is_ok_and(|v| v == "both")
}

fn hear_voice(v: usize, voice: &Voice, cases: &[Case], vocab: &Vocabulary, dir: &TempDir) -> Vec<Heard> {
    let rooms = [Room::Clean, Room::Silence, Room::Noise, Room::Reverb];
    let mut recogniser = Recogniser::new(vocab, Game::default().position()).unwrap();
    let mut heard = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let room = rooms[(i + v) % rooms.len()];
        // Halves by utterance, across rooms: each voice hears every room in both. The tuning half
        // is heard only when asked for (`ANNA_HELD_OUT=both`): CI guards the half kept aside.
        let half = if (i / 2) % 2 == 0 { "tuning" } else { "kept aside" };
        if half == "tuning" && !both_halves() {
            continue;
        }
        let path = dir.join(&format!("{v}-{i}.wav"));
        let said = synthesise(voice, &case.words, room, &path);
        if !crate::support::tool(said, &format!("{} {}", voice.engine, voice.name), package(voice.engine)) {
            break;
        }
        let game = Game::from_fen(case.fen).unwrap();
        recogniser.set_position(game.position()).unwrap();
        let hearing = recogniser.hear(&read_wav(&path).unwrap()).unwrap();
        let got = heard_as(&hearing, case.fen, &case.meant, vocab);
        let wrong = is_move(&got) || got.starts_with("command") || got.starts_with("answer");
        let miss = (half == "kept aside" && got != case.meant && wrong).then(|| {
            format!("{} {} {room:?}: '{}' heard '{}' -> {got}", voice.engine, voice.name, case.words, shown(&hearing))
        });
        heard.push(Heard { half, engine: voice.engine, room, style: case.style, meant: case.meant.clone(), got, miss });
    }
    heard
}

#[test]
fn held_out_voices_and_rooms() {
    if !super::listen::tools() {
        return;
    }
    let vocab = Vocabulary::english();
    let dir = TempDir::new("held-out");
    let cases = cases();
    // The voices are shared out among the machine's cores, each heard by its own recogniser: the
    // synthesis and the decoding of one voice do not depend on another's, and one core alone took
    // most of CI's budget.
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, usize::from).min(VOICES.len());
    let mut heard: Vec<(usize, Vec<Heard>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let v = next.fetch_add(1, Ordering::Relaxed);
                        let Some(voice) = VOICES.get(v) else { return done };
                        done.push((v, hear_voice(v, voice, &cases, &vocab, &dir)));
                    }
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    heard.sort_by_key(|(v, _)| *v);
    // (half, engine, room) and (half, style) tallies; the misses of the half kept aside.
    let mut by_room: BTreeMap<(&str, &str, Room), Tally> = BTreeMap::new();
    let mut by_style: BTreeMap<(&str, &str), Tally> = BTreeMap::new();
    let mut misses = Vec::new();
    let mut n = 0usize;
    for h in heard.iter().flat_map(|(_, heard)| heard) {
        n += 1;
        by_room.entry((h.half, h.engine, h.room)).or_default().add(&h.got, &h.meant);
        by_style.entry((h.half, h.style)).or_default().add(&h.got, &h.meant);
        misses.extend(h.miss.clone());
    }
    let header = "   n |  right | named with another | wrong move | wrong command | asked again";
    let mut report = vec![format!("{n} utterances"), format!("by engine and room\n{header}")];
    for ((half, engine, room), t) in &by_room {
        report.push(format!("{half:>10} {engine:>9} {room:?}: {}", t.line()));
    }
    report.push(format!("by style\n{header}"));
    for ((half, style), t) in &by_style {
        report.push(format!("{half:>10} {style:>9}: {}", t.line()));
    }
    eprintln!("{}\nwrong on the half kept aside:\n{}", report.join("\n"), misses.join("\n"));
    // Guards against falling back from the figures of docs/hearing.md (measured on 2026-11-27), not the
    // issue's targets, which are not all met: on the half kept aside NATO squares 89% and Annex D
    // 82.5% right, 88% or more right or named with another in a question, at most 1.2% a wrong move in
    // any style; 1.2% wrong moves over both halves (over the halves heard here). NATO is held to the issue's 85%, Annex D to
    // two utterances below its figure (the figures move by one or two whenever a hearing is
    // added or taken away).
    let total = |pick: &dyn Fn(&Tally) -> u32| by_style.values().map(pick).sum::<u32>();
    let wrong_moves = f64::from(total(&|t| t.wrong_move)) / f64::from(total(&Tally::total).max(1));
    assert!(wrong_moves <= 0.015, "{:.1}% wrong moves over both halves\n{}", 100.0 * wrong_moves, report.join("\n"));
    for ((half, style), t) in by_style.iter().filter(|((half, _), _)| *half == "kept aside") {
        let share = |n: u32| f64::from(n) / f64::from(t.total().max(1));
        let (min_right, min_named) = match *style {
            "nato" => (0.85, 0.85),
            "annex-d" => (0.80, 0.86),
            "commands" => (0.80, 0.80),
            _ => (0.40, 0.65),
        };
        let report = report.join("\n");
        assert!(share(t.right) >= min_right, "{half} {style}: {:.2} right\n{report}", share(t.right));
        let named = share(t.right + t.named);
        assert!(named >= min_named, "{half} {style}: {named:.2} right or named\n{report}");
        assert!(share(t.wrong_move) <= 0.025, "{half} {style}: {:.2} wrong moves\n{report}", share(t.wrong_move));
    }
    assert!(n > 0, "no speech engine was found");
}

/// A new recogniser (as `anna listen` hears a file, or a game its first move) hears its first
/// utterance again by a mean taken mostly from that utterance: the model's is far from these voices
/// and rooms. Each of these utterances of the tuning half, heard by a new recogniser, was asked
/// again or named with another move by the model's mean; by its own, each is heard right. So it
/// is when a silence came first (the opponent's move awaited), heard or discarded: what was no one's
/// speech is forgotten, and the first utterance is still heard again.
#[test]
fn a_new_recogniser_hears_its_first_utterance_by_its_own_mean() {
    if !super::listen::tools() {
        return;
    }
    let cases = [
        ("espeak-ng", "en-gb", Room::Silence, "queen eva zvai", ITALIAN, "d1e2"),
        ("espeak-ng", "en-gb-scotland", Room::Reverb, "foxtrot four", ROOKS, "f2f4"),
        ("festival", "kal_diphone", Room::Noise, "delta three", ITALIAN, "d2d3"),
        ("festival", "kal_diphone", Room::Noise, "david dry", ITALIAN, "d2d3"),
        ("flite", "rms", Room::Noise, "hotel three", ITALIAN, "h2h3"),
        ("flite", "rms", Room::Noise, "rook alfa five", ROOKS, "d5a5"),
    ];
    let vocab = Vocabulary::english();
    let dir = TempDir::new("first-utterance");
    let mut heard = Vec::new();
    for (i, &(engine, name, room, words, fen, meant)) in cases.iter().enumerate() {
        let path = dir.join(&format!("{i}.wav"));
        let voice = Voice { engine, name };
        if !crate::support::tool(synthesise(&voice, words, room, &path), &format!("{engine} {name}"), package(engine)) {
            return;
        }
        let game = Game::from_fen(fen).unwrap();
        let silence = [0; 4 * SAMPLE_RATE as usize];
        for first in ["nothing", "a silence heard", "a silence discarded"] {
            let mut recogniser = Recogniser::new(&vocab, game.position()).unwrap();
            if first == "a silence heard" {
                assert_eq!(recogniser.hear(&silence).unwrap(), Hearing::Nothing);
            } else if first == "a silence discarded" {
                // As the microphone ends a silence when the opponent moved before the player spoke.
                recogniser.start().unwrap();
                recogniser.feed(&silence).unwrap();
                recogniser.discard().unwrap();
            }
            let hearing = recogniser.hear(&read_wav(&path).unwrap()).unwrap();
            heard.push((name, words, first, heard_as(&hearing, fen, meant, &vocab), meant));
        }
    }
    assert!(heard.iter().all(|(_, _, _, got, meant)| got == meant), "{heard:#?}");
}
