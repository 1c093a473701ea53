//! Keeping the physical peg board and the game in step (FIDE Annex D.2, article 4). Pure: board
//! events and the game in, commands for the session, requests for the board and sentences out.
//!
//! The mirror keeps its own model of the 64 holes (which are occupied, and which piece stands in
//! each as far as it can tell), updated by lifts, places and whole-board snapshots, and compares it
//! with the game:
//!
//! - While the board shows the game, a lift by the player having the move is a touch (D.2.2, 4.3):
//!   each square lifted becomes a [`Command::Touch`] once, in order, so that 4.3-4.4 weigh them
//!   all (the king and then a rook oblige castling; a piece that cannot move and then a knight
//!   oblige the knight). Lifts and places that together make a legal move
//!   (D.2.3) become [`Command::Move`]: plain moves, captures in either order, castling with king or
//!   rook first (the rook's move waits for [`Mirror::settle`] or the next event, since it may yet
//!   become castling), en passant, and promotion (the session asks which piece: an occupancy-only
//!   board cannot tell). A piece put back on its square is a touch only. A physical move that is
//!   not legal is said as such, the board is sent [`HostCommand::Invalid`] and the repair begins.
//! - A move made in the game that the board does not show yet is sent as [`HostCommand::ShowMove`]
//!   and said; the lifts and places that carry it out are not touches; when the board matches,
//!   Anna says so and sends [`HostCommand::Clear`].
//! - Whenever the board and the game differ in any other way (a knocked-over piece, a wrong move, a
//!   reconnection), the repair [`Step`]s are said one at a time until they agree (D.2.9), then Anna
//!   says so. [`Mirror::restore`] leads the board back to the last position both agreed on and then
//!   shows the game's moves from there.
//!
//! How the runtime drives it: every [`BoardEvent`] goes to [`Mirror::board`]; after every input the
//! session handled (including the commands the mirror gave it) call [`Mirror::sync`]; after about a
//! second without board events, and before handing the session any other input (a clock press, a
//! spoken command), call [`Mirror::settle`]. Each returns [`MirrorOut`]s, to be carried
//! out in order: an `Act` is handed to the session (and then `sync` called), a `Send` goes to the
//! board, a `Say` is spoken.

use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, Chess, Color, Move, Piece, Position, Square};

use super::{BoardEvent, Cell, HostCommand, Snapshot};
use anna_core::command::Command;
use anna_core::message::{Arg, Played, Priority, Sentence, Utterance};
use anna_core::rules::{Game, MoveError, MoveSpec};

/// What the mirror asks of the world, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MirrorOut {
    /// A command for the session, by this side (the player having the move).
    Act(Option<Color>, Command),
    /// A request for the board.
    Send(HostCommand),
    /// A sentence to speak.
    Say(Utterance),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// The board showed the game when the player having the move began (or nothing happened).
    Idle,
    /// A move was handed to the session and is not in the game yet; `promotion` when the session
    /// asks which piece.
    Proposed { promotion: bool, to: Square },
    /// A rook (or king) move that may still become castling.
    Deferred(Move),
    /// The board is to carry out the game's move; the position after it.
    Showing(Move, Box<Chess>),
    /// Repair steps lead the board to `target`; the step last said.
    Repairing { target: Box<Chess>, said: Option<Step> },
}

/// The physical board as Anna knows it, and what it waits for.
#[derive(Clone, Debug)]
pub struct Mirror {
    /// The side that plays on the board; `None` when both do. The other side's moves are shown.
    board_side: Option<Color>,
    occupied: Bitboard,
    /// The piece in each occupied hole, as far as known (followed from lift to place).
    belief: [Option<Piece>; 64],
    /// Holes whose piece the board itself reported (a board that knows its pieces).
    sensed: Bitboard,
    /// Pieces lifted and not yet put down, the last lifted last.
    hand: Vec<Piece>,
    /// Holes lifted since the board last agreed with the game.
    lifted: Bitboard,
    /// The squares touched (lifted) in the turn of the game with this many plies: each is a touch
    /// once, in order (4.3-4.4 apply to the whole list).
    touched: (usize, Bitboard),
    agreed: Chess,
    /// The game as last seen: its number of plies and position.
    seen: (usize, Chess),
    state: State,
    /// A board event that came after a deferred move and belongs to the position after it.
    replay: Option<BoardEvent>,
}

impl Mirror {
    /// A mirror of a board that holds the game's position; `board_side` plays on the board (`None`:
    /// both sides do).
    pub fn new(game: &Game, board_side: Option<Color>) -> Mirror {
        let pos = game.position().clone();
        let mut mirror = Mirror {
            board_side,
            occupied: Bitboard::EMPTY,
            belief: [None; 64],
            sensed: Bitboard::EMPTY,
            hand: Vec::new(),
            lifted: Bitboard::EMPTY,
            touched: (usize::MAX, Bitboard::EMPTY),
            agreed: pos.clone(),
            seen: (game.plies().len(), pos.clone()),
            state: State::Idle,
            replay: None,
        };
        mirror.agree(&pos);
        mirror
    }

    /// Who plays on the board from now on (the player's side changed): `None` for both sides.
    pub fn set_board_side(&mut self, board_side: Option<Color>) {
        self.board_side = board_side;
    }

    /// The last position the board and the game agreed on.
    pub fn agreed(&self) -> &Chess {
        &self.agreed
    }

    /// Whether the board is known to show `pos` (occupancy, and the pieces the board reports).
    pub fn shows(&self, pos: &Chess) -> bool {
        self.occupied == pos.board().occupied()
            && self.sensed.into_iter().all(|s| self.belief[usize::from(s)] == pos.board().piece_at(s))
    }

    /// A report of the board.
    pub fn board(&mut self, event: &BoardEvent, game: &Game) -> Vec<MirrorOut> {
        let mut out = Vec::new();
        let square = match event {
            BoardEvent::Hello { .. } => {
                out.push(MirrorOut::Send(HostCommand::Query));
                return out;
            }
            BoardEvent::Ack(_) | BoardEvent::Clock(_) => return out,
            BoardEvent::Board(snapshot) => {
                self.apply_snapshot(snapshot);
                self.state = State::Idle;
                self.replay = None;
                self.reconcile(game, &mut out, true);
                return out;
            }
            BoardEvent::Lifted(s) | BoardEvent::Placed(s) => *s,
        };
        let (want, colour) = match &self.state {
            State::Showing(_, after) => (after.board().piece_at(square), None),
            State::Repairing { target, .. } => (target.board().piece_at(square), None),
            _ => (None, Some(game.turn())),
        };
        if !self.apply(event, want, colour) {
            // The board says something the model cannot follow: read the whole board.
            out.push(MirrorOut::Send(HostCommand::Query));
            return out;
        }
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Idle => self.attempt(event, game, &mut out),
            State::Deferred(mv) => self.deferred(mv, event, game, &mut out),
            // Still waiting for the answer to "which piece?": the board is read afresh (a new
            // piece put on the promotion square proposes the promotion again).
            State::Proposed { .. } => self.attempt(event, game, &mut out),
            State::Showing(mv, after) => self.showing(mv, *after, event, game, &mut out),
            State::Repairing { target, said } => self.repairing(*target, said, event, game, &mut out),
        }
        out
    }

    /// Call after every input the session handled: notices moves made in the game (to show them)
    /// and moves the session did not accept (to undo them on the board).
    pub fn sync(&mut self, game: &Game) -> Vec<MirrorOut> {
        let mut out = Vec::new();
        let now = (game.plies().len(), game.position().clone());
        if now == self.seen {
            if let State::Proposed { promotion: false, to } = self.state {
                // Refused (touch-move, D.2.8): the board goes back to the game.
                out.push(MirrorOut::Send(HostCommand::Invalid(to)));
                self.repair(game.position().clone(), &mut out);
            }
            return out;
        }
        self.seen = now;
        let announce = matches!(self.state, State::Showing(..) | State::Repairing { .. });
        let showing = match &self.state {
            State::Showing(mv, _) => Some((*mv, self.agreed.clone())),
            _ => None,
        };
        if let Some(event) = self.replay.take() {
            if self.shows_after_undoing(&event, game.position()) {
                self.agree(game.position());
                let _ = self.apply(&event, None, Some(game.turn()));
                self.state = State::Idle;
                self.attempt(&event, game, &mut out);
                return out;
            }
        }
        self.state = State::Idle;
        self.reconcile(game, &mut out, announce);
        // Still the same move to carry out (the game went on meanwhile): it was shown and said.
        if let (Some((mv, before)), State::Showing(now, _)) = (showing, &self.state) {
            if mv == *now && before == self.agreed {
                out.clear();
            }
        }
        out
    }

    /// Call when the board has been quiet for a while: a rook move that might still have become
    /// castling is made now.
    pub fn settle(&mut self, game: &Game) -> Vec<MirrorOut> {
        let mut out = Vec::new();
        if let State::Deferred(mv) = self.state {
            self.replay = None;
            self.propose(game, &[mv], &mut out);
        }
        out
    }

    /// Leads the board back to the last position both agreed on, one step at a time, then shows
    /// the game's moves from there.
    pub fn restore(&mut self, game: &Game) -> Vec<MirrorOut> {
        let mut out = Vec::new();
        self.replay = None;
        if self.hand.is_empty() && self.shows(&self.agreed.clone()) {
            self.state = State::Idle;
            self.reconcile(game, &mut out, true);
            return out;
        }
        out.push(MirrorOut::Say(Utterance::new(Priority::Info, Sentence::BoardRestore)));
        self.repair(self.agreed.clone(), &mut out);
        out
    }

    /// The model follows one lift or place; `false` when the board cannot be right (a lift from an
    /// empty hole, a place into a full one).
    fn apply(&mut self, event: &BoardEvent, want: Option<Piece>, colour: Option<Color>) -> bool {
        match *event {
            BoardEvent::Lifted(s) => {
                if !self.occupied.contains(s) {
                    return false;
                }
                self.occupied.discard(s);
                self.sensed.discard(s);
                self.lifted.add(s);
                if let Some(piece) = self.belief[usize::from(s)].take() {
                    self.hand.push(piece);
                }
                true
            }
            BoardEvent::Placed(s) => {
                if self.occupied.contains(s) {
                    return false;
                }
                self.occupied.add(s);
                // The piece in hand that belongs there, else the last lifted of the side moving.
                let index = want
                    .and_then(|w| self.hand.iter().rposition(|p| *p == w))
                    .or_else(|| colour.and_then(|c| self.hand.iter().rposition(|p| p.color == c)))
                    .or_else(|| self.hand.len().checked_sub(1));
                self.belief[usize::from(s)] = index.map(|i| self.hand.remove(i));
                true
            }
            _ => true,
        }
    }

    fn apply_snapshot(&mut self, snapshot: &Snapshot) {
        let (old, old_belief) = (self.occupied, self.belief);
        self.occupied = Bitboard::EMPTY;
        self.sensed = Bitboard::EMPTY;
        for s in Square::ALL {
            let i = usize::from(s);
            self.belief[i] = match snapshot.get(s) {
                Cell::Empty => None,
                // A peg where one stood before is taken to be the same piece.
                Cell::Occupied => old_belief[i].filter(|_| old.contains(s)),
                Cell::Piece(p) => {
                    self.sensed.add(s);
                    Some(p)
                }
            };
            if snapshot.get(s) != Cell::Empty {
                self.occupied.add(s);
            }
        }
        // One piece gone and one appeared: the same piece, moved while nobody listened.
        let gone = old & !self.occupied;
        let new = self.occupied & !old & !self.sensed;
        if let (Some(from), Some(to), 1, 1) = (gone.first(), new.first(), gone.count(), new.count()) {
            self.belief[usize::from(to)] = old_belief[usize::from(from)];
        }
        self.hand.clear();
        self.lifted = Bitboard::EMPTY;
    }

    /// The board and the game agree on `pos`.
    fn agree(&mut self, pos: &Chess) {
        self.agreed = pos.clone();
        self.occupied = pos.board().occupied();
        for s in Square::ALL {
            self.belief[usize::from(s)] = pos.board().piece_at(s);
        }
        self.sensed = Bitboard::EMPTY;
        self.hand.clear();
        self.lifted = Bitboard::EMPTY;
        self.state = State::Idle;
    }

    /// After the board or the game changed: agree, show the next move of the game, or repair.
    fn reconcile(&mut self, game: &Game, out: &mut Vec<MirrorOut>, announce: bool) {
        let pos = game.position();
        if self.shows(pos) {
            if announce {
                out.push(MirrorOut::Say(Utterance::new(Priority::Info, Sentence::BoardMatches)));
                out.push(MirrorOut::Send(HostCommand::Clear));
            }
            self.agree(pos);
            return;
        }
        // The board shows an earlier position of the game: its moves are shown from there.
        if let Some(ply) = game.plies().iter().rev().find(|ply| self.shows(&ply.before)) {
            let (before, mv, san) = (ply.before.clone(), ply.mv, ply.san);
            self.agree(&before);
            let after = ply.after();
            out.push(MirrorOut::Send(show_command(&before, mv)));
            let played = Played { san, mv };
            out.push(MirrorOut::Say(
                Utterance::new(Priority::Move, Sentence::BoardShow).arg("move", Arg::MoveLong(played)),
            ));
            self.state = State::Showing(mv, Box::new(after));
            return;
        }
        // Back to the last agreed position when that is nearer, and the game's moves from there.
        let agreed_in_game = game.plies().iter().any(|ply| ply.before == self.agreed);
        let target = if agreed_in_game && self.steps(&self.agreed).len() < self.steps(pos).len() {
            self.agreed.clone()
        } else {
            pos.clone()
        };
        self.repair(target, out);
    }

    /// The board reached `target`: the game's position (said), or an earlier one whose moves
    /// are shown from there.
    fn finish(&mut self, target: Chess, game: &Game, out: &mut Vec<MirrorOut>) {
        let announce = self.shows(game.position());
        self.agree(&target);
        self.reconcile(game, out, announce);
    }

    fn repair(&mut self, target: Chess, out: &mut Vec<MirrorOut>) {
        let said = self.steps(&target).first().copied();
        if let Some(step) = said {
            out.push(MirrorOut::Say(step.utterance()));
        }
        self.state = State::Repairing { target: Box::new(target), said };
    }

    /// A lift or place by the player having the move, from a board that showed the game.
    fn attempt(&mut self, event: &BoardEvent, game: &Game, out: &mut Vec<MirrorOut>) {
        let pos = game.position().clone();
        let side = pos.turn();
        if pos.legal_moves().is_empty() {
            // Mate or stalemate: the pieces are the players' again, nothing is a touch or a move.
            return;
        }
        if self.board_side.is_some_and(|c| c != side) {
            // Not a move of someone on the board: a knocked-over piece, or a hand in the wrong place,
            // put right by whoever displaced it (7.4).
            out.push(MirrorOut::Say(Utterance::new(Priority::Info, Sentence::BoardDiffers)));
            return self.repair(pos, out);
        }
        if self.shows(&pos) {
            // Put back where it stood: a touch only (4.3), the obligation stays.
            self.lifted = Bitboard::EMPTY;
            self.hand.clear();
            return;
        }
        self.touches(event, game, out);
        let found = self.completed(&pos, event);
        if let Some(&first) = found.first() {
            if found.len() == 1 && self.may_become_castling(&pos) {
                self.state = State::Deferred(first);
                return;
            }
            return self.propose(game, &found, out);
        }
        if let BoardEvent::Placed(s) = *event {
            if !self.on_the_way(&pos) {
                self.illegal(game, s, out);
            }
        }
    }

    /// A move that might have been castling waits for the next event.
    fn deferred(&mut self, mv: Move, event: &BoardEvent, game: &Game, out: &mut Vec<MirrorOut>) {
        let pos = game.position().clone();
        let castling: Vec<Move> = self.completed(&pos, event).into_iter().filter(|m| m.is_castle()).collect();
        if !castling.is_empty() {
            return self.propose(game, &castling, out);
        }
        if self.may_become_castling(&pos) {
            self.state = State::Deferred(mv);
            return;
        }
        // Something else: the move stands, and this event belongs to the position after it.
        self.replay = Some(event.clone());
        self.propose(game, &[mv], out);
    }

    fn propose(&mut self, game: &Game, found: &[Move], out: &mut Vec<MirrorOut>) {
        let mv = found[0];
        let promotion = found.len() > 1;
        let spec = match game.uci(mv) {
            UciMove::Normal { from, to, promotion: p } => MoveSpec::squares(from, to, if promotion { None } else { p }),
            _ => return,
        };
        out.push(MirrorOut::Act(Some(game.turn()), Command::Move(spec)));
        self.state = State::Proposed { promotion, to: mv.to() };
    }

    /// A physical move that is not legal: said (by the session when it is one piece from one square
    /// to another, with the reason), marked on the board, and repaired.
    fn illegal(&mut self, game: &Game, placed: Square, out: &mut Vec<MirrorOut>) {
        let pos = game.position();
        let vacated = pos.board().occupied() & !self.occupied;
        let filled = self.occupied & !pos.board().occupied();
        let simple = match (vacated.first(), vacated.count(), filled.count()) {
            (Some(from), 1, 1) if filled.contains(placed) => Some(from),
            _ => None,
        };
        let uci = |from| UciMove::Normal { from, to: placed, promotion: None };
        match simple {
            Some(from) if matches!(game.resolve_uci(&uci(from)), Err(MoveError::Illegal(_))) => {
                out.push(MirrorOut::Act(Some(game.turn()), Command::Move(MoveSpec::squares(from, placed, None))));
            }
            _ => out.push(MirrorOut::Say(Utterance::new(Priority::Urgent, Sentence::BoardIllegal))),
        }
        out.push(MirrorOut::Send(HostCommand::Invalid(placed)));
        self.repair(pos.clone(), out);
    }

    fn showing(&mut self, mv: Move, after: Chess, event: &BoardEvent, game: &Game, out: &mut Vec<MirrorOut>) {
        if self.shows(&after) {
            return self.finish(after, game, out);
        }
        let before = self.agreed.clone();
        let changed = self.occupied ^ before.board().occupied();
        if changed.is_subset(touched_squares(&before, mv)) && self.sensed.is_empty() {
            self.state = State::Showing(mv, Box::new(after));
            return;
        }
        if let BoardEvent::Placed(s) = *event {
            out.push(MirrorOut::Send(HostCommand::Invalid(s)));
        }
        self.repair(after, out);
    }

    fn repairing(
        &mut self,
        target: Chess,
        said: Option<Step>,
        event: &BoardEvent,
        game: &Game,
        out: &mut Vec<MirrorOut>,
    ) {
        if self.shows(&target) {
            return self.finish(target, game, out);
        }
        // Instead of putting it back, the player made a legal move from the game's position.
        if let (true, BoardEvent::Placed(_)) = (target == *game.position(), event) {
            let found = self.completed(&target, event);
            if !found.is_empty() {
                out.push(MirrorOut::Send(HostCommand::Clear));
                return self.propose(game, &found, out);
            }
        }
        // Halfway through the step said: the piece to move is in the hand.
        if let (Some(Step::Move { from, .. }), BoardEvent::Lifted(s)) = (said, event) {
            if from == *s {
                self.state = State::Repairing { target: Box::new(target), said };
                return;
            }
        }
        let next = self.steps(&target).first().copied();
        let placed = matches!(event, BoardEvent::Placed(_));
        if next != said || placed {
            if let Some(step) = next {
                out.push(MirrorOut::Say(step.utterance()));
            }
        }
        self.state = State::Repairing { target: Box::new(target), said: next };
    }

    /// The legal moves the board now shows, completed by this event: a place (or the removal of
    /// the pawn taken en passant), every lifted hole belonging to the move or put back, and for a
    /// capture the captured piece lifted.
    fn completed(&self, pos: &Chess, event: &BoardEvent) -> Vec<Move> {
        let (square, lifting) = match *event {
            BoardEvent::Lifted(s) => (s, true),
            BoardEvent::Placed(s) => (s, false),
            _ => return Vec::new(),
        };
        let found: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let squares = touched_squares(pos, *m);
                squares.contains(square)
                    && (!lifting || m.is_en_passant())
                    && occupied_after(pos, *m) == self.occupied
                    && (!m.is_capture() || m.is_en_passant() || self.lifted.contains(m.to()))
                    && self.only_lifted_within(pos, squares)
            })
            .collect();
        // Several moves that share the squares are promotions; otherwise prefer the one whose every
        // lifted hole belongs to it (castling in Chess960 may look like a rook move).
        let strict: Vec<Move> =
            found.iter().copied().filter(|m| self.lifted.is_subset(touched_squares(pos, *m))).collect();
        let found = if strict.is_empty() { found } else { strict };
        match found.first() {
            Some(first) if found.iter().all(|m| m.from() == first.from() && m.to() == first.to()) => found,
            Some(first) => vec![*first],
            None => found,
        }
    }

    /// Every hole lifted since the board agreed is one of `squares` or holds its piece again.
    fn only_lifted_within(&self, pos: &Chess, squares: Bitboard) -> bool {
        let back = !(self.occupied ^ pos.board().occupied());
        self.lifted.into_iter().all(|l| squares.contains(l) || back.contains(l))
    }

    /// The board differs from `pos` only on the squares of some legal move: a move in progress.
    fn on_the_way(&self, pos: &Chess) -> bool {
        let changed = self.occupied ^ pos.board().occupied();
        pos.legal_moves().into_iter().any(|m| {
            let squares = touched_squares(pos, m);
            changed.is_subset(squares) && self.only_lifted_within(pos, squares)
        })
    }

    /// The changes so far are a strict part of a legal castling (a rook moved first).
    fn may_become_castling(&self, pos: &Chess) -> bool {
        let vacated = pos.board().occupied() & !self.occupied;
        let filled = self.occupied & !pos.board().occupied();
        pos.legal_moves().into_iter().filter(|m| m.is_castle()).any(|c| {
            let after = occupied_after(pos, c);
            let (c_vacated, c_filled) = (pos.board().occupied() & !after, after & !pos.board().occupied());
            vacated.is_subset(c_vacated) && filled.is_subset(c_filled) && (vacated, filled) != (c_vacated, c_filled)
        })
    }

    /// Whether the board, without this last event, showed `pos`.
    fn shows_after_undoing(&self, event: &BoardEvent, pos: &Chess) -> bool {
        let mut occupied = self.occupied;
        match *event {
            BoardEvent::Lifted(s) => occupied.add(s),
            BoardEvent::Placed(s) => occupied.discard(s),
            _ => {}
        }
        occupied == pos.board().occupied()
    }
}

/// The holes a move touches: from and to, the pawn taken en passant, the rook of a castling.
fn touched_squares(pos: &Chess, mv: Move) -> Bitboard {
    match mv {
        Move::Normal { from, to, .. } => Bitboard::from(from) | to,
        Move::EnPassant { from, to } => Bitboard::from(from) | to | Square::from_coords(to.file(), from.rank()),
        Move::Castle { king, rook } => {
            let side = mv.castling_side().unwrap_or(shakmaty::CastlingSide::KingSide);
            Bitboard::from(king) | rook | side.king_to(pos.turn()) | side.rook_to(pos.turn())
        }
        Move::Put { to, .. } => Bitboard::from(to),
    }
}

fn occupied_after(pos: &Chess, mv: Move) -> Bitboard {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    after.board().occupied()
}

mod show;
mod steps;
mod touch;
pub use show::command_text;
pub(crate) use show::{show_command, turned_command};
pub use steps::{steps, Step};

#[cfg(test)]
mod tests;
