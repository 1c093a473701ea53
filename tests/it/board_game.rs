//! The peg board wired into the real game (issue 6): the `anna` binary plays with `--board` on a
//! simulated board ([`Simulator`], a pseudo-terminal) driven from here, the opponent's moves typed on
//! standard input. Every test waits for the exact sentences Anna writes (what a screen reader reads
//! and the speaker says) and checks the pieces on the board at the end (FIDE Annex D.2).
#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use anna::board_link::sim::{Note, SimOptions, Simulator};

use crate::support;
use support::TempDir;

/// How long any one expected sentence may take (a reconnection takes a few seconds at most).
const PATIENCE: Duration = Duration::from_secs(15);

struct Anna {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    said: Vec<String>,
    _home: TempDir,
}

impl Anna {
    /// Anna on the simulated board, once it is connected and read.
    fn start(sim: &Simulator, args: &[&str]) -> Anna {
        let mut anna = Anna::spawn(sim.path(), args);
        // At every connection the whole board is read and compared with the game.
        anna.expect_all(&["Board connected.", "The board matches the game."]);
        anna
    }

    fn spawn(board: &std::path::Path, args: &[&str]) -> Anna {
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, Ordering::Relaxed);
        // A folder for HOME and ANNA_DATA_DIR, removed at the end.
        let home = TempDir::new(&format!("board-game-{n}"));
        let mut child = support::anna(&home.0)
            .args(["--no-setup", "--speech", "off", "--sounds", "off", "--lang", "en", "--board"])
            .arg(board)
            .args(args)
            .env("HOME", &home.0)
            .env("XDG_CONFIG_HOME", &home.0)
            .env("XDG_DATA_HOME", &home.0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("anna starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Anna { child, stdin, lines, said: Vec::new(), _home: home }
    }

    /// Waits for a line equal to `words`; every line before it is kept in `said`.
    fn expect(&mut self, words: &str) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let found = line == words;
                    self.said.push(line);
                    if found {
                        return;
                    }
                }
                Err(_) => panic!("Anna did not say {words:?}; she said:\n{}", self.said.join("\n")),
            }
        }
    }

    /// Waits for these lines in this order.
    fn expect_all(&mut self, all: &[&str]) {
        for words in all {
            self.expect(words);
        }
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }
}

impl Drop for Anna {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn simulator(fen: Option<&str>) -> (Simulator, Receiver<Note>) {
    let options = match fen {
        Some(fen) => SimOptions::with_fen(fen).unwrap(),
        None => SimOptions::default(),
    };
    let (sender, notes) = mpsc::channel();
    (Simulator::start(options, sender).expect("a pseudo-terminal"), notes)
}

/// Types the board commands on the simulator (`lift e2`, `place e4`, `knock g1`, ...).
fn board(sim: &Simulator, lines: &[&str]) {
    for line in lines {
        sim.type_line(line).unwrap_or_else(|e| panic!("board: {line}: {e}"));
    }
}

fn placement(sim: &Simulator) -> String {
    sim.board().board_fen().to_string()
}

#[test]
fn an_opening_mirrored_both_ways() {
    let (sim, _notes) = simulator(None);
    let mut anna = Anna::start(&sim, &["--player", "white", "--tc", "600+5"]);
    board(&sim, &["lift e2"]);
    anna.expect("White touched the piece on Eva zwei: it must be moved (FIDE 4.3).");
    board(&sim, &["place e4"]);
    anna.expect("White: Eva vier.");
    anna.type_line("");
    anna.type_line("d5");
    anna.type_line("");
    anna.expect_all(&["Black: David fünf.", "On the board, please: Pawn David sieben David fünf."]);
    board(&sim, &["lift d7", "place d5"]);
    anna.expect("The board matches the game.");
    // A capture with the captured piece taken off first.
    board(&sim, &["lift d5", "lift e4", "place d5"]);
    anna.expect("White: Eva takes David fünf.");
    anna.type_line("");
    anna.type_line("Qxd5");
    anna.type_line("");
    anna.expect("On the board, please: Queen David acht takes David fünf.");
    board(&sim, &["lift d5", "lift d8", "place d5"]);
    anna.expect("The board matches the game.");
    // A touched piece put back is a touch only (4.3); the knight must then be moved.
    board(&sim, &["lift b1", "place b1"]);
    anna.expect("White touched the piece on Bella eins: it must be moved (FIDE 4.3).");
    board(&sim, &["lift b1", "place c3"]);
    anna.expect("White: Knight Cesar drei.");
    anna.type_line("");
    anna.type_line("board");
    anna.expect(
        "White: King Eva eins; Queen David eins; Rooks Anna eins, Hector eins; Bishops Cesar eins, Felix eins; \
         Knights Cesar drei, Gustav eins; Pawns Anna zwei, Bella zwei, Cesar zwei, David zwei, Felix zwei, Gustav zwei, \
         Hector zwei. Black: King Eva acht; Queen David fünf; Rooks Anna acht, Hector acht; Bishops Cesar acht, Felix \
         acht; Knights Bella acht, Gustav acht; Pawns Anna sieben, Bella sieben, Cesar sieben, Eva sieben, Felix \
         sieben, Gustav sieben, Hector sieben.",
    );
    assert_eq!(placement(&sim), "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR");
}

#[test]
fn en_passant_castling_and_promotion() {
    let fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
    let (sim, _notes) = simulator(Some(fen));
    let mut anna = Anna::start(&sim, &["--player", "white", "--fen", fen]);
    // En passant with the taken pawn removed last.
    board(&sim, &["lift e5", "place d6", "lift d5"]);
    anna.expect("White: Eva takes David sechs en passant.");
    anna.type_line("");
    anna.type_line("O-O");
    anna.type_line("");
    anna.expect_all(&["Black: Castles kingside.", "On the board, please: Castles kingside."]);
    board(&sim, &["lift e8", "place g8", "lift h8", "place f8"]);
    anna.expect("The board matches the game.");
    // Promotion: the pawn lifted, a queen placed; Anna asks which piece.
    board(&sim, &["lift b7", "place b8 Q"]);
    anna.expect("Promote to which piece: queen, rook, bishop or knight?");
    anna.type_line("queen");
    anna.expect("White: Bella acht Queen.");
    anna.type_line("");
    anna.type_line("Raxb8");
    anna.type_line("");
    anna.expect_all(&["Black: Rook Anna takes Bella acht.", "On the board, please: Rook Anna acht takes Bella acht."]);
    board(&sim, &["lift b8", "lift a8", "place b8"]);
    anna.expect("The board matches the game.");
    // Castling queenside with the rook first: the rook's move waits for the king's. Castling is
    // made, and the rook touched first is a breach of touch-move (FIDE 4.4.2) said as a warning.
    board(&sim, &["lift a1", "place d1", "lift e1", "place c1"]);
    anna.expect_all(&[
        "White touched the piece on Anna eins: it must be moved (FIDE 4.3).",
        "Touch move: the piece on Anna eins was touched and must be moved or captured (FIDE 4.3).",
        "White: Castles queenside.",
    ]);
    anna.type_line("");
    assert_eq!(placement(&sim), "1r3rk1/8/3P4/8/8/8/8/2KR3R");
}

#[test]
fn wrong_moves_knocks_noise_and_unplugging_are_repaired() {
    let (sim, _notes) = simulator(None);
    let mut anna = Anna::start(&sim, &["--player", "white"]);
    // A physical move that is not legal is said and not played; the repair follows.
    board(&sim, &["lift e2", "place e5"]);
    anna.expect_all(&[
        "Illegal move, not played. That piece cannot move that way.",
        "Move the pawn from Eva fünf to Eva zwei.",
    ]);
    board(&sim, &["lift e5", "place e2"]);
    anna.expect("The board matches the game.");
    board(&sim, &["lift e2", "place e4"]);
    anna.expect("White: Eva vier.");
    anna.type_line("");
    anna.type_line("turn");
    anna.expect("Black to move.");
    // A knocked-over piece while the opponent is to move: the repair is said one step at a time.
    board(&sim, &["knock g1"]);
    anna.expect("Put a white knight on Gustav eins.");
    // Back to the last position both agreed on: the same step, said again after the announcement.
    anna.type_line("restore board");
    anna.expect_all(&[
        "Back to the last position the board and the game agreed on.",
        "Put a white knight on Gustav eins.",
    ]);
    board(&sim, &["place g1 N"]);
    anna.expect("The board matches the game.");
    // Noise on the wire is dropped; the game goes on.
    board(&sim, &["garbage"]);
    anna.type_line("e5");
    anna.type_line("");
    anna.expect("On the board, please: Pawn Eva sieben Eva fünf.");
    board(&sim, &["lift e7", "place e5"]);
    anna.expect("The board matches the game.");
    // Unplugged: the game goes on, a move is typed meanwhile; replugged, the board is repaired.
    sim.unplug().unwrap();
    anna.expect("The board is not connected; the game goes on without it; I keep trying.");
    anna.type_line("Nf3");
    anna.type_line("");
    anna.type_line("Nc6");
    anna.type_line("");
    anna.expect("Black: Knight Cesar sechs.");
    sim.plug().unwrap();
    anna.expect_all(&["Board connected.", "On the board, please: Knight Gustav eins Felix drei."]);
    board(&sim, &["lift g1", "place f3"]);
    anna.expect("On the board, please: Knight Bella acht Cesar sechs.");
    board(&sim, &["lift b8", "place c6"]);
    anna.expect("The board matches the game.");
    // Nothing to restore: the board and the game agree.
    anna.type_line("restore board");
    anna.expect("The board matches the game.");
    assert_eq!(placement(&sim), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R");
}

#[test]
fn a_missing_board_does_not_stop_the_game() {
    let missing = std::env::temp_dir().join(format!("anna-no-board-{}", std::process::id()));
    let mut anna = Anna::spawn(&missing, &["--player", "white"]);
    anna.expect("The board is not connected; the game goes on without it; I keep trying.");
    anna.type_line("e4");
    anna.expect("White: Eva vier.");
}
