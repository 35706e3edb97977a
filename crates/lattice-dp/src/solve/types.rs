//! What a sweep reports, shared by both sweep engines and the memory plan: what to keep
//! ([`Mode`]), the result ([`Solution`]) and how far it is ([`Progress`]).

/// Whether to keep what is needed to replay the optimal game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Only the value of the empty board.
    ValueOnly,
    /// The value and one optimal game (one extra byte per state, or several sweeps when that does
    /// not fit the memory limit: see [`super::Plan::game_passes`]).
    WithGame,
}

/// The result of a solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// First player's total minus second player's total under optimal play.
    pub value: i64,
    /// With [`Mode::WithGame`]: the cells (row, column), 0-based, in the order an optimal game takes
    /// them; the first player takes the cells at even positions.
    pub moves: Option<Vec<(usize, usize)>>,
}

/// How far the sweep is: layers and states finished out of the totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Layers computed so far (the full board counts as computed from the start).
    pub done: usize,
    /// Layers in all (`n·m + 1`).
    pub total: usize,
    /// States of the layers computed so far.
    pub states_done: u64,
    /// States of all the layers the sweep computes.
    pub states_total: u64,
}
