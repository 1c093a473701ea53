//! `anna ask`: a question about the board answered for a position, as Anna answers it in a game,
//! from a script or a screen reader's own command line.

use std::process::ExitCode;

use shakmaty::uci::UciMove;

use anna_core::command::Command;
use anna_core::explore;

use super::parse_cmd::voice_and_game;
use super::GameArgs;

/// `anna ask [--fen FEN] [--moves "UCI ..."] [--lang L] [--squares S] QUESTION...`: the answer
/// printed; exit 1 when the line is no question about the board (the reason on stderr), 3 for a
/// bad FEN, language or move.
pub fn ask(fen: Option<&str>, moves: Option<&str>, text: &str, args: &GameArgs) -> ExitCode {
    let (voice, mut game) = match voice_and_game("en", fen, args) {
        Ok(both) => both,
        Err(code) => return code,
    };
    // The moves played from the position, the last being the last move.
    for uci in moves.unwrap_or_default().split_whitespace() {
        let mv = UciMove::from_ascii(uci.as_bytes()).ok().and_then(|m| m.to_move(game.position()).ok());
        match mv.map(|mv| game.play(mv)) {
            Some(Ok(_)) => {}
            _ => {
                eprintln!("anna: {uci} is not a legal move here");
                return ExitCode::from(3);
            }
        }
    }
    match anna_language::commands::command(text, &voice.vocab) {
        Ok(Command::Explore(query)) => {
            let answer = explore::answer_in(&game, query);
            outln!("{}", voice.render(&explore::utterance(answer)));
            ExitCode::SUCCESS
        }
        Ok(Command::Unclear { .. }) => {
            if let Err(e) = anna_language::parse::hear(text, &voice.vocab) {
                eprintln!("{}", e.said_by(&voice));
            }
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("{}", voice.words(&e.line()));
            ExitCode::from(1)
        }
        Ok(_) => {
            eprintln!("{}", voice.words(&anna_core::message::Words::line("line.ask_not_a_question")));
            ExitCode::from(1)
        }
    }
}
