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

/// The settings `set` takes, in the order `help set` says them.
pub const SETTINGS: [&str; 18] = [
    "language",
    "squares",
    "form",
    "speech",
    "rate",
    "volume",
    "sounds",
    "enter",
    "confirm",
    "alarms",
    "player",
    "auto-press",
    "touch-move",
    "flag",
    "tournament",
    "supervision",
    "no-draw-offer-before",
    "laws",
];

/// The values a setting takes, as they are typed; `None` for a name that is no setting. A setting's
/// parser and this list are kept together by the tests of the types that read them.
pub fn values(setting: &str) -> Option<&'static str> {
    Some(match setting {
        "language" | "lang" => "en, de, sk, cs, pl, sl",
        "squares" => "annex-d, german, anna, nato, plain",
        "form" => "short, long",
        "speech" => "auto, native, espeak, transcript, off",
        "rate" => "-100 … 100",
        "volume" => "0 … 100",
        "sounds" | "confirm" | "auto-press" | "tournament" => "on, off",
        "enter" => "press, nothing",
        "touch-move" => "warn, enforce",
        "flag" => "auto, claim",
        "supervision" => "full, partial",
        "no-draw-offer-before" => "1, 2, 3 …",
        "player" => "white, black, both",
        "alarms" => "10:00,1:00,0:10 … | off",
        "laws" => "2023, 2018",
        "level" => "1 … 8",
        "engine" => "builtin | /usr/games/stockfish",
        "board-protocol" => "anna, dgt, millennium",
        _ => return None,
    })
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
