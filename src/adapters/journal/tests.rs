use super::*;
use anna_core::command::{Command, Input};
use anna_core::rules::MoveSpec;
use shakmaty::Square;

/// A fresh folder for one test, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("anna-journal-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn input(ms: u64, command: Command) -> Record {
    Record::Input { at: Duration::from_millis(ms), input: Input::act(command) }
}

fn game() -> Vec<Record> {
    vec![
        Record::Voice { lang: "en".into(), squares: Default::default(), form: Default::default() },
        input(0, Command::Start),
        input(1_000, Command::Move(MoveSpec::squares(Square::E2, Square::E4, None))),
        input(2_000, Command::Press),
        input(3_500, Command::Offer),
        input(4_000, Command::Press),
    ]
}

/// The bytes of a journal with the header and `records`.
fn bytes(records: &[Record]) -> Vec<u8> {
    let mut text = frame(&Record::Header { version: VERSION, started: 1_795_313_865 });
    text.extend(records.iter().map(frame));
    text.into_bytes()
}

#[test]
fn a_frame_is_crc_length_body() {
    let record = input(12_345, Command::Press);
    assert_eq!(frame(&record), format!("{:08x} 12 12.345 press\n", crc32fast::hash(b"12.345 press")));
}

#[test]
fn a_whole_journal_reads_back() {
    let journal = parse(&bytes(&game())).unwrap();
    assert_eq!(journal, Journal { started: 1_795_313_865, records: game(), damage: None, skipped: 0 });
    assert_eq!(journal.last_instant(), Duration::from_millis(4_000));
    assert!(!journal.ended());
}

#[test]
fn a_journal_cut_anywhere_keeps_every_whole_record() {
    let whole = bytes(&game());
    let header_len = frame(&Record::Header { version: VERSION, started: 1_795_313_865 }).len();
    let records = game();
    for cut in header_len..whole.len() {
        let journal = parse(&whole[..cut]).unwrap();
        let complete = records.iter().scan(header_len, |end, r| {
            *end += frame(r).len();
            Some(*end)
        });
        let expected = complete.filter(|end| *end <= cut).count();
        assert_eq!(journal.records, game()[..expected], "cut at {cut}");
        let at_boundary = journal.records.iter().map(frame).map(|f| f.len()).sum::<usize>() + header_len == cut;
        assert_eq!(journal.damage, if at_boundary { None } else { Some(Damage::Cut) }, "cut at {cut}");
    }
}

#[test]
fn garbage_at_the_end_is_left_out() {
    let mut damaged = bytes(&game());
    damaged.extend_from_slice(b"\0\0\0\x7fELF garbage\n\xff\xfe");
    let journal = parse(&damaged).unwrap();
    assert_eq!(journal.records, game());
    assert_eq!(journal.damage, Some(Damage::Garbage));
}

#[test]
fn an_empty_file_a_lone_header_and_an_unknown_version() {
    assert_eq!(parse(b""), Err(ReadError::Empty));
    assert_eq!(parse(b"hello\n"), Err(ReadError::NoHeader));
    let header = bytes(&[]);
    assert_eq!(parse(&header[..10]), Err(ReadError::NoHeader), "a cut header");
    assert_eq!(parse(&header), Ok(Journal { started: 1_795_313_865, records: Vec::new(), damage: None, skipped: 0 }));
    let newer = frame(&Record::Header { version: 2, started: 1 }) + "whatever a newer Anna writes\n";
    assert_eq!(parse(newer.as_bytes()), Err(ReadError::UnknownVersion(2)));
}

#[test]
fn a_time_going_back_is_damage() {
    let mut records = game();
    records.push(input(1_000, Command::Resign));
    let journal = parse(&bytes(&records)).unwrap();
    assert_eq!(journal.records, game());
    assert_eq!(journal.damage, Some(Damage::Unreadable("the time goes back".into())));
}

#[test]
fn a_readable_frame_with_an_unknown_command_is_damage() {
    let mut damaged = bytes(&game());
    let body = "5 frobnicate";
    damaged.extend(format!("{:08x} {} {body}\n", crc32fast::hash(body.as_bytes()), body.len()).bytes());
    let journal = parse(&damaged).unwrap();
    assert_eq!(journal.records, game());
    assert!(matches!(journal.damage, Some(Damage::Unreadable(_))));
}

#[test]
fn written_records_are_read_and_a_finished_game_is_not_offered() {
    let folder = Folder::new("writer");
    let mut writer = Writer::create(&folder.0).unwrap();
    for record in game() {
        writer.write(&record).unwrap();
    }
    writer.sync().unwrap();
    let path = writer.path().to_path_buf();
    assert!(path.file_name().unwrap().to_string_lossy().starts_with("game-20"), "{}", path.display());
    // A journal being written is not offered: it is open elsewhere.
    assert_eq!(unfinished(&folder.0), Unfinished { free: Vec::new(), open_elsewhere: vec![path.clone()] });
    assert!(Writer::append_to(&path).is_err(), "nor continued by another writer");
    drop(writer);
    assert_eq!(unfinished(&folder.0).free, std::slice::from_ref(&path));
    let journal = parse(&fs::read(&path).unwrap()).unwrap();
    assert_eq!(journal.records, game());
    close(&path, Duration::from_secs(5), End::Finished).unwrap();
    assert_eq!(unfinished(&folder.0), Unfinished::default());
    assert!(parse(&fs::read(&path).unwrap()).unwrap().ended());
}

#[test]
fn a_damaged_journal_is_repaired_beside_the_damaged_file() {
    let folder = Folder::new("repair");
    let path = folder.0.join("game-20261122-021745-1.journal");
    let mut damaged = bytes(&game());
    damaged.extend_from_slice(b"0badf00d 99 12.0 pre");
    fs::write(&path, &damaged).unwrap();
    assert_eq!(unfinished(&folder.0).free, std::slice::from_ref(&path));
    let recovered = recover(&path).unwrap();
    assert_eq!(recovered.journal.records, game());
    assert_eq!(recovered.journal.damage, Some(Damage::Cut));
    let kept = recovered.kept.unwrap();
    assert_eq!(kept, folder.0.join("game-20261122-021745-1.journal.damaged"));
    assert_eq!(fs::read(&kept).unwrap(), damaged, "the damaged file is kept as it was");
    assert_eq!(fs::read(&path).unwrap(), bytes(&game()), "the new file holds the whole records");
    // The repaired journal goes on, and a second repair never overwrites the first damaged copy.
    let mut writer = Writer::append_to(&path).unwrap();
    writer.write(&input(5_000, Command::Resume)).unwrap();
    writer.sync().unwrap();
    drop(writer);
    let mut more = fs::read(&path).unwrap();
    more.extend_from_slice(b"\xff");
    fs::write(&path, &more).unwrap();
    let again = recover(&path).unwrap();
    assert_eq!(again.journal.records.len(), game().len() + 1);
    assert_eq!(again.kept.unwrap(), folder.0.join("game-20261122-021745-1.journal.damaged-2"));
    assert_eq!(fs::read(&kept).unwrap(), damaged);
}

#[test]
fn an_unusable_journal_is_set_aside_and_a_newer_one_left_alone() {
    let folder = Folder::new("unusable");
    let empty = folder.0.join("game-1.journal");
    fs::write(&empty, b"").unwrap();
    assert!(matches!(recover(&empty), Err(RecoverError::Unusable { error: ReadError::Empty, kept: Some(_) })));
    assert!(!empty.exists());
    assert!(folder.0.join("game-1.journal.damaged").exists());
    let newer = folder.0.join("game-2.journal");
    fs::write(&newer, frame(&Record::Header { version: 9, started: 0 })).unwrap();
    assert!(matches!(recover(&newer), Err(RecoverError::UnknownVersion(9))));
    assert!(newer.exists());
}

#[test]
fn dates_are_utc() {
    assert_eq!(date(0), "1970-01-01 00:00 UTC");
    assert_eq!(date(1_795_313_865), "2026-11-22 02:17 UTC");
    assert_eq!(date(951_782_400), "2000-02-29 00:00 UTC");
    assert_eq!(stamp(1_795_313_865), "20261122-021745");
}

/// Issue 23: a game left before its first move (Ctrl-D at the setup questions) leaves no journal,
/// and an older Anna's journal without a move never hides the real unfinished game.
#[test]
fn a_journal_without_a_move_is_never_written_nor_offered() {
    let folder = Folder::new("no-move");
    let real_path = folder.0.join("game-20200101-000000-1.journal");
    fs::write(&real_path, bytes(&game())).unwrap();
    // An empty journal from an older Anna, newer than the real game's.
    let empty = folder.0.join("game-20990101-000000-1.journal");
    fs::write(&empty, bytes(&game()[..2])).unwrap();
    assert_eq!(unfinished(&folder.0).free, std::slice::from_ref(&real_path));
    // A game begun and left at the setup: nothing on the disk.
    let mut sink = Sink::new(Some(folder.0.clone()));
    sink.begin();
    sink.write(&game()[0]);
    sink.write(&input(0, Command::Start));
    sink.sync();
    drop(sink);
    assert_eq!(fs::read_dir(&folder.0).unwrap().count(), 2);
    // Its first move makes the file, with every record kept until then.
    let mut sink = Sink::new(Some(folder.0.clone()));
    sink.begin();
    for record in &game()[..3] {
        sink.write(record);
    }
    sink.sync();
    drop(sink);
    // Both games are unfinished now, the newest first.
    let free = unfinished(&folder.0).free;
    assert_eq!(free.len(), 2);
    let newest = free[0].clone();
    assert_ne!(newest, real_path);
    assert_eq!(parse(&fs::read(&newest).unwrap()).unwrap().records, game()[..3]);
}

/// Issue 23: a damaged record in the middle is left out and the whole records after it are kept;
/// only damage at the end stops the reading.
#[test]
fn a_damaged_record_in_the_middle_is_left_out_and_the_rest_kept() {
    let records = game();
    let mut text = frame(&Record::Header { version: VERSION, started: 1_795_313_865 });
    for (i, record) in records.iter().enumerate() {
        let mut line = frame(record);
        if i == 4 {
            // The offer's bytes changed on the disk: its checksum no longer matches.
            line = line.replace("offer", "offex");
        }
        text.push_str(&line);
    }
    let journal = parse(text.as_bytes()).unwrap();
    let mut kept = records.clone();
    kept.remove(4);
    assert_eq!(journal.records, kept);
    assert_eq!((journal.damage, journal.skipped), (Some(Damage::Checksum), 1));
    // An unknown record in the middle the same.
    let mut text = frame(&Record::Header { version: VERSION, started: 1_795_313_865 });
    text.extend(records[..3].iter().map(frame));
    let body = "2.500 a-record-of-a-newer-anna";
    text.push_str(&format!("{:08x} {} {body}\n", crc32fast::hash(body.as_bytes()), body.len()));
    text.extend(records[3..].iter().map(frame));
    let journal = parse(text.as_bytes()).unwrap();
    assert_eq!(journal.records, records);
    assert_eq!(journal.skipped, 1);
    assert!(matches!(journal.damage, Some(Damage::Unreadable(_))));
}

/// Issues 23 and 46: a full disk is reported while it lasts; once it takes writes again, every
/// record kept meanwhile is written after the last whole one, none twice.
#[cfg(target_os = "linux")]
#[test]
fn after_a_full_disk_the_journal_catches_up() {
    let folder = Folder::new("full");
    let mut sink = Sink::new(Some(folder.0.clone()));
    sink.begin();
    let records = game();
    for record in &records[..3] {
        sink.write(record);
    }
    sink.sync();
    assert_eq!(sink.trouble(), None);
    let path = sink.writer.as_ref().unwrap().path.clone();
    // The disk is full: every write fails (Linux's /dev/full).
    let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
    let real = std::mem::replace(&mut sink.writer.as_mut().unwrap().file, full);
    sink.write(&records[3]);
    assert_eq!(sink.trouble(), Some(Trouble::Full));
    sink.write(&records[4]);
    assert_eq!(sink.trouble(), Some(Trouble::Full), "for as long as it lasts");
    // Space is freed.
    sink.writer.as_mut().unwrap().file = real;
    sink.write(&records[5]);
    assert_eq!(sink.trouble(), None);
    assert_eq!(parse(&fs::read(&path).unwrap()).unwrap().records, records);
}

/// Issue 46: a folder that cannot be made at the start (here a path through a file, as a
/// read-only or removed disk refuses it) keeps every record from the first; once it can be made,
/// the whole game is written, from its header.
#[test]
fn a_journal_that_could_never_be_made_is_written_whole_once_it_can_be() {
    let folder = Folder::new("blocked");
    let blocked = folder.0.join("games");
    fs::write(&blocked, "a file where the folder should be").unwrap();
    let mut sink = Sink::new(Some(blocked.clone()));
    sink.begin();
    assert_eq!(sink.trouble(), Some(Trouble::NoFolder), "said at once");
    let records = game();
    for record in &records[..4] {
        sink.write(record);
    }
    sink.sync();
    assert_eq!(sink.trouble(), Some(Trouble::NoFolder));
    // The way is clear again.
    fs::remove_file(&blocked).unwrap();
    sink.write(&records[4]);
    sink.write(&records[5]);
    sink.sync();
    assert_eq!(sink.trouble(), None);
    drop(sink);
    let free = unfinished(&blocked).free;
    assert_eq!(free.len(), 1, "one journal, no empty ones beside it");
    assert_eq!(parse(&fs::read(&free[0]).unwrap()).unwrap().records, records);
}

/// A journal takes its name only once its header is on the disk: a program killed before that
/// leaves at most a hidden `.NAME.new`, which is never offered (the kill test once found an empty
/// journal there, offered at the next start and then found unusable).
#[test]
fn a_new_journal_has_its_header_before_its_name() {
    let folder = Folder::new("created");
    let writer = Writer::create(&folder.0).unwrap();
    let names: Vec<String> =
        fs::read_dir(&folder.0).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].ends_with(".journal"), "{names:?}");
    assert_eq!(parse(&fs::read(writer.path()).unwrap()).unwrap().records, []);
    drop(writer);
    // What a kill between the two steps leaves behind is not a game.
    fs::write(folder.0.join(".game-20200101-000000-1.new"), "").unwrap();
    assert_eq!(unfinished(&folder.0), Unfinished::default());
}
