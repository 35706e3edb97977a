//! Criterion benches of the solver core on the performance goals' inputs: the ten open 10×10 boards
//! of `p13-open-10x10.in` (solved in parallel, as the binary does) and one open 16×16 board with the
//! pieces far apart.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use pawn_retrograde::{parse_input, solve_boards, solve_outcome};

/// An open 16×16 board: black in the bottom-left corner, the red pieces in the top-right corner.
fn open_16x16() -> String {
    let mut rows = vec![vec![b'.'; 16]; 16];
    rows[15][0] = b'X';
    rows[0][15] = b'O';
    rows[1][15] = b'O';
    let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    format!("open16 1\n16 16\n{}\n", rows.join("\n"))
}

fn bench(c: &mut Criterion) {
    let p13 = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pawn-retrograde/p13-open-10x10.in");
    let boards = parse_input(&std::fs::read(p13).unwrap()).unwrap();
    let mut group = c.benchmark_group("pawn-retrograde");
    group.sample_size(10);
    group.bench_function("p13-open-10x10 (10 boards)", |b| b.iter(|| solve_boards(&boards)));
    let open = parse_input(open_16x16().as_bytes()).unwrap().remove(0);
    group.bench_function("open 16x16, pieces far apart", |b| b.iter(|| solve_outcome(&open)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
