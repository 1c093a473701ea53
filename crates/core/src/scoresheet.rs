//! The scoresheet (8.1, D.2.7): the moves, the time left after each, draw offers (=), and the game
//! written as PGN with `[%clk]` comments.

use std::time::Duration;

use shakmaty::{Color, Position};

use crate::duration::format_pgn_clock;
use crate::message::Played;
use crate::outcome::{Outcome, Reason};
use crate::rules::Game;

/// What the scoresheet adds to each ply of the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The mover's time left once the move was completed.
    pub clock: Option<Duration>,
    /// A draw offer was made with this move (8.1.5, C.12: written (=)).
    pub offer: bool,
    /// An illegal move that nobody claimed, so it stood (A.4.2).
    pub illegal: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scoresheet {
    entries: Vec<Entry>,
    /// A draw offer made before the offerer's own move: written with that move when it is made.
    offer_next: bool,
    /// Moves taken back because an illegal one among them was found later (7.5.1): where the game
    /// stood (its number of plies) and the moves, numbered, as they were written.
    taken_back: Vec<(usize, String)>,
}

/// The tags of a PGN export beyond what the game itself knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`, or `????.??.??` when unknown.
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
    /// The PGN TimeControl value, `-` for none.
    pub time_control: String,
}

impl Default for Tags {
    fn default() -> Tags {
        Tags {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            white: "?".into(),
            black: "?".into(),
            time_control: "-".into(),
        }
    }
}

impl Scoresheet {
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// A move was made.
    pub fn push(&mut self) {
        let offer = std::mem::take(&mut self.offer_next);
        self.entries.push(Entry { offer, ..Entry::default() });
    }

    /// The last move was taken back (a slip corrected before the press, D.2.8).
    pub fn pop(&mut self) {
        self.entries.pop();
    }

    /// The moves of `game` from ply `from` on are to be taken back: an illegal move among them was
    /// found later (7.5.1). The scoresheet keeps them, as a comment where they stood.
    pub fn note_taken_back(&mut self, game: &Game, from: usize) {
        let mut words: Vec<String> = Vec::new();
        for ply in game.plies().iter().skip(from) {
            let number = ply.before.fullmoves().get();
            match ply.before.turn() {
                Color::White => words.push(format!("{number}.")),
                Color::Black if words.is_empty() => words.push(format!("{number}...")),
                Color::Black => {}
            }
            words.push(ply.san.to_string());
        }
        if !words.is_empty() {
            self.taken_back.push((from, words.join(" ")));
        }
    }

    /// The last move was an illegal one that stood (A.4.2).
    pub fn mark_illegal(&mut self) {
        if let Some(last) = self.entries.last_mut() {
            last.illegal = true;
        }
    }

    /// The last move was completed with this much time left.
    pub fn set_clock(&mut self, remaining: Duration) {
        if let Some(last) = self.entries.last_mut() {
            last.clock = Some(remaining);
        }
    }

    /// Marks (=) for a draw offer (8.1.5): at the offering side's last move when it was made after
    /// that move (pressed or not: 9.1.2.1, 9.1.2.2); made before the side's own move (while it has
    /// the move, still valid under 9.1.2.2), at that move, once it is made.
    pub fn mark_offer(&mut self, game: &Game, side: Color) {
        if game.turn() == side {
            self.offer_next = true;
            return;
        }
        let last = game.plies().iter().rposition(|p| p.before.turn() == side);
        if let Some(entry) = last.and_then(|i| self.entries.get_mut(i)) {
            entry.offer = true;
        }
    }

    /// The moves in pairs, as read back to a player: (move number, White's move, Black's move).
    pub fn move_pairs(&self, game: &Game) -> Vec<(u32, Option<Played>, Option<Played>)> {
        let mut pairs: Vec<(u32, Option<Played>, Option<Played>)> = Vec::new();
        for ply in game.plies() {
            let number = ply.before.fullmoves().get();
            let san = Played { san: ply.san, mv: ply.mv };
            match ply.before.turn() {
                Color::White => pairs.push((number, Some(san), None)),
                Color::Black => match pairs.last_mut() {
                    Some(last) if last.0 == number && last.2.is_none() => last.2 = Some(san),
                    _ => pairs.push((number, None, Some(san))),
                },
            }
        }
        pairs
    }

    /// The game as PGN. `comment` is the final words naming the result and its article.
    pub fn pgn(&self, game: &Game, tags: &Tags, outcome: Option<Outcome>, comment: Option<&str>) -> String {
        let result = outcome.map_or("*", |o| o.result());
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            out.push_str(&format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\"")));
        };
        tag("Event", &tags.event);
        tag("Site", &tags.site);
        tag("Date", &tags.date);
        tag("Round", &tags.round);
        tag("White", &tags.white);
        tag("Black", &tags.black);
        tag("Result", result);
        if game.is_chess960() {
            tag("Variant", "Chess960");
        }
        if game.is_chess960() || game.start() != &shakmaty::Chess::default() {
            tag("SetUp", "1");
            tag("FEN", &game.start_fen());
        }
        tag("TimeControl", &tags.time_control);
        tag("Termination", termination(outcome));
        out.push('\n');

        // Without a time control the clock only counts moves: there is no time to write.
        let timed = tags.time_control != "-";
        let mut tokens: Vec<String> = Vec::new();
        let mut after_comment = true;
        // A move that broke the rules but stood (A.4.2) cannot be written as a PGN move: other
        // programs would stop reading there. It and the moves after it go into one comment.
        let mut standing: Option<Vec<String>> = None;
        let taken_back = |at: usize, tokens: &mut Vec<String>| {
            for (_, moves) in self.taken_back.iter().filter(|(from, _)| *from == at) {
                tokens.push(format!("{{taken back, an illegal move found among them (FIDE 7.5.1): {moves}}}"));
            }
        };
        for (index, (ply, entry)) in
            game.plies().iter().zip(self.entries.iter().chain(std::iter::repeat(&Entry::default()))).enumerate()
        {
            if standing.is_none() && self.taken_back.iter().any(|(from, _)| *from == index) {
                taken_back(index, &mut tokens);
                after_comment = true;
            }
            let number = ply.before.fullmoves().get();
            if entry.illegal && standing.is_none() {
                standing = Some(Vec::new());
            }
            if let Some(words) = standing.as_mut() {
                match ply.before.turn() {
                    Color::White => words.push(format!("{number}.")),
                    Color::Black if words.is_empty() => words.push(format!("{number}...")),
                    Color::Black => {}
                }
                words.push(ply.san.to_string());
                continue;
            }
            match ply.before.turn() {
                Color::White => tokens.push(format!("{number}.")),
                Color::Black if after_comment => tokens.push(format!("{number}...")),
                Color::Black => {}
            }
            tokens.push(ply.san.to_string());
            after_comment = false;
            if let Some(clock) = entry.clock.filter(|_| timed) {
                tokens.push(format!("{{[%clk {}]}}", format_pgn_clock(clock)));
                after_comment = true;
            }
            if entry.offer {
                tokens.push("{(=)}".to_string());
                after_comment = true;
            }
        }
        if standing.is_none() {
            taken_back(game.plies().len(), &mut tokens);
        }
        if let Some(words) = standing {
            tokens.push(format!(
                "{{an illegal move was not claimed and stands (FIDE A.4.2); the game went on: {}}}",
                words.join(" ")
            ));
        }
        if let Some(comment) = comment {
            tokens.push(format!("{{{}}}", comment.replace('}', ")")));
        }
        tokens.push(result.to_string());
        out.push_str(&wrap(&tokens, 79));
        out.push('\n');
        out
    }
}

/// The PGN Termination tag for an outcome.
fn termination(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|o| o.reason) {
        None => "unterminated",
        Some(Reason::Time | Reason::TimeCannotMate) => "time forfeit",
        Some(Reason::IllegalMoves | Reason::IllegalMovesCannotMate) => "rules infraction",
        Some(Reason::OpponentLeft | Reason::Aborted | Reason::NoStart) => "abandoned",
        Some(Reason::ServerDecision) => "adjudication",
        Some(_) => "normal",
    }
}

/// Joins tokens with spaces into lines of at most `width` characters (a longer token stands alone).
pub(crate) fn wrap(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(token);
        line_len += token.len();
    }
    out
}
