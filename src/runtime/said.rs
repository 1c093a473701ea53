//! The words as the loop hands them to the speaker and the view: a clock answer made again when it
//! is said, and every sentence cut to a sane length.

use std::sync::Arc;

use crate::adapters::speech;
use anna_core::message::{Arg, Utterance};
use anna_language::Voice;
use shakmaty::Color;

/// An answer about the clocks, made again when it is spoken: the time of the side whose clock runs
/// is what it was when asked, less the time since.
pub(super) fn live_clock(utterance: &Utterance, running: Color, voice: &Voice) -> speech::queue::Live {
    let (utterance, voice) = (utterance.clone(), voice.clone());
    Arc::new(move |since| {
        let mut now = utterance.clone();
        let of = now.args.iter().find_map(|(name, arg)| match (*name, arg) {
            ("side", Arg::Side(side)) => Some(*side),
            _ => None,
        });
        for (name, arg) in &mut now.args {
            let runs = match *name {
                "white" => running == Color::White,
                "black" => running == Color::Black,
                "time" => of == Some(running),
                _ => false,
            };
            if let (true, Arg::Time(left)) = (runs, arg) {
                *left = left.saturating_sub(since);
            }
        }
        voice.render(&now)
    })
}

/// The longest sentence shown and said, in characters; longer ones are cut with "…". No sentence of
/// Anna's comes near it; a file name or a text read back might.
pub const MAX_SENTENCE: usize = 2000;

/// `words`, cut at [`MAX_SENTENCE`] characters.
pub(super) fn sane(words: &str) -> String {
    match words.char_indices().nth(MAX_SENTENCE) {
        Some((end, _)) => format!("{}…", &words[..end]),
        None => words.to_string(),
    }
}

/// Whether the answer gathered so far must be said before `out`: before what must follow it in
/// speech (a move, silence, the microphone, new settings, the end). A sound, a record or a request
/// to a board, the server or an engine does not split it, or its first part would be replaced by
/// the rest before it was heard ("Right: Rook David acht checkmate." lost to the next puzzle).
pub(super) fn splits_answer(out: &anna_app::Out) -> bool {
    use anna_app::Out;
    !matches!(
        out,
        Out::Say(_, anna_core::message::Priority::Info)
            | Out::Write(_)
            | Out::Play(_)
            | Out::Record(_)
            | Out::Journal(_)
            | Out::JournalNew
            | Out::JournalContinue(_)
            | Out::Board(..)
            | Out::Server(_)
            | Out::Save(_)
            | Out::Think(_)
            | Out::Evaluate(_)
            | Out::Engine(_)
            | Out::Solved(_)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use anna_core::message::{Priority, Sentence};
    use std::time::Duration;

    #[test]
    fn a_clock_answer_said_late_reads_the_clock_when_it_is_said() {
        let asked = Utterance::new(Priority::Info, Sentence::Time)
            .arg("white", Arg::Time(Duration::from_secs(300)))
            .arg("black", Arg::Time(Duration::from_secs(240)))
            .arg("moves", Arg::Moves(3));
        let live = live_clock(&asked, Color::White, &Voice::english());
        assert_eq!(live(Duration::ZERO), "White 5 minutes, Black 4 minutes, 3 moves.");
        // Said 6 seconds later, behind a move: White's clock ran meanwhile, Black's did not.
        assert_eq!(live(Duration::from_secs(6)), "White 4 minutes 54 seconds, Black 4 minutes, 3 moves.");
        let one = Utterance::new(Priority::Info, Sentence::TimeOf)
            .arg("side", Arg::Side(Color::Black))
            .arg("time", Arg::Time(Duration::from_secs(60)))
            .arg("moves", Arg::Moves(3));
        assert_eq!(
            live_clock(&one, Color::Black, &Voice::english())(Duration::from_secs(10)),
            "Black 50 seconds, 3 moves."
        );
        assert_eq!(
            live_clock(&one, Color::White, &Voice::english())(Duration::from_secs(10)),
            "Black 1 minute, 3 moves."
        );
    }

    #[test]
    fn sentences_over_the_sane_length_are_cut() {
        assert_eq!(sane("e4"), "e4");
        let long = "y".repeat(MAX_SENTENCE + 10);
        let cut = sane(&long);
        assert_eq!(cut.chars().count(), MAX_SENTENCE + 1);
        assert!(cut.ends_with('…'));
    }
}
