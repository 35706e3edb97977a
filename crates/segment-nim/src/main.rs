//! `segment-nim [--explain | --json] [FILE]`: solves the sliding-pawn boards of FILE (or stdin).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use grid_core::cli::{self, Failure};
use segment_nim::{Mode, RunError, run};

/// Exact solver for the sliding-pawn game on a circle: prints B (white wins), C (black wins) or
/// R (nobody can force a win) per board.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Per board: runs, segments, safe segments, threats, Nim xor, the deciding rule, and a
    /// confirmed winning first move for white (boards of at most 2000 pawns answered B).
    #[arg(long, conflicts_with = "json")]
    explain: bool,
    /// The same analysis as `--explain`, as one JSON object per board per line.
    #[arg(long)]
    json: bool,
    /// Input file; standard input when absent or `-`.
    file: Option<PathBuf>,
}

const USAGE: &str = "usage: segment-nim [--explain | --json] [FILE]   (or pipe the input on standard input)";

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mode = if cli.json {
        Mode::Json
    } else if cli.explain {
        Mode::Explain
    } else {
        Mode::Answers
    };
    cli::run(|out| {
        let input = cli::read(cli.file.as_deref(), USAGE)?;
        run(&input, mode, out).map_err(|e| match e {
            RunError::Input(e) => Failure::Input(e),
            RunError::Output(e) => Failure::Output(e),
        })
    })
}
