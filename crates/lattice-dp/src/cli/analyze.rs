//! `analyze`: the board of FILE, every state counted and one optimal game, as text or JSON Lines.

use std::io::Write;

use grid_core::cli::args::Format;
use grid_core::cli::driver::Source;
use grid_core::cli::{Failure, write_json_line};
use lattice_dp::analyze::{AnalyzeOptions, analyze, write_text};
use lattice_dp::parse_board;
use lattice_dp::progress::{LayerBar, Shown};

use super::failure::solve_failure;
use super::interrupt;
use super::options::AnalyzeArgs;

/// `analyze`: the analysis of the board of FILE (the default input), in one process; the
/// distributed sweep and checkpoints are refused before the input is read.
pub fn run_analyze(
    input: &Source,
    args: &AnalyzeArgs,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if let Some(option) = args.refused() {
        return Err(Failure::Usage(format!(
            "error: analyze takes no {option}: it counts every state in one sweep of this process (see lattice-dp analyze --help)"
        )));
    }
    let args = &args.solve;
    let input = input.read()?;
    let board = parse_board(&input)?;
    let options = AnalyzeOptions {
        number: 1,
        memory_limit: args.memory_limit(),
        width: args.width(),
        stop: Some(interrupt::flag()),
    };
    let mut bar = LayerBar::for_stderr(Shown::from_flag(args.progress));
    let analysis = analyze(&board, &options, &mut |p| bar.update(p));
    bar.finish();
    let analysis = analysis.map_err(|e| solve_failure(e, board.rows(), board.cols()))?;
    match format {
        Format::Json => write_json_line(out, &analysis)?,
        Format::Plain | Format::Explain => write_text(out, &analysis)?,
    }
    Ok(())
}
