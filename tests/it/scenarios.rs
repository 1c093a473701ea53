//! Scripted sessions: every `tests/scenarios/*.script` is replayed and its transcript compared,
//! line for line, with the `.transcript` beside it. Set `ANNA_BLESS=1` to write missing or changed
//! transcripts (then read every changed line before committing it).

use std::fs;
use std::path::Path;

use anna_app::script;
use anna_core::session::Config;
use anna_language::Voice;

#[test]
fn every_scenario_gives_its_transcript() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let bless = std::env::var_os("ANNA_BLESS").is_some();
    let voice = Voice::english();
    let mut scripts: Vec<_> = fs::read_dir(&dir)
        .expect("tests/scenarios exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "script"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 20, "expected the scenario folder to hold the scenarios, found {}", scripts.len());
    let mut failures = Vec::new();
    for path in &scripts {
        let text = fs::read_to_string(path).unwrap();
        let steps = script::parse_script(&text, &voice).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut app = script::app(Config::default(), Vec::new(), voice.clone());
        let transcript = script::replay(&steps, &mut app).join("\n") + "\n";
        compare(path, "transcript", &transcript, bless, true, &mut failures);
        // Some scenarios also pin down their scoresheet as PGN.
        compare(path, "pgn", &anna_app::save::pgn_text(app.session(), &voice.vocab), bless, false, &mut failures);
    }
    assert!(failures.is_empty(), "{} scenario(s) differ:\n{}", failures.len(), failures.join("\n"));
}

/// Compares `actual` with the file of that extension beside the script; a missing file is an error
/// only where it is required.
fn compare(script: &Path, extension: &str, actual: &str, bless: bool, required: bool, failures: &mut Vec<String>) {
    let expected_path = script.with_extension(extension);
    match fs::read_to_string(&expected_path) {
        Ok(expected) if expected == actual => {}
        Ok(_) if bless => fs::write(&expected_path, actual).unwrap(),
        Err(_) if bless && required => fs::write(&expected_path, actual).unwrap(),
        Ok(expected) => failures.push(diff(&expected_path, &expected, actual)),
        Err(_) if required => {
            failures.push(format!("{}: missing; run with ANNA_BLESS=1 and review it", expected_path.display()));
        }
        Err(_) => {}
    }
}

fn diff(path: &Path, expected: &str, actual: &str) -> String {
    let mut out = format!("--- {}\n", path.display());
    let (e, a): (Vec<_>, Vec<_>) = (expected.lines().collect(), actual.lines().collect());
    for i in 0..e.len().max(a.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => {}
            (x, y) => out.push_str(&format!(
                "  line {}:\n    expected: {}\n    actual:   {}\n",
                i + 1,
                x.unwrap_or(&"<none>"),
                y.unwrap_or(&"<none>")
            )),
        }
    }
    out
}
