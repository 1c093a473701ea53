//! Words out, words in: every legal move of thousands of positions (random playouts, Chess960
//! included), said in every language, squares setting and form, is heard back as the same move. So is
//! the SAN that shakmaty writes.

use anna_core::message::Played;
use anna_core::rules::{Game, MoveError};
use anna_language::parse::{hear, Heard};
use anna_language::{MoveForm, SquareStyle, Vocabulary, Voice};
use shakmaty::san::SanPlus;
use shakmaty::{Move, Position};

/// A small deterministic generator (xorshift), so every run plays the same games.
/// The positions of random playouts from the start and from Chess960 starts.
fn positions(count: usize) -> Vec<Game> {
    let mut rng = fastrand::Rng::with_seed(0x2545_f491_4f6c_dd1d);
    let mut out = Vec::with_capacity(count);
    let mut game = Game::new();
    while out.len() < count {
        let legal = game.position().legal_moves();
        if legal.is_empty() || game.plies().len() > 120 {
            game = if rng.usize(..3) == 0 { Game::chess960(rng.u32(..960)).unwrap() } else { Game::new() };
            continue;
        }
        out.push(game.clone());
        let mv = legal[rng.usize(..legal.len())];
        game.play(mv).unwrap();
    }
    out
}

fn heard_move(game: &Game, text: &str, voice: &Voice) -> Result<Move, String> {
    match hear(text, &voice.vocab) {
        Ok(Heard::Move(spec)) => game.resolve_spec(&spec).map_err(|e| match e {
            MoveError::Ambiguous(m) => format!("ambiguous between {} moves", m.len()),
            other => format!("{other:?}"),
        }),
        Ok(other) => Err(format!("heard {other:?}")),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn every_move_said_is_heard_back() {
    let voices: Vec<Voice> = Vocabulary::codes()
        .flat_map(|code| {
            [SquareStyle::AnnexD, SquareStyle::Anna, SquareStyle::Nato, SquareStyle::Plain].into_iter().flat_map(
                move |squares| {
                    [MoveForm::Short, MoveForm::Long]
                        .map(move |form| Voice::new(Vocabulary::get(code).unwrap(), squares, form))
                },
            )
        })
        .collect();
    let typed: Vec<Voice> = Vocabulary::codes()
        .map(|code| Voice::new(Vocabulary::get(code).unwrap(), SquareStyle::AnnexD, MoveForm::Short))
        .collect();
    let games = positions(2_000);
    let mut failures = Vec::new();
    let mut checked = 0usize;
    for game in &games {
        for mv in game.position().legal_moves() {
            let san = SanPlus::from_move(game.position().clone(), mv);
            let played = Played { san, mv };
            for voice in &voices {
                let words = voice.move_words(&played);
                checked += 1;
                match heard_move(game, &words, voice) {
                    Ok(back) if back == mv => {}
                    Ok(back) => failures.push(format!(
                        "{} {:?}: '{words}' heard as {back:?}, not {mv:?} ({})",
                        voice.vocab.code(),
                        (voice.squares, voice.form),
                        game.fen()
                    )),
                    Err(e) => failures.push(format!(
                        "{} {:?}: '{words}': {e} ({})",
                        voice.vocab.code(),
                        (voice.squares, voice.form),
                        game.fen()
                    )),
                }
            }
            // The SAN written by shakmaty, typed, in every language.
            for voice in &typed {
                match heard_move(game, &san.to_string(), voice) {
                    Ok(back) if back == mv => {}
                    other => {
                        failures.push(format!("{}: SAN '{san}' gave {other:?} ({})", voice.vocab.code(), game.fen()));
                    }
                }
            }
        }
    }
    assert!(checked > 1_000_000, "only {checked} moves said");
    let shown: Vec<&String> = failures.iter().take(40).collect();
    assert!(failures.is_empty(), "{} of {checked} moves were not heard back, for example:\n{shown:#?}", failures.len());
}
