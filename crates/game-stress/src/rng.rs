//! The seeded random numbers of the generators: SplitMix64, and the derivation of a case's seed
//! from the run's seed and the case number (so a run is reproducible case by case, whatever `--jobs`).

/// SplitMix64: tiny, fast, and the same on every platform (no dependency, no version drift).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A uniform number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }

    /// A number in `0..bound` by remainder (`bound` > 0; slightly biased when `bound` is not tiny
    /// next to 2^64). The draw of the benchmark [presets](crate::generate::preset), kept so their
    /// bytes never change; the random cases use [`below`](Self::below).
    pub fn below_mod(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }

    /// A uniform number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        if hi <= lo {
            lo
        } else if hi - lo == u64::MAX {
            self.next_u64()
        } else {
            lo + self.below(hi - lo + 1)
        }
    }

    /// A uniform `usize` in `lo..=hi`.
    pub fn range_usize(&mut self, lo: usize, hi: usize) -> usize {
        self.range(lo as u64, hi as u64) as usize
    }

    /// True with probability `p` (clamped to 0..=1).
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }

    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n.max(1)) == 0
    }

    /// Shuffles `items` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i as u64 + 1) as usize);
        }
    }
}

/// The SplitMix64 finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of case `index` of a run seeded with `run_seed`: depends on both and on nothing else.
pub fn case_seed(run_seed: u64, index: u64) -> u64 {
    mix(run_seed ^ mix(index.wrapping_add(0x5EED)))
}
