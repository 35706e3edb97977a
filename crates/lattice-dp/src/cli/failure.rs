//! The binary's refusals: a solve that does not fit or was interrupted, and usage errors.

use std::process::ExitCode;

use grid_core::cli::{self, Failure};
use lattice_dp::SolveError;

/// The refusal of a solve that does not fit, or the message of an interrupted one.
pub fn solve_failure(e: SolveError, n: usize, m: usize) -> Failure {
    match e {
        SolveError::TooLarge { .. } => Failure::TooLarge(format!(
            "error: board {n}x{m}: {e} (--memory-limit BYTES raises it; --json, --explain and analyze need at least one more byte per state of the largest layer)"
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

/// Reports a usage error (exit status 2).
pub fn usage_error(message: &str) -> ExitCode {
    cli::report(Err(Failure::Usage(format!("error: {message}"))), &mut std::io::stderr().lock())
}
