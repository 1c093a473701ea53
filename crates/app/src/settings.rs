//! `settings` and `set NAME VALUE` at run time. The voice (language, squares, form), speech and
//! sounds belong to the terminal and the runtime; the game settings go to the session as
//! [`Command::Set`]. Every change is confirmed in a spoken sentence.

use crate::OtherSide;
use std::time::Duration;

use super::{App, Enter, InForce, Out};
use crate::speech::Choice;
use anna_core::command::{Command, Setting};
use anna_core::message::{Arg, Priority, Words};
use anna_core::session::TouchMove;
use anna_language::{commands, MoveForm, SquareStyle, Vocabulary, Voice};

use anna_core::command::{on_off, on_off_word};

impl App {
    /// Every setting the runtime carries out, as it is in force now.
    pub fn in_force(&self) -> Out {
        Out::Settings(InForce {
            sounds: self.options.sounds,
            speech: self.options.speech,
            rate: self.options.rate,
            volume: self.options.volume,
            language: self.voice.vocab.code().to_string(),
        })
    }

    /// Against the computer the sides are the game's once it has begun: the player's side changed
    /// then would have the computer move at once for the player's old side. Before the first move,
    /// and after the game, the player chooses freely.
    pub(super) fn side_fixed(&self, side: shakmaty::Color) -> bool {
        let under_way = !self.session.game().plies().is_empty() && self.session.outcome().is_none();
        self.options.opponent.is_remote() && under_way && side != self.user_side()
    }

    pub(super) fn side_fixed_words(&self) -> Out {
        Out::Say(Words::line("line.side_fixed").arg("side", Arg::Side(self.user_side())), Priority::Info)
    }

    /// `set NAME VALUE`.
    pub(super) fn set(&mut self, rest: &str, now: Duration) -> Vec<Out> {
        let (name, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let (name, value) = (name.to_ascii_lowercase(), value.trim().to_ascii_lowercase());
        let mut out = Vec::new();
        let said = match name.as_str() {
            "language" | "lang" => match Vocabulary::get(&value) {
                Some(vocab) => {
                    let said = vocab.name.clone();
                    out.extend(self.change_voice(Voice::new(vocab, self.voice.squares, self.voice.form)));
                    Some(said)
                }
                None => None,
            },
            "squares" => value.parse::<SquareStyle>().ok().map(|style| {
                out.extend(self.change_voice(Voice::new(self.voice.vocab.clone(), style, self.voice.form)));
                value.clone()
            }),
            "form" => value.parse::<MoveForm>().ok().map(|form| {
                out.extend(self.change_voice(Voice::new(self.voice.vocab.clone(), self.voice.squares, form)));
                value.clone()
            }),
            "speech" => value.parse::<Choice>().ok().map(|choice| {
                self.options.speech = Some(choice);
                out.push(self.in_force());
                value.clone()
            }),
            "rate" => value.parse::<i32>().ok().filter(|r| (-100..=100).contains(r)).map(|rate| {
                self.options.rate = Some(rate);
                out.push(self.in_force());
                value.clone()
            }),
            "volume" => value.parse::<i32>().ok().filter(|v| (0..=100).contains(v)).map(|volume| {
                self.options.volume = Some(volume);
                out.push(self.in_force());
                value.clone()
            }),
            "sounds" => on_off(&value).map(|on| {
                self.options.sounds = on;
                out.push(self.in_force());
                value.clone()
            }),
            "enter" => match value.as_str() {
                "press" => Some(Enter::Press),
                "nothing" => Some(Enter::Nothing),
                _ => None,
            }
            .map(|enter| {
                self.options.enter = enter;
                value.clone()
            }),
            "confirm" => on_off(&value).map(|on| {
                self.options.confirm = on;
                value.clone()
            }),
            // The game's settings: auto-press, touch-move, alarms, player, flag, tournament...
            _ => match commands::script_command(&format!("set {rest}"), &self.voice.vocab) {
                Ok(Command::Set(Setting::Player(Some(side)))) if self.side_fixed(side) => {
                    return vec![self.side_fixed_words()];
                }
                Ok(command @ Command::Set(_)) => {
                    out.extend(self.act(command, now));
                    Some(value.clone())
                }
                _ => None,
            },
        };
        let words = match (said, anna_core::bad_value::values(&name)) {
            (Some(value), _) => {
                Words::line("line.setting_changed").arg("name", Arg::Text(name)).arg("value", Arg::Text(value))
            }
            (None, Some(values)) if value.is_empty() => {
                Words::line("line.setting_needs").arg("name", Arg::Text(name)).arg("values", Arg::Text(values.into()))
            }
            (None, Some(values)) => Words::line("line.setting_values")
                .arg("name", Arg::Text(name))
                .arg("values", Arg::Text(values.to_string()))
                .arg("value", Arg::Text(value)),
            (None, None) => Words::line("line.setting_unknown"),
        };
        out.push(Out::Say(words, Priority::Info));
        out
    }

    /// `settings`: the settings in force, in the player's language (`[values]` of `grammar/`).
    pub(super) fn settings(&self) -> Out {
        let squares = match self.voice.squares {
            SquareStyle::AnnexD => "annex_d",
            SquareStyle::German => "german",
            SquareStyle::Anna => "anna",
            SquareStyle::Nato => "nato",
            SquareStyle::Plain => "plain",
        };
        let form = match self.voice.form {
            MoveForm::Short => "short",
            MoveForm::Long => "long",
        };
        let enter = match self.options.enter {
            Enter::Press => "press",
            Enter::Nothing => "nothing",
        };
        let config = self.session.config();
        let touch = match config.touch_move {
            TouchMove::Warn => "warn",
            TouchMove::Enforce => "enforce",
        };
        // Against the computer the user plays one side, White unless chosen.
        let player = if self.options.opponent.is_remote() { Some(self.user_side()) } else { config.player };
        let player = player.map_or_else(|| Arg::Word("line.both".into()), Arg::Side);
        let value = |key: &str| Arg::Word(format!("values.{key}"));
        let both = !self.options.opponent.is_remote() && config.player.is_none();
        let opponent = if self.options.opponent == OtherSide::Computer {
            let level = Arg::Number(u32::from(self.options.level.get()));
            Arg::Text(self.voice.words(&Words::line("line.settings_computer").arg("level", level)))
        } else if both {
            // Both sides played here (two people at one board, an arbiter's or assistant's game):
            // each side by its name, or said to have none.
            let named = |side| {
                let name =
                    self.session.name(side).map_or_else(|| self.word("line.no_name").to_string(), str::to_string);
                Arg::Text(name)
            };
            let players = Words::line("line.players")
                .arg("white", named(shakmaty::Color::White))
                .arg("black", named(shakmaty::Color::Black));
            Arg::Text(self.voice.words(&players))
        } else {
            let name =
                |side| self.session.name(side).map_or_else(|| self.word("line.opponent").to_string(), str::to_string);
            Arg::Text(name(!config.player.unwrap_or(shakmaty::Color::White)))
        };
        let tc = self.session.clock().time_control();
        let tc = if tc.is_none() { value("no_clock") } else { Arg::TimeControl(tc.clone()) };
        let words = Words::line(if both { "line.settings_both" } else { "line.settings" })
            .arg("language", Arg::Text(self.voice.vocab.name.clone()))
            .arg("squares", value(squares))
            .arg("form", value(form))
            .arg("sounds", value(on_off_word(self.options.sounds)))
            .arg("enter", value(enter))
            .arg("auto_press", value(on_off_word(config.auto_press)))
            .arg("touch_move", value(touch))
            .arg("player", player)
            .arg("opponent", opponent.clone())
            .arg("players", opponent)
            .arg("tc", tc)
            .arg("laws", Arg::Number(u32::from(config.laws.year())));
        Out::Say(words, Priority::Info)
    }
}
