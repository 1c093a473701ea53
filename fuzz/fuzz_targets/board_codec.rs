//! Any bytes, in any cuts, fed to both of the peg board's stream decoders (Anna's, reading a
//! board, and a board's, reading Anna) must never panic, and every value they decode must encode
//! to a line that decodes to the same value.
#![no_main]

use anna_board::codec::{self, EventDecoder, RequestDecoder};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (mut events, mut requests) = (EventDecoder::new(), RequestDecoder::new());
    // The first byte chooses where the stream is cut, as reads from a port cut it.
    let (cut, bytes) = data.split_first().map_or((1, data), |(cut, rest)| (usize::from(*cut).max(1), rest));
    for chunk in bytes.chunks(cut) {
        for event in events.feed(chunk).into_iter().flatten() {
            let line = codec::encode_event(&event);
            assert!(line.len() - 1 <= codec::MAX_LINE, "{event:?} encodes to a line too long");
            assert_eq!(codec::decode_event(&line[..line.len() - 1]), Ok(event.clone()), "{event:?}");
        }
        for request in requests.feed(chunk).into_iter().flatten() {
            let line = codec::encode_request(&request);
            assert!(line.len() - 1 <= codec::MAX_LINE, "{request:?} encodes to a line too long");
            assert_eq!(codec::decode_request(&line[..line.len() - 1]), Ok(request.clone()), "{request:?}");
        }
    }
});
