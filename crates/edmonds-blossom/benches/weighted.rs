//! The weighted engine (`weighted_matching`, every objective) on random sparse graphs (average
//! degree 6, weights U[1, 10^6]) and complete graphs, generated here with a small seeded PRNG.
//! The side-by-side figures against networkx (and LEMON, where installed) are in
//! docs/BENCHMARKS.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_main};
use edmonds_blossom::{Objective, WeightedGraph, weighted_matching};

mod common;
use common::SplitMix64;

/// `3n` random edges on `n` vertices (repeats possible), weights U[1, 10^6].
fn sparse(seed: u64, n: usize) -> WeightedGraph {
    let mut rng = SplitMix64(seed);
    let edges: Vec<(usize, usize, i64)> = (0..3 * n)
        .map(|_| {
            let (u, v) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            (u, v, 1 + rng.below(1_000_000) as i64)
        })
        .collect();
    WeightedGraph::new(n, &edges).expect("in range")
}

/// The complete graph on `n` vertices, weights U[1, 10^6].
fn complete(seed: u64, n: usize) -> WeightedGraph {
    let mut rng = SplitMix64(seed);
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            edges.push((u, v, 1 + rng.below(1_000_000) as i64));
        }
    }
    WeightedGraph::new(n, &edges).expect("in range")
}

fn weighted(c: &mut Criterion) {
    let mut group = c.benchmark_group("weighted");
    group.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(3));
    let graphs = [
        ("sparse-1000", sparse(1, 1000)),
        ("sparse-2000", sparse(2, 2000)),
        ("sparse-20000", sparse(4, 20_000)),
        ("complete-200", complete(3, 200)),
        ("complete-500", complete(5, 500)),
    ];
    for (name, graph) in &graphs {
        for (label, objective) in [
            ("max", Objective::MaxWeight),
            ("max-cardinality", Objective::MaxWeightMaxCardinality),
            ("min-cost-perfect", Objective::MinCostPerfect),
        ] {
            if objective == Objective::MinCostPerfect && weighted_matching(graph, objective).is_err() {
                continue;
            }
            group.bench_function(format!("{name} {label}"), |b| {
                b.iter(|| {
                    black_box(
                        weighted_matching(black_box(graph), objective).map(|s| s.matching.total_weight()),
                    )
                })
            });
        }
    }
    group.finish();
}

/// The benchmark group (written out instead of `criterion_group!`, whose generated function has no
/// doc comment).
pub fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    weighted(&mut criterion);
}

criterion_main!(benches);
