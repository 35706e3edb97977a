//! What the `matching` answers print: the certified matching ([`CertifiedMatching`]), the plain
//! answer ([`text`]), `--json` ([`json`]) and `--explain` ([`explain`]), in the input's vertex ids.

pub mod explain;
pub mod json;
pub mod text;

use crate::graph::Graph;
use crate::matching::certificate::{Certificate, CertificateError, verify};
use crate::matching::decomposition::{Decomposition, NotMaximum, gallai_edmonds};
use crate::matching::{Matching, maximum_matching};

/// A graph's maximum matching with its verified Gallai–Edmonds certificate.
#[derive(Debug, Clone)]
pub struct CertifiedMatching {
    /// The matching.
    pub matching: Matching,
    /// Its decomposition.
    pub decomposition: Decomposition,
    /// The checked Tutte–Berge figures.
    pub certificate: Certificate,
}

/// Why a certificate could not be produced (an engine bug, never bad input).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The decomposition search found an augmenting path.
    #[error(transparent)]
    NotMaximum(#[from] NotMaximum),
    /// The certificate check failed.
    #[error(transparent)]
    Certificate(#[from] CertificateError),
}

impl CertifiedMatching {
    /// Matches `graph`, decomposes it, and verifies the certificate.
    pub fn new(graph: &Graph) -> Result<Self, EngineError> {
        let matching = maximum_matching(graph);
        let decomposition = gallai_edmonds(graph, &matching)?;
        let certificate = verify(graph, &matching, &decomposition)?;
        Ok(Self { matching, decomposition, certificate })
    }
}
