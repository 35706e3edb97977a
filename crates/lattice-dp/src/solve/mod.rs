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
    let largest = layers.iter().map(|l| l.len).max().unwrap_or(1);
    let mut next = vec![0i64; largest];
    let mut current = vec![0i64; largest];
    let mut best_steps: Vec<Vec<u8>> = Vec::new();
    let total = layers.len();
    let scores = [padded_scores(board.scores_of_mover(0)), padded_scores(board.scores_of_mover(1))];
    // The full board (last layer, one state) is worth 0 to whoever would move.
    next[0] = 0;
    on_progress(Progress { done: 1, total });
    for taken in (0..total - 1).rev() {
        let kernel = Kernel {
            split: &split,
            next_layer: &layers[taken + 1],
            next: &next[..layers[taken + 1].len],
            score: &scores[taken % 2],
        };
        let layer = &layers[taken];
        let out = &mut current[..layer.len];
        match mode {
            Mode::ValueOnly => sweep_layer(&kernel, layer, out, None),
            Mode::WithGame => {
                let mut steps = vec![0u8; layer.len];
                sweep_layer(&kernel, layer, out, Some(&mut steps));
                best_steps.push(steps);
            }
        }
        std::mem::swap(&mut next, &mut current);
        on_progress(Progress { done: total - taken, total });
    }
    let moves = (mode == Mode::WithGame).then(|| {
        // best_steps was filled from layer n·m − 1 down to layer 0.
        best_steps.reverse();
        replay(&split, &layers, &best_steps)
    });
    Solution { value: next[0], moves }
}

/// Cell scores padded with zeros to `MAX_CELLS` entries (`n·m ≤ MAX_CELLS`).
fn padded_scores(scores: &[i64]) -> [i64; MAX_CELLS] {
    let mut padded = [0; MAX_CELLS];
    padded[..scores.len()].copy_from_slice(scores);
    padded
}

/// Computes all rows of `layer` into `out` (and the best steps into `steps`, when given).
fn sweep_layer(kernel: &Kernel<'_>, layer: &Layer, out: &mut [i64], steps: Option<&mut [u8]>) {
    let jobs = split_by_group(layer, out, steps);
    if layer.len < PARALLEL_MIN_STATES {
        jobs.into_iter().for_each(|job| job.run_sequential(kernel));
    } else {
        jobs.into_par_iter().for_each(|job| job.run_parallel(kernel));
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
    fn run_sequential(self, kernel: &Kernel<'_>) {
        let group = self.group;
        if self.steps.is_empty() {
            for (rank, row) in self.out.chunks_mut(group.row_len).enumerate() {
                kernel.row::<false>(group, rank, row, &mut []);
            }
        } else {
            for (rank, (row, steps)) in
                self.out.chunks_mut(group.row_len).zip(self.steps.chunks_mut(group.row_len)).enumerate()
            {
                kernel.row::<true>(group, rank, row, steps);
            }
        }
    }

    fn run_parallel(self, kernel: &Kernel<'_>) {
        let group = self.group;
        if self.steps.is_empty() {
            self.out.par_chunks_mut(group.row_len).enumerate().for_each(|(rank, row)| {
                kernel.row::<false>(group, rank, row, &mut []);
            });
        } else {
            self.out
                .par_chunks_mut(group.row_len)
                .zip(self.steps.par_chunks_mut(group.row_len))
                .enumerate()
                .for_each(|(rank, (row, steps))| kernel.row::<true>(group, rank, row, steps));
        }
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
