//! The solver core on random 12 x 12 and 14 x 14 boards (values up to 10^9).
// `criterion_group!` generates an undocumented `pub fn benches`.
#![allow(missing_docs)]

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use lattice_dp::{Board, value};

/// A board of pseudo-random values from a fixed seed (64-bit LCG).
fn random_board(n: usize, m: usize, seed: u64) -> Board {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % 1_000_000_001) as i64
    };
    let first = (0..n * m).map(|_| next()).collect();
    let second = (0..n * m).map(|_| next()).collect();
    Board::new(n, m, first, second).expect("board within limits")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("lattice-dp");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
    for size in [12, 14] {
        let board = random_board(size, size, 2024);
        group.bench_function(format!("value {size}x{size}"), |b| b.iter(|| value(&board)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
