//! The index widths of the solver, chosen in one place.
//!
//! | name | what it numbers | limit | why it fits |
//! |---|---|---|---|
//! | [`LatticePath`] | a boundary path, one bit per step | `n + m ≤` [`MAX_PERIMETER`] `= 44` | `≤ 64` bits |
//! | [`HalfMask`] | a half-path (the first `h` or the last `w` steps) | [`MAX_HALF`] `= 22` steps | `≤ 32` bits |
//! | [`Rank`] | a half-path's rank within its class (ones, area) | [`MAX_CLASS_LEN`] `= 18,100` | `< 2^16` |
//! | [`CellId`] | a cell, row-major `row · m + col` | `n · m ≤` [`MAX_CELLS`] `= 484` | `< 2^16` |
//! | [`Step`] | a step of a path (where a move's `10` pair starts) | `< 44` | `< 2^8` |
//! | [`HalfArea`] | the area of a half-path | `⌊22/2⌋ · ⌈22/2⌉ = 121` | `< 2^8` |
//! | [`StateIndex`] | a state within its layer | `C(44, 22) < 2.2 · 10^12` | `usize` (64-bit targets) |
//!
//! The limits follow from [`crate::board::MAX_PERIMETER`] and [`crate::board::MAX_CELLS`], which
//! [`crate::Board::new`] and [`crate::board::Shape::new`] enforce, so every index of a board fits
//! its width; the compile-time assertions below check the arithmetic. [`Rank`] and [`CellId`] are
//! newtypes made only by [`Rank::new`] and [`CellId::new`], which check their limits; the others
//! are aliases (bit patterns and small counts the code computes with), which [`step`],
//! [`half_area`] and [`half_mask`] narrow with a check. A failed check is a bug, never an input
//! error; the checks run while the tables are built, never in the inner loop.

pub use crate::board::{MAX_CELLS, MAX_PERIMETER};

/// A boundary path: bit `p` is step `p` (1 = up, 0 = right); see `crate::path`.
pub type LatticePath = u64;
/// A half-path: at most [`MAX_HALF`] consecutive steps of a [`LatticePath`], shifted down to bit 0.
pub type HalfMask = u32;
/// The rank of a half-path within its class (ones, area): below [`MAX_CLASS_LEN`], held in 16
/// bits. Made only by [`Rank::new`], which checks the limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Rank(u16);

/// A cell, row-major: `row · m + col`, below [`MAX_CELLS`], held in 16 bits. Made only by
/// [`CellId::new`], which checks the limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct CellId(u16);
/// A step of a path.
pub type Step = u8;
/// The area (cells below) of a half-path.
pub type HalfArea = u8;
/// The index of a state within its layer (and a count of states).
pub type StateIndex = usize;

/// The most steps of a half-path: `⌈MAX_PERIMETER / 2⌉ = 22`.
pub const MAX_HALF: usize = MAX_PERIMETER.div_ceil(2);
/// An upper bound of the size of a class of half-paths of [`MAX_HALF`] steps (the largest
/// coefficient of the Gaussian binomial `[22 choose 11]_q` is 18,084, of `[20 choose 10]_q`
/// 5,448; checked by a test).
pub const MAX_CLASS_LEN: usize = 18_100;

const _: () = assert!(MAX_PERIMETER <= LatticePath::BITS as usize);
const _: () = assert!(MAX_HALF <= HalfMask::BITS as usize);
const _: () = assert!(MAX_CLASS_LEN <= u16::MAX as usize);
const _: () = assert!(MAX_CELLS <= u16::MAX as usize);
const _: () = assert!(MAX_PERIMETER <= Step::MAX as usize);
const _: () = assert!((MAX_HALF / 2) * MAX_HALF.div_ceil(2) <= HalfArea::MAX as usize);
const _: () = assert!(usize::BITS >= 64, "C(44, 22) states need a 64-bit usize");

impl Rank {
    /// The values a `Rank` can take (`2^16`): a table of this many entries indexed by rank needs
    /// no bounds check.
    pub const VALUES: usize = 1 << u16::BITS;

    /// The rank `r` of a half-path within its class.
    ///
    /// # Panics
    /// If `r` is not below [`MAX_CLASS_LEN`] (a class larger than the largest: a bug).
    #[inline]
    pub fn new(r: usize) -> Self {
        assert!(r < MAX_CLASS_LEN, "a class of half-paths has fewer than MAX_CLASS_LEN members");
        Self(r as u16)
    }

    /// The rank as an index.
    #[inline]
    pub fn get(self) -> usize {
        usize::from(self.0)
    }
}

impl From<Rank> for usize {
    #[inline]
    fn from(rank: Rank) -> usize {
        rank.get()
    }
}

impl CellId {
    /// The cell number `c` (`row · m + col`).
    ///
    /// # Panics
    /// If `c` is not below [`MAX_CELLS`] (a board beyond the limit: a bug).
    #[inline]
    pub fn new(c: usize) -> Self {
        assert!(c < MAX_CELLS, "a cell number is below MAX_CELLS");
        Self(c as u16)
    }

    /// The cell number as an index.
    #[inline]
    pub fn get(self) -> usize {
        usize::from(self.0)
    }
}

impl From<CellId> for usize {
    #[inline]
    fn from(cell: CellId) -> usize {
        cell.get()
    }
}

/// The step `p` of a path.
///
/// # Panics
/// If `p` does not fit a [`Step`] (a path beyond [`MAX_PERIMETER`]: a bug).
#[inline]
pub fn step(p: usize) -> Step {
    Step::try_from(p).expect("a step is below MAX_PERIMETER")
}

/// The area `a` of a half-path.
///
/// # Panics
/// If `a` does not fit a [`HalfArea`] (a half beyond [`MAX_HALF`] steps: a bug).
#[inline]
pub fn half_area(a: usize) -> HalfArea {
    HalfArea::try_from(a).expect("a half-path's area is at most 121")
}

/// The half-path `mask` of at most [`MAX_HALF`] steps, as a [`HalfMask`].
///
/// # Panics
/// If `mask` has bits above [`MAX_HALF`] (a bug).
#[inline]
pub fn half_mask(mask: LatticePath) -> HalfMask {
    HalfMask::try_from(mask).expect("a half-path has at most MAX_HALF steps")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "fewer than MAX_CLASS_LEN")]
    fn a_rank_past_the_largest_class_is_refused() {
        Rank::new(MAX_CLASS_LEN);
    }

    #[test]
    fn conversions_keep_their_values() {
        assert_eq!(
            (Rank::new(18_084).get(), CellId::new(483).get(), step(43), half_area(121)),
            (18_084, 483, 43, 121)
        );
        assert_eq!(half_mask(0x3F_FFFF), 0x3F_FFFF);
        assert!(std::panic::catch_unwind(|| CellId::new(MAX_CELLS)).is_err());
        assert!(std::panic::catch_unwind(|| half_area(256)).is_err());
    }
}
