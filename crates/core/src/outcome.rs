//! How a game ends, and the article of the FIDE Laws of Chess (2018) that decides it.

use shakmaty::Color;

/// Why a game ended. Every reason names the article that decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    Checkmate,
    Resignation,
    /// 2023 5.1.2: a resignation when the opponent cannot checkmate by any series of legal moves.
    ResignationCannotMate,
    Stalemate,
    DeadPosition,
    Agreement,
    /// A claim with the move declared: the position was about to appear a third time (2018
    /// 9.2.1.1; 2023 9.2.1).
    ThreefoldRepetitionDeclared,
    /// A claim when the position had just appeared a third time (2018 9.2.1.2; 2023 9.2.2).
    ThreefoldRepetition,
    FiftyMoves,
    FivefoldRepetition,
    SeventyFiveMoves,
    /// The flag fell and the opponent could still mate.
    Time,
    /// The flag fell but the opponent cannot mate by any series of legal moves.
    TimeCannotMate,
    /// A second completed illegal move.
    IllegalMoves,
    /// A second completed illegal move, but the opponent cannot mate.
    IllegalMovesCannotMate,
    /// The sealed move was ambiguous or illegal (Guideline I.8).
    SealedMove,
    /// An illegal move that stood left an illegal position, still on the board after the next
    /// move (a pawn on its last or first rank, A.4.4).
    IllegalPosition,
    /// Played on a server (lichess): the opponent left the game and the win (or a draw) was
    /// claimed there. The server's rule, not FIDE's.
    OpponentLeft,
    /// Played on a server: the game was aborted there before it really began; it has no result.
    Aborted,
    /// Played on a server: ended there in a way the server does not name further (a draw it
    /// declared, a cheat detected).
    ServerDecision,
    /// Played on a server: a player did not make a first move in time (lichess's `noStart` with a
    /// winner, in a tournament or a challenge with a clock); the other wins. The server's rule.
    NoStart,
}

impl Reason {
    /// The article of the FIDE Laws of Chess (2018) that decides this ending.
    pub const fn article(self) -> &'static str {
        match self {
            Reason::Checkmate => "5.1.1",
            Reason::Resignation | Reason::ResignationCannotMate => "5.1.2",
            Reason::Stalemate => "5.2.1",
            Reason::DeadPosition => "5.2.2",
            Reason::Agreement => "5.2.3",
            Reason::ThreefoldRepetitionDeclared => "9.2.1.1",
            Reason::ThreefoldRepetition => "9.2.1.2",
            Reason::FiftyMoves => "9.3",
            Reason::FivefoldRepetition => "9.6.1",
            Reason::SeventyFiveMoves => "9.6.2",
            Reason::Time | Reason::TimeCannotMate => "6.9",
            Reason::IllegalMoves | Reason::IllegalMovesCannotMate => "7.5.5",
            Reason::SealedMove => "I.8",
            Reason::IllegalPosition => "A.4.4",
            // The server's rules decide these, not an article of the Laws.
            Reason::OpponentLeft | Reason::Aborted | Reason::ServerDecision | Reason::NoStart => "",
        }
    }

    /// A stable identifier, used as the key of the reason's words in `grammar/`.
    pub const fn key(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Resignation => "resignation",
            Reason::ResignationCannotMate => "resignation_cannot_mate",
            Reason::Stalemate => "stalemate",
            Reason::DeadPosition => "dead_position",
            Reason::Agreement => "agreement",
            Reason::ThreefoldRepetitionDeclared => "threefold_repetition_declared",
            Reason::ThreefoldRepetition => "threefold_repetition",
            Reason::FiftyMoves => "fifty_moves",
            Reason::FivefoldRepetition => "fivefold_repetition",
            Reason::SeventyFiveMoves => "seventy_five_moves",
            Reason::Time => "time",
            Reason::TimeCannotMate => "time_cannot_mate",
            Reason::IllegalMoves => "illegal_moves",
            Reason::IllegalMovesCannotMate => "illegal_moves_cannot_mate",
            Reason::SealedMove => "sealed_move",
            Reason::IllegalPosition => "illegal_position",
            Reason::OpponentLeft => "opponent_left",
            Reason::Aborted => "aborted",
            Reason::ServerDecision => "server_decision",
            Reason::NoStart => "no_start",
        }
    }

    /// The reason of a [`key`](Self::key).
    pub fn from_key(key: &str) -> Option<Reason> {
        ALL.into_iter().find(|reason| reason.key() == key)
    }

    /// Whether a server decided the ending by its own rules (no article of the Laws names it).
    pub const fn is_server_rule(self) -> bool {
        self.article().is_empty()
    }
}

const ALL: [Reason; 21] = [
    Reason::Checkmate,
    Reason::Resignation,
    Reason::ResignationCannotMate,
    Reason::Stalemate,
    Reason::DeadPosition,
    Reason::Agreement,
    Reason::ThreefoldRepetitionDeclared,
    Reason::ThreefoldRepetition,
    Reason::FiftyMoves,
    Reason::FivefoldRepetition,
    Reason::SeventyFiveMoves,
    Reason::Time,
    Reason::TimeCannotMate,
    Reason::IllegalMoves,
    Reason::IllegalMovesCannotMate,
    Reason::SealedMove,
    Reason::IllegalPosition,
    Reason::OpponentLeft,
    Reason::Aborted,
    Reason::ServerDecision,
    Reason::NoStart,
];

/// The end of a game: who won (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Outcome {
    pub const fn win(winner: Color, reason: Reason) -> Outcome {
        Outcome { winner: Some(winner), reason }
    }

    pub const fn draw(reason: Reason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// The result as written in PGN: `1-0`, `0-1` or `1/2-1/2` (FIDE 10.1); `*` for a game
    /// aborted on a server, which has none.
    pub const fn result(self) -> &'static str {
        if matches!(self.reason, Reason::Aborted) {
            return "*";
        }
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_written_as_in_pgn() {
        assert_eq!(Outcome::win(Color::White, Reason::Checkmate).result(), "1-0");
        assert_eq!(Outcome::win(Color::Black, Reason::Time).result(), "0-1");
        assert_eq!(Outcome::draw(Reason::FivefoldRepetition).result(), "1/2-1/2");
        assert_eq!(Reason::FivefoldRepetition.article(), "9.6.1");
        assert_eq!(Outcome::draw(Reason::Aborted).result(), "*");
    }

    #[test]
    fn every_reason_is_read_back_from_its_key() {
        for reason in ALL {
            assert_eq!(Reason::from_key(reason.key()), Some(reason));
        }
        assert_eq!(Reason::from_key("nonsense"), None);
    }
}
