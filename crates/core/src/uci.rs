//! The text of the UCI protocol, both ways: what Anna tells an engine (its strength, the position,
//! `go` with the clock's share or a node count) and what it reads back (an option, an `info` line's
//! score and main line). Pure, so that the protocol is tested without an engine; the adapter only
//! writes and reads the lines.

use std::collections::HashMap;
use std::time::Duration;

use crate::opponent::{Level, Request};

/// What one `info` line says, of what the analysis needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// `score cp N`: centipawns for the side to move.
    pub cp: Option<i32>,
    /// `score mate N`: the side to move mates in N (negative: is mated).
    pub mate: Option<i32>,
    /// The score is only a bound (`lowerbound`, `upperbound`), not the engine's finding.
    pub bound: bool,
    /// Which line of a multi-line search (1 when not said).
    pub multipv: u32,
    /// The main line, in UCI.
    pub pv: Vec<String>,
}

impl Info {
    /// Whether it holds an exact score with a line: what the analysis keeps.
    pub fn is_finding(&self) -> bool {
        self.is_exact() && self.multipv == 1
    }

    /// Whether it holds an exact score with a line, of whichever line of a multi-line search.
    pub fn is_exact(&self) -> bool {
        (self.cp.is_some() || self.mate.is_some()) && !self.bound && !self.pv.is_empty()
    }
}

/// Reads `info depth 18 seldepth 24 multipv 1 score cp 31 nodes 200512 nps ... pv e2e4 e7e5 ...`;
/// `None` for any other line. `info string ...` carries no finding.
pub fn info(line: &str) -> Option<Info> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let mut info = Info { multipv: 1, ..Info::default() };
    while let Some(word) = words.next() {
        match word {
            "string" => return Some(Info { multipv: 1, ..Info::default() }),
            "depth" => info.depth = words.next().and_then(|n| n.parse().ok()),
            "nodes" => info.nodes = words.next().and_then(|n| n.parse().ok()),
            "multipv" => info.multipv = words.next().and_then(|n| n.parse().ok()).unwrap_or(1),
            "score" => match words.next() {
                Some("cp") => info.cp = words.next().and_then(|n| n.parse().ok()),
                Some("mate") => info.mate = words.next().and_then(|n| n.parse().ok()),
                _ => {}
            },
            "lowerbound" | "upperbound" => info.bound = true,
            // The line runs to the end of the info.
            "pv" => {
                info.pv = words.by_ref().map(str::to_string).collect();
            }
            _ => {}
        }
    }
    Some(info)
}

/// `go nodes N`: a search of a fixed size, the same answer on every machine.
pub fn go_nodes(nodes: u64) -> String {
    format!("go nodes {nodes}")
}

/// Time for the engine to answer beyond the time it was given (its process, the pipe, a slow machine).
pub const GRACE: Duration = Duration::from_secs(5);

/// One UCI option as the engine announced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciOption {
    pub kind: String,
    pub min: Option<i64>,
    pub max: Option<i64>,
}

/// `option name NAME type KIND [default X] [min N] [max N] ...`; names may have spaces.
pub fn parse_option(line: &str) -> Option<(String, UciOption)> {
    let rest = line.trim().strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type ")?;
    let mut words = rest.split_whitespace();
    let kind = words.next()?.to_string();
    let (mut min, mut max) = (None, None);
    while let Some(word) = words.next() {
        match word {
            "min" => min = words.next().and_then(|n| n.parse().ok()),
            "max" => max = words.next().and_then(|n| n.parse().ok()),
            _ => {}
        }
    }
    Some((name.trim().to_string(), UciOption { kind, min, max }))
}

/// Level 1 to 8 as Elo: a beginner to a club player. Stockfish calibrates its `UCI_Elo` (1320 is
/// its floor); full strength would be far above any club player.
const ELO: [i64; 8] = [1320, 1400, 1500, 1600, 1700, 1800, 1950, 2100];
/// The same levels on Stockfish's `Skill Level` scale of 0-20, for an engine without `UCI_Elo`
/// (Stockfish maps 2100 Elo to about skill 5).
const SKILL: [i64; 8] = [0, 0, 1, 1, 2, 3, 4, 5];

/// The settings that make the engine play at `level`: `UCI_LimitStrength` with `UCI_Elo` if it has
/// them, within the range it announced; else its `Skill Level`. An engine with neither plays at
/// full strength, held back only by a search depth (see [`go_command`]).
pub fn strength_options(level: Level, options: &HashMap<String, UciOption>) -> Vec<(String, String)> {
    let step = usize::from(level.get() - 1);
    if let (Some(_), Some(elo)) = (options.get("UCI_LimitStrength"), options.get("UCI_Elo")) {
        let (min, max) = (elo.min.unwrap_or(1320), elo.max.unwrap_or(3190));
        let value = ELO[step].clamp(min, max.max(min));
        return vec![("UCI_LimitStrength".to_string(), "true".to_string()), ("UCI_Elo".to_string(), value.to_string())];
    }
    if let Some(skill) = options.get("Skill Level") {
        let (min, max) = (skill.min.unwrap_or(0), skill.max.unwrap_or(20));
        let value = min + (max - min) * SKILL[step] / 20;
        return vec![("Skill Level".to_string(), value.to_string())];
    }
    Vec::new()
}

/// `position startpos|fen FEN [moves ...]`.
pub fn position_command(request: &Request) -> String {
    let mut command = if request.from_startpos() {
        "position startpos".to_string()
    } else {
        format!("position fen {}", request.start_fen)
    };
    if !request.moves.is_empty() {
        command.push_str(" moves ");
        command.push_str(&request.moves.join(" "));
    }
    command
}

/// The most a level may think for one move, whatever the clock allows: beginners answer quickly,
/// and the strongest level still answers within a quarter of a minute.
pub fn move_time_cap(level: Level) -> Duration {
    Duration::from_secs(match level.get() {
        1 | 2 => 1,
        3 | 4 => 2,
        5 | 6 => 4,
        7 => 8,
        _ => 15,
    })
}

/// What the engine is told for one move, and how long Anna waits for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Go {
    /// `go wtime btime winc binc [movestogo] movetime [depth]`.
    pub command: String,
    /// The time it is given to think (`movetime`).
    pub think: Duration,
    /// How long past that it may be late before it is asked to `stop`, and again before it is
    /// given up: never so long that its flag could fall first.
    pub patience: Duration,
}

/// Moves a game still has, for the engine's share of its clock when the control does not say.
const MOVES_AHEAD: u32 = 30;

/// The `go` command for the request. Every level thinks for its share of its own clock (the time
/// left over the moves still to make, plus its increment), at most its level's cap and half of
/// what it has left; with no clock, the cap. `strength` says whether the engine can be weakened
/// by an option; if not, the level limits its depth.
pub fn go_command(request: &Request, strength: bool) -> Go {
    let ms = |d: Duration| d.as_millis();
    let cap = move_time_cap(request.level);
    let mut command = "go".to_string();
    let (think, patience) = match request.clocks {
        Some(c) => {
            command.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                ms(c.white),
                ms(c.black),
                ms(c.white_increment),
                ms(c.black_increment)
            ));
            if let Some(n) = c.moves_to_go {
                command.push_str(&format!(" movestogo {n}"));
            }
            let white = request.moves.len() % 2 == usize::from(start_black(request));
            let (own, increment) = if white { (c.white, c.white_increment) } else { (c.black, c.black_increment) };
            let share = own / c.moves_to_go.unwrap_or(MOVES_AHEAD).max(1) + increment;
            let think = share.min(cap).min(own / 2);
            // The wait, the stop and the last wait all end before the flag would fall.
            (think, GRACE.min(own.saturating_sub(think) / 3))
        }
        None => (cap, GRACE),
    };
    command.push_str(&format!(" movetime {}", ms(think)));
    if !strength {
        command.push_str(&format!(" depth {}", request.level.get()));
    }
    Go { command, think, patience }
}

/// Whether Black moves first in the start position.
fn start_black(request: &Request) -> bool {
    request.start_fen.split_whitespace().nth(1) == Some("b")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opponent::Clocks;
    use crate::rules::Game;

    #[test]
    fn reads_stockfish_s_info_lines() {
        let line = "info depth 12 seldepth 17 multipv 1 score cp -31 nodes 200158 nps 1080000 hashfull 62 tbhits 0 \
                    time 185 pv e7e5 g1f3 b8c6";
        let info = info(line).unwrap();
        assert_eq!((info.depth, info.nodes, info.cp, info.mate), (Some(12), Some(200_158), Some(-31), None));
        assert_eq!(info.pv, ["e7e5", "g1f3", "b8c6"]);
        assert!(info.is_finding());
        let mate = super::info("info depth 3 score mate -2 pv e8f8 d1d8").unwrap();
        assert_eq!(mate.mate, Some(-2));
        let bound = super::info("info depth 9 score cp 20 lowerbound nodes 100 pv d2d4").unwrap();
        assert!(!bound.is_finding());
        let second = super::info("info depth 9 multipv 2 score cp 20 pv d2d4").unwrap();
        assert!(!second.is_finding());
        assert!(!super::info("info string NNUE evaluation using nn-ad9b42354671.nnue enabled").unwrap().is_finding());
        assert_eq!(super::info("bestmove e2e4 ponder e7e5"), None);
        assert!(!super::info("info depth 1 currmove e2e4 currmovenumber 1").unwrap().is_finding());
    }

    fn options(lines: &str) -> HashMap<String, UciOption> {
        lines.lines().filter_map(parse_option).collect()
    }

    #[test]
    fn reads_options_with_spaces_in_their_names() {
        let (name, option) = parse_option("option name Skill Level type spin default 20 min 0 max 20").unwrap();
        assert_eq!(name, "Skill Level");
        assert_eq!(option, UciOption { kind: "spin".to_string(), min: Some(0), max: Some(20) });
        assert_eq!(parse_option("info depth 3"), None);
    }

    #[test]
    fn levels_become_elo_or_skill() {
        let stockfish = options(
            "option name Skill Level type spin default 20 min 0 max 20\n\
             option name UCI_LimitStrength type check default false\n\
             option name UCI_Elo type spin default 1320 min 1320 max 3190",
        );
        let set = |n| strength_options(Level::new(n).unwrap(), &stockfish);
        assert_eq!(set(1), [("UCI_LimitStrength".into(), "true".into()), ("UCI_Elo".into(), "1320".into())]);
        assert_eq!(set(8)[1], ("UCI_Elo".into(), "2100".into()), "a club player, not full strength");
        let elo_only = options(
            "option name UCI_LimitStrength type check default false\n\
             option name UCI_Elo type spin default 1500 min 1500 max 2500",
        );
        let set = |n| strength_options(Level::new(n).unwrap(), &elo_only);
        assert_eq!(set(1)[1].1, "1500", "the engine's floor");
        assert_eq!(set(8)[1].1, "2100");
        let skill_only = options("option name Skill Level type spin default 20 min 0 max 20");
        let set = |n| strength_options(Level::new(n).unwrap(), &skill_only);
        assert_eq!(set(1), [("Skill Level".into(), "0".into())]);
        assert_eq!(set(8), [("Skill Level".into(), "5".into())]);
        assert!(strength_options(Level::MAX, &HashMap::new()).is_empty());
    }

    #[test]
    fn position_and_go_follow_the_game_and_its_clock() {
        let mut game = Game::new();
        game.play(game.resolve("e4").unwrap()).unwrap();
        let clocks = Clocks {
            white: Duration::from_secs(890),
            black: Duration::from_secs(900),
            white_increment: Duration::from_secs(10),
            black_increment: Duration::from_secs(10),
            moves_to_go: Some(39),
        };
        let request = Request::new(4, &game, Level::MAX, Some(clocks), true);
        assert_eq!(position_command(&request), "position startpos moves e2e4");
        // Black's share of 900 seconds over 39 moves plus 10 a move is 33 seconds: level 8 takes
        // its cap of 15.
        let go = go_command(&request, true);
        assert_eq!(go.command, "go wtime 890000 btime 900000 winc 10000 binc 10000 movestogo 39 movetime 15000");
        assert_eq!((go.think, go.patience), (Duration::from_secs(15), GRACE));
        let beginner = Request { level: Level::MIN, clocks: None, ..request.clone() };
        let go = go_command(&beginner, false);
        assert_eq!(go.command, "go movetime 1000 depth 1");
        assert_eq!((go.think, go.patience), (Duration::from_secs(1), GRACE));
        let chess960 = Request::new(1, &Game::chess960(0).unwrap(), Level::MIN, None, true);
        assert_eq!(
            position_command(&chess960),
            "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
    }

    #[test]
    fn every_level_has_a_deadline_from_the_clock_before_its_flag() {
        let after_e4 = {
            let mut game = Game::new();
            game.play(game.resolve("e4").unwrap()).unwrap();
            game
        };
        let clocks = |black: u64, increment: u64, moves_to_go| Clocks {
            white: Duration::from_secs(5400),
            black: Duration::from_secs(black),
            white_increment: Duration::from_secs(increment),
            black_increment: Duration::from_secs(increment),
            moves_to_go,
        };
        let secs = Duration::from_secs;
        for level in 1..=8 {
            let level = Level::new(level).unwrap();
            // 90+30: a hung engine is given up in at most 15 + 5 + 5 seconds, never after 90 minutes.
            let go = go_command(&Request::new(1, &after_e4, level, Some(clocks(5400, 30, None)), true), true);
            assert_eq!(go.think, move_time_cap(level));
            assert!(go.think + 2 * go.patience <= secs(25), "{level:?}: {go:?}");
            // Three seconds left, no increment: the engine is stopped and given up before the flag.
            let go = go_command(&Request::new(1, &after_e4, level, Some(clocks(3, 0, None)), true), true);
            assert!(go.think + 2 * go.patience < secs(3), "{level:?}: {go:?}");
        }
        // Level 8 in 5+3 thinks for its share: 300 / 30 + 3 seconds.
        let go = go_command(&Request::new(1, &after_e4, Level::MAX, Some(clocks(300, 3, None)), true), true);
        assert_eq!(go.think, secs(13));
        // 40 moves in 90 minutes with 39 to go: 5400 / 39 + 30 seconds, capped at 15.
        let go = go_command(
            &Request::new(1, &after_e4, Level::new(7).unwrap(), Some(clocks(5400, 30, Some(39))), true),
            true,
        );
        assert_eq!(go.think, secs(8));
    }
}
