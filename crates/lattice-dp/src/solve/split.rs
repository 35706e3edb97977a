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

use super::half::HalfPaths;
use crate::board;
use crate::index::{self, CellId, Rank, Step};
use crate::path::{self, Path};

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
    /// `right_run_start[c]..right_run_start[c + 1]`: the lengths of the runs of right class `c` in
    /// `right_run_len` (one run per ordinal, see the module doc).
    right_run_start: Vec<usize>,
    right_run_len: Vec<usize>,
    /// `cross_start[c]..cross_start[c + 1]`: the cross moves of right class `c` in `cross_moves`.
    cross_start: Vec<usize>,
    cross_moves: Vec<CrossMove>,
}

impl Split {
    /// The tables for an `n × m` board within [`board::size_fits`].
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
            right_run_start: vec![0],
            right_run_len: Vec::new(),
            cross_start: vec![0],
            cross_moves: Vec::new(),
        };
        split.tabulate_right_moves();
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
                    let half = Path::from(half);
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
                let half = Path::from(half);
                if half & 1 == 0 && self.left_ones_for(half).is_some_and(|a| a >= 1) {
                    let next_rank = index::rank(self.right.rank(half | 1));
                    self.cross_moves.push(CrossMove { rank: index::rank(rank), next_rank });
                }
            }
            self.cross_start.push(self.cross_moves.len());
        }
    }

    /// The number of ones the left half must have for `right` to complete a path of this board,
    /// or `None` when no left half fits (too many up- or right-steps).
    fn left_ones_for(&self, right: Path) -> Option<usize> {
        // The right-steps then add up by themselves: (h − a) + (w − ones) = h + w − n = m.
        let a = self.n.checked_sub(right.count_ones() as usize)?;
        (a <= self.h).then_some(a)
    }

    /// The move at step `q` of the right half `half` (of rank `rank`), when the left half has `a` ones.
    fn right_move(&self, half: Path, rank: usize, q: usize, a: usize) -> RightMove {
        let u = path::ones_below(half, q);
        // The up-step at q is the (a + u + 1)-th of the whole path; h − a + (q − u) right-steps precede it.
        let row = self.n - 1 - (a + u);
        let col = (self.h - a) + (q - u);
        RightMove {
            rank: index::rank(rank),
            next_rank: index::rank(self.right.rank(path::play(half, q))),
            cell: index::cell_id(row * self.m + col),
            step: index::step(self.h + q),
        }
    }

    /// The moves inside the right halves of class `class`, ordinal-major (see the module doc).
    pub fn right_moves_of(&self, class: usize) -> &[RightMove] {
        &self.right_moves[self.right_move_start[class]..self.right_move_start[class + 1]]
    }

    /// The runs of [`Self::right_moves_of`]: the `r`-th entry of each is a move of rank `r`.
    pub fn right_move_runs(&self, class: usize) -> impl Iterator<Item = &[RightMove]> {
        let mut rest = self.right_moves_of(class);
        self.right_run_len[self.right_run_start[class]..self.right_run_start[class + 1]].iter().map(
            move |&len| {
                let (run, tail) = rest.split_at(len);
                rest = tail;
                run
            },
        )
    }

    /// The cross moves of right class `class`, by increasing rank.
    pub fn cross_moves_of(&self, class: usize) -> &[CrossMove] {
        &self.cross_moves[self.cross_start[class]..self.cross_start[class + 1]]
    }

    /// The left half of a path.
    pub fn left_of(&self, path: Path) -> Path {
        path & path::ones_mask(self.h)
    }

    /// The right half of a path.
    pub fn right_of(&self, path: Path) -> Path {
        // h ≤ 20, so the shift is in range.
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
        for path in (0..(1u64 << (n + m))).filter(|p| p.count_ones() as usize == n) {
            let r = split.right_of(path);
            let rank = split.right.rank(r);
            let plain: Vec<_> = path::corners(path, n + m).filter(|&p| p >= split.h).collect();
            let class_moves = split.right_moves_of(split.right.class_of(r));
            let table: Vec<_> = class_moves.iter().filter(|mv| usize::from(mv.rank) == rank).collect();
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
