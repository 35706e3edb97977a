//! The matching engine on the four graph kinds of the performance goals, side by side with
//! `petgraph::algo::maximum_matching`, on graphs generated here with a small seeded PRNG.
//!
//! petgraph needs about 40 s on the sparse 10^5 graph and minutes on the 500×500 grid, which criterion's
//! ten samples cannot afford; the criterion pairs therefore compare both engines on the same smaller
//! graphs of each kind (sparse 10^4, grid 100×100, and the full dense graph). Set
//! `EDMONDS_BENCH_PETGRAPH_FULL=1` to also time petgraph once on the full sparse 10^5 graph and the
//! 500×500 grid (minutes) and print the ratios, and `EDMONDS_BENCH_LARGE=1` to include the sparse
//! 10^6 graph (about a minute).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_main};
use edmonds_blossom::{Graph, gallai_edmonds, maximum_matching};
use petgraph::graph::UnGraph;

mod common;
use common::SplitMix64;

/// `m` distinct random edges on `n` vertices.
fn sparse_edges(seed: u64, n: usize, m: usize) -> (usize, Vec<(u32, u32)>) {
    let mut rng = SplitMix64(seed);
    let mut seen = std::collections::HashSet::with_capacity(m);
    let mut edges = Vec::with_capacity(m);
    while edges.len() < m {
        let (u, v) = (rng.below(n as u64) as u32, rng.below(n as u64) as u32);
        if u != v && seen.insert((u.min(v), u.max(v))) {
            edges.push((u, v));
        }
    }
    (n, edges)
}

/// side × side grid, 3% of cells removed, 4-neighbour edges and one random diagonal in half the squares.
fn grid_edges(seed: u64, side: usize) -> (usize, Vec<(u32, u32)>) {
    let mut rng = SplitMix64(seed);
    let kept: Vec<bool> = (0..side * side).map(|_| rng.below(100) >= 3).collect();
    let mut id = vec![u32::MAX; side * side];
    let mut n = 0;
    for cell in 0..side * side {
        if kept[cell] {
            id[cell] = n;
            n += 1;
        }
    }
    let mut edges = Vec::new();
    let mut link = |a: usize, b: usize| {
        if kept[a] && kept[b] {
            edges.push((id[a], id[b]));
        }
    };
    for r in 0..side {
        for c in 0..side {
            let cell = r * side + c;
            if c + 1 < side {
                link(cell, cell + 1);
            }
            if r + 1 < side {
                link(cell, cell + side);
            }
            if r + 1 < side && c + 1 < side && rng.below(2) == 0 {
                if rng.below(2) == 0 { link(cell, cell + side + 1) } else { link(cell + 1, cell + side) }
            }
        }
    }
    (n as usize, edges)
}

/// Every pair joined with probability 1/2.
fn dense_edges(seed: u64, n: usize) -> (usize, Vec<(u32, u32)>) {
    let mut rng = SplitMix64(seed);
    let edges = (0..n as u32)
        .flat_map(|u| (u + 1..n as u32).map(move |v| (u, v)))
        .filter(|_| rng.below(2) == 0)
        .collect();
    (n, edges)
}

fn ours((n, edges): &(usize, Vec<(u32, u32)>)) -> Graph {
    Graph::from_edges(*n, edges).expect("generated graphs are valid")
}

fn petgraph_of((n, edges): &(usize, Vec<(u32, u32)>)) -> UnGraph<(), ()> {
    let mut graph = UnGraph::<(), ()>::with_capacity(*n, edges.len());
    for _ in 0..*n {
        graph.add_node(());
    }
    graph.extend_with_edges(edges.iter().copied());
    graph
}

/// Times both engines on one graph and checks they agree on the size.
fn side_by_side(c: &mut Criterion, name: &str, input: &(usize, Vec<(u32, u32)>)) {
    let (graph, pet) = (ours(input), petgraph_of(input));
    assert_eq!(maximum_matching(&graph).size(), petgraph::algo::maximum_matching(&pet).len(), "{name}");
    let mut group = c.benchmark_group(name);
    group.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    group.bench_function("edmonds-blossom", |b| b.iter(|| maximum_matching(black_box(&graph)).size()));
    group.bench_function("petgraph", |b| b.iter(|| petgraph::algo::maximum_matching(black_box(&pet)).len()));
    group.finish();
}

/// Times our engine alone on a full-size graph (matching, and matching + decomposition).
fn full_size(c: &mut Criterion, name: &str, input: &(usize, Vec<(u32, u32)>)) {
    let graph = ours(input);
    let mut group = c.benchmark_group(name);
    group.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    group.bench_function("matching", |b| b.iter(|| maximum_matching(black_box(&graph)).size()));
    group.bench_function("matching+decomposition", |b| {
        b.iter(|| {
            let matching = maximum_matching(black_box(&graph));
            gallai_edmonds(&graph, &matching).map(|d| d.classes().len())
        })
    });
    group.finish();
}

/// One timed run of each engine on a full-size graph, printed with the ratio.
fn petgraph_full_once(name: &str, input: &(usize, Vec<(u32, u32)>)) {
    let (graph, pet) = (ours(input), petgraph_of(input));
    let t = Instant::now();
    let size = maximum_matching(&graph).size();
    let mine = t.elapsed();
    let t = Instant::now();
    let theirs_size = petgraph::algo::maximum_matching(&pet).len();
    let theirs = t.elapsed();
    assert_eq!(size, theirs_size);
    println!(
        "{name} once: edmonds-blossom {:.4} s, petgraph {:.2} s, ratio {:.0}x",
        mine.as_secs_f64(),
        theirs.as_secs_f64(),
        theirs.as_secs_f64() / mine.as_secs_f64()
    );
}

fn bench(c: &mut Criterion) {
    side_by_side(c, "sparse-10k (N=1e4, M=3e4)", &sparse_edges(1, 10_000, 30_000));
    side_by_side(c, "grid-100 (100x100)", &grid_edges(2, 100));
    side_by_side(c, "dense-2000 (N=2000, p=1/2)", &dense_edges(3, 2000));
    full_size(c, "sparse-100k (N=1e5, M=3e5)", &sparse_edges(1, 100_000, 300_000));
    full_size(c, "grid-500 (500x500)", &grid_edges(2, 500));
    if std::env::var_os("EDMONDS_BENCH_LARGE").is_some() {
        full_size(c, "sparse-1m (N=1e6, M=3e6)", &sparse_edges(4, 1_000_000, 3_000_000));
    }
    if std::env::var_os("EDMONDS_BENCH_PETGRAPH_FULL").is_some() {
        petgraph_full_once("sparse-100k", &sparse_edges(1, 100_000, 300_000));
        petgraph_full_once("grid-500", &grid_edges(2, 500));
    }
}

/// The benchmark group (written out instead of `criterion_group!`, whose generated function has no
/// doc comment for the `missing_docs` lint).
pub fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    bench(&mut criterion);
}

criterion_main!(benches);
