//! `game-stress`: the command line. All the work is in the library; this file parses arguments and
//! maps the result to the exit status (0 all cases pass, 1 a failure was found, 2 usage error).

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use anyhow::{Context, bail};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Parser, Subcommand};
use game_stress::corpus;
use game_stress::games;
use game_stress::generate::{Options, preset};
use game_stress::hack::{self, HackConfig};
use game_stress::judge::Judge;
use game_stress::rng::case_seed;
use game_stress::run::{Limits, parse_duration};
use game_stress::stress::{self, Config};
use game_stress::verdict::OutputRule;
use game_stress::{Game, reference};

/// Stress-tests a contest solution against the exact solvers and shrinks the counterexample.
///
/// Runs the solution (a shell command reading the input on stdin) on seeded random inputs, judges
/// each output against the exact answer (AC, WA, TLE, RE, invalid output), stops at the first
/// failure, shrinks it to a 1-minimal failing input and saves it. `test` judges a solution on a
/// folder of tests, `hack` builds the tests that fail several wrong solutions. Exit status: 0 all
/// cases passed, 1 a failure was found (or an error during the run), 2 usage error.
#[derive(Debug, Parser)]
#[command(name = "game-stress", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    #[command(flatten)]
    Stress(StressGame),
    /// Print one generated input.
    Gen {
        #[command(subcommand)]
        game: GenGame,
    },
    /// Print a named benchmark input (the `gen:NAME` inputs of `cargo xtask bench`).
    ///
    /// A preset has fixed sizes and a fixed seed: the same NAME always gives the same bytes.
    Preset {
        /// The preset.
        #[arg(value_name = "NAME", value_parser = preset_names())]
        name: String,
    },
    /// Judge a solution on every NAME.in of some folders (default: the game's testdata corpus).
    ///
    /// Each output is judged against NAME.out, or the exact answer when there is none. Prints a
    /// table of verdicts and times, then `N passed, N failed`; exit status 1 if a test failed.
    Test(TestArgs),
    /// Build a small test set that fails every given wrong solution.
    ///
    /// Finds a failing case for each solution, shrinks it, picks a small set of tests that
    /// together fail every solution (greedy set cover, merged into one multi-case file where the
    /// format has a case count), checks that the reference passes them and writes them into
    /// --out as NN.in / NN.out with manifest.txt. Exit status 1 if a solution could not be failed
    /// or the reference fails a test.
    Hack {
        #[command(subcommand)]
        game: HackGame,
    },
    /// Print the exact answer for an input (FILE, or standard input).
    Expected {
        /// The game.
        #[arg(value_enum)]
        game: Game,
        /// Input file (standard input when absent).
        file: Option<PathBuf>,
    },
}

#[derive(Debug, Args)]
struct Stress<G: Args> {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    options: G,
}

#[derive(Debug, Args)]
struct RunArgs {
    /// The solution: a shell command (run with `sh -c`) reading the input on standard input.
    #[arg(long, value_name = "CMD")]
    solution: String,
    /// Number of cases.
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    /// Seed of the run (case i is generated from the seed and i); random when absent.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    judge: JudgeArgs,
    #[command(flatten)]
    shrink: ShrinkArgs,
    /// Go on after a failure (each failure is shrunk and saved).
    #[arg(long)]
    keep_going: bool,
    /// Where failures are saved (checked to be writable before the run).
    #[arg(long, default_value = "stress-failures")]
    out: PathBuf,
}

/// Limits of each run, and parallelism.
#[derive(Debug, Args)]
struct LimitArgs {
    /// Time limit per run: `2s`, `500ms`.
    #[arg(long, default_value = "2s", value_parser = parse_duration)]
    time_limit: Duration,
    /// Memory limit per run in MiB (address space, `ulimit -v`); 0 for none.
    #[arg(long, default_value_t = 2048, value_name = "MIB")]
    memory_limit: u64,
    /// Solutions run in parallel (also while shrinking).
    #[arg(long, default_value_t = 2)]
    jobs: usize,
}

impl LimitArgs {
    fn limits(&self) -> anyhow::Result<Limits> {
        if self.jobs == 0 {
            bail!("--jobs must be at least 1");
        }
        Ok(Limits { time: self.time_limit, memory_mib: (self.memory_limit > 0).then_some(self.memory_limit) })
    }
}

/// How outputs are judged.
#[derive(Debug, Args)]
struct JudgeArgs {
    /// Compare outputs byte for byte (default: line by line, each line as its whitespace-separated
    /// tokens, empty lines at the end ignored).
    #[arg(long)]
    strict: bool,
    /// An external checker, testlib convention: run as `CMD INPUT OUTPUT ANSWER` (file paths);
    /// exit status 0 accepted, 1 wrong answer, 2 presentation error.
    #[arg(long, value_name = "CMD")]
    checker: Option<String>,
}

impl JudgeArgs {
    fn judge(self, game: Game, limits: Limits) -> anyhow::Result<Judge> {
        if self.checker.as_ref().is_some_and(|c| c.trim().is_empty()) {
            bail!("the checker command is empty");
        }
        let rule = if self.strict { OutputRule::Strict } else { OutputRule::Tokens };
        Ok(Judge { rule, checker: self.checker, ..Judge::new(game, limits) })
    }
}

/// Where inputs come from and how failures are shrunk.
#[derive(Debug, Args)]
struct ShrinkArgs {
    /// An external generator, testlib style: `CMD SEED` prints one input (instead of the built-in
    /// generator; the generator options are then ignored).
    #[arg(long, value_name = "CMD")]
    generator: Option<String>,
    /// Most runs of the solution while shrinking one failure (at most 100 for a TLE).
    #[arg(long, default_value_t = 2000)]
    shrink_budget: usize,
    /// Most time spent shrinking one failure (`30s`, `2m`); the report says when it stopped short.
    #[arg(long, value_parser = parse_duration, value_name = "TIME")]
    shrink_time: Option<Duration>,
}

#[derive(Debug, Args)]
struct TestArgs {
    /// The game.
    #[arg(value_enum)]
    game: Game,
    /// The solution: a shell command (run with `sh -c`) reading the input on standard input.
    #[arg(long, value_name = "CMD")]
    solution: String,
    /// Folders of NAME.in (and NAME.out) files [default: testdata/<crate> of this repository,
    /// looked for under the current directory, then where the tool was built].
    #[arg(value_name = "DIR")]
    dirs: Vec<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    judge: JudgeArgs,
}

#[derive(Debug, Args)]
struct Hack<G: Args> {
    /// A wrong solution (give several): a shell command reading the input on standard input.
    #[arg(long = "solution", value_name = "CMD", required = true)]
    solutions: Vec<String>,
    /// A trusted solution whose output is the answer [default: the exact solver].
    #[arg(long, value_name = "CMD")]
    reference: Option<String>,
    /// Where the tests are written (NN.in, NN.out, manifest.txt).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Most cases tried to fail one solution.
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    /// Seed of the run; random when absent.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    judge: JudgeArgs,
    #[command(flatten)]
    shrink: ShrinkArgs,
    #[command(flatten)]
    options: G,
}

#[derive(Debug, Args)]
struct Gen<G: Args> {
    /// The case seed (a failure report names it).
    #[arg(long)]
    seed: u64,
    #[command(flatten)]
    options: G,
}

/// The command-line enums of the games: `GAME`, `gen GAME` and `hack GAME`, one variant per
/// game of the list.
macro_rules! game_commands {
    ($($game:ident($short:ident) => $imp:path,)+) => {
        #[derive(Debug, Subcommand)]
        enum StressGame {
            $(
                #[command(about = <$imp as games::StressGame>::STRESS_ABOUT)]
                $game(Stress<<$imp as games::StressGame>::Options>),
            )+
        }

        impl StressGame {
            fn split(self) -> (RunArgs, Options) {
                match self { $(StressGame::$game(s) => (s.run, Options::$short(s.options)),)+ }
            }
        }

        #[derive(Debug, Subcommand)]
        enum HackGame {
            $(
                #[command(about = <$imp as games::StressGame>::HACK_ABOUT)]
                $game(Hack<<$imp as games::StressGame>::Options>),
            )+
        }

        impl HackGame {
            fn split(self) -> (Options, HackBase) {
                match self {
                    $(HackGame::$game(h) => {
                        let (options, base) = h.split();
                        (Options::$short(options), base)
                    })+
                }
            }
        }

        #[derive(Debug, Subcommand)]
        enum GenGame {
            $(
                #[command(about = <$imp as games::StressGame>::GEN_ABOUT)]
                $game(Gen<<$imp as games::StressGame>::Options>),
            )+
        }

        impl GenGame {
            fn split(self) -> (u64, Options) {
                match self { $(GenGame::$game(g) => (g.seed, Options::$short(g.options)),)+ }
            }
        }
    };
}

game_stress::for_each_game!(game_commands);

/// The preset names, each with its summary (listed by `preset --help`).
fn preset_names() -> PossibleValuesParser {
    PossibleValuesParser::new(preset::PRESETS.iter().map(|p| PossibleValue::new(p.name).help(p.summary)))
}

/// An error of the run itself (exit status 1), not of its usage (exit status 2).
#[derive(Debug)]
struct Internal(String);

impl std::fmt::Display for Internal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Internal {}

fn internal(message: String) -> anyhow::Error {
    anyhow::Error::new(Internal(message))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(if e.downcast_ref::<Internal>().is_some() { 1 } else { 2 })
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let (run_args, options) = match cli.command {
        Command::Stress(game) => game.split(),
        Command::Gen { game } => {
            let (seed, options) = game.split();
            options.validate().map_err(anyhow::Error::msg)?;
            std::io::stdout().write_all(options.generate(seed).render().as_bytes())?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Preset { name } => {
            let text = preset::render(&name).context("unknown preset")?;
            std::io::stdout().write_all(text.as_bytes())?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Test(args) => return test(args),
        Command::Hack { game } => {
            let (options, base) = game.split();
            return hack(options, base);
        }
        Command::Expected { game, file } => {
            let input = match file {
                Some(path) => std::fs::read(&path).with_context(|| format!("{}", path.display()))?,
                None => {
                    let mut bytes = Vec::new();
                    std::io::stdin().read_to_end(&mut bytes)?;
                    bytes
                }
            };
            let answer = reference::expected(game, &input).map_err(anyhow::Error::msg)?;
            std::io::stdout().write_all(answer.as_bytes())?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    options.validate().map_err(anyhow::Error::msg)?;
    let limits = run_args.limits.limits()?;
    let game = options.game();
    let seed = run_args.seed.unwrap_or_else(random_seed);
    let config = Config {
        options,
        generator: run_args.shrink.generator,
        solution: run_args.solution,
        cases: run_args.cases,
        seed,
        judge: run_args.judge.judge(game, limits)?,
        jobs: run_args.limits.jobs,
        keep_going: run_args.keep_going,
        out: run_args.out,
        shrink_budget: run_args.shrink.shrink_budget,
        shrink_time: run_args.shrink.shrink_time,
        progress: std::io::stderr().is_terminal(),
    };
    config.preflight().map_err(anyhow::Error::msg)?;
    // A failure that cannot be saved is still reported in full; the exit status is 1 either way.
    let summary = stress::stress(&config, |failure| {
        print!("{}", stress::report(&config, failure));
        if let Some(e) = &failure.save_error {
            eprintln!("warning: {e}");
        }
    })
    .map_err(internal)?;
    let shrinking = if summary.shrinking.is_zero() {
        String::new()
    } else {
        format!(", {:.2} s of it shrinking", summary.shrinking.as_secs_f64())
    };
    println!(
        "{} {} cases, {} failure(s), {:.2} s{shrinking} ({}), seed {}",
        if summary.failures.is_empty() { "OK" } else { "FAILED" },
        summary.cases,
        summary.failures.len(),
        summary.elapsed.as_secs_f64(),
        stress::rate(summary.cases_per_second()),
        config.seed
    );
    Ok(if summary.failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn test(args: TestArgs) -> anyhow::Result<ExitCode> {
    let limits = args.limits.limits()?;
    let judge = args.judge.judge(args.game, limits)?;
    if args.solution.trim().is_empty() {
        bail!("the solution command is empty");
    }
    let default = args.dirs.is_empty();
    let dirs = if default {
        vec![corpus::default_corpus(args.game).map_err(anyhow::Error::msg)?]
    } else {
        args.dirs
    };
    for dir in &dirs {
        if !dir.is_dir() {
            bail!("{}: not a folder", dir.display());
        }
    }
    let selection = if default { corpus::Selection::Manifest } else { corpus::Selection::All };
    let cases = corpus::cases(args.game, &dirs, selection).map_err(anyhow::Error::msg)?;
    let Some(first) = cases.first() else {
        bail!(
            "no NAME.in file in {}",
            dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
        );
    };
    let sample =
        std::fs::read_to_string(&first.input).with_context(|| format!("{}", first.input.display()))?;
    stress::check_solution(&args.solution, &sample, &limits).map_err(anyhow::Error::msg)?;
    let shown: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    println!("{} tests of {}", cases.len(), shown.join(", "));
    let rows = corpus::test(&judge, &args.solution, &cases, args.limits.jobs).map_err(internal)?;
    print!("{}", corpus::table(&rows));
    Ok(if rows.iter().all(corpus::Row::passed) { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// A seed from the clock, when none is given.
fn random_seed() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_007)
}

/// The game-independent part of a `hack` command line.
struct HackBase {
    solutions: Vec<String>,
    reference: Option<String>,
    out: PathBuf,
    cases: u64,
    seed: Option<u64>,
    limits: LimitArgs,
    judge: JudgeArgs,
    shrink: ShrinkArgs,
}

impl<G: Args> Hack<G> {
    fn split(self) -> (G, HackBase) {
        let base = HackBase {
            solutions: self.solutions,
            reference: self.reference,
            out: self.out,
            cases: self.cases,
            seed: self.seed,
            limits: self.limits,
            judge: self.judge,
            shrink: self.shrink,
        };
        (self.options, base)
    }
}

fn hack(options: Options, args: HackBase) -> anyhow::Result<ExitCode> {
    options.validate().map_err(anyhow::Error::msg)?;
    let limits = args.limits.limits()?;
    let game = options.game();
    let mut judge = args.judge.judge(game, limits)?;
    if args.reference.as_ref().is_some_and(|r| r.trim().is_empty()) {
        bail!("the reference command is empty");
    }
    judge.reference = args.reference;
    let config = HackConfig {
        options,
        generator: args.shrink.generator,
        solutions: args.solutions,
        judge,
        cases: args.cases,
        seed: args.seed.unwrap_or_else(random_seed),
        jobs: args.limits.jobs,
        shrink_budget: args.shrink.shrink_budget,
        shrink_time: args.shrink.shrink_time,
    };
    stress::check_writable(&args.out).map_err(|e| anyhow::anyhow!("--out: {e}"))?;
    let first = match &config.generator {
        Some(g) => stress::generated(g, game, case_seed(config.seed, 0), &config.judge.helper_limits())
            .map_err(anyhow::Error::msg)?,
        None => config.options.generate(case_seed(config.seed, 0)),
    };
    let sample = first.render();
    for solution in &config.solutions {
        stress::check_solution(solution, &sample, &limits).map_err(anyhow::Error::msg)?;
    }
    if let Some(reference) = &config.judge.reference {
        stress::check_solution(reference, &sample, &limits)
            .map_err(|e| anyhow::anyhow!("{}", e.replace("solution", "reference")))?;
    }
    let log = |line: &str| eprintln!("{line}");
    let hacked = hack::hack(&config, &log).map_err(internal)?;
    print!("{}", hack::manifest(&config, &hacked));
    for (i, why) in &hacked.reference_failures {
        println!("reference fails {:02}: {why}", i + 1);
    }
    match hack::write(&args.out, &config, &hacked) {
        Ok(_) => {
            println!("written to {}: {} test(s) and manifest.txt", args.out.display(), hacked.tests.len())
        }
        Err(e) => {
            eprintln!("warning: cannot write the tests to {}: {e}", args.out.display());
            return Ok(ExitCode::from(1));
        }
    }
    println!(
        "{} solution(s), {} failed, {} test(s) from {} candidates, {} runs, {:.2} s",
        config.solutions.len(),
        config.solutions.len() - hacked.unfailed.len(),
        hacked.tests.len(),
        hacked.candidates,
        hacked.runs,
        hacked.elapsed.as_secs_f64()
    );
    // The work behind the time, for `cargo xtask bench` (which shows `work:` lines).
    eprintln!("work: {} solution runs, {} cases tried", hacked.runs, hacked.cases_tried);
    let ok = hacked.unfailed.is_empty() && hacked.reference_failures.is_empty();
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
