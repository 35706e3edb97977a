//! What several of lattice-dp's test files share.

use lattice_dp::Board;

/// A board of `n × m` with values from `seed`, each below `max + 1`.
pub fn seeded(n: usize, m: usize, seed: u64, max: u64) -> Board {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % (max + 1)) as i64
    };
    let first = (0..n * m).map(|_| next()).collect();
    let second = (0..n * m).map(|_| next()).collect();
    Board::new(n, m, first, second).unwrap()
}
