//! What went wrong, in the player's language: a FEN that cannot be read, a file that cannot be
//! read. The system's own words (`No such file or directory (os error 2)`) never reach the
//! player; each kind of trouble has its words in `grammar/`.

use std::io::ErrorKind;

use crate::announce::fill;
use crate::Vocabulary;
use anna_core::fen::FenError;

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
    }
}
