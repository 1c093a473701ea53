//! `anna listen FILE.wav`: what the recogniser hears in a recording, then what Anna understands of
//! it, exactly as `anna parse` prints it. This is how the tests and a player's own recordings are
//! checked.

use std::path::Path;
use std::process::ExitCode;

use super::GameArgs;
use crate::adapters::listen::{read_wav, Hearing, Recogniser};
use anna_core::rules::Game;
use anna_language::Vocabulary;

/// Prints `heard: WORDS`, then what `anna parse` prints for the words, with its exit codes; 3 when
/// Anna cannot listen (no `listen` feature, no model, not English) or the file is no WAV it can hear
/// (`read_wav`), and 1 when nothing was heard or the decoders disagree. Stdout holds a result only: when
/// there is none, it stays empty and the reason is on stderr.
pub fn listen(file: &Path, fen: Option<&str>, args: &GameArgs) -> ExitCode {
    // The moves of the position are heard, as in a game.
    let (voice, game) = match super::voice_and_game("en", fen, args) {
        Ok(both) => both,
        Err(code) => return code,
    };
    // What can be checked without loading the model is said at once: the language, the build, the
    // model's files, then the recording.
    let samples = or_stop!(Recogniser::can_hear(&voice.vocab).and_then(|_| read_wav(file)), 3);
    let heard = Recogniser::new(&voice.vocab, game.position()).and_then(|mut recogniser| recogniser.hear(&samples));
    // What the game would act on: the words the recogniser is sure of, or the grammar's when both
    // decoders' words mean the same.
    let agreed = heard.as_ref().ok().and_then(|outcome| outcome.agreed(&voice.vocab)).map(str::to_string);
    match heard {
        Ok(Hearing::Nothing) => {
            eprintln!("Nothing was heard.");
            ExitCode::from(1)
        }
        Ok(outcome) => match (agreed, outcome) {
            (Some(words), outcome) => {
                outln!("heard: {words}");
                warn_of_rhymes(&outcome, &game, &voice.vocab);
                super::parse_in("en", fen, &words, args)
            }
            (None, Hearing::Unsure(strict, loose)) => {
                // One reading may be empty: words heard, but something said that they leave out.
                let readings: Vec<String> =
                    [strict, loose].into_iter().filter(|r| !r.is_empty()).map(|r| format!("'{r}'")).collect();
                eprintln!("Not sure: it may have been {}.", readings.join(" or "));
                ExitCode::from(1)
            }
            (None, Hearing::More(strict, loose)) => {
                eprintln!("More was said than a move or a command: '{strict}', amid '{loose}'.");
                ExitCode::from(1)
            }
            (None, _) => ExitCode::from(1),
        },
        Err(e) => {
            eprintln!("anna: {e}");
            ExitCode::from(3)
        }
    }
}

/// On stderr, what a game would do instead of reading the move back, when the words name a square
/// by a letter that rhymes with another legal one; stdout stays exactly what `anna parse` prints.
fn warn_of_rhymes(heard: &Hearing, game: &Game, vocab: &Vocabulary) {
    let mut others: Vec<String> = heard.sound_alike(game, vocab).iter().map(|mv| game.uci(*mv).to_string()).collect();
    let Some(last) = others.pop() else { return };
    let others = if others.is_empty() { last } else { format!("{} or {last}", others.join(", ")) };
    eprintln!("Those letters sound alike: it may have been {others} too, and in a game Anna would ask which.");
}
