//! edmonds-blossom `weighted-matching`: the input read in every weighted format; for graphs with
//! few edges, every objective solved and its dual certificate verified.
#![no_main]

use edmonds_blossom::weighted::certificate::verify;
use edmonds_blossom::weighted::input::{WeightedFormat, read_weighted_graph};
use edmonds_blossom::{Objective, weighted_matching};
use libfuzzer_sys::fuzz_target;

/// Graphs with more edges are only read (the engine is `O(n² m)` on the vertices with an edge).
const SOLVE_EDGES: usize = 300;

fuzz_target!(|data: &[u8]| {
    for format in [WeightedFormat::Lc, WeightedFormat::Edges, WeightedFormat::Dimacs, WeightedFormat::Mtx] {
        let Ok(parsed) = read_weighted_graph(data, format) else { continue };
        if parsed.graph.edges().len() > SOLVE_EDGES {
            continue;
        }
        for objective in [Objective::MaxWeight, Objective::MaxWeightMaxCardinality, Objective::MinCostPerfect] {
            let Ok(solution) = weighted_matching(&parsed.graph, objective) else { continue };
            let optimum = verify(&parsed.graph, &solution.matching.pairs(), &solution.certificate)
                .expect("the certificate holds");
            assert_eq!(optimum.total_weight, solution.matching.total_weight());
        }
    }
});
