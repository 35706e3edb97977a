//! The staircase boundary path — the one state encoding of the solver.
//!
//! The taken cells always form a Young diagram anchored at the top-left corner: row `i` holds its
//! first `λ_i` cells, with `m ≥ λ_0 ≥ λ_1 ≥ … ≥ λ_{n−1} ≥ 0`. Its boundary, walked from the
//! bottom-left corner of the board to the top-right corner, is a lattice path of `n` up-steps and
//! `m` right-steps. **Step `p` of that walk is bit `p` of a `u64` ([`LatticePath`]): 1 = up, 0 = right** (n + m ≤ 44).
//!
//! - The up-step that climbs past row `i` is the `(n − i)`-th up-step, and it is preceded by exactly
//!   `λ_i` right-steps. Hence the number of taken cells is the number of pairs "right-step before
//!   up-step" — see [`area`].
//! - Empty board: all up-steps first, `(1 << n) − 1`. Full board: all right-steps first,
//!   `((1 << n) − 1) << m`.
//! - A move is a `1` at bit `p` followed by a `0` at bit `p + 1` (an outer corner). With `u` ones
//!   below bit `p`, the up-step at `p` climbs past row `n − 1 − u`, preceded by `p − u` right-steps,
//!   so the cell taken is (row `n − 1 − u`, column `p − u`). Taking it swaps the two steps (bits
//!   become `0`, `1`: `path ^ (0b11 << p)`) and adds exactly one cell.
//!
//! Only [`crate::solve`](mod@crate::solve) manipulates paths in bulk (split in two halves, see `solve::half`); the helpers
//! here are the plain, one-path-at-a-time versions used to set up tables and to replay a game.

pub use crate::index::LatticePath;

/// The path of the empty board of `n` rows (`n ≤ 31`).
pub fn empty_board(n: usize) -> LatticePath {
    ones_mask(n)
}

/// The path of the full board of `n` rows and `m` columns (`n + m ≤ 44`).
pub fn full_board(n: usize, m: usize) -> LatticePath {
    ones_mask(n) << m
}

/// A mask of the `len` lowest bits (`len ≤ 64`).
pub fn ones_mask(len: usize) -> LatticePath {
    if len >= LatticePath::BITS as usize { LatticePath::MAX } else { (1 << len) - 1 }
}

/// The number of cells taken below (inside) `path`: the number of pairs (right-step, later up-step)
/// among its first `len` steps.
pub fn area(path: LatticePath, len: usize) -> usize {
    (0..len).filter(|&p| path >> p & 1 == 1).map(|p| p - ones_below(path, p)).sum()
}

/// The number of up-steps strictly before step `p`.
pub fn ones_below(path: LatticePath, p: usize) -> usize {
    (path & ones_mask(p)).count_ones() as usize
}

/// Whether steps `p`, `p + 1` form an outer corner (`1` then `0`), i.e. a legal move.
pub fn is_corner(path: LatticePath, p: usize) -> bool {
    path >> p & 0b11 == 0b01
}

/// The steps `p` (among the first `len`) where a move can be made, in increasing order.
pub fn corners(path: LatticePath, len: usize) -> impl Iterator<Item = usize> {
    // Bit p of the mask is set iff steps p, p + 1 are `1`, `0` (with p + 1 < len).
    let mut mask = path & !(path >> 1) & ones_mask(len.saturating_sub(1));
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let p = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            p
        })
    })
}

/// The path after the move at corner `p`.
pub fn play(path: LatticePath, p: usize) -> LatticePath {
    path ^ (0b11 << p)
}

/// The cell (row, column) taken by the move at corner `p` on a board of `n` rows.
pub fn corner_cell(path: LatticePath, p: usize, n: usize) -> (usize, usize) {
    let u = ones_below(path, p);
    (n - 1 - u, p - u)
}

/// The path of the Young diagram whose row `i` holds `rows[i]` cells (`rows` non-increasing, each
/// at most `m`, one entry per row of the board).
pub fn from_rows(rows: &[usize], m: usize) -> LatticePath {
    let mut path: LatticePath = 0;
    let mut step = 0;
    let mut width = 0;
    // From the bottom-left corner: right-steps up to the bottom row's length, its up-step, and so on.
    for &len in rows.iter().rev() {
        step += len - width;
        width = len;
        path |= 1 << step;
        step += 1;
    }
    debug_assert!(width <= m);
    path
}

/// The row lengths of the diagram of `path` on a board of `n` rows (row 0 first): the inverse of
/// [`from_rows`], which the tests check.
#[cfg(test)]
pub fn rows_of(path: LatticePath, n: usize) -> Vec<usize> {
    let mut rows = vec![0; n];
    let mut up = 0;
    let mut right = 0;
    let mut rest = path;
    // At most n + m ≤ 44 steps; every up-step closes the row it climbs past.
    while up < n {
        if rest & 1 == 1 {
            rows[n - 1 - up] = right;
            up += 1;
        } else {
            right += 1;
        }
        rest >>= 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    #[test]
    fn rows_round_trip() {
        assert_eq!(from_rows(&[0, 0, 0], 2), empty_board(3));
        assert_eq!(from_rows(&[2, 2, 2], 2), full_board(3, 2));
        assert_eq!(from_rows(&[2, 1], 2), 0b1010);
        for path in (0u64..1 << 7).filter(|p| p.count_ones() == 3) {
            let rows = rows_of(path, 3);
            assert_eq!(from_rows(&rows, 4), path, "{rows:?}");
            assert_eq!(rows.iter().sum::<usize>(), area(path, 7));
        }
    }

    use super::*;

    #[test]
    fn empty_and_full_boards() {
        assert_eq!(empty_board(3), 0b111);
        assert_eq!(full_board(3, 2), 0b11100);
        assert_eq!(area(empty_board(3), 5), 0);
        assert_eq!(area(full_board(3, 2), 5), 6);
        assert_eq!(full_board(16, 16), 0xFFFF_0000);
        assert_eq!(area(full_board(16, 16), 32), 256);
        assert_eq!(full_board(20, 20), 0xF_FFFF << 20);
        assert_eq!(area(full_board(20, 20), 40), 400);
        assert_eq!(corner_cell(play(full_board(20, 20), 19), 19, 20), (19, 19));
    }

    #[test]
    fn first_move_takes_top_left_cell() {
        let path = empty_board(3);
        let moves: Vec<_> = corners(path, 5).collect();
        assert_eq!(moves, vec![2]);
        assert_eq!(corner_cell(path, 2, 3), (0, 0));
        let after = play(path, 2);
        assert_eq!(after, 0b1011);
        assert_eq!(area(after, 5), 1);
    }

    /// The bit-mask walk of `corners` lists exactly the steps `is_corner` accepts, in order.
    #[test]
    fn corners_are_the_corner_steps() {
        for len in 0..=12usize {
            for path in 0..(1u64 << len) {
                let plain: Vec<_> = (0..len.saturating_sub(1)).filter(|&p| is_corner(path, p)).collect();
                assert_eq!(corners(path, len).collect::<Vec<_>>(), plain, "{path:b} of {len} steps");
            }
        }
        // Bits above `len` are ignored, up to the full 64 steps.
        assert_eq!(corners(0b101, 2).collect::<Vec<_>>(), [0]);
        assert_eq!(corners(1 << 62, 64).collect::<Vec<_>>(), [62]);
        assert_eq!(corners(1 << 63, 64).count(), 0);
    }

    #[test]
    fn corners_of_an_l_shape() {
        // 2 x 2 board with (0,0), (0,1), (1,0) taken. From the bottom-left corner: one right-step
        // (row 1 holds 1 cell), up, one more right-step (row 0 holds 2), up: bits 0,1,0,1.
        let path = 0b1010;
        assert_eq!(area(path, 4), 3);
        let moves: Vec<_> = corners(path, 4).collect();
        assert_eq!(moves, vec![1]);
        assert_eq!(corner_cell(path, 1, 2), (1, 1));
        assert_eq!(play(path, 1), full_board(2, 2));
    }
}
