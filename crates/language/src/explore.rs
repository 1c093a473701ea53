//! The board explored in words: the arguments of the `explore_*` sentences (pieces by kind with their
//! squares, a rank or file scanned, attackers and defenders, the moves of a piece), built from the
//! `[board]` words of `grammar/` and [`describe`].

use shakmaty::{Color, Piece, Role, Square};

use crate::announce::fill;
use crate::{describe, Voice};
use anna_core::explore::{Group, Imbalance, Pawns, Ray, Stretch, Threats};
use anna_core::message::Arg;

/// The words of an exploration argument; `None` for any other argument.
pub fn argument(voice: &Voice, arg: &Arg) -> Option<String> {
    Some(match arg {
        Arg::Kinds(groups) => groups_words(voice, groups, false),
        Arg::Groups(groups) => groups_words(voice, groups, true),
        Arg::Differ(groups) if groups.is_empty() => String::new(),
        Arg::Differ(kinds) => {
            let kinds: Vec<String> = kinds.iter().map(|kind| imbalance_words(voice, kind)).collect();
            fill(
                voice.vocab.word("board.material_differ"),
                &[("pieces", kinds.join(voice.vocab.word("board.separator")))],
            )
        }
        Arg::Line(line) => line_words(voice, line),
        Arg::Placed(list) if list.is_empty() => voice.vocab.word_owned("board.none"),
        Arg::Placed(list) => list
            .iter()
            .map(|(square, piece)| format!("{} {}", describe::piece(voice, *piece), voice.square(*square)))
            .collect::<Vec<_>>()
            .join(voice.vocab.word("list.separator")),
        Arg::Rays(rays) => rays_words(voice, rays),
        Arg::Pawns(pawns) => pawns_words(voice, pawns),
        Arg::Threats(threats) => threats_words(voice, threats),
        Arg::Occupant(Some(piece)) => describe::piece(voice, *piece),
        Arg::Occupant(None) => voice.vocab.word_owned("board.empty"),
        Arg::Shade(square) => describe::shade(voice, *square),
        Arg::MoveOptions(moves) => voice.list(moves.iter().map(|m| voice.move_words(m)).collect()),
        _ => return None,
    })
}

/// `towards rank 8: 2 free squares, then black pawn Eva sieben; ...`: each line from a square, the
/// direction in words (never by its end square, so that every square heard is one a piece is on).
fn rays_words(voice: &Voice, rays: &[Ray]) -> String {
    let v = &voice.vocab;
    rays.iter()
        .map(|ray| {
            let direction = v.word_owned(&format!("board.{}", ray.direction.key()));
            let free = crate::announce::counted(u64::from(ray.free), "free_squares", v);
            let piece =
                ray.first.map(|(square, piece)| format!("{} {}", describe::piece(voice, piece), voice.square(square)));
            let (key, piece) = match (ray.free, piece) {
                (0, Some(piece)) => ("board.ray_next", piece),
                (_, Some(piece)) => ("board.ray_then", piece),
                (0, None) => ("board.ray_edge", String::new()),
                (_, None) => ("board.ray_free", String::new()),
            };
            fill(v.word(key), &[("direction", direction), ("free", free), ("piece", piece)])
        })
        .collect::<Vec<_>>()
        .join(v.word("board.separator"))
}

/// `Knight Felix drei, check; attacks black queen David acht; if White moved again: Knight takes
/// David acht, ...`: the last move, what it attacks that it did not before, and what its side
/// would take or check if it had the move again.
fn threats_words(voice: &Voice, threats: &Threats) -> String {
    let v = &voice.vocab;
    let placed = |list: &[(Square, Piece)]| {
        list.iter()
            .map(|(square, piece)| format!("{} {}", describe::piece(voice, *piece), voice.square(*square)))
            .collect::<Vec<_>>()
            .join(v.word("list.separator"))
    };
    // The move's own words say its check or mate.
    let mut parts = vec![voice.move_words(&threats.last)];
    parts.push(if threats.attacked.is_empty() {
        v.word_owned("board.threats_attacks_none")
    } else {
        fill(v.word("board.threats_attacks"), &[("pieces", placed(&threats.attacked))])
    });
    if !threats.check {
        let side = crate::announce::side(threats.side, v);
        parts.push(if threats.again.is_empty() {
            fill(v.word("board.threats_again_none"), &[("side", side)])
        } else {
            let moves = voice.list(threats.again.iter().map(|m| voice.move_words(m)).collect());
            fill(v.word("board.threats_again"), &[("side", side), ("moves", moves)])
        });
    }
    parts.join(v.word("board.separator"))
}

/// `Anna zwei, Bella zwei, ...; passed: David fünf; isolated: Anna zwei`: one side's pawns, then
/// those of each kind there are (none said when there are none).
fn pawns_words(voice: &Voice, pawns: &Pawns) -> String {
    let v = &voice.vocab;
    let list = |squares: &[Square]| {
        squares.iter().map(|s| voice.square(*s)).collect::<Vec<_>>().join(v.word("list.separator"))
    };
    if pawns.squares.is_empty() {
        return v.word_owned("board.none");
    }
    let mut parts = vec![list(&pawns.squares)];
    for (key, squares) in [("passed", &pawns.passed), ("doubled", &pawns.doubled), ("isolated", &pawns.isolated)] {
        if !squares.is_empty() {
            parts.push(fill(v.word(&format!("board.pawns_{key}")), &[("squares", list(squares))]));
        }
    }
    parts.join(v.word("board.separator"))
}

/// `white bishop Cesar vier` (only one side has bishops) or `pawns 8 against 7`.
fn imbalance_words(voice: &Voice, kind: &Imbalance) -> String {
    match kind {
        Imbalance::Only(group) => groups_words(voice, std::slice::from_ref(group), true),
        Imbalance::Counts { role, white, black } => {
            let plural = name(voice, Piece { color: Color::White, role: *role }, 3, false);
            // The plural heads a list elsewhere (`Pawns Anna zwei, ...`); inside a sentence it is
            // written as the language writes the piece's name (`pawns`, `Bauern`).
            let inside = describe::piece(voice, Piece { color: Color::White, role: *role });
            let lower = inside.split_whitespace().last().is_some_and(|noun| noun.starts_with(char::is_lowercase));
            let pieces = match plural.chars().next() {
                Some(first) if lower => first.to_lowercase().chain(plural.chars().skip(1)).collect(),
                _ => plural,
            };
            let counts = [("pieces", pieces), ("white", white.to_string()), ("black", black.to_string())];
            fill(voice.vocab.word("board.material_counts"), &counts)
        }
    }
}

/// `Rooks Anna eins, Hector eins; Knight Gustav eins` (with `coloured`: `white rooks ...`).
fn groups_words(voice: &Voice, groups: &[Group], coloured: bool) -> String {
    let separator = voice.vocab.word("list.separator");
    groups
        .iter()
        .map(|g| {
            let name = name(voice, g.piece, g.squares.len(), coloured);
            let squares: Vec<String> = g.squares.iter().map(|s| voice.square(*s)).collect();
            format!("{name} {}", squares.join(separator))
        })
        .collect::<Vec<_>>()
        .join(voice.vocab.word("board.separator"))
}

/// A piece's name, singular or plural, with or without its colour (`Turm`, `weiße Türme`).
/// A language with a dual (Slovenian) has `board.*_two` keys for exactly two pieces.
fn name(voice: &Voice, piece: Piece, count: usize, coloured: bool) -> String {
    match (count, coloured) {
        (1, true) => describe::piece(voice, piece),
        (1, false) => voice.vocab.piece(piece.role).to_string(),
        _ => {
            let colour = match (coloured, piece.color) {
                (false, _) => "",
                (true, Color::White) => "white_",
                (true, Color::Black) => "black_",
            };
            let key = format!("board.{colour}{}", plural_key(piece.role));
            let dual = format!("{key}_two");
            voice.vocab.word_owned(if count == 2 && voice.vocab.has(&dual) { &dual } else { &key })
        }
    }
}

/// The `[board]` key of several pieces of a kind (`rooks`).
pub fn plural_key(role: Role) -> &'static str {
    match role {
        Role::King => "kings",
        Role::Queen => "queens",
        Role::Rook => "rooks",
        Role::Bishop => "bishops",
        Role::Knight => "knights",
        Role::Pawn => "pawns",
    }
}

/// `Anna vier bis David vier leer; Eva vier, weißer Bauer; ...`
fn line_words(voice: &Voice, line: &[Stretch]) -> String {
    let v = &voice.vocab;
    line.iter()
        .map(|stretch| match *stretch {
            Stretch::Piece(square, piece) => fill(
                v.word("board.square"),
                &[("square", voice.square(square)), ("what", describe::piece(voice, piece))],
            ),
            Stretch::Empty(from, to) if from == to => {
                fill(v.word("board.square"), &[("square", voice.square(from)), ("what", v.word_owned("board.empty"))])
            }
            Stretch::Empty(from, to) => {
                fill(v.word("board.empty_run"), &[("from", voice.square(from)), ("to", voice.square(to))])
            }
        })
        .collect::<Vec<_>>()
        .join(v.word("board.separator"))
}

/// The sentence with its first letter a capital (`weiße Springer ...` begins a sentence).
pub fn capitalised(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveForm, SquareStyle, Vocabulary};
    use anna_core::explore::{answer, utterance, Filter, Query};
    use shakmaty::{Chess, File, Rank, Square};

    fn voice(code: &str) -> Voice {
        Voice::new(Vocabulary::get(code).unwrap(), SquareStyle::AnnexD, MoveForm::Short)
    }

    fn say(voice: &Voice, position: &Chess, query: Query) -> String {
        voice.render(&utterance(answer(position, query)))
    }

    #[test]
    fn every_query_is_said_in_every_language_without_a_missing_word() {
        let start = Chess::default();
        let queries = [
            Query::Board,
            Query::Pieces(Filter { side: Some(Color::Black), role: None }),
            Query::Pieces(Filter { side: None, role: Some(Role::Knight) }),
            Query::Where(Filter { side: Some(Color::White), role: Some(Role::Pawn) }),
            Query::Rank(Rank::Second),
            Query::File(File::E),
            Query::Square(Square::E2),
            Query::Square(Square::E4),
            Query::Square(Square::F3),
            Query::Moves(Square::G1),
            Query::Moves(Square::A1),
            Query::Moves(Square::E4),
        ];
        for code in Vocabulary::codes() {
            let v = voice(code);
            for query in queries {
                let said = say(&v, &start, query);
                assert!(!said.contains("board.") && !said.contains('{'), "{code}: {said}");
                assert!(said.chars().next().is_some_and(char::is_uppercase), "{code}: {said}");
            }
        }
    }

    #[test]
    fn english_and_german_answers() {
        let start = Chess::default();
        let en = Voice::english();
        let board = say(&en, &start, Query::Board);
        assert!(board.starts_with("White: King Eva eins; Queen David eins; Rooks Anna eins, Hector eins;"), "{board}");
        let knights = Query::Pieces(Filter { side: None, role: Some(Role::Knight) });
        assert_eq!(
            say(&en, &start, knights),
            "White knights Bella eins, Gustav eins; black knights Bella acht, Gustav acht."
        );
        let de = voice("de");
        assert_eq!(
            say(&de, &start, Query::Rank(Rank::Second)),
            "Anna zwei, weißer Bauer; Bella zwei, weißer Bauer; Cesar zwei, weißer Bauer; David zwei, weißer Bauer; \
             Eva zwei, weißer Bauer; Felix zwei, weißer Bauer; Gustav zwei, weißer Bauer; Hector zwei, weißer Bauer."
        );
        assert_eq!(
            say(&de, &start, Query::Moves(Square::G1)),
            "Gustav eins, weißer Springer: Springer Felix drei oder Springer Hector drei."
        );
        assert_eq!(
            say(&de, &start, Query::Where(Filter { side: Some(Color::Black), role: Some(Role::Queen) })),
            "Schwarze Dame David acht."
        );
    }
}
