//! What went wrong, in the player's language: a FEN that cannot be read, a file that cannot be
//! read, a setting's value that is not one of its values. The system's own words (`No such file or
//! directory (os error 2)`) never reach the player; each kind of trouble has its words in `grammar/`.

use std::io::ErrorKind;

use crate::announce::fill;
use crate::Vocabulary;
use anna_core::bad_value::BadValue;
use anna_core::fen::FenError;

/// "Die Einstellung --squares nimmt: annex-d, german, anna, nato, plain. „foo“ gehört nicht dazu.":
/// the words `set` says in a game, for the command line and the settings file too; `name` is the
/// setting as the player wrote it (`--squares` on the command line).
pub fn bad_value(error: &BadValue, name: &str, vocab: &Vocabulary) -> String {
    let (name, values) = (name.to_string(), error.values().to_string());
    if error.value.trim().is_empty() {
        fill(vocab.word("line.setting_needs"), &[("name", name), ("values", values)])
    } else {
        fill(vocab.word("line.setting_values"), &[("name", name), ("values", values), ("value", error.value.clone())])
    }
}

/// "Das ist keine gültige FEN: ein König fehlt."
pub fn fen(error: &FenError, vocab: &Vocabulary) -> String {
    let reasons: Vec<&str> = error.keys().into_iter().map(|key| vocab.word(key)).collect();
    fill(vocab.word("fen.invalid"), &[("reason", reasons.join(vocab.word("fen.both")))])
}

/// Why a file cannot be read or written, as a clause: "die Datei ist nicht da".
pub fn file(kind: ErrorKind, vocab: &Vocabulary) -> String {
    vocab.word_owned(match kind {
        ErrorKind::NotFound => "files.not_found",
        ErrorKind::PermissionDenied => "files.denied",
        ErrorKind::IsADirectory => "files.is_folder",
        ErrorKind::InvalidData | ErrorKind::UnexpectedEof => "files.damaged",
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => "trouble.full",
        _ => "files.other",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fen_and_a_file_in_german() {
        let de = Vocabulary::get("de").unwrap();
        let error = anna_core::fen::parse_fen("x").unwrap_err();
        assert_eq!(fen(&error, &de), "Das ist keine gültige FEN: die Stellung der Figuren ist nicht lesbar.");
        let kings = anna_core::fen::parse_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
        assert_eq!(fen(&kings, &de), "Das ist keine gültige FEN: das Brett ist leer, und ein König fehlt.");
        assert_eq!(file(ErrorKind::NotFound, &de), "die Datei ist nicht da");
        assert_eq!(
            bad_value(&BadValue::new("foo", "squares"), "--squares", &de),
            "Die Einstellung --squares nimmt: annex-d, german, anna, nato, plain. „foo“ gehört nicht dazu."
        );
        assert_eq!(bad_value(&BadValue::new(" ", "level"), "level", &de), "Die Einstellung level nimmt: 1 … 8.");
    }
}
