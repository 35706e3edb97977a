//! The default mode and `all-starts`: who wins from the king's start, or from every free cell,
//! per board.

use std::io::Write;

use edmonds_blossom::query::{self, KingMoves};
use edmonds_blossom::report::{explain, json, text};
use edmonds_blossom::{BoardAnalysis, parse_boards, parse_positions};
use grid_core::cli::args::Format;
use grid_core::cli::driver::Source;
use grid_core::cli::{self, Failure};

use super::failure::engine;

/// What the default mode and `all-starts` answer per board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Boards {
    /// Who wins from the king's start.
    Verdict,
    /// Who wins from every free cell.
    AllStarts,
}

/// Answers every board of the input: the verdict of its start, or every start's.
pub fn run_boards(
    input: &Source,
    moves: KingMoves,
    format: Format,
    boards: Boards,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let all_starts = boards == Boards::AllStarts;
    let bytes = input.read()?;
    let boards = parse_boards(&bytes).map_err(|e| {
        cli::default_mode_error("edmonds-blossom", e, &bytes, |input| parse_positions(input).is_ok())
    })?;
    drop(bytes);
    for (i, board) in boards.iter().enumerate() {
        let case = i + 1;
        if format == Format::Json && !all_starts {
            // The start position's report: one matching of the graph without the start answers
            // the verdict and every first move.
            let report = query::verdict_report(board, moves, case).map_err(engine)?;
            cli::write_json_line(out, &report)?;
            continue;
        }
        let analysis = BoardAnalysis::new(board, moves.set()).map_err(engine)?;
        match (format, all_starts) {
            (Format::Json, _) => {
                cli::write_json_line(out, &json::OutcomeGridJson::new(case, &analysis, moves.name()))?
            }
            (Format::Explain, false) => explain::write_verdict(out, case, &analysis, moves.name())?,
            (Format::Explain, true) => explain::write_outcome_grid(out, case, &analysis, moves.name())?,
            (Format::Plain, false) => text::write_verdict(out, case, &analysis)?,
            (Format::Plain, true) => text::write_outcome_grid(out, case, &analysis)?,
        }
    }
    Ok(())
}
