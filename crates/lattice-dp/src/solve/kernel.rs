//! The inner loop: the values of one row of a layer (one left half, all right halves of its group)
//! from the values of the next layer.
//!
//! Negamax: `V(path) = max over moves (score of the mover for the cell − V(path after the move))`.
//! The three kinds of moves of a row (see [`super::split`]) read the next layer as follows:
//!
//! - a move inside the left half keeps the right half, so it maps the whole row onto one row of the
//!   next layer, element by element: a streaming loop;
//! - a move inside the right half keeps the left half: the successors lie in one row of the next
//!   layer (a few kilobytes at most), which is first widened into a scratch row of `2^16` entries
//!   (so that an index of type [`Rank`] needs no bounds check), then gathered from through the
//!   tabulated [`RightMove`](super::split::RightMove)s, two runs of them at a time (see
//!   [`Split::right_run_ranges`]); the moves' next ranks and gains are read from arrays of their
//!   own, parallel to the move list;
//! - the cross move changes both halves: the successors of the row lie in one row of the next layer,
//!   gathered through the tabulated [`CrossMove`]s.
//!
//! The sweep that records each state's best move runs the same loops on [`Key`]s, which carry the
//! move's step in their low bits, and splits them into values and steps at the end of the row.

use super::layer::{Group, RowSource};
use super::split::{CrossMove, Gain, Split};
use super::value::{Stored, raise};
use crate::board::MAX_CELLS;
use crate::index::{Rank, Step};
use crate::path::{self, LatticePath};
use std::ops::Range;

/// Entries of a score table: a power of two at least [`MAX_CELLS`] (the right moves read their
/// gains from [`Split::right_gains`] instead; the left and cross moves index this table once per
/// move of a row, not per state).
pub const SCORES: usize = MAX_CELLS.next_power_of_two();

/// Entries of the scratch row the right moves gather from: one per value of a [`Rank`], so a
/// gather index needs no bounds check.
const WIDE: usize = Rank::VALUES;

/// The buffers of one worker's rows, reused from row to row: the row being computed, and a row of
/// the next layer widened to `i64` (the right moves' row, then the cross move's). Each holds
/// `WIDE` entries, of which a row uses its first `row_len`: indices of type [`Rank`] need no
/// bounds check.
#[derive(Debug)]
pub struct RowScratch {
    out: Box<[i64; WIDE]>,
    wide: Box<[i64; WIDE]>,
}

impl RowScratch {
    /// The bytes of one scratch (one per thread that computes rows).
    pub const BYTES: usize = 2 * WIDE * size_of::<i64>();
}

impl Default for RowScratch {
    fn default() -> Self {
        let row = || vec![0; WIDE].into_boxed_slice().try_into().expect("the length is WIDE");
        Self { out: row(), wide: row() }
    }
}

/// Everything a row needs to read: the tables, the next layer, and the mover's scores.
#[derive(Debug, Clone, Copy)]
pub struct Kernel<'a, V> {
    /// The half-path tables.
    pub split: &'a Split,
    /// Where each row of the next layer (one more cell taken) lies in `next`.
    pub rows: RowSource<'a>,
    /// The values of the next layer's rows, placed as `rows` says: a row starting past its end is
    /// in `received`, shifted by its length.
    pub next: &'a [V],
    /// The rows received from other ranks (empty unless the rows are [`RowSource::Mapped`]).
    pub received: &'a [V],
    /// The score of each cell (row-major, padded with zeros to [`SCORES`] cells) for the player to
    /// move in this layer.
    pub score: &'a [i64; SCORES],
    /// The same player's score for each right move ([`Split::right_gains`]).
    pub right_gains: &'a [Gain],
    /// The instructions the rows are compiled for.
    pub isa: Isa,
}

/// The instruction set a row is computed with: the same code, compiled twice.
///
/// The kernel's streaming loops compute `max` on `i64`; baseline x86-64 (SSE2) has no 64-bit
/// compare, so each `max` costs several instructions, and its gathers do not vectorise. Compiled for
/// AVX2 the same code takes about half the instructions (callgrind, 15 × 15, one thread: 5.5 · 10^9
/// against 12.3 · 10^9), which is why the sweep detects AVX2 at run time and uses the AVX2 copy when
/// the processor has it. The AVX2 copy also uses the bit instructions every AVX2
/// processor has (POPCNT, LZCNT, BMI1, BMI2: the other x86-64-v3 features the kernel can use),
/// which make the per-row work on half-paths (popcounts, shifts by a variable) a few instructions
/// instead of a few dozen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isa {
    /// Whatever the build targets (baseline SSE2 on x86-64).
    Portable,
    /// x86-64 with AVX2, POPCNT, LZCNT, BMI1 and BMI2, detected at run time.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Isa {
    /// The best instruction set this processor has.
    pub fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
        {
            return Self::Avx2;
        }
        Self::Portable
    }
}

impl<V: Stored> Kernel<'_, V> {
    /// Computes, in `scratch`, the values `out[r]` of the states (left half of rank `left_rank` in
    /// `group`, right half of rank `r`), in `i64`, and returns them (the caller stores the row at its
    /// width: [`Stored::store_row`]). With `RECORD`,
    /// also stores in `best_step[r]` the step of the path where the best move's `10` pair starts
    /// (of equal best moves, the lowest step: see [`Key`]); without, `best_step` is not touched
    /// (pass an empty slice).
    #[inline(always)]
    pub fn row<'s, const RECORD: bool>(
        &self,
        group: &Group,
        left_rank: usize,
        scratch: &'s mut RowScratch,
        best_step: &mut [u8],
    ) -> &'s [i64] {
        let RowScratch { out, wide } = scratch;
        let len = group.row_len;
        let left = LatticePath::from(self.split.left.members_of(group.left_class)[left_rank]);
        self.right_moves::<RECORD>(group, left_rank, &mut out[..len], wide);
        self.left_moves::<RECORD>(left, &mut out[..len]);
        self.cross_move::<RECORD>(group, left, out, wide);
        if RECORD {
            let (out, best_step) = (&mut out[..len], &mut best_step[..len]);
            for r in 0..len {
                (out[r], best_step[r]) = Key::split(out[r]);
            }
        }
        // Only the full board has no move, and it is never computed by a kernel.
        debug_assert!(out[..len].iter().all(|&v| v > V::NO_MOVE));
        &out[..len]
    }

    /// The row of the next layer starting with left half `left`.
    #[inline(always)]
    fn next_row(&self, left: LatticePath) -> &[V] {
        let row = self.rows.row(self.split.left.class_of(left), self.split.left.rank(left));
        debug_assert!(!row.is_empty(), "the next layer has the row of a move");
        self.values(row)
    }

    /// The values of a row of the next layer, in `next` or in `received`.
    #[inline(always)]
    fn values(&self, row: Range<usize>) -> &[V] {
        let own = self.next.len();
        if row.start < own { &self.next[row] } else { &self.received[row.start - own..row.end - own] }
    }

    /// Moves inside the left half: one streaming pass over a row of the next layer each.
    #[inline(always)]
    fn left_moves<const RECORD: bool>(&self, left: LatticePath, out: &mut [i64]) {
        for p in path::corners(left, self.split.h) {
            let (row, col) = path::corner_cell(left, p, self.split.n);
            let gain = self.score[row * self.split.m + col];
            let next = self.next_row(path::play(left, p));
            // Same right half, same right class: the next row has exactly the length of ours.
            debug_assert_eq!(next.len(), out.len());
            if RECORD {
                V::relax_row::<{ Key::TIE_BITS }>(out, next, Key::gain(gain, p as Step));
            } else {
                V::relax_row::<0>(out, next, gain);
            }
        }
    }

    /// The move across the cut (last left step up, first right step right), if the left half allows it.
    #[inline(always)]
    fn cross_move<const RECORD: bool>(
        &self,
        group: &Group,
        left: LatticePath,
        out: &mut [i64; WIDE],
        wide: &mut [i64; WIDE],
    ) {
        let (h, a) = (self.split.h, group.left_ones);
        let crosses: &[CrossMove] = self.split.cross_moves_of(group.right_class);
        if left >> (h - 1) & 1 == 0 || crosses.is_empty() {
            return;
        }
        // The up-step at h − 1 is the a-th one and is preceded by all h − a right-steps of the left half;
        // a right-step follows it, so h − a < m.
        let gain = self.score[(self.split.n - a) * self.split.m + (h - a)];
        let gain = if RECORD { Key::gain(gain, (h - 1) as Step) } else { gain };
        let next = self.next_row(left ^ (1 << (h - 1)));
        widen_scaled::<V, RECORD>(next, &mut wide[..next.len()]);
        for cross in crosses {
            let o = &mut out[usize::from(cross.rank)];
            *o = (*o).max(gain - wide[usize::from(cross.next_rank)]);
        }
    }

    /// Moves inside the right half: gathers from one row of the next layer (same left half). This
    /// is the first pass over the row, so it initialises `out`: the first run of moves assigns (it
    /// covers every rank with a right move), the ranks after it start at no move
    /// ([`Stored::NO_MOVE`], or [`Key::NO_MOVE`] with `RECORD`).
    #[inline(always)]
    fn right_moves<const RECORD: bool>(
        &self,
        group: &Group,
        left_rank: usize,
        out: &mut [i64],
        wide: &mut [i64; WIDE],
    ) {
        let no_move = if RECORD { Key::NO_MOVE } else { V::NO_MOVE };
        let row = self.rows.row(group.left_class, left_rank);
        if row.is_empty() {
            // No right half of this class has a move (its area is already the largest).
            out.fill(no_move);
            return;
        }
        let len = row.len();
        widen_scaled::<V, RECORD>(self.values(row), &mut wide[..len]);
        let wide = &*wide;
        let (next_ranks, gains, steps) =
            (self.split.right_next_ranks(), self.right_gains, self.split.right_steps());
        let mut runs = self.split.right_run_ranges(group.right_class);
        // Runs are taken two at a time (the second is a prefix of the first), so that each entry
        // of `out` is read and written once per pair of moves: the first pair assigns.
        let run = |range: Range<usize>| Run {
            next_ranks: &next_ranks[range.clone()],
            gains: &gains[range.clone()],
            steps: if RECORD { &steps[range] } else { &[] },
        };
        let first = runs.next().unwrap_or(0..0);
        let (head, tail) = out.split_at_mut(first.len());
        tail.fill(no_move);
        let second = runs.next().unwrap_or(0..0);
        Run::pair::<RECORD>(run(first), run(second), wide, head, |_, value| value);
        while let Some(a) = runs.next() {
            let b = runs.next().unwrap_or(0..0);
            Run::pair::<RECORD>(run(a), run(b), wide, out, raise);
        }
    }
}

/// `dst[i] = src[i]` widened, and with `KEYED` scaled to the value part of a [`Key`].
#[inline(always)]
fn widen_scaled<V: Stored, const KEYED: bool>(src: &[V], dst: &mut [i64]) {
    V::widen_row(src, dst);
    if KEYED {
        for d in dst.iter_mut() {
            *d = Key::value(*d);
        }
    }
}

/// How the kernel that records each state's best move compares moves: as keys, one `i64` holding
/// the move's value (`gain − next value`) above [`Key::TIE_BITS`] bits that rank its step, the
/// lowest step highest: `key = value · 2^TIE_BITS + (2^TIE_BITS − 1 − step)`.
///
/// The largest key is then the best move's, and of equal best moves the one of the lowest step
/// (the first corner of the path, the order [`crate::solve::Children`] documents): the recorded
/// sweep takes the same plain `max` as the plain one, on the same streaming and gathering loops,
/// and splits each state's key into its value and step once, at the end of the row. Values lie in
/// `−B ..= B` with `B < 2^39` (see [`mod@super::value`]), so keys lie within `±2^45`, and
/// [`Key::NO_MOVE`] below all of them.
struct Key;

impl Key {
    /// The low bits of a key that rank its move's step.
    const TIE_BITS: u32 = 6;
    /// The tie bits all set: the rank of step 0.
    const TIE_MASK: i64 = (1 << Self::TIE_BITS) - 1;
    /// Below every key: a state before its first move.
    const NO_MOVE: i64 = -(1 << 61);

    /// The key part of a value (its tie bits zero).
    #[inline(always)]
    const fn value(value: i64) -> i64 {
        value << Self::TIE_BITS
    }

    /// The key of a move of `gain` at `step` from a next state of value 0: subtracting
    /// [`Key::value`] of the next state's value gives the move's key.
    #[inline(always)]
    fn gain(gain: i64, step: Step) -> i64 {
        Self::value(gain) | (Self::TIE_MASK - i64::from(step))
    }

    /// The value and the step of a key.
    #[inline(always)]
    fn split(key: i64) -> (i64, Step) {
        // The tie bits are at most TIE_MASK < 2^8: the narrowing keeps them.
        (key >> Self::TIE_BITS, (Self::TIE_MASK - (key & Self::TIE_MASK)) as Step)
    }
}

// Every step of a path (`0 .. n + m − 1`) has a rank in the tie bits, and the keys of the largest
// values fit far below `Key::NO_MOVE`.
const _: () = assert!(crate::board::MAX_PERIMETER <= 1 << Key::TIE_BITS);
const _: () = assert!(Key::value(1 << 39) < -Key::NO_MOVE / 2);

/// The moves of one run (see [`Split::right_run_ranges`]): the `r`-th entry of each array is the move
/// of rank `r`. `steps` is read only when the moves are compared as [`Key`]s (it is empty
/// otherwise).
#[derive(Clone, Copy)]
struct Run<'a> {
    next_ranks: &'a [Rank],
    gains: &'a [Gain],
    steps: &'a [Step],
}

impl<'a> Run<'a> {
    /// The run's first `len` moves and the rest.
    #[inline(always)]
    fn split_at(self, len: usize) -> (Self, Self) {
        let (ranks, rest_ranks) = self.next_ranks.split_at(len);
        let (gains, rest_gains) = self.gains.split_at(len);
        let (steps, rest_steps) = self.steps.split_at(len.min(self.steps.len()));
        (
            Run { next_ranks: ranks, gains, steps },
            Run { next_ranks: rest_ranks, gains: rest_gains, steps: rest_steps },
        )
    }

    /// `out[r] = merge(out[r], best of the two runs' moves of rank r)`, for every rank of `a` (`out`
    /// is at least as long as `a`, and `b` no longer). With `KEYED`, the moves are compared as
    /// [`Key`]s (`wide` then holds the next values scaled by [`Key::value`]).
    #[inline(always)]
    fn pair<const KEYED: bool>(
        a: Self,
        b: Self,
        wide: &[i64; WIDE],
        out: &mut [i64],
        merge: impl Fn(i64, i64) -> i64,
    ) {
        let len = b.gains.len();
        let (both, only_a) = out[..a.gains.len()].split_at_mut(len);
        let (a_both, a_only) = a.split_at(len);
        // Every slice indexed below has length `len` (or `rest`), which lets the compiler drop
        // the checks.
        let (b_ranks, b_gains) = (&b.next_ranks[..len], &b.gains[..len]);
        let (a_ranks, a_gains) = (&a_both.next_ranks[..len], &a_both.gains[..len]);
        let rest = only_a.len();
        let (rest_ranks, rest_gains) = (&a_only.next_ranks[..rest], &a_only.gains[..rest]);
        if KEYED {
            let (a_steps, b_steps) = (&a_both.steps[..len], &b.steps[..len]);
            let key = |gain: Gain, step: Step| Key::gain(i64::from(gain), step);
            for r in 0..len {
                let a_key = key(a_gains[r], a_steps[r]) - wide[usize::from(a_ranks[r])];
                let b_key = key(b_gains[r], b_steps[r]) - wide[usize::from(b_ranks[r])];
                both[r] = merge(both[r], a_key.max(b_key));
            }
            let rest_steps = &a_only.steps[..rest];
            for r in 0..rest {
                only_a[r] =
                    merge(only_a[r], key(rest_gains[r], rest_steps[r]) - wide[usize::from(rest_ranks[r])]);
            }
        } else {
            for r in 0..len {
                let a_value = i64::from(a_gains[r]) - wide[usize::from(a_ranks[r])];
                let b_value = i64::from(b_gains[r]) - wide[usize::from(b_ranks[r])];
                both[r] = merge(both[r], a_value.max(b_value));
            }
            for r in 0..rest {
                only_a[r] = merge(only_a[r], i64::from(rest_gains[r]) - wide[usize::from(rest_ranks[r])]);
            }
        }
    }
}
