//! lichess's puzzle file read from the disk: plain CSV, or the `.csv.zst` it is published as
//! (decoded as it is read, frame after frame, in bounded memory), its records handed to
//! [`Puzzle::from_fields`]. Those that fit the filter and were not solved before make a pool of some
//! hundreds, from which the round is drawn at random (the same again with a seed); reading stops
//! once the pool is full, so a filter met early does not read the whole gigabyte. A file cut short
//! (a download not finished) gives the puzzles before the cut. The puzzles solved are remembered
//! in the data folder, one id a line, so that the next round brings others.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use anna_app::training::puzzles::{Filter, Puzzle};
use ruzstd::decoding::StreamingDecoder;

/// zstd's magic number, at the start of every frame.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// What was read: the puzzles of the round, how many records were not puzzles (a broken line), and
/// whether the file ended in the middle (cut short).
#[derive(Debug, Default)]
pub struct Found {
    pub puzzles: Vec<Puzzle>,
    pub broken: usize,
    pub cut: bool,
}

/// What a round is drawn from: the puzzles that fit, unsolved ones first.
pub struct Draw<'a> {
    pub filter: &'a Filter,
    pub count: usize,
    /// The same seed draws the same round.
    pub seed: Option<u64>,
    /// The ids solved before, set aside while others fit.
    pub solved: &'a HashSet<String>,
}

/// The puzzles of the pool for each of the round: enough that rounds differ, few enough that the
/// file's first megabytes give them.
const POOL_PER_PUZZLE: usize = 30;
const POOL_AT_LEAST: usize = 300;

/// Reads the round `draw` asks of `path`: `count` puzzles drawn at random among those that fit,
/// played in the file's order.
pub fn read(path: &Path, draw: &Draw<'_>) -> io::Result<Found> {
    let mut file = BufReader::new(File::open(path)?);
    let mut magic = [0u8; 4];
    let n = file.read(&mut magic)?;
    let start: Box<dyn Read> = Box::new(io::Cursor::new(magic[..n].to_vec()).chain(file));
    let source: Box<dyn Read> = if magic == ZSTD_MAGIC { Box::new(Frames::new(start)) } else { start };
    let mut csv = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(source);
    let pool_size = (draw.count * POOL_PER_PUZZLE).max(POOL_AT_LEAST);
    let (mut fresh, mut again) = (Vec::new(), Vec::new());
    let mut found = Found::default();
    let mut record = csv::StringRecord::new();
    let mut records = 0usize;
    while fresh.len() < pool_size {
        let read = csv.read_record(&mut record);
        records += 1;
        match read {
            Ok(false) => break,
            Ok(true) => {}
            // A line that is not text (a damaged file): passed over, counted.
            Err(e) if matches!(e.kind(), csv::ErrorKind::Utf8 { .. }) => {
                found.broken += 1;
                continue;
            }
            // The file ends in the middle (an unfinished download, a damaged frame): what was read
            // before the cut is kept. Nothing read at all: the file cannot be read.
            Err(e) if records == 1 => return Err(io::Error::other(e)),
            Err(_) => {
                found.cut = true;
                break;
            }
        }
        let fields: Vec<&str> = record.iter().collect();
        if fields.first().is_some_and(|f| f.trim() == "PuzzleId") {
            continue;
        }
        match Puzzle::from_fields(&fields) {
            Some(puzzle) if draw.filter.admits(&puzzle) => {
                let pool = if draw.solved.contains(&puzzle.id) { &mut again } else { &mut fresh };
                if pool.len() < pool_size {
                    pool.push(puzzle);
                }
            }
            Some(_) => {}
            None => found.broken += 1,
        }
    }
    let mut rng = draw.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    // Unsolved ones first; the solved ones only when too few others fit.
    let mut chosen = pick(&mut rng, fresh, draw.count, false);
    let more = draw.count.saturating_sub(chosen.len());
    chosen.extend(pick(&mut rng, again, more, true));
    chosen.sort_by_key(|(at, solved, _)| (*solved, *at));
    found.puzzles = chosen.into_iter().map(|(_, _, puzzle)| puzzle).collect();
    Ok(found)
}

/// `count` of `pool` drawn at random, each with its place in the file (and whether it was solved).
fn pick(rng: &mut fastrand::Rng, pool: Vec<Puzzle>, count: usize, solved: bool) -> Vec<(usize, bool, Puzzle)> {
    let mut places: Vec<usize> = (0..pool.len()).collect();
    rng.shuffle(&mut places);
    places.truncate(count);
    let mut pool: Vec<Option<Puzzle>> = pool.into_iter().map(Some).collect();
    places.into_iter().filter_map(|at| Some((at, solved, pool[at].take()?))).collect()
}

/// The file of the puzzles solved, in the data folder.
fn solved_file() -> Option<PathBuf> {
    super::data_folder().map(|folder| folder.join("puzzles-solved.txt"))
}

/// The ids of the puzzles solved in earlier rounds (none when the file is not there).
pub fn solved() -> HashSet<String> {
    let Some(file) = solved_file().and_then(|path| File::open(path).ok()) else { return HashSet::new() };
    BufReader::new(file).lines().map_while(Result::ok).map(|line| line.trim().to_string()).collect()
}

/// Remembers puzzle `id` as solved. A failure costs only the memory of it: noted in the log.
pub fn remember_solved(id: &str) {
    let Some(path) = solved_file() else { return };
    let written = std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))
        .and_then(|()| OpenOptions::new().create(true).append(true).open(&path))
        .and_then(|mut file| writeln!(file, "{id}"));
    if let Err(e) = written {
        super::diverted::note(&format!("{}: the puzzle solved was not remembered: {e}", path.display()));
    }
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
