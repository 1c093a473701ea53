//! `anna boards` and `anna board-sim`: the serial ports there are, and a virtual peg board worked by
//! typed lines.

use std::io::Write;
use std::process::ExitCode;

/// `anna boards`: the serial ports, one a line.
pub fn boards() -> ExitCode {
    match crate::board_link::serial::port_lines() {
        Ok(lines) if lines.is_empty() => {
            println!("No serial port found: is the board plugged in? (anna board-sim makes a virtual one.)");
            ExitCode::from(1)
        }
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("anna: the serial ports cannot be listed: {e}");
            ExitCode::from(1)
        }
    }
}

/// `anna board-sim`: a virtual peg board worked by typed lines until `quit` or the end of input.
#[cfg(unix)]
pub fn board_sim(fen: Option<&str>, auto: bool, occupancy: bool, link: Option<std::path::PathBuf>) -> ExitCode {
    use crate::board_link::sim::{SimCommand, SimOptions, Simulator};
    use std::io::BufRead;

    let options = match fen.map(SimOptions::with_fen).transpose() {
        Ok(options) => SimOptions { auto, occupancy, link, ..options.unwrap_or_default() },
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
    println!("Virtual peg board at {}", simulator.path().display());
    println!("Play on it with: anna --board {}", simulator.path().display());
    println!("Type help for the commands.");
    let _ = std::io::stdout().flush();
    std::thread::spawn(move || {
        for note in received {
            println!("{note}");
            let _ = std::io::stdout().flush();
        }
    });
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
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
pub fn board_sim(_: Option<&str>, _: bool, _: bool, _: Option<std::path::PathBuf>) -> ExitCode {
    eprintln!("anna: the board simulator needs pseudo-terminals, which this system does not have.");
    ExitCode::from(2)
}
