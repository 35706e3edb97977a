//! What `weighted-matching` prints, in the input's vertex ids: the plain answer (Library
//! Checker's `general_weighted_matching` answer, then the certificate on request), the `--json`
//! record and the `--explain` text.

use std::io::{self, Write};

use serde::Serialize;

use super::certificate::{DualCertificate, Optimum};
use super::graph::WeightedGraph;
use super::{Objective, WeightedMatching};
use crate::graph::Vertex;
use crate::input::VertexIds;
use crate::matching::report::text::{BUFFER_BYTES, flush_when_full, push_decimal};

/// The input's id of vertex `v` (every vertex index fits a [`Vertex`]: graphs have at most
/// [`crate::graph::MAX_VERTICES`] vertices).
fn id(ids: &VertexIds, v: usize) -> u64 {
    ids.id(v as Vertex)
}

/// The answer: `size total`, then one `u v` line per matched pair (`u < v`, by `u`).
pub fn write_answer(out: &mut impl Write, matching: &WeightedMatching, ids: &VertexIds) -> io::Result<()> {
    writeln!(out, "{} {}", matching.size(), matching.total_weight())?;
    let mut buffer = Vec::with_capacity(BUFFER_BYTES + 64);
    for u in 0..matching.mate.len() {
        if let Some(v) = matching.mate(u).filter(|&v| u < v) {
            push_decimal(&mut buffer, id(ids, u));
            buffer.push(b' ');
            push_decimal(&mut buffer, id(ids, v));
            buffer.push(b'\n');
            flush_when_full(out, &mut buffer)?;
        }
    }
    out.write_all(&buffer)
}

/// The certificate as text: `y ID VALUE` per vertex (`2 y_v`), then `z VALUE PARENT ID ID ...`
/// per blossom: `2 z_B`, the number of its parent's `z` line counted from 0 (`-` for an
/// outermost blossom; a parent's line comes later) and its own vertices (those in no smaller
/// blossom).
pub fn write_certificate(
    out: &mut impl Write,
    certificate: &DualCertificate,
    ids: &VertexIds,
) -> io::Result<()> {
    for (v, dual) in certificate.vertex_duals.iter().enumerate() {
        writeln!(out, "y {} {dual}", id(ids, v))?;
    }
    for blossom in &certificate.blossoms {
        write!(out, "z {}", blossom.dual)?;
        match blossom.parent {
            Some(p) => write!(out, " {p}")?,
            None => write!(out, " -")?,
        }
        for &v in &blossom.own_vertices {
            write!(out, " {}", ids.id(v))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The objective's name on the command line and in the records.
pub fn objective_name(objective: Objective) -> &'static str {
    match objective {
        Objective::MaxWeight => "max",
        Objective::MaxWeightMaxCardinality => "max-cardinality",
        Objective::MinCostPerfect => "min-cost-perfect",
    }
}

/// The `--json` record of `weighted-matching`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WeightedMatchingJson {
    /// `max`, `max-cardinality` or `min-cost-perfect`.
    pub objective: &'static str,
    /// Number of vertices.
    pub vertices: usize,
    /// Edges read (self-loops dropped, repeated edges counted each time).
    pub edges: usize,
    /// Matched pairs.
    pub size: usize,
    /// Their total weight (a cost for `min-cost-perfect`).
    pub total_weight: i64,
    /// The matched pairs `[u, v]`, `u < v`, in the input's ids.
    pub matching: Vec<[u64; 2]>,
    /// The verified dual certificate (with `--certificate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<DualCertificateJson>,
}

/// The certificate in the input's ids, all values doubled (`2 y_v`, `2 z_B`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DualCertificateJson {
    /// `[id, 2 y_v]` per vertex.
    pub vertex_duals: Vec<(u64, i64)>,
    /// Each blossom with a positive dual.
    pub blossoms: Vec<BlossomJson>,
}

/// One blossom of the certificate, a node of the family's forest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BlossomJson {
    /// `2 z_B`.
    pub dual: i64,
    /// The index in `blossoms` of the smallest blossom holding this one (it comes later), or
    /// `null` for an outermost one.
    pub parent: Option<usize>,
    /// Its own vertices (those in no smaller blossom), in the input's ids.
    pub own_vertices: Vec<u64>,
}

impl WeightedMatchingJson {
    /// The record of `matching` on `graph`, with `certificate` when given.
    pub fn new(
        graph: &WeightedGraph,
        matching: &WeightedMatching,
        objective: Objective,
        certificate: Option<&DualCertificate>,
        ids: &VertexIds,
    ) -> Self {
        Self {
            objective: objective_name(objective),
            vertices: graph.vertex_count(),
            edges: graph.edges().len(),
            size: matching.size(),
            total_weight: matching.total_weight(),
            matching: matching.pairs().into_iter().map(|(u, v)| [id(ids, u), id(ids, v)]).collect(),
            certificate: certificate.map(|c| DualCertificateJson {
                vertex_duals: c.vertex_duals.iter().enumerate().map(|(v, &d)| (id(ids, v), d)).collect(),
                blossoms: c
                    .blossoms
                    .iter()
                    .map(|b| BlossomJson {
                        dual: b.dual,
                        parent: b.parent,
                        own_vertices: b.own_vertices.iter().map(|&v| ids.id(v)).collect(),
                    })
                    .collect(),
            }),
        }
    }
}

/// The `--explain` text: what was optimised, the pairs with their weights, and what the
/// verified certificate proves.
pub fn write_explained(
    out: &mut impl Write,
    graph: &WeightedGraph,
    matching: &WeightedMatching,
    objective: Objective,
    optimum: &Optimum,
    certificate: &DualCertificate,
    ids: &VertexIds,
) -> io::Result<()> {
    let what = match objective {
        Objective::MaxWeight => "a maximum-weight matching",
        Objective::MaxWeightMaxCardinality => "a maximum-weight matching among the maximum-cardinality ones",
        Objective::MinCostPerfect => "a minimum-cost perfect matching",
    };
    let pairs = if matching.size() == 1 { "pair" } else { "pairs" };
    writeln!(
        out,
        "{what} of {} vertices and {} edges: {} {pairs}, total {} {}",
        graph.vertex_count(),
        graph.edges().len(),
        matching.size(),
        if objective == Objective::MinCostPerfect { "cost" } else { "weight" },
        matching.total_weight()
    )?;
    for (u, v) in matching.pairs() {
        let best = graph
            .edges()
            .iter()
            .filter(|e| (e.u as usize, e.v as usize) == (u, v))
            .map(|e| objective.gain(e.weight))
            .max()
            .map(|g| objective.gain(g))
            .unwrap_or_default();
        writeln!(out, "  {} {}  weight {best}", id(ids, u), id(ids, v))?;
    }
    let sets = if certificate.blossoms.len() == 1 { "blossom" } else { "blossoms" };
    writeln!(
        out,
        "optimal: a dual solution ({} vertex duals, {} {sets} with positive duals) has every reduced cost >= 0 \
         and meets the matching's total {} with equality (verified)",
        certificate.vertex_duals.len(),
        certificate.blossoms.len(),
        optimum.total_weight
    )
}
