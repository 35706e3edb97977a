//! Weighted matching in general graphs: a maximum-weight matching, a maximum-weight matching
//! among the maximum-cardinality ones, or a minimum-cost perfect matching, each with a dual
//! certificate that proves it optimal ([`certificate`]).
//!
//! The pipeline of [`weighted_matching`]: each pair of vertices keeps its best edge for the
//! [`Objective`] (the heaviest; the cheapest for a cost); the objective becomes a maximum-weight
//! problem on gains (`w`, or `−c` for a cost); the two cardinality objectives add the offset
//! `K = n · max|gain| + 1` to every gain, which makes one more matched edge worth more than any
//! change of weight, so that a maximum-weight matching for the shifted gains has maximum
//! cardinality and, among those, the best weight (the range of [`WeightedGraph`] keeps the shifted
//! gains below `2^59 + 1`). The primal–dual blossom engine (`engine.rs`, its invariants next to
//! its state, driven by the queue of `events.rs`) solves that problem with doubled integer
//! duals; the duals are shifted back by `K`,
//! so the certificate speaks of the objective's own gains. A minimum-cost perfect matching is
//! asked of a graph without one: the error names the Tutte–Berge deficiency, from a maximum
//! cardinality matching and its Gallai–Edmonds barrier. The engine sees only the vertices with an
//! edge (renumbered), so a huge vertex count with few edges costs only its arrays.

pub mod certificate;
mod engine;
mod events;
pub mod graph;
pub mod input;
mod objective;
pub mod report;

use crate::graph::{Graph, NO_VERTEX};
use crate::matching::certificate::verify as verify_cardinality;
use crate::matching::decomposition::gallai_edmonds;
use crate::matching::locality::{self, NeighbourLists};
use crate::matching::maximum_matching;
use certificate::{BlossomDual, DualCertificate};
use graph::{WeightedEdge, WeightedGraph};
use grid_core::stop::{self, StopFlag, Stopped, unstoppable};
pub use objective::Objective;
use std::borrow::Cow;

/// A matching with the total weight of its edges (each pair's best copy for its objective).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightedMatching {
    /// `mate[v]` is `v`'s partner or `NO_VERTEX`; symmetric.
    mate: Vec<u32>,
    size: usize,
    total_weight: i64,
}

impl WeightedMatching {
    /// The partner of `v`, if `v` is matched.
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.mate.get(v).filter(|&&m| m != NO_VERTEX).map(|&m| m as usize)
    }

    /// Number of matched edges.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The sum of the weights of the matched edges, as given (a total cost for
    /// [`Objective::MinCostPerfect`]).
    pub fn total_weight(&self) -> i64 {
        self.total_weight
    }

    /// The matched pairs `(u, v)` with `u < v`, ordered by `u`.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        (0..self.mate.len()).filter_map(|u| self.mate(u).filter(|&v| u < v).map(|v| (u, v))).collect()
    }
}

/// An optimal matching and the dual solution that proves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightedSolution {
    /// The matching.
    pub matching: WeightedMatching,
    /// Its certificate; [`certificate::verify`] checks it.
    pub certificate: DualCertificate,
}

/// A minimum-cost perfect matching was asked of a graph that has no perfect matching.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "no perfect matching: the Tutte-Berge deficiency is {deficiency} (removing {} leaves {}; every \
     maximum matching leaves {deficiency} of {vertices} vertices free)",
    counted(*barrier, "vertex", "vertices"),
    counted(*odd_components, "odd component", "odd components")
)]
pub struct NoPerfectMatching {
    /// Number of vertices.
    pub vertices: usize,
    /// `n − 2ν`: the number of vertices every maximum matching leaves free.
    pub deficiency: usize,
    /// `|A|`, a Tutte–Berge barrier (the Gallai–Edmonds class `A`).
    pub barrier: usize,
    /// Number of odd components of `G − A`; `odd − |A|` is the deficiency.
    pub odd_components: usize,
}

/// `k` and its noun in the right number.
fn counted(k: usize, one: &str, many: &str) -> String {
    format!("{k} {}", if k == 1 { one } else { many })
}

/// For each pair of vertices, its best edge for `objective` (the largest gain): the graph's own
/// edges when no pair repeats, else a copy with the best of each pair's copies.
fn best_edges(graph: &WeightedGraph, objective: Objective) -> Cow<'_, [WeightedEdge]> {
    if graph.repeats() == 0 {
        return Cow::Borrowed(graph.edges());
    }
    let mut edges = graph.edges().to_vec();
    let gain = |e: &WeightedEdge| objective.gain(e.weight);
    edges.sort_unstable_by(|a, b| (a.u, a.v, gain(b)).cmp(&(b.u, b.v, gain(a))));
    edges.dedup_by(|later, kept| (later.u, later.v) == (kept.u, kept.v));
    Cow::Owned(edges)
}

/// Fills `first` and `adjacent` (whatever they held; their room is reused) with the edges at
/// each vertex, in CSR form, the vertices named by `name` (onto `0..n`): those at `v`, each seen
/// from `v` (the other end and its gain `gain(e)`), are `adjacent[first[v]..first[v + 1]]`, in
/// edge order.
fn fill_adjacency(
    (first, adjacent): (&mut Vec<usize>, &mut Vec<engine::Arc>),
    n: usize,
    edges: &[WeightedEdge],
    name: impl Fn(u32) -> u32,
    gain: impl Fn(&WeightedEdge) -> i64,
) {
    first.clear();
    first.resize(n + 1, 0);
    for e in edges {
        first[name(e.u) as usize] += 1;
        first[name(e.v) as usize] += 1;
    }
    // `first[v]` is first the end of `v`'s list; filling the lists backwards from the last edge
    // moves it to the start, and leaves each list in edge order.
    for v in 0..n {
        first[v + 1] += first[v];
    }
    adjacent.clear();
    adjacent.resize(first[n], engine::Arc { other: 0, gain: 0 });
    for e in edges.iter().rev() {
        let gain = gain(e);
        let (u, v) = (name(e.u), name(e.v));
        for (end, other) in [(u, v), (v, u)] {
            first[end as usize] -= 1;
            adjacent[first[end as usize]] = engine::Arc { other, gain };
        }
    }
}

/// The engine's lists, as the locality sampling reads them.
struct ArcLists<'a> {
    first: &'a [usize],
    adjacent: &'a [engine::Arc],
}

impl NeighbourLists for ArcLists<'_> {
    fn vertex_count(&self) -> usize {
        self.first.len() - 1
    }
    fn degree(&self, v: u32) -> usize {
        self.first[v as usize + 1] - self.first[v as usize]
    }
    fn neighbours(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.adjacent[self.first[v as usize]..self.first[v as usize + 1]].iter().map(|arc| arc.other)
    }
}

/// How the engine numbers the vertices that have an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum VertexOrder {
    /// In the order of their ids.
    Ids,
    /// In breadth-first order, component by component from the smallest id.
    BreadthFirst,
}

/// The order the engine sees the vertices of `lists` in. It reads the state of both ends of
/// every edge it looks at; when the input's ids scatter a large geometric graph over memory
/// (the locality sampling of the cardinality wing, the same rule), breadth-first numbers put
/// the ends of an edge in nearby memory (a 10^6-vertex geometric graph given in random order
/// then takes 30% less time); otherwise the ids are kept, at no cost (on smaller graphs the
/// engine's arrays mostly fit the caches whatever the order).
fn vertex_order(lists: &ArcLists) -> VertexOrder {
    let n = lists.vertex_count();
    if locality::should_renumber(n, locality::layout(lists)) {
        VertexOrder::BreadthFirst
    } else {
        VertexOrder::Ids
    }
}

/// The vertices with at least one edge, and the engine's graph on them: the edges at each vertex
/// in CSR form (in the order of its list in the input), with their gains `gain(e)`, the vertices
/// in the order `order` chooses for the lists.
fn touched_vertices(
    n: usize,
    edges: &[WeightedEdge],
    gain: impl Fn(&WeightedEdge) -> i64,
    order: impl FnOnce(&ArcLists) -> VertexOrder,
) -> (Vec<u32>, Vec<usize>, Vec<engine::Arc>) {
    let (mut first, mut adjacent) = (Vec::new(), Vec::new());
    fill_adjacency((&mut first, &mut adjacent), n, edges, |v| v, &gain);
    let lists = ArcLists { first: &first, adjacent: &adjacent };
    if order(&lists) == VertexOrder::BreadthFirst {
        let (names, index) = breadth_first_order(&first, &adjacent);
        // The lists are made again in the new order, in the same memory: each fresh page would
        // cost the kernel more than the pass.
        fill_adjacency((&mut first, &mut adjacent), names.len(), edges, |v| index[v as usize], gain);
        return (names, first, adjacent);
    }
    let names: Vec<u32> = (0..n as u32).filter(|&v| lists.degree(v) > 0).collect();
    if names.len() == n {
        return (names, first, adjacent);
    }
    // The isolated vertices leave: the lists stay where they are, the ends take the new ids.
    let mut index = vec![NO_VERTEX; n];
    for (i, &v) in names.iter().enumerate() {
        index[v as usize] = i as u32;
    }
    for arc in &mut adjacent {
        arc.other = index[arc.other as usize];
    }
    let mut kept_first: Vec<usize> = names.iter().map(|&v| first[v as usize]).collect();
    kept_first.push(adjacent.len());
    (names, kept_first, adjacent)
}

/// The vertices with an edge of the lists `first`/`adjacent` in breadth-first order, component
/// by component from the smallest id: the order (original ids) and each vertex's place in it
/// (`NO_VERTEX` for an isolated one).
fn breadth_first_order(first: &[usize], adjacent: &[engine::Arc]) -> (Vec<u32>, Vec<u32>) {
    let n = first.len() - 1;
    let mut index = vec![NO_VERTEX; n];
    let mut names: Vec<u32> = Vec::new();
    for start in 0..n {
        if index[start] != NO_VERTEX || first[start] == first[start + 1] {
            continue;
        }
        index[start] = names.len() as u32;
        names.push(start as u32);
        let mut next = names.len() - 1;
        while next < names.len() {
            let x = names[next] as usize;
            next += 1;
            for arc in &adjacent[first[x]..first[x + 1]] {
                if index[arc.other as usize] == NO_VERTEX {
                    index[arc.other as usize] = names.len() as u32;
                    names.push(arc.other);
                }
            }
        }
    }
    (names, index)
}

/// The simple unweighted graph underneath `graph`.
fn unweighted(graph: &WeightedGraph) -> Graph {
    let pairs: Vec<(u32, u32)> = graph.edges().iter().map(|e| (e.u, e.v)).collect();
    // `WeightedGraph` has already refused what `Graph` refuses (too many vertices, ends out of
    // range, self-loops); its edge list fits in memory, so it is far below `MAX_EDGES`.
    Graph::from_edges(graph.vertex_count(), &pairs).expect("a weighted graph's pairs form a graph")
}

/// The Tutte–Berge figures of `graph`, from a maximum-cardinality matching and its verified
/// Gallai–Edmonds certificate.
fn deficiency(graph: &WeightedGraph) -> NoPerfectMatching {
    let simple = unweighted(graph);
    let matching = maximum_matching(&simple);
    let decomposition = gallai_edmonds(&simple, &matching).expect("a maximum matching");
    let proof = verify_cardinality(&simple, &matching, &decomposition).expect("a verified maximum matching");
    NoPerfectMatching {
        vertices: graph.vertex_count(),
        deficiency: graph.vertex_count() - 2 * matching.size(),
        barrier: proof.barrier_size,
        odd_components: proof.odd_components,
    }
}

/// An optimal matching of `graph` for `objective`, with its dual certificate.
///
/// Fails only for [`Objective::MinCostPerfect`] on a graph without a perfect matching.
pub fn weighted_matching(
    graph: &WeightedGraph,
    objective: Objective,
) -> Result<WeightedSolution, NoPerfectMatching> {
    unstoppable(weighted_matching_until_stopped(graph, objective, None))
}

/// [`weighted_matching`], stopped once `stop` is set (checked before and after the engine's lists
/// are built, when the engine starts and after each augmentation): the outer error is the stop,
/// the inner result the answer.
pub fn weighted_matching_until_stopped(
    graph: &WeightedGraph,
    objective: Objective,
    stop: StopFlag<'_>,
) -> Result<Result<WeightedSolution, NoPerfectMatching>, Stopped> {
    solve_with_budget(graph, objective, engine::ALONE_BUDGET, stop)
}

/// [`weighted_matching_until_stopped`] with the engine's first stage given `alone_budget` events
/// per tree (the answers are the same for every budget; only the time differs).
fn solve_with_budget(
    graph: &WeightedGraph,
    objective: Objective,
    alone_budget: usize,
    stop: StopFlag<'_>,
) -> Result<Result<WeightedSolution, NoPerfectMatching>, Stopped> {
    stop::check(stop)?;
    let n = graph.vertex_count();
    let edges = best_edges(graph, objective);
    let offset = match objective {
        Objective::MaxWeight => 0,
        Objective::MaxWeightMaxCardinality | Objective::MinCostPerfect => {
            let largest = edges.iter().map(|e| e.weight.abs()).max().unwrap_or(0);
            n as i64 * largest + 1
        }
    };
    // The engine sees only the vertices with an edge: an isolated vertex is free in every
    // matching, and its dual is what a free vertex ends with (0 before the shift back).
    let (names, first, adjacent) =
        touched_vertices(n, &edges, |e| objective.gain(e.weight) + offset, vertex_order);
    stop::check(stop)?;
    // A perfect matching is asked for: an isolated vertex rules it out at once; otherwise the
    // engine's answer, a maximum-weight matching among the maximum-cardinality ones, is perfect
    // exactly when one exists (checked below).
    if objective == Objective::MinCostPerfect && names.len() < n {
        return Ok(Err(deficiency(graph)));
    }
    let solved = engine::solve(first, adjacent, alone_budget, stop)?;
    let mut mate = vec![NO_VERTEX; n];
    let mut vertex_duals = vec![-offset; n];
    for (i, &v) in names.iter().enumerate() {
        if solved.mate[i] != NO_VERTEX {
            mate[v as usize] = names[solved.mate[i] as usize];
        }
        vertex_duals[v as usize] = solved.vertex_duals[i] - offset;
    }
    let size = mate.iter().filter(|&&m| m != NO_VERTEX).count() / 2;
    if objective == Objective::MinCostPerfect && 2 * size < n {
        return Ok(Err(deficiency(graph)));
    }
    let total_weight: i64 = edges.iter().filter(|e| mate[e.u as usize] == e.v).map(|e| e.weight).sum();
    let blossoms = solved
        .blossoms
        .into_iter()
        .map(|(inner, parent, dual)| {
            let mut own_vertices: Vec<u32> = inner.iter().map(|&i| names[i as usize]).collect();
            own_vertices.sort_unstable();
            BlossomDual { own_vertices, parent, dual }
        })
        .collect();
    let certificate = DualCertificate { objective, vertex_duals, blossoms };
    Ok(Ok(WeightedSolution { matching: WeightedMatching { mate, size, total_weight }, certificate }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;

    fn solve(n: usize, edges: &[(usize, usize, i64)], objective: Objective) -> WeightedSolution {
        let graph = WeightedGraph::new(n, edges).unwrap();
        let solution = weighted_matching(&graph, objective).unwrap();
        certificate::verify(&graph, &solution.matching.pairs(), &solution.certificate).unwrap();
        solution
    }

    #[test]
    fn a_path_prefers_its_heavy_middle_edge_or_both_ends() {
        let path = [(0, 1, 5), (1, 2, 8), (2, 3, 5)];
        let best = solve(4, &path, Objective::MaxWeight);
        assert_eq!((best.matching.size(), best.matching.total_weight()), (2, 10));
        let light_ends = [(0, 1, 3), (1, 2, 8), (2, 3, 3)];
        let best = solve(4, &light_ends, Objective::MaxWeight);
        assert_eq!((best.matching.pairs(), best.matching.total_weight()), (vec![(1, 2)], 8));
        let both = solve(4, &light_ends, Objective::MaxWeightMaxCardinality);
        assert_eq!((both.matching.size(), both.matching.total_weight()), (2, 6));
        let cheapest = solve(4, &light_ends, Objective::MinCostPerfect);
        assert_eq!(cheapest.matching.total_weight(), 6);
    }

    #[test]
    fn a_blossom_is_formed_and_expanded() {
        // A triangle with a pendant edge on each corner: the odd cycle must be contracted.
        // Best: one heavy triangle edge and the pendant of the third corner (6 + 1); the only
        // perfect matching takes the three pendants.
        let edges = [(0, 1, 6), (1, 2, 6), (2, 0, 6), (0, 3, 1), (1, 4, 1), (2, 5, 1)];
        assert_eq!(solve(6, &edges, Objective::MaxWeight).matching.total_weight(), 7);
        assert_eq!(solve(6, &edges, Objective::MaxWeightMaxCardinality).matching.total_weight(), 3);
        assert_eq!(solve(6, &edges, Objective::MinCostPerfect).matching.total_weight(), 3);
    }

    #[test]
    fn a_set_stop_flag_stops_the_solve_and_a_clear_one_does_not() {
        let graph = WeightedGraph::new(4, &[(0, 1, 5), (1, 2, 8), (2, 3, 5)]).unwrap();
        let stop = std::sync::atomic::AtomicBool::new(true);
        assert!(weighted_matching_until_stopped(&graph, Objective::MaxWeight, Some(&stop)).is_err());
        stop.store(false, std::sync::atomic::Ordering::Relaxed);
        let solved = weighted_matching_until_stopped(&graph, Objective::MaxWeight, Some(&stop)).unwrap();
        assert_eq!(solved.unwrap().matching.total_weight(), 10);
    }

    #[test]
    fn no_perfect_matching_names_the_deficiency() {
        // A star with three leaves: removing the centre leaves three odd components.
        let graph = WeightedGraph::new(4, &[(0, 1, 1), (0, 2, 1), (0, 3, 1)]).unwrap();
        let error = weighted_matching(&graph, Objective::MinCostPerfect).unwrap_err();
        assert_eq!((error.deficiency, error.barrier, error.odd_components), (2, 1, 3));
        assert!(error.to_string().contains("deficiency is 2"));
    }

    #[test]
    fn weights_at_the_limit_do_not_overflow() {
        // A triangle with pendants, and a 4-cycle, every weight at ±limit: the shifted gains
        // reach (n + 1) · limit + 1 ≈ 2^59.
        let n = 10;
        let l = graph::weight_limit(n);
        let edges = [
            (0, 1, l),
            (1, 2, l),
            (2, 0, l),
            (0, 3, -l),
            (1, 4, l - 1),
            (2, 5, -l),
            (6, 7, l),
            (7, 8, -l),
            (8, 9, l),
            (9, 6, -l),
        ];
        let best = solve(n, &edges, Objective::MaxWeight);
        assert_eq!(best.matching.total_weight(), 4 * l - 1);
        let full = solve(n, &edges, Objective::MaxWeightMaxCardinality);
        // Perfect: the three pendants (−l + l − 1 − l) and the heavier pair of the 4-cycle (2l).
        assert_eq!((full.matching.size(), full.matching.total_weight()), (5, l - 1));
        let cheapest = solve(n, &edges, Objective::MinCostPerfect);
        assert_eq!(cheapest.matching.total_weight(), -3 * l - 1);
    }

    #[test]
    fn isolated_vertices_cost_nothing_and_keep_the_floor() {
        let n = 1_000_000;
        let edges = [(7, 999_999, 5), (8, 9, -2), (9, 10, 4)];
        let best = solve(n, &edges, Objective::MaxWeight);
        assert_eq!((best.matching.size(), best.matching.total_weight()), (2, 9));
        let full = solve(n, &edges, Objective::MaxWeightMaxCardinality);
        assert_eq!((full.matching.size(), full.matching.total_weight()), (2, 9));
        assert_eq!(full.certificate.vertex_duals[0], *full.certificate.vertex_duals.iter().min().unwrap());
    }

    #[test]
    fn negative_weights_are_left_out_unless_cardinality_asks() {
        let edges = [(0, 1, -4), (2, 3, 0)];
        let best = solve(4, &edges, Objective::MaxWeight);
        assert_eq!(best.matching.total_weight(), 0);
        assert!(best.matching.mate(0).is_none());
        let full = solve(4, &edges, Objective::MaxWeightMaxCardinality);
        assert_eq!((full.matching.size(), full.matching.total_weight()), (2, -4));
    }

    /// The budgets the tests try: every root in the second stage, a few events alone, the
    /// default, every root alone.
    const BUDGETS: [usize; 7] = [0, 1, 2, 3, 7, engine::ALONE_BUDGET, usize::MAX];

    /// Solves `graph` for `objective` with every budget of [`BUDGETS`], verifies each answer's
    /// certificate and checks that all budgets agree (on the total, or on the missing perfect
    /// matching).
    fn agree_at_every_budget(graph: &WeightedGraph, objective: Objective) {
        let mut totals = Vec::new();
        for budget in BUDGETS {
            let answer = unstoppable(solve_with_budget(graph, objective, budget, None));
            totals.push(answer.map(|solution| {
                let pairs = solution.matching.pairs();
                certificate::verify(graph, &pairs, &solution.certificate).unwrap();
                (solution.matching.size(), solution.matching.total_weight())
            }));
        }
        for (budget, total) in BUDGETS.iter().zip(&totals) {
            let same = match (total, &totals[0]) {
                (Ok((size, weight)), Ok((first_size, first_weight))) => {
                    weight == first_weight && (objective == Objective::MaxWeight || size == first_size)
                }
                (Err(_), Err(_)) => true,
                _ => false,
            };
            assert!(same, "budget {budget}: {total:?} against {:?}", totals[0]);
        }
    }

    #[test]
    fn every_budget_gives_a_proved_optimum_of_the_same_total() {
        // Random graphs, small and sparse ones with many roots, weights with many ties and
        // negative ones: the first stage abandons trees after blossoms formed and grew, at odd
        // and even totals, and the second stage takes over.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for round in 0..600 {
            let n = if round % 10 == 0 { 40 + next(80) } else { 2 + next(13) } as usize;
            let m = next(3 * n as u64 + 1) as usize;
            let spread = [3, 10, 1000][round % 3];
            let edges: Vec<(usize, usize, i64)> = (0..m)
                .map(|_| {
                    (
                        next(n as u64) as usize,
                        next(n as u64) as usize,
                        next(2 * spread) as i64 - spread as i64 / 3,
                    )
                })
                .collect();
            let graph = WeightedGraph::new(n, &edges).unwrap();
            for objective in
                [Objective::MaxWeight, Objective::MaxWeightMaxCardinality, Objective::MinCostPerfect]
            {
                agree_at_every_budget(&graph, objective);
            }
        }
    }

    #[test]
    fn both_vertex_orders_give_the_graph_and_the_same_optimum() {
        // Band graphs (each vertex joined to a few of the next ids, every seventh vertex
        // isolated), their ids kept or scattered by a multiplicative permutation: in either
        // order the engine's lists are the graph's (the isolated vertices left out), and the
        // engine finds the same optimum.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for round in 0..60 {
            let n = 64 + 7 * round;
            let mut edges = Vec::new();
            for u in (0..n).filter(|u| u % 7 != 3) {
                for v in (u + 1..n.min(u + 4)).filter(|v| v % 7 != 3) {
                    edges.push((u, v, next(1000) as i64 - 200));
                }
            }
            let step = (1..n).find(|s| s * 5 > n && gcd(*s, n) == 1).unwrap();
            let scattered: Vec<_> = edges.iter().map(|&(u, v, w)| (u * step % n, v * step % n, w)).collect();
            let mut totals = Vec::new();
            for graph in [WeightedGraph::new(n, &edges).unwrap(), WeightedGraph::new(n, &scattered).unwrap()]
            {
                let isolated = |v: u32| graph.edges().iter().all(|e| e.u != v && e.v != v);
                for order in [VertexOrder::Ids, VertexOrder::BreadthFirst] {
                    let (names, first, adjacent) =
                        touched_vertices(n, graph.edges(), |e| e.weight, |_| order);
                    let mut touched = names.clone();
                    touched.sort_unstable();
                    assert_eq!(touched, (0..n as u32).filter(|&v| !isolated(v)).collect::<Vec<_>>());
                    if order == VertexOrder::Ids {
                        assert_eq!(names, touched, "ids keep their order");
                    }
                    for (i, &v) in names.iter().enumerate() {
                        let mut ends: Vec<(u32, i64)> = adjacent[first[i]..first[i + 1]]
                            .iter()
                            .map(|arc| (names[arc.other as usize], arc.gain))
                            .collect();
                        ends.sort_unstable();
                        let mut expected: Vec<(u32, i64)> = graph
                            .edges()
                            .iter()
                            .filter_map(|e| match (e.u == v, e.v == v) {
                                (true, _) => Some((e.v, e.weight)),
                                (_, true) => Some((e.u, e.weight)),
                                _ => None,
                            })
                            .collect();
                        expected.sort_unstable();
                        assert_eq!(ends, expected, "the list of vertex {v}");
                    }
                    let solved =
                        engine::solve(first.clone(), adjacent.clone(), engine::ALONE_BUDGET, None).unwrap();
                    let total: i64 = (0..names.len())
                        .flat_map(|i| adjacent[first[i]..first[i + 1]].iter().map(move |arc| (i, arc)))
                        .filter(|&(i, arc)| solved.mate[i] == arc.other && i < arc.other as usize)
                        .map(|(_, arc)| arc.gain)
                        .sum();
                    totals.push(total);
                }
            }
            assert!(totals.windows(2).all(|t| t[0] == t[1]), "n = {n}: {totals:?}");
        }
    }

    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 { a } else { gcd(b, a % b) }
    }

    #[test]
    fn every_budget_agrees_at_the_weight_limit() {
        // Gains near 2^59 after the shift: the clock restarts for each tree, so moments stay
        // within the bounds of one stage.
        let n = 12;
        let l = graph::weight_limit(n);
        let edges: Vec<(usize, usize, i64)> = (0..n)
            .flat_map(|u| {
                (u + 1..n).map(move |v| (u, v, if (u * 7 + v) % 3 == 0 { l } else { -l + (u as i64) }))
            })
            .collect();
        let graph = WeightedGraph::new(n, &edges).unwrap();
        for objective in [Objective::MaxWeight, Objective::MaxWeightMaxCardinality, Objective::MinCostPerfect]
        {
            agree_at_every_budget(&graph, objective);
        }
    }
}
