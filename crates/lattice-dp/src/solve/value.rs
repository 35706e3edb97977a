//! The width of a stored value: 4, 5 or 8 bytes per state, chosen from the board's bound.
//!
//! Two layers of values are the solver's memory (two layers of 20 × 20 hold 2.9 · 10^9 states, of
//! 22 × 22 3.9 · 10^10), so
//! a value is stored in as few bytes as the board allows, while the kernel computes in `i64`:
//!
//! | [`ValueWidth`] | type | stored range | used when the bound `B` is |
//! |---|---|---|---|
//! | `Four` | `i32` | `−2^31 ..< 2^31` | `B < 2^31` |
//! | `Eight` | `i64` | `−2^62 ..< 2^62` | `B ≥ 2^31`, when two 8-byte layers take at most half the memory limit |
//! | `Five` | [`Packed40`] | `−2^39 ..< 2^39` | `B ≥ 2^31`, when they do not (20 × 20 with values up to 10^9) |
//!
//! 8 bytes are preferred to 5 when both fit (with room to spare, see [`super::Plan::new`]): the packed values are read through unaligned 8-byte
//! windows (see [`Packed40`]), which do not vectorise, so 5 bytes cost more instructions per state
//! (callgrind, 15 × 15, one thread, AVX2 rows: 9.0 · 10^9 against 5.5 · 10^9) and more CPU time,
//! while saving memory traffic. 5 bytes are what makes 20 × 20 fit in memory.
//!
//! The bound `B` is the largest cell value plus the larger of the two players' sums: every value
//! of a position (mover's future gain minus the opponent's) lies in `−S ..= S` with
//! `S = max(ΣA, ΣB)`, and every candidate `gain − value` in `−B ..= B`. The kernel starts each state
//! at the width's [`Stored::NO_MOVE`], which is below `−B` and representable, so the first real move
//! always replaces it. Within the limits (484 cells of at most 10^9) `B ≤ 4.85 · 10^11 < 2^39`
//! (checked at compile time below).

use crate::board::{MAX_CELLS, MAX_VALUE};

// The largest bound within the limits, `10^9 + 484 · 10^9`, fits the 5-byte range (module doc).
const _: () = assert!(MAX_VALUE * (MAX_CELLS as u64 + 1) < 1 << 39);

/// `max(current, candidate)` as the kernel's streaming loops update a state: `current` plus the
/// positive part of the difference.
///
/// Written as `(*o).max(candidate)`, the vectoriser turns the update into a masked store
/// (`VPMASKMOVQ`) that writes only the lanes that grew; on AMD Zen 4 that loop takes about four
/// times as long as one that computes the maximum and stores every lane, which this form gets.
/// Both operands lie in `NO_MOVE ..= B` (module doc), so the difference cannot overflow.
#[inline(always)]
pub fn raise(current: i64, candidate: i64) -> i64 {
    let gain = candidate - current;
    current + (gain & -i64::from(gain > 0))
}

/// A value as stored in a layer.
///
/// The kernel reads a layer through [`Stored::load`] and [`Stored::relax_row`] and writes a row it
/// computed in `i64` through [`Stored::store_row`]; a width that cannot be read element by element
/// cheaply (the packed one) overrides them.
pub trait Stored: Copy + Send + Sync + 'static {
    /// Bytes per state.
    const BYTES: usize;
    /// Below every real value, and stored exactly: the value of a state before its first move.
    const NO_MOVE: i64;
    /// The stored value, widened.
    fn get(self) -> i64;
    /// Stores `v`, which lies in `NO_MOVE ..= -NO_MOVE` (see the module doc).
    fn put(v: i64) -> Self;

    /// `dst[i] = src[i]`, widened (same lengths).
    #[inline(always)]
    fn widen_row(src: &[Self], dst: &mut [i64]) {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = s.get();
        }
    }

    /// `row[i]`, widened.
    #[inline(always)]
    fn load(row: &[Self], i: usize) -> i64 {
        row[i].get()
    }

    /// `out[i] = max(out[i], gain − next[i] · 2^SHIFT)` for every `i`: the streaming loop of a
    /// move inside the left half (`SHIFT` is 0, or the tie bits of the kernel's keys when it
    /// records the best moves). `next` is as long as `out`.
    #[inline(always)]
    fn relax_row<const SHIFT: u32>(out: &mut [i64], next: &[Self], gain: i64) {
        for (o, &v) in out.iter_mut().zip(next) {
            *o = raise(*o, gain - (v.get() << SHIFT));
        }
    }

    /// Stores the computed row `src` into `dst` (same length).
    #[inline(always)]
    fn store_row(dst: &mut [Self], src: &[i64]) {
        for (d, &v) in dst.iter_mut().zip(src) {
            *d = Self::put(v);
        }
    }

    /// Writes the values of `src` into `dst` (exactly [`Self::BYTES`] bytes each) as bytes,
    /// little-endian: what a distributed sweep sends.
    fn write_bytes(src: &[Self], dst: &mut [u8]);

    /// Appends the values of `src` to `dst` as [`Self::write_bytes`] writes them: what a
    /// checkpoint holds.
    fn append_bytes(src: &[Self], dst: &mut Vec<u8>) {
        let start = dst.len();
        dst.resize(start + src.len() * Self::BYTES, 0);
        Self::write_bytes(src, &mut dst[start..]);
    }

    /// Reads `dst.len()` values from `src` (as [`Self::write_bytes`] wrote them).
    fn read_bytes(src: &[u8], dst: &mut [Self]);
}

/// [`Stored::write_bytes`] and [`Stored::read_bytes`] of a width that is a plain integer.
macro_rules! integer_bytes {
    () => {
        fn write_bytes(src: &[Self], dst: &mut [u8]) {
            debug_assert_eq!(dst.len(), src.len() * Self::BYTES);
            // Fixed-size copies into a slice: a loop the compiler vectorises.
            for (d, v) in dst.chunks_exact_mut(Self::BYTES).zip(src) {
                d.copy_from_slice(&v.to_le_bytes());
            }
        }

        fn read_bytes(src: &[u8], dst: &mut [Self]) {
            for (d, bytes) in dst.iter_mut().zip(src.chunks_exact(Self::BYTES)) {
                *d = Self::from_le_bytes(bytes.try_into().expect("chunks of the width"));
            }
        }
    };
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
    integer_bytes!();
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
    integer_bytes!();
}

/// A signed 40-bit value in 5 little-endian bytes (alignment 1: a layer is a plain byte array,
/// `[Packed40]::as_flattened` its bytes).
///
/// Reading one value byte by byte is slow, so values are read through 8-byte windows: the window
/// starting at a value's first byte holds it in its low 40 bits (the 3 bytes after it belong to
/// the next value), and `(window << 24) >> 24` sign-extends it. Rows are read and written in blocks
/// of 8 values (40 bytes), whose windows all lie inside the block; the few values after the last
/// whole block, and a single value whose window would leave the row, byte by byte.
pub type Packed40 = [u8; 5];

/// The value in the low 40 bits of `window`, sign-extended.
#[inline(always)]
fn low_40(window: u64) -> i64 {
    ((window << 24) as i64) >> 24
}

/// The 8 bytes of `bytes` from `start`, when they are all there.
#[inline(always)]
fn window_at(bytes: &[u8], start: usize) -> Option<u64> {
    let window: [u8; 8] = bytes.get(start..start + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(window))
}

/// Values per block of the packed row loops: 8 values are 40 bytes, read as windows at offsets
/// 0, 5, …, 30 and the last one as the top 5 bytes of the word at 32 (all inside the block).
const BLOCK: usize = 8;

/// The 8 values of a 40-byte block.
#[inline(always)]
fn unpack_block(block: &[u8]) -> [i64; BLOCK] {
    debug_assert_eq!(block.len(), 5 * BLOCK);
    let word = |at: usize| {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(&block[at..at + 8]);
        u64::from_le_bytes(bytes)
    };
    let last = (word(32) as i64) >> 24;
    [
        low_40(word(0)),
        low_40(word(5)),
        low_40(word(10)),
        low_40(word(15)),
        low_40(word(20)),
        low_40(word(25)),
        low_40(word(30)),
        last,
    ]
}

/// Packs 8 values into a 40-byte block: 8-byte writes at 0, 5, …, 30 in increasing order (each
/// overwrites the 3 spare bytes of the one before), then the last value's 5 bytes.
#[inline(always)]
fn pack_block(values: &[i64], block: &mut [u8]) {
    debug_assert_eq!((values.len(), block.len()), (BLOCK, 5 * BLOCK));
    for (i, &v) in values[..BLOCK - 1].iter().enumerate() {
        block[5 * i..5 * i + 8].copy_from_slice(&v.to_le_bytes());
    }
    block[35..].copy_from_slice(&Packed40::put(values[BLOCK - 1]));
}

impl Stored for Packed40 {
    const BYTES: usize = 5;
    const NO_MOVE: i64 = -(1 << 39);
    #[inline(always)]
    fn get(self) -> i64 {
        let [a, b, c, d, e] = self;
        low_40(u64::from_le_bytes([a, b, c, d, e, 0, 0, 0]))
    }
    #[inline(always)]
    fn put(v: i64) -> Self {
        debug_assert!((-(1 << 39)..1 << 39).contains(&v), "{v} does not fit 5 bytes");
        let [a, b, c, d, e, ..] = v.to_le_bytes();
        [a, b, c, d, e]
    }

    #[inline(always)]
    fn load(row: &[Self], i: usize) -> i64 {
        match window_at(row.as_flattened(), 5 * i) {
            Some(window) => low_40(window),
            None => row[i].get(),
        }
    }

    #[inline(always)]
    fn relax_row<const SHIFT: u32>(out: &mut [i64], next: &[Self], gain: i64) {
        let blocks = next.as_flattened().chunks_exact(5 * BLOCK);
        let rest = blocks.remainder();
        let mut out_blocks = out.chunks_exact_mut(BLOCK);
        for (o, block) in out_blocks.by_ref().zip(blocks) {
            for (o, v) in o.iter_mut().zip(unpack_block(block)) {
                *o = raise(*o, gain - (v << SHIFT));
            }
        }
        for (o, value) in out_blocks.into_remainder().iter_mut().zip(rest.chunks_exact(5)) {
            let value: Self = value.try_into().unwrap_or_default();
            *o = raise(*o, gain - (value.get() << SHIFT));
        }
    }

    #[inline(always)]
    fn widen_row(src: &[Self], dst: &mut [i64]) {
        let blocks = src.as_flattened().chunks_exact(5 * BLOCK);
        let rest = blocks.remainder();
        let mut dst_blocks = dst.chunks_exact_mut(BLOCK);
        for (d, block) in dst_blocks.by_ref().zip(blocks) {
            d.copy_from_slice(&unpack_block(block));
        }
        for (d, value) in dst_blocks.into_remainder().iter_mut().zip(rest.chunks_exact(5)) {
            let value: Self = value.try_into().unwrap_or_default();
            *d = value.get();
        }
    }

    fn write_bytes(src: &[Self], dst: &mut [u8]) {
        dst.copy_from_slice(src.as_flattened());
    }

    fn read_bytes(src: &[u8], dst: &mut [Self]) {
        let len = dst.len() * Self::BYTES;
        dst.as_flattened_mut().copy_from_slice(&src[..len]);
    }

    #[inline(always)]
    fn store_row(dst: &mut [Self], src: &[i64]) {
        let src_blocks = src.chunks_exact(BLOCK);
        let src_rest = src_blocks.remainder();
        let mut blocks = dst.as_flattened_mut().chunks_exact_mut(5 * BLOCK);
        for (block, values) in blocks.by_ref().zip(src_blocks) {
            pack_block(values, block);
        }
        for (d, &v) in blocks.into_remainder().chunks_exact_mut(5).zip(src_rest) {
            d.copy_from_slice(&Self::put(v));
        }
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

    /// Whether every value met with bound `bound` fits this width's stored range (module doc):
    /// a narrower width would overflow silently, so a solve refuses it
    /// ([`super::SolveError::WidthTooNarrow`]).
    pub fn holds(self, bound: u64) -> bool {
        self >= Self::for_bound(bound)
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
        round_trip::<Packed40>(&[(1 << 39) - 1, -(1 << 39), 485_000_000_000, -485_000_000_000]);
        round_trip::<i64>(&[(1 << 62) - 1, -(1 << 62)]);
        assert_eq!(std::mem::size_of::<Packed40>(), 5);
        assert_eq!(std::mem::align_of::<Packed40>(), 1);
    }

    /// The row operations of every width agree with the plain element-by-element ones, on rows of
    /// every short length (the packed width reads all but the last value through windows).
    #[test]
    fn row_operations_agree_with_elementwise() {
        fn check<V: Stored>(values: &[i64]) {
            for len in 0..=values.len() {
                let row: Vec<V> = values[..len].iter().map(|&v| V::put(v)).collect();
                for (i, &v) in values[..len].iter().enumerate() {
                    assert_eq!(V::load(&row, i), v, "{} bytes, load {i} of {len}", V::BYTES);
                }
                let mut out: Vec<i64> = (0..len as i64).map(|i| i * 1000 - 3000).collect();
                let mut expected = out.clone();
                for (e, &v) in expected.iter_mut().zip(&values[..len]) {
                    *e = (*e).max(17 - v);
                }
                V::relax_row::<0>(&mut out, &row, 17);
                assert_eq!(out, expected, "{} bytes, relax of {len}", V::BYTES);
                let mut wide = vec![0; len];
                V::widen_row(&row, &mut wide);
                assert_eq!(wide, values[..len], "{} bytes, widen {len}", V::BYTES);
                let mut stored = vec![V::put(0); len];
                V::store_row(&mut stored, &values[..len]);
                assert!(stored.iter().zip(&values[..len]).all(|(s, &v)| s.get() == v));
                let mut bytes = vec![7];
                V::append_bytes(&stored, &mut bytes);
                assert_eq!(bytes.len(), 1 + len * V::BYTES);
                let mut read = vec![V::put(0); len];
                V::read_bytes(&bytes[1..], &mut read);
                assert!(read.iter().zip(&values[..len]).all(|(s, &v)| s.get() == v), "{} bytes", V::BYTES);
            }
        }
        let values = [5, -1, 0, 2999, -2_000_000_000, 1_999_999_999, -7, 123_456, 1, -3000];
        check::<i32>(&values);
        check::<i64>(&values);
        check::<Packed40>(&values);
        let wide: Vec<i64> = (0..19).map(|i| (i - 9) * 43_000_000_000 + i).collect();
        check::<Packed40>(&wide);
        check::<i64>(&wide);
        check::<Packed40>(&[(1 << 39) - 1, -(1 << 39), 485_000_000_000, -485_000_000_000, -1, 0, 1]);
    }

    #[test]
    fn widths_follow_the_bound() {
        assert_eq!(ValueWidth::for_bound(0), ValueWidth::Four);
        assert_eq!(ValueWidth::for_bound((1 << 31) - 1), ValueWidth::Four);
        assert_eq!(ValueWidth::for_bound(1 << 31), ValueWidth::Five);
        // 22 × 22 with every value 10^9.
        assert_eq!(ValueWidth::for_bound(485_000_000_000), ValueWidth::Five);
        assert_eq!(ValueWidth::for_bound(1 << 39), ValueWidth::Eight);
        assert_eq!(ValueWidth::Five.bytes(), 5);
        // Each width holds exactly the bounds below its range's end.
        assert!(ValueWidth::Four.holds((1 << 31) - 1) && !ValueWidth::Four.holds(1 << 31));
        assert!(ValueWidth::Five.holds(1 << 31) && ValueWidth::Five.holds((1 << 39) - 1));
        assert!(!ValueWidth::Five.holds(1 << 39) && ValueWidth::Eight.holds(1 << 39));
        assert_eq!(ValueWidth::choose(1 << 35, |_| true), ValueWidth::Eight);
        assert_eq!(ValueWidth::choose(1 << 35, |_| false), ValueWidth::Five);
        assert_eq!(ValueWidth::choose(1 << 20, |_| true), ValueWidth::Four);
    }
}
