//! The annotated PGN of an analysed game, in lichess's form: `[%eval]` after each move (with the
//! game's own `[%clk]`), `?!`, `?` and `??` on the judged moves, a comment in words and the better
//! line as a variation.

use shakmaty::{Chess, Color, Move, Position};

use super::{sans, Evaluation, Mistake};
use crate::duration::format_pgn_clock;
use crate::pgn::ImportedGame;
use crate::scoresheet::wrap;

/// The game `game` with its evaluations (one per position, the start first; fewer when the analysis
/// stopped early) and its mistakes, each with `comment` in words. `annotator` names the engine and
/// its budget in the Annotator tag.
pub fn annotated(
    game: &ImportedGame,
    evaluations: &[Evaluation],
    mistakes: &[Mistake],
    comment: &dyn Fn(&Mistake) -> String,
    annotator: &str,
) -> String {
    let mut out = String::new();
    let escape = |value: &str| value.replace('\\', "\\\\").replace('"', "\\\"");
    for (name, value) in game.tags.iter().filter(|(name, _)| name != "Annotator") {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    out.push_str(&format!("[Annotator \"{}\"]\n\n", escape(annotator)));
    let mut tokens = Vec::new();
    let mut after_comment = true;
    for (ply, (played, imported)) in game.game.plies().iter().zip(&game.moves).enumerate() {
        number(&mut tokens, &played.before, after_comment);
        let mistake = mistakes.iter().find(|m| m.ply == ply);
        let glyph = mistake.map_or("", |m| m.judgement.glyph());
        tokens.push(format!("{}{glyph}", played.san));
        after_comment = false;
        let mut commands = Vec::new();
        // A mated position has no evaluation to write (lichess writes none there either).
        let mated = |e: &&Evaluation| matches!(e.score, super::Score::Mate { moves: 0, .. });
        if let Some(evaluation) = evaluations.get(ply + 1).filter(|e| !mated(e)) {
            commands.push(format!("[%eval {}]", evaluation.score.pgn()));
        }
        if let Some(clock) = imported.clock {
            commands.push(format!("[%clk {}]", format_pgn_clock(clock)));
        }
        if !commands.is_empty() {
            tokens.push(format!("{{ {} }}", commands.join(" ")));
            after_comment = true;
        }
        if imported.offer {
            tokens.push("{ (=) }".to_string());
            after_comment = true;
        }
        if let Some(mistake) = mistake {
            tokens.push(format!("{{ {} }}", comment(mistake).replace('}', ")")));
            if mistake.better.is_some() && !mistake.line.is_empty() {
                tokens.push(variation(&played.before, &mistake.line));
            }
            after_comment = true;
        }
    }
    if let Some(comment) = &game.final_comment {
        tokens.push(format!("{{ {} }}", comment.replace('}', ")")));
    }
    tokens.push(game.ending.as_ref().map_or("*", |e| e.result()).to_string());
    out.push_str(&wrap(&tokens, 79));
    out.push('\n');
    out
}

/// The most moves of the engine's line written as a variation.
const VARIATION_PLIES: usize = 8;

/// `(17. Ne5 Nf6 18. ...)`: the engine's line from `position`, the move it would have played first.
fn variation(position: &Chess, line: &[Move]) -> String {
    let line = &line[..line.len().min(VARIATION_PLIES)];
    let mut tokens = Vec::new();
    let mut at = position.clone();
    for (i, (mv, san)) in line.iter().zip(sans(position, line)).enumerate() {
        number(&mut tokens, &at, i == 0);
        tokens.push(san.to_string());
        at.play_unchecked(*mv);
    }
    format!("({})", tokens.join(" "))
}

/// The move number before a move: `12.` before White's, `12...` before Black's after a comment.
fn number(tokens: &mut Vec<String>, before: &Chess, after_comment: bool) {
    let n = before.fullmoves().get();
    match before.turn() {
        Color::White => tokens.push(format!("{n}.")),
        Color::Black if after_comment => tokens.push(format!("{n}...")),
        Color::Black => {}
    }
}
