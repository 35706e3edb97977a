//! The weighted wing against brute force over every matching, sharing no solving code: for
//! graphs of at most 12 vertices (self-loops, repeated edges, zero and negative weights) every
//! matching is listed, and the best total weight for each objective is compared with the
//! engine's. Every answer's certificate is verified, and mutated certificates and matchings are
//! shown to be rejected. Past the brute force's reach (up to 90 vertices, where many trees live
//! through many augmentations) the verified certificate alone proves each answer.

use edmonds_blossom::{
    DualCertificate, Objective, WeightedGraph, weighted::certificate::verify, weighted_matching,
};
use proptest::prelude::*;

/// Every matching of the edge list (each copy of a repeated edge a separate choice; self-loops
/// never chosen), as `(size, total weight)`.
fn all_matchings(n: usize, edges: &[(usize, usize, i64)]) -> Vec<(usize, i64)> {
    fn extend(
        v: usize,
        n: usize,
        edges: &[(usize, usize, i64)],
        used: &mut [bool],
        so_far: (usize, i64),
        out: &mut Vec<(usize, i64)>,
    ) {
        let Some(v) = (v..n).find(|&x| !used[x]) else {
            out.push(so_far);
            return;
        };
        used[v] = true;
        // `v` stays free.
        extend(v + 1, n, edges, used, so_far, out);
        for &(a, b, w) in edges {
            let other = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            if other == v || used[other] {
                continue;
            }
            used[other] = true;
            extend(v + 1, n, edges, used, (so_far.0 + 1, so_far.1 + w), out);
            used[other] = false;
        }
        used[v] = false;
    }
    let mut out = Vec::new();
    extend(0, n, edges, &mut vec![false; n], (0, 0), &mut out);
    out
}

/// The brute-force optimum of `objective`: `(size, total weight)`, `None` when no perfect
/// matching exists for `MinCostPerfect`.
fn brute_force(n: usize, edges: &[(usize, usize, i64)], objective: Objective) -> Option<(usize, i64)> {
    let all = all_matchings(n, edges);
    match objective {
        Objective::MaxWeight => all.iter().map(|&(_, w)| w).max().map(|w| (0, w)),
        Objective::MaxWeightMaxCardinality => all.iter().copied().max(),
        Objective::MinCostPerfect => {
            all.iter().filter(|&&(s, _)| 2 * s == n).map(|&(s, w)| (s, w)).min_by_key(|&(_, w)| w)
        }
    }
}

const OBJECTIVES: [Objective; 3] =
    [Objective::MaxWeight, Objective::MaxWeightMaxCardinality, Objective::MinCostPerfect];

/// Mutations of a verified answer that `verify` must reject.
fn check_mutations(
    graph: &WeightedGraph,
    pairs: &[(usize, usize)],
    certificate: &DualCertificate,
    optimum: i64,
) -> Result<(), TestCaseError> {
    let objective = certificate.objective;
    // A wrong dual: with no floor to absorb it (MaxWeight's floor is fixed at 0, MinCostPerfect
    // has none), any change of one dual moves the dual bound away from the matching's gain.
    if objective != Objective::MaxWeightMaxCardinality {
        for v in 0..graph.vertex_count() {
            for change in [-2, 2] {
                let mut wrong = certificate.clone();
                wrong.vertex_duals[v] += change;
                prop_assert!(
                    verify(graph, pairs, &wrong).is_err(),
                    "vertex {} dual {:+} accepted",
                    v,
                    change
                );
            }
        }
        for b in 0..certificate.blossoms.len() {
            for change in [-2, 2] {
                let mut wrong = certificate.clone();
                wrong.blossoms[b].dual += change;
                prop_assert!(
                    verify(graph, pairs, &wrong).is_err(),
                    "blossom {} dual {:+} accepted",
                    b,
                    change
                );
            }
        }
    }
    // A wrong forest: a set cut loose from its parent leaves the parent with an even number of
    // vertices; a set that names itself, or an earlier set, as its parent is no forest.
    for b in 0..certificate.blossoms.len() {
        let mut wrong = certificate.clone();
        match wrong.blossoms[b].parent {
            Some(_) => wrong.blossoms[b].parent = None,
            None => wrong.blossoms[b].parent = Some(b),
        }
        prop_assert!(verify(graph, pairs, &wrong).is_err(), "blossom {} re-parented accepted", b);
        if b > 0 {
            let mut backwards = certificate.clone();
            backwards.blossoms[b].parent = Some(b - 1);
            prop_assert!(
                verify(graph, pairs, &backwards).is_err(),
                "blossom {} parent {} accepted",
                b,
                b - 1
            );
        }
    }
    // A wrong matching: the empty one is optimal only when nothing can be gained.
    let empty_is_optimal = match objective {
        Objective::MaxWeight => optimum == 0,
        Objective::MaxWeightMaxCardinality | Objective::MinCostPerfect => pairs.is_empty(),
    };
    if !empty_is_optimal {
        prop_assert!(verify(graph, &[], certificate).is_err(), "the empty matching accepted");
    }
    // One matched pair dropped: worse unless the pair gained nothing for MaxWeight.
    for i in 0..pairs.len() {
        let mut fewer = pairs.to_vec();
        let (u, v) = fewer.remove(i);
        let weight_of_best = graph
            .edges()
            .iter()
            .filter(|e| (e.u as usize, e.v as usize) == (u.min(v), u.max(v)))
            .map(|e| e.weight)
            .max()
            .unwrap();
        if objective != Objective::MaxWeight || weight_of_best != 0 {
            prop_assert!(verify(graph, &fewer, certificate).is_err(), "pair ({}, {}) dropped accepted", u, v);
        }
    }
    Ok(())
}

fn check(n: usize, edges: &[(usize, usize, i64)]) -> Result<(), TestCaseError> {
    let graph = WeightedGraph::new(n, edges).unwrap();
    for objective in OBJECTIVES {
        let expected = brute_force(n, edges, objective);
        match (weighted_matching(&graph, objective), expected) {
            (Ok(solution), Some((size, weight))) => {
                let pairs = solution.matching.pairs();
                let optimum = verify(&graph, &pairs, &solution.certificate)
                    .map_err(|e| TestCaseError::fail(format!("{objective:?}: certificate rejected: {e}")))?;
                prop_assert_eq!(optimum.total_weight, weight, "{:?}", objective);
                prop_assert_eq!(solution.matching.total_weight(), weight, "{:?}", objective);
                if objective != Objective::MaxWeight {
                    prop_assert_eq!(solution.matching.size(), size, "{:?}", objective);
                }
                check_mutations(&graph, &pairs, &solution.certificate, weight)?;
            }
            (Err(error), None) => {
                let largest = all_matchings(n, edges).iter().map(|&(s, _)| s).max().unwrap();
                prop_assert_eq!(error.deficiency, n - 2 * largest);
                prop_assert_eq!(error.odd_components - error.barrier, error.deficiency);
            }
            (got, want) => prop_assert!(
                false,
                "{:?}: got {:?}, brute force {:?}",
                objective,
                got.map(|s| s.matching),
                want
            ),
        }
    }
    Ok(())
}

/// Up to 12 vertices, up to 24 edges (self-loops and repeats happen by chance), weights from a
/// narrow range (many ties), a wide one, or the whole range the graph accepts (overflow checks).
fn graphs() -> impl Strategy<Value = (usize, Vec<(usize, usize, i64)>)> {
    (0usize..=12).prop_flat_map(|n| {
        let vertex = 0..n.max(1);
        let limit = edmonds_blossom::weight_limit(n);
        let weight = prop_oneof![-3i64..=6, -1_000_000i64..=1_000_000, -limit..=limit];
        let edges = if n == 0 {
            Just(Vec::new()).boxed()
        } else {
            proptest::collection::vec((vertex.clone(), vertex, weight), 0..=24).boxed()
        };
        (Just(n), edges)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn weighted_matching_matches_brute_force((n, edges) in graphs()) {
        check(n, &edges)?;
    }
}

#[test]
fn dense_graphs_with_ties() {
    // The complete graph on 12 vertices with weights from a pseudo-random sequence, many equal.
    let mut state = 12345u64;
    for round in 0..6 {
        let mut edges = Vec::new();
        for u in 0..12 {
            for v in u + 1..12 {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let w = ((state >> 33) % 7) as i64 - 2 + round;
                edges.push((u, v, w));
            }
        }
        check(12, &edges).unwrap();
        check(11, &edges.iter().copied().filter(|&(u, v, _)| u < 11 && v < 11).collect::<Vec<_>>()).unwrap();
    }
}

/// Every objective on a graph too large for the brute force: each answer's certificate must
/// verify (a proof of optimality on its own), and a missing perfect matching must have the
/// deficiency the verified maximum-cardinality answer leaves.
fn check_certified(n: usize, edges: &[(usize, usize, i64)]) -> Result<(), TestCaseError> {
    let graph = WeightedGraph::new(n, edges).unwrap();
    let largest = weighted_matching(&graph, Objective::MaxWeightMaxCardinality).unwrap();
    for objective in OBJECTIVES {
        match weighted_matching(&graph, objective) {
            Ok(solution) => {
                let optimum = verify(&graph, &solution.matching.pairs(), &solution.certificate)
                    .map_err(|e| TestCaseError::fail(format!("{objective:?}: certificate rejected: {e}")))?;
                prop_assert_eq!(optimum.total_weight, solution.matching.total_weight(), "{:?}", objective);
            }
            Err(error) => {
                prop_assert_eq!(objective, Objective::MinCostPerfect);
                prop_assert!(error.deficiency > 0);
                prop_assert_eq!(error.deficiency, n - 2 * largest.matching.size());
            }
        }
    }
    Ok(())
}

/// 13 to 90 vertices with up to 4 edges a vertex, weights from a narrow range (ties: many
/// blossoms, nested and expanded), a wide one, or the whole range the graph accepts (the
/// cardinality objectives' offset then brings the gains near `2^59`).
fn larger_graphs() -> impl Strategy<Value = (usize, Vec<(usize, usize, i64)>)> {
    (13usize..=90).prop_flat_map(|n| {
        let limit = edmonds_blossom::weight_limit(n);
        let weight = prop_oneof![
            -2i64..=5,
            -1_000_000i64..=1_000_000,
            prop_oneof![Just(-limit), Just(limit), -limit..=limit]
        ];
        (Just(n), proptest::collection::vec((0..n, 0..n, weight), 0..=4 * n))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn larger_graphs_have_verified_certificates((n, edges) in larger_graphs()) {
        check_certified(n, &edges)?;
    }
}
