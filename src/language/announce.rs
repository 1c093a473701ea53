//! Sentences out: an [`Utterance`] and a [`Vocabulary`] make the words a person hears.

use std::time::Duration;

use shakmaty::Color;

use crate::core::message::{Arg, Utterance};
use crate::core::outcome::Outcome;
use crate::language::Vocabulary;

/// The words of an utterance in the given language.
pub fn render(utterance: &Utterance, vocab: &Vocabulary) -> String {
    let template = vocab.word_owned(&format!("say.{}", utterance.sentence.key()));
    let args: Vec<(&str, String)> = utterance.args.iter().map(|(name, arg)| (*name, argument(arg, vocab))).collect();
    fill(&template, &args)
}

/// Replaces each `{name}` in `template` by its value; unknown placeholders stay as they are.
pub fn fill(template: &str, args: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => out.push_str(value),
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

fn argument(arg: &Arg, vocab: &Vocabulary) -> String {
    match arg {
        Arg::Side(color) => side(*color, vocab),
        Arg::Time(d) => time_words(*d, vocab),
        Arg::Number(n) => n.to_string(),
        Arg::Moves(n) => counted(u64::from(*n), "moves", vocab),
        Arg::Move(san) => san.clone(),
        Arg::Square(s) | Arg::Text(s) => s.clone(),
        Arg::Reason(r) => vocab.word_owned(&format!("reason.{}", r.key())),
        Arg::Illegal(reason) => vocab.word_owned(&format!("illegal.{}", reason.key())),
        Arg::Article(a) => (*a).to_string(),
        Arg::Outcome(o) => outcome(*o, vocab),
        Arg::MoveList(list) => move_list(list, vocab),
    }
}

pub fn side(color: Color, vocab: &Vocabulary) -> String {
    vocab.word_owned(match color {
        Color::White => "side.white",
        Color::Black => "side.black",
    })
}

/// The result sentence: `White wins by checkmate (FIDE 5.1.1).`
pub fn outcome(o: Outcome, vocab: &Vocabulary) -> String {
    let key = match o.winner {
        Some(Color::White) => "outcome.white_wins",
        Some(Color::Black) => "outcome.black_wins",
        None => "outcome.draw",
    };
    let reason = vocab.word_owned(&format!("reason.{}", o.reason.key()));
    fill(vocab.word(key), &[("reason", reason), ("article", o.reason.article().to_string())])
}

/// A count with its noun in the right plural form: `1 minute`, `3 minutes`.
pub fn counted(n: u64, noun: &str, vocab: &Vocabulary) -> String {
    // Slavic languages use a third form for 2-4 (but not 12-14); English uses "few" = "other".
    let form = match (n % 10, n % 100) {
        _ if n == 1 => "one",
        (2..=4, r) if !(12..=14).contains(&r) => "few",
        _ => "other",
    };
    fill(vocab.word(&format!("time.{noun}_{form}")), &[("n", n.to_string())])
}

/// A time in words, whole seconds rounded down: `1 hour 12 minutes`, `58 minutes 3 seconds`, `0 seconds`.
pub fn time_words(d: Duration, vocab: &Vocabulary) -> String {
    let s = d.as_secs();
    let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(counted(h, "hours", vocab));
    }
    if m > 0 {
        parts.push(counted(m, "minutes", vocab));
    }
    if sec > 0 || parts.is_empty() {
        parts.push(counted(sec, "seconds", vocab));
    }
    parts.join(vocab.word("time.separator"))
}

fn move_list(list: &[(u32, Option<String>, Option<String>)], vocab: &Vocabulary) -> String {
    let number = vocab.word("outcome.move_list_number");
    let entries: Vec<String> = list
        .iter()
        .map(|(n, white, black)| {
            let mut entry = fill(number, &[("n", n.to_string())]);
            for san in [white.as_deref().unwrap_or("..."), black.as_deref().unwrap_or("")] {
                if !san.is_empty() {
                    entry.push(' ');
                    entry.push_str(san);
                }
            }
            entry
        })
        .collect();
    entries.join(vocab.word("outcome.move_list_separator"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::message::{Priority, Sentence};
    use crate::core::outcome::Reason;

    #[test]
    fn times_are_words() {
        let en = Vocabulary::english();
        let t = |s| time_words(Duration::from_secs(s), &en);
        assert_eq!(t(4 * 60 + 12), "4 minutes 12 seconds");
        assert_eq!(t(3600 + 12 * 60), "1 hour 12 minutes");
        assert_eq!(t(58 * 60 + 1), "58 minutes 1 second");
        assert_eq!(t(0), "0 seconds");
        assert_eq!(time_words(Duration::from_millis(9_999), &en), "9 seconds");
    }

    #[test]
    fn renders_sentences_with_arguments() {
        let en = Vocabulary::english();
        let u = Utterance::new(Priority::Urgent, Sentence::GameOver)
            .arg("outcome", Arg::Outcome(Outcome::draw(Reason::FivefoldRepetition)));
        assert_eq!(render(&u, &en), "Draw by fivefold repetition (FIDE 9.6.1).");
        assert_eq!(fill("{a} and {b} {", &[("a", "x".into())]), "x and {b} {");
    }
}
