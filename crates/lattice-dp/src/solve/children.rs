//! A query's sweep: the values of every position one move away from a diagram, and with
//! [`Line::Optimal`] one optimal game from it.

use grid_core::stop::{StopFlag, Stopped};

use super::layer;
use super::options::SolveError;
use super::plan::layer_sizes;
use super::split::Split;
use super::sweep::{Sweep, replay};
use super::types::Progress;
use super::value::{Packed40, Stored, ValueWidth};
use crate::board::Board;
use crate::path::{self, LatticePath};

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
/// [`super::Plan`] to check one first.
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
