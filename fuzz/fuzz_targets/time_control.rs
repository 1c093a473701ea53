//! A time control text must never panic when read, and a control that was read must survive a
//! round trip through its PGN form (`to_pgn` -> `parse` -> `to_pgn` gives the same text).
#![no_main]

use std::time::Duration;

use anna_core::clock::TimeControl;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tc) = TimeControl::parse(text) else {
        return;
    };
    let pgn = tc.to_pgn();
    if pgn == "-" {
        return;
    }
    // The shorthand reads a lone base under 60 without a quota as minutes, so the PGN form "30"
    // (30 seconds) would read back as 30 minutes: only check the controls it cannot touch.
    let first = tc.periods[0];
    let has_quota = first.moves.is_some_and(|q| q > 0);
    if first.time < Duration::from_secs(60) && !has_quota {
        return;
    }
    let again = TimeControl::parse(&pgn)
        .unwrap_or_else(|e| panic!("{text:?} gave the PGN form {pgn:?}, which does not read back: {e}"));
    assert_eq!(again.to_pgn(), pgn, "{text:?} gave the PGN form {pgn:?}, which reads back differently");
});
