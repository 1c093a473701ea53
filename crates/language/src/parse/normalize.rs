//! Spelling folded away before anything is heard: case, accents, umlauts written `ae`, and the
//! punctuation a recogniser or a keyboard adds. Both the input and the word lists of `grammar/` go
//! through [`word`], so `Läufer`, `Laeufer` and `Laufer` are one word.

use std::ops::Range;

/// One letter, lowercased, with its accents folded: `ä` -> `a`, `ß` -> `ss`, `č` -> `c`.
fn fold(c: char, out: &mut String) {
    for lower in c.to_lowercase() {
        let folded = match lower {
            'ä' | 'á' | 'à' | 'â' | 'ą' | 'ã' | 'å' => 'a',
            'ö' | 'ó' | 'ò' | 'ô' | 'õ' | 'ő' => 'o',
            'ü' | 'ú' | 'ù' | 'û' | 'ů' | 'ű' => 'u',
            'é' | 'è' | 'ê' | 'ë' | 'ě' | 'ę' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ý' | 'ÿ' => 'y',
            'č' | 'ć' | 'ç' => 'c',
            'š' | 'ś' => 's',
            'ž' | 'ź' | 'ż' => 'z',
            'ř' | 'ŕ' => 'r',
            'ľ' | 'ĺ' | 'ł' => 'l',
            'ň' | 'ń' | 'ñ' => 'n',
            'ť' => 't',
            'ď' => 'd',
            'ß' => {
                out.push_str("ss");
                continue;
            }
            '×' => 'x',
            other => other,
        };
        out.push(folded);
    }
}

/// The form a word is compared in: lowercase ASCII letters and digits, accents folded, every other
/// character dropped (`e.p.` -> `ep`), and in longer words the umlauts written out folded too
/// (`laeufer` -> `laufer`, `fuenf` -> `funf`). Words of a phrase stay separated by one space.
///
/// `word ::= { letter | digit }` after folding; the `ae`/`oe`/`ue` rule applies to words of four or
/// more letters with no digit, so notation such as `Rae1` keeps its file letters.
pub fn word(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars() {
        fold(c, &mut folded);
    }
    let mut out = String::with_capacity(folded.len());
    for part in folded.split(|c: char| c.is_whitespace()) {
        let clean: String = part.chars().filter(char::is_ascii_alphanumeric).collect();
        if clean.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        let umlaut = |w: &str| w.contains("ae") || w.contains("oe") || w.contains("ue");
        if clean.len() >= 4 && clean.bytes().all(|b| b.is_ascii_alphabetic()) && umlaut(&clean) {
            out.push_str(&clean.replace("ae", "a").replace("oe", "o").replace("ue", "u"));
        } else {
            out.push_str(&clean);
        }
    }
    out
}

/// The text as a keyboard would have typed it: what phones and word processors put in instead of
/// plain characters is put back. Dashes and minus signs become `-`, the multiplication sign `x`,
/// full-width forms their ASCII letters and digits, the ellipsis three dots, spaces that do not break
/// plain spaces, Cyrillic letters that look Latin the Latin ones; zero-width characters go. With the
/// text comes, for each of its bytes and one past its end, where that byte came from in `text`.
pub fn typographic(text: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut from = Vec::with_capacity(text.len() + 1);
    for (at, c) in text.char_indices() {
        let plain = plain(c);
        let before = out.len();
        match plain {
            Some('…') => out.push_str("..."),
            Some(p) => out.push(p),
            None => {}
        }
        from.extend(std::iter::repeat_n(at, out.len() - before));
    }
    from.push(text.len());
    (out, from)
}

/// The plain character for `c`, or `None` for one that is dropped.
fn plain(c: char) -> Option<char> {
    match c {
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => Some('-'),
        '×' | '✕' | '✖' | '⨯' => Some('x'),
        '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => Some(' '),
        '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}' => None,
        // Full-width ASCII (U+FF01..U+FF5E) is ASCII moved up by 0xFEE0.
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0),
        'а' => Some('a'),
        'с' => Some('c'),
        'е' => Some('e'),
        'о' | 'О' => Some(if c == 'о' { 'o' } else { 'O' }),
        'х' => Some('x'),
        'А' => Some('A'),
        'В' => Some('B'),
        'С' => Some('C'),
        'Е' => Some('E'),
        'Н' => Some('H'),
        'К' => Some('K'),
        _ => Some(c),
    }
}

/// The text after a move number written in front (`1. e4`, `1.e4`, `12...Nf6`, `9. O-O`): the move
/// stands whatever the number. A number needs its dot, so `12` alone (a move to read the
/// scoresheet from) keeps its meaning; nothing is cut when nothing would be left.
pub fn without_move_number(text: &str) -> &str {
    let trimmed = text.trim_start();
    let digits = trimmed.len() - trimmed.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 3 {
        return text;
    }
    let after = trimmed[digits..].trim_start();
    let dots = after.len() - after.trim_start_matches('.').len();
    let rest = after[dots..].trim_start();
    if dots == 0 || rest.is_empty() {
        return text;
    }
    rest
}

/// The chunks of an utterance: runs of characters between white space, commas and semicolons, with
/// their byte ranges in the input.
///
/// `chunks ::= { separator } { chunk { separator } }`, `separator ::= white space | "," | ";"`.
/// Words joined by hyphens are apart when all are letters and the last is a word of three or more
/// (`Eva-Linie`, `e-file`), never in notation (`O-O`, `e2-e4`).
pub fn chunks(text: &str) -> Vec<(Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let separator = c.is_whitespace() || c == ',' || c == ';';
        match (separator, start) {
            (true, Some(s)) => {
                hyphenated(text, s..i, &mut out);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        hyphenated(text, s..text.len(), &mut out);
    }
    out
}

/// Pushes the chunk at `range`, split at its hyphens when it is words joined (`Eva-Linie`).
fn hyphenated<'a>(text: &'a str, range: Range<usize>, out: &mut Vec<(Range<usize>, &'a str)>) {
    let chunk = &text[range.clone()];
    let parts: Vec<&str> = chunk.split('-').collect();
    let words = parts.len() > 1
        && parts.iter().all(|p| !p.is_empty() && p.chars().all(char::is_alphabetic))
        && parts.last().is_some_and(|p| p.chars().count() >= 3);
    if !words {
        out.push((range, chunk));
        return;
    }
    let mut at = range.start;
    for part in parts {
        out.push((at..at + part.len(), part));
        at += part.len() + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_fold_case_accents_and_umlauts() {
        let table = [
            ("Läufer", "laufer"),
            ("Laeufer", "laufer"),
            ("LAUFER", "laufer"),
            ("fünf", "funf"),
            ("fuenf", "funf"),
            ("Rössel", "rossel"),
            ("große Rochade", "grosse rochade"),
            ("Dvojka ", "dvojka"),
            ("veža", "veza"),
            ("kůň", "kun"),
            ("střelec", "strelec"),
            ("żółw", "zolw"),
            ("e.p.", "ep"),
            ("Rae1", "rae1"),
            ("ae", "ae"),
            ("nein,", "nein"),
            ("I  mean", "i mean"),
            ("-", ""),
            ("×", "x"),
        ];
        for (input, expected) in table {
            assert_eq!(word(input), expected, "{input}");
        }
    }

    #[test]
    fn chunks_keep_their_place() {
        let text = "Springer f3, nein;  Sd2";
        let found: Vec<_> = chunks(text).into_iter().map(|(r, s)| (r.start, s)).collect();
        assert_eq!(found, [(0, "Springer"), (9, "f3"), (13, "nein"), (20, "Sd2")]);
        assert!(chunks("  , ").is_empty());
        let found: Vec<_> = chunks("Eva-Linie O-O-O e2-e4").into_iter().map(|(r, s)| (r.start, s)).collect();
        assert_eq!(found, [(0, "Eva"), (4, "Linie"), (10, "O-O-O"), (16, "e2-e4")]);
    }
}
