//! The `--json` record of `matching` (one JSON line). Vertex ids are the input's.

use serde::Serialize;

use super::CertifiedMatching;
use crate::graph::Graph;
use crate::input::VertexIds;
use crate::matching::certificate::Certificate;
use crate::matching::decomposition::{Decomposition, VertexClass};

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

impl MatchingJson {
    /// The `matching` record without the certificate.
    pub fn new(graph: &Graph, certified: &CertifiedMatching, ids: &VertexIds) -> Self {
        Self::record(graph, certified, None, ids)
    }

    /// The `matching --certificate` record: the matching and its certificate.
    pub fn with_certificate(graph: &Graph, certified: &CertifiedMatching, ids: &VertexIds) -> Self {
        let certificate = CertificateJson::new(&certified.decomposition, certified.certificate, ids);
        Self::record(graph, certified, Some(certificate), ids)
    }

    fn record(
        graph: &Graph,
        certified: &CertifiedMatching,
        certificate: Option<CertificateJson>,
        ids: &VertexIds,
    ) -> Self {
        Self {
            vertices: graph.vertex_count(),
            edges: graph.edge_count(),
            size: certified.matching.size(),
            matching: certified.matching.edges().into_iter().map(|(u, v)| [ids.id(u), ids.id(v)]).collect(),
            certificate,
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
