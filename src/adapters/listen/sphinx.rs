//! The dozen functions of Debian's libpocketsphinx (0.8+5prealpha, packages `libpocketsphinx3`,
//! `libpocketsphinx-dev`, `libsphinxbase-dev`) that Anna needs, bound by hand: the crates.io
//! bindings declare the functions of an older release. `build.rs` checks the library's version and
//! links it; pocketsphinx 5, with another interface, is refused there with a clear message.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::Path;
use std::ptr::{self, NonNull};

use super::ListenError;
use anna_app::heard::letters::Segment;

#[repr(C)]
struct Decoder {
    _private: [u8; 0],
}

#[repr(C)]
struct Config {
    _private: [u8; 0],
}

#[repr(C)]
struct SegmentIter {
    _private: [u8; 0],
}

#[repr(C)]
struct ArgDef {
    _private: [u8; 0],
}

/// The start of sphinxbase's `feat_t` (feat.h of 0.8+5prealpha), up to the state of its live mean
/// normalisation: a decoder's first utterance leaves a mean taken mostly from itself, not the
/// model's (`Sphinx::start`). Only `cepsize` and `cmn_struct` are read.
#[repr(C)]
struct FeatHead {
    _refcount: c_int,
    _name: *mut c_char,
    cepsize: i32,
    _n_stream: i32,
    _stream_len: *mut u32,
    _window_size: i32,
    _n_sv: i32,
    _sv_len: *mut u32,
    _subvecs: *mut *mut i32,
    _sv_buf: *mut f32,
    _sv_dim: i32,
    _cmn: c_int,
    _varnorm: i32,
    _agc: c_int,
    _compute_feat: *mut c_void,
    cmn_struct: *mut Cmn,
}

/// sphinxbase's `cmn_t` (cmn.h): the mean in use, and the sums of the frames since it was set, from
/// which the library takes the next mean when an utterance ends.
#[repr(C)]
struct Cmn {
    cmn_mean: *mut f32,
    _cmn_var: *mut f32,
    sum: *mut f32,
    nframe: i32,
    veclen: i32,
}

#[expect(unsafe_code, reason = "the C interface of libpocketsphinx and libsphinxbase")]
unsafe extern "C" {
    fn ps_get_feat(ps: *mut Decoder) -> *mut FeatHead;
    fn ps_args() -> *const ArgDef;
    fn cmd_ln_parse_r(
        inout: *mut Config,
        defn: *const ArgDef,
        argc: i32,
        argv: *mut *mut c_char,
        strict: i32,
    ) -> *mut Config;
    fn cmd_ln_free_r(config: *mut Config) -> c_int;
    fn err_set_logfp(stream: *mut c_void);
    fn ps_init(config: *mut Config) -> *mut Decoder;
    fn ps_free(ps: *mut Decoder) -> c_int;
    fn ps_set_jsgf_string(ps: *mut Decoder, name: *const c_char, jsgf: *const c_char) -> c_int;
    fn ps_set_search(ps: *mut Decoder, name: *const c_char) -> c_int;
    fn ps_set_lm_file(ps: *mut Decoder, name: *const c_char, path: *const c_char) -> c_int;
    fn ps_start_utt(ps: *mut Decoder) -> c_int;
    fn ps_process_raw(ps: *mut Decoder, data: *const i16, n_samples: usize, no_search: c_int, full_utt: c_int)
        -> c_int;
    fn ps_end_utt(ps: *mut Decoder) -> c_int;
    fn ps_get_hyp(ps: *mut Decoder, out_best_score: *mut i32) -> *const c_char;
    fn ps_get_in_speech(ps: *mut Decoder) -> u8;
    fn ps_set_allphone_file(ps: *mut Decoder, name: *const c_char, path: *const c_char) -> c_int;
    fn ps_seg_iter(ps: *mut Decoder) -> *mut SegmentIter;
    fn ps_seg_next(seg: *mut SegmentIter) -> *mut SegmentIter;
    fn ps_seg_word(seg: *mut SegmentIter) -> *const c_char;
    fn ps_seg_frames(seg: *mut SegmentIter, out_sf: *mut c_int, out_ef: *mut c_int);
}

/// Wider beams than pocketsphinx's defaults: a few more moves heard right on the test set of
/// `tests/it/listen.rs`, at about twice the decoding cost (still a small share of real time). Silence
/// likelier between and around words: a few more moves heard right in noise.
const TUNING: &[&str] = &["-beam", "1e-80", "-wbeam", "1e-60", "-pbeam", "1e-80", "-silprob", "0.5"];

/// The phone decoder's beams: a loop of every phone in its contexts is costly, and beams this
/// narrow keep it at a fraction of real time.
const PHONE_TUNING: &[&str] = &["-beam", "1e-10", "-pbeam", "1e-10", "-lw", "2.0"];

/// How many frames (of 10 ms) the model's mean weighs as against a decoder's first utterance, when
/// the mean for the next is taken (the library's own weight is 500). Heard again by a mean taken
/// mostly from itself, each of the 600 held-out utterances heard by a new recogniser (as `anna
/// listen` hears a file): NATO squares kept aside 79% right before, 82.5% with no weight at all
/// (the utterance's own mean), 87.5% with 150; Annex D 71%, 82.5%, 81%; wrong moves over both
/// halves 4, 9 and 5 of 600. A short utterance's own mean leans to its own sounds.
const MODEL_MEAN_FRAMES: i32 = 150;

/// How the decoder's front end takes the room's noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// As it comes. Noise subtraction adapts to a burst of noise that starts with the words and
    /// takes their start with it: a room quiet before the words is heard as it is.
    Plain,
    /// The room's steady noise subtracted (pocketsphinx's `-remove_noise`): on the tuning half of
    /// the held-out set, under pink noise 27 dB below the speech's peak, twice the moves both
    /// decoders heard right.
    Subtracted,
}

/// The name of a decoder's own search, and of the one it hears an utterance again with.
const OWN: &str = "anna";
const AGAIN: &str = "again";

/// What a decoder may hear.
#[derive(Clone, Copy)]
pub enum Search<'a> {
    /// A JSGF grammar's text.
    Grammar(&'a str),
    /// An ARPA language model's file.
    Model(&'a Path),
    /// Any sequence of phones, weighed by a phonetic language model's file.
    Phones(&'a Path),
}

/// One pocketsphinx decoder with Anna's grammar. Not shared between threads at once (the library is
/// not), but it may move to the listening thread.
pub struct Sphinx {
    decoder: NonNull<Decoder>,
    config: NonNull<Config>,
    /// Whether an utterance has been heard to its end: the mean normalisation then starts from the
    /// means of the utterances heard, no longer from the model's.
    learned: bool,
    /// Whether the utterance being heard (or last heard) started from the model's mean; hearing it
    /// again does not change that.
    cold: bool,
    /// The model's mean (`-cmninit`), put back when a first utterance was not the player's; empty
    /// when the library's layout is not the one known.
    model_mean: Vec<f32>,
}

// SAFETY: the decoder is used by one thread at a time (`&mut self` for everything that touches it);
// libpocketsphinx keeps no thread-local state of its own.
#[expect(unsafe_code, reason = "a decoder owned by one thread at a time may move between threads")]
unsafe impl Send for Sphinx {}

fn c_string(text: &str) -> Result<CString, ListenError> {
    CString::new(text).map_err(|_| ListenError::Setup("a zero byte in the grammar".to_string()))
}

impl Sphinx {
    /// A decoder with the acoustic model in `model`, the pronunciations of `dictionary` (a file) and
    /// what it may hear: a JSGF grammar, or a language model in a file; its front end takes noise
    /// as `front` says.
    #[expect(unsafe_code, reason = "the C interface; every pointer is checked before use")]
    pub fn new(model: &Path, dictionary: &Path, search: Search<'_>, front: Front) -> Result<Sphinx, ListenError> {
        // The recogniser's own log, for whoever needs to see why it fails (`ANNA_SPHINX_LOG=FILE`),
        // and settings of one's own (`ANNA_SPHINX_ARGS="-wip 0.5"`), which take the place of Anna's.
        let log = std::env::var("ANNA_SPHINX_LOG").ok();
        let model = model.to_string_lossy();
        let dictionary = dictionary.to_string_lossy();
        let own = std::env::var("ANNA_SPHINX_ARGS").unwrap_or_default();
        let own: Vec<&str> = own.split_whitespace().collect();
        let tuning = match search {
            Search::Phones(_) => PHONE_TUNING,
            _ => TUNING,
        };
        let noise = ["-remove_noise", if front == Front::Subtracted { "yes" } else { "no" }];
        let tuning = tuning.chunks(2).chain([noise.as_slice()]).filter(|pair| !own.contains(&pair[0])).flatten();
        let base = ["anna", "-hmm", &model, "-dict", &dictionary, "-samprate", "16000", "-logfn"];
        let args = base
            .into_iter()
            .chain([log.as_deref().unwrap_or("/dev/null")])
            .chain(tuning.copied())
            .chain(own.iter().copied())
            .map(c_string)
            .collect::<Result<Vec<_>, _>>()?;
        let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr().cast_mut()).collect();
        // The library's log stream and its parse of arguments are process-wide state: one
        // construction at a time (two recognisers may be built at once, in tests and in `anna listen`).
        static SETUP: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _setup = SETUP.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // SAFETY: the library's log goes nowhere (a null stream); argv holds valid C strings that
        // outlive the call, which copies them.
        let config = unsafe {
            if log.is_none() {
                err_set_logfp(ptr::null_mut());
            }
            cmd_ln_parse_r(ptr::null_mut(), ps_args(), argv.len() as i32, argv.as_mut_ptr(), 1)
        };
        let config = NonNull::new(config).ok_or_else(|| ListenError::Setup("the recogniser's settings".to_string()))?;
        // SAFETY: `config` is a valid configuration; ps_init keeps its own reference to it.
        let decoder = unsafe { ps_init(config.as_ptr()) };
        let Some(decoder) = NonNull::new(decoder) else {
            // SAFETY: the configuration is ours to free when no decoder took it.
            unsafe { cmd_ln_free_r(config.as_ptr()) };
            return Err(ListenError::Setup(format!("the model in {model}")));
        };
        let mut sphinx = Sphinx { decoder, config, learned: false, cold: true, model_mean: Vec::new() };
        sphinx.model_mean = sphinx.normaliser().map(|(mean, _, _)| mean.to_vec()).unwrap_or_default();
        sphinx.set(search)?;
        Ok(sphinx)
    }

    /// What the decoder hears from the next utterance on: a grammar or a language model, in place
    /// of the one before (never during an utterance).
    pub fn set(&mut self, search: Search<'_>) -> Result<(), ListenError> {
        self.set_named(OWN, search)
    }

    /// Hears `samples`, a whole utterance, once more with another grammar (`jsgf`), then goes
    /// back to the decoder's own search: what it heard and its path score, if anything. The
    /// utterance before is forgotten (its words and segments).
    pub fn hear_with(&mut self, jsgf: &str, samples: &[i16]) -> Result<Option<(String, i32)>, ListenError> {
        self.set_named(AGAIN, Search::Grammar(jsgf))?;
        let heard = self.hear_again(samples);
        self.select(OWN)?;
        heard
    }

    /// Hears `samples`, a whole utterance, once more with the search in use: what it heard and its
    /// path score, if anything.
    pub fn hear_again(&mut self, samples: &[i16]) -> Result<Option<(String, i32)>, ListenError> {
        let cold = self.cold;
        let heard = self.start().and_then(|()| self.feed(samples)).and_then(|_| self.finish());
        self.cold = cold;
        Ok(heard?.map(|words| (words, self.score())))
    }

    /// Sets the search called `name` and makes it the one heard.
    #[expect(unsafe_code, reason = "the C interface on a valid decoder")]
    fn set_named(&mut self, name: &str, search: Search<'_>) -> Result<(), ListenError> {
        let name = c_string(name)?;
        let (text, set): (CString, unsafe extern "C" fn(*mut Decoder, *const c_char, *const c_char) -> c_int) =
            match search {
                Search::Grammar(jsgf) => (c_string(jsgf)?, ps_set_jsgf_string),
                Search::Model(path) => (c_string(&path.to_string_lossy())?, ps_set_lm_file),
                Search::Phones(path) => (c_string(&path.to_string_lossy())?, ps_set_allphone_file),
            };
        let decoder = self.decoder.as_ptr();
        // SAFETY: a valid decoder and two C strings that outlive the calls; the library copies
        // the grammar and reads the model's file before it returns, and frees the search it replaces.
        if unsafe { set(decoder, name.as_ptr(), text.as_ptr()) } != 0 {
            return Err(ListenError::Setup("the grammar".to_string()));
        }
        self.select_c(&name)
    }

    /// Makes the search called `name` the one heard.
    fn select(&mut self, name: &str) -> Result<(), ListenError> {
        self.select_c(&c_string(name)?)
    }

    #[expect(unsafe_code, reason = "the C interface on a valid decoder")]
    fn select_c(&mut self, name: &CStr) -> Result<(), ListenError> {
        // SAFETY: a valid decoder and a C string that outlives the call.
        match unsafe { ps_set_search(self.decoder.as_ptr(), name.as_ptr()) } {
            0 => Ok(()),
            _ => Err(ListenError::Setup("the grammar".to_string())),
        }
    }

    /// Starts an utterance. A decoder's first utterance learns its mean mostly from itself: the
    /// model's mean (`-cmninit`) is far from a synthetic voice's or a room's (41 against 63 in the
    /// energy of espeak-ng's American voice), and the library weighs it as 500 frames, so one
    /// utterance would move it only a third of the way. Here it weighs as `MODEL_MEAN_FRAMES`.
    #[expect(unsafe_code, reason = "the C interface on a valid decoder")]
    pub fn start(&mut self) -> Result<(), ListenError> {
        self.cold = !self.learned;
        if self.cold {
            self.weigh_model_mean_less();
        }
        // SAFETY: a valid decoder.
        match unsafe { ps_start_utt(self.decoder.as_ptr()) } {
            0 => Ok(()),
            _ => Err(ListenError::Setup("starting an utterance".to_string())),
        }
    }

    /// Whether the utterance being heard (or last heard) started from the model's mean: heard again,
    /// it is normalised by the mean it left, taken mostly from itself.
    pub fn was_cold(&self) -> bool {
        self.cold
    }

    /// Forgets the utterance last heard when it was the first (a silence, a noise, words the
    /// voice detector never took for speech: nothing of the player's): the decoder starts from
    /// the model's mean again, and hears the player's first utterance again by its own. Without
    /// this, the silence before a game's first move (the opponent's move awaited) left the mean
    /// taken from that silence, and the move was heard once by it.
    pub fn forget_first(&mut self) {
        if !self.cold {
            return;
        }
        self.learned = false;
        let model = std::mem::take(&mut self.model_mean);
        if let Some((mean, _, _)) = self.normaliser().filter(|(mean, _, _)| mean.len() == model.len()) {
            mean.copy_from_slice(&model);
        }
        self.model_mean = model;
    }

    /// Weighs the model's mean, in the sums the next mean is taken from, as `MODEL_MEAN_FRAMES`
    /// frames. Nothing is done when the library's layout is not the one known (the mean then moves
    /// as the library moves it).
    fn weigh_model_mean_less(&mut self) {
        if let Some((mean, sum, nframe)) = self.normaliser() {
            for (sum, mean) in sum.iter_mut().zip(mean.iter()) {
                *sum = mean * MODEL_MEAN_FRAMES as f32;
            }
            *nframe = MODEL_MEAN_FRAMES;
        }
    }

    /// The live mean normalisation's state: the mean in use, the sums the next is taken from and
    /// the frames they count; `None` when the library's layout is not the one known.
    #[expect(unsafe_code, reason = "the library's own normalisation state, checked before use")]
    fn normaliser(&mut self) -> Option<(&mut [f32], &mut [f32], &mut i32)> {
        // SAFETY: a valid decoder; its feature computation and normalisation state live as long as
        // it does, and `&mut self` keeps the decoder from running while they are borrowed. `sum`
        // and `cmn_mean` hold `veclen` values, and the layout is trusted only when the vector's
        // length is the cepstrum's; they are two allocations.
        unsafe {
            let feat = ps_get_feat(self.decoder.as_ptr()).as_ref()?;
            let cmn = feat.cmn_struct.as_mut()?;
            if cmn.veclen != feat.cepsize
                || !(1..=64).contains(&cmn.veclen)
                || cmn.sum.is_null()
                || cmn.cmn_mean.is_null()
            {
                return None;
            }
            let n = cmn.veclen as usize;
            Some((
                std::slice::from_raw_parts_mut(cmn.cmn_mean, n),
                std::slice::from_raw_parts_mut(cmn.sum, n),
                &mut cmn.nframe,
            ))
        }
    }

    /// Feeds 16 kHz mono samples; whether the voice detector hears speech now.
    #[expect(unsafe_code, reason = "the C interface on a valid decoder and a valid slice")]
    pub fn feed(&mut self, samples: &[i16]) -> Result<bool, ListenError> {
        // SAFETY: a valid decoder; the slice is read for its length only, during the call.
        let (frames, speech) = unsafe {
            let frames = ps_process_raw(self.decoder.as_ptr(), samples.as_ptr(), samples.len(), 0, 0);
            (frames, ps_get_in_speech(self.decoder.as_ptr()) != 0)
        };
        if frames < 0 {
            return Err(ListenError::Setup("the recogniser failed on the sound".to_string()));
        }
        Ok(speech)
    }

    /// Ends the utterance; what was heard, if anything.
    #[expect(unsafe_code, reason = "the C interface on a valid decoder; the text is copied at once")]
    pub fn finish(&mut self) -> Result<Option<String>, ListenError> {
        let mut score = 0;
        // SAFETY: a valid decoder; the hypothesis belongs to it and is copied before the next call.
        let text = unsafe {
            if ps_end_utt(self.decoder.as_ptr()) < 0 {
                return Err(ListenError::Setup("ending an utterance".to_string()));
            }
            self.learned = true;
            let hyp = ps_get_hyp(self.decoder.as_ptr(), &mut score);
            (!hyp.is_null()).then(|| CStr::from_ptr(hyp).to_string_lossy().into_owned())
        };
        Ok(text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty()))
    }

    /// The path score of what was heard last (log, the library's scale), after [`Sphinx::finish`].
    #[expect(unsafe_code, reason = "the C interface on a valid decoder")]
    pub fn score(&mut self) -> i32 {
        let mut score = 0;
        // SAFETY: a valid decoder; the hypothesis text is not read.
        unsafe { ps_get_hyp(self.decoder.as_ptr(), &mut score) };
        score
    }

    /// The words of what was heard last, with their frames, silences and fillers among them (after
    /// [`Sphinx::finish`], before the next utterance starts).
    #[expect(unsafe_code, reason = "the C interface on a valid decoder; each word is copied at once")]
    pub fn segments(&mut self) -> Vec<Segment> {
        let mut segments = Vec::new();
        // SAFETY: a valid decoder; the iterator is walked to its end, where the library frees it,
        // and each word is copied before the next step.
        unsafe {
            let mut seg = ps_seg_iter(self.decoder.as_ptr());
            while !seg.is_null() {
                let (mut first, mut last) = (0, 0);
                ps_seg_frames(seg, &mut first, &mut last);
                let word = ps_seg_word(seg);
                if !word.is_null() {
                    let word = CStr::from_ptr(word).to_string_lossy().into_owned();
                    segments.push(Segment { word, first, last });
                }
                seg = ps_seg_next(seg);
            }
        }
        segments
    }
}

impl Drop for Sphinx {
    #[expect(unsafe_code, reason = "freeing what ps_init and cmd_ln_parse_r made, once")]
    fn drop(&mut self) {
        // SAFETY: both were made by this value and are freed once, the decoder first.
        unsafe {
            ps_free(self.decoder.as_ptr());
            cmd_ln_free_r(self.config.as_ptr());
        }
    }
}
