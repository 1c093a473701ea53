//! The key map table test: every command the English `help` lists does what its help says, in both
//! views: typed in the line mode, and typed on the board view's command line (`:` and the line; an
//! empty line is the space bar, which presses the clock), each through its view's own translation
//! into the app's events (the runtime only writes, says and plays what the app returns).

use std::time::Duration;

use anna::ui::tui::{handle, Action, Key, Screen, Settings};
use anna_app::{App, Event, Options, Out};
use anna_core::clock::TimeControl;
use anna_core::command::Command;
use anna_core::session::Config;
use anna_language::{Vocabulary, Voice};

fn mode() -> App {
    let setup = vec![Command::TimeControl(TimeControl::parse("5+3").unwrap())];
    let mut mode = App::new(Config::default(), setup, Voice::english(), Options::default());
    mode.start();
    mode
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum View {
    Line,
    Board,
}

/// What the board view makes of a typed line: its keys, pressed on a screen showing the app now.
fn board_events(screen: &mut Screen, app: &App, line: &str, now: Duration) -> (Vec<Event>, bool) {
    screen.sync(&app.view(now));
    let keys = if line.is_empty() { vec![Key::Char(' ')] } else { Key::parse_all(&format!(":{line}<ret>")).unwrap() };
    let (mut events, mut quit) = (Vec::new(), false);
    for key in keys {
        let (next, actions) = handle(screen.clone(), key);
        *screen = next;
        for action in actions {
            match action {
                Action::Line(line) => events.push(Event::Line(line)),
                Action::Do(command) => events.push(Event::Command(command)),
                Action::Quit => quit = true,
                Action::Say(_) => {}
            }
        }
    }
    (events, quit)
}

/// Types the lines in the line mode; returns everything written and whether the mode asked to quit.
fn type_lines(mode: &mut App, lines: &[&str]) -> (String, bool) {
    type_in(View::Line, mode, lines)
}

/// Types the lines in `view`; returns everything written and whether the app asked to quit.
fn type_in(view: View, mode: &mut App, lines: &[&str]) -> (String, bool) {
    let mut text = String::new();
    let mut quit = false;
    let mut screen = Screen::new(mode.voice().clone(), Settings::default());
    for (i, line) in lines.iter().enumerate() {
        let now = Duration::from_secs(i as u64);
        let events = match view {
            View::Line => vec![Event::Line(line.to_string())],
            View::Board => {
                let (events, quit_key) = board_events(&mut screen, mode, line, now);
                quit |= quit_key;
                events
            }
        };
        let mut outs: Vec<Out> = events.into_iter().flat_map(|event| mode.handle(event, now)).collect();
        // What the runtime would do: the microphone opens, and the app is told so.
        if outs.iter().any(|out| matches!(out, Out::Listen)) {
            outs.extend(mode.handle(Event::Listening(Ok(())), now));
        }
        for out in outs {
            match out {
                Out::Say(..) | Out::Write(..) | Out::SayLive(..) => {
                    text.push_str(&out.words(mode.voice()).unwrap_or_default());
                    text.push('\n');
                }
                Out::Quit => quit = true,
                // What the runtime would do: the file and what it holds.
                Out::Save(save) => {
                    let path = save.path.map_or_else(|| "the games folder".to_string(), |p| p.display().to_string());
                    text.push_str(&format!("save {path}: {}\n", save.text.lines().next().unwrap_or_default()));
                }
                _ => {}
            }
        }
    }
    (text, quit)
}

/// The command words the English help lists: `press or Enter` gives `press` and `Enter`.
fn listed() -> Vec<String> {
    let en = Vocabulary::english();
    let intro = en.word("help.intro").replace("{press}", en.word("line.press_enter"));
    let list = intro.strip_prefix("Commands: ").unwrap().split(". ").next().unwrap();
    list.split("; ")
        .flat_map(|item| item.strip_prefix("a move like ").unwrap_or(item).split(" or "))
        .map(str::to_string)
        .collect()
}

/// (command as listed, lines typed, what the help promises: words written after the last line).
const TABLE: &[(&str, &[&str], &str)] = &[
    ("e4", &["e4"], "White: Eva vier."),
    ("Nf3", &["Nf3"], "White: Knight Felix drei."),
    ("press", &["e4", "press", "turn"], "Black to move."),
    ("Enter on an empty line", &["e4", "", "turn"], "Black to move."),
    ("time", &["time"], "White 5 minutes 3 seconds, Black 5 minutes 3 seconds, 0 moves."),
    ("c", &["c"], "White 5 minutes 3 seconds, Black 5 minutes 3 seconds, 0 moves."),
    ("last", &["e4", "", "last"], "Last move: White: Eva vier."),
    ("l", &["e4", "", "l"], "Last move: White: Eva vier."),
    ("moves", &["e4", "", "e5", "", "moves"], "1. Eva vier, Eva fünf."),
    ("turn", &["turn"], "White to move."),
    ("repeat", &["e4", "repeat"], "White: Eva vier.\nWhite: Eva vier."),
    ("offer", &["e4", "offer"], "White offers a draw."),
    (
        "accept",
        &["e4", "", "e5", "", "Nf3", "offer", "", "accept", "yes"],
        "Do you really accept the draw? Say yes or no.\nDraw by agreement",
    ),
    ("decline", &["e4", "offer", "", "decline"], "Black declines the draw offer."),
    ("claim", &["claim", "yes"], "Do you really claim? Say yes or no.\nThe claim by White is incorrect."),
    ("resign", &["resign", "yes"], "Do you really resign? Say yes or no.\nBlack wins by resignation"),
    ("flag", &["flag"], "flag has not fallen."),
    ("pause", &["pause"], "Clocks stopped."),
    ("resume", &["e4", "pause", "resume"], "Clocks running."),
    ("seal and a move", &["e4", "", "e5", "", "seal Nf3", "Nf3"], "White sealed move 2; the game is adjourned"),
    (
        "open",
        &["e4", "", "e5", "", "seal Nf3", "open"],
        "The envelope is opened (FIDE I.9.1).\nWhite: Knight Felix drei.",
    ),
    ("board", &["board"], "White: King Eva eins; Queen David eins;"),
    ("pieces", &["pieces white"], "White: King Eva eins;"),
    ("rank", &["rank 1"], "Anna eins, white rook;"),
    ("file", &["file e"], "Eva eins, white king;"),
    ("square", &["square e2"], "Eva zwei, white pawn, light square."),
    ("where", &["where knight"], "White knights Bella eins, Gustav eins; black knights Bella acht, Gustav acht."),
    ("new", &["e4", "", "new", "yes", "moves"], "New game with the same settings. Type the first move.\nNo moves yet."),
    ("flip", &["flip"], "Your side: Black."),
    ("save", &["e4", "save game.pgn"], "save game.pgn: [Event "),
    ("settings", &["settings"], "Language English, squares Annex D, form short, sounds on, Enter presses the clock"),
    ("set", &["set form long", "e4"], "Setting form: long.\n"),
    ("restore board", &["restore board"], "No board is linked; start Anna with --board and the board's port.\n"),
    ("listen", &["listen"], "Listening.\n"),
    (
        "turn board",
        &["turn board"],
        "No DGT or Millennium board is linked; start Anna with --board or --opponent-board and the board's port.\n",
    ),
    ("stop", &["e4", "stop"], "White: Eva vier."),
    ("quiet", &["e4", "quiet"], "White: Eva vier."),
    ("more", &["help", "more"], "Commands: a move like e4"),
    ("help", &["help"], "Commands: a move like e4"),
    ("quit", &["quit"], ""),
];

#[test]
fn every_command_in_help_does_what_it_says() {
    let listed = listed();
    assert!(listed.len() >= 25, "{listed:?}");
    for word in &listed {
        assert!(TABLE.iter().any(|(w, ..)| w == word), "'{word}' is in help but not in this table");
    }
    for view in [View::Line, View::Board] {
        for (word, lines, promised) in TABLE {
            let mut m = mode();
            let (text, quit) = type_in(view, &mut m, lines);
            assert!(text.contains(promised), "{view:?} {word}: expected '{promised}' in:\n{text}");
            assert_eq!(quit, *word == "quit", "{view:?} {word}: quits only on quit");
        }
    }
}

#[test]
fn every_listed_command_has_its_own_help() {
    let en = Vocabulary::english();
    let unknown_start = en.word("help.unknown").split('{').next().unwrap().to_string();
    for word in listed() {
        let topic = match word.as_str() {
            "e4" | "Nf3" => "move",
            "Enter on an empty line" => "press",
            "seal and a move" => "seal",
            other => other,
        };
        let (text, _) = type_lines(&mut mode(), &[&format!("help {topic}")]);
        assert!(!text.starts_with(&unknown_start) && !text.is_empty(), "help {topic}: {text}");
        assert!(text.split(['.', ';']).count() <= 16, "help {topic} is short: {text}");
    }
}

#[test]
fn set_changes_what_is_said() {
    let mut m = mode();
    let (text, _) = type_lines(&mut m, &["set form long", "e4", "", "set squares nato", "e5"]);
    assert!(text.contains("White: Pawn Eva zwei Eva vier.") || text.contains("Eva zwei"), "{text}");
    assert!(text.contains("Echo"), "{text}");
    let (text, _) = type_lines(&mut m, &["set alarms 1:00", "set touch-move enforce", "set auto-press on"]);
    assert_eq!(text, "Setting alarms: 1:00.\nSetting touch-move: enforce.\nSetting auto-press: on.\n");
    assert_eq!(m.session().config().alarms, [Duration::from_secs(60)]);
    assert!(m.session().config().auto_press);
}
