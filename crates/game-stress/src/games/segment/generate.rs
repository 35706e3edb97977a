//! Sliding-pawn circles: `t`, then per board `n w c`, the w white positions, the c black positions
//! (strictly increasing, distinct fields of 1..=n, n ≤ 10^18).

use std::fmt::Write;

use clap::{Args, ValueEnum};

use crate::generate::{CaseSize, Span, size_or};
use crate::rng::Rng;

/// Largest `n` (the solver's limit).
pub const MAX_N: u64 = 1_000_000_000_000_000_000;

/// One circle: its size and its pawns by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentBoard {
    /// Fields, 1..=n.
    pub n: u64,
    /// `(field, is_white)`, sorted by field, fields distinct.
    pub pawns: Vec<(u64, bool)>,
}

impl SegmentBoard {
    /// Whether the board satisfies the input rules.
    pub fn is_valid(&self) -> bool {
        (1..=MAX_N).contains(&self.n)
            && self.pawns.windows(2).all(|w| w[0].0 < w[1].0)
            && self.pawns.iter().all(|&(p, _)| (1..=self.n).contains(&p))
    }

    fn write(&self, out: &mut String) {
        let of = |white: bool| -> Vec<String> {
            self.pawns.iter().filter(|p| p.1 == white).map(|p| p.0.to_string()).collect()
        };
        let (w, c) = (of(true), of(false));
        let _ = writeln!(out, "{} {} {}\n{}\n{}", self.n, w.len(), c.len(), w.join(" "), c.join(" "));
    }
}

/// A whole sliding-pawn input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentInput {
    /// The boards, in order.
    pub boards: Vec<SegmentBoard>,
}

impl SegmentInput {
    /// The input text.
    pub fn render(&self) -> String {
        let mut out = format!("{}\n", self.boards.len());
        for board in &self.boards {
            board.write(&mut out);
        }
        out
    }

    /// `N board(s): n=…, p pawns; …`.
    pub fn describe(&self) -> String {
        let sizes: Vec<String> =
            self.boards.iter().map(|b| format!("n={} with {} pawns", b.n, b.pawns.len())).collect();
        format!("{} board(s): {}", self.boards.len(), sizes.join(", "))
    }
}

/// The kind of board to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SegmentShape {
    /// Each board picks one of the shapes below.
    Mixed,
    /// Pawns on random fields with random colours.
    Random,
    /// Runs of same-coloured pawns with small slack and small gaps: tight segments and threats.
    Runs,
    /// Almost every field holds a pawn.
    Dense,
}

/// Generator options of `segment-nim`.
#[derive(Debug, Clone, Args)]
pub struct SegmentOptions {
    /// Boards per input [default: 1..=4].
    #[arg(long, value_name = "SPAN")]
    pub boards: Option<Span>,
    /// Fields n, up to 10^18 (`1..1e18` works) [default: 1..=12, one case in 20: 1..=60].
    #[arg(long, value_name = "SPAN")]
    pub n: Option<Span>,
    /// Pawns per board (capped by n) [default: 0..=n, at most 40].
    #[arg(long, value_name = "SPAN")]
    pub pawns: Option<Span>,
    /// Stretch every board to n up to 10^18 by widening its gaps (default: one board in ten).
    #[arg(long)]
    pub huge: bool,
    /// Board shape.
    #[arg(long, value_enum, default_value_t = SegmentShape::Mixed)]
    pub shape: SegmentShape,
}

impl Default for SegmentOptions {
    fn default() -> Self {
        Self { boards: None, n: None, pawns: None, huge: false, shape: SegmentShape::Mixed }
    }
}

impl SegmentOptions {
    /// Checks the sizes against the solver's limits.
    pub fn validate(&self) -> Result<(), String> {
        if self.n.is_some_and(|s| s.lo == 0 || s.hi > MAX_N) {
            return Err("--n: 1..=10^18".into());
        }
        if self.pawns.is_some_and(|s| s.hi > 100_000) || self.boards.is_some_and(|s| s.hi > 10_000) {
            return Err("--pawns / --boards: at most 100000 / 10000".into());
        }
        Ok(())
    }
}

/// `boards` boards of `pawns` pawns each (the benchmark boards): n drawn in `10^17..=10^18`, the
/// circle cut into `pawns` equal strides with one pawn at a random field of each, colours in
/// random runs (the colour flips before a pawn with probability 1/3). Draws by remainder
/// ([`Rng::below_mod`]). `pawns` ≥ 1.
pub fn strided(rng: &mut Rng, boards: usize, pawns: u64) -> SegmentInput {
    let boards = (0..boards)
        .map(|_| {
            let n = MAX_N / 10 + rng.below_mod(MAX_N - MAX_N / 10 + 1);
            let stride = n / pawns;
            let mut white = true;
            let pawns = (0..pawns)
                .map(|i| {
                    if rng.below_mod(3) == 0 {
                        white = !white;
                    }
                    (i * stride + 1 + rng.below_mod(stride), white)
                })
                .collect();
            SegmentBoard { n, pawns }
        })
        .collect();
    SegmentInput { boards }
}

/// A random input under `options`.
pub fn generate(options: &SegmentOptions, rng: &mut Rng) -> SegmentInput {
    let case = CaseSize::draw(rng);
    let count = size_or(options.boards, rng, case, Span::new(1, 4), Span::new(1, 4)) as usize;
    SegmentInput { boards: (0..count).map(|_| board(options, rng, case)).collect() }
}

fn board(options: &SegmentOptions, rng: &mut Rng, case: CaseSize) -> SegmentBoard {
    let shape = match options.shape {
        SegmentShape::Mixed => match rng.below(10) {
            0..=4 => SegmentShape::Random,
            5..=8 => SegmentShape::Runs,
            _ => SegmentShape::Dense,
        },
        s => s,
    };
    let huge = options.huge || (options.n.is_none() && rng.one_in(10));
    let n = size_or(options.n, rng, case, Span::new(1, 12), Span::new(1, 60));
    let board = match shape {
        SegmentShape::Runs => {
            let board = runs_board(options, rng, n);
            match options.n {
                // Asked for a size: widen one gap to reach it (or, if the runs do not fit, let a
                // random board of that size stand in).
                Some(_) if board.n <= n => widen(board, n, rng),
                Some(_) => random_board(options, rng, n, SegmentShape::Random),
                None => board,
            }
        }
        _ => random_board(options, rng, n, shape),
    };
    if huge { stretch(board, rng) } else { board }
}

/// Pawns on random fields of 1..=n with random colours (`Dense`: all but at most one field).
fn random_board(options: &SegmentOptions, rng: &mut Rng, n: u64, shape: SegmentShape) -> SegmentBoard {
    let cap = n.min(if options.pawns.is_some() { u64::MAX } else { 40 });
    let mut pawns = options.pawns.unwrap_or(Span::new(0, cap)).pick(rng).min(n);
    if shape == SegmentShape::Dense {
        pawns = n.saturating_sub(rng.range(0, 2)).min(cap);
    }
    let fields = distinct_fields(rng, n, pawns as usize);
    SegmentBoard { n, pawns: fields.into_iter().map(|f| (f, rng.one_in(2))).collect() }
}

/// The board with `want - n` empty fields added to one random gap.
fn widen(board: SegmentBoard, want: u64, rng: &mut Rng) -> SegmentBoard {
    let extra = want - board.n;
    let at = rng.range_usize(0, board.pawns.len());
    let pawns = board.pawns.iter().enumerate().map(|(j, &(p, w))| (if j >= at { p + extra } else { p }, w));
    SegmentBoard { n: want, pawns: pawns.collect() }
}

/// Runs of one colour (1–4 pawns, slack 0–1 inside), alternating colours, gaps 0–3 between runs.
fn runs_board(options: &SegmentOptions, rng: &mut Rng, n_hint: u64) -> SegmentBoard {
    let target = options.pawns.unwrap_or(Span::new(1, n_hint.clamp(1, 16))).pick(rng);
    let mut white = rng.one_in(2);
    let mut pawns = Vec::new();
    let mut field = 0u64;
    while (pawns.len() as u64) < target {
        let run = rng.range(1, 4);
        for i in 0..run {
            field += 1 + if i > 0 && rng.one_in(4) { 1 } else { 0 };
            pawns.push((field, white));
            if pawns.len() as u64 == target {
                break;
            }
        }
        field += rng.range(0, 3);
        white = !white;
    }
    let n = field.max(1) + rng.range(0, 2);
    SegmentBoard { n, pawns }
}

/// `count` distinct fields of 1..=n, sorted.
fn distinct_fields(rng: &mut Rng, n: u64, count: usize) -> Vec<u64> {
    if n <= 4 * count as u64 + 64 {
        let mut all: Vec<u64> = (1..=n).collect();
        rng.shuffle(&mut all);
        all.truncate(count);
        all.sort_unstable();
        return all;
    }
    let mut fields = Vec::with_capacity(count);
    while fields.len() < count {
        fields.push(rng.range(1, n));
        fields.sort_unstable();
        fields.dedup();
    }
    fields
}

/// The same board with n up to 10^18: a few gaps (and the wrap-around gap) widened.
fn stretch(board: SegmentBoard, rng: &mut Rng) -> SegmentBoard {
    let budget = MAX_N - board.n;
    let mut extra = 0u64;
    let mut pawns = Vec::with_capacity(board.pawns.len());
    for &(p, white) in &board.pawns {
        if rng.one_in(3) {
            extra += rng.range(0, (budget - extra) / 4);
        }
        pawns.push((p + extra, white));
    }
    let n = board.n + extra + rng.range(0, (budget - extra) / 2);
    SegmentBoard { n, pawns }
}
