//! The index widths of the state space, chosen in one place.
//!
//! | name | what it numbers | limit | why it fits |
//! |---|---|---|---|
//! | [`CellId`] | free cells, `0..F` | `F ≤` [`MAX_FREE_CELLS`] `= 2304` (48 × 48) | `< 2^16`, checked by [`CellId::new`] |
//! | [`CellSlot`] | a step-table entry: a [`CellId`] or [`CellSlot::NONE`] | as [`CellId`] | `NONE = 2^16 − 1` is above every cell |
//! | [`PairId`] | unordered red pairs, `0..P` | `P = F(F−1)/2 ≤` [`MAX_PAIRS`] `= 2,653,056` | `< 2^32` |
//! | [`StateId`] | states, `0..2·F·P` | [`MAX_STATES`] `= 12,225,282,048` | `< 2^64` (above `2^32`) |
//!
//! The limits follow from [`crate::board::MAX_CELLS`], which [`crate::Board::new`] enforces, so
//! every index of a board's state space fits its width; the compile-time assertions below check
//! the arithmetic, and [`CellId::new`] / [`pair_id`] convert with a check where a wider value is
//! narrowed (a failure there is a bug, never an input error).

/// A free-cell number (free cells in row-major order), below [`MAX_FREE_CELLS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellId(u16);

/// A step-table entry: a [`CellId`] or the sentinel [`CellSlot::NONE`] ("no free neighbour
/// there").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellSlot(u16);

/// A red pair number (`hi·(hi−1)/2 + lo` for cells `lo < hi`).
pub type PairId = u32;
/// A state index (`side·F·P + black·P + pair`).
pub type StateId = u64;

/// The most free cells a board can have (a 48 × 48 board).
pub const MAX_FREE_CELLS: usize = 2304;
/// The most red pairs: `F(F−1)/2` for `F = MAX_FREE_CELLS`.
pub const MAX_PAIRS: usize = MAX_FREE_CELLS * (MAX_FREE_CELLS - 1) / 2;
/// The most states: `2·F·P`.
pub const MAX_STATES: u64 = 2 * MAX_FREE_CELLS as u64 * MAX_PAIRS as u64;

const _: () = assert!(MAX_FREE_CELLS <= u16::MAX as usize);
const _: () = assert!(MAX_PAIRS <= PairId::MAX as usize);
const _: () = assert!(MAX_STATES.checked_mul(2).is_some());

impl CellId {
    /// The free-cell number `n`, which must be below [`MAX_FREE_CELLS`] (a count may be 2304:
    /// use `usize` for counts).
    ///
    /// # Panics
    /// If it is not (a broken invariant of [`crate::Board`]).
    #[inline]
    pub fn new(n: usize) -> CellId {
        assert!(n < MAX_FREE_CELLS, "a free-cell number is below MAX_FREE_CELLS");
        CellId(n as u16)
    }

    /// The number as an index.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl CellSlot {
    /// "No free neighbour in this direction": larger than every [`CellId`].
    pub const NONE: CellSlot = CellSlot(u16::MAX);

    /// The cell, `None` for [`CellSlot::NONE`].
    #[inline]
    pub fn cell(self) -> Option<CellId> {
        (self != CellSlot::NONE).then_some(CellId(self.0))
    }

    /// The cell's index, or `u16::MAX` (at least [`MAX_FREE_CELLS`], so never a free cell's
    /// index) for [`CellSlot::NONE`].
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl From<CellId> for CellSlot {
    #[inline]
    fn from(cell: CellId) -> CellSlot {
        CellSlot(cell.0)
    }
}

/// The pair number (or pair count) `n`, which must be at most [`MAX_PAIRS`].
///
/// # Panics
/// If it is not (a broken invariant of [`crate::Board`]).
#[inline]
pub fn pair_id(n: usize) -> PairId {
    PairId::try_from(n).expect("a pair number is below MAX_PAIRS")
}

/// The state index (or state count) `n` (lossless: a `usize` is at most 64 bits wide).
#[inline]
pub fn state_id(n: usize) -> StateId {
    n as StateId
}

const _: () = assert!(usize::BITS >= PairId::BITS);
const _: () = assert!(usize::BITS <= StateId::BITS);

/// A pair number as an index (lossless: `usize` is at least as wide as [`PairId`]).
#[inline]
pub fn pair_index(pair: PairId) -> usize {
    pair as usize
}

/// A state index as an index into a per-state array (which holds it, so it fits a `usize`).
///
/// # Panics
/// If it does not fit (a state space that could not have been allocated).
#[inline]
pub fn state_index(state: StateId) -> usize {
    usize::try_from(state).expect("a state index of an allocated state space fits a usize")
}
