//! The braille scoresheet in each language's literary braille, through liblouis's tables (`[braille]
//! table` in `grammar/`: German `de-g0.utb`, Czech `cs-g1.ctb`, Slovak `sk-g1.ctb`, Polish
//! `Pl-Pl-g1.utb`, Slovenian `sl-si-g1.utb`, English `en-ueb-g1.ctb`; `anna` for Anna's own code),
//! read from the disk by louis-rs, the liblouis project's own translator in Rust. English move lines
//! are in the Braille Chess Code (`[braille] moves = "chess code"`,
//! [`anna_language::braille::chess_code`]), the players and the result in the table's braille. The
//! tables are looked for where liblouis looks (`LOUIS_TABLE_PATH`, then Debian's `liblouis-data`).
//! A table that cannot be read is said in one sentence, and its lines are written in Anna's own code
//! ([`anna_language::braille`]).

use std::path::PathBuf;

use anna_app::save::{Save, SaveKind};
use anna_language::braille;
use anna_language::Vocabulary;

/// Where the tables are: `LOUIS_TABLE_PATH` (as liblouis reads it), then the system's folders.
fn search_path() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> =
        std::env::var_os("LOUIS_TABLE_PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    folders.extend(["/usr/share/liblouis/tables", "/usr/local/share/liblouis/tables"].map(PathBuf::from));
    folders
}

/// Print lines in the language's braille, as Unicode cells, and the sentence saying that its table
/// could not be read (then they are in Anna's own code).
pub fn cells(lines: &[String], vocab: &Vocabulary) -> (Vec<String>, Option<String>) {
    in_table(lines, vocab, &search_path())
}

/// [`cells`], the tables looked for in `folders`.
fn in_table(lines: &[String], vocab: &Vocabulary, folders: &[PathBuf]) -> (Vec<String>, Option<String>) {
    let chess_code = vocab.word("braille.moves") == "chess code";
    // A move line in the chess code where the language writes its moves so; any other line by `text`.
    let each = |text: &dyn Fn(&String) -> Result<String, String>| -> Result<Vec<String>, String> {
        lines
            .iter()
            .map(|line| match braille::chess_code::move_line(line).filter(|_| chess_code) {
                Some(cells) => Ok(cells),
                None => text(line),
            })
            .collect()
    };
    let own = || each(&|line| Ok(braille::unicode(line))).unwrap_or_default();
    let table = vocab.word("braille.table");
    if table == "anna" {
        return (own(), None);
    }
    let translated = louis::Translator::with_search_path(&[table], louis::Direction::Forward, folders.to_vec())
        .map_err(|e| e.to_string())
        .and_then(|translator| each(&|line| translator.translate(line).map_err(|e| e.to_string())));
    match translated {
        Ok(cells) => (cells, None),
        Err(why) => {
            let words = [("table", table.to_string()), ("why", why)];
            (own(), Some(anna_language::announce::fill(vocab.word("braille.table_missing"), &words)))
        }
    }
}

/// A braille save, whose text is the scoresheet's print lines, made into its `.brf` file in the
/// language's braille; any other save as it is. With it, the sentence of a table not read.
pub fn embossable(save: &Save, vocab: &Vocabulary) -> (Save, Option<String>) {
    if save.kind != SaveKind::Braille {
        return (save.clone(), None);
    }
    let lines: Vec<String> = save.text.lines().map(String::from).collect();
    let (cells, notice) = cells(&lines, vocab);
    (Save { text: braille::brf_of_cells(&cells), ..save.clone() }, notice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_not_found_is_said_and_the_lines_are_in_annas_own_code() {
        let lines = vec!["1. e4 e5".to_string()];
        let czech = Vocabulary::get("cs").unwrap();
        let (cells, notice) = in_table(&lines, &czech, &[PathBuf::from("/nonexistent")]);
        assert_eq!(cells, ["⠼⠁⠲⠀⠑⠼⠙⠀⠑⠼⠑"]);
        assert!(notice.unwrap().starts_with("Tabulku liblouis cs-g1.ctb nelze přečíst ("));
        // English moves are in the chess code, with or without the table.
        let english = Vocabulary::english();
        let (cells, notice) = in_table(&lines, &english, &[PathBuf::from("/nonexistent")]);
        assert_eq!(cells, ["⠂⠀⠑⠲⠀⠑⠢"]);
        assert!(notice.unwrap().starts_with("liblouis's table en-ueb-g1.ctb cannot be read ("));
    }
}
