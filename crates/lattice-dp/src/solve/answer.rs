//! The default answer: the value of a board and, when asked, one optimal game, in this process
//! ([`Sweep`]), or as the one rank of the distributed sweep when it writes checkpoints.

use std::ops::Range;
use std::sync::atomic::AtomicBool;

use super::census::Tally;
use super::distributed::{Alone, solve_distributed};
use super::game;
use super::layer;
use super::options::{Options, SolveError, check_width};
use super::plan::{Plan, layer_sizes};
use super::split::Split;
use super::sweep::{Sweep, replay};
use super::types::{Mode, Progress, Solution};
use super::value::{Packed40, Stored, ValueWidth};
use crate::board::Board;
use crate::path::{self, LatticePath};

/// The value of `board` under optimal play.
pub fn value(board: &Board) -> i64 {
    solve(board, Mode::ValueOnly, &mut |_| {}).value
}

/// Solves `board`, reporting each finished layer to `on_progress` (no memory limit, no stop).
pub fn solve(board: &Board, mode: Mode, on_progress: &mut dyn FnMut(Progress)) -> Solution {
    match solve_with(board, Options::new(mode), on_progress) {
        Ok(solution) => solution,
        Err(e) => unreachable!("a solve without limit nor stop flag cannot fail: {e}"),
    }
}

/// Solves `board` under `options`, reporting each finished layer to `on_progress`.
///
/// # Errors
/// Before anything large is allocated: [`SolveError::WidthTooNarrow`] when the width asked for
/// cannot hold the board's values, [`SolveError::TooLarge`] when the plan exceeds the memory
/// limit. [`SolveError::Interrupted`] when the stop flag was set.
pub fn solve_with(
    board: &Board,
    options: Options<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Solution, SolveError> {
    let plan = checked_plan(board, &options)?;
    if options.checkpoints.is_some() {
        let options = Options { width: Some(plan.width), ..options };
        return solve_distributed(board, options, &mut Alone, on_progress).map(|rank| rank.solution);
    }
    solve_planned::<()>(board, &plan, options, on_progress).map(|(solution, _)| solution)
}

/// [`solve_with`] in this process, with every state's value counted by `T` ([`super::census`]): the
/// solution and the tally of each layer `0..=n·m` (the full board's one state, worth 0, counted
/// too). The values are counted in the first pass, the full sweep; a game recorded in several
/// passes ([`Plan::game_passes`]) counts nothing in the others.
///
/// # Errors
/// As [`solve_with`]; [`SolveError::Checkpoint`] when checkpoints are asked for (a sweep resumed
/// from a checkpoint never computes the layers above it, so it cannot count them).
pub fn solve_counting<T: Tally>(
    board: &Board,
    options: Options<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<(Solution, Vec<T>), SolveError> {
    if options.checkpoints.is_some() {
        return Err(SolveError::Checkpoint(
            "the values are counted in one sweep in this process: not with checkpoints".into(),
        ));
    }
    let plan = checked_plan(board, &options)?;
    solve_planned::<T>(board, &plan, options, on_progress)
}

/// The plan of a solve under `options`, once its width and memory limit are checked.
fn checked_plan(board: &Board, options: &Options<'_>) -> Result<Plan, SolveError> {
    check_width(board, options.width)?;
    let plan = Plan::new(board, options.mode, options.width, options.memory_limit);
    match options.memory_limit.filter(|&limit| plan.total() > limit) {
        Some(limit) => Err(SolveError::TooLarge { plan, limit }),
        None => Ok(plan),
    }
}

/// A solve in this process within `plan` (checked against the options' limit), counting with `T`.
fn solve_planned<T: Tally>(
    board: &Board,
    plan: &Plan,
    options: Options<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<(Solution, Vec<T>), SolveError> {
    let segments = match options.mode {
        Mode::ValueOnly => Vec::new(),
        Mode::WithGame => {
            let sizes = layer_sizes(board.rows(), board.cols());
            match game::schedule(&sizes, plan.steps_budget(options.memory_limit)) {
                Some(schedule) => schedule.segments,
                None => unreachable!("a plan within its limit has a schedule: {plan:?}"),
            }
        }
    };
    match plan.width {
        ValueWidth::Four => solve_as::<i32, T>(board, &segments, options.stop, on_progress),
        ValueWidth::Five => solve_as::<Packed40, T>(board, &segments, options.stop, on_progress),
        ValueWidth::Eight => solve_as::<i64, T>(board, &segments, options.stop, on_progress),
    }
}

/// The value of `board`, and with `segments` (the layers each pass records, lowest first; see
/// module `game`) its optimal game: pass `i` sweeps down to the first layer of segment `i`, within
/// the position the replay of the segments before it reached, and extends the replay. The first
/// pass (the full sweep) counts the values of every layer with `T`, the full board's included.
fn solve_as<V: Stored + Default, T: Tally>(
    board: &Board,
    segments: &[Range<usize>],
    stop: Option<&AtomicBool>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<(Solution, Vec<T>), SolveError> {
    let split = Split::new(board.rows(), board.cols());
    let layers = layer::all_layers(&split);
    let mut sweep = Sweep::<V>::new(board, &split, &layers);
    // The full board: one state, worth 0.
    let mut full = T::default();
    full.add_row(&[0]);
    if segments.is_empty() {
        let (_, mut tallies) = sweep.run_counting::<T>(0, None, 0..0, stop, on_progress)?;
        tallies.push(full);
        return Ok((Solution { value: sweep.values()[0].get(), moves: None }, tallies));
    }
    let mut tallies = Vec::new();
    // Progress adds up over the passes: pass i computes the layers from the top down to its
    // segment's start (the full board is counted once per pass, as `run` does).
    let top = layers.len() - 1;
    let pass_states = |s: &Range<usize>| layers[s.start..top].iter().map(|l| l.len as u64).sum::<u64>();
    let mut before = Progress {
        done: 0,
        total: segments.iter().map(|s| top + 1 - s.start).sum(),
        states_done: 0,
        states_total: segments.iter().map(pass_states).sum(),
    };
    let mut position: LatticePath = path::empty_board(split.n);
    let mut cells = Vec::with_capacity(top);
    let mut value = 0;
    for (pass, segment) in segments.iter().enumerate() {
        let within = (pass > 0).then_some(position);
        sweep.restart();
        // A pass's own progress, after the passes before it.
        let after = |p: Progress| Progress {
            done: before.done + p.done,
            total: before.total,
            states_done: before.states_done + p.states_done,
            states_total: before.states_total,
        };
        let interrupted_at = |e| match e {
            SolveError::Interrupted { at } => SolveError::Interrupted { at: after(at) },
            other => other,
        };
        let mut best_steps = if pass == 0 {
            let (steps, counted) = sweep
                .run_counting::<T>(segment.start, within, segment.clone(), stop, &mut |p| {
                    on_progress(after(p))
                })
                .map_err(interrupted_at)?;
            tallies = counted;
            steps
        } else {
            sweep
                .run(segment.start, within, segment.clone(), stop, &mut |p| on_progress(after(p)))
                .map_err(interrupted_at)?
        };
        before.done += top + 1 - segment.start;
        before.states_done += pass_states(segment);
        if pass == 0 {
            value = sweep.values()[0].get();
        }
        // best_steps was filled from the segment's highest layer down to its lowest.
        best_steps.reverse();
        position = replay(&split, &layers[segment.clone()], &best_steps, position, &mut cells);
    }
    debug_assert_eq!(position, path::full_board(split.n, split.m));
    tallies.push(full);
    Ok((Solution { value, moves: Some(cells) }, tallies))
}
