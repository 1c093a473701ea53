//! Any text, heard in any language, never panics; a move heard is resolved against the start
//! position and a middlegame without panicking either, and a near miss's corrected text is heard too.
#![no_main]

use std::sync::OnceLock;

use anna_core::rules::Game;
use anna_language::parse::{hear, Heard};
use anna_language::Vocabulary;
use libfuzzer_sys::fuzz_target;

fn setup() -> &'static (Vec<Vocabulary>, Vec<Game>) {
    static SETUP: OnceLock<(Vec<Vocabulary>, Vec<Game>)> = OnceLock::new();
    SETUP.get_or_init(|| {
        let vocabularies = Vocabulary::codes().filter_map(Vocabulary::get).collect();
        let middlegame = Game::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9").unwrap();
        (vocabularies, vec![Game::new(), middlegame])
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (vocabularies, games) = setup();
    for vocab in vocabularies {
        match hear(text, vocab) {
            Ok(Heard::Move(spec)) => {
                for game in games {
                    let _ = game.resolve_spec(&spec);
                }
            }
            Ok(_) => {}
            Err(e) => {
                let _ = e.to_string();
                if let Some(s) = e.suggestion {
                    let _ = hear(&s.corrected, vocab);
                }
            }
        }
    }
});
