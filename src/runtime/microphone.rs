//! The microphone as the loop drives it: started at the first `listen`, its recogniser built on
//! its own thread while the game goes on.

use super::{Outputs, Source};
use crate::adapters::listen::{ListenError, Microphone, Report};
use anna_app::Event;
use anna_language::Voice;

impl Outputs {
    /// Listens for one utterance (push-to-talk): the speech stops first, so the microphone hears the
    /// player, not Anna. The microphone starts here the first time; its recogniser is built on the
    /// microphone's own thread (it takes a second or two) while the game goes on, and the app hears
    /// that it is listening, or why it cannot, once it is built ([`Outputs::opened`]).
    pub(super) fn listen(&mut self, voice: &Voice) {
        let Some((mode, sender)) = self.listening.clone() else { return };
        self.speaker.silence();
        let position = self.position.clone().unwrap_or_default();
        let microphone = self.microphone.get_or_insert_with(|| {
            let wrap = |report| match report {
                Report::Opened(opened) => Source::Opened(opened),
                Report::Heard(hearing) => Source::Heard(hearing),
            };
            Microphone::start(&voice.vocab, &position, mode, self.speaker.talking(), sender.clone(), wrap)
        });
        match microphone {
            Ok(microphone) => {
                // Asked before it is open, it listens as soon as it is.
                microphone.listen();
                if self.microphone_open {
                    self.feedback.push(Event::Listening(Ok(())));
                }
            }
            // "Listening." once the microphone is open, or why it cannot be, never both.
            Err(e) => self.feedback.push(Event::Listening(Err(e.clone()))),
        }
    }

    /// The microphone's recogniser is built, or cannot be: the app is told, and a microphone
    /// that cannot hear is kept as the reason, said again at every attempt.
    pub(super) fn opened(&mut self, opened: Result<(), ListenError>) -> Event {
        match &opened {
            Ok(()) => self.microphone_open = true,
            Err(e) => self.microphone = Some(Err(e.clone())),
        }
        Event::Listening(opened)
    }
}
