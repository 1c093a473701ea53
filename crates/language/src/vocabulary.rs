//! The words of one language, loaded from `grammar/<code>.toml` at compile time: a typed view of the
//! words of moves and commands, and the sentences by dotted key (`say.moved`, `side.white`).

use std::collections::HashMap;

use serde::Deserialize;
use shakmaty::{ByColor, ByRole, Role};

use anna_core::command::Name;

/// The grammar files, built into the program so it needs nothing at run time.
const SOURCES: &[(&str, &str)] = &[
    ("en", include_str!("../../../grammar/en.toml")),
    ("de", include_str!("../../../grammar/de.toml")),
    ("sk", include_str!("../../../grammar/sk.toml")),
    ("cs", include_str!("../../../grammar/cs.toml")),
    ("pl", include_str!("../../../grammar/pl.toml")),
    ("sl", include_str!("../../../grammar/sl.toml")),
];

/// A language Anna does not speak.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("There is no language '{}'; the languages are {}.", .0, Vocabulary::codes().collect::<Vec<_>>().join(", "))]
pub struct UnknownLanguage(pub String);

/// The command line and scripts report their errors as one sentence.
impl From<UnknownLanguage> for String {
    fn from(error: UnknownLanguage) -> String {
        error.to_string()
    }
}

/// The built-in languages, read once: every file is checked by the tests below, so none is missing
/// in a release.
fn loaded() -> &'static [Vocabulary] {
    static LOADED: std::sync::OnceLock<Vec<Vocabulary>> = std::sync::OnceLock::new();
    LOADED.get_or_init(|| SOURCES.iter().filter_map(|(code, source)| Vocabulary::load(code, source).ok()).collect())
}

/// The words of one language, loaded once and shared: a clone is a handle to the same words.
#[derive(Debug, Clone)]
pub struct Vocabulary(std::sync::Arc<Wordbook>);

impl std::ops::Deref for Vocabulary {
    type Target = Wordbook;

    fn deref(&self) -> &Wordbook {
        &self.0
    }
}

/// Every word of one language, as `grammar/<code>.toml` gives them; read through [`Vocabulary`].
#[derive(Debug)]
pub struct Wordbook {
    code: &'static str,
    pub name: String,
    /// How a noun after a number is chosen.
    pub plural: Plural,
    /// Piece names, first said, all understood.
    pub pieces: ByRole<Vec<String>>,
    /// Annex C.3 notation letters; the pawn has none.
    pub letters: ByRole<Option<char>>,
    /// The Annex D alphabet as this language spells it, files a to h.
    pub anna: [Vec<String>; 8],
    pub nato: [Vec<String>; 8],
    /// The letters a to h as spoken and as a recogniser writes them (`bé`, `ef`, `há`; `bee`, `see`).
    pub spelled: [Vec<String>; 8],
    /// The files whose letter names sound alike, in groups separated by spaces (`bcdeg ah`: bee,
    /// see, dee, ee, gee; ay and aitch), whose letters a recogniser cannot tell apart.
    pub sound_alike: String,
    /// This language's numbers one to eight.
    pub ranks: [Vec<String>; 8],
    /// Its ordinal numbers first to eighth (`vierte`, in `vierte Reihe`).
    pub ordinals: [Vec<String>; 8],
    pub castle_short: Vec<String>,
    pub castle_long: Vec<String>,
    /// Castling without its side, and the sides said apart from it (`Rochade` `kurz`).
    pub castle_word: Vec<String>,
    pub side_short: Vec<String>,
    pub side_long: Vec<String>,
    pub moves: MoveWords,
    /// Exchanging (`trade queens`, `výmena dám`): the words that say it, and the pieces' names as
    /// said after them (plural, genitive plural) by piece; the king has none.
    pub exchange: Vec<String>,
    pub exchanged: ByRole<Vec<String>>,
    /// Command words by command name, every name of [`Name`] once, in the order of the file.
    pub commands: Vec<(Name, Vec<String>)>,
    /// The colours of pieces as said in questions about the board (`weiß`, `weißer`, `weißen`).
    pub colours: ByColor<Vec<String>>,
    /// The command phrases by their first word without diacritics, each as its lowercase words:
    /// where [`crate::commands::leading`] looks a line's head up.
    pub(crate) command_heads: HashMap<String, Vec<crate::commands::Phrase>>,
    words: HashMap<String, String>,
}

/// The small words of a move and of a conversation about it.
#[derive(Debug, Clone, Deserialize)]
pub struct MoveWords {
    pub capture: Vec<String>,
    pub to: Vec<String>,
    pub from: Vec<String>,
    pub check: Vec<String>,
    pub mate: Vec<String>,
    pub en_passant: Vec<String>,
    pub promotion: Vec<String>,
    pub correction: Vec<String>,
    pub filler: Vec<String>,
    pub yes: Vec<String>,
    pub no_answer: Vec<String>,
    /// Verbs a move may be said with (`moves`, `zieht`, `ide`), heard and passed over.
    #[serde(default)]
    pub verb: Vec<String>,
    /// The preposition of the instrumental before a piece (`s jezdcem`, `z wieżą`), passed over.
    #[serde(default)]
    pub with: Vec<String>,
    /// `and` joining the parts of one move (`e8 a mení sa na dámu`), passed over before a promotion.
    #[serde(default)]
    pub and: Vec<String>,
    /// The words a question is asked with (`how`, `wie viel`, `koľko`): with the word of one of the
    /// game's questions among words otherwise unknown, that question is asked.
    #[serde(default)]
    pub question: Vec<String>,
    /// Draw talk in a sentence (FIDE 9.1.2, 9.2, 9.3): the draw and the offer (`remízu`), the
    /// reasons of a claim (`repetition`), playing on, the words that put the question to the
    /// opponent (`would you`), refusing; read by [`crate::parse`] as what the sentence asks.
    pub draw: Vec<String>,
    pub reason: Vec<String>,
    pub play_on: Vec<String>,
    pub you: Vec<String>,
    pub refuse: Vec<String>,
    /// Words that cancel at a yes-or-no question (`clear`, `close`, `abort`): no there, and only there.
    pub cancel: Vec<String>,
}

#[derive(Deserialize)]
struct File {
    language: Language,
    pieces: Pieces<Vec<String>>,
    letters: Letters,
    squares: Squares,
    castling: Castling,
    moves: MoveWords,
    exchange: Exchange,
    commands: toml::Table,
    colours: Colours,
}

#[derive(Deserialize)]
struct Exchange {
    words: Vec<String>,
    queen: Vec<String>,
    rook: Vec<String>,
    bishop: Vec<String>,
    knight: Vec<String>,
    pawn: Vec<String>,
}

#[derive(Deserialize)]
struct Colours {
    white: Vec<String>,
    black: Vec<String>,
}

#[derive(Deserialize)]
struct Language {
    name: String,
    plural: Plural,
}

/// How a language chooses the form of a noun after a number (`language.plural` in `grammar/`).
/// An unknown rule is an error when the file is read, never a silent English fallback.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Plural {
    /// English and German: 1 minute, 2 minutes.
    English,
    /// Czech and Slovak: 1 minuta, 2-4 minuty, 5 minut.
    Czech,
    /// Polish: 1 minuta, 2-4 / 22-24 minuty, 5-21 / 25 minut.
    Polish,
    /// Slovenian: 1 / 101 minuta, 2 minuti, 3-4 minute, 5 minut.
    Slovenian,
}

impl Plural {
    /// The form a number takes: `one`, `two` (the Slovenian dual), `few` or `other`, the endings
    /// of the keys in `grammar/` (`time.minutes_few`).
    pub fn form(self, n: u64) -> &'static str {
        let (units, hundreds) = (n % 10, n % 100);
        match self {
            Plural::Czech => match n {
                1 => "one",
                2..=4 => "few",
                _ => "other",
            },
            Plural::Polish => match (n, units, hundreds) {
                (1, _, _) => "one",
                (_, 2..=4, h) if !(12..=14).contains(&h) => "few",
                _ => "other",
            },
            Plural::Slovenian => match hundreds {
                1 => "one",
                2 => "two",
                3 | 4 => "few",
                _ => "other",
            },
            Plural::English if n == 1 => "one",
            Plural::English => "other",
        }
    }
}

#[derive(Deserialize)]
struct Pieces<T> {
    king: T,
    queen: T,
    rook: T,
    bishop: T,
    knight: T,
    pawn: T,
}

#[derive(Deserialize)]
struct Letters {
    king: char,
    queen: char,
    rook: char,
    bishop: char,
    knight: char,
}

#[derive(Deserialize)]
struct Squares {
    anna: [Vec<String>; 8],
    nato: [Vec<String>; 8],
    #[serde(default)]
    spelled: [Vec<String>; 8],
    #[serde(default)]
    sound_alike: String,
    ranks: [Vec<String>; 8],
    ordinals: [Vec<String>; 8],
}

#[derive(Deserialize)]
struct Castling {
    short: Vec<String>,
    long: Vec<String>,
    #[serde(default)]
    castle: Vec<String>,
    #[serde(default)]
    short_side: Vec<String>,
    #[serde(default)]
    long_side: Vec<String>,
}

/// Why a grammar file could not be loaded (only ever seen by the test that checks them).
#[derive(Debug)]
pub struct GrammarError(String);

impl std::fmt::Display for GrammarError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Vocabulary {
    /// The languages Anna speaks, by code.
    pub fn codes() -> impl Iterator<Item = &'static str> {
        SOURCES.iter().map(|(code, _)| *code)
    }

    /// The vocabulary of the language with this code, if Anna has it.
    pub fn get(code: &str) -> Option<Vocabulary> {
        loaded().iter().find(|v| v.code.eq_ignore_ascii_case(code)).cloned()
    }

    fn load(code: &'static str, source: &str) -> Result<Vocabulary, GrammarError> {
        let error = |e: &dyn std::fmt::Display| GrammarError(format!("grammar/{code}.toml: {e}"));
        // Parsed once: the words by key and the typed parts come from the same table.
        let table: toml::Table = source.parse().map_err(|e| error(&e))?;
        let mut words = HashMap::new();
        flatten("", &table, &mut words);
        let file: File = table.try_into().map_err(|e| error(&e))?;
        let p = file.pieces;
        let l = file.letters;
        let mut commands = Vec::new();
        for (key, value) in file.commands {
            // A key that names no command is a typo that would leave the command without words.
            let name = Name::from_key(&key).ok_or_else(|| error(&format!("[commands] has no command {key}")))?;
            let list: Vec<String> = value.try_into().map_err(|e| error(&e))?;
            commands.push((name, list));
        }
        if let Some(missing) = Name::ALL.into_iter().find(|n| commands.iter().all(|(name, _)| name != n)) {
            return Err(error(&format!("[commands] has no words for {missing}")));
        }
        Ok(Vocabulary(std::sync::Arc::new(Wordbook {
            code,
            name: file.language.name,
            plural: file.language.plural,
            pieces: ByRole {
                pawn: p.pawn,
                knight: p.knight,
                bishop: p.bishop,
                rook: p.rook,
                queen: p.queen,
                king: p.king,
            },
            letters: ByRole {
                pawn: None,
                knight: Some(l.knight),
                bishop: Some(l.bishop),
                rook: Some(l.rook),
                queen: Some(l.queen),
                king: Some(l.king),
            },
            anna: file.squares.anna,
            nato: file.squares.nato,
            spelled: file.squares.spelled,
            sound_alike: file.squares.sound_alike,
            ranks: file.squares.ranks,
            ordinals: file.squares.ordinals,
            castle_short: file.castling.short,
            castle_long: file.castling.long,
            castle_word: file.castling.castle,
            side_short: file.castling.short_side,
            side_long: file.castling.long_side,
            moves: file.moves,
            exchange: file.exchange.words,
            exchanged: ByRole {
                pawn: file.exchange.pawn,
                knight: file.exchange.knight,
                bishop: file.exchange.bishop,
                rook: file.exchange.rook,
                queen: file.exchange.queen,
                king: Vec::new(),
            },
            command_heads: crate::commands::command_heads(&commands),
            commands,
            colours: ByColor { white: file.colours.white, black: file.colours.black },
            words,
        })))
    }

    /// The vocabulary of `code`, or a sentence naming the languages there are.
    pub fn find(code: &str) -> Result<Vocabulary, UnknownLanguage> {
        Vocabulary::get(code).ok_or_else(|| UnknownLanguage(code.to_string()))
    }

    /// English, the language of scripts and transcripts.
    pub fn english() -> Vocabulary {
        Vocabulary::get("en").expect("grammar/en.toml is built in and checked by tests")
    }

    /// German, the language of FIDE Annex D.
    pub fn german() -> Vocabulary {
        Vocabulary::get("de").expect("grammar/de.toml is built in and checked by tests")
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The name of a piece as said.
    pub fn piece(&self, role: Role) -> &str {
        self.pieces.get(role).first().map_or("", String::as_str)
    }

    /// The letter a board shows for `piece` in this language: its notation letter, and for the
    /// pawn, which has none, the initial of its name (unless another piece has that letter, then
    /// `P`); uppercase for White, lowercase for Black. The board view, its keys and a braille
    /// display's board all read pieces by it.
    pub fn board_letter(&self, piece: shakmaty::Piece) -> char {
        let letters = &self.letters;
        let letter = (*letters.get(piece.role)).unwrap_or_else(|| {
            let initial = self.piece(Role::Pawn).chars().next().map(|c| c.to_uppercase().next().unwrap_or(c));
            let taken = |c: char| Role::ALL.iter().any(|r| *letters.get(*r) == Some(c));
            initial.filter(|c| c.is_alphabetic() && !taken(*c)).unwrap_or('P')
        });
        match piece.color {
            shakmaty::Color::White => letter.to_uppercase().next().unwrap_or(letter),
            shakmaty::Color::Black => letter.to_lowercase().next().unwrap_or(letter),
        }
    }

    /// The letter keys that find pieces in the board view, king to pawn: `k q r b n p`, `k d t l s b`.
    pub fn find_keys(&self) -> String {
        let keys: Vec<String> = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
            .map(|role| self.board_letter(shakmaty::Piece { color: shakmaty::Color::Black, role }).to_string())
            .into();
        keys.join(" ")
    }

    /// The words for `key`, or English's where this language has none; never the key itself (the
    /// tests check that every key the code names is in every language).
    pub fn word<'a>(&'a self, key: &'a str) -> &'a str {
        match self.words.get(key) {
            Some(words) => words,
            None => {
                loaded().iter().find(|v| v.code == "en").and_then(|en| en.words.get(key)).map_or("", String::as_str)
            }
        }
    }

    pub fn word_owned(&self, key: &str) -> String {
        self.word(key).to_string()
    }

    pub fn has(&self, key: &str) -> bool {
        self.words.contains_key(key)
    }

    /// The dotted keys of every single word and sentence (lists are not included).
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.words.keys().map(String::as_str)
    }

    /// The key a key is a language's own variant of, which other languages may do without: a
    /// sentence in the form that agrees with a number (`review.clock_few` of `review.clock`), a
    /// result with a sentence of its own (`outcome.wins_resignation` of `reason.resignation`), a side
    /// in the dative (`side.white_dative` of `side.white`). `None` for a key every language has.
    pub fn variant_of(&self, key: &str) -> Option<String> {
        if let Some(reason) = key.strip_prefix("outcome.wins_") {
            return Some(format!("reason.{reason}"));
        }
        if let Some(side) = key.strip_prefix("side.").and_then(|k| k.strip_suffix("_dative")) {
            return Some(format!("side.{side}"));
        }
        if key.starts_with("time.") {
            return None;
        }
        ["_one", "_two", "_few", "_other"]
            .iter()
            .filter_map(|form| key.strip_suffix(form))
            .find(|base| self.has(base))
            .map(str::to_string)
    }
}

/// Flattens the tables of single strings into dotted keys; lists are read by the typed view.
fn flatten(prefix: &str, table: &toml::Table, out: &mut HashMap<String, String>) {
    for (key, value) in table {
        let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        match value {
            toml::Value::Table(inner) => flatten(&path, inner, out),
            toml::Value::String(s) => {
                out.insert(path, s.clone());
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
