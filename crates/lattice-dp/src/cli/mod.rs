//! The runners of the binary's modes and of `plan`, once [`grid_core::cli::driver`] has read the
//! command line, with the options they share.

pub mod analyze;
pub mod answer;
pub mod answer_output;
pub mod distributed;
pub mod failure;
pub mod interrupt;
pub mod options;
pub mod plan;
pub mod play;
pub mod query;
pub mod resume_note;
