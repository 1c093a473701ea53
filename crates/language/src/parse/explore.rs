//! Questions about the board: `board`, `pieces white`, `where black knight`, `rank 4`, `Linie e`,
//! `Feld Eva vier`, `Züge Eva zwei`, `moves 12`.

use nom::branch::alt;
use nom::combinator::opt;
use nom::Parser;
use shakmaty::{Color, Role};

use super::lexicon::{flag, Word};
use super::square::{file, rank, square};
use super::words::{flagged, one, Res, Words};
use anna_core::command::{Command, Name};
use anna_core::explore::{Filter, Query};

/// The question a command word and the words after it ask; `None` when they do not fit.
///
/// ```ebnf
/// query = board-word
///       | ( pieces-word | where-word ) [ selection ]
///       | rank-word rank | file-word file | square-word square
///       | moves-word ( [ from-word ] square | number ) ;
/// ```
pub fn query(name: Name, rest: &[Word]) -> Option<Command> {
    let input = Words(rest);
    let (left, command) = match name {
        Name::Board => (input, Command::Explore(Query::Board)),
        Name::Pieces => selection_or_all(input).map(|(i, f)| (i, Command::Explore(Query::Pieces(f)))).ok()?,
        Name::Where => selection_or_all(input).map(|(i, f)| (i, Command::Explore(Query::Where(f)))).ok()?,
        Name::Rank => rank(input).map(|(i, r)| (i, Command::Explore(Query::Rank(r)))).ok()?,
        Name::File => file(input).map(|(i, f)| (i, Command::Explore(Query::File(f)))).ok()?,
        Name::Square => square(input).map(|(i, s)| (i, Command::Explore(Query::Square(s)))).ok()?,
        Name::Attackers => square(input).map(|(i, s)| (i, Command::Explore(Query::Attackers(s)))).ok()?,
        Name::Defenders => square(input).map(|(i, s)| (i, Command::Explore(Query::Defenders(s)))).ok()?,
        Name::Rays => square(input).map(|(i, s)| (i, Command::Explore(Query::Rays(s)))).ok()?,
        Name::Moves => moves(input).ok()?,
        _ => return None,
    };
    left.0.is_empty().then_some(command)
}

/// `file file-word | ordinal rank-word` (`e file`, `Eva Linie`, `vierte Reihe`): the command word
/// after its file or rank.
pub fn line_after(words: &[Word]) -> Option<Command> {
    match words {
        [f, word] if word.meaning.command == Some(Name::File) => {
            f.meaning.file.map(|f| Command::Explore(Query::File(f)))
        }
        [o, word] if word.meaning.command == Some(Name::Rank) => {
            o.meaning.ordinal.map(|r| Command::Explore(Query::Rank(r)))
        }
        _ => None,
    }
}

/// `selection = side [ piece-name ] | piece-name [ side ]`, or nothing: all pieces.
fn selection_or_all(i: Words<'_>) -> Res<'_, Filter> {
    if i.0.is_empty() {
        return Ok((i, Filter::default()));
    }
    let side_first = (side, opt(piece)).map(|(side, role)| Filter { side: Some(side), role });
    let piece_first = (piece, opt(side)).map(|(role, side)| Filter { side, role: Some(role) });
    alt((side_first, piece_first)).parse(i)
}

/// `side = colour-word`
fn side(i: Words<'_>) -> Res<'_, Color> {
    one(|m| m.side)(i)
}

/// `piece-name` (singular or plural: `Springer`, `knights`, `Türme`)
fn piece(i: Words<'_>) -> Res<'_, Role> {
    one(|m| m.piece)(i)
}

/// `moves-word ( [ from-word ] square | number )`: a square's legal moves, or the scoresheet from a move.
fn moves(i: Words<'_>) -> Res<'_, Command> {
    let of_square = (opt(flagged(flag::FROM)), square).map(|(_, s)| Command::Explore(Query::Moves(s)));
    let from_number = one(|m| m.number.filter(|n| *n > 0)).map(Command::MovesFrom);
    alt((of_square, from_number)).parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::lexicon::Lexicon;
    use crate::Vocabulary;
    use shakmaty::{File, Rank, Square};

    fn heard(lex: &Lexicon, text: &str) -> Option<Command> {
        let words = lex.words(text);
        let (first, rest) = words.split_first()?;
        line_after(&words).or_else(|| query(first.meaning.command?, rest))
    }

    #[test]
    fn questions_in_german_and_english() {
        let de = Lexicon::new(&Vocabulary::german());
        let en = Lexicon::new(&Vocabulary::english());
        let q = |query| Some(Command::Explore(query));
        let knights = Filter { side: None, role: Some(Role::Knight) };
        let white_rooks = Filter { side: Some(Color::White), role: Some(Role::Rook) };
        let table = [
            (&de, "Stellung", q(Query::Board)),
            (&de, "wo Springer", q(Query::Where(knights))),
            (&de, "wo sind die weißen Türme", q(Query::Where(white_rooks))),
            (&de, "Figuren Schwarz", q(Query::Pieces(Filter { side: Some(Color::Black), role: None }))),
            (&de, "Reihe vier", q(Query::Rank(Rank::Fourth))),
            (&de, "vierte Reihe", q(Query::Rank(Rank::Fourth))),
            (&en, "seventh rank", q(Query::Rank(Rank::Seventh))),
            (&de, "Linie Eva", q(Query::File(File::E))),
            (&de, "Eva Linie", q(Query::File(File::E))),
            (&de, "Feld Eva vier", q(Query::Square(Square::E4))),
            (&de, "Züge Eva zwei", q(Query::Moves(Square::E2))),
            (&de, "Züge 12", Some(Command::MovesFrom(12))),
            (&en, "where are the knights", q(Query::Where(knights))),
            (&en, "pieces knight", q(Query::Pieces(knights))),
            (&en, "rank 4", q(Query::Rank(Rank::Fourth))),
            (&en, "square e4", q(Query::Square(Square::E4))),
            (&en, "moves from g1", q(Query::Moves(Square::G1))),
            (&en, "moves 3", Some(Command::MovesFrom(3))),
            (&en, "rank", None),
            (&en, "square e", None),
            (&en, "where knight knight", None),
        ];
        for (lex, text, expected) in table {
            assert_eq!(heard(lex, text), expected, "{text}");
        }
    }
}
