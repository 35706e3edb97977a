//! Reading a graph into the CSR graph (parse + build), in bytes per second, in every input
//! format: the goal is 600 MB/s on two cores for the Library Checker format, and the same order
//! for the others (`docs/BENCHMARKS.md`).
//!
//! The default input is a random graph of 10^6 vertices and 3·10^6 edges written here (47 MB),
//! as a Library Checker input, an edge list (the same lines, tab-separated, without the header),
//! a Matrix Market file and a METIS file (both from `write_graph`).
//! `EDMONDS_BENCH_LARGE=1` adds the 10^7-vertex inputs of the heavy bench cases, `sparse-10m`
//! (473 MB) and `rmat-22` (628 MB), read from `target/xtask-bench/` where
//! `cargo xtask bench edmonds-blossom --heavy` leaves them (skipped with a note when absent),
//! in the four formats the same way.
//!
//! Every iteration reads text already in memory and frees the graph it built: the pages the
//! next one touches are ones the process just gave back. A separate process meets fresh memory,
//! which costs more on a virtual machine: the goal in docs/BENCHMARKS.md is a whole-process figure.

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_main};
use edmonds_blossom::{GraphFormat, parse_graph, read_graph, write_graph};

mod common;
use common::SplitMix64;

/// The input text of a random graph: `m` edges `u v` on `n` vertices, no loops.
fn random_input(seed: u64, n: u32, m: usize) -> Vec<u8> {
    let mut rng = SplitMix64(seed);
    let mut text = String::with_capacity(m * 16);
    writeln!(text, "{n} {m}").unwrap();
    for _ in 0..m {
        let u = rng.below(u64::from(n));
        let v = (u + 1 + rng.below(u64::from(n) - 1)) % u64::from(n);
        writeln!(text, "{u} {v}").unwrap();
    }
    text.into_bytes()
}

/// Times parse + build of a Library Checker input and of the same graph in the other formats,
/// with each input's size as the throughput.
fn parse_case(c: &mut Criterion, name: &str, input: &[u8]) {
    let graph = parse_graph(input).expect("the benchmark inputs are valid");
    let written = |format| {
        let mut text = Vec::with_capacity(input.len() + input.len() / 8);
        write_graph(&mut text, &graph, format).expect("written to memory");
        text
    };
    // The edge list keeps the input's order of lines (an edge list is rarely sorted), so it is
    // the body with tabs.
    let body = &input[input.iter().position(|&b| b == b'\n').map_or(input.len(), |p| p + 1)..];
    let edges: Vec<u8> = body.iter().map(|&b| if b == b' ' { b'\t' } else { b }).collect();
    let inputs = [
        (GraphFormat::LibraryChecker, input.to_vec()),
        (GraphFormat::Edges, edges),
        (GraphFormat::Mtx, written(GraphFormat::Mtx)),
        (GraphFormat::Metis, written(GraphFormat::Metis)),
    ];
    let mut group = c.benchmark_group("parse + build");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    for (format, text) in &inputs {
        group.throughput(Throughput::BytesDecimal(text.len() as u64));
        group.bench_function(format!("{name}, {}", format.name()), |b| {
            b.iter(|| {
                let built = read_graph(black_box(text), *format).expect("valid");
                assert_eq!(built.graph.edge_count(), graph.edge_count());
            })
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    parse_case(c, "sparse-1m (N=1e6, M=3e6)", &random_input(4, 1_000_000, 3_000_000));
    if std::env::var_os("EDMONDS_BENCH_LARGE").is_some() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/xtask-bench");
        for name in ["sparse-10m", "rmat-22"] {
            let path = dir.join(format!("{name}.in"));
            match std::fs::read(&path) {
                Ok(input) => parse_case(c, name, &input),
                Err(e) => eprintln!(
                    "{name}: skipped, {} ({e}); `cargo xtask bench edmonds-blossom --heavy` writes it",
                    path.display()
                ),
            }
        }
    }
}

/// The benchmark group (written out instead of `criterion_group!`, whose generated function has no
/// doc comment for the `missing_docs` lint).
pub fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    bench(&mut criterion);
}

criterion_main!(benches);
