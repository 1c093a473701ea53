//! `anna analyse FILE`: a game of a PGN file analysed by a UCI engine at a fixed number of nodes,
//! its progress and its mistakes said (written on standard output, where a screen reader reads
//! them), the annotated game written with `-o`. The judging is pure (`anna_app::training`,
//! `anna_core::analysis`); here are the file, the engine's process and the exit code.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use shakmaty::{Color, Position};

use super::pgn::{load, Choice};
use super::GameArgs;
use crate::adapters::engine::analyst::Analyst;
use crate::adapters::engine::engine_path;
use anna_app::training::Analysis;
use anna_core::analysis::{self, Mistake};
use anna_core::message::{Arg, Words};
use anna_language::Voice;

/// What `anna analyse` is asked.
pub struct AnalyseArgs {
    pub file: PathBuf,
    pub out: Option<PathBuf>,
    /// Whose mistakes are said (both when `None`).
    pub side: Option<Color>,
    pub nodes: u64,
}

/// Exit codes: 0 analysed; 1 no engine, or it failed before the first move, or the output could not
/// be written; 2 the PGN could not be read.
pub fn analyse(args: &AnalyseArgs, choice: Choice, game_args: &GameArgs) -> ExitCode {
    let voice = or_stop!(game_args.voice("en"), 2);
    let say = |words: Words| outln!("{}", voice.words(&words));
    let game = match load(&args.file, choice, &voice.vocab) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let Some(path) = engine_path(&game_args.engine.clone().unwrap_or_default()) else {
        say(Words::line("training.no_engine"));
        return ExitCode::from(1);
    };
    let Ok(mut analyst) = Analyst::start(&path, args.nodes) else {
        say(Words::line("training.no_engine"));
        return ExitCode::from(1);
    };
    let engine = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let mut analysis = Analysis::new(&game.game);
    say(Words::line("training.analysing")
        .arg("moves", Arg::Moves(analysis.moves().len().div_ceil(2) as u32))
        .arg("engine", Arg::Text(engine.clone()))
        .arg("nodes", Arg::Text(analyst.nodes().to_string())));
    while let Some(step) = analysis.next() {
        if let Some(progress) = analysis.progress() {
            // Progress goes where the player hears it, each on its own line, before the work.
            eprintln!("{}", voice.words(&progress));
        }
        match analyst.search(&step.start, &step.moves, &step.position, &step.among) {
            Ok(evaluation) => analysis.add(evaluation),
            // A doubtful move searched again beside the best: without that search it is judged
            // from the two it had.
            Err(_) if !step.among.is_empty() => analysis.pass(),
            Err(_) => {
                let position = step.position;
                let n = position.fullmoves().get();
                say(Words::line("training.engine_failed").arg("n", Arg::Number(n)));
                if analysis.evaluations().is_empty() {
                    return ExitCode::from(1);
                }
                break;
            }
        }
    }
    for words in analysis.summary(args.side) {
        say(words);
    }
    if let Some(out) = &args.out {
        let annotator = format!("Anna, {engine}, {} nodes", analyst.nodes());
        let mistakes = analysis.mistakes();
        let text = analysis::pgn::annotated(
            &game,
            analysis.evaluations(),
            &mistakes,
            &|m| comment(m, &analysis, &voice),
            &annotator,
        );
        let shown = out.display().to_string();
        if let Err(e) = write(out, &text) {
            crate::adapters::diverted::note(&format!("{}: {e}", out.display()));
            say(Words::line("training.cannot_write").arg("path", Arg::Text(shown)));
            return ExitCode::from(1);
        }
        if out != Path::new("-") {
            say(Words::line("training.written").arg("path", Arg::Text(shown)));
        }
    }
    ExitCode::SUCCESS
}

/// A mistake's comment in the annotated game: the sentence said, in the game's language.
fn comment(mistake: &Mistake, analysis: &Analysis, voice: &Voice) -> String {
    analysis::words(mistake, analysis.positions(), analysis.moves()).map_or_else(String::new, |w| voice.words(&w))
}

/// `-` is standard output.
fn write(out: &Path, text: &str) -> std::io::Result<()> {
    if out == Path::new("-") {
        crate::adapters::stdout::write(text);
        return Ok(());
    }
    std::fs::write(out, text)
}
