//! `cargo xtask verify`: every solver on every case of `testdata/`, judged, one line per case.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::cargo::{build_release, crate_exists, release_binary};
use crate::cli::{Matches, Opt, Spec, UsageError};
use crate::manifest::{CaseRule, Manifest};
use crate::run;
use crate::workspace::workspace_root;

/// The command line of `verify`.
pub const SPEC: Spec = Spec {
    name: "verify",
    summary: "Run every test case of testdata/ through its release solver, in parallel, and judge it",
    usage: "[CRATE...]",
    max_positionals: None,
    positionals: &[("CRATE...", "only the cases of these crates [default: every crate in the corpus]")],
    options: &[
        Opt {
            name: "--filter",
            value: Some("SUBSTR"),
            help: "only the cases whose `crate/name` contains SUBSTR (none: an error)",
            default: Some("every case"),
        },
        Opt {
            name: "--testdata",
            value: Some("DIR"),
            help: "the test corpus: a directory per crate, each with cases.manifest",
            default: Some("testdata/ of the workspace"),
        },
        Opt {
            name: "--timeout",
            value: Some("SECS"),
            help: "time limit per case, in seconds",
            default: Some("300"),
        },
    ],
    listing: None,
    notes: "Builds the release binaries first (cargo's progress shows), then runs the cases on all cores and
prints one line per case in crate, then case-name order. Answers are judged as the crate's
cases.manifest says: exact diff, or a checker for answers with many valid forms. The last line is
`N passed, M failed`. Exit status: 0 all passed, 1 some failed, 2 usage error.",
};

/// Options of `verify`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Only these crates (all when empty).
    pub crates: Vec<String>,
    /// Only cases whose `crate/name` contains this.
    pub filter: Option<String>,
    /// The test corpus (default: `testdata/` of the workspace).
    pub testdata: Option<PathBuf>,
    /// Time limit per case.
    pub limit: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Self { crates: Vec::new(), filter: None, testdata: None, limit: Duration::from_secs(300) }
    }
}

impl Options {
    /// The options given on the command line (see [`SPEC`]).
    pub fn from_matches(matches: &Matches) -> Result<Self, UsageError> {
        let mut options = Self { crates: matches.positionals.clone(), ..Self::default() };
        options.filter = matches.value("--filter").map(str::to_string);
        options.testdata = matches.value("--testdata").map(PathBuf::from);
        if let Some(secs) = matches.value("--timeout") {
            let secs: u64 = secs.parse().map_err(|_| {
                UsageError::in_command("verify", format!("`--timeout` takes whole seconds, not `{secs}`"))
            })?;
            options.limit = Duration::from_secs(secs);
        }
        Ok(options)
    }
}

/// One test case, or a problem found before any solver ran (counted as a failure).
#[derive(Debug)]
enum Entry {
    Case { crate_name: String, name: String, input: PathBuf, expected: PathBuf, rule: CaseRule },
    Broken { label: String, reason: String },
}

/// Runs `verify`; `Ok(true)` when every case passed.
pub fn run(options: &Options) -> Result<bool, String> {
    let root = workspace_root();
    let testdata = options.testdata.clone().unwrap_or_else(|| root.join("testdata"));
    let entries = collect(&root, &testdata, options)?;
    let mut crates: Vec<String> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::Case { crate_name, .. } => Some(crate_name.clone()),
            Entry::Broken { .. } => None,
        })
        .collect();
    crates.dedup();
    if !crates.is_empty() {
        build_release(&crates)?;
    }
    let failed = run_all(&entries, options.limit);
    let passed = entries.len() - failed;
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}

/// Lists the cases of every crate directory under `testdata`, sorted by crate, then case name.
///
/// A problem that keeps a crate's cases from running is one failing entry for the crate, unless
/// `--filter` selects none of its cases. A `--filter` that selects no case at all is an error.
fn collect(root: &Path, testdata: &Path, options: &Options) -> Result<Vec<Entry>, String> {
    let mut dirs = sorted_entries(testdata)?;
    dirs.retain(|p| p.is_dir());
    let dir_name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for wanted in &options.crates {
        if !dirs.iter().any(|d| &dir_name(d) == wanted) {
            return Err(format!("no test cases for `{wanted}` in {}", testdata.display()));
        }
    }
    let mut entries = Vec::new();
    for dir in dirs {
        let crate_name = dir_name(&dir);
        if options.crates.is_empty() || options.crates.contains(&crate_name) {
            collect_crate(root, &dir, &crate_name, options, &mut entries);
        }
    }
    match &options.filter {
        Some(filter) if entries.is_empty() => Err(format!(
            "--filter `{filter}` selects no test case (it must be part of a `crate/case` name in {})",
            testdata.display()
        )),
        _ => Ok(entries),
    }
}

/// Appends the cases of one crate that the filter selects (or why they cannot run).
fn collect_crate(root: &Path, dir: &Path, crate_name: &str, options: &Options, entries: &mut Vec<Entry>) {
    let broken = |label: String, reason: String| Entry::Broken { label, reason };
    let mut cases: Vec<(String, PathBuf)> = match sorted_entries(dir) {
        Ok(list) => list
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .map(|p| (p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(), p))
            .filter(|(name, _)| {
                options.filter.as_ref().is_none_or(|f| format!("{crate_name}/{name}").contains(f.as_str()))
            })
            .collect(),
        Err(reason) => return entries.push(broken(crate_name.to_string(), reason)),
    };
    if cases.is_empty() && options.filter.is_some() {
        return;
    }
    cases.sort();
    if !crate_exists(root, crate_name) {
        let reason = "testdata directory has no crate of that name".to_string();
        return entries.push(broken(crate_name.to_string(), reason));
    }
    let manifest = match Manifest::load(dir) {
        Ok(m) => m,
        Err(reason) => return entries.push(broken(crate_name.to_string(), reason)),
    };
    for (name, input) in cases {
        let label = format!("{crate_name}/{name}");
        let expected = input.with_extension("out");
        let file_name = format!("{name}.in");
        let entry = match manifest.rule_for(&file_name) {
            None => broken(label, "no `case` rule in cases.manifest matches this file".into()),
            Some(_) if !expected.is_file() => broken(label, format!("missing {}", expected.display())),
            Some(rule) => {
                Entry::Case { crate_name: crate_name.to_string(), name, input, expected, rule: rule.clone() }
            }
        };
        entries.push(entry);
    }
}

/// The entries of a directory, sorted by name.
fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let read = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = read.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    Ok(paths)
}

/// Runs every entry on all cores and prints a line per entry, in the entries' order (each line as
/// soon as it and all before it are done); returns the number of failures.
fn run_all(entries: &[Entry], limit: Duration) -> usize {
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(entries.len().max(1));
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(entry) = entries.get(index) else { break };
                    if sender.send((index, judge_entry(entry, limit))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        print_in_order(receiver, entries.len(), &mut std::io::stdout().lock())
    })
}

/// What [`judge_entry`] says about one entry: its label, verdict, and wall time in seconds.
type Report = (String, Result<(), String>, f64);

/// Writes the reports arriving on `receiver` (tagged with their entry's index) to `out` in index
/// order; returns the number of failures.
fn print_in_order(receiver: mpsc::Receiver<(usize, Report)>, count: usize, out: &mut impl Write) -> usize {
    let mut pending: Vec<Option<Report>> = (0..count).map(|_| None).collect();
    let (mut printed, mut failed) = (0, 0);
    for (index, report) in receiver {
        pending[index] = Some(report);
        while let Some((label, verdict, secs)) = pending.get_mut(printed).and_then(Option::take) {
            match verdict {
                Ok(()) => {
                    let _ = writeln!(out, "ok    {label:<48} {secs:>8.3}s");
                }
                Err(reason) => {
                    failed += 1;
                    let _ = writeln!(out, "FAIL  {label:<48} {secs:>8.3}s\n      {reason}");
                }
            }
            printed += 1;
        }
    }
    failed
}

/// Runs and judges one entry: its label, verdict, and the solver's wall time in seconds.
fn judge_entry(entry: &Entry, limit: Duration) -> Report {
    match entry {
        Entry::Broken { label, reason } => (label.clone(), Err(reason.clone()), 0.0),
        Entry::Case { crate_name, name, input, expected, rule } => {
            let label = format!("{crate_name}/{name}");
            match run::run(&release_binary(crate_name), &rule.args, Some(input), limit) {
                Err(reason) => (label, Err(reason), 0.0),
                Ok(result) => {
                    let secs = result.wall.as_secs_f64();
                    (label, judge_output(&result, input, expected, rule), secs)
                }
            }
        }
    }
}

/// The verdict on a finished run.
fn judge_output(
    result: &run::RunResult,
    input: &Path,
    expected: &Path,
    rule: &CaseRule,
) -> Result<(), String> {
    if !result.succeeded() {
        return Err(result.failure_reason());
    }
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    rule.judge.judge(&read(input)?, &read(expected)?, &result.stdout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::Judge;

    fn cat_result(stdout: &str) -> run::RunResult {
        run::RunResult {
            exit_code: Some(0),
            timed_out: false,
            stdout: stdout.into(),
            stderr: String::new(),
            wall: Duration::ZERO,
            peak_rss_kib: 0,
            peak_rss_exact: true,
        }
    }

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-verify-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_wrong_expected_output_fails_with_the_first_differing_line() {
        let dir = temp_dir("wrong");
        let (input, expected) = (dir.join("a.in"), dir.join("a.out"));
        std::fs::write(&input, "x").unwrap();
        std::fs::write(&expected, "Red 3\nTie\n").unwrap();
        let rule = CaseRule { prefix: String::new(), judge: Judge::Diff, args: vec![] };
        assert_eq!(judge_output(&cat_result("Red 3\nTie\n"), &input, &expected, &rule), Ok(()));
        let verdict = judge_output(&cat_result("Red 3\nBlack 2\n"), &input, &expected, &rule);
        assert_eq!(verdict, Err("line 2: expected `Tie`, got `Black 2`".into()));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_crashed_solver_is_a_failure_even_with_right_output() {
        let dir = temp_dir("crash");
        let (input, expected) = (dir.join("a.in"), dir.join("a.out"));
        std::fs::write(&input, "x").unwrap();
        std::fs::write(&expected, "Tie\n").unwrap();
        let rule = CaseRule { prefix: String::new(), judge: Judge::Diff, args: vec![] };
        let mut crashed = cat_result("Tie\n");
        crashed.exit_code = None;
        assert!(judge_output(&crashed, &input, &expected, &rule).unwrap_err().starts_with("crashed"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_testdata_directory_without_crate_is_a_failure() {
        let dir = temp_dir("orphan");
        std::fs::create_dir_all(dir.join("no-such-solver")).unwrap();
        let entries = collect(&workspace_root(), &dir, &Options::default()).unwrap();
        assert!(matches!(entries.as_slice(), [Entry::Broken { label, .. }] if label == "no-such-solver"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_case_without_rule_or_expected_output_is_a_failure() {
        let dir = temp_dir("norule");
        let crate_dir = dir.join("grid-core");
        std::fs::create_dir_all(&crate_dir).unwrap();
        std::fs::write(crate_dir.join("cases.manifest"), "case a- diff\n").unwrap();
        for file in ["a-1.in", "a-1.out", "a-2.in", "b-1.in", "b-1.out"] {
            std::fs::write(crate_dir.join(file), "").unwrap();
        }
        let entries = collect(&workspace_root(), &dir, &Options::default()).unwrap();
        let kinds: Vec<bool> = entries.iter().map(|e| matches!(e, Entry::Case { .. })).collect();
        assert_eq!(kinds, vec![true, false, false]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn every_real_testdata_directory_has_a_crate_and_a_rule_for_each_case() {
        let root = workspace_root();
        let entries = collect(&root, &root.join("testdata"), &Options::default()).unwrap();
        let mut crates = Vec::new();
        for entry in &entries {
            match entry {
                Entry::Broken { label, reason } => panic!("{label}: {reason}"),
                Entry::Case { crate_name, .. } => crates.push(crate_name.as_str()),
            }
        }
        crates.dedup();
        let mut listed = crate::workspace::games();
        listed.sort_unstable();
        assert_eq!(crates, listed);
        let keys: Vec<(&str, &str)> = entries
            .iter()
            .map(|e| match e {
                Entry::Case { crate_name, name, .. } => (crate_name.as_str(), name.as_str()),
                Entry::Broken { .. } => unreachable!(),
            })
            .collect();
        assert!(keys.is_sorted(), "cases are not in crate, then case-name order");
    }

    #[test]
    fn a_filter_that_selects_nothing_is_an_error_naming_it() {
        let root = workspace_root();
        let options = Options { filter: Some("zzz".into()), ..Options::default() };
        let error = collect(&root, &root.join("testdata"), &options).unwrap_err();
        assert!(error.starts_with("--filter `zzz` selects no test case"), "{error}");
        let options =
            Options { crates: vec!["lattice-dp".into()], filter: Some("segment".into()), ..options };
        assert!(collect(&root, &root.join("testdata"), &options).is_err());
    }

    #[test]
    fn a_filter_selects_by_crate_and_case_name_and_hides_unrelated_problems() {
        let root = workspace_root();
        let options = Options { filter: Some("segment-nim/".into()), ..Options::default() };
        let entries = collect(&root, &root.join("testdata"), &options).unwrap();
        assert!(!entries.is_empty());
        assert!(
            entries
                .iter()
                .all(|e| matches!(e, Entry::Case { crate_name, .. } if crate_name == "segment-nim"))
        );

        let dir = temp_dir("filter");
        std::fs::create_dir_all(dir.join("no-such-solver")).unwrap();
        std::fs::write(dir.join("no-such-solver/a.in"), "").unwrap();
        let only_b = Options { filter: Some("/b".into()), ..Options::default() };
        assert!(collect(&root, &dir, &only_b).unwrap_err().contains("`/b`"));
        let only_a = Options { filter: Some("/a".into()), ..Options::default() };
        assert!(matches!(collect(&root, &dir, &only_a).unwrap().as_slice(), [Entry::Broken { .. }]));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn reports_print_in_entry_order_whatever_order_they_finish_in() {
        let (sender, receiver) = mpsc::channel();
        for (index, verdict) in [(2, Ok(())), (0, Err("wrong".to_string())), (1, Ok(()))] {
            sender.send((index, (format!("c/{index}"), verdict, 0.5))).unwrap();
        }
        drop(sender);
        let mut out = Vec::new();
        assert_eq!(print_in_order(receiver, 3, &mut out), 1);
        let text = String::from_utf8(out).unwrap();
        let labels: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_whitespace().nth(1))
            .filter(|w| w.starts_with("c/"))
            .collect();
        assert_eq!(labels, ["c/0", "c/1", "c/2"]);
        assert!(text.starts_with("FAIL  c/0"));
        assert!(text.contains("\n      wrong\n"));
    }
}
