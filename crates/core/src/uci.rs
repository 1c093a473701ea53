//! The text of the UCI protocol that Anna reads from an engine's analysis: an `info` line's
//! depth, nodes, score and main line. Pure, so that what an engine writes is tested without one.

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
        (self.cp.is_some() || self.mate.is_some()) && !self.bound && !self.pv.is_empty() && self.multipv == 1
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
