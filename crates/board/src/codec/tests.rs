use super::*;
use proptest::prelude::*;
use shakmaty::{Color, Role};

fn start_snapshot() -> Snapshot {
    let mut cells = [Cell::Empty; 64];
    let back =
        [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];
    for (file, role) in back.into_iter().enumerate() {
        cells[file] = Cell::Piece(Piece { color: Color::White, role });
        cells[8 + file] = Cell::Piece(Piece { color: Color::White, role: Role::Pawn });
        cells[48 + file] = Cell::Piece(Piece { color: Color::Black, role: Role::Pawn });
        cells[56 + file] = Cell::Piece(Piece { color: Color::Black, role });
    }
    Snapshot(cells)
}

fn request(seq: u32, command: HostCommand) -> PegRequest {
    PegRequest { seq, command }
}

#[test]
fn events_have_these_exact_lines() {
    let occupied = {
        let mut cells = [Cell::Empty; 64];
        for i in (0..16).chain(48..64) {
            cells[i] = Cell::Occupied;
        }
        Snapshot(cells)
    };
    let table: Vec<(BoardEvent, &str)> = vec![
        (BoardEvent::Hello { version: 1, name: "Anna peg board".into() }, "H1 Anna peg board*71\n"),
        (BoardEvent::Hello { version: 1, name: String::new() }, "H1*79\n"),
        (BoardEvent::Lifted(Square::E2), "-e2*7A\n"),
        (BoardEvent::Placed(Square::E4), "+e4*7A\n"),
        (BoardEvent::Ack(7), "A7*76\n"),
        (BoardEvent::Board(start_snapshot()), "SRNBQKBNRPPPPPPPP................................pppppppprnbqkbnr*53\n"),
        (BoardEvent::Board(occupied), "S????????????????................................????????????????*53\n"),
    ];
    for (event, line) in table {
        assert_eq!(String::from_utf8(encode_event(&event)).unwrap(), line, "{event:?}");
        assert_eq!(decode_event(line.trim_end().as_bytes()), Ok(event));
    }
}

#[test]
fn commands_have_these_exact_lines() {
    let show = |from, to, captured, rook| HostCommand::ShowMove { from, to, captured, rook };
    let table = [
        (request(0, HostCommand::Hello { version: 1 }), "H1*79\n"),
        (request(7, show(Square::E2, Square::E4, None, None)), "M7 e2e4*5C\n"),
        (request(8, show(Square::D4, Square::E5, Some(Square::E5), None)), "M8 d4e5 xe5*5D\n"),
        // En passant (FIDE 3.7.3.1): the captured pawn stands beside the arrival square.
        (request(9, show(Square::E5, Square::D6, Some(Square::D5), None)), "M9 e5d6 xd5*5F\n"),
        // Castling (FIDE 3.8.2): the king's move, then the rook's.
        (request(10, show(Square::E1, Square::G1, None, Some((Square::H1, Square::F1)))), "M10 e1g1 rh1f1*32\n"),
        (request(11, show(Square::E8, Square::C8, None, Some((Square::A8, Square::D8)))), "M11 e8c8 ra8d8*3C\n"),
        (request(12, HostCommand::Invalid(Square::E4)), "I12 e4*3B\n"),
        (request(13, HostCommand::Clear), "C13*41\n"),
        (request(14, HostCommand::Query), "Q14*54\n"),
    ];
    for (request, line) in table {
        assert_eq!(String::from_utf8(encode_request(&request)).unwrap(), line, "{request:?}");
        assert_eq!(decode_request(line.trim_end().as_bytes()), Ok(request));
    }
}

#[test]
fn the_hello_number_is_not_sent() {
    let line = encode_request(&request(5, HostCommand::Hello { version: 1 }));
    assert_eq!(line, b"H1*79\n");
    assert_eq!(decode_request(b"H1*79").unwrap().seq, 0);
}

#[test]
fn bad_lines_are_rejected_with_their_reason() {
    let table: [(&[u8], LineError); 14] = [
        (b"-e2", LineError::NoChecksum),
        (b"-e2*7", LineError::NoChecksum),
        (b"-e2*7AB", LineError::NoChecksum),
        (b"-e2*G0", LineError::NoChecksum),
        (b"-e2*7B", LineError::BadChecksum { expected: 0x7a, found: 0x7b }),
        (b"-e3*7A", LineError::BadChecksum { expected: 0x7b, found: 0x7a }),
        (b"-e2\xff*7A", LineError::NotAscii),
        (b"-e2\t*7A", LineError::NotAscii),
        (b"*00", LineError::Empty),
        (b"Z*5A", LineError::Unknown('Z')),
        (b"-i9*7D", LineError::Malformed('-')),
        (b"A*41", LineError::Malformed('A')),
        (b"A99999999999*78", LineError::Malformed('A')),
        (b"S...*7D", LineError::Malformed('S')),
    ];
    for (line, error) in table {
        assert_eq!(decode_event(line), Err(error), "{:?}", String::from_utf8_lossy(line));
    }
    assert_eq!(decode_event(&[b'A'; MAX_LINE + 1]), Err(LineError::TooLong));
}

#[test]
fn the_checksum_may_be_lower_case() {
    assert_eq!(decode_event(b"-e2*7a"), Ok(BoardEvent::Lifted(Square::E2)));
}

#[test]
fn malformed_commands_are_rejected() {
    let frame_str = |payload: &str| frame(payload);
    for payload in [
        "M",
        "M7",
        "M7 e2",
        "M7 e2e9",
        "M7 e2e4 xe",
        "M7 e2e4 y4",
        "M7 e2e4 xe4 xe4",
        "M7 e2e4 rh1f1 xe4",
        "M7 e2e4 rh1",
        "M7  e2e4",
        "Mx e2e4",
        "I1",
        "I1 e4 e5",
        "C1 x",
        "Q",
        "H",
        "H1 Anna",
    ] {
        let line = frame_str(payload);
        let letter = payload.chars().next().unwrap();
        assert_eq!(decode_request(&line[..line.len() - 1]), Err(LineError::Malformed(letter)), "{payload:?}");
    }
    let line = frame_str("A1");
    assert_eq!(decode_request(&line[..line.len() - 1]), Err(LineError::Unknown('A')));
}

#[test]
fn names_that_a_line_cannot_hold_are_made_safe() {
    let hello = BoardEvent::Hello { version: 1, name: "Brett* für dich, ein sehr langer Name!".into() };
    let line = encode_event(&hello);
    assert_eq!(
        decode_event(&line[..line.len() - 1]),
        Ok(BoardEvent::Hello { version: 1, name: "Brett? f?r dich, ein sehr langer".into() })
    );
}

#[test]
fn the_decoder_cuts_lines_and_resynchronises_after_garbage() {
    let mut decoder = EventDecoder::new();
    assert_eq!(decoder.feed(b"-e"), vec![]);
    assert_eq!(decoder.feed(b"2*7A\r"), vec![Ok(BoardEvent::Lifted(Square::E2))]);
    // The `\n` after `\r` and blank lines are nothing.
    assert_eq!(decoder.feed(b"\n\n\r\n"), vec![]);
    let out = decoder.feed(b"\x00\xff\x13garbage\n+e4*7A\n");
    assert_eq!(out, vec![Err(LineError::NotAscii), Ok(BoardEvent::Placed(Square::E4))]);
    // A line without end: one error, and nothing until the next line end.
    let mut out = decoder.feed(&[b'x'; 300]);
    out.extend(decoder.feed(&[b'y'; 300]));
    assert_eq!(out, vec![Err(LineError::TooLong)]);
    // The good line right after the noise ends it (it is its tail); the next one is read.
    assert_eq!(decoder.feed(b"+e4*7A\nA7*76\n"), vec![Ok(BoardEvent::Ack(7))]);
    // A line of exactly the maximum length is read.
    let long = format!("H1 {}", "n".repeat(MAX_NAME));
    let framed = frame(&long);
    assert!(framed.len() - 1 <= MAX_LINE);
    assert_eq!(decoder.feed(&framed).len(), 1);
}

#[test]
fn a_reset_forgets_the_partial_line() {
    let mut decoder = RequestDecoder::new();
    assert_eq!(decoder.feed(b"C1"), vec![]);
    decoder.reset();
    assert_eq!(decoder.feed(b"Q14*54\n"), vec![Ok(request(14, HostCommand::Query))]);
}

fn square_strategy() -> impl Strategy<Value = Square> {
    (0u32..64).prop_map(Square::new)
}

fn cell_strategy() -> impl Strategy<Value = Cell> {
    prop_oneof![
        Just(Cell::Empty),
        Just(Cell::Occupied),
        "[PNBRQKpnbrqk]".prop_map(|s| Cell::Piece(Piece::from_char(s.chars().next().unwrap()).unwrap())),
    ]
}

fn event_strategy() -> impl Strategy<Value = BoardEvent> {
    prop_oneof![
        (any::<u32>(), "[ -)+-~]{0,32}").prop_map(|(version, name)| BoardEvent::Hello { version, name }),
        square_strategy().prop_map(BoardEvent::Lifted),
        square_strategy().prop_map(BoardEvent::Placed),
        proptest::collection::vec(cell_strategy(), 64)
            .prop_map(|cells| BoardEvent::Board(Snapshot(cells.try_into().unwrap()))),
        any::<u32>().prop_map(BoardEvent::Ack),
    ]
}

fn command_strategy() -> impl Strategy<Value = HostCommand> {
    prop_oneof![
        any::<u32>().prop_map(|version| HostCommand::Hello { version }),
        (
            square_strategy(),
            square_strategy(),
            proptest::option::of(square_strategy()),
            proptest::option::of((square_strategy(), square_strategy()))
        )
            .prop_map(|(from, to, captured, rook)| HostCommand::ShowMove { from, to, captured, rook }),
        square_strategy().prop_map(HostCommand::Invalid),
        Just(HostCommand::Clear),
        Just(HostCommand::Query),
    ]
}

proptest! {
    #[test]
    fn every_event_survives_the_wire(events in proptest::collection::vec(event_strategy(), 1..8)) {
        let bytes: Vec<u8> = events.iter().flat_map(encode_event).collect();
        let decoded: Vec<_> = EventDecoder::new().feed(&bytes);
        prop_assert_eq!(decoded, events.into_iter().map(Ok).collect::<Vec<_>>());
    }

    #[test]
    fn every_command_survives_the_wire(
        commands in proptest::collection::vec((any::<u32>(), command_strategy()), 1..8)
    ) {
        let requests: Vec<PegRequest> = commands
            .into_iter()
            .map(|(seq, command)| {
                let seq = if matches!(command, HostCommand::Hello { .. }) { 0 } else { seq };
                PegRequest { seq, command }
            })
            .collect();
        let bytes: Vec<u8> = requests.iter().flat_map(encode_request).collect();
        let decoded: Vec<_> = RequestDecoder::new().feed(&bytes);
        prop_assert_eq!(decoded, requests.into_iter().map(Ok).collect::<Vec<_>>());
    }

    #[test]
    fn any_bytes_decode_without_panic_and_what_decodes_reencodes(
        chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..120), 0..6)
    ) {
        let (mut events, mut requests) = (EventDecoder::new(), RequestDecoder::new());
        for chunk in &chunks {
            for event in events.feed(chunk).into_iter().flatten() {
                let line = encode_event(&event);
                prop_assert_eq!(decode_event(&line[..line.len() - 1]), Ok(event));
            }
            for request in requests.feed(chunk).into_iter().flatten() {
                let line = encode_request(&request);
                prop_assert_eq!(decode_request(&line[..line.len() - 1]), Ok(request));
            }
        }
    }

    #[test]
    fn one_flipped_bit_never_passes_as_another_message(event in event_strategy(), at in any::<prop::sample::Index>(), bit in 0u8..8) {
        let mut line = encode_event(&event);
        line.pop();
        let i = at.index(line.len());
        line[i] ^= 1 << bit;
        // A single flipped bit always changes the XOR, so the line is rejected, unless it
        // only turned a checksum digit to lower case: then it reads as what was sent.
        if let Ok(decoded) = decode_event(&line) {
            prop_assert_eq!(decoded, event);
        }
    }
}
