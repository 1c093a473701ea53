//! Byte sequences from the public description of the DGT protocol (`dgtbrd13.h`: ids, the 14-bit
//! length in two 7-bit bytes, piece codes 0-12, the clock message's layout).

use super::*;
use crate::{a8_index, square_at_a8_index, Snapshot};
use shakmaty::Square;

fn white(role: Role) -> Cell {
    Cell::Piece(Piece { color: Color::White, role })
}

fn black(role: Role) -> Cell {
    Cell::Piece(Piece { color: Color::Black, role })
}

/// The starting position as a DGT board dumps it: field 0 is a8 (a black rook, code 8).
fn start_dump() -> Vec<u8> {
    let mut bytes = vec![0x86, 0x00, 0x43];
    bytes.extend([8, 9, 10, 12, 11, 10, 9, 8]);
    bytes.extend([7; 8]);
    bytes.extend([0; 32]);
    bytes.extend([1; 8]);
    bytes.extend([2, 3, 4, 6, 5, 4, 3, 2]);
    bytes
}

#[test]
fn a_board_dump_of_the_starting_position_reads_as_the_starting_position() {
    let messages = Decoder::new().feed(&start_dump());
    let [Ok(Message::Board(fields))] = messages.as_slice() else { panic!("{messages:?}") };
    let snapshot = Snapshot::from_a8_first(fields);
    assert_eq!(snapshot.get(Square::A1), white(Role::Rook));
    assert_eq!(snapshot.get(Square::D1), white(Role::Queen));
    assert_eq!(snapshot.get(Square::E8), black(Role::King));
    assert_eq!(snapshot.get(Square::E4), Cell::Empty);
    assert_eq!(encode(&Message::Board(*fields)), start_dump());
}

#[test]
fn field_numbers_run_from_a8_row_by_row() {
    assert_eq!(square_at_a8_index(0), Square::A8);
    assert_eq!(square_at_a8_index(7), Square::H8);
    assert_eq!(square_at_a8_index(8), Square::A7);
    assert_eq!(square_at_a8_index(63), Square::H1);
    // e2 is field 52, e4 field 36.
    assert_eq!(a8_index(Square::E2), 52);
    assert_eq!(a8_index(Square::E4), 36);
    for square in Square::ALL {
        assert_eq!(square_at_a8_index(a8_index(square)), square);
    }
}

#[test]
fn a_move_is_two_field_updates() {
    // e2 emptied, then a white pawn (code 1) on e4.
    let bytes = [0x8e, 0x00, 0x05, 52, 0, 0x8e, 0x00, 0x05, 36, 1];
    let messages = Decoder::new().feed(&bytes);
    assert_eq!(
        messages,
        [
            Ok(Message::Field { field: 52, cell: Cell::Empty }),
            Ok(Message::Field { field: 36, cell: white(Role::Pawn) })
        ]
    );
}

#[test]
fn messages_split_anywhere_are_read_whole() {
    let mut bytes = start_dump();
    bytes.extend([0x93, 0x00, 0x05, 1, 7]);
    let mut decoder = Decoder::new();
    let mut messages = Vec::new();
    for chunk in bytes.chunks(5) {
        messages.extend(decoder.feed(chunk));
    }
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[1], Ok(Message::Version { major: 1, minor: 7 }));
}

#[test]
fn the_clock_message_reads_both_times_the_turn_and_the_state() {
    // Right 1:29:59, left 1:30:00, running, the left side's turn, battery low.
    let bytes = [0x8d, 0x00, 0x0a, 0x01, 0x29, 0x59, 0x01, 0x30, 0x00, 0x01 | 0x08 | 0x04];
    let messages = Decoder::new().feed(&bytes);
    let [Ok(Message::Clock(reading))] = messages.as_slice() else { panic!("{messages:?}") };
    assert_eq!(reading.right.time, Duration::from_secs(5399));
    assert_eq!(reading.left.time, Duration::from_secs(5400));
    assert!(reading.running && reading.battery_low && !reading.no_clock);
    assert_eq!(reading.turn, Some(ClockHand::Left));
    assert_eq!(encode(&Message::Clock(*reading)), bytes);
}

#[test]
fn a_fallen_flag_and_no_clock_are_read() {
    let bytes = [0x8d, 0x00, 0x0a, 0x10, 0x00, 0x00, 0x00, 0x05, 0x00, 0x20];
    let [Ok(Message::Clock(reading))] = Decoder::new().feed(&bytes)[..] else { panic!() };
    assert!(reading.right.fallen && !reading.left.fallen);
    assert!(reading.no_clock && !reading.running);
    assert_eq!(reading.turn, None);
}

#[test]
fn a_clock_acknowledgement_is_not_a_time() {
    let bytes = [0x8d, 0x00, 0x0a, 0x0a, 0x10, 0x00, 0x0a, 0x00, 0x00, 0x00];
    assert_eq!(Decoder::new().feed(&bytes), [Ok(Message::ClockAck)]);
}

#[test]
fn noise_a_cut_message_and_wrong_lengths_are_dropped_and_reading_goes_on() {
    let mut bytes = vec![0x12, 0x34];
    // A field update cut short by a new message.
    bytes.extend([0x8e, 0x00]);
    // A field update claiming length 6.
    bytes.extend([0x8e, 0x00, 0x06, 1, 2, 3]);
    // A length of 2: impossible.
    bytes.extend([0x86, 0x00, 0x02]);
    // A field above 63, a piece code above 15.
    bytes.extend([0x8e, 0x00, 0x05, 70, 1, 0x8e, 0x00, 0x05, 1, 40]);
    bytes.extend([0x8e, 0x00, 0x05, 36, 1]);
    let messages = Decoder::new().feed(&bytes);
    assert_eq!(
        messages,
        [
            Err(DgtError::Stray(0x12)),
            Err(DgtError::Stray(0x34)),
            Err(DgtError::Truncated { id: 0x8e }),
            Err(DgtError::WrongLength { id: 0x8e, length: 6 }),
            Err(DgtError::BadLength { id: 0x86, length: 2 }),
            Err(DgtError::BadContent { id: 0x8e }),
            Err(DgtError::BadContent { id: 0x8e }),
            Ok(Message::Field { field: 36, cell: white(Role::Pawn) }),
        ]
    );
}

#[test]
fn a_message_of_another_protocol_is_never_read_as_a_dgt_message() {
    // Anna's own hello and a Millennium status request: printable ASCII, high bit clear.
    let messages = Decoder::new().feed(b"H1 Anna*71\nS53");
    assert!(messages.iter().all(Result::is_err), "{messages:?}");
}

#[test]
fn commands_are_single_bytes() {
    assert_eq!(decode_commands(&[0x42, 0x4b, 0x07]), [Ok(0x42), Ok(0x4b), Err(0x07)]);
}

/// A fixed stream of pseudo-random bytes (no dependency, the same every run).
fn noise(n: usize, mut seed: u64) -> Vec<u8> {
    (0..n)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u8
        })
        .collect()
}

#[test]
fn noise_never_panics_and_what_is_read_reads_back_the_same() {
    for seed in 0..200 {
        // Bytes near message ids and lengths, so that whole messages occur.
        let bytes: Vec<u8> = noise(2000, seed)
            .into_iter()
            .map(|b| match b % 4 {
                0 => 0x80 | (b & 0x1f),
                1 => 0,
                _ => b & 0x0f,
            })
            .collect();
        for message in Decoder::new().feed(&bytes).into_iter().flatten() {
            assert_eq!(Decoder::new().feed(&encode(&message)), [Ok(message.clone())], "{message:?}");
        }
    }
}

/// Issue 24: the flag shown at a period change (0x40) is not a flag fall (0x10), and a message of
/// zeros is no time: bytes as DGT's `dgtbrd.h` defines them, not from Anna's encoder.
#[test]
fn a_flag_shown_at_a_period_change_is_no_flag_fall_and_zeros_are_no_time() {
    // Right: 0:59:30 with the flag shown (the 40th move made late, the next period begun); left:
    // 1:00:00; running, the right side's turn.
    let bytes = [0x8d, 0x00, 0x0a, 0x40, 0x59, 0x30, 0x01, 0x00, 0x00, 0x11];
    let [Ok(Message::Clock(reading))] = Decoder::new().feed(&bytes)[..] else { panic!() };
    assert!(reading.right.shown && !reading.right.fallen);
    assert_eq!(reading.right.time, Duration::from_secs(59 * 60 + 30));
    let zeros = [0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(Decoder::new().feed(&zeros), [Ok(Message::ClockAck)]);
}
