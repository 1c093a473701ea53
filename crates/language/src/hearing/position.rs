//! What the recogniser may hear in one position: the legal moves of the side to move, in every form
//! a move is said and every style of square, with castling (even where it is not possible, to be
//! answered why rather than heard as another move), the commands and the answers. A grammar
//! of the whole language lets the recogniser hear any two squares, and it readily hears a second,
//! invented square in a breath after a move (`hotel three ee five`); held to the moves that can be
//! played, it hears the move meant far more often. A wrong legal move stays possible, which is why
//! both decoders must agree and every heard move is read back (`app/heard.rs`). Pure.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

use super::tokens;
use crate::Vocabulary;

/// The share of the language model's sentences that are castling, commands and answers, so that
/// a short sentence is not unlikely next to the many ways of saying a move.
const SHORT_SHARE: usize = 5;

/// The words of one sentence of the grammar.
type Sentence = Vec<String>;

/// What may be said in one position: a JSGF grammar, and the sentences its language model is
/// counted from.
pub struct Grammar {
    pub jsgf: String,
    pub sentences: Vec<Sentence>,
}

/// The ways a square is said: NATO or Annex D names with the language's numbers, the Annex D
/// names with the German numbers (FIDE D.2.1), the letters.
struct Squares<'a> {
    vocab: &'a Vocabulary,
    annex_d: &'a Vocabulary,
}

impl Squares<'_> {
    /// The square in each style, as (file word, rank word).
    fn styles(&self, square: Square) -> [(String, String); 4] {
        let (file, rank) = (usize::from(square.file()), usize::from(square.rank()));
        let first = |list: &[Vec<String>; 8], i: usize| list[i].first().cloned().unwrap_or_default();
        let rank_word = first(&self.vocab.ranks, rank);
        [
            (first(&self.vocab.nato, file), rank_word.clone()),
            (first(&self.vocab.anna, file), first(&self.annex_d.ranks, rank)),
            (first(&self.vocab.anna, file), rank_word.clone()),
            (first(&self.vocab.spelled, file), rank_word),
        ]
    }

    /// The file alone in each style of [`Squares::styles`], as a pawn's capture names it (`d takes
    /// c four`).
    fn files(&self, file: File) -> [String; 4] {
        self.styles(Square::from_coords(file, Rank::First)).map(|(file, _)| file)
    }
}

/// One form of a move: words and squares in order.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Word(String),
    Square(Square),
    /// A pawn's file, which its capture is said from.
    File(File),
}

/// The forms a legal move is said in, and no more: every optional word is one the recogniser may
/// invent out of a breath.
fn forms(mv: &Move, vocab: &Vocabulary) -> Vec<Vec<Part>> {
    let word = |w: &str| Part::Word(w.to_string());
    let piece =
        |role: Role| vocab.pieces.get(role).first().map_or_else(|| word(role.char().to_string().as_str()), |p| word(p));
    let captures: Vec<Part> = vocab.moves.capture.iter().take(2).map(|c| word(c)).collect();
    let (role, from, to, capture, promotion) = match *mv {
        Move::Normal { role, from, capture, to, promotion } => (role, from, to, capture.is_some(), promotion),
        Move::EnPassant { from, to } => (Role::Pawn, from, to, true, None),
        // Castling is said by its own words (the castling rule), or as the king's two squares.
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(rook.file() > king.file());
            let target = Square::from_coords(side.king_to_file(), king.rank());
            return vec![vec![Part::Square(king), Part::Square(target)]];
        }
        Move::Put { .. } => return Vec::new(),
    };
    let from_square = from;
    let (from, to) = (Part::Square(from), Part::Square(to));
    let mut out = Vec::new();
    if role == Role::Pawn {
        out.push(vec![to.clone()]);
        out.push(vec![from.clone(), to.clone()]);
        if capture {
            // The file the pawn takes from, as the move is written (`dxc4`), or its square.
            out.extend(captures.iter().map(|c| vec![Part::File(from_square.file()), c.clone(), to.clone()]));
            out.extend(captures.iter().map(|c| vec![from.clone(), c.clone(), to.clone()]));
        }
    } else {
        let p = piece(role);
        out.push(vec![p.clone(), to.clone()]);
        out.push(vec![p.clone(), from.clone(), to.clone()]);
        out.push(vec![from.clone(), to.clone()]);
        if capture {
            for c in &captures {
                out.push(vec![p.clone(), c.clone(), to.clone()]);
                out.push(vec![p.clone(), from.clone(), c.clone(), to.clone()]);
                out.push(vec![from.clone(), c.clone(), to.clone()]);
            }
        }
    }
    if let Some(promoted) = promotion {
        // The piece alone, or after "promotes to"; the square alone asks which piece.
        let promotes: Vec<Part> =
            vocab.moves.promotion.first().and_then(|p| tokens(p)).unwrap_or_default().iter().map(|w| word(w)).collect();
        let bare = out.clone();
        for form in bare {
            out.push([form.clone(), vec![piece(promoted)]].concat());
            out.push([form, promotes.clone(), vec![piece(promoted)]].concat());
        }
    }
    // A piece taking one of its kind is also said as the exchange (`trade queens`).
    if let Move::Normal { capture: Some(taken), .. } = *mv {
        out.extend(exchange(role, vocab).filter(|_| taken == role));
    }
    out
}

/// The exchange of `role` in its first words (`trade queens`), when the language has them.
fn exchange(role: Role, vocab: &Vocabulary) -> Option<Vec<Part>> {
    let verb = vocab.exchange.first()?;
    let pieces = vocab.exchanged.get(role).first()?;
    Some(vec![Part::Word(verb.clone()), Part::Word(pieces.clone())])
}

/// The sentences that are not moves, by rule: castling (the sides that may be heard; `castles`
/// alone, which the game answers as typed, when both may be: the one that is legal, or which
/// side), the commands worth saying aloud during a game, yes and no.
pub(super) fn short_sentences(vocab: &Vocabulary, short: bool, long: bool) -> [(&'static str, Vec<String>); 3] {
    let castling: Vec<String> =
        [(short, &vocab.castle_short), (long, &vocab.castle_long), (short && long, &vocab.castle_word)]
            .into_iter()
            .filter(|(legal, _)| *legal)
            .flat_map(|(_, phrases)| phrases.iter().cloned())
            .collect();
    let commands: Vec<String> = vocab
        .commands
        .iter()
        .filter(|(name, _)| name.spoken())
        .flat_map(|(_, phrases)| phrases.iter().take(2).cloned())
        .filter(|p| p.chars().count() > 1)
        .collect();
    let answers: Vec<String> =
        vocab.moves.yes.iter().take(2).chain(vocab.moves.no_answer.iter().take(2)).cloned().collect();
    [("castling", castling), ("command", commands), ("answer", answers)]
}

/// The grammar and language-model sentences of what may be said in `position`, in `vocab`'s words
/// with the Annex D numbers of `annex_d`, leaving out every phrase with a word of `missing` (one the
/// recogniser cannot pronounce) and the moves of `except` (none, but for a hearing without the move
/// first heard).
pub fn grammar_except(
    position: &Chess,
    vocab: &Vocabulary,
    annex_d: &Vocabulary,
    missing: &[String],
    except: &[Move],
) -> Grammar {
    let squares = Squares { vocab, annex_d };
    let sayable = |words: &[String]| !words.is_empty() && words.iter().all(|w| !missing.contains(w));
    let mut move_forms: BTreeSet<Vec<Part>> = BTreeSet::new();
    let mut sides = BTreeSet::new();
    let mut movers: std::collections::BTreeMap<(Role, Square), BTreeSet<Square>> = Default::default();
    let mut promotes = false;
    for mv in position.legal_moves().into_iter().filter(|mv| !except.contains(mv)) {
        match mv {
            Move::Castle { king, rook } => _ = sides.insert(rook.file() > king.file()),
            Move::Normal { role, from, to, promotion, .. } => {
                movers.entry((role, to)).or_default().insert(from);
                promotes |= promotion.is_some();
            }
            Move::EnPassant { from, to } => _ = movers.entry((Role::Pawn, to)).or_default().insert(from),
            Move::Put { .. } => {}
        }
        move_forms.extend(forms(&mv, vocab));
    }
    // The answers to Anna's questions about a move: which piece (its square, when two of a kind
    // reach one square), which promotion, which castling.
    let word = |w: &Vec<String>| Part::Word(w.first().cloned().unwrap_or_default());
    for froms in movers.values().filter(|froms| froms.len() > 1) {
        move_forms.extend(froms.iter().map(|from| vec![Part::Square(*from)]));
    }
    if promotes {
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            move_forms.insert(vec![word(vocab.pieces.get(role))]);
        }
    }
    if sides.len() == 2 {
        move_forms.extend([vec![word(&vocab.side_short)], vec![word(&vocab.side_long)]]);
    }
    let mut corpus = Vec::new();
    // Each move's sentences in full: a player says both squares of a move in one style, and a
    // grammar that let them differ heard a voice's `david takes cesar vier` as the knight's `knight
    // ef six eva vier`, far ahead of the move said.
    let mut alternatives = BTreeSet::new();
    for form in &move_forms {
        for style in 0..4 {
            let sentence: Sentence = form
                .iter()
                .flat_map(|part| match part {
                    Part::Word(w) => tokens(w).unwrap_or_default(),
                    Part::Square(s) => {
                        let (file, rank) = squares.styles(*s)[style].clone();
                        [tokens(&file).unwrap_or_default(), tokens(&rank).unwrap_or_default()].concat()
                    }
                    Part::File(f) => tokens(&squares.files(*f)[style]).unwrap_or_default(),
                })
                .collect();
            if sayable(&sentence) {
                alternatives.insert(sentence.join(" "));
                corpus.push(sentence);
            }
        }
    }
    // (Weights on these alternatives were tried: even at 10000 to 1 they change nothing heard, the
    // sounds decide.)
    let mut kinds: Vec<&str> = Vec::new();
    let mut short: Vec<Sentence> = Vec::new();
    let mut rules = String::new();
    // Castling is heard whenever a move may be made, legal or not: its words sound like no square,
    // and a grammar without them forced an illegal `castles short` into the legal `golf four`.
    // Heard, it is answered as typed: not possible now, and why (FIDE 3.8.2). Only a hearing
    // without that castling (`except`) leaves its words out.
    let open = |kingside: bool| {
        !move_forms.is_empty()
            && !except
                .iter()
                .any(|mv| matches!(mv, Move::Castle { king, rook } if (rook.file() > king.file()) == kingside))
    };
    for (name, phrases) in short_sentences(vocab, open(true), open(false)) {
        let mut kept: Vec<String> = Vec::new();
        for phrase in phrases.iter().filter_map(|p| tokens(p)).filter(|t| sayable(t)) {
            let joined = phrase.join(" ");
            if !kept.contains(&joined) {
                kept.push(joined);
                short.push(phrase);
            }
        }
        if kept.is_empty() {
            continue;
        }
        kinds.push(name);
        let _ = writeln!(rules, "<{name}> = {};", kept.join(" | "));
    }
    if !alternatives.is_empty() {
        kinds.push("move");
        let _ = writeln!(rules, "<move> = {};", alternatives.into_iter().collect::<Vec<_>>().join(" | "));
    }
    let kinds: Vec<String> = kinds.iter().map(|name| format!("<{name}>")).collect();
    let mut jsgf = format!("#JSGF V1.0;\ngrammar anna;\npublic <utterance> = {};\n", kinds.join(" | "));
    jsgf.push_str(&rules);
    let repeat = (corpus.len() / (SHORT_SHARE * short.len().max(1))).max(1);
    for sentence in short {
        corpus.extend(std::iter::repeat_n(sentence, repeat));
    }
    Grammar { jsgf, sentences: corpus }
}

#[cfg(test)]
mod tests {
    use super::*;
    use anna_core::rules::Game;

    fn grammar(fen: &str) -> (String, Vec<Sentence>) {
        let en = Vocabulary::english();
        let de = Vocabulary::get("de").unwrap();
        let grammar = grammar_except(Game::from_fen(fen).unwrap().position(), &en, &de, &[], &[]);
        (grammar.jsgf, grammar.sentences)
    }

    #[test]
    fn only_the_legal_moves_of_the_position_are_in_the_grammar() {
        let (hearing, corpus) = grammar("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let said = |words: &str| corpus.iter().any(|s| s.join(" ") == words);
        assert!(said("knight foxtrot three") && said("knight felix drei") && said("ee four") && said("eva vier"));
        assert!(said("golf one foxtrot three") && said("resign") && said("yes"));
        // No knight reaches e5, no pawn e5; no capture at the start.
        assert!(!said("knight echo five") && !said("echo five") && !said("takes"));
        assert!(!hearing.contains("takes"));
        // Castling is not possible, but heard, to be answered so (a grammar without it forced
        // `castles short` into `golf four`); not as the king's squares, which are a king's move.
        assert!(hearing.contains("<castling> = castles kingside | short castling"), "{hearing}");
        assert!(said("castles queenside") && said("castles") && !said("echo one golf one"));
        // Both squares of a move in one style, as a player says them.
        assert!(hearing.contains("| golf one foxtrot three |") && hearing.contains("| gustav eins felix drei |"));
        assert!(!hearing.contains("golf one felix") && !hearing.contains("gustav eins foxtrot"), "{hearing}");
        assert!(hearing.contains("public <utterance> = <castling> | <command> | <answer> | <move>;"), "{hearing}");
    }

    #[test]
    fn a_hearing_without_a_castling_leaves_out_its_words_only() {
        let en = Vocabulary::english();
        let de = Vocabulary::get("de").unwrap();
        let game = Game::from_fen("r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1").unwrap();
        let short = game.position().legal_moves().into_iter().find(|mv| mv.is_castle() && mv.to().file() == File::H);
        let hearing = grammar_except(game.position(), &en, &de, &[], &[short.unwrap()]).jsgf;
        assert!(
            hearing.contains("<castling> = castles queenside") && !hearing.contains("castles kingside"),
            "{hearing}"
        );
        // `castles` alone may be the kingside castling too.
        assert!(!hearing.contains("| castles |") && !hearing.contains("| castles;"), "{hearing}");
    }

    #[test]
    fn an_exchange_is_heard_where_a_piece_can_take_one_of_its_kind() {
        let (_, corpus) = grammar("rnbqkbnr/ppp2ppp/8/4p3/4P3/8/PPP2PPP/RNBQKBNR w KQkq - 0 4");
        let said = |words: &str| corpus.iter().any(|s| s.join(" ") == words);
        assert!(said("trade queens") && said("queen takes delta eight"));
        assert!(!said("trade knights") && !said("trade pawns"), "no knight or pawn takes one of its kind");
        let (_, start) = grammar("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(!start.iter().any(|s| s.first().is_some_and(|w| w == "trade")));
    }

    #[test]
    fn captures_castling_and_promotion_are_said_in_their_forms() {
        let (hearing, corpus) = grammar("r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
        let said = |words: &str| corpus.iter().any(|s| s.join(" ") == words);
        assert!(said("bishop takes eva sechs") && said("knight foxtrot three captures echo five"));
        assert!(said("castles kingside") && said("castles queenside") && said("echo one golf one"));
        assert!(hearing.contains("<castling> = castles kingside | short castling"), "{hearing}");
        // A pawn's capture from its file, as it is written (dxc4), in every style.
        let (hearing, corpus) = grammar("rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 1 4");
        let said = |words: &str| corpus.iter().any(|s| s.join(" ") == words);
        assert!(said("delta takes charlie four") && said("david takes cesar vier") && said("dee takes see four"));
        assert!(hearing.contains("| david takes cesar vier |") && !hearing.contains("david takes see"), "{hearing}");
        assert!(!said("echo takes delta five"), "no pawn on the e-file takes");
        let (_, corpus) = grammar("8/P5k1/8/8/8/8/6K1/8 w - - 0 1");
        let said = |words: &str| corpus.iter().any(|s| s.join(" ") == words);
        assert!(said("alfa eight queen") && said("anna acht promotes to knight") && said("alfa eight"));
    }

    #[test]
    fn the_answers_to_anna_s_questions_about_a_move_are_heard_too() {
        // Two knights reach d2: "Which knight: Bella eins or Felix drei?"
        let (_, corpus) = grammar("rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RN1QKB1R w KQkq - 0 1");
        let said = |words: &str| corpus.iter().any(|s| s.join(" ") == words);
        assert!(said("bella eins") && said("foxtrot three") && !said("golf one"));
        let (_, corpus) = grammar("8/P5k1/8/8/8/8/6K1/8 w - - 0 1");
        assert!(["queen", "rook", "bishop", "knight"].iter().all(|p| corpus.iter().any(|s| s.join(" ") == *p)));
        let (_, corpus) = grammar("r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
        assert!(corpus.iter().any(|s| s.join(" ") == "kingside") && corpus.iter().any(|s| s.join(" ") == "queenside"));
    }

    #[test]
    fn the_dictionary_has_every_word_of_every_position_s_grammar() {
        let en = Vocabulary::english();
        let de = Vocabulary::get("de").unwrap();
        let known = super::super::words(&en, &de);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "8/P5k1/8/8/8/8/6K1/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RN1QKB1R w KQkq - 0 1",
        ] {
            let (_, corpus) = grammar(fen);
            for word in corpus.iter().flatten() {
                assert!(known.contains(word), "{word} in {fen}");
            }
        }
    }

    #[test]
    fn a_finished_game_hears_commands_and_answers_only() {
        let (hearing, _) = grammar("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert!(hearing.contains("public <utterance> = <command> | <answer>;"), "{hearing}");
        assert!(!hearing.contains("<move>"));
    }
}
