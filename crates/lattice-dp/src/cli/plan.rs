//! `plan --ranks P`: the memory and traffic of a distributed solve, without solving.

use std::io::Write;

use grid_core::cli::Failure;
use grid_core::cli::driver::Source;
use lattice_dp::{Mode, Plan};

use super::failure::solve_failure;
use super::options::SolveArgs;

/// The usage line of `plan`, for the message when there is no input.
pub const PLAN_USAGE: &str = "usage: lattice-dp plan --ranks P [OPTIONS] [FILE]";

/// `plan --ranks P`: the distributed plan of the board, without solving. It reads only the
/// board's shape, so it takes boards beyond the solver's limits (up to 22×22: see
/// `board::MAX_PLAN_PERIMETER`).
pub fn run_plan(
    input: &Source,
    ranks: usize,
    min_share: u64,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let input = input.read()?;
    let shape = lattice_dp::parse_shape(&input)?;
    let (n, m) = (shape.rows(), shape.cols());
    lattice_dp::solve::check_shape_width(&shape, args.width()).map_err(|e| solve_failure(e, n, m))?;
    let single = Plan::for_shape(&shape, Mode::ValueOnly, args.width(), None);
    let plan = Plan::for_ranks_of_shape(&shape, Mode::ValueOnly, args.width(), ranks, min_share);
    let limit = args.memory.bytes;
    out.write_all(lattice_dp::solve::plan_text(&shape, &single, &plan, limit).as_bytes())?;
    Ok(())
}
