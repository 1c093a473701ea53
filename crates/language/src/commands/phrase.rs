//! The command phrases of `grammar/`'s `[commands]` as a line is compared with them: by their first
//! word, folded, so a line's head is looked up once; and what stands after (or inside) them.

use anna_core::command::Name;

use crate::{parse, Vocabulary};

/// The command name whose words begin `text` (the longest phrase wins), in the language of `vocab`
/// or in English, and the rest of the text after those words.
///
/// ```
/// use anna_language::Vocabulary;
/// use anna_language::commands::leading;
/// use anna_core::command::Name;
///
/// let sk = Vocabulary::get("sk").unwrap();
/// assert_eq!(leading("Nová partia", &sk), Some((Name::New, "")));
/// assert_eq!(leading("pomoc čas", &sk), Some((Name::Help, "čas")));
/// assert_eq!(leading("help c", &sk), Some((Name::Help, "c")));
/// ```
pub fn leading<'t>(text: &'t str, vocab: &Vocabulary) -> Option<(Name, &'t str)> {
    let words = Typed::words(text);
    let english = Vocabulary::english();
    // The first of the longest: the language's own before English.
    let best = beginning(&words, vocab, &english).rev().max_by_key(|phrase| phrase.len())?;
    let tail = best.tail.len();
    Some((best.name, before_last_words(after_words(text, best.len() - tail), tail)))
}

/// The phrases that begin `words`, of `vocab` and then of `english` (once when they are one).
pub(super) fn beginning<'a>(
    words: &'a [Typed],
    vocab: &'a Vocabulary,
    english: &'a Vocabulary,
) -> impl DoubleEndedIterator<Item = &'a Phrase> {
    let sources = if vocab.code() == english.code() { vec![vocab] } else { vec![vocab, english] };
    let head = words.first().map(|w| w.folded.as_str()).unwrap_or_default();
    sources
        .into_iter()
        .flat_map(move |v| v.command_heads.get(head).into_iter().flatten())
        .filter(move |phrase| phrase.begins(words))
}

/// `text` without its last `k` words, trimmed.
fn before_last_words(text: &str, k: usize) -> &str {
    let mut rest = text.trim();
    for _ in 0..k {
        let start = rest.rfind(char::is_whitespace).unwrap_or(0);
        rest = rest[..start].trim_end();
    }
    rest
}

/// A command's phrase as it is compared: its lowercase words, and the same folded. A phrase with
/// `{text}` in it (`say {text} to my opponent`) has the words after it as its tail: the text said
/// is what stands between.
#[derive(Debug)]
pub(crate) struct Phrase {
    pub name: Name,
    words: Vec<(String, String)>,
    tail: Vec<(String, String)>,
}

impl Phrase {
    /// Whether `typed` begins with this phrase (and, with a tail, ends with its tail after at least
    /// one word of its own), word by word: as written, or typed without its diacritics ("napoveda"
    /// for "nápověda"); a word typed with diacritics of its own is another word ("řada" is not
    /// "rada").
    pub(super) fn begins(&self, typed: &[Typed]) -> bool {
        let same = |t: &Typed, (word, folded): &(String, String)| {
            t.lower == *word || (t.lower.is_ascii() && t.folded == *folded)
        };
        let (head, tail) = (self.words.len(), self.tail.len());
        let room = if tail == 0 { head } else { head + tail + 1 };
        room <= typed.len()
            && typed.iter().zip(&self.words).all(|(t, w)| same(t, w))
            && typed[typed.len() - tail..].iter().zip(&self.tail).all(|(t, w)| same(t, w))
    }

    /// Its words, the tail's too.
    pub fn len(&self) -> usize {
        self.words.len() + self.tail.len()
    }
}

/// A typed word: lowercase, without the punctuation around it, and folded (see [`parse::fold`]).
pub(super) struct Typed {
    pub(super) lower: String,
    pub(super) folded: String,
}

impl Typed {
    pub(super) fn words(text: &str) -> Vec<Typed> {
        text.split_whitespace()
            // A word of punctuation alone stays a word: [`after_words`] counts the text's words.
            .map(|w| w.trim_matches([',', '.', '!', '?', '"', '„', '“', '”', ':', ';']).to_lowercase())
            .map(|lower| Typed { folded: parse::fold(&lower), lower })
            .collect()
    }
}

/// The command phrases of `commands` by their first word, folded (see `Wordbook::command_heads`).
pub(crate) fn command_heads(commands: &[(Name, Vec<String>)]) -> std::collections::HashMap<String, Vec<Phrase>> {
    let mut heads: std::collections::HashMap<String, Vec<Phrase>> = std::collections::HashMap::new();
    let both = |words: &[&str]| -> Vec<(String, String)> {
        words.iter().map(|w| w.to_lowercase()).map(|w| (w.clone(), parse::fold(&w))).collect()
    };
    for (name, phrases) in commands {
        for phrase in phrases {
            let all: Vec<&str> = phrase.split_whitespace().collect();
            let (words, tail) = match all.iter().position(|w| *w == "{text}") {
                Some(at) => (both(&all[..at]), both(&all[at + 1..])),
                None => (both(&all), Vec::new()),
            };
            if let Some((_, first)) = words.first() {
                heads.entry(first.clone()).or_default().push(Phrase { name: *name, words, tail });
            }
        }
    }
    heads
}

/// `text` after its first `k` words, trimmed.
pub fn after_words(text: &str, k: usize) -> &str {
    let mut rest = text.trim();
    for _ in 0..k {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest
}
