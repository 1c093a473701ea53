//! The command words of scripts and the line mode (`tc`, `fen`, `set`, `adjust`...), in English in
//! every language. Anything else is heard as a move or a spoken command by [`parse::hear`].

mod phrase;
mod within;

pub use phrase::{after_words, leading};
pub(crate) use phrase::{command_heads, Phrase};

use std::fmt;
use std::time::Duration;

use shakmaty::{Color, Square};

use crate::parse::{self, Heard};
use crate::{Vocabulary, Voice};
use anna_core::clock::{ClockMode, TimeControl};
use anna_core::command::{Command, IllegalMove, Irregularity, Name, Setting};
use anna_core::duration;
use anna_core::explore::Query;
use anna_core::message::{Arg, Words};
use anna_core::rules::MoveSpec;
use anna_core::session::{FlagPolicy, TouchMove};

/// Why a line could not be read as a command. Its words are in `grammar/` (`[errors]`), said in
/// the player's language from [`CommandError::line`]; `Display` gives the English ones (scripts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The command takes nothing after it, but something came.
    TakesNothing {
        word: String,
        rest: String,
    },
    /// The command needs something more (`fen` needs a position).
    Needs {
        word: String,
        what: Need,
    },
    NotAClockMode(String),
    NotATimeControl(String),
    NotAMove(String),
    /// The words after `claim` or `illegal` were not understood.
    NotUnderstood(String),
}

/// What a command needs after it; each is `errors.need_*` in `grammar/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Fen,
    Chess960,
    Name,
    IllegalMove,
    Irregularity,
    Square,
    Adjust,
    Result,
    Setting,
    SideOrNothing,
    MoveNumber,
    Rank,
    File,
    SquareQuestion,
    Laws,
}

impl Need {
    const fn key(self) -> &'static str {
        match self {
            Need::Fen => "errors.need_fen",
            Need::Chess960 => "errors.need_chess960",
            Need::Name => "errors.need_name",
            Need::IllegalMove => "errors.need_illegal_move",
            Need::Irregularity => "errors.need_irregularity",
            Need::Square => "errors.need_square",
            Need::Adjust => "errors.need_adjust",
            Need::Result => "errors.need_result",
            Need::Laws => "errors.need_laws",
            Need::Setting => "errors.need_setting",
            Need::SideOrNothing => "errors.need_side_or_nothing",
            Need::MoveNumber => "errors.need_move_number",
            Need::Rank => "errors.need_rank",
            Need::File => "errors.need_file",
            Need::SquareQuestion => "errors.need_square_question",
        }
    }
}

impl CommandError {
    /// The sentence, in no language yet (the view says it in its own).
    pub fn line(&self) -> Words {
        let text = |text: &String| Arg::Text(text.clone());
        match self {
            CommandError::TakesNothing { word, rest } => {
                Words::line("errors.takes_nothing").arg("word", text(word)).arg("text", text(rest))
            }
            CommandError::Needs { word, what } => {
                Words::line("errors.needs").arg("word", text(word)).arg("what", Arg::Word(what.key().into()))
            }
            CommandError::NotAClockMode(value) => Words::line("errors.not_a_clock_mode").arg("text", text(value)),
            CommandError::NotATimeControl(value) => Words::line("errors.not_a_time_control").arg("text", text(value)),
            CommandError::NotAMove(value) => Words::line("errors.not_a_move").arg("text", text(value)),
            CommandError::NotUnderstood(value) if !anna_core::message::worth_reading_back(value) => {
                Words::line("say.not_understood_line")
            }
            CommandError::NotUnderstood(value) => Words::line("say.not_understood").arg("text", text(value)),
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Voice::english().words(&self.line()))
    }
}

impl std::error::Error for CommandError {}

/// Reads `white` or `black`.
pub fn color(word: &str) -> Option<Color> {
    match word.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// The arbiter's and the scripts' command words that take what follows them as their own
/// (`fen ...`, `illegal e2e5`, `adjust white 5:00`): no player says them in a game, so they are read
/// before the game's meaning; every other line means in a game what a player means by it.
const ARBITER_WORDS: [&str; 12] = [
    "tc",
    "tc-mode",
    "fen",
    "chess960",
    "illegal",
    "irregular",
    "release",
    "touch",
    "adjust",
    "decide",
    "set",
    "quickplay",
];

/// What a line typed or heard in a game means, in the language of `vocab`: the one way in for
/// every line of a game, which `anna parse` shows. The game's meaning first (a move, a question, a
/// command as a player says it: "white knight f3" is a move, "claim a win on time" the flag);
/// then the command words of [`script_command`]; what neither reads is [`Command::Unclear`], with
/// a near miss as its guess. `text` is trimmed and not empty.
pub fn command(text: &str, vocab: &Vocabulary) -> Result<Command, CommandError> {
    let text = text.trim();
    // The program's own (the terminal's, training's, a server game's): by their words at the head
    // of the line, after any filler ("please give me a hint"), with what follows (`chat`'s line).
    // Only help, set, save and chat take words after theirs; after any other, only fillers ("new
    // game please"): "show me the best line" is not `show me`, the solution.
    let takes_words = |name: Name| matches!(name, Name::Help | Name::Set | Name::Save | Name::Chat);
    let leads = leading(after_fillers(text, vocab), vocab).filter(|(name, rest)| {
        name.is_terminal()
            && (takes_words(*name) || after_fillers(rest.trim_end_matches(['.', '!', '?']), vocab).is_empty())
    });
    if let Some((name, rest)) = leads {
        return Ok(Command::Request(name, rest.trim_end_matches(['.', '!', '?']).trim().to_string()));
    }
    // A request said in a sentence of its own ("kann ich noch einen Hinweis bekommen") whose words,
    // all of them, say nothing to the parser: nothing is taken from it (a move, a question, draw
    // talk, a listed phrase such as `ukaž pozici`), and the parser's slower failure is spared.
    if let Some(name) = within::request(text, vocab, within::Around::Whole) {
        return Ok(Command::Request(name, String::new()));
    }
    let first = text.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
    if !ARBITER_WORDS.contains(&first.as_str()) {
        match parse::hear(text, vocab) {
            Ok(Heard::Move(spec)) => return Ok(Command::Move(spec)),
            Ok(Heard::Command(command)) => return Ok(command),
            Ok(Heard::Answer(yes)) => return Ok(Command::Answer(yes)),
            // Not understood: a request whose words stand among words the parser knows but that
            // say nothing else ("kann ich den Zug zurücknehmen", `Zug` being a word of commands).
            Err(_) => {
                if let Some(name) = within::request(text, vocab, within::Around::Rest) {
                    return Ok(Command::Request(name, String::new()));
                }
            }
        }
    }
    script_command(text, vocab)
}

/// `text` without the filler words at its head ("um", "please", "bitte").
fn after_fillers<'t>(text: &'t str, vocab: &Vocabulary) -> &'t str {
    let mut rest = text;
    loop {
        let first = rest.split_whitespace().next().map(|w| parse::fold(w.trim_end_matches(',')));
        let filler = first.is_some_and(|w| vocab.moves.filler.iter().any(|f| parse::fold(f) == w));
        if !filler {
            return rest;
        }
        rest = after_words(rest, 1);
    }
}

/// Yes or no to a question Anna asked: the answer words, and the words that cancel (`clear`,
/// `close`, `abort`: lichess's voice words for no), which mean no only here (`abort` is otherwise
/// a command). `None` when the line is no answer.
pub fn answer(text: &str, vocab: &Vocabulary) -> Option<bool> {
    let folded = parse::fold(text.trim().trim_end_matches(['.', '!', '?']));
    if vocab.moves.cancel.iter().any(|word| parse::fold(word) == folded) {
        return Some(false);
    }
    match command(text, vocab) {
        Ok(Command::Answer(yes)) => Some(yes),
        _ => None,
    }
}

/// Reads one line of a script (and the arbiter's command words in a game): its command words first
/// (`white NAME` names White, `time white`, `moves 12`), then what a player would mean.
pub fn script_command(text: &str, vocab: &Vocabulary) -> Result<Command, CommandError> {
    let text = text.trim();
    let (word, rest) = match text.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (text, ""),
    };
    let lower = word.to_ascii_lowercase();
    let no_argument = |command: Command| {
        if rest.is_empty() {
            return Ok(command);
        }
        match parse::hear(text, vocab) {
            // A longer name of a command, as said: `offer a draw`, `flag fall`.
            Ok(Heard::Command(command)) => Ok(command),
            _ => Err(CommandError::TakesNothing { word: word.to_string(), rest: rest.to_string() }),
        }
    };
    let needs = |what: Need| CommandError::Needs { word: word.to_string(), what };
    match lower.as_str() {
        "tc" => TimeControl::read(rest)
            .map(Command::TimeControl)
            .map_err(|_| CommandError::NotATimeControl(rest.to_string())),
        "tc-mode" => {
            rest.parse::<ClockMode>().map(Command::ClockMode).map_err(|_| CommandError::NotAClockMode(rest.to_string()))
        }
        "fen" if !rest.is_empty() => Ok(Command::Fen(rest.to_string())),
        // `fen` alone asks for the position's FEN; with one it sets the position up.
        "fen" => Ok(Command::Explore(Query::Fen)),
        "chess960" => {
            rest.parse::<u32>().ok().filter(|n| *n < 960).map(Command::Chess960).ok_or_else(|| needs(Need::Chess960))
        }
        "white" | "black" if !rest.is_empty() => {
            Ok(Command::Name(color(&lower).unwrap_or(Color::White), rest.to_string()))
        }
        "white" | "black" => Err(needs(Need::Name)),
        "claim" if rest.is_empty() => Ok(Command::Claim(None)),
        "claim" => move_spec(rest, vocab).map(|spec| Command::Claim(Some(spec))),
        "illegal" if rest.eq_ignore_ascii_case("press") => Ok(Command::Illegal(IllegalMove::Press)),
        "illegal" if rest.eq_ignore_ascii_case("two-hands") || rest.eq_ignore_ascii_case("two hands") => {
            Ok(Command::Illegal(IllegalMove::TwoHands))
        }
        "illegal" if rest.to_ascii_lowercase().starts_with("at ") => {
            earlier(&rest[3..]).map(Command::Illegal).ok_or_else(|| needs(Need::IllegalMove))
        }
        "illegal" if !rest.is_empty() => move_spec(rest, vocab).map(|spec| Command::Illegal(IllegalMove::Move(spec))),
        "illegal" => Err(needs(Need::IllegalMove)),
        "irregular" => Irregularity::from_words(rest).map(Command::Irregular).ok_or_else(|| needs(Need::Irregularity)),
        "release" => Square::from_ascii(rest.to_ascii_lowercase().as_bytes())
            .map(Command::Release)
            .map_err(|_| needs(Need::Square)),
        "touch" => Square::from_ascii(rest.to_ascii_lowercase().as_bytes())
            .map(Command::Touch)
            .map_err(|_| needs(Need::Square)),
        "adjust" => adjust(rest).ok_or_else(|| needs(Need::Adjust)),
        "quickplay" => no_argument(Command::Quickplay),
        // `laws 2018`: the edition of the Laws a script (or a game) is played under.
        "laws" => rest.parse().map(|e| Command::Set(Setting::Laws(e))).map_err(|()| needs(Need::Laws)),
        "decide" => match rest {
            "1-0" => Ok(Command::Decide(Some(Color::White))),
            "0-1" => Ok(Command::Decide(Some(Color::Black))),
            "1/2-1/2" | "draw" => Ok(Command::Decide(None)),
            _ => Err(needs(Need::Result)),
        },
        "set" => setting(rest).map(Command::Set).ok_or_else(|| needs(Need::Setting)),
        "time" if rest.is_empty() => Ok(Command::Time),
        "time" => color(rest).map(Command::TimeOf).ok_or_else(|| needs(Need::SideOrNothing)),
        "moves" if rest.is_empty() => Ok(Command::Moves),
        "moves" if rest.bytes().all(|b| b.is_ascii_digit()) => {
            rest.parse().ok().filter(|n| *n > 0).map(Command::MovesFrom).ok_or_else(|| needs(Need::MoveNumber))
        }
        // Questions about the board (`board`, `pieces white`, `where knight`, `moves e2`...) are
        // heard by the parser, in English and in the voice's language alike.
        "rank" if rest.is_empty() => Err(needs(Need::Rank)),
        "file" if rest.is_empty() => Err(needs(Need::File)),
        "square" if rest.is_empty() => Err(needs(Need::SquareQuestion)),
        key => match Name::from_key(key).and_then(Name::command) {
            // A command by its name (`resign`), which takes nothing after it.
            Some(command) => no_argument(command),
            None => match parse::hear(text, vocab) {
                Ok(Heard::Move(spec)) => Ok(Command::Move(spec)),
                Ok(Heard::Command(command)) => Ok(command),
                Ok(Heard::Answer(yes)) => Ok(Command::Answer(yes)),
                Err(e) => Ok(Command::Unclear { text: text.to_string(), guess: guess(&e, vocab) }),
            },
        },
    }
}

/// What `text` means read with its one typing slip undone (two letters swapped, one left out or
/// doubled: "knigth f3"), if it has one and then means something. The caller reads it so only when
/// that leaves exactly one legal move; otherwise the near miss is asked about.
pub fn slip_meaning(text: &str, vocab: &Vocabulary) -> Option<Command> {
    let error = parse::hear(text, vocab).err()?;
    let suggestion = error.suggestion.as_ref()?;
    if !parse::slip(&error.found, &suggestion.word) {
        return None;
    }
    match parse::hear(&suggestion.corrected, vocab).ok()? {
        Heard::Move(spec) => Some(Command::Move(spec)),
        Heard::Command(command) => Some(command),
        Heard::Answer(_) => None,
    }
}

/// What the input would mean with the near miss corrected, if it then means something.
fn guess(error: &parse::ParseError, vocab: &Vocabulary) -> Option<Box<Command>> {
    let suggestion = error.suggestion.as_ref()?;
    match parse::hear(&suggestion.corrected, vocab).ok()? {
        Heard::Move(spec) => Some(Box::new(Command::Move(spec))),
        Heard::Command(command) => Some(Box::new(command)),
        Heard::Answer(_) => None,
    }
}

/// `illegal at 12 white`, `illegal at 12 black`, `illegal at 12.` (White's), `illegal at 12...`
/// (Black's): a completed illegal move found later (FIDE 7.5.1).
fn earlier(text: &str) -> Option<IllegalMove> {
    let text = text.trim();
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let number: u32 = text[..digits].parse().ok().filter(|n| *n > 0)?;
    let side = match text[digits..].trim() {
        "..." | "…" => Color::Black,
        "." => Color::White,
        word => color(word)?,
    };
    Some(IllegalMove::Earlier { number, side })
}

/// The move after `claim` or `illegal`.
fn move_spec(text: &str, vocab: &Vocabulary) -> Result<MoveSpec, CommandError> {
    match parse::hear(text, vocab) {
        Ok(Heard::Move(spec)) => Ok(spec),
        Ok(_) => Err(CommandError::NotAMove(text.to_string())),
        Err(_) => Err(CommandError::NotUnderstood(text.to_string())),
    }
}

fn setting(rest: &str) -> Option<Setting> {
    let (name, value) = rest.split_once(char::is_whitespace)?;
    let value = value.trim().to_ascii_lowercase();
    let on_off = anna_core::command::on_off;
    match name.to_ascii_lowercase().as_str() {
        "auto-press" => on_off(&value).map(Setting::AutoPress),
        "touch-move" => match value.as_str() {
            "warn" => Some(Setting::TouchMove(TouchMove::Warn)),
            "enforce" => Some(Setting::TouchMove(TouchMove::Enforce)),
            _ => None,
        },
        "flag" => match value.as_str() {
            "auto" => Some(Setting::Flag(FlagPolicy::Auto)),
            "claim" => Some(Setting::Flag(FlagPolicy::Claim)),
            _ => None,
        },
        "supervision" => match value.as_str() {
            "full" => Some(Setting::Supervised(true)),
            "partial" => Some(Setting::Supervised(false)),
            _ => None,
        },
        "no-draw-offer-before" => value.parse().ok().map(Setting::NoDrawOfferBefore),
        "player" => match value.as_str() {
            "both" | "none" => Some(Setting::Player(None)),
            side => color(side).map(|c| Setting::Player(Some(c))),
        },
        "alarms" => alarm_times(&value).map(Setting::Alarms),
        "tournament" => on_off(&value).map(Setting::Tournament),
        "laws" => value.parse().ok().map(Setting::Laws),
        _ => None,
    }
}

/// Alarm times, `10:00,5:00,0:30` (`m:ss` or seconds), or `off`.
pub fn alarm_times(text: &str) -> Option<Vec<Duration>> {
    if text.trim().eq_ignore_ascii_case("off") {
        return Some(Vec::new());
    }
    text.split(',').map(|t| duration::parse(t.trim())).collect()
}

fn adjust(rest: &str) -> Option<Command> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        [side, time] => Some(Command::AdjustTime(color(side)?, duration::parse(time)?)),
        [side, moves, n] if moves.eq_ignore_ascii_case("moves") => {
            Some(Command::AdjustMoves(color(side)?, n.parse().ok()?))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn command(text: &str) -> Result<Command, CommandError> {
        super::command(text, &Vocabulary::english())
    }

    fn spec(text: &str) -> MoveSpec {
        match parse::hear(text, &Vocabulary::english()) {
            Ok(Heard::Move(spec)) => spec,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn reads_commands() {
        assert_eq!(command("press"), Ok(Command::Press));
        assert_eq!(command("claim Nf3"), Ok(Command::Claim(Some(spec("Nf3")))));
        assert_eq!(command("claim"), Ok(Command::Claim(None)));
        assert_eq!(command("Nf3"), Ok(Command::Move(spec("Nf3"))));
        assert_eq!(command("touch e2"), Ok(Command::Touch(Square::E2)));
        assert_eq!(command("adjust white 1:20:00"), Ok(Command::AdjustTime(Color::White, Duration::from_secs(4800))));
        assert_eq!(command("adjust black moves 40"), Ok(Command::AdjustMoves(Color::Black, 40)));
        assert_eq!(command("white Anna Karenina"), Ok(Command::Name(Color::White, "Anna Karenina".into())));
        assert_eq!(command("illegal press"), Ok(Command::Illegal(IllegalMove::Press)));
        assert_eq!(command("illegal two-hands"), Ok(Command::Illegal(IllegalMove::TwoHands)));
        // FIDE 7.5.1: a completed illegal move found later, named by its number and side.
        let earlier = |number, side| Ok(Command::Illegal(IllegalMove::Earlier { number, side }));
        assert_eq!(command("illegal at 12 white"), earlier(12, Color::White));
        assert_eq!(command("illegal at 12 Black"), earlier(12, Color::Black));
        assert_eq!(command("illegal at 3."), earlier(3, Color::White));
        assert_eq!(command("illegal at 3..."), earlier(3, Color::Black));
        assert!(command("illegal at 0 white").is_err());
        assert!(command("illegal at twelve").is_err());
        assert_eq!(command("decide draw"), Ok(Command::Decide(None)));
    }

    #[test]
    fn reads_questions_about_the_board() {
        use anna_core::explore::{Filter, Query};
        use shakmaty::{File, Rank, Role};
        let q = |query| Ok(Command::Explore(query));
        let knights = Filter { side: None, role: Some(Role::Knight) };
        assert_eq!(command("board"), q(Query::Board));
        assert_eq!(command("pieces white"), q(Query::Pieces(Filter { side: Some(Color::White), role: None })));
        assert_eq!(command("pieces knight"), q(Query::Pieces(knights)));
        assert_eq!(command("rank 4"), q(Query::Rank(Rank::Fourth)));
        assert_eq!(command("file e"), q(Query::File(File::E)));
        assert_eq!(command("square e4"), q(Query::Square(Square::E4)));
        assert_eq!(command("moves e2"), q(Query::Moves(Square::E2)));
        assert_eq!(command("moves 12"), Ok(Command::MovesFrom(12)));
        assert_eq!(command("moves"), Ok(Command::Moves));
        assert_eq!(command("where knight"), q(Query::Where(knights)));
        let white_knight = Filter { side: Some(Color::White), role: Some(Role::Knight) };
        assert_eq!(command("where white knight"), q(Query::Where(white_knight)));
        assert_eq!(command("rank").unwrap_err().to_string(), "'rank' needs a rank, like 'rank 4'.");
        assert_eq!(command("moves 0").unwrap_err().to_string(), "'moves' needs a move number from 1.");
    }

    #[test]
    fn explains_bad_commands() {
        assert_eq!(
            command("press blah").unwrap_err().to_string(),
            "'press' takes nothing after it, but I read 'blah'."
        );
        // The longer names of a command that begin with its keyword are the command.
        assert_eq!(command("offer a draw").unwrap(), Command::Offer);
        assert_eq!(command("flag fall").unwrap(), Command::Flag);
        assert_eq!(command("offer draw").unwrap(), Command::Offer);
        assert_eq!(command("touch z9").unwrap_err().to_string(), "'touch' needs a square, like e2.");
        assert_eq!(
            command("chess960 960").unwrap_err().to_string(),
            "'chess960' needs a start position number from 0 to 959."
        );
        // In the player's language.
        let voice = |code| Voice::new(Vocabulary::get(code).unwrap(), Default::default(), Default::default());
        let (de, sk) = (voice("de"), voice("sk"));
        assert_eq!(
            de.words(&super::command("touch z9", &de.vocab).unwrap_err().line()),
            "„touch“ braucht ein Feld, etwa e2."
        );
        assert_eq!(
            sk.words(&super::command("press now", &sk.vocab).unwrap_err().line()),
            "Za „press“ nič nenasleduje, ale prečítala som „now“."
        );
        assert_eq!(
            command("frobnicate the clock"),
            Ok(Command::Unclear { text: "frobnicate the clock".into(), guess: None })
        );
    }
}
