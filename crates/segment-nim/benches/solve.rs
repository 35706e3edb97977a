//! Parse + solve of a generated 1,000,000-pawn board with n up to 10^18 (the shape of the
//! 5,000,000-pawn goal, scaled down to keep the bench short), and the solver core alone; `query`
//! (every move's value) of 100,000-pawn boards (goal: under a second).

// `criterion_group!` generates an undocumented `benches` function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use grid_core::cli::args::Format;
use segment_nim::cli::run_answers;
use segment_nim::query::solve_query;
use segment_nim::{Board, BoardReader, Colour, solve};

/// A deterministic pseudo-random generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// One board of `pawns` pawns spread over about 10^18 fields, colours switching with chance 2/5.
fn input(pawns: u64) -> Vec<u8> {
    let mut rng = Lcg(7);
    let step = 1_000_000_000_000_000_000 / pawns;
    let (mut white, mut black) = (Vec::new(), Vec::new());
    let mut colour_is_white = true;
    for i in 0..pawns {
        let position = i * step + 1 + (rng.next() % (step - 1));
        if rng.next() % 5 < 2 {
            colour_is_white = !colour_is_white;
        }
        if colour_is_white { white.push(position) } else { black.push(position) }
    }
    let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    let n = 1_000_000_000_000_000_000u64;
    format!("1\n{n} {} {}\n{}\n{}\n", white.len(), black.len(), join(&white), join(&black)).into_bytes()
}

fn bench(c: &mut Criterion) {
    let bytes = input(1_000_000);
    let mut group = c.benchmark_group("segment-nim");
    group.sample_size(10);
    group.bench_function("parse+solve 1M pawns, n = 1e18", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            run_answers(&bytes, Format::Plain, &mut out).unwrap();
            out
        })
    });
    let mut board = Board::default();
    BoardReader::new(&bytes).unwrap().read_into(&mut board).unwrap();
    group.bench_function("solve only 1M pawns", |b| b.iter(|| solve(&board, Colour::White).outcome));
    let mut board = Board::default();
    BoardReader::new(&input(100_000)).unwrap().read_into(&mut board).unwrap();
    group.bench_function("query 100k pawns, n = 1e18", |b| {
        b.iter(|| solve_query(&board, Colour::White).legal_moves)
    });
    let nim = nim_board(50_000);
    group.bench_function("query 100k pawns, Nim board", |b| {
        b.iter(|| solve_query(&nim, Colour::White).legal_moves)
    });
    group.finish();
}

/// `runs` runs of two pawns, colours alternating, gaps below 1000: rule 5's Nim, where every
/// move's value depends on its distance.
fn nim_board(runs: u64) -> Board {
    let mut rng = Lcg(11);
    let (mut white, mut black) = (Vec::new(), Vec::new());
    let mut field = 1;
    for r in 0..runs {
        let list = if r % 2 == 0 { &mut white } else { &mut black };
        list.extend([field, field + 1]);
        field += 2 + rng.next() % 1000;
    }
    Board::from_positions(field, &white, &black).unwrap()
}

criterion_group!(benches, bench);
criterion_main!(benches);
