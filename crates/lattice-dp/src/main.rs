//! `lattice-dp`: the staircase cell-taking game, on the shared command line of
//! [`grid_core::cli::driver`], with its own options (memory, value width, progress, checkpoints,
//! MPI) and its own subcommand `plan`.

use std::cell::RefCell;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Subcommand;
use grid_core::cli::args::{Format, InputArgs};
use grid_core::cli::driver::{self, Invocation, PlayRequest, Source, Texts};
use grid_core::cli::memory::MemoryArgs;
use grid_core::cli::{self, Failure, write_json_line};
use lattice_dp::explain::explain;
use lattice_dp::play::LatticePlay;
use lattice_dp::progress::{LayerBar, Piped};
use lattice_dp::query::{self, Position};
use lattice_dp::solve::checkpoint::Checkpoints;
use lattice_dp::{
    Mode, Options, Plan, QueryOptions, SolveError, ValueWidth, parse_board, parse_positions, solve_with,
};

const TEXTS: Texts = Texts {
    name: "lattice-dp",
    version: env!("CARGO_PKG_VERSION"),
    about: "Exact value of the staircase cell-taking game (Young-diagram minimax) on an n x m board: two \
            players alternately take a cell, the first player first, until the board is full; a cell may \
            be taken once every cell above it and left of it is taken; each maximises (own total - other's).",
    input: "\
`n m`, then n rows of m values A (worth it to the first player), then n rows of m
values B (to the second player); n, m >= 1, n + m <= 40, n*m <= 400, values 0..=10^9.",
    answers: "\
the first player's total minus the second's under optimal play. --explain: one optimal
game move by move, the board drawn with each free cell's values A/B; --json: one line {\"game\",
\"board\", \"to_move\", \"score\", \"taken\", \"pv\", \"moves\"} (docs/REPORT.md). Cells are `row,column`,
1-based, row 1 at the top.",
    query_input: "\
the default input, then optionally a line `taken l1 ... ln`: the row lengths of the
taken cells (top row first, non-increasing, each at most m; default: nothing taken); several
positions may follow each other. The side to move is `first` when the number of taken cells is
even, else `second`.",
    query_output: "\
per position, `Position N (n×m), SIDE to move: score S`, S the best (mover's
future gain - opponent's future gain), then every takeable cell `row,column` (1-based) with the
score it leads to for the mover: its gain minus the score of the position after it. --explain
draws the board first; --json: one JSON object per position (docs/REPORT.md).",
    play: "\
the first position of FILE (query format) against the solver.
Sides: `first` or `second` (--as; default: the side to move). Type a cell as `row,column`
(1-based, e.g. `1,1`; also `1 1` or `(1,1)`), or hint, undo, quit, help. The board shows each free cell's values A/B, and F
(taken by first), S (by second) or x (taken before the game) on the others. The solver takes the
cell with the highest score; each turn costs one solve of the cells still free.",
};

/// The default mode's own options: the sweep, its checkpoints, and the MPI job.
#[derive(Debug, clap::Args)]
struct AnswerArgs {
    #[command(flatten)]
    solve: SolveArgs,
    #[command(flatten)]
    checkpoints: CheckpointArgs,
    /// Run as one rank of an MPI job: `mpirun -np P lattice-dp --distributed [OPTIONS] FILE`. Each
    /// rank computes its share of every layer; rank 0 reads the input and prints the answer, as a
    /// single process does. Each rank's plan must fit --memory-limit (default: the memory available
    /// shared among the ranks of its host). Needs a build with `--features mpi`.
    #[arg(long)]
    distributed: bool,
}

/// lattice-dp's own subcommand.
#[derive(Debug, Subcommand)]
enum Own {
    /// The memory and traffic of a distributed solve on P ranks, without solving.
    ///
    /// Prints, for the board of FILE (the default input) and P ranks: each rank's largest share of
    /// a layer, what it holds of a next layer with the rows it receives, the states it receives in
    /// all and its peak bytes; the states exchanged per layer and in all; and whether each rank's
    /// peak fits --memory-limit.
    Plan {
        /// The number of ranks.
        #[arg(long, value_name = "P", value_parser = clap::value_parser!(u16).range(1..=4096))]
        ranks: u16,
        #[command(flatten)]
        solve: SolveArgs,
        #[command(flatten)]
        input: InputArgs,
    },
}

/// How the sweep runs: its memory, its value width, its progress.
#[derive(Debug, Clone, clap::Args)]
struct SolveArgs {
    /// The memory a solve may plan (the two layers of values, the tables, and for the optimal game one
    /// byte per state, or when that does not fit, the steps of as many layers as fit, one sweep each
    /// time).
    #[command(flatten)]
    memory: MemoryArgs,
    /// Bytes per stored value: 4, 5 or 8 [default: 4 when the largest value plus the larger player's
    /// sum is below 2^31, else 8 when those layers take at most half the memory limit, else 5
    /// (packed: less memory, a little slower)]. A width too narrow for the board (4 bytes hold a
    /// bound below 2^31, 5 bytes below 2^39) is refused before solving, with the smallest width
    /// that holds it.
    #[arg(long, value_name = "N", value_parser = ["4", "5", "8"])]
    value_bytes: Option<String>,
    /// Show the progress (states done, states/s, ETA) on stderr even when it is not a terminal;
    /// with --distributed, each rank then also reports its peak resident memory and traffic
    /// against its plan.
    #[arg(long)]
    progress: bool,
}

/// Checkpoints of the default mode's sweep.
#[derive(Debug, Clone, clap::Args)]
struct CheckpointArgs {
    /// Write checkpoints into DIR (made if missing): each rank's values of the last layer finished,
    /// atomically, every --checkpoint-minutes or --checkpoint-layers; a solve killed at any point
    /// continues with --resume DIR. The value only: not with --json or --explain.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<PathBuf>,
    /// Continue from the newest layer every rank finished in DIR (a checkpoint of another board,
    /// another number of ranks or width, or a torn or corrupted file is refused), and go on
    /// writing checkpoints there.
    #[arg(long, value_name = "DIR")]
    resume: Option<PathBuf>,
    /// Write a checkpoint every N layers as well.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    checkpoint_layers: Option<u64>,
    /// Write a checkpoint once M minutes have passed since the last one [default: 10].
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(1..))]
    checkpoint_minutes: Option<u64>,
}

impl CheckpointArgs {
    /// The checkpoints asked for, if any.
    fn checkpoints(&self) -> Result<Option<Checkpoints>, Failure> {
        let dir = match (&self.checkpoint, &self.resume) {
            (Some(a), Some(b)) if a != b => {
                return Err(Failure::Usage(
                    "error: --resume DIR goes on writing checkpoints into DIR: give --checkpoint the same folder or leave it out".into(),
                ));
            }
            (_, Some(dir)) | (Some(dir), None) => dir.clone(),
            (None, None) => {
                if self.checkpoint_layers.is_some() || self.checkpoint_minutes.is_some() {
                    return Err(Failure::Usage(
                        "error: --checkpoint-layers and --checkpoint-minutes need --checkpoint DIR".into(),
                    ));
                }
                return Ok(None);
            }
        };
        let every =
            self.checkpoint_minutes.map_or(Checkpoints::DEFAULT_PERIOD, |m| Duration::from_secs(60 * m));
        Ok(Some(Checkpoints {
            dir,
            every_layers: self.checkpoint_layers.map(|n| n as usize),
            every,
            resume: self.resume.is_some(),
        }))
    }
}

impl SolveArgs {
    /// The memory limit: the option, else what the machine has available.
    fn memory_limit(&self) -> Option<u64> {
        Some(self.memory.limit())
    }

    fn width(&self) -> Option<ValueWidth> {
        self.value_bytes.as_deref().map(|b| match b {
            "4" => ValueWidth::Four,
            "5" => ValueWidth::Five,
            _ => ValueWidth::Eight,
        })
    }
}

/// `--distributed`: one rank of an MPI job.
mod distributed {
    use super::*;

    /// Runs this rank: rank 0 reports like a single process, the others only by exit status.
    #[cfg(feature = "mpi")]
    pub fn main(
        input: &Source,
        args: &SolveArgs,
        checkpoints: Option<&Checkpoints>,
        format: Format,
    ) -> ExitCode {
        let Some(mut ranks) = lattice_dp::mpi::MpiRanks::init() else {
            return usage_error("MPI could not be initialised: run lattice-dp --distributed under mpirun");
        };
        use lattice_dp::solve::exchange::Exchange;
        if ranks.rank() == 0 {
            cli::run(|out| answer(&mut ranks, input, args, checkpoints, format, out))
        } else {
            let result = answer(&mut ranks, input, args, checkpoints, format, &mut std::io::sink());
            cli::report(result, &mut std::io::sink())
        }
    }

    /// Without the `mpi` feature: a usage error.
    #[cfg(not(feature = "mpi"))]
    pub fn main(_: &Source, _: &SolveArgs, _: Option<&Checkpoints>, _: Format) -> ExitCode {
        usage_error(
            "this lattice-dp was built without MPI: cargo build --release -p lattice-dp --features mpi (docs in README.md)",
        )
    }

    /// The default mode as one rank: every rank makes the same collective calls, so an input error
    /// or a plan that does not fit stops every rank at the same point.
    #[cfg(feature = "mpi")]
    fn answer(
        ranks: &mut lattice_dp::mpi::MpiRanks,
        input: &Source,
        args: &SolveArgs,
        checkpoints: Option<&Checkpoints>,
        format: Format,
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        use lattice_dp::solve::exchange::Exchange;
        let me = ranks.rank();
        let read = if me == 0 { input.read() } else { Ok(Vec::new()) };
        if ranks.max(i64::from(read.is_err())) > 0 {
            return Err(read.err().unwrap_or_else(|| Failure::Usage(String::new())));
        }
        let bytes = ranks.broadcast(&read?);
        let board = parse_board(&bytes)?;
        drop(bytes);
        let (n, m) = (board.rows(), board.cols());
        lattice_dp::solve::check_width(&board, args.width()).map_err(|e| solve_failure(e, n, m))?;
        let mode = if format == Format::Plain { Mode::ValueOnly } else { Mode::WithGame };
        let plan = Plan::for_ranks(&board, mode, args.width(), ranks.ranks());
        let limit =
            args.memory.bytes.unwrap_or_else(|| grid_core::cli::memory::default_limit() / local_ranks());
        let mine = plan.ranks[me].peak_bytes;
        if ranks.max(i64::from(mine > limit)) > 0 {
            let (worst, most) = plan
                .ranks
                .iter()
                .enumerate()
                .map(|(r, p)| (r, p.peak_bytes))
                .max_by_key(|&(_, b)| b)
                .unwrap_or((0, 0));
            return Err(Failure::Usage(format!(
                "error: board {n}x{m} on {} ranks: rank {worst} needs about {} but the memory limit of a rank is {} (lattice-dp plan --ranks P shows each rank's share; more ranks or --memory-limit BYTES)",
                ranks.ranks(),
                lattice_dp::solve::bytes(most),
                lattice_dp::solve::bytes(limit)
            )));
        }
        let options = Options {
            mode,
            memory_limit: None,
            width: Some(plan.width),
            stop: Some(interrupt::flag()),
            checkpoints,
        };
        let mut bar =
            LayerBar::for_stderr(if args.progress && me == 0 { Piped::Lines } else { Piped::Silent });
        let solved = lattice_dp::solve_distributed(&board, options, ranks, &mut |p| bar.update(p));
        bar.finish();
        let solved = solved.map_err(|e| solve_failure(e, n, m))?;
        if args.progress {
            // Each rank's own figures, to hold against its plan.
            let traffic = solved.traffic;
            // One write, so that the ranks' lines do not interleave.
            let line = format!(
                "lattice-dp: rank {me} of {}: peak resident {}, planned {}; received {} states in {} rounds (planned {})\n",
                ranks.ranks(),
                peak_resident().map_or_else(|| "unknown".to_string(), lattice_dp::solve::bytes),
                lattice_dp::solve::bytes(plan.ranks[me].peak_bytes),
                traffic.received_states,
                traffic.rounds,
                plan.ranks[me].received_states
            );
            let _ = std::io::stderr().write_all(line.as_bytes());
        }
        write_answer(&board, solved.solution, format, out)
    }

    /// This process's peak resident memory (`VmHWM` of /proc/self/status), when the system says.
    #[cfg(feature = "mpi")]
    fn peak_resident() -> Option<u64> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib << 10)
    }

    /// The ranks of this job on this host (Open MPI's `OMPI_COMM_WORLD_LOCAL_SIZE`, else 1): they
    /// share its memory.
    #[cfg(feature = "mpi")]
    fn local_ranks() -> u64 {
        std::env::var("OMPI_COMM_WORLD_LOCAL_SIZE")
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&r| r > 0)
            .unwrap_or(1)
    }
}

/// Ctrl-C: the first one asks the sweep to stop at the next layer boundary, a second one exits.
mod interrupt {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicBool, Ordering};

    static STOP: AtomicBool = AtomicBool::new(false);
    static INSTALLED: OnceLock<()> = OnceLock::new();

    /// The stop flag, with the Ctrl-C handler installed (once). Without a handler (it could not be
    /// installed) the flag is simply never set and Ctrl-C ends the process as usual.
    pub fn flag() -> &'static AtomicBool {
        INSTALLED.get_or_init(|| {
            let _ = ctrlc::set_handler(|| {
                if STOP.swap(true, Ordering::Relaxed) {
                    std::process::exit(130);
                }
                eprintln!("\nlattice-dp: stopping at the end of this layer (Ctrl-C again to quit now)");
            });
        });
        &STOP
    }
}

/// The refusal of a solve that does not fit, or the message of an interrupted one.
fn solve_failure(e: SolveError, n: usize, m: usize) -> Failure {
    match e {
        SolveError::TooLarge { .. } => Failure::Usage(format!(
            "error: board {n}x{m}: {e} (--memory-limit BYTES raises it; --json and --explain need at least one more byte per state of the largest layer)"
        )),
        SolveError::WidthTooNarrow { width, needed, .. } => Failure::Usage(format!(
            "error: board {n}x{m}: --value-bytes {}: {e} (use --value-bytes {} or more, or leave the width to the solver)",
            width.bytes(),
            needed.bytes()
        )),
        SolveError::Interrupted { .. } | SolveError::Checkpoint(_) => Failure::Usage(format!("error: {e}")),
    }
}

const PLAN_USAGE: &str = "usage: lattice-dp plan --ranks P [OPTIONS] [FILE]";

fn main() -> ExitCode {
    match driver::parse::<AnswerArgs, SolveArgs, SolveArgs, Own>(&TEXTS) {
        Invocation::Answer(request) => {
            let args = request.own;
            let checkpoints = match args.checkpoints.checkpoints() {
                Ok(checkpoints) => checkpoints,
                Err(e) => return cli::report(Err(e), &mut std::io::stderr().lock()),
            };
            if checkpoints.is_some() && request.format != Format::Plain {
                return usage_error(
                    "checkpoints keep the values of a layer, not the optimal game: no --json or --explain",
                );
            }
            if args.distributed {
                return distributed::main(&request.input, &args.solve, checkpoints.as_ref(), request.format);
            }
            cli::run(|out| answer(&request.input, &args.solve, checkpoints.as_ref(), request.format, out))
        }
        Invocation::Query(request) => {
            cli::run(|out| run_query(&request.input, &request.own, request.format, out))
        }
        Invocation::Play(request) => cli::run(|out| run_play(&request, out)),
        Invocation::Own(Own::Plan { ranks, solve, input }) => {
            cli::run(|out| run_plan(&Source::new(input.file, PLAN_USAGE), usize::from(ranks), &solve, out))
        }
    }
}

/// Reports a usage error (exit status 2).
fn usage_error(message: &str) -> ExitCode {
    cli::report(Err(Failure::Usage(format!("error: {message}"))), &mut std::io::stderr().lock())
}

/// `plan --ranks P`: the distributed plan of the board, without solving. It reads only the
/// board's shape, so it takes boards beyond the solver's limits (up to 22×22: see
/// `board::MAX_PLAN_PERIMETER`).
fn run_plan(input: &Source, ranks: usize, args: &SolveArgs, out: &mut impl Write) -> Result<(), Failure> {
    let input = input.read()?;
    let shape = lattice_dp::parse_shape(&input)?;
    let (n, m) = (shape.rows(), shape.cols());
    lattice_dp::solve::check_shape_width(&shape, args.width()).map_err(|e| solve_failure(e, n, m))?;
    let single = Plan::for_shape(&shape, Mode::ValueOnly, args.width(), None);
    let plan = Plan::for_ranks_of_shape(&shape, Mode::ValueOnly, args.width(), ranks);
    let limit = args.memory.bytes;
    out.write_all(lattice_dp::solve::plan_text(&shape, &single, &plan, limit).as_bytes())?;
    Ok(())
}

/// The default mode: the start position's value (the judge's answer), explained, or as a report.
fn answer(
    input: &Source,
    args: &SolveArgs,
    checkpoints: Option<&Checkpoints>,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let input = input.read()?;
    let board = parse_board(&input)?;
    let mode = if format == Format::Plain { Mode::ValueOnly } else { Mode::WithGame };
    let stop = interrupt::flag();
    let options = Options {
        mode,
        memory_limit: args.memory_limit(),
        width: args.width(),
        stop: Some(stop),
        checkpoints,
    };
    if args.progress && mode == Mode::WithGame {
        let plan = Plan::new(&board, mode, options.width, options.memory_limit);
        if plan.game_passes > 0 {
            let passes = plan.game_passes;
            eprintln!(
                "lattice-dp: the optimal game takes {passes} pass{} ({} of best steps at a time)",
                if passes == 1 { "" } else { "es" },
                lattice_dp::solve::bytes(plan.game_bytes)
            );
        }
    }
    let mut bar = LayerBar::for_stderr(if args.progress { Piped::Lines } else { Piped::Silent });
    let solution = solve_with(&board, options, &mut |p| bar.update(p));
    bar.finish();
    let solution = solution.map_err(|e| solve_failure(e, board.rows(), board.cols()))?;
    write_answer(&board, solution, format, out)
}

/// The answer of the default mode: the value, the explained game, or the report.
fn write_answer(
    board: &lattice_dp::Board,
    solution: lattice_dp::Solution,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let game = solution.moves.unwrap_or_default();
    match format {
        Format::Plain => writeln!(out, "{}", solution.value)?,
        Format::Explain => out.write_all(explain(board, solution.value, &game).as_bytes())?,
        Format::Json => {
            let report = query::start_report(&Position::start(board.clone()), solution.value, &game);
            write_json_line(out, &report)?;
        }
    }
    Ok(())
}

/// `query`: every position of the input, as text or JSON Lines.
fn run_query(input: &Source, args: &SolveArgs, format: Format, out: &mut impl Write) -> Result<(), Failure> {
    let input = input.read()?;
    let positions = parse_positions(&input)?;
    let limit = args.memory_limit();
    for position in &positions {
        let board = position.board();
        lattice_dp::solve::check_width(board, args.width())
            .map_err(|e| solve_failure(e, board.rows(), board.cols()))?;
        // A query picks its width without a limit (4 or 8 bytes), as `child_values` does.
        let plan = Plan::new(board, Mode::ValueOnly, None, None);
        if let Some(limit) = limit.filter(|&limit| plan.total() > limit) {
            return Err(solve_failure(SolveError::TooLarge { plan, limit }, board.rows(), board.cols()));
        }
    }
    for (i, position) in positions.iter().enumerate() {
        let bar =
            RefCell::new(LayerBar::for_stderr(if args.progress { Piped::Lines } else { Piped::Silent }));
        let progress = |p| bar.borrow_mut().update(p);
        let options = QueryOptions { number: i + 1, progress: Some(&progress), stop: None };
        let report = grid_core::stop::unstoppable(query::query(position, &options));
        bar.into_inner().finish();
        match format {
            Format::Json => write_json_line(out, &report)?,
            Format::Plain => query::write_text(out, position, &report)?,
            Format::Explain => {
                let marks = lattice_dp::play::PlayPosition::new(position.clone()).marks;
                out.write_all(lattice_dp::explain::draw_board(position.board(), &marks).as_bytes())?;
                query::write_text(out, position, &report)?;
            }
        }
        out.flush()?;
    }
    Ok(())
}

/// `play`: a session against the solver from the first position of FILE.
fn run_play(request: &PlayRequest<SolveArgs>, out: &mut impl Write) -> Result<(), Failure> {
    let start = request.first(parse_positions(&request.read()?)?)?;
    let board = start.board();
    lattice_dp::solve::check_width(board, request.own.width())
        .map_err(|e| solve_failure(e, board.rows(), board.cols()))?;
    let mut game = LatticePlay::new();
    let start = game.start(start);
    request.play(&mut game, start, out)
}
