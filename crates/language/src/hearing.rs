//! What the recogniser may hear, made from the words of `grammar/` (pure): the pronunciations of
//! every word it may hear, and for each position a JSGF grammar of its legal moves, the commands and
//! the answers (`hearing/position.rs`), with the small language model counted from the same
//! sentences (`hearing/model.rs`). A word added to `grammar/en.toml` is heard too, once the
//! pronunciation dictionary knows it (or [`EXTRA`] gives it).
//!
//! The words are the language's own (pieces, numbers, NATO and Annex D file names, the letters
//! as a recogniser writes them, castling, captures, promotions, the game's commands, yes and no) and
//! the Annex D German numbers `eins` to `acht`, which a blind player says in every language (D.2.1).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use shakmaty::Move;

use super::{commands, Vocabulary};
use crate::parse::Lexicon;
use anna_core::command::Command;
use anna_core::rules::Game;

/// Pronunciations (the CMU phone set) of words the CMU dictionary lacks: the Annex D numbers in
/// German, and the names of letters as a recogniser writes them.
/// The German numbers come in their German sound and as an English reader says them (`eins` as
/// `ains`, `zwei` as `zvai`, `vier` as `fear`, as espeak-ng and flite read those spellings). `fünf`
/// as `foonf` (F UW N F) was tried and left out: on the tuning half of the held-out set it heard two
/// more Annex D squares right and read one more back wrong (espeak-ng's fast `cesar foonf` in noise
/// as `eva funf`, which the free decoder had heard as something else before).
pub const EXTRA: &[(&str, &str)] = &[
    ("eins", "AY N S"),
    ("eins", "EY N Z"),
    ("eins", "AY N Z"),
    ("zwei", "T S V AY"),
    ("zwei", "Z W AY"),
    ("zwei", "Z V AY"),
    ("drei", "D R AY"),
    ("drei", "D R EY"),
    ("vier", "F IY R"),
    ("vier", "V IH R"),
    ("vier", "F IH R"),
    ("funf", "F UH N F"),
    ("funf", "F AH N F"),
    ("funf", "F Y UW N F"),
    ("sechs", "Z EH K S"),
    ("sechs", "S EH K S"),
    ("sieben", "Z IY B AH N"),
    ("sieben", "S IY B AH N"),
    ("acht", "AA K T"),
    ("acht", "AE K T"),
    ("cesar", "S IY Z ER"),
    ("gustav", "G UH S T AA F"),
    ("ay", "EY"),
    ("bee", "B IY"),
    ("dee", "D IY"),
    ("ee", "IY"),
    ("ef", "EH F"),
    ("gee", "JH IY"),
    ("aitch", "EY CH"),
    ("kingside", "K IH NG S AY D"),
    ("queenside", "K W IY N S AY D"),
];

/// The Annex D names as a German says them (FIDE D.2.1 spells them in German), besides the English
/// readings of the CMU dictionary: `Cäsar` is `tsehzar` to a German, `sayzar` to espeak-ng, and only
/// `seezer` in the CMU dictionary. On the tuning half of the held-out set these took the Annex D
/// squares heard right from 59% to 70%, with no more wrong moves. David's and Eva's German readings
/// were tried too and left out: `delta` was heard as `david`, and `cesar` as `eva`.
pub const GERMAN_NAMES: &[(&str, &str)] = &[
    ("anna", "AA N AA"),
    ("bella", "B EH L AA"),
    ("cesar", "T S EH Z AA R"),
    ("cesar", "S EY Z AA R"),
    ("felix", "F EY L IH K S"),
    ("hector", "HH EH K T AO R"),
];

/// Words as the recogniser writes them: lower case ASCII letters (and the apostrophe of `what's`),
/// the German umlauts without their dots (`funf`, as the parser reads `fünf` too); a phrase with
/// any other character is left out.
fn tokens(phrase: &str) -> Option<Vec<String>> {
    let spelled: String = phrase
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'ä' => 'a',
            'ö' => 'o',
            'ü' => 'u',
            '-' | ',' => ' ',
            c => c,
        })
        .collect();
    let words: Vec<String> = spelled.split_whitespace().map(str::to_string).collect();
    let plain = words.iter().all(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '\''));
    (plain && !words.is_empty()).then_some(words)
}

/// Every word the recogniser may have to hear in some position: the squares of every style, the
/// pieces, captures, promotion, castling, the commands and the answers. The pronunciation
/// dictionary is made of these once, at start-up; the grammar of each position takes its own.
pub fn words(vocab: &Vocabulary, annex_d: &Vocabulary) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    let mut add = |phrase: &str| words.extend(tokens(phrase).unwrap_or_default());
    let first = |lists: &[Vec<String>]| lists.iter().filter_map(|l| l.first().cloned()).collect::<Vec<_>>();
    for list in [&vocab.nato, &vocab.anna, &vocab.spelled, &vocab.ranks, &annex_d.ranks] {
        first(list).iter().for_each(|w| add(w));
    }
    vocab.pieces.iter().filter_map(|names| names.first()).for_each(|w| add(w));
    vocab.moves.capture.iter().take(2).for_each(|w| add(w));
    vocab.moves.promotion.iter().take(1).for_each(|w| add(w));
    vocab.exchange.iter().take(1).chain(vocab.exchanged.iter().filter_map(|names| names.first())).for_each(|w| add(w));
    for (_, phrases) in position::short_sentences(vocab, true, true) {
        phrases.iter().for_each(|p| add(p));
    }
    words
}

/// The pronunciation dictionary of `words`: their lines of `cmudict` (with their variants, `word(2)`),
/// then [`EXTRA`] for the words it lacks and [`GERMAN_NAMES`] for all; and the words none knows,
/// which the grammar must then do without.
pub fn dictionary(words: &BTreeSet<String>, cmudict: &str) -> (String, Vec<String>) {
    let mut said: Vec<(&str, &str)> = cmudict
        .lines()
        .filter_map(|line| line.split_once(' '))
        .map(|(head, phones)| (head.split('(').next().unwrap_or(head), phones.trim()))
        .filter(|(word, _)| words.contains(*word))
        .collect();
    let from_cmudict: BTreeSet<&str> = said.iter().map(|(word, _)| *word).collect();
    let extra = EXTRA.iter().filter(|(word, _)| !from_cmudict.contains(word));
    for &(word, phones) in extra.chain(GERMAN_NAMES) {
        if words.contains(word) && !said.contains(&(word, phones)) {
            said.push((word, phones));
        }
    }
    let mut out = String::new();
    let mut variants = std::collections::HashMap::new();
    for (word, phones) in &said {
        let n: &mut u32 = variants.entry(*word).or_default();
        *n += 1;
        match *n {
            1 => _ = writeln!(out, "{word} {phones}"),
            n => _ = writeln!(out, "{word}({n}) {phones}"),
        }
    }
    let missing = words.iter().filter(|w| !variants.contains_key(w.as_str())).cloned().collect();
    (out, missing)
}

/// The other legal moves heard `words` may have been: when they name a square by a letter whose name
/// sounds like others (`bee`, `see`, `dee`, `ee`, `gee`; `ay` and `aitch`: the groups of the
/// language's `sound_alike`), the moves the other letters of its group give, if legal. The
/// recogniser cannot tell these letters apart (all four test voices' `e four` is heard `bee four`),
/// so such a move is asked about, not read back as heard.
pub fn sound_alike(words: &str, game: &Game, vocab: &Vocabulary) -> Vec<Move> {
    let legal = |text: &str| legal_move(text, game, vocab);
    let Some(meant) = legal(words) else { return Vec::new() };
    // Each word that is a letter of a group may have been any of its group: every reading is
    // tried, the letters of both squares together (`bee two bee four` may be e2e4).
    let mut readings: Vec<Vec<String>> = vec![Vec::new()];
    for word in words.split_whitespace().map(str::to_lowercase) {
        let group =
            vocab.sound_alike.split_whitespace().find(|group| group.chars().any(|f| spelled(vocab, f).contains(&word)));
        let choices = group.map_or_else(|| vec![word], |group| names(vocab, group));
        readings = readings
            .into_iter()
            .flat_map(|reading| {
                choices.iter().map(move |choice| reading.iter().cloned().chain([choice.clone()]).collect())
            })
            .collect();
    }
    let mut others = Vec::new();
    for reading in readings {
        if let Some(mv) = legal(&reading.join(" ")).filter(|mv| *mv != meant && !others.contains(mv)) {
            others.push(mv);
        }
    }
    others
}

/// The one legal move `words` say in `game`, if they say one.
pub fn legal_move(words: &str, game: &Game, vocab: &Vocabulary) -> Option<Move> {
    match commands::command(words, vocab) {
        Ok(Command::Move(spec)) => game.resolve_spec(&spec).ok(),
        _ => None,
    }
}

/// Whether `words` start with a piece's name and go on: nothing is said before a piece's name
/// that leads a move, so no word can have been left out before them.
pub fn led_by_piece(words: &str, vocab: &Vocabulary) -> bool {
    let Some((first, _)) = words.split_once(' ') else { return false };
    vocab.pieces.iter().filter_map(|names| names.first()).any(|name| tokens(name).is_some_and(|t| t == [first]))
}

/// Whether `loose` (the free decoder's words) names a file, a rank or a piece that `strict` (the
/// grammar's) does not, as the parser reads them (`lex`: every style of the language and the
/// Annex D words): `knight golf two` against `knight golf one` does (the rank), `gustav funf`
/// against `knight gustav funf` does not (a word missed names nothing), nor `bella acht acht`
/// against `bella acht knight`, nor words of no square (`rook anna move`).
pub fn names_besides(loose: &str, strict: &str, lex: &Lexicon) -> bool {
    let named = |words: &str| -> BTreeSet<BoardWord> {
        // The recogniser writes a letter by its name (`ay`): a bare `a` is the article of `offer a
        // draw`, which the parser would read as a typed file.
        lex.words(words)
            .into_iter()
            .filter(|word| word.norm.len() > 1)
            .flat_map(|word| {
                let m = word.meaning;
                [m.file.map(BoardWord::File), m.rank.map(BoardWord::Rank), m.piece.map(BoardWord::Piece)]
            })
            .flatten()
            .collect()
    };
    !named(loose).is_subset(&named(strict))
}

/// What a word names on the board: a file, a rank or a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum BoardWord {
    File(shakmaty::File),
    Rank(shakmaty::Rank),
    Piece(shakmaty::Role),
}

/// The names of the letters that sound like others (every group of the language's `sound_alike`),
/// as the recogniser writes them: `bee`, `see`, `dee`, `ee`, `gee`, `ay`, `aitch` in English.
pub fn rhyming_letters(vocab: &Vocabulary) -> Vec<String> {
    names(vocab, &vocab.sound_alike)
}

/// The first name of each letter of `files`.
fn names(vocab: &Vocabulary, files: &str) -> Vec<String> {
    files.chars().filter_map(|file| spelled(vocab, file).first().cloned()).collect()
}

/// The names a letter is spelled by.
fn spelled(vocab: &Vocabulary, file: char) -> Vec<String> {
    let index = usize::from((file as u8).wrapping_sub(b'a'));
    vocab.spelled.get(index).cloned().unwrap_or_default()
}

mod model;
mod position;
/// The second decoder's small language model: the sentences of a position's grammar counted into a
/// trigram model. The recogniser trusts only what both decoders hear alike (the grammar forces every
/// sound into a move, so on its own it may hear a wrong legal move).
pub use model::arpa;
/// The grammar and the model's sentences of one position: its legal moves, the commands, the answers.
/// The grammar of a position without some of its moves: heard again with it, an utterance's best
/// reading is the next likeliest after the move first heard.
pub use position::{grammar_except, Grammar};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dictionary_is_made_for_every_way_of_naming_a_square() {
        let en = Vocabulary::english();
        let de = Vocabulary::get("de").unwrap();
        let words = words(&en, &de);
        for word in ["foxtrot", "felix", "bee", "eins", "funf", "three", "knight", "takes", "resign", "yes", "kingside"]
        {
            assert!(words.contains(word), "{word}");
        }
    }

    #[test]
    fn a_square_named_by_a_rhyming_letter_may_be_the_other_legal_moves_of_its_rhymes() {
        let en = Vocabulary::english();
        let start = Game::default();
        let uci = |moves: Vec<Move>| moves.into_iter().map(|mv| start.uci(mv).to_string()).collect::<Vec<_>>();
        // bee four: b4, or c4, d4, e4, g4, all legal pawn moves at the start.
        assert_eq!(uci(sound_alike("bee four", &start, &en)), ["c2c4", "d2d4", "e2e4", "g2g4"]);
        // The knights reach a3, c3, f3 and h3: no rhyme of c3 among them.
        assert!(sound_alike("knight see three", &start, &en).is_empty());
        // Letters that rhyme with nothing, NATO and Annex D names are what they are.
        assert!(sound_alike("ef four", &start, &en).is_empty());
        assert!(sound_alike("echo four", &start, &en).is_empty());
        assert!(sound_alike("eva vier", &start, &en).is_empty());
        // Not a move at all.
        assert!(sound_alike("resign", &start, &en).is_empty());
        // A rhyme that is not legal is no alternative: after 1. b4 ... the b-pawn cannot go to b4.
        let open = Game::from_fen("rnbqkbnr/pppppppp/8/8/1P6/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let others: Vec<String> =
            sound_alike("ee four", &open, &en).into_iter().map(|mv| open.uci(mv).to_string()).collect();
        assert_eq!(others, ["c2c4", "d2d4", "g2g4"]);
        // ay and aitch: an aitch whose last sound is lost is heard ay, and the two are asked about;
        // each group's letters stand for their own group only.
        assert_eq!(uci(sound_alike("ay three", &start, &en)), ["h2h3"]);
        assert_eq!(uci(sound_alike("aitch four", &start, &en)), ["a2a4"]);
        assert_eq!(rhyming_letters(&en), ["bee", "see", "dee", "ee", "gee", "ay", "aitch"]);
        // Both squares' letters together: "e two e four" heard with bee for both.
        assert_eq!(uci(sound_alike("bee two bee four", &start, &en)), ["c2c4", "d2d4", "e2e4", "g2g4"]);
    }

    #[test]
    fn the_free_reading_names_besides_only_a_square_or_piece_the_move_lacks() {
        let lex = Lexicon::new(&Vocabulary::english());
        let besides = |loose, strict| names_besides(loose, strict, &lex);
        // Another rank, file or piece.
        assert!(besides("knight golf two", "knight golf one"));
        assert!(besides("knight bee drei", "david drei"));
        assert!(besides("david knight", "david drei"));
        assert!(besides("king five", "king felix drei"));
        // A word missed, a word heard twice, words of no square, the same letter in another style.
        assert!(!besides("gustav funf", "knight gustav funf"));
        assert!(!besides("bella acht acht", "bella acht knight"));
        assert!(!besides("rook anna move", "rook anna funf"));
        assert!(!besides("delta three", "david drei"));
        assert!(!besides("rook dee seven", "rook david sieben"));
        assert!(!besides("", "rook david sieben"));
        assert!(!besides("offer a draw", "offer a draw") && !besides("a", "anna four"));
        assert!(besides("ay", "bee four"));
    }

    #[test]
    fn a_move_led_by_a_piece_s_name_has_nothing_before_it() {
        let en = Vocabulary::english();
        assert!(led_by_piece("knight charlie three", &en) && led_by_piece("queen eva zwei", &en));
        // A pawn's square, and a promotion's piece alone (its square may have gone before it).
        assert!(!led_by_piece("charlie three", &en) && !led_by_piece("queen", &en));
    }

    #[test]
    fn the_dictionary_takes_cmudict_lines_and_the_extra_words() {
        let words: BTreeSet<String> = ["knight", "eins", "zzz", "cesar"].map(str::to_string).into();
        let cmudict = "knight N AY T\nknight(2) N EY T\nknit N IH T\ncesar S IY Z ER\n";
        let (dict, missing) = dictionary(&words, cmudict);
        let german = "cesar(2) T S EH Z AA R\ncesar(3) S EY Z AA R\n";
        let cmu = "knight N AY T\nknight(2) N EY T\ncesar S IY Z ER\n";
        assert_eq!(dict, format!("{cmu}eins AY N S\neins(2) EY N Z\neins(3) AY N Z\n{german}"));
        assert_eq!(missing, ["zzz"]);
        // A German reading the CMU dictionary has already is not written twice.
        let (dict, _) = dictionary(&words, "cesar S EY Z AA R\n");
        assert_eq!(dict, "cesar S EY Z AA R\neins AY N S\neins(2) EY N Z\neins(3) AY N Z\ncesar(2) T S EH Z AA R\n");
    }
}
