//! A 40-move game analysed at the default budget (`anna analyse`'s 300,000 nodes a position, one
//! engine thread): the time from the first position to the last. Target: under 60 s on 2 cores.
//! The engine is Stockfish (`apt-get install stockfish`); without it the benchmark says so and
//! stops. One run is timed, not a criterion series: a run takes tens of seconds, and the node budget
//! makes each run the same work.

use std::time::Instant;

use anna::adapters::engine::analyst::{Analyst, DEFAULT_NODES};
use anna::adapters::engine::find_stockfish;
use anna_app::training::Analysis;
use anna_core::pgn;

/// Kasparov - Topalov, Wijk aan Zee 1999, to move 40: a sharp game, hard for the engine.
const GAME: &str = "[White \"Kasparov\"]\n[Black \"Topalov\"]\n\n1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 \
    5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6 Bxh6 9. Qxh6 Bb7 10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O \
    14. Nb3 exd4 15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5 20. Qf4+ Ka7 21. Rhe1 d4 \
    22. Nd5 Nbxd5 23. exd5 Qd6 24. Rxd4 cxd4 25. Re7+ Kb6 26. Qxd4+ Kxa5 27. b4+ Ka4 28. Qc3 Qxd5 \
    29. Ra7 Bb7 30. Rxb7 Qc4 31. Qxf6 Kxa3 32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2 35. Qb2+ Kd1 \
    36. Bf1 Rd2 37. Rd7 Rxd7 38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3 *";

fn main() {
    let Some(path) = find_stockfish() else {
        println!("analyse: stockfish is not installed (apt-get install stockfish); nothing measured");
        return;
    };
    let game = &pgn::read(GAME.as_bytes())[0];
    assert!(game.fault.is_none(), "{:?}", game.fault);
    let began = Instant::now();
    let mut analyst = Analyst::start(&path, DEFAULT_NODES).expect("stockfish starts");
    let mut analysis = Analysis::new(&game.game);
    while let Some(step) = analysis.next() {
        analysis.add(analyst.search(&step.start, &step.moves, &step.position, &step.among).expect("stockfish answers"));
    }
    let took = began.elapsed();
    let mistakes = analysis.mistakes();
    println!(
        "analyse: {} positions of a 40-move game at {DEFAULT_NODES} nodes each in {:.1} s ({:.2} s a position); \
         {} moves judged; target under 60 s",
        analysis.positions().len(),
        took.as_secs_f64(),
        took.as_secs_f64() / analysis.positions().len() as f64,
        mistakes.len(),
    );
}
