//! What a line means here: the one way in (`commands::command`) read in the game's light (a
//! typing slip that leaves one legal move, "I take" with no draw offered), and the program's own
//! commands it names answered.

use std::time::Duration;

use anna_core::command::{Command, Name};
use anna_language::{commands, Vocabulary};

use crate::{App, Out};

impl App {
    /// What a line typed or heard in the game means here: the one way in
    /// ([`commands::command`], which `anna parse` shows), with a typing slip read as the move it
    /// leaves when that is the one legal move, and the short English forms in every language.
    pub fn understand(&self, text: &str) -> Result<Command, commands::CommandError> {
        let command = commands::command(text, &self.voice.vocab)?;
        // A typing slip that leaves exactly one legal move is that move: it is said back as every
        // move is, and the press is still the player's.
        let command = match command {
            Command::Unclear { .. } => match commands::slip_meaning(text, &self.voice.vocab) {
                Some(Command::Move(spec)) if self.session.game().resolve_spec(&spec).is_ok() => Command::Move(spec),
                _ => command,
            },
            command => command,
        };
        // "I take" (`vzamem`, `biorę`) with no draw offered is no acceptance: a capture, which one
        // asked when several are possible.
        let command = match command {
            Command::Accept if self.session.draw_offer().is_none() && self.is_capture_word(text) => {
                Command::Move(anna_core::rules::MoveSpec { capture: true, ..Default::default() })
            }
            command => command,
        };
        // The short English forms (`c`, `l`, `press`) are understood in every language.
        let command = match command {
            Command::Unclear { .. } if self.voice.vocab.code() != "en" => {
                commands::command(text, &Vocabulary::english())
                    .ok()
                    // An answer is the player's own language's yes or no, as every confirmation.
                    .filter(|c| !matches!(c, Command::Unclear { .. } | Command::Move(_) | Command::Answer(_)))
                    .unwrap_or(command)
            }
            command => command,
        };
        Ok(command)
    }

    /// Whether `text` is one of the language's capture words alone ("vzamem", "I take").
    fn is_capture_word(&self, text: &str) -> bool {
        let said = anna_language::parse::fold(text.trim().trim_end_matches(['.', '!']));
        self.voice.vocab.moves.capture.iter().any(|word| anna_language::parse::fold(word) == said)
    }

    /// A command of the program around the session, understood by the one way in: training (at
    /// home; refused with its article elsewhere), the terminal's own, a server game's own.
    pub(super) fn request(&mut self, name: Name, rest: &str, now: Duration) -> Vec<Out> {
        self.ui(name, rest, now).unwrap_or_else(|| vec![self.say("say.not_understood_line")])
    }
}
