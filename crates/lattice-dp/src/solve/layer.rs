//! Dense indexing of the states of one layer (all paths with the same number of taken cells).
//!
//! The states of layer `k` are grouped by the class (ones `a`, area) of their left half. The split
//! area formula (see [`super::split`]) fixes the right half's class: ones `n − a`, area
//! `k − area(left) − (n − a)(h − a)`. A group is therefore the product (left class) × (right class),
//! stored row-major with one row per left half:
//!
//! ```text
//! index(path) = group.base + rank(left) · group.row_len + rank(right)
//! ```
//!
//! Groups follow each other in increasing left class id; the layer's index space is `0..len`.

use std::ops::Range;

use super::split::Split;
use crate::path::LatticePath;

/// The states of one layer whose left halves share one class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Class id of the left halves.
    pub left_class: usize,
    /// Class id of the right halves.
    pub right_class: usize,
    /// Ones (up-steps) in the left half.
    pub left_ones: usize,
    /// Area of the left half.
    pub left_area: usize,
    /// Area of the right half.
    pub right_area: usize,
    /// Number of rows (left halves in the class).
    pub rows: usize,
    /// Length of a row (right halves in the class).
    pub row_len: usize,
    /// Index of the group's first state within the layer.
    pub base: usize,
}

impl Group {
    /// Number of states in the group.
    pub fn states(&self) -> usize {
        self.rows * self.row_len
    }
}

/// Where the states of one left class start in a layer, and the length of their rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Slot {
    /// Index of the group's first state.
    pub base: usize,
    /// Length of a row; 0 when the layer has no state with this left class.
    pub row_len: usize,
}

impl Slot {
    /// The index where the row of the left half of rank `left_rank` starts.
    pub fn row_start(self, left_rank: usize) -> usize {
        self.base + left_rank * self.row_len
    }
}

/// The layout of one layer: its groups and, per left class, where its group starts.
#[derive(Debug, Clone)]
pub struct Layer {
    /// Number of cells taken in every state of the layer.
    pub taken: usize,
    /// Number of states.
    pub len: usize,
    /// The non-empty groups, by increasing base.
    pub groups: Vec<Group>,
    /// Per left class id.
    slots: Vec<Slot>,
}

impl Layer {
    /// The layout of the layer of paths with `taken` cells.
    pub fn new(split: &Split, taken: usize) -> Self {
        let (n, h) = (split.n, split.h);
        let mut groups = Vec::new();
        let mut slots = vec![Slot::default(); split.left.class_count()];
        let mut len = 0;
        // a ones on the left leave n − a on the right, which must fit in w steps: a ≥ h − m.
        for a in h.saturating_sub(split.m)..=h.min(n) {
            for left_area in 0..=a * (h - a) {
                let Some(right_area) = taken.checked_sub(left_area + split.cross_area(a)) else { break };
                let rows = split.left.class_len(a, left_area);
                let row_len = split.right.class_len(n - a, right_area);
                let (Some(left_class), Some(right_class)) =
                    (split.left.class_id(a, left_area), split.right.class_id(n - a, right_area))
                else {
                    continue;
                };
                if rows == 0 || row_len == 0 {
                    continue;
                }
                slots[left_class] = Slot { base: len, row_len };
                groups.push(Group {
                    left_class,
                    right_class,
                    left_ones: a,
                    left_area,
                    right_area,
                    rows,
                    row_len,
                    base: len,
                });
                len += rows * row_len;
            }
        }
        Self { taken, len, groups, slots }
    }

    /// The slot of a left class (row length 0 when the layer has none of it).
    pub fn slot(&self, left_class: usize) -> Slot {
        self.slots[left_class]
    }

    /// The index of `path` within this layer; `path` must have `taken` cells.
    pub fn index(&self, split: &Split, path: LatticePath) -> usize {
        let (left, right) = (split.left_of(path), split.right_of(path));
        let slot = self.slot(split.left.class_of(left));
        debug_assert!(slot.row_len > 0, "path {path:b} is not in layer {}", self.taken);
        slot.row_start(split.left.rank(left)) + split.right.rank(right)
    }
}

/// Where the kernel finds the rows of the next layer: a whole layer at its own indices, or some of
/// its rows placed at offsets of their own (a rank's share of a distributed sweep: the rows it
/// owns and the ones it received, see [`super::partition`]).
#[derive(Debug, Clone, Copy)]
pub enum RowSource<'a> {
    /// Every row of the layer, at its index in the layer.
    Dense(&'a Layer),
    /// The rows a [`RowMap`] places.
    Mapped(&'a RowMap),
}

impl RowSource<'_> {
    /// The range of the row of left class `left_class` and rank `left_rank`: empty when the layer
    /// has no state of that left class.
    #[inline(always)]
    pub fn row(self, left_class: usize, left_rank: usize) -> Range<usize> {
        match self {
            RowSource::Dense(layer) => {
                let slot = layer.slot(left_class);
                let start = slot.row_start(left_rank);
                start..start + slot.row_len
            }
            RowSource::Mapped(map) => map.row(left_class, left_rank),
        }
    }
}

/// Some rows of one layer, each at an offset of its own in a buffer that holds only them.
#[derive(Debug, Clone, Default)]
pub struct RowMap {
    /// Per left class: the row length (0: no state of the class in the layer) and the index of
    /// its first row in `starts`.
    classes: Vec<(usize, usize)>,
    /// Per row of every group: its offset in the buffer, or [`RowMap::ABSENT`].
    starts: Vec<usize>,
}

impl RowMap {
    /// The offset of a row that is not placed.
    const ABSENT: usize = usize::MAX;

    /// A map of `layer`'s rows with none placed yet.
    pub fn new(layer: &Layer, left_classes: usize) -> Self {
        let mut classes = vec![(0, 0); left_classes];
        let mut rows = 0;
        for group in &layer.groups {
            classes[group.left_class] = (group.row_len, rows);
            rows += group.rows;
        }
        Self { classes, starts: vec![Self::ABSENT; rows] }
    }

    /// Places the row of left class `left_class` and rank `left_rank` at `start`.
    pub fn place(&mut self, left_class: usize, left_rank: usize, start: usize) {
        self.starts[self.classes[left_class].1 + left_rank] = start;
    }

    /// Takes the row of left class `left_class` and rank `left_rank` out of the map.
    pub fn remove(&mut self, left_class: usize, left_rank: usize) {
        self.starts[self.classes[left_class].1 + left_rank] = Self::ABSENT;
    }

    /// The range of a placed row (empty when the layer has no state of that left class).
    ///
    /// # Panics
    /// When the layer has the row but it was not placed: a partition that leaves out a row its
    /// moves read is a bug.
    #[inline(always)]
    pub fn row(&self, left_class: usize, left_rank: usize) -> Range<usize> {
        let (len, first) = self.classes[left_class];
        if len == 0 {
            return 0..0;
        }
        let start = self.starts[first + left_rank];
        assert!(start != Self::ABSENT, "row {left_rank} of left class {left_class} was not received");
        start..start + len
    }

    /// The bytes of a map of a layer of `rows` rows and `left_classes` left classes.
    pub fn bytes(rows: usize, left_classes: usize) -> u64 {
        (rows * size_of::<usize>() + left_classes * 2 * size_of::<usize>()) as u64
    }
}

/// The layouts of all layers `0..=n·m` of a board.
pub fn all_layers(split: &Split) -> Vec<Layer> {
    (0..=split.n * split.m).map(|taken| Layer::new(split, taken)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path;

    /// Every path gets a distinct index below its layer's length, and the layers add up to C(n+m, n).
    #[test]
    fn indices_are_a_bijection() {
        for (n, m) in [(1, 1), (1, 5), (5, 1), (3, 4), (4, 3), (4, 6)] {
            let split = Split::new(n, m);
            let layers = all_layers(&split);
            let mut seen: Vec<Vec<bool>> = layers.iter().map(|l| vec![false; l.len]).collect();
            let mut count = 0;
            for p in (0..(1u64 << (n + m))).filter(|p| p.count_ones() as usize == n) {
                let k = path::area(p, n + m);
                let i = layers[k].index(&split, p);
                assert!(!std::mem::replace(&mut seen[k][i], true), "{n}x{m}: index {i} twice in layer {k}");
                count += 1;
            }
            assert!(seen.iter().flatten().all(|&s| s), "{n}x{m}: some index unused");
            assert_eq!(layers.iter().map(|l| l.len).sum::<usize>(), count);
        }
    }

    #[test]
    fn sixteen_by_sixteen_sizes() {
        let split = Split::new(16, 16);
        let layers = all_layers(&split);
        assert_eq!(layers.iter().map(|l| l.len).sum::<usize>(), 601_080_390);
        let peak = layers.iter().map(|l| l.len).max().unwrap();
        assert!(peak < 10_000_000, "{peak}");
        assert_eq!((layers[0].len, layers[256].len), (1, 1));
    }
}
