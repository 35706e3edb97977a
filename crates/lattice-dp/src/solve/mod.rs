//! The layered retrograde sweep: from the full board back to the empty one, two layers alive.
//!
//! Layer `k` holds the values of all paths with `k` cells taken; it depends only on layer `k + 1`.
//! The sweep keeps two value buffers sized for the largest layer and swaps them after each layer.
//! Rows of a layer are independent, so a layer is computed in parallel with `rayon` (groups, then
//! rows within a group); tiny layers run on the calling thread, which keeps small boards free of
//! thread start-up costs.
//!
//! The optimal game, when asked for, comes from a second table: one byte per state of every layer,
//! the path step of its best move (`n·m + 1` layers, C(n+m, n) bytes in all: 601 MB at 16 × 16).
//! Replaying it from the empty board gives the principal variation without a second solve. When
//! that table does not fit the memory limit, it is recorded in segments of layers, one sweep per
//! segment, each restricted to the states that contain the position the previous segment's replay
//! reached (module `game`: the method and its cost).

pub mod census;
pub mod checkpoint;
pub mod distributed;
pub mod exchange;
mod game;
mod half;
mod kernel;
mod layer;
pub mod partition;
mod plan;
mod split;
mod value;

use grid_core::stop::{StopFlag, Stopped};
use std::cell::RefCell;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::board::{Board, Shape};
use crate::path::{self, LatticePath};
use census::Tally;
use kernel::{Isa, Kernel, RowScratch, SCORES};
use layer::{Group, Layer, RowSource};
pub use plan::{DistributedPlan, Plan, RankPlan, bytes, layer_sizes, plan_text};
use split::Split;
pub use value::{Packed40, Stored, ValueWidth};

/// Layers with fewer states than this are computed on the calling thread.
const PARALLEL_MIN_STATES: usize = 1 << 13;

/// Whether to keep what is needed to replay the optimal game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Only the value of the empty board.
    ValueOnly,
    /// The value and one optimal game (one extra byte per state, or several sweeps when that does
    /// not fit the memory limit: see [`Plan::game_passes`]).
    WithGame,
}

/// The result of a solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// First player's total minus second player's total under optimal play.
    pub value: i64,
    /// With [`Mode::WithGame`]: the cells (row, column), 0-based, in the order an optimal game takes
    /// them; the first player takes the cells at even positions.
    pub moves: Option<Vec<(usize, usize)>>,
}

/// How far the sweep is: layers and states finished out of the totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Layers computed so far (the full board counts as computed from the start).
    pub done: usize,
    /// Layers in all (`n·m + 1`).
    pub total: usize,
    /// States of the layers computed so far.
    pub states_done: u64,
    /// States of all the layers the sweep computes.
    pub states_total: u64,
}

/// How to run a solve: what to keep, how much memory it may plan for, how to stop it.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// Whether to keep the optimal game.
    pub mode: Mode,
    /// Refuse (before allocating the layers) a solve whose [`Plan`] needs more bytes than this.
    pub memory_limit: Option<u64>,
    /// The width of a stored value; `None`: 4 bytes when the board's values allow, else 8 when
    /// they take at most half the memory limit, else 5 (see [`Plan::new`]).
    pub width: Option<ValueWidth>,
    /// Checked between layers: once it is set, the solve stops with [`SolveError::Interrupted`].
    pub stop: Option<&'a AtomicBool>,
    /// Write checkpoints (and resume from them): the sweep then runs as the one rank of a
    /// distributed sweep ([`solve_distributed`]), whose layers are what a checkpoint holds.
    pub checkpoints: Option<&'a checkpoint::Checkpoints>,
    /// In a distributed sweep, the fewest states of a layer a rank that shares it owns (see
    /// [`partition`]; smaller layers are shared by fewer ranks). A checkpoint is resumed only
    /// with the same partition.
    pub min_share: u64,
}

impl Options<'_> {
    /// `mode`, no memory limit, the narrowest width, no stop flag, no checkpoints, the default
    /// minimum share ([`partition::DEFAULT_MIN_SHARE`]).
    pub fn new(mode: Mode) -> Self {
        Self {
            mode,
            memory_limit: None,
            width: None,
            stop: None,
            checkpoints: None,
            min_share: partition::DEFAULT_MIN_SHARE,
        }
    }
}

/// Why a solve did not finish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The plan needs more memory than the limit; nothing large was allocated.
    #[error(
        "this solve needs about {} (layers {} + game {} + tables {}) but the memory limit is {}",
        plan::bytes(.plan.total()), plan::bytes(.plan.layer_bytes), plan::bytes(.plan.game_bytes),
        plan::bytes(.plan.table_bytes), plan::bytes(*.limit)
    )]
    TooLarge {
        /// What the solve would need.
        plan: Plan,
        /// The limit it exceeds.
        limit: u64,
    },
    /// The width asked for ([`Options::width`]) cannot hold the board's values: stored values
    /// would overflow. Nothing was allocated.
    #[error(
        "{} bytes per value cannot hold this board's values: their bound (the largest value plus the larger player's sum) is {bound}, which needs at least {} bytes",
        .width.bytes(), .needed.bytes()
    )]
    WidthTooNarrow {
        /// The width asked for.
        width: ValueWidth,
        /// The board's bound ([`Board::value_bound`]).
        bound: u64,
        /// The narrowest width that holds it ([`ValueWidth::for_bound`]).
        needed: ValueWidth,
    },
    /// The stop flag was set; the solve stopped at a layer boundary.
    #[error("interrupted after {} of {} states", .at.states_done, .at.states_total)]
    Interrupted {
        /// How far it got.
        at: Progress,
    },
    /// A checkpoint could not be written, or the solve cannot resume from the ones there
    /// ([`checkpoint`]).
    #[error("{0}")]
    Checkpoint(String),
}

/// Refuses a `width` that cannot hold `board`'s values (`None`, the solver's choice, always can):
/// [`solve_with`] checks it first; a caller that fixes a width for other work checks it too.
///
/// # Errors
/// [`SolveError::WidthTooNarrow`].
pub fn check_width(board: &Board, width: Option<ValueWidth>) -> Result<(), SolveError> {
    check_shape_width(&board.shape(), width)
}

/// Refuses a `width` that cannot hold the values of a board of `shape` ([`check_width`]; for a
/// plan of a board that is only planned).
///
/// # Errors
/// [`SolveError::WidthTooNarrow`].
pub fn check_shape_width(shape: &Shape, width: Option<ValueWidth>) -> Result<(), SolveError> {
    let bound = shape.value_bound();
    match width {
        Some(width) if !width.holds(bound) => {
            Err(SolveError::WidthTooNarrow { width, bound, needed: ValueWidth::for_bound(bound) })
        }
        _ => Ok(()),
    }
}

/// Solves `board` as one rank of a distributed sweep (every rank calls it, with the same board
/// and options): each rank computes its share of every layer ([`partition`]) and exchanges the
/// rows the others read through `exchange` ([`distributed`]). Every rank returns the solution;
/// the values are bit-identical to [`solve_with`]'s. The memory limit is not checked here: see
/// [`Plan::for_ranks`].
///
/// # Errors
/// [`SolveError::WidthTooNarrow`] before anything is allocated; [`SolveError::Interrupted`]
/// when the stop flag was set on some rank.
pub fn solve_distributed(
    board: &Board,
    options: Options<'_>,
    exchange: &mut impl exchange::Exchange,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<distributed::RankSolution, SolveError> {
    check_width(board, options.width)?;
    let width = options.width.unwrap_or_else(|| ValueWidth::choose(board.value_bound(), |_| true));
    match width {
        ValueWidth::Four => distributed::solve_rank::<i32>(board, options, exchange, on_progress),
        ValueWidth::Five => distributed::solve_rank::<Packed40>(board, options, exchange, on_progress),
        ValueWidth::Eight => distributed::solve_rank::<i64>(board, options, exchange, on_progress),
    }
}

/// The number of states (paths) of an `n × m` board: C(n + m, n).
pub fn state_count(n: usize, m: usize) -> u64 {
    (0..n as u64).fold(1, |acc, i| acc * (m as u64 + 1 + i) / (i + 1))
}

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
        return solve_distributed(board, options, &mut exchange::Alone, on_progress)
            .map(|rank| rank.solution);
    }
    solve_planned::<()>(board, &plan, options, on_progress).map(|(solution, _)| solution)
}

/// [`solve_with`] in this process, with every state's value counted by `T` ([`census`]): the
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

/// One move of a position: the cell it takes and the value of the position it leads to, for the
/// player who moves there (the opponent of the mover).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChildValue {
    /// The cell taken, (row, column), 0-based.
    pub cell: (usize, usize),
    /// The best (mover's future gain − opponent's future gain) of the position after the move, for
    /// the side to move there.
    pub value: i64,
}

/// The most moves of a position: a move takes a corner of the diagram (a `10` pair of its boundary
/// path of `n` up-steps and `m` right-steps), and a path has at most `min(n, m)` ≤ 22 of them
/// (n + m ≤ [`MAX_PERIMETER`](crate::board::MAX_PERIMETER)), so a position's move list is held
/// inline.
pub const MAX_MOVES: usize = crate::board::MAX_PERIMETER / 2;

/// The values of the positions one move away from a diagram, held inline ([`MAX_MOVES`]).
pub type ChildValues = smallvec::SmallVec<[ChildValue; MAX_MOVES]>;

/// Whether a sweep of the children of a diagram ([`children_until_stopped`]) also gives one
/// optimal game from the diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Line {
    /// Only the children's values: two value buffers, nothing recorded.
    #[default]
    Omit,
    /// The children's values and one optimal game: the sweep also records the best step of every
    /// state of the layers below the diagram's children (one byte per state, [`line_bytes`]).
    Optimal,
}

/// The children of a diagram, and with [`Line::Optimal`] one optimal game from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Children {
    /// The value of every position one move away, in the order of the diagram's corners.
    pub values: ChildValues,
    /// With [`Line::Optimal`]: the cells (row, column), 0-based, of one optimal game from the
    /// diagram to the full board, the side to move first. Its first cell is the first child, in
    /// the corners' order, of the highest `gain − value`.
    pub line: Option<Vec<(usize, usize)>>,
}

/// The bytes of best steps the sweep of [`children_until_stopped`] records with [`Line::Optimal`]
/// on an `n × m` board for a diagram of `taken` cells: one per state of the layers `taken + 1` to
/// `n·m − 1`.
pub fn line_bytes(n: usize, m: usize, taken: usize) -> u64 {
    let sizes = layer_sizes(n, m);
    sizes.get(taken + 1..sizes.len().saturating_sub(1)).map_or(0, |recorded| recorded.iter().sum())
}

/// The values of every position one move away from `diagram` (a boundary path of `board`, as
/// [`crate::query::Position::path`] gives it), in the order of the path's corners (increasing
/// step).
///
/// One sweep, from the full board down to the layer just after `diagram`; rows of a layer whose
/// left half cannot contain `diagram` are skipped (filled with 0, never read by a state that
/// contains the diagram). Empty when `diagram` is the full board. No memory limit: see
/// [`Plan`] to check one first.
pub fn child_values(
    board: &Board,
    diagram: LatticePath,
    on_progress: &mut dyn FnMut(Progress),
) -> ChildValues {
    grid_core::stop::unstoppable(child_values_until_stopped(board, diagram, None, on_progress))
}

/// [`child_values`], stopped at a layer boundary once `stop` is set.
pub fn child_values_until_stopped(
    board: &Board,
    diagram: LatticePath,
    stop: StopFlag<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<ChildValues, Stopped> {
    children_until_stopped(board, diagram, Line::Omit, stop, on_progress).map(|children| children.values)
}

/// [`child_values_until_stopped`], and with [`Line::Optimal`] one optimal game from `diagram`,
/// from the same sweep: it records the best steps of the layers below the children
/// ([`line_bytes`]) and replays them from the best child. The states replayed all contain
/// `diagram`, so the rows the sweep skips are never read.
pub fn children_until_stopped(
    board: &Board,
    diagram: LatticePath,
    line: Line,
    stop: StopFlag<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Children, Stopped> {
    match ValueWidth::choose(board.value_bound(), |_| true) {
        ValueWidth::Four => children_as::<i32>(board, diagram, line, stop, on_progress),
        ValueWidth::Five => children_as::<Packed40>(board, diagram, line, stop, on_progress),
        ValueWidth::Eight => children_as::<i64>(board, diagram, line, stop, on_progress),
    }
}

fn children_as<V: Stored + Default>(
    board: &Board,
    diagram: LatticePath,
    line: Line,
    stop: StopFlag<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Children, Stopped> {
    let (n, m) = (board.rows(), board.cols());
    let taken = path::area(diagram, n + m);
    if taken == n * m {
        let line = (line == Line::Optimal).then(Vec::new);
        return Ok(Children { values: ChildValues::new(), line });
    }
    let split = Split::new(n, m);
    let layers = layer::all_layers(&split);
    let mut sweep = Sweep::<V>::new(board, &split, &layers);
    // The layers whose best steps the line follows: the children's down to the last move's.
    let recorded = match line {
        Line::Omit => 0..0,
        Line::Optimal => taken + 1..layers.len() - 1,
    };
    let mut best_steps = match sweep.run(taken + 1, Some(diagram), recorded.clone(), stop, on_progress) {
        Ok(steps) => steps,
        Err(SolveError::Interrupted { .. }) => return Err(Stopped),
        Err(e) => unreachable!("a sweep without a memory limit fails only when stopped: {e}"),
    };
    let next_layer = &layers[taken + 1];
    let values: ChildValues = path::corners(diagram, n + m)
        .map(|p| {
            let child = path::play(diagram, p);
            ChildValue {
                cell: path::corner_cell(diagram, p, n),
                value: sweep.values()[next_layer.index(&split, child)].get(),
            }
        })
        .collect();
    let line = (line == Line::Optimal).then(|| {
        let score = board.scores_of_mover(taken);
        // The first corner of the highest score: `max_by_key` keeps the last of equal keys.
        let corners: smallvec::SmallVec<[usize; MAX_MOVES]> = path::corners(diagram, n + m).collect();
        let best = (0..values.len())
            .rev()
            .max_by_key(|&i| score[values[i].cell.0 * m + values[i].cell.1] - values[i].value)
            .map(|i| corners[i])
            .expect("a diagram short of the full board has a corner");
        let mut cells = vec![path::corner_cell(diagram, best, n)];
        // best_steps was filled from the highest layer down to the children's.
        best_steps.reverse();
        let end = replay(&split, &layers[recorded], &best_steps, path::play(diagram, best), &mut cells);
        debug_assert_eq!(end, path::full_board(n, m));
        cells
    });
    Ok(Children { values, line })
}

/// The layered sweep of one board: two value buffers, the last computed layer in `next`.
///
/// A single process could run as the one rank of the distributed sweep (`distributed::RankSweep`,
/// which a solve with checkpoints uses), but that rank works through its partition's row lists
/// and exchange buffers even when it owns every row: 16×16 took 3.15–4.29 s there against
/// 2.60–2.79 s here (release build, three alternated runs, quiet machine). So the plain solve,
/// the optimal game, `query` and `analyze` keep this engine.
struct Sweep<'a, V> {
    split: &'a Split,
    layers: &'a [Layer],
    /// Values of the last layer computed.
    next: Vec<V>,
    /// Scratch for the layer being computed.
    current: Vec<V>,
    /// Cell scores of the player to move in even and odd layers.
    scores: [[i64; SCORES]; 2],
    /// The same players' scores of the right moves ([`Split::right_gains`]).
    right_gains: [Vec<split::Gain>; 2],
    /// The last layer computed.
    done_down_to: usize,
    /// The instruction set of the rows.
    isa: Isa,
}

impl<'a, V: Stored + Default> Sweep<'a, V> {
    /// A sweep with only the full board (value 0) computed.
    fn new(board: &Board, split: &'a Split, layers: &'a [Layer]) -> Self {
        let largest = layers.iter().map(|l| l.len).max().unwrap_or(1);
        let scores = [padded_scores(board.scores_of_mover(0)), padded_scores(board.scores_of_mover(1))];
        // The full board (last layer, one state) is worth 0 to whoever would move.
        Self {
            split,
            layers,
            next: vec![V::put(0); largest],
            current: vec![V::put(0); largest],
            right_gains: scores.each_ref().map(|score| split.right_gains(score)),
            scores,
            done_down_to: layers.len() - 1,
            isa: Isa::detect(),
        }
    }

    /// The values of the last layer computed.
    fn values(&self) -> &[V] {
        &self.next[..self.layers[self.done_down_to].len]
    }

    /// Back to only the full board computed, for another sweep with the same buffers.
    fn restart(&mut self) {
        self.next[0] = V::put(0);
        self.done_down_to = self.layers.len() - 1;
    }

    /// Computes the layers from the full board down to layer `down_to`; with `within`, only the rows
    /// that may contain that diagram. Returns the best step of every state of each layer computed
    /// in `record` (from the highest layer down). Stops at a layer boundary once `stop` is set.
    fn run(
        &mut self,
        down_to: usize,
        within: Option<LatticePath>,
        record: Range<usize>,
        stop: Option<&AtomicBool>,
        on_progress: &mut dyn FnMut(Progress),
    ) -> Result<Vec<Vec<u8>>, SolveError> {
        self.run_counting::<()>(down_to, within, record, stop, on_progress).map(|(steps, _)| steps)
    }

    /// [`Sweep::run`], counting the values of each layer computed with `T`: also returns the
    /// tallies of the layers `down_to..n·m` in increasing order (with `within`, the rows skipped
    /// are not counted).
    fn run_counting<T: Tally>(
        &mut self,
        down_to: usize,
        within: Option<LatticePath>,
        record: Range<usize>,
        stop: Option<&AtomicBool>,
        on_progress: &mut dyn FnMut(Progress),
    ) -> Result<(Vec<Vec<u8>>, Vec<T>), SolveError> {
        let total = self.layers.len();
        let states_total = self.layers[down_to..total - 1].iter().map(|l| l.len as u64).sum();
        let mut progress = Progress { done: 1, total, states_done: 0, states_total };
        let mut best_steps = Vec::new();
        let mut tallies = Vec::with_capacity(total - 1 - down_to);
        on_progress(progress);
        for taken in (down_to..total - 1).rev() {
            if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Err(SolveError::Interrupted { at: progress });
            }
            let kernel = Kernel {
                split: self.split,
                rows: RowSource::Dense(&self.layers[taken + 1]),
                next: &self.next[..self.layers[taken + 1].len],
                received: &[],
                score: &self.scores[taken % 2],
                right_gains: &self.right_gains[taken % 2],
                isa: self.isa,
            };
            let layer = &self.layers[taken];
            let out = &mut self.current[..layer.len];
            let tally = if record.contains(&taken) {
                let mut steps = vec![0u8; layer.len];
                let tally = sweep_layer::<V, T>(&kernel, layer, out, Some(&mut steps), within);
                best_steps.push(steps);
                tally
            } else {
                sweep_layer::<V, T>(&kernel, layer, out, None, within)
            };
            tallies.push(tally);
            std::mem::swap(&mut self.next, &mut self.current);
            self.done_down_to = taken;
            progress.done = total - taken;
            progress.states_done += layer.len as u64;
            on_progress(progress);
        }
        tallies.reverse();
        Ok((best_steps, tallies))
    }
}

/// Whether some path with left half `left` can contain the diagram `diagram`: a path contains
/// another iff each of its prefixes has at most as many up-steps; the left half fixes the prefixes
/// up to its length `h`.
fn left_may_contain(left: LatticePath, diagram: LatticePath, h: usize) -> bool {
    (1..=h).all(|p| {
        let mask = path::ones_mask(p);
        (left & mask).count_ones() <= (diagram & mask).count_ones()
    })
}

/// Cell scores padded with zeros to `SCORES` entries (`n·m ≤ MAX_CELLS ≤ SCORES`).
fn padded_scores(scores: &[i64]) -> [i64; SCORES] {
    let mut padded = [0; SCORES];
    padded[..scores.len()].copy_from_slice(scores);
    padded
}

/// Computes all rows of `layer` into `out` (and the best steps into `steps`, when given), and
/// returns their values' tally. With `within`, the rows whose left half cannot contain that
/// diagram are set to 0 instead (and not counted).
fn sweep_layer<V: Stored, T: Tally>(
    kernel: &Kernel<'_, V>,
    layer: &Layer,
    out: &mut [V],
    steps: Option<&mut [u8]>,
    within: Option<LatticePath>,
) -> T {
    let jobs = split_by_group(layer, out, steps);
    let skip = |group: &Group, rank: usize| {
        within.is_some_and(|diagram| {
            let left = LatticePath::from(kernel.split.left.members_of(group.left_class)[rank]);
            !left_may_contain(left, diagram, kernel.split.h)
        })
    };
    if layer.len < PARALLEL_MIN_STATES {
        let mut tally = T::default();
        jobs.into_iter().for_each(|job| job.run_sequential(kernel, &skip, &mut tally));
        tally
    } else {
        jobs.into_par_iter().map(|job| job.run_parallel::<T>(kernel, &skip)).reduce(T::default, merged)
    }
}

/// `a` with the counts of `b` added.
fn merged<T: Tally>(mut a: T, b: T) -> T {
    a.merge(b);
    a
}

/// The part of a layer's output that belongs to one group.
struct GroupJob<'g, 'o, V> {
    group: &'g Group,
    out: &'o mut [V],
    /// Empty unless the best steps are recorded.
    steps: &'o mut [u8],
}

impl<V: Stored> GroupJob<'_, '_, V> {
    fn run_sequential<T: Tally>(
        self,
        kernel: &Kernel<'_, V>,
        skip: &(impl Fn(&Group, usize) -> bool + Sync),
        tally: &mut T,
    ) {
        let group = self.group;
        if self.steps.is_empty() {
            for (rank, row) in self.out.chunks_mut(group.row_len).enumerate() {
                run_row::<V, false, T>(kernel, group, rank, row, &mut [], skip, tally);
            }
        } else {
            for (rank, (row, steps)) in
                self.out.chunks_mut(group.row_len).zip(self.steps.chunks_mut(group.row_len)).enumerate()
            {
                run_row::<V, true, T>(kernel, group, rank, row, steps, skip, tally);
            }
        }
    }

    /// The group's rows in parallel: each rayon task counts into a tally of its own, and the
    /// tasks' tallies are merged.
    fn run_parallel<T: Tally>(
        self,
        kernel: &Kernel<'_, V>,
        skip: &(impl Fn(&Group, usize) -> bool + Sync),
    ) -> T {
        let group = self.group;
        if self.steps.is_empty() {
            self.out
                .par_chunks_mut(group.row_len)
                .enumerate()
                .fold(T::default, |mut tally, (rank, row)| {
                    run_row::<V, false, T>(kernel, group, rank, row, &mut [], skip, &mut tally);
                    tally
                })
                .reduce(T::default, merged)
        } else {
            self.out
                .par_chunks_mut(group.row_len)
                .zip(self.steps.par_chunks_mut(group.row_len))
                .enumerate()
                .fold(T::default, |mut tally, (rank, (row, steps))| {
                    run_row::<V, true, T>(kernel, group, rank, row, steps, skip, &mut tally);
                    tally
                })
                .reduce(T::default, merged)
        }
    }
}

thread_local! {
    /// The row buffers of this thread (a rayon worker or the caller), made once and reused by
    /// every row it computes (a row never starts another one before it ends).
    static SCRATCH: RefCell<RowScratch> = RefCell::new(RowScratch::default());
}

/// One row through the kernel, computed in this thread's scratch, counted by `tally` and stored at
/// the layer's width, or zeros (not counted) when `skip` says no state of it is wanted.
fn run_row<V: Stored, const RECORD: bool, T: Tally>(
    kernel: &Kernel<'_, V>,
    group: &Group,
    rank: usize,
    row: &mut [V],
    steps: &mut [u8],
    skip: &impl Fn(&Group, usize) -> bool,
    tally: &mut T,
) {
    if skip(group, rank) {
        row.fill(V::put(0));
        return;
    }
    SCRATCH.with_borrow_mut(|scratch| match kernel.isa {
        Isa::Portable => row_portable::<V, RECORD, T>(kernel, group, rank, row, steps, scratch, tally),
        // The crate's one `unsafe`: calling a function compiled for AVX2 (workspace lint
        // `unsafe_code = "deny"`, allowed here only).
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        // SAFETY: `Isa::Avx2` is only made by `Isa::detect`, which saw these features on this
        // processor.
        Isa::Avx2 => unsafe { row_avx2::<V, RECORD, T>(kernel, group, rank, row, steps, scratch, tally) },
    });
}

/// A row computed in `scratch` and stored in `row`, compiled for the build's target (and inlined,
/// with the kernel, into [`row_avx2`]).
#[inline(always)]
fn row_portable<V: Stored, const RECORD: bool, T: Tally>(
    kernel: &Kernel<'_, V>,
    group: &Group,
    rank: usize,
    row: &mut [V],
    steps: &mut [u8],
    scratch: &mut RowScratch,
    tally: &mut T,
) {
    let values = kernel.row::<RECORD>(group, rank, scratch, steps);
    tally.add_row(values);
    V::store_row(row, values);
}

/// [`row_portable`] compiled for AVX2 (see [`Isa`]): it and the kernel's functions are
/// `#[inline(always)]`, so they are compiled again inside this one.
///
/// # Safety
/// The processor must have AVX2, POPCNT, LZCNT, BMI1 and BMI2 (`unsafe` for Rust 1.85, the crate's minimum, which has no safe
/// `#[target_feature]` functions).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,lzcnt,bmi1,bmi2")]
#[allow(unsafe_code)]
unsafe fn row_avx2<V: Stored, const RECORD: bool, T: Tally>(
    kernel: &Kernel<'_, V>,
    group: &Group,
    rank: usize,
    row: &mut [V],
    steps: &mut [u8],
    scratch: &mut RowScratch,
    tally: &mut T,
) {
    row_portable::<V, RECORD, T>(kernel, group, rank, row, steps, scratch, tally);
}

/// Cuts `out` (and `steps`) into the consecutive ranges of the layer's groups.
fn split_by_group<'g, 'o, V>(
    layer: &'g Layer,
    mut out: &'o mut [V],
    mut steps: Option<&'o mut [u8]>,
) -> Vec<GroupJob<'g, 'o, V>> {
    let mut jobs = Vec::with_capacity(layer.groups.len());
    for group in &layer.groups {
        let (group_out, rest) = std::mem::take(&mut out).split_at_mut(group.states());
        out = rest;
        let group_steps = match steps.take() {
            Some(all) => {
                let (mine, rest) = all.split_at_mut(group.states());
                steps = Some(rest);
                mine
            }
            None => &mut [],
        };
        jobs.push(GroupJob { group, out: group_out, steps: group_steps });
    }
    jobs
}

/// Follows the recorded best steps of consecutive `layers` (one table per layer) from `position`,
/// in the first of them, appending the cells taken to `cells`; returns the position reached.
fn replay(
    split: &Split,
    layers: &[Layer],
    best_steps: &[Vec<u8>],
    mut position: LatticePath,
    cells: &mut Vec<(usize, usize)>,
) -> LatticePath {
    debug_assert_eq!(layers.len(), best_steps.len());
    for (layer, steps) in layers.iter().zip(best_steps) {
        let step = usize::from(steps[layer.index(split, position)]);
        debug_assert!(path::is_corner(position, step), "recorded step {step} is not a move");
        cells.push(path::corner_cell(position, step, split.n));
        position = path::play(position, step);
    }
    position
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_counts() {
        assert_eq!(state_count(10, 10), 184_756);
        assert_eq!(state_count(14, 14), 40_116_600);
        assert_eq!(state_count(16, 16), 601_080_390);
        assert_eq!(state_count(1, 31), 32);
    }

    #[test]
    fn one_cell_board() {
        let board = Board::new(1, 1, vec![5], vec![7]).unwrap();
        let solution = solve(&board, Mode::WithGame, &mut |_| {});
        assert_eq!(solution, Solution { value: 5, moves: Some(vec![(0, 0)]) });
    }

    #[test]
    fn two_by_two_sample() {
        let board = Board::new(2, 2, vec![1; 4], vec![1; 4]).unwrap();
        assert_eq!(value(&board), 0);
    }

    #[test]
    fn progress_counts_every_layer() {
        let board = Board::new(2, 3, vec![1; 6], vec![2; 6]).unwrap();
        let mut seen = Vec::new();
        solve(&board, Mode::ValueOnly, &mut |p| seen.push(p.done));
        assert_eq!(seen, (1..=7).collect::<Vec<_>>());
    }

    /// A board large enough to take the parallel path agrees with itself in both modes, and its
    /// recorded game is legal and achieves the value.
    #[test]
    fn parallel_layers_and_recorded_game_agree() {
        let (n, m) = (11, 12);
        let first: Vec<i64> = (0..n * m).map(|i| (i * 37 % 101) as i64).collect();
        let second: Vec<i64> = (0..n * m).map(|i| (i * 53 % 97) as i64).collect();
        let board = Board::new(n, m, first.clone(), second.clone()).unwrap();
        let split = Split::new(n, m);
        assert!(layer::all_layers(&split).iter().any(|l| l.len >= PARALLEL_MIN_STATES));
        let plain = value(&board);
        let game = solve(&board, Mode::WithGame, &mut |_| {});
        assert_eq!(game.value, plain);
        let moves = game.moves.unwrap();
        let achieved: i64 = moves
            .iter()
            .enumerate()
            .map(|(i, &(r, c))| if i % 2 == 0 { first[r * m + c] } else { -second[r * m + c] })
            .sum();
        assert_eq!(achieved, plain);
    }

    /// The sweep of one board at width `V` with the rows compiled for `isa`: the values of layer 0
    /// and every recorded best step.
    fn sweep_with<V: Stored + Default>(board: &Board, isa: Isa) -> (i64, Vec<Vec<u8>>) {
        let split = Split::new(board.rows(), board.cols());
        let layers = layer::all_layers(&split);
        let mut sweep = Sweep::<V>::new(board, &split, &layers);
        sweep.isa = isa;
        let steps = sweep.run(0, None, 0..layers.len() - 1, None, &mut |_| {}).unwrap();
        (sweep.values()[0].get(), steps)
    }

    /// Every state of every layer equals plain negamax over paths, memoised by path:
    /// `V(path) = max over corners (the mover's score of the cell − V(path after the move))`. The
    /// boards have right halves of up to 8 steps (four corners: runs of right moves in pairs and
    /// a single one left over) and left halves of up to 9.
    #[test]
    fn every_state_equals_plain_negamax() {
        fn plain(
            board: &Board,
            n: usize,
            path: LatticePath,
            memo: &mut std::collections::HashMap<LatticePath, i64>,
        ) -> i64 {
            if let Some(&v) = memo.get(&path) {
                return v;
            }
            let mover = path::area(path, n + board.cols()) % 2;
            let score = board.scores_of_mover(mover);
            let best = path::corners(path, n + board.cols())
                .map(|p| {
                    let (row, col) = path::corner_cell(path, p, n);
                    score[row * board.cols() + col] - plain(board, n, path::play(path, p), memo)
                })
                .max()
                .unwrap_or(0);
            memo.insert(path, best);
            best
        }
        for (n, m, scale) in [(8, 8, 100), (6, 10, 1_000_000_000), (5, 11, 700), (9, 8, 1_000)] {
            let cells = |mul: usize, modulo: usize| -> Vec<i64> {
                (0..n * m).map(|i| ((i * mul + n) % modulo) as i64 * scale / modulo as i64).collect()
            };
            let board = Board::new(n, m, cells(37, 101), cells(53, 97)).unwrap();
            let split = Split::new(n, m);
            let layers = layer::all_layers(&split);
            let mut memo = std::collections::HashMap::new();
            let paths: Vec<LatticePath> =
                (0..1u64 << (n + m)).filter(|p| p.count_ones() as usize == n).collect();
            for isa in [Isa::Portable, Isa::detect()] {
                let mut sweep = Sweep::<i64>::new(&board, &split, &layers);
                sweep.isa = isa;
                for taken in (0..layers.len() - 1).rev() {
                    sweep.restart();
                    sweep.run(taken, None, 0..0, None, &mut |_| {}).unwrap();
                    for &path in paths.iter().filter(|&&p| path::area(p, n + m) == taken) {
                        let got = sweep.values()[layers[taken].index(&split, path)].get();
                        assert_eq!(got, plain(&board, n, path, &mut memo), "{n}x{m} path {path:b} {isa:?}");
                    }
                }
            }
        }
    }

    /// The portable rows and the rows of the detected instruction set (AVX2 here) give the same
    /// values and best steps, at every width, on a board that takes the parallel path.
    #[test]
    fn instruction_sets_agree() {
        let (n, m) = (10, 13);
        let cells = |mul: i64, modulo: i64, scale: i64| {
            (0..n * m).map(|i| (i as i64 * mul % modulo) * scale).collect()
        };
        let small = Board::new(n, m, cells(37, 101, 1), cells(53, 97, 1)).unwrap();
        let large = Board::new(n, m, cells(37, 101, 9_000_000), cells(53, 97, 10_000_000)).unwrap();
        let detected = Isa::detect();
        assert_eq!(sweep_with::<i32>(&small, Isa::Portable), sweep_with::<i32>(&small, detected));
        let eight = sweep_with::<i64>(&large, Isa::Portable);
        assert!(eight.0.unsigned_abs() > 1 << 31, "the large board needs more than 4 bytes");
        assert_eq!(eight, sweep_with::<i64>(&large, detected));
        assert_eq!(eight, sweep_with::<Packed40>(&large, Isa::Portable));
        assert_eq!(eight, sweep_with::<Packed40>(&large, detected));
    }
}
