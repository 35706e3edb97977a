//! Command-line front end: `pawn-retrograde [--json | --explain] [FILE]`.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use grid_core::{EXIT_INPUT, EXIT_INTERNAL, SourceError, read_input};
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let bytes = match read_input(cli.file.as_deref()) {
        Ok(bytes) => bytes,
        Err(SourceError::Interactive) => {
            eprintln!("usage: pawn-retrograde [--json | --explain] [FILE]   (or pipe the input on stdin)");
            return exit(EXIT_INPUT);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INPUT);
        }
    };
    let boards = match parse_input(&bytes) {
        Ok(boards) => boards,
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INPUT);
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let written = write_output(&mut out, &cli, &boards).and_then(|()| out.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (e.g. `| head`): nothing more to say.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write output: {e}");
            exit(EXIT_INTERNAL)
        }
    }
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

fn exit(code: i32) -> ExitCode {
    // Exit codes are 1 and 2.
    ExitCode::from(code as u8)
}
