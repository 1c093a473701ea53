//! The board view through ratatui's TestBackend (insta snapshots of the screen), the keys as
//! (state in, keys, state and words out), and the pace of repaints over a simulated minute.

use std::time::Duration;

use insta::assert_snapshot;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color as Tint;
use ratatui::Terminal;
use shakmaty::{Color, Square};

use crate::ui::tui::{handle, Action, Key, Mode, Screen, Settings};
use anna_app::view::{next_face, GameView};
use anna_app::{App, Options};
use anna_core::clock::TimeControl;
use anna_core::command::{Command, Input};
use anna_core::rules::MoveSpec;
use anna_core::session::Session;
use anna_language::{MoveForm, SquareStyle, Vocabulary, Voice};

fn voice(code: &str) -> Voice {
    Voice::new(Vocabulary::get(code).unwrap(), SquareStyle::AnnexD, MoveForm::Short)
}

/// A game of 5 minutes after 1. e4 e5 2. Nf3, with White's move pressed at 12.4 s and Black's
/// clock running, seen at 20 s.
fn session() -> Session {
    let mut s = Session::default();
    s.handle(Input::act(Command::TimeControl(TimeControl::parse("300").unwrap())), Duration::ZERO);
    let english = voice("en");
    for (at, text) in [(1.0, "e4"), (3.0, "e5"), (12.4, "Nf3")] {
        let at = Duration::from_secs_f64(at);
        let command = anna_language::commands::command(text, &english.vocab).unwrap();
        s.handle(Input::act(command), at);
        s.handle(Input::act(Command::Press), at);
    }
    s
}

/// The app's view of a session at `now`, in `code`'s words.
fn view_of(s: &Session, code: &str, now: Duration) -> GameView {
    App::with_session(s.clone(), Vec::new(), voice(code), Options::default(), Duration::ZERO).view(now)
}

fn app(code: &str, settings: Settings) -> Screen {
    let mut app = Screen::new(voice(code), settings);
    let s = session();
    app.sync(&view_of(&s, code, Duration::from_secs(20)));
    app.cursor = Square::F3;
    app.said = anna_language::describe::square(&app.voice, &app.position, Square::F3);
    app
}

fn draw(app: &Screen, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| frame.render_widget(app, frame.area())).unwrap();
    terminal.backend().buffer().clone()
}

fn screen(app: &Screen, width: u16, height: u16) -> String {
    let buffer = draw(app, width, height);
    let mut out = String::new();
    for y in 0..height {
        let line: String = (0..width).map(|x| buffer[(x, y)].symbol().to_string()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn english_small_squares_80x24() {
    assert_snapshot!(screen(&app("en", Settings { large: false, ..Settings::default() }), 80, 24));
}

/// Issue 46: at 30 by 10, the narrowest board there is, the clocks are shown below the board.
#[test]
fn at_30x10_the_clocks_show_their_time() {
    let shown = screen(&app("en", Settings::default()), 30, 10);
    assert!(shown.lines().any(|line| line.contains(" W 0:04:51") && line.contains(">B 0:04:51")), "{shown}");
}

/// Issue 46: the keys that find pieces are the language's letters, and said so below the board.
#[test]
fn find_keys_are_the_languages_letters() {
    for (code, keys) in [("en", "k q r b n p"), ("de", "k d t l s b"), ("pl", "k h w g s p"), ("sk", "k d v s j p")] {
        let app = app(code, Settings::default());
        assert_eq!(app.voice.vocab.find_keys(), keys, "{code}");
        assert!(screen(&app, 120, 40).contains(&format!("{keys}: ")), "{code}");
    }
}

#[test]
fn english_large_squares_120x40() {
    let settings = Settings { large: true, ..Settings::default() };
    assert_snapshot!(screen(&app("en", settings), 120, 40));
}

#[test]
fn large_squares_shrink_to_fit_80x24() {
    let large = Settings { large: true, ..Settings::default() };
    assert_snapshot!(screen(&app("en", large), 80, 24));
    assert_eq!(screen(&app("en", large), 40, 12), screen(&app("en", Settings::default()), 40, 12));
}

#[test]
fn tiny_40x12_keeps_the_board_and_clocks() {
    assert_snapshot!(screen(&app("en", Settings::default()), 40, 12));
}

#[test]
fn too_small_says_how_large_it_must_be() {
    assert_snapshot!(screen(&app("en", Settings::default()), 20, 6));
}

#[test]
fn a_move_waiting_for_its_press_is_shown_as_such() {
    let mut s = session();
    let english = voice("en");
    s.handle(Input::act(anna_language::commands::command("Nc6", &english.vocab).unwrap()), Duration::from_secs(15));
    let mut screen_now = Screen::new(voice("en"), Settings::default());
    screen_now.sync(&view_of(&s, "en", Duration::from_secs(16)));
    let text = screen(&screen_now, 80, 24);
    assert!(text.lines().next().unwrap().ends_with("Black has moved: press the clock."), "{text}");
    s.handle(Input::act(Command::Press), Duration::from_secs(17));
    screen_now.sync(&view_of(&s, "en", Duration::from_secs(18)));
    assert!(screen(&screen_now, 80, 24).lines().next().unwrap().ends_with("White to move."));
}

#[test]
fn german_letters_flipped_board() {
    let settings = Settings { flipped: true, ..Settings::default() };
    assert_snapshot!(screen(&app("de", settings), 80, 24));
}

#[test]
fn slovak_letters_large_squares() {
    let settings = Settings { large: true, ..Settings::default() };
    assert_snapshot!(screen(&app("sk", settings), 120, 40));
}

#[test]
fn no_color_uses_no_colour_at_all() {
    let settings = Settings { color: false, ..Settings::default() };
    let app = app("en", settings);
    assert_snapshot!(screen(&app, 80, 24));
    let buffer = draw(&app, 80, 24);
    for cell in buffer.content() {
        assert_eq!((cell.fg, cell.bg), (Tint::Reset, Tint::Reset));
    }
    // The cursor is marked by brackets, not by colour alone (`[ N ]` on medium squares).
    assert!(screen(&app, 80, 24).contains("[ N ]"));
}

#[test]
fn no_color_env_and_flag() {
    assert!(Settings::color_allowed(false, None));
    assert!(Settings::color_allowed(false, Some("")));
    assert!(!Settings::color_allowed(false, Some("1")));
    assert!(!Settings::color_allowed(true, None));
}

#[test]
fn command_line_is_shown() {
    let mut app = app("en", Settings::default());
    app.mode = Mode::Command("offer".into());
    assert!(screen(&app, 80, 24).contains(":offer_"));
}

#[test]
fn piece_letters_follow_the_language() {
    let letters = |code: &str| {
        let app = Screen::new(voice(code), Settings::default());
        let start = shakmaty::Chess::default();
        let board = shakmaty::Position::board(&start);
        [Square::E1, Square::D1, Square::A1, Square::C1, Square::B1, Square::E2, Square::E8, Square::E7]
            .map(|s| app.letter(board.piece_at(s).unwrap()))
            .iter()
            .collect::<String>()
    };
    assert_eq!(letters("en"), "KQRBNPkp");
    assert_eq!(letters("de"), "KDTLSBkb");
    assert_eq!(letters("sk"), "KDVSJPkp");
    assert_eq!(letters("sl"), "KDTLSPkp", "the pawn's initial K is the king's: P");
    assert_eq!(Screen::new(voice("de"), Settings::default()).localize_san("Nxf3+"), "Sxf3+");
}

#[test]
fn keys_have_a_text_form() {
    let keys = Key::parse_all("<up>a<C-c><ret><esc><space><lt>:").unwrap();
    assert_eq!(
        keys,
        [Key::Up, Key::Char('a'), Key::Ctrl('c'), Key::Enter, Key::Esc, Key::Char(' '), Key::Char('<'), Key::Char(':')]
    );
    let text: String = keys.iter().map(ToString::to_string).collect();
    assert_eq!(text, "<up>a<C-c><ret><esc><space><lt>:");
    assert_eq!(Key::parse_all("<nope>"), None);
}

/// Presses `keys` (text form) from the start position, German voice; returns the state and the actions.
fn press(keys: &str, settings: Settings) -> (Screen, Vec<Action>) {
    let mut app = Screen::new(voice("de"), settings);
    let mut actions = Vec::new();
    for key in Key::parse_all(keys).unwrap() {
        let (next, more) = handle(app, key);
        app = next;
        actions.extend(more);
    }
    (app, actions)
}

fn said(actions: &[Action]) -> Vec<&str> {
    actions.iter().filter_map(|a| if let Action::Say(w) = a { Some(w.as_str()) } else { None }).collect()
}

#[test]
fn key_table() {
    let flipped = Settings { flipped: true, ..Settings::default() };
    let cases: &[(&str, Settings, Square, &[&str])] = &[
        ("<up><up>", Settings::default(), Square::E4, &["Eva drei, leer", "Eva vier, leer"]),
        ("<left>", Settings::default(), Square::D2, &["David zwei, weißer Bauer"]),
        ("<down><down>", Settings::default(), Square::E1, &["Eva eins, weißer König", "Eva eins, weißer König"]),
        ("<up>", flipped, Square::E6, &["Eva sechs, leer"]),
        ("n", Settings::default(), Square::B1, &["Bella eins, weißer Springer"]),
        (
            "nnn",
            Settings::default(),
            Square::B8,
            &["Bella eins, weißer Springer", "Gustav eins, weißer Springer", "Bella acht, schwarzer Springer"],
        ),
        ("k", Settings::default(), Square::E1, &["Eva eins, weißer König"]),
        // Issue 46: the language's own letters find its pieces (S Springer, D Dame, L Läufer, B Bauer).
        ("s", Settings::default(), Square::B1, &["Bella eins, weißer Springer"]),
        ("d", Settings::default(), Square::D1, &["David eins, weiße Dame"]),
        ("l", Settings::default(), Square::C1, &["Cesar eins, weißer Läufer"]),
        ("b", Settings::default(), Square::F2, &["Felix zwei, weißer Bauer"]),
        ("f", Settings::default(), Square::E2, &["Brett gedreht: Schwarz unten."]),
        ("<ret>", Settings::default(), Square::E2, &["Gewählt: Eva zwei, weißer Bauer; jetzt das Zielfeld."]),
    ];
    for (keys, settings, cursor, words) in cases {
        let (app, actions) = press(keys, *settings);
        assert_eq!(app.cursor, *cursor, "{keys}");
        assert_eq!(said(&actions), *words, "{keys}");
    }
}

#[test]
fn enter_twice_makes_the_move_and_esc_cancels() {
    let (app, actions) = press("<ret><up><up><ret>", Settings::default());
    assert_eq!(actions.last(), Some(&Action::Do(Command::Move(MoveSpec::squares(Square::E2, Square::E4, None)))));
    assert_eq!(app.selected, None);
    let (app, actions) = press("<ret><esc>", Settings::default());
    assert_eq!((app.selected, said(&actions).last().copied()), (None, Some("Abgebrochen.")));
    let (_, actions) = press("<space>", Settings::default());
    assert_eq!(actions, [Action::Do(Command::Press)]);
}

#[test]
fn command_line_hands_lines_to_the_app() {
    let line = |text: &str| vec![Action::Line(text.to_string())];
    assert_eq!(press(":offer<ret>", Settings::default()).1, line("offer"));
    // The scoresheet is saved from the board view too, in the game's language (FIDE 8.1).
    assert_eq!(press(":speichern partie.pgn<ret>", Settings::default()).1, line("speichern partie.pgn"));
    assert_eq!(press(":quit<ret>", Settings::default()).1, line("quit"));
    assert_eq!(press(":q<ret>", Settings::default()).1, [Action::Quit]);
    assert_eq!(press("<C-c>", Settings::default()).1, [Action::Quit]);
    let (app, actions) = press(":ofx<bs><bs>ffer", Settings::default());
    assert_eq!((app.mode, actions), (Mode::Command("offer".into()), vec![]));
    let (app, _) = press(":of<esc>", Settings::default());
    assert_eq!(app.mode, Mode::Board);
    // The squares are as large as the window allows; `:large` switches to small and back, said.
    let (app, actions) = press(":large<ret>", Settings::default());
    assert!(!app.settings.large);
    assert_eq!(said(&actions), ["Kleine Felder."]);
    let (app, actions) = press(":large<ret>:large<ret>", Settings::default());
    assert!(app.settings.large);
    assert_eq!(said(&actions), ["Kleine Felder.", "Große Felder, so groß das Fenster erlaubt."]);
    let (app, _) = press("f", Settings::default());
    assert!(app.settings.flipped, "f turns the board only");
    // `:flip` changes the player's side (the app's), and the board turns with it.
    assert_eq!(press(":flip<ret>", Settings::default()).1, [Action::Line("flip".into())]);
    let mut s = Session::default();
    let mut app = Screen::new(voice("en"), Settings::default());
    app.sync(&view_of(&s, "en", Duration::ZERO));
    s.handle(Input::act(Command::Set(anna_core::command::Setting::Player(Some(Color::Black)))), Duration::ZERO);
    app.sync(&view_of(&s, "en", Duration::ZERO));
    assert!(app.settings.flipped);
    // A question waits: a letter typed opens the command line to answer it.
    let mut waiting = Screen::new(voice("de"), Settings::default());
    waiting.answering = true;
    let (waiting, actions) = handle(waiting, Key::Char('j'));
    assert_eq!((waiting.mode, actions), (Mode::Command("j".into()), vec![]));
}

#[test]
fn a_promotion_is_answered_with_a_piece_key() {
    let mut s = Session::default();
    s.handle(Input::act(Command::Fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1".into())), Duration::ZERO);
    let mut app = Screen::new(voice("en"), Settings::default());
    app.sync(&view_of(&s, "en", Duration::ZERO));
    s.handle(Input::act(Command::Move(MoveSpec::squares(Square::E7, Square::E8, None))), Duration::ZERO);
    app.sync(&view_of(&s, "en", Duration::ZERO));
    assert!(app.promotion, "Anna asked which piece");
    // The question waits, but a piece key answers it at once rather than opening the command line.
    app.answering = true;
    let (_, actions) = handle(app, Key::Char('n'));
    let [Action::Do(command)] = actions.as_slice() else { panic!("{actions:?}") };
    s.handle(Input::act(command.clone()), Duration::ZERO);
    assert_eq!(s.game().fen().split(' ').next(), Some("4N3/6k1/8/8/8/8/8/4K3"));
}

#[test]
fn the_clock_face_changes_once_a_second() {
    let s = session();
    let clock = s.clock();
    // Black's clock started at 12.4 s with 300 s: at 20 s it shows 4:53 (292.4 s left).
    assert_eq!(next_face(clock, Duration::from_secs(20)), Some(Duration::from_millis(20_400)));
    assert_eq!(next_face(clock, Duration::from_millis(20_400)), Some(Duration::from_millis(21_400)));
    let idle = Session::default();
    assert_eq!(next_face(idle.clock(), Duration::from_secs(5)), None);
    assert_eq!(view_of(&idle, "en", Duration::from_secs(5)).changes_at, None, "no clock, no game: sleep until a key");
}

/// The loop's pace over a simulated idle minute: it wakes when it must, repaints only when the
/// screen changed, and that is at most once a second.
#[test]
fn an_idle_game_repaints_at_most_once_a_second() {
    let mut s = session();
    let mut app = Screen::new(voice("en"), Settings::default());
    let mut now = Duration::from_secs(20);
    let end = now + Duration::from_secs(60);
    let (mut drawn, mut repaints, mut wakes): (Option<Screen>, Vec<Duration>, u32) = (None, Vec::new(), 0);
    while now < end {
        s.handle(Input::Tick, now);
        let view = view_of(&s, "en", now);
        app.sync(&view);
        if drawn.as_ref() != Some(&app) {
            repaints.push(now);
            drawn = Some(app.clone());
        }
        let next = view.changes_at.expect("a running clock wakes the loop");
        assert!(next > now);
        now = next;
        wakes += 1;
    }
    assert!(repaints.len() <= 61, "{} repaints in a minute", repaints.len());
    assert!(repaints.len() >= 59, "the clock still moves: {} repaints", repaints.len());
    assert!(wakes <= 62, "{wakes} wakes");
    for pair in repaints.windows(2).skip(1) {
        assert!(pair[1] - pair[0] >= Duration::from_millis(999), "{pair:?}");
    }
    assert_eq!(app.running, Some(Color::Black));
}

/// Issue 22: the board view shows the language in force, not the one it began with (`set
/// language`, or a game resumed in another language): its words and piece letters follow the app.
#[test]
fn the_board_view_takes_the_apps_language() {
    let mut screen = Screen::new(voice("en"), Settings::default());
    screen.sync(&view_of(&session(), "de", Duration::from_secs(20)));
    assert_eq!(screen.voice.vocab.code(), "de");
    assert_eq!(screen.moves[1], (2, Some("Sf3".to_string()), None));
}

/// Issue 50: an evaluation asked for in a home game against the computer is shown as text beside
/// the board, in the game's language, until the position changes.
#[test]
fn the_engine_s_evaluation_asked_for_is_shown_as_text() {
    let options = Options { opponent: anna_app::OtherSide::Computer, ..Options::default() };
    let mut game = App::with_session(session(), Vec::new(), voice("de"), options, Duration::ZERO);
    let asked = game.handle(anna_app::Event::Line("Bewertung".into()), Duration::from_secs(20));
    let Some(anna_app::Out::Evaluate(ask)) = asked.iter().find(|o| matches!(o, anna_app::Out::Evaluate(_))) else {
        panic!("the engine is asked: {asked:?}");
    };
    let (_, position) = ask.positions().unwrap();
    let evaluation = anna_core::analysis::Evaluation::from_engine(&position, Some(-120), None, &[]).unwrap();
    game.handle(anna_app::Event::Evaluated { id: ask.id, result: Ok(evaluation) }, Duration::from_secs(21));
    let mut board = Screen::new(voice("de"), Settings::default());
    board.sync(&game.view(Duration::from_secs(21)));
    // -120 for Black to move is White 1.2 pawns better.
    let shown = screen(&board, 100, 30);
    assert!(shown.contains("Engine: Weiß steht besser, etwa ein Bauer"), "{shown}");
}

/// Issue 61: keys ask about the cursor's square (attackers, defenders, moves, rays) and the
/// position (threats, hanging, material), through the app as the typed questions do.
#[test]
fn question_keys_ask_about_the_cursor_and_the_position() {
    use anna_core::explore::Query;
    let cases = [
        ("a", Query::Attackers(Square::E2)),
        ("e", Query::Defenders(Square::E2)),
        ("m", Query::Moves(Square::E2)),
        ("<up><up>o", Query::Rays(Square::E4)),
        ("x", Query::Threats),
        ("u", Query::Hanging),
        ("c", Query::Material),
    ];
    for (keys, query) in cases {
        let (_, actions) = press(keys, Settings::default());
        assert_eq!(actions.last(), Some(&Action::Do(Command::Explore(query))), "{keys}");
    }
}

/// Issue 61: no question key finds a piece in any language, so each language keeps all of them.
#[test]
fn question_keys_are_no_piece_letters() {
    for code in Vocabulary::codes() {
        let app = Screen::new(voice(code), Settings::default());
        for key in "aemoxuc".chars() {
            assert!(crate::ui::tui::keys::question(&app, key).is_some(), "{code}: {key}");
            assert_eq!(app.role_of_key(key), None, "{code}: {key} finds a piece");
        }
    }
}
