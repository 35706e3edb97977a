//! Memory planning: the bytes a solve needs, from the board alone, before anything is allocated.
//!
//! The sweep keeps two layers of values, each sized for the largest layer; the layer sizes are the
//! coefficients of the Gaussian binomial `[n+m choose n]_q` (layer `k` holds the paths of area `k`),
//! computed here by a small dynamic program, so the plan costs nothing. The optimal game adds one
//! byte per state of every layer but the full board's. The half-path tables and layer layouts are
//! estimated from their sizes (tens of MB at most, at 20 × 20).

use super::value::ValueWidth;
use super::{Mode, state_count};
use crate::board::Board;

/// What a solve of one board needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Bytes per stored value.
    pub width: ValueWidth,
    /// All states, C(n + m, n).
    pub states: u64,
    /// States in the largest layer.
    pub largest_layer: u64,
    /// The two value buffers: `2 · largest_layer · width`.
    pub layer_bytes: u64,
    /// The recorded best steps of [`Mode::WithGame`] (one byte per state), else 0.
    pub game_bytes: u64,
    /// The half-path tables and layer layouts (an upper estimate).
    pub table_bytes: u64,
}

impl Plan {
    /// The plan of solving `board` in `mode` with values of `width`, by default the fastest width
    /// that holds the board's values and fits `limit` (see [`ValueWidth::choose`]).
    pub fn new(board: &Board, mode: Mode, width: Option<ValueWidth>, limit: Option<u64>) -> Self {
        let width = width.unwrap_or_else(|| {
            let fits =
                |w: ValueWidth| limit.is_none_or(|limit| Self::with_width(board, mode, w).total() <= limit);
            ValueWidth::choose(board.value_bound(), fits)
        });
        Self::with_width(board, mode, width)
    }

    fn with_width(board: &Board, mode: Mode, width: ValueWidth) -> Self {
        let (n, m) = (board.rows(), board.cols());
        let largest_layer = layer_sizes(n, m).into_iter().max().unwrap_or(1);
        let states = state_count(n, m);
        let game_bytes = if mode == Mode::WithGame { states } else { 0 };
        Self {
            width,
            states,
            largest_layer,
            layer_bytes: 2 * largest_layer * width.bytes() as u64,
            game_bytes,
            table_bytes: table_bytes(n, m),
        }
    }

    /// All the bytes planned.
    pub fn total(&self) -> u64 {
        self.layer_bytes + self.game_bytes + self.table_bytes
    }
}

/// The number of states of each layer `0..=n·m` of an `n × m` board: the coefficients of the
/// Gaussian binomial `[n+m choose n]_q`, by `[i+j, i] = [i+j−1, i−1] + q^i [i+j−1, i]`.
pub fn layer_sizes(n: usize, m: usize) -> Vec<u64> {
    // row[j] = coefficients for (i, j); start with i = 0: one path of area 0.
    let mut row: Vec<Vec<u64>> = vec![vec![1]; m + 1];
    for i in 1..=n {
        let mut next: Vec<Vec<u64>> = vec![vec![1]];
        for j in 1..=m {
            let mut c = vec![0u64; i * j + 1];
            for (k, &v) in row[j].iter().enumerate() {
                c[k] += v;
            }
            for (k, &v) in next[j - 1].iter().enumerate() {
                c[k + i] += v;
            }
            next.push(c);
        }
        row = next;
    }
    row.swap_remove(m)
}

/// An upper estimate of the tables: per half-path 7 bytes (area, rank, member), per right
/// half-path its moves (8 bytes each, at most `w / 2 + 1`) and cross move (4 bytes), and per layer
/// a slot (16 bytes) and at most one group (72 bytes) per left class.
fn table_bytes(n: usize, m: usize) -> u64 {
    let h = (n + m).div_ceil(2);
    let w = n + m - h;
    let halves = 7 * ((1u64 << h) + (1u64 << w));
    let right_moves = (1u64 << w) * (8 * (w as u64 / 2 + 1) + 4);
    let classes = (0..=h).map(|a| (a * (h - a) + 1) as u64).sum::<u64>();
    let layouts = (n * m + 1) as u64 * classes * (16 + 72);
    halves + right_moves + layouts
}

/// `bytes` for people: `12.3 GiB`, `45.6 MiB` or `789 bytes`.
pub fn bytes(bytes: u64) -> String {
    const MIB: f64 = (1u64 << 20) as f64;
    const GIB: f64 = (1u64 << 30) as f64;
    let b = bytes as f64;
    if b >= GIB {
        format!("{:.1} GiB", b / GIB)
    } else if b >= MIB {
        format!("{:.1} MiB", b / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layer_sizes_add_up_and_match_the_largest_layers() {
        for (n, m) in [(1, 1), (1, 7), (7, 1), (3, 5), (10, 10), (16, 16)] {
            let sizes = layer_sizes(n, m);
            assert_eq!(sizes.len(), n * m + 1);
            assert_eq!(sizes.iter().sum::<u64>(), state_count(n, m), "{n}x{m}");
            assert_eq!(sizes, layer_sizes(m, n), "{n}x{m}: transposition");
        }
        assert_eq!(layer_sizes(2, 2), [1, 1, 2, 1, 1]);
        assert_eq!(layer_sizes(16, 16).into_iter().max(), Some(8_908_546));
        assert_eq!(layer_sizes(20, 20).into_iter().max(), Some(1_470_597_342));
    }

    #[test]
    fn plans_follow_width_and_mode() {
        let big = Board::new(20, 20, vec![1_000_000_000; 400], vec![1_000_000_000; 400]).unwrap();
        let plan = Plan::new(&big, Mode::ValueOnly, None, Some(20_000_000_000));
        assert_eq!(plan.width, ValueWidth::Five);
        assert_eq!(plan.layer_bytes, 2 * 1_470_597_342 * 5);
        assert!(plan.total() < 16 << 30 && plan.table_bytes < 200 << 20, "{plan:?}");
        let small = Board::new(20, 20, vec![1000; 400], vec![7; 400]).unwrap();
        assert_eq!(Plan::new(&big, Mode::ValueOnly, None, None).width, ValueWidth::Eight);
        assert_eq!(Plan::new(&small, Mode::ValueOnly, None, None).width, ValueWidth::Four);
        let game = Plan::new(&small, Mode::WithGame, Some(ValueWidth::Eight), Some(1));
        assert_eq!((game.game_bytes, game.layer_bytes), (state_count(20, 20), 2 * 1_470_597_342 * 8));
        assert_eq!(bytes(3 << 29), "1.5 GiB");
        assert_eq!(bytes(5 << 20), "5.0 MiB");
        assert_eq!(bytes(12), "12 bytes");
    }
}
