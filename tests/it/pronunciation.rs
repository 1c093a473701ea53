//! How espeak-ng pronounces the squares Anna says with `--squares plain`: each letter as a letter,
//! exactly as espeak-ng reads the square written in notation (`a6`), never the English article
//! `a` (FIDE D.2.1 leaves the plain letters to the player's choice; they must still be heard).
//! Checked on the phonemes (`espeak-ng -x -q`), where espeak-ng is installed (`.ci/run` has it).

use crate::support;

use std::process::Command;

use anna_language::announce::{MoveForm, SquareStyle};
use anna_language::{Vocabulary, Voice};
use shakmaty::Square;

/// The phonemes espeak-ng gives `text` in `lang`, without stress, pauses and spaces, which differ
/// between a word alone and a word in a phrase.
fn phonemes(lang: &str, text: &str) -> String {
    let out = Command::new("espeak-ng").args(["-x", "-q", "-v", lang, text]).output().expect("espeak-ng runs");
    String::from_utf8_lossy(&out.stdout).chars().filter(|c| !"'!,_ \n".contains(*c)).collect()
}

#[test]
fn plain_squares_are_read_as_letters_in_every_language() {
    let installed = Command::new("espeak-ng").arg("--version").output().is_ok_and(|o| o.status.success());
    if !support::tool(installed, "espeak-ng", "espeak-ng") {
        return;
    }
    for lang in ["en", "de", "sk", "cs", "pl", "sl"] {
        let voice = Voice::new(Vocabulary::get(lang).unwrap(), SquareStyle::Plain, MoveForm::Short);
        for square in [Square::A6, Square::B6, Square::D4, Square::E4, Square::H8] {
            // The letter as espeak-ng reads it in the notation: `a6` without the `6`.
            let notation = phonemes(lang, &square.to_string());
            let number = phonemes(lang, &square.rank().char().to_string());
            let letter = notation.strip_suffix(&number).unwrap_or(&notation);
            let said = voice.square(square);
            assert!(
                !letter.is_empty() && phonemes(lang, &said).starts_with(letter),
                "{lang}: '{said}' ({}) does not begin with the letter of {square} ({letter})",
                phonemes(lang, &said)
            );
        }
    }
    // The article would be a schwa; the letter is "ay".
    assert!(phonemes("en", "a-six").starts_with("eI"), "{}", phonemes("en", "a-six"));
}
