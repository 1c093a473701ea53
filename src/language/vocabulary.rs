//! The words of one language, loaded from `grammar/<code>.toml` at compile time.

use std::collections::HashMap;

/// The grammar files, built into the program so it needs nothing at run time.
const SOURCES: &[(&str, &str)] = &[("en", include_str!("../../grammar/en.toml"))];

/// The words of one language, looked up by dotted key (`say.moved`, `side.white`).
#[derive(Debug, Clone)]
pub struct Vocabulary {
    code: &'static str,
    words: HashMap<String, String>,
}

impl Vocabulary {
    /// The languages Anna speaks, by code.
    pub fn codes() -> impl Iterator<Item = &'static str> {
        SOURCES.iter().map(|(code, _)| *code)
    }

    /// The vocabulary of the language with this code, if Anna has it.
    pub fn get(code: &str) -> Option<Vocabulary> {
        let (code, source) = SOURCES.iter().find(|(c, _)| c.eq_ignore_ascii_case(code))?;
        // The files are checked by the test below, so a broken file cannot ship.
        let table: toml::Table = source.parse().ok()?;
        let mut words = HashMap::new();
        flatten("", &table, &mut words);
        Some(Vocabulary { code, words })
    }

    /// English, the language of scripts and transcripts.
    pub fn english() -> Vocabulary {
        Vocabulary::get("en").expect("grammar/en.toml is built in and checked by tests")
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The words for `key`; a missing key yields the key itself so nothing is ever silent.
    pub fn word<'a>(&'a self, key: &'a str) -> &'a str {
        self.words.get(key).map(String::as_str).unwrap_or(key)
    }

    pub fn word_owned(&self, key: &str) -> String {
        self.word(key).to_string()
    }

    pub fn has(&self, key: &str) -> bool {
        self.words.contains_key(key)
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.words.keys().map(String::as_str)
    }
}

fn flatten(prefix: &str, table: &toml::Table, out: &mut HashMap<String, String>) {
    for (key, value) in table {
        let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        match value {
            toml::Value::Table(inner) => flatten(&path, inner, out),
            toml::Value::String(s) => {
                out.insert(path, s.clone());
            }
            // Grammar files hold only words; anything else is refused by the test below.
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::message::Sentence;

    #[test]
    fn every_grammar_file_parses() {
        for (code, source) in SOURCES {
            assert!(source.parse::<toml::Table>().is_ok(), "grammar/{code}.toml does not parse");
        }
    }

    #[test]
    fn grammar_files_hold_only_words() {
        fn check(table: &toml::Table, code: &str) {
            for (key, value) in table {
                match value {
                    toml::Value::Table(inner) => check(inner, code),
                    toml::Value::String(_) => {}
                    other => panic!("grammar/{code}.toml: {key} is {other:?}, not words"),
                }
            }
        }
        for (code, source) in SOURCES {
            check(&source.parse().unwrap(), code);
        }
    }

    #[test]
    fn every_sentence_is_in_every_language_and_no_word_is_unused() {
        for code in Vocabulary::codes() {
            let v = Vocabulary::get(code).unwrap();
            for s in Sentence::ALL {
                assert!(v.has(&format!("say.{}", s.key())), "{code}: missing say.{}", s.key());
            }
            for key in v.keys().filter(|k| k.starts_with("say.")) {
                assert!(Sentence::ALL.iter().any(|s| format!("say.{}", s.key()) == key), "{code}: {key} is never said");
            }
        }
    }

    #[test]
    fn every_language_has_every_key_of_english() {
        let en = Vocabulary::english();
        for code in Vocabulary::codes() {
            let v = Vocabulary::get(code).unwrap();
            for key in en.keys() {
                assert!(v.has(key), "{code}: missing {key}");
            }
        }
    }
}
