//! lichess's puzzle file read from the disk: plain CSV, or the `.csv.zst` it is published as
//! (decoded as it is read, frame after frame, in bounded memory), its records handed to
//! [`Puzzle::from_fields`] and kept while they fit the filter, up to the number asked. Reading stops
//! as soon as enough are found, so a filter met early does not read the whole gigabyte.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use anna_app::training::puzzles::{Filter, Puzzle};
use ruzstd::decoding::StreamingDecoder;

/// zstd's magic number, at the start of every frame.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// What was read: the puzzles that fit, and how many records were not puzzles (a broken line).
#[derive(Debug, Default)]
pub struct Found {
    pub puzzles: Vec<Puzzle>,
    pub broken: usize,
}

/// Reads up to `count` puzzles of `path` that `filter` admits.
pub fn read(path: &Path, filter: &Filter, count: usize) -> io::Result<Found> {
    let mut file = BufReader::new(File::open(path)?);
    let mut magic = [0u8; 4];
    let n = file.read(&mut magic)?;
    let start: Box<dyn Read> = Box::new(io::Cursor::new(magic[..n].to_vec()).chain(file));
    let source: Box<dyn Read> = if magic == ZSTD_MAGIC { Box::new(Frames::new(start)) } else { start };
    let mut csv = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(source);
    let mut found = Found::default();
    let mut record = csv::StringRecord::new();
    while found.puzzles.len() < count {
        match csv.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            // A line that is not text (a damaged file): passed over, counted.
            Err(e) if matches!(e.kind(), csv::ErrorKind::Utf8 { .. }) => {
                found.broken += 1;
                continue;
            }
            Err(e) => return Err(io::Error::other(e)),
        }
        let fields: Vec<&str> = record.iter().collect();
        if fields.first().is_some_and(|f| f.trim() == "PuzzleId") {
            continue;
        }
        match Puzzle::from_fields(&fields) {
            Some(puzzle) if filter.admits(&puzzle) => found.puzzles.push(puzzle),
            Some(_) => {}
            None => found.broken += 1,
        }
    }
    Ok(found)
}

/// The frames of a zstd stream one after another (a file may hold several).
struct Frames {
    decoder: Option<StreamingDecoder<Box<dyn Read>, ruzstd::decoding::FrameDecoder>>,
    /// The stream between frames.
    source: Option<Box<dyn Read>>,
}

impl Frames {
    fn new(source: Box<dyn Read>) -> Frames {
        Frames { decoder: None, source: Some(source) }
    }
}

impl Read for Frames {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if let Some(decoder) = self.decoder.as_mut() {
                let n = decoder.read(buf)?;
                if n > 0 || buf.is_empty() {
                    return Ok(n);
                }
                self.source = self.decoder.take().map(StreamingDecoder::into_inner);
            }
            let Some(mut source) = self.source.take() else { return Ok(0) };
            // The next frame, if the stream goes on.
            let mut peek = [0u8; 1];
            if source.read(&mut peek)? == 0 {
                return Ok(0);
            }
            let source: Box<dyn Read> = Box::new(io::Cursor::new(peek.to_vec()).chain(source));
            let decoder = StreamingDecoder::new(source).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
            self.decoder = Some(decoder);
        }
    }
}
