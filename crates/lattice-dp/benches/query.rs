//! Criterion bench of `query` on 10^4 pseudo-random small positions (boards of 2 to 4 rows and columns, values below 100, a random taken diagram): the
//! cost of one position's report when a tool asks for many.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use lattice_dp::{QueryOptions, parse_positions, query};

/// The text of 10^4 positions, the same every run (a fixed seed).
fn positions_text() -> String {
    let mut random = damaged_input::Seeded::new(0x2545_F491_4F6C_DD1D);
    let mut next = |n: usize| random.below(n);
    let mut text = String::new();
    for _ in 0..10_000 {
        let (rows, cols) = (2 + next(3), 2 + next(3));
        text += &format!("{rows} {cols}\n");
        for _ in 0..2 * rows {
            let row: Vec<String> = (0..cols).map(|_| next(100).to_string()).collect();
            text += &(row.join(" ") + "\n");
        }
        let mut taken: Vec<usize> = (0..rows).map(|_| next(cols + 1)).collect();
        taken.sort_unstable_by(|a, b| b.cmp(a));
        let taken: Vec<String> = taken.iter().map(usize::to_string).collect();
        text += &format!("taken {}\n", taken.join(" "));
    }
    text
}

fn bench(c: &mut Criterion) {
    let positions = parse_positions(positions_text().as_bytes()).unwrap();
    let mut group = c.benchmark_group("lattice-dp");
    group.sample_size(10);
    group.bench_function("query 10^4 random small positions", |b| {
        b.iter(|| -> usize {
            positions
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    query(p, &QueryOptions { number: i + 1, ..QueryOptions::default() }).unwrap().moves.len()
                })
                .sum()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
