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
//! Replaying it from the empty board gives the principal variation without a second solve.

mod half;
mod kernel;
mod layer;
mod split;

use rayon::prelude::*;

use crate::board::{Board, MAX_CELLS};
use crate::path::{self, Path};
use kernel::Kernel;
use layer::{Group, Layer};
use split::Split;

/// Layers with fewer states than this are computed on the calling thread.
const PARALLEL_MIN_STATES: usize = 1 << 13;

/// Whether to keep what is needed to replay the optimal game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Only the value of the empty board.
    ValueOnly,
    /// The value and one optimal game (one extra byte per state).
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

/// How far the sweep is: layers finished out of the total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Layers computed so far.
    pub done: usize,
    /// Layers in all (`n·m + 1`).
    pub total: usize,
}

/// The number of states (paths) of an `n × m` board: C(n + m, n).
pub fn state_count(n: usize, m: usize) -> u64 {
    (0..n as u64).fold(1, |acc, i| acc * (m as u64 + 1 + i) / (i + 1))
}

/// The value of `board` under optimal play.
pub fn value(board: &Board) -> i64 {
    solve(board, Mode::ValueOnly, &mut |_| {}).value
}

/// Solves `board`, reporting each finished layer to `on_progress`.
pub fn solve(board: &Board, mode: Mode, on_progress: &mut dyn FnMut(Progress)) -> Solution {
    let split = Split::new(board.rows(), board.cols());
    let layers = layer::all_layers(&split);
    let record = mode == Mode::WithGame;
    let mut sweep = Sweep::new(board, &split, &layers);
    let mut best_steps = sweep.run(0, None, record, on_progress);
    let moves = record.then(|| {
        // best_steps was filled from layer n·m − 1 down to layer 0.
        best_steps.reverse();
        replay(&split, &layers, &best_steps)
    });
    Solution { value: sweep.values()[0], moves }
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

/// The values of every position one move away from `diagram` (a boundary path of `board`, as
/// [`crate::query::Position::path`] gives it), in the order of the path's corners (increasing
/// step).
///
/// One sweep, from the full board down to the layer just after `diagram`; rows of a layer whose
/// left half cannot contain `diagram` are skipped (filled with 0, never read by a state that
/// contains the diagram). Empty when `diagram` is the full board.
pub fn child_values(board: &Board, diagram: Path, on_progress: &mut dyn FnMut(Progress)) -> Vec<ChildValue> {
    let (n, m) = (board.rows(), board.cols());
    let taken = path::area(diagram, n + m);
    if taken == n * m {
        return Vec::new();
    }
    let split = Split::new(n, m);
    let layers = layer::all_layers(&split);
    let mut sweep = Sweep::new(board, &split, &layers);
    sweep.run(taken + 1, Some(diagram), false, on_progress);
    let next_layer = &layers[taken + 1];
    path::corners(diagram, n + m)
        .map(|p| {
            let child = path::play(diagram, p);
            ChildValue {
                cell: path::corner_cell(diagram, p, n),
                value: sweep.values()[next_layer.index(&split, child)],
            }
        })
        .collect()
}

/// The layered sweep of one board: two value buffers, the last computed layer in `next`.
struct Sweep<'a> {
    split: &'a Split,
    layers: &'a [Layer],
    /// Values of the last layer computed.
    next: Vec<i64>,
    /// Scratch for the layer being computed.
    current: Vec<i64>,
    /// Cell scores of the player to move in even and odd layers.
    scores: [[i64; MAX_CELLS]; 2],
    /// The last layer computed.
    done_down_to: usize,
}

impl<'a> Sweep<'a> {
    /// A sweep with only the full board (value 0) computed.
    fn new(board: &Board, split: &'a Split, layers: &'a [Layer]) -> Self {
        let largest = layers.iter().map(|l| l.len).max().unwrap_or(1);
        // The full board (last layer, one state) is worth 0 to whoever would move.
        Self {
            split,
            layers,
            next: vec![0i64; largest],
            current: vec![0i64; largest],
            scores: [padded_scores(board.scores_of_mover(0)), padded_scores(board.scores_of_mover(1))],
            done_down_to: layers.len() - 1,
        }
    }

    /// The values of the last layer computed.
    fn values(&self) -> &[i64] {
        &self.next[..self.layers[self.done_down_to].len]
    }

    /// Computes the layers from the full board down to layer `down_to`; with `within`, only the rows
    /// that may contain that diagram. With `record`, returns the best step of every state of each
    /// layer computed (from the highest layer down).
    fn run(
        &mut self,
        down_to: usize,
        within: Option<Path>,
        record: bool,
        on_progress: &mut dyn FnMut(Progress),
    ) -> Vec<Vec<u8>> {
        let total = self.layers.len();
        let mut best_steps = Vec::new();
        on_progress(Progress { done: 1, total });
        for taken in (down_to..total - 1).rev() {
            let kernel = Kernel {
                split: self.split,
                next_layer: &self.layers[taken + 1],
                next: &self.next[..self.layers[taken + 1].len],
                score: &self.scores[taken % 2],
            };
            let layer = &self.layers[taken];
            let out = &mut self.current[..layer.len];
            if record {
                let mut steps = vec![0u8; layer.len];
                sweep_layer(&kernel, layer, out, Some(&mut steps), within);
                best_steps.push(steps);
            } else {
                sweep_layer(&kernel, layer, out, None, within);
            }
            std::mem::swap(&mut self.next, &mut self.current);
            self.done_down_to = taken;
            on_progress(Progress { done: total - taken, total });
        }
        best_steps
    }
}

/// Whether some path with left half `left` can contain the diagram `diagram`: a path contains
/// another iff each of its prefixes has at most as many up-steps; the left half fixes the prefixes
/// up to its length `h`.
fn left_may_contain(left: Path, diagram: Path, h: usize) -> bool {
    (1..=h).all(|p| {
        let mask = path::ones_mask(p);
        (left & mask).count_ones() <= (diagram & mask).count_ones()
    })
}

/// Cell scores padded with zeros to `MAX_CELLS` entries (`n·m ≤ MAX_CELLS`).
fn padded_scores(scores: &[i64]) -> [i64; MAX_CELLS] {
    let mut padded = [0; MAX_CELLS];
    padded[..scores.len()].copy_from_slice(scores);
    padded
}

/// Computes all rows of `layer` into `out` (and the best steps into `steps`, when given).
/// With `within`, the rows whose left half cannot contain that diagram are set to 0 instead.
fn sweep_layer(
    kernel: &Kernel<'_>,
    layer: &Layer,
    out: &mut [i64],
    steps: Option<&mut [u8]>,
    within: Option<Path>,
) {
    let jobs = split_by_group(layer, out, steps);
    let skip = |group: &Group, rank: usize| {
        within.is_some_and(|diagram| {
            let left = Path::from(kernel.split.left.members_of(group.left_class)[rank]);
            !left_may_contain(left, diagram, kernel.split.h)
        })
    };
    if layer.len < PARALLEL_MIN_STATES {
        jobs.into_iter().for_each(|job| job.run_sequential(kernel, &skip));
    } else {
        jobs.into_par_iter().for_each(|job| job.run_parallel(kernel, &skip));
    }
}

/// The part of a layer's output that belongs to one group.
struct GroupJob<'g, 'o> {
    group: &'g Group,
    out: &'o mut [i64],
    /// Empty unless the best steps are recorded.
    steps: &'o mut [u8],
}

impl GroupJob<'_, '_> {
    fn run_sequential(self, kernel: &Kernel<'_>, skip: &(impl Fn(&Group, usize) -> bool + Sync)) {
        let group = self.group;
        if self.steps.is_empty() {
            for (rank, row) in self.out.chunks_mut(group.row_len).enumerate() {
                run_row::<false>(kernel, group, rank, row, &mut [], skip);
            }
        } else {
            for (rank, (row, steps)) in
                self.out.chunks_mut(group.row_len).zip(self.steps.chunks_mut(group.row_len)).enumerate()
            {
                run_row::<true>(kernel, group, rank, row, steps, skip);
            }
        }
    }

    fn run_parallel(self, kernel: &Kernel<'_>, skip: &(impl Fn(&Group, usize) -> bool + Sync)) {
        let group = self.group;
        if self.steps.is_empty() {
            self.out.par_chunks_mut(group.row_len).enumerate().for_each(|(rank, row)| {
                run_row::<false>(kernel, group, rank, row, &mut [], skip);
            });
        } else {
            self.out
                .par_chunks_mut(group.row_len)
                .zip(self.steps.par_chunks_mut(group.row_len))
                .enumerate()
                .for_each(|(rank, (row, steps))| run_row::<true>(kernel, group, rank, row, steps, skip));
        }
    }
}

/// One row through the kernel, or zeros when `skip` says no state of it is wanted.
fn run_row<const RECORD: bool>(
    kernel: &Kernel<'_>,
    group: &Group,
    rank: usize,
    row: &mut [i64],
    steps: &mut [u8],
    skip: &impl Fn(&Group, usize) -> bool,
) {
    if skip(group, rank) {
        row.fill(0);
    } else {
        kernel.row::<RECORD>(group, rank, row, steps);
    }
}

/// Cuts `out` (and `steps`) into the consecutive ranges of the layer's groups.
fn split_by_group<'g, 'o>(
    layer: &'g Layer,
    mut out: &'o mut [i64],
    mut steps: Option<&'o mut [u8]>,
) -> Vec<GroupJob<'g, 'o>> {
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

/// Follows the recorded best steps from the empty board to the full one.
fn replay(split: &Split, layers: &[Layer], best_steps: &[Vec<u8>]) -> Vec<(usize, usize)> {
    let mut position: Path = path::empty_board(split.n);
    let mut cells = Vec::with_capacity(best_steps.len());
    for (layer, steps) in layers.iter().zip(best_steps) {
        let step = usize::from(steps[layer.index(split, position)]);
        debug_assert!(path::is_corner(position, step), "recorded step {step} is not a move");
        cells.push(path::corner_cell(position, step, split.n));
        position = path::play(position, step);
    }
    debug_assert_eq!(position, path::full_board(split.n, split.m));
    cells
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
}
