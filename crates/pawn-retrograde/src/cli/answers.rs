//! The default mode: the judge's answers, `--explain`, `--json` or `--self-check`.

use std::io::{self, Write};

use grid_core::cli::args::Format;
use grid_core::cli::{Failure, write_json_line};
use pawn_retrograde::query::Position;
use pawn_retrograde::{Board, Outcome, Solution, analyse_boards, explain, solve_boards};

/// The judge's answers, `--explain` or `--json`.
pub fn write_answers(out: &mut impl Write, format: Format, boards: &[Board]) -> io::Result<()> {
    match format {
        Format::Plain => {
            for outcome in solve_boards(boards) {
                writeln!(out, "{outcome}")?;
            }
        }
        Format::Explain => {
            writeln!(out, "{}\n", explain::LEGEND)?;
            for (i, (board, analysis)) in boards.iter().zip(&analyse_boards(boards)).enumerate() {
                writeln!(out, "{}", explain::explain(i + 1, board, analysis))?;
            }
        }
        Format::Json => {
            let starts: Vec<Position> = boards.iter().map(Position::start).collect();
            for (i, query) in pawn_retrograde::query_positions(&starts).iter().enumerate() {
                write_json_line(out, &pawn_retrograde::query::report(i + 1, query))?;
            }
        }
    }
    Ok(())
}

/// `--self-check SAMPLES`: the judge's answers, each board's solution checked parent against
/// children on SAMPLES states (a summary per board on stderr).
pub fn self_check(out: &mut impl Write, boards: &[Board], samples: usize) -> Result<(), Failure> {
    for (i, board) in boards.iter().enumerate() {
        let solution = Solution::of_start(board);
        let checked = solution
            .self_check(samples, 0x5EED + i as u64)
            .map_err(|e| Failure::Internal(format!("board {}: {e}", i + 1)))?;
        writeln!(out, "{}", solution.outcome().unwrap_or(Outcome::Tie))?;
        eprintln!(
            "self-check: board {}: {samples} states sampled, {checked} decided ones agree with their successors",
            i + 1
        );
    }
    Ok(())
}
