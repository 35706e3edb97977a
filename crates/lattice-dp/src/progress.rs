//! The progress bar of long solves: layers done, on stderr, only when stderr is a terminal.
//!
//! The bar stays hidden during the first second, so quick solves never draw anything.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::solve::Progress;

/// How long a solve runs before its bar appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// A layer progress bar that appears once a solve has run for about a second.
#[derive(Debug)]
pub struct LayerBar {
    enabled: bool,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl LayerBar {
    /// A bar that will draw only if stderr is a terminal.
    pub fn for_stderr() -> Self {
        Self { enabled: std::io::stderr().is_terminal(), started: Instant::now(), bar: None }
    }

    /// Records that `progress.done` layers are finished.
    pub fn update(&mut self, progress: Progress) {
        if !self.enabled {
            return;
        }
        if self.bar.is_none() && self.started.elapsed() >= SHOW_AFTER {
            let bar = ProgressBar::new(progress.total as u64);
            if let Ok(style) = ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} layers")
            {
                bar.set_style(style.progress_chars("=> "));
            }
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(progress.done as u64);
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
