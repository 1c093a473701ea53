//! An engine's judgement in words: a score as a player says it ("White is better, about a pawn",
//! "Black mates in 3"), never in centipawns; material in pawns; words made inside other words.

use shakmaty::Color;

use crate::announce::{counted, fill, side};
use crate::Voice;
use anna_core::analysis::Score;
use anna_core::message::Arg;

/// Below this many centipawns the position is equal; below [`BETTER`] one side is slightly better;
/// from [`WINNING`] it is winning.
const EQUAL: i32 = 30;
const BETTER: i32 = 100;
const WINNING: i32 = 300;

/// The words of an analysis argument; `None` for any other argument.
pub fn argument(voice: &Voice, arg: &Arg) -> Option<String> {
    Some(match arg {
        Arg::Score(score) => score_words(*score, voice),
        Arg::Counted(noun, n) => counted(u64::from(*n), noun, &voice.vocab),
        Arg::Played(moves) => moves.iter().map(|m| voice.move_words(m)).collect::<Vec<_>>().join(", "),
        Arg::Words(words) => voice.words(words),
        _ => return None,
    })
}

/// A score in words, as a clause ("White is better, about 2 pawns"): the caller puts it in a
/// sentence or capitalises it.
pub fn score_words(score: Score, voice: &Voice) -> String {
    let vocab = &voice.vocab;
    match score {
        Score::Mate { winner, moves: 0 } => fill(vocab.word("analysis.mated"), &[("side", side(!winner, vocab))]),
        Score::Mate { winner, moves } => {
            fill(vocab.word("analysis.mates"), &[("side", side(winner, vocab)), ("n", moves.to_string())])
        }
        Score::Cp(cp) if cp.abs() < EQUAL => vocab.word_owned("analysis.equal"),
        Score::Cp(cp) => {
            let better = if cp > 0 { Color::White } else { Color::Black };
            let cp = cp.unsigned_abs();
            let key = if cp < BETTER as u32 {
                "analysis.slightly_better"
            } else if cp < WINNING as u32 {
                "analysis.better"
            } else {
                "analysis.winning"
            };
            let pawns = counted(u64::from((cp + 50) / 100).max(1), "pawns", vocab);
            fill(vocab.word(key), &[("side", side(better, vocab)), ("pawns", pawns)])
        }
    }
}
