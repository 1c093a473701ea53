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
use anna_language::Vocabulary;

#[cfg(any(feature = "listen", test))]
mod letters;
mod microphone;
#[cfg(feature = "listen")]
mod sphinx;

pub use anna_app::{Hearing, ListenError};
pub use microphone::{Microphone, Mode, Report};

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
/// moves and commands, one with a small language model of the same words; only what both hear is
/// trusted. A third decoder hears bare phones, to tell apart the letters that rhyme.
pub struct Recogniser {
    #[cfg(feature = "listen")]
    sphinx: sphinx::Sphinx,
    #[cfg(feature = "listen")]
    loose: sphinx::Sphinx,
    /// A decoder of bare phones, which tells apart letters the word decoders hear alike
    /// (`listen/letters.rs`); `None` when the model has no phonetic language model.
    #[cfg(feature = "listen")]
    phones: Option<sphinx::Sphinx>,
    /// The state of the noise floor added to the samples.
    dither: u64,
    /// The words the grammar of each position is made of.
    words: Words,
    /// The position whose moves are heard.
    position: Chess,
}

impl Recogniser {
    /// A recogniser of the words of `vocab` (English only), hearing the moves of `position`.
    pub fn new(vocab: &Vocabulary, position: &Chess) -> Result<Recogniser, ListenError> {
        let model = Recogniser::can_hear(vocab)?;
        let annex_d = Vocabulary::get("de").ok_or_else(|| ListenError::Setup("the German words".to_string()))?;
        let cmudict = std::fs::read_to_string(&model.cmudict).map_err(|e| ListenError::NoModel(e.to_string()))?;
        // One dictionary for every position: the pronunciations of all the words that may be heard.
        let (dict, missing) = hearing::dictionary(&hearing::words(vocab, &annex_d), &cmudict);
        let dictionary = files_stem().with_extension("dict");
        std::fs::write(&dictionary, dict).map_err(|e| ListenError::Setup(e.to_string()))?;
        let grammar = hearing::grammar_for(position, vocab, &annex_d, &missing);
        let language_model = write_model(&hearing::arpa(&grammar.sentences))?;
        let words = Words { vocab: vocab.clone(), annex_d: annex_d.clone(), missing };
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
        use sphinx::{Search, Sphinx};
        let decoder = |search| Sphinx::new(&model.acoustic, &dictionary, search);
        let built = decoder(Search::Grammar(strict)).and_then(|sphinx| {
            let loose = decoder(Search::Model(&language_model))?;
            let phones = model.phones.is_file().then(|| decoder(Search::Phones(&model.phones))).transpose()?;
            Ok((sphinx, loose, phones))
        });
        // The decoders have read both files, and read them no more: nothing is left behind, even
        // when the process is killed.
        let _ = std::fs::remove_file(&language_model);
        let _ = std::fs::remove_file(&dictionary);
        let (sphinx, loose, phones) = built?;
        Ok(Recogniser { sphinx, loose, phones, dither: 1, words, position })
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
        let Words { vocab, annex_d, missing } = &self.words;
        let grammar = hearing::grammar_for(position, vocab, annex_d, missing);
        let language_model = write_model(&hearing::arpa(&grammar.sentences))?;
        let set = self.set_searches(&grammar.jsgf, &language_model);
        let _ = std::fs::remove_file(&language_model);
        set?;
        self.position = position.clone();
        Ok(())
    }

    #[cfg(feature = "listen")]
    fn set_searches(&mut self, jsgf: &str, language_model: &Path) -> Result<(), ListenError> {
        self.sphinx.set(sphinx::Search::Grammar(jsgf))?;
        self.loose.set(sphinx::Search::Model(language_model))
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
        #[cfg(feature = "listen")]
        return self.sphinx.start().and_then(|()| self.loose.start()).and_then(|()| match self.phones.as_mut() {
            Some(phones) => phones.start(),
            None => Ok(()),
        });
        #[cfg(not(feature = "listen"))]
        Err(ListenError::NotBuilt)
    }

    /// Feeds samples; whether speech is heard now (the recogniser's voice detector), or why the
    /// decoders failed.
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
        let samples = samples.as_slice();
        #[cfg(feature = "listen")]
        {
            if let Some(phones) = self.phones.as_mut() {
                phones.feed(samples)?;
            }
            Ok(self.loose.feed(samples)? | self.sphinx.feed(samples)?)
        }
        #[cfg(not(feature = "listen"))]
        {
            let _ = samples;
            Err(ListenError::NotBuilt)
        }
    }

    /// Ends the utterance: what was heard, or why the decoders failed.
    pub fn finish(&mut self) -> Result<Hearing, ListenError> {
        #[cfg(feature = "listen")]
        {
            let phones = match self.phones.as_mut() {
                Some(phones) => {
                    phones.finish()?;
                    Some(phones.segments())
                }
                None => None,
            };
            Ok(match (self.sphinx.finish()?, self.loose.finish()?) {
                // The free reading heard no word: what the grammar makes of it is noise forced into
                // a move (a quiet room's hiss is heard `ef four`).
                (_, None) => Hearing::Nothing,
                (Some(strict), Some(loose)) if agree(&strict, &loose) => {
                    let rhyming = hearing::rhyming_letters(&self.words.vocab);
                    match phones {
                        Some(phones) if letters::letters_heard(&self.sphinx.segments(), &phones, &rhyming) => {
                            Hearing::Spelled(strict)
                        }
                        _ => Hearing::Words(strict),
                    }
                }
                (strict, loose) => Hearing::Unsure(strict.unwrap_or_default(), loose.unwrap_or_default()),
            })
        }
        #[cfg(not(feature = "listen"))]
        Err(ListenError::NotBuilt)
    }
}

/// The words a recogniser is built from, kept for the grammars of later positions: the language's,
/// German for the Annex D numbers, and those the dictionary cannot pronounce.
struct Words {
    vocab: Vocabulary,
    annex_d: Vocabulary,
    missing: Vec<String>,
}

/// Where this process writes the recogniser's files (pocketsphinx reads files by name).
fn files_stem() -> PathBuf {
    std::env::temp_dir().join(format!("anna-listen-{}", std::process::id()))
}

/// Writes a language model where the decoder can read it; the caller removes it once read. Each
/// has its own name, as two recognisers of one process may write one at once.
fn write_model(text: &str) -> Result<PathBuf, ListenError> {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = files_stem().with_extension(format!("{n}.lm"));
    std::fs::write(&path, text).map_err(|e| ListenError::Setup(e.to_string()))?;
    Ok(path)
}

/// Whether the free reading heard the grammar's words, in order and together: it may add a word
/// out of a breath before or after them, never one between.
pub fn agree(strict: &str, loose: &str) -> bool {
    let strict: Vec<&str> = strict.split_whitespace().collect();
    let loose: Vec<&str> = loose.split_whitespace().collect();
    !strict.is_empty() && loose.windows(strict.len()).any(|w| w == strict.as_slice())
}

/// The samples of a 16 kHz mono 16-bit WAV file.
pub fn read_wav(path: &Path) -> Result<Vec<i16>, ListenError> {
    // The reason ends the sentence: its own full stop, if any, is dropped (hound writes some).
    let bad = |why: String| ListenError::Wav(path.display().to_string(), why.trim_end_matches('.').to_string());
    let reader = hound::WavReader::open(path).map_err(|e| bad(e.to_string()))?;
    let spec = reader.spec();
    if spec.sample_rate != SAMPLE_RATE || spec.channels != 1 || spec.bits_per_sample != 16 {
        let channels = if spec.channels == 1 { "1 channel".to_string() } else { format!("{} channels", spec.channels) };
        return Err(bad(format!("{} Hz, {channels}, {} bits", spec.sample_rate, spec.bits_per_sample)));
    }
    reader.into_samples::<i16>().collect::<Result<Vec<_>, _>>().map_err(|e| bad(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_free_reading_may_add_a_breath_at_either_end_but_not_between() {
        assert!(agree("knight foxtrot three", "knight foxtrot three ee"));
        assert!(agree("decline", "eight decline"));
        assert!(!agree("knight foxtrot three", "knight ay foxtrot three"));
        assert!(!agree("castles long", "castles king say"));
        assert!(!agree("", "a"));
    }
}
