//! `--json` records of `all-starts` and `matching` (one JSON line each; the default mode and `query`
//! print [`crate::query::KingReport`]s). Vertex ids of `matching` are the input's (0-based).

use serde::Serialize;

use crate::certificate::Certificate;
use crate::decomposition::{Decomposition, VertexClass};
use crate::game::BoardAnalysis;
use crate::graph::Graph;
use crate::graph_input::VertexIds;
use crate::report::CertifiedMatching;

/// The `all-starts --json` record of one board (one JSON line). It is not a game position (no
/// side to move, no moves): every free cell as a start, with the graph and matching sizes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeGridJson {
    /// Always `edmonds-blossom`.
    pub game: &'static str,
    /// 1-based case number.
    pub board: usize,
    /// `king20` or `orth4`.
    pub move_set: &'static str,
    /// Free cells (vertices of the move graph).
    pub free_cells: usize,
    /// Edges of the move graph.
    pub edges: usize,
    /// Size of a maximum matching of the move graph.
    pub maximum_matching: usize,
    /// Number of winning starts (`W` cells).
    pub winning_starts: usize,
    /// One string per board row (row 1 first): `W` (the first player wins starting there), `L`
    /// (loses) or `#` (blocked).
    pub rows: Vec<String>,
}

/// The `matching` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchingJson {
    /// `N`.
    pub vertices: usize,
    /// Distinct edges.
    pub edges: usize,
    /// Matching size.
    pub size: usize,
    /// The matched edges `[u, v]`, `u < v`, in the input's vertex ids.
    pub matching: Vec<[u64; 2]>,
    /// The decomposition and Tutte–Berge figures (with `--certificate`; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateJson>,
}

/// The Gallai–Edmonds classes and the verified bound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CertificateJson {
    /// Vertices missed by some maximum matching.
    pub d: Vec<u64>,
    /// Neighbours of `D` outside `D` (the Tutte–Berge barrier).
    pub a: Vec<u64>,
    /// The rest.
    pub c: Vec<u64>,
    /// The checked figures.
    #[serde(flatten)]
    pub bound: Certificate,
}

impl OutcomeGridJson {
    /// The `all-starts` record of one board.
    pub fn new(case: usize, analysis: &BoardAnalysis, move_set: &'static str) -> Self {
        let rows = analysis.outcome_rows();
        let winning_starts = rows.iter().map(|row| row.bytes().filter(|&b| b == b'W').count()).sum();
        Self {
            game: crate::query::GAME,
            board: case,
            move_set,
            free_cells: analysis.graph.graph.vertex_count(),
            edges: analysis.graph.graph.edge_count(),
            maximum_matching: analysis.matching.size(),
            winning_starts,
            rows,
        }
    }
}

impl MatchingJson {
    /// The `matching` record; the certificate is included when `with_certificate` is set.
    pub fn new(
        graph: &Graph,
        certified: &CertifiedMatching,
        with_certificate: bool,
        ids: &VertexIds,
    ) -> Self {
        Self {
            vertices: graph.vertex_count(),
            edges: graph.edge_count(),
            size: certified.matching.size(),
            matching: certified.matching.edges().into_iter().map(|(u, v)| [ids.id(u), ids.id(v)]).collect(),
            certificate: with_certificate
                .then(|| CertificateJson::new(&certified.decomposition, certified.certificate, ids)),
        }
    }
}

impl CertificateJson {
    /// The classes and figures.
    pub fn new(decomposition: &Decomposition, bound: Certificate, ids: &VertexIds) -> Self {
        let members = |class| decomposition.members(class).into_iter().map(|v| ids.id(v)).collect();
        Self { d: members(VertexClass::D), a: members(VertexClass::A), c: members(VertexClass::C), bound }
    }
}
