//! Chess960 starting arrangements (FIDE Laws 2018, Guideline II) by Scharnagl's numbering.
//!
//! Number `n` in `0..=959` decodes as: `n % 4` places the light-squared bishop on b, d, f or h;
//! `(n / 4) % 4` places the dark-squared bishop on a, c, e or g; `(n / 16) % 6` places the queen on
//! that free square (counted from the a-file); `n / 96` (0..=9) picks the knights' pair of the five
//! free squares left; the remaining three squares get rook, king, rook, so the king always stands
//! between the rooks (Guideline II.2). Number 518 is the standard arrangement RNBQKBNR.

use shakmaty::Role;

/// How many Chess960 starting positions there are (FIDE Guideline II.1).
pub const COUNT: u32 = 960;

/// The standard arrangement's Scharnagl number.
pub const STANDARD: u32 = 518;

/// The ten ways to place two knights on five free squares, in Scharnagl's order.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// White's first-rank pieces, a-file to h-file, of Chess960 position `number`; `None` beyond 959.
pub fn arrangement(number: u32) -> Option<[Role; 8]> {
    if number >= COUNT {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = number as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop); // light squares: b1, d1, f1, h1
    rank[2 * ((n / 4) % 4)] = Some(Role::Bishop); // dark squares: a1, c1, e1, g1
    place_on_free(&mut rank, (n / 16) % 6, Role::Queen);
    let (first, second) = KNIGHTS[(n / 96) % 10];
    // Place the second knight first so the first knight's free-square index stays valid.
    place_on_free(&mut rank, second, Role::Knight);
    place_on_free(&mut rank, first, Role::Knight);
    place_on_free(&mut rank, 0, Role::Rook);
    place_on_free(&mut rank, 0, Role::King);
    place_on_free(&mut rank, 0, Role::Rook);
    let mut roles = [Role::Pawn; 8];
    for (role, square) in roles.iter_mut().zip(rank) {
        *role = square?;
    }
    Some(roles)
}

/// The X-FEN of Chess960 position `number` (White and Black mirrored, all four castling rights).
pub fn fen(number: u32) -> Option<String> {
    let roles = arrangement(number)?;
    let white: String = roles.iter().map(|r| r.upper_char()).collect();
    let black: String = roles.iter().map(|r| r.char()).collect();
    Some(format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"))
}

/// Puts `role` on the `index`-th still empty square (counting from the a-file).
fn place_on_free(rank: &mut [Option<Role>; 8], index: usize, role: Role) {
    if let Some(square) = rank.iter_mut().filter(|s| s.is_none()).nth(index) {
        *square = Some(role);
    }
}
