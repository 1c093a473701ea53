//! Commands and answers: `time`, `Remis anbieten`, `claim Nf3`, `ja`, `no`.

use super::explore;
use super::lexicon::{flag, Word};
use super::spoken::whole_move;
use anna_core::command::{Command, Name};

/// `answer ::= yes-word { yes-word } | no-word { no-word } [ unknown-word { unknown-word } ]`: the
/// whole utterance, or an answer followed by words Anna does not know ("yes, I'm sure", "nie,
/// rozmyslel som si to"); a known word after it (a square, a piece, a command, the draw) makes it
/// something else (a correction, draw talk).
pub fn answer(words: &[Word]) -> Option<bool> {
    let yes = |w: &Word| w.meaning.has(flag::YES) && !w.meaning.has(flag::NO);
    let no = |w: &Word| w.meaning.has(flag::NO) && !w.meaning.has(flag::YES);
    let (said, is_it): (bool, &dyn Fn(&Word) -> bool) = match words.first() {
        Some(first) if yes(first) => (true, &yes),
        Some(first) if no(first) => (false, &no),
        _ => return None,
    };
    let after = &words[words.iter().take_while(|w| is_it(w)).count()..];
    // A rank alone, with no file before it, is no square: the Slovak `to` ("nie, rozmyslel som si
    // to") is also the English `two` as a recogniser writes it.
    let lone_rank = |i: usize, w: &Word| {
        let without = super::lexicon::Meaning { rank: None, ..w.meaning.clone() };
        w.meaning.rank.is_some() && without.says_nothing() && (i == 0 || after[i - 1].meaning.file.is_none())
    };
    after.iter().enumerate().all(|(i, w)| is_it(w) || w.meaning.says_nothing() || lone_rank(i, w)).then_some(said)
}

/// `command ::= command-word | (claim-word | seal-word) move | query`: `None` when the first
/// word is no command, else the command or the range of words not understood.
pub fn command(words: &[Word]) -> Option<Result<Command, std::ops::Range<usize>>> {
    if let Some(command) = explore::line_after(words) {
        return Some(Ok(command));
    }
    // `white's time`: the side first.
    if let [colour, time] = words {
        if let (Some(side), Some(Name::Time)) = (colour.meaning.side, time.meaning.command) {
            return Some(Ok(Command::TimeOf(side)));
        }
    }
    // `white pieces`, `black pieces` (lichess's voice words): the side before the question.
    if let [colour, question, more @ ..] = words {
        if let (Some(_), Some(name @ (Name::Pieces | Name::Where))) = (colour.meaning.side, question.meaning.command) {
            let rest: Vec<Word> = std::iter::once(colour.clone()).chain(more.iter().cloned()).collect();
            if let Some(command) = explore::query(name, &rest) {
                return Some(Ok(command));
            }
        }
    }
    let (first, rest) = words.split_first()?;
    let name = first.meaning.command?;
    // `Zeit Weiß`, `čas biely`, `time white`: one side's clock.
    if let (Name::Time, [colour]) = (name, rest) {
        if let Some(side) = colour.meaning.side {
            return Some(Ok(Command::TimeOf(side)));
        }
    }
    if let Some(command) = explore::query(name, rest) {
        return Some(Ok(command));
    }
    if rest.is_empty() {
        return Some(name.command().ok_or(0..1));
    }
    if name != Name::Claim && name != Name::Seal {
        return Some(Err(1..2));
    }
    Some(match whole_move(rest) {
        Ok(spec) if name == Name::Seal => Ok(Command::Seal(spec)),
        Ok(spec) => Ok(Command::Claim(Some(spec))),
        Err(range) => Err(range.start + 1..range.end + 1),
    })
}

/// A question of the game asked in a sentence nobody listed ("how much time is on my clock",
/// "kolik mi ještě zbývá času"): a question word, the word of one of the game's questions (the
/// time, whose turn, the last move, the moves) and nothing of a move. Reading it costs nothing,
/// so it is answered rather than refused; a side named asks for that side's clock.
pub fn question(words: &[Word]) -> Option<Command> {
    // Asked with a question word, or with a listed question of several words ("how much time").
    let asked = |w: &Word| w.meaning.has(flag::QUESTION) || (w.meaning.command.is_some() && w.norm.contains(' '));
    if !words.iter().any(asked) {
        return None;
    }
    let of_a_move = |w: &Word| {
        let m = &w.meaning;
        m.piece.is_some() || m.square.is_some() || m.typed.is_some() || m.number.is_some()
    };
    if words.iter().any(of_a_move) {
        return None;
    }
    let mut names = words.iter().filter_map(|w| w.meaning.command);
    let name = names.next()?;
    if names.any(|other| other != name) || !matches!(name, Name::Time | Name::Turn | Name::Last | Name::Moves) {
        return None;
    }
    match (name, words.iter().find_map(|w| w.meaning.side)) {
        (Name::Time, Some(side)) => Some(Command::TimeOf(side)),
        _ => name.command(),
    }
}

/// Draw talk in a sentence nobody listed ("would you accept a draw?", "nein danke, wir spielen
/// weiter", "reklamuji remízu trojím opakováním pozice"): a word of the draw, its reasons, playing
/// on, or a listed draw command, among words otherwise unknown, and nothing of a move or of another
/// command. Read by what it asks (FIDE 9.1.2, 9.2, 9.3): a reason makes it a claim; a refusal or
/// playing on declines; the words of accepting, not put to the opponent, accept; the rest offers. A sentence
/// that both accepts and refuses is no draw talk: it is asked again, never guessed. The claim, the
/// acceptance and, when heard, the offer are read back before they are done.
pub fn talk(words: &[Word], asked_mark: bool) -> Option<Command> {
    let talk_bits = flag::DRAW | flag::REASON | flag::PLAY_ON;
    let draw_command = |name: Name| matches!(name, Name::Offer | Name::Accept | Name::Decline | Name::Claim);
    if !words.iter().any(|w| w.meaning.has(talk_bits) || w.meaning.command.is_some_and(draw_command)) {
        return None;
    }
    // One command word said over ("claim claim") is no sentence: the command reader decides.
    if words.len() > 1 && words.iter().all(|w| w.meaning.command.is_some() && w.norm == words[0].norm) {
        return None;
    }
    let of_a_move = |w: &Word| {
        let m = &w.meaning;
        m.piece.is_some() || m.square.is_some() || m.typed.is_some() || (m.number.is_some() && !m.has(flag::REASON))
    };
    let any = |bits: u32| words.iter().any(|w| w.meaning.has(bits));
    let said = |name: Name| words.iter().any(|w| w.meaning.command == Some(name));
    // A claim's reason may use another command's word ("the same position for the third time").
    let claim = said(Name::Claim) || any(flag::REASON);
    // Without a word of the draw itself, accepting or declining among words Anna does not know is
    // no draw talk: the Slovenian `vzamem` ("I'll take it") in "vzamem potezo nazaj" takes a move
    // back. (A claim, with or without its reason, is read back before it is made.)
    if !claim && !any(talk_bits) && words.iter().any(|w| !w.meaning.is_known()) {
        return None;
    }
    let other_command = |w: &Word| !claim && w.meaning.command.is_some_and(|name| !draw_command(name));
    if words.iter().any(|w| of_a_move(w) || (other_command(w) && !w.meaning.has(talk_bits))) {
        return None;
    }
    let refuses = said(Name::Decline) || any(flag::PLAY_ON | flag::REFUSE);
    // Taking the draw is accepting it ("remízu beru", "biorę remis").
    let accepts = said(Name::Accept) || any(flag::CAPTURE);
    if claim {
        return (!any(flag::REFUSE)).then_some(Command::Claim(None));
    }
    let to_the_opponent = asked_mark || any(flag::YOU | flag::QUESTION);
    // A yes before the draw ("okay, Remis") is no acceptance: only the words of accepting are.
    match (refuses || any(flag::NO), accepts) {
        _ if refuses && accepts => None,
        (true, _) if !to_the_opponent || refuses => Some(Command::Decline),
        (_, true) if !to_the_opponent => Some(Command::Accept),
        _ => Some(Command::Offer),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::lexicon::Lexicon;
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
        // An answer, then words of no move and no command: the answer.
        assert_eq!(answer(&en.words("yes, I'm sure")), Some(true));
        assert_eq!(answer(&en.words("no, I changed my mind")), Some(false));
        assert_eq!(answer(&en.words("no, knight f3")), None);
        assert_eq!(answer(&de.words("yes")), None);
        assert_eq!(answer(&[]), None);
    }
}
