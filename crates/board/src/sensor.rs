//! Keeping a sensor board (DGT, Millennium) and the game in step. Pure: whole-board snapshots and
//! the game in, commands for the session, requests for the board and sentences out.
//!
//! A sensor board has no pegs and no touch: D.2.2's touch rules belong to the peg board alone
//! (`mirror.rs`). It reports every change of every square, including the squares a sliding piece
//! passes and the moment between lifting a captured piece and putting the capturing one down. So
//! the mirror decides nothing while the board changes: it waits until the position has been still
//! for the debounce window ([`SensorMirror::deadline`]), then compares it with the game:
//!
//! - the game's position (or an earlier one of the game whose moves are still to be made on the
//!   board): nothing to do; a board that differed is said to match again;
//! - the game's position after one or more legal moves of the sides that play on this board (moves
//!   made faster than the board reports): the moves, in order, for the session;
//! - on the opponent's board (two boards, D.2.9): the position after a *different* move than the one
//!   the blind player announced: said at once, with the squares;
//! - a position on the way to a legal move (a piece in the hand, a king moved before its rook): more
//!   patience, then the difference is said;
//! - anything else (a knocked piece): the squares that differ, said once until it is put right.
//!
//! A board turned round (White at the far side) is recognised from the position and read so.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, Board, Chess, Color, Move, Piece, Position, Square};

use super::mirror::{show_command, steps, turned_command, MirrorOut};
use super::{BoardEvent, Cell, HostCommand, Snapshot};
use anna_core::command::Command;
use anna_core::message::{Arg, Played, Priority, Sentence, Utterance};
use anna_core::rules::{Game, MoveSpec};

/// How long the position must be still before it is read, when none is given.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// How long a position on the way to a move may stay before the difference is said.
pub const PATIENCE: Duration = Duration::from_secs(4);

/// How long a rook move that may still become castling waits for the king.
pub const CASTLING_WAIT: Duration = Duration::from_secs(1);

/// The most repair steps said one by one; more are said as a count.
const MAX_STEPS_SAID: usize = 4;

/// The most positions kept while the board changes.
const MAX_SEEN: usize = 256;

/// The most moves read from one still position (moves made faster than the board reports).
const MAX_FAST: usize = 3;

/// Whose board it is: the wording of a wrong execution depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The player's own board (or the only one): the other side's moves are shown to be made on it.
    Player,
    /// The sighted opponent's board beside the blind player's peg board (D.1, D.2.1): the blind
    /// player's moves are carried out on it by the opponent, and checked.
    Opponent,
}

/// What the still position is, compared with the game.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reading {
    /// The game's position.
    Current,
    /// The position after this many plies: the later moves are still to be made on the board.
    Behind(usize),
    /// The game's position after these moves.
    Ahead(Vec<Move>),
    /// The ply at this index of the game was carried out as another move.
    Wrong { ply: usize, made: Move },
    /// On the way to a legal move.
    OnTheWay { castling: bool },
    /// None of these.
    Differs,
}

/// A sensor board as Anna knows it.
#[derive(Clone, Debug)]
pub struct SensorMirror {
    /// The side whose moves are made on this board; `None` when both are.
    moving: Option<Color>,
    owner: Owner,
    debounce: Duration,
    /// Whether the board stands the other way round; `None` until the position tells.
    turned: Option<bool>,
    /// How the player said the board stands (`--board-turned`): read so first, and the
    /// orientation said only when the position shows the other one.
    expected_turned: bool,
    /// The position last reported, as the board sees it.
    latest: Option<Snapshot>,
    /// When the position last changed and nothing was decided since; and how long it must be still.
    changed: Option<(Duration, Duration)>,
    /// The number of plies of the game the board showed last.
    agreed: usize,
    /// The ply whose move the board was last asked to show.
    shown: Option<usize>,
    /// The position last said to differ, so it is said once.
    said: Option<Board>,
    /// The positions reported since the board last agreed with the game, as the board sees them:
    /// they tell the order of moves made faster than the debounce window.
    seen: Vec<Snapshot>,
    /// The last move read from this board that a later position contradicted, and the move the
    /// board shows instead: corrected once (the game refuses it after the press).
    corrected: Option<(usize, Move)>,
    /// The board came back or the player asked (`restore board`): the next reading is said even
    /// when the board matches the game.
    confirm: bool,
}

impl SensorMirror {
    pub fn new(game: &Game, moving: Option<Color>, owner: Owner, debounce: Duration) -> SensorMirror {
        SensorMirror {
            moving,
            owner,
            debounce,
            turned: None,
            expected_turned: false,
            latest: None,
            changed: None,
            agreed: game.plies().len(),
            shown: None,
            said: None,
            seen: Vec::new(),
            corrected: None,
            confirm: false,
        }
    }

    /// The link to the board was lost or made again: nothing it showed before counts. Its next
    /// position (the link asks for the whole board) is compared with the game as soon as it is
    /// still, whatever was played meanwhile, and said: the move to make on it, the repair steps,
    /// or that it matches.
    pub fn forget(&mut self) {
        self.latest = None;
        self.changed = None;
        self.shown = None;
        self.said = None;
        self.seen.clear();
        self.confirm = true;
    }

    /// `restore board`: the position last read, compared with the game again and said, even if
    /// said before. Nothing when the board has not reported a position yet.
    pub fn check(&mut self, game: &Game) -> Vec<MirrorOut> {
        self.shown = None;
        self.said = None;
        self.confirm = true;
        self.decide(game)
    }

    /// Who plays on the board from now on (the player's side changed).
    pub fn set_moving(&mut self, moving: Option<Color>) {
        self.moving = moving;
    }

    /// The player says how the board stands before it is read: turned round (h1 in the board's a8
    /// corner, as some boards are set up and some drivers read them) or not.
    pub fn expect_turned(&mut self, turned: bool) {
        self.expected_turned = turned;
    }

    /// The player says the board stands the other way round from what Anna thought.
    pub fn turn(&mut self, game: &Game) -> Vec<MirrorOut> {
        self.turned = Some(!self.turned.unwrap_or(false));
        self.said = None;
        self.decide(game)
    }

    /// When the position will have been still long enough to be read.
    pub fn deadline(&self) -> Option<Duration> {
        self.changed.map(|(at, wait)| at + wait)
    }

    /// A report of the board, at `now`. Snapshots are only kept here: they are read at the
    /// deadline, once the position is still.
    pub fn board(&mut self, event: &BoardEvent, now: Duration) {
        if let BoardEvent::Board(snapshot) = event {
            if self.latest.as_ref() != Some(snapshot) {
                self.latest = Some(*snapshot);
                // Bounded: the last positions are the ones that tell the order of the last moves.
                if self.seen.len() == MAX_SEEN {
                    self.seen.remove(0);
                }
                self.seen.push(*snapshot);
                self.changed = Some((now, self.debounce));
            }
        }
    }

    /// At `now`: when the position has been still long enough, what it means.
    pub fn settle(&mut self, game: &Game, now: Duration) -> Vec<MirrorOut> {
        match self.deadline() {
            Some(at) if now >= at => self.decide(game),
            _ => Vec::new(),
        }
    }

    /// Call after every input the session handled: a move made elsewhere (typed, said, on the peg
    /// board) is shown on this board, and a still position is read again against the new game.
    pub fn sync(&mut self, game: &Game) -> Vec<MirrorOut> {
        if self.changed.is_some() {
            return Vec::new();
        }
        self.decide(game)
    }

    /// The position as if the board stood the right way round, and whether it is known to.
    fn oriented(&self, snapshot: &Snapshot, turn: bool) -> Option<Board> {
        let snapshot = if turn { snapshot.turned() } else { *snapshot };
        let mut board = Board::empty();
        for square in Square::ALL {
            match snapshot.get(square) {
                Cell::Empty => {}
                Cell::Piece(piece) => board.set_piece_at(square, piece),
                // A sensor board knows its pieces.
                Cell::Occupied => return None,
            }
        }
        Some(board)
    }

    fn decide(&mut self, game: &Game) -> Vec<MirrorOut> {
        let mut out = Vec::new();
        let Some(snapshot) = self.latest else { return out };
        let plies = game.plies().len();
        // Said once, whatever the reading: a board that differs or is behind says so itself.
        let confirm = std::mem::take(&mut self.confirm);
        self.agreed = self.agreed.min(plies);
        let readings: Vec<(bool, Board, Reading)> = match self.turned {
            Some(turn) => vec![turn],
            None => vec![self.expected_turned, !self.expected_turned],
        }
        .into_iter()
        .filter_map(|turn| self.oriented(&snapshot, turn).map(|board| (turn, board)))
        .map(|(turn, board)| {
            let reading = self.read(game, &board, turn);
            (turn, board, reading)
        })
        .collect();
        // The way the player set unless only the other way makes sense.
        let Some((turn, board, reading)) =
            readings.iter().find(|(_, _, r)| !matches!(r, Reading::Differs)).or_else(|| readings.first()).cloned()
        else {
            return out;
        };
        if self.turned.is_none() && !matches!(reading, Reading::Differs) {
            if turn != self.expected_turned {
                let sentence = if turn { Sentence::BoardTurned } else { Sentence::BoardUpright };
                out.push(MirrorOut::Say(Utterance::new(Priority::Info, sentence)));
            }
            self.turned = Some(turn);
        }
        // A rook move that may still become castling waits for the king a little longer.
        let reading = match reading {
            Reading::Ahead(moves) if moves.len() == 1 && may_become_castling(game.position(), moves[0]) => {
                Reading::OnTheWay { castling: true }
            }
            reading => reading,
        };
        if !matches!(reading, Reading::OnTheWay { .. }) {
            self.changed = None;
        }
        match reading {
            Reading::Current => {
                self.agreed = plies;
                self.seen.clear();
                if self.said.take().is_some() || confirm {
                    out.push(MirrorOut::Say(Utterance::new(Priority::Info, Sentence::BoardMatches)));
                }
                if self.shown.take().is_some() {
                    out.push(MirrorOut::Send(HostCommand::Clear));
                }
            }
            Reading::Behind(ply) => {
                self.agreed = ply;
                if self.said.take().is_some() {
                    out.push(MirrorOut::Say(Utterance::new(Priority::Info, Sentence::BoardMatches)));
                }
                self.show(game, ply, &mut out);
            }
            Reading::Ahead(moves) => self.act(game, moves, &mut out),
            // The last move, read from this board, and the board now shows another move of the
            // same side (a slide read at a square it passed): it was this move, corrected while
            // it waits for its press (D.2.8 in the session); said as wrong if it cannot be.
            Reading::Wrong { ply, made }
                if ply + 1 == plies
                    && self.moving.is_none_or(|side| side == game.plies()[ply].before.turn())
                    && self.corrected != Some((ply, made)) =>
            {
                self.corrected = Some((ply, made));
                let side = game.plies()[ply].before.turn();
                if let UciMove::Normal { from, to, promotion } = game.uci(made) {
                    out.push(MirrorOut::Act(Some(side), Command::Move(MoveSpec::squares(from, to, promotion))));
                }
            }
            Reading::Wrong { ply, made } if self.said.as_ref() != Some(&board) => {
                self.said = Some(board);
                out.push(MirrorOut::Say(self.wrong(game, ply, made)));
            }
            Reading::OnTheWay { castling } => {
                let wait = if castling { CASTLING_WAIT } else { PATIENCE };
                match self.changed {
                    // Still after the longer wait: what it is, is what it is.
                    Some((_, waited)) if waited >= wait => {
                        self.changed = None;
                        match self.ahead(game.position(), &board, self.turned == Some(true)) {
                            Some(moves) => self.act(game, moves, &mut out),
                            None => self.differs(game, board, &mut out),
                        }
                    }
                    Some((at, _)) => self.changed = Some((at, wait)),
                    None => {}
                }
            }
            Reading::Wrong { .. } => {}
            Reading::Differs => self.differs(game, board, &mut out),
        }
        out
    }

    /// The moves read from the board, for the session, in order.
    fn act(&mut self, game: &Game, moves: Vec<Move>, out: &mut Vec<MirrorOut>) {
        self.seen.clear();
        let mut pos = game.position().clone();
        let count = moves.len();
        for (i, mv) in moves.into_iter().enumerate() {
            let UciMove::Normal { from, to, promotion } = game.uci(mv) else { break };
            let side = pos.turn();
            out.push(MirrorOut::Act(Some(side), Command::Move(MoveSpec::squares(from, to, promotion))));
            // The clock was pressed between moves made one after the other.
            if i + 1 < count {
                out.push(MirrorOut::Act(Some(side), Command::Press));
            }
            pos.play_unchecked(mv);
        }
        self.said = None;
    }

    /// The difference from the game, said once until it is put right: the steps that repair it.
    fn differs(&mut self, game: &Game, board: Board, out: &mut Vec<MirrorOut>) {
        if self.said.as_ref() == Some(&board) {
            return;
        }
        let target = game.position().board();
        let mut belief = [None; 64];
        for (square, piece) in board.clone() {
            belief[usize::from(square)] = Some(piece);
        }
        let steps = steps(board.occupied(), &belief, Bitboard::FULL, target);
        if steps.len() > MAX_STEPS_SAID {
            // A board being set up, or one read wrongly: the count, not a list to sit through.
            let n = u32::try_from(steps.len()).unwrap_or(u32::MAX);
            out.push(MirrorOut::Say(
                Utterance::new(Priority::Info, Sentence::BoardDiffersMany).arg("n", Arg::Number(n)),
            ));
        } else {
            out.push(MirrorOut::Say(Utterance::new(Priority::Urgent, Sentence::BoardDiffers)));
            out.extend(steps.into_iter().map(|step| MirrorOut::Say(step.utterance())));
        }
        self.said = Some(board);
    }

    /// Asks the board to show the move of ply `ply`, once.
    fn show(&mut self, game: &Game, ply: usize, out: &mut Vec<MirrorOut>) {
        if self.shown == Some(ply) {
            return;
        }
        let Some(record) = game.plies().get(ply) else { return };
        self.shown = Some(ply);
        let command = show_command(&record.before, record.mv);
        out.push(MirrorOut::Send(if self.turned == Some(true) { turned_command(command) } else { command }));
        if self.owner == Owner::Player {
            let played = Played { san: record.san, mv: record.mv };
            out.push(MirrorOut::Say(
                Utterance::new(Priority::Move, Sentence::BoardShow).arg("move", Arg::MoveLong(played)),
            ));
        }
    }

    /// The sentence for a move carried out as another: the same piece on another square, or
    /// another move altogether.
    fn wrong(&self, game: &Game, ply: usize, made: Move) -> Utterance {
        let record = &game.plies()[ply];
        let due = record.mv;
        let square = |s: Square| Arg::Square(s.to_string());
        let (same_piece, opponent) = (made.from() == due.from(), self.owner == Owner::Opponent);
        match (same_piece, opponent) {
            (true, true) => Utterance::new(Priority::Urgent, Sentence::BoardOpponentSquare)
                .arg("piece", Arg::PegKind(made.role()))
                .arg("done", square(made.to()))
                .arg("due", square(due.to())),
            _ => {
                let san = shakmaty::san::SanPlus::from_move(record.before.clone(), made);
                let done = Played { san, mv: made };
                let due = Played { san: record.san, mv: due };
                let sentence = if opponent { Sentence::BoardOpponentMove } else { Sentence::BoardWrongMove };
                Utterance::new(Priority::Urgent, sentence)
                    .arg("done", Arg::MoveLong(done))
                    .arg("due", Arg::MoveLong(due))
            }
        }
    }

    /// What `board` is, compared with the game.
    fn read(&self, game: &Game, board: &Board, turn: bool) -> Reading {
        let plies = game.plies();
        let pos = game.position();
        if pos.board() == board {
            return Reading::Current;
        }
        for ply in (self.agreed..plies.len()).rev() {
            if plies[ply].before.board() == board {
                return Reading::Behind(ply);
            }
        }
        if let Some(moves) = self.ahead(pos, board, turn) {
            return Reading::Ahead(moves);
        }
        for (ply, record) in plies.iter().enumerate().skip(self.agreed) {
            let before = &record.before;
            let made = before.legal_moves().into_iter().find(|m| *m != record.mv && after(before, *m).board() == board);
            if let Some(made) = made {
                return Reading::Wrong { ply, made };
            }
        }
        // The last move, read from this board and agreed, shown now as another move of the same
        // side: read at a square the piece only passed (a slide resting longer than the debounce).
        if let Some(last) = plies.last().filter(|last| self.moving.is_none_or(|side| side == last.before.turn())) {
            let before = &last.before;
            let made = before.legal_moves().into_iter().find(|m| *m != last.mv && after(before, *m).board() == board);
            if let Some(made) = made {
                return Reading::Wrong { ply: plies.len() - 1, made };
            }
        }
        let pending = plies.get(self.agreed).map(|ply| (&ply.before, Some(ply.mv)));
        let here = (pos, None);
        for (before, only) in pending.into_iter().chain([here]) {
            if on_the_way(before, board, only, self.moving) {
                return Reading::OnTheWay { castling: false };
            }
        }
        Reading::Differs
    }

    /// The moves of the sides on this board that lead from `pos` to `board`: the one sequence of
    /// at most [`MAX_FAST`] moves that does, or the one whose positions on the way the board
    /// reported (moves transposed reach the same position). Every move must leave its piece where
    /// the board shows it, which keeps the search small.
    fn ahead(&self, pos: &Chess, board: &Board, turn: bool) -> Option<Vec<Move>> {
        let mut found = Vec::new();
        let mut line = Vec::new();
        let seen: Vec<Board> = self.seen.iter().filter_map(|s| self.oriented(s, turn)).collect();
        self.search(pos, board, &seen, &mut line, &mut found);
        if found.len() > 1 {
            found.retain(|line| {
                let mut at = pos.clone();
                line[..line.len() - 1].iter().all(|mv| {
                    at.play_unchecked(*mv);
                    seen.contains(at.board())
                })
            });
        }
        match found.as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        }
    }

    fn search(&self, pos: &Chess, board: &Board, seen: &[Board], line: &mut Vec<Move>, found: &mut Vec<Vec<Move>>) {
        if line.len() == MAX_FAST || found.len() > 8 || self.moving.is_some_and(|c| c != pos.turn()) {
            return;
        }
        for mv in pos.legal_moves() {
            let arrived = mv.promotion().map_or(mv.role(), |r| r);
            let lands = match mv {
                Move::Castle { .. } => mv.castling_side().map(|side| side.king_to(pos.turn())),
                _ => Some(mv.to()),
            };
            let stays = lands.and_then(|s| board.piece_at(s)) == Some(Piece { color: pos.turn(), role: arrived });
            let next = after(pos, mv);
            // A piece not where it landed was taken or moved on later: the board showed it there.
            if !stays && !seen.contains(next.board()) {
                continue;
            }
            line.push(mv);
            if next.board() == board {
                found.push(line.clone());
            } else {
                self.search(&next, board, seen, line, found);
            }
            line.pop();
        }
    }
}

/// A rook move whose squares are the rook's part of a legal castling.
fn may_become_castling(pos: &Chess, mv: Move) -> bool {
    mv.role() == shakmaty::Role::Rook
        && pos.legal_moves().into_iter().any(|c| match c {
            Move::Castle { rook, .. } => {
                let side = c.castling_side().unwrap_or(shakmaty::CastlingSide::KingSide);
                Some(rook) == mv.from() && side.rook_to(pos.turn()) == mv.to()
            }
            _ => false,
        })
}

fn after(pos: &Chess, mv: Move) -> Chess {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    next
}

/// Whether `board` is `pos` with part of a legal move made (`only` that move, when given; else
/// one by the side `moving`): every changed square is one the move changes, and every piece
/// placed is the one the move puts there.
fn on_the_way(pos: &Chess, board: &Board, only: Option<Move>, moving: Option<Color>) -> bool {
    if moving.is_some_and(|c| c != pos.turn()) && only.is_none() {
        return false;
    }
    let changed: Bitboard =
        Square::ALL.into_iter().filter(|s| pos.board().piece_at(*s) != board.piece_at(*s)).collect();
    let candidates: Vec<Move> = match only {
        Some(mv) => vec![mv],
        None => pos.legal_moves().into_iter().collect(),
    };
    candidates.into_iter().any(|mv| {
        let target = after(pos, mv);
        changed.into_iter().all(|s| {
            let now = board.piece_at(s);
            now.is_none() || now == target.board().piece_at(s) || now == pos.board().piece_at(s)
        }) && changed.into_iter().all(|s| target.board().piece_at(s) != pos.board().piece_at(s))
    })
}

#[cfg(test)]
mod tests;
