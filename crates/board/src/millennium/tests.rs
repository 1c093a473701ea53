//! Character sequences from the public description of the ChessLink protocol ("Magic Chessboard
//! Communications Protocol", D. Woodfield, 2017) and from a board's log quoted by python-mchess:
//! `V56` answered by `v010374`.

use super::*;
use crate::Snapshot;
use shakmaty::{Color, Piece, Role};

const START: &str = "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR";

fn status(squares: &str) -> Vec<u8> {
    let text = format!("s{squares}");
    let mut bytes = text.clone().into_bytes();
    bytes.extend(format!("{:02X}", check(text.as_bytes())).bytes());
    bytes
}

#[test]
fn the_version_exchange_of_a_real_board() {
    assert_eq!(encode_command(&Command::Version), b"V56");
    assert_eq!(ReplyDecoder::new().feed(b"v010374"), [Ok(Reply::Version(0x0103))]);
    assert_eq!(encode_reply(&Reply::Version(0x0103)), b"v010374");
}

#[test]
fn characters_read_with_their_parity_bit_are_read_without_it() {
    // The same reply as a port opened 8N1 reads a 7O1 line: b'0' and b'3' with bit 7 set (their
    // odd parity), the others without.
    let mut decoder = ReplyDecoder::new();
    assert_eq!(decoder.feed(b"v\xb01\xb0\xb374"), [Ok(Reply::Version(0x0103))]);
    assert_eq!(decoder.wrong_parity(), 0);
    // A board that sends no parity bit at all (a native-USB board) is read all the same; the
    // characters with an even number of ones count as wrong parity.
    let mut decoder = ReplyDecoder::new();
    assert_eq!(decoder.feed(b"v010374"), [Ok(Reply::Version(0x0103))]);
    assert_eq!(decoder.wrong_parity(), 3);
    // What Anna sends carries its parity: `V56` as a 7O1 line sends it.
    assert_eq!(with_parity(encode_command(&Command::Version)), [0xd6, 0xb5, 0xb6]);
    assert_eq!(with_parity(b"v010374".to_vec()), b"v\xb01\xb0\xb374");
}

#[test]
fn a_status_runs_from_a8_to_h1() {
    let replies = ReplyDecoder::new().feed(&status(START));
    let [Ok(Reply::Status(cells))] = replies.as_slice() else { panic!("{replies:?}") };
    let snapshot = Snapshot::from_a8_first(cells);
    assert_eq!(snapshot.get(Square::A8), Cell::Piece(Piece { color: Color::Black, role: Role::Rook }));
    assert_eq!(snapshot.get(Square::E1), Cell::Piece(Piece { color: Color::White, role: Role::King }));
    assert_eq!(snapshot.get(Square::E4), Cell::Empty);
    assert_eq!(snapshot.a8_first(), *cells);
    assert_eq!(encode_reply(&Reply::Status(*cells)), status(START));
}

#[test]
fn commands_carry_their_block_check() {
    assert_eq!(encode_command(&Command::Status), b"S53");
    assert_eq!(encode_command(&Command::Extinguish), b"X58");
    // Automatic reports on every change, debounced over 2 scans: address 02, value 04.
    assert_eq!(
        encode_command(&Command::Write { address: 2, value: 4 }),
        b"W0204".iter().copied().chain(*b"51").collect::<Vec<u8>>()
    );
    let leds = leds(&[Square::E2], &[]);
    let line = encode_command(&Command::Leds { slot: 0x32, leds: leds.clone() });
    assert_eq!(line.len(), 167);
    let mut decoder = CommandDecoder::commands();
    assert_eq!(decoder.feed(&line), [Ok(Command::Leds { slot: 0x32, leds })]);
}

#[test]
fn a_square_lights_its_four_corners() {
    // a8: LEDs 1, 2, 10, 11; h1: LEDs 71, 72, 80, 81 (numbered from 1).
    let lit = |square| -> Vec<usize> {
        leds(&[square], &[]).iter().enumerate().filter(|(_, p)| **p != 0).map(|(i, _)| i + 1).collect()
    };
    assert_eq!(lit(Square::A8), [1, 2, 10, 11]);
    assert_eq!(lit(Square::H1), [71, 72, 80, 81]);
}

#[test]
fn a_corrupted_message_is_dropped_and_the_next_one_read() {
    let mut bytes = b"#".to_vec();
    let mut bad = status(START);
    bad[10] = b'Q';
    bytes.extend(bad);
    bytes.extend(b"x58");
    bytes.extend(status(START));
    let replies = ReplyDecoder::new().feed(&bytes);
    assert_eq!(replies[0], Err(MillenniumError::Stray(b'#')));
    assert_eq!(replies[1], Err(MillenniumError::BadCheck { letter: 's' }));
    // What follows is read again once the reader is back in step (a short reply right after the
    // corrupted message may be lost with it).
    assert!(matches!(replies.last(), Some(Ok(Reply::Status(_)))), "{replies:?}");
}

#[test]
fn a_status_with_a_square_no_board_sends_is_malformed() {
    let squares = START.replacen('.', "?", 1);
    assert_eq!(ReplyDecoder::new().feed(&status(&squares)), [Err(MillenniumError::Malformed { letter: 's' })]);
}

#[test]
fn a_message_split_anywhere_is_read_whole() {
    let mut decoder = ReplyDecoder::new();
    let bytes = status(START);
    let mut replies = Vec::new();
    for chunk in bytes.chunks(7) {
        replies.extend(decoder.feed(chunk));
    }
    assert_eq!(replies.len(), 1);
}

#[test]
fn a_message_of_another_protocol_is_not_read() {
    let replies = ReplyDecoder::new().feed(&[0x86, 0x00, 0x43, 0x8e, 0x00, 0x05, 36, 1]);
    assert!(replies.iter().all(Result::is_err), "{replies:?}");
}

#[test]
fn noise_never_panics_and_what_is_read_reads_back_the_same() {
    let mut seed = 7u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as u8
    };
    let alphabet = b"vslxwrVSLXWRT0123456789ABCDEF.kqrbnpKQRBNP";
    for _ in 0..200 {
        let mut bytes: Vec<u8> = (0..500).map(|_| alphabet[usize::from(next()) % alphabet.len()]).collect();
        // Some whole messages among the noise.
        bytes.extend(encode_reply(&Reply::Version(0x0103)));
        bytes.extend(encode_command(&Command::Write { address: 2, value: 4 }));
        for reply in ReplyDecoder::new().feed(&bytes).into_iter().flatten() {
            assert_eq!(ReplyDecoder::new().feed(&encode_reply(&reply)), [Ok(reply.clone())], "{reply:?}");
        }
        for command in CommandDecoder::commands().feed(&bytes).into_iter().flatten() {
            assert_eq!(CommandDecoder::commands().feed(&encode_command(&command)), [Ok(command.clone())]);
        }
    }
}
