//! The board view for low vision (`--ui board`): a large, high-contrast board drawn with ratatui.
//!
//! The board view is a view of the one application ([`anna_app::App`]): it decides nothing about
//! the game. [`Screen`] is the plain state of the screen, copied from the app's view of the game before every
//! draw; [`view`] draws it (`impl Widget for &Screen`, which only reads); [`keys`] turns a key into
//! a new state and [`Action`]s (the cursor's words, or an event for the app), a pure function
//! tested without a terminal; the app's view says when the clock face next changes; [`terminal`] is the
//! view at the edge (raw mode, alternate screen, panic hook, signals) that the runtime's one loop
//! drives.

pub mod keys;
pub mod terminal;
pub mod view;

#[cfg(test)]
mod tests;

use std::time::Duration;

use shakmaty::{ByColor, Chess, Color, File, Move, Piece, Rank, Role, Square};

use anna_app::view::{shown, GameView};
use anna_core::message::Played;
use anna_language::{announce, Voice};

pub use keys::{handle, Action, Key};

/// How the board is drawn; chosen on the command line and changed with keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Each square as large as the window allows (7 by 3, 5 by 2, 3 by 1 cells); small (3 by 1)
    /// when off (`--small-squares`, `:large`).
    pub large: bool,
    /// Colours; off with `NO_COLOR` or `--no-color`: then reverse video and brackets only.
    pub color: bool,
    /// Black at the bottom.
    pub flipped: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { large: true, color: true, flipped: false }
    }
}

impl Settings {
    /// Colour is off when asked (`--no-color`) or when `NO_COLOR` is set to anything but the empty string.
    pub fn color_allowed(no_color_flag: bool, no_color_env: Option<&str>) -> bool {
        !no_color_flag && no_color_env.is_none_or(str::is_empty)
    }
}

/// What the keys are typing into.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Keys move over the board.
    #[default]
    Board,
    /// A command line after `:`, with what is typed so far.
    Command(String),
}

/// Everything the board view shows. Plain data: the loop copies it from the app's view of the game
/// ([`Screen::sync`]) and repaints only when it differs from what was drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Screen {
    pub voice: Voice,
    pub settings: Settings,
    pub position: Chess,
    /// The last move, from and to (the king's squares for castling).
    pub last_move: Option<(Square, Square)>,
    /// Both clocks as shown: whole seconds, rounded up (a clock shows 0:00:00 only when the flag falls).
    pub clocks: ByColor<Duration>,
    /// Whether the game has a time control (otherwise the clocks show dashes).
    pub timed: bool,
    /// The side whose clock runs.
    pub running: Option<Color>,
    /// The move list: (move number, White's move, Black's move), in SAN with this language's letters.
    pub moves: Vec<(u32, Option<String>, Option<String>)>,
    /// The last thing said, as written.
    pub said: String,
    pub turn: Color,
    /// The side whose move waits for its press.
    pub awaiting_press: Option<Color>,
    /// The result in words, once the game is over.
    pub outcome: Option<String>,
    /// The engine's evaluation in words, when the player asked for it here.
    pub evaluation: Option<String>,
    pub cursor: Square,
    pub selected: Option<Square>,
    pub mode: Mode,
    /// Anna asked which piece a pawn becomes: `q r b n` answer.
    pub promotion: bool,
    /// The side the player plays, as last seen: when it changes (`flip`), the board turns too.
    pub player: Option<Option<Color>>,
    /// The app waits for an answer (a setup question, a confirmation): a typed letter opens the
    /// command line with it.
    pub answering: bool,
}

impl Screen {
    pub fn new(voice: Voice, settings: Settings) -> Screen {
        Screen {
            voice,
            settings,
            position: Chess::default(),
            last_move: None,
            clocks: ByColor { white: Duration::ZERO, black: Duration::ZERO },
            timed: false,
            running: None,
            moves: Vec::new(),
            said: String::new(),
            turn: Color::White,
            awaiting_press: None,
            outcome: None,
            evaluation: None,
            cursor: if settings.flipped { Square::E7 } else { Square::E2 },
            selected: None,
            mode: Mode::Board,
            promotion: false,
            answering: false,
            player: None,
        }
    }

    /// Copies what the screen shows from the app's view of the game: the language in force, the
    /// clocks in the game's own time.
    pub fn sync(&mut self, view: &GameView) {
        if self.player.is_some_and(|seen| seen != view.player) {
            self.settings.flipped = view.player == Some(Color::Black);
        }
        self.player = Some(view.player);
        self.voice = view.voice.clone();
        self.position = view.position.clone();
        self.turn = view.turn;
        self.awaiting_press = view.awaiting_press;
        self.last_move = view.last_move.as_ref().map(|played| squares_of(played.mv));
        self.timed = view.timed;
        self.running = view.running;
        self.clocks = ByColor { white: shown(view.clocks.white), black: shown(view.clocks.black) };
        let san = |p: &Option<Played>| p.as_ref().map(|p| self.localize_san(&p.san.to_string()));
        self.moves = view.moves.iter().map(|(n, w, b)| (*n, san(w), san(b))).collect();
        self.outcome = view.outcome.map(|o| announce::outcome(o, &self.voice.vocab));
        self.evaluation = view.evaluation.map(|score| anna_language::evaluation::score_words(score, &self.voice));
        self.promotion = view.asks_promotion;
        self.answering = view.awaiting_answer;
    }

    /// The letter of a piece on the board: this language's letter (the pawn's initial, or `P` when
    /// that is taken), uppercase for White, lowercase for Black.
    pub fn letter(&self, piece: Piece) -> char {
        self.voice.vocab.board_letter(piece)
    }

    /// The piece a letter key finds (or answers a promotion with): this language's letter, as the
    /// board shows it (`s` for the German Springer, `w` for the Polish wieża); an English letter
    /// (`k q r b n p`) the language does not use for another piece finds the same.
    pub fn role_of_key(&self, key: char) -> Option<Role> {
        let key = key.to_lowercase().next()?;
        let own = |role: &Role| self.letter(Piece { color: Color::Black, role: *role }) == key;
        if let Some(role) = Role::ALL.into_iter().find(own) {
            return Some(role);
        }
        Role::from_char(key).filter(|_| key.is_ascii_lowercase()).filter(|role| {
            Role::ALL
                .iter()
                .all(|other| other == role || self.letter(Piece { color: Color::Black, role: *other }) != key)
        })
    }

    /// SAN with this language's piece letters (`Sf3` in German).
    pub fn localize_san(&self, san: &str) -> String {
        san.chars()
            .map(|c| {
                match Role::from_char(c.to_ascii_lowercase()).filter(|r| c.is_ascii_uppercase() && *r != Role::Pawn) {
                    Some(role) => self.letter(Piece { color: Color::White, role }),
                    None => c,
                }
            })
            .collect()
    }

    /// The square one step in a direction as seen on the screen (up is away from the player at the bottom).
    pub fn step(&self, square: Square, right: i32, up: i32) -> Square {
        let (right, up) = if self.settings.flipped { (-right, -up) } else { (right, up) };
        let file = (usize::from(square.file()) as i32 + right).clamp(0, 7) as u32;
        let rank = (usize::from(square.rank()) as i32 + up).clamp(0, 7) as u32;
        Square::from_coords(File::new(file), Rank::new(rank))
    }
}

/// A clock face, `h:mm:ss`.
pub fn clock_text(time: Duration) -> String {
    anna_core::duration::format_pgn_clock(time)
}

/// The squares a move goes from and to; for castling, the king's.
fn squares_of(mv: Move) -> (Square, Square) {
    match mv {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() { File::G } else { File::C };
            (king, Square::from_coords(file, king.rank()))
        }
        mv => (mv.from().unwrap_or(mv.to()), mv.to()),
    }
}
