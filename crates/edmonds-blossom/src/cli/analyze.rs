//! `analyze`: each board's whole game (starts won and lost, Gallai–Edmonds classes, the map), as
//! text or JSON Lines.

use std::io::Write;

use edmonds_blossom::query::KingMoves;
use edmonds_blossom::{analyze, parse_boards};
use grid_core::cli::args::Format;
use grid_core::cli::driver::Source;
use grid_core::cli::{self, Failure};

use super::failure::engine;

/// Analyses every board of the input, one at a time, boards separated by an empty line in text.
pub fn run_analyze(
    input: &Source,
    moves: KingMoves,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let bytes = input.read()?;
    let boards = parse_boards(&bytes)?;
    drop(bytes);
    for (i, board) in boards.iter().enumerate() {
        let analysis = analyze(board, moves, i + 1).map_err(engine)?;
        match format {
            Format::Json => cli::write_json_line(out, &analysis)?,
            Format::Plain | Format::Explain => {
                if i > 0 {
                    writeln!(out)?;
                }
                analysis.write_text(out)?;
            }
        }
    }
    Ok(())
}
