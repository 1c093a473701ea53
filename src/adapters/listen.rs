//! Hearing the player (English): offline speech recognition with Debian's pocketsphinx, behind the
//! `listen` cargo feature. What is heard is text, handed to the application like a typed line
//! through the same parser, and a heard move is always read back and confirmed before it stands
//! (`app/heard.rs`): a recogniser may hear a wrong legal move.
//!
//! The recogniser is built at start-up from `grammar/en.toml` (`language/hearing.rs`): the
//! pronunciations of every word it may hear, taken from the model's CMU dictionary; then, for each
//! position of the game, a JSGF grammar and a small language model of its legal moves, the commands
//! and the answers ([`Recogniser::set_position`]). Without the feature, or without the model,
//! [`Recogniser::new`] says in one sentence what is missing.

use std::path::{Path, PathBuf};

use shakmaty::Chess;

use anna_language::hearing;
#[cfg(feature = "listen")]
use anna_language::parse::Lexicon;
use anna_language::Vocabulary;

mod microphone;
#[cfg(feature = "listen")]
mod sphinx;
mod wav;

#[cfg(feature = "listen")]
use anna_app::heard::letters;
#[cfg(feature = "listen")]
use anna_app::heard::room::{noisy, ROOM_SAMPLES};
#[cfg(feature = "listen")]
use anna_app::heard::sure::{judge, one_word_before, Reheard, Sureness, Verdict};
pub use anna_app::{Hearing, ListenError};
pub use microphone::{Microphone, Mode, Report};
pub use wav::read_wav;

/// Where Debian's `pocketsphinx-en-us` puts the US English model and its dictionary.
pub const MODEL_DIR: &str = "/usr/share/pocketsphinx/model/en-us";

/// The sample rate the recogniser takes: 16 kHz, mono, 16-bit.
pub const SAMPLE_RATE: u32 = 16_000;

/// The model folder and its two files Anna uses.
#[derive(Clone, Debug)]
pub struct Model {
    pub acoustic: PathBuf,
    pub cmudict: PathBuf,
    /// The phonetic language model.
    pub phones: PathBuf,
}

impl Model {
    /// The model in `dir` (`MODEL_DIR` unless `ANNA_SPHINX_MODEL` names another).
    pub fn find() -> Result<Model, ListenError> {
        let dir = std::env::var_os("ANNA_SPHINX_MODEL").map_or_else(|| PathBuf::from(MODEL_DIR), PathBuf::from);
        let model = Model {
            acoustic: dir.join("en-us"),
            cmudict: dir.join("cmudict-en-us.dict"),
            phones: dir.join("en-us-phone.lm.bin"),
        };
        if model.acoustic.join("mdef").is_file() && model.cmudict.is_file() {
            Ok(model)
        } else {
            Err(ListenError::NoModel(dir.display().to_string()))
        }
    }
}

/// A recogniser of Anna's words: two decoders over the same sounds, one held to the grammar of
/// moves and commands, one with a small language model of the same words; what both hear is
/// trusted, a move only when no other was nearly as likely, and a move only the grammar heard only
/// when every other reading is far behind (`heard/sure.rs`). Each decoder normalises what it hears
/// by the mean of what it heard before; its first utterance is heard again by a mean taken mostly
/// from that utterance. A third decoder hears bare phones, to tell apart the letters that rhyme.
/// The two word decoders come twice, for a quiet room and for a noisy one: the room is judged by
/// what is heard before the words.
pub struct Recogniser {
    #[cfg(feature = "listen")]
    quiet: Pair,
    #[cfg(feature = "listen")]
    noisy: Pair,
    /// A decoder of bare phones, which tells apart letters the word decoders hear alike
    /// (`heard/letters.rs`); `None` when the model has no phonetic language model.
    #[cfg(feature = "listen")]
    phones: Option<sphinx::Sphinx>,
    /// The state of the noise floor added to the samples.
    dither: u64,
    /// The samples of the utterance so far, as the decoders heard them: heard again without the
    /// move heard, to know how sure that is.
    utterance: Vec<i16>,
    /// Whether this utterance is heard in a noisy room, once the start of it has told.
    noisy_room: Option<bool>,
    /// The words the grammar of each position is made of.
    words: Words,
    /// The position whose moves are heard.
    position: Chess,
}

/// The two word decoders with one front end.
#[cfg(feature = "listen")]
struct Pair {
    strict: sphinx::Sphinx,
    loose: sphinx::Sphinx,
}

impl Recogniser {
    /// A recogniser of the words of `vocab` (English only), hearing the moves of `position`.
    pub fn new(vocab: &Vocabulary, position: &Chess) -> Result<Recogniser, ListenError> {
        let model = Recogniser::can_hear(vocab)?;
        let annex_d = Vocabulary::get("de").ok_or_else(|| ListenError::Setup("the German words".to_string()))?;
        let cmudict = std::fs::read_to_string(&model.cmudict).map_err(|e| ListenError::NoModel(e.to_string()))?;
        // One dictionary for every position: the pronunciations of all the words that may be heard.
        let (dict, missing) = hearing::dictionary(&hearing::words(vocab, &annex_d), &cmudict);
        let dictionary = write_file(&dict, "dict")?;
        let words = Words {
            vocab: vocab.clone(),
            annex_d,
            missing,
            #[cfg(feature = "listen")]
            lexicon: Lexicon::new(vocab),
        };
        let grammar = words.grammar(position, &[]);
        let language_model = write_file(&hearing::arpa(&grammar.sentences), "lm")?;
        Recogniser::build(&model, dictionary, &grammar.jsgf, language_model, words, position.clone())
    }

    /// Whether a recogniser of `vocab` can be built here (the language, the feature, the model),
    /// found without loading anything: the model it would load.
    pub fn can_hear(vocab: &Vocabulary) -> Result<Model, ListenError> {
        if vocab.code() != "en" {
            return Err(ListenError::Language(vocab.name.clone()));
        }
        if !cfg!(feature = "listen") {
            return Err(ListenError::NotBuilt);
        }
        Model::find()
    }

    #[cfg(feature = "listen")]
    fn build(
        model: &Model,
        dictionary: PathBuf,
        strict: &str,
        language_model: PathBuf,
        words: Words,
        position: Chess,
    ) -> Result<Recogniser, ListenError> {
        use sphinx::{Front, Search, Sphinx};
        let decoder = |search, front| Sphinx::new(&model.acoustic, &dictionary, search, front);
        let pair = |front| -> Result<Pair, ListenError> {
            Ok(Pair {
                strict: decoder(Search::Grammar(strict), front)?,
                loose: decoder(Search::Model(&language_model), front)?,
            })
        };
        let built = pair(Front::Plain).and_then(|quiet| {
            let noisy = pair(Front::Subtracted)?;
            let phones =
                model.phones.is_file().then(|| decoder(Search::Phones(&model.phones), Front::Plain)).transpose()?;
            Ok((quiet, noisy, phones))
        });
        // The decoders have read both files, and read them no more: nothing is left behind, even
        // when the process is killed.
        let _ = std::fs::remove_file(&language_model);
        let _ = std::fs::remove_file(&dictionary);
        let (quiet, noisy, phones) = built?;
        let utterance = Vec::new();
        Ok(Recogniser { quiet, noisy, phones, dither: 1, utterance, noisy_room: None, words, position })
    }

    #[cfg(not(feature = "listen"))]
    fn build(
        _: &Model,
        dictionary: PathBuf,
        _: &str,
        language_model: PathBuf,
        _: Words,
        _: Chess,
    ) -> Result<Recogniser, ListenError> {
        let _ = std::fs::remove_file(dictionary);
        let _ = std::fs::remove_file(language_model);
        Err(ListenError::NotBuilt)
    }

    /// Hears the moves of `position` from the next utterance on (and the commands and answers, as
    /// always): the legal moves of the side to move, in every form and style of square. Nothing is
    /// rebuilt when the position is the one heard already.
    pub fn set_position(&mut self, position: &Chess) -> Result<(), ListenError> {
        // Positions are equal when their legal moves are (shakmaty compares as FIDE 9.2.3 does).
        if self.position == *position {
            return Ok(());
        }
        let grammar = self.words.grammar(position, &[]);
        let language_model = write_file(&hearing::arpa(&grammar.sentences), "lm")?;
        let set = self.set_searches(&grammar.jsgf, &language_model);
        let _ = std::fs::remove_file(&language_model);
        set?;
        self.position = position.clone();
        Ok(())
    }

    #[cfg(feature = "listen")]
    fn set_searches(&mut self, jsgf: &str, language_model: &Path) -> Result<(), ListenError> {
        for pair in [&mut self.quiet, &mut self.noisy] {
            pair.strict.set(sphinx::Search::Grammar(jsgf))?;
            pair.loose.set(sphinx::Search::Model(language_model))?;
        }
        Ok(())
    }

    #[cfg(not(feature = "listen"))]
    fn set_searches(&mut self, _: &str, _: &Path) -> Result<(), ListenError> {
        Err(ListenError::NotBuilt)
    }

    /// What was said in `samples` (16 kHz mono), a whole utterance.
    pub fn hear(&mut self, samples: &[i16]) -> Result<Hearing, ListenError> {
        self.start()?;
        self.feed(samples)?;
        self.finish()
    }

    /// Starts an utterance.
    pub fn start(&mut self) -> Result<(), ListenError> {
        self.utterance.clear();
        self.noisy_room = None;
        #[cfg(feature = "listen")]
        return match self.phones.as_mut() {
            Some(phones) => phones.start(),
            None => Ok(()),
        };
        #[cfg(not(feature = "listen"))]
        Err(ListenError::NotBuilt)
    }

    /// Feeds samples; whether speech is heard now (the recogniser's voice detector), or why the
    /// decoders failed. The word decoders hear nothing until the start of the utterance has told
    /// the room's noise; then they hear it all.
    pub fn feed(&mut self, samples: &[i16]) -> Result<bool, ListenError> {
        // Digital silence (runs of exact zeros, as a recording or a muted input gives) has no
        // energy for the silence model to match, and the decoder hears words in it: a floor of
        // noise a few steps high, as every real microphone has, is added.
        let samples: Vec<i16> = samples
            .iter()
            .map(|s| {
                self.dither =
                    self.dither.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                s.saturating_add(((self.dither >> 59) as i16) - 16)
            })
            .collect();
        self.utterance.extend_from_slice(&samples);
        #[cfg(feature = "listen")]
        {
            if let Some(phones) = self.phones.as_mut() {
                phones.feed(&samples)?;
            }
            if self.noisy_room.is_some() {
                return self.pair().0.feed(&samples);
            }
            if self.utterance.len() < ROOM_SAMPLES {
                return Ok(false);
            }
            self.hear_start()
        }
        #[cfg(not(feature = "listen"))]
        Err(ListenError::NotBuilt)
    }

    /// Judges the room by the utterance so far and starts its word decoders on all of it.
    #[cfg(feature = "listen")]
    fn hear_start(&mut self) -> Result<bool, ListenError> {
        self.noisy_room = Some(noisy(&self.utterance[..self.utterance.len().min(ROOM_SAMPLES)]));
        let (pair, utterance) = self.pair();
        pair.strict.start()?;
        pair.loose.start()?;
        pair.feed(utterance)
    }

    /// The word decoders of this utterance's room, and the utterance so far.
    #[cfg(feature = "listen")]
    fn pair(&mut self) -> (&mut Pair, &[i16]) {
        let pair = if self.noisy_room == Some(true) { &mut self.noisy } else { &mut self.quiet };
        (pair, &self.utterance)
    }

    /// Ends the utterance: what was heard, or why the decoders failed.
    pub fn finish(&mut self) -> Result<Hearing, ListenError> {
        #[cfg(feature = "listen")]
        {
            // A first utterance's phones are heard again (`Sphinx::start`) on a thread of their own
            // while the words are: each takes about 200 ms of a 2.5-second utterance, and a new
            // recogniser's first move is read back in the time of one, not both (`benches/listen.rs`).
            let cold = self.phones.take_if(|phones| phones.was_cold());
            let utterance = cold.as_ref().map(|_| self.utterance.clone()).unwrap_or_default();
            let (words, again) = std::thread::scope(|scope| {
                let again = cold.map(|mut phones| {
                    scope.spawn(move || {
                        let heard = phones.finish().and_then(|_| phones.hear_again(&utterance));
                        let segments = heard.map(|_| phones.segments());
                        (phones, segments)
                    })
                });
                (self.hear_words(), again.map(std::thread::ScopedJoinHandle::join))
            });
            let phones = match again {
                Some(Ok((phones, segments))) => {
                    self.phones = Some(phones);
                    Some(segments?)
                }
                Some(Err(panic)) => std::panic::resume_unwind(panic),
                None => match self.phones.as_mut() {
                    Some(phones) => phones.finish().map(|_| Some(phones.segments()))?,
                    None => None,
                },
            };
            let Heard { strict, loose, segments, sure } = match words? {
                std::ops::ControlFlow::Break(Hearing::Nothing) => {
                    self.not_the_players();
                    return Ok(Hearing::Nothing);
                }
                std::ops::ControlFlow::Break(hearing) => return Ok(hearing),
                std::ops::ControlFlow::Continue(heard) => heard,
            };
            let said_before = !hearing::led_by_piece(&strict, &self.words.vocab)
                && phones.as_ref().is_some_and(|phones| letters::said_before(&segments, phones));
            let rhyming = hearing::rhyming_letters(&self.words.vocab);
            let spelled = |strict| match &phones {
                Some(phones) if letters::letters_heard(&segments, phones, &rhyming) => Hearing::Spelled(strict),
                _ => Hearing::Words(strict),
            };
            Ok(match judge(&strict, &loose, said_before, sure) {
                Verdict::Heard => spelled(strict),
                Verdict::Either(other) => Hearing::Unsure(strict, other),
                // Its words are heard by no other decoder, so no phone vouches for their letters.
                Verdict::Instead(words) => Hearing::Words(words),
            })
        }
        #[cfg(not(feature = "listen"))]
        Err(ListenError::NotBuilt)
    }

    /// Ends the utterance unheard: it was nothing of the player's (a silence while the opponent
    /// thought, one the voice detector never took for speech).
    pub fn discard(&mut self) -> Result<(), ListenError> {
        #[cfg(feature = "listen")]
        {
            if let Some(phones) = self.phones.as_mut() {
                phones.finish()?;
            }
            if self.noisy_room.is_some() {
                let (pair, _) = self.pair();
                pair.strict.finish()?;
                pair.loose.finish()?;
            }
            self.not_the_players();
            Ok(())
        }
        #[cfg(not(feature = "listen"))]
        Err(ListenError::NotBuilt)
    }

    /// The utterance just ended was nothing of the player's: when it was its decoders' first,
    /// they forget it, and hear the player's first utterance as a new recogniser does
    /// (`Sphinx::forget_first`).
    #[cfg(feature = "listen")]
    fn not_the_players(&mut self) {
        if let Some(phones) = self.phones.as_mut() {
            phones.forget_first();
        }
        if self.noisy_room.is_some() {
            let (pair, _) = self.pair();
            pair.strict.forget_first();
            pair.loose.forget_first();
        }
    }

    /// The word decoders' part of ending an utterance: what they heard and how sure the grammar
    /// decoder is of it, or what the utterance is when it is no reading of theirs to judge.
    #[cfg(feature = "listen")]
    fn hear_words(&mut self) -> Result<std::ops::ControlFlow<Hearing, Heard>, ListenError> {
        use std::ops::ControlFlow::{Break, Continue};
        if self.noisy_room.is_none() {
            self.hear_start()?;
        }
        let (pair, utterance) = self.pair();
        let (mut strict, mut loose) = (pair.strict.finish()?, pair.loose.finish()?);
        // Normalised by the model's mean, a first utterance is heard as if by another voice in
        // another room: it is heard again by a mean taken mostly from itself, as every later one
        // is by those before it. On the held-out set, each utterance heard by a new recogniser
        // (as `anna listen` hears a file), this took the half kept aside from 79% to 87.5%
        // right in NATO words, and from 71% to 81% in Annex D's (`sphinx::MODEL_MEAN_FRAMES`).
        if pair.strict.was_cold() {
            strict = pair.strict.hear_again(utterance)?.map(|(words, _)| words);
            loose = pair.loose.hear_again(utterance)?.map(|(words, _)| words);
        }
        let (strict, loose) = match (strict, loose) {
            // The free reading heard no word: what the grammar makes of it is noise forced into
            // a move (a quiet room's hiss is heard `ef four`).
            (_, None) => return Ok(Break(Hearing::Nothing)),
            (Some(strict), Some(loose)) => (strict, loose),
            (None, Some(loose)) => return Ok(Break(Hearing::Unsure(String::new(), loose))),
        };
        let segments = pair.strict.segments();
        // More was said than the grammar's words: they are a part of it, whatever else agrees
        // and however far ahead they are.
        if letters::said_besides(&segments, &pair.loose.segments()) {
            return Ok(Break(Hearing::More(strict, loose)));
        }
        let sure = self.sureness(&strict, &loose)?;
        Ok(Continue(Heard { strict, loose, segments, sure }))
    }

    /// How sure the grammar decoder is of the move `strict`, which the free decoder heard as
    /// `loose`: the utterance is heard twice more, without that move and with it. `None` when the
    /// words are no legal move.
    #[cfg(feature = "listen")]
    fn sureness(&mut self, strict: &str, loose: &str) -> Result<Option<Sureness>, ListenError> {
        // The castling mode only names castling in UCI; moves are compared as moves.
        let game = anna_core::rules::Game::from_position(self.position.clone(), shakmaty::CastlingMode::Standard);
        let Some(first) = hearing::legal_move(strict, &game, &self.words.vocab) else { return Ok(None) };
        let (next, again) = self.heard_without(first)?;
        let legal = |words: &str| hearing::legal_move(words, &game, &self.words.vocab);
        let other = next.as_ref().and_then(|(words, _)| legal(words).map(|mv| (words, mv)));
        let margin = match (&again, &next) {
            (Some((_, heard)), Some((_, next))) => f64::from(heard - next),
            _ => f64::INFINITY,
        };
        // Heard again as another move, as no move, or as nothing: the first hearing is not trusted.
        let reheard = match again {
            Some((words, _)) => match legal(&words) {
                Some(mv) if mv == first => None,
                Some(second) => Some(Reheard { margin: self.margin_of(second, &words)?, words }),
                None => Some(Reheard { words, margin: None }),
            },
            None => Some(Reheard { words: String::new(), margin: None }),
        };
        Ok(Some(Sureness {
            margin,
            swallowed: other.is_some_and(|(words, mv)| mv.to() == first.to() && one_word_before(words, strict)),
            other: other.map(|(words, _)| words.clone()),
            reheard,
            contradicted: hearing::names_besides(loose, strict, &self.words.lexicon),
        }))
    }

    /// The utterance heard twice more by the grammar: without the move `heard` (the next reading),
    /// then with every move. The first hearing's score is not weighed against a later one's: the
    /// decoder's mean normalisation started that hearing from the utterance before and has learned
    /// this one since. The move is heard again, as the next reading was.
    #[cfg(feature = "listen")]
    fn heard_without(&mut self, heard: shakmaty::Move) -> Result<(Reading, Reading), ListenError> {
        let grammar = self.words.grammar(&self.position, &[heard]);
        let (pair, utterance) = self.pair();
        let next = pair.strict.hear_with(&grammar.jsgf, utterance)?;
        let again = pair.strict.hear_again(utterance)?;
        Ok((next, again))
    }

    /// How far the move the second hearing made of the utterance (`heard`, said as `words`) is ahead
    /// of every other reading, weighed as `sureness` weighs the first; `None` when it is heard
    /// otherwise a third time, or when the free decoder heard words well before or after it (a
    /// sentence that is no move: a line of Jane Austen in pocketsphinx's test recordings, heard
    /// again as `anna two anna four`).
    #[cfg(feature = "listen")]
    fn margin_of(&mut self, heard: shakmaty::Move, words: &str) -> Result<Option<f64>, ListenError> {
        let (next, again) = self.heard_without(heard)?;
        let (pair, _) = self.pair();
        if letters::said_besides(&pair.strict.segments(), &pair.loose.segments()) {
            return Ok(None);
        }
        Ok(match (again, next) {
            (Some((again, score)), Some((_, next))) if again == words => Some(f64::from(score - next)),
            _ => None,
        })
    }
}

/// What the word decoders heard of an utterance that may be a move: the grammar's reading and the
/// free one, the grammar's words with their frames, and how sure it is of them.
#[cfg(feature = "listen")]
struct Heard {
    strict: String,
    loose: String,
    segments: Vec<letters::Segment>,
    sure: Option<Sureness>,
}

/// What a hearing made of an utterance: its words and their path score, if anything.
#[cfg(feature = "listen")]
type Reading = Option<(String, i32)>;

#[cfg(feature = "listen")]
impl Pair {
    /// Feeds both decoders; whether either's voice detector hears speech.
    fn feed(&mut self, samples: &[i16]) -> Result<bool, ListenError> {
        Ok(self.loose.feed(samples)? | self.strict.feed(samples)?)
    }
}

/// The words a recogniser is built from, kept for the grammars of later positions: the language's,
/// German for the Annex D numbers, and those the dictionary cannot pronounce; and the parser's
/// reading of them, for what a free reading names.
struct Words {
    vocab: Vocabulary,
    annex_d: Vocabulary,
    missing: Vec<String>,
    #[cfg(feature = "listen")]
    lexicon: Lexicon,
}

impl Words {
    /// What may be said in `position`, but the moves of `except`.
    fn grammar(&self, position: &Chess, except: &[shakmaty::Move]) -> hearing::Grammar {
        hearing::grammar_except(position, &self.vocab, &self.annex_d, &self.missing, except)
    }
}

/// Writes a file the decoders read by name (a dictionary, `dict`, or a language model, `lm`); the
/// caller removes it once read. Each has a name of its own: two recognisers of one process may be
/// built at once, and one must never read the other's file half written, nor find it removed (a
/// dictionary read half written is the likeliest reason a person's "rear center" was once heard
/// as a confident `b1c3`, when two tests built recognisers at once).
fn write_file(text: &str, extension: &str) -> Result<PathBuf, ListenError> {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("anna-listen-{}.{n}.{extension}", std::process::id());
    let path = std::env::temp_dir().join(name);
    std::fs::write(&path, text).map_err(|e| ListenError::Setup(e.to_string()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::write_file;

    #[test]
    fn each_file_the_decoders_read_has_a_name_of_its_own() {
        let (first, second) = (write_file("a", "dict").unwrap(), write_file("b", "dict").unwrap());
        assert_ne!(first, second);
        assert_eq!(
            (std::fs::read_to_string(&first).unwrap(), std::fs::read_to_string(&second).unwrap()),
            ("a".into(), "b".into())
        );
        for path in [first, second] {
            std::fs::remove_file(path).unwrap();
        }
    }
}
