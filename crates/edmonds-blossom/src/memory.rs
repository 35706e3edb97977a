//! Large arrays that are read at random: asking the kernel to back them with huge pages.
//!
//! A solver's big tables (per-vertex state, a renumbered adjacency) are read at random addresses, so
//! nearly every access misses the TLB as well as the cache. With 4 KiB pages each miss adds a page
//! walk, which under virtualisation is itself a chain of memory reads; on this project's machines a
//! dependent random read of a 256 MiB array took 306 ns with 4 KiB pages and 213 ns with 2 MiB ones.
//! Linux backs an anonymous mapping with 2 MiB pages when the process asks for it with
//! `madvise(MADV_HUGEPAGE)` (the usual `transparent_hugepage=madvise` setting) *before* the pages
//! are first touched; [`vec_with_huge_pages`] does exactly that for a vector's spare capacity.
//!
//! Arrays that are written once, front to back or in a few streams, have the opposite problem:
//! their cost is the first touch of each fresh 4 KiB page, one page fault apiece (about 0.4 ns a
//! byte on this project's machines). [`populate_for_writing`] asks the kernel to map all of a
//! vector's pages in one call (`madvise(MADV_POPULATE_WRITE)`), which measured 40% cheaper than
//! faulting them in one by one. Where threads fill parts of one fresh vector that they also read,
//! each maps its part first with [`populate_slice_for_writing`].
//!
//! Both are hints: the contents and the semantics of the vector are unchanged, and where they are
//! not available (other systems, older kernels, huge pages disabled, a small vector) nothing
//! happens.

/// Size of a huge page on x86-64 and aarch64 Linux (2 MiB).
const HUGE_PAGE: usize = 1 << 21;

/// Below this many bytes a vector is left alone: the gain is nil and the hint would only split
/// the allocator's mappings.
pub const HUGE_PAGE_MIN_BYTES: usize = 4 * HUGE_PAGE;

/// An empty vector with room for `capacity` elements, whose allocation the kernel is asked to back
/// with huge pages once the elements are written (which the caller does next, e.g. with `extend`
/// or `resize`; pages touched before the advice keep their small size).
///
/// ```
/// let mut squares = edmonds_blossom::memory::vec_with_huge_pages::<u64>(1 << 20);
/// squares.extend((0..1u64 << 20).map(|i| i * i));
/// assert_eq!(squares[1000], 1_000_000);
/// ```
pub fn vec_with_huge_pages<T>(capacity: usize) -> Vec<T> {
    let vec: Vec<T> = Vec::with_capacity(capacity);
    advise_huge_pages(&vec);
    vec
}

/// Asks the kernel to back `vec`'s allocation with huge pages from now on: for a vector whose pages
/// have not been touched yet, such as a large `vec![0; n]` of integers (allocated zeroed, so its
/// pages are only mapped when first written), before it is filled. Small vectors are left alone.
///
/// ```
/// let mut ends = vec![0u32; 1 << 22];
/// edmonds_blossom::memory::advise_huge_pages(&ends);
/// ends[12345] = 7;
/// assert_eq!(ends.iter().sum::<u32>(), 7);
/// ```
pub fn advise_huge_pages<T>(vec: &Vec<T>) {
    let bytes = vec.capacity().saturating_mul(size_of::<T>());
    if bytes >= HUGE_PAGE_MIN_BYTES {
        advise(vec.as_ptr().cast(), bytes, Advice::HugePages);
    }
}

/// Maps every page of `vec`'s allocation now, in one system call, rather than one page fault per
/// page when they are first written: for a large vector of zeros allocated lazily (`vec![0; n]`)
/// that is about to be written all over. Best effort; vectors under a page are left alone.
///
/// ```
/// let mut entries = vec![0u64; 1 << 17];
/// edmonds_blossom::memory::populate_for_writing(&entries);
/// entries[1 << 16] = 9;
/// assert_eq!(entries.iter().sum::<u64>(), 9);
/// ```
pub fn populate_for_writing<T>(vec: &Vec<T>) {
    let bytes = vec.capacity().saturating_mul(size_of::<T>());
    if bytes >= PAGE {
        advise(vec.as_ptr().cast(), bytes, Advice::PopulateForWriting);
    }
}

/// Maps the pages that lie wholly inside `slice` now, as writes would: for one part of a large
/// zeroed vector whose pages have not been touched yet, which the caller is about to read and
/// write all over while other threads do the same with the other parts. Best effort; the pages
/// that `slice` shares with its neighbours are left to them or to the first touch.
///
/// A read of a fresh page maps the kernel's shared zero page, and the first write must then
/// replace it: a copy-on-write fault that also flushes the page from the TLB of every thread of
/// the process (an interprocessor interrupt, which costs a virtual machine an exit). Mapping the
/// pages first leaves nothing to replace.
///
/// ```
/// let mut counts = vec![0u32; 1 << 20];
/// let (low, high) = counts.split_at_mut(1 << 19);
/// edmonds_blossom::memory::populate_slice_for_writing(high);
/// high[5] += 1;
/// assert_eq!(low.iter().chain(high.iter()).sum::<u32>(), 1);
/// ```
pub fn populate_slice_for_writing<T>(slice: &mut [T]) {
    let bytes = size_of_val(slice);
    if bytes >= PAGE {
        advise(slice.as_ptr().cast(), bytes, Advice::PopulateForWriting);
    }
}

/// Size of a base page.
const PAGE: usize = 1 << 12;

/// What [`advise`] asks the kernel to do with a range of pages of a vector or slice.
#[derive(Debug, Clone, Copy)]
enum Advice {
    /// Back the range's 2 MiB pages with huge pages from now on (`MADV_HUGEPAGE`).
    HugePages,
    /// Map the range's pages now, as writes would (`MADV_POPULATE_WRITE`).
    PopulateForWriting,
}

/// Gives `advice` for the whole pages inside `start..start + bytes` (huge pages for
/// [`Advice::HugePages`]); best effort.
#[cfg(target_os = "linux")]
fn advise(start: *const u8, bytes: usize, advice: Advice) {
    let (page, code) = match advice {
        Advice::HugePages => (HUGE_PAGE, libc::MADV_HUGEPAGE),
        Advice::PopulateForWriting => (PAGE, libc::MADV_POPULATE_WRITE),
    };
    let first = (start as usize).next_multiple_of(page);
    let end = (start as usize + bytes) / page * page;
    if first < end {
        // SAFETY: `first..end` lies inside one live allocation of this process (the vector's
        // buffer, or the memory of a slice borrowed mutably, which `bytes` does not exceed),
        // aligned to whole pages. Neither advice changes the contents of a page or where it is
        // mapped, so no Rust reference is affected: MADV_HUGEPAGE only changes how the kernel
        // backs the pages, and MADV_POPULATE_WRITE faults them in as a write would, without
        // writing (a page already present keeps its contents, a new one reads as zeros, as on
        // its first touch). A failure (no transparent huge pages; a kernel before 5.14 answers
        // EINVAL to MADV_POPULATE_WRITE) is harmless and ignored.
        #[allow(unsafe_code)]
        let _ = unsafe { libc::madvise(first as *mut libc::c_void, end - first, code) };
    }
}

/// Elsewhere neither hint exists.
#[cfg(not(target_os = "linux"))]
fn advise(_start: *const u8, _bytes: usize, _advice: Advice) {}

/// Asks the C allocator to keep the memory a process frees for its later allocations: blocks up
/// to 32 MiB (the largest the allocator allows) come from its heap rather than from a mapping of
/// their own, and the heap is not given back to the system while less than 256 MiB of its top
/// is free. A run that builds arrays in stages (the input's edges, then a renumbered copy, then
/// the engine's tables) then writes its later arrays into pages the earlier ones already
/// faulted in, instead of fresh pages at about 0.4 ns a byte. Weighted matching of 10^4-vertex
/// graphs measured 7–14% faster whole-process. Best effort: elsewhere than glibc nothing
/// happens. Call it before the other threads start.
pub fn reuse_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[allow(unsafe_code)]
    // SAFETY: `mallopt` only sets the allocator's tuning parameters; the caller calls it before
    // other threads start, as glibc asks.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 256 << 20);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_and_small_vectors_keep_their_contents() {
        for len in [0, 10, HUGE_PAGE_MIN_BYTES / 4 + 12345] {
            let mut v = vec_with_huge_pages::<u32>(len);
            assert!(v.capacity() >= len && v.is_empty());
            v.extend((0..len as u32).map(|i| i ^ 0x5555));
            assert!(v.iter().enumerate().all(|(i, &x)| x == i as u32 ^ 0x5555));
        }
    }

    #[test]
    fn populated_vectors_keep_their_contents() {
        for len in [0, 10, 3 * PAGE + 5, 1 << 20] {
            let mut v = vec![0u64; len];
            populate_for_writing(&v);
            assert!(v.iter().all(|&x| x == 0));
            v.iter_mut().enumerate().for_each(|(i, x)| *x = i as u64 * 3);
            populate_for_writing(&v);
            assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64 * 3));
        }
    }

    #[test]
    fn zero_sized_elements_need_no_pages() {
        let mut v = vec_with_huge_pages::<()>(usize::MAX);
        v.push(());
        assert_eq!(v.len(), 1);
    }
}
