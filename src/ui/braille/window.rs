//! What a braille display shows, as cells: pure, so that every window is tested without a display.
//!
//! A cell is a character, which BRLTTY turns into dots by the player's own braille table (so a
//! sentence reads in the braille the player set BRLTTY up for), and dots added to it: dot 7 marks a
//! white piece, dot 8 a black one. A display of 8 rows or more shows the board, rank by rank, each
//! row the rank's number, a blank cell and one cell a square (the piece's letter in the player's
//! language, an empty light square blank, an empty dark square dots 3 and 6), turned to the
//! player's side; rows below the board show the sentence being read. A smaller display shows the
//! sentence on all its rows. A sentence longer than the rows is panned with the display's keys;
//! while more waits, the last cell has dots 7 and 8.

use std::collections::VecDeque;

use shakmaty::{Color, File, Position, Rank, Square};

use anna_core::message::Priority;
use anna_language::Vocabulary;

/// Dot 7: a white piece.
pub const WHITE: u8 = 0x40;
/// Dot 8: a black piece.
pub const BLACK: u8 = 0x80;
/// Dots 7 and 8 on the last cell of the text: more waits (pan on to read it).
pub const MORE: u8 = WHITE | BLACK;
/// An empty dark square: dots 3 and 6, as a Unicode braille character (BRLTTY shows those as their
/// dots whatever the table).
pub const DARK: char = '\u{2824}';
/// The cells before a rank's squares: its number and a blank cell.
pub const BEFORE_SQUARES: usize = 2;
/// Rows the board takes.
pub const BOARD_ROWS: usize = 8;

/// One cell: its character and the dots added to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub character: char,
    pub dots: u8,
}

impl Cell {
    pub const BLANK: Cell = Cell { character: ' ', dots: 0 };

    fn of(character: char) -> Cell {
        Cell { character, dots: 0 }
    }
}

/// The board's rows, top to bottom as the player sits: the ranks from 8 down for White (and the
/// arbiter), from 1 up for Black, files a to h (h to a for Black).
pub fn board_rows(position: &shakmaty::Chess, black_below: bool, vocab: &Vocabulary) -> Vec<Vec<Cell>> {
    let board = position.board();
    (0..8u32)
        .map(|row| {
            let rank = Rank::new(if black_below { row } else { 7 - row });
            let mut cells = vec![Cell::of(char::from(b'1' + rank as u8)), Cell::BLANK];
            for column in 0..8u32 {
                let file = File::new(if black_below { 7 - column } else { column });
                let square = Square::from_coords(file, rank);
                cells.push(match board.piece_at(square) {
                    Some(piece) => {
                        let letter = vocab.board_letter(shakmaty::Piece { color: Color::Black, ..piece });
                        Cell { character: letter, dots: if piece.color == Color::White { WHITE } else { BLACK } }
                    }
                    None if square.is_dark() => Cell::of(DARK),
                    None => Cell::BLANK,
                });
            }
            cells
        })
        .collect()
}

/// The square under the cell at `column` of the board's `row`, as [`board_rows`] lays it out.
pub fn square_at(row: usize, column: usize, black_below: bool) -> Option<Square> {
    if row >= BOARD_ROWS || !(BEFORE_SQUARES..BEFORE_SQUARES + 8).contains(&column) {
        return None;
    }
    let (row, column) = (row as u32, (column - BEFORE_SQUARES) as u32);
    let rank = Rank::new(if black_below { row } else { 7 - row });
    let file = File::new(if black_below { 7 - column } else { column });
    Some(Square::from_coords(file, rank))
}

/// The sentences to read, one shown at a time: nothing said is lost when the player reads slower
/// than Anna speaks. A new sentence is shown at once when the one shown has been read to its end;
/// otherwise it waits, and panning on past the end of the one shown brings the next. A move (and
/// any urgent sentence) is shown at once, whatever is being read; what was being read waits after
/// it.
#[derive(Debug, Default)]
pub struct Reader {
    shown: String,
    /// The first character of the shown sentence on the display.
    offset: usize,
    /// The sentence has been on the display to its end.
    read: bool,
    waiting: VecDeque<String>,
}

impl Reader {
    /// A sentence said; `cells` is how many the sentence has on the display.
    pub fn said(&mut self, words: &str, priority: Priority, cells: usize) {
        let words = words.trim().to_string();
        if words.is_empty() {
            return;
        }
        let urgent = matches!(priority, Priority::Urgent | Priority::Move);
        if urgent && !self.read && !self.shown.is_empty() {
            self.waiting.push_front(std::mem::take(&mut self.shown));
        }
        if urgent || self.read || self.shown.is_empty() {
            self.show(words, cells);
        } else {
            self.waiting.push_back(words);
        }
    }

    fn show(&mut self, words: String, cells: usize) {
        self.shown = words;
        self.offset = 0;
        self.read = self.shown.chars().count() <= cells;
    }

    /// Pans on: the rest of the sentence, or the next sentence waiting.
    pub fn forward(&mut self, cells: usize) {
        let length = self.shown.chars().count();
        if self.offset + cells < length {
            self.offset += cells;
            self.read = self.offset + cells >= length;
        } else if let Some(next) = self.waiting.pop_front() {
            self.show(next, cells);
        }
    }

    /// Pans back within the sentence shown.
    pub fn back(&mut self, cells: usize) {
        self.offset = self.offset.saturating_sub(cells);
    }

    /// Shows `words` at once (the status), keeping what was being read after it.
    pub fn interject(&mut self, words: String, cells: usize) {
        if !self.read && !self.shown.is_empty() {
            self.waiting.push_front(std::mem::take(&mut self.shown));
        }
        self.show(words, cells);
    }

    /// The part of the sentence shown on `cells` cells, and whether more waits after it.
    pub fn window(&self, cells: usize) -> (Vec<Cell>, bool) {
        let shown: Vec<Cell> = self.shown.chars().skip(self.offset).take(cells).map(Cell::of).collect();
        let more = self.offset + cells < self.shown.chars().count() || !self.waiting.is_empty();
        (shown, more)
    }
}

/// The whole window: the board's rows (when the display has 8 rows or more) and the sentence, as
/// cells row after row, `columns` a row.
pub fn layout(board: Option<Vec<Vec<Cell>>>, reader: &Reader, columns: usize, rows: usize) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(columns * rows);
    let text_rows = match board {
        Some(board) if rows >= BOARD_ROWS => {
            for mut row in board {
                row.resize(columns, Cell::BLANK);
                cells.extend(row);
            }
            rows - BOARD_ROWS
        }
        _ => rows,
    };
    let (mut text, more) = reader.window(columns * text_rows);
    text.resize(columns * text_rows, Cell::BLANK);
    // Dots 7 and 8 on the last cell: more of the sentence, or another sentence, waits on the right.
    if let Some(last) = text.last_mut().filter(|_| more) {
        last.dots |= MORE;
    }
    cells.extend(text);
    cells
}

/// How many cells a sentence has on a display: the rows below the board, or all of them.
pub fn text_cells(columns: usize, rows: usize) -> usize {
    if rows >= BOARD_ROWS {
        columns * (rows - BOARD_ROWS)
    } else {
        columns * rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(cells: &[Cell]) -> String {
        cells.iter().map(|c| c.character).collect()
    }

    #[test]
    fn the_board_is_turned_to_the_players_side() {
        let position = shakmaty::Chess::default();
        let en = Vocabulary::english();
        let rows = board_rows(&position, false, &en);
        assert_eq!(text(&rows[0]), "8 rnbqkbnr");
        assert_eq!(rows[0][2].dots, BLACK);
        assert_eq!(text(&rows[4]), "4  \u{2824} \u{2824} \u{2824} \u{2824}");
        assert_eq!(text(&rows[7]), "1 rnbqkbnr");
        assert_eq!(rows[7][2].dots, WHITE);
        let turned = board_rows(&position, true, &Vocabulary::german());
        assert_eq!(text(&turned[0]), "1 tslkdlst");
        assert_eq!(square_at(0, 2, false), Some(Square::A8));
        assert_eq!(square_at(7, 9, false), Some(Square::H1));
        assert_eq!(square_at(0, 2, true), Some(Square::H1));
        assert_eq!(square_at(0, 1, false), None);
    }

    #[test]
    fn nothing_said_is_lost_and_a_move_comes_first() {
        let mut reader = Reader::default();
        reader.said("Black: Knight Felix sechs.", Priority::Move, 10);
        assert_eq!(text(&reader.window(10).0), "Black: Kni");
        // Not yet read to its end: the answer waits.
        reader.said("Nothing hangs.", Priority::Info, 10);
        assert_eq!(text(&reader.window(10).0), "Black: Kni");
        reader.forward(10);
        assert_eq!(text(&reader.window(10).0), "ght Felix ");
        reader.forward(10);
        reader.forward(10);
        assert_eq!(text(&reader.window(10).0), "Nothing ha");
        // A move is shown at once; what was being read comes after it.
        reader.said("White: Eva vier.", Priority::Move, 10);
        assert_eq!(text(&reader.window(10).0), "White: Eva");
        // The last cell says that more waits; it goes once everything has been read.
        assert_eq!(layout(None, &reader, 10, 1)[9].dots, MORE);
        reader.forward(10);
        reader.forward(10);
        assert_eq!(text(&reader.window(10).0), "Nothing ha");
        reader.forward(10);
        assert_eq!(text(&reader.window(10).0), "ngs.");
        assert_eq!(layout(None, &reader, 10, 1)[9].dots, 0);
    }
}
