//! What the sweep counts while it computes the values: each row's values, added to a [`Tally`].
//!
//! The sweep is generic over its tally: `()` counts nothing (a plain solve; the calls compile to
//! nothing), [`ScoreCounts`] counts the values by bucket (`analyze`). A rayon task of a layer fills
//! its own tally, and the tasks' tallies are merged into the layer's once the layer is done, so the
//! counting needs no synchronisation and no second pass over the states.
//!
//! # Buckets
//! A value `v` falls in the bucket of its bit length `b` (the number of bits of `|v|`) and its sign:
//! `0` alone, then `[1, 1]`, `[2, 3]`, `[4, 7]`, …, `[2^(b−1), 2^b − 1]` for positive values and
//! their mirror images `[−1, −1]`, `[−3, −2]`, `[−7, −4]`, … for negative ones.

use serde::Serialize;

/// Bit lengths of an `i64`'s magnitude: `0..=64`.
const MAGNITUDES: usize = 65;

/// Counters of one lane: index `ZERO + b` for a positive value of bit length `b` (at most 63),
/// `ZERO − b` for a negative one (at most 64): `0..128`, so that an index masked with `127`
/// needs no bounds check.
type Lane = [u64; 128];

/// The index of value 0 in a [`Lane`].
const ZERO: usize = 64;

/// Independent lanes of counters: consecutive values of a row go to different lanes, so that a row
/// of equal values does not wait on one counter's increments.
const LANES: usize = 4;

/// What the sweep does with the values of each row it computes.
pub trait Tally: Default + Send {
    /// Counts the values of one row.
    fn add_row(&mut self, values: &[i64]);
    /// Adds the counts of `other` (another task's tally of the same layer).
    fn merge(&mut self, other: Self);
}

/// Counting nothing: the plain solve.
impl Tally for () {
    #[inline(always)]
    fn add_row(&mut self, _: &[i64]) {}
    #[inline(always)]
    fn merge(&mut self, _: Self) {}
}

/// How many values fell in each bucket (module doc).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScoreCounts {
    /// The lanes' counters, allocated with the first value counted: a tally is made for every
    /// task of a layer, many of which are merged away without counting anything.
    lanes: Option<Box<[Lane; LANES]>>,
}

/// The lane index of `v`'s bucket.
#[inline(always)]
fn lane_index(v: i64) -> usize {
    let bits = (64 - v.unsigned_abs().leading_zeros()) as i32;
    // 0 for v ≥ 0, −1 for v < 0: (bits ^ sign) − sign is bits or −bits.
    let sign = (v >> 63) as i32;
    (ZERO as i32 + ((bits ^ sign) - sign)) as usize & 127
}

impl Tally for ScoreCounts {
    #[inline(always)]
    fn add_row(&mut self, values: &[i64]) {
        let [a, b, c, d] = &mut **self.lanes.get_or_insert_with(|| Box::new([[0; 128]; LANES]));
        let mut quads = values.chunks_exact(LANES);
        for quad in &mut quads {
            a[lane_index(quad[0])] += 1;
            b[lane_index(quad[1])] += 1;
            c[lane_index(quad[2])] += 1;
            d[lane_index(quad[3])] += 1;
        }
        for &v in quads.remainder() {
            a[lane_index(v)] += 1;
        }
    }

    fn merge(&mut self, other: Self) {
        let Some(theirs) = other.lanes else { return };
        match &mut self.lanes {
            None => self.lanes = Some(theirs),
            Some(mine) => {
                for (mine, theirs) in mine.iter_mut().zip(theirs.iter()) {
                    for (m, t) in mine.iter_mut().zip(theirs) {
                        *m += t;
                    }
                }
            }
        }
    }
}

/// One bucket of values and how many states have a value in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScoreBucket {
    /// The bucket's lowest value.
    pub low: i64,
    /// Its highest value.
    pub high: i64,
    /// The states whose value lies in `low..=high`.
    pub count: u64,
}

impl ScoreCounts {
    /// Counts one value.
    pub fn add(&mut self, v: i64) {
        self.add_row(&[v]);
    }

    /// The count of each bucket, from the most negative (bit length 64) to the most positive.
    fn merged(&self) -> [u64; 2 * MAGNITUDES - 1] {
        let mut merged = [0; 2 * MAGNITUDES - 1];
        for lane in self.lanes.iter().flat_map(|lanes| lanes.iter()) {
            // Lane index i is signed bit length i − ZERO, as merged index i is.
            for (m, l) in merged.iter_mut().zip(lane.iter()) {
                *m += l;
            }
        }
        merged
    }

    /// The values counted in all.
    pub fn total(&self) -> u64 {
        self.merged().iter().sum()
    }

    /// The buckets from the lowest non-empty one to the highest non-empty one, ascending, the
    /// empty ones between them included (with count 0); empty when nothing was counted.
    pub fn buckets(&self) -> Vec<ScoreBucket> {
        let merged = self.merged();
        let Some(first) = merged.iter().position(|&c| c > 0) else { return Vec::new() };
        let last = merged.iter().rposition(|&c| c > 0).unwrap_or(first);
        (first..=last).map(|i| bucket(i as i64 - ZERO as i64, merged[i])).collect()
    }
}

/// The bucket of signed bit length `signed` (bit length with the values' sign) holding `count`.
fn bucket(signed: i64, count: u64) -> ScoreBucket {
    let bits = signed.unsigned_abs() as u32;
    // The magnitudes of bit length `bits`: 2^(bits−1) ..= 2^bits − 1 (0 ..= 0 for bits 0), in
    // i128 so that bit length 64 (only i64::MIN) has its bounds too.
    let (least, most) = match bits {
        0 => (0, 0),
        _ => (1i128 << (bits - 1), (1i128 << bits) - 1),
    };
    let clamp = |v: i128| v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
    if signed < 0 {
        ScoreBucket { low: clamp(-most), high: clamp(-least), count }
    } else {
        ScoreBucket { low: clamp(least), high: clamp(most), count }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts_of(values: &[i64]) -> ScoreCounts {
        let mut counts = ScoreCounts::default();
        counts.add_row(values);
        counts
    }

    #[test]
    fn buckets_are_powers_of_two() {
        let counts = counts_of(&[0, 1, 2, 3, 4, 7, 8, -1, -2, -3, -4, -7, -8, 0, 5]);
        let buckets: Vec<(i64, i64, u64)> =
            counts.buckets().iter().map(|b| (b.low, b.high, b.count)).collect();
        assert_eq!(
            buckets,
            [
                (-15, -8, 1),
                (-7, -4, 2),
                (-3, -2, 2),
                (-1, -1, 1),
                (0, 0, 2),
                (1, 1, 1),
                (2, 3, 2),
                (4, 7, 3),
                (8, 15, 1)
            ]
        );
        assert_eq!(counts.total(), 15);
    }

    #[test]
    fn empty_buckets_between_are_kept_and_outside_dropped() {
        let counts = counts_of(&[-1, 100]);
        let buckets = counts.buckets();
        assert_eq!((buckets[0].low, buckets[0].high), (-1, -1));
        assert_eq!((buckets.last().unwrap().low, buckets.last().unwrap().high), (64, 127));
        assert_eq!(buckets.len(), 1 + 1 + 7);
        assert_eq!(buckets.iter().map(|b| b.count).sum::<u64>(), 2);
        assert!(ScoreCounts::default().buckets().is_empty());
    }

    #[test]
    fn extremes_have_buckets() {
        let counts = counts_of(&[i64::MIN, i64::MAX]);
        let buckets = counts.buckets();
        // Bit length 64 holds i64::MIN alone; bit length 63 the rest down to −(2^63 − 1).
        assert_eq!((buckets[0].low, buckets[0].high, buckets[0].count), (i64::MIN, i64::MIN, 1));
        assert_eq!((buckets[1].low, buckets[1].high, buckets[1].count), (i64::MIN + 1, -(1 << 62), 0));
        let last = buckets.last().unwrap();
        assert_eq!((last.low, last.high, last.count), (1 << 62, i64::MAX, 1));
    }

    #[test]
    fn merging_adds_every_lane() {
        let values: Vec<i64> = (-50..50).collect();
        let mut merged = counts_of(&values[..37]);
        merged.merge(counts_of(&values[37..]));
        assert_eq!(merged.buckets(), counts_of(&values).buckets());
        assert_eq!(merged.total(), 100);
    }
}
