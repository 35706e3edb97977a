//! The text report of a [`Census`](super::Census): its tables in GamesmanOne's layout, the share of
//! the index that is legal, the moves, and the longest wins and losses as `query` inputs. Every
//! line fits 100 columns except a longest position's rows, which are the board's own.

use std::io::{self, Write};

use super::{Census, Table};

/// Writes the report of one board.
///
/// ```text
/// Board 1 (3×3): 8 free cells
/// All positions (either side to move):
///   Remoteness |          Win |         Lose |         Draw |        Total
///          Inf |            0 |            0 |           16 |           16
/// ...
/// ```
pub fn write_text(out: &mut impl Write, census: &Census) -> io::Result<()> {
    writeln!(out, "Board {} ({}×{})", census.board, census.rows, census.columns)?;
    writeln!(out, "All positions (either side to move):")?;
    write_table(out, &census.all)?;
    writeln!(out, "Reachable from the board's position (red to move):")?;
    write_table(out, &census.reachable)?;
    if let Some(canonical) = &census.canonical {
        writeln!(out, "Up to the mirror image (a position and its mirror image counted once):")?;
        write_table(out, canonical)?;
    }
    writeln!(
        out,
        "Legal: {} of {} state indices ({:.4}).",
        census.all.totals.total, census.index_size, census.legal_share
    )?;
    writeln!(out, "Moves: {} (branching factor {:.4}).", census.moves, census.branching)?;
    for longest in &census.longest {
        writeln!(out, "Longest {} for {} to move ({}):", longest.value, longest.to_move, longest.remoteness)?;
        write!(out, "{}", longest.position)?;
    }
    Ok(())
}

/// One table: the header, the `Inf` row, a row per remoteness, the totals.
fn write_table(out: &mut impl Write, table: &Table) -> io::Result<()> {
    writeln!(
        out,
        "  {:>10} | {:>12} | {:>12} | {:>12} | {:>12}",
        "Remoteness", "Win", "Lose", "Draw", "Total"
    )?;
    for row in &table.rows {
        let label = row.remoteness.map_or_else(|| "Inf".to_string(), |r| r.to_string());
        writeln!(
            out,
            "  {label:>10} | {:>12} | {:>12} | {:>12} | {:>12}",
            row.win, row.lose, row.draw, row.total
        )?;
    }
    let t = &table.totals;
    writeln!(out, "  {:>10} | {:>12} | {:>12} | {:>12} | {:>12}", "Totals", t.win, t.lose, t.draw, t.total)
}
