//! Commands and answers: `time`, `Remis anbieten`, `claim Nf3`, `ja`, `no`.

use super::explore;
use super::lexicon::{flag, Word};
use super::spoken::whole_move;
use anna_core::command::Command;
use anna_core::explore::{Filter, Query};

/// `answer ::= yes-word { yes-word } | no-word { no-word }` (the whole utterance)
pub fn answer(words: &[Word]) -> Option<bool> {
    let all = |bits| !words.is_empty() && words.iter().all(|w| w.meaning.has(bits));
    match (all(flag::YES), all(flag::NO)) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// `command ::= command-word | (claim-word | seal-word) move | query`: `None` when the first
/// word is no command, else the command or the range of words not understood.
pub fn command(words: &[Word]) -> Option<Result<Command, std::ops::Range<usize>>> {
    if let Some(command) = explore::line_after(words) {
        return Some(Ok(command));
    }
    // `white's time`: the side first.
    if let [colour, time] = words {
        if let (Some(side), Some("time")) = (colour.meaning.side, time.meaning.command) {
            return Some(Ok(Command::TimeOf(side)));
        }
    }
    let (first, rest) = words.split_first()?;
    let name = first.meaning.command?;
    // `Zeit Weiß`, `čas biely`, `time white`: one side's clock.
    if let ("time", [colour]) = (name, rest) {
        if let Some(side) = colour.meaning.side {
            return Some(Ok(Command::TimeOf(side)));
        }
    }
    if let Some(command) = explore::query(name, rest) {
        return Some(Ok(command));
    }
    if rest.is_empty() {
        return Some(named(name).ok_or(0..1));
    }
    if name != "claim" && name != "seal" {
        return Some(Err(1..2));
    }
    Some(match whole_move(rest) {
        Ok(spec) if name == "seal" => Ok(Command::Seal(spec)),
        Ok(spec) => Ok(Command::Claim(Some(spec))),
        Err(range) => Err(range.start + 1..range.end + 1),
    })
}

/// The command of a name of `[commands]` said alone (see `lexicon::COMMAND_NAMES`); `None` for a
/// question that needs more (`rank`, `file`, `square`) and for `seal`, which needs its move.
pub fn named(name: &str) -> Option<Command> {
    Some(match name {
        "start" => Command::Start,
        "press" => Command::Press,
        "time" => Command::Time,
        "moves" => Command::Moves,
        "offer" => Command::Offer,
        "accept" => Command::Accept,
        "decline" => Command::Decline,
        "claim" => Command::Claim(None),
        "resign" => Command::Resign,
        "flag" => Command::Flag,
        "pause" => Command::Pause,
        "resume" => Command::Resume,
        "open" => Command::Open,
        "repeat" => Command::Repeat,
        "turn" => Command::Turn,
        "last" => Command::Last,
        "board" => Command::Explore(Query::Board),
        "pieces" => Command::Explore(Query::Pieces(Filter::default())),
        "where" => Command::Explore(Query::Where(Filter::default())),
        _ => return None,
    })
}

/// The name `anna parse` prints for a command heard by `command`, if it is one.
pub fn name(command: &Command) -> Option<&'static str> {
    Some(match command {
        Command::Start => "start",
        Command::Press => "press",
        Command::Time => "time",
        Command::Moves => "moves",
        Command::Offer => "offer",
        Command::Accept => "accept",
        Command::Decline => "decline",
        Command::Claim(_) => "claim",
        Command::Resign => "resign",
        Command::Flag => "flag",
        Command::Pause => "pause",
        Command::Resume => "resume",
        Command::Seal(_) => "seal",
        Command::Open => "open",
        Command::Repeat => "repeat",
        Command::Turn => "turn",
        Command::Last => "last",
        Command::MovesFrom(_) => "moves",
        Command::TimeOf(_) => "time",
        Command::Explore(query) => query.name(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::lexicon::{Lexicon, COMMAND_NAMES};
    use crate::Vocabulary;
    use anna_core::rules::MoveSpec;
    use shakmaty::Role;

    #[test]
    fn commands_by_their_words_and_names() {
        let lex = Lexicon::new(&Vocabulary::english());
        let table = [
            ("time", Command::Time),
            ("clock time", Command::Time),
            ("offer a draw", Command::Offer),
            ("draw", Command::Offer),
            ("I resign", Command::Resign),
            ("say again", Command::Repeat),
            ("whose move", Command::Turn),
            ("last move", Command::Last),
            ("claim", Command::Claim(None)),
        ];
        for (text, expected) in table {
            assert_eq!(command(&lex.words(text)), Some(Ok(expected)), "{text}");
        }
        assert!(matches!(command(&lex.words("claim Nf3")), Some(Ok(Command::Claim(Some(_))))));
        assert!(matches!(command(&lex.words("seal Nf3")), Some(Ok(Command::Seal(_)))));
        assert_eq!(command(&lex.words("open the envelope")), Some(Ok(Command::Open)));
        assert_eq!(command(&lex.words("resign now")), Some(Err(1..2)));
        let knight = MoveSpec { pieces: vec![Role::Knight], ..MoveSpec::default() };
        assert_eq!(command(&lex.words("claim knight")), Some(Ok(Command::Claim(Some(knight)))));
        assert_eq!(command(&lex.words("Nf3")), None);
        for name in COMMAND_NAMES {
            if let Some(command) = named(name) {
                assert_eq!(super::name(&command), Some(name));
            } else {
                assert!(["rank", "file", "square", "seal"].contains(&name), "{name}");
            }
        }
    }

    #[test]
    fn answers_are_whole_utterances() {
        let en = Lexicon::new(&Vocabulary::english());
        let de = Lexicon::new(&Vocabulary::german());
        assert_eq!(answer(&en.words("yes")), Some(true));
        assert_eq!(answer(&en.words("no")), Some(false));
        assert_eq!(answer(&de.words("ja genau")), Some(true));
        assert_eq!(answer(&de.words("nein")), Some(false));
        assert_eq!(answer(&de.words("nein Springer f3")), None);
        assert_eq!(answer(&de.words("yes")), None);
        assert_eq!(answer(&[]), None);
    }
}
