//! What the application asks of the runtime: [`Out`] values, carried out in order, and the
//! settings in force ([`InForce`]) among them.

use shakmaty::Color;

use crate::computer::EngineChoice;
use crate::journal::Record;
use crate::save::Save;
use crate::speech::Choice;
use anna_board::{BoardRole, HostCommand};
use anna_core::message::{self, Priority, Sound, Utterance, Words};
use anna_core::opponent::Request;
use anna_language::Voice;

/// What the application asks of the runtime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Out {
    /// Write this line and say it; the view makes the words in its voice's language.
    Say(Words, Priority),
    /// An answer about the clocks: write it at once and say it, but with the clock of `running`
    /// read when it is spoken (the utterance's time of that side counts down).
    SayLive(Utterance, Color),
    /// Write this line and say it, but leave it out of a script's transcript (the welcome, a line
    /// a script cannot contain).
    Write(Words),
    Play(Sound),
    /// A fact for the record (a move, a press, a decision with its article): transcripts print it.
    Record(message::Fact),
    /// The settings the runtime acts on, all of them as they are in force: put out at the start,
    /// on every restore and whenever one changes, so nothing is copied into the runtime by hand.
    Settings(InForce),
    /// Stop the speech at once: what is being said and everything waiting.
    Silence,
    /// Go on with the answer a move cut off.
    More,
    /// Listen to the player: the microphone hears one utterance (push-to-talk); whether it opened
    /// comes back as [`crate::Event::Listening`], what it heard as [`crate::Event::Heard`].
    Listen,
    /// The computer plays with this engine from now on (a resumed game's).
    Engine(EngineChoice),
    /// Ask the computer opponent for a move; its answer comes back through
    /// [`crate::Event::Engine`].
    Think(Request),
    /// Evaluate a position with the analysing engine; the answer comes back as
    /// [`crate::Event::Evaluated`].
    Evaluate(crate::training::Ask),
    /// Ask this of the server where the game is played; what comes of it comes back as
    /// [`crate::Event::Server`].
    Server(crate::online::ServerRequest),
    /// Send this to a board; the runtime drops it when no such board is linked.
    Board(BoardRole, HostCommand),
    /// Append this record to the game's journal. Every record is on the disk before anything that
    /// follows it is written or said.
    Journal(Record),
    /// A new game: its journal is a new file.
    JournalNew,
    /// Go on writing the journal at this path (a resumed game).
    JournalContinue(std::path::PathBuf),
    /// Write a file (the scoresheet); the runtime tells the app what became of it ([`crate::Event::Saved`]).
    Save(Save),
    /// The player leaves a game whose journal is not on the disk: this is its PGN. The runtime
    /// tries the journal once more, then writes the PGN wherever it can (the games folder, the
    /// temporary folder) and says where, or writes it out whole; the game is never said kept
    /// when it is not.
    Rescue(String),
    /// A puzzle of lichess's file solved (its id): remembered in the data folder, so that the next
    /// round brings others.
    Solved(String),
    Quit,
}

impl Out {
    /// The sentences among `outs`, said or written, in order, in English: what the player hears.
    pub fn said(outs: &[Out]) -> Vec<String> {
        Out::said_by(outs, &Voice::english())
    }

    /// The sentences among `outs` in the words of `voice`.
    pub fn said_by(outs: &[Out], voice: &Voice) -> Vec<String> {
        outs.iter().filter_map(|o| o.words(voice)).collect()
    }

    /// The words of a sentence said or written, in `voice`; `None` for every other out.
    pub fn words(&self, voice: &Voice) -> Option<String> {
        match self {
            Out::Say(words, _) | Out::Write(words) => Some(voice.words(words)),
            Out::SayLive(utterance, _) => Some(voice.render(utterance)),
            _ => None,
        }
    }

    /// The request for the computer's move among `outs`, if there is one.
    pub fn think(outs: &[Out]) -> Option<Request> {
        outs.iter().find_map(|o| match o {
            Out::Think(request) => Some(request.clone()),
            _ => None,
        })
    }
}

/// The settings in force that the runtime carries out: sounds, the way of speaking, its rate and
/// volume (`None`: as the command line and the settings file say), and the language of the voice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InForce {
    pub sounds: bool,
    pub speech: Option<Choice>,
    pub rate: Option<i32>,
    pub volume: Option<i32>,
    /// The language code of the words said (the speaker picks a voice for it).
    pub language: String,
}
