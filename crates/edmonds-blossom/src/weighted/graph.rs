//! The weighted graph the weighted wing solves: an edge list on `0..n` with `i64` weights.
//!
//! Self-loops are dropped (and counted); repeated edges are kept, because which copy is best
//! depends on the [`Objective`](super::Objective): the solver and the verifier both use, for each
//! pair of vertices, the copy its objective prefers (the heaviest, or the cheapest for a
//! minimum-cost matching).
//!
//! # The weight range
//!
//! Every weight `w` must satisfy `|w| <= weight_limit(n)`, where
//! `weight_limit(n) = min(2^40, 2^59 / (n + 1))` ([`weight_limit`]). The solver reduces every
//! objective to a maximum-weight matching with weights `w' = w + K` or `K − w`, where
//! `K = n · max|w| + 1`, so that `max|w'| <= (n + 1) · max|w| + 1 <= 2^59 + 1`; its doubled vertex
//! duals stay in `[0, 2 · max|w'|]`, its doubled blossom duals sum to at most `2 · max|w'|` along
//! any chain of nested blossoms, and every doubled reduced cost is at most `8 · max|w'| < 2^63`
//! (the engine's module documentation has the argument). Totals of matched weights fit too:
//! `n/2 · max|w| < 2^59`.

use crate::graph::{MAX_EDGES, MAX_VERTICES};

/// Largest weight magnitude any graph accepts, whatever its size.
pub const MAX_WEIGHT_MAGNITUDE: i64 = 1 << 40;

/// The largest `|w|` a graph on `n` vertices accepts: `min(2^40, 2^59 / (n + 1))`.
pub fn weight_limit(n: usize) -> i64 {
    let by_size = (1i64 << 59) / (n as i64).saturating_add(1);
    by_size.min(MAX_WEIGHT_MAGNITUDE)
}

/// One edge `u – v` of weight `weight` (`u < v`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeightedEdge {
    /// The smaller endpoint.
    pub u: u32,
    /// The larger endpoint.
    pub v: u32,
    /// The edge's weight (a cost for a minimum-cost perfect matching).
    pub weight: i64,
}

/// Why an edge list does not describe a weighted graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightedGraphError {
    /// More vertices than [`MAX_VERTICES`].
    #[error("{0} vertices exceed the limit of {MAX_VERTICES}")]
    TooManyVertices(usize),
    /// More edges than [`MAX_EDGES`] (the engine numbers the two ends of every edge in a `u32`).
    #[error("{0} edges exceed the limit of {MAX_EDGES}")]
    TooManyEdges(usize),
    /// An edge names a vertex outside `0..n`.
    #[error("edge {edge}: vertex {vertex} out of range 0..{n}")]
    VertexOutOfRange {
        /// The edge's index in the input list.
        edge: usize,
        /// The offending vertex.
        vertex: usize,
        /// The number of vertices.
        n: usize,
    },
    /// A weight outside `[-limit, limit]`, `limit` = [`weight_limit`]`(n)`.
    #[error("edge {edge}: weight {weight} is outside [-{limit}, {limit}]")]
    WeightOutOfRange {
        /// The edge's index in the input list.
        edge: usize,
        /// The offending weight.
        weight: i64,
        /// The limit for this graph's size.
        limit: i64,
    },
}

/// An undirected graph on `0..n` with integer edge weights; self-loops dropped, repeated edges
/// kept (each objective uses its best copy).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightedGraph {
    n: usize,
    edges: Vec<WeightedEdge>,
    self_loops: u64,
    repeats: u64,
}

/// How many edges repeat the pair of an earlier edge (ends ordered `u < v`), in `O(n + m)`: none
/// when the pairs strictly increase (as most files list them, which one pass sees); otherwise
/// the second ends grouped by first end with a counting sort, then each group read against the
/// last group that named each vertex.
fn count_repeats(n: usize, edges: &[WeightedEdge]) -> u64 {
    if edges.windows(2).all(|pair| (pair[0].u, pair[0].v) < (pair[1].u, pair[1].v)) {
        return 0;
    }
    let mut first = vec![0u32; n + 1];
    for e in edges {
        first[e.u as usize + 1] += 1;
    }
    for u in 0..n {
        first[u + 1] += first[u];
    }
    let mut seconds = vec![0u32; edges.len()];
    let mut fill = first.clone();
    for e in edges {
        seconds[fill[e.u as usize] as usize] = e.v;
        fill[e.u as usize] += 1;
    }
    drop(fill);
    // `last[v]`: the last first end seen with `v` as its second end, plus 1 (0: none yet).
    let mut last = vec![0u32; n];
    let mut repeats = 0;
    for u in 0..n {
        for &v in &seconds[first[u] as usize..first[u + 1] as usize] {
            if last[v as usize] == u as u32 + 1 {
                repeats += 1;
            } else {
                last[v as usize] = u as u32 + 1;
            }
        }
    }
    repeats
}

/// The edges of a graph being built, each already checked against its vertex count and weight
/// limit: ends ordered, self-loops dropped and counted. [`WeightedGraph::new`] and the readers
/// fill one and hand it to [`WeightedGraph::from_checked`].
#[derive(Debug, Default)]
pub(crate) struct CheckedEdges {
    edges: Vec<WeightedEdge>,
    self_loops: u64,
}

impl CheckedEdges {
    /// Room for `capacity` edges.
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Self { edges: Vec::with_capacity(capacity), self_loops: 0 }
    }

    /// Adds the edge `u – v` of weight `weight` (a self-loop is only counted).
    #[inline]
    pub(crate) fn push(&mut self, u: u32, v: u32, weight: i64) {
        if u == v {
            self.self_loops += 1;
        } else {
            self.edges.push(WeightedEdge { u: u.min(v), v: u.max(v), weight });
        }
    }
}

/// Refuses more than [`MAX_VERTICES`] vertices or [`MAX_EDGES`] edges.
fn check_sizes(n: usize, edges: usize) -> Result<(), WeightedGraphError> {
    if n > MAX_VERTICES {
        return Err(WeightedGraphError::TooManyVertices(n));
    }
    if edges > MAX_EDGES {
        return Err(WeightedGraphError::TooManyEdges(edges));
    }
    Ok(())
}

impl WeightedGraph {
    /// The graph on `n` vertices with the edges `(u, v, weight)`. Self-loops are dropped and
    /// counted; fails on a vertex outside `0..n`, a weight outside [`weight_limit`]`(n)`, more
    /// than [`MAX_VERTICES`] vertices or more than [`MAX_EDGES`] edges (checked before anything
    /// is allocated).
    pub fn new(n: usize, edges: &[(usize, usize, i64)]) -> Result<Self, WeightedGraphError> {
        check_sizes(n, edges.len())?;
        let limit = weight_limit(n);
        let mut kept = CheckedEdges::with_capacity(edges.len());
        for (edge, &(u, v, weight)) in edges.iter().enumerate() {
            if let Some(&vertex) = [u, v].iter().find(|&&x| x >= n) {
                return Err(WeightedGraphError::VertexOutOfRange { edge, vertex, n });
            }
            if weight.checked_abs().is_none_or(|a| a > limit) {
                return Err(WeightedGraphError::WeightOutOfRange { edge, weight, limit });
            }
            kept.push(u as u32, v as u32, weight);
        }
        Ok(Self::from_checked(n, kept))
    }

    /// The graph on `n` vertices (at most [`MAX_VERTICES`]) with `edges` (at most
    /// [`MAX_EDGES`]), whose ends are below `n` and whose weights are within
    /// [`weight_limit`]`(n)`.
    pub(crate) fn from_checked(n: usize, edges: CheckedEdges) -> Self {
        debug_assert!(n <= MAX_VERTICES && edges.edges.len() <= MAX_EDGES);
        let repeats = count_repeats(n, &edges.edges);
        Self { n, edges: edges.edges, self_loops: edges.self_loops, repeats }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.n
    }

    /// The edges as given (self-loops dropped), repeated ones included.
    pub fn edges(&self) -> &[WeightedEdge] {
        &self.edges
    }

    /// How many self-loops were dropped.
    pub fn self_loops(&self) -> u64 {
        self.self_loops
    }

    /// How many edges repeat a pair seen before (only the best copy of a pair can be matched).
    pub fn repeats(&self) -> u64 {
        self.repeats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_loops_are_dropped_and_repeats_counted() {
        let g = WeightedGraph::new(3, &[(0, 0, 5), (1, 0, 2), (0, 1, 7), (2, 1, -1)]).unwrap();
        assert_eq!(g.self_loops(), 1);
        assert_eq!(g.repeats(), 1);
        assert_eq!(g.edges()[0], WeightedEdge { u: 0, v: 1, weight: 2 });
    }

    #[test]
    fn repeats_are_the_edges_less_the_distinct_pairs() {
        let mut state = 12345u64;
        for n in 1..40usize {
            let edges: Vec<(usize, usize, i64)> = (0..3 * n)
                .map(|_| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((state >> 33) as usize % n, (state >> 13) as usize % n, 1)
                })
                .collect();
            let g = WeightedGraph::new(n, &edges).unwrap();
            let distinct: std::collections::BTreeSet<(u32, u32)> =
                g.edges().iter().map(|e| (e.u, e.v)).collect();
            assert_eq!(g.repeats(), (g.edges().len() - distinct.len()) as u64, "n = {n}");
        }
    }

    #[test]
    fn out_of_range_is_refused() {
        assert!(matches!(
            WeightedGraph::new(2, &[(0, 2, 1)]),
            Err(WeightedGraphError::VertexOutOfRange { edge: 0, vertex: 2, n: 2 })
        ));
        let limit = weight_limit(2);
        assert!(WeightedGraph::new(2, &[(0, 1, limit), (0, 1, -limit)]).is_ok());
        assert!(matches!(
            WeightedGraph::new(2, &[(0, 1, -limit - 1)]),
            Err(WeightedGraphError::WeightOutOfRange { edge: 0, .. })
        ));
        assert!(WeightedGraph::new(2, &[(0, 1, i64::MIN)]).is_err());
        assert_eq!(check_sizes(MAX_VERTICES, MAX_EDGES), Ok(()));
        assert_eq!(
            check_sizes(MAX_VERTICES + 1, 0),
            Err(WeightedGraphError::TooManyVertices(MAX_VERTICES + 1))
        );
        assert_eq!(check_sizes(2, MAX_EDGES + 1), Err(WeightedGraphError::TooManyEdges(MAX_EDGES + 1)));
        assert!(
            WeightedGraphError::TooManyEdges(MAX_EDGES + 1).to_string().contains("edges exceed the limit")
        );
        assert_eq!(weight_limit(0), MAX_WEIGHT_MAGNITUDE);
        assert_eq!(weight_limit(1 << 20), (1i64 << 59) / ((1 << 20) + 1));
    }
}
