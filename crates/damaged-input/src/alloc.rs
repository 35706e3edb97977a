//! A counting global allocator, for the tests that a reader refuses a tiny input claiming a huge
//! count without reserving room for it.
//!
//! A test binary installs it with `#[global_allocator] static A: Counting = Counting;` and measures
//! a call with [`most_allocated_during`]: the larger of the most bytes held at once above what was
//! held before the call and the largest single allocation, over every thread (a reader's rayon
//! workers included). Measurements are serialized (one at a time per binary), so tests running in
//! parallel do not count each other's bytes, except what other threads allocate meanwhile: a
//! binary measuring this way keeps its other tests small.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes held, their peak and the largest allocation.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counting;

/// Bytes allocated and not yet freed.
static HELD: AtomicUsize = AtomicUsize::new(0);
/// The most bytes held at once since the last reset.
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The largest single allocation (or reallocation's new size) since the last reset.
static LARGEST: AtomicUsize = AtomicUsize::new(0);
/// One measurement at a time.
static MEASURING: Mutex<()> = Mutex::new(());

fn counted(size: usize) {
    let held = HELD.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(held, Ordering::Relaxed);
    LARGEST.fetch_max(size, Ordering::Relaxed);
}

fn freed(size: usize) {
    HELD.fetch_sub(size, Ordering::Relaxed);
}

#[allow(unsafe_code)]
// SAFETY: every call is passed on unchanged to the system allocator; only counters are updated.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            counted(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            counted(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as `alloc`.
        unsafe { System.dealloc(ptr, layout) };
        freed(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            freed(layout.size());
            counted(new_size);
        }
        p
    }
}

/// Runs `f` and returns its result with the most bytes it allocated: the larger of the peak of
/// the bytes held above those held when it started and its largest single allocation. Only
/// meaningful in a binary whose global allocator is [`Counting`] (0 otherwise).
pub fn most_allocated_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let _one = MEASURING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    LARGEST.store(0, Ordering::Relaxed);
    let result = f();
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    (result, peak.max(LARGEST.load(Ordering::Relaxed)))
}

/// The most a reader may allocate on a tiny input claiming a huge count: 1 MB.
pub const TINY_INPUT_ALLOWANCE: usize = 1 << 20;
