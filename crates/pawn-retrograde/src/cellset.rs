//! A set of cells of one board as a bitboard (one bit per row-major index), backed by `bitvec`.

use bitvec::vec::BitVec;

/// A set of cell indices in `0..len`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CellSet {
    bits: BitVec,
}

impl CellSet {
    /// An empty set over `len` cells.
    pub fn new(len: usize) -> Self {
        Self { bits: BitVec::repeat(false, len) }
    }

    /// Whether `cell` is in the set. Panics if `cell` is out of range.
    pub fn contains(&self, cell: usize) -> bool {
        self.bits[cell]
    }

    /// Number of cells the set ranges over (`len` of [`CellSet::new`]).
    pub fn capacity(&self) -> usize {
        self.bits.len()
    }

    /// Number of cells in the set (the playground caps boards by free cells).
    pub fn len(&self) -> usize {
        self.bits.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.bits.not_any()
    }

    /// Adds `cell`; returns whether it was absent.
    pub fn insert(&mut self, cell: usize) -> bool {
        !self.bits.replace(cell, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_and_contains() {
        let mut s = CellSet::new(70);
        assert!((0..70).all(|cell| !s.contains(cell)));
        assert!(s.insert(3) && s.insert(69) && !s.insert(3));
        assert!(s.contains(69) && s.contains(3) && !s.contains(4));
        assert_eq!((s.len(), s.capacity()), (2, 70));
        assert!(!s.is_empty() && CellSet::new(5).is_empty());
    }
}
