//! `anna boards` and `anna board-sim`: the serial ports there are and which board answers on each,
//! and a virtual board worked by typed lines.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::board_link::serial::{self, LinkError};
use anna_board::protocol::Protocol;

/// How long `anna boards` waits for each protocol's answer on a port.
const PROBE_WAIT: Duration = Duration::from_millis(600);

/// `anna boards [PATH...]`: the serial ports (or the paths given), one a line, with the board that
/// answers on each.
pub fn boards(paths: &[String]) -> ExitCode {
    let lines = if paths.is_empty() {
        match serial::port_lines() {
            Ok(lines) => lines,
            Err(e) => {
                eprintln!("anna: the serial ports cannot be listed: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        paths.iter().map(|path| format!("{path}\tgiven")).collect()
    };
    if lines.is_empty() {
        println!("No serial port found: is the board plugged in? (anna board-sim makes a virtual one.)");
        return ExitCode::from(1);
    }
    let mut answered = false;
    for line in lines {
        let path = line.split('\t').next().unwrap_or_default();
        // Each port takes a few seconds at most: say which one is being asked.
        eprintln!("Asking {path}...");
        let answer = match serial::probe(path, PROBE_WAIT) {
            Ok(Some((protocol, name))) => {
                answered = true;
                format!("{protocol}: {name}")
            }
            Ok(None) => "no board answers".to_string(),
            Err(LinkError::Open(why)) => format!("cannot be opened: {why}"),
            Err(e) => e.to_string(),
        };
        println!("{line}\t{answer}");
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
    println!("Virtual {} at {}", protocol.name(), simulator.path().display());
    if protocol.is_sensor() {
        println!(
            "Play on it with: anna --board {path} (your own board) or anna --opponent-board {path} (your opponent's)",
            path = simulator.path().display()
        );
    } else {
        println!("Play on it with: anna --board {}", simulator.path().display());
    }
    println!("Type help for the commands.");
    let _ = std::io::stdout().flush();
    std::thread::spawn(move || {
        for note in received {
            println!("{note}");
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
                Ok(Some(text)) => println!("{text}"),
                Ok(None) => {}
                Err(e) => println!("{e}"),
            },
            Err(e) => println!("{e}"),
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
