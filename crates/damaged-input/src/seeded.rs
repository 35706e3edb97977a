//! A tiny seeded pseudo-random source (xorshift64) for test inputs that must be the same on every
//! run: timing loops and large boards built inside a test. Not for anything statistical.

/// An xorshift64 generator: the same seed gives the same sequence.
#[derive(Debug, Clone)]
pub struct Seeded(u64);

impl Seeded {
    /// A generator started from `seed` (not 0, which xorshift never leaves).
    pub fn new(seed: u64) -> Seeded {
        assert_ne!(seed, 0, "xorshift never leaves the seed 0");
        Seeded(seed)
    }

    /// The next number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_below_the_bound() {
        let (mut a, mut b) = (Seeded::new(7), Seeded::new(7));
        let drawn: Vec<usize> = (0..100).map(|_| a.below(10)).collect();
        assert_eq!(drawn, (0..100).map(|_| b.below(10)).collect::<Vec<_>>());
        assert!(drawn.iter().all(|&x| x < 10));
        assert!(drawn.iter().any(|&x| x != drawn[0]));
    }
}
