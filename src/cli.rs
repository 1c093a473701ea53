//! The subcommands of `anna`, at the edge: files, standard streams and exit codes.

use std::fs;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use shakmaty::Color;

use crate::adapters::diverted::Diverted;
use crate::ui::braille::WithBraille;
use crate::ui::line::LineView;
use crate::ui::tui::terminal::BoardView;
use crate::ui::tui::{Screen, Settings};
use crate::ui::Ui;
use anna_app::script;
use anna_app::{App, Options};
use anna_core::adjudicate::{self, Winnability};
use anna_core::bad_value::BadValue;
use anna_core::clock::TimeControl;
use anna_core::command::Command;
use anna_core::message::Played;
use anna_core::rules::{Game, MoveError};
use anna_core::session::{self, Config, FlagPolicy, TouchMove};
use anna_language::announce::fill;
use anna_language::{MoveForm, SquareStyle, Vocabulary, Voice};

/// The value of `result`, or the command stops there: what went wrong on standard error as
/// `anna: ...` (already in the player's words) and the exit `code` the command documents. The one
/// way a command of the command line gives up before its work.
macro_rules! or_stop {
    ($result:expr, $code:expr) => {
        match $result {
            Ok(value) => value,
            Err(error) => {
                eprintln!("anna: {error}");
                return std::process::ExitCode::from($code);
            }
        }
    };
}

pub mod analyse;
mod ask;
mod board;
mod listen;
pub mod online;
mod parse_cmd;
pub mod pgn;
pub mod puzzles;
mod refusal;
mod resume;
pub mod usage;

pub use ask::ask;
pub use board::{board_sim, boards, SimArgs};
pub use listen::listen;
pub use parse_cmd::parse;
pub(crate) use parse_cmd::{parse_in, voice_and_game};
pub use refusal::{ArgError, Refusal};

/// How a game is set up and played, for `anna` and `anna replay`.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Time control, in minutes and the increment in seconds: `90+30`, `5+3`, `40/90+30, 30+30`,
    /// `1h30+30`; a bare base over 180 is PGN seconds (`5400+30`); `-` for none.
    #[arg(long, global = true)]
    pub tc: Option<String>,
    /// How the increment works: fischer, bronstein or delay (FIDE 6.3).
    #[arg(long, global = true)]
    pub tc_mode: Option<String>,
    /// White's name.
    #[arg(long, global = true)]
    pub white: Option<String>,
    /// Black's name.
    #[arg(long, global = true)]
    pub black: Option<String>,
    /// Start from this position (FEN, X-FEN or Shredder-FEN).
    #[arg(long, global = true)]
    pub fen: Option<String>,
    /// Chess960: the start position number 0-959, or a random one if no number is given.
    #[arg(long, global = true, num_args = 0..=1, default_missing_value = "random")]
    pub chess960: Option<String>,
    /// The language Anna speaks and understands: en, de, sk, cs, pl or sl.
    #[arg(long, global = true)]
    pub lang: Option<String>,
    /// How squares are said: annex-d (Anna..Hector, eins..acht), german (that and the German
    /// piece names and castling: the whole announcement of FIDE D.2.1; the default with
    /// --tournament), anna, nato or plain.
    #[arg(long, global = true)]
    pub squares: Option<String>,
    /// How moves are said: short (like SAN) or long (with the piece and its departure square).
    #[arg(long, global = true)]
    pub form: Option<String>,
    /// The side you play: the talking clock's alarms watch only that clock.
    #[arg(long, global = true)]
    pub player: Option<String>,
    /// Times left at which the clock speaks up, e.g. `10:00,5:00,1:00,0:10`, or `off`.
    #[arg(long, global = true)]
    pub alarms: Option<String>,
    /// Speak of time only when asked (FIDE D.2.10.4): no alarms, no period notices.
    #[arg(long, global = true)]
    pub tournament: bool,
    /// The edition of the FIDE Laws of Chess applied: 2023 (in force since 1 January 2023, the
    /// default) or 2018. It decides penalties in rapid (A.3), a resignation against a bare king
    /// (5.1.2) and the article numbers said.
    #[arg(long, global = true)]
    pub laws: Option<String>,
    /// Complete every move at once, without a clock press.
    #[arg(long, global = true)]
    pub auto_press: bool,
    /// Refuse moves that break touch-move instead of only warning (FIDE 4.3).
    #[arg(long, global = true)]
    pub enforce_touch_move: bool,
    /// Announce a flag fall and wait for the opponent's claim instead of deciding at once (A.4.3).
    #[arg(long, global = true)]
    pub claim_flag: bool,
    /// The terminal interface: `line` (plain lines for screen readers, the default) or `board`.
    #[arg(long, global = true, value_enum, default_value_t = crate::ui::Ui::Line)]
    pub ui: crate::ui::Ui,
    /// Do not ask for confirmation before resign, accept, claim and a new game.
    #[arg(long, global = true)]
    pub no_confirm: bool,
    /// Do not ask side, time control and opponent before the game (they are asked only when no game
    /// argument is given and standard input is a terminal).
    #[arg(long, global = true)]
    pub no_setup: bool,
    /// Also show the game on a braille display through BRLTTY (BrlAPI; `BRLAPI_HOST`, `BRLAPI_AUTH`):
    /// each sentence, and the board on a display of 8 rows or more. Also `[braille] display = true`
    /// in the settings file.
    #[arg(long, global = true)]
    pub braille_display: bool,
    /// The relaying assistant's mode (FIDE D.2.10, D.2.11): moves of both sides are completed at once,
    /// time is said only when asked, a flag fall is announced and claimed with `flag`.
    #[arg(long, global = true)]
    pub assistant: bool,
    /// How Anna speaks, and with which voice (src/adapters/speech/settings.rs).
    #[command(flatten)]
    pub speech: crate::adapters::speech::SpeechArgs,
    /// Short sounds for moves, captures, checks, illegal moves, draw offers, flag falls and the end.
    #[arg(long, global = true, value_enum, default_value_t = Switch::On)]
    pub sounds: Switch,
    /// Board view: small squares (3 by 1 cells); by default each square is as large as the window
    /// allows (7 by 3, 5 by 2 or 3 by 1), and `:large` switches between the two.
    #[arg(long, global = true)]
    pub small_squares: bool,
    /// The default since the squares grow with the window; kept so that older command lines run.
    #[arg(long, global = true, hide = true)]
    pub large_squares: bool,
    /// Board view: no colours, only reverse video and brackets (also when NO_COLOR is set).
    #[arg(long, global = true)]
    pub no_color: bool,
    /// Board view: turn the board round (Black at the bottom; with --player black, White).
    #[arg(long, global = true)]
    pub flip: bool,
    #[command(flatten)]
    pub boards: board::BoardArgs,
    /// Listening (English, the `listen` feature): push (push-to-talk: `listen` or Tab, the default)
    /// or always.
    #[arg(long, global = true, value_enum, default_value_t = Listen::Push)]
    pub listen: Listen,
    /// Who plays the other side: `human` (Anna is the clock and scoresheet), `computer` (it plays
    /// the side that is not --player) or `lichess` (a player or lichess's AI, on lichess.org).
    #[arg(long, global = true, value_enum, default_value_t = Opponent::Human)]
    pub opponent: Opponent,
    /// The computer's strength: 1 (beginner) to 8 (club player), 3 unless given; with
    /// `--opponent lichess`, a game against lichess's AI at this level.
    #[arg(long, global = true, value_parser = parse_level)]
    pub level: Option<anna_core::opponent::Level>,
    /// With `--opponent lichess`: challenge this lichess player and wait for the answer.
    #[arg(long, global = true)]
    pub challenge: Option<String>,
    /// With `--opponent lichess`: a rated game (a seek or a challenge); casual otherwise.
    #[arg(long, global = true)]
    pub rated: bool,
    /// The computer's UCI engine: a path, or `builtin` for Anna's own opponent. Without it Stockfish
    /// plays if it is installed (on the PATH or /usr/games), else Anna's own opponent.
    #[arg(long, global = true, value_parser = parse_engine)]
    pub engine: Option<crate::adapters::engine::EngineChoice>,
    /// Resume the unfinished game saved in the journal, in either view: as it stood, clocks
    /// stopped until `resume`.
    #[arg(long)]
    pub resume: bool,
}

/// When the microphone listens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Listen {
    /// One utterance each time the player asks (`listen`, Tab in the board view).
    #[default]
    Push,
    /// All the time.
    Always,
}

/// Who plays the other side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Opponent {
    #[default]
    Human,
    Computer,
    Lichess,
}

fn parse_level(text: &str) -> Result<anna_core::opponent::Level, BadValue> {
    text.parse()
}

fn parse_engine(text: &str) -> Result<crate::adapters::engine::EngineChoice, BadValue> {
    text.parse()
}

/// A setting that is on or off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    #[default]
    On,
    Off,
}

impl GameArgs {
    /// The board view's settings these arguments ask for, for a player of Black when `black`.
    pub(crate) fn board_settings(&self, black: bool) -> Settings {
        Settings {
            large: !self.small_squares,
            color: Settings::color_allowed(self.no_color, std::env::var("NO_COLOR").ok().as_deref()),
            flipped: self.flip != black,
        }
    }

    /// The voice these arguments ask for; `default_lang` when none is given.
    pub fn voice(&self, default_lang: &str) -> Result<Voice, Refusal> {
        let code = self.lang.as_deref().unwrap_or(default_lang);
        let vocab = Vocabulary::find(code)
            .map_err(|_| Refusal::new(ArgError::Language(code.into()), &Vocabulary::english()))?;
        let refused = |error: BadValue| Refusal::new(error, &vocab);
        // At a tournament the announcement is the one the Laws give (FIDE D.2.1), unless asked otherwise.
        let default = if self.tournament || self.assistant { SquareStyle::German } else { SquareStyle::default() };
        let squares = self.squares.as_deref().map(str::parse::<SquareStyle>).transpose().map_err(refused)?;
        let form = self.form.as_deref().map(str::parse::<MoveForm>).transpose().map_err(refused)?;
        Ok(Voice::new(vocab.clone(), squares.unwrap_or(default), form.unwrap_or_default()))
    }

    /// The arguments given that a resumed game takes from its journal instead: its setup, its
    /// words and its opponent are the game's own.
    fn kept_from_the_game(&self) -> Vec<&'static str> {
        let given = [
            ("--tc", self.tc.is_some()),
            ("--tc-mode", self.tc_mode.is_some()),
            ("--white", self.white.is_some()),
            ("--black", self.black.is_some()),
            ("--fen", self.fen.is_some()),
            ("--chess960", self.chess960.is_some()),
            ("--player", self.player.is_some()),
            ("--lang", self.lang.is_some()),
            ("--squares", self.squares.is_some()),
            ("--form", self.form.is_some()),
            ("--alarms", self.alarms.is_some()),
            ("--tournament", self.tournament),
            ("--auto-press", self.auto_press),
            ("--enforce-touch-move", self.enforce_touch_move),
            ("--claim-flag", self.claim_flag),
            ("--assistant", self.assistant),
            ("--opponent", self.opponent != Opponent::default()),
            ("--level", self.level.is_some()),
            ("--challenge", self.challenge.is_some()),
            ("--rated", self.rated),
            ("--engine", self.engine.is_some()),
        ];
        given.into_iter().filter(|(_, on)| *on).map(|(flag, _)| flag).collect()
    }

    /// Whether any argument sets the game up (then the setup questions are not asked).
    fn has_game_arguments(&self) -> bool {
        [&self.tc, &self.tc_mode, &self.white, &self.black, &self.fen, &self.chess960, &self.player]
            .iter()
            .any(|a| a.is_some())
            || self.assistant
    }

    /// Everything a game needs from the arguments, checked before it starts.
    pub(crate) fn prepare(&self, default_lang: &str) -> Result<(Config, Vec<Command>, Voice), Refusal> {
        let voice = self.voice(default_lang)?;
        let refused = |error: ArgError| Refusal::new(error, &voice.vocab);
        Ok((self.config().map_err(|e| refused(e.into()))?, self.setup().map_err(refused)?, voice))
    }

    fn config(&self) -> Result<Config, BadValue> {
        let player = match self.player.as_deref() {
            None | Some("both") => None,
            Some(side) => Some(anna_language::commands::color(side).ok_or_else(|| BadValue::new(side, "player"))?),
        };
        let alarms = match self.alarms.as_deref() {
            None => Config::default().alarms,
            Some(text) => anna_language::commands::alarm_times(text).ok_or_else(|| BadValue::new(text, "alarms"))?,
        };
        // The assistant presses for the side that moved, speaks of time only when asked, and the
        // blind player (--player, white unless given) claims a flag fall (D.2.10).
        let assistant = self.assistant;
        // The command line, else the settings file (`[rules] laws = 2018`), else the edition in force.
        let laws = self.laws.clone().or_else(|| crate::adapters::config::value("rules", "laws"));
        let laws = match laws.as_deref() {
            None => Default::default(),
            Some(text) => text.parse().map_err(|()| BadValue::new(text, "laws"))?,
        };
        Ok(Config {
            laws,
            player: if assistant { player.or(Some(Color::White)) } else { player },
            alarms,
            tournament: self.tournament || assistant,
            auto_press: self.auto_press || assistant,
            touch_move: if self.enforce_touch_move { TouchMove::Enforce } else { TouchMove::Warn },
            flag: if self.claim_flag || assistant { FlagPolicy::Claim } else { FlagPolicy::Auto },
            ..Config::default()
        })
    }

    /// How the app behaves, as these arguments say (the setup questions are not asked).
    pub(crate) fn options(&self) -> Options {
        Options {
            confirm: !self.no_confirm,
            ask_setup: false,
            assistant: self.assistant,
            sounds: self.sounds == Switch::On,
            opponent: match self.opponent {
                Opponent::Human => anna_app::OtherSide::Person,
                Opponent::Computer => anna_app::OtherSide::Computer,
                Opponent::Lichess => anna_app::OtherSide::Server,
            },
            level: self.level.unwrap_or(anna_core::opponent::Level::DEFAULT),
            // `auto` is settled here, once: the game names the engine that plays.
            engine: self.engine.clone().unwrap_or_else(|| match crate::adapters::engine::find_stockfish() {
                Some(path) => anna_app::EngineChoice::Path(path),
                None => anna_app::EngineChoice::Builtin,
            }),
            ..Options::default()
        }
    }

    /// The setup commands these arguments stand for, checked before any game starts.
    fn setup(&self) -> Result<Vec<Command>, ArgError> {
        let mut commands = Vec::new();
        // The clock mode first: the control then takes it and is read back once, as it stands.
        if let Some(mode) = &self.tc_mode {
            commands.push(Command::ClockMode(mode.parse().map_err(|_| ArgError::ClockMode(mode.clone()))?));
        }
        if let Some(tc) = &self.tc {
            commands.push(Command::TimeControl(TimeControl::read(tc).map_err(|_| ArgError::TimeControl(tc.clone()))?));
        }
        if let Some(fen) = &self.fen {
            anna_core::fen::parse_fen(fen).map_err(ArgError::Fen)?;
            commands.push(Command::Fen(fen.clone()));
        }
        if let Some(n) = &self.chess960 {
            let number = match n.as_str() {
                "random" => random_below(960),
                n => n.parse::<u32>().ok().filter(|n| *n < 960).ok_or_else(|| ArgError::Chess960(n.to_string()))?,
            };
            commands.push(Command::Chess960(number));
        }
        if let Some(name) = &self.white {
            commands.push(Command::Name(Color::White, name.clone()));
        }
        if let Some(name) = &self.black {
            commands.push(Command::Name(Color::Black, name.clone()));
        }
        Ok(commands)
    }
}

/// A random number below `n`, from the standard library's per-process random hash keys.
fn random_below(n: u32) -> u32 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(n);
    (hasher.finish() % u64::from(n)) as u32
}

/// `anna replay FILE [--pgn OUT]`.
pub fn replay(file: &Path, pgn: Option<&Path>, args: &GameArgs) -> ExitCode {
    let text = match fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("anna: cannot read the script {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let (config, setup, voice) = or_stop!(args.prepare("en"), 2);
    let steps = match script::parse_script(&text, &voice) {
        Ok(steps) => steps,
        Err(e) => {
            eprintln!("anna: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let mut app = script::app(config, setup, voice);
    let transcript = script::replay(&steps, &mut app);
    let (session, voice) = (app.session(), app.voice());
    for line in &transcript {
        outln!("{line}");
    }
    if let Some(path) = pgn {
        if let Err(e) = fs::write(path, anna_app::save::pgn_text(session, &voice.vocab)) {
            eprintln!("anna: cannot write the PGN to {}: {e}", path.display());
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

/// A program without a game of its own (a review, puzzles) in the view `args` ask for: the line
/// mode, or the board view with standard error sent to the log meanwhile.
pub(crate) fn run_program_in_view(
    program: impl crate::runtime::Program,
    args: &GameArgs,
    sounds: crate::adapters::sound::SoundPlayer,
    engine: crate::adapters::engine::EngineChoice,
) -> ExitCode {
    if args.ui != crate::ui::Ui::Board {
        return crate::runtime::run_program(
            program,
            crate::ui::line::LineView::default(),
            args.speech.clone(),
            sounds,
            engine,
        );
    }
    let screen = Screen::new(program.voice().clone(), args.board_settings(false));
    let needs_terminal = |_| program.voice().vocab.word_owned("screen.needs_terminal");
    let view = or_stop!(BoardView::open(screen).map_err(needs_terminal), 1);
    let _diverted =
        crate::adapters::data_folder().and_then(|folder| Diverted::to_log_in(&folder, &program.voice().vocab));
    crate::runtime::run_program(program, view, args.speech.clone(), sounds, engine)
}

/// `anna say [--fen FEN] MOVE...`: each move in words, in the voice of the arguments.
pub fn say(fen: Option<&str>, moves: &[String], args: &GameArgs) -> ExitCode {
    let voice = or_stop!(args.voice("de"), 2);
    let start =
        fen.map(anna_core::fen::parse_fen).transpose().map_err(|e| Refusal::new(ArgError::Fen(e), &voice.vocab));
    let mut game = or_stop!(start, 2).map_or_else(Game::new, Game::from_start);
    for text in moves.iter().flat_map(|m| m.split_whitespace()) {
        let played = game.resolve(text).and_then(|mv| game.play(mv).map(|ply| Played { san: ply.san, mv }));
        match played {
            Ok(played) => outln!("{}", voice.move_words(&played)),
            Err(MoveError::NotUnderstood) => {
                eprintln!("anna: {}", fill(voice.vocab.word("errors.say_move"), &[("text", text.to_string())]));
                return ExitCode::from(1);
            }
            Err(e) => {
                eprintln!("anna: {text}: {}", voice.render(&session::refusal(game.position(), &e)));
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `anna adjudicate [--fen FEN]`.
pub fn adjudicate(fen: Option<&str>, helpmate: bool) -> ExitCode {
    let fen = fen.unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let position = match anna_core::fen::parse_fen(fen) {
        Ok(position) => position,
        Err(e) => {
            eprintln!("anna: {}", anna_language::errors::fen(&e, &Vocabulary::english()));
            return ExitCode::from(2);
        }
    };
    for (name, side) in [("white", Color::White), ("black", Color::Black)] {
        let answer = adjudicate::can_mate(&position, side);
        match (&answer, helpmate) {
            (Winnability::Winnable { helpmate: line }, true) => {
                let moves: Vec<String> = line.iter().map(ToString::to_string).collect();
                outln!("{name}: {} {}", answer.as_str(), moves.join(" "));
            }
            _ => outln!("{name}: {}", answer.as_str()),
        }
    }
    ExitCode::SUCCESS
}

/// `anna`: a game in the terminal, in the line mode (every sentence written as a line, which a
/// screen reader reads) or the board view.
pub fn play(args: &GameArgs) -> ExitCode {
    let (config, setup, voice) = or_stop!(args.prepare("en"), 2);
    let mut options = Options {
        ask_setup: !args.no_setup && !args.has_game_arguments() && std::io::stdin().is_terminal(),
        ..args.options()
    };
    // A game on lichess is found (or made) there before it starts here; a resumed one is the
    // journal's.
    if args.opponent == Opponent::Lichess && !args.resume {
        match online::find_game(args, &voice) {
            Ok(game) => {
                options.online = Some(game);
                options.ask_setup = false;
            }
            Err(code) => return code,
        }
    }
    // Asked about only when someone is there to answer; a script on standard input is not.
    let ask = std::io::stdin().is_terminal();
    let mut app = App::new(config, setup, voice.clone(), options);
    let kept = args.kept_from_the_game();
    if args.resume && !kept.is_empty() {
        eprintln!("anna: {}", fill(voice.vocab.word("journal.kept_own"), &[("flags", kept.join(", "))]));
    }
    match resume::unfinished_games(args.resume, ask, &voice) {
        Ok(games) => app = app.with_unfinished_games(games),
        Err(code) => return code,
    }
    run_app(app, args)
}

/// Runs `app` in the view the arguments chose, with the engine and the peg board they name.
pub(crate) fn run_app(mut app: App, args: &GameArgs) -> ExitCode {
    let sounds = crate::adapters::sound::SoundPlayer::new(args.sounds == Switch::On);
    let engine = app.options().engine.clone();
    args.boards.apply(&mut app);
    let listen = match args.listen {
        Listen::Push => crate::adapters::listen::Mode::PushToTalk,
        Listen::Always => crate::adapters::listen::Mode::Always,
    };
    let board = args.boards.ports();
    // A braille display beside the view, when asked for here or in the settings file.
    let braille = (args.braille_display
        || crate::adapters::config::value("braille", "display").is_some_and(|v| v == "true"))
    .then(crate::adapters::brlapi::Settings::from_env);
    match args.ui {
        Ui::Line => {
            let view = WithBraille::new(LineView::default(), braille);
            crate::runtime::run(app, view, args.speech.clone(), sounds, engine, board, listen)
        }
        Ui::Board => {
            // Black at the bottom for the player of Black, unless --flip turns it back.
            let black = app.session().config().player == Some(Color::Black);
            app.set_press_key(anna_app::PressKey::Space);
            let settings = args.board_settings(black);
            match BoardView::open(Screen::new(app.voice().clone(), settings)) {
                Ok(view) => {
                    // Nothing but the view writes to the terminal while it is up.
                    let _diverted = crate::adapters::data_folder()
                        .and_then(|folder| Diverted::to_log_in(&folder, &app.voice().vocab));
                    let view = WithBraille::new(view, braille);
                    crate::runtime::run(app, view, args.speech.clone(), sounds, engine, board, listen)
                }
                Err(_) => {
                    eprintln!("anna: {}", app.voice().vocab.word("screen.needs_terminal"));
                    ExitCode::from(1)
                }
            }
        }
    }
}
