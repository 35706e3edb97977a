//! The progress of long solves on stderr: states done out of the total, states/s and an ETA.
//!
//! Without `--progress`, an `indicatif` bar on a terminal that stays hidden during the first second
//! (quick solves never draw anything), and nothing when stderr is not a terminal. With
//! `--progress`, the bar from the start on a terminal, or one line at the start and one every ten
//! seconds elsewhere (a log file); either way a closing line with the time once the sweep is
//! done. The judge output (stdout) never changes.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::solve::Progress;

/// How long a solve runs before its bar appears, unless `--progress` asks for it.
const SHOW_AFTER: Duration = Duration::from_secs(1);
/// How often a line is printed when stderr is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(10);

/// Where the progress goes.
#[derive(Debug)]
enum Target {
    /// Nowhere.
    Off,
    /// A bar on the terminal, drawn once the solve has run `after`.
    Bar { bar: Option<ProgressBar>, after: Duration },
    /// Lines on stderr, and when the last one was written (`None` before the first).
    Lines(Option<Instant>),
}

/// How much progress a [`LayerBar`] shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// A bar on a terminal once the solve has run a second; nothing when stderr is not a terminal.
    Quiet,
    /// `--progress`: a bar from the start on a terminal, lines elsewhere, and a closing line.
    Asked,
}

impl Shown {
    /// `Asked` when `--progress` is given.
    pub fn from_flag(progress: bool) -> Self {
        if progress { Self::Asked } else { Self::Quiet }
    }
}

/// The progress display of one solve.
#[derive(Debug)]
pub struct LayerBar {
    started: Instant,
    target: Target,
    shown: Shown,
    /// The last progress reported.
    last: Option<Progress>,
}

impl LayerBar {
    /// A bar if stderr is a terminal, lines with `--progress` elsewhere, as `shown` says.
    pub fn for_stderr(shown: Shown) -> Self {
        let started = Instant::now();
        let target = if std::io::stderr().is_terminal() {
            let after = if shown == Shown::Asked { Duration::ZERO } else { SHOW_AFTER };
            Target::Bar { bar: None, after }
        } else if shown == Shown::Asked {
            Target::Lines(None)
        } else {
            Target::Off
        };
        Self { started, target, shown, last: None }
    }

    /// Records how far the sweep is.
    pub fn update(&mut self, progress: Progress) {
        self.last = Some(progress);
        let elapsed = self.started.elapsed();
        match &mut self.target {
            Target::Off => {}
            Target::Bar { bar, after } => {
                if bar.is_none() && elapsed >= *after {
                    let new = ProgressBar::new(progress.states_total);
                    if let Ok(style) = ProgressStyle::with_template(
                        "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} states, {per_sec}, ETA {eta}",
                    ) {
                        new.set_style(style.progress_chars("=> "));
                    }
                    *bar = Some(new);
                }
                if let Some(bar) = bar {
                    bar.set_position(progress.states_done);
                }
            }
            Target::Lines(last) => {
                let finished = progress.states_done == progress.states_total;
                if !finished && last.is_none_or(|at| at.elapsed() >= LINE_EVERY) {
                    *last = Some(Instant::now());
                    let _ = writeln!(std::io::stderr().lock(), "{}", line(progress, elapsed));
                }
            }
        }
    }

    /// Removes the bar from the terminal; with `--progress`, writes the closing line once the
    /// sweep is done (a stopped or refused solve gets none).
    pub fn finish(&mut self) {
        if let Target::Bar { bar, .. } = &mut self.target
            && let Some(bar) = bar.take()
        {
            bar.finish_and_clear();
        }
        let done = self.last.filter(|p| p.states_done == p.states_total);
        if self.shown == Shown::Asked
            && let Some(progress) = done
        {
            let _ = writeln!(std::io::stderr().lock(), "{}", closing_line(progress, self.started.elapsed()));
        }
    }
}

/// `progress: done, 6.011e8 states in 5.7 s (105 M states/s)`.
fn closing_line(progress: Progress, elapsed: Duration) -> String {
    let states = progress.states_total as f64;
    let seconds = elapsed.as_secs_f64();
    format!(
        "progress: done, {states:.3e} states in {seconds:.1} s ({:.0} M states/s)",
        states / seconds.max(1e-3) / 1e6
    )
}

/// `progress: 41.2% (3.75e9 of 9.08e9 states), 231 M states/s, ETA 23 s`.
fn line(progress: Progress, elapsed: Duration) -> String {
    let done = progress.states_done as f64;
    let total = progress.states_total.max(1) as f64;
    let rate = done / elapsed.as_secs_f64().max(1e-3);
    let eta = if rate > 0.0 { (total - done) / rate } else { f64::INFINITY };
    format!(
        "progress: {:.1}% ({done:.3e} of {total:.3e} states), {:.0} M states/s, ETA {eta:.0} s",
        100.0 * done / total,
        rate / 1e6
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_states_rate_and_eta() {
        let progress = Progress { done: 3, total: 10, states_done: 250_000_000, states_total: 1_000_000_000 };
        let text = line(progress, Duration::from_secs(1));
        assert_eq!(text, "progress: 25.0% (2.500e8 of 1.000e9 states), 250 M states/s, ETA 3 s");
    }

    #[test]
    fn the_closing_line_says_states_and_time() {
        let progress = Progress { done: 10, total: 10, states_done: 601_080_390, states_total: 601_080_390 };
        let text = closing_line(progress, Duration::from_millis(5_700));
        assert_eq!(text, "progress: done, 6.011e8 states in 5.7 s (105 M states/s)");
    }
}
