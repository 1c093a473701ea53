//! The words of a language as the parser looks them up: every spelling of `grammar/<lang>.toml`
//! folded by [`normalize::word`] into one table, built once per language. The language's own words
//! come first; the German Annex D words and the English words of moves and command names are
//! understood in every language after them; yes, no, corrections and fillers only in the language.

use std::collections::HashMap;
use std::ops::Range;

use shakmaty::{Color, File, Rank, Role, Square};

use super::normalize;
use super::typed;
use crate::Vocabulary;
use anna_core::command::Name;
use anna_core::rules::MoveSpec;

/// The small words, as bits of [`Meaning::flags`].
pub mod flag {
    pub const CAPTURE: u32 = 1;
    pub const TO: u32 = 1 << 1;
    pub const FROM: u32 = 1 << 2;
    pub const CHECK: u32 = 1 << 3;
    pub const MATE: u32 = 1 << 4;
    pub const EN_PASSANT: u32 = 1 << 5;
    pub const PROMOTION: u32 = 1 << 6;
    pub const CORRECTION: u32 = 1 << 7;
    pub const FILLER: u32 = 1 << 8;
    pub const YES: u32 = 1 << 9;
    pub const NO: u32 = 1 << 10;
    pub const SHORT: u32 = 1 << 11;
    pub const LONG: u32 = 1 << 12;
    /// A word of castling that does not say the side (`castle`, `Rochade`, `rošádu`).
    pub const CASTLE: u32 = 1 << 13;
    /// The side of a castling said apart from it (`kingside`, `kurz`, `krátku`, `nakrátko`).
    pub const SIDE_SHORT: u32 = 1 << 14;
    pub const SIDE_LONG: u32 = 1 << 15;
    /// A verb inside a move (`moves`, `zieht`, `ide`): it says nothing the move does not.
    pub const VERB: u32 = 1 << 16;
    /// The preposition of the instrumental before a piece (`s jezdcem`, `z wieżą`).
    pub const WITH: u32 = 1 << 17;
    /// `and` between the parts of a move (`a mení sa na dámu`).
    pub const AND: u32 = 1 << 18;
    /// A word a question is asked with (`how`, `wie`, `koľko`).
    pub const QUESTION: u32 = 1 << 19;
    /// Draw talk (`Remis`, `remízu`): see [`crate::parse`]'s `talk`.
    pub const DRAW: u32 = 1 << 20;
    /// A reason of a draw claim (`repetition`, `50-Züge-Regel`).
    pub const REASON: u32 = 1 << 21;
    /// Playing on (`wir spielen weiter`): a draw offer declined.
    pub const PLAY_ON: u32 = 1 << 22;
    /// The question put to the opponent (`would you`, `chceš`).
    pub const YOU: u32 = 1 << 23;
    /// A refusal (`not`, `nechci`).
    pub const REFUSE: u32 = 1 << 24;
    /// Exchanging (`trade`, `tausche`, `výmena`): a piece takes one of its kind.
    pub const EXCHANGE: u32 = 1 << 25;
    /// The small words of a sentence (`to`, `na`, `with`, `please`, `would you`, `how`): by
    /// themselves they say nothing of a move or of a command.
    pub const SMALL: u32 = TO | FROM | WITH | AND | VERB | FILLER | YOU | QUESTION;
}

/// Everything one word (or phrase) can mean; the grammar picks the meaning that fits its place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meaning {
    pub piece: Option<Role>,
    pub file: Option<File>,
    pub rank: Option<Rank>,
    /// A square written as one word: `f3`.
    pub square: Option<Square>,
    /// A move written as one word in notation: `Nf3`, `e2e4`, `O-O`.
    pub typed: Option<MoveSpec>,
    /// The pieces exchanged, as named after an exchanging word (`dám` in `výmena dám`): a name
    /// that is no piece's elsewhere (the Slovak `dám` is also "I give").
    pub exchanged: Option<Role>,
    pub command: Option<Name>,
    /// A colour of pieces, in a question about the board (`weißer`, `white`).
    pub side: Option<Color>,
    /// An ordinal number (`vierte`), before a rank word.
    pub ordinal: Option<Rank>,
    /// A number written in digits (`12`), such as the move to read the scoresheet from.
    pub number: Option<u32>,
    pub flags: u32,
}

impl Meaning {
    pub fn has(&self, bits: u32) -> bool {
        self.flags & bits != 0
    }

    pub fn is_known(&self) -> bool {
        *self != Meaning::default()
    }

    /// A word that says nothing by itself: unknown, a small word, or a side (`white`).
    pub fn says_nothing(&self) -> bool {
        !Meaning { side: None, flags: self.flags & !flag::SMALL, ..self.clone() }.is_known()
    }

    /// A word that carries no meaning at all (`äh`, `um`).
    pub fn is_only_filler(&self) -> bool {
        self.flags == flag::FILLER && Meaning { flags: 0, ..self.clone() } == Meaning::default()
    }

    /// Adds what `other` means where this meaning says nothing yet (the first source wins).
    fn merge(&mut self, other: &Meaning) {
        self.piece = self.piece.or(other.piece);
        self.file = self.file.or(other.file);
        self.rank = self.rank.or(other.rank);
        self.square = self.square.or(other.square);
        if self.typed.is_none() {
            self.typed.clone_from(&other.typed);
        }
        self.exchanged = self.exchanged.or(other.exchanged);
        self.command = self.command.or(other.command);
        self.side = self.side.or(other.side);
        self.ordinal = self.ordinal.or(other.ordinal);
        self.number = self.number.or(other.number);
        self.flags |= other.flags;
    }
}

/// One word of an utterance (or a phrase of several, such as `Kurze Rochade`), with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// Its bytes in the input.
    pub span: Range<usize>,
    /// Its folded form.
    pub norm: String,
    pub meaning: Meaning,
}

/// The word table of one language.
#[derive(Debug)]
pub struct Lexicon {
    code: &'static str,
    words: HashMap<String, Meaning>,
    /// The most words in one phrase.
    longest: usize,
    /// Notation letters (lowercase) and the pieces they mean, this language's meaning first.
    letters: HashMap<char, Vec<Role>>,
    /// Piece and file names for near misses: folded form and the spelling to suggest.
    near: Vec<(String, String)>,
}

impl Lexicon {
    /// The table of `vocab`, with the German and English words and the letters of every language.
    pub fn new(vocab: &Vocabulary) -> Lexicon {
        let all: Vec<Vocabulary> = Vocabulary::codes().filter_map(Vocabulary::get).collect();
        Lexicon::with(vocab, &all)
    }

    /// As [`Lexicon::new`], with the other languages already loaded.
    pub fn with(vocab: &Vocabulary, all: &[Vocabulary]) -> Lexicon {
        let mut lex = Lexicon {
            code: vocab.code(),
            words: HashMap::new(),
            longest: 1,
            letters: HashMap::new(),
            near: Vec::new(),
        };
        let find = |code: &str| all.iter().find(|v| v.code() == code);
        lex.add_moves(vocab);
        lex.add_conversation(vocab);
        for code in ["de", "en"] {
            if let Some(v) = find(code) {
                lex.add_moves(v);
            }
        }
        for name in Name::ALL.into_iter().filter(|name| !name.is_terminal()) {
            lex.add(name.key(), Meaning { command: Some(name), ..Meaning::default() });
        }
        if let Some(en) = find("en") {
            lex.add_colours(en);
        }
        for i in 0..8u8 {
            let file = File::new(u32::from(i));
            let rank = Rank::new(u32::from(i));
            lex.add(&char::from(b'a' + i).to_string(), Meaning { file: Some(file), ..Meaning::default() });
            lex.add(&char::from(b'1' + i).to_string(), Meaning { rank: Some(rank), ..Meaning::default() });
        }
        let mut letter_sources = vec![vocab];
        letter_sources.extend(find("en"));
        letter_sources.extend(all.iter());
        for v in letter_sources {
            for role in Role::ALL {
                if let Some(c) = *v.letters.get(role) {
                    let roles = lex.letters.entry(c.to_ascii_lowercase()).or_default();
                    if !roles.contains(&role) {
                        roles.push(role);
                    }
                }
            }
        }
        let mut near_sources = vec![vocab];
        near_sources.extend(find("de"));
        near_sources.extend(find("en"));
        for v in near_sources {
            let names = Role::ALL.iter().flat_map(|r| v.pieces.get(*r).iter()).chain(v.anna.iter().flatten());
            for name in names.chain(v.nato.iter().flatten()) {
                let norm = normalize::word(name);
                if norm.len() >= 3 && !lex.near.iter().any(|(n, _)| *n == norm) {
                    lex.near.push((norm, name.clone()));
                }
            }
        }
        lex
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    fn add(&mut self, phrase: &str, meaning: Meaning) {
        // Split as heard text is: `fifty-move` is two words there, as in `Eva-Linie`.
        let words: Vec<String> =
            normalize::chunks(phrase).into_iter().map(|(_, c)| normalize::word(c)).filter(|w| !w.is_empty()).collect();
        let key = words.join(" ");
        if key.is_empty() {
            return;
        }
        self.longest = self.longest.max(key.split(' ').count());
        self.words.entry(key).or_default().merge(&meaning);
    }

    fn add_flag(&mut self, list: &[String], bits: u32) {
        for phrase in list {
            self.add(phrase, Meaning { flags: bits, ..Meaning::default() });
        }
    }

    /// The words of moves: pieces, squares, castling and the small words.
    fn add_moves(&mut self, v: &Vocabulary) {
        for role in Role::ALL {
            for name in v.pieces.get(role) {
                self.add(name, Meaning { piece: Some(role), ..Meaning::default() });
            }
        }
        for i in 0..8u32 {
            for name in v.anna[i as usize].iter().chain(&v.nato[i as usize]).chain(&v.spelled[i as usize]) {
                self.add(name, Meaning { file: Some(File::new(i)), ..Meaning::default() });
            }
            for name in &v.ranks[i as usize] {
                self.add(name, Meaning { rank: Some(Rank::new(i)), ..Meaning::default() });
            }
        }
        self.add_flag(&v.castle_short, flag::SHORT);
        self.add_flag(&v.castle_long, flag::LONG);
        self.add_flag(&v.castle_word, flag::CASTLE);
        self.add_flag(&v.side_short, flag::SIDE_SHORT);
        self.add_flag(&v.side_long, flag::SIDE_LONG);
        let m = &v.moves;
        self.add_flag(&m.capture, flag::CAPTURE);
        self.add_flag(&m.to, flag::TO);
        self.add_flag(&m.from, flag::FROM);
        self.add_flag(&m.check, flag::CHECK);
        self.add_flag(&m.mate, flag::MATE);
        self.add_flag(&m.en_passant, flag::EN_PASSANT);
        self.add_flag(&m.promotion, flag::PROMOTION);
        self.add_flag(&m.verb, flag::VERB);
        self.add_flag(&m.with, flag::WITH);
        self.add_flag(&m.and, flag::AND);
        self.add_flag(&v.exchange, flag::EXCHANGE);
        for role in Role::ALL {
            for name in v.exchanged.get(role) {
                self.add(name, Meaning { exchanged: Some(role), ..Meaning::default() });
            }
        }
    }

    /// The words of a conversation, understood only in their own language.
    fn add_conversation(&mut self, v: &Vocabulary) {
        let m = &v.moves;
        self.add_flag(&m.correction, flag::CORRECTION);
        self.add_flag(&m.filler, flag::FILLER);
        self.add_flag(&m.yes, flag::YES);
        self.add_flag(&m.no_answer, flag::NO);
        self.add_flag(&m.question, flag::QUESTION);
        self.add_flag(&m.draw, flag::DRAW);
        self.add_flag(&m.reason, flag::REASON);
        self.add_flag(&m.play_on, flag::PLAY_ON);
        self.add_flag(&m.you, flag::YOU);
        self.add_flag(&m.refuse, flag::REFUSE);
        for (name, words) in v.commands.iter().filter(|(name, _)| !name.is_terminal()) {
            for phrase in words {
                self.add(phrase, Meaning { command: Some(*name), ..Meaning::default() });
            }
        }
        self.add_colours(v);
    }

    /// The colours of pieces (`weißer`), ordinal numbers (`vierte`), and the plural piece names of the board words (`Türme`).
    fn add_colours(&mut self, v: &Vocabulary) {
        for side in [Color::White, Color::Black] {
            for word in v.colours.get(side) {
                self.add(word, Meaning { side: Some(side), ..Meaning::default() });
            }
        }
        for (i, words) in v.ordinals.iter().enumerate() {
            for word in words {
                self.add(word, Meaning { ordinal: Some(Rank::new(i as u32)), ..Meaning::default() });
            }
        }
        for role in Role::ALL {
            let plural = format!("board.{}", crate::explore::plural_key(role));
            for key in [plural.clone(), format!("{plural}_two")] {
                if v.has(&key) {
                    self.add(v.word(&key), Meaning { piece: Some(role), ..Meaning::default() });
                }
            }
        }
    }

    /// The pieces a notation letter stands for here, best first. A lowercase file letter is a file.
    pub fn piece_letter(&self, c: char) -> Option<&[Role]> {
        if ('a'..='h').contains(&c) {
            return None;
        }
        self.letters.get(&c.to_ascii_lowercase()).map(Vec::as_slice)
    }

    /// The piece a letter after a promotion square names (any case: `e7e8q`, `e8=D`).
    pub fn promotion_letter(&self, c: char) -> Option<Role> {
        self.letters.get(&c.to_ascii_lowercase()).and_then(|roles| roles.first().copied())
    }

    /// The words of `text`, phrases joined, each with everything it can mean.
    pub fn words(&self, text: &str) -> Vec<Word> {
        let mut raw: Vec<Word> = Vec::new();
        for (span, chunk) in normalize::chunks(text) {
            let mut meaning = Meaning { typed: typed::typed(chunk, self), ..Meaning::default() };
            let norm = match chunk {
                ":" => "x".to_string(),
                "=" => {
                    meaning.flags |= flag::PROMOTION;
                    "=".to_string()
                }
                _ => normalize::word(chunk),
            };
            if norm.is_empty() {
                continue;
            }
            if norm.bytes().all(|b| b.is_ascii_digit()) {
                meaning.number = norm.parse().ok();
            }
            if let [f @ b'a'..=b'h', r @ b'1'..=b'8'] = norm.as_bytes() {
                let square = Square::from_coords(File::new(u32::from(f - b'a')), Rank::new(u32::from(r - b'1')));
                meaning.square = Some(square);
            }
            raw.push(Word { span, norm, meaning });
        }
        let mut out = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            let mut joined = None;
            for k in (2..=self.longest.min(raw.len() - i)).rev() {
                let key = raw[i..i + k].iter().map(|w| w.norm.as_str()).collect::<Vec<_>>().join(" ");
                if let Some(meaning) = self.words.get(&key) {
                    joined = Some((k, key, meaning.clone()));
                    break;
                }
            }
            match joined {
                Some((k, norm, meaning)) => {
                    out.push(Word { span: raw[i].span.start..raw[i + k - 1].span.end, norm, meaning });
                    i += k;
                }
                None => {
                    let mut word = raw[i].clone();
                    if let Some(meaning) = self.words.get(&word.norm) {
                        word.meaning.merge(meaning);
                    }
                    out.push(word);
                    i += 1;
                }
            }
        }
        out
    }

    /// The piece or file name a word of at least four letters nearly is (one or two letters off).
    pub fn near_miss(&self, norm: &str) -> Option<&str> {
        if norm.len() < 4 || !norm.bytes().all(|b| b.is_ascii_alphabetic()) {
            return None;
        }
        let limit = if norm.len() <= 4 { 1 } else { 2 };
        self.near
            .iter()
            .filter_map(|(candidate, spelling)| {
                let d = distance(norm, candidate);
                let other_initial = candidate.as_bytes().first() != norm.as_bytes().first();
                (d <= limit).then_some(((d, other_initial), spelling.as_str()))
            })
            .min_by_key(|(key, _)| *key)
            .map(|(_, spelling)| spelling)
    }
}

/// The edit distance of two words: a letter put in, left out or changed, or two neighbours swapped
/// ("knigth"), each one slip (optimal string alignment).
pub fn distance(a: &str, b: &str) -> usize {
    if a.len().abs_diff(b.len()) > 2 {
        return 3;
    }
    strsim::osa_distance(a, b)
}

/// Whether `typed` is `meant` with one typing slip that changes no letter: two neighbours swapped,
/// one letter left out or doubled ("knigth", "knght", "kniight"). Such a word is read as meant when
/// that leaves exactly one legal move; a changed letter may be another word, and is asked about.
pub fn slip(typed: &str, meant: &str) -> bool {
    let (typed, meant) = (typed.to_lowercase(), meant.to_lowercase());
    if strsim::osa_distance(&typed, &meant) != 1 {
        return false;
    }
    let sorted = |s: &str| {
        let mut chars: Vec<char> = s.chars().collect();
        chars.sort_unstable();
        chars
    };
    typed.chars().count() != meant.chars().count() || sorted(&typed) == sorted(&meant)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn de() -> Lexicon {
        Lexicon::new(&Vocabulary::german())
    }

    #[test]
    fn words_are_looked_up_folded_and_phrases_joined() {
        let lex = de();
        let words = lex.words("Läufer  Kurze Rochade, äh fuenf e.p. Sf3");
        let norms: Vec<&str> = words.iter().map(|w| w.norm.as_str()).collect();
        assert_eq!(norms, ["laufer", "kurze rochade", "ah", "funf", "ep", "sf3"]);
        assert_eq!(words[0].meaning.piece, Some(Role::Bishop));
        assert!(words[1].meaning.has(flag::SHORT));
        assert_eq!(words[1].span, 9..22);
        assert!(words[2].meaning.is_only_filler());
        assert_eq!(words[3].meaning.rank, Some(Rank::Fifth));
        assert!(words[4].meaning.has(flag::EN_PASSANT));
        assert_eq!(words[5].meaning.typed.as_ref().map(|s| s.pieces[0]), Some(Role::Knight));
    }

    #[test]
    fn english_and_annex_d_words_are_understood_in_every_language() {
        let en = Lexicon::new(&Vocabulary::english());
        let w = en.words("Springer takes Eva zwei");
        assert_eq!(w[0].meaning.piece, Some(Role::Knight));
        assert!(w[1].meaning.has(flag::CAPTURE));
        assert_eq!(w[3].meaning.rank, Some(Rank::Second));
        // Yes, no and fillers are the language's own.
        assert!(!de().words("yes")[0].meaning.is_known());
        assert_eq!(de().words("time")[0].meaning.command, Some(Name::Time));
    }

    #[test]
    fn letters_prefer_the_language() {
        let lex = de();
        assert_eq!(lex.piece_letter('S').map(|r| r[0]), Some(Role::Knight));
        assert_eq!(lex.piece_letter('N'), Some(&[Role::Knight][..]));
        assert_eq!(lex.piece_letter('b'), None);
        assert_eq!(lex.piece_letter('B'), Some(&[Role::Bishop][..]));
        assert_eq!(lex.promotion_letter('d'), Some(Role::Queen));
    }

    #[test]
    fn near_misses_are_one_or_two_letters_off() {
        let lex = de();
        let table = [("springa", Some("Springer")), ("falix", Some("Felix")), ("frobnicate", None), ("xyz", None)];
        for (word, expected) in table {
            assert_eq!(lex.near_miss(word), expected, "{word}");
        }
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("dame", "dama"), 1);
        assert_eq!(distance("knigth", "knight"), 1);
        assert_eq!(lex.near_miss("trum"), Some("Turm"));
    }

    #[test]
    fn a_slip_swaps_drops_or_doubles_a_letter_and_changes_none() {
        for (typed, meant) in [("knigth", "knight"), ("Dmae", "Dame"), ("sterlec", "strelec"), ("knght", "knight")] {
            assert!(slip(typed, meant), "{typed}");
        }
        for (typed, meant) in [("danke", "dame"), ("bishop", "bishop"), ("kolik", "koník"), ("dama", "dame")] {
            assert!(!slip(typed, meant), "{typed}");
        }
    }
}
