//! WAV files of 16-bit PCM samples, written and read by hand: the RIFF header, a `fmt ` chunk and a
//! `data` chunk, all little-endian. Reading skips chunks it does not know (`LIST`, `fact`...).

use std::fmt;

/// A decoded WAV file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wav {
    pub sample_rate: u32,
    pub channels: u16,
    pub bits_per_sample: u16,
    /// The samples, interleaved when there are several channels.
    pub samples: Vec<i16>,
}

/// Why bytes are not a WAV file this module can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WavError {
    /// Not a `RIFF`/`WAVE` file.
    NotRiffWave,
    /// The RIFF size does not match the file length.
    RiffSize { stated: u32, actual: usize },
    /// A chunk runs past the end of the file.
    Truncated(&'static str),
    /// No `fmt ` chunk before the `data` chunk, or none at all.
    MissingChunk(&'static str),
    /// Not 16-bit integer PCM.
    Unsupported { format: u16, bits: u16 },
    /// The `fmt ` fields contradict each other (byte rate, block align).
    Inconsistent,
    /// The data length is not a whole number of frames.
    PartialFrame(u32),
}

impl fmt::Display for WavError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WavError::NotRiffWave => write!(f, "not a RIFF WAVE file"),
            WavError::RiffSize { stated, actual } => {
                write!(f, "the RIFF size says {stated} bytes follow, but {actual} do")
            }
            WavError::Truncated(chunk) => write!(f, "the {chunk} chunk runs past the end of the file"),
            WavError::MissingChunk(chunk) => write!(f, "no {chunk} chunk"),
            WavError::Unsupported { format, bits } => {
                write!(f, "format {format} with {bits} bits a sample; only 16-bit PCM (format 1) is read")
            }
            WavError::Inconsistent => write!(f, "the byte rate or block align contradict the format"),
            WavError::PartialFrame(len) => write!(f, "a data length of {len} bytes is not whole frames"),
        }
    }
}

impl std::error::Error for WavError {}

const PCM: u16 = 1;

/// The bytes of a mono 16-bit PCM WAV file holding `samples`.
pub fn write_mono16(sample_rate: u32, samples: &[i16]) -> Vec<u8> {
    let data_len = u32::try_from(samples.len() * 2).expect("a WAV file holds under 4 GiB");
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(b"fmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&PCM.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&sample_rate.to_le_bytes());
    out.extend_from_slice(&(sample_rate * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Reads a 16-bit PCM WAV file, checking that its sizes agree with each other and the file.
pub fn read(bytes: &[u8]) -> Result<Wav, WavError> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(WavError::NotRiffWave);
    }
    let stated = u32_at(bytes, 4);
    if stated as usize != bytes.len() - 8 {
        return Err(WavError::RiffSize { stated, actual: bytes.len() - 8 });
    }
    let mut format = None;
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let len = u32_at(bytes, at + 4) as usize;
        let body = at + 8;
        let end = body.checked_add(len).filter(|end| *end <= bytes.len());
        match id {
            b"fmt " => {
                let end = end.ok_or(WavError::Truncated("fmt "))?;
                if len < 16 {
                    return Err(WavError::Truncated("fmt "));
                }
                let tag = u16_at(bytes, body);
                let channels = u16_at(bytes, body + 2);
                let sample_rate = u32_at(bytes, body + 4);
                let byte_rate = u32_at(bytes, body + 8);
                let block_align = u16_at(bytes, body + 12);
                let bits = u16_at(bytes, body + 14);
                if tag != PCM || bits != 16 {
                    return Err(WavError::Unsupported { format: tag, bits });
                }
                if channels == 0 || block_align != channels * 2 || byte_rate != sample_rate * u32::from(block_align) {
                    return Err(WavError::Inconsistent);
                }
                format = Some((sample_rate, channels));
                at = end;
            }
            b"data" => {
                let (sample_rate, channels) = format.ok_or(WavError::MissingChunk("fmt "))?;
                let end = end.ok_or(WavError::Truncated("data"))?;
                if !len.is_multiple_of(usize::from(channels) * 2) {
                    return Err(WavError::PartialFrame(len as u32));
                }
                let samples = bytes[body..end].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
                return Ok(Wav { sample_rate, channels, bits_per_sample: 16, samples });
            }
            _ => at = end.ok_or(WavError::Truncated("unknown"))? + (len & 1),
        }
    }
    Err(WavError::MissingChunk("data"))
}

impl Wav {
    /// How long the sound lasts.
    pub fn duration(&self) -> std::time::Duration {
        let frames = self.samples.len() as u64 / u64::from(self.channels.max(1));
        std::time::Duration::from_nanos(frames * 1_000_000_000 / u64::from(self.sample_rate.max(1)))
    }

    /// The largest absolute sample value.
    pub fn peak(&self) -> u16 {
        self.samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_back() {
        let samples = [0, 1, -1, i16::MAX, i16::MIN, 1234];
        let bytes = write_mono16(22050, &samples);
        assert_eq!(bytes.len(), 44 + 12);
        assert_eq!(&bytes[0..4], b"RIFF");
        let wav = read(&bytes).unwrap();
        assert_eq!(wav, Wav { sample_rate: 22050, channels: 1, bits_per_sample: 16, samples: samples.to_vec() });
        assert_eq!(wav.peak(), 32768);
    }

    #[test]
    fn skips_unknown_chunks_and_refuses_broken_files() {
        let mut bytes = write_mono16(8000, &[5; 8000]);
        // A LIST chunk of odd length (padded) between fmt and data.
        let list = [b"LIST".as_slice(), &3u32.to_le_bytes(), b"abc\0"].concat();
        bytes.splice(36..36, list);
        let riff = (bytes.len() - 8) as u32;
        bytes[4..8].copy_from_slice(&riff.to_le_bytes());
        let wav = read(&bytes).unwrap();
        assert_eq!(wav.duration(), std::time::Duration::from_secs(1));

        assert_eq!(read(b"RIFX"), Err(WavError::NotRiffWave));
        let good = write_mono16(8000, &[1, 2, 3]);
        assert!(matches!(read(&good[..good.len() - 1]), Err(WavError::RiffSize { .. })));
        let mut bad = good.clone();
        bad[34] = 8;
        assert_eq!(read(&bad), Err(WavError::Unsupported { format: 1, bits: 8 }));
        let mut bad = good.clone();
        bad[28] = 0;
        assert_eq!(read(&bad), Err(WavError::Inconsistent));
        let mut bad = good;
        bad[40] = 7;
        assert_eq!(read(&bad), Err(WavError::Truncated("data")));
    }
}
