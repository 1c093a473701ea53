//! Whole utterances: input -> what was heard, and input -> the error and its sentence.

use anna_core::command::Name;
use shakmaty::{CastlingSide, Role, Square};

use super::*;

fn de() -> Vocabulary {
    Vocabulary::german()
}

fn en() -> Vocabulary {
    Vocabulary::english()
}

fn heard_move(text: &str, vocab: &Vocabulary) -> MoveSpec {
    match hear(text, vocab) {
        Ok(Heard::Move(spec)) => spec,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn moves_commands_and_answers() {
    let table: [(&str, Vocabulary, Heard); 12] = [
        ("ja", de(), Heard::Answer(true)),
        ("nein", de(), Heard::Answer(false)),
        ("äh ja", de(), Heard::Answer(true)),
        ("no", en(), Heard::Answer(false)),
        ("yes", en(), Heard::Answer(true)),
        ("time", de(), Heard::Command(Command::Time)),
        ("c", en(), Heard::Command(Command::Time)),
        ("offer a draw", en(), Heard::Command(Command::Offer)),
        ("last move", en(), Heard::Command(Command::Last)),
        ("O-O", de(), Heard::Move(MoveSpec::castle(CastlingSide::KingSide))),
        ("Kurze Rochade", en(), Heard::Move(MoveSpec::castle(CastlingSide::KingSide))),
        ("castles queenside", de(), Heard::Move(MoveSpec::castle(CastlingSide::QueenSide))),
    ];
    for (text, vocab, expected) in table {
        assert_eq!(hear(text, &vocab), Ok(expected), "{text}");
    }
}

#[test]
fn the_move_after_a_correction_stands() {
    let spec = heard_move("Springer Felix drei, nein, Springer David zwei", &de());
    assert_eq!((spec.pieces.as_slice(), spec.to), (&[Role::Knight][..], Some(Square::D2)));
    let spec = heard_move("Springa Felix drei, Korrektur: Springer David zwei", &de());
    assert_eq!(spec.to, Some(Square::D2));
    let spec = heard_move("knight f3 I mean knight d2", &en());
    assert_eq!(spec.to, Some(Square::D2));
    let spec = heard_move("um e two e four", &en());
    assert_eq!(spec.from(), Some(Square::E2));
}

#[test]
fn errors_say_what_was_not_understood() {
    let e = hear("Springer xyz drei", &de()).unwrap_err();
    assert_eq!(e.found, "xyz");
    assert_eq!(e.span, 9..12);
    assert_eq!(e.to_string(), "I did not understand 'xyz' in 'Springer xyz drei'.");
    let e = hear("Springa Felix drei", &de()).unwrap_err();
    assert_eq!(e.suggestion, Some(Suggestion { word: "Springer".into(), corrected: "Springer Felix drei".into() }));
    assert_eq!(e.to_string(), "I did not understand 'Springa' in 'Springa Felix drei'. Did you mean 'Springer'?");
    let e = hear("Springer Falix drei", &de()).unwrap_err();
    assert_eq!(e.suggestion.map(|s| s.corrected), Some("Springer Felix drei".into()));
    let e = hear("frobnicate", &en()).unwrap_err();
    assert_eq!(e.to_string(), "I did not understand 'frobnicate'.");
    assert_eq!(hear("  ", &en()).unwrap_err().to_string(), "I did not hear anything.");
    assert_eq!(hear("äh", &de()).unwrap_err().to_string(), "I did not understand 'äh'.");
    let e = hear("resign blah", &en()).unwrap_err();
    assert_eq!(e.found, "blah");
    let e = hear("Springer drei", &de()).unwrap_err();
    assert_eq!(e.to_string(), "I did not understand 'Springer drei'.");
}

#[test]
fn no_input_panics() {
    let inputs = [
        "",
        " ",
        ",",
        "=",
        ":",
        "×",
        "-",
        "e",
        "ä",
        "ß",
        "x x x",
        "nein nein",
        "nein",
        "claim nein",
        "claim claim",
        "😀 Springer",
        "e2e4e4",
        "O-O-O-O-O",
        "Springer,,,",
        "\u{0}",
        "von",
        "wird",
        "= Dame",
        "promotes to",
    ];
    for text in inputs {
        for vocab in [en(), de()] {
            let _ = hear(text, &vocab);
        }
    }
}

proptest::proptest! {
    #[test]
    fn any_text_is_heard_or_refused_without_a_panic(text in "\\PC{0,40}") {
        for vocab in [en(), de()] {
            if let Err(e) = hear(&text, &vocab) {
                proptest::prop_assert!(text.get(e.span.clone()).is_some());
                let _ = e.to_string();
            }
        }
    }

    #[test]
    fn chess_words_in_any_order_never_panic(words in proptest::collection::vec(proptest::sample::select(vec![
        "Springer", "Felix", "drei", "nein", "e4", "x", "nach", "von", "Dame", "wird", "=", "O-O", "claim", "ja",
        "Kurze", "Rochade", "äh", "e.p.", "Schach", "Springa", "to", "promotes", "eins", "Bella", ",",
    ]), 0..8)) {
        let text = words.join(" ");
        for vocab in [en(), de()] {
            let _ = hear(&text, &vocab);
        }
    }
}

/// Issue 26: every word of a game command, said alone in its language, is that command: never
/// another command, never a move (`clock` asks the time; pressing is `press`).
#[test]
fn every_command_word_alone_is_its_own_command() {
    let mut wrong = Vec::new();
    for code in Vocabulary::codes() {
        let vocab = Vocabulary::get(code).unwrap();
        for (name, phrases) in &vocab.commands {
            // The terminal's own names and those that need more than their word are heard elsewhere.
            let Some(command) = name.command().filter(|_| !name.is_terminal()) else { continue };
            for phrase in phrases {
                let heard = hear(phrase, &vocab);
                let same = match &heard {
                    Ok(Heard::Command(c)) => Name::of(c) == Name::of(&command),
                    _ => false,
                };
                if !same {
                    wrong.push(format!("{code} '{phrase}' ({}): {heard:?}", name.key()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{} command words heard otherwise:\n{}", wrong.len(), wrong.join("\n"));
}
