//! Any bytes as a PGN file: reading never panics; each game read is replayed into a session, shown
//! as a braille scoresheet and stepped through in review without panicking; and the replayed game,
//! written as PGN again, reads back without a fault and with the same moves.
#![no_main]

use anna_app::save;
use anna_core::pgn;
use anna_core::scoresheet::Tags;
use anna_core::session::Config;
use anna_language::{braille, Vocabulary, Voice};
use anna_app::review::Review;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let english = Vocabulary::english();
    for game in pgn::read(data).into_iter().take(4) {
        let lines = save::braille_lines_of_game(&game, &english);
        let _ = braille::brf(&lines);
        let (session, _) = game.replay(Config::default());
        let sans: Vec<String> = session.game().plies().iter().map(|p| p.san.to_string()).collect();
        let imported: Vec<String> = game.moves.iter().map(|m| m.san.to_string()).collect();
        // The session may end the game earlier than the file (fivefold repetition, a dead position).
        assert!(imported.starts_with(&sans), "replay {sans:?} is not a start of {imported:?}");
        let text = save::pgn(&session, &english, &Tags::default());
        let again = pgn::read(text.as_bytes());
        assert_eq!(again.len(), 1, "{text}");
        assert_eq!(again[0].fault, None, "{text}");
        let read_sans: Vec<String> = again[0].moves.iter().map(|m| m.san.to_string()).collect();
        assert_eq!(read_sans, sans, "{text}");
        let mut review = Review::new(game, Voice::english());
        let _ = review.start();
        for line in ["next", "end", "time", "moves", "back", "go 3 black", "board", "where knight"] {
            let _ = review.line(line);
        }
    }
});
