//! `--distributed`: the default mode as one rank of an MPI job.

use std::process::ExitCode;

#[cfg(feature = "mpi")]
use std::io::Write;

use grid_core::cli::args::Format;
use grid_core::cli::driver::Source;
#[cfg(feature = "mpi")]
use grid_core::cli::{self, Failure};
#[cfg(feature = "mpi")]
use lattice_dp::progress::{LayerBar, Shown};
use lattice_dp::solve::distributed::checkpoint::Checkpoints;
#[cfg(feature = "mpi")]
use lattice_dp::{Mode, Options, Plan, parse_board};

#[cfg(feature = "mpi")]
use super::answer_output::write_answer;
use super::failure::usage_error;
#[cfg(feature = "mpi")]
use super::failure::{ranks_that_fit, solve_failure};
#[cfg(feature = "mpi")]
use super::interrupt;
use super::options::SolveArgs;
#[cfg(feature = "mpi")]
use super::resume_note::ResumeNote;

/// How the distributed sweep runs: the sweep's options and the ranks' minimum share.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "mpi"), expect(dead_code, reason = "only the MPI runner reads it"))]
pub struct Sweep<'a> {
    /// The sweep's options, as a single process takes them.
    pub args: &'a SolveArgs,
    /// `--min-share`.
    pub min_share: u64,
}

/// Runs this rank: rank 0 reports like a single process, the others only by exit status.
#[cfg(feature = "mpi")]
pub fn main(input: &Source, sweep: Sweep<'_>, checkpoints: Option<&Checkpoints>, format: Format) -> ExitCode {
    let Some(mut ranks) = lattice_dp::solve::distributed::mpi::MpiRanks::init() else {
        return usage_error(
            "MPI could not be initialised: run it under mpirun (mpirun -np P lattice-dp-mpi --distributed FILE)",
        );
    };
    use lattice_dp::solve::distributed::exchange::Exchange;
    if ranks.rank() == 0 {
        cli::run(|out| answer(&mut ranks, input, sweep, checkpoints, format, out))
    } else {
        let result = answer(&mut ranks, input, sweep, checkpoints, format, &mut std::io::sink());
        cli::report(result, &mut std::io::sink())
    }
}

/// Without the `mpi` feature: a usage error.
#[cfg(not(feature = "mpi"))]
pub fn main(_: &Source, _: Sweep<'_>, _: Option<&Checkpoints>, _: Format) -> ExitCode {
    usage_error(
        "this lattice-dp was built without MPI: cargo build --release -p lattice-dp --features mpi --bin lattice-dp-mpi builds target/release/lattice-dp-mpi (docs in crates/lattice-dp/README.md)",
    )
}

/// The default mode as one rank: every rank makes the same collective calls, so an input error
/// or a plan that does not fit stops every rank at the same point.
#[cfg(feature = "mpi")]
fn answer(
    ranks: &mut lattice_dp::solve::distributed::mpi::MpiRanks,
    input: &Source,
    sweep: Sweep<'_>,
    checkpoints: Option<&Checkpoints>,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    use lattice_dp::solve::distributed::exchange::Exchange;
    let args = sweep.args;
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
    let limit = args.memory.bytes.unwrap_or_else(|| grid_core::cli::memory::default_limit() / local_ranks());
    // Refused at once when no number of ranks fits (the partition of a big board takes minutes).
    let single = Plan::new(&board, mode, args.width(), None);
    if ranks.max(i64::from(single.ranks_to_fit(limit).is_none())) > 0 {
        return Err(Failure::TooLarge(format!(
            "error: board {n}x{m} on {} ranks: the memory limit of a rank is {} ({})",
            ranks.ranks(),
            lattice_dp::solve::bytes(limit),
            ranks_that_fit(&single, limit)
        )));
    }
    let plan = Plan::for_ranks(&board, mode, args.width(), ranks.ranks(), sweep.min_share);
    let mine = plan.ranks[me].peak_bytes;
    if ranks.max(i64::from(mine > limit)) > 0 {
        let (worst, most) = plan
            .ranks
            .iter()
            .enumerate()
            .map(|(r, p)| (r, p.peak_bytes))
            .max_by_key(|&(_, b)| b)
            .unwrap_or((0, 0));
        return Err(Failure::TooLarge(format!(
            "error: board {n}x{m} on {} ranks: rank {worst} needs about {} but the memory limit of a rank is {} (lattice-dp plan --ranks P shows each rank's share; more ranks or --memory-limit BYTES; {})",
            ranks.ranks(),
            lattice_dp::solve::bytes(most),
            lattice_dp::solve::bytes(limit),
            ranks_that_fit(&single, limit)
        )));
    }
    if plan.ranks[me].most_owned == 0 {
        // One write, so that the ranks' lines do not interleave.
        let line = format!(
            "lattice-dp: rank {me} of {} stays idle: no layer of this board gives {} ranks at least --min-share {} states each (a smaller --min-share shares the layers with more ranks)\n",
            ranks.ranks(),
            me + 1,
            sweep.min_share
        );
        eprint!("{line}");
    }
    let options = Options {
        mode,
        memory_limit: None,
        width: Some(plan.width),
        stop: Some(interrupt::flag()),
        checkpoints,
        min_share: sweep.min_share,
    };
    let mut bar = LayerBar::for_stderr(Shown::from_flag(args.progress && me == 0));
    let mut resumed = ResumeNote::new(checkpoints.filter(|_| me == 0), (ranks.ranks(), me));
    let solved = lattice_dp::solve_distributed(&board, options, ranks, &mut |p| {
        resumed.note(p);
        bar.update(p)
    });
    bar.finish();
    let solved = solved.map_err(|e| solve_failure(e, n, m))?;
    if args.progress {
        // Each rank's own figures, to hold against its plan.
        let traffic = solved.traffic;
        let planned = plan.ranks[me].peak_bytes;
        // The peak against the plan, exactly (the sizes are rounded for people).
        let (peak, ratio) = match peak_resident() {
            Some(peak) => {
                (lattice_dp::solve::bytes(peak), format!(" ({:.3} x)", peak as f64 / planned.max(1) as f64))
            }
            None => ("unknown".to_string(), String::new()),
        };
        // One write, so that the ranks' lines do not interleave.
        let line = format!(
            "lattice-dp: rank {me} of {}: peak resident {peak}, planned {}{ratio}; received {} states in {} rounds (planned {})\n",
            ranks.ranks(),
            lattice_dp::solve::bytes(planned),
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
