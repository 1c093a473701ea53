//! `help`, `help COMMAND`, `help set NAME` and `help keys`, in every language.

use super::*;
use anna_language::Vocabulary;

/// Issue 46: the arbiter's `illegal` has its help, as every command has.
#[test]
fn help_illegal_says_what_it_does() {
    let mut m = mode(Options::default());
    let said = type_lines(&mut m, &["help illegal"]);
    assert!(said[0].starts_with("illegal, for the arbiter or the assistant (FIDE 7.5)"), "{said:?}");
}

#[test]
fn help_in_every_language() {
    for code in Vocabulary::codes() {
        let voice = Voice::new(Vocabulary::get(code).unwrap(), Default::default(), Default::default());
        let mut m = App::new(Config::default(), Vec::new(), voice.clone(), Options::default());
        let help =
            voice.vocab.commands.iter().find(|(n, _)| *n == anna_core::command::Name::Help).unwrap().1[0].clone();
        let intro = voice.vocab.word("help.intro").replace("{press}", voice.vocab.word("line.press_enter"));
        assert_eq!(type_lines(&mut m, &[&help]), [intro], "{code}");
        assert_eq!(type_lines(&mut m, &["help resign"]), [voice.vocab.word("help.resign")], "{code}");
        let bye = Words::line("line.quit_none");
        assert_eq!(m.line("quit", Duration::ZERO), [Out::Say(bye, Priority::Move), Out::Quit], "{code}");
    }
}

/// Issue 61: `help keys` (and the language's own word for keys) lists the board view's keys, with
/// the language's letters that find pieces.
#[test]
fn help_keys_lists_the_board_views_keys() {
    for (code, asked, letters) in [
        ("en", "help keys", "k q r b n p"),
        ("de", "Hilfe Tasten", "k d t l s b"),
        ("pl", "pomoc klawisze", "k h w g s p"),
    ] {
        let voice = Voice::new(Vocabulary::get(code).unwrap(), Default::default(), Default::default());
        let mut m = App::new(Config::default(), Vec::new(), voice.clone(), Options::default());
        let keys = voice.vocab.word("help.keys").replace("{letters}", letters);
        assert!(keys.contains("x: "), "{code}: {keys}");
        assert_eq!(type_lines(&mut m, &[asked]), std::slice::from_ref(&keys), "{code}");
        assert_eq!(type_lines(&mut m, &["help keys"]), [keys], "{code}: English");
    }
}

/// `help set` names every setting, `help set NAME` its values, both from the one table, and `set`
/// takes each of them.
#[test]
fn help_set_lists_every_setting_set_takes() {
    let mut m = mode(Options::default());
    let help = type_lines(&mut m, &["help set"]).remove(0);
    assert!(help.starts_with("set with a name and a value; the settings: language, squares, form, "), "{help}");
    assert!(help.ends_with(", laws. help set and a name says its values."), "{help}");
    assert_eq!(
        type_lines(&mut m, &["help set squares"]),
        ["Setting squares takes: annex-d, german, anna, nato, plain."]
    );
    for name in anna_core::bad_value::settings() {
        assert!(help.contains(name), "{name} in {help}");
        let values = anna_core::bad_value::values(name).unwrap();
        assert_eq!(type_lines(&mut m, &[&format!("help set {name}")]), [format!("Setting {name} takes: {values}.")]);
        let first = values.split([',', ' ']).next().unwrap();
        let said = type_lines(&mut m, &[&format!("set {name} {first}")]);
        assert!(
            said.last().is_some_and(|s| s.starts_with(&format!("Setting {name}: "))),
            "set {name} {first}: {said:?}"
        );
    }
}

/// Issue 26: "help please", "Hilfe bitte": politeness asks for no command called "please".
#[test]
fn help_said_politely_is_help() {
    let mut m = mode(Options::default());
    m.start();
    let plain = type_lines(&mut m, &["help"]);
    assert_eq!(type_lines(&mut m, &["help please"]), plain);
    assert_eq!(type_lines(&mut m, &["help time please"]), type_lines(&mut m, &["help time"]));
}
