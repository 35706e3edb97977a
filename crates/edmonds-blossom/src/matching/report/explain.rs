//! `--explain` of `matching`: the matching with the Tutte–Berge certificate that proves it
//! maximum, for people.

use std::io::{self, Write};

use super::CertifiedMatching;
use crate::graph::Graph;
use crate::input::VertexIds;
use crate::matching::decomposition::VertexClass;

/// `1 vertex`, `2 vertices`: a count with its noun in the right number.
pub fn count(n: usize, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// The matching size and the Tutte–Berge certificate that proves it maximum.
pub fn write_matching(
    out: &mut impl Write,
    graph: &Graph,
    certified: &CertifiedMatching,
    ids: &VertexIds,
) -> io::Result<()> {
    let c = &certified.certificate;
    let d = &certified.decomposition;
    writeln!(
        out,
        "graph: {}, {}",
        count(graph.vertex_count(), "vertex", "vertices"),
        count(graph.edge_count(), "distinct edge", "distinct edges")
    )?;
    writeln!(
        out,
        "maximum matching: {}, {} left unmatched",
        count(c.matching_size, "edge", "edges"),
        count(c.vertices - 2 * c.matching_size, "vertex", "vertices")
    )?;
    writeln!(out, "matched edges (u - v, vertex ids as in the input):")?;
    for (u, v) in certified.matching.edges() {
        writeln!(out, "  {} - {}", ids.id(u), ids.id(v))?;
    }
    writeln!(
        out,
        "Gallai-Edmonds decomposition: |D| = {} (missed by some maximum matching), |A| = {} (neighbours of D), \
         |C| = {} (the rest)",
        d.count(VertexClass::D),
        d.count(VertexClass::A),
        d.count(VertexClass::C)
    )?;
    writeln!(
        out,
        "Tutte-Berge certificate (verified): with the barrier A, G - A has {}, so no matching \
         exceeds (|V| + |A| - odd) / 2 = ({} + {} - {}) / 2 = {}, and this matching has {}: it is maximum",
        count(c.odd_components, "odd component", "odd components"),
        c.vertices,
        c.barrier_size,
        c.odd_components,
        c.bound,
        count(c.matching_size, "edge", "edges")
    )
}
