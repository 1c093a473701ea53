//! `anna --pgn FILE`, `anna review FILE`, `anna braille FILE`: games read from PGN, at the edge
//! (the file, standard streams, exit codes). Every sentence comes from the `[pgn]` table of grammar/.

use std::fs;
use std::path::Path;
use std::process::ExitCode;

use shakmaty::Color;

use super::{GameArgs, Switch};
use anna_app::save::{self, Save, SaveError, SaveKind};
use anna_core::command::{Command, Input};
use anna_core::pgn::{self, Fault, ImportedGame};
use anna_language::announce::{self, fill};
use anna_language::{braille, Vocabulary};

/// Which game of a file, and whether to list them instead.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// 1 for the first game.
    pub number: usize,
    pub list: bool,
}

/// The chosen game of a PGN file, its fault (if any) written on stderr; or the exit code when
/// there is nothing to go on with (the list was asked for, the file or the game is missing).
pub fn load(file: &Path, choice: Choice, vocab: &Vocabulary) -> Result<ImportedGame, ExitCode> {
    let path = file.display().to_string();
    let bytes = fs::read(file).map_err(|e| {
        eprintln!(
            "anna: {}",
            fill(
                vocab.word("pgn.cannot_read"),
                &[("path", path.clone()), ("text", anna_language::errors::file(e.kind(), vocab))]
            )
        );
        ExitCode::from(2)
    })?;
    let mut games = pgn::read(&bytes);
    if games.is_empty() {
        eprintln!("anna: {}", fill(vocab.word("pgn.no_games"), &[("path", path)]));
        return Err(ExitCode::from(2));
    }
    if choice.list {
        for (i, game) in games.iter().enumerate() {
            outln!("{}", listed(i + 1, game, vocab));
        }
        return Err(ExitCode::SUCCESS);
    }
    if choice.number == 0 || choice.number > games.len() {
        let args = [("path", path), ("n", choice.number.to_string()), ("count", games.len().to_string())];
        eprintln!("anna: {}", fill(vocab.word("pgn.no_such_game"), &args));
        return Err(ExitCode::from(2));
    }
    let game = games.swap_remove(choice.number - 1);
    if let Some(words) = fault_words(&game, choice.number, vocab) {
        eprintln!("anna: {words}");
    }
    if matches!(game.fault, Some(Fault::Variant(_))) {
        // Nothing of it can be played or reviewed; the other games of the file can.
        return Err(ExitCode::from(2));
    }
    Ok(game)
}

/// A game's line in the list: number, players, result, moves.
fn listed(number: usize, game: &ImportedGame, vocab: &Vocabulary) -> String {
    let name = |tag: &str, side: Color| game.tag(tag).map_or_else(|| announce::side(side, vocab), str::to_string);
    let moves = game.game.plies().len().div_ceil(2) as u64;
    let args = [
        ("n", number.to_string()),
        ("white", name("White", Color::White)),
        ("black", name("Black", Color::Black)),
        ("result", game.ending.as_ref().map_or("*", |e| e.result()).to_string()),
        ("moves", announce::counted(moves, "moves", vocab)),
    ];
    fill(vocab.word("pgn.listed"), &args)
}

/// What is wrong with a game, in words, naming the game and the move.
pub fn fault_words(game: &ImportedGame, number: usize, vocab: &Vocabulary) -> Option<String> {
    let n = ("game", number.to_string());
    Some(match game.fault.as_ref()? {
        Fault::BadFen(fen) => fill(vocab.word("pgn.bad_fen"), &[n, ("text", fen.clone())]),
        Fault::IllegalMove { number, side, san } | Fault::Unreadable { number, side, text: san } => fill(
            vocab.word("pgn.illegal"),
            &[n, ("text", san.clone()), ("n", number.to_string()), ("side", announce::side(*side, vocab))],
        ),
        Fault::Truncated => fill(vocab.word("pgn.truncated"), &[n]),
        Fault::NullMove { number, side } => {
            fill(vocab.word("pgn.null_move"), &[n, ("n", number.to_string()), ("side", announce::side(*side, vocab))])
        }
        Fault::Variant(variant) => fill(vocab.word("pgn.variant"), &[n, ("variant", variant.clone())]),
    })
}

/// `anna --pgn FILE`: an unfinished game goes on where it stopped, clocks stopped until `resume`;
/// a finished one opens for review.
pub fn continue_game(file: &Path, choice: Choice, args: &GameArgs) -> ExitCode {
    let (config, _, voice) = or_stop!(args.prepare("en"), 2);
    let game = match load(file, choice, &voice.vocab) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let sounds = crate::adapters::sound::SoundPlayer::new(args.sounds == Switch::On);
    if game.is_finished() {
        let review = anna_app::review::Review::new(game, voice);
        let (view, engine) = (crate::ui::line::LineView::default(), args.engine.clone().unwrap_or_default());
        return crate::runtime::run_program(review, view, args.speech.clone(), sounds, engine);
    }
    let (mut session, now, mut history) = game.replay_inputs(config);
    if session.started() {
        let pause = Input::act(Command::Pause);
        session.handle(pause.clone(), now);
        history.push((pause, now));
    }
    let vocab = &voice.vocab;
    let name = |side: Color| session.name(side).map_or_else(|| announce::side(side, vocab), str::to_string);
    let mut greeting = fault_words(&game, choice.number, vocab).map(|w| w + " ").unwrap_or_default();
    greeting.push_str(&fill(
        vocab.word("line.loaded"),
        &[
            ("n", choice.number.to_string()),
            ("path", file.display().to_string()),
            ("white", name(Color::White)),
            ("black", name(Color::Black)),
            ("moves", announce::counted(game.game.plies().len().div_ceil(2) as u64, "moves", vocab)),
            ("side", announce::side(session.game().turn(), vocab)),
        ],
    ));
    let mut app = anna_app::App::with_session(session, game.setup(), voice, args.options(), now);
    app.set_greeting(greeting, history);
    app.set_tags(save::base_tags(&game));
    super::run_app(app, args)
}

/// `anna review FILE`.
pub fn review(file: &Path, choice: Choice, args: &GameArgs) -> ExitCode {
    let voice = or_stop!(args.voice("en"), 2);
    match load(file, choice, &voice.vocab) {
        Ok(game) => {
            let sounds = crate::adapters::sound::SoundPlayer::new(args.sounds == Switch::On);
            let review = anna_app::review::Review::new(game, voice);
            super::run_program_in_view(review, args, sounds, args.engine.clone().unwrap_or_default())
        }
        Err(code) => code,
    }
}

/// `anna braille FILE [-o OUT.brf]`: the braille scoresheet as Unicode braille on stdout, or as a
/// `.brf` file.
pub fn braille(file: &Path, choice: Choice, out: Option<&Path>, force: bool, args: &GameArgs) -> ExitCode {
    let voice = or_stop!(args.voice("en"), 2);
    let game = match load(file, choice, &voice.vocab) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let lines = save::braille_lines_of_game(&game, &voice.vocab);
    // In the language's braille (liblouis's table), or Anna's own code, said, when it cannot be read.
    let (cells, notice) = crate::adapters::louis::cells(&lines, &voice.vocab);
    if let Some(notice) = notice {
        eprintln!("anna: {notice}");
    }
    match out {
        None => {
            for line in &cells {
                outln!("{line}");
            }
            ExitCode::SUCCESS
        }
        Some(path) => {
            let save = Save {
                path: Some(path.to_path_buf()),
                kind: SaveKind::Braille,
                text: braille::brf_of_cells(&cells),
                replace: force,
            };
            match crate::adapters::games::write(&save, "") {
                Ok(path) => {
                    eprintln!("{}", fill(voice.vocab.word("line.saved"), &[("path", path.display().to_string())]));
                    ExitCode::SUCCESS
                }
                Err(SaveError::Exists(path)) => {
                    let path = path.display().to_string();
                    eprintln!("anna: {}", fill(voice.vocab.word("line.save_exists_force"), &[("path", path)]));
                    ExitCode::from(1)
                }
                Err(SaveError::NotAFile(path)) => {
                    let args = [("path", path.display().to_string())];
                    eprintln!("anna: {}", fill(voice.vocab.word("line.save_not_file"), &args));
                    ExitCode::from(1)
                }
                Err(SaveError::Failed(path, trouble)) => {
                    let args =
                        [("path", path.display().to_string()), ("trouble", voice.vocab.word_owned(trouble.key()))];
                    eprintln!("anna: {}", fill(voice.vocab.word("line.save_failed"), &args));
                    ExitCode::from(1)
                }
            }
        }
    }
}
