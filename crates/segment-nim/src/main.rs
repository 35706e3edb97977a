//! `segment-nim [--explain | --json] [FILE]`: solves the sliding-pawn boards of FILE (or stdin).

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use grid_core::{EXIT_INPUT, EXIT_INTERNAL, SourceError, read_input};
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let input = match read_input(cli.file.as_deref()) {
        Ok(bytes) => bytes,
        Err(SourceError::Interactive) => {
            eprintln!(
                "usage: segment-nim [--explain | --json] [FILE]   (or pipe the input on standard input)"
            );
            return code(EXIT_INPUT);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return code(EXIT_INPUT);
        }
    };
    let mode = if cli.json {
        Mode::Json
    } else if cli.explain {
        Mode::Explain
    } else {
        Mode::Answers
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = run(&input, mode, &mut out);
    let flushed = out.flush();
    match (result, flushed) {
        (Err(RunError::Input(e)), _) => {
            eprintln!("error: {e}");
            code(EXIT_INPUT)
        }
        (Err(RunError::Output(e)), _) | (Ok(()), Err(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        (Err(RunError::Output(e)), _) | (Ok(()), Err(e)) => {
            eprintln!("error: cannot write output: {e}");
            code(EXIT_INTERNAL)
        }
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
    }
}

/// An exit status as an `ExitCode`.
fn code(status: i32) -> ExitCode {
    ExitCode::from(u8::try_from(status).unwrap_or(1))
}
