//! What the session tells the world: sentences to speak ([`Utterance`]), earcons to play ([`Sound`])
//! and decisions and clock changes to record ([`Fact`]). All are plain values, so tests and
//! transcripts read them directly.
//! The words of every sentence live in `grammar/`; here a sentence is only a key and its arguments.

use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Piece, Role, Square};

use crate::clock::{Category, TimeControl};
use crate::explore::{Group, Stretch};
use crate::outcome::{Outcome, Reason};
use crate::rules::IllegalReason;

/// How urgently a sentence must reach the player (issue: speech priorities).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Interrupts whatever is being said: flag fall, illegal move, game end.
    Urgent,
    /// Move announcements: queued, never dropped.
    Move,
    /// The player's own move read back: queued with the moves, but the opponent's move cuts it off
    /// (the player knows what he played; what the opponent played comes first).
    ReadBack,
    /// Answers to questions and confirmations.
    Info,
}

macro_rules! sentences {
    ($($variant:ident => $key:literal,)*) => {
        /// Every sentence the session can say; each is a key of the `[say]` table in `grammar/`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Sentence { $($variant,)* }

        impl Sentence {
            pub const ALL: &'static [Sentence] = &[$(Sentence::$variant,)*];

            pub const fn key(self) -> &'static str {
                match self { $(Sentence::$variant => $key,)* }
            }
        }
    };
}

sentences! {
    TouchedCaptureWith => "touched_capture_with",
    TouchedCastle => "touched_castle",
    TouchedCastleIllegal => "touched_castle_illegal",
    Sealed => "sealed",
    SealedOffer => "sealed_offer",
    Adjourned => "adjourned",
    Opened => "opened",
    NotAdjourned => "not_adjourned",
    SealSameMove => "seal_same_move",
    ClockStarted => "clock_started",
    // The clock started in a game whose players have no names: the sides are not named twice.
    ClockStartedUnnamed => "clock_started_unnamed",
    ClaimOffer => "claim_offer",
    QuickplayBlitz => "quickplay_blitz",
    QuickplayNotOnMove => "quickplay_not_on_move",
    QuickplayGiven => "quickplay_given",
    QuickplayOffer => "quickplay_offer",
    TimeControlSet => "time_control",
    TimeControlNone => "time_control_none",
    NotUnderstoodLine => "not_understood_line",
    Moved => "moved",
    Corrected => "corrected",
    PeriodStarted => "period_started",
    NotUnderstood => "not_understood",
    Illegal => "illegal",
    SayAgain => "say_again",
    AnswerWhich => "answer_which",
    NothingAsked => "nothing_asked",
    NotYourMove => "not_your_move",
    NothingToPress => "nothing_to_press",
    GameOver => "game_over",
    AlreadyOver => "already_over",
    SetupTooLate => "setup_too_late",
    Paused => "paused",
    Resumed => "resumed",
    NotPaused => "not_paused",
    PausedNoPlay => "paused_no_play",
    NotStarted => "not_started",
    Time => "time",
    TimeUnlimited => "time_unlimited",
    Moves => "moves",
    NoMoves => "no_moves",
    Turn => "turn",
    Chess960Position => "chess960_position",
    TurnAwaitingPress => "turn_awaiting_press",
    LastMove => "last_move",
    DrawOffered => "draw_offered",
    DrawOfferedOffTurn => "draw_offered_off_turn",
    DrawOfferForbidden => "draw_offer_forbidden",
    DrawOfferStanding => "draw_offer_standing",
    DrawDeclined => "draw_declined",
    DrawDeclinedByTouch => "draw_declined_by_touch",
    DrawDeclinedByMove => "draw_declined_by_move",
    NoDrawOffer => "no_draw_offer",
    OwnDrawOffer => "own_draw_offer",
    AgreementTooEarly => "agreement_too_early",
    Touched => "touched",
    TouchedOpponent => "touched_opponent",
    TouchedCannotMove => "touched_cannot_move",
    TouchMoveWarning => "touch_move_warning",
    TouchMoveRefused => "touch_move_refused",
    EmptySquare => "empty_square",
    ClaimNotOnMove => "claim_not_on_move",
    ClaimAfterTouch => "claim_after_touch",
    ClaimWrong => "claim_wrong",
    ClaimWrongUntimed => "claim_wrong_untimed",
    ClaimMovePlayed => "claim_move_played",
    DeclaredMoveStands => "declared_move_stands",
    ClaimIllegalMove => "claim_illegal_move",
    IllegalPenalty => "illegal_penalty",
    IllegalPenaltyUntimed => "illegal_penalty_untimed",
    IllegalPressPenalty => "illegal_press_penalty",
    IllegalTwoHandsPenalty => "illegal_two_hands_penalty",
    IllegalTwoHandsPenaltyUntimed => "illegal_two_hands_penalty_untimed",
    IllegalPressPenaltyUntimed => "illegal_press_penalty_untimed",
    IllegalPromotion => "illegal_promotion",
    IllegalPromotionPenalty => "illegal_promotion_penalty",
    IllegalPromotionPenaltyUntimed => "illegal_promotion_penalty_untimed",
    IllegalReported => "illegal_reported",
    IllegalStands => "illegal_stands",
    IllegalCannotStand => "illegal_cannot_stand",
    IllegalWasLegal => "illegal_was_legal",
    IncompleteMove => "incomplete_move",
    TimeAlarm => "time_alarm",
    TimeOf => "time_of",
    WhichPiece => "which_piece",
    WhichPromotion => "which_promotion",
    WhichCastling => "which_castling",
    Confirm => "confirm",
    TooLate => "too_late",
    FlagFell => "flag_fell",
    FlagFellQuota => "flag_fell_quota",
    FlagNotFallen => "flag_not_fallen",
    ArbiterDecides => "arbiter_decides",
    ArbiterDeadPosition => "arbiter_dead_position",
    NoQuestion => "no_question",
    Adjusted => "adjusted",
    AdjustedMoves => "adjusted_moves",
    Quickplay => "quickplay",
    QuickplayRefused => "quickplay_refused",
    NoMovesFrom => "no_moves_from",
    ExploreBoard => "explore_board",
    ExploreSide => "explore_side",
    ExplorePieces => "explore_pieces",
    ExploreNone => "explore_none",
    ExploreLine => "explore_line",
    ExploreSquare => "explore_square",
    ExploreSquareEmpty => "explore_square_empty",
    ExploreMoves => "explore_moves",
    ExploreNoMoves => "explore_no_moves",
    ExploreAttackers => "explore_attackers",
    ExploreDefenders => "explore_defenders",
    ExploreHanging => "explore_hanging",
    ExploreHangingNone => "explore_hanging_none",
    ExploreMaterialEqual => "explore_material_equal",
    ExploreMaterialUp => "explore_material_up",
    ExploreFen => "explore_fen",
    ExploreRays => "explore_rays",
    ExplorePawns => "explore_pawns",
    ExploreThreats => "explore_threats",
    ExploreNoLastMove => "explore_no_last_move",
    BoardMatches => "board_matches",
    BoardShow => "board_show",
    BoardIllegal => "board_illegal",
    BoardRemove => "board_remove",
    BoardRemoveUnknown => "board_remove_unknown",
    BoardPut => "board_put",
    BoardMove => "board_move",
    BoardRestore => "board_restore",
    BoardDiffers => "board_differs",
    BoardDiffersMany => "board_differs_many",
    TouchedRookFirst => "touched_rook_first",
    TouchedReleased => "touched_released",
    WhichMove => "which_move",
    WhichMoveOfThree => "which_move_of_three",
    LatePress => "late_press",
    NotPressed => "not_pressed",
    Adjusting => "adjusting",
    InitialPositionWrong => "initial_position_wrong",
    ColoursReversedNewGame => "colours_reversed_new_game",
    ColoursReversedContinue => "colours_reversed_continue",
    Displaced => "displaced",
    AdjustNotOnMove => "adjust_not_on_move",
    IllegalFound => "illegal_found",
    IllegalFoundNoSuchMove => "illegal_found_no_such_move",
    IllegalFoundStands => "illegal_found_stands",
    SetUpClaimLate => "set_up_claim_late",
    ClockSettingStays => "clock_setting_stays",
    TakenBack => "taken_back",
    TakenBackHome => "taken_back_home",
    IllegalFoundPenalty => "illegal_found_penalty",
    IllegalFoundPenaltyUntimed => "illegal_found_penalty_untimed",
    BoardTurned => "board_turned",
    BoardUpright => "board_upright",
    BoardOpponentSquare => "board_opponent_square",
    BoardOpponentMove => "board_opponent_move",
    BoardWrongMove => "board_wrong_move",
}

impl Sentence {
    /// An answer about the board, which may begin with a lowercase word (`weiße Springer ...`,
    /// `e four` in plain squares) and is said with a capital.
    pub const fn is_exploration(self) -> bool {
        matches!(
            self,
            Sentence::ExploreBoard
                | Sentence::ExploreSide
                | Sentence::ExplorePieces
                | Sentence::ExploreNone
                | Sentence::ExploreLine
                | Sentence::ExploreSquare
                | Sentence::ExploreSquareEmpty
                | Sentence::ExploreMoves
                | Sentence::ExploreNoMoves
                | Sentence::ExploreAttackers
                | Sentence::ExploreDefenders
                | Sentence::ExploreHanging
                | Sentence::ExploreMaterialEqual
                | Sentence::ExploreMaterialUp
                | Sentence::ExploreRays
                | Sentence::ExplorePawns
                | Sentence::ExploreThreats
        )
    }

    /// A step on the peg board, which may begin with a lowercase word (`weißen Springer auf ...
    /// setzen`) and is said with a capital.
    pub const fn is_board_step(self) -> bool {
        matches!(self, Sentence::BoardRemove | Sentence::BoardPut | Sentence::BoardMove)
    }
}

/// One argument of a sentence, formatted by the language (a side, a time in words, a move...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Side(Color),
    Time(Duration),
    Number(u32),
    /// A number of moves, said with its noun: `23 moves`.
    Moves(u32),
    /// A move, spoken by the language's move words.
    Move(Played),
    /// A kind of piece.
    Piece(Role),
    /// An engine's score of a position, in words: "White is better, about a pawn".
    Score(crate::analysis::Score),
    /// A number with its noun in the plural form it takes (`time.{noun}_one` ... of `grammar/`):
    /// "2 pawns", "1 blunder".
    Counted(&'static str, u32),
    /// Moves one after another, as a line of play is said.
    Played(Vec<Played>),
    /// Words made elsewhere, said inside these.
    Words(Box<Words>),
    /// Squares, said as a list with "or".
    Squares(Vec<Square>),
    /// A square such as `e4`.
    Square(String),
    Reason(Reason),
    Outcome(Outcome),
    /// An article of the FIDE Laws, such as `9.6.1`.
    Article(&'static str),
    /// Why a move is not legal.
    Illegal(IllegalReason),
    /// Text given by the user, repeated back (a name, a word not understood).
    Text(String),
    /// A time control, read back in words with its periods and increment.
    TimeControl(TimeControl),
    /// The speed category of a game (FIDE A.1, B.1).
    Category(Category),
    /// A list of moves for the scoresheet read-back: move number, White's move, Black's move.
    MoveList(Vec<(u32, Option<Played>, Option<Played>)>),
    /// Pieces of one side by kind with their squares, said without their colour (`Rooks Anna eins, Hector eins`).
    Kinds(Vec<Group>),
    /// Pieces by side and kind with their squares, said with their colour.
    Groups(Vec<Group>),
    /// The pieces of the kinds the two sides have not as many of, with their colour; nothing at all
    /// when the sides have as many of every kind.
    Differ(Vec<crate::explore::Imbalance>),
    /// A rank or file, square by square.
    Line(Vec<Stretch>),
    /// Pieces each on its square, said with their colour (attackers, defenders); `none` when empty.
    Placed(Vec<(Square, Piece)>),
    /// The eight lines from a square, each as far as it is free and the first piece met.
    Rays(Vec<crate::explore::Ray>),
    /// One side's pawns, with the passed, doubled and isolated ones.
    Pawns(crate::explore::Pawns),
    /// What the last move threatens.
    Threats(Box<crate::explore::Threats>),
    /// What stands on a square: a piece with its colour, or `empty`.
    Occupant(Option<Piece>),
    /// Whether a square is light or dark.
    Shade(Square),
    /// Moves that can be made, said as a list.
    MoveOptions(Vec<Played>),
    /// A move said with its piece and departure square whatever the voice's form, so it can be
    /// carried out on the board: `Springer Bella acht Cesar sechs`.
    MoveLong(Played),
    /// A piece with its colour as the object of a step on the peg board (`weißen Springer`).
    Peg(Piece),
    /// A kind of piece as the object of a step on the peg board (`Bauern`).
    PegKind(Role),
    /// A word of `grammar/` by its key, said in the voice's language (`values.on`, `line.both`).
    Word(String),
}

/// A move as it was played: its SAN (with check or mate) and the move itself, so that it can be said
/// in any form (short like SAN, or long with the departure square).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub san: SanPlus,
    pub mv: Move,
}

impl Played {
    /// `mv`, a legal move in `position`, as it would be played there.
    pub fn new(position: &Chess, mv: Move) -> Played {
        Played { san: SanPlus::from_move(position.clone(), mv), mv }
    }
}

/// A sentence with its arguments and priority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Utterance {
    pub priority: Priority,
    pub sentence: Sentence,
    pub args: Vec<(&'static str, Arg)>,
}

impl Utterance {
    pub fn new(priority: Priority, sentence: Sentence) -> Utterance {
        Utterance { priority, sentence, args: Vec::new() }
    }

    pub fn arg(mut self, name: &'static str, value: Arg) -> Utterance {
        self.args.push((name, value));
        self
    }
}

/// What to say, in no language yet: a sentence of the game, or a line of the application's own (a
/// key of `grammar/` with its arguments). The view makes the words, in its voice's language
/// (`Voice::words`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Words {
    Sentence(Utterance),
    Line {
        key: String,
        args: Vec<(&'static str, Arg)>,
    },
    /// Words a program made whole in one language before they reached the app (what a PGN file
    /// held, read back when its game is opened; the review of a game).
    Text(String),
}

impl Words {
    /// The line of `grammar/` at `key` (`line.welcome`, `help.time`).
    pub fn line(key: impl Into<String>) -> Words {
        Words::Line { key: key.into(), args: Vec::new() }
    }

    /// Adds an argument to a line (a sentence takes its arguments as an [`Utterance`]).
    pub fn arg(mut self, name: &'static str, value: Arg) -> Words {
        match &mut self {
            Words::Line { args, .. } => args.push((name, value)),
            Words::Sentence(utterance) => utterance.args.push((name, value)),
            Words::Text(_) => {}
        }
        self
    }
}

/// A fact for the record: decisions, moves and clock changes, in a stable machine form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The clocks were started; the side whose clock runs.
    Started {
        side: Color,
    },
    /// A move was made (not yet completed by the clock press).
    Moved {
        side: Color,
        san: String,
        uci: String,
    },
    /// A pending move was taken back and replaced before the press (D.2.8).
    Retracted {
        side: Color,
        san: String,
    },
    /// A move was completed by pressing the clock (6.2.1); both clocks after it.
    Completed {
        side: Color,
        white: Duration,
        black: Duration,
    },
    /// A new period began for a side, with the time added (6.3.2).
    PeriodStarted {
        side: Color,
        period: usize,
        added: Duration,
    },
    Offered {
        side: Color,
    },
    Declined {
        side: Color,
    },
    Touched {
        side: Color,
        square: String,
    },
    /// The side pressed after the opponent's move (6.2.2): `late` moved from the opponent's clock
    /// to its own.
    PressedLate {
        side: Color,
        late: Duration,
    },
    /// The side said "j'adoube": it adjusts pieces until its move (4.2.1).
    Adjusting {
        side: Color,
    },
    /// The game is cancelled and a new one played (7.2.1, 7.3), with the colours swapped when
    /// `swap` (the game began with them reversed).
    Cancelled {
        swap: bool,
        article: &'static str,
    },
    /// Time added to a side's clock, and the article that gave it.
    TimeAdded {
        side: Color,
        added: Duration,
        article: &'static str,
    },
    /// A completed illegal move by a side, and how many that side has made.
    IllegalMove {
        side: Color,
        count: u32,
        article: &'static str,
    },
    /// A claim was made and rejected.
    ClaimRejected {
        side: Color,
        article: &'static str,
    },
    Paused,
    Resumed,
    Adjusted {
        side: Color,
        remaining: Duration,
        moves: u32,
    },
    FlagFell {
        side: Color,
    },
    /// The program cannot decide; the arbiter must (undetermined winnability).
    ArbiterToDecide {
        article: &'static str,
    },
    /// The game was adjourned (Guideline I.2): who sealed, the move number, the time each side has used,
    /// the position before the sealed move and a standing draw offer.
    Sealed {
        side: Color,
        number: u32,
        white_used: Duration,
        black_used: Duration,
        fen: String,
        offer: Option<Color>,
    },
    /// The envelope was opened (I.9.1).
    Opened,
    Ended(Outcome),
}

macro_rules! sounds {
    ($($(#[$doc:meta])* $variant:ident => $name:literal,)*) => {
        /// A short sound (an earcon) that tells what happened before any word is said; each is the
        /// file `sounds/NAME.wav`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Sound { $($(#[$doc])* $variant,)* }

        impl Sound {
            pub const ALL: &'static [Sound] = &[$(Sound::$variant,)*];

            /// The sound's name: its file is `sounds/NAME.wav`, its transcript line `play NAME`.
            pub const fn name(self) -> &'static str {
                match self { $(Sound::$variant => $name,)* }
            }
        }
    };
}

sounds! {
    /// A move was made.
    Move => "move",
    /// A move captured a piece.
    Capture => "capture",
    /// A move gave check (or mate).
    Check => "check",
    /// A move was refused as illegal, or an illegal move was penalised.
    Illegal => "illegal",
    /// A draw was offered.
    DrawOffer => "draw_offer",
    /// A player's clock is running low.
    LowTime => "low_time",
    /// A flag fell.
    FlagFall => "flag_fall",
    /// The game is over.
    GameEnd => "game_end",
    /// The peg board was connected.
    BoardConnected => "board_connected",
    /// The peg board was disconnected.
    BoardDisconnected => "board_disconnected",
    /// Navigation reached the edge of the board.
    Edge => "edge",
}

impl Sound {
    /// The sound of a move: `check` for a check or mate, else `capture` for a capture, else `move`.
    pub fn of_move(played: &Played) -> Sound {
        use shakmaty::san::Suffix;
        match played.san.suffix {
            Some(Suffix::Check | Suffix::Checkmate) => Sound::Check,
            None if played.mv.is_capture() => Sound::Capture,
            None => Sound::Move,
        }
    }

    /// Whether the sound matters enough to ring the terminal bell when no player command exists.
    pub const fn urgent(self) -> bool {
        matches!(self, Sound::Illegal | Sound::FlagFall | Sound::GameEnd | Sound::LowTime)
    }
}

/// What the session asks the world to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    Say(Utterance),
    Play(Sound),
    Record(Fact),
}

/// The most characters of a line read back to the player when it is not understood.
const READ_BACK: usize = 60;

/// Whether words not understood are worth reading back: a few words, mostly letters and digits;
/// not a line of symbols, stray bytes or a paste gone wrong, which would only be noise to sit through.
///
/// ```
/// use anna_core::message::worth_reading_back;
///
/// assert!(worth_reading_back("knihgt f3"));
/// assert!(!worth_reading_back("#$%^&*()!@"));
/// assert!(!worth_reading_back(&"e4 ".repeat(40)));
/// ```
pub fn worth_reading_back(text: &str) -> bool {
    let shown: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let wordy = shown.iter().filter(|c| c.is_alphanumeric()).count();
    text.chars().count() <= READ_BACK && wordy * 2 >= shown.len()
}

/// The name of a kind of piece in the keys of `grammar/` (`peg.white_knight`, `analysis.loses_knight`).
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}
