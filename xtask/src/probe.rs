//! `cargo xtask probe`: what the machine charges this hour for fresh memory and for a random read,
//! so that benchmark figures taken at different hours can be told apart.
//!
//! The project's machines are virtual, and their figures move with the host's load. Two costs
//! explain most of it (docs/BENCHMARKS.md):
//! - **Fresh memory.** The guest hands free 2 MiB blocks back to its host (free page reporting,
//!   about two seconds after they are freed); touching such a block again makes the host back it,
//!   which cost 2.6–4.8 ns a byte in this project's busy hours, against 0.1–0.2 ns for a block
//!   freed a moment ago (still backed). Most small free blocks are never reported: 4 KiB pages
//!   came from them at 0.45–1 ns a byte in the same hours.
//! - **Memory latency.** The matching's passes are chains of dependent random reads, and the
//!   host's other guests share the last-level cache and the memory controller.
//!
//! (The host also takes back page-cache memory that goes unused for a minute or two, so the first
//! run after a pause reads its input slowly; the probe does not measure that.)
//!
//! The probe waits three seconds, then maps 256 MiB three times and times `MADV_POPULATE_WRITE`
//! over it: in 2 MiB pages (as the solvers' big tables ask for them), in 2 MiB pages again right
//! after unmapping the first (the pages just freed), and in 4 KiB pages; then it times a chain of
//! dependent reads over a 64 MiB table in 2 MiB pages. It takes about four seconds. Each figure
//! is a single measurement.

use std::fmt;
use std::time::{Duration, Instant};

use crate::cli::Spec;

/// The command line of `probe` (no arguments).
pub const SPEC: Spec = Spec {
    name: "probe",
    summary: "Measure this hour's cost of fresh memory and of a random read (benchmarks move with them)",
    usage: "",
    max_positionals: Some(0),
    positionals: &[],
    options: &[],
    listing: None,
    notes: "Waits 3 s (memory another process freed a moment ago is still backed), then prints one
line: the transparent-huge-page setting; the time to map 256 MiB of fresh memory in
2 MiB pages, again in pages just freed, and in 4 KiB pages (ns a byte); the time of one dependent
random read in a 64 MiB table (ns). `cargo xtask bench` prints the same line before its cases and
writes it under the table. In a quiet hour fresh 2 MiB pages cost about as much as pages just
freed; in a busy one they cost ten times more or worse (docs/BENCHMARKS.md). Linux only.",
};

/// Bytes mapped for each fresh-memory figure.
const FRESH_BYTES: usize = 256 << 20;
/// Entries (`u32`) of the table the random reads walk: 64 MiB, far past the caches.
const CHAIN_ENTRIES: usize = 16 << 20;
/// Dependent reads timed.
const CHAIN_STEPS: usize = 1 << 21;

/// The figures of one probe; `None` where the system could not give one.
#[derive(Debug, Clone, PartialEq)]
pub struct MachineState {
    /// The bracketed value of `/sys/kernel/mm/transparent_hugepage/enabled`.
    huge_pages: Option<String>,
    /// ns a byte to map fresh memory in 2 MiB pages.
    fresh_huge: Option<f64>,
    /// ns a byte to map, in 2 MiB pages, the memory just unmapped.
    freed_huge: Option<f64>,
    /// ns a byte to map fresh memory in 4 KiB pages.
    fresh_small: Option<f64>,
    /// ns for one read of a chain of dependent random reads.
    random_read: Option<f64>,
}

impl MachineState {
    /// Measures the machine now, with `bytes` of fresh memory per figure and a table of `entries`
    /// for the random reads (the command uses [`FRESH_BYTES`] and [`CHAIN_ENTRIES`]).
    pub fn measure(bytes: usize, entries: usize) -> Self {
        let fresh_huge = populate_cost(bytes, PageSize::Huge);
        // Right after the first mapping is gone: its pages are free and still backed.
        let freed_huge = populate_cost(bytes, PageSize::Huge);
        let fresh_small = populate_cost(bytes, PageSize::Small);
        Self {
            huge_pages: huge_page_setting(),
            fresh_huge,
            freed_huge,
            fresh_small,
            random_read: random_read_cost(entries, CHAIN_STEPS),
        }
    }
}

impl fmt::Display for MachineState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let figure = |value: Option<f64>, unit: &str| match value {
            Some(value) => format!("{value:.2} {unit}"),
            None => "n/a".to_string(),
        };
        write!(
            f,
            "machine: THP {}; fresh memory {} in 2 MiB pages ({} just freed), {} in 4 KiB pages; a random read {}",
            self.huge_pages.as_deref().unwrap_or("n/a"),
            figure(self.fresh_huge, "ns/B"),
            figure(self.freed_huge, "ns/B"),
            figure(self.fresh_small, "ns/B"),
            figure(self.random_read, "ns"),
        )
    }
}

/// How long the probe waits before it maps memory: the pages another process freed in the last
/// moments (a build, a solver that just exited) are still backed, and would make fresh memory
/// look as cheap as memory just freed.
const SETTLE: Duration = Duration::from_secs(3);

/// The machine's state, measured after [`SETTLE`] with the command's sizes.
pub fn measure_settled() -> MachineState {
    std::thread::sleep(SETTLE);
    MachineState::measure(FRESH_BYTES, CHAIN_ENTRIES)
}

/// Prints the probe's line.
pub fn run() -> Result<bool, String> {
    println!("{}", measure_settled());
    Ok(true)
}

/// The setting in force among `always`, `madvise` and `never`, if the kernel says.
fn huge_page_setting() -> Option<String> {
    let text = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled").ok()?;
    bracketed(&text).map(str::to_string)
}

/// The word between `[` and `]` in `text`.
fn bracketed(text: &str) -> Option<&str> {
    let start = text.find('[')? + 1;
    let end = start + text[start..].find(']')?;
    Some(&text[start..end])
}

/// The page size a mapping asks for.
#[derive(Debug, Clone, Copy)]
enum PageSize {
    /// 2 MiB (`MADV_HUGEPAGE`).
    Huge,
    /// 4 KiB (`MADV_NOHUGEPAGE`).
    Small,
}

/// Size of a huge page.
const HUGE_PAGE: usize = 2 << 20;

/// An anonymous private mapping of `bytes` (whole huge pages, aligned to one), given `size`'s
/// advice, unmapped when dropped. (Elsewhere than on Linux none is ever made.)
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
struct Mapping {
    /// Start of the whole mapping.
    base: *mut libc::c_void,
    /// Length of the whole mapping (one huge page more than asked, for the alignment).
    len: usize,
    /// The aligned start.
    start: *mut libc::c_void,
    /// Bytes usable from `start`.
    bytes: usize,
}

impl Mapping {
    /// The mapping, or `None` if the system refuses it.
    #[cfg(target_os = "linux")]
    #[allow(unsafe_code)]
    fn new(bytes: usize, size: PageSize) -> Option<Self> {
        let bytes = bytes.div_ceil(HUGE_PAGE) * HUGE_PAGE;
        let len = bytes + HUGE_PAGE;
        let (protection, flags) =
            (libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS);
        // SAFETY: a new anonymous mapping at an address of the kernel's choice; nothing else
        // refers to it, and `Drop` unmaps exactly what was mapped.
        let base = unsafe { libc::mmap(std::ptr::null_mut(), len, protection, flags, -1, 0) };
        if base == libc::MAP_FAILED {
            return None;
        }
        let start = base.wrapping_byte_add(base.align_offset(HUGE_PAGE));
        let advice = match size {
            PageSize::Huge => libc::MADV_HUGEPAGE,
            PageSize::Small => libc::MADV_NOHUGEPAGE,
        };
        // SAFETY: `start..start + bytes` lies inside the mapping; advice changes no contents.
        unsafe { libc::madvise(start, bytes, advice) };
        Some(Self { base, len, start, bytes })
    }

    #[cfg(not(target_os = "linux"))]
    fn new(_bytes: usize, _size: PageSize) -> Option<Self> {
        None
    }

    /// Maps every page now, as writes would; whether the kernel did.
    #[cfg(target_os = "linux")]
    #[allow(unsafe_code)]
    fn populate(&self) -> bool {
        // SAFETY: the range lies inside the mapping; populating writes nothing visible.
        unsafe { libc::madvise(self.start, self.bytes, libc::MADV_POPULATE_WRITE) == 0 }
    }

    #[cfg(not(target_os = "linux"))]
    fn populate(&self) -> bool {
        false
    }

    /// The mapping as `u32`s (all zero until written).
    #[allow(unsafe_code)]
    fn words(&mut self) -> &mut [u32] {
        // SAFETY: the range is mapped readable and writable, aligned to a huge page, owned by
        // `self` alone, and reads as zeros until written.
        unsafe { std::slice::from_raw_parts_mut(self.start.cast::<u32>(), self.bytes / 4) }
    }
}

impl Drop for Mapping {
    #[allow(unsafe_code)]
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        // SAFETY: exactly the mapping `new` made, not used after this.
        unsafe {
            libc::munmap(self.base, self.len);
        }
    }
}

/// ns a byte to map `bytes` of fresh memory in pages of `size`.
fn populate_cost(bytes: usize, size: PageSize) -> Option<f64> {
    let mapping = Mapping::new(bytes, size)?;
    let start = Instant::now();
    let populated = mapping.populate();
    let elapsed = start.elapsed();
    populated.then(|| elapsed.as_secs_f64() * 1e9 / mapping.bytes as f64)
}

/// ns a read of `steps` dependent reads through a table of `entries` (a power of two) in 2 MiB
/// pages, each entry the index of the next ([`next_entry`]).
fn random_read_cost(entries: usize, steps: usize) -> Option<f64> {
    debug_assert!(entries.is_power_of_two());
    let mut mapping = Mapping::new(entries * 4, PageSize::Huge)?;
    let table = &mut mapping.words()[..entries];
    for (i, next) in table.iter_mut().enumerate() {
        *next = next_entry(i, entries) as u32;
    }
    let start = Instant::now();
    let mut at = 0usize;
    for _ in 0..steps {
        at = table[at] as usize;
    }
    let elapsed = start.elapsed();
    std::hint::black_box(at);
    Some(elapsed.as_secs_f64() * 1e9 / steps as f64)
}

/// The entry read after entry `i` of a table of `entries` (a power of two): `(5i + 1) mod
/// entries`, a full-period linear congruential map, so the reads go once through every entry
/// before they repeat, and successive ones land far apart.
fn next_entry(i: usize, entries: usize) -> usize {
    i.wrapping_mul(5).wrapping_add(1) & (entries - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_is_the_bracketed_word() {
        assert_eq!(bracketed("always [madvise] never\n"), Some("madvise"));
        assert_eq!(bracketed("[never]"), Some("never"));
        assert_eq!(bracketed("always madvise never"), None);
    }

    #[test]
    fn the_table_is_one_cycle_through_every_entry() {
        let entries = 1usize << 10;
        let mut seen = vec![false; entries];
        let mut at = 0usize;
        for _ in 0..entries {
            assert!(!seen[at], "entry {at} came back early");
            seen[at] = true;
            at = next_entry(at, entries);
        }
        assert_eq!(at, 0);
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_small_probe_gives_positive_figures() {
        let state = MachineState::measure(8 << 20, 1 << 16);
        assert!(state.random_read.is_some(), "{state:?}");
        // Kernels before 5.14 have no MADV_POPULATE_WRITE: those figures are then missing.
        for figure in
            [state.fresh_huge, state.freed_huge, state.fresh_small, state.random_read].into_iter().flatten()
        {
            assert!(figure.is_finite() && figure > 0.0, "{state:?}");
        }
        let line = state.to_string();
        assert!(
            line.starts_with("machine: THP ") && line.contains(" in 4 KiB pages; a random read "),
            "{line}"
        );
    }
}
