//! Pawn-pursuit boards: `label T`, then per board `n m` and n rows over `.#XO` (one `X` outside
//! row 1, two `O`, all on free cells, n ≥ 2, n·m ≤ 1024).

use std::fmt::Write;

use clap::{Args, ValueEnum};

use crate::generate::{CaseSize, Span, parse_density, size_or};
use crate::rng::Rng;

/// Most cells of a generated board: 32 × 32, the largest a stress loop solves in seconds (the
/// solver itself takes boards up to `pawn_retrograde::board::MAX_CELLS` cells).
pub const MAX_CELLS: usize = 1024;

/// A cell position (row, column), 0-based.
pub type Cell = (usize, usize);

/// One board: its size, its obstacles and its pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PawnBoard {
    /// Rows (≥ 2).
    pub rows: usize,
    /// Columns (≥ 1).
    pub cols: usize,
    /// Obstacles, row-major (`true` = `#`).
    pub blocked: Vec<bool>,
    /// The black pawn (never in row 0).
    pub black: Cell,
    /// The two red pieces.
    pub reds: [Cell; 2],
}

impl PawnBoard {
    /// Whether the board satisfies the solver's rules (sizes, pieces on distinct free cells).
    pub fn is_valid(&self) -> bool {
        let inside = |(r, c): Cell| r < self.rows && c < self.cols && !self.blocked[r * self.cols + c];
        self.rows >= 2
            && self.cols >= 1
            && self.rows * self.cols <= MAX_CELLS
            && self.blocked.len() == self.rows * self.cols
            && self.black.0 >= 1
            && inside(self.black)
            && self.reds.iter().all(|&r| inside(r))
            && self.reds[0] != self.reds[1]
            && !self.reds.contains(&self.black)
    }

    /// Number of obstacles.
    pub fn obstacles(&self) -> usize {
        self.blocked.iter().filter(|&&b| b).count()
    }

    fn write(&self, out: &mut String) {
        let _ = writeln!(out, "{} {}", self.rows, self.cols);
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.push(if self.black == (r, c) {
                    'X'
                } else if self.reds.contains(&(r, c)) {
                    'O'
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

/// A whole pawn-pursuit input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PawnInput {
    /// The boards, in order.
    pub boards: Vec<PawnBoard>,
}

impl PawnInput {
    /// The input text (the file label is `stress`).
    pub fn render(&self) -> String {
        self.render_labelled("stress")
    }

    /// The input text with the file label `label` (one word).
    pub fn render_labelled(&self, label: &str) -> String {
        let mut out = format!("{label} {}\n", self.boards.len());
        for board in &self.boards {
            board.write(&mut out);
        }
        out
    }

    /// `N board(s): RxC (k obstacles), …`.
    pub fn describe(&self) -> String {
        let sizes: Vec<String> = self
            .boards
            .iter()
            .map(|b| format!("{}x{} ({} obstacles)", b.rows, b.cols, b.obstacles()))
            .collect();
        format!("{} board(s): {}", self.boards.len(), sizes.join(", "))
    }
}

/// The kind of board to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PawnShape {
    /// Each board picks one of the shapes below (mostly `random`).
    Mixed,
    /// Random size, obstacles and pieces.
    Random,
    /// One column (m = 1).
    Column,
    /// A full wall row of obstacles with the pawn above it and one red piece on each side.
    Wall,
    /// No obstacles.
    Open,
    /// Boards whose answer is `Tie` (random boards, kept when the exact solver says Tie).
    Tie,
}

/// Generator options of `pawn-retrograde`.
#[derive(Debug, Clone, Args)]
pub struct PawnOptions {
    /// Boards per input [default: 1..=3].
    #[arg(long, value_name = "SPAN")]
    pub boards: Option<Span>,
    /// Rows per board, at least 2 [default: 2..=5, one case in 20: 2..=9].
    #[arg(long, value_name = "SPAN")]
    pub rows: Option<Span>,
    /// Columns per board [default: 1..=5, one case in 20: 1..=9].
    #[arg(long, value_name = "SPAN")]
    pub cols: Option<Span>,
    /// Obstacle density in 0..=1 [default: random in 0..=0.35 per board].
    #[arg(long, value_parser = parse_density)]
    pub obstacles: Option<f64>,
    /// Board shape.
    #[arg(long, value_enum, default_value_t = PawnShape::Mixed)]
    pub shape: PawnShape,
}

impl Default for PawnOptions {
    fn default() -> Self {
        Self { boards: None, rows: None, cols: None, obstacles: None, shape: PawnShape::Mixed }
    }
}

impl PawnOptions {
    /// Checks the sizes against the solver's limits.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(r) = self.rows {
            if r.lo < 2 || r.lo > 128 {
                return Err("--rows: a board has 2..=128 rows".into());
            }
        }
        if let Some(c) = self.cols {
            if c.lo < 1 || c.lo > 128 {
                return Err("--cols: a board has 1..=128 columns".into());
            }
        }
        if let (Some(r), Some(c)) = (self.rows, self.cols) {
            if r.lo * c.lo > MAX_CELLS as u64 {
                return Err("--rows x --cols: a board has at most 1024 cells".into());
            }
        }
        if self.boards.is_some_and(|b| b.hi > 10_000) {
            return Err("--boards: at most 10000".into());
        }
        Ok(())
    }
}

/// A board without obstacles: the black pawn in the bottom-left corner, the red pieces in the two
/// top cells of the right column (`rows` ≥ 2, `cols` ≥ 2 or `rows` ≥ 3, at most 1024 cells).
pub fn open_board(rows: usize, cols: usize) -> PawnBoard {
    PawnBoard {
        rows,
        cols,
        blocked: vec![false; rows * cols],
        black: (rows - 1, 0),
        reds: [(0, cols - 1), (1, cols - 1)],
    }
}

/// A board that is a tie, decided only when the retrograde pass has run to its end: a wall of
/// obstacles across row `rows / 2` (0-based) cuts the board in two; the black pawn starts in the
/// bottom-left corner, below the wall, so it can never reach row 1, and the red pieces start in
/// the two top cells of the right column, above it, so they can never reach the pawn; both
/// sides always have a move (`rows` ≥ 4, `cols` ≥ 2, at most 1024 cells).
pub fn walled_tie_board(rows: usize, cols: usize) -> PawnBoard {
    let mut blocked = vec![false; rows * cols];
    blocked[(rows / 2) * cols..(rows / 2 + 1) * cols].fill(true);
    PawnBoard { rows, cols, blocked, black: (rows - 1, 0), reds: [(0, cols - 1), (1, cols - 1)] }
}

/// A random input under `options`.
pub fn generate(options: &PawnOptions, rng: &mut Rng) -> PawnInput {
    let case = CaseSize::draw(rng);
    let count = size_or(options.boards, rng, case, Span::new(1, 3), Span::new(1, 3)) as usize;
    let boards = (0..count).map(|_| board(options, rng, case)).collect();
    PawnInput { boards }
}

fn board(options: &PawnOptions, rng: &mut Rng, case: CaseSize) -> PawnBoard {
    let shape = match options.shape {
        PawnShape::Mixed => match rng.below(20) {
            0..=1 => PawnShape::Column,
            2..=4 => PawnShape::Wall,
            5..=6 => PawnShape::Open,
            _ => PawnShape::Random,
        },
        s => s,
    };
    if shape == PawnShape::Tie {
        // Rejection sampling with the exact solver; ties are common on boards with obstacles.
        let mut last = None;
        for _ in 0..200 {
            let b = plain_board(options, rng, case, PawnShape::Random, Some(0.3));
            let one = PawnInput { boards: vec![b.clone()] };
            if crate::reference::pawn_outcomes(&one.render()) == ["Tie"] {
                return b;
            }
            last = Some(b);
        }
        return last.expect("at least one try");
    }
    plain_board(options, rng, case, shape, None)
}

fn plain_board(
    options: &PawnOptions,
    rng: &mut Rng,
    case: CaseSize,
    shape: PawnShape,
    density: Option<f64>,
) -> PawnBoard {
    let mut rows = size_or(options.rows, rng, case, Span::new(2, 5), Span::new(2, 9)) as usize;
    let mut cols = size_or(options.cols, rng, case, Span::new(1, 5), Span::new(1, 9)) as usize;
    if shape == PawnShape::Column {
        cols = 1;
    }
    let min_rows = match shape {
        PawnShape::Wall => 4,
        _ if cols == 1 => 3,
        _ => 2,
    };
    rows = rows.max(min_rows);
    while rows * cols > MAX_CELLS {
        if cols > 1 { cols -= 1 } else { rows -= 1 }
    }
    let density = options.obstacles.or(density).unwrap_or_else(|| rng.below(36) as f64 / 100.0);
    let cell = |rng: &mut Rng, rows: std::ops::Range<usize>| {
        (rng.range_usize(rows.start, rows.end - 1), rng.range_usize(0, cols - 1))
    };
    let (black, reds, wall) = if shape == PawnShape::Wall {
        let wall = rng.range_usize(2, rows - 2);
        let black = cell(rng, 1..wall);
        let mut above = cell(rng, 0..wall);
        while above == black {
            above = cell(rng, 0..wall);
        }
        let below = cell(rng, wall + 1..rows);
        (black, [above, below], Some(wall))
    } else {
        let black = cell(rng, 1..rows);
        let mut reds = [black; 2];
        // Mostly keep the red pieces off the pawn's neighbours: an immediate capture (`Red 1`)
        // is the least interesting answer.
        let far = rng.chance(0.7);
        for i in 0..2 {
            let mut tries = 0;
            let near = |p: Cell| p.0.abs_diff(black.0) + p.1.abs_diff(black.1) <= 1;
            while reds[i] == black || (i == 1 && reds[1] == reds[0]) || (far && tries < 20 && near(reds[i])) {
                reds[i] = cell(rng, 0..rows);
                tries += 1;
            }
        }
        (black, reds, None)
    };
    let mut blocked = vec![false; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            let piece = black == (r, c) || reds.contains(&(r, c));
            blocked[r * cols + c] =
                !piece && (wall == Some(r) || (shape != PawnShape::Open && rng.chance(density)));
        }
    }
    PawnBoard { rows, cols, blocked, black, reds }
}
