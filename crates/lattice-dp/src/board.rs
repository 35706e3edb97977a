//! The board: its size limits and the two players' cell values.
//!
//! Two sets of limits: the solver's ([`MAX_PERIMETER`], [`MAX_CELLS`]), which every [`Board`]
//! keeps, and the plan's ([`MAX_PLAN_PERIMETER`], [`MAX_PLAN_CELLS`]), wider, which a [`Shape`]
//! keeps: `lattice-dp plan` plans boards the solver does not take (21 × 21, 22 × 22) from their
//! shape alone, and a [`Shape`] cannot be solved.

/// Most steps of a boundary path: `n + m` must not exceed this (paths live in a `u64`, halves of
/// at most 20 steps in a `u32`: see [`crate::index`]).
pub const MAX_PERIMETER: usize = 40;
/// Most cells: `n · m` must not exceed this (20 × 20; cells are a `u16`, see [`crate::index`]).
/// (Implied by `n + m ≤ 40`, since `n · m ≤ ((n + m) / 2)²`; kept as the documented limit.)
pub const MAX_CELLS: usize = 400;
/// Most steps of a boundary path of a board that is only planned ([`Shape`], `lattice-dp plan`):
/// `n + m` up to 44 (22 × 22, 2.1 · 10^12 states), beyond what one machine solves. The plan walks
/// the same half-path tables and layer layouts as a solve (halves of at most 22 steps: see
/// [`crate::index::MAX_HALF`]), so its figures are those of the solve it plans.
pub const MAX_PLAN_PERIMETER: usize = 44;
/// Most cells of a board that is only planned: `n · m ≤ 484` (22 × 22).
pub const MAX_PLAN_CELLS: usize = 484;
/// Largest value of a cell (so any total fits an `i64` with room to spare).
pub const MAX_VALUE: u64 = 1_000_000_000;

/// Why a board cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// `n` or `m` is 0, or `n + m > 40`, or `n · m > 400`.
    #[error("board {n}x{m} out of limits (n, m >= 1, n + m <= 40, n*m <= 400)")]
    Size {
        /// Rows.
        n: usize,
        /// Columns.
        m: usize,
    },
    /// `n` or `m` is 0, or `n + m > 44`, or `n · m > 484`: beyond even what a plan takes.
    #[error("board {n}x{m} out of the plan's limits (n, m >= 1, n + m <= 44, n*m <= 484)")]
    PlanSize {
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

/// Whether an `n × m` board is within the solver's limits.
pub fn size_fits(n: usize, m: usize) -> bool {
    n >= 1 && m >= 1 && n + m <= MAX_PERIMETER && n * m <= MAX_CELLS
}

/// Whether an `n × m` board is within the plan's limits ([`MAX_PLAN_PERIMETER`],
/// [`MAX_PLAN_CELLS`]); every board within the solver's is.
pub fn plan_size_fits(n: usize, m: usize) -> bool {
    n >= 1 && m >= 1 && n + m <= MAX_PLAN_PERIMETER && n * m <= MAX_PLAN_CELLS
}

/// What a plan reads of a board: its size and the bound of its values (which chooses the width of
/// a value, see [`Board::value_bound`]). Within the plan's limits, so it may be larger than any
/// [`Board`]; nothing solves a `Shape`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    n: usize,
    m: usize,
    value_bound: u64,
}

impl Shape {
    /// The shape of an `n × m` board whose values have the bound `value_bound`, checked against
    /// the plan's limits.
    pub fn new(n: usize, m: usize, value_bound: u64) -> Result<Self, BoardError> {
        if !plan_size_fits(n, m) {
            return Err(BoardError::PlanSize { n, m });
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
    /// `gain − value` in `−B ..= B`). At most `10^9 + 400 · 10^9 < 2^39` within the limits.
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
        assert!(size_fits(20, 20) && size_fits(1, 39) && size_fits(39, 1) && size_fits(10, 30));
        assert!(size_fits(16, 24) && size_fits(13, 27) && size_fits(18, 22));
        assert!(size_fits(19, 21) && size_fits(14, 26));
        assert!(!size_fits(20, 21) && !size_fits(0, 3) && !size_fits(1, 40) && !size_fits(19, 22));
        assert_eq!(Board::new(21, 20, vec![], vec![]), Err(BoardError::Size { n: 21, m: 20 }));
        assert_eq!(Board::new(1, 2, vec![1], vec![1, 1]), Err(BoardError::Values { expected: 2 }));
        assert!(Board::new(1, 1, vec![-1], vec![0]).is_err());
    }

    #[test]
    fn plan_limits_exceed_the_solvers() {
        for (n, m) in [(22, 22), (21, 21), (21, 23), (1, 43), (43, 1), (11, 33), (20, 24)] {
            assert!(plan_size_fits(n, m) && !size_fits(n, m), "{n}x{m}");
            assert_eq!(Shape::new(n, m, 7).map(|s| (s.rows(), s.cols(), s.value_bound())), Ok((n, m, 7)));
        }
        assert!(!plan_size_fits(22, 23) && !plan_size_fits(1, 44) && !plan_size_fits(0, 5));
        assert_eq!(Shape::new(23, 22, 0), Err(BoardError::PlanSize { n: 23, m: 22 }));
        // Every board the solver takes is within the plan's limits, and its shape keeps its bound.
        assert!(
            (1..MAX_PERIMETER).all(|n| (1..MAX_PERIMETER).all(|m| !size_fits(n, m) || plan_size_fits(n, m)))
        );
        let board = Board::new(1, 2, vec![1, 2], vec![3, 4]).unwrap();
        assert_eq!(board.shape(), Shape::new(1, 2, 4 + 7).unwrap());
    }

    #[test]
    fn mover_alternates() {
        let board = Board::new(1, 2, vec![1, 2], vec![3, 4]).unwrap();
        assert_eq!(board.scores_of_mover(0), &[1, 2]);
        assert_eq!(board.scores_of_mover(1), &[3, 4]);
        assert_eq!((board.first_value(0, 1), board.second_value(0, 0)), (2, 3));
    }
}
