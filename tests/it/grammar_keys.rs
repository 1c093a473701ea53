//! Every key of `grammar/` that the code names as a string (`"line.welcome"`) is in every language
//! file: a missing one fails here instead of going silent (FIDE D.2: the blind player hears
//! everything). Keys built at run time (`say.{sentence}`, `reason.{reason}`) are checked by the
//! vocabulary's own tests, sentence by sentence.

use std::path::Path;

use anna_language::Vocabulary;

const SECTIONS: [&str; 22] = [
    "say", "line", "help", "review", "journal", "board", "peg", "screen", "pgn", "speech", "errors", "values",
    "outcome", "reason", "time", "tc", "illegal", "side", "list", "squares", "analysis", "training",
];

/// The quoted keys in the Rust files under `dir`.
fn keys_in(dir: &Path, found: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
        let path = entry.path();
        if path.is_dir() {
            keys_in(&path, found);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for quoted in text.split('"').skip(1).step_by(2) {
            let Some((section, rest)) = quoted.split_once('.') else { continue };
            let plain = rest.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.');
            // `outcome.wins_` is the start of a key built at run time.
            if SECTIONS.contains(&section) && plain && !rest.is_empty() && !rest.ends_with(['.', '_']) {
                found.push((path.display().to_string(), quoted.to_string()));
            }
        }
    }
}

#[test]
fn every_key_the_code_names_is_in_every_language() {
    let mut found = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    keys_in(&root.join("src"), &mut found);
    keys_in(&root.join("crates"), &mut found);
    assert!(found.len() > 100, "only {} keys found: is the scan broken?", found.len());
    let mut missing = Vec::new();
    for code in Vocabulary::codes() {
        let v = Vocabulary::get(code).unwrap();
        for (file, key) in &found {
            // A language's own variant (`side.white_dative`) is there only where the language needs it.
            // A table named whole (`review.words`, whose words a program looks up by name).
            let table = v.keys().any(|k| k.strip_prefix(key.as_str()).is_some_and(|rest| rest.starts_with('.')));
            if !v.has(key) && v.variant_of(key).is_none() && !table {
                missing.push(format!("{code}: {key} (named in {file})"));
            }
        }
    }
    assert!(missing.is_empty(), "keys missing from grammar/:\n{}", missing.join("\n"));
}
