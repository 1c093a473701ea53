//! The room an utterance is heard in, told by its start (pure): the quarter of a second before the
//! words holds the room's steady noise, which the word decoders then subtract (`sphinx::Front`). A
//! burst of noise that starts with the words is not the room's: its start is quiet.

/// How much of an utterance's start tells the room's noise: a quarter of a second, the shortest
/// pause before a word, in windows of 50 ms.
pub const ROOM_SAMPLES: usize = 4_000;
const ROOM_WINDOW: usize = 800;

/// The level (RMS of 16-bit samples, about -42 dBFS) above which the quietest window of the
/// utterance's start makes the room noisy: a quiet room's microphone gives a few tens, the held-out
/// set's pink noise 500, a steady hiss 45 dB below the voice 100.
const NOISY_ROOM: f64 = 250.0;

/// Whether the start of an utterance (`samples`) is a noisy room's: its quietest window is loud.
pub fn noisy(samples: &[i16]) -> bool {
    let rms = |window: &[i16]| {
        (window.iter().map(|s| f64::from(*s).powi(2)).sum::<f64>() / window.len().max(1) as f64).sqrt()
    };
    samples.chunks(ROOM_WINDOW).map(rms).reduce(f64::min).is_some_and(|quietest| quietest > NOISY_ROOM)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Noise at `level` (RMS, a square wave), `n` samples.
    fn noise(level: i16, n: usize) -> Vec<i16> {
        (0..n).map(|i| if i % 2 == 0 { level } else { -level }).collect()
    }

    #[test]
    fn a_room_is_noisy_when_its_quietest_moment_before_the_words_is_loud() {
        // The held-out set's pink noise is about 500; a microphone's hiss 45 dB below the voice 100.
        assert!(noisy(&noise(500, ROOM_SAMPLES)));
        assert!(!noisy(&noise(100, ROOM_SAMPLES)));
        assert!(!noisy(&[0; ROOM_SAMPLES]));
        assert!(!noisy(&[]));
        // A word begun within the quarter second leaves a quiet window: the room is quiet.
        let mut start = noise(20, ROOM_WINDOW);
        start.extend(noise(8_000, ROOM_SAMPLES - ROOM_WINDOW));
        assert!(!noisy(&start));
    }
}
