//! A game on lichess driven through the app's one path: the server's lines in (read by this
//! adapter's `wire`, as the runtime reads them), what the player hears and what goes to the server
//! out. The lines are as lichess's OpenAPI description writes them (`GameFullEvent`,
//! `GameStateEvent`, `ChatLineEvent`, `OpponentGoneEvent`).

use std::time::Duration;

use shakmaty::Color;

use super::wire::{read_error, read_game_line};
use anna_app::online::{ServerError, ServerEvent, ServerRequest};
use anna_app::{App, Event, OnlineGame, Options, OtherSide, Out};
use anna_core::session::Config;
use anna_language::Voice;

const SECOND: Duration = Duration::from_secs(1);

fn app() -> App {
    let online =
        OnlineGame { game: "Xq7Lp2Rt".into(), user: "AnnaPlayer".into(), server: "https://lichess.org".into() };
    let options = Options { opponent: OtherSide::Server, online: Some(online), ..Options::default() };
    App::new(Config::default(), Vec::new(), Voice::english(), options)
}

/// `gameFull` of a 5+3 game, the player White against lichess's AI, with these moves.
fn full(moves: &str) -> String {
    format!(
        r#"{{"type":"gameFull","id":"Xq7Lp2Rt","rated":false,"speed":"blitz","clock":{{"initial":300000,"increment":3000}},"white":{{"id":"annaplayer","name":"AnnaPlayer","rating":1500}},"black":{{"aiLevel":3}},"initialFen":"startpos","state":{}}}"#,
        state(moves, 300_000, 300_000, "started", "")
    )
}

fn state(moves: &str, wtime: u64, btime: u64, status: &str, extra: &str) -> String {
    format!(
        r#"{{"type":"gameState","moves":"{moves}","wtime":{wtime},"btime":{btime},"winc":3000,"binc":3000,"status":"{status}"{extra}}}"#
    )
}

fn line(app: &mut App, text: &str, now: Duration) -> Vec<Out> {
    // What the reader does not hand on (lichess's own chat, the spectators') never reaches the app.
    match read_game_line(text).unwrap() {
        Some(game_line) => app.handle(Event::Server(ServerEvent::Line(game_line)), now),
        None => Vec::new(),
    }
}

fn said(app: &App, outs: &[Out]) -> Vec<String> {
    Out::said_by(outs, app.voice())
}

fn sent(outs: &[Out]) -> Vec<ServerRequest> {
    outs.iter()
        .filter_map(|o| match o {
            Out::Server(request) => Some(request.clone()),
            _ => None,
        })
        .collect()
}

fn typed(app: &mut App, text: &str, now: Duration) -> Vec<Out> {
    app.handle(Event::Line(text.to_string()), now)
}

/// Started, with the first `gameFull` read.
fn playing(moves: &str) -> App {
    let mut app = app();
    let start = app.start();
    assert!(sent(&start).iter().any(|r| matches!(r, ServerRequest::Open(g) if g.game == "Xq7Lp2Rt")));
    line(&mut app, &full(moves), Duration::ZERO);
    app
}

#[test]
fn the_game_is_set_up_from_the_server_and_the_players_move_goes_out_at_the_press() {
    let mut app = app();
    let start = app.start();
    assert_eq!(said(&app, &start), ["Connecting to the lichess game Xq7Lp2Rt."]);
    let outs = line(&mut app, &full(""), Duration::ZERO);
    let words = said(&app, &outs);
    assert!(
        words.contains(&"You play White against lichess AI, level 3 on lichess, a casual game.".to_string()),
        "{words:?}"
    );
    assert_eq!(app.session().name(Color::White), Some("AnnaPlayer (1500)"));
    assert!(app.session().started());
    // The move is made here; nothing goes out before the press (a slip may still be corrected).
    assert!(sent(&typed(&mut app, "e4", SECOND)).is_empty());
    assert!(sent(&typed(&mut app, "d4", 2 * SECOND)).is_empty());
    let press = typed(&mut app, "", 3 * SECOND);
    assert_eq!(sent(&press), [ServerRequest::Move("d2d4".into())]);
    // The server's echo of the move says nothing and sends nothing again.
    let echo = line(&mut app, &state("d2d4", 299_000, 300_000, "started", ""), 3 * SECOND);
    assert!(said(&app, &echo).is_empty(), "{:?}", said(&app, &echo));
    assert!(sent(&echo).is_empty());
    // The opponent's reply is said as every move is, and the clocks are the server's.
    let reply = line(&mut app, &state("d2d4 g8f6", 299_000, 297_500, "started", ""), 5 * SECOND);
    assert_eq!(said(&app, &reply), ["Black: Knight Felix sechs."]);
    assert_eq!(app.session().game().plies().len(), 2);
    let time = typed(&mut app, "time", 5 * SECOND);
    let time = said(&app, &time);
    assert_eq!(time, ["White 4 minutes 59 seconds, Black 4 minutes 58 seconds, 1 move."]);
}

#[test]
fn a_reconnection_says_no_move_twice_and_brings_the_moves_missed() {
    let mut app = playing("");
    typed(&mut app, "e4", SECOND);
    typed(&mut app, "", SECOND);
    line(&mut app, &state("e2e4", 299_000, 300_000, "started", ""), SECOND);
    let lost = app.handle(Event::Server(ServerEvent::Lost), 2 * SECOND);
    assert_eq!(
        said(&app, &lost),
        ["The connection to lichess was lost; connecting again. Nothing is lost: the moves come back with it."]
    );
    let again = app.handle(Event::Server(ServerEvent::Lost), 3 * SECOND);
    assert!(said(&app, &again).is_empty());
    // The stream is opened again: its gameFull has the move already played and the one missed.
    let back = line(&mut app, &full("e2e4 e7e5"), 9 * SECOND);
    assert_eq!(said(&app, &back), ["Connected to lichess again.", "Black: Eva fünf."]);
    let again = line(&mut app, &full("e2e4 e7e5"), 10 * SECOND);
    assert!(said(&app, &again).is_empty(), "{:?}", said(&app, &again));
    assert_eq!(app.session().game().plies().len(), 2);
}

#[test]
fn a_move_the_server_refuses_is_said_with_its_reason_and_taken_back() {
    let mut app = playing("");
    typed(&mut app, "e4", SECOND);
    let press = typed(&mut app, "", SECOND);
    let refused = ServerRequest::Move("e2e4".into());
    assert_eq!(sent(&press), std::slice::from_ref(&refused));
    let error = ServerError::Refused(super::wire::refusal(r#"{"error":"Not your turn, or game already over"}"#));
    let outs = app.handle(Event::Server(ServerEvent::Failed(refused, error)), 2 * SECOND);
    assert_eq!(
        said(&app, &outs),
        [
            "lichess refused: it is not your turn there, or the game is over.",
            "Moves taken back on lichess: 1. White to move."
        ]
    );
    assert!(app.session().game().plies().is_empty());
    // A move that did not reach the server stays, and the next press sends it.
    typed(&mut app, "d4", 3 * SECOND);
    let press = typed(&mut app, "", 3 * SECOND);
    let move_out = ServerRequest::Move("d2d4".into());
    assert_eq!(sent(&press), std::slice::from_ref(&move_out));
    let gone = ServerError::Unreachable("connection refused".into());
    let outs = app.handle(Event::Server(ServerEvent::Failed(move_out.clone(), gone)), 4 * SECOND);
    assert_eq!(
        said(&app, &outs),
        [
            "lichess cannot be reached: check the network connection.",
            "Your move was not sent to lichess. Press the clock again to send it."
        ]
    );
    assert_eq!(app.session().game().plies().len(), 1);
    assert_eq!(sent(&typed(&mut app, "", 5 * SECOND)), [move_out]);
}

#[test]
fn a_resignation_is_sent_and_the_result_is_the_servers() {
    let mut app = playing("e2e4 e7e5");
    let outs = typed(&mut app, "resign", SECOND);
    assert_eq!(said(&app, &outs), ["Do you really resign? Say yes or no."]);
    let outs = typed(&mut app, "yes", SECOND);
    assert_eq!(sent(&outs), [ServerRequest::Resign]);
    // Not over here until the server says it is.
    assert!(app.session().outcome().is_none());
    let over = line(&mut app, &state("e2e4 e7e5", 290_000, 295_000, "resign", r#","winner":"black""#), 2 * SECOND);
    assert_eq!(said(&app, &over), ["Black wins by resignation (FIDE 5.1.2)."]);
    assert_eq!(app.session().outcome().unwrap().result(), "0-1");
}

#[test]
fn draw_offers_go_both_ways_and_an_agreed_draw_is_the_agreement() {
    let mut app = playing("e2e4 e7e5");
    let offer = line(&mut app, &state("e2e4 e7e5", 290_000, 295_000, "started", r#","bdraw":true"#), SECOND);
    assert_eq!(said(&app, &offer), ["Black offers a draw: say accept or decline."]);
    let accept = typed(&mut app, "accept", 2 * SECOND);
    let accept = if sent(&accept).is_empty() { typed(&mut app, "yes", 2 * SECOND) } else { accept };
    assert_eq!(sent(&accept), [ServerRequest::Draw(true)]);
    let over = line(&mut app, &state("e2e4 e7e5", 290_000, 295_000, "draw", ""), 3 * SECOND);
    assert_eq!(said(&app, &over), ["Draw by agreement (FIDE 5.2.3)."]);
    // The player's own offer goes to the server.
    let mut app = playing("e2e4 e7e5");
    assert_eq!(sent(&typed(&mut app, "offer", SECOND)), [ServerRequest::Draw(true)]);
}

#[test]
fn an_opponent_who_leaves_is_said_with_the_seconds_and_the_win_is_claimed() {
    let mut app = playing("e2e4 e7e5");
    let gone = line(&mut app, r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":25}"#, SECOND);
    assert_eq!(said(&app, &gone), ["Your opponent has left the game. You may claim the win in 25 seconds."]);
    // Before lichess allows it: not asked about first, refused with the seconds (issue 57).
    let early = typed(&mut app, "claim", 2 * SECOND);
    assert_eq!(said(&app, &early), ["Your opponent has left the game; lichess allows the claim in about 25 seconds."]);
    assert!(sent(&early).is_empty());
    let now = line(&mut app, r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":0}"#, 26 * SECOND);
    assert_eq!(
        said(&app, &now),
        ["Your opponent has left the game. You may claim the win now: say claim; or a draw: say draw."]
    );
    let claim = typed(&mut app, "claim", 27 * SECOND);
    let claim = if sent(&claim).is_empty() { typed(&mut app, "yes", 27 * SECOND) } else { claim };
    assert_eq!(sent(&claim), [ServerRequest::ClaimVictory]);
    let over = line(&mut app, &state("e2e4 e7e5", 290_000, 270_000, "timeout", r#","winner":"white""#), 28 * SECOND);
    assert_eq!(said(&app, &over), ["White wins: Black left the game and the win was claimed (lichess's rule)."]);
    assert_eq!(app.session().outcome().unwrap().result(), "1-0");
}

/// Once the win may be claimed, a draw may be claimed instead: the player's draw offer is that claim.
#[test]
fn a_draw_is_claimed_instead_when_the_opponent_has_left() {
    let mut app = playing("e2e4 e7e5");
    line(&mut app, r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":0}"#, SECOND);
    let asked = typed(&mut app, "draw", 2 * SECOND);
    assert_eq!(said(&app, &asked), ["Do you claim a draw? Say yes or no."]);
    assert!(sent(&asked).is_empty());
    let claim = typed(&mut app, "yes", 2 * SECOND);
    assert_eq!(sent(&claim), [ServerRequest::ClaimDraw]);
    let over = line(&mut app, &state("e2e4 e7e5", 290_000, 270_000, "timeout", ""), 3 * SECOND);
    assert_eq!(said(&app, &over), ["Draw: the opponent left the game and a draw was claimed (lichess's rule)."]);
    assert_eq!(app.session().outcome().unwrap().result(), "1/2-1/2");
}

#[test]
fn the_opponents_chat_is_said_and_the_players_goes_out() {
    let mut app = playing("");
    let chat = line(&mut app, r#"{"type":"chatLine","room":"player","username":"maia1","text":"good luck!"}"#, SECOND);
    assert_eq!(said(&app, &chat), ["maia1 writes: good luck!"]);
    let own = line(&mut app, r#"{"type":"chatLine","room":"player","username":"AnnaPlayer","text":"thanks"}"#, SECOND);
    assert!(said(&app, &own).is_empty());
    let watchers = line(&mut app, r#"{"type":"chatLine","room":"spectator","username":"x","text":"hi"}"#, SECOND);
    assert!(said(&app, &watchers).is_empty());
    let out = typed(&mut app, "chat thanks, you too", 2 * SECOND);
    assert_eq!(sent(&out), [ServerRequest::Chat("thanks, you too".into())]);
    assert_eq!(said(&app, &out), ["Written in the chat."]);
}

#[test]
fn an_aborted_game_has_no_result() {
    let mut app = playing("");
    assert_eq!(sent(&typed(&mut app, "abort", SECOND)), [ServerRequest::Abort]);
    let over = line(&mut app, &state("", 300_000, 300_000, "aborted", ""), 2 * SECOND);
    assert_eq!(said(&app, &over), ["The game was aborted on lichess: it has no result."]);
    assert_eq!(app.session().outcome().unwrap().result(), "*");
}

#[test]
fn castling_comes_in_either_uci_form_and_goes_out_as_the_kings_step() {
    let moves = "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5";
    let mut app = playing(moves);
    typed(&mut app, "O-O", SECOND);
    let press = typed(&mut app, "", SECOND);
    assert_eq!(sent(&press), [ServerRequest::Move("e1g1".into())]);
    // The server may write it as the king taking its rook: the same move, nothing said again.
    let echo = line(&mut app, &state(&format!("{moves} e1h1"), 290_000, 290_000, "started", ""), 2 * SECOND);
    assert!(said(&app, &echo).is_empty(), "{:?}", said(&app, &echo));
    let reply = line(&mut app, &state(&format!("{moves} e1h1 e8h8"), 290_000, 288_000, "started", ""), 3 * SECOND);
    assert_eq!(said(&app, &reply), ["Black: Castles kingside."]);
}

#[test]
fn a_takeback_asked_by_the_opponent_is_said_and_agreed_to() {
    let mut app = playing("e2e4 e7e5 g1f3");
    let ask = line(&mut app, &state("e2e4 e7e5 g1f3", 290_000, 290_000, "started", r#","btakeback":true"#), SECOND);
    assert_eq!(said(&app, &ask), ["Black asks to take back the last move: say takeback to agree, or decline."]);
    assert_eq!(sent(&typed(&mut app, "takeback", 2 * SECOND)), [ServerRequest::Takeback(true)]);
    let back = line(&mut app, &state("e2e4 e7e5", 290_000, 290_000, "started", ""), 3 * SECOND);
    assert_eq!(said(&app, &back), ["Moves taken back on lichess: 1. White to move."]);
    assert_eq!(app.session().game().plies().len(), 2);
    // Asked again, and declined: sent, and said.
    let ask = line(&mut app, &state("e2e4 e7e5", 280_000, 290_000, "started", r#","btakeback":true"#), 4 * SECOND);
    assert_eq!(said(&app, &ask).len(), 1);
    let declined = typed(&mut app, "decline", 5 * SECOND);
    assert_eq!(sent(&declined), [ServerRequest::Takeback(false)]);
    assert_eq!(said(&app, &declined), ["Takeback declined; the game goes on."]);
}

#[test]
fn what_only_an_arbiter_does_at_the_board_is_not_for_a_game_on_lichess() {
    let mut app = playing("e2e4");
    let out = typed(&mut app, "pause", SECOND);
    assert_eq!(said(&app, &out), ["Not in a game on lichess: the server keeps the clocks and the rules there."]);
    assert!(sent(&out).is_empty());
}

#[test]
fn lichess_answered_in_the_setup_finds_a_game_there() {
    let options = Options { ask_setup: true, ..Options::default() };
    let mut app = App::new(Config::default(), Vec::new(), Voice::english(), options);
    app.start();
    for answer in ["black", ""] {
        typed(&mut app, answer, Duration::ZERO);
    }
    let outs = typed(&mut app, "lichess", Duration::ZERO);
    assert_eq!(said(&app, &outs), ["Looking for an opponent on lichess."]);
    assert_eq!(sent(&outs), [ServerRequest::Find { clock: (900, 10), side: Color::Black, level: 3 }]);
    let online =
        OnlineGame { game: "Xq7Lp2Rt".into(), user: "AnnaPlayer".into(), server: "https://lichess.org".into() };
    let found = app.handle(Event::Server(ServerEvent::Found(online.clone())), SECOND);
    assert_eq!(said(&app, &found), ["Connecting to the lichess game Xq7Lp2Rt."]);
    assert_eq!(sent(&found), [ServerRequest::Open(online)]);
    // A blitz control is no seek there: the AI plays.
    let options = Options { ask_setup: true, ..Options::default() };
    let mut app = App::new(Config::default(), Vec::new(), Voice::english(), options);
    app.start();
    for answer in ["", "5+3"] {
        typed(&mut app, answer, Duration::ZERO);
    }
    let outs = typed(&mut app, "lichess", Duration::ZERO);
    assert_eq!(sent(&outs), [ServerRequest::Find { clock: (300, 3), side: Color::White, level: 3 }]);
    assert_eq!(
        said(&app, &outs),
        ["lichess pairs seeks only for rapid and slower games: a game against lichess AI, level 3, is started instead."]
    );
}

#[test]
fn the_opponents_move_is_shown_on_the_peg_board() {
    let mut app = playing("e2e4");
    let joining = anna_app::Joining::Player { protocol: None, side: None };
    app.handle(Event::BoardJoined(joining), SECOND);
    let outs = line(&mut app, &state("e2e4 e7e5", 299_000, 298_000, "started", ""), 2 * SECOND);
    let shown = outs.iter().any(|o| {
        matches!(o, Out::Board(anna_board::BoardRole::Player, anna_board::HostCommand::ShowMove { from, to, .. })
            if *from == shakmaty::Square::E7 && *to == shakmaty::Square::E5)
    });
    assert!(shown, "{outs:?}");
}

#[test]
fn with_auto_press_the_move_goes_out_at_once() {
    let online =
        OnlineGame { game: "Xq7Lp2Rt".into(), user: "AnnaPlayer".into(), server: "https://lichess.org".into() };
    let options = Options { opponent: OtherSide::Server, online: Some(online), ..Options::default() };
    let config = Config { auto_press: true, ..Config::default() };
    let mut app = App::new(config, Vec::new(), Voice::english(), options);
    app.start();
    line(&mut app, &full(""), Duration::ZERO);
    assert_eq!(sent(&typed(&mut app, "e4", SECOND)), [ServerRequest::Move("e2e4".into())]);
}

#[test]
fn leaving_a_game_on_lichess_says_that_it_goes_on_there() {
    let mut app = playing("e2e4 e7e5");
    let outs = typed(&mut app, "quit", SECOND);
    assert_eq!(
        said(&app, &outs),
        ["The game goes on on lichess, and your clock runs there: anna --resume comes back to it."]
    );
}

#[test]
fn anna_s_clock_follows_the_servers_from_the_first_state_and_never_flags_by_itself() {
    let mut app = playing("");
    // Five minutes pass here without a word from the server: no flag falls here; lichess decides.
    let outs = app.handle(Event::Tick, Duration::from_secs(301));
    assert!(said(&app, &outs).iter().all(|s| !s.contains("flag")), "{:?}", said(&app, &outs));
    assert!(app.session().outcome().is_none());
    let over = line(&mut app, &state("", 0, 300_000, "outoftime", r#","winner":"black""#), Duration::from_secs(302));
    assert_eq!(said(&app, &over), ["Black wins by time forfeit (FIDE 6.9)."]);
}

#[test]
fn a_variant_game_is_not_followed_as_standard_chess() {
    let mut app = app();
    app.start();
    let variant =
        full("").replace(r#""initialFen":"startpos""#, r#""initialFen":"startpos","variant":{"key":"chess960"}"#);
    let outs = line(&mut app, &variant, Duration::ZERO);
    assert_eq!(
        said(&app, &outs),
        ["This lichess game is chess960: Anna plays standard chess there; play this one on the lichess page."]
    );
    assert!(!app.session().started());
    // The board here is no game: a move is not taken.
    let outs = typed(&mut app, "e4", SECOND);
    assert_eq!(said(&app, &outs), ["There is no game to play here: that lichess game is played on the lichess page."]);
    assert!(app.session().game().plies().is_empty());
    assert!(sent(&typed(&mut app, "", SECOND)).is_empty());
}

/// Issue 57: an offer sent to lichess is said; a resignation or an offer that did not reach it is
/// said not to have (the game goes on there).
#[test]
fn an_offer_is_said_and_what_did_not_reach_lichess_is_said_so() {
    let mut app = playing("e2e4 e7e5");
    let offer = typed(&mut app, "offer", SECOND);
    assert_eq!(sent(&offer), [ServerRequest::Draw(true)]);
    assert_eq!(said(&app, &offer), ["Draw offered to your opponent on lichess."]);
    let gone = ServerError::Unreachable("connection refused".into());
    let outs = app.handle(Event::Server(ServerEvent::Failed(ServerRequest::Resign, gone.clone())), 2 * SECOND);
    assert_eq!(
        said(&app, &outs),
        [
            "lichess cannot be reached: check the network connection.",
            "Your resignation did not reach lichess: the game goes on there. Say resign again to try once more."
        ]
    );
    assert!(app.session().outcome().is_none());
}

/// Issue 57: while the game is still being found on lichess, `time` says so, not "no clock".
#[test]
fn time_while_the_game_is_found_says_it_is_not_begun() {
    let options = Options { opponent: OtherSide::Server, ..Options::default() };
    let mut app = App::new(Config::default(), Vec::new(), Voice::english(), options);
    app.start();
    let time = typed(&mut app, "time", SECOND);
    assert_eq!(said(&app, &time), ["No game yet: Anna is still finding one on lichess; its clocks come with it."]);
}

/// Issue 58: lichess counts the opponent's absence down every few seconds; the player hears the
/// changes only (gone, the claim open), `time` says where it stands, and a move of the opponent's
/// ends it.
#[test]
fn the_opponent_s_absence_is_said_when_it_changes_not_at_every_countdown_line() {
    let mut app = playing("e2e4");
    let gone = |app: &mut App, seconds: u32, at: u32| {
        let text = format!(r#"{{"type":"opponentGone","gone":true,"claimWinInSeconds":{seconds}}}"#);
        let outs = line(app, &text, at * SECOND);
        said(app, &outs)
    };
    assert_eq!(gone(&mut app, 140, 1), ["Your opponent has left the game. You may claim the win in 140 seconds."]);
    for (seconds, at) in [(135, 6), (130, 11), (125, 16)] {
        assert_eq!(gone(&mut app, seconds, at), Vec::<String>::new(), "{seconds}");
    }
    let time = typed(&mut app, "time", 17 * SECOND);
    assert_eq!(
        said(&app, &time).last().unwrap(),
        "Your opponent has left the game. You may claim the win in 125 seconds."
    );
    // The opponent moves: the absence is over, and a later countdown starts anew.
    line(&mut app, &state("e2e4 e7e5", 299_000, 290_000, "started", ""), 18 * SECOND);
    let time = typed(&mut app, "time", 19 * SECOND);
    assert!(said(&app, &time).iter().all(|s| !s.contains("left the game")), "{:?}", said(&app, &time));
    assert_eq!(
        gone(&mut app, 0, 30),
        ["Your opponent has left the game. You may claim the win now: say claim; or a draw: say draw."]
    );
    assert_eq!(gone(&mut app, 0, 35), Vec::<String>::new());
    // Back without lichess's `gone: false`: a line of theirs in the chat says they are there, and
    // `offer` is again a draw offer, not the claim of an absent opponent's game.
    line(&mut app, r#"{"type":"chatLine","room":"player","username":"Rival","text":"sorry, back"}"#, 36 * SECOND);
    assert_eq!(sent(&typed(&mut app, "offer", 37 * SECOND)), [ServerRequest::Draw(true)]);
}

/// Issue 58: a tournament game lost by not starting (`noStart` with a winner) is a win, said with
/// lichess's rule, not "aborted, no result"; without a winner it is an abort.
#[test]
fn no_start_with_a_winner_is_a_win_by_lichess_s_rule() {
    let mut app = playing("");
    let ended = line(&mut app, &state("", 300_000, 300_000, "noStart", r#","winner":"white""#), SECOND);
    assert_eq!(
        said(&app, &ended).last().unwrap(),
        "White wins: Black did not make a first move in time (lichess's rule)."
    );
    let outcome = app.session().outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (Some(Color::White), anna_core::outcome::Reason::NoStart));
    let mut app = playing("");
    let ended = line(&mut app, &state("", 300_000, 300_000, "noStart", ""), SECOND);
    assert_eq!(said(&app, &ended).last().unwrap(), "The game was aborted on lichess: it has no result.");
}

/// Issue 58: joining a game in progress (a `gameFull` with moves, as after `anna --opponent lichess`
/// finds one) takes its moves in without a sentence each: where the game stands is said.
#[test]
fn joining_a_game_in_progress_says_where_it_stands_not_every_move() {
    let mut app = app();
    app.start();
    let moves = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7";
    let outs = line(&mut app, &full(moves), SECOND);
    let words = said(&app, &outs);
    assert_eq!(words.len(), 6, "{words:?}");
    assert!(!words.iter().any(|w| w.starts_with("Clock started")), "{words:?}");
    assert!(
        words.contains(&"The game is in progress; so far: 5 moves. Say moves to hear them.".to_string()),
        "{words:?}"
    );
    assert!(words.iter().any(|w| w.starts_with("Last move")), "{words:?}");
    assert_eq!(app.session().game().plies().len(), 10);
    assert!(!words.iter().any(|w| w.contains("Knight Felix drei")), "{words:?}");
}

/// Issue 58: an anonymous opponent is said so; a BOT's title and a provisional rating are said as
/// lichess writes them; lichess's own chat lines are not said as the opponent's.
#[test]
fn anonymous_players_titles_provisional_ratings_and_lichess_s_own_chat() {
    let mut anonymous = app();
    anonymous.start();
    let full = r#"{"type":"gameFull","id":"Xq7Lp2Rt","rated":false,"clock":{"initial":300000,"increment":3000},"white":{"id":"annaplayer","name":"AnnaPlayer","rating":1500},"black":{},"initialFen":"startpos","state":{"type":"gameState","moves":"","wtime":300000,"btime":300000,"winc":3000,"binc":3000,"status":"started"}}"#;
    let outs = line(&mut anonymous, full, SECOND);
    assert!(said(&anonymous, &outs)
        .contains(&"You play White against an anonymous player on lichess, a casual game.".to_string()));
    let mut bot = app();
    bot.start();
    let full = r#"{"type":"gameFull","id":"Xq7Lp2Rt","rated":true,"clock":{"initial":300000,"increment":3000},"white":{"id":"annaplayer","name":"AnnaPlayer","rating":1500},"black":{"id":"maia1","name":"maia1","title":"BOT","rating":1580,"provisional":true},"initialFen":"startpos","state":{"type":"gameState","moves":"","wtime":300000,"btime":300000,"winc":3000,"binc":3000,"status":"started"}}"#;
    line(&mut bot, full, SECOND);
    assert_eq!(bot.session().name(Color::Black), Some("BOT maia1 (1580?)"));
    let system = line(
        &mut bot,
        r#"{"type":"chatLine","room":"player","username":"lichess","text":"Black proposes takeback"}"#,
        2 * SECOND,
    );
    assert!(said(&bot, &system).is_empty(), "{:?}", said(&bot, &system));
    assert_eq!(read_error(r#"{"clock.limit":["Invalid value"]}"#), "clock.limit: Invalid value");
}

/// Issue 58: a game from a position (`variant.key: fromPosition`) is played from its `initialFen`
/// and said so, not refused.
#[test]
fn a_game_from_a_position_is_played_from_its_initial_fen() {
    let mut app = app();
    app.start();
    let full = r#"{"type":"gameFull","id":"Xq7Lp2Rt","variant":{"key":"fromPosition"},"rated":false,"clock":{"initial":300000,"increment":3000},"white":{"id":"annaplayer","name":"AnnaPlayer","rating":1500},"black":{"aiLevel":3},"initialFen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1","state":{"type":"gameState","moves":"","wtime":300000,"btime":300000,"winc":3000,"binc":3000,"status":"started"}}"#;
    let outs = line(&mut app, full, SECOND);
    let words = said(&app, &outs);
    assert!(words.iter().any(|w| w.starts_with("The game starts from a set position")), "{words:?}");
    assert_eq!(shakmaty::Position::board(app.session().game().position()).occupied().count(), 3);
    let press = {
        typed(&mut app, "e4", 2 * SECOND);
        typed(&mut app, "", 2 * SECOND)
    };
    assert_eq!(sent(&press), [ServerRequest::Move("e2e4".into())]);
}

/// Issue 58: a correspondence game joined in progress (lila's `gameImmutable` sends `daysPerTurn`
/// and no clock; its state's clocks are lichess's "unlimited" value) is said with its days, and
/// leaving it says nothing of a clock it does not have.
#[test]
fn a_correspondence_game_is_said_with_its_days_and_no_clock() {
    let mut app = app();
    app.start();
    let text = format!(
        r#"{{"type":"gameFull","id":"Xq7Lp2Rt","rated":true,"speed":"correspondence","daysPerTurn":3,"white":{{"id":"annaplayer","name":"AnnaPlayer"}},"black":{{"id":"rival","name":"Rival","rating":1800}},"initialFen":"startpos","state":{}}}"#,
        r#"{"type":"gameState","moves":"e2e4 e7e5","wtime":2147483647,"btime":2147483647,"winc":0,"binc":0,"status":"started"}"#
    );
    let outs = line(&mut app, &text, SECOND);
    let words = said(&app, &outs);
    assert!(words.contains(&"A correspondence game: 3 days a move.".to_string()), "{words:?}");
    assert!(app.session().clock().time_control().is_none());
    let outs = typed(&mut app, "quit", 2 * SECOND);
    assert_eq!(said(&app, &outs), ["The game goes on on lichess: anna --resume comes back to it."]);
}

mod leaving;
