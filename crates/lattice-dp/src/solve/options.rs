//! How a solve is asked for ([`Options`]) and why it does not finish ([`SolveError`]).

use std::sync::atomic::AtomicBool;

use super::distributed::{checkpoint, partition};
use super::plan::{self, Plan};
use super::types::{Mode, Progress};
use super::value::ValueWidth;
use crate::board::{Board, Shape};

/// How to run a solve: what to keep, how much memory it may plan for, how to stop it.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// Whether to keep the optimal game.
    pub mode: Mode,
    /// Refuse (before allocating the layers) a solve whose [`Plan`] needs more bytes than this.
    pub memory_limit: Option<u64>,
    /// The width of a stored value; `None`: 4 bytes when the board's values allow, else 8 when
    /// they take at most half the memory limit, else 5 (see [`Plan::new`]).
    pub width: Option<ValueWidth>,
    /// Checked between layers: once it is set, the solve stops with [`SolveError::Interrupted`].
    pub stop: Option<&'a AtomicBool>,
    /// Write checkpoints (and resume from them): the sweep then runs as the one rank of a
    /// distributed sweep ([`crate::solve::solve_distributed`]), whose layers are what a checkpoint holds.
    pub checkpoints: Option<&'a checkpoint::Checkpoints>,
    /// In a distributed sweep, the fewest states of a layer a rank that shares it owns (see
    /// [`partition`]; smaller layers are shared by fewer ranks). A checkpoint is resumed only
    /// with the same partition.
    pub min_share: u64,
}

impl Options<'_> {
    /// `mode`, no memory limit, the narrowest width, no stop flag, no checkpoints, the default
    /// minimum share ([`partition::DEFAULT_MIN_SHARE`]).
    pub fn new(mode: Mode) -> Self {
        Self {
            mode,
            memory_limit: None,
            width: None,
            stop: None,
            checkpoints: None,
            min_share: partition::DEFAULT_MIN_SHARE,
        }
    }
}

/// Why a solve did not finish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The plan needs more memory than the limit; nothing large was allocated.
    #[error(
        "this solve needs about {} (layers {} + game {} + tables {}) but the memory limit is {}",
        plan::bytes(.plan.total()), plan::bytes(.plan.layer_bytes), plan::bytes(.plan.game_bytes),
        plan::bytes(.plan.table_bytes), plan::bytes(*.limit)
    )]
    TooLarge {
        /// What the solve would need.
        plan: Plan,
        /// The limit it exceeds.
        limit: u64,
    },
    /// The width asked for ([`Options::width`]) cannot hold the board's values: stored values
    /// would overflow. Nothing was allocated.
    #[error(
        "{} bytes per value cannot hold this board's values: their bound (the largest value plus the larger player's sum) is {bound}, which needs at least {} bytes",
        .width.bytes(), .needed.bytes()
    )]
    WidthTooNarrow {
        /// The width asked for.
        width: ValueWidth,
        /// The board's bound ([`Board::value_bound`]).
        bound: u64,
        /// The narrowest width that holds it ([`ValueWidth::for_bound`]).
        needed: ValueWidth,
    },
    /// The stop flag was set; the solve stopped at a layer boundary.
    #[error("interrupted after {} of {} states", .at.states_done, .at.states_total)]
    Interrupted {
        /// How far it got.
        at: Progress,
    },
    /// A checkpoint could not be written, or the solve cannot resume from the ones there
    /// ([`checkpoint`]).
    #[error("{0}")]
    Checkpoint(String),
}

/// Refuses a `width` that cannot hold `board`'s values (`None`, the solver's choice, always can):
/// [`super::solve_with`] checks it first; a caller that fixes a width for other work checks it too.
///
/// # Errors
/// [`SolveError::WidthTooNarrow`].
pub fn check_width(board: &Board, width: Option<ValueWidth>) -> Result<(), SolveError> {
    check_shape_width(&board.shape(), width)
}

/// Refuses a `width` that cannot hold the values of a board of `shape` ([`check_width`]; for a
/// plan of a board that is only planned).
///
/// # Errors
/// [`SolveError::WidthTooNarrow`].
pub fn check_shape_width(shape: &Shape, width: Option<ValueWidth>) -> Result<(), SolveError> {
    let bound = shape.value_bound();
    match width {
        Some(width) if !width.holds(bound) => {
            Err(SolveError::WidthTooNarrow { width, bound, needed: ValueWidth::for_bound(bound) })
        }
        _ => Ok(()),
    }
}
