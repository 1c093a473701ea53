//! Speech settings: the command-line flags, the `[speech]` table of the settings file, and how the
//! two combine (a flag wins over the file, the file over the defaults).

use std::path::{Path, PathBuf};

use clap::Args;

pub use anna_app::speech::Choice;
use serde::Serialize;

use crate::adapters::config::{self, ConfigError};

/// The speech flags of `anna` and `anna voices`.
#[derive(Args, Debug, Clone, Default)]
pub struct SpeechArgs {
    /// How Anna speaks: auto, native, espeak, transcript or off.
    #[arg(long, global = true, value_parser = speech_choice())]
    pub speech: Option<Choice>,
    /// Write each sentence said to this file too (a braille display or a second screen may follow
    /// it); with --speech transcript, it is the only speech.
    #[arg(long, global = true)]
    pub transcript: Option<PathBuf>,
    /// Speaking rate from -100 (slowest) to 100 (fastest); 0 is the voice's normal rate.
    #[arg(long, global = true, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-100..=100))]
    pub rate: Option<i32>,
    /// Volume from 0 to 100 (the loudest, and the default).
    #[arg(long, global = true, value_parser = clap::value_parser!(i32).range(0..=100))]
    pub volume: Option<i32>,
    /// Pitch from -100 (lowest) to 100 (highest); 0 is the voice's normal pitch.
    #[arg(long, global = true, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-100..=100))]
    pub pitch: Option<i32>,
    /// The voice, as `anna voices` lists it (a language code such as `de` for espeak); by default
    /// a voice of the game's language.
    #[arg(long, global = true)]
    pub voice: Option<String>,
    /// Save the speech settings of this command line in the settings file for the next games.
    #[arg(long, global = true)]
    pub save_settings: bool,
}

/// `--speech`'s values, listed in `--help` and in clap's error.
fn speech_choice() -> impl clap::builder::TypedValueParser<Value = Choice> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Choice::ALL.map(Choice::name))
        .map(|name| name.parse::<Choice>().unwrap_or_default())
}

/// The `[speech]` table of the settings file, and the settings in force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Settings {
    pub backend: Choice,
    pub rate: i32,
    pub volume: i32,
    pub pitch: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voice: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { backend: Choice::Auto, rate: 0, volume: 100, pitch: 0, voice: None, transcript: None }
    }
}

impl Settings {
    /// The settings in the `[speech]` table of a settings file, key by key: a value that is not one
    /// the key takes, or a key Anna does not know, is passed over with a note, and the rest is kept.
    pub fn from_file(file: &toml::Table) -> (Settings, Vec<FileNote>) {
        let mut settings = Settings::default();
        let mut notes = Vec::new();
        let Some(table) = file.get("speech") else { return (settings, notes) };
        let Some(table) = table.as_table() else { return (settings, vec![FileNote::Value("speech".into())]) };
        for (key, value) in table {
            let number = |low: i64, high: i64| {
                value.as_integer().filter(|n| (low..=high).contains(n)).and_then(|n| i32::try_from(n).ok())
            };
            let read = match key.as_str() {
                "backend" => value.as_str().and_then(|t| t.parse().ok()).map(|c| settings.backend = c),
                "rate" => number(-100, 100).map(|n| settings.rate = n),
                "volume" => number(0, 100).map(|n| settings.volume = n),
                "pitch" => number(-100, 100).map(|n| settings.pitch = n),
                "voice" => value.as_str().map(|t| settings.voice = Some(t.to_string())),
                "transcript" => value.as_str().map(|t| settings.transcript = Some(PathBuf::from(t))),
                _ => {
                    notes.push(FileNote::Unknown(key.clone()));
                    continue;
                }
            };
            if read.is_none() {
                notes.push(FileNote::Value(key.clone()));
            }
        }
        (settings, notes)
    }

    /// These settings with the flags given on the command line put over them.
    pub fn with_args(mut self, args: &SpeechArgs) -> Settings {
        if let Some(choice) = args.speech {
            self.backend = choice;
        }
        if let Some(path) = &args.transcript {
            self.transcript = Some(path.clone());
        }
        self.rate = args.rate.unwrap_or(self.rate);
        self.volume = args.volume.unwrap_or(self.volume);
        self.pitch = args.pitch.unwrap_or(self.pitch);
        if let Some(voice) = &args.voice {
            self.voice = Some(voice.clone());
        }
        self
    }

    /// The settings from the file at `path` (defaults if there is none), and what was wrong in it:
    /// a file that cannot be read gives the defaults; a bad key loses only itself. The game goes on.
    pub fn load(path: Option<&Path>) -> (Settings, Vec<FileNote>) {
        let Some(path) = path else { return (Settings::default(), Vec::new()) };
        match config::read(path) {
            Ok(None) => (Settings::default(), Vec::new()),
            Ok(Some(file)) => Settings::from_file(&file),
            Err(e) => {
                crate::adapters::diverted::note(&format!("the settings file {}: {e}", path.display()));
                (Settings::default(), vec![FileNote::Unreadable])
            }
        }
    }

    /// Writes these settings as the `[speech]` table of the file at `path`.
    pub fn save(&self, path: &Path) -> Result<(), ConfigError> {
        let table = toml::Table::try_from(self)?;
        config::write_table(path, "speech", table)
    }
}

/// What was wrong in the settings file's `[speech]` table, said in the player's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileNote {
    /// The file is no TOML, or cannot be read: the default speech settings are used.
    Unreadable,
    /// A key Anna does not know: passed over.
    Unknown(String),
    /// A value the key does not take: its default is used.
    Value(String),
}

impl FileNote {
    /// The note in `vocab`'s words, naming the file at `path`.
    pub fn words(&self, path: &Path, vocab: &anna_language::Vocabulary) -> String {
        use anna_language::announce::fill;
        let path = ("path", path.display().to_string());
        match self {
            FileNote::Unreadable => fill(vocab.word("speech.file_unreadable"), &[path]),
            FileNote::Unknown(key) => fill(vocab.word("speech.file_unknown"), &[path, ("key", key.clone())]),
            FileNote::Value(key) => {
                let setting = if key == "backend" { "speech" } else { key.as_str() };
                let values = anna_core::bad_value::values(setting).unwrap_or_default().to_string();
                fill(vocab.word("speech.file_value"), &[path, ("key", key.clone()), ("values", values)])
            }
        }
    }
}

/// What an engine needs to know to speak: the settings and the game's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    pub rate: i32,
    pub volume: i32,
    pub pitch: i32,
    /// The voice asked for, if any.
    pub voice: Option<String>,
    /// The game's language code (`en`, `de`): the voice to pick when none is asked for.
    pub language: String,
}

impl Params {
    pub fn new(settings: &Settings, language: &str) -> Params {
        Params {
            rate: settings.rate,
            volume: settings.volume,
            pitch: settings.pitch,
            voice: settings.voice.clone(),
            language: language.to_string(),
        }
    }

    /// A setting from -100..=100 (0 normal) mapped onto an engine's own scale.
    pub fn scale(value: i32, min: f32, normal: f32, max: f32) -> f32 {
        let v = value.clamp(-100, 100) as f32 / 100.0;
        if v >= 0.0 {
            normal + (max - normal) * v
        } else {
            normal + (normal - min) * v
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    #[test]
    fn the_file_sets_and_flags_override() {
        let (settings, notes) =
            Settings::from_file(&file("[speech]\nbackend = \"espeak\"\nrate = 30\nvoice = \"de\"\n[sounds]\nx = 1\n"));
        assert_eq!(notes, []);
        assert_eq!(settings.backend, Choice::Espeak);
        assert_eq!((settings.rate, settings.volume, settings.voice.as_deref()), (30, 100, Some("de")));
        let args = SpeechArgs { rate: Some(-20), speech: Some(Choice::Off), ..SpeechArgs::default() };
        let merged = settings.with_args(&args);
        assert_eq!((merged.backend, merged.rate, merged.voice.as_deref()), (Choice::Off, -20, Some("de")));
    }

    #[test]
    fn a_file_without_speech_gives_the_defaults() {
        assert_eq!(Settings::from_file(&file("[sounds]\nx = 1\n")), (Settings::default(), Vec::new()));
    }

    /// Issue 57: a bad value or an unknown key loses only itself, said in the player's words (not
    /// serde's text); the rest of the table is kept.
    #[test]
    fn a_bad_key_loses_only_itself_and_is_said_in_words() {
        let text = "[speech]\nrat = 3\nbackend = 5\nrate = 300\nvolume = 40\nvoice = \"de\"\n";
        let (settings, notes) = Settings::from_file(&file(text));
        assert_eq!((settings.volume, settings.voice.as_deref(), settings.rate), (40, Some("de"), 0));
        assert_eq!(
            notes,
            [FileNote::Value("backend".into()), FileNote::Unknown("rat".into()), FileNote::Value("rate".into())]
        );
        let vocab = anna_language::Vocabulary::get("en").unwrap();
        let path = Path::new("/home/jana/.config/anna/config.toml");
        assert_eq!(
            notes[0].words(path, &vocab),
            "In the settings file /home/jana/.config/anna/config.toml, [speech] backend takes auto, native, espeak, \
             transcript, off; its default is used."
        );
        assert_eq!(
            notes[1].words(path, &vocab),
            "The settings file /home/jana/.config/anna/config.toml has [speech] rat, which Anna does not know; it is \
             passed over."
        );
        let german = anna_language::Vocabulary::get("de").unwrap();
        assert!(notes[2].words(path, &german).contains("nimmt [speech] rate die Werte -100 … 100"));
    }

    #[test]
    fn a_broken_file_gives_the_defaults_and_a_note() {
        let dir = std::env::temp_dir().join(format!("anna-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        std::fs::write(&path, "[speech\nrate = ").unwrap();
        assert_eq!(Settings::load(Some(&path)), (Settings::default(), vec![FileNote::Unreadable]));
        let saved = Settings { rate: 25, voice: Some("en-gb".into()), ..Settings::default() };
        std::fs::remove_file(&path).unwrap();
        saved.save(&path).unwrap();
        assert_eq!(Settings::load(Some(&path)), (saved, Vec::new()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn scales_map_the_middle_and_both_ends() {
        assert_eq!(Params::scale(0, -10.0, 0.0, 50.0), 0.0);
        assert_eq!(Params::scale(100, -10.0, 0.0, 50.0), 50.0);
        assert_eq!(Params::scale(-100, -10.0, 0.0, 50.0), -10.0);
        assert_eq!(Params::scale(50, 0.1, 1.0, 10.0), 5.5);
    }
}
