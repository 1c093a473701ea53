use shakmaty::{Color, Position, Role};

use super::*;

fn game(fen: &str) -> Game {
    Game::from_fen(fen).unwrap()
}

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

fn choose(game: &Game, n: u8, seed: u64) -> Move {
    Opponent::new(level(n), seed).choose(game).expect("a legal move exists").mv
}

#[test]
fn levels_are_one_to_eight() {
    assert_eq!("1".parse::<Level>(), Ok(Level::MIN));
    assert_eq!(" 8".parse::<Level>(), Ok(Level::MAX));
    assert_eq!("9".parse::<Level>().unwrap_err().to_string(), "Setting level takes: 1 … 8. '9' is not one of them.");
    assert!("0".parse::<Level>().is_err() && "strong".parse::<Level>().is_err());
    assert_eq!(Level::all().count(), 8);
}

#[test]
fn every_move_is_legal_in_games_from_many_starts() {
    // The standard start, a FEN middlegame and two Chess960 starts (castling with the rook's square).
    let starts = [
        Game::new(),
        game("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"),
        Game::chess960(0).unwrap(),
        Game::chess960(959).unwrap(),
    ];
    for (i, start) in starts.into_iter().enumerate() {
        for n in [1, 2, 5] {
            let mut g = start.clone();
            let mut opponent = Opponent::new(level(n), i as u64 * 10 + u64::from(n));
            for _ in 0..24 {
                if g.auto_end().is_some() {
                    break;
                }
                let choice = opponent.choose(&g).expect("a move while the game goes on");
                assert!(g.position().is_legal(choice.mv), "level {n} chose an illegal move in {}", g.fen());
                g.play(choice.mv).unwrap();
            }
        }
    }
}

#[test]
fn no_move_when_the_game_is_over() {
    let mated = game("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1");
    assert_eq!(Opponent::new(Level::MAX, 1).choose(&mated), None);
    assert_eq!(Opponent::evaluate(&mated), -MATE);
}

#[test]
fn finds_mate_in_one_from_level_three() {
    // A back-rank mate, a queen mate with the king's help and a smothered mate by Black.
    let positions = [
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "Ra8#"),
        ("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", "Qb8#"),
        ("6k1/8/8/8/8/7n/6PP/6RK b - - 0 1", "Nf2#"),
    ];
    for (fen, mate) in positions {
        let g = game(fen);
        for n in 3..=8 {
            for seed in 0..3 {
                assert_eq!(g.san(choose(&g, n, seed)), mate, "level {n}, seed {seed}, {fen}");
            }
        }
    }
}

#[test]
fn does_not_hang_its_queen_from_level_four() {
    // The queen is attacked by a pawn; and Qxd5 would win a pawn but lose the queen to exd5.
    let attacked = game("rnbqkbnr/ppp2ppp/8/3pp3/3Q4/4P3/PPP2PPP/RNB1KBNR w KQkq - 0 1");
    let bait = game("rnbqkbnr/ppp2ppp/4p3/3p4/8/3Q4/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    for n in 4..=8 {
        for seed in 0..3 {
            let mut after = attacked.clone();
            after.play(choose(&attacked, n, seed)).unwrap();
            let queen = after.position().board().by_piece(Role::Queen.of(Color::White));
            let takes_queen = after.position().legal_moves().iter().any(|m| queen.contains(m.to()));
            assert!(!takes_queen, "level {n} left its queen en prise: {}", after.fen());
            assert_ne!(bait.san(choose(&bait, n, seed)), "Qxd5", "level {n} took the poisoned pawn");
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let play = |seed| {
        let mut g = Game::new();
        let mut opponent = Opponent::new(level(2), seed);
        for _ in 0..12 {
            g.play(opponent.choose(&g).unwrap().mv).unwrap();
        }
        g.fen()
    };
    assert_eq!(play(5), play(5));
    assert_ne!(play(5), play(6), "another seed varies the beginner's moves");
}

#[test]
fn a_stronger_level_beats_a_weaker_one() {
    // Two short games, colours swapped; unfinished games are scored by material, which the
    // beginner loses quickly against level 4.
    let mut points = 0.0;
    for (game_number, strong) in [Color::White, Color::Black].into_iter().enumerate() {
        let mut g = Game::new();
        let mut players = [Opponent::new(level(4), 100 + game_number as u64), Opponent::new(level(1), 200)];
        for _ in 0..60 {
            if g.auto_end().is_some() {
                break;
            }
            let mover = if g.turn() == strong { 0 } else { 1 };
            let mv = players[mover].choose(&g).unwrap().mv;
            g.play(mv).unwrap();
        }
        let score = match g.auto_end() {
            Some(crate::rules::AutoEnd::Checkmate) => {
                if g.turn() == strong {
                    -MATE
                } else {
                    MATE
                }
            }
            Some(_) => 0,
            None => {
                let e = eval(g.position());
                if g.turn() == strong {
                    e
                } else {
                    -e
                }
            }
        };
        points += if score > 300 {
            1.0
        } else if score < -300 {
            0.0
        } else {
            0.5
        };
    }
    assert_eq!(points, 2.0, "level 4 should beat level 1 in both games");
}

#[test]
fn evaluation_sees_who_is_better() {
    let queen_up = game("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(Opponent::evaluate(&queen_up) > 500);
    let queen_down = game("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    assert!(Opponent::evaluate(&queen_down) < -500);
    assert!(Opponent::evaluate(&Game::new()).abs() < 100);
}
