//! Moves said in words (FIDE Annex D and the everyday ways of saying them), and the parts of a move
//! that answer a question (`Bella`, `von Bella eins`, `Dame`).

use nom::branch::alt;
use nom::combinator::{opt, peek, verify};
use nom::multi::many0;
use nom::sequence::{preceded, terminated};
use nom::Parser;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::lexicon::{flag, Word};
use super::square::{file, square};
use super::words::{flagged, one, Res, Words};
use anna_core::rules::MoveSpec;

/// The move in `words`, all of them; else the range of words (by index) not understood.
///
/// `move ::= [ piece-name ] typed-word { suffix } | castling { suffix } | spoken`
pub fn whole_move(words: &[Word]) -> Result<MoveSpec, std::ops::Range<usize>> {
    // `Springer zieht nach f3`, `I play e4`: a verb says nothing the move does not.
    if words.iter().any(|w| w.meaning.has(flag::VERB)) && words.len() > 1 {
        let kept: Vec<Word> = words.iter().filter(|w| !w.meaning.has(flag::VERB)).cloned().collect();
        if !kept.is_empty() {
            return whole_move(&kept);
        }
    }
    // `trade queens`, `ich tausche die Damen`, `výmena dám`: a piece takes one of its kind.
    if words.iter().any(|w| w.meaning.has(flag::EXCHANGE)) {
        return exchange(words);
    }
    // `mate`, `matt`, `šach mat` alone: the move that mates (a question when several do).
    if !words.is_empty() && words.iter().all(|w| w.meaning.has(flag::MATE)) {
        return Ok(MoveSpec { mating: true, ..MoveSpec::default() });
    }
    // `pešiak berie mimochodom na f6`, `pawn takes en passant on f6`: the en passant word said
    // before the square says what it says after it.
    let en_passant = |w: &Word| w.meaning.has(flag::EN_PASSANT);
    let before_the_end =
        words.iter().rposition(|w| !en_passant(w)).is_some_and(|last| words[..last].iter().any(en_passant));
    if before_the_end {
        let (said, rest): (Vec<Word>, Vec<Word>) = words.iter().cloned().partition(|w| en_passant(w));
        return whole_move(&[rest, said].concat());
    }
    // `black castles short`, `weiß e4`: the side said must be the side to move (the game checks).
    if let [first, rest @ ..] = words {
        if let (Some(side), false) = (first.meaning.side, rest.is_empty()) {
            let shift = |r: std::ops::Range<usize>| r.start + 1..r.end + 1;
            return whole_move(rest).map(|spec| MoveSpec { side: Some(side), ..spec }).map_err(shift);
        }
    }
    let input = Words(words);
    for rule in [typed_word, named_typed_word, castling] {
        if let Ok((rest, spec)) = rule(input) {
            if rest.0.is_empty() {
                return Ok(spec);
            }
        }
    }
    match spoken(input) {
        Ok((rest, parts)) if rest.0.is_empty() => parts.spec().ok_or(0..words.len()),
        Ok((rest, _)) => {
            let at = words.len() - rest.0.len();
            Err(at..at + 1)
        }
        Err(_) => Err(0..1),
    }
}

/// `exchange ::= { exchange-word | piece-name | to-word } [ square ]`, one kind of piece named
/// (`trade queens`): that piece takes one of its kind, the game asks when several can; with a
/// square (`trade queens on d8`, `bishop e3 trading bishops`), the piece's move there.
fn exchange(words: &[Word]) -> Result<MoveSpec, std::ops::Range<usize>> {
    let (mut role, mut to) = (None, None);
    for (at, word) in words.iter().enumerate() {
        let m = &word.meaning;
        match (m.exchanged.or(m.piece), m.square) {
            (Some(named), _) if role.is_none_or(|r| r == named) && named != Role::King => role = Some(named),
            (None, Some(square)) if to.is_none() => to = Some(square),
            _ if m.has(flag::EXCHANGE | flag::TO) && m.exchanged.is_none() => {}
            _ => return Err(at..at + 1),
        }
    }
    let role = role.ok_or(0..words.len())?;
    // A square said is where the piece goes ("bishop e3 trading bishops" offers the trade, Be3);
    // without one, it takes one of its kind.
    Ok(match to {
        Some(to) => MoveSpec { pieces: vec![role], to: Some(to), ..MoveSpec::default() },
        None => MoveSpec { pieces: vec![role], capture: true, captured: Some(role), ..MoveSpec::default() },
    })
}

/// `suffix ::= check-word | mate-word | en-passant-word`: whether en passant was said (check and
/// mate say nothing the move does not).
fn suffixes(i: Words<'_>) -> Res<'_, bool> {
    let en_passant = one(|m| m.has(flag::CHECK | flag::MATE | flag::EN_PASSANT).then(|| m.has(flag::EN_PASSANT)));
    many0(en_passant).map(|said: Vec<bool>| said.contains(&true)).parse(i)
}

/// `typed-word ::= a word in notation (Nf3, e2e4, O-O)`, then `{ suffix }`
fn typed_word(i: Words<'_>) -> Res<'_, MoveSpec> {
    let (i, spec) = one(|m| m.typed.clone())(i)?;
    let (i, en_passant) = suffixes(i)?;
    Ok((i, MoveSpec { en_passant: spec.en_passant || en_passant, ..spec }))
}

/// `piece-name typed-word { suffix }`, the move written with both its squares (`knight g1f3`,
/// `Springer g1-f3`, `pawn e2-e4`): the piece said is the piece that must move.
fn named_typed_word(i: Words<'_>) -> Res<'_, MoveSpec> {
    let (i, role) = piece(i)?;
    let (rest, mut spec) = typed_word(i)?;
    if spec.from().is_none() || !(spec.pieces.is_empty() || spec.pieces.contains(&role)) {
        return Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Verify)));
    }
    spec.pieces = vec![role];
    Ok((rest, spec))
}

/// `castling ::= castle-short | castle-long | castle-word side | side castle-word`, then
/// `{ suffix }` (`Kurze Rochade`, `Rochade kurz`, `castle kingside`, `krátku rošádu`).
fn castling(i: Words<'_>) -> Res<'_, MoveSpec> {
    let side = || {
        let short = flagged(flag::SHORT | flag::SIDE_SHORT).map(|()| CastlingSide::KingSide);
        let long = flagged(flag::LONG | flag::SIDE_LONG).map(|()| CastlingSide::QueenSide);
        alt((short, long))
    };
    let whole = alt((
        flagged(flag::SHORT).map(|()| CastlingSide::KingSide),
        flagged(flag::LONG).map(|()| CastlingSide::QueenSide),
    ));
    let word_first = preceded(flagged(flag::CASTLE), side());
    let side_first = (side(), flagged(flag::CASTLE)).map(|(side, ())| side);
    let sided = alt((word_first, side_first, whole, side())).map(MoveSpec::castle);
    // `castles`, `Rochade` alone: whichever castling is legal (a question when both are).
    let either = flagged(flag::CASTLE).map(|()| MoveSpec::castling());
    // `to długa roszada` (Polish `to`, "it is", also the English `to`): a lead-in word.
    let (i, _) = opt(flagged(flag::FILLER | flag::TO)).parse(i)?;
    let (i, spec) = alt((sided, either)).parse(i)?;
    let (i, _) = suffixes(i)?;
    Ok((i, spec))
}

/// Where the piece comes from, as said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Square(Square),
    File(File),
    Rank(Rank),
}

/// The parts of a spoken move, each optional; [`Parts::spec`] decides what they make together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Parts {
    piece: Option<Role>,
    from_word: bool,
    origin: Option<Origin>,
    /// A capture word (`true`) or a to-word (`false`).
    link: Option<bool>,
    target: Option<Square>,
    /// The piece taken, named after a capture word instead of a square (`takes knight`).
    captured: Option<Role>,
    promotion: Option<Role>,
    en_passant: bool,
}

/// `spoken ::= [ capture-word ] [ with-word ] [ piece ] [ from-word ] [ origin ] [ capture-word [ to-word ] | to-word ]
/// [ square | piece ] [ promotion ] { suffix }`
///
/// A capture word before the piece is the capture it makes (`beru jezdcem na d4`, `biję skoczkiem
/// na d4`); a piece after a capture word, with no square, is the piece taken, and so is a piece
/// said right after another that is not a pawn (`knight queen`).
fn spoken(i: Words<'_>) -> Res<'_, Parts> {
    let with_piece = || preceded(opt(flagged(flag::WITH)), piece);
    let link = || {
        let capture = (flagged(flag::CAPTURE), opt(flagged(flag::TO))).map(|_| true);
        alt((capture, flagged(flag::TO).map(|()| false)))
    };
    // The piece that captures, then where: else the piece after the capture word is the one taken
    // (`takes knight`).
    let then_square = (with_piece(), opt(flagged(flag::FROM)), opt(origin), opt(link()), opt(square))
        .map(|(_, _, origin, _, target)| target.is_some() || matches!(origin, Some(Origin::Square(_))));
    let (i, lead) = opt(terminated(flagged(flag::CAPTURE), peek(verify(then_square, |square| *square)))).parse(i)?;
    let (i, piece) = opt(with_piece()).parse(i)?;
    let (i, from_word) = opt(flagged(flag::FROM)).parse(i)?;
    let (i, origin) = opt(origin).parse(i)?;
    // `the a1 rook to d1`, `e pawn takes d5`: the piece after where it stands, when a target follows
    // (else `b8 queen` is a promotion).
    let (i, piece) = match (piece, origin) {
        (None, Some(_)) => {
            opt(terminated(self::piece, peek(alt((link().map(|_| ()), square.map(|_| ())))))).parse(i)?
        }
        _ => (i, piece),
    };
    let (i, link) = opt(link()).parse(i)?;
    let (i, target) = opt(square).parse(i)?;
    let named_after = piece.is_some_and(|p| p != Role::Pawn) && origin.is_none() && from_word.is_none();
    let (i, captured) = match (link.or(lead.map(|()| true)), target) {
        (Some(true), None) => opt(self::piece).parse(i)?,
        (None, None) if named_after => opt(one(|m| m.piece.filter(|_| !m.has(flag::PROMOTION)))).parse(i)?,
        _ => (i, None),
    };
    // `bishop takes the knight on f6`, `Dame schlägt Bauer f7`: the piece taken, then its square.
    let (i, target) = match (captured, target) {
        (Some(_), None) => opt(preceded(opt(flagged(flag::TO)), square)).parse(i)?,
        _ => (i, target),
    };
    // `beru jezdcem d4`: the lone square after a capture said first is where it captures.
    let (origin, target) = match (lead, origin, link, target) {
        (Some(()), Some(Origin::Square(s)), None, None) => (None, Some(s)),
        _ => (origin, target),
    };
    let link = if lead.is_some() || captured.is_some() { Some(true) } else { link };
    let (i, promotion) = opt(promotion).parse(i)?;
    // `take on d4 with the rook`, `e4 with the pawn`: the piece said last.
    let (i, piece) = match (piece, target.or(origin_square(origin))) {
        (None, Some(_)) => opt(preceded(flagged(flag::WITH), self::piece)).parse(i)?,
        _ => (i, piece),
    };
    let (i, en_passant) = suffixes(i)?;
    Ok((i, Parts { piece, from_word: from_word.is_some(), origin, link, target, captured, promotion, en_passant }))
}

fn origin_square(origin: Option<Origin>) -> Option<Square> {
    match origin {
        Some(Origin::Square(s)) => Some(s),
        _ => None,
    }
}

/// `piece ::= piece-name`
fn piece(i: Words<'_>) -> Res<'_, Role> {
    one(|m| m.piece)(i)
}

/// `origin ::= square | file | rank` (a rank only when the word is not also `to`, `for`...).
fn origin(i: Words<'_>) -> Res<'_, Origin> {
    let lone_rank = one(|m| m.rank.filter(|_| !m.has(flag::TO | flag::CAPTURE | flag::FROM)));
    alt((square.map(Origin::Square), file.map(Origin::File), lone_rank.map(Origin::Rank))).parse(i)
}

/// `promotion ::= [ [ and-word ] promotion-word ] piece-name` (`Dame`, `wird Dame`, `promotes to
/// queen`, `= Q`, `a mení sa na dámu`)
fn promotion(i: Words<'_>) -> Res<'_, Role> {
    let role = || one(|m| m.piece.filter(|r| !matches!(r, Role::King | Role::Pawn)));
    let word = (opt(flagged(flag::AND)), flagged(flag::PROMOTION));
    alt((preceded(word, role()), role())).parse(i)
}

impl Parts {
    /// The move these parts describe, or a part of one that answers a question; `None` when they do
    /// not fit together (a rank alone, a `to` with nothing after it, nothing at all).
    fn spec(&self) -> Option<MoveSpec> {
        let mut origin = self.origin;
        let mut target = self.target;
        let mut link = self.link;
        // `pawn takes en passant`, `bicie w przelocie`: the en passant capture, square or not.
        if self.en_passant && target.is_none() {
            link = Some(true);
        }
        // `b8 na dámu`, `to a queen`: a to-word before the new piece belongs to the promotion.
        if link == Some(false) && target.is_none() && self.promotion.is_some() {
            link = None;
        }
        // `Springer Felix drei`: a lone square is where the piece goes, unless `von` was said.
        if let (Some(Origin::Square(s)), None, None, false) = (origin, link, target, self.from_word) {
            origin = None;
            target = Some(s);
        }
        let mut spec = MoveSpec {
            captured: self.captured,
            promotion: self.promotion,
            capture: link == Some(true),
            en_passant: self.en_passant,
            ..MoveSpec::default()
        };
        // `bishop takes knight`, `knight takes`, `e takes`, `takes`: a capture with no square, the
        // one that fits or a question (the pawns of a file said alone).
        // `pešiak g7 berie vežu`, `pawn g2 takes rook`: from that square, the piece named taken.
        let from_square = matches!(origin, Some(Origin::Square(_)));
        if link == Some(true) && target.is_none() && (!from_square || self.captured.is_some()) {
            match origin {
                Some(Origin::File(f)) => spec.from_file = Some(f),
                Some(Origin::Rank(r)) => spec.from_rank = Some(r),
                Some(Origin::Square(s)) => {
                    spec.from_file = Some(s.file());
                    spec.from_rank = Some(s.rank());
                }
                None => {}
            }
            spec.pieces = match (self.piece, origin) {
                (Some(piece), _) => vec![piece],
                (None, Some(Origin::File(_) | Origin::Square(_))) => vec![Role::Pawn],
                (None, _) if self.en_passant => vec![Role::Pawn],
                (None, _) => Vec::new(),
            };
            return Some(spec);
        }
        match origin {
            Some(Origin::Square(s)) => {
                spec.from_file = Some(s.file());
                spec.from_rank = Some(s.rank());
            }
            Some(Origin::File(f)) => spec.from_file = Some(f),
            Some(Origin::Rank(r)) => spec.from_rank = Some(r),
            None => {}
        }
        match target {
            Some(to) => {
                spec.to = Some(to);
                spec.pieces = match (self.piece, origin, link) {
                    (Some(piece), _, _) => vec![piece],
                    (None, Some(Origin::Square(_)), _) => Vec::new(),
                    // `takes on e5` names no piece: whichever captures there (asked if several).
                    (None, None, Some(true)) => Vec::new(),
                    (None, _, _) => vec![Role::Pawn],
                };
            }
            // Answers: `Dame`, `Bella`, `von Bella eins`, `Umwandlung in Dame`.
            None => {
                if link.is_some() || matches!(origin, Some(Origin::Rank(_))) {
                    return None;
                }
                if self.piece.is_none() && origin.is_none() && self.promotion.is_none() {
                    return None;
                }
                spec.pieces = self.piece.into_iter().collect();
            }
        }
        Some(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::lexicon::Lexicon;
    use crate::Vocabulary;

    fn spec(
        pieces: &[Role],
        from: (Option<File>, Option<Rank>),
        to: Option<Square>,
        promotion: Option<Role>,
    ) -> MoveSpec {
        MoveSpec { pieces: pieces.to_vec(), from_file: from.0, from_rank: from.1, to, promotion, ..MoveSpec::default() }
    }

    #[test]
    fn spoken_moves_and_answers() {
        use Role::*;
        let lex = Lexicon::new(&Vocabulary::german());
        let none = (None, None);
        let capture = |mut s: MoveSpec| {
            s.capture = true;
            s
        };
        let table = [
            ("Springer Felix drei", spec(&[Knight], none, Some(Square::F3), None)),
            (
                "Springer Gustav eins Felix drei",
                spec(&[Knight], (Some(File::G), Some(Rank::First)), Some(Square::F3), None),
            ),
            ("knight to f three", spec(&[Knight], none, Some(Square::F3), None)),
            ("Eva vier", spec(&[Pawn], none, Some(Square::E4), None)),
            ("Eva zwei Eva vier", spec(&[], (Some(File::E), Some(Rank::Second)), Some(Square::E4), None)),
            ("e to e four", spec(&[], (Some(File::E), Some(Rank::Second)), Some(Square::E4), None)),
            ("Bauer Eva schlägt David fünf", capture(spec(&[Pawn], (Some(File::E), None), Some(Square::D5), None))),
            ("e takes d five", capture(spec(&[Pawn], (Some(File::E), None), Some(Square::D5), None))),
            ("Eva acht Dame", spec(&[Pawn], none, Some(Square::E8), Some(Queen))),
            ("Eva acht wird Dame", spec(&[Pawn], none, Some(Square::E8), Some(Queen))),
            (
                "pawn e7 e8 promotes to queen",
                spec(&[Pawn], (Some(File::E), Some(Rank::Seventh)), Some(Square::E8), Some(Queen)),
            ),
            ("Turm eins Delta eins", spec(&[Rook], (None, Some(Rank::First)), Some(Square::D1), None)),
            ("Dame", spec(&[Queen], none, None, None)),
            ("Bella", spec(&[], (Some(File::B), None), None, None)),
            ("Bella eins", spec(&[Pawn], none, Some(Square::B1), None)),
            ("von Bella eins", spec(&[], (Some(File::B), Some(Rank::First)), None, None)),
            ("Umwandlung in Dame", spec(&[], none, None, Some(Queen))),
            ("Kurze Rochade", MoveSpec::castle(CastlingSide::KingSide)),
            ("lange Rochade Schach", MoveSpec::castle(CastlingSide::QueenSide)),
            ("Sf3 Schach", spec(&[Knight], none, Some(Square::F3), None)),
        ];
        for (text, mut expected) in table {
            let words = lex.words(text);
            let found = whole_move(&words);
            if let Ok(found) = &found {
                // The letter S means what every language says it means; only the first matters here.
                if found.pieces.len() > 1 {
                    expected.pieces = found.pieces.clone();
                    assert_eq!(found.pieces[0], Knight, "{text}");
                }
            }
            assert_eq!(found, Ok(expected), "{text}");
        }
    }

    #[test]
    fn what_does_not_fit_is_pointed_at() {
        let lex = Lexicon::new(&Vocabulary::german());
        let table = [
            ("Springer drei", 0..2),
            ("Springer nach", 0..2),
            ("eins", 0..1),
            ("Felix drei Springer Springer", 3..4),
            ("nach nach", 1..2),
            ("Schach", 0..1),
        ];
        for (text, expected) in table {
            assert_eq!(whole_move(&lex.words(text)), Err(expected), "{text}");
        }
    }
}
