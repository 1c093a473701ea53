//! One command table for the line mode and the board view's `:` line: the commands only the terminal
//! knows (`help`, `quit`, `new`, `flip`, `settings`, `set`, `save`), found by their words in the
//! `[commands]` table of `grammar/`, in the game's language and in English.

use anna_language::parse::fold;
use anna_language::Vocabulary;

/// A command the terminal handles itself; everything else goes to the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiCommand {
    Help,
    Quit,
    New,
    Flip,
    Settings,
    Set,
    /// `save [FILE]`, `save braille [FILE]`: the scoresheet as a file.
    Save,
    /// Lead the peg board back to the last position board and game agreed on.
    Restore,
    /// Read the sensor board as standing the other way round.
    TurnBoard,
    /// Listen for one utterance (push-to-talk).
    Listen,
    /// Stop the speech at once.
    Stop,
    /// Go on with an answer a move cut off.
    More,
}

impl UiCommand {
    /// The command of a name of `[commands]`, if the terminal handles it.
    pub fn from_name(name: &str) -> Option<UiCommand> {
        Some(match name {
            "help" => UiCommand::Help,
            "quit" => UiCommand::Quit,
            "new" => UiCommand::New,
            "flip" => UiCommand::Flip,
            "settings" => UiCommand::Settings,
            "set" => UiCommand::Set,
            "save" => UiCommand::Save,
            "restore" => UiCommand::Restore,
            "turn_board" => UiCommand::TurnBoard,
            "listen" => UiCommand::Listen,
            "stop" => UiCommand::Stop,
            "more" => UiCommand::More,
            _ => return None,
        })
    }
}

/// The command name whose words begin `text` (the longest phrase wins), in the language of `vocab`
/// or in English, and the rest of the text after those words.
///
/// ```
/// use anna_language::Vocabulary;
/// use anna_app::keys::leading;
///
/// let sk = Vocabulary::get("sk").unwrap();
/// assert_eq!(leading("Nová partia", &sk), Some(("new".to_string(), "")));
/// assert_eq!(leading("pomoc čas", &sk), Some(("help".to_string(), "čas")));
/// assert_eq!(leading("help c", &sk), Some(("help".to_string(), "c")));
/// ```
pub fn leading<'t>(text: &'t str, vocab: &Vocabulary) -> Option<(String, &'t str)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let english = Vocabulary::english();
    let mut best: Option<(usize, &str)> = None;
    for v in [vocab, &english] {
        for (name, phrases) in &v.commands {
            for phrase in phrases {
                let folded = fold(phrase);
                let k = folded.split(' ').count();
                let longer = best.is_none_or(|(b, _)| k > b);
                if longer && k <= words.len() && fold(&words[..k].join(" ")) == folded {
                    best = Some((k, name));
                }
            }
        }
    }
    best.map(|(k, name)| (name.to_string(), after_words(text, k)))
}

/// `text` after its first `k` words, trimmed.
fn after_words(text: &str, k: usize) -> &str {
    let mut rest = text.trim();
    for _ in 0..k {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_and_quit_are_understood_in_every_language() {
        for code in Vocabulary::codes() {
            let v = Vocabulary::get(code).unwrap();
            for name in ["help", "quit", "new", "flip", "settings", "set", "save", "restore", "turn_board"] {
                let words = &v.commands.iter().find(|(n, _)| n == name).unwrap().1;
                for word in words {
                    let found = leading(word, &v).map(|(n, _)| n);
                    assert_eq!(found.as_deref(), Some(name), "{code}: {word}");
                }
                if !name.contains('_') {
                    assert_eq!(leading(name, &v).map(|(n, _)| n).as_deref(), Some(name), "{code}: English {name}");
                }
            }
        }
    }

    #[test]
    fn the_longest_phrase_wins_and_the_rest_is_kept() {
        let en = Vocabulary::english();
        assert_eq!(leading("new game", &en), Some(("new".to_string(), "")));
        assert_eq!(leading("help   claim", &en), Some(("help".to_string(), "claim")));
        assert_eq!(leading("say again", &en), Some(("repeat".to_string(), "")));
        assert_eq!(leading("Nf3", &en), None);
    }
}
