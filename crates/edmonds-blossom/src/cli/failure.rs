//! The binary's internal failures: an error of the engine, which no input should cause.

use grid_core::cli::Failure;

/// An error of the engine: an internal failure (exit status 1).
pub fn engine(e: impl ToString) -> Failure {
    Failure::Internal(e.to_string())
}
