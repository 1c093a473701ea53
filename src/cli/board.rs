//! `anna boards` and `anna board-sim`: the serial ports there are and which board answers on each,
//! and a virtual board worked by typed lines.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::board_link::serial::{self, LinkError};
use crate::runtime::{BoardPort, BoardPorts};
use anna_app::App;
use anna_board::protocol::Protocol;
use anna_board::BoardRole;

/// The options of the boards a game is played on.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct BoardArgs {
    /// The serial port of the player's board: an electronic peg board, or a DGT or Millennium
    /// board (see `anna boards`, `anna board-sim`).
    #[arg(long, global = true, value_name = "PORT")]
    pub board: Option<String>,
    /// The board's protocol: anna (Anna's peg board), dgt or millennium; found by itself if not given.
    #[arg(long, global = true, value_name = "PROTOCOL")]
    pub board_protocol: Option<anna_board::protocol::Protocol>,
    /// The serial port of the sighted opponent's DGT or Millennium board, beside the player's (FIDE D.2.1).
    #[arg(long, global = true, value_name = "PORT")]
    pub opponent_board: Option<String>,
    /// The opponent board's protocol: dgt or millennium; found by itself if not given.
    #[arg(long, global = true, value_name = "PROTOCOL")]
    pub opponent_board_protocol: Option<anna_board::protocol::Protocol>,
    /// The DGT or Millennium board stands turned round: White at its far side, h1 in the corner
    /// where its a8 is (some boards are set up so, and some programs read them so). Anna finds
    /// the orientation from the position either way; this only stops her saying so at every start.
    #[arg(long, global = true)]
    pub board_turned: bool,
    /// The same for the opponent's board (`--opponent-board`).
    #[arg(long, global = true)]
    pub opponent_board_turned: bool,
    /// How long a DGT or Millennium board's position must be still before it is read (milliseconds).
    #[arg(long, global = true, value_name = "MS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(0..=2000))]
    pub board_debounce: u64,
    /// The peg board's baud rate (Anna's own protocol; DGT and Millennium boards have theirs).
    #[arg(long, global = true, value_name = "N", default_value_t = crate::board_link::serial::DEFAULT_BAUD)]
    pub board_baud: u32,
}

impl BoardArgs {
    /// The app reads the boards as the options say.
    pub fn apply(&self, app: &mut App) {
        app.set_board_debounce(Duration::from_millis(self.board_debounce));
        if self.board_turned {
            app.set_board_turned(BoardRole::Player);
        }
        if self.opponent_board_turned {
            app.set_board_turned(BoardRole::Opponent);
        }
    }

    /// The ports the runtime links.
    pub fn ports(&self) -> BoardPorts {
        let port = |path: &Option<String>, protocol| {
            path.clone().map(|path| BoardPort { path, protocol, baud: self.board_baud })
        };
        BoardPorts {
            player: port(&self.board, self.board_protocol),
            opponent: port(&self.opponent_board, self.opponent_board_protocol),
        }
    }
}

/// How long `anna boards` waits for each protocol's answer on a port.
const PROBE_WAIT: Duration = Duration::from_millis(600);

/// `anna boards [PATH...]`: the serial ports (or the paths given), one a line, with the board that
/// answers on each.
pub fn boards(paths: &[String], args: &super::GameArgs) -> ExitCode {
    let vocab = or_stop!(args.voice("en"), 2).vocab;
    let lines = if paths.is_empty() {
        match serial::port_lines() {
            Ok(lines) => lines,
            Err(e) => {
                crate::adapters::diverted::note(&format!("the serial ports cannot be listed: {e}"));
                eprintln!("anna: {}", vocab.word("line.ports_unlisted"));
                return ExitCode::from(1);
            }
        }
    } else {
        paths.iter().map(|path| format!("{path}\tgiven")).collect()
    };
    if lines.is_empty() {
        outln!("{}", vocab.word("line.no_ports"));
        return ExitCode::from(1);
    }
    let mut answered = false;
    for line in lines {
        let path = line.split('\t').next().unwrap_or_default();
        // Each port takes a few seconds at most: say which one is being asked.
        eprintln!("{}", anna_language::announce::fill(vocab.word("line.asking"), &[("path", path.to_string())]));
        let answer = match serial::probe(path, PROBE_WAIT) {
            Ok(Some((protocol, name))) => {
                answered = true;
                format!("{protocol}: {name}")
            }
            Ok(None) => "no board answers".to_string(),
            Err(LinkError::Open(why)) => format!("cannot be opened: {why}"),
            Err(e) => e.to_string(),
        };
        outln!("{line}\t{answer}");
        let _ = std::io::stdout().flush();
    }
    // A script asks whether a board is there: only an answer is success.
    if answered {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// What `anna board-sim` was asked for.
#[derive(Clone, Debug)]
pub struct SimArgs {
    pub fen: Option<String>,
    pub auto: bool,
    pub occupancy: bool,
    pub link: Option<PathBuf>,
    pub protocol: Protocol,
    pub turned: bool,
}

/// `anna board-sim`: a virtual board worked by typed lines until `quit` or the end of input.
#[cfg(unix)]
pub fn board_sim(args: SimArgs) -> ExitCode {
    use crate::board_link::sim::{SimCommand, SimOptions, Simulator};

    let SimArgs { fen, auto, occupancy, link, protocol, turned } = args;
    let options = match fen.as_deref().map(SimOptions::with_fen).transpose() {
        Ok(options) => SimOptions { auto, occupancy, link, protocol, turned, ..options.unwrap_or_default() },
        Err(e) => {
            eprintln!("anna: {e}");
            return ExitCode::from(2);
        }
    };
    let (notes, received) = std::sync::mpsc::channel();
    let simulator = match Simulator::start(options, notes) {
        Ok(simulator) => simulator,
        Err(e) => {
            eprintln!("anna: cannot open a pseudo-terminal for the board: {e}");
            return ExitCode::from(2);
        }
    };
    outln!("Virtual {} at {}", protocol.name(), simulator.path().display());
    if protocol.is_sensor() {
        outln!(
            "Play on it with: anna --board {path} (your own board) or anna --opponent-board {path} (your opponent's)",
            path = simulator.path().display()
        );
    } else {
        outln!("Play on it with: anna --board {}", simulator.path().display());
    }
    outln!("Type help for the commands.");
    let _ = std::io::stdout().flush();
    std::thread::spawn(move || {
        for note in received {
            outln!("{note}");
            let _ = std::io::stdout().flush();
        }
    });
    for line in crate::ui::line::typed_lines(std::io::stdin().lock()) {
        if line.trim().is_empty() {
            continue;
        }
        match SimCommand::parse(&line) {
            Ok(SimCommand::Quit) => break,
            Ok(command) => match simulator.apply(command) {
                Ok(Some(text)) => outln!("{text}"),
                Ok(None) => {}
                Err(e) => outln!("{e}"),
            },
            Err(e) => outln!("{e}"),
        }
        let _ = std::io::stdout().flush();
    }
    ExitCode::SUCCESS
}

/// `anna board-sim` needs pseudo-terminals.
#[cfg(not(unix))]
pub fn board_sim(_: SimArgs) -> ExitCode {
    eprintln!("anna: the board simulator needs pseudo-terminals, which this system does not have.");
    ExitCode::from(2)
}
