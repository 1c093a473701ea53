//! The values each setting takes, as they are typed (the same in every language): one table for the
//! command line (`--squares foo`), `set squares foo` in a game and the settings file, and the error
//! of a value that is not one of them.

/// A value given for a setting that is not one of the values it takes. The player hears it in their
/// language (`anna_language::errors::bad_value`: "Die Einstellung squares nimmt: annex-d, german,
/// anna, nato, plain. „foo“ gehört nicht dazu."); this type's Display is English, for the log.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Setting {setting} takes: {}. '{value}' is not one of them.", values(.setting).unwrap_or("?"))]
pub struct BadValue {
    /// What was given.
    pub value: String,
    /// The setting's name, as `set` and the command line (without `--`) write it.
    pub setting: &'static str,
}

impl BadValue {
    /// `value` given for `setting`, a name of [`values`].
    pub fn new(value: &str, setting: &'static str) -> BadValue {
        debug_assert!(values(setting).is_some(), "{setting} is not in the table of values");
        BadValue { value: value.to_string(), setting }
    }

    /// The values the setting takes, as typed.
    pub fn values(&self) -> &'static str {
        values(self.setting).unwrap_or_default()
    }
}

/// Every setting: its name (as `set` and the command line, without `--`, write it), the values it
/// takes as typed, and whether `set` changes it in a game (the others are the command line's
/// alone). In the order `help set` says them.
const TABLE: [(&str, &str, bool); 22] = [
    ("language", "en, de, sk, cs, pl, sl", true),
    ("squares", "annex-d, german, anna, nato, plain", true),
    ("form", "short, long", true),
    ("speech", "auto, native, espeak, transcript, off", true),
    ("rate", "-100 … 100", true),
    ("volume", "0 … 100", true),
    ("pitch", "-100 … 100", false),
    ("sounds", "on, off", true),
    ("enter", "press, nothing", true),
    ("confirm", "on, off", true),
    ("alarms", "10:00,1:00,0:10 … | off", true),
    ("player", "white, black, both", true),
    ("auto-press", "on, off", true),
    ("touch-move", "warn, enforce", true),
    ("flag", "auto, claim", true),
    ("tournament", "on, off", true),
    ("supervision", "full, partial", true),
    ("no-draw-offer-before", "1, 2, 3 …", true),
    ("laws", "2023, 2018", true),
    ("level", "1 … 8", false),
    ("engine", "builtin | /usr/games/stockfish", false),
    ("board-protocol", "anna, dgt, millennium", false),
];

/// The settings `set` changes in a game, in the order `help set` says them.
pub fn settings() -> impl Iterator<Item = &'static str> {
    TABLE.iter().filter(|(_, _, set)| *set).map(|(name, _, _)| *name)
}

/// The values a setting takes, as they are typed; `None` for a name that is no setting. A setting's
/// parser and this list are kept together by the tests of the types that read them.
pub fn values(setting: &str) -> Option<&'static str> {
    let setting = if setting == "lang" { "language" } else { setting };
    TABLE.iter().find(|(name, _, _)| *name == setting).map(|(_, values, _)| *values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_names_the_setting_its_values_and_the_value() {
        assert_eq!(
            BadValue::new("foo", "squares").to_string(),
            "Setting squares takes: annex-d, german, anna, nato, plain. 'foo' is not one of them."
        );
    }
}
