//! The scoresheet as files (FIDE 8.1, D.2.7): the game as PGN, and the braille scoresheet in the
//! notation of the player's language. Pure: the text is made here, the runtime writes it.

use std::path::PathBuf;

use shakmaty::Color;

use crate::journal::Trouble;
use anna_core::pgn::ImportedGame;
use anna_core::scoresheet::{Scoresheet, Tags};
use anna_core::session::Session;
use anna_language::braille;
use anna_language::{announce, Vocabulary};

/// What kind of file a save writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveKind {
    Pgn,
    /// The braille scoresheet in North American ASCII Braille.
    Braille,
}

impl SaveKind {
    /// The file name extension.
    pub const fn extension(self) -> &'static str {
        match self {
            SaveKind::Pgn => "pgn",
            SaveKind::Braille => "brf",
        }
    }
}

/// A file to write: where (`None`: a new name in Anna's games folder) and what; `replace` when the
/// player said yes to writing over the file there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Save {
    pub path: Option<PathBuf>,
    pub kind: SaveKind,
    pub text: String,
    pub replace: bool,
}

/// Why a save was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// A file is there already: written over only when the player says so.
    Exists(PathBuf),
    /// A folder, a device, a pipe or a socket is there: never written to or over.
    NotAFile(PathBuf),
    /// The path, and what went wrong (a full disk, no permission). Nothing was left behind.
    Failed(PathBuf, Trouble),
}

/// What `save [FILE]` or `save braille [FILE]` asks for: the kind of file and where (`None`: a new
/// file in Anna's games folder).
pub fn request(rest: &str) -> (SaveKind, Option<PathBuf>) {
    let rest = rest.trim();
    let (first, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let (kind, file) = match anna_language::parse::fold(first).as_str() {
        "braille" | "brf" => (SaveKind::Braille, after.trim()),
        _ => (SaveKind::Pgn, rest),
    };
    // A path in quotes, as a shell or a file manager copies it ("my game.pgn"), is the path inside
    // them; quotes around nothing are no path: the games folder.
    let file = file.trim();
    let file = ['"', '\''].iter().find_map(|q| file.strip_prefix(*q)?.strip_suffix(*q)).unwrap_or(file).trim();
    (kind, (!file.is_empty()).then(|| PathBuf::from(file)))
}

/// The file a save of `kind` writes for this session.
pub fn of_session(session: &Session, vocab: &Vocabulary, tags: &Tags, kind: SaveKind, path: Option<PathBuf>) -> Save {
    let text = match kind {
        SaveKind::Pgn => pgn(session, vocab, tags),
        SaveKind::Braille => braille_of_session(session, vocab),
    };
    Save { path, kind, text, replace: false }
}

/// The session's game as PGN: the seven standard tags, TimeControl, SetUp/FEN and Variant when
/// needed, Termination, `[%clk]` after each move, (=) at offers, and the result sentence with its
/// article as the last comment. Event, Site, Date and Round come from `base`; the names and the
/// time control from the session (a side it has no name for keeps `base`'s).
pub fn pgn(session: &Session, vocab: &Vocabulary, base: &Tags) -> String {
    let tags = Tags {
        white: session.name(Color::White).unwrap_or(&base.white).to_string(),
        black: session.name(Color::Black).unwrap_or(&base.black).to_string(),
        time_control: session.clock().time_control().to_pgn(),
        ..base.clone()
    };
    let outcome = session.outcome();
    let comment = outcome.map(|o| announce::outcome(o, vocab));
    let pgn = session.scoresheet().pgn(session.game(), &tags, outcome, comment.as_deref());
    // The scoresheet writes 2018's article numbers; the PGN gives the edition in force.
    session.config().laws.cite_in(&pgn).into_owned()
}

/// The tags of an imported game that the session does not keep: Event, Site, Date, Round.
pub fn base_tags(game: &ImportedGame) -> Tags {
    let tag = |name: &str, default: String| game.tag(name).map_or(default, str::to_string);
    let d = Tags::default();
    Tags {
        event: tag("Event", d.event),
        site: tag("Site", d.site),
        date: tag("Date", d.date),
        round: tag("Round", d.round),
        ..Tags::default()
    }
}

/// The session's braille scoresheet as its print lines, one a line: the adapter that writes the
/// save puts them into the language's braille (liblouis's tables are files).
pub fn braille_of_session(session: &Session, vocab: &Vocabulary) -> String {
    let pairs = localized_pairs(session.scoresheet(), session.game(), vocab);
    let names = [session.name(Color::White).unwrap_or(""), session.name(Color::Black).unwrap_or("")];
    let result = session.outcome().map_or("*", |o| o.result());
    braille::sheet_lines(names, &pairs, result, vocab).join("\n")
}

/// The print lines of an imported game's braille scoresheet (see [`braille::brf`], [`braille::unicode`]).
pub fn braille_lines_of_game(game: &ImportedGame, vocab: &Vocabulary) -> Vec<String> {
    let pairs = localized_pairs(&Scoresheet::default(), &game.game, vocab);
    let names = [game.tag("White").unwrap_or(""), game.tag("Black").unwrap_or("")];
    let result = game.ending.as_ref().map_or("*", |e| e.result());
    braille::sheet_lines(names, &pairs, result, vocab)
}

fn localized_pairs(
    sheet: &Scoresheet,
    game: &anna_core::rules::Game,
    vocab: &Vocabulary,
) -> Vec<(u32, Option<String>, Option<String>)> {
    let san = |p: Option<anna_core::message::Played>| p.map(|p| braille::localized_san(&p.san.to_string(), vocab));
    sheet.move_pairs(game).into_iter().map(|(n, w, b)| (n, san(w), san(b))).collect()
}

/// The session's game as PGN, with the result sentence as the final comment (no date: a replay
/// gives the same file every time).
pub fn pgn_text(session: &Session, vocab: &Vocabulary) -> String {
    pgn(session, vocab, &Tags::default())
}
