//! The one table of command names: every command a player says or types by name, each with its
//! key, which is both its key in the `[commands]` table of `grammar/` (where its words are, per
//! language) and its word in the journal. The parser, the recogniser's grammar, the journal, the
//! terminal's commands, the board view and review all read this table; a new command is a variant
//! here, its words in `grammar/`, and what it does.

use std::fmt;

use super::Command;
use crate::explore::{Filter, Query};

/// The name of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Name {
    // The game's.
    Start,
    Press,
    Time,
    Moves,
    Offer,
    Accept,
    Decline,
    Claim,
    Resign,
    Flag,
    Pause,
    Resume,
    /// Seal a move (adjournment); needs the move.
    Seal,
    /// Open the envelope.
    Open,
    Repeat,
    Turn,
    Last,
    // Questions about the board; rank, file and square need what they ask about.
    Board,
    Pieces,
    Where,
    Rank,
    File,
    Square,
    /// Who attacks a square, both sides; needs the square.
    Attackers,
    /// What guards the piece on a square; needs the square.
    Defenders,
    /// What hangs.
    Hanging,
    /// The material of both sides.
    Material,
    /// The position's FEN (`fen` alone; `fen FEN` sets a position up).
    Fen,
    /// The eight lines from a square; needs the square.
    Rays,
    /// Each side's pawns, with the passed, doubled and isolated ones.
    Pawns,
    /// What the last move threatens.
    Threats,
    // The terminal's own: the session never sees these.
    Help,
    Quit,
    New,
    Flip,
    Settings,
    Set,
    /// `save [FILE]`, `save braille [FILE]`: the scoresheet as a file.
    Save,
    /// Lead the peg board back to the last position board and game agreed on.
    Restore,
    /// Read the sensor board as standing the other way round.
    TurnBoard,
    /// Listen for one utterance (push-to-talk).
    Listen,
    /// Stop the speech at once.
    Stop,
    /// Go on with an answer a move cut off.
    More,
    /// "J'adoube" (4.2.1).
    Jadoube,
    // A game on a server's own.
    /// Propose a takeback, or agree to the opponent's.
    Takeback,
    /// Abort the game before it really began.
    Abort,
    /// `chat TEXT`: a line to the opponent.
    Chat,
    // Training at home (and in review and puzzles): never during a game played under the Laws
    // (FIDE 11.3.1), which the app decides once the line is understood.
    /// The engine's hint: the piece first, then the move.
    Hint,
    /// The engine's evaluation of the position.
    Eval,
    /// The engine's best move.
    Best,
    /// The engine's main line.
    Line,
    /// Analyse the whole game.
    Analyse,
    /// The mistakes of the analysed game.
    Mistakes,
    /// Exercises from one's own mistakes.
    Learn,
    /// A puzzle's (or an exercise's) solution.
    Solution,
    /// The next puzzle, or the next move of a game reviewed.
    Next,
}

impl Name {
    /// Every name, in the order of `grammar/en.toml`.
    pub const ALL: [Name; 56] = [
        Name::Start,
        Name::Press,
        Name::Time,
        Name::Moves,
        Name::Offer,
        Name::Accept,
        Name::Decline,
        Name::Claim,
        Name::Resign,
        Name::Flag,
        Name::Pause,
        Name::Resume,
        Name::Seal,
        Name::Open,
        Name::Repeat,
        Name::Turn,
        Name::Last,
        Name::Jadoube,
        Name::Help,
        Name::Quit,
        Name::New,
        Name::Flip,
        Name::Settings,
        Name::Set,
        Name::Save,
        Name::Restore,
        Name::TurnBoard,
        Name::Listen,
        Name::Stop,
        Name::More,
        Name::Board,
        Name::Pieces,
        Name::Rank,
        Name::File,
        Name::Square,
        Name::Where,
        Name::Takeback,
        Name::Abort,
        Name::Chat,
        Name::Attackers,
        Name::Defenders,
        Name::Hanging,
        Name::Material,
        Name::Fen,
        Name::Rays,
        Name::Pawns,
        Name::Threats,
        Name::Hint,
        Name::Eval,
        Name::Best,
        Name::Line,
        Name::Analyse,
        Name::Mistakes,
        Name::Learn,
        Name::Solution,
        Name::Next,
    ];

    /// Its key in `[commands]` and its word in the journal.
    pub const fn key(self) -> &'static str {
        match self {
            Name::Start => "start",
            Name::Press => "press",
            Name::Time => "time",
            Name::Moves => "moves",
            Name::Offer => "offer",
            Name::Accept => "accept",
            Name::Decline => "decline",
            Name::Claim => "claim",
            Name::Resign => "resign",
            Name::Flag => "flag",
            Name::Pause => "pause",
            Name::Resume => "resume",
            Name::Seal => "seal",
            Name::Open => "open",
            Name::Repeat => "repeat",
            Name::Turn => "turn",
            Name::Last => "last",
            Name::Board => "board",
            Name::Pieces => "pieces",
            Name::Where => "where",
            Name::Rank => "rank",
            Name::File => "file",
            Name::Square => "square",
            Name::Help => "help",
            Name::Quit => "quit",
            Name::New => "new",
            Name::Flip => "flip",
            Name::Settings => "settings",
            Name::Set => "set",
            Name::Save => "save",
            Name::Restore => "restore",
            Name::TurnBoard => "turn_board",
            Name::Listen => "listen",
            Name::Stop => "stop",
            Name::More => "more",
            Name::Jadoube => "jadoube",
            Name::Takeback => "takeback",
            Name::Abort => "abort",
            Name::Chat => "chat",
            Name::Attackers => "attackers",
            Name::Defenders => "defenders",
            Name::Hanging => "hanging",
            Name::Material => "material",
            Name::Fen => "fen",
            Name::Rays => "rays",
            Name::Pawns => "pawns",
            Name::Threats => "threats",
            Name::Hint => "hint",
            Name::Eval => "eval",
            Name::Best => "best",
            Name::Line => "line",
            Name::Analyse => "analyse",
            Name::Mistakes => "mistakes",
            Name::Learn => "learn",
            Name::Solution => "solution",
            Name::Next => "next",
        }
    }

    /// The name of a key, if it is one.
    pub fn from_key(key: &str) -> Option<Name> {
        Name::ALL.into_iter().find(|name| name.key() == key)
    }

    /// The command the name means said alone; `None` for a name that needs more (`seal` its
    /// move; `rank`, `file`, `square` what they ask about) and for the terminal's own.
    pub fn command(self) -> Option<Command> {
        Some(match self {
            Name::Start => Command::Start,
            Name::Press => Command::Press,
            Name::Time => Command::Time,
            Name::Moves => Command::Moves,
            Name::Offer => Command::Offer,
            Name::Accept => Command::Accept,
            Name::Decline => Command::Decline,
            Name::Claim => Command::Claim(None),
            Name::Resign => Command::Resign,
            Name::Flag => Command::Flag,
            Name::Pause => Command::Pause,
            Name::Resume => Command::Resume,
            Name::Open => Command::Open,
            Name::Repeat => Command::Repeat,
            Name::Turn => Command::Turn,
            Name::Last => Command::Last,
            Name::Jadoube => Command::Jadoube,
            Name::Board => Command::Explore(Query::Board),
            Name::Pieces => Command::Explore(Query::Pieces(Filter::default())),
            Name::Where => Command::Explore(Query::Where(Filter::default())),
            Name::Hanging => Command::Explore(Query::Hanging),
            Name::Material => Command::Explore(Query::Material),
            Name::Fen => Command::Explore(Query::Fen),
            Name::Pawns => Command::Explore(Query::Pawns),
            Name::Threats => Command::Explore(Query::Threats),
            _ => return None,
        })
    }

    /// The name a command is said by, if it has one.
    pub fn of(command: &Command) -> Option<Name> {
        Some(match command {
            Command::Start => Name::Start,
            Command::Press => Name::Press,
            Command::Time | Command::TimeOf(_) => Name::Time,
            Command::Moves | Command::MovesFrom(_) => Name::Moves,
            Command::Offer => Name::Offer,
            Command::Accept => Name::Accept,
            Command::Decline => Name::Decline,
            Command::Claim(_) => Name::Claim,
            Command::Resign => Name::Resign,
            Command::Flag => Name::Flag,
            Command::Pause => Name::Pause,
            Command::Resume => Name::Resume,
            Command::Seal(_) => Name::Seal,
            Command::Open => Name::Open,
            Command::Repeat => Name::Repeat,
            Command::Turn => Name::Turn,
            Command::Last => Name::Last,
            Command::Jadoube => Name::Jadoube,
            Command::Request(name, _) => *name,
            Command::Explore(query) => match query {
                Query::Board => Name::Board,
                Query::Pieces(_) => Name::Pieces,
                Query::Where(_) => Name::Where,
                Query::Rank(_) => Name::Rank,
                Query::File(_) => Name::File,
                Query::Square(_) => Name::Square,
                Query::Moves(_) => Name::Moves,
                Query::Attackers(_) => Name::Attackers,
                Query::Defenders(_) => Name::Defenders,
                Query::Hanging => Name::Hanging,
                Query::Material => Name::Material,
                Query::Fen => Name::Fen,
                Query::Rays(_) => Name::Rays,
                Query::Pawns => Name::Pawns,
                Query::Threats => Name::Threats,
            },
            _ => return None,
        })
    }

    /// Worth saying aloud during a game: the recogniser's grammar holds these (the others take
    /// file names or settings, or are for a keyboard).
    pub const fn spoken(self) -> bool {
        matches!(
            self,
            Name::Press
                | Name::Time
                | Name::Moves
                | Name::Offer
                | Name::Accept
                | Name::Decline
                | Name::Claim
                | Name::Resign
                | Name::Flag
                | Name::Pause
                | Name::Resume
                | Name::Repeat
                | Name::Turn
                | Name::Last
                | Name::Stop
                | Name::More
                | Name::Board
                | Name::Takeback
                | Name::Abort
        )
    }

    /// Handled by the program around the session (the terminal's own, training, a server's game's
    /// own), never by the session: read as [`Command::Request`].
    pub const fn is_terminal(self) -> bool {
        self.is_training()
            || matches!(
                self,
                Name::Help
                    | Name::Quit
                    | Name::New
                    | Name::Flip
                    | Name::Settings
                    | Name::Set
                    | Name::Save
                    | Name::Restore
                    | Name::TurnBoard
                    | Name::Listen
                    | Name::Stop
                    | Name::More
                    | Name::Takeback
                    | Name::Abort
                    | Name::Chat
            )
    }

    /// Training's: a hint, the engine's view, the analysis, exercises, puzzles.
    pub const fn is_training(self) -> bool {
        matches!(
            self,
            Name::Hint
                | Name::Eval
                | Name::Best
                | Name::Line
                | Name::Analyse
                | Name::Mistakes
                | Name::Learn
                | Name::Solution
                | Name::Next
        )
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_its_own_key_and_reads_back() {
        for name in Name::ALL {
            assert_eq!(Name::from_key(name.key()), Some(name));
        }
        assert_eq!(Name::from_key("resign now"), None);
    }

    #[test]
    fn a_command_said_by_name_is_named_so() {
        for name in Name::ALL {
            if let Some(command) = name.command() {
                assert_eq!(Name::of(&command), Some(name), "{name}");
            }
            assert!(!(name.is_terminal() && name.command().is_some()), "{name}");
        }
    }
}
