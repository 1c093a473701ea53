//! The editions of the FIDE Laws of Chess Anna applies: 2018, and 2023 (in force since 1 January
//! 2023, the default). The rules that differ are one switch each where they are decided
//! ([`Edition::penalty`] for A.3, [`Edition::resignation_needs_mate`] for 5.1.2); the article
//! numbers are written once, in the 2018 numbering, and renumbered here for the edition in force
//! ([`Edition::cite_in`]), so no sentence is written twice. The changes are listed in
//! `../shared/laws/DIGEST-2023.md`.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::clock::Category;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    Laws2018,
    /// In force at FIDE-rated tournaments since 1 January 2023.
    #[default]
    Laws2023,
}

/// 2018 numbers that 2023 renumbered, whole: each is looked up before its prefixes.
const RENUMBERED: [(&str, &str); 12] = [
    ("3.7.4.1", "3.7.3.1"),
    ("3.7.4.2", "3.7.3.2"),
    ("3.7.5.1", "3.7.3.3"),
    ("3.7.5.2", "3.7.3.4"),
    ("3.7.5.3", "3.7.3.5"),
    ("3.7.5", "3.7.3.3"),
    ("9.2.1.1", "9.2.1"),
    ("9.2.1.2", "9.2.2"),
    ("9.2.1", "9.2"),
    ("9.2.2.1", "9.2.3.1"),
    ("9.2.2.2", "9.2.3.2"),
    ("9.2.2", "9.2.3"),
];

/// 2018 prefixes of Appendices A and B, renumbered with everything under them (A.4.2 -> A.5.2).
/// 2018 B.2, blitz's own minute, is the new A.3, which blitz applies through B.3.
const RENUMBERED_PREFIXES: [(&str, &str); 7] =
    [("A.3", "A.4"), ("A.4", "A.5"), ("A.5", "A.6"), ("B.2", "A.3"), ("B.3", "B.2"), ("B.4", "B.3"), ("B.5", "B.4")];

impl Edition {
    pub const ALL: [Edition; 2] = [Edition::Laws2018, Edition::Laws2023];

    pub const fn year(self) -> u16 {
        match self {
            Edition::Laws2018 => 2018,
            Edition::Laws2023 => 2023,
        }
    }

    /// The number of an article (written in the 2018 numbering) in this edition.
    pub fn article(self, article: &str) -> Cow<'_, str> {
        if self == Edition::Laws2018 {
            return Cow::Owned(article.to_string());
        }
        if let Some((_, new)) = RENUMBERED.iter().find(|(old, _)| *old == article) {
            return Cow::Owned((*new).to_string());
        }
        for (old, new) in RENUMBERED_PREFIXES {
            if let Some(rest) = article.strip_prefix(old) {
                if rest.is_empty() || rest.starts_with('.') {
                    return Cow::Owned(format!("{new}{rest}"));
                }
            }
        }
        Cow::Owned(article.to_string())
    }

    /// `text` with every article after `FIDE ` (and the articles listed after it, `FIDE 6.9, A.4.3`)
    /// in this edition's numbering. Sentences in `grammar/` and the transcript write the 2018
    /// numbers; this is the one place they change.
    pub fn cite_in(self, text: &str) -> Cow<'_, str> {
        if self == Edition::Laws2018 || !text.contains("FIDE ") {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find("FIDE ") {
            out.push_str(&rest[..at + 5]);
            rest = &rest[at + 5..];
            loop {
                let len = article_len(rest);
                if len == 0 {
                    break;
                }
                out.push_str(&self.article(&rest[..len]));
                rest = &rest[len..];
                match [", ", " and ", "; "]
                    .into_iter()
                    .find(|sep| rest.starts_with(sep) && article_len(&rest[sep.len()..]) > 0)
                {
                    Some(sep) => {
                        out.push_str(sep);
                        rest = &rest[sep.len()..];
                    }
                    None => break,
                }
            }
        }
        out.push_str(rest);
        Cow::Owned(out)
    }

    /// The time a first illegal move or an incorrect claim gives the opponent (7.5.5, 9.5.3): two
    /// minutes, one in blitz (2018 B.2); in 2023 one minute in every rapid game too (A.3). Both
    /// editions keep one minute in every blitz game (2023 B.3 applies A.3).
    pub const fn penalty(self, category: Category) -> Duration {
        match (self, category) {
            (_, Category::Blitz) | (Edition::Laws2023, Category::Rapid) => Duration::from_secs(60),
            _ => Duration::from_secs(120),
        }
    }

    /// 2023 5.1.2: a resignation is a draw when the opponent cannot checkmate by any series of legal
    /// moves; in 2018 it always loses.
    pub const fn resignation_needs_mate(self) -> bool {
        matches!(self, Edition::Laws2023)
    }
}

/// The length of the article number at the start of `text`: `7.5.5`, `A.4.2`, `D.2.10.5`, `I.8`;
/// 0 when none (a trailing full stop is no part of it).
fn article_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    if bytes.len() >= 2 && bytes[0].is_ascii_uppercase() && bytes[1] == b'.' {
        i = 2;
    }
    let start = i;
    while i < bytes.len()
        && (bytes[i].is_ascii_digit() || (bytes[i] == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
    {
        i += 1;
    }
    if i == start || !bytes[start].is_ascii_digit() {
        return 0;
    }
    i
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

impl FromStr for Edition {
    type Err = ();

    fn from_str(text: &str) -> Result<Edition, ()> {
        Edition::ALL.into_iter().find(|e| e.year().to_string() == text.trim()).ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_are_renumbered_for_2023_and_kept_for_2018() {
        let new = Edition::Laws2023;
        let table = [
            ("7.5.5", "7.5.5"),
            ("A.4.2", "A.5.2"),
            ("A.4.4", "A.5.4"),
            ("A.3.1", "A.4.1"),
            ("A.5", "A.6"),
            ("B.2", "A.3"),
            ("B.4", "B.3"),
            ("9.2.1.1", "9.2.1"),
            ("9.2.1.2", "9.2.2"),
            ("9.2.2", "9.2.3"),
            ("3.7.5.2", "3.7.3.4"),
            ("A.42", "A.42"),
            ("D.2.10.5", "D.2.10.5"),
        ];
        for (old, want) in table {
            assert_eq!(new.article(old), want, "{old}");
            assert_eq!(Edition::Laws2018.article(old), old);
        }
    }

    #[test]
    fn articles_in_a_sentence_are_renumbered_with_their_lists() {
        let text = "It stands (FIDE A.4.2). Draw (FIDE 6.9, A.4.3); see FIDE 9.2.1.2 and 7.5.5. A.4.2 alone stays.";
        assert_eq!(
            Edition::Laws2023.cite_in(text),
            "It stands (FIDE A.5.2). Draw (FIDE 6.9, A.5.3); see FIDE 9.2.2 and 7.5.5. A.4.2 alone stays."
        );
        assert_eq!(Edition::Laws2018.cite_in(text), text);
    }

    #[test]
    fn penalties_by_edition() {
        let minute = Duration::from_secs(60);
        assert_eq!(Edition::Laws2018.penalty(Category::Rapid), 2 * minute);
        assert_eq!(Edition::Laws2023.penalty(Category::Rapid), minute);
        assert_eq!(Edition::Laws2023.penalty(Category::Blitz), minute);
        assert_eq!(Edition::Laws2018.penalty(Category::Blitz), minute);
        assert_eq!(Edition::Laws2023.penalty(Category::Standard), 2 * minute);
        assert_eq!("2018".parse(), Ok(Edition::Laws2018));
        assert_eq!("1999".parse::<Edition>(), Err(()));
    }
}
