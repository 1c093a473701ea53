//! Speech settings: the command-line flags, the `[speech]` table of the settings file, and how the
//! two combine (a flag wins over the file, the file over the defaults).

use std::path::{Path, PathBuf};

use clap::Args;

pub use anna_app::speech::Choice;
use serde::{Deserialize, Serialize};

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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
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
    /// The settings in the `[speech]` table of a settings file's text.
    pub fn from_file(file: &toml::Table) -> Result<Settings, ConfigError> {
        let Some(table) = file.get("speech") else { return Ok(Settings::default()) };
        let settings: Settings = table.clone().try_into()?;
        settings.check()?;
        Ok(settings)
    }

    fn check(&self) -> Result<(), ConfigError> {
        let ranges =
            [("rate", self.rate, -100, 100), ("volume", self.volume, 0, 100), ("pitch", self.pitch, -100, 100)];
        for (name, value, low, high) in ranges {
            if !(low..=high).contains(&value) {
                return Err(ConfigError::Value(format!("{name} is {value}, but must be from {low} to {high}")));
            }
        }
        Ok(())
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

    /// The settings from the file at `path` (defaults if there is none), and a message if the file
    /// is broken: then the defaults are used, and the game goes on.
    pub fn load(path: Option<&Path>) -> (Settings, Option<String>) {
        let Some(path) = path else { return (Settings::default(), None) };
        match config::read(path).and_then(|file| file.map_or(Ok(Settings::default()), |f| Settings::from_file(&f))) {
            Ok(settings) => (settings, None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "anna: the settings file {} cannot be read ({}); the default speech settings are used.",
                    path.display(),
                    e.to_string().trim()
                )),
            ),
        }
    }

    /// Writes these settings as the `[speech]` table of the file at `path`.
    pub fn save(&self, path: &Path) -> Result<(), ConfigError> {
        let table = toml::Table::try_from(self)?;
        config::write_table(path, "speech", table)
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
        let settings =
            Settings::from_file(&file("[speech]\nbackend = \"espeak\"\nrate = 30\nvoice = \"de\"\n[sounds]\nx = 1\n"))
                .unwrap();
        assert_eq!(settings.backend, Choice::Espeak);
        assert_eq!((settings.rate, settings.volume, settings.voice.as_deref()), (30, 100, Some("de")));
        let args = SpeechArgs { rate: Some(-20), speech: Some(Choice::Off), ..SpeechArgs::default() };
        let merged = settings.with_args(&args);
        assert_eq!((merged.backend, merged.rate, merged.voice.as_deref()), (Choice::Off, -20, Some("de")));
    }

    #[test]
    fn a_file_without_speech_gives_the_defaults() {
        assert_eq!(Settings::from_file(&file("[sounds]\nx = 1\n")).unwrap(), Settings::default());
    }

    #[test]
    fn bad_tables_are_refused_with_a_reason() {
        for (text, expected) in [
            ("[speech]\nrat = 3\n", "rat"),
            ("[speech]\nbackend = \"loud\"\n", "loud"),
            ("[speech]\nrate = 300\n", "rate is 300"),
            ("[speech]\nvolume = \"high\"\n", "invalid type"),
        ] {
            let error = Settings::from_file(&file(text)).unwrap_err();
            assert!(error.to_string().contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn a_broken_file_gives_the_defaults_and_a_message() {
        let dir = std::env::temp_dir().join(format!("anna-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        std::fs::write(&path, "[speech\nrate = ").unwrap();
        let (settings, message) = Settings::load(Some(&path));
        assert_eq!(settings, Settings::default());
        assert!(message.unwrap().contains("config.toml"));
        let saved = Settings { rate: 25, voice: Some("en-gb".into()), ..Settings::default() };
        std::fs::remove_file(&path).unwrap();
        saved.save(&path).unwrap();
        assert_eq!(Settings::load(Some(&path)), (saved, None));
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
