//! The runners of the binary's modes: what each mode reads, solves and prints, once
//! [`grid_core::cli::driver`] has read the command line.

pub mod analyze;
pub mod answers;
pub mod play;
pub mod query;
