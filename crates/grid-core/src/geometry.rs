//! Board dimensions and positions, with row-major cell indices.
//!
//! A cell is addressed either as a [`Pos`] (row, column, both 0-based) or as its row-major index
//! `row * cols + col` in `0..rows * cols`; solvers store per-cell data in flat arrays by that index.

/// A cell position, 0-based row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// 0-based row, counted from the top.
    pub row: usize,
    /// 0-based column, counted from the left.
    pub col: usize,
}

impl Pos {
    /// The position at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }
}

/// The size of a rectangular board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dims {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
}

impl Dims {
    /// A `rows` × `cols` board.
    pub const fn new(rows: usize, cols: usize) -> Self {
        Self { rows, cols }
    }

    /// Number of cells.
    pub const fn cells(self) -> usize {
        self.rows * self.cols
    }

    /// Row-major index of `pos` (which must be on the board).
    pub const fn index(self, pos: Pos) -> usize {
        pos.row * self.cols + pos.col
    }

    /// Position of the row-major index `index`.
    pub const fn pos(self, index: usize) -> Pos {
        Pos { row: index / self.cols, col: index % self.cols }
    }

    /// `pos` moved by `(dr, dc)`, or `None` when that leaves the board.
    pub fn offset(self, pos: Pos, (dr, dc): (isize, isize)) -> Option<Pos> {
        let row = pos.row.checked_add_signed(dr)?;
        let col = pos.col.checked_add_signed(dc)?;
        (row < self.rows && col < self.cols).then_some(Pos { row, col })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        let d = Dims::new(3, 5);
        for i in 0..d.cells() {
            assert_eq!(d.index(d.pos(i)), i);
        }
        assert_eq!(d.index(Pos::new(2, 1)), 11);
    }

    #[test]
    fn offsets_stay_on_board() {
        let d = Dims::new(2, 2);
        assert_eq!(d.offset(Pos::new(0, 0), (1, 1)), Some(Pos::new(1, 1)));
        assert_eq!(d.offset(Pos::new(0, 0), (-1, 0)), None);
        assert_eq!(d.offset(Pos::new(1, 1), (0, 1)), None);
        assert_eq!(d.offset(Pos::new(1, 0), (-1, 1)), Some(Pos::new(0, 1)));
    }
}
