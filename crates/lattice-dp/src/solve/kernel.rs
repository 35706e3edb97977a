//! The inner loop: the values of one row of a layer (one left half, all right halves of its group)
//! from the values of the next layer.
//!
//! Negamax: `V(path) = max over moves (score of the mover for the cell − V(path after the move))`.
//! The three kinds of moves of a row (see [`super::split`]) read the next layer as follows:
//!
//! - a move inside the left half keeps the right half, so it maps the whole row onto one row of the
//!   next layer, element by element: a streaming loop;
//! - a move inside the right half keeps the left half: the successors lie in one row of the next
//!   layer (a few kilobytes at most), gathered through the tabulated [`RightMove`](super::split::RightMove)s;
//! - the cross move changes both halves: the successors of the row lie in one row of the next layer,
//!   gathered through the tabulated [`CrossMove`]s.

use super::layer::{Group, Layer};
use super::split::{CrossMove, RightMove, Split};
use super::value::Stored;
use crate::board::MAX_CELLS;
use crate::path::{self, Path};

/// Entries of a score table: a power of two at least [`MAX_CELLS`], so that masking a cell number
/// with `SCORES − 1` (a no-op on a valid cell) replaces the bounds check.
pub const SCORES: usize = MAX_CELLS.next_power_of_two();

/// The buffers of one worker's rows, reused from row to row: the row being computed, and the
/// next row of the right moves widened to `i64` (for the widths that gather slowly, see
/// [`Stored::WIDEN_BEFORE_GATHER`]).
#[derive(Debug, Default)]
pub struct RowScratch {
    out: Vec<i64>,
    wide: Vec<i64>,
}

/// Everything a row needs to read: the tables, the next layer, and the mover's scores.
#[derive(Debug, Clone, Copy)]
pub struct Kernel<'a, V> {
    /// The half-path tables.
    pub split: &'a Split,
    /// The layout of the next layer (one more cell taken).
    pub next_layer: &'a Layer,
    /// The values of the next layer, indexed as `next_layer` says.
    pub next: &'a [V],
    /// The score of each cell (row-major, padded with zeros to [`SCORES`] cells) for the player to
    /// move in this layer.
    pub score: &'a [i64; SCORES],
    /// The instructions the rows are compiled for.
    pub isa: Isa,
}

/// The instruction set a row is computed with: the same code, compiled twice.
///
/// The kernel's streaming loops compute `max` on `i64`; baseline x86-64 (SSE2) has neither a 64-bit
/// compare nor a 64-bit arithmetic shift, so each `max` costs several instructions. Compiled for
/// AVX2 the same loops take about 25% fewer instructions in all (callgrind, 14 × 14, one thread:
/// 3.38 · 10^9 against 4.52 · 10^9), which is why the sweep detects AVX2 at run time and uses the
/// AVX2 copy when the processor has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isa {
    /// Whatever the build targets (baseline SSE2 on x86-64).
    Portable,
    /// x86-64 with AVX2, detected at run time.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Isa {
    /// The best instruction set this processor has.
    pub fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Self::Avx2;
        }
        Self::Portable
    }
}

impl<V: Stored> Kernel<'_, V> {
    /// Computes, in `scratch`, the values `out[r]` of the states (left half of rank `left_rank` in
    /// `group`, right half of rank `r`), in `i64`, and returns them (the caller stores the row at its
    /// width: [`Stored::store_row`]). With `RECORD`,
    /// also stores in `best_step[r]` the step of the path where the best move's `10` pair starts;
    /// without, `best_step` is not touched (pass an empty slice).
    #[inline(always)]
    pub fn row<'s, const RECORD: bool>(
        &self,
        group: &Group,
        left_rank: usize,
        scratch: &'s mut RowScratch,
        best_step: &mut [u8],
    ) -> &'s [i64] {
        let RowScratch { out, wide } = scratch;
        out.resize(group.row_len, 0);
        let out = &mut out[..group.row_len];
        let left = Path::from(self.split.left.members_of(group.left_class)[left_rank]);
        self.right_moves::<RECORD>(group, left_rank, out, wide, best_step);
        self.left_moves::<RECORD>(left, out, best_step);
        self.cross_move::<RECORD>(group, left, out, best_step);
        // Only the full board has no move, and it is never computed by a kernel.
        debug_assert!(out.iter().all(|&v| v > V::NO_MOVE));
        out
    }

    /// The row of the next layer starting with left half `left`, with its length.
    #[inline(always)]
    fn next_row(&self, left: Path) -> &[V] {
        let slot = self.next_layer.slot(self.split.left.class_of(left));
        let start = slot.row_start(self.split.left.rank(left));
        &self.next[start..start + slot.row_len]
    }

    /// Moves inside the left half: one streaming pass over a row of the next layer each.
    #[inline(always)]
    fn left_moves<const RECORD: bool>(&self, left: Path, out: &mut [i64], best_step: &mut [u8]) {
        for p in path::corners(left, self.split.h) {
            let (row, col) = path::corner_cell(left, p, self.split.n);
            let gain = self.score[row * self.split.m + col];
            let next = self.next_row(path::play(left, p));
            // Same right half, same right class: the next row has exactly the length of ours.
            debug_assert_eq!(next.len(), out.len());
            if RECORD {
                for r in 0..next.len() {
                    relax_recorded(out, best_step, r, gain - V::load(next, r), p);
                }
            } else {
                V::relax_row(out, next, gain);
            }
        }
    }

    /// The move across the cut (last left step up, first right step right), if the left half allows it.
    #[inline(always)]
    fn cross_move<const RECORD: bool>(
        &self,
        group: &Group,
        left: Path,
        out: &mut [i64],
        best_step: &mut [u8],
    ) {
        let (h, a) = (self.split.h, group.left_ones);
        let crosses: &[CrossMove] = self.split.cross_moves_of(group.right_class);
        if left >> (h - 1) & 1 == 0 || crosses.is_empty() {
            return;
        }
        // The up-step at h − 1 is the a-th one and is preceded by all h − a right-steps of the left half;
        // a right-step follows it, so h − a < m.
        let gain = self.score[(self.split.n - a) * self.split.m + (h - a)];
        let next = self.next_row(left ^ (1 << (h - 1)));
        for cross in crosses {
            let r = usize::from(cross.rank);
            let value = gain - V::load(next, usize::from(cross.next_rank));
            if RECORD {
                relax_recorded(out, best_step, r, value, h - 1);
            } else {
                out[r] = out[r].max(value);
            }
        }
    }

    /// Moves inside the right half: gathers from one row of the next layer (same left half). This
    /// is the first pass over the row, so it initialises `out`.
    #[inline(always)]
    fn right_moves<const RECORD: bool>(
        &self,
        group: &Group,
        left_rank: usize,
        out: &mut [i64],
        wide: &mut Vec<i64>,
        best_step: &mut [u8],
    ) {
        out.fill(V::NO_MOVE);
        let slot = self.next_layer.slot(group.left_class);
        if slot.row_len == 0 {
            // No right half of this class has a move (its area is already the largest).
            return;
        }
        let start = slot.row_start(left_rank);
        let next = &self.next[start..start + slot.row_len];
        if V::WIDEN_BEFORE_GATHER {
            wide.clear();
            wide.resize(next.len(), 0);
            V::widen_row(next, wide);
            self.gather_right_moves::<i64, RECORD>(group, wide, out, best_step);
        } else {
            self.gather_right_moves::<V, RECORD>(group, next, out, best_step);
        }
    }

    /// The right moves' gather from the next row `next` (stored at width `S`): one run of moves
    /// after the other, each in step with the row (`split`'s module doc).
    #[inline(always)]
    fn gather_right_moves<S: Stored, const RECORD: bool>(
        &self,
        group: &Group,
        next: &[S],
        out: &mut [i64],
        best_step: &mut [u8],
    ) {
        for run in self.split.right_move_runs(group.right_class) {
            if RECORD {
                for (r, mv) in run.iter().enumerate() {
                    let value = self.gain(mv) - S::load(next, usize::from(mv.next_rank));
                    relax_recorded(out, best_step, r, value, usize::from(mv.step));
                }
            } else {
                for (o, mv) in out.iter_mut().zip(run) {
                    *o = (*o).max(self.gain(mv) - S::load(next, usize::from(mv.next_rank)));
                }
            }
        }
    }

    /// The mover's score for the cell of a right move.
    #[inline(always)]
    fn gain(&self, mv: &RightMove) -> i64 {
        self.score[usize::from(mv.cell) & (SCORES - 1)]
    }
}

/// `out[r] = max(out[r], value)`, remembering `step` in `best_step[r]` when `value` is better.
#[inline(always)]
fn relax_recorded(out: &mut [i64], best_step: &mut [u8], r: usize, value: i64, step: usize) {
    if value > out[r] {
        out[r] = value;
        // Steps are below n + m ≤ 40.
        best_step[r] = step as u8;
    }
}
