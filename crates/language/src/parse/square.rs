//! Squares said or written: `f3`, `f three`, `Felix drei`, `foxtrot 3`, `Feliks trzy`.

use nom::branch::alt;
use nom::Parser;
use shakmaty::{File, Rank, Square};

use super::words::{one, Res, Words};

/// `square ::= square-word | file rank`
pub fn square(i: Words<'_>) -> Res<'_, Square> {
    let pair = (file, rank).map(|(f, r)| Square::from_coords(f, r));
    alt((one(|m| m.square), pair)).parse(i)
}

/// `file ::= anna-name | annex-d-name | nato-name | "a" .. "h"`
pub fn file(i: Words<'_>) -> Res<'_, File> {
    one(|m| m.file)(i)
}

/// `rank ::= "1" .. "8" | number-word` (homophones such as `zwo`, `for`, `ate` only here)
pub fn rank(i: Words<'_>) -> Res<'_, Rank> {
    one(|m| m.rank)(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::lexicon::Lexicon;
    use crate::Vocabulary;

    #[test]
    fn squares_in_every_alphabet() {
        let lex = Lexicon::new(&Vocabulary::german());
        let table = [
            ("f3", Some(Square::F3)),
            ("F3", Some(Square::F3)),
            ("f drei", Some(Square::F3)),
            ("Felix drei", Some(Square::F3)),
            ("Falix drei", None),
            ("foxtrot three", Some(Square::F3)),
            ("Foxtrot 3", Some(Square::F3)),
            ("Eva zwo", Some(Square::E2)),
            ("e for", Some(Square::E4)),
            ("Hektor ate", Some(Square::H8)),
            ("Cäsar fünf", Some(Square::C5)),
            ("Caesar fuenf", Some(Square::C5)),
            ("drei Felix", None),
            ("Felix", None),
        ];
        for (text, expected) in table {
            let words = lex.words(text);
            let found = square(Words(&words)).ok().filter(|(rest, _)| rest.0.is_empty()).map(|(_, s)| s);
            assert_eq!(found, expected, "{text}");
        }
    }
}
