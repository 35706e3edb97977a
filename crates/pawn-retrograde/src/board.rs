//! One board of the game as read from the input: its size, its obstacles and where the pieces start.

use grid_core::{CellSet, Dims, Pos};

/// Largest number of cells a board may have (16 × 16): it keeps every free-cell number in a `u8`.
pub const MAX_CELLS: usize = 256;

/// A board and its starting position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Number of rows and columns.
    pub dims: Dims,
    /// The free cells (not obstacles), by row-major index.
    pub open: CellSet,
    /// Where the black pawn starts (never in row 1 on a board of the judge's input; a `query`
    /// position may have it there, see [`crate::query::Position`]).
    pub black: Pos,
    /// Where the two red pieces start, in row-major order as parsed (the first is called A, the
    /// second B).
    pub reds: [Pos; 2],
}

impl Board {
    /// Whether the cell at `pos` is on the board and free.
    pub fn is_open(&self, pos: Pos) -> bool {
        pos.row < self.dims.rows && pos.col < self.dims.cols && self.open.contains(self.dims.index(pos))
    }
}
