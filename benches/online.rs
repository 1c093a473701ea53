//! A game on lichess: one line of the game's stream (the opponent's move, in a middlegame of 30
//! moves) read, followed by the app (the move played, its clock pressed, the server's clocks
//! taken, journaled) and made into the words handed to the speaker. Target: under 20 ms from the
//! line to the speech call; the network is not counted.

use std::hint::black_box;
use std::time::Duration;

use anna::adapters::online::wire::read_game_line;
use anna_app::online::ServerEvent;
use anna_app::{App, Event, OnlineGame, Options, OtherSide};
use anna_core::session::Config;
use anna_language::Voice;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

/// A Ruy Lopez of 30 plies; the player is White, the opponent's reply (c5) comes in the bench.
const MOVES: &str = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 \
                     d2d4 b8d7 c3c4 c7c6 c4b5 a6b5 b1c3 c8b7 c1g5 b5b4 c3b1 h7h6 g5h4";

fn state(moves: &str) -> String {
    format!(
        r#"{{"type":"gameState","moves":"{moves}","wtime":250000,"btime":240000,"winc":2000,"binc":2000,"status":"started"}}"#
    )
}

/// The app with the game so far read from the server.
fn app() -> App {
    let online =
        OnlineGame { game: "benchGm1".into(), user: "AnnaPlayer".into(), server: "https://lichess.org".into() };
    let options = Options { opponent: OtherSide::Server, online: Some(online), ..Options::default() };
    let mut app = App::new(Config::default(), Vec::new(), Voice::english(), options);
    app.start();
    let full = format!(
        r#"{{"type":"gameFull","id":"benchGm1","clock":{{"initial":300000,"increment":2000}},"white":{{"id":"annaplayer","name":"AnnaPlayer"}},"black":{{"id":"maia","name":"Maia"}},"state":{}}}"#,
        state(MOVES)
    );
    let line = read_game_line(&full).unwrap().unwrap();
    app.handle(Event::Server(ServerEvent::Line(line)), Duration::from_secs(1));
    app
}

fn bench(c: &mut Criterion) {
    let next = state(&format!("{MOVES} c6c5"));
    c.bench_function("online: a line of the game's stream to the words said", |b| {
        b.iter_batched(
            app,
            |mut app| {
                let line = read_game_line(black_box(&next)).unwrap().unwrap();
                let outs = app.handle(Event::Server(ServerEvent::Line(line)), Duration::from_secs(2));
                let said: Vec<String> = outs.iter().filter_map(|o| o.words(app.voice())).collect();
                assert_eq!(said, ["Black: Cesar fünf."]);
                said
            },
            BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
