//! A FEN must never panic when read (by the adjudicator's reader and by `Game`), and a position
//! `Game` accepts must survive a round trip through its own FEN (`fen` -> `from_fen` -> `fen`).
//! The solver (`can_mate`) is not called: it can be slow.
#![no_main]

use anna_core::fen::parse_fen;
use anna_core::rules::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_fen(text);
    let Ok(game) = Game::from_fen(text) else {
        return;
    };
    let fen = game.fen();
    let again = Game::from_fen(&fen)
        .unwrap_or_else(|e| panic!("{text:?} gave the FEN {fen:?}, which does not read back: {e:?}"));
    assert_eq!(again.fen(), fen, "{text:?} gave the FEN {fen:?}, which reads back differently");
});
