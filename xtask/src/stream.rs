//! The memory bound of a layered sweep: a plain streaming pass over the same bytes.
//!
//! A sweep of lattice-dp reads every layer's values once (to compute the next layer) and writes
//! every layer's values once, so no sweep of a board moves fewer than `2 · states · width` bytes
//! to and from memory. [`stream`] moves exactly that many, as a copy from one buffer into another
//! (each word read once and written once, on every thread), between two buffers the size of the
//! sweep's largest layer: no computation, no cache reuse across layers. Its time is the bound a
//! `bound` line of a manifest sets beside the bench case ([`crate::manifest::MemoryBound`]).
//!
//! [`SweepBytes::from_plan`] reads the figures from `lattice-dp plan --ranks 1`, so the bound uses
//! the states and the value width the solver itself chooses for the board.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// What a sweep moves: its states, its largest layer and the bytes of a stored value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SweepBytes {
    /// States of every layer together.
    pub states: u64,
    /// States of the largest layer.
    pub largest_layer: u64,
    /// Bytes of one stored value.
    pub width: u64,
}

impl SweepBytes {
    /// The figures of the first line of `lattice-dp plan`'s report: `board NxM: S states, largest
    /// layer L states, W bytes a value`.
    pub fn from_plan(report: &str) -> Option<Self> {
        let (_, figures) = report.lines().next()?.split_once(": ")?;
        let states = figures.split_whitespace().next()?.parse().ok()?;
        let after = &figures[figures.find("largest layer ")? + "largest layer ".len()..];
        let largest_layer = after.split_whitespace().next()?.parse().ok()?;
        let width = figures[..figures.find(" bytes a value")?].split_whitespace().last()?.parse().ok()?;
        Some(SweepBytes { states, largest_layer, width })
    }

    /// The bytes the sweep reads and writes at the least: every layer read once, written once.
    pub fn traffic(&self) -> u64 {
        2 * self.states * self.width
    }
}

/// Copies between two buffers of `sweep.largest_layer · sweep.width` bytes (rounded up to 8),
/// back and forth until [`SweepBytes::traffic`] bytes have been read and written, on `threads`
/// threads (each copies its own part of the buffer). The buffers are written once before the
/// clock starts, so their first-touch cost is not counted. Returns the time of the copies.
pub fn stream(sweep: &SweepBytes, threads: usize) -> Duration {
    let words = (sweep.largest_layer * sweep.width).div_ceil(8).max(1) as usize;
    let mut from = vec![1u64; words];
    let mut to = vec![0u64; words];
    // Each pass reads and writes the buffer once: 16 bytes per word.
    let passes = sweep.traffic().div_ceil(16 * words as u64);
    let part = words.div_ceil(threads.max(1));
    let start = Instant::now();
    for pass in 0..passes {
        std::thread::scope(|scope| {
            for (target, source) in to.chunks_mut(part).zip(from.chunks(part)) {
                scope.spawn(move || {
                    for (t, s) in target.iter_mut().zip(source) {
                        *t = s.wrapping_add(pass);
                    }
                });
            }
        });
        std::mem::swap(&mut from, &mut to);
    }
    black_box(&from);
    start.elapsed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_report_gives_states_layer_and_width() {
        let report = "board 16x16: 601080390 states, largest layer 8908546 states, 8 bytes a value\n\
                      single process: 159.3 MiB (two layers 135.9 MiB + tables 23.4 MiB)\n";
        let sweep = SweepBytes::from_plan(report).unwrap();
        assert_eq!(sweep, SweepBytes { states: 601_080_390, largest_layer: 8_908_546, width: 8 });
        assert_eq!(sweep.traffic(), 2 * 601_080_390 * 8);
        assert_eq!(SweepBytes::from_plan("board 2x2: 6 states\n"), None);
    }

    #[test]
    fn a_small_stream_copies_its_passes() {
        // 1000 states of 8 bytes, layers of 100: 16,000 bytes, 10 passes over 100 words.
        let sweep = SweepBytes { states: 1000, largest_layer: 100, width: 8 };
        assert!(stream(&sweep, 2) < Duration::from_secs(5));
    }
}
