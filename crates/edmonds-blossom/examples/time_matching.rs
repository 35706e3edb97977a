//! Times the phases of the engine on Library Checker-format graph files:
//! `cargo run --release --example time_matching -- FILE...`.

use std::time::Instant;

use edmonds_blossom::{gallai_edmonds, maximum_matching, parse_graph, verify};

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let t = Instant::now();
        let graph = match parse_graph(&bytes) {
            Ok(graph) => graph,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let parse = t.elapsed();
        let t = Instant::now();
        let matching = maximum_matching(&graph);
        let solve = t.elapsed();
        let t = Instant::now();
        let decomposition = gallai_edmonds(&graph, &matching);
        let decompose = t.elapsed();
        let verified = decomposition.as_ref().ok().map(|d| verify(&graph, &matching, d).is_ok());
        println!(
            "{path}: V={} E={} |M|={} parse {:.3}s matching {:.4}s decomposition {:.4}s verified {:?}",
            graph.vertex_count(),
            graph.edge_count(),
            matching.size(),
            parse.as_secs_f64(),
            solve.as_secs_f64(),
            decompose.as_secs_f64(),
            verified
        );
    }
}
