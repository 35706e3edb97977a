//! How the default mode prints a solved board: the value, the explained game, or the report.

use std::io::Write;

use grid_core::cli::args::Format;
use grid_core::cli::{Failure, write_json_line};
use lattice_dp::explain::explain;
use lattice_dp::query::{self, Position};

/// The answer of the default mode: the value, the explained game, or the report.
pub fn write_answer(
    board: &lattice_dp::Board,
    solution: lattice_dp::Solution,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let game = solution.moves.unwrap_or_default();
    match format {
        Format::Plain => writeln!(out, "{}", solution.value)?,
        Format::Explain => out.write_all(explain(board, solution.value, &game).as_bytes())?,
        Format::Json => {
            let report = query::start_report(&Position::start(board.clone()), solution.value, &game);
            write_json_line(out, &report)?;
        }
    }
    Ok(())
}
