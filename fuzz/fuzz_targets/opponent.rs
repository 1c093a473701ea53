//! The built-in opponent, in any position a FEN can give: it never panics, it returns a legal move
//! whenever one exists (and none when there is none), and a request built from the game gives the
//! same game back (what the engine thread and the built-in thread receive). The first byte is the
//! level (1 to 3, to keep runs fast); the rest is the FEN.
#![no_main]

use anna_core::opponent::{Level, Opponent, Request};
use anna_core::rules::{AutoEnd, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(mut game) = Game::from_fen(text) else {
        return;
    };
    let level = Level::new(first % 3 + 1).unwrap();
    let mut opponent = Opponent::new(level, u64::from(first));
    for _ in 0..4 {
        let over = matches!(game.auto_end(), Some(AutoEnd::Checkmate | AutoEnd::Stalemate));
        match opponent.choose(&game) {
            Some(choice) => {
                let mv = choice.mv;
                game.play(mv).unwrap_or_else(|e| panic!("{text:?}: {mv:?} is not legal: {e}"));
            }
            None => {
                assert!(over, "{text:?}: no move chosen though there are legal ones");
                break;
            }
        }
    }
    let request = Request::new(1, &game, level, None, false);
    let again = request.game().unwrap_or_else(|e| panic!("{text:?}: the request's game does not read: {e}"));
    assert_eq!(again.fen(), game.fen(), "{text:?}: the request gives another position");
    assert_eq!(again.plies().len(), game.plies().len());
});
