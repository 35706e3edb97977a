//! Move-offset tables and in-bounds neighbour iteration.
//!
//! A [`MoveSet`] is a list of `(row, column)` offsets. Neighbour lists are returned as
//! [`Neighbours`], a `SmallVec` with inline room for 20 cells, so no heap allocation happens for any
//! built-in move set (the largest, [`MoveSet::KING20`], has exactly 20 offsets).

use smallvec::SmallVec;

use crate::geometry::{Dims, Pos};

/// Inline capacity of [`Neighbours`]: the size of the largest built-in move set.
pub const MAX_INLINE_MOVES: usize = 20;

/// Row-major indices of the neighbours of one cell.
pub type Neighbours = SmallVec<[usize; MAX_INLINE_MOVES]>;

/// A set of moves, each a `(row, column)` offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSet {
    offsets: &'static [(isize, isize)],
}

impl MoveSet {
    /// Up, down, left, right.
    pub const ORTH4: Self = Self { offsets: &[(-1, 0), (1, 0), (0, -1), (0, 1)] };

    /// The 8 surrounding cells.
    pub const KING8: Self =
        Self { offsets: &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] };

    /// The 8 knight jumps.
    pub const KNIGHT8: Self =
        Self { offsets: &[(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)] };

    /// The 8 surrounding cells, the 4 cells two steps diagonally, and the 8 knight jumps (HDU 3446).
    pub const KING20: Self = Self {
        offsets: &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
            (-2, -2),
            (-2, 2),
            (2, -2),
            (2, 2),
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1),
        ],
    };

    /// A custom move set.
    pub const fn custom(offsets: &'static [(isize, isize)]) -> Self {
        Self { offsets }
    }

    /// The offsets.
    pub const fn offsets(self) -> &'static [(isize, isize)] {
        self.offsets
    }

    /// Iterates the on-board targets of the moves from `pos`.
    pub fn targets(self, dims: Dims, pos: Pos) -> impl Iterator<Item = Pos> {
        self.offsets.iter().filter_map(move |&d| dims.offset(pos, d))
    }

    /// Row-major indices of the on-board targets of the moves from the cell `index`.
    pub fn neighbours(self, dims: Dims, index: usize) -> Neighbours {
        self.targets(dims, dims.pos(index)).map(|p| dims.index(p)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_neighbours() {
        let d = Dims::new(3, 3);
        assert_eq!(MoveSet::ORTH4.neighbours(d, 0).as_slice(), &[3, 1]);
        assert_eq!(MoveSet::KING8.neighbours(d, 4).len(), 8);
        assert_eq!(MoveSet::KNIGHT8.neighbours(d, 0).as_slice(), &[5, 7]);
    }

    #[test]
    fn king20_is_twenty_distinct_offsets_and_stays_inline() {
        let offsets = MoveSet::KING20.offsets();
        assert_eq!(offsets.len(), 20);
        let mut sorted = offsets.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 20);
        let d = Dims::new(5, 5);
        let n = MoveSet::KING20.neighbours(d, d.index(Pos::new(2, 2)));
        assert_eq!(n.len(), 20);
        assert!(!n.spilled());
    }

    #[test]
    fn custom_moves() {
        let up = MoveSet::custom(&[(-1, 0)]);
        assert_eq!(up.neighbours(Dims::new(2, 1), 1).as_slice(), &[0]);
        assert!(up.neighbours(Dims::new(2, 1), 0).is_empty());
    }
}
