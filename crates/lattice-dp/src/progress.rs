//! The progress of long solves on stderr: states done out of the total, states/s and an ETA.
//!
//! On a terminal, an `indicatif` bar that stays hidden during the first second (quick solves never
//! draw anything). With `--progress` and no terminal (a log file), one line every ten seconds. The
//! judge output (stdout) never changes.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::solve::Progress;

/// How long a solve runs before its bar appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);
/// How often a line is printed when stderr is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(10);

/// Where the progress goes.
#[derive(Debug)]
enum Target {
    /// Nowhere.
    Off,
    /// A bar on the terminal.
    Bar(Option<ProgressBar>),
    /// Lines on stderr, and when the last one was written.
    Lines(Instant),
}

/// What a [`LayerBar`] shows when stderr is not a terminal (on a terminal it is a bar).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piped {
    /// Nothing.
    Silent,
    /// A line now and then (`--progress`).
    Lines,
}

/// The progress display of one solve.
#[derive(Debug)]
pub struct LayerBar {
    started: Instant,
    target: Target,
}

impl LayerBar {
    /// A bar if stderr is a terminal; else what `piped` says.
    pub fn for_stderr(piped: Piped) -> Self {
        let started = Instant::now();
        let target = if std::io::stderr().is_terminal() {
            Target::Bar(None)
        } else if piped == Piped::Lines {
            Target::Lines(started)
        } else {
            Target::Off
        };
        Self { started, target }
    }

    /// Records how far the sweep is.
    pub fn update(&mut self, progress: Progress) {
        let elapsed = self.started.elapsed();
        match &mut self.target {
            Target::Off => {}
            Target::Bar(bar) => {
                if bar.is_none() && elapsed >= SHOW_AFTER {
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
                if last.elapsed() >= LINE_EVERY || (finished && elapsed >= LINE_EVERY) {
                    *last = Instant::now();
                    let _ = writeln!(std::io::stderr().lock(), "{}", line(progress, elapsed));
                }
            }
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&mut self) {
        if let Target::Bar(bar) = &mut self.target
            && let Some(bar) = bar.take()
        {
            bar.finish_and_clear();
        }
    }
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
}
