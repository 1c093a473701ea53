//! Touches on the peg board (D.2.2 with 4.3-4.4 and 4.7): every piece of the game lifted by the
//! player having the move is a touch, once and in order, so that the session weighs them all; the
//! king let go on its castling square binds castling on that side (4.7.2).

use shakmaty::{Bitboard, File, Piece, Position, Role};

use super::{Mirror, MirrorOut};
use crate::BoardEvent;
use anna_core::command::Command;
use anna_core::rules::Game;

impl Mirror {
    /// What `event` (a lift or a place by the player having the move, on a board that showed the
    /// game) touched or released.
    pub(super) fn touches(&mut self, event: &BoardEvent, game: &Game, out: &mut Vec<MirrorOut>) {
        let pos = game.position();
        let side = pos.turn();
        let plies = game.plies().len();
        match *event {
            BoardEvent::Lifted(s) => {
                if self.touched.0 != plies {
                    self.touched = (plies, Bitboard::EMPTY);
                }
                // A piece the game has there (not one put down on the way in this move).
                if !self.touched.1.contains(s) && pos.board().color_at(s).is_some() {
                    self.touched.1.add(s);
                    out.push(MirrorOut::Act(Some(side), Command::Touch(s)));
                }
            }
            BoardEvent::Placed(s) => {
                let king = pos.board().king_of(side);
                let on_castling_square =
                    king.is_some_and(|k| k.rank() == s.rank() && k != s) && [File::C, File::G].contains(&s.file());
                if on_castling_square && self.belief[usize::from(s)] == Some(Piece { color: side, role: Role::King }) {
                    out.push(MirrorOut::Act(Some(side), Command::Release(s)));
                }
            }
            _ => {}
        }
    }
}
