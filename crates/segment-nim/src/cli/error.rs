//! Why a runner stopped, and its exit status.

use std::io;

use grid_core::InputError;
use grid_core::cli::Failure;

/// Why [`run_answers`](super::answers::run_answers) or [`run_query`](super::query::run_query)
/// stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The input is malformed; nothing has been written.
    #[error("{0}")]
    Input(#[from] InputError),
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
}

impl From<RunError> for Failure {
    /// Bad input (exit status 2) or an output that cannot be written.
    fn from(e: RunError) -> Failure {
        match e {
            RunError::Input(e) => Failure::Input(e),
            RunError::Output(e) => Failure::Output(e),
        }
    }
}
