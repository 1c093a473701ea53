//! Reading PGN (the export is [`Scoresheet::pgn`](super::scoresheet::Scoresheet::pgn)): games with
//! their tags, moves checked against the rules, the `[%clk]` readings and (=) draw offers of our own
//! export, and the result with the article that decided it. A broken game (an illegal move, a move
//! that cannot be read, a missing result) keeps everything up to the fault, and the fault is named.
//!
//! Pure: the text comes in as bytes, nothing is read from disk here.
//!
//! ```
//! use anna_core::pgn;
//!
//! let games = pgn::read(b"[White \"Anna\"]\n\n1. e4 {[%clk 0:04:58]} e5 {(=)} 2. Qh5 *\n");
//! let game = &games[0];
//! assert_eq!(game.tag("White"), Some("Anna"));
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.moves[0].clock, Some(std::time::Duration::from_secs(298)));
//! assert!(game.moves[1].offer);
//! assert!(game.fault.is_none());
//! ```

use std::ops::ControlFlow;
use std::time::Duration;

use pgn_reader::{KnownOutcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::san::San;
use shakmaty::{CastlingSide, Color, Move, Position, Role, Square};

use crate::clock::TimeControl;
use crate::command::{Command, Input};
use crate::outcome::{Outcome, Reason};
use crate::rules::{Game, MoveSpec, CHESS960_COUNT};
use crate::session::{Config, Session};

/// One move of an imported game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedMove {
    pub san: SanPlus,
    pub mv: Move,
    /// The mover's time left after the move, from `[%clk h:mm:ss]`.
    pub clock: Option<Duration>,
    /// A draw offer was made with this move: `(=)` in a comment after it (FIDE 8.1.5, C.12).
    pub offer: bool,
}

/// How an imported game ended, if it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `None` for a draw.
    pub winner: Option<Color>,
    /// The reason when the game says it: the article in the last comment (`(FIDE 5.1.2)`, as Anna
    /// writes it in every language), the Termination tag, or the final position.
    pub reason: Option<Reason>,
}

impl Ending {
    /// The outcome, when the reason is known.
    pub fn outcome(&self) -> Option<Outcome> {
        self.reason.map(|reason| Outcome { winner: self.winner, reason })
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// What went wrong in a game, after the valid part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The FEN tag cannot be read or is not a legal position.
    BadFen(String),
    /// A move that is not legal (or not unique) in the position, at this move number and side.
    IllegalMove { number: u32, side: Color, san: String },
    /// Text in the moves that is neither a move nor anything else PGN knows.
    Unreadable { number: u32, side: Color, text: String },
    /// The game stops without a result (`1-0`, `0-1`, `1/2-1/2` or `*`): the file is cut short.
    Truncated,
    /// A null move (`--`) in the main line, at this move number and side: an analysis device, not a
    /// move of the game; the moves before it are kept.
    NullMove { number: u32, side: Color },
    /// A game of another variant (its `Variant` tag: Crazyhouse, Antichess, ...): none of its moves is
    /// read, since the rules of chess cannot check them.
    Variant(String),
}

/// One game of a PGN file.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    /// The tags as written, in order.
    pub tags: Vec<(String, String)>,
    /// The game with every valid move played.
    pub game: Game,
    pub moves: Vec<ImportedMove>,
    /// `None` for `*` (a game going on) or a game cut short.
    pub ending: Option<Ending>,
    /// The last comment after the moves (Anna writes the result and its article there).
    pub final_comment: Option<String>,
    pub fault: Option<Fault>,
}

impl ImportedGame {
    /// The value of a tag, if present and not the PGN placeholder `?`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).filter(|v| !v.is_empty() && *v != "?")
    }

    /// The time control of the TimeControl tag, if it has one Anna can keep.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.tag("TimeControl").filter(|tc| *tc != "-").and_then(|tc| TimeControl::parse(tc).ok())
    }

    /// The last `[%clk]` reading of `side`, if any.
    pub fn last_clock(&self, side: Color) -> Option<Duration> {
        let first = self.game.start().turn();
        let of_side = |i: usize| if i.is_multiple_of(2) { first } else { !first };
        self.moves.iter().enumerate().rev().find(|(i, m)| of_side(*i) == side && m.clock.is_some())?.1.clock
    }

    /// Whether the game is over: a result, or a position where no move is possible.
    pub fn is_finished(&self) -> bool {
        self.ending.is_some() || self.game.auto_end().is_some()
    }

    /// The setup commands of the game: time control, start position and names.
    pub fn setup(&self) -> Vec<Command> {
        let mut commands = Vec::new();
        if let Some(tc) = self.time_control() {
            commands.push(Command::TimeControl(tc));
        }
        if self.game.is_chess960() {
            match chess960_number(&self.game) {
                Some(n) => commands.push(Command::Chess960(n)),
                None => commands.push(Command::Fen(self.game.start_fen())),
            }
        } else if self.game.start() != &shakmaty::Chess::default() {
            commands.push(Command::Fen(self.game.start_fen()));
        }
        for (name, side) in [("White", Color::White), ("Black", Color::Black)] {
            if let Some(player) = self.tag(name) {
                commands.push(Command::Name(side, player.to_string()));
            }
        }
        commands
    }

    /// The game replayed into a fresh session, as if played: every move made and pressed at a
    /// moment chosen so the clock reads what `[%clk]` says, the draw offers made, and the clocks
    /// of both sides set to their last readings. Returns the session and the instant its play
    /// stopped (the runtime goes on from there). The session's own words are not kept.
    pub fn replay(&self, config: Config) -> (Session, Duration) {
        let (session, now, _) = self.replay_inputs(config);
        (session, now)
    }

    /// [`replay`](Self::replay), with every input the session was given and when: what a journal
    /// needs to rebuild the same game.
    pub fn replay_inputs(&self, config: Config) -> (Session, Duration, Vec<(Input, Duration)>) {
        let mut session = Session::new(config);
        let mut fed = Vec::new();
        let mut feed = |session: &mut Session, input: Input, at: Duration| {
            fed.push((input.clone(), at));
            session.handle(input, at);
        };
        for command in self.setup() {
            feed(&mut session, Input::act(command), Duration::ZERO);
        }
        let mut now = Duration::ZERO;
        let last = self.moves.len().saturating_sub(1);
        for (i, m) in self.moves.iter().enumerate() {
            if session.outcome().is_some() {
                break;
            }
            let mover = session.game().turn();
            if let (true, Some(target)) = (session.started(), m.clock) {
                now = press_time(&session, i == last, &spec_of(m.mv), now, target);
            }
            feed(&mut session, Input::by(mover, Command::Move(spec_of(m.mv))), now);
            if m.offer {
                feed(&mut session, Input::by(mover, Command::Offer), now);
            }
            if session.outcome().is_none() {
                feed(&mut session, Input::by(mover, Command::Press), now);
            }
        }
        if session.outcome().is_none() {
            // A reading the replay could not reach (another program's clock, another time control).
            for side in [Color::White, Color::Black] {
                if let Some(clock) = self.last_clock(side) {
                    let whole = Duration::from_secs(session.clock().remaining(side, now).as_secs());
                    if whole != clock && !session.clock().time_control().is_none() {
                        feed(&mut session, Input::act(Command::AdjustTime(side, clock)), now);
                    }
                }
            }
            if let Some(outcome) = self.ending.as_ref().and_then(Ending::outcome) {
                for input in ending_inputs(&session, outcome) {
                    feed(&mut session, input, now);
                }
            }
        }
        (session, now, fed)
    }
}

/// The inputs that end a replayed game the way the PGN says, where a command can: a resignation, an
/// agreed draw. Other endings (a flag fall, a claim) are kept in the review, not acted again.
fn ending_inputs(session: &Session, outcome: Outcome) -> Vec<Input> {
    match (outcome.reason, outcome.winner) {
        (Reason::Resignation, Some(winner)) => vec![Input::by(!winner, Command::Resign)],
        (Reason::Agreement, None) => {
            let side = session.game().turn();
            vec![Input::by(side, Command::Offer), Input::by(!side, Command::Accept)]
        }
        _ => Vec::new(),
    }
}

/// The earliest instant from `since` at which pressing after this move leaves the mover `target`
/// in whole seconds (the reading was rounded down when written). The clock is never moved back.
fn press_time(session: &Session, last: bool, spec: &MoveSpec, since: Duration, target: Duration) -> Duration {
    let mover = session.game().turn();
    // A move that ends the game is not pressed: its reading is the clock as the move was made.
    let ends = last && {
        let mut trial = session.clone();
        trial.handle(Input::by(mover, Command::Move(spec.clone())), since);
        trial.outcome().is_some()
    };
    let reading = |at: Duration| {
        let mut clock = session.clock().clone();
        if ends {
            return clock.remaining(mover, at);
        }
        clock.press(at).map_or(Duration::ZERO, |r| r.remaining)
    };
    let goal = target.saturating_add(Duration::from_millis(999));
    if reading(since) <= goal {
        return since;
    }
    // The reading falls as time passes (never rises): find the first millisecond it is at the goal.
    let (mut low, mut high) = (0u64, reading(since).as_millis() as u64 + 1);
    while low < high {
        let mid = low + (high - low) / 2;
        if reading(since + Duration::from_millis(mid)) <= goal {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    since + Duration::from_millis(low)
}

/// The move as a player would name it to the session: its squares, or the castling side.
fn spec_of(mv: Move) -> MoveSpec {
    match mv {
        Move::Castle { king, rook } => {
            MoveSpec::castle(if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide })
        }
        mv => MoveSpec::squares(mv.from().unwrap_or(mv.to()), mv.to(), mv.promotion()),
    }
}

/// The Chess960 number of the game's start, if it is a Chess960 start position: found by White's
/// first rank, then the whole position checked.
fn chess960_number(game: &Game) -> Option<u32> {
    let board = game.start().board();
    let rank: Vec<Role> = shakmaty::File::ALL
        .iter()
        .map(|&file| board.piece_at(Square::from_coords(file, shakmaty::Rank::First)).map(|p| p.role))
        .collect::<Option<_>>()?;
    let fen = game.start_fen();
    (0..CHESS960_COUNT)
        .find(|&n| Game::chess960_arrangement(n).is_some_and(|a| a[..] == rank[..]))
        .filter(|&n| Game::chess960(n).is_ok_and(|g| g.start_fen() == fen))
}

/// Reads every game of a PGN text. Never fails: a game that breaks off keeps its valid part and
/// names its [`Fault`]; text that holds no game gives an empty list.
pub fn read(bytes: &[u8]) -> Vec<ImportedGame> {
    let bytes = uci_promotions(bytes);
    let mut reader = Reader::new(&bytes[..]);
    let mut visitor = Importer::default();
    let mut games = Vec::new();
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(game)) => games.extend(game),
            Ok(None) => break,
            // The reader gives up on a tag or comment left open at the end of the text: the game
            // read so far is kept, cut short. (Reading from memory has no other errors.)
            Err(_) => {
                games.extend(visitor.cut_short());
                break;
            }
        }
    }
    // Text with no tag, no move and no result is no game (a file that is not PGN at all).
    games.retain(|g| !g.tags.is_empty() || !g.moves.is_empty() || g.ending.is_some());
    // The reader passes over words it cannot read, so a line of prose that happens to hold a move
    // ("e4 is the best move") or a binary with a stray `1-0` would be a game: text with no tag is
    // a game only if all of it is movetext. PGN is text, and never holds a NUL byte.
    let tagged = games.iter().any(|g| !g.tags.is_empty());
    if bytes.contains(&0) || (!tagged && !all_movetext(&bytes)) {
        games.clear();
    }
    games
}

/// The importer's state while reading the moves of one game.
struct Moves {
    game: ImportedGame,
    /// No move after a fault is kept.
    stopped: bool,
    /// A result token was read.
    terminated: bool,
    /// The comment after the last move.
    comment_after_last: Option<String>,
}

/// The game being read lives here rather than in the reader's hands, so a game the reader
/// abandons at the end of the text is not lost.
#[derive(Default)]
struct Importer {
    tags: Vec<(String, String)>,
    moves: Option<Moves>,
}

impl Importer {
    /// The game in progress when the text ended inside a tag or comment.
    fn cut_short(&mut self) -> Option<ImportedGame> {
        if self.moves.is_none() {
            if self.tags.is_empty() {
                return None;
            }
            let _ = self.begin_movetext(());
        }
        let mut game = self.finish()?;
        if matches!(game.fault, None | Some(Fault::Truncated)) {
            game.fault = Some(Fault::Truncated);
            game.ending = None;
        }
        Some(game)
    }

    /// The game read; `None` only if its moves never began (the reader always begins them).
    fn finish(&mut self) -> Option<ImportedGame> {
        let moves = self.moves.take()?;
        let Moves { mut game, terminated, comment_after_last, .. } = moves;
        if !terminated && game.fault.is_none() {
            game.fault = Some(Fault::Truncated);
        }
        game.final_comment = comment_after_last;
        if let Some(ending) = game.ending.as_mut() {
            ending.reason = reason(ending.winner, game.final_comment.as_deref(), &game.tags, &game.game);
        }
        Some(game)
    }
}

impl Visitor for Importer {
    type Tags = ();
    type Movetext = ();
    type Output = Option<ImportedGame>;

    fn begin_tags(&mut self) -> ControlFlow<Option<ImportedGame>> {
        self.tags.clear();
        self.moves = None;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Option<ImportedGame>> {
        self.tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Option<ImportedGame>> {
        let tags = std::mem::take(&mut self.tags);
        let fen = tags.iter().find(|(n, _)| n == "FEN").map(|(_, v)| v.clone());
        let variant = tags.iter().find(|(n, _)| n == "Variant").map(|(_, v)| v.clone());
        let chess960 = variant.as_ref().is_some_and(|v| v.to_ascii_lowercase().contains("960"));
        let (game, fault) = match fen {
            _ if variant.as_deref().is_some_and(|v| !chess_variant(v)) => (Game::new(), variant.map(Fault::Variant)),
            None => (Game::new(), None),
            Some(fen) => match start_game(&fen, chess960) {
                Some(game) => (game, None),
                None => (Game::new(), Some(Fault::BadFen(fen))),
            },
        };
        let stopped = fault.is_some();
        let game = ImportedGame { tags, game, moves: Vec::new(), ending: None, final_comment: None, fault };
        self.moves = Some(Moves { game, stopped, terminated: false, comment_after_last: None });
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), san_plus: SanPlus) -> ControlFlow<Option<ImportedGame>> {
        let Some(moves) = self.moves.as_mut().filter(|m| !m.stopped) else { return ControlFlow::Continue(()) };
        moves.comment_after_last = None;
        let game = &mut moves.game;
        let number = game.game.fullmove_number();
        let side = game.game.turn();
        if san_plus.san == San::Null {
            stop(moves, Fault::NullMove { number, side });
            return ControlFlow::Continue(());
        }
        let resolved = game.game.resolve_san(san_plus.san).ok().or_else(|| uci_move(&game.game, &san_plus.san));
        let played = resolved.and_then(|mv| game.game.play(mv).ok().map(|p| (mv, p.san)));
        match played {
            Some((mv, san)) => game.moves.push(ImportedMove { san, mv, clock: None, offer: false }),
            None => stop(moves, Fault::IllegalMove { number, side, san: san_plus.to_string() }),
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<Option<ImportedGame>> {
        let Some(moves) = self.moves.as_mut().filter(|m| !m.stopped) else { return ControlFlow::Continue(()) };
        let text = String::from_utf8_lossy(comment.as_bytes()).trim().to_string();
        if let Some(last) = moves.game.moves.last_mut() {
            if let Some(clock) = clk(&text) {
                last.clock = Some(clock);
            }
            if text.contains("(=)") {
                last.offer = true;
            }
        }
        moves.comment_after_last = Some(text);
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut (), outcome: pgn_reader::Outcome) -> ControlFlow<Option<ImportedGame>> {
        let Some(moves) = self.moves.as_mut() else { return ControlFlow::Continue(()) };
        moves.terminated = true;
        if let pgn_reader::Outcome::Known(known) = outcome {
            let winner = match known {
                KnownOutcome::Decisive { winner } => Some(winner),
                KnownOutcome::Draw => None,
            };
            moves.game.ending = Some(Ending { winner, reason: None });
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) -> Option<ImportedGame> {
        self.finish()
    }
}

/// A move written in UCI (`g1f3`, `e1g1`, `a7a8q`), which the PGN reader takes for a pawn's move
/// from a square: the legal move from that square to that one, of whatever piece stands there.
fn uci_move(game: &Game, san: &San) -> Option<Move> {
    let San::Normal { role: Role::Pawn, file: Some(file), rank: Some(rank), capture: false, to, promotion } = *san
    else {
        return None;
    };
    let uci = shakmaty::uci::UciMove::Normal { from: Square::from_coords(file, rank), to, promotion };
    uci.to_move(game.position()).ok()
}

/// The text with each UCI promotion of the movetext (`a7a8q`, which the PGN reader cuts at the
/// piece letter) written as the reader takes it (`a7a8=Q`); tags and comments as they were.
fn uci_promotions(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let is_promotion = |t: &[u8]| {
        matches!(t, [f1 @ b'a'..=b'h', r1 @ (b'2' | b'7'), f2 @ b'a'..=b'h', r2 @ (b'1' | b'8'), b'q' | b'r' | b'b' | b'n']
            if f1.abs_diff(*f2) <= 1 && r1.abs_diff(*r2) == 1)
    };
    let boundary = |b: Option<&u8>| b.is_none_or(|b| b.is_ascii_whitespace() || b"(){}.".contains(b));
    let mut out: Vec<u8> = Vec::new();
    let (mut comment, mut tag, mut line_comment, mut changed) = (false, false, false, false);
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'{' if !tag && !line_comment => comment = true,
            b'}' => comment = false,
            b'[' if !comment && !line_comment => tag = true,
            b']' => tag = false,
            b';' if !comment && !tag => line_comment = true,
            b'\n' => line_comment = false,
            _ => {}
        }
        out.push(b);
        let quiet = !comment && !tag && !line_comment;
        if quiet
            && i >= 4
            && is_promotion(&bytes[i - 4..=i])
            && boundary(bytes.get(i + 1))
            && (i == 4 || boundary(bytes.get(i - 5)))
        {
            out.pop();
            out.push(b'=');
            out.push(b.to_ascii_uppercase());
            changed = true;
        }
    }
    if changed {
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(bytes)
    }
}

/// Whether a `Variant` tag names chess played by its usual rules (with any start position).
fn chess_variant(name: &str) -> bool {
    let name = name.trim().to_ascii_lowercase();
    let name = name.strip_suffix(" chess").unwrap_or(&name);
    [
        "",
        "standard",
        "chess",
        "normal",
        "from position",
        "fromposition",
        "chess960",
        "chess 960",
        "fischerandom",
        "fischer random",
        "freestyle",
    ]
    .contains(&name)
}

fn stop(moves: &mut Moves, fault: Fault) {
    moves.stopped = true;
    moves.game.fault = Some(fault);
}

/// The start of a game from its FEN tag; Chess960 castling when the Variant tag says so.
fn start_game(fen: &str, chess960: bool) -> Option<Game> {
    let game = Game::from_fen(fen).ok()?;
    if chess960 && !game.is_chess960() {
        return Some(Game::from_position(game.start().clone(), shakmaty::CastlingMode::Chess960));
    }
    Some(game)
}

/// Longer than any game's clock: a reading beyond it is a damaged comment, not a time.
const MAX_CLOCK: Duration = Duration::from_secs(1000 * 3600);

/// The time of a `[%clk h:mm:ss]` command in a comment.
fn clk(comment: &str) -> Option<Duration> {
    let rest = &comment[comment.find("[%clk")? + 5..];
    let value = rest[..rest.find(']')?].trim();
    crate::duration::parse(value).filter(|d| *d <= MAX_CLOCK)
}

/// Why the game ended: the article Anna wrote, the Termination tag, or the final position.
fn reason(winner: Option<Color>, comment: Option<&str>, tags: &[(String, String)], game: &Game) -> Option<Reason> {
    let article = comment.and_then(|c| {
        let at = c.find("FIDE ")? + 5;
        let end = c[at..].find(|ch: char| !(ch.is_ascii_digit() || ch == '.')).map_or(c.len(), |e| at + e);
        Some(c[at..end].trim_end_matches('.').to_string())
    });
    let by_article = |article: &str| -> Option<Reason> {
        Some(match (article, winner.is_some()) {
            ("5.1.1", true) => Reason::Checkmate,
            ("5.1.2", true) => Reason::Resignation,
            ("5.1.2", false) => Reason::ResignationCannotMate,
            ("5.2.1", false) => Reason::Stalemate,
            ("5.2.2", false) => Reason::DeadPosition,
            ("5.2.3", false) => Reason::Agreement,
            // 2018 9.2.1.1, 2023 9.2.1: the move declared; "9.2.1" and "9.2" as Anna wrote them
            // before issue 60 (either).
            ("9.2.1.1", false) => Reason::ThreefoldRepetitionDeclared,
            ("9.2.1" | "9.2" | "9.2.1.2" | "9.2.2", false) => Reason::ThreefoldRepetition,
            ("9.3", false) => Reason::FiftyMoves,
            ("9.6.1", false) => Reason::FivefoldRepetition,
            ("9.6.2", false) => Reason::SeventyFiveMoves,
            ("6.9", true) => Reason::Time,
            ("6.9", false) => Reason::TimeCannotMate,
            ("7.5.5", true) => Reason::IllegalMoves,
            ("7.5.5", false) => Reason::IllegalMovesCannotMate,
            _ => return None,
        })
    };
    if let Some(found) = article.as_deref().and_then(by_article) {
        return Some(found);
    }
    let pos = game.position();
    if pos.is_checkmate() && winner == Some(!pos.turn()) {
        return Some(Reason::Checkmate);
    }
    if pos.is_stalemate() && winner.is_none() {
        return Some(Reason::Stalemate);
    }
    let termination = tags.iter().find(|(n, _)| n == "Termination").map(|(_, v)| v.to_ascii_lowercase());
    match termination.as_deref() {
        Some("time forfeit") if winner.is_some() => Some(Reason::Time),
        _ => None,
    }
}

mod text;
use text::all_movetext;

#[cfg(test)]
mod tests;
