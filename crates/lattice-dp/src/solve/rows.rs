//! One row through the kernel, shared by both sweep engines (this process's [`super::sweep`] and
//! a rank's [`super::distributed`]): the row buffers of each thread, the instruction set's
//! dispatch (the crate's one `unsafe`) and the cell scores the kernel reads.

use std::cell::RefCell;

use super::census::Tally;
use super::kernel::{Isa, Kernel, RowScratch, SCORES};
use super::layer::Group;
use super::value::Stored;

/// Layers with fewer states than this are computed on the calling thread.
pub(super) const PARALLEL_MIN_STATES: usize = 1 << 13;

/// Cell scores padded with zeros to `SCORES` entries (`n·m ≤ MAX_CELLS ≤ SCORES`).
pub(super) fn padded_scores(scores: &[i64]) -> [i64; SCORES] {
    let mut padded = [0; SCORES];
    padded[..scores.len()].copy_from_slice(scores);
    padded
}

thread_local! {
    /// The row buffers of this thread (a rayon worker or the caller), made once and reused by
    /// every row it computes (a row never starts another one before it ends).
    static SCRATCH: RefCell<RowScratch> = RefCell::new(RowScratch::default());
}

/// One row through the kernel, computed in this thread's scratch, counted by `tally` and stored at
/// the layer's width, or zeros (not counted) when `skip` says no state of it is wanted.
pub(super) fn run_row<V: Stored, const RECORD: bool, T: Tally>(
    kernel: &Kernel<'_, V>,
    group: &Group,
    rank: usize,
    row: &mut [V],
    steps: &mut [u8],
    skip: &impl Fn(&Group, usize) -> bool,
    tally: &mut T,
) {
    if skip(group, rank) {
        row.fill(V::put(0));
        return;
    }
    SCRATCH.with_borrow_mut(|scratch| match kernel.isa {
        Isa::Portable => row_portable::<V, RECORD, T>(kernel, group, rank, row, steps, scratch, tally),
        // The crate's one `unsafe`: calling a function compiled for AVX2 (workspace lint
        // `unsafe_code = "deny"`, allowed here only).
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        // SAFETY: `Isa::Avx2` is only made by `Isa::detect`, which saw these features on this
        // processor.
        Isa::Avx2 => unsafe { row_avx2::<V, RECORD, T>(kernel, group, rank, row, steps, scratch, tally) },
    });
}

/// A row computed in `scratch` and stored in `row`, compiled for the build's target (and inlined,
/// with the kernel, into [`row_avx2`]).
#[inline(always)]
fn row_portable<V: Stored, const RECORD: bool, T: Tally>(
    kernel: &Kernel<'_, V>,
    group: &Group,
    rank: usize,
    row: &mut [V],
    steps: &mut [u8],
    scratch: &mut RowScratch,
    tally: &mut T,
) {
    let values = kernel.row::<RECORD>(group, rank, scratch, steps);
    tally.add_row(values);
    V::store_row(row, values);
}

/// [`row_portable`] compiled for AVX2 (see [`Isa`]): it and the kernel's functions are
/// `#[inline(always)]`, so they are compiled again inside this one.
///
/// # Safety
/// The processor must have AVX2, POPCNT, LZCNT, BMI1 and BMI2 (`unsafe` for Rust 1.85, the crate's minimum, which has no safe
/// `#[target_feature]` functions).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,lzcnt,bmi1,bmi2")]
#[allow(unsafe_code)]
unsafe fn row_avx2<V: Stored, const RECORD: bool, T: Tally>(
    kernel: &Kernel<'_, V>,
    group: &Group,
    rank: usize,
    row: &mut [V],
    steps: &mut [u8],
    scratch: &mut RowScratch,
    tally: &mut T,
) {
    row_portable::<V, RECORD, T>(kernel, group, rank, row, steps, scratch, tally);
}
