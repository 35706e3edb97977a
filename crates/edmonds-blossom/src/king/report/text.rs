//! The plain answers of the king game: the verdict of each board's start, and the grid of every
//! start.

use std::io::{self, Write};

use crate::king::game::BoardAnalysis;

/// `Case #i: daizhenyang win` or `... lose` for the board's `K` start (`case` is 1-based).
pub fn write_verdict(out: &mut impl Write, case: usize, analysis: &BoardAnalysis) -> io::Result<()> {
    let verdict = if analysis.start_wins() { "win" } else { "lose" };
    writeln!(out, "Case #{case}: daizhenyang {verdict}")
}

/// `Case #i:` and one row of `W` / `L` / `#` per board row.
pub fn write_outcome_grid(out: &mut impl Write, case: usize, analysis: &BoardAnalysis) -> io::Result<()> {
    writeln!(out, "Case #{case}:")?;
    for row in analysis.outcome_rows() {
        writeln!(out, "{row}")?;
    }
    Ok(())
}
