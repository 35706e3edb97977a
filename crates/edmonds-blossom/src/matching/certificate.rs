//! Checking a matching and its decomposition independently of how they were computed.
//!
//! Tutte–Berge: for every vertex set `A`, every matching has at most `(|V| + |A| − odd(G − A)) / 2`
//! edges, where `odd(G − A)` counts the components of `G − A` with an odd number of vertices. A matching
//! that meets the bound with equality for some `A` is therefore maximum, whatever produced it. [`verify`]
//! checks that, with `A` the decomposition's `A` class, together with the shape the Gallai–Edmonds
//! theorem promises: `A` is exactly the set of neighbours of `D` outside `D`, and the components of
//! `G − A` are the odd ones made of `D` vertices and the even ones made of `C` vertices. Then every
//! vertex of `A ∪ C` is covered by every maximum matching (a barrier meeting the bound forces each `A`
//! vertex into a different odd component and each even component to be matched perfectly).
//!
//! What this does not prove is the converse for `D`: that each `D` vertex really is missed by some
//! maximum matching (its component of `G − A` being factor-critical). For a path `0-1-2`, calling all
//! three vertices `D` with `A = ∅` meets the bound too. That half rests on the search (an even
//! alternating path from a free vertex reaches every outer vertex) and is tested against brute force.

use serde::Serialize;

use crate::graph::Graph;
use crate::graph::{NO_VERTEX, Vertex};
use crate::matching::Matching;
use crate::matching::decomposition::{Decomposition, VertexClass};

/// The figures of a verified certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// `|V|`.
    pub vertices: usize,
    /// `|M|`.
    pub matching_size: usize,
    /// `|A|`, the Tutte–Berge barrier.
    pub barrier_size: usize,
    /// Number of odd components of `G − A`.
    pub odd_components: usize,
    /// `(|V| + |A| − odd(G − A)) / 2`, the upper bound on every matching; equals `matching_size`.
    pub bound: usize,
}

/// Why a certificate is rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// The matching or the decomposition is for a graph of another size.
    #[error("sizes differ: graph {graph}, matching {matching}, decomposition {decomposition}")]
    SizeMismatch {
        /// Vertices of the graph.
        graph: usize,
        /// Vertices of the matching.
        matching: usize,
        /// Vertices of the decomposition.
        decomposition: usize,
    },
    /// The mate array is not symmetric or a matched pair is not an edge.
    #[error("vertex {0} is matched along a non-edge or asymmetrically")]
    InvalidMatching(Vertex),
    /// A neighbour of `D` is in `C`, or an `A` vertex has no neighbour in `D`.
    #[error("vertex {0} contradicts A = N(D) \\ D")]
    BadNeighbourhood(Vertex),
    /// A component of `G − A` mixes `D` and `C`, or has the wrong parity for its class.
    #[error("the component of G - A containing vertex {0} does not match its class")]
    BadComponent(Vertex),
    /// The Tutte–Berge bound is not met with equality.
    #[error("matching has {matching} edges but the Tutte-Berge bound is {bound}")]
    BoundNotMet {
        /// `|M|`.
        matching: usize,
        /// `(|V| + |A| − odd(G − A)) / 2`.
        bound: usize,
    },
}

/// Checks that `matching` is a matching of `graph` and that `decomposition` proves it maximum.
pub fn verify(
    graph: &Graph,
    matching: &Matching,
    decomposition: &Decomposition,
) -> Result<Certificate, CertificateError> {
    let n = graph.vertex_count();
    if matching.vertex_count() != n || decomposition.classes().len() != n {
        return Err(CertificateError::SizeMismatch {
            graph: n,
            matching: matching.vertex_count(),
            decomposition: decomposition.classes().len(),
        });
    }
    check_matching(graph, matching.mates())?;
    check_neighbourhood(graph, decomposition.classes())?;
    let odd_components = count_odd_components_outside_a(graph, decomposition.classes())?;
    let barrier_size = decomposition.count(VertexClass::A);
    let bound = (n + barrier_size).saturating_sub(odd_components) / 2;
    if matching.size() != bound || n + barrier_size < odd_components {
        return Err(CertificateError::BoundNotMet { matching: matching.size(), bound });
    }
    Ok(Certificate { vertices: n, matching_size: matching.size(), barrier_size, odd_components, bound })
}

fn check_matching(graph: &Graph, mate: &[u32]) -> Result<(), CertificateError> {
    for (v, &m) in mate.iter().enumerate() {
        if m == NO_VERTEX {
            continue;
        }
        let v = v as Vertex;
        if m as usize >= mate.len() || mate[m as usize] != v || !graph.has_edge(v, m) {
            return Err(CertificateError::InvalidMatching(v));
        }
    }
    Ok(())
}

fn check_neighbourhood(graph: &Graph, class: &[VertexClass]) -> Result<(), CertificateError> {
    for (v, &class_of_v) in graph.vertices().zip(class) {
        let touches_d = graph.neighbours(v).iter().any(|&w| class[w as usize] == VertexClass::D);
        let ok = match class_of_v {
            VertexClass::D => true,
            VertexClass::A => touches_d,
            VertexClass::C => !touches_d,
        };
        if !ok {
            return Err(CertificateError::BadNeighbourhood(v));
        }
    }
    Ok(())
}

/// Number of odd components of `G − A`, checking that each is all `D` (odd) or all `C` (even).
fn count_odd_components_outside_a(graph: &Graph, class: &[VertexClass]) -> Result<usize, CertificateError> {
    let mut seen: Vec<bool> = class.iter().map(|&c| c == VertexClass::A).collect();
    let mut stack = Vec::new();
    let mut odd = 0;
    for start in 0..class.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start as u32);
        let mut size = 0usize;
        while let Some(v) = stack.pop() {
            size += 1;
            if class[v as usize] != class[start] {
                return Err(CertificateError::BadComponent(start as Vertex));
            }
            for &w in graph.neighbours(v) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        let is_odd = size % 2 == 1;
        if is_odd != (class[start] == VertexClass::D) {
            return Err(CertificateError::BadComponent(start as Vertex));
        }
        odd += usize::from(is_odd);
    }
    Ok(odd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{gallai_edmonds, maximum_matching};

    fn graph(n: usize, edges: &[(u32, u32)]) -> Graph {
        Graph::from_edges(n, edges).unwrap()
    }

    #[test]
    fn engine_output_verifies() {
        let g = graph(7, &[(0, 1), (0, 2), (0, 3), (3, 4), (4, 5), (5, 3), (5, 6)]);
        let m = maximum_matching(&g);
        let d = gallai_edmonds(&g, &m).unwrap();
        let c = verify(&g, &m, &d).unwrap();
        assert_eq!(c.bound, m.size());
        assert_eq!(c.vertices, 7);
    }

    #[test]
    fn smaller_matching_fails_the_bound() {
        // Path 0-1-2-3 with the decomposition of its maximum matching but only the middle edge.
        let g = graph(4, &[(0, 1), (1, 2), (2, 3)]);
        let d = gallai_edmonds(&g, &maximum_matching(&g)).unwrap();
        let small = Matching::from_pairs(&g, &[(1, 2)]).unwrap();
        assert_eq!(verify(&g, &small, &d), Err(CertificateError::BoundNotMet { matching: 1, bound: 2 }));
    }

    #[test]
    fn wrong_classes_are_rejected() {
        let g = graph(3, &[(0, 1), (1, 2)]);
        let m = maximum_matching(&g);
        let good = gallai_edmonds(&g, &m).unwrap();
        assert_eq!(good.classes(), &[VertexClass::D, VertexClass::A, VertexClass::D]);
        let all_c = Decomposition::from_classes(vec![VertexClass::C; 3]);
        assert!(verify(&g, &m, &all_c).is_err());
        assert_eq!(verify(&g, &m, &all_c), Err(CertificateError::BadComponent(0)));
        let two_a = Decomposition::from_classes(vec![VertexClass::A, VertexClass::D, VertexClass::A]);
        assert_eq!(verify(&g, &m, &two_a), Err(CertificateError::BoundNotMet { matching: 1, bound: 2 }));
        let d_next_to_c = Decomposition::from_classes(vec![VertexClass::D, VertexClass::C, VertexClass::C]);
        assert_eq!(verify(&g, &m, &d_next_to_c), Err(CertificateError::BadNeighbourhood(1)));
    }
}
