//! The settings of a session: what the players and the competition decided before the game.

use std::time::Duration;

use shakmaty::Color;

use crate::laws::Edition;

/// What a player's touch of a piece obliges (4.3) and the setting that enforces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TouchMove {
    /// Say the obligation when it is broken, but play the move (the default: Anna is not the arbiter).
    #[default]
    Warn,
    /// Refuse a move that breaks the obligation.
    Enforce,
}

/// Who notices a flag fall (6.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FlagPolicy {
    /// The clock decides at once, as an arbiter watching it would.
    #[default]
    Auto,
    /// The flag fall is announced; the game is decided when the opponent claims it (A.4.3, D.2.10).
    Claim,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Complete every move at once, without a clock press (casual games).
    pub auto_press: bool,
    pub touch_move: TouchMove,
    pub flag: FlagPolicy,
    /// Whether the game is fully supervised (A.4.2). `None`: standard games are, rapid and blitz are not.
    pub supervised: Option<bool>,
    /// Competition rule 9.1.1: no draw offers before this move number (0: no such rule).
    pub no_draw_offer_before: u32,
    /// The side Anna's user plays, whose clock the alarms watch; `None`: both.
    pub player: Option<Color>,
    /// Times left at which the talking clock speaks up (D.2.6), like WinBoard's alarm times.
    pub alarms: Vec<Duration>,
    /// Speak of time only when asked, as D.2.10.4 asks of an assistant: no alarms, no period notices.
    pub tournament: bool,
    /// The edition of the Laws applied (2023, in force, by default).
    pub laws: Edition,
}

/// The default alarm times: 10, 5, 2 and 1 minutes, 30 and 10 seconds left.
pub const DEFAULT_ALARMS: [u64; 6] = [600, 300, 120, 60, 30, 10];

impl Default for Config {
    fn default() -> Config {
        Config {
            auto_press: false,
            touch_move: TouchMove::default(),
            flag: FlagPolicy::default(),
            supervised: None,
            no_draw_offer_before: 0,
            player: None,
            alarms: DEFAULT_ALARMS.iter().map(|s| Duration::from_secs(*s)).collect(),
            tournament: false,
            laws: Edition::default(),
        }
    }
}
