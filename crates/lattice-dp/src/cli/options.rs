//! The binary's own options and subcommand: how the sweep runs, its checkpoints, the MPI job of
//! the default mode, and `plan`.

use std::path::PathBuf;
use std::time::Duration;

use clap::Subcommand;
use grid_core::cli::Failure;
use grid_core::cli::args::InputArgs;
use grid_core::cli::memory::MemoryArgs;
use lattice_dp::ValueWidth;
use lattice_dp::solve::distributed::checkpoint::{Checkpoints, WhenDone};
use lattice_dp::solve::distributed::partition::DEFAULT_MIN_SHARE;

/// The default mode's own options: the sweep, its checkpoints, and the MPI job.
#[derive(Debug, clap::Args)]
pub struct AnswerArgs {
    /// How the sweep runs.
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Its checkpoints.
    #[command(flatten)]
    pub checkpoints: CheckpointArgs,
    /// Run as one rank of an MPI job: `mpirun -np P lattice-dp-mpi --distributed [OPTIONS] FILE`. Each
    /// rank computes its share of every layer; rank 0 reads the input and prints the answer, as a
    /// single process does. Each rank's plan must fit --memory-limit (default: the memory available
    /// shared among the ranks of its host). Needs the binary lattice-dp-mpi (`--features mpi`).
    #[arg(long)]
    pub distributed: bool,
    /// With --distributed: the fewest states of a layer a rank that shares it owns. A smaller
    /// layer goes to fewer ranks, so that its few rows are not read back and forth between many;
    /// a layer of at least STATES × P states is shared by every rank. A checkpoint resumes only
    /// with the same STATES [default: 262144]
    #[arg(long, value_name = "STATES", value_parser = clap::value_parser!(u64).range(1..), requires = "distributed")]
    min_share: Option<u64>,
}

impl AnswerArgs {
    /// `--min-share`, else the solver's default.
    pub fn min_share(&self) -> u64 {
        self.min_share.unwrap_or(DEFAULT_MIN_SHARE)
    }
}

/// `analyze`'s own options: the sweep's, and the default mode's options it refuses with a
/// message of its own (hidden from its help, which says why).
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// How the sweep runs.
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Refused: the counts are taken in one process.
    #[arg(long, hide = true)]
    distributed: bool,
    /// Refused: a sweep resumed from a checkpoint does not count the layers above it.
    #[arg(long, hide = true, value_name = "DIR")]
    checkpoint: Option<PathBuf>,
    /// Refused, as --checkpoint.
    #[arg(long, hide = true, value_name = "DIR")]
    resume: Option<PathBuf>,
}

impl AnalyzeArgs {
    /// The first default-mode option given that `analyze` does not take, as written.
    pub fn refused(&self) -> Option<&'static str> {
        [
            (self.distributed, "--distributed"),
            (self.checkpoint.is_some(), "--checkpoint"),
            (self.resume.is_some(), "--resume"),
        ]
        .into_iter()
        .find_map(|(given, name)| given.then_some(name))
    }
}

/// lattice-dp's own subcommand.
#[derive(Debug, Subcommand)]
pub enum Own {
    /// The memory and traffic of a distributed solve on P ranks, without solving.
    ///
    /// Prints, for the board of FILE (the default input) and P ranks: each rank's largest share of
    /// a layer, the most states it receives at once (for one batch of its rows), the states it
    /// receives in all and its peak bytes; the states exchanged per layer and in all, and the
    /// batches; and whether each rank's peak fits --memory-limit. Only the board's shape and
    /// largest values are read, so boards past what one machine solves are planned too
    /// (e.g. `cargo xtask gen lattice-21x21`).
    Plan {
        /// The number of ranks.
        #[arg(long, value_name = "P", value_parser = clap::value_parser!(u16).range(1..=4096))]
        ranks: u16,
        /// How the sweep would run.
        #[command(flatten)]
        solve: SolveArgs,
        /// The fewest states of a layer a rank that shares it owns, as `--distributed
        /// --min-share` [default: 262144]
        #[arg(long, value_name = "STATES", value_parser = clap::value_parser!(u64).range(1..), default_value_t = DEFAULT_MIN_SHARE, hide_default_value = true)]
        min_share: u64,
        /// The board's file.
        #[command(flatten)]
        input: InputArgs,
    },
}

/// How the sweep runs: its memory, its value width, its progress.
#[derive(Debug, Clone, clap::Args)]
pub struct SolveArgs {
    /// The memory a solve may plan (the two layers of values, the tables, and for the optimal game one
    /// byte per state, or when that does not fit, the steps of as many layers as fit, one sweep each
    /// time).
    #[command(flatten)]
    pub memory: MemoryArgs,
    /// Bytes per stored value: 4, 5 or 8 [default: 4 when the largest value plus the larger player's
    /// sum is below 2^31, else 8 when those layers take at most half the memory limit, else 5
    /// (packed: less memory, a little slower)]. A width too narrow for the board (4 bytes hold a
    /// bound below 2^31, 5 bytes below 2^39) is refused before solving, with the smallest width
    /// that holds it.
    #[arg(long, value_name = "N", value_parser = ["4", "5", "8"])]
    value_bytes: Option<String>,
    /// Show the progress (states done, states/s, ETA) on stderr from the start: a bar on a
    /// terminal, a line every ten seconds elsewhere, then a closing line with the states and the
    /// time; with --distributed, each rank then also reports its peak resident memory and traffic
    /// against its plan.
    #[arg(long)]
    pub progress: bool,
}

/// Checkpoints of the default mode's sweep.
#[derive(Debug, Clone, clap::Args)]
pub struct CheckpointArgs {
    /// Write checkpoints into DIR (made if missing): each rank's values of the last layer finished,
    /// atomically, every --checkpoint-minutes or --checkpoint-layers; a solve killed at any point
    /// continues with --resume DIR. The value only: not with --json or --explain.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<PathBuf>,
    /// Continue from the newest layer every rank finished in DIR (a checkpoint of another board,
    /// another number of ranks, width or --min-share, or a torn or corrupted file is refused),
    /// and go on writing checkpoints there; stderr says `resumed from layer L of N (written
    /// TIME)`: the layer of L cells taken, the sweep going from N = n·m cells down to 0.
    #[arg(long, value_name = "DIR")]
    resume: Option<PathBuf>,
    /// Write a checkpoint every N layers as well.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    checkpoint_layers: Option<u64>,
    /// Write a checkpoint once M minutes have passed since the last one [default: 10].
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(1..))]
    checkpoint_minutes: Option<u64>,
    /// Keep the checkpoint files once the solve has finished (by default a finished solve removes
    /// its files, torn `*.ckpt.part` ones included).
    #[arg(long)]
    keep_checkpoints: bool,
}

impl CheckpointArgs {
    /// The checkpoints asked for, if any.
    pub fn checkpoints(&self) -> Result<Option<Checkpoints>, Failure> {
        let dir = match (&self.checkpoint, &self.resume) {
            (Some(a), Some(b)) if a != b => {
                return Err(Failure::Usage(
                    "error: --resume DIR goes on writing checkpoints into DIR: give --checkpoint the same folder or leave it out".into(),
                ));
            }
            (_, Some(dir)) | (Some(dir), None) => dir.clone(),
            (None, None) => {
                if self.checkpoint_layers.is_some()
                    || self.checkpoint_minutes.is_some()
                    || self.keep_checkpoints
                {
                    return Err(Failure::Usage(
                        "error: --checkpoint-layers, --checkpoint-minutes and --keep-checkpoints need --checkpoint DIR"
                            .into(),
                    ));
                }
                return Ok(None);
            }
        };
        let every =
            self.checkpoint_minutes.map_or(Checkpoints::DEFAULT_PERIOD, |m| Duration::from_secs(60 * m));
        Ok(Some(Checkpoints {
            dir,
            every_layers: self.checkpoint_layers.map(|n| n as usize),
            every,
            resume: self.resume.is_some(),
            when_done: if self.keep_checkpoints { WhenDone::Keep } else { WhenDone::Remove },
        }))
    }
}

impl SolveArgs {
    /// The memory limit: the option, else what the machine has available.
    pub fn memory_limit(&self) -> Option<u64> {
        Some(self.memory.limit())
    }

    /// `--value-bytes`: the width asked for, if any.
    pub fn width(&self) -> Option<ValueWidth> {
        self.value_bytes.as_deref().map(|b| match b {
            "4" => ValueWidth::Four,
            "5" => ValueWidth::Five,
            _ => ValueWidth::Eight,
        })
    }
}
