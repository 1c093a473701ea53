//! `anna parse`: what a line means typed or heard in a game, through the game's one way in; and
//! the voice and position `anna parse` and `anna listen` hear in.

use std::process::ExitCode;

use anna_core::command::Command;
use anna_core::message::{Arg, Priority, Sentence, Utterance};
use anna_core::rules::{Game, MoveError, MoveSpec};
use anna_language::{parse, Voice};

use super::GameArgs;

/// `anna parse [--fen FEN] [--lang L] TEXT...`.
pub fn parse(fen: Option<&str>, text: &str, args: &GameArgs) -> ExitCode {
    parse_in("de", fen, text, args)
}

/// The voice of `lang` (when no --lang is given) and the game at `fen` (the start by default) that
/// `anna parse` and `anna listen` hear in; on a bad language or FEN, the reason written and exit
/// code 3.
pub(crate) fn voice_and_game(lang: &str, fen: Option<&str>, args: &GameArgs) -> Result<(Voice, Game), ExitCode> {
    let fail = |e: &dyn std::fmt::Display| {
        eprintln!("anna: {e}");
        ExitCode::from(3)
    };
    let voice = args.voice(lang).map_err(|e| fail(&e))?;
    if let Some(Err(e)) = fen.map(anna_core::fen::parse_fen) {
        return Err(fail(&anna_language::errors::fen(&e, &voice.vocab)));
    }
    let game = fen.map(Game::from_fen).transpose().map_err(|e| fail(&e))?.unwrap_or_default();
    Ok((voice, game))
}

/// `anna parse` with `lang` when no --lang is given.
pub(crate) fn parse_in(lang: &str, fen: Option<&str>, text: &str, args: &GameArgs) -> ExitCode {
    let (voice, game) = match voice_and_game(lang, fen, args) {
        Ok(both) => both,
        Err(code) => return code,
    };
    // The one way in of a game's lines (`commands::command`): what this prints is what a line means
    // typed or heard in a game.
    let (prefix, spec) = match anna_language::commands::command(text, &voice.vocab) {
        Ok(Command::Answer(yes)) => {
            outln!("answer {}", if yes { "yes" } else { "no" });
            return ExitCode::SUCCESS;
        }
        Ok(Command::Claim(Some(spec))) => ("command claim ", spec),
        Ok(Command::Move(spec)) => ("", spec),
        Ok(Command::Unclear { .. }) => {
            // Why it was not understood, with the near miss offered, as the game says it.
            if let Err(e) = parse::hear(text, &voice.vocab) {
                eprintln!("{}", e.said_by(&voice));
            }
            return ExitCode::from(1);
        }
        // The program's own by name; what follows for those that take words (`chat`'s message).
        Ok(Command::Request(name, rest)) => {
            use anna_core::command::Name;
            let takes_words = matches!(name, Name::Chat | Name::Save | Name::Set | Name::Help);
            if takes_words && !rest.is_empty() {
                outln!("command {name} {rest}");
            } else {
                outln!("command {name}");
            }
            return ExitCode::SUCCESS;
        }
        Ok(command) => {
            outln!(
                "command {}",
                anna_core::command::Name::of(&command).map_or("unknown", anna_core::command::Name::key)
            );
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", voice.words(&e.line()));
            return ExitCode::from(1);
        }
    };
    resolve_and_print(&game, &spec, prefix, &voice)
}

/// Prints the move `spec` means in `game` after `prefix`, or the candidates, or why there is none.
fn resolve_and_print(game: &Game, spec: &MoveSpec, prefix: &str, voice: &Voice) -> ExitCode {
    match game.resolve_spec(spec) {
        Ok(mv) => {
            outln!("{prefix}{}", game.uci(mv));
            ExitCode::SUCCESS
        }
        Err(MoveError::Ambiguous(candidates)) => {
            for mv in &candidates {
                outln!("{}", game.uci(*mv));
            }
            eprintln!("{}", voice.render(&anna_core::session::question(game.position(), &candidates)));
            ExitCode::from(2)
        }
        // A move no pawn can make, said without a piece: another piece's move is asked about.
        Err(MoveError::Illegal(reason)) => {
            let guesses = game.guesses(spec);
            if !matches!(guesses.len(), 1..=3) {
                let u = Utterance::new(Priority::Urgent, Sentence::Illegal).arg("reason", Arg::Illegal(reason));
                eprintln!("{}", voice.render(&u));
                return ExitCode::from(1);
            }
            for mv in &guesses {
                outln!("{}", game.uci(*mv));
            }
            let question = match guesses.as_slice() {
                [one] => Utterance::new(Priority::Urgent, Sentence::Confirm)
                    .arg("move", Arg::Move(anna_core::message::Played::new(game.position(), *one))),
                _ => anna_core::session::question(game.position(), &guesses),
            };
            eprintln!("{}", voice.render(&question));
            ExitCode::from(2)
        }
        Err(_) => {
            eprintln!("{}", voice.render(&Utterance::new(Priority::Urgent, Sentence::IncompleteMove)));
            ExitCode::from(1)
        }
    }
}
