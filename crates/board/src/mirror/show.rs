//! What the board is asked to show: the opponent's move as a request, and requests as the short
//! text transcripts print (`show e1g1 rook h1f1`).

use shakmaty::{Chess, Move, Position, Square};

use crate::HostCommand;

/// The board's request to show `mv`, played in `before`.
pub(crate) fn show_command(before: &Chess, mv: Move) -> HostCommand {
    match mv {
        Move::Castle { king, rook } => {
            let side = mv.castling_side().unwrap_or(shakmaty::CastlingSide::KingSide);
            let color = before.turn();
            HostCommand::ShowMove {
                from: king,
                to: side.king_to(color),
                captured: None,
                rook: Some((rook, side.rook_to(color))),
            }
        }
        Move::EnPassant { from, to } => {
            HostCommand::ShowMove { from, to, captured: Some(Square::from_coords(to.file(), from.rank())), rook: None }
        }
        _ => HostCommand::ShowMove {
            from: mv.from().unwrap_or(mv.to()),
            to: mv.to(),
            captured: mv.is_capture().then_some(mv.to()),
            rook: None,
        },
    }
}

/// The same request for a board that stands the other way round: every square turned.
pub(crate) fn turned_command(command: HostCommand) -> HostCommand {
    let turn = crate::turned_square;
    match command {
        HostCommand::ShowMove { from, to, captured, rook } => HostCommand::ShowMove {
            from: turn(from),
            to: turn(to),
            captured: captured.map(turn),
            rook: rook.map(|(a, b)| (turn(a), turn(b))),
        },
        HostCommand::Invalid(s) => HostCommand::Invalid(turn(s)),
        other => other,
    }
}

/// A short text of a request to the board, for transcripts: `show e7e5`, `show e1g1 rook h1f1`,
/// `show e5d6 captured d5`, `invalid e5`, `clear`, `query`.
pub fn command_text(command: &HostCommand) -> String {
    match command {
        HostCommand::Hello { version } => format!("hello {version}"),
        HostCommand::ShowMove { from, to, captured, rook } => {
            let mut text = format!("show {from}{to}");
            if let Some(c) = captured {
                text.push_str(&format!(" captured {c}"));
            }
            if let Some((a, b)) = rook {
                text.push_str(&format!(" rook {a}{b}"));
            }
            text
        }
        HostCommand::Invalid(s) => format!("invalid {s}"),
        HostCommand::Clear => "clear".to_string(),
        HostCommand::Query => "query".to_string(),
    }
}
