//! Whether a text is PGN at all: the reader passes over words it cannot read, so text with no tag
//! is checked here, token by token.

use pgn_reader::SanPlus;

/// Whether every token of `bytes`, outside comments and variations, is movetext: a move number, a
/// move (SAN or UCI), a result, a NAG or an annotation.
pub(super) fn all_movetext(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let (mut depth, mut comment, mut line_comment) = (0usize, false, false);
    let mut plain = String::new();
    for c in text.chars() {
        match c {
            '{' if !line_comment => comment = true,
            '}' if comment => comment = false,
            ';' if !comment => line_comment = true,
            '\n' if line_comment => line_comment = false,
            '(' if !comment && !line_comment => depth += 1,
            ')' if !comment && !line_comment && depth > 0 => depth -= 1,
            '\u{feff}' => {}
            _ if comment || line_comment || depth > 0 => {}
            _ => plain.push(c),
        }
    }
    let word = |token: &str| {
        let token = token.trim_end_matches(['!', '?', '+', '#']);
        token.is_empty()
            || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½" | "0-0" | "0-0-0" | "--")
            || token.strip_prefix('$').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            || SanPlus::from_ascii(token.as_bytes()).is_ok()
    };
    // `12.`, `12...`, `12.e4`: the move number, then what follows it.
    let movetext = |token: &str| {
        word(token) || {
            let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
            rest.len() < token.len() && rest.starts_with('.') && word(rest.trim_start_matches('.'))
        }
    };
    plain.split_whitespace().all(movetext)
}
