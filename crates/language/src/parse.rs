//! Words in: what a player typed or said, heard as a move, a command or an answer.
//!
//! The grammar is written out in `grammar/README.md`; each rule is one function in `parse/`, with the
//! rule in its doc comment. Typed notation is read character by character (`typed.rs`); everything
//! else word by word, after the words are folded and looked up once in the language's [`Lexicon`].
//! nom's errors stay inside: what leaves is a [`ParseError`] naming the words not understood, with a
//! near miss (`Springa` for `Springer`) as a [`Suggestion`] the caller can ask about.
//!
//! ```
//! use anna_language::parse::{hear, Heard};
//! use anna_language::Vocabulary;
//!
//! let de = Vocabulary::german();
//! assert!(matches!(hear("Springer Gustav eins Felix drei", &de), Ok(Heard::Move(_))));
//! assert!(matches!(hear("ja", &de), Ok(Heard::Answer(true))));
//! let error = hear("Springa Felix drei", &de).unwrap_err();
//! assert_eq!(error.suggestion.unwrap().corrected, "Springer Felix drei");
//! ```

mod command;
mod explore;
mod lexicon;
mod normalize;
mod spoken;
mod square;
mod typed;
mod unknown;
mod words;

use std::fmt;
use std::ops::Range;
use std::sync::OnceLock;

use self::lexicon::{flag, Word};
pub use self::lexicon::{slip, Lexicon};
/// A word or phrase in the form the parser compares it in (case and accents folded).
pub use self::normalize::word as fold;
use crate::{Vocabulary, Voice};
use anna_core::command::Command;
use anna_core::message::{Arg, Words};
use anna_core::rules::MoveSpec;

/// What was heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    Move(MoveSpec),
    Command(Command),
    /// Yes or no, to a question.
    Answer(bool),
}

/// What could not be understood, where, and the closest thing that would have been.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The bytes of the input that were not understood.
    pub span: Range<usize>,
    /// The text of that span.
    pub found: String,
    /// The whole input, trimmed.
    pub input: String,
    /// What would have fitted there, in a few English words (`a square`, `a known word`).
    pub expected: &'static str,
    /// A near miss: the word that was probably meant, and the whole input with it in place.
    pub suggestion: Option<Suggestion>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub word: String,
    pub corrected: String,
}

impl ParseError {
    /// What to say of it, in no language yet: the words not understood (and where, when they are
    /// not all the input), then the near miss, if any.
    pub fn lines(&self) -> Vec<Words> {
        let text = |text: &str| Arg::Text(text.to_string());
        let mut lines = vec![if self.input.is_empty() {
            Words::line("line.nothing_said")
        } else if !anna_core::message::worth_reading_back(&self.found) {
            Words::line("say.not_understood_line")
        } else if self.found == self.input || !anna_core::message::worth_reading_back(&self.input) {
            Words::line("say.not_understood").arg("text", text(&self.found))
        } else {
            Words::line("line.not_understood_in").arg("word", text(&self.found)).arg("text", text(&self.input))
        }];
        if let Some(s) = &self.suggestion {
            lines.push(Words::line("line.did_you_mean").arg("word", text(&s.word)));
        }
        lines
    }

    /// Its lines in `voice`'s language, one sentence after another.
    pub fn said_by(&self, voice: &Voice) -> String {
        self.lines().iter().map(|line| voice.words(line)).collect::<Vec<_>>().join(" ")
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said_by(&Voice::english()))
    }
}

impl std::error::Error for ParseError {}

/// The word tables of the built-in languages, built at the first use.
fn lexicons() -> &'static [Lexicon] {
    static LEXICONS: OnceLock<Vec<Lexicon>> = OnceLock::new();
    LEXICONS.get_or_init(|| {
        let all: Vec<Vocabulary> = Vocabulary::codes().filter_map(Vocabulary::get).collect();
        all.iter().map(|v| Lexicon::with(v, &all)).collect()
    })
}

/// Hears one utterance in the language of `vocab` (the built-in word lists of its language).
// A parse error is rare and read once; its size does not matter.
#[allow(clippy::result_large_err)]
pub fn hear(text: &str, vocab: &Vocabulary) -> Result<Heard, ParseError> {
    in_lexicon(vocab, |lex| hear_with(text, lex))
}

/// Whether `text` says nothing Anna reads, word by word: no piece, square, move, number, command,
/// answer, refusal or draw talk; only words it does not know and the small words of a sentence
/// (`to`, `with`, `please`, a question word, a side). A file or a rank alone is no square there (the
/// English `a`, the Slovak `to`): only a file before a rank is.
pub fn says_nothing(text: &str, vocab: &Vocabulary) -> bool {
    in_lexicon(vocab, |lex| {
        let words = lex.words(&normalize::typographic(text).0);
        words.iter().enumerate().all(|(i, w)| {
            let square = w.meaning.file.is_some() && words.get(i + 1).is_some_and(|next| next.meaning.rank.is_some());
            !square && lexicon::Meaning { file: None, rank: None, ..w.meaning.clone() }.says_nothing()
        })
    })
}

/// `f` with the word table of `vocab`'s language: the built-in one, else one made for it.
fn in_lexicon<T>(vocab: &Vocabulary, f: impl FnOnce(&Lexicon) -> T) -> T {
    match lexicons().iter().find(|l| l.code() == vocab.code()) {
        Some(lex) => f(lex),
        None => f(&Lexicon::new(vocab)),
    }
}

/// Hears one utterance with a word table built by the caller.
///
/// `utterance ::= typed | answer | { filler } [ move correction-word ] ( command | move )`: the
/// move after the last correction word stands (FIDE D.2.8).
#[allow(clippy::result_large_err)]
pub fn hear_with(text: &str, lex: &Lexicon) -> Result<Heard, ParseError> {
    let (cleaned, from) = normalize::typographic(text);
    let skip = cleaned.len() - normalize::without_move_number(&cleaned).len();
    hear_plain(&cleaned[skip..], lex).map_err(|mut e| {
        // The error points into what the player wrote, not into the plain text heard.
        if skip > 0 || cleaned != text {
            e.span = from[skip + e.span.start]..from[skip + e.span.end];
            e.found = text[e.span.clone()].to_string();
            e.input = text.trim().to_string();
        }
        e
    })
}

/// Hears text already made plain ([`normalize::typographic`]) and without a move number in front.
#[allow(clippy::result_large_err)]
fn hear_plain(text: &str, lex: &Lexicon) -> Result<Heard, ParseError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(spec) = typed::typed(&compact, lex) {
        // Words of a command may also be notation run together: the Slovak `rad 2` (the second
        // rank) is SAN's `Rad2`, a rook's move. Written apart, the command is meant.
        if text.split_whitespace().nth(1).is_some() {
            if let Ok(command @ Heard::Command(_)) = hear_words(text, lex) {
                return Ok(command);
            }
        }
        return Ok(Heard::Move(spec));
    }
    if let Some(spec) = typed_then_promotion(text, lex) {
        return Ok(Heard::Move(spec));
    }
    hear_words(text, lex)
}

/// Typed notation with the promotion said in words after it (`axb8 queen`, `a7b8 dáma`, `axb8
/// Dame`): the piece is what the words make of its square with them (`b8 queen`), as when the
/// square is said (`a8 queen`). Nothing when the words are no promotion to that square.
fn typed_then_promotion(text: &str, lex: &Lexicon) -> Option<MoveSpec> {
    let (notation, rest) = text.trim().split_once(char::is_whitespace)?;
    let mut spec = typed::typed(notation, lex).filter(|spec| spec.promotion.is_none())?;
    let to = spec.to?;
    match hear_words(&format!("{to} {rest}"), lex) {
        Ok(Heard::Move(said)) if said.to == Some(to) && said.promotion.is_some() => {
            spec.promotion = said.promotion;
            Some(spec)
        }
        _ => None,
    }
}

/// Hears text word by word (everything but typed notation).
#[allow(clippy::result_large_err)]
fn hear_words(text: &str, lex: &Lexicon) -> Result<Heard, ParseError> {
    let words: Vec<Word> = lex.words(text).into_iter().filter(|w| !w.meaning.is_only_filler()).collect();
    let error = |range: Range<usize>, expected: &'static str| not_understood(text, span(&words, range), expected);
    if words.is_empty() {
        // Only blanks: an empty span where they begin, never one that ends before it starts.
        let lead = text.len() - text.trim_start().len();
        return Err(not_understood(text, lead..text.trim_end().len().max(lead), "a move"));
    }
    if let Some(yes) = command::answer(&words) {
        return Ok(Heard::Answer(yes));
    }
    if let Some(command) = command::talk(&words, text.contains('?')) {
        return Ok(Heard::Command(command));
    }
    // A lead-in agreeing word before a command ("ok, I resign", "okay, ich gebe auf") is no answer:
    // the command is what was said.
    let lead = words.iter().take_while(|w| w.meaning.has(flag::YES) && !w.meaning.has(flag::NO)).count();
    if lead > 0 {
        if let Some(Ok(command)) = command::command(&words[lead..]) {
            return Ok(Heard::Command(command));
        }
        // `okay so I take on d4 with the rook`: so is a move after it.
        if let Ok(spec) = spoken::whole_move(&words[lead..]) {
            return Ok(Heard::Move(spec));
        }
    }
    let start = words[..words.len() - 1].iter().rposition(|w| w.meaning.has(flag::CORRECTION)).map_or(0, |i| i + 1);
    let segment = &words[start..];
    if let Some(i) = segment.iter().position(|w| !w.meaning.is_known()) {
        if let Some(command) = command::question(segment) {
            return Ok(Heard::Command(command));
        }
        if let Some(spec) = unknown::passed_over(segment) {
            return Ok(Heard::Move(keep_what_the_correction_left(&words[..start], segment, spec)));
        }
        let word = &segment[i];
        let mut e = error(start + i..start + i + 1, "a word Anna knows");
        // Offered only when it fits there: the line with it must mean something ("danke" is no
        // "Dame" in "nein danke, wir spielen weiter").
        e.suggestion = lex
            .near_miss(&word.norm)
            .map(|near| Suggestion {
                word: near.to_string(),
                corrected: format!("{}{near}{}", &text[..word.span.start], &text[word.span.end..]).trim().to_string(),
            })
            .filter(|s| match hear_words(&s.corrected, lex) {
                Ok(Heard::Move(spec)) => spec.to.is_some() || spec.capture || spec.castle.is_some() || spec.castling,
                Ok(_) => true,
                Err(_) => false,
            });
        return Err(e);
    }
    let shift = |r: Range<usize>| start + r.start..start + r.end;
    if let Some(found) = command::command(segment) {
        // A command word may also begin a move (`c vier`): the move wins if it takes all the words.
        match (found, spoken::whole_move(segment)) {
            (Ok(command), _) => return Ok(Heard::Command(command)),
            (Err(_), Ok(spec)) => return Ok(Heard::Move(spec)),
            (Err(r), Err(_)) => {
                return command::question(segment)
                    .map(Heard::Command)
                    .ok_or_else(|| error(shift(r), "a move after 'claim', or nothing"))
            }
        }
    }
    let corrected = match spoken::whole_move(segment) {
        Ok(spec) => spec,
        Err(r) => match command::question(segment) {
            Some(command) => return Ok(Heard::Command(command)),
            None => return Err(error(shift(r), "a move, a command or yes or no")),
        },
    };
    Ok(Heard::Move(keep_what_the_correction_left(&words[..start], segment, corrected)))
}

/// A correction that names only a square keeps the piece of the move it corrects ("knight f3, no,
/// c3" is the knight to c3, never a pawn), and one that names only a piece keeps the square
/// ("knight f3, no, bishop"): a native speaker corrects only what was wrong (D.2.8). `before` is
/// what came before the correction word, itself perhaps corrected.
fn keep_what_the_correction_left(before: &[Word], said: &[Word], mut corrected: MoveSpec) -> MoveSpec {
    let Some(first) = before.split_last().and_then(|(_, before)| resolved(before)) else { return corrected };
    let castling = |spec: &MoveSpec| spec.castle.is_some() || spec.castling;
    if castling(&first) || castling(&corrected) {
        return corrected;
    }
    // A pawn move is read when no piece is named: here the piece was named before.
    let typed_piece =
        |w: &Word| w.meaning.typed.as_ref().is_some_and(|t| t.pieces.iter().any(|r| *r != shakmaty::Role::Pawn));
    let names_piece = said.iter().any(|w| w.meaning.piece.is_some() || typed_piece(w));
    let only_square = !names_piece && corrected.from().is_none() && corrected.from_file.is_none();
    if only_square && corrected.to.is_some() && !first.pieces.is_empty() {
        // The piece named before, where it can go; else the pawn the square alone would mean.
        let pawn = corrected.pieces == [shakmaty::Role::Pawn] && !first.pieces.contains(&shakmaty::Role::Pawn);
        let mut pieces = first.pieces;
        if pawn {
            pieces.push(shakmaty::Role::Pawn);
        }
        corrected.pieces = pieces;
    } else if corrected.to.is_none() && corrected.pieces.is_empty() && corrected.from().is_some() && first.to.is_some()
    {
        // `nie, z e2`: only the square the piece comes from was wrong.
        corrected.to = first.to;
        corrected.capture |= first.capture;
        corrected.pieces = first.pieces;
        corrected.promotion = corrected.promotion.or(first.promotion);
    } else if corrected.to.is_none() && !corrected.pieces.is_empty() && first.to.is_some() {
        corrected.to = first.to;
        corrected.capture |= first.capture;
    }
    corrected
}

/// The move `words` say, after their corrections.
fn resolved(words: &[Word]) -> Option<MoveSpec> {
    let last = words.len().checked_sub(1)?;
    let start = words[..last].iter().rposition(|w| w.meaning.has(flag::CORRECTION)).map_or(0, |i| i + 1);
    let spec = spoken::whole_move(&words[start..]).ok()?;
    Some(keep_what_the_correction_left(&words[..start], &words[start..], spec))
}

/// The bytes of the words in `range` (by index).
fn span(words: &[Word], range: Range<usize>) -> Range<usize> {
    let last = range.end.min(words.len()).max(range.start + 1).min(words.len());
    match (words.get(range.start), last.checked_sub(1).and_then(|i| words.get(i))) {
        (Some(a), Some(b)) => a.span.start..b.span.end,
        _ => words.last().map_or(0..0, |w| w.span.clone()),
    }
}

fn not_understood(text: &str, span: Range<usize>, expected: &'static str) -> ParseError {
    ParseError {
        found: text.get(span.clone()).unwrap_or_default().to_string(),
        input: text.trim().to_string(),
        span,
        expected,
        suggestion: None,
    }
}

#[cfg(test)]
mod tests;
