//! Command-line front end: `pawn-retrograde [--json | --explain] [FILE]`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use grid_core::cli;
use pawn_retrograde::{analyse_boards, explain, json, parse_input, solve_boards};

/// Solves the river-crossing pawn game exactly: prints `Red k`, `Black k` or `Tie` per board.
#[derive(Parser)]
#[command(name = "pawn-retrograde", version)]
struct Cli {
    /// Explain each board: result, value of every first move of Red, principal variation.
    #[arg(long, conflicts_with = "json")]
    explain: bool,
    /// Print a JSON array with one object per board: result, moves, pv, first_moves.
    #[arg(long)]
    json: bool,
    /// Input file (standard input when absent or `-`).
    file: Option<PathBuf>,
}

const USAGE: &str = "usage: pawn-retrograde [--json | --explain] [FILE]   (or pipe the input on stdin)";

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::run(|out| {
        let bytes = cli::read(cli.file.as_deref(), USAGE)?;
        let boards = parse_input(&bytes)?;
        Ok(write_output(out, &cli, &boards)?)
    })
}

fn write_output(out: &mut impl Write, cli: &Cli, boards: &[pawn_retrograde::Board]) -> io::Result<()> {
    if cli.json || cli.explain {
        let analyses = analyse_boards(boards);
        if cli.json {
            // One JSON array, one board object per line.
            write!(out, "[")?;
            for (i, analysis) in analyses.iter().enumerate() {
                writeln!(out, "{}", if i == 0 { "" } else { "," })?;
                serde_json::to_writer(&mut *out, &json::report(i + 1, analysis))?;
            }
            writeln!(out, "\n]")?;
        } else {
            writeln!(out, "{}\n", explain::LEGEND)?;
            for (i, (board, analysis)) in boards.iter().zip(&analyses).enumerate() {
                writeln!(out, "{}", explain::explain(i + 1, board, analysis))?;
            }
        }
    } else {
        for outcome in solve_boards(boards) {
            writeln!(out, "{outcome}")?;
        }
    }
    Ok(())
}
