//! Deeply nested blossoms: the weighted engine walks and rotates a nest of blossoms with explicit
//! stacks, so its depth is bounded by memory, not by the thread's stack.
//!
//! The graph: a triangle `{0, 1, 2}`, then `levels` pairs `(p, q)`, each joined to each other and
//! to the triangle (`p–0`, `q–1`), the weights falling by 10 a level. The optimal duals are a
//! chain of `levels + 1` nested odd sets (the triangle, then each level adds its pair), which the
//! certificate must report, and which the engine builds one inside the other.

use edmonds_blossom::{Objective, WeightedGraph, weighted::certificate::verify, weighted_matching};

fn nest(levels: usize) -> WeightedGraph {
    let top = 10 * levels as i64 + 1000;
    let mut edges = vec![(0, 1, top), (1, 2, top), (0, 2, top)];
    for level in 1..=levels {
        let (p, q) = (1 + 2 * level, 2 + 2 * level);
        let w = top - 10 * level as i64;
        edges.extend([(p, q, w), (p, 0, w), (q, 1, w)]);
    }
    WeightedGraph::new(3 + 2 * levels, &edges).expect("a valid graph")
}

#[test]
fn a_nest_500_deep_is_solved_on_a_small_stack() {
    let levels = 500;
    // 64 KiB: a recursion through the nest (a few hundred bytes a level) would overflow it.
    let solved = std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(move || {
            let graph = nest(levels);
            let solution =
                weighted_matching(&graph, Objective::MaxWeight).expect("no perfect matching asked");
            (graph, solution)
        })
        .expect("a thread")
        .join();
    let (graph, solution) = solved.expect("the solve ran to its end on a 64 KiB stack");
    let optimum =
        verify(&graph, &solution.matching.pairs(), &solution.certificate).expect("a valid certificate");
    // Every vertex but one is matched: the triangle gives one edge, each level one more.
    assert_eq!(optimum.size, levels + 1);
    // The certificate's sets form one chain, as deep as the levels: each set's parent is the
    // next one, and each set holds the one before it.
    let blossoms = &solution.certificate.blossoms;
    let sizes: Vec<usize> =
        (0..blossoms.len()).map(|i| solution.certificate.blossom_vertices(i).len()).collect();
    assert_eq!(sizes, (0..=levels).map(|level| 3 + 2 * level).collect::<Vec<_>>());
    for (i, set) in blossoms.iter().enumerate() {
        let expected = if i + 1 < blossoms.len() { Some(i + 1) } else { None };
        assert_eq!(set.parent, expected, "set {i} sits in the next one");
        assert_eq!(set.own_vertices.len(), if i == 0 { 3 } else { 2 }, "set {i} adds its own level");
    }
    for i in 1..blossoms.len() {
        let (small, large) =
            (solution.certificate.blossom_vertices(i - 1), solution.certificate.blossom_vertices(i));
        assert!(small.iter().all(|v| large.contains(v)), "the sets are nested");
    }
}
