//! A boundary path cut in two halves, and the moves of the right half, tabulated once per board.
//!
//! The path of `n + m` steps is cut after its first `h = ⌈(n + m) / 2⌉` steps: the *left* half is
//! `path & ((1 << h) − 1)`, the *right* half is `path >> h` (`w = n + m − h` steps). With `a` ones in
//! the left half (so `h − a` right-steps there and `n − a` up-steps in the right half), every
//! up-step of the right half is preceded by all `h − a` right-steps of the left half, hence
//!
//! ```text
//! cells taken = area(left) + area(right) + (n − a) · (h − a)
//! ```
//!
//! A move flips a `10` pair (see [`crate::path`]); the pair lies inside the left half, inside the
//! right half, or across the cut (bit `h − 1` of the path is 1 and bit `h` is 0). A right-half move
//! depends only on the right half (the row and column of its cell only need `a = n − ones(right)`),
//! so all of them are tabulated here, per right class, as (rank, rank of the new right half, cell).
//!
//! The moves of a class are listed *ordinal-major*: first the first move of every member (by rank),
//! then the second move of every member that has one, and so on. Members are ranked by decreasing
//! number of corners (see [`super::half`]), so the members with a `k`-th move are the ranks
//! `0..count_k`: each ordinal is a *run* whose `r`-th entry is a move of rank `r`. The kernel walks
//! a run in step with the row it updates, one flat, branch-free stream per run.
//!
//! What the kernel reads of a move is kept in arrays of their own, parallel to the move list: the
//! ranks of the new right halves ([`Split::right_next_ranks`]) and, per board and player, the
//! mover's score for each move's cell ([`Split::right_gains`]), so that a move costs one load of
//! each and no lookup through its cell.

use super::half::HalfPaths;
use crate::board;
use crate::index::{self, CellId, Rank, Step};
use crate::path::{self, LatticePath};
use std::ops::Range;

/// A move inside the right half: the rank of the right half, the rank of the resulting right half
/// within its new class (same ones, area + 1), the cell taken, and the step of the path where the
/// `10` pair starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RightMove {
    /// Rank of the right half before the move.
    pub rank: Rank,
    /// Rank of the right half after the move, within class (ones, area + 1).
    pub next_rank: Rank,
    /// Row-major index of the cell taken.
    pub cell: CellId,
    /// Step of the whole path where the flipped `10` pair starts.
    pub step: Step,
}

/// A player's score of one cell, the gain of a move: a cell value (`0..=`[`board::MAX_VALUE`]),
/// which fits 32 bits.
pub type Gain = i32;

const _: () = assert!(board::MAX_VALUE <= Gain::MAX as u64);

/// A cross move seen from the right half: for the right half of rank `rank` (whose first step is a
/// right-step), the rank of the right half after the move, in class (ones + 1, area − ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrossMove {
    /// Rank of the right half before the move.
    pub rank: Rank,
    /// Rank of the right half after the move.
    pub next_rank: Rank,
}

/// The cut of the boundary paths of an `n × m` board, with all half-path tables.
#[derive(Debug, Clone)]
pub struct Split {
    /// Rows of the board.
    pub n: usize,
    /// Columns of the board.
    pub m: usize,
    /// Steps in the left half.
    pub h: usize,
    /// Steps in the right half.
    pub w: usize,
    /// Tables of the left half-paths (length `h`).
    pub left: HalfPaths,
    /// Tables of the right half-paths (length `w`).
    pub right: HalfPaths,
    /// `right_move_start[c]..right_move_start[c + 1]`: the moves of right class `c` in `right_moves`,
    /// ordinal-major (see the module doc).
    right_move_start: Vec<usize>,
    right_moves: Vec<RightMove>,
    /// `right_next_ranks[i] = right_moves[i].next_rank`, for the kernel's gathers.
    right_next_ranks: Vec<Rank>,
    /// `right_steps[i] = right_moves[i].step`, for the kernel that records each state's best move.
    right_steps: Vec<Step>,
    /// `right_run_start[c]..right_run_start[c + 1]`: the lengths of the runs of right class `c` in
    /// `right_run_len` (one run per ordinal, see the module doc).
    right_run_start: Vec<usize>,
    right_run_len: Vec<usize>,
    /// `cross_start[c]..cross_start[c + 1]`: the cross moves of right class `c` in `cross_moves`.
    cross_start: Vec<usize>,
    cross_moves: Vec<CrossMove>,
}

impl Split {
    /// The tables for an `n × m` board within [`board::size_fits`] (a plan reads the layouts
    /// these tables give, too).
    pub fn new(n: usize, m: usize) -> Self {
        assert!(board::size_fits(n, m), "board {n}x{m} out of limits");
        let h = (n + m).div_ceil(2);
        let w = n + m - h;
        let left = HalfPaths::new(h);
        let right = HalfPaths::new(w);
        let mut split = Self {
            n,
            m,
            h,
            w,
            left,
            right,
            right_move_start: vec![0],
            right_moves: Vec::new(),
            right_next_ranks: Vec::new(),
            right_steps: Vec::new(),
            right_run_start: vec![0],
            right_run_len: Vec::new(),
            cross_start: vec![0],
            cross_moves: Vec::new(),
        };
        split.tabulate_right_moves();
        split.right_next_ranks = split.right_moves.iter().map(|mv| mv.next_rank).collect();
        split.right_steps = split.right_moves.iter().map(|mv| mv.step).collect();
        split
    }

    /// Fills the right-move and cross-move tables, class by class, rank by rank.
    fn tabulate_right_moves(&mut self) {
        for class in 0..self.right.class_count() {
            let members = self.right.members_of(class).to_vec();
            let per_member: Vec<Vec<RightMove>> = members
                .iter()
                .enumerate()
                .map(|(rank, &half)| {
                    let half = LatticePath::from(half);
                    match self.left_ones_for(half) {
                        Some(a) => {
                            path::corners(half, self.w).map(|q| self.right_move(half, rank, q, a)).collect()
                        }
                        None => Vec::new(),
                    }
                })
                .collect();
            let most = per_member.iter().map(Vec::len).max().unwrap_or(0);
            for ordinal in 0..most {
                let run_start = self.right_moves.len();
                self.right_moves.extend(per_member.iter().filter_map(|moves| moves.get(ordinal)));
                let run = &self.right_moves[run_start..];
                // Ranks by decreasing corner count: a run is the ranks 0..len, in order.
                assert!(run.iter().enumerate().all(|(r, mv)| usize::from(mv.rank) == r), "run not a prefix");
                self.right_run_len.push(run.len());
            }
            self.right_move_start.push(self.right_moves.len());
            self.right_run_start.push(self.right_run_len.len());
            for (rank, &half) in members.iter().enumerate() {
                let half = LatticePath::from(half);
                if half & 1 == 0 && self.left_ones_for(half).is_some_and(|a| a >= 1) {
                    let next_rank = Rank::new(self.right.rank(half | 1));
                    self.cross_moves.push(CrossMove { rank: Rank::new(rank), next_rank });
                }
            }
            self.cross_start.push(self.cross_moves.len());
        }
    }

    /// The number of ones the left half must have for `right` to complete a path of this board,
    /// or `None` when no left half fits (too many up- or right-steps).
    fn left_ones_for(&self, right: LatticePath) -> Option<usize> {
        // The right-steps then add up by themselves: (h − a) + (w − ones) = h + w − n = m.
        let a = self.n.checked_sub(right.count_ones() as usize)?;
        (a <= self.h).then_some(a)
    }

    /// The move at step `q` of the right half `half` (of rank `rank`), when the left half has `a` ones.
    fn right_move(&self, half: LatticePath, rank: usize, q: usize, a: usize) -> RightMove {
        let u = path::ones_below(half, q);
        // The up-step at q is the (a + u + 1)-th of the whole path; h − a + (q − u) right-steps precede it.
        let row = self.n - 1 - (a + u);
        let col = (self.h - a) + (q - u);
        RightMove {
            rank: Rank::new(rank),
            next_rank: Rank::new(self.right.rank(path::play(half, q))),
            cell: CellId::new(row * self.m + col),
            step: index::step(self.h + q),
        }
    }

    /// The moves inside the right halves of class `class`, ordinal-major (see the module doc), in
    /// runs: ranges of indices into the whole move list ([`Self::right_moves`]) and the arrays
    /// parallel to it ([`Self::right_next_ranks`], [`Self::right_gains`]). The `r`-th entry of a
    /// run is a move of rank `r`; the first run is the longest.
    pub fn right_run_ranges(&self, class: usize) -> impl Iterator<Item = Range<usize>> + '_ {
        let mut start = self.right_move_start[class];
        self.right_run_len[self.right_run_start[class]..self.right_run_start[class + 1]].iter().map(
            move |&len| {
                start += len;
                start - len..start
            },
        )
    }

    /// The whole move list: every class's moves, class after class.
    pub fn right_moves(&self) -> &[RightMove] {
        &self.right_moves
    }

    /// The rank of the new right half of every move, indexed like the whole move list.
    pub fn right_next_ranks(&self) -> &[Rank] {
        &self.right_next_ranks
    }

    /// The step where every move's `10` pair starts, indexed like the whole move list.
    pub fn right_steps(&self) -> &[Step] {
        &self.right_steps
    }

    /// The score `score[cell]` of every move's cell, indexed like the whole move list: the gains
    /// of one player's right moves (`score` is that player's, padded as the kernel's).
    ///
    /// # Panics
    /// If a score is not a cell value of a board (`0..=MAX_VALUE`; a bug).
    pub fn right_gains(&self, score: &[i64]) -> Vec<Gain> {
        let gain = |v: i64| Gain::try_from(v).expect("a cell value fits a Gain");
        self.right_moves.iter().map(|mv| gain(score[usize::from(mv.cell)])).collect()
    }

    /// The cross moves of right class `class`, by increasing rank.
    pub fn cross_moves_of(&self, class: usize) -> &[CrossMove] {
        &self.cross_moves[self.cross_start[class]..self.cross_start[class + 1]]
    }

    /// The left half of a path.
    pub fn left_of(&self, path: LatticePath) -> LatticePath {
        path & path::ones_mask(self.h)
    }

    /// The right half of a path.
    pub fn right_of(&self, path: LatticePath) -> LatticePath {
        // h ≤ 22, so the shift is in range.
        path >> self.h
    }

    /// The cells taken by paths whose left half has `a` ones: the term of the area formula that
    /// depends on neither half's own area.
    pub fn cross_area(&self, a: usize) -> usize {
        (self.n - a) * (self.h - a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Area through the split formula equals the direct area, for every path of small boards.
    #[test]
    fn split_area_formula() {
        for (n, m) in [(1, 1), (2, 3), (3, 2), (4, 4), (3, 6)] {
            let split = Split::new(n, m);
            for path in 0..(1u64 << (n + m)) {
                if path.count_ones() as usize != n {
                    continue;
                }
                let (l, r) = (split.left_of(path), split.right_of(path));
                let a = l.count_ones() as usize;
                let formula = split.left.area(l) + split.right.area(r) + split.cross_area(a);
                assert_eq!(formula, path::area(path, n + m), "{n}x{m} path {path:b}");
            }
        }
    }

    /// Each tabulated right move takes the cell the plain path helpers say it takes.
    #[test]
    fn right_moves_match_plain_moves() {
        let (n, m) = (4, 5);
        let split = Split::new(n, m);
        let cell_scores: Vec<i64> = (0..n * m).map(|c| c as i64 * 10).collect();
        for path in (0..(1u64 << (n + m))).filter(|p| p.count_ones() as usize == n) {
            let r = split.right_of(path);
            let rank = split.right.rank(r);
            let plain: Vec<_> = path::corners(path, n + m).filter(|&p| p >= split.h).collect();
            let runs: Vec<_> = split.right_run_ranges(split.right.class_of(r)).collect();
            // Each run is a prefix of the ranks, and the runs get shorter.
            assert!(runs.windows(2).all(|w| w[0].len() >= w[1].len()));
            let gains = split.right_gains(&cell_scores);
            let mut table = Vec::new();
            for (k, run) in runs.into_iter().enumerate() {
                for (r, i) in run.enumerate() {
                    let mv = split.right_moves()[i];
                    assert_eq!(usize::from(mv.rank), r, "run {k}");
                    assert_eq!(split.right_next_ranks()[i], mv.next_rank);
                    assert_eq!(split.right_steps()[i], mv.step);
                    assert_eq!(i64::from(gains[i]), mv.cell.get() as i64 * 10);
                    if r == rank {
                        table.push(mv);
                    }
                }
            }
            assert_eq!(table.len(), plain.len());
            for (mv, &p) in table.into_iter().zip(&plain) {
                let (row, col) = path::corner_cell(path, p, n);
                assert_eq!(usize::from(mv.cell), row * m + col);
                assert_eq!(usize::from(mv.step), p);
                assert_eq!(usize::from(mv.next_rank), split.right.rank(split.right_of(path::play(path, p))));
            }
        }
    }
}
