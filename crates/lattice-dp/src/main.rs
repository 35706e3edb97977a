//! `lattice-dp [--json | --explain] [FILE]`: solves one staircase cell-taking board.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use grid_core::cli;
use lattice_dp::explain::explain;
use lattice_dp::json::Report;
use lattice_dp::progress::LayerBar;
use lattice_dp::{Mode, parse_board, solve};

/// Exact value of the staircase cell-taking game (Young-diagram minimax) on an n x m board.
///
/// Input: `n m`, then n rows of m values A (first player), then n rows of m values B (second player);
/// n, m >= 1, n + m <= 32, n*m <= 256, values 0..=10^9. Prints first player's total minus second's.
#[derive(Debug, Parser)]
#[command(name = "lattice-dp", version)]
struct Cli {
    /// Print `{"value": ..., "moves": [[row, col], ...]}` (0-based cells, one optimal game).
    #[arg(long, conflicts_with = "explain")]
    json: bool,
    /// Print one optimal game move by move, with running scores, and the final board.
    #[arg(long)]
    explain: bool,
    /// Input file; standard input when absent or `-`.
    file: Option<PathBuf>,
}

const USAGE: &str = "usage: lattice-dp [--json | --explain] [FILE]   (reads standard input when no FILE)";

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::run(|out| {
        let input = cli::read(cli.file.as_deref(), USAGE)?;
        let board = parse_board(&input)?;
        let mode = if cli.json || cli.explain { Mode::WithGame } else { Mode::ValueOnly };
        let mut bar = LayerBar::for_stderr();
        let solution = solve(&board, mode, &mut |p| bar.update(p));
        bar.finish();
        let moves = solution.moves.unwrap_or_default();
        let text = if cli.json {
            Report::new(solution.value, &moves).to_json() + "\n"
        } else if cli.explain {
            explain(&board, solution.value, &moves)
        } else {
            format!("{}\n", solution.value)
        };
        Ok(out.write_all(text.as_bytes())?)
    })
}
