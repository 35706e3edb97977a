//! The default mode: the start position's value (the judge's answer), explained, or as a report,
//! with the sweep's progress and checkpoints, in one process or as one rank of an MPI job.

use std::io::Write;
use std::process::ExitCode;

use grid_core::cli::args::Format;
use grid_core::cli::driver::{Request, Source};
use grid_core::cli::{self, Failure};
use lattice_dp::progress::{LayerBar, Shown};
use lattice_dp::solve::distributed::checkpoint::Checkpoints;
use lattice_dp::{Mode, Options, Plan, parse_board, parse_positions, solve_with};

use super::answer_output::write_answer;
use super::distributed;
use super::failure::{solve_failure, usage_error};
use super::interrupt;
use super::options::{AnswerArgs, SolveArgs};
use super::resume_note::ResumeNote;

/// Runs the default mode: checks the checkpoint options, then solves in this process or, with
/// `--distributed`, as one rank of an MPI job.
pub fn run(request: Request<AnswerArgs>) -> ExitCode {
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
        let sweep = distributed::Sweep { args: &args.solve, min_share: args.min_share() };
        return distributed::main(&request.input, sweep, checkpoints.as_ref(), request.format);
    }
    cli::run(|out| answer(&request.input, &args.solve, checkpoints.as_ref(), request.format, out))
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
    let board = parse_board(&input).map_err(|e| {
        cli::default_mode_error("lattice-dp", e, &input, |input| parse_positions(input).is_ok())
    })?;
    let mode = if format == Format::Plain { Mode::ValueOnly } else { Mode::WithGame };
    let stop = interrupt::flag();
    let options = Options {
        mode,
        memory_limit: args.memory_limit(),
        width: args.width(),
        stop: Some(stop),
        checkpoints,
        ..Options::new(mode)
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
    let mut bar = LayerBar::for_stderr(Shown::from_flag(args.progress));
    let mut resumed = ResumeNote::new(checkpoints, (1, 0));
    let solution = solve_with(&board, options, &mut |p| {
        resumed.note(p);
        bar.update(p)
    });
    bar.finish();
    let solution = solution.map_err(|e| solve_failure(e, board.rows(), board.cols()))?;
    write_answer(&board, solution, format, out)
}
