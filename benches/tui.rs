//! One frame of the board view: the 120x40 screen with large squares, drawn into a TestBackend
//! buffer (the target is under 1 ms).

use anna_app::{App, Options};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

use anna::ui::tui::{Screen, Settings};
use anna_core::command::{Command, Input};
use anna_core::session::Session;
use anna_language::{commands, MoveForm, SquareStyle, Vocabulary, Voice};

fn frame(c: &mut Criterion) {
    let voice = Voice::new(Vocabulary::german(), SquareStyle::AnnexD, MoveForm::Short);
    let mut session = Session::default();
    let tc = commands::command("tc 300+3", &voice.vocab).expect("a time control");
    session.handle(Input::act(tc), Duration::ZERO);
    for (i, text) in ["e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "La4", "Sf6", "O-O", "Le7"].iter().enumerate() {
        let at = Duration::from_secs(i as u64 * 3 + 1);
        let command = commands::command(text, &voice.vocab).expect("a move");
        session.handle(Input::act(command), at);
        session.handle(Input::act(Command::Press), at);
    }
    for large in [true, false] {
        let mut app = Screen::new(voice.clone(), Settings { large, ..Settings::default() });
        let game = App::with_session(session.clone(), Vec::new(), voice.clone(), Options::default(), Duration::ZERO);
        app.sync(&game.view(Duration::from_secs(40)));
        app.said = "Eva vier, weißer Bauer".into();
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
        let name = if large { "tui_frame_120x40_large" } else { "tui_frame_120x40_small" };
        c.bench_function(name, |b| {
            b.iter(|| {
                // A fresh buffer each time, so every frame is drawn in full.
                terminal.clear().expect("clear");
                terminal.draw(|f| f.render_widget(&app, f.area())).expect("draw");
            });
        });
    }
}

criterion_group!(benches, frame);
criterion_main!(benches);
