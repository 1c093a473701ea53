//! Words out: an [`Utterance`] said by a [`Voice`] (a language and how squares and moves are said).

use std::str::FromStr;
use std::time::Duration;

use shakmaty::san::{San, Suffix};
use shakmaty::{CastlingSide, Color, Move, Role, Square};

use crate::{evaluation, explore, Vocabulary};
use anna_core::bad_value::BadValue;
use anna_core::clock::{Category, ClockMode, TimeControl};
use anna_core::laws::Edition;
use anna_core::message::{Arg, Played, Utterance, Words};
use anna_core::outcome::Outcome;
use anna_core::rules::IllegalReason;

/// How squares are named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SquareStyle {
    /// Anna..Hector and eins..acht, whatever the language (FIDE D.2.1).
    #[default]
    AnnexD,
    /// The whole announcement as FIDE D.2.1 writes it, whatever the language: Anna..Hector,
    /// eins..acht, König..Bauer, Kurze and Lange Rochade, and German for the rest of the move
    /// (`schlägt`, `Schach`). The default with `--tournament`.
    German,
    /// The Annex D names as the language spells them, with the language's numbers.
    Anna,
    /// Alfa..Hotel with the language's numbers.
    Nato,
    /// The letters a..h with the language's numbers.
    Plain,
}

/// How much of a move is said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveForm {
    /// Shaped like SAN: `Springer Felix drei`.
    #[default]
    Short,
    /// With the piece and its departure square, for relaying: `Springer Gustav eins Felix drei`.
    Long,
}

impl FromStr for SquareStyle {
    type Err = BadValue;
    fn from_str(s: &str) -> Result<SquareStyle, BadValue> {
        match s.to_ascii_lowercase().as_str() {
            "annex-d" | "annexd" => Ok(SquareStyle::AnnexD),
            "german" | "deutsch" | "fide" => Ok(SquareStyle::German),
            "anna" => Ok(SquareStyle::Anna),
            "nato" => Ok(SquareStyle::Nato),
            "plain" => Ok(SquareStyle::Plain),
            _ => Err(BadValue::new(s, "squares")),
        }
    }
}

impl FromStr for MoveForm {
    type Err = BadValue;
    fn from_str(s: &str) -> Result<MoveForm, BadValue> {
        match s.to_ascii_lowercase().as_str() {
            "short" => Ok(MoveForm::Short),
            "long" => Ok(MoveForm::Long),
            _ => Err(BadValue::new(s, "form")),
        }
    }
}

/// A language and the way it names squares and moves.
#[derive(Clone, Debug)]
pub struct Voice {
    pub vocab: Vocabulary,
    pub squares: SquareStyle,
    pub form: MoveForm,
    /// The edition of the Laws whose article numbers are said (the sentences write 2018's).
    pub laws: Edition,
    /// The Annex D words (German), for [`SquareStyle::AnnexD`] in any language.
    annex_d: Vocabulary,
}

/// Two voices are the same when they speak the same language the same way.
impl PartialEq for Voice {
    fn eq(&self, other: &Voice) -> bool {
        (self.vocab.code(), self.squares, self.form) == (other.vocab.code(), other.squares, other.form)
    }
}

impl Eq for Voice {}

impl Voice {
    pub fn new(vocab: Vocabulary, squares: SquareStyle, form: MoveForm) -> Voice {
        Voice { vocab, squares, form, laws: Edition::default(), annex_d: Vocabulary::german() }
    }

    /// English with the Annex D square names, short moves: the voice of scripts and transcripts.
    pub fn english() -> Voice {
        Voice::new(Vocabulary::english(), SquareStyle::AnnexD, MoveForm::Short)
    }

    fn file(&self, index: usize) -> String {
        let first = |list: &[Vec<String>; 8]| list[index].first().cloned().unwrap_or_default();
        match self.squares {
            SquareStyle::AnnexD | SquareStyle::German => first(&self.annex_d.anna),
            SquareStyle::Anna => first(&self.vocab.anna),
            SquareStyle::Nato => first(&self.vocab.nato),
            SquareStyle::Plain => char::from(b'a' + index as u8).to_string(),
        }
    }

    fn rank(&self, index: usize) -> String {
        let german = matches!(self.squares, SquareStyle::AnnexD | SquareStyle::German);
        let ranks = if german { &self.annex_d.ranks } else { &self.vocab.ranks };
        ranks[index].first().cloned().unwrap_or_default()
    }

    /// A square in words: `Eva vier`. The plain letters are joined to their number as the language
    /// says (`squares.plain` of `grammar/`): English writes `a-six`, which a speech engine reads as
    /// the letter, where `a six` would be the article.
    pub fn square(&self, square: Square) -> String {
        let (file, rank) = (self.file(usize::from(square.file())), self.rank(usize::from(square.rank())));
        if self.squares == SquareStyle::Plain {
            return fill(self.vocab.word("squares.plain"), &[("file", file), ("rank", rank)]);
        }
        format!("{file} {rank}")
    }

    /// A move in words, in this voice's form.
    pub fn move_words(&self, played: &Played) -> String {
        let v = if self.squares == SquareStyle::German { &self.annex_d } else { &self.vocab };
        let first = |list: &[String]| list.first().cloned().unwrap_or_default();
        let mut words: Vec<String> = Vec::new();
        match (played.mv, &played.san.san) {
            (Move::Castle { king, rook }, _) => {
                let side = if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
                words.push(first(if side == CastlingSide::KingSide { &v.castle_short } else { &v.castle_long }));
            }
            (mv, san) => {
                let from = mv.from().unwrap_or(mv.to());
                match self.form {
                    MoveForm::Long => {
                        words.push(v.piece(mv.role()).to_string());
                        words.push(self.square(from));
                    }
                    MoveForm::Short => {
                        if mv.role() != Role::Pawn {
                            words.push(v.piece(mv.role()).to_string());
                        }
                        if let San::Normal { file, rank, .. } = san {
                            match (file, rank) {
                                (Some(_), Some(_)) => words.push(self.square(from)),
                                (Some(f), None) => words.push(self.file(usize::from(*f))),
                                (None, Some(r)) => words.push(self.rank(usize::from(*r))),
                                (None, None) => {}
                            }
                        }
                    }
                }
                if mv.is_capture() {
                    words.push(first(&v.moves.capture));
                }
                words.push(self.square(mv.to()));
                if let Some(promotion) = mv.promotion() {
                    words.push(v.piece(promotion).to_string());
                }
                if mv.is_en_passant() {
                    words.push(first(&v.moves.en_passant));
                }
            }
        }
        match played.san.suffix {
            Some(Suffix::Check) => words.push(first(&v.moves.check)),
            Some(Suffix::Checkmate) => words.push(first(&v.moves.mate)),
            None => {}
        }
        words.join(" ")
    }

    /// The words of an utterance. A sentence whose verb agrees with a number (`Zostávajú 2 minúty`,
    /// `Zostáva 5 minút`) has a form per plural form in `grammar/` (`KEY_one`, `KEY_few`...), chosen
    /// by the first time or count among its arguments. A side is also given in the dative, as
    /// `{NAME_dative}` (`Bielemu`), for languages that decline it.
    pub fn render(&self, utterance: &Utterance) -> String {
        let count = utterance.args.iter().find_map(|(_, arg)| match arg {
            Arg::Time(d) => Some(leading_count(*d)),
            Arg::Moves(n) => Some(u64::from(*n)),
            Arg::Number(n) => Some(u64::from(*n)),
            _ => None,
        });
        let key = format!("say.{}", utterance.sentence.key());
        let template = match count {
            Some(n) => self.vocab.word_owned(&agreeing(&key, n, &self.vocab)),
            None => self.vocab.word_owned(&key),
        };
        let mut args: Vec<(String, String)> =
            utterance.args.iter().map(|(name, arg)| ((*name).to_string(), self.argument(arg))).collect();
        for (name, arg) in &utterance.args {
            if let Arg::Side(color) = arg {
                args.push((format!("{name}_dative"), side_dative(*color, &self.vocab)));
            }
        }
        let args: Vec<(&str, String)> = args.iter().map(|(name, words)| (name.as_str(), words.clone())).collect();
        let text = self.laws.cite_in(&fill(&template, &args)).into_owned();
        if utterance.sentence.is_exploration() || utterance.sentence.is_board_step() {
            return explore::capitalised(text);
        }
        text
    }

    /// The words of a sentence or of a line, in this voice's language.
    pub fn words(&self, words: &Words) -> String {
        match words {
            Words::Sentence(utterance) => self.render(utterance),
            Words::Line { key, args } => {
                let args: Vec<(&str, String)> = args.iter().map(|(name, arg)| (*name, self.argument(arg))).collect();
                self.laws.cite_in(&fill(self.vocab.word(key), &args)).into_owned()
            }
            Words::Text(text) => text.clone(),
        }
    }

    fn argument(&self, arg: &Arg) -> String {
        let vocab = &self.vocab;
        match arg {
            Arg::Word(key) => vocab.word_owned(key),
            Arg::Side(color) => side(*color, vocab),
            Arg::Time(d) => time_words(*d, vocab),
            Arg::Number(n) => n.to_string(),
            Arg::Moves(n) => counted(u64::from(*n), "moves", vocab),
            Arg::Move(played) => self.move_words(played),
            Arg::Piece(role) => vocab.piece(*role).to_string(),
            Arg::Squares(squares) => self.list(squares.iter().map(|s| self.square(*s)).collect()),
            Arg::Square(s) => Square::from_ascii(s.as_bytes()).map_or_else(|_| s.clone(), |sq| self.square(sq)),
            Arg::Text(s) => s.clone(),
            Arg::Reason(r) => vocab.word_owned(&format!("reason.{}", r.key())),
            Arg::Illegal(reason) => {
                let template = vocab.word_owned(&format!("illegal.{}", reason.key()));
                match reason {
                    IllegalReason::CastlingSquareTaken(square) => fill(&template, &[("square", self.square(*square))]),
                    _ => template,
                }
            }
            Arg::Article(a) => (*a).to_string(),
            Arg::Outcome(o) => outcome(*o, vocab),
            Arg::TimeControl(tc) => time_control_words(tc, vocab),
            Arg::Category(category) => vocab.word_owned(match category {
                Category::Standard => "tc.standard",
                Category::Rapid => "tc.rapid",
                Category::Blitz => "tc.blitz",
            }),
            Arg::MoveList(list) => self.move_list(list),
            Arg::MoveLong(played) => Voice { form: MoveForm::Long, ..self.clone() }.move_words(played),
            Arg::Peg(piece) => {
                let colour = if piece.color == Color::White { "white" } else { "black" };
                vocab.word_owned(&format!("peg.{colour}_{}", role_key(piece.role)))
            }
            Arg::PegKind(role) => vocab.word_owned(&format!("peg.{}", role_key(*role))),
            other => explore::argument(self, other).or_else(|| evaluation::argument(self, other)).unwrap_or_default(),
        }
    }

    /// Items said as a list: `a, b or c`.
    pub(super) fn list(&self, mut items: Vec<String>) -> String {
        let Some(last) = items.pop() else { return String::new() };
        if items.is_empty() {
            return last;
        }
        format!("{}{}{last}", items.join(self.vocab.word("list.separator")), self.vocab.word("list.or"))
    }

    fn move_list(&self, list: &[(u32, Option<Played>, Option<Played>)]) -> String {
        let number = self.vocab.word("outcome.move_list_number");
        let entries: Vec<String> = list
            .iter()
            .map(|(n, white, black)| {
                let mut entry = fill(number, &[("n", n.to_string())]);
                match white {
                    Some(m) => entry.push_str(&format!(" {}", self.move_words(m))),
                    None => entry.push_str(" ..."),
                }
                if let Some(m) = black {
                    entry.push_str(self.vocab.word("outcome.move_list_pair"));
                    entry.push_str(&self.move_words(m));
                }
                entry
            })
            .collect();
        entries.join(self.vocab.word("outcome.move_list_separator"))
    }
}

pub(crate) use anna_core::message::role_key;

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

/// The key of the form of sentence `key` that agrees with the number `n` (`KEY_few`), or `key` itself
/// when the language has one form for every number.
pub fn agreeing(key: &str, n: u64, vocab: &Vocabulary) -> String {
    let form = format!("{key}_{}", vocab.plural.form(n));
    if vocab.has(&form) {
        form
    } else {
        key.to_string()
    }
}

/// The number a time in words begins with, which its verb agrees with: the hours, or else the
/// minutes, or else the seconds.
pub fn leading_count(d: Duration) -> u64 {
    let s = anna_core::clock::face(d).as_secs();
    match (s / 3600, s / 60 % 60) {
        (0, 0) => s % 60,
        (0, m) => m,
        (h, _) => h,
    }
}

/// A side in the dative (`Bielemu`, `dem Weißen`): `side.white_dative` where the language has it.
pub fn side_dative(color: Color, vocab: &Vocabulary) -> String {
    let key = if color == Color::White { "side.white_dative" } else { "side.black_dative" };
    if vocab.has(key) {
        vocab.word_owned(key)
    } else {
        side(color, vocab)
    }
}

pub fn side(color: Color, vocab: &Vocabulary) -> String {
    vocab.word_owned(match color {
        Color::White => "side.white",
        Color::Black => "side.black",
    })
}

/// The result sentence: `White wins by checkmate (FIDE 5.1.1).`
/// A decisive result may have a sentence of its own for its reason (`outcome.wins_resignation`:
/// "Biely vyhráva, Čierny sa vzdal"), with the `{winner}` and the `{loser}`; a draw too
/// (`outcome.draw_aborted`: a server's endings name no article).
pub fn outcome(o: Outcome, vocab: &Vocabulary) -> String {
    let own = format!("outcome.wins_{}", o.reason.key());
    if let (Some(winner), true) = (o.winner, vocab.has(&own)) {
        let args = [
            ("winner", side(winner, vocab)),
            ("loser", side(!winner, vocab)),
            ("article", o.reason.article().to_string()),
        ];
        return fill(vocab.word(&own), &args);
    }
    let own_draw = format!("outcome.draw_{}", o.reason.key());
    if o.winner.is_none() && vocab.has(&own_draw) {
        return vocab.word_owned(&own_draw);
    }
    let key = match o.winner {
        Some(Color::White) => "outcome.white_wins",
        Some(Color::Black) => "outcome.black_wins",
        None => "outcome.draw",
    };
    let reason = vocab.word_owned(&format!("reason.{}", o.reason.key()));
    fill(vocab.word(key), &[("reason", reason), ("article", o.reason.article().to_string())])
}

/// A count with its noun in the right plural form: `1 minute`, `3 minutes`, `5 minut`.
pub fn counted(n: u64, noun: &str, vocab: &Vocabulary) -> String {
    let form = vocab.plural.form(n);
    fill(vocab.word(&format!("time.{noun}_{form}")), &[("n", n.to_string())])
}

/// A time in words, whole seconds rounded down: `1 hour 12 minutes`, `58 minutes 3 seconds`, `0 seconds`.
/// A time control in words: `1 hour 30 minutes for 40 moves, then 30 minutes, plus 30 seconds a
/// move`.
pub fn time_control_words(tc: &TimeControl, vocab: &Vocabulary) -> String {
    let periods: Vec<String> = tc
        .periods
        .iter()
        .map(|p| match p.moves.filter(|&q| q > 0) {
            Some(q) => fill(
                vocab.word("tc.quota"),
                &[("time", time_words(p.time, vocab)), ("moves", counted(u64::from(q), "moves", vocab))],
            ),
            None => time_words(p.time, vocab),
        })
        .collect();
    let control = periods.join(vocab.word("tc.then"));
    // The increment of the first period; a control whose periods differ in it is rare.
    let increment = tc.periods.first().map(|p| p.increment).unwrap_or_default();
    if increment.is_zero() {
        return control;
    }
    let key = match tc.mode {
        ClockMode::Fischer => "tc.fischer",
        ClockMode::Bronstein => "tc.bronstein",
        ClockMode::Delay => "tc.delay",
    };
    fill(vocab.word(key), &[("control", control), ("time", time_words(increment, vocab))])
}

pub fn time_words(d: Duration, vocab: &Vocabulary) -> String {
    let s = anna_core::clock::face(d).as_secs();
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

#[cfg(test)]
mod tests {
    use super::*;
    use anna_core::message::{Priority, Sentence};
    use anna_core::outcome::Reason;
    use anna_core::rules::Game;

    /// The values a player is told these settings take are the values they read.
    #[test]
    fn the_values_told_are_the_values_read() {
        for value in anna_core::bad_value::values("squares").unwrap().split(", ") {
            assert!(value.parse::<SquareStyle>().is_ok(), "{value}");
        }
        for value in anna_core::bad_value::values("form").unwrap().split(", ") {
            assert!(value.parse::<MoveForm>().is_ok(), "{value}");
        }
        assert_eq!("x".parse::<MoveForm>().unwrap_err(), anna_core::bad_value::BadValue::new("x", "form"));
    }

    #[test]
    fn times_are_words() {
        let en = Vocabulary::english();
        let t = |s| time_words(Duration::from_secs(s), &en);
        assert_eq!(t(4 * 60 + 12), "4 minutes 12 seconds");
        assert_eq!(t(3600 + 12 * 60), "1 hour 12 minutes");
        assert_eq!(t(58 * 60 + 1), "58 minutes 1 second");
        assert_eq!(t(0), "0 seconds");
        // As a clock's face shows it: a second begun counts, so what is said is what is shown.
        assert_eq!(time_words(Duration::from_millis(9_001), &en), "10 seconds");
        assert_eq!(time_words(Duration::from_millis(1), &en), "1 second");
    }

    #[test]
    fn plural_forms_follow_each_language() {
        use crate::vocabulary::Plural;
        let forms = |rule: Plural| [1, 2, 3, 5, 12, 22, 101, 102].map(|n| rule.form(n));
        assert_eq!(forms(Plural::English), ["one", "other", "other", "other", "other", "other", "other", "other"]);
        assert_eq!(forms(Plural::Czech), ["one", "few", "few", "other", "other", "other", "other", "other"]);
        assert_eq!(forms(Plural::Polish), ["one", "few", "few", "other", "other", "few", "other", "few"]);
        assert_eq!(forms(Plural::Slovenian), ["one", "two", "few", "other", "other", "other", "one", "two"]);
    }

    #[test]
    fn renders_sentences_with_arguments() {
        let u = Utterance::new(Priority::Urgent, Sentence::GameOver)
            .arg("outcome", Arg::Outcome(Outcome::draw(Reason::FivefoldRepetition)));
        assert_eq!(Voice::english().render(&u), "Draw by fivefold repetition (FIDE 9.6.1).");
        assert_eq!(fill("{a} and {b} {", &[("a", "x".into())]), "x and {b} {");
    }

    /// Plays `moves` (SAN) from `fen` and says the last one.
    fn say(voice: &Voice, fen: Option<&str>, moves: &[&str]) -> String {
        let mut game = fen.map_or_else(Game::new, |f| Game::from_fen(f).unwrap());
        let mut last = None;
        for text in moves {
            let mv = game.resolve(text).unwrap();
            let ply = game.play(mv).unwrap();
            last = Some(Played { san: ply.san, mv });
        }
        voice.move_words(&last.unwrap())
    }

    #[test]
    fn english_moves_with_annex_d_and_nato_squares() {
        let annex_d = Voice::english();
        assert_eq!(say(&annex_d, None, &["Nf3"]), "Knight Felix drei");
        let nato = Voice::new(Vocabulary::english(), SquareStyle::Nato, MoveForm::Short);
        assert_eq!(say(&nato, None, &["Nf3"]), "Knight Foxtrot three");
        let plain = Voice::new(Vocabulary::english(), SquareStyle::Plain, MoveForm::Long);
        assert_eq!(say(&plain, None, &["e4"]), "Pawn e-two e-four");
    }
}
