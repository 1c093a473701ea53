use super::*;
use anna_core::message::Sentence;

#[test]
fn every_grammar_file_loads() {
    for (code, source) in SOURCES {
        if let Err(e) = Vocabulary::load(code, source) {
            panic!("{e}");
        }
    }
}

#[test]
fn an_unknown_plural_rule_is_an_error_when_the_file_is_read() {
    let (_, english) = SOURCES[0];
    let wrong = english.replacen("plural = \"english\"", "plural = \"klingon\"", 1);
    assert_ne!(wrong, english, "the English file names its plural rule");
    let error = Vocabulary::load("en", &wrong).expect_err("an unknown rule is refused");
    assert!(error.to_string().contains("plural"), "{error}");
    let rules: Vec<Plural> =
        SOURCES.iter().map(|(code, source)| Vocabulary::load(code, source).unwrap().plural).collect();
    assert_eq!(
        rules,
        [Plural::English, Plural::English, Plural::Czech, Plural::Czech, Plural::Polish, Plural::Slovenian]
    );
}

#[test]
fn every_sentence_is_in_every_language_and_no_word_is_unused() {
    for code in Vocabulary::codes() {
        let v = Vocabulary::get(code).unwrap();
        for s in Sentence::ALL {
            assert!(v.has(&format!("say.{}", s.key())), "{code}: missing say.{}", s.key());
        }
        for key in v.keys().filter(|k| k.starts_with("say.")) {
            let base = v.variant_of(key).unwrap_or_else(|| key.to_string());
            assert!(Sentence::ALL.iter().any(|s| format!("say.{}", s.key()) == base), "{code}: {key} is never said");
        }
    }
}

#[test]
fn every_language_has_every_key_of_english_and_no_empty_list() {
    let en = Vocabulary::english();
    let command_names: Vec<Name> = en.commands.iter().map(|(name, _)| *name).collect();
    for code in Vocabulary::codes() {
        let v = Vocabulary::get(code).unwrap();
        for key in en.keys().filter(|k| en.variant_of(k).is_none()) {
            assert!(v.has(key), "{code}: missing {key}");
            assert!(!v.word(key).is_empty(), "{code}: {key} is empty");
        }
        for key in v.keys() {
            let base = v.variant_of(key);
            assert!(
                base.as_deref().is_some_and(|b| v.has(b)) || en.has(key),
                "{code}: {key} is not a key of English nor a variant of one"
            );
        }
        let names: Vec<Name> = v.commands.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, command_names, "{code}: the command names differ from English");
        let lists = [
            &v.castle_short,
            &v.castle_long,
            &v.moves.capture,
            &v.moves.check,
            &v.moves.mate,
            &v.moves.promotion,
            &v.moves.correction,
            &v.moves.yes,
            &v.moves.draw,
            &v.moves.reason,
            &v.moves.play_on,
            &v.moves.you,
            &v.moves.refuse,
            &v.moves.cancel,
            &v.colours.white,
            &v.colours.black,
        ];
        assert!(lists.iter().all(|l| !l.is_empty()), "{code}: an empty word list");
        for role in Role::ALL {
            assert!(!v.pieces.get(role).is_empty(), "{code}: no name for {role:?}");
        }
        for i in 0..8 {
            assert!(
                !v.anna[i].is_empty() && !v.nato[i].is_empty() && !v.ranks[i].is_empty() && !v.ordinals[i].is_empty(),
                "{code}: square words"
            );
        }
        for (name, words) in &v.commands {
            assert!(!words.is_empty(), "{code}: no words for the command {name}");
        }
    }
}

/// The `{placeholders}` of a sentence are the program's to fill: every language has the same as
/// English (a variant those of its key, plus the winner and loser of a result of its own).
#[test]
fn every_language_has_the_placeholders_of_english() {
    let names = |text: &str| {
        let mut found: Vec<String> =
            text.split('{').skip(1).filter_map(|p| p.split_once('}')).map(|(name, _)| name.to_string()).collect();
        found.sort();
        found.dedup();
        found
    };
    let en = Vocabulary::english();
    for code in Vocabulary::codes() {
        let v = Vocabulary::get(code).unwrap();
        for key in v.keys() {
            // `{side_dative}` stands for `{side}`, in another case.
            let mut own: Vec<String> =
                names(v.word(key)).into_iter().map(|n| n.strip_suffix("_dative").unwrap_or(&n).to_string()).collect();
            own.sort();
            own.dedup();
            let mut english = match v.variant_of(key) {
                // A server's own endings name no article of the Laws.
                Some(_) if key.starts_with("outcome.wins_") => {
                    let reason = anna_core::outcome::Reason::from_key(&key["outcome.wins_".len()..]);
                    if reason.is_some_and(|r| r.is_server_rule()) {
                        names(en.word(key))
                    } else {
                        vec!["article".to_string(), "loser".into(), "winner".into()]
                    }
                }
                Some(base) => names(en.word(&base)),
                None => names(en.word(key)),
            };
            // Players without names need not be named: "Na ťahu je Biely" says it all.
            if key == "say.clock_started_unnamed" {
                english.retain(|name| own.contains(name) || !["white", "black"].contains(&name.as_str()));
            }
            assert_eq!(own, english, "{code}: the placeholders of {key}");
        }
    }
}

#[test]
fn notation_letters_follow_annex_c3() {
    let letters = |code: &str| {
        let v = Vocabulary::get(code).unwrap();
        [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .map(|r| v.letters.get(r).unwrap())
            .iter()
            .collect::<String>()
    };
    let expected =
        [("en", "KQRBN"), ("de", "KDTLS"), ("sk", "KDVSJ"), ("cs", "KDVSJ"), ("pl", "KHWGS"), ("sl", "KDTLS")];
    for (code, word) in expected {
        assert_eq!(letters(code), word, "{code}: Annex C.3 letters");
    }
    assert_eq!(Vocabulary::codes().collect::<Vec<_>>(), ["en", "de", "sk", "cs", "pl", "sl"]);
}

#[test]
fn times_are_declined_in_every_language() {
    use crate::announce::time_words;
    use std::time::Duration;
    let t = |code: &str, secs: u64| time_words(Duration::from_secs(secs), &Vocabulary::get(code).unwrap());
    assert_eq!(t("de", 4 * 60 + 12), "4 Minuten 12 Sekunden");
    assert_eq!(t("de", 3600), "1 Stunde");
    assert_eq!(t("sk", 4 * 60 + 12), "4 minúty 12 sekúnd");
    assert_eq!(t("sk", 3600 + 60 + 1), "1 hodina 1 minúta 1 sekunda");
    assert_eq!(t("cs", 2 * 3600 + 5 * 60), "2 hodiny 5 minut");
    assert_eq!(t("pl", 22 * 60 + 12), "22 minuty 12 sekund");
    assert_eq!(t("pl", 3600 + 25 * 60), "1 godzina 25 minut");
    assert_eq!(t("sl", 2 * 60 + 3), "2 minuti 3 sekunde");
    assert_eq!(t("sl", 2 * 3600 + 5), "2 uri 5 sekund");
}

#[test]
fn annex_d_names_follow_the_files_a_to_h_in_every_language() {
    for code in Vocabulary::codes() {
        let v = Vocabulary::get(code).unwrap();
        for (i, names) in v.anna.iter().enumerate() {
            let letter = char::from(b'a' + i as u8);
            let first = names[0].chars().next().map(|c| c.to_ascii_lowercase());
            assert_eq!(first, Some(letter), "{code}: the Annex D name of file {letter} is {:?}", names[0]);
        }
    }
    let pl = Vocabulary::get("pl").unwrap();
    for (file, name) in [(3, "Dawid"), (4, "Ewa"), (5, "Feliks"), (6, "Gustaw"), (7, "Hektor")] {
        assert!(pl.anna[file].iter().any(|n| n == name), "pl: {name} is not understood");
    }
}
