//! Criterion bench of `query` on 10^4 pseudo-random small positions (3×3 and 4×4 boards, about one cell in six a wall, either side to move): the
//! cost of one position's report when a tool asks for many.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use pawn_retrograde::{QueryOptions, parse_positions, query};

/// The text of 10^4 positions, the same every run (a fixed seed).
fn positions_text() -> String {
    let mut random = damaged_input::Seeded::new(0x2545_F491_4F6C_DD1D);
    let mut next = |n: usize| random.below(n);
    let mut text = String::from("timing 10000\n");
    for _ in 0..10_000 {
        let (rows, cols) = (3 + next(2), 3 + next(2));
        let mut cells: Vec<u8> = (0..rows * cols).map(|_| if next(6) == 0 { b'#' } else { b'.' }).collect();
        let mut free: Vec<usize> = (cols..rows * cols).filter(|&c| cells[c] == b'.').collect();
        if free.len() < 3 {
            cells.iter_mut().for_each(|c| *c = b'.');
            free = (cols..rows * cols).collect();
        }
        for piece in [b'X', b'O', b'O'] {
            let i = free.swap_remove(next(free.len()));
            cells[i] = piece;
        }
        text += &format!("{rows} {cols} {}\n", if next(2) == 0 { "red" } else { "black" });
        for row in cells.chunks(cols) {
            text += std::str::from_utf8(row).unwrap();
            text.push('\n');
        }
    }
    text
}

fn bench(c: &mut Criterion) {
    let positions = parse_positions(positions_text().as_bytes()).unwrap();
    let mut group = c.benchmark_group("pawn-retrograde");
    group.sample_size(10);
    group.bench_function("query 10^4 random small positions", |b| {
        b.iter(|| -> usize {
            positions
                .iter()
                .enumerate()
                .map(|(i, p)| query(p, &QueryOptions { number: i + 1, stop: None }).unwrap().moves.len())
                .sum()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
