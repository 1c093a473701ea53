//! Drawing: `impl Widget for &Screen`, which only reads. The board reads at low vision: black and
//! white squares, a bright cursor that also has brackets, piece letters in the chosen language with
//! Black's marked by asterisks as well as lower case, coordinates, both clocks, the move list, the
//! last announcement and whose turn it is. Without colour, dark squares are in reverse video.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use shakmaty::{Color, File, Position, Rank, Square};

use crate::ui::tui::{clock_text, Mode, Screen};
use anna_language::announce::fill;

/// The cells of one square: (width, height).
const SMALL: (u16, u16) = (3, 1);
const MEDIUM: (u16, u16) = (5, 2);
const LARGE: (u16, u16) = (7, 3);
/// The rank numbers take two columns left of the board; the file letters one row below it.
const LABEL: u16 = 2;
/// The narrowest panel that shows a clock beside the board (`> W 0:05:00`); a narrower one has the
/// clocks below the board.
const CLOCK_WIDTH: u16 = 11;

impl Screen {
    /// The square size for `area`: with large squares asked, the largest that fits beside a panel
    /// and above the footer; otherwise small.
    fn square_size(&self, area: Rect) -> (u16, u16) {
        let fits = |(w, h): (u16, u16)| area.width >= LABEL + 8 * w + 16 && area.height > 8 * h + 3;
        match self.settings.large {
            true => [LARGE, MEDIUM].into_iter().find(|size| fits(*size)).unwrap_or(SMALL),
            false => SMALL,
        }
    }

    fn board_style(&self, square: Square) -> Style {
        let light = square.is_light();
        let mut style = Style::default().add_modifier(Modifier::BOLD);
        style = match (self.settings.color, light) {
            (true, true) => style.fg(Tint::Black).bg(Tint::White),
            (true, false) => style.fg(Tint::White).bg(Tint::Black),
            (false, true) => style,
            (false, false) => style.add_modifier(Modifier::REVERSED),
        };
        if self.last_move.is_some_and(|(from, to)| from == square || to == square) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if self.selected == Some(square) {
            style = if self.settings.color { style.fg(Tint::Black).bg(Tint::LightCyan) } else { style };
        }
        if self.cursor == square {
            style = if self.settings.color {
                style.fg(Tint::Black).bg(Tint::LightYellow)
            } else {
                style.add_modifier(Modifier::UNDERLINED).remove_modifier(Modifier::REVERSED)
            };
        }
        style
    }

    /// The screen column and row (0..8) of a square, by orientation.
    fn place(&self, square: Square) -> (u16, u16) {
        let (file, rank) = (usize::from(square.file()) as u16, usize::from(square.rank()) as u16);
        if self.settings.flipped {
            (7 - file, rank)
        } else {
            (file, 7 - rank)
        }
    }

    fn draw_square(&self, square: Square, cell: Rect, buf: &mut Buffer) {
        let style = self.board_style(square);
        buf.set_style(cell, style);
        for y in cell.top()..cell.bottom() {
            buf.set_string(cell.x, y, " ".repeat(usize::from(cell.width)), style);
        }
        let middle = cell.y + cell.height / 2;
        let (open, close) = match (self.cursor == square, self.selected == Some(square)) {
            (true, _) => ("[", "]"),
            (false, true) => ("<", ">"),
            _ => ("", ""),
        };
        let rows = if cell.height > 1 { cell.top()..cell.bottom() } else { middle..middle + 1 };
        if !open.is_empty() {
            for y in rows {
                buf.set_string(cell.x, y, open, style);
                buf.set_string(cell.right() - 1, y, close, style);
            }
        }
        let centre = cell.x + cell.width / 2;
        if let Some(piece) = self.position.board().piece_at(square) {
            buf.set_string(centre, middle, self.letter(piece).to_string(), style);
            // Black's pieces are marked as well as lower case: `*r*` on large squares, `*r` on small ones.
            if piece.color == Color::Black && (open.is_empty() || cell.width > 3) {
                buf.set_string(centre - 1, middle, "*", style);
                if cell.width > 3 {
                    buf.set_string(centre + 1, middle, "*", style);
                }
            }
        }
        if cell.height > 2 && self.last_move.is_some_and(|(_, to)| to == square) {
            buf.set_string(centre, cell.bottom() - 1, "^", style);
        }
    }

    fn draw_board(&self, area: Rect, size: (u16, u16), buf: &mut Buffer) {
        let (w, h) = size;
        let label = Style::default().add_modifier(Modifier::BOLD);
        for square in Square::ALL {
            let (col, row) = self.place(square);
            let cell = Rect::new(area.x + LABEL + col * w, area.y + row * h, w, h);
            self.draw_square(square, cell, buf);
        }
        for i in 0..8u32 {
            let file = Square::from_coords(File::new(i), Rank::First);
            let (col, _) = self.place(file);
            buf.set_string(area.x + LABEL + col * w + w / 2, area.y + 8 * h, File::new(i).char().to_string(), label);
            let rank = Square::from_coords(File::A, Rank::new(i));
            let (_, row) = self.place(rank);
            buf.set_string(area.x, area.y + row * h + h / 2, Rank::new(i).char().to_string(), label);
        }
    }

    fn side_name(&self, side: Color) -> String {
        self.voice.vocab.word_owned(if side == Color::White { "side.white" } else { "side.black" })
    }

    /// The panel right of the board: whose turn, both clocks, the cursor's square, the move list.
    fn panel(&self, width: u16, height: u16) -> Vec<Line<'_>> {
        let vocab = &self.voice.vocab;
        let strong = Style::default().add_modifier(Modifier::BOLD);
        let mut lines = Vec::new();
        let status = match (&self.outcome, self.awaiting_press) {
            (Some(outcome), _) => outcome.clone(),
            // The board shows the opponent to move, but the mover's clock runs until he presses.
            (None, Some(side)) => fill(vocab.word("screen.awaiting_press"), &[("side", self.side_name(side))]),
            (None, None) => fill(vocab.word("say.turn"), &[("side", self.side_name(self.turn))]),
        };
        lines.push(Line::styled(status, strong));
        let names = [Color::White, Color::Black].map(|side| self.side_name(side));
        let narrow = names.iter().any(|n| n.chars().count() + 10 > usize::from(width));
        for side in [Color::White, Color::Black] {
            let time = if self.timed { clock_text(*self.clocks.get(side)) } else { "-:--:--".to_string() };
            let running = self.running == Some(side);
            let mut name = self.side_name(side);
            if narrow {
                name = name.chars().take(1).collect();
            }
            let text = format!("{} {name} {time}", if running { ">" } else { " " });
            let style = if running { strong.add_modifier(Modifier::REVERSED) } else { Style::default() };
            lines.push(Line::styled(text, style));
        }
        if let Some(evaluation) = &self.evaluation {
            lines.push(Line::from(fill(vocab.word("screen.evaluation"), &[("eval", evaluation.clone())])));
        }
        lines.push(Line::from(format!("{}: {}", vocab.word("screen.cursor"), self.cursor)));
        lines.push(Line::styled(vocab.word_owned("screen.moves"), strong));
        let room = usize::from(height).saturating_sub(lines.len());
        let skip = self.moves.len().saturating_sub(room);
        for (n, white, black) in &self.moves[skip..] {
            let white = white.as_deref().unwrap_or("...");
            lines.push(Line::from(format!("{n:>3}. {white:<8}{}", black.as_deref().unwrap_or(""))));
        }
        lines
    }

    /// Both clocks on one line, each by its side's letter, for a panel too narrow to hold them:
    /// `>W 0:04:59  B 0:05:00`.
    fn clocks_line(&self) -> Line<'_> {
        let strong = Style::default().add_modifier(Modifier::BOLD);
        let spans = [Color::White, Color::Black].into_iter().flat_map(|side| {
            let time = if self.timed { clock_text(*self.clocks.get(side)) } else { "-:--:--".to_string() };
            let running = self.running == Some(side);
            let initial: String = self.side_name(side).chars().take(1).collect();
            let style = if running { strong.add_modifier(Modifier::REVERSED) } else { strong };
            [Span::styled(format!("{}{initial} {time}", if running { ">" } else { " " }), style), Span::raw(" ")]
        });
        Line::from(spans.collect::<Vec<_>>())
    }

    /// The last rows: the command line being typed, or the keys.
    fn footer(&self) -> Line<'_> {
        match &self.mode {
            Mode::Command(text) => Line::from(vec![
                Span::styled(":", Style::default().add_modifier(Modifier::BOLD)),
                Span::raw(text.clone()),
                Span::styled("_", Style::default().add_modifier(Modifier::SLOW_BLINK)),
            ]),
            Mode::Board => {
                Line::from(fill(self.voice.vocab.word("screen.keys"), &[("letters", self.voice.vocab.find_keys())]))
            }
        }
    }
}

impl Widget for &Screen {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let size = self.square_size(area);
        let (board_w, board_h) = (LABEL + 8 * size.0, 8 * size.1 + 1);
        if area.width < board_w || area.height < board_h + 1 {
            let (width, height) = ((LABEL + 8 * SMALL.0).to_string(), (8 * SMALL.1 + 2).to_string());
            let text = fill(self.voice.vocab.word("screen.too_small"), &[("width", width), ("height", height)]);
            Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
            return;
        }
        self.draw_board(area, size, buf);
        let panel = Rect::new(area.x + board_w + 1, area.y, area.width.saturating_sub(board_w + 1), board_h);
        Paragraph::new(self.panel(panel.width, panel.height)).render(panel, buf);
        // Below the board: the clocks when the panel is too narrow for them, the last announcement
        // (wrapped), then the command line or the keys.
        let mut below = Rect::new(area.x, area.y + board_h, area.width, area.height - board_h);
        if panel.width < CLOCK_WIDTH && !matches!(self.mode, Mode::Command(_)) {
            Paragraph::new(self.clocks_line()).render(Rect { height: 1, ..below }, buf);
            below = Rect { y: below.y + 1, height: below.height - 1, ..below };
            if below.height == 0 {
                return;
            }
        }
        let footer = self.footer();
        let footer_rows =
            if below.height > 3 { (footer.width() as u16).div_ceil(below.width.max(1)).clamp(1, 2) } else { 1 };
        let said_rows = below.height.saturating_sub(footer_rows).max(1);
        let label = format!("{}: ", self.voice.vocab.word("screen.said"));
        let said = Line::from(vec![
            Span::styled(label, Style::default().add_modifier(Modifier::BOLD)),
            Span::raw(self.said.as_str()),
        ]);
        Paragraph::new(said).wrap(Wrap { trim: true }).render(Rect { height: said_rows, ..below }, buf);
        if below.height > 1 {
            let last = Rect::new(below.x, below.bottom() - footer_rows, below.width, footer_rows);
            Paragraph::new(footer).wrap(Wrap { trim: true }).render(last, buf);
        } else if matches!(self.mode, Mode::Command(_)) {
            Paragraph::new(footer).render(below, buf);
        }
    }
}
