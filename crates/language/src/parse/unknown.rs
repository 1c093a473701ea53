//! A word Anna does not know, in a move she otherwise understands: passed over only when no word
//! that could stand in its place would make it another move (issue: "knight f3 pleeze" is the knight
//! to f3; "Sprnger f3" is not the pawn move f3, it is asked about).

use shakmaty::{File, Rank, Role};

use super::lexicon::{flag, Meaning, Word};
use super::spoken;
use anna_core::rules::MoveSpec;

/// The move `words` say with their unknown words left out, if no known word in the place of any of
/// them says a different move. What a capture or en passant word adds is not a different move:
/// the game forgives a capture said wrongly when one move is left, and en passant fits only that.
pub fn passed_over(words: &[Word]) -> Option<MoveSpec> {
    let unknown: Vec<usize> = (0..words.len()).filter(|&i| !words[i].meaning.is_known()).collect();
    let known = |except: Option<(usize, &Meaning)>| -> Vec<Word> {
        let mut kept = Vec::with_capacity(words.len());
        for (i, word) in words.iter().enumerate() {
            match except {
                Some((at, meaning)) if at == i => kept.push(Word { meaning: meaning.clone(), ..word.clone() }),
                _ if unknown.contains(&i) => {}
                _ => kept.push(word.clone()),
            }
        }
        kept
    };
    let without = spoken::whole_move(&known(None)).ok()?;
    let plain = |spec: &MoveSpec| MoveSpec { capture: false, en_passant: false, ..spec.clone() };
    let could_be = stand_ins();
    let changes = unknown.iter().any(|&at| {
        could_be.iter().any(|meaning| {
            spoken::whole_move(&known(Some((at, meaning))))
                .is_ok_and(|other| could_promote(&other) && plain(&other) != plain(&without))
        })
    });
    (!changes).then_some(without)
}

/// One word of each kind that could have been misheard as an unknown word. Two pieces, since one
/// that may move is not one that may be promoted to; files and ranks stand for all their kind.
fn stand_ins() -> Vec<Meaning> {
    let mut meanings: Vec<Meaning> = [Role::Knight, Role::Pawn]
        .into_iter()
        .map(|role| Meaning { piece: Some(role), ..Meaning::default() })
        .collect();
    meanings.push(Meaning { file: Some(File::A), ..Meaning::default() });
    meanings.push(Meaning { rank: Some(Rank::First), ..Meaning::default() });
    for bits in [flag::CAPTURE, flag::TO, flag::FROM, flag::PROMOTION, flag::CASTLE, flag::SIDE_SHORT, flag::WITH] {
        meanings.push(Meaning { flags: bits, ..Meaning::default() });
    }
    meanings
}

/// Whether a promotion said is one some move could make: a pawn, onto the first or last rank
/// (FIDE 3.7.5). A stand-in that makes a knight promote on f3 makes no move at all.
fn could_promote(spec: &MoveSpec) -> bool {
    let pawn = spec.pieces.is_empty() || spec.pieces.contains(&Role::Pawn);
    let last_rank = spec.to.is_none_or(|to| matches!(to.rank(), Rank::First | Rank::Eighth));
    spec.promotion.is_none() || (pawn && last_rank)
}
