//! A key of the board view, independent of the terminal library, with a text form like helix's
//! (`<up>`, `<ret>`, `<C-c>`) shared by tests and help. Here, below both the loop that carries keys
//! and the view that reads them, so that neither imports the other.

use std::fmt;

/// A key, independent of the terminal library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Char(char),
    /// A letter with Control held.
    Ctrl(char),
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Backspace,
    Tab,
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Char(' ') => f.write_str("<space>"),
            Key::Char('<') => f.write_str("<lt>"),
            Key::Char(c) => write!(f, "{c}"),
            Key::Ctrl(c) => write!(f, "<C-{c}>"),
            Key::Up => f.write_str("<up>"),
            Key::Down => f.write_str("<down>"),
            Key::Left => f.write_str("<left>"),
            Key::Right => f.write_str("<right>"),
            Key::Enter => f.write_str("<ret>"),
            Key::Esc => f.write_str("<esc>"),
            Key::Backspace => f.write_str("<bs>"),
            Key::Tab => f.write_str("<tab>"),
        }
    }
}

impl Key {
    /// Reads keys written in their text form: `<up><up>e<ret><C-c>`. `None` for an unknown `<name>`.
    pub fn parse_all(text: &str) -> Option<Vec<Key>> {
        let mut keys = Vec::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if c == '<' {
                if let Some(end) = rest.find('>').filter(|e| *e > 1) {
                    keys.push(Key::named(&rest[1..end])?);
                    rest = &rest[end + 1..];
                    continue;
                }
            }
            keys.push(Key::Char(c));
            rest = &rest[c.len_utf8()..];
        }
        Some(keys)
    }

    fn named(name: &str) -> Option<Key> {
        Some(match name {
            "up" => Key::Up,
            "down" => Key::Down,
            "left" => Key::Left,
            "right" => Key::Right,
            "ret" | "enter" => Key::Enter,
            "esc" => Key::Esc,
            "bs" => Key::Backspace,
            "tab" => Key::Tab,
            "space" => Key::Char(' '),
            "lt" => Key::Char('<'),
            _ => {
                let c = name.strip_prefix("C-")?;
                let mut chars = c.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Key::Ctrl(c.to_ascii_lowercase()),
                    _ => return None,
                }
            }
        })
    }
}
