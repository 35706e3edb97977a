//! Tables over all half-paths of one length: their area and their rank within their class.
//!
//! A *half-path* is a run of `len ≤ 22` ([`MAX_HALF`]) consecutive steps of a boundary path (bit `p` = step `p`,
//! as in [`crate::path`]). Its *class* is the pair (ones, area), where area counts the pairs
//! (right-step, later up-step) inside the half. Within a class, half-paths are ranked by decreasing
//! number of corners (moves inside the half), then by increasing mask, so a class is a dense range
//! `0..class_len`. The corner order is what lets the kernel stream the moves of a right half (see
//! [`super::split`]): the members with at least `k` corners are always a prefix `0..count` of the
//! class.
//!
//! Classes are numbered `class_id(ones, area) = first_class[ones] + area`, with
//! `0 ≤ area ≤ ones · (len − ones)` (every such area occurs, so no id is wasted).

use crate::index::{self, HalfArea, HalfMask, MAX_HALF, Rank};
use crate::path::{self, LatticePath};

/// Area, rank and class members of every half-path of one length.
#[derive(Debug, Clone)]
pub struct HalfPaths {
    len: usize,
    /// Area of each mask.
    area: Vec<HalfArea>,
    /// Rank of each mask within its class.
    rank: Vec<Rank>,
    /// `first_class[ones]`: class id of (ones, area 0); one extra entry holds the class count.
    first_class: Vec<usize>,
    /// Start of each class in `members`; one extra entry holds `members.len()`.
    class_start: Vec<usize>,
    /// All masks, grouped by class id, increasing within a class.
    members: Vec<HalfMask>,
}

impl HalfPaths {
    /// The tables for half-paths of `len` steps (`1 ≤ len ≤ MAX_HALF`).
    pub fn new(len: usize) -> Self {
        assert!((1..=MAX_HALF).contains(&len), "half-path length {len} out of 1..={MAX_HALF}");
        let first_class = first_class_ids(len);
        let class_count = first_class[len + 1];
        let masks = 0..((1 as HalfMask) << len);
        let area = areas(len);
        let class_of =
            |mask: HalfMask| first_class[mask.count_ones() as usize] + usize::from(area[mask as usize]);

        let mut class_start = vec![0usize; class_count + 1];
        for mask in masks.clone() {
            class_start[class_of(mask) + 1] += 1;
        }
        for id in 0..class_count {
            class_start[id + 1] += class_start[id];
        }
        let mut filled = class_start.clone();
        let mut members: Vec<HalfMask> = vec![0; 1 << len];
        for mask in masks {
            let id = class_of(mask);
            members[filled[id]] = mask;
            filled[id] += 1;
        }
        let mut rank: Vec<Rank> = vec![Rank::default(); 1 << len];
        for id in 0..class_count {
            let class = &mut members[class_start[id]..class_start[id + 1]];
            // Masks are in increasing order already; a stable sort keeps it within a corner count.
            class.sort_by_key(|&mask| std::cmp::Reverse(path::corners(LatticePath::from(mask), len).count()));
            for (r, &mask) in class.iter().enumerate() {
                rank[mask as usize] = Rank::new(r);
            }
        }
        Self { len, area, rank, first_class, class_start, members }
    }

    /// The number of classes.
    pub fn class_count(&self) -> usize {
        self.first_class[self.len + 1]
    }

    /// The class id of (ones, area), or `None` when no half-path has them.
    pub fn class_id(&self, ones: usize, area: usize) -> Option<usize> {
        (ones <= self.len && area <= ones * (self.len - ones)).then(|| self.first_class[ones] + area)
    }

    /// The class id of a half-path.
    pub fn class_of(&self, half: LatticePath) -> usize {
        self.first_class[half.count_ones() as usize] + usize::from(self.area[half as usize])
    }

    /// The number of half-paths with (ones, area); 0 when there are none.
    pub fn class_len(&self, ones: usize, area: usize) -> usize {
        self.class_id(ones, area).map_or(0, |id| self.members_of(id).len())
    }

    /// The members of class `id`, by rank.
    pub fn members_of(&self, id: usize) -> &[HalfMask] {
        &self.members[self.class_start[id]..self.class_start[id + 1]]
    }

    /// The area of a half-path.
    #[cfg(test)]
    pub fn area(&self, half: LatticePath) -> usize {
        usize::from(self.area[half as usize])
    }

    /// The rank of a half-path within its class.
    pub fn rank(&self, half: LatticePath) -> usize {
        usize::from(self.rank[half as usize])
    }
}

/// The area of every mask of `len` steps ([`path::area`]), by one pass over the masks: with
/// `mask = (rest << 1) | step0`, a first step up adds nothing, a first step right lies below every
/// up-step of `rest`, so `area(mask) = area(rest) + (step0 == 0) · ones(rest)` (`rest < mask`, so
/// its area is known): one step per mask, where summing each mask's steps costs `len` (about a
/// second for the 2^22 masks of 22 steps).
fn areas(len: usize) -> Vec<HalfArea> {
    let mut area: Vec<HalfArea> = vec![0; 1 << len];
    for mask in 1..area.len() {
        let rest = mask >> 1;
        let below = if mask & 1 == 0 { rest.count_ones() as usize } else { 0 };
        area[mask] = index::half_area(usize::from(area[rest]) + below);
    }
    area
}

/// `first[ones]` = id of class (ones, 0); classes of `ones` take `ones · (len − ones) + 1` ids.
fn first_class_ids(len: usize) -> Vec<usize> {
    let mut first = vec![0usize; len + 2];
    for ones in 0..=len {
        first[ones + 1] = first[ones] + ones * (len - ones) + 1;
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    /// The areas by recurrence are [`path::area`]'s, for every mask of up to 12 steps.
    #[test]
    fn areas_by_recurrence_are_the_paths_areas() {
        for len in 1..=12 {
            let area = areas(len);
            for mask in 0..1u64 << len {
                assert_eq!(
                    usize::from(area[mask as usize]),
                    path::area(mask, len),
                    "len {len} mask {mask:b}"
                );
            }
        }
    }

    #[test]
    fn ranks_are_dense_within_classes() {
        for len in [1, 2, 5, 8] {
            let half = HalfPaths::new(len);
            for id in 0..half.class_count() {
                for (r, &mask) in half.members_of(id).iter().enumerate() {
                    assert_eq!(half.rank(LatticePath::from(mask)), r);
                    assert_eq!(half.class_of(LatticePath::from(mask)), id);
                }
            }
        }
    }

    /// Within a class, corner counts never increase with the rank, and equal counts keep the
    /// masks in increasing order.
    #[test]
    fn ranks_follow_decreasing_corners() {
        for len in [3, 6, 9] {
            let half = HalfPaths::new(len);
            for id in 0..half.class_count() {
                let key = |&mask: &HalfMask| {
                    (std::cmp::Reverse(path::corners(LatticePath::from(mask), len).count()), mask)
                };
                let keys: Vec<_> = half.members_of(id).iter().map(key).collect();
                assert!(keys.windows(2).all(|w| w[0] < w[1]), "len {len} class {id}: {keys:?}");
            }
        }
    }

    #[test]
    fn class_sizes_add_up_to_binomials() {
        let half = HalfPaths::new(12);
        for ones in 0..=12 {
            let total: usize = (0..=ones * (12 - ones)).map(|a| half.class_len(ones, a)).sum();
            assert_eq!(total, binomial(12, ones));
        }
        assert_eq!(half.class_len(3, 28), 0);
        assert_eq!(half.class_len(13, 0), 0);
    }

    #[test]
    fn largest_class_fits_ranks() {
        let largest = |half: &HalfPaths| (0..half.class_count()).map(|id| half.members_of(id).len()).max();
        let plan = HalfPaths::new(MAX_HALF);
        let most = largest(&plan).unwrap();
        assert_eq!(most, 18_084);
        assert!(most <= index::MAX_CLASS_LEN);
        assert_eq!(plan.area(0x3F_F800), 121);
        // The solver's halves: at most 20 steps.
        assert_eq!(largest(&HalfPaths::new(20)), Some(5_448));
    }
}
