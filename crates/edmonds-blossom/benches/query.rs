//! Criterion bench of `query` on 10^4 pseudo-random small positions (king boards of 4 to 8 rows and columns, about one cell in eight blocked and one in eight visited): the
//! cost of one position's report when a tool asks for many.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use edmonds_blossom::{QueryOptions, parse_positions, query};

/// The text of 10^4 positions, the same every run (a fixed seed).
fn positions_text() -> String {
    let mut random = damaged_input::Seeded::new(0x2545_F491_4F6C_DD1D);
    let mut next = |n: usize| random.below(n);
    let mut text = String::from("10000\n");
    for _ in 0..10_000 {
        let (rows, cols) = (4 + next(5), 4 + next(5));
        let mut cells: Vec<u8> = (0..rows * cols)
            .map(|_| match next(8) {
                0 => b'#',
                1 => b'o',
                _ => b'.',
            })
            .collect();
        cells[next(rows * cols)] = b'K';
        text += &format!("{rows} {cols}\n");
        for row in cells.chunks(cols) {
            text += std::str::from_utf8(row).unwrap();
            text.push('\n');
        }
    }
    text
}

fn bench(c: &mut Criterion) {
    let positions = parse_positions(positions_text().as_bytes()).unwrap();
    let mut group = c.benchmark_group("edmonds-blossom");
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
