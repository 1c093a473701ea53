//! Typed notation, one word without spaces: SAN and long algebraic notation in English letters or the
//! language's (`Nf3`, `Sf3`, `Ng1-f3`), UCI (`e2e4`, `e7e8q`), pawn captures written any way (`exd5`,
//! `e:d5`, `ed5`), castling (`O-O`, `0-0-0`, `00`) and promotions (`e8=Q`, `e8Q`, `e8(D)`).

use nom::branch::alt;
use nom::bytes::complete::tag_no_case;
use nom::character::complete::{anychar, char, one_of, satisfy};
use nom::combinator::{eof, opt};
use nom::error::{Error, ErrorKind};
use nom::multi::many0;
use nom::sequence::delimited;
use nom::{IResult, Parser};
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::lexicon::Lexicon;
use anna_core::rules::MoveSpec;

type Res<'i, T> = IResult<&'i str, T>;

fn fail<T>(input: &str) -> Res<'_, T> {
    Err(nom::Err::Error(Error::new(input, ErrorKind::Verify)))
}

/// The move written in `text`, if all of it is one.
///
/// `typed ::= ( castling | squares | normal ) [ en-passant ] { suffix }`. Two squares are read as
/// squares first, so upper-case UCI whose first letter is also a piece letter (`G1F3`, `B1C3`,
/// `D2D4`) is the move from the first square, not a piece from a rank.
pub fn typed(text: &str, lex: &Lexicon) -> Option<MoveSpec> {
    let squares = |i| squares(i, lex);
    let normal = |i| normal(i, lex);
    let mut first = (squares, opt(en_passant), many0(suffix), eof);
    if let Ok((_, (spec, ..))) = first.parse(text) {
        return Some(spec);
    }
    let mut parser = (alt((castling, normal)), opt(en_passant), many0(suffix), eof);
    parser.parse(text).ok().map(|(_, (spec, ..))| spec)
}

/// `squares ::= square [ "-" | capture ] square [ promotion ]`, any piece (long notation, UCI).
fn squares<'i>(i: &'i str, lex: &Lexicon) -> Res<'i, MoveSpec> {
    let sep = opt(alt((char('-').map(|_| false), capture.map(|_| true))));
    let (i, (from, capture, to)) = (square, sep, square).parse(i)?;
    let (i, promotion) = opt(|i| promotion(i, lex)).parse(i)?;
    let mut spec = MoveSpec::squares(from, to, promotion);
    spec.capture = capture == Some(true);
    Ok((i, spec))
}

/// `castling ::= o [ "-" ] o [ [ "-" ] o ]`, `o ::= "O" | "o" | "0"` (two for the king side).
fn castling(i: &str) -> Res<'_, MoveSpec> {
    let o = || one_of("Oo0");
    let (i, (_, _, _, long)) = (o(), opt(char('-')), o(), opt((opt(char('-')), o()))).parse(i)?;
    let side = if long.is_some() { CastlingSide::QueenSide } else { CastlingSide::KingSide };
    Ok((i, MoveSpec::castle(side)))
}

/// Where a piece comes from, as written.
#[derive(Clone, Copy)]
enum Origin {
    Square(Square),
    File(File),
    Rank(Rank),
    Nothing,
}

/// `normal ::= piece body [ promotion ] | body [ promotion ]`. Without a letter the move is a pawn's,
/// or any piece's when both squares are written (`e2e4`).
fn normal<'i>(i: &'i str, lex: &Lexicon) -> Res<'i, MoveSpec> {
    let with_piece = |i: &'i str| {
        let (i, pieces) = piece(i, lex)?;
        let (i, body) = body(i)?;
        Ok((i, (Some(pieces), body)))
    };
    let without = |i: &'i str| body(i).map(|(i, body)| (i, (None, body)));
    let (i, (pieces, (origin, capture, to))) = alt((with_piece, without)).parse(i)?;
    let (i, promotion) = opt(|i| promotion(i, lex)).parse(i)?;
    let mut spec = MoveSpec { to: Some(to), capture, promotion, ..MoveSpec::default() };
    match origin {
        Origin::Square(from) => {
            spec.from_file = Some(from.file());
            spec.from_rank = Some(from.rank());
        }
        Origin::File(f) => spec.from_file = Some(f),
        Origin::Rank(r) => spec.from_rank = Some(r),
        Origin::Nothing => {}
    }
    spec.pieces = match (pieces, origin) {
        (Some(pieces), _) => pieces,
        (None, Origin::Square(_)) => Vec::new(),
        (None, _) => vec![Role::Pawn],
    };
    Ok((i, spec))
}

/// `piece ::= letter`: a notation letter of this language or another (a lowercase file letter is a file).
fn piece<'i>(i: &'i str, lex: &Lexicon) -> Res<'i, Vec<Role>> {
    let (rest, c) = anychar(i)?;
    match lex.piece_letter(c) {
        Some(roles) => Ok((rest, roles.to_vec())),
        None => fail(i),
    }
}

/// `body ::= square [ "-" | capture ] square | file [ capture ] square | rank [ capture ] square
///         | [ capture ] square`
fn body(i: &str) -> Res<'_, (Origin, bool, Square)> {
    let sep = || opt(alt((char('-').map(|_| false), capture.map(|_| true))));
    let long = (square, sep(), square).map(|(from, sep, to)| (Origin::Square(from), sep == Some(true), to));
    let by_file = (file, opt(capture), square).map(|(f, x, to)| (Origin::File(f), x.is_some(), to));
    let by_rank = (rank, opt(capture), square).map(|(r, x, to)| (Origin::Rank(r), x.is_some(), to));
    let plain = (opt(capture), square).map(|(x, to)| (Origin::Nothing, x.is_some(), to));
    alt((long, by_file, by_rank, plain)).parse(i)
}

/// `capture ::= "x" | "X" | "×" | ":"`
fn capture(i: &str) -> Res<'_, char> {
    one_of("xX×:").parse(i)
}

/// `square ::= file rank`
pub fn square(i: &str) -> Res<'_, Square> {
    (file, rank).map(|(f, r)| Square::from_coords(f, r)).parse(i)
}

/// `file ::= "a" .. "h"` (either case)
fn file(i: &str) -> Res<'_, File> {
    satisfy(|c| ('a'..='h').contains(&c.to_ascii_lowercase()))
        .map(|c| File::new(u32::from(c.to_ascii_lowercase()) - u32::from('a')))
        .parse(i)
}

/// `rank ::= "1" .. "8"`
fn rank(i: &str) -> Res<'_, Rank> {
    satisfy(|c| ('1'..='8').contains(&c)).map(|c| Rank::new(u32::from(c) - u32::from('1'))).parse(i)
}

/// `promotion ::= [ "=" ] ( letter | "(" letter ")" )`
fn promotion<'i>(i: &'i str, lex: &Lexicon) -> Res<'i, Role> {
    let letter = |i: &'i str| {
        let (rest, c) = anychar(i)?;
        match lex.promotion_letter(c) {
            Some(Role::King | Role::Pawn) | None => fail(i),
            Some(role) => Ok((rest, role)),
        }
    };
    let (i, _) = opt(char('=')).parse(i)?;
    alt((delimited(char('('), letter, char(')')), letter)).parse(i)
}

/// `en-passant ::= "e.p." | "ep"`
fn en_passant(i: &str) -> Res<'_, &str> {
    alt((tag_no_case("e.p."), tag_no_case("e.p"), tag_no_case("ep"))).parse(i)
}

/// `suffix ::= "+" | "#" | "!" | "?" | "."` (ignored)
fn suffix(i: &str) -> Res<'_, char> {
    one_of("+#!?.").parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vocabulary;

    /// A spec in a short form: pieces by English letter, departure, `x`, target, promotion.
    fn show(spec: &MoveSpec) -> String {
        if let Some(side) = spec.castle {
            return if side == CastlingSide::KingSide { "O-O" } else { "O-O-O" }.to_string();
        }
        let pieces: String = spec.pieces.iter().map(|r| r.upper_char()).collect();
        let file = spec.from_file.map_or(String::new(), |f| f.char().to_string());
        let rank = spec.from_rank.map_or(String::new(), |r| r.char().to_string());
        let x = if spec.capture { "x" } else { "" };
        let to = spec.to.map_or("-".to_string(), |s| s.to_string());
        let promotion = spec.promotion.map_or(String::new(), |r| format!("={}", r.upper_char()));
        format!("{pieces}{file}{rank}{x}{to}{promotion}")
    }

    #[test]
    fn notation_in_many_spellings() {
        let de = Lexicon::new(&Vocabulary::german());
        let table = [
            ("Nf3", "Nf3"),
            ("Sf3", "NBf3"),
            ("Ng1-f3", "Ng1f3"),
            ("Sg1f3", "NBg1f3"),
            ("e2e4", "e2e4"),
            ("e2-e4", "e2e4"),
            ("e7e8q", "e7e8=Q"),
            ("exd5", "Pexd5"),
            ("e×d5", "Pexd5"),
            ("e:d5", "Pexd5"),
            ("ed5", "Ped5"),
            ("exd6e.p.", "Pexd6"),
            ("O-O", "O-O"),
            ("0-0", "O-O"),
            ("o-o", "O-O"),
            ("00", "O-O"),
            ("O-O-O+", "O-O-O"),
            ("000", "O-O-O"),
            ("e8=Q", "Pe8=Q"),
            ("e8Q", "Pe8=Q"),
            ("e8D", "Pe8=Q"),
            ("e8(D)", "Pe8=Q"),
            ("Qh4#", "Qh4"),
            ("Nbd2!?", "Nbd2"),
            ("R1d1", "R1d1"),
            ("Bb4", "Bb4"),
            ("B4", "Pb4"),
            ("Dd1", "Qd1"),
            ("E4", "Pe4"),
            ("b1", "Pb1"),
            ("Tae1", "Rae1"),
            ("G1F3", "g1f3"),
            ("B1C3", "b1c3"),
            ("D2D4", "d2d4"),
            ("B1-C3", "b1c3"),
            ("Bb1c3", "Bb1c3"),
        ];
        for (text, expected) in table {
            let spec = typed(text, &de).unwrap_or_else(|| panic!("{text} not read"));
            assert_eq!(show(&spec), expected, "{text}");
        }
    }

    #[test]
    fn not_notation() {
        let de = Lexicon::new(&Vocabulary::german());
        for text in ["", "e", "c", "Dame", "e9", "i4", "Nf", "e2e4e6", "O-O-O-O", "Xz9", "e8=K", "x", "e.p."] {
            assert_eq!(typed(text, &de), None, "{text}");
        }
    }
}
