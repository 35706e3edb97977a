//! Move-offset tables.
//!
//! A [`MoveSet`] is a list of `(row, column)` offsets; a solver turns them into on-board targets
//! with [`Dims::offset`](crate::Dims::offset).

/// A set of moves, each a `(row, column)` offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSet {
    offsets: &'static [(isize, isize)],
}

impl MoveSet {
    /// Up, down, left, right.
    pub const ORTH4: Self = Self { offsets: &[(-1, 0), (1, 0), (0, -1), (0, 1)] };

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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king20_is_twenty_distinct_offsets() {
        let offsets = MoveSet::KING20.offsets();
        assert_eq!(offsets.len(), 20);
        let mut sorted = offsets.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 20);
        assert!(!sorted.contains(&(0, 0)));
    }

    #[test]
    fn orth4_and_custom_moves() {
        assert_eq!(MoveSet::ORTH4.offsets().len(), 4);
        assert_eq!(MoveSet::custom(&[(-1, 0)]).offsets(), &[(-1, 0)]);
    }
}
