//! The runners of the binary's modes (feature `cli`), once [`grid_core::cli::driver`] has read the
//! command line: what each mode reads, solves and prints. They live in the library, not beside
//! `main.rs`, because game-stress, the benches and the tests run them on bytes in memory.

pub mod analyze;
pub mod answers;
pub mod error;
pub mod play;
pub mod query;

pub use answers::run_answers;
pub use error::RunError;
pub use query::run_query;
