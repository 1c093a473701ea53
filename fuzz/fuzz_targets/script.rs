//! A script (`anna replay` text) must never panic, neither when read nor when replayed through a
//! fresh app, as `anna replay` runs it.
#![no_main]

use anna_core::session::Config;
use anna_language::Voice;
use anna_app::script::{app, parse_script, replay};
use libfuzzer_sys::fuzz_target;

/// At most this many steps are replayed, to keep each run fast.
const MAX_STEPS: usize = 200;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let voice = Voice::english();
    let Ok(steps) = parse_script(text, &voice) else {
        return;
    };
    let steps = &steps[..steps.len().min(MAX_STEPS)];
    let mut app = app(Config::default(), Vec::new(), voice);
    let transcript = replay(steps, &mut app);
    // The last line is always the result.
    assert!(!transcript.is_empty());
});
