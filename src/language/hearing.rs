//! What the recogniser may hear, made from the words of `grammar/` (pure): a JSGF grammar of moves
//! and commands, and the pronunciations of its words. A word added to `grammar/en.toml` is heard
//! too, once the pronunciation dictionary knows it (or [`EXTRA`] gives it).
//!
//! The grammar is the language's own words (pieces, numbers, NATO and Annex D file names, the letters
//! as a recogniser writes them, castling, captures, promotions, the game's commands, yes and no) and
//! the Annex D German numbers `eins` to `acht`, which a blind player says in every language (D.2.1).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::Vocabulary;

/// Pronunciations (the CMU phone set) of words the CMU dictionary lacks: the Annex D numbers in
/// German, and the names of letters as a recogniser writes them.
/// The German numbers come in their German sound and as an English reader says them.
pub const EXTRA: &[(&str, &str)] = &[
    ("eins", "AY N S"),
    ("eins", "EY N Z"),
    ("zwei", "T S V AY"),
    ("zwei", "Z W AY"),
    ("drei", "D R AY"),
    ("drei", "D R EY"),
    ("vier", "F IY R"),
    ("vier", "V IH R"),
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
    ("passant", "P AE S AA N T"),
    ("kingside", "K IH NG S AY D"),
    ("queenside", "K W IY N S AY D"),
];

/// The commands worth saying aloud during a game (the others take file names or settings).
const SPOKEN_COMMANDS: &[&str] = &[
    "press", "time", "moves", "offer", "accept", "decline", "claim", "resign", "flag", "pause", "resume", "repeat",
    "turn", "last", "stop", "more", "board",
];

/// A JSGF grammar and the words it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hearing {
    pub jsgf: String,
    pub words: BTreeSet<String>,
}

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

/// One JSGF rule: `<name> = a | b c | ...;`, each phrase once.
fn rule(name: &str, phrases: impl IntoIterator<Item = String>, words: &mut BTreeSet<String>) -> String {
    let mut alternatives: Vec<String> = Vec::new();
    for phrase in phrases {
        let Some(tokens) = tokens(&phrase) else { continue };
        let joined = tokens.join(" ");
        if !alternatives.contains(&joined) {
            words.extend(tokens);
            alternatives.push(joined);
        }
    }
    format!("<{name}> = {};\n", alternatives.join(" | "))
}

/// The grammar of moves and commands in `vocab`'s words, with the Annex D numbers of `annex_d`
/// (German).
pub fn grammar(vocab: &Vocabulary, annex_d: &Vocabulary) -> Hearing {
    let mut words = BTreeSet::new();
    // One spelling of each word: the others sound the same and only split the recogniser's choice.
    let first = |lists: &[Vec<String>]| lists.iter().filter_map(|l| l.first().cloned()).collect::<Vec<_>>();
    let firsts = |list: &[String], n: usize| list.iter().take(n).cloned().collect::<Vec<_>>();
    let mut jsgf = String::from("#JSGF V1.0;\ngrammar anna;\n");
    jsgf.push_str("public <utterance> = <move> | <castling> | <command> | <answer>;\n");
    // The forms a move is said in, and no more: every optional word is one the recogniser may
    // invent out of a breath.
    jsgf.push_str(
        "<move> = <square> [<promotion>] | <piece> <square> | <piece> <capture> <square> \
         | <square> <square> [<promotion>] | <piece> <square> <square> | <piece> <square> <capture> <square> \
         | <square> <capture> <square> [<promotion>];\n",
    );
    // The squares of each style with their own numbers (FIDE D.2.1: the Annex D names with the
    // German numbers; NATO and the letters with the language's).
    jsgf.push_str("<square> = <nato> <rank> | <annex> <zahl> | <annex> <rank> | <letter> <rank>;\n");
    jsgf.push_str(&rule("nato", first(&vocab.nato), &mut words));
    jsgf.push_str(&rule("annex", first(&vocab.anna), &mut words));
    jsgf.push_str(&rule("letter", first(&vocab.spelled), &mut words));
    jsgf.push_str(&rule("rank", first(&vocab.ranks), &mut words));
    jsgf.push_str(&rule("zahl", first(&annex_d.ranks), &mut words));
    let pieces: Vec<String> = vocab.pieces.iter().filter_map(|names| names.first().cloned()).collect();
    jsgf.push_str(&rule("piece", pieces, &mut words));
    jsgf.push_str(&rule("capture", firsts(&vocab.moves.capture, 2), &mut words));
    // "promotes to queen", or the piece alone: written by hand, since it refers to <piece>.
    let promotes = vocab.moves.promotion.first().and_then(|p| tokens(p)).unwrap_or_default();
    words.extend(promotes.iter().cloned());
    let _ = writeln!(jsgf, "<promotion> = [{}] <piece>;", promotes.join(" "));
    let mut castling = vocab.castle_short.clone();
    castling.extend(vocab.castle_long.clone());
    jsgf.push_str(&rule("castling", castling, &mut words));
    let commands: Vec<String> = vocab
        .commands
        .iter()
        .filter(|(name, _)| SPOKEN_COMMANDS.contains(&name.as_str()))
        .flat_map(|(_, phrases)| phrases.iter().take(2).cloned())
        .filter(|p| p.chars().count() > 1)
        .collect();
    jsgf.push_str(&rule("command", commands, &mut words));
    let mut answers = firsts(&vocab.moves.yes, 2);
    answers.extend(firsts(&vocab.moves.no_answer, 2));
    jsgf.push_str(&rule("answer", answers, &mut words));
    Hearing { jsgf, words }
}

/// The pronunciation dictionary of `words`: their lines of `cmudict` (with their variants, `word(2)`),
/// then [`EXTRA`]; and the words neither knows, which the grammar must then do without.
pub fn dictionary(words: &BTreeSet<String>, cmudict: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut known = BTreeSet::new();
    for line in cmudict.lines() {
        let Some((head, _)) = line.split_once(' ') else { continue };
        let word = head.split('(').next().unwrap_or(head);
        if words.contains(word) {
            out.push_str(line);
            out.push('\n');
            known.insert(word.to_string());
        }
    }
    let from_cmudict = known.clone();
    let mut variant = std::collections::HashMap::new();
    for (word, phones) in EXTRA {
        if words.contains(*word) && !from_cmudict.contains(*word) {
            let n: &mut u32 = variant.entry(*word).or_default();
            *n += 1;
            match *n {
                1 => _ = writeln!(out, "{word} {phones}"),
                n => _ = writeln!(out, "{word}({n}) {phones}"),
            }
            known.insert((*word).to_string());
        }
    }
    let missing = words.iter().filter(|w| !known.contains(*w)).cloned().collect();
    (out, missing)
}

/// The grammar without the phrases that use `missing` words (the recogniser refuses a grammar with
/// a word it cannot pronounce).
pub fn without(hearing: &Hearing, missing: &[String]) -> String {
    hearing
        .jsgf
        .lines()
        .map(|line| match line.split_once(" = ") {
            Some((head, body)) if head.starts_with('<') => {
                let (open, body) = match body.strip_prefix('[') {
                    Some(rest) => ("[", rest),
                    None => ("", body),
                };
                let keep: Vec<&str> = body
                    .trim_end_matches(';')
                    .split(" | ")
                    .filter(|alt| !alt.split_whitespace().any(|w| missing.iter().any(|m| m == w)))
                    .collect();
                format!("{head} = {open}{};", keep.join(" | "))
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

mod model;
/// The second decoder's small language model: sentences of the grammar's words, counted into a
/// trigram model. The recogniser trusts only what both decoders hear alike (the strict grammar
/// forces every sound into a move, so on its own it may hear a wrong legal move).
pub use model::{arpa, corpus};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_english_grammar_has_every_way_of_naming_a_square() {
        let en = Vocabulary::english();
        let de = Vocabulary::get("de").unwrap();
        let hearing = grammar(&en, &de);
        for word in ["foxtrot", "felix", "bee", "eins", "funf", "three", "knight", "takes", "resign", "yes"] {
            assert!(hearing.words.contains(word), "{word}");
        }
        assert!(hearing.jsgf.contains("public <utterance>"));
        // Every rule the grammar names is defined.
        for name in [
            "move",
            "square",
            "nato",
            "annex",
            "letter",
            "rank",
            "zahl",
            "piece",
            "capture",
            "promotion",
            "castling",
            "command",
            "answer",
        ] {
            assert!(hearing.jsgf.contains(&format!("<{name}> = ")), "{name}");
        }
    }

    #[test]
    fn the_dictionary_takes_cmudict_lines_and_the_extra_words() {
        let words: BTreeSet<String> = ["knight", "eins", "zzz"].map(str::to_string).into();
        let cmudict = "knight N AY T\nknight(2) N AY T\nknit N IH T\n";
        let (dict, missing) = dictionary(&words, cmudict);
        assert_eq!(dict, "knight N AY T\nknight(2) N AY T\neins AY N S\neins(2) EY N Z\n");
        assert_eq!(missing, ["zzz"]);
        let hearing = Hearing { jsgf: "<a> = zzz b | c;".to_string(), words };
        assert_eq!(without(&hearing, &missing), "<a> = c;");
    }
}
