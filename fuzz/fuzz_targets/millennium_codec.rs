//! Any bytes, in any cuts, fed to both Millennium decoders (Anna's, reading a board, and a board's,
//! reading Anna) and to Anna's Millennium wire must never panic, and every message decoded must
//! encode to characters that decode to the same message.
#![no_main]

use anna_board::millennium::{self, CommandDecoder, ReplyDecoder};
use anna_board::protocol::Protocol;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (mut replies, mut commands, mut wire) =
        (ReplyDecoder::new(), CommandDecoder::commands(), Protocol::MILLENNIUM.wire());
    let (cut, bytes) = data.split_first().map_or((1, data), |(cut, rest)| (usize::from(*cut).max(1), rest));
    for chunk in bytes.chunks(cut) {
        let _ = wire.feed(chunk);
        for reply in replies.feed(chunk).into_iter().flatten() {
            let encoded = millennium::encode_reply(&reply);
            assert_eq!(ReplyDecoder::new().feed(&encoded), [Ok(reply.clone())], "{reply:?}");
        }
        for command in commands.feed(chunk).into_iter().flatten() {
            let encoded = millennium::encode_command(&command);
            assert_eq!(CommandDecoder::commands().feed(&encoded), [Ok(command.clone())], "{command:?}");
        }
    }
});
