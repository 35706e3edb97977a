//! The distributed sweep: every layer shared among `P` ranks, each computing its rows with the
//! single process's kernel after one exchange of the remote rows they read.
//!
//! `partition` says which rank owns each row and which rows travel, in batches; `rank` is one
//! rank's sweep ([`solve_distributed`]); `exchange` is how ranks talk ([`Exchange`]: threads of
//! one process, [`ThreadRanks`], or with the feature `mpi` the processes of an MPI job, `mpi`);
//! `checkpoint` writes each rank's last layer and resumes from it. A single process with
//! checkpoints runs as the one rank of this sweep ([`Alone`]).

pub mod checkpoint;
pub mod exchange;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod partition;
mod rank;

pub use checkpoint::{Checkpoints, WhenDone};
pub use exchange::{Alone, Exchange, ROUND_BYTES, ThreadRanks};
#[cfg(feature = "mpi")]
pub use mpi::MpiRanks;
pub use partition::DEFAULT_MIN_SHARE;
pub use rank::{RankSolution, Traffic, solve_distributed, solve_rank};
