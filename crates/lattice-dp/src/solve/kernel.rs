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
use super::split::{CrossMove, Split};
use super::value::Stored;
use crate::board::MAX_CELLS;
use crate::path::{self, Path};

/// Entries of a score table: a power of two at least [`MAX_CELLS`], so that masking a cell number
/// with `SCORES − 1` (a no-op on a valid cell) replaces the bounds check.
pub const SCORES: usize = MAX_CELLS.next_power_of_two();

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
}

impl<V: Stored> Kernel<'_, V> {
    /// Computes `out[r]` for the states (left half of rank `left_rank` in `group`, right half of rank
    /// `r`). With `RECORD`, also stores in `best_step[r]` the step of the path where the best move's
    /// `10` pair starts; without, `best_step` is not touched (pass an empty slice).
    pub fn row<const RECORD: bool>(
        &self,
        group: &Group,
        left_rank: usize,
        out: &mut [V],
        best_step: &mut [u8],
    ) {
        let left = Path::from(self.split.left.members_of(group.left_class)[left_rank]);
        self.right_moves::<RECORD>(group, left_rank, out, best_step);
        self.left_moves::<RECORD>(left, out, best_step);
        self.cross_move::<RECORD>(group, left, out, best_step);
        // Only the full board has no move, and it is never computed by a kernel.
        debug_assert!(out.iter().all(|&v| v.get() > V::NO_MOVE));
    }

    /// The row of the next layer starting with left half `left`, with its length.
    fn next_row(&self, left: Path) -> &[V] {
        let slot = self.next_layer.slot(self.split.left.class_of(left));
        let start = slot.row_start(self.split.left.rank(left));
        &self.next[start..start + slot.row_len]
    }

    /// Moves inside the left half: one streaming pass over a row of the next layer each.
    fn left_moves<const RECORD: bool>(&self, left: Path, out: &mut [V], best_step: &mut [u8]) {
        for p in path::corners(left, self.split.h) {
            let (row, col) = path::corner_cell(left, p, self.split.n);
            let gain = self.score[row * self.split.m + col];
            let next = self.next_row(path::play(left, p));
            // Same right half, same right class: the next row has exactly the length of ours.
            debug_assert_eq!(next.len(), out.len());
            if RECORD {
                for (r, &v) in next.iter().enumerate() {
                    relax_recorded(out, best_step, r, gain - v.get(), p);
                }
            } else {
                for (o, &v) in out.iter_mut().zip(next) {
                    *o = V::put(max_without_compare(o.get(), gain - v.get()));
                }
            }
        }
    }

    /// The move across the cut (last left step up, first right step right), if the left half allows it.
    fn cross_move<const RECORD: bool>(&self, group: &Group, left: Path, out: &mut [V], best_step: &mut [u8]) {
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
            let value = gain - next[usize::from(cross.next_rank)].get();
            if RECORD {
                relax_recorded(out, best_step, r, value, h - 1);
            } else {
                out[r] = V::put(out[r].get().max(value));
            }
        }
    }

    /// Moves inside the right half: gathers from one row of the next layer (same left half). This
    /// is the first pass over the row, so it initialises `out`.
    fn right_moves<const RECORD: bool>(
        &self,
        group: &Group,
        left_rank: usize,
        out: &mut [V],
        best_step: &mut [u8],
    ) {
        out.fill(V::put(V::NO_MOVE));
        let slot = self.next_layer.slot(group.left_class);
        if slot.row_len == 0 {
            // No right half of this class has a move (its area is already the largest).
            return;
        }
        let start = slot.row_start(left_rank);
        let next = &self.next[start..start + slot.row_len];
        // Ordinal-major: consecutive moves update different `out` entries (see `split`).
        for mv in self.split.right_moves_of(group.right_class) {
            let r = usize::from(mv.rank);
            let value =
                self.score[usize::from(mv.cell) & (SCORES - 1)] - next[usize::from(mv.next_rank)].get();
            if RECORD {
                relax_recorded(out, best_step, r, value, usize::from(mv.step));
            } else {
                out[r] = V::put(out[r].get().max(value));
            }
        }
    }
}

/// `max(a, b)` through the sign of `a − b`, which SSE2 vectorises (it has no 64-bit compare).
///
/// Needs `a − b` not to overflow: every value met is [`Stored::NO_MOVE`] (at least −2^62) or a
/// sum of at most 400 cell values of at most 10^9 (below 2^39 in absolute value).
#[inline]
fn max_without_compare(a: i64, b: i64) -> i64 {
    let d = a.wrapping_sub(b);
    b.wrapping_add(d & !(d >> 63))
}

/// `out[r] = max(out[r], value)`, remembering `step` in `best_step[r]` when `value` is better.
fn relax_recorded<V: Stored>(out: &mut [V], best_step: &mut [u8], r: usize, value: i64, step: usize) {
    if value > out[r].get() {
        out[r] = V::put(value);
        // Steps are below n + m ≤ 40.
        best_step[r] = step as u8;
    }
}
