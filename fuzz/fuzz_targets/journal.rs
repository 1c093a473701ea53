//! The journal reader must never panic, whatever the bytes: neither on a whole file, nor on one
//! record's text, nor when a readable journal is replayed into a session to resume it. A record that
//! reads must print back to the same text's meaning (print -> read gives the same record).
#![no_main]

use anna::adapters::journal::{self, Record};
use libfuzzer_sys::fuzz_target;

/// At most this many records are replayed, to keep each run fast.
const MAX_RECORDS: usize = 200;

fuzz_target!(|data: &[u8]| {
    // The bytes as a whole file.
    if let Ok(journal) = journal::parse(data) {
        let _ = anna_app::worth_resuming(&journal);
    }
    // The bytes as the text of records, one a line, framed as the writer frames them: the fuzzer
    // cannot forge checksums, so this is how it reaches the reader of each record.
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut file = journal::frame(&Record::Header { version: journal::VERSION, started: 0 });
    for line in text.lines().take(MAX_RECORDS) {
        if let Ok(record) = journal::read(line) {
            assert_eq!(journal::read(&journal::print(&record)), Ok(record.clone()), "{line:?}");
            file.push_str(&journal::frame(&record));
        }
    }
    let journal = journal::parse(file.as_bytes()).expect("a framed journal reads");
    let _ = anna_app::worth_resuming(&journal);
});
