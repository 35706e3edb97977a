//! The binary's refusals: a solve that does not fit or was interrupted, and usage errors.

use std::process::ExitCode;

use grid_core::cli::{self, Failure};
use lattice_dp::{Plan, SolveError};

/// The refusal of a solve that does not fit, or the message of an interrupted one.
pub fn solve_failure(e: SolveError, n: usize, m: usize) -> Failure {
    match e {
        SolveError::TooLarge { plan, limit } => Failure::TooLarge(format!(
            "error: board {n}x{m}: {e} (--memory-limit BYTES raises it; --json, --explain and analyze need at least one more byte per state of the largest layer; {})",
            ranks_that_fit(&plan, limit)
        )),
        SolveError::WidthTooNarrow { width, needed, .. } => Failure::Usage(format!(
            "error: board {n}x{m}: --value-bytes {}: {e} (use --value-bytes {} or more, or leave the width to the solver)",
            width.bytes(),
            needed.bytes()
        )),
        SolveError::Interrupted { .. } => Failure::Interrupted(format!("error: {e}")),
        SolveError::Checkpoint(_) => Failure::Usage(format!("error: {e}")),
    }
}

/// The ranks of `limit` bytes each that would hold a plan too large for one process of `limit`,
/// in words ([`Plan::ranks_to_fit`]).
pub fn ranks_that_fit(plan: &Plan, limit: u64) -> String {
    match plan.ranks_to_fit(limit) {
        Some(ranks) => format!(
            "--distributed on about {ranks} ranks of this limit would hold it: `lattice-dp plan --ranks {ranks}` checks"
        ),
        None => format!(
            "no number of ranks of this limit holds it: each rank needs at least {} for its tables and process",
            lattice_dp::solve::bytes(plan.rank_fixed_bytes())
        ),
    }
}

/// Reports a usage error (exit status 2).
pub fn usage_error(message: &str) -> ExitCode {
    cli::report(Err(Failure::Usage(format!("error: {message}"))), &mut std::io::stderr().lock())
}
