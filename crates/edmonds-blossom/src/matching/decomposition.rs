//! The Gallai–Edmonds decomposition, read off one alternating search from every free vertex at once.
//!
//! With a maximum matching `M`, grow one alternating forest rooted at all free vertices together.
//! No augmenting path exists, so the search never reaches a free unlabelled vertex and never joins two
//! trees; it ends with every vertex outer, inner or unlabelled, and (Gallai–Edmonds structure theorem):
//!
//! - outer vertices (including everything inside outer blossoms) form `D`: each is joined to a free
//!   vertex by an even alternating path, and flipping that path gives a maximum matching missing it;
//! - inner vertices form `A = N(D) \ D`;
//! - unlabelled vertices form `C`, which `M` matches perfectly within itself.
//!
//! If the search does find an augmenting path, the matching was not maximum and that is reported.

use serde::Serialize;

use crate::graph::Graph;
use crate::graph::{NO_VERTEX, Vertex};
use crate::matching::Matching;
use crate::matching::forest::{AlternatingForest, Growth, Label};

/// The Gallai–Edmonds class of a vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum VertexClass {
    /// Missed by some maximum matching.
    D,
    /// Not in `D`, adjacent to `D`.
    A,
    /// Neither: covered by every maximum matching and not adjacent to `D`.
    C,
}

/// The partition of the vertices into `D`, `A` and `C`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decomposition {
    class: Vec<VertexClass>,
}

/// `gallai_edmonds` was given a matching that is not maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the matching is not maximum: an augmenting path ends at the edge ({0}, {1})")]
pub struct NotMaximum(pub Vertex, pub Vertex);

impl Decomposition {
    /// A decomposition with the given class per vertex (unchecked; [`crate::verify`] checks it).
    pub fn from_classes(class: Vec<VertexClass>) -> Self {
        Self { class }
    }

    /// The class of `v`.
    pub fn class(&self, v: Vertex) -> VertexClass {
        self.class[v as usize]
    }

    /// The classes of all vertices, by vertex.
    pub fn classes(&self) -> &[VertexClass] {
        &self.class
    }

    /// The vertices of `class`, ascending.
    pub fn members(&self, class: VertexClass) -> Vec<Vertex> {
        (0..self.class.len() as Vertex).filter(|&v| self.class(v) == class).collect()
    }

    /// Number of vertices of `class`.
    pub fn count(&self, class: VertexClass) -> usize {
        self.class.iter().filter(|&&c| c == class).count()
    }

    /// Whether every maximum matching covers `v` (i.e. `v` is not in `D`).
    pub fn always_covered(&self, v: Vertex) -> bool {
        self.class(v) != VertexClass::D
    }
}

/// The Gallai–Edmonds decomposition of `graph`, given a maximum matching of it.
///
/// Costs one alternating search, `O(E α(V))`. Fails if `matching` is not maximum (an augmenting path
/// shows up during the search).
pub fn gallai_edmonds(graph: &Graph, matching: &Matching) -> Result<Decomposition, NotMaximum> {
    let mates = matching.mates();
    let mut forest = AlternatingForest::new(mates);
    for (v, &mate) in mates.iter().enumerate() {
        if mate == NO_VERTEX {
            forest.plant(v as u32);
        }
    }
    match forest.grow(graph) {
        // No label limit was set, so the search is never abandoned.
        Growth::Exhausted | Growth::Abandoned => {}
        Growth::FoundFreeVertex { outer: x, free: y } | Growth::JoinedTwoTrees { x, y } => {
            return Err(NotMaximum(x, y));
        }
    }
    let class = (0..graph.vertex_count())
        .map(|v| match forest.label(v) {
            Label::Outer => VertexClass::D,
            Label::Inner => VertexClass::A,
            Label::Unlabelled | Label::Retired => VertexClass::C,
        })
        .collect();
    Ok(Decomposition { class })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::maximum_matching;

    #[test]
    fn star_has_its_centre_in_a() {
        let g = Graph::from_edges(4, &[(0, 1), (0, 2), (0, 3)]).unwrap();
        let d = gallai_edmonds(&g, &maximum_matching(&g)).unwrap();
        assert_eq!(d.classes(), &[VertexClass::A, VertexClass::D, VertexClass::D, VertexClass::D]);
        assert_eq!(d.members(VertexClass::D), vec![1, 2, 3]);
        assert!(d.always_covered(0) && !d.always_covered(2));
    }

    #[test]
    fn triangle_is_factor_critical_and_an_edge_is_c() {
        let g = Graph::from_edges(5, &[(0, 1), (1, 2), (2, 0), (3, 4)]).unwrap();
        let d = gallai_edmonds(&g, &maximum_matching(&g)).unwrap();
        assert_eq!((d.count(VertexClass::D), d.count(VertexClass::A), d.count(VertexClass::C)), (3, 0, 2));
    }

    #[test]
    fn non_maximum_matching_is_reported() {
        let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
        let m = Matching::from_pairs(&g, &[(1, 2)]).unwrap();
        assert!(gallai_edmonds(&g, &m).is_err());
    }
}
