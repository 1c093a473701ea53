//! Positions as text: FEN, X-FEN and Shredder-FEN in, with a clear sentence for what is wrong.

use std::fmt;

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{CastlingMode, Chess, PositionErrorKinds};

/// A FEN that could not be read, or that describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not FEN.
    Syntax(ParseFenError),
    /// The text is FEN, but the position it describes is not legal.
    Illegal(PositionErrorKinds),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("That is not a valid FEN: ")?;
        match self {
            FenError::Syntax(error) => f.write_str(match error {
                ParseFenError::InvalidBoard => "the piece placement cannot be read",
                ParseFenError::InvalidTurn => "the side to move must be w or b",
                ParseFenError::InvalidCastling => "the castling field cannot be read",
                ParseFenError::InvalidEpSquare => "the en passant field cannot be read",
                ParseFenError::InvalidHalfmoveClock => "the halfmove clock cannot be read",
                ParseFenError::InvalidFullmoves => "the move number cannot be read",
                _ => "it does not have the shape of a FEN",
            })?,
            FenError::Illegal(kinds) => {
                let reasons = [
                    (PositionErrorKinds::EMPTY_BOARD, "the board is empty"),
                    (PositionErrorKinds::MISSING_KING, "a king is missing"),
                    (PositionErrorKinds::TOO_MANY_KINGS, "a side has more than one king"),
                    (PositionErrorKinds::PAWNS_ON_BACKRANK, "a pawn stands on the first or last rank"),
                    (PositionErrorKinds::INVALID_CASTLING_RIGHTS, "the castling rights do not fit the kings and rooks"),
                    (PositionErrorKinds::INVALID_EP_SQUARE, "the en passant square does not fit the pawns"),
                    (PositionErrorKinds::OPPOSITE_CHECK, "the side that has just moved is in check"),
                    (PositionErrorKinds::IMPOSSIBLE_CHECK, "the check on the board cannot arise in a game"),
                    (PositionErrorKinds::TOO_MUCH_MATERIAL, "there are more pieces than a game can have"),
                ];
                let found: Vec<&str> =
                    reasons.iter().filter(|(kind, _)| kinds.contains(*kind)).map(|&(_, text)| text).collect();
                if found.is_empty() {
                    f.write_str("the position is not legal")?;
                } else {
                    f.write_str(&found.join(", and "))?;
                }
            }
        }
        f.write_str(".")
    }
}

impl std::error::Error for FenError {}

/// Reads a position from standard FEN, X-FEN or Shredder-FEN. The halfmove clock and move number
/// may be left out. Chess960 castling (Annex II) is chosen when the castling rights need it.
pub fn parse_fen(text: &str) -> Result<Chess, FenError> {
    let text = text.trim();
    let fen = Fen::from_ascii(text.as_bytes()).map_err(FenError::Syntax)?;
    // Shredder-FEN names the rooks by file letter: that is Chess960 even on the standard setup.
    let shredder = text
        .split([' ', '_'])
        .filter(|part| !part.is_empty())
        .nth(2)
        .is_some_and(|rights| rights.chars().any(|c| !"KQkq-".contains(c)));
    let mode = if shredder { CastlingMode::Chess960 } else { CastlingMode::detect(fen.as_setup()) };
    fen.into_position(mode).map_err(|error| FenError::Illegal(error.kinds()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn reads_fen_x_fen_and_shredder_fen() {
        let standard = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(standard.castles().mode(), CastlingMode::Standard);
        let shredder = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert_eq!(shredder.castles().mode(), CastlingMode::Chess960);
        let x_fen = parse_fen("bbqnrknr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKNR w KQkq - 0 1").unwrap();
        assert_eq!(x_fen.castles().mode(), CastlingMode::Chess960);
        assert!(parse_fen("4k3/8/8/8/8/8/8/4K3 w - -").is_ok());
    }

    #[test]
    fn says_what_is_wrong() {
        assert_eq!(
            parse_fen("8/8/8/8 w - -").unwrap_err().to_string(),
            "That is not a valid FEN: the piece placement cannot be read."
        );
        assert_eq!(
            parse_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap_err().to_string(),
            "That is not a valid FEN: a king is missing."
        );
    }

    #[test]
    fn bad_fens_are_errors_with_sentences() {
        for bad in [
            "",
            "hello",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            "\u{1F600}",
            "8/8/8/8/8/8/8/8/8/k/K w - -",
            "k7/8/8/8/8/8/8/7K w - - x 1",
        ] {
            let error = parse_fen(bad).expect_err(bad);
            let text = error.to_string();
            assert!(text.starts_with("That is not a valid FEN: "), "{text}");
            assert!(text.ends_with('.'), "{text}");
        }
        assert_eq!(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").map(|_| ()), Ok(()));
    }
}
