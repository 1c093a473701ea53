//! The moves of an English scoresheet in the Braille Chess Code of the UK Association for
//! Accessible Formats (2015, the code of the Braille Chess Association, written for Unified
//! English Braille), as far as its published text was read:
//! - a move number in lower-cell digits (1 ⠂, 2 ⠆ ... 0 ⠴) without a number sign, then a space
//!   (1.3: `2. Nf3` is `⠆ ⠎⠋⠒`);
//! - the pieces K ⠅, Q ⠟, R ⠗, B ⠇, N ⠎ (2.1), no capital sign inside game moves (1.1); the
//!   bishop's ⠇ keeps `Bc4` apart from the pawn's `bc4`;
//! - the file as its letter, the rank as a lower-cell digit (`f3` ⠋⠒), also in a disambiguation
//!   (`N1c3` ⠎⠂⠉⠒, `Nb1c3` ⠎⠃⠂⠉⠒);
//! - before the square of arrival: a capture dots 5-6 ⠰, a check dots 4-5 ⠘, both dots 4-5-6 ⠸
//!   (3.4, 3.6: `cxd5` ⠉⠰⠙⠢, `f5+` ⠘⠋⠢, `Rxf4+` ⠗⠸⠋⠲);
//! - mate, the abbreviation ⠜⠍ after the move (2.2: `Re8#` ⠗⠑⠦⠜⠍);
//! - a black move with no white move before it on its line, dots 3-6 ⠤ before it (1.2, print's
//!   three dots).
//!
//! What the text read did not show is written as FIDE's Annex C prints it, in the code's own cells:
//! castling `0-0` and `0-0-0` in lower-cell zeros and the hyphen ⠤ (C.13), a promotion's piece
//! right after its square (C.9: `e8Q` ⠑⠦⠟). docs/braille.md says so to the reader.

/// The first decade of the braille alphabet, a to j, by dots (dot 1 = bit 0 ... dot 6 = bit 5).
const DECADE: [u32; 10] = [0x01, 0x03, 0x09, 0x19, 0x11, 0x0b, 0x1b, 0x13, 0x0a, 0x1a];

/// The cell of these dots.
fn cell(dots: u32) -> Option<char> {
    char::from_u32(0x2800 + dots)
}

/// A file's letter, a to h.
fn file(letter: char) -> Option<char> {
    let at = u32::from(letter).checked_sub(u32::from('a')).filter(|i| *i < 8)?;
    cell(DECADE[at as usize])
}

/// A rank or a move number's digit as a lower cell: the digits 1, 2 ... 9, 0 are the letters a to j
/// one row down (dots 1, 2, 4, 5 to 2, 3, 5, 6).
fn lower_digit(digit: char) -> Option<char> {
    let value = digit.to_digit(10)?;
    let letter = DECADE[(value + 9) as usize % 10];
    cell(letter << 1)
}

/// A piece's cell, by its English letter.
fn piece(letter: char) -> Option<char> {
    let cell = match letter {
        'K' => '⠅',
        'Q' => '⠟',
        'R' => '⠗',
        'B' => '⠇',
        'N' => '⠎',
        _ => return None,
    };
    Some(cell)
}

/// One move in standard algebraic notation with English letters (`Nbxd2+`, `e8=Q#`, `O-O`) in
/// the code's cells; `None` for anything that is not a move.
pub fn san(san: &str) -> Option<String> {
    let (body, mate) = match san.strip_suffix('#') {
        Some(body) => (body, true),
        None => (san, false),
    };
    let (body, check) = match body.strip_suffix('+') {
        Some(body) => (body, true),
        None => (body, false),
    };
    let mut out = String::new();
    match body {
        // FIDE Annex C.13: 0-0, 0-0-0.
        "O-O" | "0-0" | "O-O-O" | "0-0-0" => {
            if check {
                out.push('⠘');
            }
            out.push_str(if body.len() == 3 { "⠴⠤⠴" } else { "⠴⠤⠴⠤⠴" });
        }
        _ => out.push_str(&ordinary(body, check)?),
    }
    if mate {
        out.push_str("⠜⠍");
    }
    Some(out)
}

/// A move that is not castling, without its check or mate sign: the piece, its disambiguation,
/// the sign of capture or check, the square, the promotion's piece.
fn ordinary(body: &str, check: bool) -> Option<String> {
    let (body, promoted) = match body.split_once('=') {
        Some((body, promoted @ ("Q" | "R" | "B" | "N"))) => (body, promoted.chars().next().and_then(piece)),
        Some(_) => return None,
        None => (body, None),
    };
    let chars: Vec<char> = body.chars().collect();
    let [.., to_file, to_rank] = chars[..] else { return None };
    let rank = |c: char| lower_digit(c).filter(|_| ('1'..='8').contains(&c));
    let square = [file(to_file)?, rank(to_rank)?];
    let mut before = &chars[..chars.len() - 2];
    let mut out = String::new();
    if let Some(cell) = before.first().and_then(|&c| piece(c)) {
        out.push(cell);
        before = &before[1..];
    }
    let capture = before.last() == Some(&'x');
    if capture {
        before = &before[..before.len() - 1];
    }
    // A piece may name its file, its rank or both (`Nc`, `N1`, `Nb1`); a pawn that takes, its file.
    let from: Vec<char> = match (out.is_empty(), before) {
        (_, []) if !out.is_empty() || !capture => vec![],
        (true, &[f]) if capture => vec![file(f)?],
        (false, &[c]) => vec![file(c).or_else(|| rank(c))?],
        (false, &[f, r]) => vec![file(f)?, rank(r)?],
        _ => return None,
    };
    out.extend(from);
    match (capture, check) {
        (true, true) => out.push('⠸'),
        (true, false) => out.push('⠰'),
        (false, true) => out.push('⠘'),
        (false, false) => {}
    }
    out.extend(square);
    out.extend(promoted);
    Some(out)
}

/// A scoresheet's move line (`12. Nf3 Nc6`, `12. ... Nc6`, `12. Nf3`) in the code; `None` for a
/// line that is not one (the players, the result), which is literary braille.
pub fn move_line(line: &str) -> Option<String> {
    let (number, moves) = line.split_once(". ")?;
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut out: String = number.chars().filter_map(lower_digit).collect();
    let mut words = moves.split(' ').peekable();
    let black_first = words.peek() == Some(&"...");
    if black_first {
        words.next();
    }
    let cells = words.map(san).collect::<Option<Vec<String>>>()?;
    if cells.is_empty() || cells.len() > 2 || (black_first && cells.len() != 1) {
        return None;
    }
    // Braille's blank cell, as liblouis writes a space.
    out.push('⠀');
    if black_first {
        out.push('⠤');
    }
    out.push_str(&cells.join("⠀"));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codes_own_examples() {
        // 1.3 and 1.4 of the code, as published.
        assert_eq!(move_line("2. Nf3").as_deref(), Some("⠆⠀⠎⠋⠒"));
        assert_eq!(move_line("8. Ne4").as_deref(), Some("⠦⠀⠎⠑⠲"));
        // 3.2-3.6 and 2.2.
        for (print, cells) in [
            ("Rf4", "⠗⠋⠲"),
            ("d5", "⠙⠢"),
            ("cxd5", "⠉⠰⠙⠢"),
            ("f5+", "⠘⠋⠢"),
            ("Rxf4+", "⠗⠸⠋⠲"),
            ("Nce5", "⠎⠉⠑⠢"),
            ("Nb1c3", "⠎⠃⠂⠉⠒"),
            ("N1c3", "⠎⠂⠉⠒"),
            ("Re8#", "⠗⠑⠦⠜⠍"),
        ] {
            assert_eq!(san(print).as_deref(), Some(cells), "{print}");
        }
    }

    #[test]
    fn bishop_and_pawn_stay_apart_and_annex_c_fills_what_the_code_did_not_show() {
        assert_eq!(san("Bxc4").as_deref(), Some("⠇⠰⠉⠲"));
        assert_eq!(san("bxc4").as_deref(), Some("⠃⠰⠉⠲"));
        assert_eq!(san("O-O").as_deref(), Some("⠴⠤⠴"));
        assert_eq!(san("O-O-O+").as_deref(), Some("⠘⠴⠤⠴⠤⠴"));
        assert_eq!(san("e8=Q").as_deref(), Some("⠑⠦⠟"));
        assert_eq!(san("exf8=N+").as_deref(), Some("⠑⠸⠋⠦⠎"));
        assert_eq!(san("Qxf7#").as_deref(), Some("⠟⠰⠋⠶⠜⠍"));
        assert_eq!(move_line("12. ... Nc6").as_deref(), Some("⠂⠆⠀⠤⠎⠉⠖"));
        assert_eq!(move_line("10. Kd2 Kd7").as_deref(), Some("⠂⠴⠀⠅⠙⠆⠀⠅⠙⠶"));
    }

    #[test]
    fn what_is_not_a_move_line_is_left_to_literary_braille() {
        for line in ["White: Anna", "1-0", "1/2-1/2", "*", "1. e4 e5 d4", "1. Xe4", "1. e9", "1. ed5", "1.e4", "a. e4"]
        {
            assert_eq!(move_line(line), None, "{line}");
        }
        for word in ["", "x", "Bx", "e4=", "e8=Q=R", "e8=K", "Nabc3", "P"] {
            assert_eq!(san(word), None, "{word}");
        }
    }
}
