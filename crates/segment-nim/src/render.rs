//! Output: the answer letters, the `--explain` text and the `--json` lines.

use std::io::{self, Write};

use grid_core::PositionReport;

use crate::board::{Board, Colour};
use crate::query::{RangeFields, solve_query};
use crate::report::{BoardReport, JsonFields, report};
use crate::structure::Threat;

/// The default-mode `--json` record of `board` (white to move), the `number`-th of the input:
/// the start position in the report model with every move's value, plus the analysis.
pub fn json_report(board: &Board, number: u64) -> PositionReport<JsonFields, RangeFields> {
    let q = solve_query(board, Colour::White);
    let fields = JsonFields { analysis: report(board, number), legal_moves: q.legal_moves };
    q.report(number as usize, fields)
}

/// Writes [`json_report`] as one JSON line (feature `cli`).
#[cfg(feature = "cli")]
pub fn json(out: &mut impl Write, board: &Board, number: u64) -> io::Result<()> {
    grid_core::cli::write_json_line(out, &json_report(board, number))
}

/// The words of [`text`], written once after the last board of `--explain`.
pub const WORDS: &str = "\
Words: B = white wins, C = black wins, R = draw (nobody can force a win).
  run: a maximal block of pawns of one colour, clockwise; big run: one of 2 or more pawns.
  slack: the empty fields between a run's (or segment's) first and last pawn.
  gap: the empty fields after a run (or segment) up to the next one.
  segment: a big run with the single pawns between it and the next big run of its colour joined
    to it, or a single pawn between big runs of both colours.
  tight: a segment without an empty field; safe: a segment of 3 or more pawns that is not tight.
  threat: a gap of 1 or more fields beside a tight segment of 3 or more pawns, its owner's.
  kept gaps: the Nim heaps; dead gaps do not count.
";

/// Writes `report` as text for people.
pub fn text(out: &mut impl Write, r: &BoardReport) -> io::Result<()> {
    let letter = r.answer.letter() as char;
    writeln!(
        out,
        "Position {} ({}), white to move: {letter}; {} white, {} black",
        r.board,
        grid_core::words::counted(r.n, "field"),
        r.white,
        r.black
    )?;
    writeln!(out, "  decided by: {}", r.explanation)?;
    writeln!(out, "  with black to move first it would be: {}", r.answer_black_first.letter() as char)?;
    if !r.runs.is_empty() {
        writeln!(out, "  runs ({}, clockwise):", r.runs.len())?;
        for run in &r.runs {
            writeln!(
                out,
                "    {:5} x{:<3} fields {}..{}  slack {}  gap {}",
                run.colour.name(),
                run.pawns,
                run.first,
                run.last,
                run.slack,
                run.gap
            )?;
        }
    }
    if let Some(xor) = r.nim_xor {
        writeln!(out, "  segments ({}, clockwise):", r.segments.len())?;
        for s in &r.segments {
            let state = if s.is_safe() {
                "safe"
            } else if s.is_tight_big() {
                "tight"
            } else {
                "-"
            };
            let kept = if s.gap_kept { "kept" } else { "dead" };
            writeln!(
                out,
                "    {:5} {:6} x{:<3} fields {}..{}  slack {}  {state}  gap {} ({kept})",
                s.colour.name(),
                format!("{:?}", s.kind).to_lowercase(),
                s.pawns,
                s.first,
                s.last,
                s.slack,
                s.gap
            )?;
        }
        writeln!(out, "  safe segments: white {}, black {}", r.safe_segments.white, r.safe_segments.black)?;
        write_threats(out, &r.threats)?;
        writeln!(out, "  nim xor of the kept gaps: {xor}")?;
    }
    match (r.winning_move, r.winning_move_searched) {
        (Some(mv), _) => match r.winning_slide {
            Some(slide) => writeln!(
                out,
                "  winning move for white: {slide} (from field {} to {}; confirmed: black to move loses)",
                mv.from, mv.to
            ),
            None => writeln!(out, "  winning move for white: {} to {}", mv.from, mv.to),
        },
        (None, true) => writeln!(out, "  winning move for white: none confirmed (internal error)"),
        (None, false) if r.answer.letter() == b'B' => {
            writeln!(out, "  winning move for white: not searched (more than 2000 pawns)")
        }
        (None, false) => Ok(()),
    }
}

/// The threats, one line per colour.
fn write_threats(out: &mut impl Write, threats: &[Threat]) -> io::Result<()> {
    for colour in Colour::BOTH {
        let mine: Vec<String> = threats
            .iter()
            .filter(|t| t.owner == colour)
            .map(|t| {
                let double = if t.double { ", both colours" } else { "" };
                format!("gap {} between fields {} and {}{double}", t.gap, t.before, t.after)
            })
            .collect();
        let list = if mine.is_empty() { "none".to_string() } else { mine.join("; ") };
        writeln!(out, "  threats of {}: {list}", colour.name())?;
    }
    Ok(())
}
