//! A command line clap cannot read, said in the player's language: clap writes its errors in
//! English only, so its error is read by kind and said with the words of `grammar/` (an option
//! that is not there, a value a setting does not take, a subcommand missing its file). Help and
//! the version are clap's own and stay as written.

use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};

use anna_core::bad_value::BadValue;
use anna_language::announce::fill;
use anna_language::Vocabulary;

/// The exit code of a command line that cannot be read, as clap's own.
const USAGE: u8 = 2;

/// Says what is wrong with the command line `args` (the program's arguments, for the language
/// they ask for) and the exit code; help and version are printed by clap as they are.
pub fn refuse(error: clap::Error, args: &[String]) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            error.exit()
        }
        _ => match words(&error, &language(args)) {
            Some(words) => {
                eprintln!("anna: {words}");
                ExitCode::from(USAGE)
            }
            None => error.exit(),
        },
    }
}

/// The language `--lang` asks for, when it is one Anna speaks; English otherwise.
fn language(args: &[String]) -> Vocabulary {
    let code = args.iter().enumerate().find_map(|(i, arg)| match arg.strip_prefix("--lang") {
        Some("") => args.get(i + 1).map(String::as_str),
        Some(rest) => rest.strip_prefix('='),
        None => None,
    });
    code.and_then(Vocabulary::get).unwrap_or_else(Vocabulary::english)
}

/// What is wrong in the words of `vocab`; `None` for an error without the parts to say it with
/// (clap's English then).
fn words(error: &clap::Error, vocab: &Vocabulary) -> Option<String> {
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        Some(ContextValue::Strings(texts)) => texts.first().cloned(),
        _ => None,
    };
    // The option as typed, without clap's value placeholder: `--ui`, not `--ui <UI>`.
    let option = || text(ContextKind::InvalidArg).map(|arg| arg.split(' ').next().unwrap_or_default().to_string());
    let did_you_mean = |kind| {
        text(kind)
            .map(|word| format!(" {}", fill(vocab.word("line.did_you_mean"), &[("word", word)])))
            .unwrap_or_default()
    };
    let sentence = match error.kind() {
        ErrorKind::ValueValidation => {
            let bad = std::error::Error::source(error).and_then(|source| source.downcast_ref::<BadValue>());
            match bad {
                Some(bad) => anna_language::errors::bad_value(bad, &option()?, vocab),
                None => fill(vocab.word("errors.command_line"), &[("arg", option()?)]),
            }
        }
        ErrorKind::InvalidValue => {
            let values = match error.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(values)) => values.join(", "),
                _ => return Some(fill(vocab.word("errors.command_line"), &[("arg", option()?)])),
            };
            let value = text(ContextKind::InvalidValue).unwrap_or_default();
            let key = if value.is_empty() { "line.setting_needs" } else { "line.setting_values" };
            fill(vocab.word(key), &[("name", option()?), ("values", values), ("value", value)])
        }
        ErrorKind::UnknownArgument => {
            let option = text(ContextKind::InvalidArg)?;
            fill(vocab.word("errors.unknown_option"), &[("option", option)]) + &did_you_mean(ContextKind::SuggestedArg)
        }
        ErrorKind::InvalidSubcommand => {
            let command = text(ContextKind::InvalidSubcommand)?;
            fill(vocab.word("errors.unknown_command"), &[("command", command)])
                + &did_you_mean(ContextKind::SuggestedSubcommand)
        }
        ErrorKind::MissingRequiredArgument => {
            let what = match error.get(ContextKind::InvalidArg) {
                Some(ContextValue::Strings(args)) => args.join(", "),
                _ => return None,
            };
            // "Usage: anna review [OPTIONS] <FILE>": the command is what comes before its arguments.
            let usage = match error.get(ContextKind::Usage) {
                Some(ContextValue::StyledStr(usage)) => usage.to_string(),
                _ => return None,
            };
            let usage = usage.trim_start().strip_prefix("Usage:").unwrap_or(&usage).trim_start();
            let command: Vec<&str> =
                usage.split_whitespace().take_while(|word| !word.starts_with(['<', '[', '-'])).collect();
            fill(vocab.word("errors.needs"), &[("word", command.join(" ")), ("what", what)])
        }
        _ => fill(vocab.word("errors.command_line"), &[("arg", option()?)]),
    };
    Some(sentence)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_the_one_lang_asks_for() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(language(&args(&["anna", "--lang", "de", "--foo"])).code(), "de");
        assert_eq!(language(&args(&["anna", "--lang=sk"])).code(), "sk");
        assert_eq!(language(&args(&["anna", "--lang", "xx"])).code(), "en");
        assert_eq!(language(&args(&["anna", "--lang"])).code(), "en");
        assert_eq!(language(&args(&["anna", "--language", "de"])).code(), "en");
    }
}
