//! The width of a stored value: 4, 5 or 8 bytes per state, chosen from the board's bound.
//!
//! Two layers of values are the solver's memory (two layers of 20 × 20 hold 2.9 · 10^9 states), so
//! a value is stored in as few bytes as the board allows, while the kernel computes in `i64`:
//!
//! | [`ValueWidth`] | type | stored range | used when the bound `B` is |
//! |---|---|---|---|
//! | `Four` | `i32` | `−2^31 ..< 2^31` | `B < 2^31` |
//! | `Eight` | `i64` | `−2^62 ..< 2^62` | `B ≥ 2^31`, when two 8-byte layers fit the memory limit |
//! | `Five` | [`Packed40`] | `−2^39 ..< 2^39` | `B ≥ 2^31`, when they do not (20 × 20 with values up to 10^9) |
//!
//! 8 bytes are preferred to 5 because the packed layout is slow: its loads and stores do not
//! vectorise, and 16 × 16 took about 3× as long with 5 bytes as with 8 (measured side by side on a
//! loaded machine: 38–57 s against 14–19 s). So 5 bytes are what makes 20 × 20 fit in memory,
//! not a default.
//!
//! The bound `B` is the largest cell value plus the larger of the two players' sums: every value
//! of a position (mover's future gain minus the opponent's) lies in `−S ..= S` with
//! `S = max(ΣA, ΣB)`, and every candidate `gain − value` in `−B ..= B`. The kernel starts each state
//! at the width's [`Stored::NO_MOVE`], which is below `−B` and representable, so the first real move
//! always replaces it. Within the limits (400 cells of at most 10^9) `B ≤ 4.01 · 10^11 < 2^39`.

/// A value as stored in a layer.
pub trait Stored: Copy + Send + Sync + 'static {
    /// Bytes per state.
    const BYTES: usize;
    /// Below every real value, and stored exactly: the value of a state before its first move.
    const NO_MOVE: i64;
    /// The stored value, widened.
    fn get(self) -> i64;
    /// Stores `v`, which lies in `NO_MOVE ..= -NO_MOVE` (see the module doc).
    fn put(v: i64) -> Self;
}

impl Stored for i64 {
    const BYTES: usize = 8;
    const NO_MOVE: i64 = -(1 << 62);
    #[inline(always)]
    fn get(self) -> i64 {
        self
    }
    #[inline(always)]
    fn put(v: i64) -> Self {
        v
    }
}

impl Stored for i32 {
    const BYTES: usize = 4;
    const NO_MOVE: i64 = i32::MIN as i64;
    #[inline(always)]
    fn get(self) -> i64 {
        i64::from(self)
    }
    #[inline(always)]
    fn put(v: i64) -> Self {
        debug_assert!(i32::try_from(v).is_ok(), "{v} does not fit 4 bytes");
        // In range by the choice of the width (module doc).
        v as i32
    }
}

/// A signed 40-bit value in 5 little-endian bytes (alignment 1: a layer is a plain byte array).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(transparent)]
pub struct Packed40([u8; 5]);

impl Stored for Packed40 {
    const BYTES: usize = 5;
    const NO_MOVE: i64 = -(1 << 39);
    #[inline(always)]
    fn get(self) -> i64 {
        let [a, b, c, d, e] = self.0;
        // Sign-extend from bit 39: the top byte goes to bits 56..64, then an arithmetic shift.
        i64::from_le_bytes([0, 0, 0, a, b, c, d, e]) >> 24
    }
    #[inline(always)]
    fn put(v: i64) -> Self {
        debug_assert!((-(1 << 39)..1 << 39).contains(&v), "{v} does not fit 5 bytes");
        let [a, b, c, d, e, ..] = v.to_le_bytes();
        Self([a, b, c, d, e])
    }
}

/// How many bytes a layer spends per state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ValueWidth {
    /// `i32`.
    Four,
    /// [`Packed40`].
    Five,
    /// `i64`.
    Eight,
}

impl ValueWidth {
    /// The width of a board with bound `bound`: 4 bytes when they hold its values, else 8 when
    /// `fits(Eight)` (the memory allows it), else 5 (module doc).
    pub fn choose(bound: u64, fits: impl Fn(Self) -> bool) -> Self {
        match Self::for_bound(bound) {
            Self::Five if fits(Self::Eight) => Self::Eight,
            narrowest => narrowest,
        }
    }

    /// The narrowest width whose range holds every value met with bound `bound` (module doc).
    pub fn for_bound(bound: u64) -> Self {
        if bound < 1 << 31 {
            Self::Four
        } else if bound < 1 << 39 {
            Self::Five
        } else {
            Self::Eight
        }
    }

    /// Bytes per state.
    pub fn bytes(self) -> usize {
        match self {
            Self::Four => i32::BYTES,
            Self::Five => Packed40::BYTES,
            Self::Eight => i64::BYTES,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<V: Stored>(values: &[i64]) {
        for &v in values {
            assert_eq!(V::put(v).get(), v, "{} bytes", V::BYTES);
        }
        assert_eq!(V::put(V::NO_MOVE).get(), V::NO_MOVE);
    }

    #[test]
    fn every_width_stores_its_range() {
        let small = [0, 1, -1, 255, -256, 1 << 20, -(1 << 30), (1 << 31) - 1, -(1 << 31)];
        round_trip::<i32>(&small);
        round_trip::<Packed40>(&small);
        round_trip::<Packed40>(&[(1 << 39) - 1, -(1 << 39), 401_000_000_000, -401_000_000_000]);
        round_trip::<i64>(&[(1 << 62) - 1, -(1 << 62)]);
        assert_eq!(std::mem::size_of::<Packed40>(), 5);
        assert_eq!(std::mem::align_of::<Packed40>(), 1);
    }

    #[test]
    fn widths_follow_the_bound() {
        assert_eq!(ValueWidth::for_bound(0), ValueWidth::Four);
        assert_eq!(ValueWidth::for_bound((1 << 31) - 1), ValueWidth::Four);
        assert_eq!(ValueWidth::for_bound(1 << 31), ValueWidth::Five);
        // 20 × 20 with every value 10^9.
        assert_eq!(ValueWidth::for_bound(401_000_000_000), ValueWidth::Five);
        assert_eq!(ValueWidth::for_bound(1 << 39), ValueWidth::Eight);
        assert_eq!(ValueWidth::Five.bytes(), 5);
        assert_eq!(ValueWidth::choose(1 << 35, |_| true), ValueWidth::Eight);
        assert_eq!(ValueWidth::choose(1 << 35, |_| false), ValueWidth::Five);
        assert_eq!(ValueWidth::choose(1 << 20, |_| true), ValueWidth::Four);
    }
}
