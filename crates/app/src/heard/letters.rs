//! Telling apart the letter names that rhyme (bee, see, dee, ee, gee), which the word decoders hear
//! alike: a decoder of bare phones hears the sound that starts each one, and a letter is trusted
//! only when that sound is its own. The same phones tell when a word was said before those the
//! grammar heard, and the free decoder's words when more was said around them. Pure: it reads the
//! decoders' segments.
//!
//! Measured on utterances kept apart from the test set (flite's five voices saying pawn and piece
//! moves): the word decoders' letter confirmed in 63 of 109, one of them wrong (in flite's 8 kHz
//! voice); the rest are asked about as before. The sounds accepted are those the phone decoder
//! gives for each letter and for no other: `sh` is heard for both see and gee, `dh` for bee and
//! dee, so neither confirms anything. A letter is trusted only on positive evidence, never on the
//! absence of evidence for another: `ee` starts with no consonant, and a consonant the phone
//! decoder did not hear is no proof (a held-out espeak-ng voice's `gee four` was heard `ee four`
//! with no consonant), so `ee` is always asked about when a rhyme of it is legal. Nor is `bee`
//! trusted: the phone decoder hears a `b` at the start of espeak-ng's `dee` (every voice of it on
//! the held-out set's tuning half: `d three` read back as `bee three` five times).

/// A word (or a phone, or a silence) heard, and the frames (hundredths of a second) it took, both
/// inclusive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub word: String,
    pub first: i32,
    pub last: i32,
}

/// Each letter name (as the recogniser writes it) and the consonants that may start it in the phone
/// decoder's hearing; `ee` starts with none, and the `b` of `bee` is heard for some voices' `d`, so
/// nothing heard vouches for either. `ay` and `aitch` are not here: they differ by the sound that
/// ends aitch, which a room swallows, so nothing vouches for either.
const ONSETS: &[(&str, &[&str])] =
    &[("bee", &[]), ("see", &["S", "Z"]), ("dee", &["D"]), ("ee", &[]), ("gee", &["JH", "CH"])];

/// The vowels of the CMU phone set.
const VOWELS: &[&str] = &["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"];

/// Whether the words heard name one of the `rhyming` letters, and the phone decoder heard each such
/// letter's own sound. `words` are the word decoder's segments, `phones` the phone decoder's, of
/// the same utterance.
pub fn letters_heard(words: &[Segment], phones: &[Segment], rhyming: &[String]) -> bool {
    let (word_start, phone_start) = starts(words, phones);
    let mut letters = words
        .iter()
        .map(|w| (w.word.split('(').next().unwrap_or_default(), w.first - word_start, w.last - word_start))
        .filter(|(word, _, _)| rhyming.iter().any(|r| r == word))
        .peekable();
    letters.peek().is_some()
        && letters.all(|(word, first, last)| {
            let Some((_, accepted)) = ONSETS.iter().find(|(name, _)| *name == word) else { return false };
            // The phones whose middle lies within the word, fillers and silence left out.
            let within = phones.iter().filter(|p| {
                let middle = (p.first + p.last) / 2 - phone_start;
                (first..=last).contains(&middle) && p.word != "SIL" && !p.word.starts_with('+')
            });
            // The consonant right before the word's vowel: the one that starts the letter.
            let mut onset = None;
            for phone in within {
                if VOWELS.contains(&phone.word.as_str()) {
                    // No consonant heard is no evidence for any letter.
                    return onset.is_some_and(|onset| accepted.contains(&onset));
                }
                onset = Some(phone.word.as_str());
            }
            false
        })
}

/// Whether the phone decoder heard a vowel before the first word of the word decoder's reading: a
/// word was said that the reading leaves out. espeak-ng's weak `knight` is lost that way, and
/// `knight charlie six` is heard as the pawn's `charlie six`. On the tuning half of the held-out
/// set, three such wrong moves became questions, and no move heard right; on the flite voices
/// nothing changed.
pub fn said_before(words: &[Segment], phones: &[Segment]) -> bool {
    let (word_start, phone_start) = starts(words, phones);
    let Some(first) = words.iter().find(|w| is_word(w)) else { return false };
    let start = first.first - word_start;
    // A vowel wholly before it: one that only overlaps the word's start is the word's own (`alfa`
    // and `echo` start with one), placed a frame or two apart by the other decoder.
    phones.iter().any(|p| p.last - phone_start < start && VOWELS.contains(&p.word.as_str()))
}

/// How far (in frames, hundredths of a second) the free decoder's words may reach beyond the
/// grammar's and still be the same sounds: the two decoders place a word's last sound apart, and a
/// room's echo draws it out.
const BESIDE_SLACK: i32 = 20;

/// How long the free decoder may hear words beyond that, before or after the grammar's words, and
/// the utterance still be no more than they: a breath or a click heard as a short word (`ee`, `the`)
/// takes up to a quarter of a second. On the held-out set no move or command heard right came near
/// 0.4 s; people who said a sentence that was no move (pocketsphinx's test recordings: "go forward
/// ten meters", a line of Jane Austen) gave 0.5 s and more, where the grammar heard silence.
const BESIDE: i32 = 40;

/// Whether the free decoder (`free`, its segments) heard words well before or after the grammar
/// decoder's (`words`): more was said than those words, and the grammar forced only a part of it
/// into a move (`go forward` heard as `golf four`, ten meters left to silence).
pub fn said_besides(words: &[Segment], free: &[Segment]) -> bool {
    let (word_start, free_start) = starts(words, free);
    let heard: Vec<&Segment> = words.iter().filter(|w| is_word(w)).collect();
    let (Some(first), Some(last)) = (heard.first(), heard.last()) else { return false };
    let (before, after) = (first.first - word_start - BESIDE_SLACK, last.last - word_start + BESIDE_SLACK);
    let outside: i32 = free
        .iter()
        .filter(|w| is_word(w))
        .map(|w| (w.first - free_start, w.last - free_start))
        .map(|(from, to)| (to.min(before - 1) - from + 1).max(0) + (to - from.max(after + 1) + 1).max(0))
        .sum();
    outside >= BESIDE
}

/// Whether a segment is a word: silence and fillers (`<sil>`, `[NOISE]`, `+SPN+`) are not.
fn is_word(segment: &Segment) -> bool {
    !segment.word.starts_with(['<', '[', '+'])
}

/// The first frames of the word decoder's segments and of the phone decoder's: each decoder counts
/// frames from its own start, and both are taken from their first segment.
fn starts(words: &[Segment], phones: &[Segment]) -> (i32, i32) {
    let from = |segments: &[Segment]| segments.first().map_or(0, |s| s.first);
    (from(words), from(phones))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Segments from `word:first-last` items.
    fn segments(text: &str) -> Vec<Segment> {
        text.split_whitespace()
            .map(|item| {
                let (word, frames) = item.rsplit_once(':').unwrap();
                let (first, last) = frames.split_once('-').unwrap();
                Segment { word: word.to_string(), first: first.parse().unwrap(), last: last.parse().unwrap() }
            })
            .collect()
    }

    fn rhyming() -> Vec<String> {
        ["bee", "see", "dee", "ee", "gee"].map(str::to_string).to_vec()
    }

    #[test]
    fn a_letter_is_trusted_when_its_own_consonant_starts_it() {
        // awb's "knight d one", as the decoders heard it.
        let words = segments("<sil>:0-9 knight:10-40 dee:41-60 one:61-99 <sil>:100-120");
        let phones = segments("SIL:0-9 N:10-15 AY:16-35 T:36-40 D:41-46 IY:47-60 W:61-70 AH:71-80 N:81-99 SIL:100-120");
        assert!(letters_heard(&words, &phones, &rhyming()));
        // The same words, where the phones heard a `t` before the vowel: not dee's own sound.
        let phones = segments("SIL:0-9 N:10-15 AY:16-35 T:36-46 IY:47-60 W:61-70 AH:71-80 N:81-99 SIL:100-120");
        assert!(!letters_heard(&words, &phones, &rhyming()));
    }

    #[test]
    fn frames_are_counted_from_each_decoders_first_segment() {
        let words = segments("<sil>:500-509 dee:510-530 four:531-570");
        let phones = segments("SIL:800-809 D:810-815 IY:816-830 F:831-840 AO:841-860 R:861-870");
        assert!(letters_heard(&words, &phones, &rhyming()));
    }

    #[test]
    fn ee_and_bee_are_never_trusted() {
        // No consonant heard is no proof of `ee`: a `gee` whose consonant was lost sounds the same.
        let words = segments("<sil>:0-9 queen:10-40 ee:41-55 three:56-90");
        let bare = segments("SIL:0-9 K:10-15 W:16-20 IY:21-35 N:36-40 IY:41-55 TH:56-60 R:61-70 IY:71-90");
        assert!(!letters_heard(&words, &bare, &rhyming()));
        let with_b = segments("SIL:0-9 K:10-15 W:16-20 IY:21-35 N:36-40 B:41-45 IY:46-55 TH:56-60 R:61-70 IY:71-90");
        assert!(!letters_heard(&words, &with_b, &rhyming()));
        // A `bee` heard with no consonant may have been `ee` (flite's slt says both alike).
        let words = segments("<sil>:0-9 bee:10-25 four:26-60");
        let phones = segments("SIL:0-10 IY:11-25 F:26-35 AO:36-50 R:51-60");
        assert!(!letters_heard(&words, &phones, &rhyming()));
        // Nor with a `b`: espeak-ng's "d three", as the decoders heard it.
        let words = segments("<sil>:0-20 bee:21-40 three:41-70 <sil>:71-90");
        let phones = segments("SIL:0-20 B:21-26 IY:27-40 S:41-50 R:51-55 IY:56-70 SIL:71-90");
        assert!(!letters_heard(&words, &phones, &rhyming()));
    }

    #[test]
    fn a_vowel_heard_before_the_first_word_is_a_word_left_out() {
        // espeak-ng's Scottish "knight charlie three", heard as the pawn's "charlie three".
        let words = segments("<sil>:0-37 charlie:38-70 three:71-100 <sil>:101-120");
        let phones = segments("SIL:0-10 L:11-15 IH:16-25 K:26-37 CH:38-45 AA:46-60 D:61-64 IY:65-70 F:71-80 R:81-85 IY:86-100 SIL:101-120");
        assert!(said_before(&words, &phones));
        // The same reading with only silence and a breath's consonant before it.
        let phones =
            segments("SIL:0-30 HH:31-37 CH:38-45 AA:46-60 D:61-64 IY:65-70 F:71-80 R:81-85 IY:86-100 SIL:101-120");
        assert!(!said_before(&words, &phones));
        // A vowel that starts the word itself, placed a little earlier by the phone decoder.
        let alfa = segments("<sil>:0-37 alfa:38-70 four:71-100");
        let phones = segments("SIL:0-33 AE:34-45 L:46-50 F:51-70 F:71-80 AO:81-95 R:96-100");
        assert!(!said_before(&alfa, &phones));
        // A filler is no word: a vowel heard after it, before the first word, is a word left out.
        let words = segments("<sil>:0-9 [NOISE]:10-20 <sil>:21-37 charlie:38-70 three:71-100");
        let phones = segments("SIL:0-9 HH:10-20 N:21-24 AY:25-33 T:34-37 CH:38-45 AA:46-60 L:61-64 IY:65-70");
        assert!(said_before(&words, &phones));
    }

    #[test]
    fn words_the_free_decoder_heard_well_outside_the_grammar_s_are_more_said() {
        // pocketsphinx's recording of a man saying "go forward ten meters", as both decoders
        // heard it: the grammar's `golf four` and silence, the free decoder's `golf four anna vier
        // see` (each decoder counts frames from its own start).
        let words = segments("<sil>:900-946 golf(2):947-966 four:967-1014 <sil>:1015-1112 <sil>:1113-1160");
        let free = segments(
            "<s>:0-24 <sil>:25-46 golf(2):47-66 four:67-114 <sil>:115-128 anna:129-154 vier(2):155-190 see:191-213 </s>:214-260",
        );
        assert!(said_besides(&words, &free));
        // A move said alone: the free decoder's words where the grammar's are, give or take the
        // slack, and a breath heard as a short word after them.
        let free = segments("<s>:0-40 golf(2):47-66 four:67-130 ee:131-150 </s>:151-260");
        assert!(!said_besides(&words, &free));
        // The same before the move: a sentence the grammar heard as silence.
        let free = segments("<s>:0-5 the:6-30 draw:31-60 <sil>:61-80 golf(2):81-100 four:101-120 </s>:121-160");
        let words = segments("<sil>:0-80 golf(2):81-100 four:101-120 <sil>:121-160");
        assert!(said_besides(&words, &free));
        // Nothing heard by the grammar but silence: nothing to be beside.
        assert!(!said_besides(&segments("<sil>:0-160"), &free));
    }

    #[test]
    fn sounds_heard_for_two_letters_confirm_neither() {
        // `sh` starts slt's gee and rms's see alike.
        let words = segments("<sil>:0-9 gee:10-30 four:31-60");
        let phones = segments("SIL:0-9 SH:10-20 IY:21-30 F:31-40 AO:41-50 R:51-60");
        assert!(!letters_heard(&words, &phones, &rhyming()));
    }

    #[test]
    fn every_rhyming_letter_must_be_heard_and_words_without_one_are_not_letters_heard() {
        let words = segments("<sil>:0-9 see:10-25 two:26-40 see:41-55 four:56-80");
        let phones = segments("SIL:0-9 S:10-14 IY:15-25 T:26-30 UW:31-40 IY:41-55 F:56-65 AO:66-80");
        assert!(!letters_heard(&words, &phones, &rhyming()), "the second see has no s");
        let words = segments("<sil>:0-9 echo:10-30 four:31-60");
        let phones = segments("SIL:0-9 EH:10-20 K:21-25 OW:26-30 F:31-40 AO:41-50 R:51-60");
        assert!(!letters_heard(&words, &phones, &rhyming()));
    }
}
