//! `analyze`: the board of FILE, every state counted and one optimal game, as text or JSON Lines.

use std::io::Write;

use grid_core::cli::args::Format;
use grid_core::cli::driver::Source;
use grid_core::cli::{Failure, write_json_line};
use lattice_dp::analyze::{AnalyzeOptions, analyze, write_text};
use lattice_dp::parse_board;
use lattice_dp::progress::{LayerBar, Piped};

use super::failure::solve_failure;
use super::interrupt;
use super::options::SolveArgs;

/// `analyze`: the analysis of the board of FILE (the default input), in one process.
pub fn run_analyze(
    input: &Source,
    args: &SolveArgs,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let input = input.read()?;
    let board = parse_board(&input)?;
    let options = AnalyzeOptions {
        number: 1,
        memory_limit: args.memory_limit(),
        width: args.width(),
        stop: Some(interrupt::flag()),
    };
    let mut bar = LayerBar::for_stderr(if args.progress { Piped::Lines } else { Piped::Silent });
    let analysis = analyze(&board, &options, &mut |p| bar.update(p));
    bar.finish();
    let analysis = analysis.map_err(|e| solve_failure(e, board.rows(), board.cols()))?;
    match format {
        Format::Json => write_json_line(out, &analysis)?,
        Format::Plain | Format::Explain => write_text(out, &analysis)?,
    }
    Ok(())
}
