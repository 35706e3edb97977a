//! The matching library's public API speaks one vertex type, [`Vertex`]: what one call returns,
//! the next takes as it is (a first program compiles without casts).

use edmonds_blossom::{
    Graph, Matching, Vertex, VertexClass, VertexIds, gallai_edmonds, maximum_matching, verify,
};

/// A path `0 – 1 – 2` and a triangle `3 4 5`.
const EDGES: [(Vertex, Vertex); 5] = [(0, 1), (1, 2), (3, 4), (4, 5), (5, 3)];

#[test]
fn values_flow_from_call_to_call_without_casts() {
    let graph = Graph::from_edges(6, &EDGES).unwrap();
    let matching = maximum_matching(&graph);

    // Every vertex from `vertices()` goes to `mate`, `neighbours`, `degree` and `class`.
    let decomposition = gallai_edmonds(&graph, &matching).unwrap();
    for v in graph.vertices() {
        if let Some(m) = matching.mate(v) {
            assert_eq!(matching.mate(m), Some(v));
            assert!(graph.neighbours(v).contains(&m) && graph.has_edge(m, v));
        }
        assert_eq!(graph.degree(v), graph.neighbours(v).len());
        let free_neighbour = graph.neighbours(v).iter().any(|&w| matching.mate(w).is_none());
        if free_neighbour && decomposition.class(v) != VertexClass::D {
            assert_eq!(decomposition.class(v), VertexClass::A);
        }
    }

    // The matched edges are a matching again, and the graph's edges a graph again.
    let pairs: Vec<(Vertex, Vertex)> = matching.edges();
    assert_eq!(Matching::from_pairs(&graph, &pairs).unwrap(), matching);
    let edges: Vec<(Vertex, Vertex)> = graph.edges().collect();
    assert_eq!(Graph::from_edges(graph.vertex_count(), &edges).unwrap(), graph);

    // Class members are vertices too.
    let d: Vec<Vertex> = decomposition.members(VertexClass::D);
    assert_eq!(d, vec![0, 2, 3, 4, 5]);
    assert!(d.iter().all(|&v| !decomposition.always_covered(v)));
    let ids = VertexIds::From(1);
    assert_eq!(d.iter().map(|&v| ids.id(v)).collect::<Vec<u64>>(), vec![1, 3, 4, 5, 6]);

    let certificate = verify(&graph, &matching, &decomposition).unwrap();
    assert_eq!(certificate.matching_size, 2);
}
