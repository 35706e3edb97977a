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

    /// Number of cells the set ranges over.
    pub fn capacity(&self) -> usize {
        self.bits.len()
    }

    /// Whether `cell` is in the set. Panics if `cell` is out of range.
    pub fn contains(&self, cell: usize) -> bool {
        self.bits[cell]
    }

    /// Adds `cell`; returns whether it was absent.
    pub fn insert(&mut self, cell: usize) -> bool {
        !self.bits.replace(cell, true)
    }

    /// Removes `cell`; returns whether it was present.
    pub fn remove(&mut self, cell: usize) -> bool {
        self.bits.replace(cell, false)
    }

    /// Number of cells in the set.
    pub fn len(&self) -> usize {
        self.bits.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.bits.not_any()
    }

    /// The cells in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = CellSet::new(70);
        assert!(s.is_empty());
        assert!(s.insert(3) && s.insert(69) && !s.insert(3));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 69]);
        assert_eq!(s.len(), 2);
        assert!(s.remove(3) && !s.remove(3));
        assert!(s.contains(69) && !s.contains(3));
        assert_eq!(s.capacity(), 70);
    }
}
