//! Confirmations: a command that cannot be taken back (resigning, accepting a draw, a claim) asks
//! first, unless they are set off; heard by the recogniser, it always asks, and so do a heard draw
//! offer, declining one and a flag claim. Every other heard command that acts (the press, a pause,
//! going on, sealing, leaving) is read back first: the recogniser may have heard it for a move.

use std::time::Duration;

use super::{App, Out, Save, Waiting};
use anna_core::command::{Command, Name};
use anna_core::message::{Arg, Priority, Words};
use anna_language::{commands, Vocabulary};

/// A destructive action waiting for yes or no.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Pending {
    Act(Command),
    NewGame,
    /// A new game, leaving the game on the server running there.
    LeaveServerGame,
    /// Write this save over the file that is there.
    Replace(Save),
    /// A heard command that acts, read back: done as typed on yes.
    Heard(String),
    /// Claim a draw on the server, the opponent having left the game.
    ClaimDraw,
}

impl Pending {
    /// Whether what it does cannot undo itself (a resignation, an accepted draw, a claim, a new
    /// game, a file written over): only a clear yes or no answers it, anything else asks again.
    pub(super) fn irreversible(&self) -> bool {
        !matches!(self, Pending::Heard(_))
    }

    /// The question it waits on, as it was asked.
    pub(super) fn question(&self) -> Words {
        match self {
            // A pending act was asked about by one of these questions (a heard one asks them all).
            Pending::Act(command) => Words::line(question(command, Origin::Heard).unwrap_or("line.confirm_heard")),
            Pending::NewGame => Words::line("line.confirm_new"),
            Pending::LeaveServerGame => Words::line("line.confirm_new_online"),
            Pending::Replace(save) => Words::line("line.confirm_replace")
                .arg("path", Arg::Text(save.path.as_ref().map(|p| p.display().to_string()).unwrap_or_default())),
            Pending::Heard(text) => Words::line("line.confirm_heard").arg("text", Arg::Text(text.clone())),
            Pending::ClaimDraw => Words::line("line.confirm_claim_draw"),
        }
    }
}

/// Yes or no, said clearly in the player's language: the parser's answer, and no letter the
/// language does not write. A stray byte read as Latin-1 (0xFF is `ÿ`, which folds to the English
/// `y`) or a symbol is no answer to a question that cannot be taken back.
pub fn clear_answer(text: &str, vocab: &Vocabulary) -> Option<bool> {
    let yes = commands::answer(text, vocab)?;
    let words = &vocab.moves;
    let own = |c: char| {
        [&words.yes, &words.no_answer, &words.filler, &words.correction]
            .into_iter()
            .flatten()
            .any(|word| word.to_lowercase().contains(c))
    };
    text.to_lowercase()
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c.is_whitespace() || ".,!?'-".contains(c) || own(c))
        .then_some(yes)
}

/// Where a command came from: the keyboard (or a script), or the recogniser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    Typed,
    Heard,
}

/// The question a command asks before it is done, if it asks one.
pub(super) fn question(command: &Command, origin: Origin) -> Option<&'static str> {
    let heard = origin == Origin::Heard;
    Some(match command {
        Command::Resign => "line.confirm_resign",
        Command::Accept => "line.confirm_accept",
        Command::Claim(_) => "line.confirm_claim",
        Command::Offer if heard => "line.confirm_offer",
        Command::Decline if heard => "line.confirm_decline",
        Command::Flag if heard => "line.confirm_flag",
        _ => return None,
    })
}

/// Whether a heard command does something to the game or the program, and so is read back before
/// it is done ("I heard 'pause'. Is that right?"); the questions (time, moves, the board) and the
/// commands that only change what is said (repeat, stop) go on at once.
pub(super) fn acts(command: &Command) -> bool {
    matches!(
        command,
        Command::Start
            | Command::Press
            | Command::Pause
            | Command::Resume
            | Command::Seal(_)
            | Command::Open
            | Command::Jadoube
            | Command::Touch(_)
            | Command::Release(_)
            | Command::Quickplay
            | Command::Irregular(_)
            | Command::Illegal(_)
    )
}

/// Whether a command of the terminal heard does something (leaving, a new game, the side, a
/// setting, a save), and so is read back first.
pub(super) fn terminal_acts(name: Name) -> bool {
    matches!(name, Name::Quit | Name::New | Name::Flip | Name::Set | Name::Save | Name::Restore | Name::TurnBoard)
}

impl App {
    /// A destructive command asks first (unless configured off or the game is over).
    pub(super) fn ask_or_act(&mut self, command: Command, now: Duration) -> Vec<Out> {
        self.ask_or_act_as(command, Origin::Typed, now)
    }

    /// As [`App::ask_or_act`]; a command the recogniser heard asks first whatever the setting, and
    /// so do the heard commands that cannot be taken back: a draw offer (FIDE 9.1.2.2), declining
    /// one, a flag claim (6.8) — the recogniser may have misheard a move as one of them.
    pub(super) fn ask_or_act_as(&mut self, command: Command, origin: Origin, now: Duration) -> Vec<Out> {
        let heard = origin == Origin::Heard;
        if question(&command, origin).is_none() {
            return self.act(command, now);
        }
        // Nothing to confirm: the session says there is no offer to accept or decline.
        let nothing_to_answer =
            matches!(command, Command::Accept | Command::Decline) && self.session.draw_offer().is_none();
        // On a server a claim is refused there until the opponent has left: nothing to ask.
        let nothing_to_claim = matches!(command, Command::Claim(_)) && self.claim_refused_there();
        if (!self.options.confirm && !heard)
            || self.session.outcome().is_some()
            || nothing_to_answer
            || nothing_to_claim
        {
            return self.act(command, now);
        }
        self.ask_first(Pending::Act(command))
    }

    /// Waits for yes or no to `pending`, its question said.
    pub(super) fn ask_first(&mut self, pending: Pending) -> Vec<Out> {
        let question = pending.question();
        self.waiting = Some(Waiting::Confirm(pending));
        vec![Out::Say(question, Priority::Urgent)]
    }

    /// The answer to a confirmation: yes does it, no cancels it; anything else asks an
    /// irreversible question again, and lets a heard command's read-back lapse (`None`: the line
    /// is then handled as usual).
    pub(super) fn answer_confirm(&mut self, pending: Pending, text: &str, now: Duration) -> Option<Vec<Out>> {
        match clear_answer(text, &self.voice.vocab) {
            Some(true) => Some(self.confirmed(pending, now)),
            Some(false) => Some(vec![self.say("line.cancelled")]),
            None if pending.irreversible() => Some(self.ask_first(pending)),
            None => None,
        }
    }

    pub(super) fn confirmed(&mut self, pending: Pending, now: Duration) -> Vec<Out> {
        match pending {
            Pending::Act(command) => self.act(command, now),
            Pending::NewGame | Pending::LeaveServerGame => self.new_game(now),
            Pending::Replace(save) => vec![Out::Save(Save { replace: true, ..save })],
            // Said yes to: done as if typed.
            Pending::Heard(text) => self.handle_line(&text, now),
            Pending::ClaimDraw => vec![Out::Server(crate::online::ServerRequest::ClaimDraw)],
        }
    }
}
