//! The stress loop: generate case after case, judge the solution on each, stop at the first
//! failure (or go on with `keep_going`), shrink it, save it.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use rayon::prelude::*;

use crate::Game;
use crate::generate::{Input, Options};
use crate::reference;
use crate::rng::case_seed;
use crate::run::{self, Limits, Status, signal_name};
use crate::shrink::{self, Shrunk};
use crate::verdict::{self, Kind, Verdict};

/// Most runs while shrinking a time-limit failure (each failing try takes the whole limit).
pub const TLE_SHRINK_BUDGET: usize = 100;

/// What one run of the solution on one input gave.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The exact answer (for `matching`: one maximum matching).
    pub expected: String,
    /// What the solution printed on standard output (lossily decoded).
    pub got: String,
    /// What it printed on standard error.
    pub stderr: String,
    /// How long it ran.
    pub elapsed: Duration,
}

/// Runs `solution` on `input` and judges it against the exact answer.
pub fn judge(input: &Input, solution: &str, limits: &Limits) -> Result<Judged, String> {
    let game = input.game();
    let text = input.render();
    let expected = reference::expected(game, text.as_bytes())
        .map_err(|e| format!("internal error: a generated {} input is invalid: {e}\n{text}", game.name()))?;
    let out =
        run::run(solution, text.as_bytes(), limits).map_err(|e| format!("cannot run the solution: {e}"))?;
    let got = String::from_utf8_lossy(&out.stdout).into_owned();
    let verdict = match out.status {
        Status::TimedOut => Verdict::TimeLimit { limit: limits.time },
        Status::Signalled(s) => {
            Verdict::RuntimeError { status: format!("killed by signal {s} ({})", signal_name(s)) }
        }
        Status::Exited(c) if c != 0 => Verdict::RuntimeError { status: format!("exit status {c}") },
        Status::Exited(_) if std::str::from_utf8(&out.stdout).is_err() => {
            Verdict::InvalidOutput { reason: "the output is not UTF-8 text".into() }
        }
        Status::Exited(_) if game == Game::Matching => reference::check_matching(text.as_bytes(), &got),
        Status::Exited(_) => verdict::compare(game, &expected, &got),
    };
    Ok(Judged { verdict, expected, got, stderr: out.stderr, elapsed: out.elapsed })
}

/// Everything a stress run needs.
#[derive(Debug, Clone)]
pub struct Config {
    /// The generator options (and so the game).
    pub options: Options,
    /// The solution: a shell command reading the input on standard input.
    pub solution: String,
    /// Number of cases.
    pub cases: u64,
    /// The run's seed; case `i` is generated from `case_seed(seed, i)`.
    pub seed: u64,
    /// Time and memory limits of each run.
    pub limits: Limits,
    /// Solutions run in parallel.
    pub jobs: usize,
    /// Go on after a failure.
    pub keep_going: bool,
    /// Where failures are saved.
    pub out: PathBuf,
    /// Most candidate runs while shrinking one failure.
    pub shrink_budget: usize,
    /// Draw a progress bar on stderr (only when it is a terminal).
    pub progress: bool,
}

/// A failure found by [`stress`], shrunk and saved.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The case's number in the run (0-based).
    pub case: u64,
    /// The case's own seed: `gen GAME --seed CASE_SEED` prints its input.
    pub case_seed: u64,
    /// The generated input.
    pub original: Input,
    /// The verdict on the generated input.
    pub original_verdict: Verdict,
    /// The shrinking.
    pub shrunk: Shrunk,
    /// The solution's run on the shrunk input.
    pub judged: Judged,
    /// The folder it was saved in.
    pub saved_to: PathBuf,
}

/// The result of a run.
#[derive(Debug, Clone)]
pub struct Summary {
    /// Cases judged (up to and including the first failure when not `keep_going`).
    pub cases: u64,
    /// The failures, in case order.
    pub failures: Vec<Failure>,
    /// Wall-clock time of the whole run.
    pub elapsed: Duration,
    /// The part of it spent shrinking failures.
    pub shrinking: Duration,
}

impl Summary {
    /// Cases judged per second, shrinking not counted.
    pub fn cases_per_second(&self) -> f64 {
        self.cases as f64 / (self.elapsed - self.shrinking).as_secs_f64().max(1e-9)
    }
}

/// Runs the stress test; `on_failure` is called with each failure once it is shrunk and saved.
pub fn stress(config: &Config, mut on_failure: impl FnMut(&Failure)) -> Result<Summary, String> {
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(config.jobs.max(1)).build().map_err(|e| e.to_string())?;
    let bar = progress_bar(config);
    let start = Instant::now();
    let mut failures = Vec::new();
    let mut done = 0;
    let mut shrinking = Duration::ZERO;
    let chunk = (config.jobs.max(1) * 4) as u64;
    'chunks: while done < config.cases {
        let indices: Vec<u64> = (done..(done + chunk).min(config.cases)).collect();
        let results: Vec<(u64, u64, Input, Result<Judged, String>)> = pool.install(|| {
            indices
                .par_iter()
                .map(|&i| {
                    let seed = case_seed(config.seed, i);
                    let input = config.options.generate(seed);
                    let judged = judge(&input, &config.solution, &config.limits);
                    bar.inc(1);
                    (i, seed, input, judged)
                })
                .collect()
        });
        for (i, seed, input, judged) in results {
            done = i + 1;
            let judged = judged?;
            if judged.verdict.is_accepted() {
                continue;
            }
            let shrink_start = Instant::now();
            let failure = pool.install(|| shrink_and_save(config, i, seed, input, judged.verdict, &bar))?;
            shrinking += shrink_start.elapsed();
            bar.suspend(|| on_failure(&failure));
            failures.push(failure);
            bar.set_message(format!("{} failure(s)", failures.len()));
            if !config.keep_going {
                break 'chunks;
            }
        }
    }
    bar.finish_and_clear();
    Ok(Summary { cases: done, failures, elapsed: start.elapsed(), shrinking })
}

fn progress_bar(config: &Config) -> ProgressBar {
    if !config.progress {
        return ProgressBar::hidden();
    }
    // `stderr()` draws nothing when standard error is not a terminal.
    let bar = ProgressBar::with_draw_target(Some(config.cases), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} cases, {msg}, {rate} [{elapsed_precise}]")
        .expect("valid template")
        .with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0} cases/s", state.per_sec());
        });
    bar.set_style(style);
    bar.set_message("0 failures");
    bar
}

fn shrink_and_save(
    config: &Config,
    case: u64,
    seed: u64,
    original: Input,
    verdict: Verdict,
    bar: &ProgressBar,
) -> Result<Failure, String> {
    bar.set_message(format!("shrinking a {} case", verdict.kind()));
    let kind = verdict.kind();
    let still_fails = |input: &Input| {
        judge(input, &config.solution, &config.limits).is_ok_and(|j| j.verdict.kind() == kind)
    };
    // Every try of a TLE candidate that still fails costs the whole time limit: a smaller budget.
    let budget = if kind == Kind::TimeLimit {
        config.shrink_budget.min(TLE_SHRINK_BUDGET)
    } else {
        config.shrink_budget
    };
    let shrunk = shrink::shrink(original.clone(), config.jobs, budget, still_fails);
    // Judge the shrunk input once more for its details; a flaky solution may pass it now, so fall
    // back to the original input then.
    let mut judged = judge(&shrunk.input, &config.solution, &config.limits)?;
    let shrunk = if judged.verdict.kind() == kind {
        shrunk
    } else {
        judged = judge(&original, &config.solution, &config.limits)?;
        Shrunk { input: original.clone(), steps: 0, tries: shrunk.tries, budget_spent: shrunk.budget_spent }
    };
    let game = config.options.game();
    let dir = config.out.join(format!("{}-seed{}-case{}", game.name(), config.seed, case));
    let failure =
        Failure { case, case_seed: seed, original, original_verdict: verdict, shrunk, judged, saved_to: dir };
    save(config, &failure)
        .map_err(|e| format!("cannot save the failure to {}: {e}", failure.saved_to.display()))?;
    Ok(failure)
}

fn save(config: &Config, failure: &Failure) -> std::io::Result<()> {
    let dir: &Path = &failure.saved_to;
    fs::create_dir_all(dir)?;
    fs::write(dir.join("input.txt"), failure.shrunk.input.render())?;
    fs::write(dir.join("expected.txt"), &failure.judged.expected)?;
    fs::write(dir.join("got.txt"), &failure.judged.got)?;
    fs::write(dir.join("original-input.txt"), failure.original.render())?;
    fs::write(dir.join("info.txt"), info(config, failure))?;
    Ok(())
}

/// The text description of a failure: verdict, seeds, sizes, and how to reproduce it.
pub fn info(config: &Config, failure: &Failure) -> String {
    let game = config.options.game().name();
    let mut s = String::new();
    let _ = writeln!(s, "game: {game}");
    let _ = writeln!(s, "solution: {}", config.solution);
    let _ = writeln!(s, "verdict: {}", failure.judged.verdict);
    let _ = writeln!(s, "run seed: {}, case {} (case seed {})", config.seed, failure.case, failure.case_seed);
    let _ = writeln!(s, "original input: {} ({})", failure.original.describe(), failure.original_verdict);
    let _ = writeln!(
        s,
        "shrunk input: {} ({} reductions, {} runs{})",
        failure.shrunk.input.describe(),
        failure.shrunk.steps,
        failure.shrunk.tries,
        if failure.shrunk.budget_spent { ", budget spent" } else { "" }
    );
    let _ = writeln!(
        s,
        "original input again: game-stress gen {game} --seed {} [same generator options]",
        failure.case_seed
    );
    s
}

/// The report of a failure as printed: the info, then the shrunk input, the exact answer and the
/// solution's output.
pub fn report(config: &Config, failure: &Failure) -> String {
    let clip = |text: &str| -> String {
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() <= 40 {
            text.to_string()
        } else {
            format!("{}\n… ({} lines in all)\n", lines[..40].join("\n"), lines.len())
        }
    };
    let mut s = format!("FAIL ({})\n{}", failure.judged.verdict.kind(), info(config, failure));
    let _ = write!(s, "--- input ---\n{}", clip(&failure.shrunk.input.render()));
    let _ = write!(s, "--- expected ---\n{}", clip(&failure.judged.expected));
    let _ = write!(s, "--- got ---\n{}", clip(&failure.judged.got));
    if !failure.judged.got.is_empty() && !failure.judged.got.ends_with('\n') {
        s.push('\n');
    }
    if !failure.judged.stderr.trim().is_empty() {
        let _ = write!(s, "--- stderr ---\n{}", clip(&failure.judged.stderr));
    }
    let _ = writeln!(s, "saved to {}", failure.saved_to.display());
    s
}
