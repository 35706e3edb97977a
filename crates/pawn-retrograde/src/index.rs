//! The index widths of the state space, chosen in one place.
//!
//! | name | what it numbers | limit | why it fits |
//! |---|---|---|---|
//! | [`CellId`] | free cells, `0..F` | `F ≤` [`MAX_FREE_CELLS`] `= 1024` | a board has at most 1024 cells; `< 2^16` |
//! | [`PairId`] | unordered red pairs, `0..P` | `P = F(F−1)/2 ≤` [`MAX_PAIRS`] `= 523,776` | `< 2^32` |
//! | [`StateId`] | states, `0..2·F·P` | [`MAX_STATES`] `= 1,072,693,248` | `< 2^32` |
//!
//! The limits follow from [`crate::board::MAX_CELLS`], which [`crate::Board::new`] enforces, so
//! every index of a board's state space fits its width; the compile-time assertions below check
//! the arithmetic, and [`cell_id`] / [`pair_id`] convert with a check where a wider value is
//! narrowed (a failure there is a bug, never an input error). The step tables hold a
//! [`CellSlot`], a cell number or [`NO_CELL`].

/// A free-cell number (free cells in row-major order).
pub type CellId = u16;
/// A red pair number (`hi·(hi−1)/2 + lo` for cells `lo < hi`).
pub type PairId = u32;
/// A state index (`side·F·P + black·P + pair`).
pub type StateId = u32;
/// A step-table entry: a [`CellId`] or the sentinel [`NO_CELL`].
pub type CellSlot = u16;

/// The most free cells a board can have.
pub const MAX_FREE_CELLS: usize = 1024;
/// The most red pairs: `F(F−1)/2` for `F = MAX_FREE_CELLS`.
pub const MAX_PAIRS: usize = MAX_FREE_CELLS * (MAX_FREE_CELLS - 1) / 2;
/// The most states: `2·F·P`.
pub const MAX_STATES: usize = 2 * MAX_FREE_CELLS * MAX_PAIRS;
/// "No neighbour in this direction" in a step table: larger than every [`CellId`].
pub const NO_CELL: CellSlot = CellSlot::MAX;

const _: () = assert!(MAX_FREE_CELLS - 1 <= CellId::MAX as usize);
const _: () = assert!(MAX_FREE_CELLS - 1 < NO_CELL as usize);
const _: () = assert!(MAX_PAIRS <= PairId::MAX as usize);
const _: () = assert!(MAX_STATES <= StateId::MAX as usize);

/// The free-cell number `n`, which must be below [`MAX_FREE_CELLS`] (a count may be 1024: use
/// `usize` for counts).
///
/// # Panics
/// If it is not (a broken invariant of [`crate::Board`]).
#[inline]
pub fn cell_id(n: usize) -> CellId {
    CellId::try_from(n).expect("a free-cell number is below MAX_FREE_CELLS")
}

/// The pair number (or pair count) `n`, which must be at most [`MAX_PAIRS`].
///
/// # Panics
/// If it is not (a broken invariant of [`crate::Board`]).
#[inline]
pub fn pair_id(n: usize) -> PairId {
    PairId::try_from(n).expect("a pair number is below MAX_PAIRS")
}

/// The state index (or state count) `n`, which must be at most [`MAX_STATES`].
///
/// # Panics
/// If it is not (a broken invariant of [`crate::Board`]).
#[inline]
pub fn state_id(n: usize) -> StateId {
    StateId::try_from(n).expect("a state index is below MAX_STATES")
}

const _: () = assert!(usize::BITS >= PairId::BITS);

/// A pair number as an index (lossless: `usize` is at least as wide as [`PairId`]).
#[inline]
pub fn pair_index(pair: PairId) -> usize {
    pair as usize
}
