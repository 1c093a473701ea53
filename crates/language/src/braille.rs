//! The braille scoresheet: the moves in the notation of the chosen language (German `Sf3`, Polish
//! `Gb5`), numbered like a paper scoresheet, one line a move number (`1. e4 e5`), as Unicode braille
//! (U+2800 block) for the screen and as a `.brf` file (North American ASCII Braille) for embossers
//! and braille displays.
//!
//! The code is six-dot uncontracted braille in the manner of Unified English Braille grade 1, whose
//! letters and number sign every one of Anna's languages shares:
//! - letters a-z are the braille alphabet; a capital (a piece letter, the O of castling) has the
//!   capital sign ⠠ before it, so the bishop `Bc4` and the pawn `bc4` stay apart;
//! - a number is the number sign ⠼ and the letters a-j (1 = a ... 0 = j); a letter a-j right
//!   after a number gets the grade-1 sign ⠰, so `R1a3` does not read as `R13`;
//! - `x` is the letter x ⠭, `.` ⠲, `-` ⠤, `+` ⠐⠖, `=` ⠐⠶, `#` (mate) ⠸⠹, `/` ⠸⠌;
//! - a space is the blank cell ⠀ (U+2800);
//! - names lose their accents (ä → a), since ASCII Braille has no cells for them.
//!
//! A `.brf` page is 40 cells by 25 lines; a form feed ends each page but the last. A move line
//! longer than a braille line goes on in the next line after two blank cells.
//!
//! ```
//! use anna_language::braille;
//!
//! assert_eq!(braille::ascii("1. Sf3"), "#A4 ,SF#C");
//! assert_eq!(braille::unicode("1. Sf3"), "⠼⠁⠲⠀⠠⠎⠋⠼⠉");
//! ```

pub mod chess_code;

use shakmaty::{Color, Role};

use crate::parse::fold;
use crate::Vocabulary;

/// Cells in a line of a `.brf` page.
pub const LINE_CELLS: usize = 40;
/// Lines of a `.brf` page.
pub const PAGE_LINES: usize = 25;

/// The ASCII Braille character of each six-dot cell, by its dots (dot 1 = bit 0 ... dot 6 = bit 5):
/// the North American table, also the order of the Unicode braille block.
const CELLS: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// A SAN move with the piece letters of the language (Annex C.3): `Nf3` is `Sf3` in German.
pub fn localized_san(san: &str, vocab: &Vocabulary) -> String {
    san.chars()
        .map(|c| match Role::from_char(c.to_ascii_lowercase()) {
            Some(role) if c.is_ascii_uppercase() && role != Role::Pawn => vocab.letters.get(role).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// The scoresheet as print lines: the players, one line a move number, the result.
pub fn sheet_lines(
    names: [&str; 2],
    pairs: &[(u32, Option<String>, Option<String>)],
    result: &str,
    vocab: &Vocabulary,
) -> Vec<String> {
    let side = |color: Color, name: &str| {
        let word = vocab.word(if color == Color::White { "side.white" } else { "side.black" });
        if name.is_empty() || name == "?" {
            word.to_string()
        } else {
            format!("{word}: {name}")
        }
    };
    let mut lines = vec![side(Color::White, names[0]), side(Color::Black, names[1])];
    for (number, white, black) in pairs {
        let white = white.clone().unwrap_or_else(|| "...".to_string());
        lines.push(match black {
            Some(black) => format!("{number}. {white} {black}"),
            None => format!("{number}. {white}"),
        });
    }
    lines.push(result.to_string());
    lines
}

/// Print text in ASCII Braille (the characters of a `.brf` file), by the code of this module.
pub fn ascii(text: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    let plain: String = text.chars().map(fold_accent).collect();
    for c in plain.chars() {
        match c {
            '0'..='9' => {
                if !in_number {
                    out.push('#');
                }
                let digit = if c == '0' { 'J' } else { char::from(b'A' + (c as u8 - b'1')) };
                out.push(digit);
                in_number = true;
                continue;
            }
            'a'..='j' if in_number => out.push(';'),
            _ => {}
        }
        // A decimal point or comma inside a number would keep it going; nothing here needs one.
        in_number = false;
        match c {
            'a'..='z' => out.push(c.to_ascii_uppercase()),
            'A'..='Z' => {
                out.push(',');
                out.push(c);
            }
            ' ' => out.push(' '),
            '.' => out.push('4'),
            ',' => out.push('1'),
            ':' => out.push('3'),
            '-' | '–' => out.push('-'),
            '+' => out.push_str("\"6"),
            '=' => out.push_str("\"7"),
            '#' => out.push_str("_?"),
            '*' => out.push_str("\"9"),
            '/' => out.push_str("_/"),
            '(' => out.push_str("\"<"),
            ')' => out.push_str("\">"),
            // Anything else has no cell of its own here.
            _ => {}
        }
    }
    out
}

/// Print text as Unicode braille cells.
pub fn unicode(text: &str) -> String {
    to_unicode(&ascii(text))
}

/// ASCII Braille as Unicode braille cells (U+2800 + the dots); line breaks and form feeds are kept.
pub fn to_unicode(brf: &str) -> String {
    brf.chars()
        .map(|c| {
            let upper = c.to_ascii_uppercase() as u32;
            match CELLS.iter().position(|&b| u32::from(b) == upper) {
                Some(dots) => char::from_u32(0x2800 + dots as u32).unwrap_or(c),
                None => c,
            }
        })
        .collect()
}

/// Print lines as a `.brf` file, each line in ASCII Braille by this module's code, broken to
/// [`LINE_CELLS`], in pages of [`PAGE_LINES`] lines.
pub fn brf(lines: &[String]) -> String {
    pages(lines.iter().map(|line| ascii(line)))
}

/// Lines already in braille (Unicode cells, as liblouis writes them) as a `.brf` file, laid out as
/// [`brf`] does. A cell with dots 7 or 8 has no ASCII Braille character: its dots 1-6 are kept.
pub fn brf_of_cells(lines: &[String]) -> String {
    pages(lines.iter().map(|line| {
        line.chars()
            .map(|c| match u32::from(c).checked_sub(0x2800).filter(|d| *d < 0x100) {
                Some(dots) => char::from(CELLS[(dots & 0x3f) as usize]),
                None => c,
            })
            .collect()
    }))
}

/// ASCII Braille lines broken to [`LINE_CELLS`], in pages of [`PAGE_LINES`] lines ended by a form
/// feed, lines ended by CR LF as embossers expect.
fn pages(lines: impl Iterator<Item = String>) -> String {
    let braille_lines: Vec<String> = lines.flat_map(|line| wrap(&line)).collect();
    let pages: Vec<String> = braille_lines.chunks(PAGE_LINES).map(|page| page.join("\r\n") + "\r\n").collect();
    pages.join("\x0c")
}

/// One braille line broken at spaces to at most [`LINE_CELLS`] cells; a continuation begins with
/// two blank cells. A word longer than a line is cut.
fn wrap(line: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let mut word = word.to_string();
        loop {
            let room = LINE_CELLS - current.len();
            let sep = usize::from(!current.trim().is_empty());
            if sep + word.len() <= room {
                if sep == 1 {
                    current.push(' ');
                }
                current.push_str(&word);
                break;
            }
            if current.trim().is_empty() {
                // A word longer than a whole line.
                let cut = word.split_off(room);
                current.push_str(&word);
                word = cut;
            }
            out.push(std::mem::replace(&mut current, "  ".to_string()));
        }
    }
    out.push(current);
    out
}

/// A letter with its accent taken off (ß is ss), keeping its case.
fn fold_accent(c: char) -> String {
    if c.is_ascii() {
        return c.to_string();
    }
    let base = fold(&c.to_string());
    if c.is_uppercase() {
        base.to_ascii_uppercase()
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cell_table_is_the_north_american_one() {
        assert_eq!(to_unicode("A"), "⠁");
        assert_eq!(to_unicode("#"), "⠼");
        assert_eq!(to_unicode(","), "⠠");
        assert_eq!(to_unicode(";"), "⠰");
        assert_eq!(to_unicode("4"), "⠲");
        assert_eq!(to_unicode("="), "⠿");
        assert_eq!(to_unicode("X"), "⠭");
    }

    #[test]
    fn moves_in_braille_cell_by_cell() {
        assert_eq!(ascii("1. e4 e5"), "#A4 E#D E#E");
        assert_eq!(unicode("1. e4 e5"), "⠼⠁⠲⠀⠑⠼⠙⠀⠑⠼⠑");
        assert_eq!(ascii("2. Nf3 Nc6"), "#B4 ,NF#C ,NC#F");
        assert_eq!(ascii("Bxc4 bxc4"), ",BXC#D BXC#D");
        assert_eq!(ascii("R1a3"), ",R#A;A#C");
        assert_eq!(ascii("e8=Q+"), "E#H\"7,Q\"6");
        assert_eq!(ascii("Qh4#"), ",QH#D_?");
        assert_eq!(unicode("O-O-O"), "⠠⠕⠤⠠⠕⠤⠠⠕");
        assert_eq!(ascii("12. Kd2"), "#AB4 ,KD#B");
        assert_eq!(ascii("1/2-1/2"), "#A_/#B-#A_/#B");
        assert_eq!(ascii("Jürgen Müller"), ",JURGEN ,MULLER");
    }

    #[test]
    fn german_letters_and_a_numbered_sheet() {
        let de = Vocabulary::german();
        assert_eq!(localized_san("Nf3", &de), "Sf3");
        assert_eq!(localized_san("Bxc4+", &de), "Lxc4+");
        assert_eq!(localized_san("e8=Q", &de), "e8=D");
        assert_eq!(localized_san("O-O", &de), "O-O");
        let pairs = vec![(1, Some("e4".to_string()), Some("e5".to_string())), (2, Some("Sf3".to_string()), None)];
        let lines = sheet_lines(["Anna", "?"], &pairs, "*", &de);
        assert_eq!(lines, ["Weiß: Anna", "Schwarz", "1. e4 e5", "2. Sf3", "*"]);
        assert_eq!(brf(&lines), ",WEISS3 ,ANNA\r\n,SCHWARZ\r\n#A4 E#D E#E\r\n#B4 ,SF#C\r\n\"9\r\n");
    }

    #[test]
    fn pages_and_lines_have_the_embosser_size() {
        let lines: Vec<String> = (1..=30).map(|n| format!("{n}. e4 e5")).collect();
        let file = brf(&lines);
        let pages: Vec<&str> = file.split('\x0c').collect();
        assert_eq!(pages.len(), 2);
        assert_eq!(pages[0].lines().count(), PAGE_LINES);
        assert_eq!(pages[1].lines().count(), 5);
        let long = vec!["1. ".to_string() + &["Nbd7"; 12].join(" ")];
        let wrapped = brf(&long);
        assert!(wrapped.lines().all(|l| l.trim_end_matches('\r').len() <= LINE_CELLS), "{wrapped}");
        assert!(wrapped.lines().nth(1).unwrap().starts_with("  ,N"), "{wrapped}");
    }
}
