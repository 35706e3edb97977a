//! King-game boards (HDU 3446): the number of cases, then per case `R C` and R rows over `.#K`
//! (exactly one `K`, on a free cell).

use std::fmt::Write;

use clap::Args;

use crate::generate::{CaseSize, Span, parse_density, size_or};
use crate::rng::Rng;

/// Most cells of a board (the solver's limit).
pub const MAX_CELLS: usize = 10_000_000;

/// One board: its size, its blocked cells and the king's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KingBoard {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Blocked cells, row-major.
    pub blocked: Vec<bool>,
    /// The king's start (row, column), on a free cell.
    pub king: (usize, usize),
}

impl KingBoard {
    /// Number of free cells.
    pub fn free_cells(&self) -> usize {
        self.blocked.iter().filter(|&&b| !b).count()
    }

    /// Whether the board satisfies the input rules.
    pub fn is_valid(&self) -> bool {
        let (r, c) = self.king;
        self.rows >= 1
            && self.cols >= 1
            && self.rows * self.cols <= MAX_CELLS
            && self.blocked.len() == self.rows * self.cols
            && r < self.rows
            && c < self.cols
            && !self.blocked[r * self.cols + c]
    }

    fn write(&self, out: &mut String) {
        let _ = writeln!(out, "{} {}", self.rows, self.cols);
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.push(if self.king == (r, c) {
                    'K'
                } else if self.blocked[r * self.cols + c] {
                    '#'
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
    }
}

/// A whole king-game input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KingInput {
    /// The boards, in order.
    pub boards: Vec<KingBoard>,
}

impl KingInput {
    /// The input text.
    pub fn render(&self) -> String {
        let mut out = format!("{}\n", self.boards.len());
        for board in &self.boards {
            board.write(&mut out);
        }
        out
    }

    /// `N board(s): RxC (f free), …`.
    pub fn describe(&self) -> String {
        let sizes: Vec<String> =
            self.boards.iter().map(|b| format!("{}x{} ({} free)", b.rows, b.cols, b.free_cells())).collect();
        format!("{} board(s): {}", self.boards.len(), sizes.join(", "))
    }
}

/// Generator options of `edmonds-blossom` (the king game).
#[derive(Debug, Clone, Default, Args)]
pub struct KingOptions {
    /// Boards per input [default: 1..=3].
    #[arg(long, value_name = "SPAN")]
    pub boards: Option<Span>,
    /// Rows per board [default: 1..=5, one case in 20: 1..=15].
    #[arg(long, value_name = "SPAN")]
    pub rows: Option<Span>,
    /// Columns per board [default: 1..=5, one case in 20: 1..=15].
    #[arg(long, value_name = "SPAN")]
    pub cols: Option<Span>,
    /// Density of blocked cells in 0..=1 [default: random in 0..=0.6 per board].
    #[arg(long, value_parser = parse_density)]
    pub density: Option<f64>,
}

impl KingOptions {
    /// Checks the sizes against the solver's limits.
    pub fn validate(&self) -> Result<(), String> {
        let (r, c) = (self.rows.map_or(1, |s| s.hi), self.cols.map_or(1, |s| s.hi));
        if self.rows.is_some_and(|s| s.lo == 0) || self.cols.is_some_and(|s| s.lo == 0) {
            return Err("--rows/--cols: at least 1".into());
        }
        if r.saturating_mul(c) > MAX_CELLS as u64 {
            return Err("--rows x --cols: a board has at most 10^7 cells".into());
        }
        if self.boards.is_some_and(|s| s.hi > 10_000) {
            return Err("--boards: at most 10000".into());
        }
        Ok(())
    }
}

/// One side × side board (the benchmark board): each cell blocked with probability 3/100 (a draw
/// by remainder, [`Rng::below_mod`], per cell, row-major), the king on the first free cell.
pub fn scattered(rng: &mut Rng, side: usize) -> KingInput {
    let blocked: Vec<bool> = (0..side * side).map(|_| rng.below_mod(100) < 3).collect();
    let first_free = blocked.iter().position(|&b| !b).expect("a free cell");
    let king = (first_free / side, first_free % side);
    KingInput { boards: vec![KingBoard { rows: side, cols: side, blocked, king }] }
}

/// A random input under `options`.
pub fn generate(options: &KingOptions, rng: &mut Rng) -> KingInput {
    let case = CaseSize::draw(rng);
    let count = size_or(options.boards, rng, case, Span::new(1, 3), Span::new(1, 3)) as usize;
    let boards = (0..count)
        .map(|_| {
            let rows = size_or(options.rows, rng, case, Span::new(1, 5), Span::new(1, 15)) as usize;
            let cols = size_or(options.cols, rng, case, Span::new(1, 5), Span::new(1, 15)) as usize;
            let density = options.density.unwrap_or_else(|| rng.below(61) as f64 / 100.0);
            let king = (rng.range_usize(0, rows - 1), rng.range_usize(0, cols - 1));
            let blocked =
                (0..rows * cols).map(|i| i != king.0 * cols + king.1 && rng.chance(density)).collect();
            KingBoard { rows, cols, blocked, king }
        })
        .collect();
    KingInput { boards }
}
