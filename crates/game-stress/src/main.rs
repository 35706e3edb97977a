//! `game-stress`: the command line. All the work is in the library; this file parses arguments and
//! maps the result to the exit status (0 all cases pass, 1 a failure was found, 2 usage error).

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use anyhow::{Context, bail};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Parser, Subcommand};
use game_stress::generate::{Options, king, lattice, matching, pawn, preset, segment};
use game_stress::run::{Limits, parse_duration};
use game_stress::stress::{self, Config};
use game_stress::{Game, reference};

/// Stress-tests a contest solution against the exact solvers and shrinks the counterexample.
///
/// Runs the solution (a shell command reading the input on stdin) on seeded random inputs, judges
/// each output against the exact answer (AC, WA, TLE, RE, invalid output), stops at the first
/// failure, shrinks it to a minimal failing input and saves it. Exit status: 0 all cases passed,
/// 1 a failure was found, 2 usage error.
#[derive(Debug, Parser)]
#[command(name = "game-stress", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The pawn-pursuit game (`Red k`, `Black k`, `Tie`).
    PawnRetrograde(Stress<pawn::PawnOptions>),
    /// The staircase cell-taking game (optimal score difference).
    LatticeDp(Stress<lattice::LatticeOptions>),
    /// Pawns sliding on a circle (`B`, `C`, `R`).
    SegmentNim(Stress<segment::SegmentOptions>),
    /// The no-revisit king game, HDU 3446 format (`Case #i: daizhenyang win|lose`).
    EdmondsBlossom(Stress<king::KingOptions>),
    /// General maximum matching, Library Checker format (judged by a checker).
    Matching(Stress<matching::MatchingOptions>),
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
    /// Time limit per run: `2s`, `500ms`.
    #[arg(long, default_value = "2s", value_parser = parse_duration)]
    time_limit: Duration,
    /// Memory limit per run in MiB (address space, `ulimit -v`); 0 for none.
    #[arg(long, default_value_t = 2048, value_name = "MIB")]
    memory_limit: u64,
    /// Solutions run in parallel (also while shrinking).
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Go on after a failure (each failure is shrunk and saved).
    #[arg(long)]
    keep_going: bool,
    /// Where failures are saved.
    #[arg(long, default_value = "stress-failures")]
    out: PathBuf,
    /// Most runs of the solution while shrinking one failure (at most 100 for a TLE).
    #[arg(long, default_value_t = 2000)]
    shrink_budget: usize,
}

#[derive(Debug, Args)]
struct Gen<G: Args> {
    /// The case seed (a failure report names it).
    #[arg(long)]
    seed: u64,
    #[command(flatten)]
    options: G,
}

#[derive(Debug, Subcommand)]
enum GenGame {
    /// A pawn-pursuit input.
    PawnRetrograde(Gen<pawn::PawnOptions>),
    /// A staircase board.
    LatticeDp(Gen<lattice::LatticeOptions>),
    /// Sliding-pawn circles.
    SegmentNim(Gen<segment::SegmentOptions>),
    /// King-game boards.
    EdmondsBlossom(Gen<king::KingOptions>),
    /// A general graph.
    Matching(Gen<matching::MatchingOptions>),
}

/// The preset names, each with its summary (listed by `preset --help`).
fn preset_names() -> PossibleValuesParser {
    PossibleValuesParser::new(preset::PRESETS.iter().map(|p| PossibleValue::new(p.name).help(p.summary)))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let (run_args, options) = match cli.command {
        Command::PawnRetrograde(s) => (s.run, Options::Pawn(s.options)),
        Command::LatticeDp(s) => (s.run, Options::Lattice(s.options)),
        Command::SegmentNim(s) => (s.run, Options::Segment(s.options)),
        Command::EdmondsBlossom(s) => (s.run, Options::King(s.options)),
        Command::Matching(s) => (s.run, Options::Matching(s.options)),
        Command::Gen { game } => {
            let (seed, options) = match game {
                GenGame::PawnRetrograde(g) => (g.seed, Options::Pawn(g.options)),
                GenGame::LatticeDp(g) => (g.seed, Options::Lattice(g.options)),
                GenGame::SegmentNim(g) => (g.seed, Options::Segment(g.options)),
                GenGame::EdmondsBlossom(g) => (g.seed, Options::King(g.options)),
                GenGame::Matching(g) => (g.seed, Options::Matching(g.options)),
            };
            options.validate().map_err(anyhow::Error::msg)?;
            std::io::stdout().write_all(options.generate(seed).render().as_bytes())?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Preset { name } => {
            let text = preset::render(&name).context("unknown preset")?;
            std::io::stdout().write_all(text.as_bytes())?;
            return Ok(ExitCode::SUCCESS);
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
    if run_args.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    let seed = run_args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_007)
    });
    let config = Config {
        options,
        solution: run_args.solution,
        cases: run_args.cases,
        seed,
        limits: Limits {
            time: run_args.time_limit,
            memory_mib: (run_args.memory_limit > 0).then_some(run_args.memory_limit),
        },
        jobs: run_args.jobs,
        keep_going: run_args.keep_going,
        out: run_args.out,
        shrink_budget: run_args.shrink_budget,
        progress: std::io::stderr().is_terminal(),
    };
    let summary = stress::stress(&config, |failure| print!("{}", stress::report(&config, failure)))
        .map_err(anyhow::Error::msg)?;
    let shrinking = if summary.shrinking.is_zero() {
        String::new()
    } else {
        format!(", {:.2} s of it shrinking", summary.shrinking.as_secs_f64())
    };
    println!(
        "{} {} cases, {} failure(s), {:.2} s{shrinking} ({:.0} cases/s), seed {}",
        if summary.failures.is_empty() { "OK" } else { "FAILED" },
        summary.cases,
        summary.failures.len(),
        summary.elapsed.as_secs_f64(),
        summary.cases_per_second(),
        config.seed
    );
    Ok(if summary.failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
