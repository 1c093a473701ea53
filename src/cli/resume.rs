//! The unfinished games found at a start: the newest resumed with `--resume`, or the newest few
//! offered in turn; a game open in another Anna named, never taken.

use std::path::Path;
use std::process::ExitCode;

use anna_language::Voice;

/// The unfinished games to resume (`--resume`: the newest) or to ask about (a plain start in a
/// terminal: the newest few, in turn), their journals repaired if damaged. A journal that holds no
/// game begun is closed quietly. A game open in another Anna is named, never taken.
pub(super) fn unfinished_games(resume: bool, ask: bool, voice: &Voice) -> Result<Vec<anna_app::Unfinished>, ExitCode> {
    use crate::adapters::journal;
    let say = |key: &str, args: &[(&str, String)]| anna_language::announce::fill(voice.vocab.word(key), args);
    if !resume && !ask {
        return Ok(Vec::new());
    }
    let found = journal::folder().as_deref().map(journal::unfinished).unwrap_or_default();
    // `--resume` takes the newest game or none: never an older one in its place unasked.
    let newest = if resume { 1 } else { found.free.len() };
    let games: Vec<_> =
        found.free.iter().take(newest).filter_map(|path| unfinished_game(path, resume, voice)).take(OFFERED).collect();
    if games.is_empty() && !found.open_elsewhere.is_empty() {
        for path in &found.open_elsewhere {
            let date = journal::started(path).map(anna_app::journal::date).unwrap_or_default();
            eprintln!("{}", say("journal.in_use", &[("date", date)]));
        }
    }
    if games.is_empty() && resume {
        if found.free.is_empty() && found.open_elsewhere.is_empty() {
            eprintln!("{}", say("journal.none", &[]));
        }
        return Err(ExitCode::from(1));
    }
    Ok(games)
}

/// At most so many unfinished games are offered at a start, newest first.
const OFFERED: usize = 5;

/// The unfinished game at `path`, held and recovered; `None` (said why) when it cannot be used, or
/// when at a plain start it holds nothing worth resuming (it is then closed).
fn unfinished_game(path: &Path, resume: bool, voice: &Voice) -> Option<anna_app::Unfinished> {
    use crate::adapters::journal::{self, End, RecoverError};
    let say = |key: &str, args: &[(&str, String)]| anna_language::announce::fill(voice.vocab.word(key), args);
    let shown = path.display().to_string();
    // Held from now on: a second Anna started while this one asks neither offers nor continues it.
    let cannot_read = |e: &std::io::Error| {
        crate::adapters::diverted::note(&format!("{shown}: {e}"));
        let why = anna_language::errors::file(e.kind(), &voice.vocab);
        eprintln!("anna: {}", say("pgn.cannot_read", &[("path", shown.clone()), ("text", why)]));
    };
    if let Err(e) = journal::hold(path) {
        cannot_read(&e);
        return None;
    }
    match journal::recover(path).and_then(|recovered| journal::cut_unreplayable(recovered, anna_app::replayable)) {
        Ok(recovered) if !resume && !anna_app::worth_resuming(&recovered.journal) => {
            let _ = journal::close(path, recovered.journal.last_instant(), End::Abandoned);
            None
        }
        Ok(recovered) => {
            let (journal, kept, lost) = (recovered.journal, recovered.kept, recovered.lost);
            Some(anna_app::Unfinished { path: path.to_path_buf(), journal, kept, lost, ask: !resume })
        }
        Err(RecoverError::Unusable { kept, .. }) => {
            let kept = kept.map_or_else(|| shown.clone(), |k| k.display().to_string());
            eprintln!("{}", say("journal.unusable", &[("path", shown.clone()), ("kept", kept)]));
            None
        }
        Err(RecoverError::UnknownVersion(_)) => {
            eprintln!("{}", say("journal.newer", &[("path", shown.clone())]));
            None
        }
        Err(RecoverError::Io(e)) => {
            cannot_read(&e);
            None
        }
    }
}
