//! A question about the board in the journal: `explore square e4`, `explore pieces white N`.

use shakmaty::{File, Rank};

use super::{bad, one_char, side, side_name, single_role, split, square, CodecError, Res};
use anna_core::explore::{Filter, Query};

pub(super) fn query_text(query: &Query) -> String {
    let filter = |f: &Filter| {
        let side = f.side.map_or("-", side_name);
        let role = f.role.map_or_else(|| "-".to_string(), |r| r.upper_char().to_string());
        format!("{side} {role}")
    };
    match query {
        Query::Board => "board".into(),
        Query::Pieces(f) => format!("pieces {}", filter(f)),
        Query::Where(f) => format!("where {}", filter(f)),
        Query::Rank(r) => format!("rank {}", r.char()),
        Query::File(f) => format!("file {}", f.char()),
        // The rest by name, with their square when they take one.
        other => match other.square() {
            Some(square) => format!("{} {square}", other.name()),
            None => other.name().into(),
        },
    }
}

pub(super) fn query(text: &str) -> Res<Query> {
    let (word, rest) = split(text);
    let filter = |text: &str| -> Res<Filter> {
        let (s, r) = split(text);
        Ok(Filter {
            side: if s == "-" { None } else { Some(side(s)?) },
            role: if r == "-" { None } else { Some(single_role(r)?) },
        })
    };
    match word {
        "board" if rest.is_empty() => Ok(Query::Board),
        "pieces" => Ok(Query::Pieces(filter(rest)?)),
        "where" => Ok(Query::Where(filter(rest)?)),
        "rank" => Rank::from_char(one_char(rest)?).map(Query::Rank).ok_or_else(|| CodecError("not a rank".into())),
        "file" => File::from_char(one_char(rest)?).map(Query::File).ok_or_else(|| CodecError("not a file".into())),
        "square" => Ok(Query::Square(square(rest)?)),
        "moves" => Ok(Query::Moves(square(rest)?)),
        "attackers" => Ok(Query::Attackers(square(rest)?)),
        "defenders" => Ok(Query::Defenders(square(rest)?)),
        "hanging" if rest.is_empty() => Ok(Query::Hanging),
        "material" if rest.is_empty() => Ok(Query::Material),
        "fen" if rest.is_empty() => Ok(Query::Fen),
        "rays" => Ok(Query::Rays(square(rest)?)),
        "pawns" if rest.is_empty() => Ok(Query::Pawns),
        "threats" if rest.is_empty() => Ok(Query::Threats),
        _ => bad(format!("'{text}' is not a question about the board")),
    }
}
