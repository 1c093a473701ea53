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

impl FenError {
    /// What is wrong, as keys of the `[fen]` table of `grammar/` (`fen.board`, `fen.missing_king`):
    /// one for a text that is not FEN, each thing wrong for an impossible position.
    pub fn keys(&self) -> Vec<&'static str> {
        match self {
            FenError::Syntax(error) => vec![match error {
                ParseFenError::InvalidBoard => "fen.board",
                ParseFenError::InvalidTurn => "fen.turn",
                ParseFenError::InvalidCastling => "fen.castling",
                ParseFenError::InvalidEpSquare => "fen.en_passant",
                ParseFenError::InvalidHalfmoveClock => "fen.halfmoves",
                ParseFenError::InvalidFullmoves => "fen.fullmoves",
                _ => "fen.shape",
            }],
            FenError::Illegal(kinds) => {
                let reasons = [
                    (PositionErrorKinds::EMPTY_BOARD, "fen.empty_board"),
                    (PositionErrorKinds::MISSING_KING, "fen.missing_king"),
                    (PositionErrorKinds::TOO_MANY_KINGS, "fen.too_many_kings"),
                    (PositionErrorKinds::PAWNS_ON_BACKRANK, "fen.pawns_on_backrank"),
                    (PositionErrorKinds::INVALID_CASTLING_RIGHTS, "fen.castling_rights"),
                    (PositionErrorKinds::INVALID_EP_SQUARE, "fen.en_passant_square"),
                    (PositionErrorKinds::OPPOSITE_CHECK, "fen.opposite_check"),
                    (PositionErrorKinds::IMPOSSIBLE_CHECK, "fen.impossible_check"),
                    (PositionErrorKinds::TOO_MUCH_MATERIAL, "fen.too_much_material"),
                ];
                let found: Vec<&str> =
                    reasons.iter().filter(|(kind, _)| kinds.contains(*kind)).map(|&(_, key)| key).collect();
                if found.is_empty() {
                    vec!["fen.not_legal"]
                } else {
                    found
                }
            }
        }
    }
}

/// For the log: the player hears the words of [`FenError::keys`] in the game's language.
impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a valid FEN: {}", self.keys().join(", "))
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
        assert_eq!(parse_fen("8/8/8/8 w - -").unwrap_err().keys(), ["fen.board"]);
        assert_eq!(parse_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap_err().keys(), ["fen.missing_king"]);
        assert_eq!(parse_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err().keys(), ["fen.empty_board", "fen.missing_king"]);
    }

    #[test]
    fn bad_fens_are_errors_with_their_reasons() {
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
            assert!(!error.keys().is_empty() && error.keys().iter().all(|k| k.starts_with("fen.")), "{error}");
        }
        assert_eq!(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").map(|_| ()), Ok(()));
    }
}
