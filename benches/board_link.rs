//! A shown move's round trip over a pseudo-terminal: Anna's link sends `ShowMove`, the simulator
//! reads it, answers `A<seq>`, and the link reports the acknowledgement on its channel. The issue
//! asks for less than 5 ms.

use std::sync::mpsc;
use std::time::Duration;

use anna::board_link::serial::{Link, LinkReport};
use anna::board_link::sim::{SimOptions, Simulator};
use anna_board::{BoardEvent, HostCommand};
use criterion::{criterion_group, criterion_main, Criterion};
use shakmaty::Square;

fn round_trip(c: &mut Criterion) {
    let (notes, _received) = mpsc::channel();
    let sim = Simulator::start(SimOptions::default(), notes).expect("a pseudo-terminal");
    let (sender, reports) = mpsc::channel();
    let link = Link::open(sim.path().to_str().expect("a UTF-8 path"), 115_200, sender, |report| report);
    // The handshake and the first snapshot and its acknowledgement.
    loop {
        match reports.recv_timeout(Duration::from_secs(10)).expect("the simulator answers") {
            LinkReport::Event(BoardEvent::Ack(_)) => break,
            LinkReport::Disconnected(error) => panic!("no board: {error}"),
            _ => {}
        }
    }
    let show = HostCommand::ShowMove {
        from: Square::E1,
        to: Square::G1,
        captured: None,
        rook: Some((Square::H1, Square::F1)),
    };
    c.bench_function("show move acknowledged", |b| {
        b.iter(|| {
            let seq = link.send(show.clone());
            match reports.recv_timeout(Duration::from_secs(1)) {
                Ok(LinkReport::Event(BoardEvent::Ack(acked))) if acked == seq => {}
                other => panic!("expected the acknowledgement of {seq}, got {other:?}"),
            }
        });
    });
}

criterion_group!(benches, round_trip);
criterion_main!(benches);
