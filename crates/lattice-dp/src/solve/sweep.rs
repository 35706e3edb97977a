//! The layered retrograde sweep of one process: from the full board back to the empty one, two
//! layers alive.
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

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::census::Tally;
use super::kernel::{Isa, Kernel, SCORES};
use super::layer::{Group, Layer, RowSource};
use super::options::SolveError;
use super::rows::{PARALLEL_MIN_STATES, padded_scores, run_row};
use super::split::{self, Split};
use super::types::Progress;
use super::value::Stored;
use crate::board::Board;
use crate::path::{self, LatticePath};

/// The layered sweep of one board: two value buffers, the last computed layer in `next`.
///
/// A single process could run as the one rank of the distributed sweep (`distributed::rank::RankSweep`,
/// which a solve with checkpoints uses), but that rank works through its partition's row lists
/// and exchange buffers even when it owns every row: 16×16 took 3.15–4.29 s there against
/// 2.60–2.79 s here (release build, three alternated runs, quiet machine). So the plain solve,
/// the optimal game, `query` and `analyze` keep this engine.
pub(super) struct Sweep<'a, V> {
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
    pub(super) fn new(board: &Board, split: &'a Split, layers: &'a [Layer]) -> Self {
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
    pub(super) fn values(&self) -> &[V] {
        &self.next[..self.layers[self.done_down_to].len]
    }

    /// Back to only the full board computed, for another sweep with the same buffers.
    pub(super) fn restart(&mut self) {
        self.next[0] = V::put(0);
        self.done_down_to = self.layers.len() - 1;
    }

    /// Computes the layers from the full board down to layer `down_to`; with `within`, only the rows
    /// that may contain that diagram. Returns the best step of every state of each layer computed
    /// in `record` (from the highest layer down). Stops at a layer boundary once `stop` is set.
    pub(super) fn run(
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
    pub(super) fn run_counting<T: Tally>(
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
pub(super) fn replay(
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
    use crate::solve::layer;
    use crate::solve::rows::PARALLEL_MIN_STATES;
    use crate::solve::types::{Mode, Solution};
    use crate::solve::{Packed40, solve, state_count, value};

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

    /// On boards of tiny cell values (ties everywhere), every recorded best step is the lowest
    /// corner among the moves of the best value, checked against plain negamax, at every width
    /// and instruction set; the boards take both the paired and the single runs of right moves.
    #[test]
    fn recorded_steps_are_the_lowest_best_corner() {
        fn plain(
            board: &Board,
            path: LatticePath,
            memo: &mut std::collections::HashMap<LatticePath, i64>,
        ) -> i64 {
            let (n, m) = (board.rows(), board.cols());
            if let Some(&v) = memo.get(&path) {
                return v;
            }
            let score = board.scores_of_mover(path::area(path, n + m) % 2);
            let best = path::corners(path, n + m)
                .map(|p| {
                    let (row, col) = path::corner_cell(path, p, n);
                    score[row * m + col] - plain(board, path::play(path, p), memo)
                })
                .max()
                .unwrap_or(0);
            memo.insert(path, best);
            best
        }
        for (n, m) in [(6, 7), (5, 9), (8, 6)] {
            let cells = |mul: usize| -> Vec<i64> { (0..n * m).map(|i| ((i * mul + n) % 3) as i64).collect() };
            let board = Board::new(n, m, cells(5), cells(7)).unwrap();
            let split = Split::new(n, m);
            let layers = layer::all_layers(&split);
            let mut memo = std::collections::HashMap::new();
            let runs = [
                sweep_with::<i32>(&board, Isa::Portable),
                sweep_with::<i32>(&board, Isa::detect()),
                sweep_with::<i64>(&board, Isa::detect()),
                sweep_with::<Packed40>(&board, Isa::detect()),
            ];
            let mut ties = 0;
            for path in (0..1u64 << (n + m)).filter(|p| p.count_ones() as usize == n) {
                let taken = path::area(path, n + m);
                if taken == n * m {
                    continue;
                }
                let score = board.scores_of_mover(taken % 2);
                let candidates: Vec<(usize, i64)> = path::corners(path, n + m)
                    .map(|p| {
                        let (row, col) = path::corner_cell(path, p, n);
                        (p, score[row * m + col] - plain(&board, path::play(path, p), &mut memo))
                    })
                    .collect();
                let best = candidates.iter().map(|&(_, v)| v).max().unwrap();
                ties += usize::from(candidates.iter().filter(|&&(_, v)| v == best).count() > 1);
                let lowest = candidates.iter().find(|&&(_, v)| v == best).unwrap().0;
                // The steps are recorded from the highest layer down.
                let table = layers.len() - 2 - taken;
                for (_, steps) in &runs {
                    let got = steps[table][layers[taken].index(&split, path)];
                    assert_eq!(usize::from(got), lowest, "{n}x{m} path {path:b}");
                }
            }
            assert!(ties > 100, "{n}x{m}: only {ties} states with tied best moves");
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
