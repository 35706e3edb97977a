//! `edmonds-blossom [OPTIONS] [all-starts|matching] [FILE]`: the command-line front end. All logic
//! lives in the library; this file parses arguments, reads the input, and maps errors to exit codes.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use edmonds_blossom::report::{explain, json, text};
use edmonds_blossom::{BoardAnalysis, CertifiedMatching, parse_boards, parse_graph};
use grid_core::MoveSet;
use grid_core::cli::{self, Failure};

const USAGE: &str = "usage: edmonds-blossom [OPTIONS] [all-starts|matching] [FILE]  (see --help)";

/// The no-revisit king game (HDU 3446) and general maximum matching with certificates.
///
/// Without a subcommand: HDU 3446 boards, one `Case #i: daizhenyang win|lose` line per board.
#[derive(Debug, Parser)]
#[command(name = "edmonds-blossom", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    mode: Option<Mode>,
    #[command(flatten)]
    board: BoardArgs,
}

#[derive(Debug, Subcommand)]
enum Mode {
    /// Every free cell as a start, from one matching: `Case #i:` then rows of W / L / #.
    AllStarts(BoardArgs),
    /// Maximum matching of a general graph (`N M` then M lines `u v`): the size, then the edges.
    Matching(MatchingArgs),
}

#[derive(Debug, Args)]
struct BoardArgs {
    /// The king's moves.
    #[arg(long, value_enum, default_value_t = Moves::King20)]
    moves: Moves,
    /// Print JSON instead of the plain answer.
    #[arg(long, conflicts_with = "explain")]
    json: bool,
    /// Explain each answer.
    #[arg(long)]
    explain: bool,
    /// Input file (standard input when absent or `-`).
    file: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct MatchingArgs {
    /// Also print the Gallai-Edmonds classes D, A, C (verified Tutte-Berge certificate).
    #[arg(long)]
    certificate: bool,
    /// Print JSON instead of the plain answer.
    #[arg(long, conflicts_with = "explain")]
    json: bool,
    /// Explain the answer and its certificate.
    #[arg(long)]
    explain: bool,
    /// Input file (standard input when absent or `-`).
    file: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Moves {
    /// 8 neighbours, 4 double diagonals, 8 knight jumps.
    King20,
    /// Up, down, left, right (the bipartite version).
    Orth4,
}

impl Moves {
    fn set(self) -> MoveSet {
        match self {
            Moves::King20 => MoveSet::KING20,
            Moves::Orth4 => MoveSet::ORTH4,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Moves::King20 => "king20",
            Moves::Orth4 => "orth4",
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::run(|out| run(cli, out))
}

fn run(cli: Cli, out: &mut impl Write) -> Result<(), Failure> {
    match cli.mode {
        None => run_boards(&cli.board, false, out),
        Some(Mode::AllStarts(args)) => run_boards(&args, true, out),
        Some(Mode::Matching(args)) => run_matching(&args, out),
    }
}

fn input(file: Option<&PathBuf>) -> Result<Vec<u8>, Failure> {
    cli::read(file.map(PathBuf::as_path), USAGE)
}

fn run_boards(args: &BoardArgs, all_starts: bool, out: &mut impl Write) -> Result<(), Failure> {
    let bytes = input(args.file.as_ref())?;
    let boards = parse_boards(&bytes)?;
    drop(bytes);
    let mut records = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        let case = i + 1;
        let analysis =
            BoardAnalysis::new(board, args.moves.set()).map_err(|e| Failure::Internal(e.to_string()))?;
        match (args.json, args.explain, all_starts) {
            (true, _, false) => records.push(serde_json::to_value(json::VerdictJson::new(case, &analysis))),
            (true, _, true) => {
                records.push(serde_json::to_value(json::OutcomeGridJson::new(case, &analysis)))
            }
            (false, true, false) => explain::write_verdict(out, case, &analysis, args.moves.name())?,
            (false, true, true) => explain::write_outcome_grid(out, case, &analysis, args.moves.name())?,
            (false, false, false) => text::write_verdict(out, case, &analysis)?,
            (false, false, true) => text::write_outcome_grid(out, case, &analysis)?,
        }
    }
    if args.json {
        let cases: Vec<_> =
            records.into_iter().collect::<Result<_, _>>().map_err(|e| Failure::Internal(e.to_string()))?;
        let document = serde_json::json!({ "moves": args.moves.name(), "cases": cases });
        serde_json::to_writer_pretty(&mut *out, &document).map_err(|e| Failure::from(io::Error::from(e)))?;
        writeln!(out)?;
    }
    Ok(())
}

fn run_matching(args: &MatchingArgs, out: &mut impl Write) -> Result<(), Failure> {
    let bytes = input(args.file.as_ref())?;
    let graph = parse_graph(&bytes)?;
    drop(bytes);
    if !(args.certificate || args.json || args.explain) {
        // The plain answer needs no certificate: skip the decomposition.
        return Ok(text::write_matching(out, &edmonds_blossom::maximum_matching(&graph))?);
    }
    let certified = CertifiedMatching::new(&graph).map_err(|e| Failure::Internal(e.to_string()))?;
    if args.json {
        let record = json::MatchingJson::new(&graph, &certified, args.certificate);
        serde_json::to_writer_pretty(&mut *out, &record).map_err(|e| Failure::from(io::Error::from(e)))?;
        writeln!(out)?;
    } else if args.explain {
        explain::write_matching(out, &graph, &certified)?;
    } else {
        text::write_matching(out, &certified.matching)?;
        text::write_classes(out, &certified.decomposition)?;
    }
    Ok(())
}
