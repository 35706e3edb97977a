//! The line a resumed sweep writes on stderr: `resumed from layer L of N (written TIME)`.

use std::io::Write;
use std::path::Path;

use lattice_dp::Progress;
use lattice_dp::solve::distributed::checkpoint::{self, Checkpoints};

/// Writes the resume line at the sweep's first progress report, once.
#[derive(Debug)]
pub struct ResumeNote<'a> {
    /// The folder resumed from and this process's (ranks, rank); `None` once written, or when the
    /// sweep does not resume.
    pending: Option<(&'a Path, (usize, usize))>,
}

impl<'a> ResumeNote<'a> {
    /// The note of a sweep with `checkpoints`, run as rank `job.1` of `job.0`.
    pub fn new(checkpoints: Option<&'a Checkpoints>, job: (usize, usize)) -> Self {
        Self { pending: checkpoints.filter(|c| c.resume).map(|c| (c.dir.as_path(), job)) }
    }

    /// At the first report of the sweep (which starts at the layer resumed from), writes the line.
    pub fn note(&mut self, progress: Progress) {
        if let Some((dir, job)) = self.pending.take() {
            let _ = writeln!(std::io::stderr().lock(), "{}", line(dir, job, progress));
        }
    }
}

/// `lattice-dp: resumed from layer L of N (written TIME)`: layer `L` has `L` cells taken, the
/// sweep goes from `N` (the full board) down to 0; TIME is the file's, in UTC.
fn line(dir: &Path, job: (usize, usize), progress: Progress) -> String {
    // The layers are n·m + 1 (0 ..= n·m cells taken); `done` counts the full board and the layers
    // below it down to the one resumed from.
    let full = progress.total - 1;
    let taken = progress.total - progress.done;
    let written = checkpoint::written(dir, job, taken)
        .map_or_else(|| "at an unknown time".to_string(), httpdate::fmt_http_date);
    format!("lattice-dp: resumed from layer {taken} of {full} (written {written})")
}
