//! `matching --timings`: how long each phase took, on stderr.

use std::time::Instant;

use edmonds_blossom::{MatchingTimings, ReadTimings};

/// The `--timings` report: one stderr line per phase, the time since the previous one.
pub struct Phases {
    last: Option<Instant>,
}

impl Phases {
    /// The report, silent unless `enabled` (`--timings`).
    pub fn new(enabled: bool) -> Self {
        Self { last: enabled.then(Instant::now) }
    }

    /// The line of a phase that ends now.
    pub fn done(&mut self, phase: &str) {
        if let Some(last) = self.last {
            eprintln!("timings: {phase:<24} {:8.3} s", last.elapsed().as_secs_f64());
            self.last = Some(Instant::now());
        }
    }

    /// Reading and parsing the input, the second with its rate.
    pub fn read(&mut self, read: &ReadTimings) {
        if self.last.is_some() {
            let phase = if read.mapped { "read (mapped)" } else { "read" };
            eprintln!("timings: {phase:<24} {:8.3} s", read.read.as_secs_f64());
            let seconds = read.parse_build.as_secs_f64();
            let rate = read.bytes as f64 / seconds.max(1e-9) / 1e6;
            eprintln!(
                "timings: {:<24} {seconds:8.3} s ({:.1} MB at {rate:.0} MB/s)",
                "parse + build",
                read.bytes as f64 / 1e6
            );
            self.last = Some(Instant::now());
        }
    }

    /// The phases of the matching, the greedy and final sizes with them.
    pub fn matching(&mut self, timings: &MatchingTimings, size: usize) {
        if self.last.is_some() {
            let seconds = |d: std::time::Duration| d.as_secs_f64();
            let renumbered = if timings.renumbered { "renumbered" } else { "kept the ids" };
            eprintln!("timings: {:<24} {:8.3} s ({renumbered})", "locality", seconds(timings.locality));
            eprintln!(
                "timings: {:<24} {:8.3} s (size {})",
                "greedy",
                seconds(timings.greedy),
                timings.greedy_size
            );
            eprintln!("timings: {:<24} {:8.3} s", "single-root searches", seconds(timings.single_root));
            eprintln!(
                "timings: {:<24} {:8.3} s (size {size})",
                "shared forest",
                seconds(timings.shared_forest)
            );
            self.last = Some(Instant::now());
        }
    }
}
