//! The stress loop: generate case after case, judge the solution on each, stop at the first
//! failure (or go on with `keep_going`), shrink it, save it.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use rayon::prelude::*;

use crate::generate::{Input, Options};
use crate::judge::Judge;
use crate::parse;
use crate::rng::case_seed;
use crate::run::{self, Limits, Status};
use crate::shrink::{self, Bounds, Shrunk, Stop};
use crate::verdict::{Kind, Verdict};

/// Most runs while shrinking a time-limit failure (each failing try takes the whole limit).
pub const TLE_SHRINK_BUDGET: usize = 100;

pub use crate::judge::Judged;

/// Runs `solution` on `input` and judges it against the exact answer with the built-in judge.
pub fn judge(input: &Input, solution: &str, limits: &Limits) -> Result<Judged, String> {
    Judge::new(input.game(), *limits).judge(input, solution)
}

/// Refuses a solution command that cannot be a solution: empty, or one the shell cannot find or
/// execute (exit status 127 or 126 on `sample`, the first input of the run).
pub fn check_solution(solution: &str, sample: &str, limits: &Limits) -> Result<(), String> {
    if solution.trim().is_empty() {
        return Err("the solution command is empty".into());
    }
    let out =
        run::run(solution, sample.as_bytes(), limits).map_err(|e| format!("cannot run the solution: {e}"))?;
    let said = out.stderr.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").to_string();
    match out.status {
        Status::Exited(127) => {
            Err(format!("the solution command `{solution}` was not found (exit status 127: {said})"))
        }
        Status::Exited(126) => {
            Err(format!("the solution command `{solution}` cannot be executed (exit status 126: {said})"))
        }
        _ => Ok(()),
    }
}

/// Checks that files can be written into `dir` (created if missing; what this check created is
/// removed again).
pub fn check_writable(dir: &Path) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write into {}: {e}", dir.display());
    let mut missing = Vec::new();
    let mut ancestor = dir;
    while !ancestor.as_os_str().is_empty() && !ancestor.exists() {
        missing.push(ancestor.to_path_buf());
        match ancestor.parent() {
            Some(parent) => ancestor = parent,
            None => break,
        }
    }
    fs::create_dir_all(dir).map_err(fail)?;
    let probe = dir.join(format!(".game-stress-probe-{}", std::process::id()));
    let written = fs::write(&probe, b"").map_err(fail);
    let _ = fs::remove_file(&probe);
    for created in &missing {
        let _ = fs::remove_dir(created);
    }
    written
}

/// Everything a stress run needs.
#[derive(Debug, Clone)]
pub struct Config {
    /// The generator options (and so the game).
    pub options: Options,
    /// An external generator (`CMD SEED` prints one input), instead of the built-in one.
    pub generator: Option<String>,
    /// The solution: a shell command reading the input on standard input.
    pub solution: String,
    /// Number of cases.
    pub cases: u64,
    /// The run's seed; case `i` is generated from `case_seed(seed, i)`.
    pub seed: u64,
    /// How a run is judged, with the time and memory limits of each run.
    pub judge: Judge,
    /// Solutions run in parallel.
    pub jobs: usize,
    /// Go on after a failure.
    pub keep_going: bool,
    /// Where failures are saved.
    pub out: PathBuf,
    /// Most candidate runs while shrinking one failure.
    pub shrink_budget: usize,
    /// Most time spent shrinking one failure, if bounded.
    pub shrink_time: Option<Duration>,
    /// Draw a progress bar on stderr (only when it is a terminal).
    pub progress: bool,
}

impl Config {
    /// The input of the case seeded with `seed`: the built-in generator's, or the external
    /// generator's output for the argument `seed`, read back with [`parse::parse`].
    pub fn case(&self, seed: u64) -> Result<Input, String> {
        let Some(generator) = &self.generator else { return Ok(self.options.generate(seed)) };
        generated(generator, self.options.game(), seed, &self.judge.helper_limits())
    }

    /// Refuses, before any case runs, what would make the run useless: an empty solution command
    /// or one the shell cannot run, a `--out` folder that cannot be written, a generator whose
    /// first case is not a valid input.
    pub fn preflight(&self) -> Result<(), String> {
        if self.solution.trim().is_empty() {
            return Err("the solution command is empty".into());
        }
        check_writable(&self.out).map_err(|e| format!("--out: {e}"))?;
        let first = self.case(case_seed(self.seed, 0))?;
        check_solution(&self.solution, &first.render(), &self.judge.limits)
    }
}

/// Runs the external `generator` with the argument `seed` and reads its output as an input of
/// `game`.
pub fn generated(generator: &str, game: crate::Game, seed: u64, limits: &Limits) -> Result<Input, String> {
    let out = run::run_with_args(generator, &[&seed.to_string()], b"", limits)
        .map_err(|e| format!("cannot run the generator: {e}"))?;
    if out.status != Status::Exited(0) {
        return Err(format!(
            "the generator `{generator} {seed}` failed: {}",
            crate::judge::describe_status(out.status, limits)
        ));
    }
    parse::parse(game, &out.stdout).map_err(|e| {
        format!("the generator's output for seed {seed} is not a valid {} input: {e}", game.name())
    })
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
    /// The folder it was saved in (or was to be saved in).
    pub saved_to: PathBuf,
    /// Why it could not be saved, if it could not.
    pub save_error: Option<String>,
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

/// A judging rate for people: `350 cases/s`, `2.5 cases/s`, or `4.2 s/case` when a case takes more
/// than a second (a rate below 1 would round to a meaningless `0 cases/s`).
pub fn rate(cases_per_second: f64) -> String {
    if cases_per_second >= 10.0 {
        format!("{cases_per_second:.0} cases/s")
    } else if cases_per_second >= 1.0 {
        format!("{cases_per_second:.1} cases/s")
    } else if cases_per_second > 0.0 {
        format!("{:.1} s/case", 1.0 / cases_per_second)
    } else {
        "no case judged".to_string()
    }
}

/// A generated case and the solution's run on it.
type CaseResult = Result<(Input, Judged), String>;

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
        let results: Vec<(u64, u64, CaseResult)> = pool.install(|| {
            indices
                .par_iter()
                .map(|&i| {
                    let seed = case_seed(config.seed, i);
                    let judged = config.case(seed).and_then(|input| {
                        let judged = config.judge.judge(&input, &config.solution)?;
                        Ok((input, judged))
                    });
                    bar.inc(1);
                    (i, seed, judged)
                })
                .collect()
        });
        for (i, seed, judged) in results {
            done = i + 1;
            let (input, judged) = judged?;
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
            let _ = write!(w, "{}", rate(state.per_sec()));
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
    let judge = &config.judge;
    let still_fails =
        |input: &Input| judge.judge(input, &config.solution).is_ok_and(|j| j.verdict.kind() == kind);
    // Every try of a TLE candidate that still fails costs the whole time limit: a smaller budget.
    let max_tries = if kind == Kind::TimeLimit {
        config.shrink_budget.min(TLE_SHRINK_BUDGET)
    } else {
        config.shrink_budget
    };
    let bounds = Bounds { max_tries, max_time: config.shrink_time };
    let shrunk = shrink::shrink(original.clone(), config.jobs, bounds, still_fails, |p| {
        report_progress(bar, config.progress, p)
    });
    // Judge the shrunk input once more for its details; a flaky solution may pass it now, so fall
    // back to the original input then.
    let mut judged = judge.judge(&shrunk.input, &config.solution)?;
    let shrunk = if judged.verdict.kind() == kind {
        shrunk
    } else {
        judged = judge.judge(&original, &config.solution)?;
        Shrunk { input: original.clone(), steps: 0, ..shrunk }
    };
    let game = config.options.game();
    let dir = config.out.join(format!("{}-seed{}-case{}", game.name(), config.seed, case));
    let mut failure = Failure {
        case,
        case_seed: seed,
        original,
        original_verdict: verdict,
        shrunk,
        judged,
        saved_to: dir,
        save_error: None,
    };
    if let Err(e) = save(config, &failure) {
        failure.save_error = Some(format!("cannot save the failure to {}: {e}", failure.saved_to.display()));
    }
    Ok(failure)
}

/// Shows shrinking progress on stderr: in the progress bar on a terminal, else one line per
/// accepted reduction.
fn report_progress(bar: &ProgressBar, terminal: bool, p: shrink::Progress) {
    let line = format!("shrinking: {} runs, {} reductions, now {}", p.tries, p.steps, p.input.describe());
    if terminal {
        bar.set_message(line);
    } else {
        eprintln!("{line}");
    }
}

/// Saves a failure as a test folder that `game-stress test GAME --solution CMD DIR` reads as it is:
/// `shrunk.in` with its exact answer `shrunk.out`, `original.in` (judged against the exact answer,
/// since it has no `.out`), the solution's output on the shrunk input `shrunk.got`, and `info.txt`.
fn save(config: &Config, failure: &Failure) -> std::io::Result<()> {
    let dir: &Path = &failure.saved_to;
    fs::create_dir_all(dir)?;
    fs::write(dir.join("shrunk.in"), failure.shrunk.input.render())?;
    fs::write(dir.join("shrunk.out"), &failure.judged.expected)?;
    fs::write(dir.join("shrunk.got"), &failure.judged.got)?;
    fs::write(dir.join("original.in"), failure.original.render())?;
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
    let stop = match failure.shrunk.stop {
        Stop::Minimal => "1-minimal",
        Stop::Budget => "stopped by --shrink-budget, maybe not minimal",
        Stop::Time => "stopped by --shrink-time, maybe not minimal",
    };
    let _ = writeln!(
        s,
        "shrunk input: {} ({} reductions, {} runs, {stop})",
        failure.shrunk.input.describe(),
        failure.shrunk.steps,
        failure.shrunk.tries,
    );
    match &config.generator {
        Some(generator) => {
            let _ = writeln!(s, "original input again: {generator} {}", failure.case_seed);
        }
        None => {
            let _ = writeln!(
                s,
                "original input again: game-stress gen {game} --seed {} [same generator options]",
                failure.case_seed
            );
        }
    }
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
    match &failure.save_error {
        None => {
            let _ = writeln!(s, "saved to {}", failure.saved_to.display());
        }
        Some(e) => {
            let _ = writeln!(s, "not saved: {e}");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_keep_their_meaning_below_one_case_a_second() {
        assert_eq!(rate(350.4), "350 cases/s");
        assert_eq!(rate(2.46), "2.5 cases/s");
        assert_eq!(rate(1.0 / 12.0), "12.0 s/case");
        assert_eq!(rate(0.0), "no case judged");
    }
}
