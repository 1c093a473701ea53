//! `anna puzzles FILE`: a round of puzzles from lichess's puzzle file (CSV or `.csv.zst`), chosen by
//! rating and theme, played in the line mode by ear and key.

use std::path::Path;
use std::process::ExitCode;

use super::{GameArgs, Switch};
use crate::adapters::puzzles;
use anna_app::training::puzzles::{Filter, Trainer};
use anna_language::announce::fill;

/// What `anna puzzles` is asked.
pub struct PuzzleArgs<'a> {
    pub file: &'a Path,
    pub rating: Option<&'a str>,
    pub theme: Option<String>,
    pub count: usize,
    /// The same seed draws the same puzzles.
    pub seed: Option<u64>,
}

/// Exit codes: 0 played; 2 the file cannot be read, or no puzzle in it fits.
pub fn puzzles(args: &PuzzleArgs<'_>, game: &GameArgs) -> ExitCode {
    let voice = or_stop!(game.voice("en"), 2);
    let vocab = &voice.vocab;
    let path = ("path", args.file.display().to_string());
    let rating = match args.rating.map(|text| (text, Filter::rating_range(text))) {
        Some((text, None)) => {
            eprintln!("anna: {}", fill(vocab.word("training.puzzle_bad_rating"), &[("text", text.to_string())]));
            return ExitCode::from(2);
        }
        Some((_, range)) => range,
        None => None,
    };
    let filter = Filter { rating, theme: args.theme.clone() };
    // The published file is large: the player hears that it is being read before the wait.
    eprintln!("{}", fill(vocab.word("training.puzzle_reading"), std::slice::from_ref(&path)));
    let solved = puzzles::solved();
    let draw = puzzles::Draw { filter: &filter, count: args.count.max(1), seed: args.seed, solved: &solved };
    let found = match puzzles::read(args.file, &draw) {
        Ok(found) => found,
        Err(e) => {
            eprintln!(
                "anna: {}",
                fill(
                    vocab.word("training.puzzle_cannot_read"),
                    &[path, ("text", anna_language::errors::file(e.kind(), vocab))]
                )
            );
            return ExitCode::from(2);
        }
    };
    if found.broken > 0 {
        eprintln!(
            "anna: {}",
            fill(vocab.word("training.puzzle_broken"), &[path.clone(), ("n", found.broken.to_string())])
        );
    }
    if found.cut {
        eprintln!("anna: {}", fill(vocab.word("training.puzzle_cut"), std::slice::from_ref(&path)));
    }
    if found.puzzles.is_empty() {
        eprintln!("anna: {}", fill(vocab.word("training.puzzle_none"), &[path]));
        return ExitCode::from(2);
    }
    let sounds = crate::adapters::sound::SoundPlayer::new(game.sounds == Switch::On);
    let trainer = Trainer::new(found.puzzles, voice);
    // Puzzles are judged by their solutions: no engine is asked.
    super::run_program_in_view(trainer, game, sounds, crate::adapters::engine::EngineChoice::Builtin)
}
