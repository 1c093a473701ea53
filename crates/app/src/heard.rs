//! What the microphone heard (`adapters/listen.rs`), English only: a move is never played on the
//! recogniser's word. It is read back as a question ("Knight Felix drei?") and waits: `yes`, the
//! clock press (an empty line, Space) or a heard `press` make it; `no` drops it; a new move, heard or
//! typed, replaces it (FIDE D.2.8: a move may be corrected until it is completed). A heard answer
//! to Anna's question about a move (which knight, which promotion, which castling) is read back the
//! same way, as the whole move it picks. A square named by a letter that rhymes with another legal
//! one (`bee four` when e4 is legal too) is asked about instead, unless the recogniser's phone
//! decoder heard the letter's own sound (`Hearing::Spelled`): the word decoders cannot tell them
//! apart. The phone decoder shares their acoustic model and mishears some voices alike (espeak-ng's
//! `d` is `b` to both): once the player refuses a move it vouched for, it is trusted no more. A
//! heard command that cannot be taken back (a draw offer, declining one, a claim, a flag claim,
//! resigning, accepting) asks first, even with confirmations set off, and every other heard command
//! that acts (the press with no move read back, a pause, going on, sealing, leaving, a setting) is
//! read back first ("I heard 'pause'. Is that right?"). Everything else heard (a question, a
//! command that changes only what is said, an answer) goes on as if it had been typed. When the
//! recogniser is not sure, Anna says so and asks again; when its two decoders heard two different
//! legal moves, she names both and asks for the move again. She never plays or reads back a guess.

pub mod letters;
pub mod room;
pub mod sure;

use std::time::Duration;

use shakmaty::Move;

use super::confirm::{self, Origin, Pending};
use super::{App, Out, Waiting};
use anna_core::command::Command;
use anna_core::message::{Arg, Played, Priority, Words};
use anna_core::rules::Game;
use anna_core::rules::MoveSpec;
use anna_language::commands;
use anna_language::{hearing, Vocabulary};

/// Why Anna cannot listen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ListenError {
    #[error(
        "Anna was built without listening: build it with `cargo build --release --features listen` \
         (Debian packages libpocketsphinx-dev, libsphinxbase-dev and pkg-config)."
    )]
    NotBuilt,
    #[error("Listening is in English only for now: no recogniser model exists for {0}.")]
    Language(String),
    #[error("The English speech model is missing from {0}: install the Debian package pocketsphinx-en-us.")]
    NoModel(String),
    #[error("The recogniser could not be set up: {0}.")]
    Setup(String),
    #[error("The microphone could not be opened: {0}.")]
    Microphone(String),
    #[error("{0} is not a WAV file Anna can hear: {1}.")]
    Wav(String, String),
    #[error("There is no file {0}.")]
    NoFile(String),
    /// A recording longer than one utterance may be (`anna listen`): its path and length.
    #[error("{0} is {1} long; anna listen hears one move or command, a recording of at most {2} seconds.")]
    TooLong(String, String, u64),
}

/// What the recogniser made of an utterance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hearing {
    /// The words the recogniser is sure of: both decoders heard them, or the grammar decoder heard
    /// a move far ahead of every other reading (`crates/app/src/heard/sure.rs`).
    Words(String),
    /// Words the recogniser is sure of, as `Words`, which name a letter that rhymes with others
    /// (bee, see, dee, ee, gee), and the phone decoder heard each such letter's own sound: the
    /// square is the one heard, not one of its rhymes.
    Spelled(String),
    /// Not sure between two readings: the grammar's words, and the free reading's (the decoders
    /// heard different things) or another legal move the grammar found nearly as likely.
    Unsure(String, String),
    /// More was said than a move or a command: the grammar's words, and the free reading's, which
    /// heard words well before or after them ("go forward ten meters" heard as `golf four`). Never
    /// acted on: the player is asked to say the move or command alone.
    More(String, String),
    /// Nothing but silence or noise.
    Nothing,
}

impl Hearing {
    /// The words to act on: what both decoders heard alike, or, when their words differ, the
    /// grammar's words if both readings mean the same move or command to the parser (`echo five` and
    /// `echo funf`); `None` when they disagree or nothing was heard.
    pub fn agreed(&self, vocab: &Vocabulary) -> Option<&str> {
        match self {
            Hearing::Words(words) | Hearing::Spelled(words) => Some(words),
            Hearing::Unsure(strict, loose) => {
                let meaning = |text: &str| anna_language::commands::command(text, vocab).ok();
                match (meaning(strict), meaning(loose)) {
                    (Some(a), Some(b)) if a == b && !matches!(a, Command::Unclear { .. }) => Some(strict),
                    _ => None,
                }
            }
            Hearing::More(..) | Hearing::Nothing => None,
        }
    }

    /// The moves Anna names in a question instead of reading one back: the move heard with those
    /// its letters sound like, or two readings that are each a legal move; empty when she reads a
    /// move back or asks for it again.
    pub fn named(&self, game: &Game, vocab: &Vocabulary) -> Vec<Move> {
        let legal = |words: &str| hearing::legal_move(words, game, vocab);
        match (self, self.agreed(vocab)) {
            (_, Some(words)) => {
                let others = self.sound_alike(game, vocab);
                if others.is_empty() {
                    others
                } else {
                    others.into_iter().chain(legal(words)).collect()
                }
            }
            (Hearing::Unsure(strict, other), None) => match (legal(strict), legal(other)) {
                (Some(a), Some(b)) if a != b => vec![a, b],
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// The other legal moves the agreed words may have been, which Anna asks about: those of the
    /// letters that rhyme with a letter heard (`language::hearing::sound_alike`), none when the
    /// phone decoder heard each letter's own sound.
    pub fn sound_alike(&self, game: &Game, vocab: &Vocabulary) -> Vec<Move> {
        match (self, self.agreed(vocab)) {
            (Hearing::Spelled(_), _) | (_, None) => Vec::new(),
            (_, Some(words)) => hearing::sound_alike(words, game, vocab),
        }
    }
}

impl App {
    /// What the recogniser made of an utterance, or why nothing can be heard.
    pub(super) fn heard(&mut self, hearing: Result<Hearing, ListenError>, now: Duration) -> Vec<Out> {
        let heard = match hearing {
            Ok(Hearing::Nothing) => return vec![self.say("line.heard_nothing")],
            Ok(Hearing::More(..)) => return vec![self.say("line.heard_more")],
            // The phone decoder misheard this voice once: its word on a letter counts no more.
            Ok(Hearing::Spelled(words)) if self.phones_misheard => Hearing::Words(words),
            Ok(heard) => heard,
            Err(error) => return vec![Out::Say(listen_words(&error), Priority::Info)],
        };
        let Some(text) = heard.agreed(&self.voice.vocab).map(str::to_string) else {
            return self.unsure(&heard);
        };
        // A move heard while another waits for its confirmation replaces it (D.2.8). The answer to
        // "which knight?" is read back as the whole move it picks, and waits the same way. A command
        // that cannot be taken back asks first, as the recogniser may have misheard a move as it.
        // An irreversible question waits for its yes or no: everything heard goes to it.
        let irreversible = matches!(&self.waiting, Some(Waiting::Confirm(pending)) if pending.irreversible());
        if !irreversible
            && matches!(self.waiting, None | Some(Waiting::Heard { .. } | Waiting::SoundAlike | Waiting::Confirm(_)))
        {
            match commands::command(&text, &self.voice.vocab) {
                Ok(Command::Move(spec)) => {
                    if let Some(Waiting::Heard { command, vouched: true }) = &self.waiting {
                        // The move the phone decoder vouched for is replaced by another: it was
                        // misheard. The same move heard again is no correction.
                        self.phones_misheard |= *command != Command::Move(spec.clone());
                    }
                    let game = self.session.game();
                    // A square named by a letter that rhymes with another legal one (bee, ee):
                    // the word decoders cannot tell which, so the player is asked, unless the
                    // phone decoder heard the letter's own sound.
                    let (meant, others) = match self.session.answer_to_which(&spec) {
                        Some(mv) => (Some((mv, MoveSpec::of_move(mv))), Vec::new()),
                        None => (
                            game.resolve_spec(&spec).ok().map(|mv| (mv, spec)),
                            heard.sound_alike(game, &self.voice.vocab),
                        ),
                    };
                    let vouched = matches!(heard, Hearing::Spelled(_));
                    let played = |mv| Played::new(game.position(), mv);
                    if let (Some((mv, _)), false) = (&meant, others.is_empty()) {
                        let moves = others.into_iter().chain([*mv]).collect();
                        return self.ask_which(moves, "line.heard_sound_alike");
                    }
                    if let Some((mv, spec)) = meant {
                        let played = played(mv);
                        self.waiting = Some(Waiting::Heard { command: Command::Move(spec), vouched });
                        let words = Words::line("line.heard_move").arg("move", Arg::Move(played));
                        return vec![Out::Say(words, Priority::Move)];
                    }
                }
                Ok(command) if confirm::question(&command, Origin::Heard).is_some() => {
                    self.waiting = None;
                    return self.ask_or_act_as(command, Origin::Heard, now);
                }
                // Yes, no and the press are the answers a move read back waits for; yes and no
                // answer a question.
                Ok(Command::Answer(_) | Command::Press) if matches!(self.waiting, Some(Waiting::Heard { .. })) => {}
                Ok(Command::Answer(_)) if matches!(self.waiting, Some(Waiting::Confirm(_))) => {}
                Ok(command) if confirm::acts(&command) => return self.read_back_heard(&text),
                Ok(Command::Request(name, _)) if confirm::terminal_acts(name) => return self.read_back_heard(&text),
                _ => {}
            }
        }
        // A confirmation, a correction, a command or a move that is no single legal move: as typed.
        self.line(&text, now)
    }

    /// Not sure between two readings. When each is a legal move of its own, both are named and the
    /// player says the move again ("Rook Bella eins or Rook David eins?"); one confident guess is
    /// never read back. Otherwise: say it again.
    fn unsure(&mut self, heard: &Hearing) -> Vec<Out> {
        let moves = heard.named(self.session.game(), &self.voice.vocab);
        if moves.is_empty() {
            vec![self.say("line.heard_unsure")]
        } else {
            self.ask_which(moves, "line.heard_which")
        }
    }

    /// The moves that may have been said, named in the order of their squares, with the sentence
    /// `key`; the move said again answers, and none is played meanwhile.
    fn ask_which(&mut self, mut moves: Vec<Move>, key: &str) -> Vec<Out> {
        let game = self.session.game();
        moves.sort_by_key(|mv| game.uci(*mv).to_string());
        let moves = moves.into_iter().map(|mv| Played::new(game.position(), mv)).collect();
        self.waiting = Some(Waiting::SoundAlike);
        vec![Out::Say(Words::line(key).arg("moves", Arg::MoveOptions(moves)), Priority::Move)]
    }

    /// A heard command that acts, read back as a question before it is done: "I heard 'pause'. Is
    /// that right?" The recogniser may have heard it for a move the player said.
    fn read_back_heard(&mut self, text: &str) -> Vec<Out> {
        self.waiting = Some(Waiting::Confirm(Pending::Heard(text.to_string())));
        let words = Words::line("line.confirm_heard").arg("text", Arg::Text(text.to_string()));
        vec![Out::Say(words, Priority::Urgent)]
    }

    /// The answer to a heard move read back: `yes` makes it, the press makes it and presses, `no`
    /// drops it; `None` when the line is something else (the heard move lapses). A move `vouched`
    /// for by the phone decoder and not made shows that it mishears this voice.
    pub(super) fn answer_heard(
        &mut self,
        command: Command,
        vouched: bool,
        text: &str,
        now: Duration,
    ) -> Option<Vec<Out>> {
        let answer = match commands::answer(text, &self.voice.vocab) {
            Some(yes) => Ok(Command::Answer(yes)),
            None => commands::command(text, &self.voice.vocab),
        };
        // Yes, the press, or the same move typed.
        let made = text.is_empty()
            || matches!(answer, Ok(Command::Answer(true) | Command::Press))
            || answer.as_ref().is_ok_and(|answer| *answer == command);
        self.phones_misheard |= vouched && !made;
        if text.is_empty() {
            let mut out = self.act(command, now);
            out.extend(self.act(Command::Press, now));
            return Some(out);
        }
        match answer {
            Ok(Command::Answer(true)) => Some(self.act(command, now)),
            Ok(Command::Press) => {
                let mut out = self.act(command, now);
                out.extend(self.act(Command::Press, now));
                Some(out)
            }
            Ok(Command::Answer(false)) => Some(vec![self.say("line.heard_dropped")]),
            _ => None,
        }
    }
}

/// Why Anna cannot listen, in the player's words.
pub(super) fn listen_words(error: &ListenError) -> Words {
    match error {
        ListenError::NotBuilt => Words::line("line.listen_not_built"),
        ListenError::Language(language) => {
            Words::line("line.listen_language").arg("language", Arg::Text(language.clone()))
        }
        ListenError::NoModel(_) => Words::line("line.listen_no_model"),
        ListenError::Setup(why) | ListenError::Microphone(why) | ListenError::Wav(_, why) => {
            Words::line("line.listen_failed").arg("text", Arg::Text(why.clone()))
        }
        ListenError::NoFile(_) | ListenError::TooLong(..) => {
            Words::line("line.listen_failed").arg("text", Arg::Text(error.to_string()))
        }
    }
}

#[cfg(test)]
mod tests;
