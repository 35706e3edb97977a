//! One board of the game: its size, its obstacles and where the pieces stand, valid by construction.

use grid_core::{Dims, Pos};

use crate::cellset::CellSet;

use crate::index::MAX_FREE_CELLS;

/// Largest number of cells a board may have (48 × 48): it keeps every free-cell number a
/// [`CellId`](crate::index::CellId).
pub const MAX_CELLS: usize = MAX_FREE_CELLS;

/// Why a size, a set of free cells and three pieces do not make a [`Board`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The board has no cell, or more than [`MAX_CELLS`].
    #[error("a board of {rows}×{cols} cells is not allowed (1 to {MAX_CELLS} cells)")]
    Size {
        /// Number of rows asked for.
        rows: usize,
        /// Number of columns asked for.
        cols: usize,
    },
    /// The set of free cells is not sized for the board (it must have `rows · cols` cells).
    #[error("the set of free cells has {found} cells, the board {expected}")]
    OpenSize {
        /// `rows · cols`.
        expected: usize,
        /// The capacity of the set given.
        found: usize,
    },
    /// A piece stands outside the board.
    #[error("the {0} at (row {r}, column {c}) is outside the board", r = .1.row + 1, c = .1.col + 1)]
    OffBoard(&'static str, Pos),
    /// A piece stands on an obstacle.
    #[error("the {0} at ({r},{c}) stands on an obstacle", r = .1.row + 1, c = .1.col + 1)]
    OnObstacle(&'static str, Pos),
    /// Both red pieces stand on one cell.
    #[error("both red pieces stand on ({r},{c})", r = .0.row + 1, c = .0.col + 1)]
    RedsTogether(Pos),
}

/// A board and where its pieces stand.
///
/// Invariants (checked by [`Board::new`] and [`Board::with_pieces`], so every `Board` holds them):
/// the board has 1 to [`MAX_CELLS`] cells, every piece stands on a free cell of the board, and the
/// two red pieces stand on different cells. The black pawn may stand in row 1 (the game is over:
/// Black has won) or share a cell with a red piece (a capture: the game is over); the judge's input
/// has neither, and the parser refuses a start with the pawn in row 1.
///
/// ```
/// use grid_core::{Dims, Pos};
/// use pawn_retrograde::CellSet;
/// use pawn_retrograde::{Board, board::BoardError};
///
/// let dims = Dims::new(2, 2);
/// let mut open = CellSet::new(dims.cells());
/// (0..4).for_each(|cell| {
///     open.insert(cell);
/// });
/// let board = Board::new(dims, open, Pos::new(1, 0), [Pos::new(0, 0), Pos::new(0, 1)]).unwrap();
/// assert_eq!(board.reds(), [Pos::new(0, 0), Pos::new(0, 1)]);
/// let together = board.with_pieces(Pos::new(1, 0), [Pos::new(0, 0), Pos::new(0, 0)]);
/// assert_eq!(together, Err(BoardError::RedsTogether(Pos::new(0, 0))));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Number of rows and columns.
    dims: Dims,
    /// The free cells (not obstacles), by row-major index.
    open: CellSet,
    /// Where the black pawn stands.
    black: Pos,
    /// Where the two red pieces stand (the first is called A, the second B).
    reds: [Pos; 2],
}

impl Board {
    /// The board of size `dims` whose free cells are `open` (by row-major index; the rest are
    /// obstacles), with the black pawn on `black` and the red pieces A and B on `reds`, if that is
    /// a valid board (see the type's invariants).
    pub fn new(dims: Dims, open: CellSet, black: Pos, reds: [Pos; 2]) -> Result<Board, BoardError> {
        let cells = dims.rows.checked_mul(dims.cols);
        if !cells.is_some_and(|cells| (1..=MAX_CELLS).contains(&cells)) {
            return Err(BoardError::Size { rows: dims.rows, cols: dims.cols });
        }
        if open.capacity() != dims.cells() {
            return Err(BoardError::OpenSize { expected: dims.cells(), found: open.capacity() });
        }
        Board { dims, open, black, reds }.checked()
    }

    /// The same board with the pieces on other cells, if they stand validly.
    pub fn with_pieces(&self, black: Pos, reds: [Pos; 2]) -> Result<Board, BoardError> {
        Board { dims: self.dims, open: self.open.clone(), black, reds }.checked()
    }

    /// `self` if its pieces stand validly.
    fn checked(self) -> Result<Board, BoardError> {
        let pieces = [
            ("black pawn", self.black),
            ("first red piece", self.reds[0]),
            ("second red piece", self.reds[1]),
        ];
        for (name, pos) in pieces {
            if pos.row >= self.dims.rows || pos.col >= self.dims.cols {
                return Err(BoardError::OffBoard(name, pos));
            }
            if !self.is_open(pos) {
                return Err(BoardError::OnObstacle(name, pos));
            }
        }
        if self.reds[0] == self.reds[1] {
            return Err(BoardError::RedsTogether(self.reds[0]));
        }
        Ok(self)
    }

    /// Number of rows and columns.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The free cells (not obstacles), by row-major index.
    pub fn open(&self) -> &CellSet {
        &self.open
    }

    /// Where the black pawn stands.
    pub fn black(&self) -> Pos {
        self.black
    }

    /// Where the two red pieces stand (the first is called A, the second B).
    pub fn reds(&self) -> [Pos; 2] {
        self.reds
    }

    /// Whether the cell at `pos` is on the board and free.
    pub fn is_open(&self, pos: Pos) -> bool {
        pos.row < self.dims.rows && pos.col < self.dims.cols && self.open.contains(self.dims.index(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3×3 board with an obstacle in the middle, the pawn bottom-left, the reds on the top row.
    fn board() -> Board {
        let dims = Dims::new(3, 3);
        let mut open = CellSet::new(9);
        (0..9).filter(|&c| c != 4).for_each(|c| {
            open.insert(c);
        });
        Board::new(dims, open, Pos::new(2, 0), [Pos::new(0, 0), Pos::new(0, 2)]).unwrap()
    }

    #[test]
    fn refuses_each_bad_board() {
        let b = board();
        let open = |cells: usize| {
            let mut set = CellSet::new(cells);
            (0..cells).for_each(|c| {
                set.insert(c);
            });
            set
        };
        let (x, reds) = (b.black(), b.reds());
        assert_eq!(
            Board::new(Dims::new(49, 48), open(2352), x, reds),
            Err(BoardError::Size { rows: 49, cols: 48 })
        );
        assert_eq!(Board::new(Dims::new(0, 3), open(0), x, reds), Err(BoardError::Size { rows: 0, cols: 3 }));
        assert_eq!(
            Board::new(Dims::new(usize::MAX, 2), open(1), x, reds),
            Err(BoardError::Size { rows: usize::MAX, cols: 2 })
        );
        assert_eq!(
            Board::new(Dims::new(3, 3), open(8), x, reds),
            Err(BoardError::OpenSize { expected: 9, found: 8 })
        );
        assert_eq!(
            b.with_pieces(Pos::new(3, 0), reds),
            Err(BoardError::OffBoard("black pawn", Pos::new(3, 0)))
        );
        assert_eq!(
            b.with_pieces(x, [Pos::new(0, 0), Pos::new(0, 3)]),
            Err(BoardError::OffBoard("second red piece", Pos::new(0, 3)))
        );
        assert_eq!(
            b.with_pieces(Pos::new(1, 1), reds),
            Err(BoardError::OnObstacle("black pawn", Pos::new(1, 1)))
        );
        assert_eq!(
            b.with_pieces(x, [Pos::new(1, 1), Pos::new(0, 2)]),
            Err(BoardError::OnObstacle("first red piece", Pos::new(1, 1)))
        );
        assert_eq!(
            b.with_pieces(x, [Pos::new(0, 2), Pos::new(0, 2)]),
            Err(BoardError::RedsTogether(Pos::new(0, 2)))
        );
        // A finished game is a board: the pawn in row 1, or on a red piece.
        assert!(b.with_pieces(Pos::new(0, 1), reds).is_ok());
        assert!(b.with_pieces(Pos::new(0, 0), reds).is_ok());
    }
}
