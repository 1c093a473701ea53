//! The sweep: for every legal move in a set of positions, in each language, every phrase the grammar
//! files can say for it (each list of words tried in its place, the others at their first word) is
//! heard as that move or asked about, never as another move or a command. The phrases are built here
//! from `grammar/*.toml` as a player would put them together, not from the parser's rules.

use anna_core::rules::{Game, MoveError};
use anna_language::parse::{hear, Heard};
use anna_language::Vocabulary;
use shakmaty::{CastlingSide, File, Move, Position, Role, Square};

/// Positions with every kind of move: quiet moves, captures, two pieces that reach one square,
/// castling on both sides, promotion with and without capture, en passant, Black to move.
const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 0 5",
    "r3k2r/1Pppqppp/2n2n2/4p3/1b2P3/2N2N2/P1PPQPPP/R3K2R w KQkq - 0 10",
    "rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "4k3/8/8/8/8/2N3N1/8/R3K2R w - - 0 1",
    "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
];

/// How one phrase was heard.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Right,
    Asked,
    Refused,
    Wrong(String),
}

fn outcome(game: &Game, vocab: &Vocabulary, text: &str, meant: Move) -> Outcome {
    let uci = |m: Move| game.uci(m).to_string();
    match hear(text, vocab) {
        Ok(Heard::Move(spec)) => match game.resolve_spec(&spec) {
            Ok(m) if m == meant => Outcome::Right,
            Ok(m) => Outcome::Wrong(format!("the move {}", uci(m))),
            Err(MoveError::Ambiguous(moves)) if moves.contains(&meant) => Outcome::Asked,
            Err(MoveError::Ambiguous(moves)) => {
                Outcome::Wrong(format!("a question between {:?}", moves.into_iter().map(uci).collect::<Vec<_>>()))
            }
            Err(_) => Outcome::Refused,
        },
        Ok(other) => Outcome::Wrong(format!("{other:?}")),
        Err(_) => Outcome::Refused,
    }
}

/// The words for one square: each file word with the first rank word, each rank word with the first
/// file word, and the square written (`e4`).
fn squares(v: &Vocabulary, s: Square) -> Vec<String> {
    let (f, r) = (s.file() as usize, s.rank() as usize);
    let files: Vec<&String> = v.anna[f].iter().chain(&v.nato[f]).chain(&v.spelled[f]).collect();
    let mut out = vec![s.to_string()];
    out.extend(files.iter().map(|file| format!("{file} {}", v.ranks[r][0])));
    out.extend(v.ranks[r].iter().skip(1).map(|rank| format!("{} {rank}", v.anna[f][0])));
    out
}

fn file_words(v: &Vocabulary, f: File) -> Vec<String> {
    let f = f as usize;
    v.anna[f]
        .iter()
        .chain(&v.nato[f])
        .chain(&v.spelled[f])
        .cloned()
        .chain([File::new(f as u32).char().to_string()])
        .collect()
}

/// Every phrase of `m`: each template with one list of words tried at a time.
fn phrases(v: &Vocabulary, m: Move) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(side) = m.castling_side() {
        let (whole, sided) = match side {
            CastlingSide::KingSide => (&v.castle_short, &v.side_short),
            CastlingSide::QueenSide => (&v.castle_long, &v.side_long),
        };
        out.extend(whole.iter().cloned());
        out.extend(v.castle_word.iter().map(|c| format!("{c} {}", sided[0])));
        out.extend(sided.iter().map(|s| format!("{} {s}", v.castle_word[0])));
        let king_to =
            Square::from_coords(if side == CastlingSide::KingSide { File::G } else { File::C }, m.to().rank());
        out.extend(v.pieces.get(Role::King).iter().map(|k| format!("{k} {king_to}")));
        return out;
    }
    let from = m.from().expect("a normal move has a departure square");
    let role = m.role();
    let links: &[String] = if m.is_capture() { &v.moves.capture } else { &v.moves.to };
    let to_words = squares(v, m.to());
    let from_words = squares(v, from);
    let names = v.pieces.get(role);
    let promotions: Vec<String> = match m.promotion() {
        None => vec![String::new()],
        Some(p) => {
            let mut list: Vec<String> = v.pieces.get(p).iter().map(|n| format!(" {n}")).collect();
            list.extend(v.moves.promotion.iter().map(|w| format!(" {w} {}", v.pieces.get(p)[0])));
            list
        }
    };
    let promo = &promotions[0];
    let ep = if m.is_en_passant() { v.moves.en_passant.iter().map(|w| format!(" {w}")).collect() } else { vec![] };
    let to = &to_words[0];
    if role == Role::Pawn {
        out.extend(promotions.iter().map(|p| format!("{to}{p}")));
        out.extend(from_words.iter().map(|f| format!("{f} {to}{promo}")));
        if m.is_capture() {
            for file in file_words(v, from.file()) {
                out.push(format!("{file} {} {to}{promo}", links[0]));
            }
            out.extend(links.iter().map(|x| format!("{} {x} {to}{promo}", v.anna[from.file() as usize][0])));
            out.extend(ep.iter().map(|e| format!("{} {} {to}{e}", v.anna[from.file() as usize][0], links[0])));
            out.extend(ep.iter().map(|e| format!("{} {}{e}", names[0], links[0])));
            if let Some(taken) = m.capture() {
                out.extend(v.pieces.get(taken).iter().map(|t| format!("{} {} {t}{promo}", names[0], links[0])));
                let taken = &v.pieces.get(taken)[0];
                // lichess's forms: `e takes knight`, `takes knight`, `e takes`.
                out.push(format!("{} {} {taken}{promo}", v.anna[from.file() as usize][0], links[0]));
                out.push(format!("{} {taken}{promo}", links[0]));
                out.push(format!("{} {}", v.anna[from.file() as usize][0], links[0]));
            }
        } else {
            out.extend(names.iter().map(|n| format!("{n} {to}{promo}")));
            out.extend(to_words.iter().map(|t| format!("{t}{promo}")));
        }
        return out;
    }
    out.extend(names.iter().map(|n| format!("{n} {to}")));
    out.extend(to_words.iter().map(|t| format!("{} {t}", names[0])));
    out.extend(links.iter().map(|l| format!("{} {l} {to}", names[0])));
    out.extend(from_words.iter().map(|f| format!("{} {f} {to}", names[0])));
    out.extend(v.moves.from.iter().map(|w| format!("{} {w} {} {} {to}", names[0], from_words[0], v.moves.to[0])));
    out.extend(v.moves.verb.iter().map(|verb| format!("{} {verb} {} {to}", names[0], v.moves.to[0])));
    // The capture said first, the piece that makes it after (`beru jezdcem na d4`).
    if m.is_capture() {
        out.extend(names.iter().map(|n| format!("{} {n} {} {to}", links[0], v.moves.to[0])));
    }
    if let Some(taken) = m.capture() {
        out.extend(v.pieces.get(taken).iter().map(|t| format!("{} {} {t}", names[0], links[0])));
        // lichess's forms: `knight queen`, `takes queen`, `knight takes`, `takes`.
        let taken = &v.pieces.get(taken)[0];
        out.push(format!("{} {taken}", names[0]));
        out.push(format!("{} {taken}", links[0]));
        out.push(format!("{} {}", names[0], links[0]));
        out.push(links[0].clone());
    }
    out
}

#[test]
fn every_phrase_for_every_legal_move_is_that_move_or_a_question() {
    let vocabs: Vec<Vocabulary> = Vocabulary::codes().filter_map(Vocabulary::get).collect();
    let mut wrong = Vec::new();
    let (mut total, mut right, mut asked, mut refused) = (0, 0, 0, Vec::new());
    for fen in POSITIONS {
        let game = Game::from_fen(fen).expect("a valid position");
        let pos = game.position().clone();
        for m in pos.legal_moves() {
            for v in &vocabs {
                for text in phrases(v, m) {
                    total += 1;
                    match outcome(&game, v, &text, m) {
                        Outcome::Right => right += 1,
                        Outcome::Asked => asked += 1,
                        Outcome::Refused => refused.push(format!("[{}] {fen}: '{text}'", v.code())),
                        Outcome::Wrong(what) => {
                            wrong.push(format!("[{}] {fen}: '{text}' for {} heard as {what}", v.code(), game.uci(m)));
                        }
                    }
                }
            }
        }
    }
    eprintln!("{total} phrases: {right} right, {asked} asked, {} refused, {} wrong", refused.len(), wrong.len());
    assert!(total > 10_000, "the sweep should try many phrases, it tried {total}");
    assert!(wrong.is_empty(), "{} phrases heard as another move:\n{}", wrong.len(), wrong.join("\n"));
    assert!(refused.is_empty(), "{} phrases refused:\n{}", refused.len(), refused.join("\n"));
}
