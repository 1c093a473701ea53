//! Conformance of `can_mate` with `tests/unwinnable.tsv`, a faithful copy of
//! `../shared/conformance/unwinnable.tsv` (positions whose verdicts two independent solvers agree
//! on). FIDE 5.2.2, 6.9, 7.5.5, A.4.3: can the side still mate by any series of legal moves?

use anna_core::adjudicate::{can_mate, Winnability};
use anna_core::fen::parse_fen;
use shakmaty::{Chess, Color, Position};

const TABLE: &str = include_str!("../unwinnable.tsv");
const HEADER: &str = "fen\tside_to_test\texpected\tsource\treason";

/// One row of the table, with its line number in the file.
struct Row<'a> {
    line: usize,
    fen: &'a str,
    side: &'a str,
    expected: &'a str,
    reason: &'a str,
}

fn rows() -> Vec<Row<'static>> {
    let mut lines = TABLE.lines().enumerate();
    let (_, header) = lines.next().expect("table is not empty");
    assert_eq!(header, HEADER, "unexpected header");
    lines
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|(index, text)| {
            let fields: Vec<&str> = text.split('\t').collect();
            assert_eq!(fields.len(), 5, "line {}: expected 5 fields", index + 1);
            Row { line: index + 1, fen: fields[0], side: fields[1], expected: fields[2], reason: fields[4] }
        })
        .collect()
}

fn side(name: &str) -> Option<Color> {
    match name {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Checks one row; `Err` describes the mismatch.
fn check(row: &Row<'_>) -> Result<(), String> {
    let position: Chess = parse_fen(row.fen).map_err(|e| e.to_string())?;
    let color = side(row.side).ok_or_else(|| format!("unknown side {:?}", row.side))?;
    let answer = can_mate(&position, color);
    if answer.as_str() != row.expected {
        return Err(format!("expected {}, got {}", row.expected, answer.as_str()));
    }
    if let Winnability::Winnable { helpmate } = answer {
        let mut p = position;
        for (ply, uci) in helpmate.iter().enumerate() {
            let m = uci.to_move(&p).map_err(|_| format!("helpmate move {} ({uci}) is illegal", ply + 1))?;
            p.play_unchecked(m);
        }
        if !(p.is_checkmate() && p.turn() != color) {
            return Err(format!("helpmate of {} plies does not end in mate", helpmate.len()));
        }
    }
    Ok(())
}

#[test]
fn unwinnable_table_agrees_fully() {
    let rows = rows();
    assert!(rows.len() >= 40, "table unexpectedly short: {}", rows.len());
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            check(row).err().map(|why| format!("line {}: {} ({}): {why} [{}]", row.line, row.fen, row.side, row.reason))
        })
        .collect();
    assert!(failures.is_empty(), "{} of {} rows disagree:\n{}", failures.len(), rows.len(), failures.join("\n"));
}

#[test]
fn table_uses_known_values_only() {
    for row in rows() {
        assert!(side(row.side).is_some(), "line {}: side", row.line);
        assert!(matches!(row.expected, "winnable" | "unwinnable"), "line {}: expected", row.line);
    }
}
