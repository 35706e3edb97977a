//! `plan --ranks P`: the memory and traffic of a distributed solve, without solving.

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use grid_core::cli::Failure;
use grid_core::cli::driver::Source;
use lattice_dp::{Mode, Plan};

use super::failure::solve_failure;
use super::options::SolveArgs;

/// The usage line of `plan`, for the message when there is no input.
pub const PLAN_USAGE: &str = "usage: lattice-dp plan --ranks P [OPTIONS] [FILE]";

/// `plan --ranks P`: the distributed plan of the board, without solving: it reads only the
/// board's shape (its size and the bound of its values).
pub fn run_plan(
    input: &Source,
    ranks: usize,
    min_share: u64,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let input = input.read()?;
    let shape = lattice_dp::parse_board(&input)?.shape();
    let (n, m) = (shape.rows(), shape.cols());
    lattice_dp::solve::check_shape_width(&shape, args.width()).map_err(|e| solve_failure(e, n, m))?;
    let single = Plan::for_shape(&shape, Mode::ValueOnly, args.width(), None);
    let progress = Mutex::new(PlanProgress::new(Instant::now()));
    let plan = Plan::for_ranks_of_shape_reporting(
        &shape,
        Mode::ValueOnly,
        args.width(),
        ranks,
        min_share,
        &|done, all| {
            let line = progress.lock().map(|mut p| p.line(done, all, Instant::now())).unwrap_or(None);
            if let Some(line) = line {
                eprint!("{line}");
            }
        },
    );
    let limit = args.memory.bytes;
    out.write_all(lattice_dp::solve::plan_text(&shape, &single, &plan, limit).as_bytes())?;
    let Some(limit) = limit else { return Ok(()) };
    match plan
        .ranks
        .iter()
        .enumerate()
        .filter(|(_, p)| p.peak_bytes > limit)
        .max_by_key(|(_, p)| p.peak_bytes)
    {
        Some((rank, worst)) => Err(Failure::Usage(format!(
            "error: board {n}x{m} on {ranks} ranks: rank {rank} needs about {} but the memory limit of a rank is {} ({} of the {ranks} ranks do not fit; more ranks or --memory-limit BYTES)",
            lattice_dp::solve::bytes(worst.peak_bytes),
            lattice_dp::solve::bytes(limit),
            plan.ranks.iter().filter(|p| p.peak_bytes > limit).count(),
        ))),
        None => Ok(()),
    }
}

/// The progress lines of a long plan on stderr: nothing in its first [`PlanProgress::QUIET`],
/// then a line `lattice-dp plan: D of L layers planned (S s)` at most every
/// [`PlanProgress::EVERY`], and the last layer's line once any was shown.
#[derive(Debug)]
struct PlanProgress {
    start: Instant,
    shown: Option<Instant>,
}

impl PlanProgress {
    /// How long a plan runs before its first progress line.
    const QUIET: Duration = Duration::from_secs(2);
    /// The least time between two progress lines.
    const EVERY: Duration = Duration::from_secs(5);

    fn new(start: Instant) -> Self {
        Self { start, shown: None }
    }

    /// The line to print now that `done` of `all` layers are planned, if one is due.
    fn line(&mut self, done: usize, all: usize, now: Instant) -> Option<String> {
        let elapsed = now.saturating_duration_since(self.start);
        let due = match self.shown {
            None => elapsed >= Self::QUIET,
            Some(last) => done == all || now.saturating_duration_since(last) >= Self::EVERY,
        };
        if !due {
            return None;
        }
        self.shown = Some(now);
        Some(format!("lattice-dp plan: {done} of {all} layers planned ({} s)\n", elapsed.as_secs()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_plan_shows_its_progress_and_a_short_one_nothing() {
        let start = Instant::now();
        let at = |seconds: u64| start + Duration::from_secs(seconds);
        let mut progress = PlanProgress::new(start);
        assert_eq!(progress.line(1, 10, at(1)), None);
        assert_eq!(
            progress.line(2, 10, at(2)).as_deref(),
            Some("lattice-dp plan: 2 of 10 layers planned (2 s)\n")
        );
        assert_eq!(progress.line(3, 10, at(6)), None);
        assert_eq!(
            progress.line(4, 10, at(7)).as_deref(),
            Some("lattice-dp plan: 4 of 10 layers planned (7 s)\n")
        );
        assert_eq!(
            progress.line(10, 10, at(8)).as_deref(),
            Some("lattice-dp plan: 10 of 10 layers planned (8 s)\n")
        );
        let mut quick = PlanProgress::new(start);
        assert!((1..=10).all(|done| quick.line(done, 10, at(1)).is_none()));
    }
}
