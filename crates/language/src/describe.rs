//! The board in words: pieces with their colour and squares with what stands on them, as a player
//! exploring the position hears them (`Eva vier, weißer Bauer`).

use shakmaty::{Chess, Color, Piece, Position, Square};

use crate::announce::fill;
use crate::Voice;

/// A piece with its colour: `weißer Bauer`.
pub fn piece(voice: &Voice, piece: Piece) -> String {
    let color = match piece.color {
        Color::White => "white",
        Color::Black => "black",
    };
    let role = crate::announce::role_key(piece.role);
    voice.vocab.word_owned(&format!("board.{color}_{role}"))
}

/// A square and what stands on it: `Eva vier, weißer Bauer` or `Eva fünf, leer`.
pub fn square(voice: &Voice, position: &Chess, square: Square) -> String {
    let what = match position.board().piece_at(square) {
        Some(p) => piece(voice, p),
        None => voice.vocab.word_owned("board.empty"),
    };
    fill(voice.vocab.word("board.square"), &[("square", voice.square(square)), ("what", what)])
}

/// Whether a square is light or dark, in words.
pub fn shade(voice: &Voice, square: Square) -> String {
    voice.vocab.word_owned(if square.is_light() { "board.light" } else { "board.dark" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveForm, SquareStyle, Vocabulary};

    #[test]
    fn squares_are_said_with_their_piece_in_every_language() {
        let start = Chess::default();
        let de = Voice::new(Vocabulary::german(), SquareStyle::AnnexD, MoveForm::Short);
        assert_eq!(square(&de, &start, Square::E2), "Eva zwei, weißer Bauer");
        assert_eq!(square(&de, &start, Square::D8), "David acht, schwarze Dame");
        assert_eq!(square(&de, &start, Square::E4), "Eva vier, leer");
        assert_eq!(shade(&de, Square::A1), "dunkles Feld");
        let sk = Voice::new(Vocabulary::get("sk").unwrap(), SquareStyle::Anna, MoveForm::Short);
        assert_eq!(square(&sk, &start, Square::G8), "Gustav osem, čierny jazdec");
        for code in Vocabulary::codes() {
            let v = Voice::new(Vocabulary::get(code).unwrap(), SquareStyle::AnnexD, MoveForm::Short);
            for sq in Square::ALL {
                assert!(!square(&v, &start, sq).contains("board."), "{code}: {sq}");
            }
        }
    }
}
