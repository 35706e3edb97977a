//! edmonds-blossom `matching` (`N M`, then M edges): parse, and for graphs of moderate size match,
//! check the matching against the graph, and verify the Gallai–Edmonds certificate that it is
//! maximum.
#![no_main]

use edmonds_blossom::{gallai_edmonds, maximum_matching, parse_graph, verify};
use libfuzzer_sys::fuzz_target;

/// Graphs with more vertices (a short header may declare up to 10^7) are only parsed.
const SOLVE_VERTICES: usize = 20_000;

fuzz_target!(|data: &[u8]| {
    let Ok(graph) = parse_graph(data) else { return };
    if graph.vertex_count() > SOLVE_VERTICES {
        return;
    }
    let matching = maximum_matching(&graph);
    let mut used = vec![false; graph.vertex_count()];
    for (u, v) in matching.edges() {
        assert!(graph.has_edge(u, v), "({u}, {v}) is not an edge");
        assert!(!std::mem::replace(&mut used[u], true) && !std::mem::replace(&mut used[v], true));
    }
    let decomposition = gallai_edmonds(&graph, &matching).expect("no augmenting path is left");
    let certificate = verify(&graph, &matching, &decomposition).expect("the certificate holds");
    assert_eq!(certificate.matching_size, matching.size());
});
