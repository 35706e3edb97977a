//! Staircase boards: `n m`, n rows of m values `A`, n rows of m values `B` (n, m ≥ 1, n + m ≤ 44,
//! n·m ≤ 484, values 0..=10^9: the solver's limits, `lattice_dp::board`).

use std::fmt::Write;

use clap::{Args, ValueEnum};

use crate::generate::{CaseSize, Span, size_or};
use crate::rng::Rng;

/// Largest cell value (the solver's limit).
pub const MAX_VALUE: u64 = 1_000_000_000;

/// Whether an n × m board is within the solver's limits.
pub fn size_fits(n: usize, m: usize) -> bool {
    use lattice_dp::board::{MAX_CELLS, MAX_PERIMETER};
    n >= 1 && m >= 1 && n + m <= MAX_PERIMETER && n * m <= MAX_CELLS
}

/// One staircase board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LatticeInput {
    /// Rows.
    pub n: usize,
    /// Columns.
    pub m: usize,
    /// The first player's values, row-major.
    pub a: Vec<u64>,
    /// The second player's values, row-major.
    pub b: Vec<u64>,
}

impl LatticeInput {
    /// The input text.
    pub fn render(&self) -> String {
        let mut out = format!("{} {}\n", self.n, self.m);
        for values in [&self.a, &self.b] {
            for row in values.chunks(self.m) {
                let row: Vec<String> = row.iter().map(u64::to_string).collect();
                let _ = writeln!(out, "{}", row.join(" "));
            }
        }
        out
    }

    /// The m × n board with the values transposed (A and B of cell (i, j) move to (j, i)): its value
    /// is the same, so a solver's answers on the two are a check of each other.
    pub fn transposed(&self) -> Self {
        let (n, m) = (self.n, self.m);
        let flip = |values: &[u64]| (0..n * m).map(|k| values[(k % n) * m + k / n]).collect();
        Self { n: m, m: n, a: flip(&self.a), b: flip(&self.b) }
    }

    /// `n x m board, largest value V`.
    pub fn describe(&self) -> String {
        let largest = self.a.iter().chain(&self.b).max().copied().unwrap_or(0);
        format!("{}x{} board, largest value {largest}", self.n, self.m)
    }
}

/// The kind of board to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LatticeShape {
    /// Each case picks one of the shapes below (mostly `random`).
    Mixed,
    /// Random size and values.
    Random,
    /// One column (n × 1).
    Column,
    /// One row (1 × m).
    Row,
    /// Every value zero.
    Zero,
    /// A = B on every cell.
    Equal,
}

/// Generator options of `lattice-dp`.
#[derive(Debug, Clone, Args)]
pub struct LatticeOptions {
    /// Rows [default: 1..=4, one case in 20: 1..=8].
    #[arg(long, value_name = "SPAN")]
    pub rows: Option<Span>,
    /// Columns [default: 1..=4, one case in 20: 1..=8].
    #[arg(long, value_name = "SPAN")]
    pub cols: Option<Span>,
    /// Largest value, at most 10^9 [default: per case 9, 1000 or 10^9].
    #[arg(long, value_name = "V")]
    pub max_value: Option<u64>,
    /// Board shape.
    #[arg(long, value_enum, default_value_t = LatticeShape::Mixed)]
    pub shape: LatticeShape,
}

impl Default for LatticeOptions {
    fn default() -> Self {
        Self { rows: None, cols: None, max_value: None, shape: LatticeShape::Mixed }
    }
}

impl LatticeOptions {
    /// Checks the sizes and values against the solver's limits.
    pub fn validate(&self) -> Result<(), String> {
        let (r, c) = (self.rows.map_or(1, |s| s.lo), self.cols.map_or(1, |s| s.lo));
        if r == 0 || c == 0 || !size_fits(r as usize, c as usize) {
            use lattice_dp::board::{MAX_CELLS, MAX_PERIMETER};
            return Err(format!("--rows/--cols: n, m >= 1, n + m <= {MAX_PERIMETER}, n*m <= {MAX_CELLS}"));
        }
        if self.max_value.is_some_and(|v| v > MAX_VALUE) {
            return Err("--max-value: at most 1000000000".into());
        }
        Ok(())
    }
}

/// An n × m board whose values are drawn by remainder ([`Rng::below_mod`]) in `0..=max`, A row by
/// row, then B (the benchmark boards).
pub fn uniform(rng: &mut Rng, n: usize, m: usize, max: u64) -> LatticeInput {
    let a = (0..n * m).map(|_| rng.below_mod(max + 1)).collect();
    let b = (0..n * m).map(|_| rng.below_mod(max + 1)).collect();
    LatticeInput { n, m, a, b }
}

/// A random board under `options`.
pub fn generate(options: &LatticeOptions, rng: &mut Rng) -> LatticeInput {
    let case = CaseSize::draw(rng);
    let shape = match options.shape {
        LatticeShape::Mixed => match rng.below(20) {
            0..=2 => LatticeShape::Column,
            3..=4 => LatticeShape::Row,
            5 => LatticeShape::Zero,
            6 => LatticeShape::Equal,
            _ => LatticeShape::Random,
        },
        s => s,
    };
    let mut n = size_or(options.rows, rng, case, Span::new(1, 4), Span::new(1, 8)) as usize;
    let mut m = size_or(options.cols, rng, case, Span::new(1, 4), Span::new(1, 8)) as usize;
    match shape {
        LatticeShape::Column => m = 1,
        LatticeShape::Row => n = 1,
        _ => {}
    }
    while !size_fits(n, m) {
        if n >= m { n -= 1 } else { m -= 1 }
    }
    let max = options.max_value.unwrap_or_else(|| [9, 9, 1000, MAX_VALUE][rng.below(4) as usize]);
    let values = |rng: &mut Rng| (0..n * m).map(|_| rng.range(0, max)).collect::<Vec<u64>>();
    let (a, b) = match shape {
        LatticeShape::Zero => (vec![0; n * m], vec![0; n * m]),
        LatticeShape::Equal => {
            let a = values(rng);
            (a.clone(), a)
        }
        _ => (values(rng), values(rng)),
    };
    LatticeInput { n, m, a, b }
}
