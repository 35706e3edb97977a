//! `query`: every position's value and every move's, as text or JSON Lines.

use std::io::Write;

use edmonds_blossom::parse_positions;
use edmonds_blossom::query::{self, KingMoves, QueryOptions};
use grid_core::cli::args::Format;
use grid_core::cli::driver::Source;
use grid_core::cli::{self, Failure};

use super::failure::engine;

/// Reports every position of the input: its value and every legal move's.
pub fn run_query(
    input: &Source,
    moves: KingMoves,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let bytes = input.read()?;
    let positions = parse_positions(&bytes)?;
    drop(bytes);
    for (i, position) in positions.iter().enumerate() {
        let report =
            query::query(position, &QueryOptions { number: i + 1, moves, stop: None }).map_err(engine)?;
        match format {
            Format::Json => cli::write_json_line(out, &report)?,
            Format::Explain => {
                if i > 0 {
                    writeln!(out)?;
                }
                out.write_all(position.drawing().as_bytes())?;
                query::write_report(out, position, &report)?;
                query::write_reasoning(out, &report)?;
            }
            Format::Plain => query::write_report(out, position, &report)?,
        }
    }
    Ok(())
}
