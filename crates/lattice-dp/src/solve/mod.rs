//! The layered sweep: from the full board back to the empty one, layer by layer (cells taken),
//! two layers alive.
//!
//! What a solve is asked and reports: `types` (mode, solution, progress) and `options` (options,
//! errors). The memory a solve needs, from the board alone: `plan`. The engines: `sweep` (this
//! process) and [`distributed`] (one rank of several, with its partition, exchange, checkpoints
//! and MPI ranks; also a solve with checkpoints), both running rows through `rows` and its
//! `kernel` over the layer layouts of `layer`, `split` and `half`, with values stored as `value`
//! says. Entry points: `answer` (the value and the optimal game, recorded in segments by `game`
//! when the memory limit asks) and `children` (a query's sweep); [`census`] counts the values a
//! sweep computes. This file only declares and re-exports: every module imports the ones it
//! needs directly, and no import circle closes (xtask's tidy checks it).

pub mod census;
pub mod distributed;

mod answer;
mod children;
mod game;
mod half;
mod kernel;
mod layer;
mod options;
mod plan;
mod rows;
mod split;
mod sweep;
mod types;
mod value;

pub use answer::{solve, solve_counting, solve_with, value};
pub use children::{
    ChildValue, ChildValues, Children, Line, MAX_MOVES, child_values, child_values_until_stopped,
    children_until_stopped, line_bytes,
};
pub use distributed::solve_distributed;
pub use options::{Options, SolveError, check_shape_width, check_width};
pub use plan::{DistributedPlan, Plan, RankPlan, bytes, layer_sizes, plan_text, state_count};
pub use types::{Mode, Progress, Solution};
pub use value::{Packed40, Stored, ValueWidth};
