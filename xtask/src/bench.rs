//! `cargo xtask bench`: the bench (and heavy) cases of each crate's manifest, timed as whole processes.
//!
//! Each `bench` case runs `--runs` times (default 5); a crate's table shows per case the input's
//! size, the median wall time, the largest peak resident memory seen, and its anchor: the case a
//! `same` line pairs it with (its output must be identical), with that case's median and the ratio
//! of the two medians (anchor / case: above 1 the case is the faster); or, for a case a `bound`
//! line names, the memory bound of its sweep ([`stream`]), measured right after the case with as
//! many runs; or, for a case a `lemon` line names, LEMON's matching on the same input ([`lemon`]),
//! one run after each of the case's (a slow spell of a shared machine slows both alike), whose
//! answer must agree; or, for a case a `beside` line names, the other case of the crate that line
//! pairs it with. `heavy` cases (minutes, GBs) run only with `--heavy`, once each. With `--write` the tables replace the block between the
//! markers in `docs/BENCHMARKS.md`, leaving the hand-written text around it alone. The block ends
//! with the machine's state when the cases started ([`probe`]): on a virtual machine the figures
//! move with the host's load.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::cargo::{build_release_with, release_binary};
use crate::cli::{Matches, Opt, Spec, UsageError};
use crate::lemon::{self, Harness};
use crate::manifest::{BenchCase, Beside, LemonAnchor, Manifest, MemoryBound, NO_INPUT, SameOutput};
use crate::stream::{self, SweepBytes};
use crate::workspace::workspace_root;
use crate::{preset, probe, run};

const BEGIN: &str = "<!-- xtask-bench:begin -->";
const END: &str = "<!-- xtask-bench:end -->";

/// The time limit of one run of a `bench` case.
const BENCH_LIMIT: Duration = Duration::from_secs(600);
/// The time limit of the one run of a `heavy` case.
const HEAVY_LIMIT: Duration = Duration::from_secs(3600);

/// The command line of `bench`.
pub const SPEC: Spec = Spec {
    name: "bench",
    summary: "Time the bench cases of the manifests: median and fastest wall time, peak memory",
    usage: "[CRATE...]",
    max_positionals: None,
    positionals: &[("CRATE...", "only the bench cases of these crates [default: every crate]")],
    options: &[
        Opt { name: "--runs", value: Some("N"), help: "runs of each case", default: Some("5") },
        Opt {
            name: "--heavy",
            value: None,
            help: "also run the `heavy` cases (once each, 1-hour limit; minutes and GBs)",
            default: None,
        },
        Opt {
            name: "--filter",
            value: Some("SUBSTR"),
            help: "only the cases whose `input args` contain SUBSTR",
            default: None,
        },
        Opt {
            name: "--write",
            value: None,
            help: "also replace the per-crate tables between the markers in docs/BENCHMARKS.md",
            default: None,
        },
    ],
    listing: None,
    notes: "Builds the release binaries first (cargo's progress shows). The cases are the `bench` (and with
--heavy the `heavy`) lines of testdata/<crate>/cases.manifest; its `same` lines are checked when both
of their cases ran (a mismatch fails the run); its `lemon` lines run LEMON's matching beside their
cases where LEMON is installed (target/lemon/, built with g++; answers that disagree fail the run),
and say so where it is not; `gen:NAME` inputs are game-stress's presets (`cargo xtask gen
NAME`), generated once into target/xtask-bench/ (as NAME.in, or as NAME when it has an extension:
the solver reads a graph in the format its extension names) by its release binary, built alongside. Peak
memory is the solver process's own high-water mark (VmHWM when it exits), the largest of the runs.
A line `work: TEXT` on a case's standard error (its first run's) becomes a `(work)` row under the
case: what the time was spent on (`game-stress hack` counts its solution runs). Before the cases it
prints `cargo xtask probe`'s line (the cost of fresh memory and of a random read
this hour), and writes it under the table.",
};

/// Options of `bench`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    crates: Vec<String>,
    runs: usize,
    heavy: bool,
    filter: Option<String>,
    write: bool,
}

impl Options {
    /// The options given on the command line (see [`SPEC`]).
    pub fn from_matches(matches: &Matches) -> Result<Self, UsageError> {
        let mut options = Self {
            crates: matches.positionals.clone(),
            runs: 5,
            heavy: matches.flag("--heavy"),
            filter: matches.value("--filter").map(str::to_string),
            write: matches.flag("--write"),
        };
        if options.filter.as_deref() == Some("") {
            return Err(UsageError::in_command("bench", "`--filter` needs a non-empty SUBSTR".to_string()));
        }
        if let Some(runs) = matches.value("--runs") {
            options.runs = runs.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                UsageError::in_command("bench", format!("`--runs` takes a positive count, not `{runs}`"))
            })?;
        }
        Ok(options)
    }
}

/// Runs the benchmarks; `Ok(false)` if a case failed to run.
pub fn run(options: &Options) -> Result<bool, String> {
    let root = workspace_root();
    let plan = plan(&root, options)?;
    if plan.iter().all(|p| p.benches.is_empty()) {
        return Err(match &options.filter {
            Some(filter) => format!("no bench case matches `--filter {filter}`"),
            None => "no bench case selected".to_string(),
        });
    }
    let mut crates: Vec<String> = plan.iter().map(|p| p.crate_name.clone()).collect();
    let generated = plan.iter().flat_map(|p| &p.benches).any(|b| b.input.starts_with("gen:"));
    if generated && !crates.iter().any(|c| c == preset::GENERATOR_CRATE) {
        crates.push(preset::GENERATOR_CRATE.to_string());
    }
    // A case run under `mpirun` needs its crate's `mpi` feature.
    let features: Vec<String> = plan
        .iter()
        .filter(|p| p.benches.iter().any(|b| mpi_ranks(b).is_some()))
        .map(|p| format!("{}/mpi", p.crate_name))
        .collect();
    build_release_with(&crates, &features)?;
    let wants_lemon = plan
        .iter()
        .any(|p| p.lemons.iter().any(|l| p.benches.iter().any(|b| b.input == l.input && b.args == l.args)));
    let harness = if wants_lemon { Some(Harness::prepare(&root)?) } else { None };
    if harness == Some(Harness::NotInstalled) {
        println!("{}", Harness::not_installed_note());
    }
    let machine = probe::measure_settled();
    println!("{machine}");
    let mut tables = Vec::new();
    let mut all_ok = true;
    for crate_plan in &plan {
        let mut outputs = Vec::new();
        let mut measured = Vec::new();
        let mut bounds = Vec::new();
        let mut lemons = Vec::new();
        for bench in &crate_plan.benches {
            let runs = if bench.heavy { 1 } else { options.runs };
            let anchor = crate_plan.lemons.iter().find(|l| l.input == bench.input && l.args == bench.args);
            let mut lemon_runs = match (anchor, &harness) {
                (Some(anchor), Some(Harness::Built(binary))) => {
                    resolve_input(&root, &crate_plan.crate_name, bench)?.map(|input| {
                        let limit = if bench.heavy { HEAVY_LIMIT } else { BENCH_LIMIT };
                        lemon::Runs::new(binary, anchor.mode, input, limit)
                    })
                }
                _ => None,
            };
            let mut between = || lemon_runs.as_mut().map_or(Ok(()), lemon::Runs::run_once);
            match measure(&root, &crate_plan.crate_name, bench, runs, &mut between)? {
                Some((m, output)) => {
                    println!("{} {}: {}", crate_plan.crate_name, bench.label(), m.summary());
                    let ran = m.input_bytes.is_some();
                    outputs.push((bench, output));
                    measured.push(m);
                    let bound =
                        crate_plan.bounds.iter().find(|b| b.input == bench.input && b.args == bench.args);
                    if let Some(bound) = bound.filter(|_| ran) {
                        match measure_bound(&root, &crate_plan.crate_name, bench, runs)? {
                            Some(b) => {
                                println!("{} {}: {}", crate_plan.crate_name, bench.label(), b.summary());
                                bounds.push((bound, b));
                            }
                            None => all_ok = false,
                        }
                    }
                    if let (Some(anchor), Some(_), true) = (anchor, &harness, ran) {
                        let output = &outputs.last().expect("pushed above").1;
                        match beside_lemon(&crate_plan.crate_name, bench, anchor, lemon_runs, output) {
                            Some(outcome) => lemons.push((anchor, outcome)),
                            None => all_ok = false,
                        }
                    }
                }
                None => all_ok = false,
            }
        }
        let mut anchors = Vec::new();
        for same in &crate_plan.same {
            match check_same(same, &outputs) {
                Some(Ok(line)) => {
                    println!("{line}");
                    anchors.push(same);
                }
                Some(Err(line)) => {
                    eprintln!("FAIL {line}");
                    all_ok = false;
                }
                None => {}
            }
        }
        let anchors =
            Anchors { same: &anchors, bounds: &bounds, lemons: &lemons, besides: &crate_plan.besides };
        tables.push(crate_table(&crate_plan.crate_name, &measured, &anchors));
    }
    tables.push(format!("{machine} (`cargo xtask probe`, before the cases)."));
    let table = tables.join("\n\n");
    println!("\n{table}");
    if options.write {
        write_table(&root.join("docs/BENCHMARKS.md"), &table)?;
    }
    Ok(all_ok)
}

/// What `bench` runs for one crate.
struct CratePlan {
    crate_name: String,
    /// The selected cases, in manifest order.
    benches: Vec<BenchCase>,
    /// The crate's `same` lines (checked when both of their cases ran).
    same: Vec<SameOutput>,
    /// The crate's `bound` lines (measured beside their cases).
    bounds: Vec<MemoryBound>,
    /// The crate's `lemon` lines (LEMON run beside their cases).
    lemons: Vec<LemonAnchor>,
    /// The crate's `beside` lines (pairs of its cases).
    besides: Vec<Beside>,
}

/// The selected bench cases of the chosen crates, by crate.
fn plan(root: &Path, options: &Options) -> Result<Vec<CratePlan>, String> {
    let mut plan = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("testdata"))
        .map_err(|e| format!("testdata: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("cases.manifest").is_file())
        .collect();
    dirs.sort();
    let dir_name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for wanted in &options.crates {
        if !dirs.iter().any(|d| &dir_name(d) == wanted) {
            return Err(format!("no cases.manifest for `{wanted}` in {}", root.join("testdata").display()));
        }
    }
    for dir in dirs {
        let name = dir_name(&dir);
        if options.crates.is_empty() || options.crates.contains(&name) {
            let manifest = Manifest::load(&dir)?;
            let benches: Vec<BenchCase> =
                manifest.benches.into_iter().filter(|b| selected(b, options)).collect();
            if !benches.is_empty() {
                plan.push(CratePlan {
                    crate_name: name,
                    benches,
                    same: manifest.same,
                    bounds: manifest.bounds,
                    lemons: manifest.lemons,
                    besides: manifest.besides,
                });
            }
        }
    }
    Ok(plan)
}

/// Whether the options select `bench`: heavy cases only with `--heavy`, and the filter.
fn selected(bench: &BenchCase, options: &Options) -> bool {
    (options.heavy || !bench.heavy)
        && options.filter.as_ref().is_none_or(|f| bench.label().contains(f.as_str()))
}

/// The verdict on a `same` line: `None` when one of its cases did not run, else the table line
/// (`Ok`) or the failure (`Err`).
fn check_same(same: &SameOutput, outputs: &[(&BenchCase, String)]) -> Option<Result<String, String>> {
    let output = |input: &str| {
        outputs.iter().find(|(b, _)| b.input == input && b.args == same.args).map(|(_, out)| out)
    };
    let (first, second) = (output(&same.first)?, output(&same.second)?);
    let args = if same.args.is_empty() { String::new() } else { format!(" ({})", same.args.join(" ")) };
    Some(if first == second {
        Ok(format!("same output: {} and {}{args}", same.first, same.second))
    } else {
        Err(format!("same output: {} and {}{args} print different outputs", same.first, same.second))
    })
}

/// Where the input of `bench` is (generating it on first use); `None` when a shared file is absent.
fn resolve_input(root: &Path, crate_name: &str, bench: &BenchCase) -> Result<Option<PathBuf>, String> {
    if let Some(name) = bench.input.strip_prefix("gen:") {
        let dir = root.join("target/xtask-bench");
        let path = dir.join(generated_file_name(name));
        if !path.is_file() {
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            preset::write(name, &path)?;
        }
        return Ok(Some(path));
    }
    let path = match bench.input.strip_prefix("shared:") {
        Some(file) => root.join("../shared/testdata").join(crate_name).join(file),
        None => root.join("testdata").join(crate_name).join(&bench.input),
    };
    Ok(path.is_file().then_some(path))
}

/// The file the preset `name` is generated into: `NAME.in`, or the name itself when it has an
/// extension (`rmat-20.mtx`: a graph in another format, which the solver recognises by it).
fn generated_file_name(name: &str) -> String {
    if name.contains('.') { name.to_string() } else { format!("{name}.in") }
}

/// What one bench case measured.
#[derive(Debug, Clone, PartialEq)]
struct Measured {
    /// The case.
    case: BenchCase,
    /// The input's size in bytes (`None`: the input is absent and the case was skipped).
    input_bytes: Option<u64>,
    /// The median wall time of the runs.
    median: Duration,
    /// The fastest run.
    fastest: Duration,
    /// The peak memory column (`12.3 MiB`, with a note when it is not the process's own VmHWM).
    peak: String,
    /// The `work: TEXT` lines of its first run's standard error: a `(work)` row each, under it.
    work: Vec<String>,
}

impl Measured {
    /// The one-line progress report of the case.
    fn summary(&self) -> String {
        match self.input_bytes {
            None => "skipped (input absent)".to_string(),
            Some(_) => format!(
                "median {}, fastest {}, peak {}",
                format_duration(self.median),
                format_duration(self.fastest),
                self.peak
            ),
        }
    }
}

/// The table of one crate's cases: case, input size, median, peak memory, and the anchor a `same`
/// line pairs the case with (the other case, its median, and anchor / case), or else the memory
/// bound a `bound` line measured beside it, or else LEMON's run of a `lemon` line, or else the case
/// a `beside` line pairs it with.
fn crate_table(crate_name: &str, measured: &[Measured], anchors: &Anchors<'_>) -> String {
    let mut rows = vec![
        format!("**{crate_name}**"),
        String::new(),
        "| case | input size | median wall | peak memory | anchor | anchor median | ratio |".to_string(),
        "|---|---:|---:|---:|---|---:|---:|".to_string(),
    ];
    for m in measured {
        let Some(bytes) = m.input_bytes else {
            rows.push(format!("| {} | absent | skipped | | | | |", m.case.label()));
            continue;
        };
        let is_case = |input: &str, args: &[String]| input == m.case.input && args == m.case.args;
        let same = anchors
            .same
            .iter()
            .filter(|s| s.args == m.case.args)
            .find_map(|s| if s.second == m.case.input { Some(&s.first) } else { None })
            .and_then(|first| measured.iter().find(|a| &a.case.input == first && a.case.args == m.case.args));
        let bound = anchors.bounds.iter().find(|(b, _)| is_case(&b.input, &b.args));
        let lemon = anchors.lemons.iter().find(|(l, _)| is_case(&l.input, &l.args));
        let beside = anchors
            .besides
            .iter()
            .find(|b| is_case(&b.case.0, &b.case.1))
            .and_then(|b| measured.iter().find(|a| a.case.input == b.anchor.0 && a.case.args == b.anchor.1))
            .filter(|a| a.input_bytes.is_some());
        let ratio =
            |anchor: Duration| format!("{:.2}×", anchor.as_secs_f64() / m.median.as_secs_f64().max(1e-9));
        let (name, median, ratio) = match (same, bound, lemon, beside) {
            (Some(a), ..) => {
                (format!("same output: {}", a.case.input), format_duration(a.median), ratio(a.median))
            }
            (None, Some((_, b)), ..) => (
                format!("memory bound: {} streamed", format_bytes(b.sweep.traffic())),
                format_duration(b.median),
                ratio(b.median),
            ),
            (None, None, Some((_, LemonOutcome::Measured(l))), _) => (
                format!("LEMON {}, same {}", l.mode.algorithm(), l.mode.value_name()),
                format_duration(l.median),
                ratio(l.median),
            ),
            (None, None, Some((l, LemonOutcome::NotInstalled)), _) => {
                (format!("LEMON {}: not installed", l.mode.algorithm()), String::new(), String::new())
            }
            (None, None, None, Some(a)) => (a.case.label(), format_duration(a.median), ratio(a.median)),
            (None, None, None, None) => ("—".to_string(), String::new(), String::new()),
        };
        rows.push(format!(
            "| {}{} | {} | {} | {} | {name} | {median} | {ratio} |",
            m.case.label(),
            if m.case.heavy { " (heavy, 1 run)" } else { "" },
            format_bytes(bytes),
            format_duration(m.median),
            m.peak,
        ));
        rows.extend(m.work.iter().map(|text| format!("| (work) | | {text} | | | | |")));
    }
    rows.join("\n")
}

/// What a crate's table can put beside a case: the lines that name anchors, and what was measured.
struct Anchors<'a> {
    /// The `same` lines whose outputs agreed.
    same: &'a [&'a SameOutput],
    /// The memory bounds measured.
    bounds: &'a [(&'a MemoryBound, Bound)],
    /// LEMON beside its cases.
    lemons: &'a [(&'a LemonAnchor, LemonOutcome)],
    /// The `beside` lines.
    besides: &'a [Beside],
}

/// LEMON beside a case of a `lemon` line.
#[derive(Debug, Clone, PartialEq)]
enum LemonOutcome {
    /// Measured, with the same answer value as the case.
    Measured(lemon::Measured),
    /// LEMON is not installed on this machine.
    NotInstalled,
}

/// LEMON's runs of `anchor` beside `bench` (made between the case's own runs; `None` where LEMON
/// is not installed), their answer compared with `output`, the case's; `None` (after a `FAIL`
/// line) when LEMON failed or the answers disagree.
fn beside_lemon(
    crate_name: &str,
    bench: &BenchCase,
    anchor: &LemonAnchor,
    runs: Option<lemon::Runs>,
    output: &str,
) -> Option<LemonOutcome> {
    let Some(runs) = runs else { return Some(LemonOutcome::NotInstalled) };
    let failure = match runs.finish() {
        Ok(measured) => match lemon::agree(&measured, output) {
            Ok(value) => {
                println!(
                    "{crate_name} {}: LEMON {} median {}, same {} {value}",
                    bench.label(),
                    anchor.mode.algorithm(),
                    format_duration(measured.median),
                    anchor.mode.value_name()
                );
                return Some(LemonOutcome::Measured(measured));
            }
            Err(disagreement) => disagreement,
        },
        Err(failure) => failure,
    };
    eprintln!("FAIL {crate_name} {}: {failure}", bench.label());
    None
}

/// The memory bound of a case's sweep, as measured.
struct Bound {
    /// What the sweep moves (from the solver's plan of the board).
    sweep: SweepBytes,
    /// The median time of the streaming passes.
    median: Duration,
    /// The threads they ran on.
    threads: usize,
}

impl Bound {
    /// The one-line progress report of the bound.
    fn summary(&self) -> String {
        format!(
            "memory bound {} ({} streamed on {} threads)",
            format_duration(self.median),
            format_bytes(self.sweep.traffic()),
            self.threads
        )
    }
}

/// Measures the memory bound of `bench`'s sweep `runs` times: the solver's plan of the board on
/// one rank (`<crate> plan --ranks 1 FILE`) gives its states, largest layer and value width, and
/// [`stream::stream`] moves those bytes on as many threads as the machine runs at once (rayon's
/// default for the sweep). `None` when the plan fails.
fn measure_bound(
    root: &Path,
    crate_name: &str,
    bench: &BenchCase,
    runs: usize,
) -> Result<Option<Bound>, String> {
    let Some(input) = resolve_input(root, crate_name, bench)? else { return Ok(None) };
    let args = ["plan".to_string(), "--ranks".to_string(), "1".to_string()];
    let result = run::run(&release_binary(crate_name), &args, Some(&input), BENCH_LIMIT)?;
    let Some(sweep) = result.succeeded().then(|| SweepBytes::from_plan(&result.stdout)).flatten() else {
        eprintln!(
            "FAIL {crate_name} {}: no plan for its memory bound: {}",
            bench.input,
            result.failure_reason()
        );
        return Ok(None);
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut times: Vec<Duration> = (0..runs.max(1)).map(|_| stream::stream(&sweep, threads)).collect();
    times.sort();
    Ok(Some(Bound { sweep, median: times[times.len() / 2], threads }))
}

/// `123 B`, `4.5 KiB`, `67.8 MiB`, `1.23 GiB`.
fn format_bytes(bytes: u64) -> String {
    let b = bytes as f64;
    match bytes {
        0..1024 => format!("{bytes} B"),
        1024..1_048_576 => format!("{:.1} KiB", b / 1024.0),
        1_048_576..1_073_741_824 => format!("{:.1} MiB", b / 1_048_576.0),
        _ => format!("{:.2} GiB", b / 1_073_741_824.0),
    }
}

/// Runs one bench case `runs` times, calling `between` after each run (LEMON's run beside it);
/// what it measured and the first run's output, or `None` if it failed.
fn measure(
    root: &Path,
    crate_name: &str,
    bench: &BenchCase,
    runs: usize,
    between: &mut dyn FnMut() -> Result<(), String>,
) -> Result<Option<(Measured, String)>, String> {
    let input = match bench.input.as_str() {
        NO_INPUT => None,
        _ => match resolve_input(root, crate_name, bench)? {
            Some(path) => Some(path),
            None => {
                eprintln!("skipped {crate_name} {}: input absent", bench.input);
                let skipped = Measured {
                    case: bench.clone(),
                    input_bytes: None,
                    median: Duration::ZERO,
                    fastest: Duration::ZERO,
                    peak: String::new(),
                    work: Vec::new(),
                };
                return Ok(Some((skipped, String::new())));
            }
        },
    };
    let input_bytes = match &input {
        Some(input) => std::fs::metadata(input).map_err(|e| format!("{}: {e}", input.display()))?.len(),
        None => 0,
    };
    let limit = if bench.heavy { HEAVY_LIMIT } else { BENCH_LIMIT };
    let (mut output, mut stderr) = (None, None);
    let mut walls = Vec::with_capacity(runs);
    let (mut peak_kib, mut peak_exact) = (0, true);
    let (program, args) = match mpi_ranks(bench) {
        // `mpirun:P ARGS`: P ranks of the solver's MPI binary `<crate>-mpi`, each reporting its
        // own peak (`--progress`).
        Some(ranks) => {
            let launcher = ["--allow-run-as-root", "--oversubscribe", "-np", ranks];
            let args =
                launcher
                    .iter()
                    .map(|s| s.to_string())
                    .chain([release_binary(&mpi_binary(crate_name)).display().to_string()]);
            (PathBuf::from("mpirun"), args.chain(bench.args[1..].iter().cloned()).collect())
        }
        None => (release_binary(crate_name), bench.args.clone()),
    };
    for _ in 0..runs {
        let result = run::run(&program, &args, input.as_deref(), limit)?;
        if !result.succeeded() {
            eprintln!("FAIL {crate_name} {}: {}", bench.input, result.failure_reason());
            return Ok(None);
        }
        match mpi_ranks(bench) {
            Some(_) => peak_kib = peak_kib.max(largest_rank_peak_kib(&result.stderr).unwrap_or(0)),
            None => {
                peak_kib = peak_kib.max(result.peak_rss_kib);
                peak_exact &= result.peak_rss_exact;
            }
        }
        output.get_or_insert(result.stdout);
        stderr.get_or_insert(result.stderr);
        walls.push(result.wall);
        between()?;
    }
    if !peak_exact {
        eprintln!(
            "note: {crate_name} {}: peak memory is ru_maxrss (the solver could not be traced)",
            bench.input
        );
    }
    walls.sort();
    let (median, fastest) = (walls[walls.len() / 2], walls[0]);
    let peak = format!(
        "{:.1} MiB{}",
        peak_kib as f64 / 1024.0,
        match (mpi_ranks(bench), peak_exact) {
            (Some(_), _) => " (largest rank)",
            (None, true) => "",
            (None, false) => " (ru_maxrss)",
        }
    );
    let work = work_lines(stderr.as_deref().unwrap_or_default());
    let measured =
        Measured { case: bench.clone(), input_bytes: Some(input_bytes), median, fastest, peak, work };
    Ok(Some((measured, output.unwrap_or_default())))
}

/// The `work: TEXT` lines of a case's standard error (what the time was spent on), as TEXT.
fn work_lines(stderr: &str) -> Vec<String> {
    stderr.lines().filter_map(|line| line.strip_prefix("work: ")).map(str::to_string).collect()
}

/// The ranks of a case whose first argument is `mpirun:P` (run under `mpirun -np P`; its peak
/// memory is the largest rank's, as the ranks report it with `--progress`).
fn mpi_ranks(bench: &BenchCase) -> Option<&str> {
    bench.args.first()?.strip_prefix("mpirun:")
}

/// The binary a crate's `mpirun:P` cases run: `<crate>-mpi`, the crate's binary built with its
/// `mpi` feature (lattice-dp's `[[bin]] lattice-dp-mpi`).
fn mpi_binary(crate_name: &str) -> String {
    format!("{crate_name}-mpi")
}

/// The largest `peak resident X UNIT` of the ranks' reports on stderr, in KiB.
fn largest_rank_peak_kib(stderr: &str) -> Option<u64> {
    stderr
        .lines()
        .filter_map(|line| {
            let rest = &line[line.find("peak resident ")? + "peak resident ".len()..];
            let mut words = rest.split_whitespace();
            let number: f64 = words.next()?.parse().ok()?;
            let unit = words.next()?.trim_end_matches(',');
            let kib = match unit {
                "GiB" => number * 1024.0 * 1024.0,
                "MiB" => number * 1024.0,
                "bytes" => number / 1024.0,
                _ => return None,
            };
            Some(kib as u64)
        })
        .max()
}

/// `0.0123 s` style, with enough digits for millisecond-scale runs.
fn format_duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 1.0 { format!("{:.1} ms", secs * 1000.0) } else { format!("{secs:.2} s") }
}

/// Replaces the marked block of `path` with `table` (appending the block if absent).
fn write_table(path: &Path, table: &str) -> Result<(), String> {
    let old = std::fs::read_to_string(path).unwrap_or_else(|_| "# Benchmarks\n".to_string());
    let block = format!("{BEGIN}\n{table}\n{END}");
    let new = match (old.find(BEGIN), old.find(END)) {
        (Some(b), Some(e)) if b < e => format!("{}{block}{}", &old[..b], &old[e + END.len()..]),
        _ => format!("{}\n{block}\n", old.trim_end()),
    };
    std::fs::write(path, new).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_block_is_replaced_in_place() {
        let path = std::env::temp_dir().join(format!("xtask-bench-{}.md", std::process::id()));
        std::fs::write(&path, format!("intro\n{BEGIN}\nold\n{END}\noutro\n")).unwrap();
        write_table(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("intro\n{BEGIN}\nnew\n{END}\noutro\n"));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn same_lines_compare_outputs_of_cases_that_ran() {
        let case = |input: &str| BenchCase { input: input.into(), args: vec!["x".into()], heavy: false };
        let (a, b, c) = (case("a"), case("b"), case("c"));
        let same =
            |second: &str| SameOutput { first: "a".into(), second: second.into(), args: vec!["x".into()] };
        let outputs = vec![(&a, "1\n".to_string()), (&b, "1\n".to_string()), (&c, "2\n".to_string())];
        assert!(check_same(&same("b"), &outputs).unwrap().is_ok());
        assert!(check_same(&same("c"), &outputs).unwrap().is_err());
        assert!(check_same(&same("d"), &outputs).is_none());
    }

    #[test]
    fn a_generated_graph_keeps_the_extension_of_its_format() {
        assert_eq!(generated_file_name("rmat-20"), "rmat-20.in");
        assert_eq!(generated_file_name("rmat-20.mtx"), "rmat-20.mtx");
        assert_eq!(generated_file_name("sparse-10m.graph"), "sparse-10m.graph");
    }

    #[test]
    fn heavy_cases_need_the_flag_and_the_filter_selects_by_label() {
        let options = |heavy: bool, filter: Option<&str>| Options {
            crates: vec![],
            runs: 1,
            heavy,
            filter: filter.map(str::to_string),
            write: false,
        };
        let heavy = BenchCase { input: "gen:big".into(), args: vec!["matching".into()], heavy: true };
        assert!(!selected(&heavy, &options(false, None)));
        assert!(selected(&heavy, &options(true, None)));
        assert!(selected(&heavy, &options(true, Some("big matching"))));
        assert!(!selected(&heavy, &options(true, Some("small"))));
    }

    #[test]
    fn mpi_cases_take_the_largest_rank_peak() {
        let case = |args: &[&str]| BenchCase {
            input: "gen:x".into(),
            args: args.iter().map(|s| s.to_string()).collect(),
            heavy: true,
        };
        assert_eq!(mpi_ranks(&case(&["mpirun:4", "--distributed"])), Some("4"));
        assert_eq!(mpi_binary("lattice-dp"), "lattice-dp-mpi");
        assert_eq!(mpi_ranks(&case(&["--json"])), None);
        let stderr = "lattice-dp: rank 1 of 2: peak resident 586.7 MiB, planned 623.8 MiB; received 1 states\n\
                      lattice-dp: rank 0 of 2: peak resident 1.5 GiB, planned 2.0 GiB; received 2 states\n";
        assert_eq!(largest_rank_peak_kib(stderr), Some((1.5 * 1024.0 * 1024.0) as u64));
        assert_eq!(largest_rank_peak_kib("nothing\n"), None);
    }

    #[test]
    fn a_crate_table_puts_the_anchor_of_a_same_bound_or_beside_line_beside_its_case() {
        let case = |input: &str| BenchCase { input: input.into(), args: vec![], heavy: false };
        let measured = |input: &str, millis: u64| Measured {
            case: case(input),
            input_bytes: Some(2048),
            median: Duration::from_millis(millis),
            fastest: Duration::from_millis(millis),
            peak: "4.0 MiB".into(),
            work: Vec::new(),
        };
        let same = SameOutput { first: "gen:a".into(), second: "gen:a-t".into(), args: vec![] };
        let bound = MemoryBound { input: "gen:a".into(), args: vec![] };
        let streamed = Bound {
            sweep: SweepBytes { states: 1 << 20, largest_layer: 1 << 10, width: 8 },
            median: Duration::from_millis(20),
            threads: 2,
        };
        let mut with_limit = measured("gen:a", 600);
        with_limit.case.args = vec!["--memory-limit".into(), "1G".into()];
        let beside = Beside {
            case: ("gen:a".into(), vec!["--memory-limit".into(), "1G".into()]),
            anchor: ("gen:a".into(), vec![]),
        };
        let bounds = [(&bound, streamed)];
        let besides = [beside];
        let anchors = Anchors { same: &[&same], bounds: &bounds, lemons: &[], besides: &besides };
        let table = crate_table(
            "lattice-dp",
            &[measured("gen:a", 300), measured("gen:a-t", 200), with_limit],
            &anchors,
        );
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[0], "**lattice-dp**");
        assert_eq!(
            lines[4],
            "| gen:a | 2.0 KiB | 300.0 ms | 4.0 MiB | memory bound: 16.0 MiB streamed | 20.0 ms | 0.07× |"
        );
        assert_eq!(
            lines[5],
            "| gen:a-t | 2.0 KiB | 200.0 ms | 4.0 MiB | same output: gen:a | 300.0 ms | 1.50× |"
        );
        assert_eq!(
            lines[6],
            "| gen:a --memory-limit 1G | 2.0 KiB | 600.0 ms | 4.0 MiB | gen:a | 300.0 ms | 0.50× |"
        );
    }

    #[test]
    fn a_lemon_line_is_the_anchor_of_its_case_or_says_lemon_is_missing() {
        let case = |input: &str| BenchCase {
            input: input.into(),
            args: vec!["weighted-matching".into()],
            heavy: false,
        };
        let measured = |input: &str| Measured {
            case: case(input),
            input_bytes: Some(1024),
            median: Duration::from_millis(100),
            fastest: Duration::from_millis(100),
            peak: "1.0 MiB".into(),
            work: Vec::new(),
        };
        let anchor = |input: &str| LemonAnchor {
            mode: lemon::Mode::MaxWeight,
            input: input.into(),
            args: vec!["weighted-matching".into()],
        };
        let (a, b) = (anchor("gen:a"), anchor("gen:b"));
        let ran = lemon::Measured {
            mode: lemon::Mode::MaxWeight,
            median: Duration::from_millis(300),
            value: "9".into(),
        };
        let lemons = [(&a, LemonOutcome::Measured(ran)), (&b, LemonOutcome::NotInstalled)];
        let anchors = Anchors { same: &[], bounds: &[], lemons: &lemons, besides: &[] };
        let table = crate_table("edmonds-blossom", &[measured("gen:a"), measured("gen:b")], &anchors);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(
            lines[4],
            "| gen:a weighted-matching | 1.0 KiB | 100.0 ms | 1.0 MiB | LEMON MaxWeightedMatching, same total weight | 300.0 ms | 3.00× |"
        );
        assert_eq!(
            lines[5],
            "| gen:b weighted-matching | 1.0 KiB | 100.0 ms | 1.0 MiB | LEMON MaxWeightedMatching: not installed |  |  |"
        );
    }

    #[test]
    fn work_lines_become_rows_under_the_case() {
        let stderr = "solution 1: WA on case 0\nwork: 133 solution runs, 9 cases tried\nnot work: 1\n";
        assert_eq!(work_lines(stderr), ["133 solution runs, 9 cases tried"]);
        assert!(work_lines("shrinking: 2 runs\n").is_empty());
        let case = BenchCase { input: "a.sh".into(), args: vec!["hack".into()], heavy: false };
        let m = Measured {
            case,
            input_bytes: Some(10),
            median: Duration::from_millis(5),
            fastest: Duration::from_millis(5),
            peak: "1.0 MiB".into(),
            work: work_lines(stderr),
        };
        let anchors = Anchors { same: &[], bounds: &[], lemons: &[], besides: &[] };
        let table = crate_table("game-stress", &[m], &anchors);
        assert_eq!(table.lines().nth(5), Some("| (work) | | 133 solution runs, 9 cases tried | | | | |"));
    }

    #[test]
    fn durations_are_readable() {
        assert_eq!(format_bytes(1000), "1000 B");
        assert_eq!(format_bytes(5 * 1_048_576), "5.0 MiB");
        assert_eq!(format_duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(format_duration(Duration::from_millis(2_500)), "2.50 s");
    }
}
