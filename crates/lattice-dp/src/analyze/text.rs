//! `analyze` for people: the counts, the score histogram as a table with bars, and the optimal
//! game, in at most 100 columns.

use std::io::{self, Write};

use super::Analysis;

/// The widest line written.
const WIDTH: usize = 100;

/// The longest bar of the histogram (the fullest bucket).
const BAR: usize = 40;

/// Writes `analysis` as text: a heading, the states per layer, the score histogram and the optimal
/// game with both running totals.
pub fn write_text(out: &mut impl Write, analysis: &Analysis) -> io::Result<()> {
    let a = analysis;
    writeln!(
        out,
        "Board {} ({}×{}): {} states (every Young diagram of taken cells), score {}",
        a.board, a.rows, a.columns, a.states, a.score
    )?;
    writeln!(out, "\nStates by cells taken (taken:states):")?;
    write_layers(out, &a.layers)?;
    writeln!(out, "\nOptimal score difference for the side to move (its future gain minus the opponent's):")?;
    write_scores(out, a)?;
    writeln!(out, "\nOptimal game (cells as row,column, counted from 1, row 1 at the top):")?;
    writeln!(
        out,
        "{:>5}  {:<6}  {:<5}  {:>12}  {:>14}  {:>14}",
        "move", "player", "cell", "gain", "first", "second"
    )?;
    for (i, m) in a.line.iter().enumerate() {
        writeln!(
            out,
            "{:>5}  {:<6}  {:<5}  {:>12}  {:>14}  {:>14}",
            i + 1,
            m.player,
            m.cell,
            m.gain,
            m.first,
            m.second
        )?;
    }
    let verdict = match a.winner {
        super::Winner::Draw => "a draw".to_string(),
        winner => format!("{} wins", winner.as_str()),
    };
    writeln!(out, "first {} - second {}: {verdict}", a.first, a.second)
}

/// The layers as `taken:states` entries, as many to a line as fit.
fn write_layers(out: &mut impl Write, layers: &[u64]) -> io::Result<()> {
    let entries: Vec<String> = layers.iter().enumerate().map(|(k, c)| format!("{k}:{c}")).collect();
    let cell = entries.iter().map(String::len).max().unwrap_or(0) + 2;
    let per_line = ((WIDTH - 2) / cell).max(1);
    for chunk in entries.chunks(per_line) {
        let line: String = chunk.iter().map(|e| format!("{e:<cell$}")).collect();
        writeln!(out, "  {}", line.trim_end())?;
    }
    Ok(())
}

/// The histogram: one row per bucket with its range, count, share and a bar of `#`.
fn write_scores(out: &mut impl Write, a: &Analysis) -> io::Result<()> {
    let most = a.scores.iter().map(|b| b.count).max().unwrap_or(0).max(1);
    writeln!(out, "{:>14}  {:>14}  {:>13}  {:>6}", "from", "to", "states", "share")?;
    for bucket in &a.scores {
        // Rounded up, so that a non-empty bucket always shows a mark.
        let bar = (u128::from(bucket.count) * BAR as u128).div_ceil(u128::from(most)) as usize;
        let share = 100.0 * bucket.count as f64 / a.states.max(1) as f64;
        let row = format!(
            "{:>14}  {:>14}  {:>13}  {share:>5.1}%  {}",
            bucket.low,
            bucket.high,
            bucket.count,
            "#".repeat(bar)
        );
        // An empty bucket has no bar, and its line no trailing spaces.
        writeln!(out, "{}", row.trim_end())?;
    }
    Ok(())
}
