//! A request said inside a sentence nobody listed: "can I get a hint", "zeig mir bitte meine
//! Fehler", "mohol by som vidieť riešenie?".

use anna_core::command::Name;

use super::phrase::{beginning, Typed};
use crate::{parse, Vocabulary};

/// The requests read wherever their words stand: training's (a hint, the engine's view, the
/// analysis, exercises, puzzles), a takeback, help and more. Each only tells or asks, and the game
/// decides whether it may be done here (FIDE 11.3.1); a request that ends or leaves a game (resign,
/// abort, quit, new), that carries text (chat, save, set) or that is a move's (claim) is read only
/// as a listed phrase.
const fn asked_in_a_sentence(name: Name) -> bool {
    name.is_training() || matches!(name, Name::Takeback | Name::Help | Name::More)
}

/// Which words must say nothing Anna reads ([`parse::says_nothing`]) for a request to be read.
pub(super) enum Around {
    /// The whole line, the request's words too: then the parser would read nothing in it.
    Whole,
    /// The words around the request's: for a line the parser did not understand.
    Rest,
}

/// The request whose words stand somewhere in `text` (the longest phrase of the language or of
/// English), when the words `around` say nothing Anna reads: no move, no other command, no refusal
/// ("I don't want a hint" is not understood). Two requests in one sentence are none.
pub(super) fn request(text: &str, vocab: &Vocabulary, around: Around) -> Option<Name> {
    let words = Typed::words(text);
    let english = Vocabulary::english();
    // Every phrase found: where it starts, its length, its request.
    let found: Vec<(usize, usize, Name)> = (0..words.len())
        .flat_map(|start| beginning(&words[start..], vocab, &english).map(move |p| (start, p.len(), p.name)))
        .filter(|(_, _, name)| asked_in_a_sentence(*name))
        .collect();
    let &(start, len, name) = found.iter().max_by_key(|(start, len, _)| (*len, std::cmp::Reverse(*start)))?;
    // A shorter phrase inside the longest is that phrase's word; anywhere else, a second request.
    let inside = |s: usize, l: usize| s >= start && s + l <= start + len;
    if found.iter().any(|&(s, l, other)| other != name && !inside(s, l)) {
        return None;
    }
    let checked = match around {
        Around::Whole => text.to_string(),
        Around::Rest => {
            words[..start].iter().chain(&words[start + len..]).map(|w| w.lower.as_str()).collect::<Vec<_>>().join(" ")
        }
    };
    parse::says_nothing(&checked, vocab).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(code: &str, text: &str) -> Option<Name> {
        request(text, &Vocabulary::get(code).unwrap(), Around::Rest)
    }

    #[test]
    fn a_request_inside_a_sentence_is_read_by_its_words() {
        assert_eq!(read("en", "can I get a hint"), Some(Name::Hint));
        assert_eq!(read("en", "could you show me my mistakes please"), Some(Name::Mistakes));
        assert_eq!(read("en", "can we take back"), Some(Name::Takeback));
        assert_eq!(read("en", "give me another puzzle"), Some(Name::Next));
        assert_eq!(read("en", "is it possible to see the evaluation for white?"), Some(Name::Eval));
        assert_eq!(read("de", "kannst du mir bitte einen Hinweis geben"), Some(Name::Hint));
    }

    #[test]
    fn a_refusal_a_move_or_two_requests_are_no_request() {
        assert_eq!(read("en", "I don't want a hint"), None);
        assert_eq!(read("en", "hint for the knight on f3"), None);
        assert_eq!(read("en", "a hint and the evaluation"), None);
        assert_eq!(read("en", "hint e4"), None);
        // Requests that end a game or carry text are read only as their phrases.
        assert_eq!(read("en", "can I abort the game"), None);
        assert_eq!(read("en", "maybe I resign"), None);
    }
}
