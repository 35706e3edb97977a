//! The runners of the binary's modes and of its own subcommands, once
//! [`grid_core::cli::driver`] has read the command line, with the options they share.

pub mod analyze;
pub mod boards;
pub mod failure;
pub mod matching;
pub mod options;
pub mod play;
pub mod query;
pub mod timings;
pub mod weighted;
