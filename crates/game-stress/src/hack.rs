//! `hack`: from several known-wrong solutions, a small test set that fails every one of them.
//!
//! For each wrong solution: seeded cases (the same sequence for every solution) until one fails
//! it, shrunk as a stress run shrinks. The shrunk cases and the original failing ones are the
//! candidates; every solution is run on every candidate, and a greedy set cover picks the
//! candidates (most solutions not yet failed first, then the smaller input) until every solution
//! that some candidate fails is failed. Where the format has a case count (pawn, segment-nim, king
//! boards) the chosen tests are merged into one multi-case file when that file still fails every
//! solution they fail. The reference (the exact solver, or a trusted program) must pass every
//! test; the tests are written as `NN.in` / `NN.out` with a `manifest.txt` saying which solutions
//! each fails.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::generate::{Input, Options};
use crate::judge::Judge;
use crate::rng::case_seed;
use crate::shrink::{self, Bounds, Shrunk};
use crate::stress::{self, TLE_SHRINK_BUDGET};
use crate::verdict::{Kind, Verdict};

/// Everything a hack run needs.
#[derive(Debug, Clone)]
pub struct HackConfig {
    /// The generator options (and so the game).
    pub options: Options,
    /// An external generator (`CMD SEED` prints one input), instead of the built-in one.
    pub generator: Option<String>,
    /// The wrong solutions, shell commands reading the input on standard input.
    pub solutions: Vec<String>,
    /// How runs are judged (with the trusted reference program, if any, as the answer).
    pub judge: Judge,
    /// Most cases tried to fail one solution.
    pub cases: u64,
    /// The run's seed; case `i` is generated from `case_seed(seed, i)`.
    pub seed: u64,
    /// Runs in parallel.
    pub jobs: usize,
    /// Most runs while shrinking one failure.
    pub shrink_budget: usize,
    /// Most time while shrinking one failure.
    pub shrink_time: Option<Duration>,
}

/// One test of the set.
#[derive(Debug, Clone)]
pub struct Test {
    /// The input.
    pub input: Input,
    /// The answer (the reference's output).
    pub answer: String,
    /// The solutions it fails (indices into [`HackConfig::solutions`]), with their verdicts.
    pub fails: Vec<(usize, Verdict)>,
}

/// The result of [`hack`].
#[derive(Debug, Clone)]
pub struct Hacked {
    /// The chosen tests.
    pub tests: Vec<Test>,
    /// The solutions no test fails (indices), in order.
    pub unfailed: Vec<usize>,
    /// Candidate tests considered (shrunk and original failing cases).
    pub candidates: usize,
    /// Runs of the wrong solutions in all (searching, shrinking, the cover, the checks).
    pub runs: usize,
    /// Generated cases judged while searching for failures (all solutions together).
    pub cases_tried: usize,
    /// Tests the reference does not pass: the test's number (0-based) and why.
    pub reference_failures: Vec<(usize, String)>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// A progress line (to standard error, say).
pub type Log<'a> = &'a (dyn Fn(&str) + Sync);

/// Runs the search, the shrinking, the cover and the reference check.
pub fn hack(config: &HackConfig, log: Log) -> Result<Hacked, String> {
    let start = Instant::now();
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(config.jobs.max(1)).build().map_err(|e| e.to_string())?;
    let runs = AtomicUsize::new(0);
    let cases_tried = AtomicUsize::new(0);
    let judge = &config.judge;
    // Judges solution `s` on `input` (its answer given); counts the run.
    let verdict = |s: usize, input: &Input, answer: &str| -> Result<Verdict, String> {
        runs.fetch_add(1, Ordering::Relaxed);
        Ok(judge.run(&config.solutions[s], &input.render(), answer)?.verdict)
    };
    let mut candidates: Vec<(Input, String)> = Vec::new();
    for (s, solution) in config.solutions.iter().enumerate() {
        let found = pool.install(|| search(config, s, &verdict, &cases_tried))?;
        let Some((case, input, answer, first)) = found else {
            log(&format!("solution {}: no failing case in {} cases: {solution}", s + 1, config.cases));
            continue;
        };
        log(&format!("solution {}: {first} on case {case} ({}); shrinking", s + 1, input.describe()));
        let kind = first.kind();
        let still_fails = |candidate: &Input| {
            judge
                .answer(&candidate.render())
                .is_ok_and(|answer| verdict(s, candidate, &answer).is_ok_and(|v| v.kind() == kind))
        };
        let max_tries = if kind == Kind::TimeLimit {
            config.shrink_budget.min(TLE_SHRINK_BUDGET)
        } else {
            config.shrink_budget
        };
        let bounds = Bounds { max_tries, max_time: config.shrink_time };
        let shrunk: Shrunk = pool.install(|| {
            shrink::shrink(input.clone(), config.jobs, bounds, still_fails, |p| {
                log(&format!("  shrinking: {} runs, now {}", p.tries, p.input.describe()))
            })
        });
        log(&format!("  shrunk to {} ({} runs)", shrunk.input.describe(), shrunk.tries));
        let shrunk_answer = judge.answer(&shrunk.input.render())?;
        candidates.push((shrunk.input, shrunk_answer));
        candidates.push((input, answer));
    }
    // Every solution on every candidate.
    let matrix: Vec<Vec<Option<Verdict>>> = pool.install(|| {
        candidates
            .par_iter()
            .map(|(input, answer)| {
                (0..config.solutions.len())
                    .map(|s| verdict(s, input, answer).ok().filter(|v| !v.is_accepted()))
                    .collect()
            })
            .collect()
    });
    let chosen = cover(&candidates, &matrix);
    let mut tests: Vec<Test> = chosen
        .iter()
        .map(|&c| Test {
            input: candidates[c].0.clone(),
            answer: candidates[c].1.clone(),
            fails: matrix[c].iter().enumerate().filter_map(|(s, v)| Some((s, v.clone()?))).collect(),
        })
        .collect();
    if tests.len() > 1 {
        if let Some(merged) = merge(&tests) {
            let answer = judge.answer(&merged.render())?;
            let fails: Vec<(usize, Verdict)> = pool.install(|| {
                (0..config.solutions.len())
                    .into_par_iter()
                    .filter_map(|s| {
                        Some((s, verdict(s, &merged, &answer).ok().filter(|v| !v.is_accepted())?))
                    })
                    .collect()
            });
            let wanted = tests
                .iter()
                .flat_map(|t| t.fails.iter().map(|f| f.0))
                .collect::<std::collections::BTreeSet<_>>();
            if wanted.iter().all(|s| fails.iter().any(|f| f.0 == *s)) {
                log(&format!("merged the {} tests into one multi-case test", tests.len()));
                tests = vec![Test { input: merged, answer, fails }];
            }
        }
    }
    let unfailed = (0..config.solutions.len())
        .filter(|s| !tests.iter().any(|t| t.fails.iter().any(|f| f.0 == *s)))
        .collect();
    let reference_failures = pool.install(|| {
        tests
            .par_iter()
            .enumerate()
            .filter_map(|(i, t)| reference_passes(judge, t).err().map(|e| (i, e)))
            .collect()
    });
    Ok(Hacked {
        tests,
        unfailed,
        candidates: candidates.len(),
        runs: runs.load(Ordering::Relaxed),
        cases_tried: cases_tried.load(Ordering::Relaxed),
        reference_failures,
        elapsed: start.elapsed(),
    })
}

/// A failing case: its number, input, answer and verdict.
type Found = (u64, Input, String, Verdict);

/// Judges one solution (by index) on an input with its answer.
type VerdictOf<'a> = &'a (dyn Fn(usize, &Input, &str) -> Result<Verdict, String> + Sync);

/// The first case (in case order) that fails solution `s`; counts the cases judged in `tried`.
fn search(
    config: &HackConfig,
    s: usize,
    verdict: VerdictOf,
    tried: &AtomicUsize,
) -> Result<Option<Found>, String> {
    let chunk = (config.jobs.max(1) * 4) as u64;
    let mut done = 0;
    while done < config.cases {
        let results: Vec<Result<Option<Found>, String>> = (done..(done + chunk).min(config.cases))
            .into_par_iter()
            .map(|i| {
                let seed = case_seed(config.seed, i);
                let input = match &config.generator {
                    Some(g) => {
                        stress::generated(g, config.options.game(), seed, &config.judge.helper_limits())?
                    }
                    None => config.options.generate(seed),
                };
                let answer = config.judge.answer(&input.render())?;
                tried.fetch_add(1, Ordering::Relaxed);
                let v = verdict(s, &input, &answer)?;
                Ok((!v.is_accepted()).then_some((i, input, answer, v)))
            })
            .collect();
        for result in results {
            if let Some(found) = result? {
                return Ok(Some(found));
            }
        }
        done = (done + chunk).min(config.cases);
    }
    Ok(None)
}

/// Greedy set cover: candidate indices, each failing the most solutions not yet failed (ties: the
/// smaller input, then the earlier candidate), until every solution some candidate fails is failed.
fn cover(candidates: &[(Input, String)], matrix: &[Vec<Option<Verdict>>]) -> Vec<usize> {
    let solutions = matrix.first().map_or(0, Vec::len);
    let mut open: Vec<bool> = (0..solutions).map(|s| matrix.iter().any(|row| row[s].is_some())).collect();
    let mut chosen = Vec::new();
    while open.iter().any(|&o| o) {
        let gain = |c: usize| (0..solutions).filter(|&s| open[s] && matrix[c][s].is_some()).count();
        let best = (0..candidates.len())
            .filter(|&c| gain(c) > 0)
            .min_by_key(|&c| (std::cmp::Reverse(gain(c)), shrink::measure(&candidates[c].0), c))
            .expect("an open solution is failed by some candidate");
        for (s, o) in open.iter_mut().enumerate() {
            if matrix[best][s].is_some() {
                *o = false;
            }
        }
        chosen.push(best);
    }
    chosen
}

/// The tests' inputs as one multi-case input, for the formats with a case count.
fn merge(tests: &[Test]) -> Option<Input> {
    let mut inputs = tests.iter().map(|t| &t.input);
    let mut merged = inputs.next()?.clone();
    for input in inputs {
        if !merged.merge(input) {
            return None;
        }
    }
    Some(merged)
}

/// Whether the reference passes `test`: without a reference program, the exact solver accepts
/// the input; with one, its output (the test's answer) is judged right against the exact answer
/// (by the checker, when there is one).
fn reference_passes(judge: &Judge, test: &Test) -> Result<(), String> {
    let text = test.input.render();
    let exact = crate::reference::expected(judge.game, text.as_bytes())
        .map_err(|e| format!("the exact solver rejects the test: {e}"))?;
    let Some(reference) = &judge.reference else { return Ok(()) };
    let output = crate::run::RunOutput {
        status: crate::run::Status::Exited(0),
        stdout: test.answer.clone().into_bytes(),
        stderr: String::new(),
        elapsed: Duration::ZERO,
    };
    let built_in = Judge { reference: None, ..judge.clone() };
    match built_in.verdict(&text, &exact, &output)? {
        Verdict::Accepted => Ok(()),
        v => Err(format!("the reference `{reference}` gets {v}")),
    }
}

/// The manifest of a test set: the solutions, then each test and the solutions it fails.
pub fn manifest(config: &HackConfig, hacked: &Hacked) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "game: {}", config.options.game().name());
    let _ = writeln!(s, "seed: {}", config.seed);
    let reference = config.judge.reference.as_deref().unwrap_or("the exact solver");
    let _ = writeln!(s, "reference: {reference}");
    for (i, solution) in config.solutions.iter().enumerate() {
        let _ = writeln!(s, "solution {}: {solution}", i + 1);
    }
    for (i, test) in hacked.tests.iter().enumerate() {
        let fails: Vec<String> =
            test.fails.iter().map(|(s, v)| format!("{} ({})", s + 1, v.kind())).collect();
        let _ = writeln!(s, "{:02}: fails {} — {}", i + 1, fails.join(", "), test.input.describe());
    }
    for &u in &hacked.unfailed {
        let _ = writeln!(s, "not failed: solution {} (no failing case in {} cases)", u + 1, config.cases);
    }
    s
}

/// Writes the tests (`NN.in`, `NN.out`) and `manifest.txt` into `dir`; the files written.
pub fn write(dir: &Path, config: &HackConfig, hacked: &Hacked) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    for (i, test) in hacked.tests.iter().enumerate() {
        for (extension, text) in [("in", test.input.render()), ("out", test.answer.clone())] {
            let path = dir.join(format!("{:02}.{extension}", i + 1));
            std::fs::write(&path, text)?;
            written.push(path);
        }
    }
    let path = dir.join("manifest.txt");
    std::fs::write(&path, manifest(config, hacked))?;
    written.push(path);
    Ok(written)
}
