//! Any bytes, in any cuts, fed to the DGT decoder and to Anna's DGT wire must never panic, and
//! every message decoded must encode to bytes that decode to the same message.
#![no_main]

use anna_board::dgt::{self, Decoder};
use anna_board::protocol::Protocol;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (mut decoder, mut wire) = (Decoder::new(), Protocol::DGT.wire());
    // The first byte chooses where the stream is cut, as reads from a port cut it.
    let (cut, bytes) = data.split_first().map_or((1, data), |(cut, rest)| (usize::from(*cut).max(1), rest));
    for chunk in bytes.chunks(cut) {
        let _ = wire.feed(chunk);
        for message in decoder.feed(chunk).into_iter().flatten() {
            let encoded = dgt::encode(&message);
            assert_eq!(Decoder::new().feed(&encoded), [Ok(message.clone())], "{message:?}");
        }
    }
    let _ = dgt::decode_commands(bytes);
});
