//! `query`: every position of the input, as text or JSON Lines (`--json` with `pv`, `--explain`
//! with the board before the report and the optimal line after it).

use std::cell::RefCell;
use std::io::Write;

use grid_core::cli::args::Format;
use grid_core::cli::driver::Source;
use grid_core::cli::{Failure, write_json_line};
use lattice_dp::progress::{LayerBar, Shown};
use lattice_dp::query;
use lattice_dp::{Line, Mode, Plan, QueryOptions, SolveError, parse_positions};

use super::failure::solve_failure;
use super::options::SolveArgs;

/// `query`: every position of the input, as text or JSON Lines.
pub fn run_query(
    input: &Source,
    args: &SolveArgs,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let input = input.read()?;
    let positions = parse_positions(&input)?;
    let limit = args.memory_limit();
    // The text report lists the moves only; `--json` and `--explain` show one optimal game too.
    let line = match format {
        Format::Plain => Line::Omit,
        Format::Json | Format::Explain => Line::Optimal,
    };
    for position in &positions {
        let board = position.board();
        lattice_dp::solve::check_width(board, args.width())
            .map_err(|e| solve_failure(e, board.rows(), board.cols()))?;
        // A query picks its width without a limit (4 or 8 bytes), as `child_values` does.
        let mut plan = Plan::new(board, Mode::ValueOnly, None, None);
        if line == Line::Optimal {
            plan.game_bytes = query::line_bytes(position);
        }
        if let Some(limit) = limit.filter(|&limit| plan.total() > limit) {
            return Err(solve_failure(SolveError::TooLarge { plan, limit }, board.rows(), board.cols()));
        }
    }
    for (i, position) in positions.iter().enumerate() {
        let bar = RefCell::new(LayerBar::for_stderr(Shown::from_flag(args.progress)));
        let progress = |p| bar.borrow_mut().update(p);
        let options = QueryOptions { number: i + 1, progress: Some(&progress), stop: None, line };
        let solved = grid_core::stop::unstoppable(query::solve_position(position, &options));
        bar.into_inner().finish();
        let pv = solved.line.as_deref().map(query::notations);
        let report = query::report_of(position, i + 1, &solved.moves, pv);
        match format {
            Format::Json => write_json_line(out, &report)?,
            Format::Plain => query::write_text(out, position, &report)?,
            Format::Explain => {
                let marks = lattice_dp::play::PlayPosition::new(position.clone()).marks;
                out.write_all(lattice_dp::explain::draw_board(position.board(), &marks).as_bytes())?;
                query::write_text(out, position, &report)?;
                let line = solved.line.as_deref().unwrap_or_default();
                out.write_all(lattice_dp::explain::explain_line(position, line).as_bytes())?;
            }
        }
        out.flush()?;
    }
    Ok(())
}
