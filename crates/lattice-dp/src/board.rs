//! The board: its size limits and the two players' cell values.
//!
//! One set of limits ([`MAX_PERIMETER`], [`MAX_CELLS`]: up to 22 × 22), kept by every [`Board`]
//! and every [`Shape`]: `lattice-dp plan` plans from a board's shape alone the same boards the
//! solver solves.

/// Most steps of a boundary path: `n + m` must not exceed this (paths live in a `u64`, halves of
/// at most 22 steps in a `u32`: see [`crate::index`]).
pub const MAX_PERIMETER: usize = 44;
/// Most cells: `n · m` must not exceed this (22 × 22; cells are a `u16`, see [`crate::index`]).
/// (Implied by `n + m ≤ 44`, since `n · m ≤ ((n + m) / 2)²`; kept as the documented limit.)
pub const MAX_CELLS: usize = 484;
/// Largest value of a cell (so any total fits an `i64` with room to spare).
pub const MAX_VALUE: u64 = 1_000_000_000;

/// Why a board cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// `n` or `m` is 0, or `n + m > 44`, or `n · m > 484`.
    #[error("board {n}x{m} out of limits (n, m >= 1, n + m <= {MAX_PERIMETER}, n*m <= {MAX_CELLS})")]
    Size {
        /// Rows.
        n: usize,
        /// Columns.
        m: usize,
    },
    /// A value list does not hold `n · m` values in `0..=10^9`.
    #[error("expected {expected} values in 0..=1000000000")]
    Values {
        /// `n · m`.
        expected: usize,
    },
}

/// Whether an `n × m` board is within the limits.
pub fn size_fits(n: usize, m: usize) -> bool {
    n >= 1 && m >= 1 && n + m <= MAX_PERIMETER && n * m <= MAX_CELLS
}

/// What a plan reads of a board: its size and the bound of its values (which chooses the width of
/// a value, see [`Board::value_bound`]). Within the limits; `lattice-dp plan` reads only this,
/// never the values themselves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    n: usize,
    m: usize,
    value_bound: u64,
}

impl Shape {
    /// The shape of an `n × m` board whose values have the bound `value_bound`, checked against
    /// the limits.
    pub fn new(n: usize, m: usize, value_bound: u64) -> Result<Self, BoardError> {
        if !size_fits(n, m) {
            return Err(BoardError::Size { n, m });
        }
        Ok(Self { n, m, value_bound })
    }

    /// Number of rows `n`.
    pub fn rows(&self) -> usize {
        self.n
    }

    /// Number of columns `m`.
    pub fn cols(&self) -> usize {
        self.m
    }

    /// The bound of the board's values ([`Board::value_bound`]).
    pub fn value_bound(&self) -> u64 {
        self.value_bound
    }
}

/// The largest value plus the larger of the two players' sums: see [`Board::value_bound`].
pub(crate) fn value_bound(first: &[i64], second: &[i64]) -> u64 {
    let sum = |values: &[i64]| values.iter().map(|&v| v as u64).sum::<u64>();
    let largest = first.iter().chain(second).copied().max().unwrap_or(0) as u64;
    largest + sum(first).max(sum(second))
}

/// An `n × m` board with the first player's value `A` and the second player's value `B` of each cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    n: usize,
    m: usize,
    /// `A`, row-major.
    first: Vec<i64>,
    /// `B`, row-major.
    second: Vec<i64>,
}

impl Board {
    /// A board from row-major value lists, checked against the limits.
    pub fn new(n: usize, m: usize, first: Vec<i64>, second: Vec<i64>) -> Result<Self, BoardError> {
        if !size_fits(n, m) {
            return Err(BoardError::Size { n, m });
        }
        let valid = |values: &[i64]| {
            values.len() == n * m && values.iter().all(|&v| (0..=MAX_VALUE as i64).contains(&v))
        };
        if !valid(&first) || !valid(&second) {
            return Err(BoardError::Values { expected: n * m });
        }
        Ok(Self { n, m, first, second })
    }

    /// Number of rows `n`.
    pub fn rows(&self) -> usize {
        self.n
    }

    /// Number of columns `m`.
    pub fn cols(&self) -> usize {
        self.m
    }

    /// The first player's value `A` of cell (row, col).
    pub fn first_value(&self, row: usize, col: usize) -> i64 {
        self.first[row * self.m + col]
    }

    /// The second player's value `B` of cell (row, col).
    pub fn second_value(&self, row: usize, col: usize) -> i64 {
        self.second[row * self.m + col]
    }

    /// A bound `B` on every value the solver meets: the largest cell value plus the larger of the
    /// two players' sums (a position's value lies in `−S ..= S` for `S = max(ΣA, ΣB)`, a move's
    /// `gain − value` in `−B ..= B`). At most `10^9 + 484 · 10^9 < 2^39` within the limits.
    pub fn value_bound(&self) -> u64 {
        value_bound(&self.first, &self.second)
    }

    /// The board's shape: what a plan reads of it.
    pub fn shape(&self) -> Shape {
        Shape { n: self.n, m: self.m, value_bound: self.value_bound() }
    }

    /// The values (row-major) that count for the player to move when `taken` cells are taken:
    /// the first player moves when `taken` is even.
    pub fn scores_of_mover(&self, taken: usize) -> &[i64] {
        if taken % 2 == 0 { &self.first } else { &self.second }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert!(size_fits(22, 22) && size_fits(1, 43) && size_fits(43, 1) && size_fits(11, 33));
        assert!(size_fits(20, 24) && size_fits(21, 23) && size_fits(4, 40) && size_fits(21, 3));
        assert!(size_fits(20, 20) && size_fits(1, 39) && size_fits(19, 21));
        assert!(!size_fits(22, 23) && !size_fits(0, 3) && !size_fits(1, 44) && !size_fits(44, 1));
        assert!(!size_fits(21, 24) && !size_fits(3, 0));
        assert_eq!(Board::new(23, 22, vec![], vec![]), Err(BoardError::Size { n: 23, m: 22 }));
        assert_eq!(Board::new(1, 2, vec![1], vec![1, 1]), Err(BoardError::Values { expected: 2 }));
        assert!(Board::new(1, 1, vec![-1], vec![0]).is_err());
        // n · m ≤ ((n + m) / 2)², so the cell limit is the square of half the perimeter.
        assert_eq!(MAX_CELLS, (MAX_PERIMETER / 2).pow(2));
        assert!(
            (1..=MAX_PERIMETER)
                .all(|n| (1..=MAX_PERIMETER).all(|m| n + m > MAX_PERIMETER || n * m <= MAX_CELLS))
        );
    }

    #[test]
    fn a_shape_keeps_the_limits_and_the_bound() {
        for (n, m) in [(22, 22), (21, 21), (21, 23), (1, 43), (43, 1), (11, 33), (20, 24)] {
            assert_eq!(Shape::new(n, m, 7).map(|s| (s.rows(), s.cols(), s.value_bound())), Ok((n, m, 7)));
        }
        assert_eq!(Shape::new(23, 22, 0), Err(BoardError::Size { n: 23, m: 22 }));
        assert_eq!(Shape::new(1, 44, 0), Err(BoardError::Size { n: 1, m: 44 }));
        let board = Board::new(1, 2, vec![1, 2], vec![3, 4]).unwrap();
        assert_eq!(board.shape(), Shape::new(1, 2, 4 + 7).unwrap());
    }

    /// The largest bound within the limits (every cell 10^9) fits the 5-byte width's range.
    #[test]
    fn the_largest_bound_fits_40_bits() {
        let cells = MAX_CELLS;
        let board = Board::new(22, 22, vec![MAX_VALUE as i64; cells], vec![MAX_VALUE as i64; cells]).unwrap();
        assert_eq!(board.value_bound(), 485_000_000_000);
        assert!(board.value_bound() < 1 << 39);
    }

    #[test]
    fn mover_alternates() {
        let board = Board::new(1, 2, vec![1, 2], vec![3, 4]).unwrap();
        assert_eq!(board.scores_of_mover(0), &[1, 2]);
        assert_eq!(board.scores_of_mover(1), &[3, 4]);
        assert_eq!((board.first_value(0, 1), board.second_value(0, 0)), (2, 3));
    }
}
