//! Commands by their leading words, for the line mode, the board view's `:` line and review: the
//! [`Name`](anna_core::command::Name) whose words in the `[commands]` table of `grammar/` begin a
//! line, in the game's language and in English (`leading`, now in `anna_language::commands`, the
//! one way in); and a program's own table of words (`table_word`, review's steps).

use anna_language::parse::fold;
use anna_language::Vocabulary;

pub use anna_language::commands::leading;

/// The word of a program's own table (`[review.words]`: `next = "next, n, forward"`) that begins
/// `text` (the longest phrase wins), in the language of `vocab` or in English, and the rest of the
/// text: `table` is the table's key, `names` its words' names.
pub fn table_word<'t>(
    text: &'t str,
    vocab: &Vocabulary,
    table: &str,
    names: &[&'static str],
) -> Option<(&'static str, &'t str)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let english = Vocabulary::english();
    let mut best: Option<(usize, &'static str)> = None;
    for v in [vocab, &english] {
        for name in names {
            for phrase in v.word(&format!("{table}.{name}")).split(',') {
                let phrase = fold(phrase.trim());
                let k = phrase.split(' ').count();
                let longer = best.is_none_or(|(b, _)| k > b);
                if !phrase.is_empty() && longer && k <= words.len() && fold(&words[..k].join(" ")) == phrase {
                    best = Some((k, *name));
                }
            }
        }
    }
    best.map(|(k, name)| (name, anna_language::commands::after_words(text, k)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use anna_core::command::Name;

    #[test]
    fn help_and_quit_are_understood_in_every_language() {
        for code in Vocabulary::codes() {
            let v = Vocabulary::get(code).unwrap();
            for name in [Name::Help, Name::Quit, Name::New, Name::Flip, Name::Settings, Name::Set, Name::Save] {
                let words = &v.commands.iter().find(|(n, _)| *n == name).unwrap().1;
                for word in words {
                    assert_eq!(leading(word, &v).map(|(n, _)| n), Some(name), "{code}: {word}");
                }
                assert_eq!(leading(name.key(), &v).map(|(n, _)| n), Some(name), "{code}: English {name}");
            }
        }
    }

    #[test]
    fn the_longest_phrase_wins_and_the_rest_is_kept() {
        let en = Vocabulary::english();
        assert_eq!(leading("new game", &en), Some((Name::New, "")));
        assert_eq!(leading("help   claim", &en), Some((Name::Help, "claim")));
        assert_eq!(leading("say again", &en), Some((Name::Repeat, "")));
        assert_eq!(leading("Nf3", &en), None);
        // The text inside a phrase (`say {text} to my opponent`) is what stands between.
        assert_eq!(leading("say good luck to my opponent!", &en), Some((Name::Chat, "good luck")));
        assert_eq!(leading("say to my opponent", &en), Some((Name::Chat, "")));
        let de = Vocabulary::german();
        assert_eq!(leading("schreib danke an den Gegner", &de), Some((Name::Chat, "danke")));
    }
}
