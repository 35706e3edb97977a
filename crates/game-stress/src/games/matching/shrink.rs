//! Reductions of a graph: fewer vertices (a range of vertex numbers removed with their edges, the
//! numbers above it shifted down), then fewer edges.

use super::generate::MatchingInput;
use crate::shrink::{chunk_removals, without};

/// Vertices, then edges.
pub fn measure(input: &MatchingInput) -> Vec<u64> {
    vec![input.n as u64, input.edges.len() as u64]
}

/// The one-step reductions, biggest first.
pub fn candidates(input: &MatchingInput) -> Vec<MatchingInput> {
    let mut out = Vec::new();
    for range in chunk_removals(input.n) {
        let (lo, hi) = (range.start as u32, range.end as u32);
        let shift = |v: u32| if v >= hi { v - (hi - lo) } else { v };
        let edges = input
            .edges
            .iter()
            .filter(|&&(u, v)| !(lo..hi).contains(&u) && !(lo..hi).contains(&v))
            .map(|&(u, v)| (shift(u), shift(v)))
            .collect();
        out.push(MatchingInput { n: input.n - range.len(), edges });
    }
    if input.edges.len() == 1 {
        out.push(MatchingInput { n: input.n, edges: Vec::new() });
    }
    for range in chunk_removals(input.edges.len()) {
        out.push(MatchingInput { n: input.n, edges: without(&input.edges, &range) });
    }
    out
}
