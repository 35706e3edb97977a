//! Verification of a weighted matching: against a dual certificate given with it, or, without one,
//! against the certificate of an optimum computed here (`edmonds-blossom weighted-matching
//! --certificate`'s check). Either way the proof is `edmonds_blossom::weighted::certificate::verify`,
//! which trusts no algorithm: primal feasibility, dual feasibility and complementary slackness.
//!
//! An optimal dual solution satisfies complementary slackness with every optimal matching, so the
//! certificate of the optimum computed here proves a given matching optimal exactly when it is.

use std::sync::atomic::AtomicBool;

use edmonds_blossom::weighted::certificate::verify;
use edmonds_blossom::{
    BlossomDual, DualCertificate, DualCertificateError, Optimum, WeightedGraph,
    weighted_matching_until_stopped,
};
use numpy::PyReadonlyArray1;
use pyo3::prelude::*;

use crate::errors::value_error;
use crate::weighted::{Goal, Unsolved, objective_name, weighted_graph, with_pairs};

/// Adds `verify_weighted_edges` to the extension module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(verify_weighted_edges, module)?)?;
    Ok(())
}

/// A certificate as the Python module passes it: `(objective, vertex_duals, [(vertices, dual), …])`.
type CertificateArgs<'py> =
    (String, PyReadonlyArray1<'py, i64>, Vec<(PyReadonlyArray1<'py, i64>, Option<usize>, i64)>);

/// `verify_weighted_edges(n, edges, weights, goal, mate, certificate)`: `(size, total_weight)` of
/// the matching `mate` (an `int64` mate array, `-1` unmatched) once it is proved optimal for
/// `goal` on the graph, by `certificate` (`(objective, vertex_duals, [(vertices, dual), …])`, as
/// `weighted_matching_edges` returns it) or, when it is `None`, by the certificate of an optimum
/// computed here. `boardsolvers.matching.CertificateError` says why a matching or certificate is
/// rejected; a `ValueError` for bad arrays.
#[pyfunction]
#[pyo3(signature = (n, edges, weights, goal, mate, certificate=None))]
pub fn verify_weighted_edges<'py>(
    py: Python<'py>,
    n: usize,
    edges: &Bound<'py, PyAny>,
    weights: PyReadonlyArray1<'py, i64>,
    goal: &str,
    mate: PyReadonlyArray1<'py, i64>,
    certificate: Option<CertificateArgs<'py>>,
) -> PyResult<(usize, i64)> {
    let goal = Goal::parse(goal)?;
    let weights = weights.as_slice().map_err(|_| value_error("weights must be a contiguous array"))?;
    let mate = mate.as_slice().map_err(|_| value_error("mate must be a contiguous array"))?;
    if mate.len() != n {
        return Err(value_error(format!("mate has {} entries for a graph of {n} vertices", mate.len())));
    }
    let certificate = certificate.map(|c| given_certificate(goal, c)).transpose()?;
    let check = |pairs: &[i64], stop: &AtomicBool| -> Result<(usize, i64), Unsolved> {
        let graph = weighted_graph(n, pairs, weights, goal)?;
        let matched = matched_pairs(mate)?;
        let optimum = match &certificate {
            Some(certificate) => verify(&graph, &matched, certificate).map_err(rejected)?,
            None => against_optimum(&graph, goal, &matched, stop)?,
        };
        Ok((optimum.size, goal.given_total(optimum.total_weight)))
    };
    with_pairs(py, edges, weights.len(), check)?.map_err(|unsolved| unsolved.into_error(py))
}

/// The library's certificate of the Python one, whose objective must be `goal`'s.
fn given_certificate(
    goal: Goal,
    (objective, duals, blossoms): CertificateArgs<'_>,
) -> PyResult<DualCertificate> {
    let expected = goal.objective();
    if objective != objective_name(expected) {
        return Err(value_error(format!(
            "the certificate is for {objective:?}, not {:?}",
            objective_name(expected)
        )));
    }
    let vertex_duals =
        duals.as_slice().map_err(|_| value_error("vertex_duals must be a contiguous array"))?.to_vec();
    let blossoms = blossoms
        .into_iter()
        .enumerate()
        .map(|(i, (vertices, parent, dual))| {
            let vertices =
                vertices.as_slice().map_err(|_| value_error("blossom vertices must be contiguous"))?;
            let vertices = vertices
                .iter()
                .map(|&v| {
                    u32::try_from(v).map_err(|_| value_error(DualCertificateError::BadBlossom(i).to_string()))
                })
                .collect::<PyResult<Vec<u32>>>()?;
            Ok(BlossomDual { own_vertices: vertices, parent, dual })
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(DualCertificate { objective: expected, vertex_duals, blossoms })
}

/// The matched pairs `(v, mate[v])`, `v < mate[v]`, of a mate array; rejected when a mate lies
/// outside the graph or the array is not symmetric.
fn matched_pairs(mate: &[i64]) -> Result<Vec<(usize, usize)>, Unsolved> {
    let n = mate.len();
    let mut pairs = Vec::new();
    for (v, &w) in mate.iter().enumerate() {
        if w == -1 {
            continue;
        }
        let w = usize::try_from(w)
            .ok()
            .filter(|&w| w < n)
            .ok_or_else(|| Unsolved::Rejected(format!("vertex {v} has mate {w}, outside -1..{n}")))?;
        if mate[w] != v as i64 {
            return Err(Unsolved::Rejected(format!("vertex {v} is matched to {w}, but {w} to {}", mate[w])));
        }
        if v < w {
            pairs.push((v, w));
        }
    }
    Ok(pairs)
}

/// Verifies `matched` against the certificate of an optimum of `graph` for `goal`, computed here
/// (and itself verified first).
fn against_optimum(
    graph: &WeightedGraph,
    goal: Goal,
    matched: &[(usize, usize)],
    stop: &AtomicBool,
) -> Result<Optimum, Unsolved> {
    let solution = weighted_matching_until_stopped(graph, goal.objective(), Some(stop))
        .map_err(|_| Unsolved::Stopped)?
        .map_err(|none| Unsolved::Rejected(format!("no perfect matching is possible: {none}")))?;
    let best = verify(graph, &solution.matching.pairs(), &solution.certificate)
        .map_err(|e| Unsolved::Rejected(format!("internal error: the optimum's certificate fails: {e}")))?;
    verify(graph, matched, &solution.certificate).map_err(|error| match error {
        DualCertificateError::NotAnEdge(..) | DualCertificateError::MatchedTwice(_) => rejected(error),
        reason => Unsolved::Rejected(format!(
            "the matching is not optimal: an optimal one has {} pairs of total weight {} ({reason} \
             under the optimum's duals)",
            best.size,
            goal.given_total(best.total_weight)
        )),
    })
}

/// A rejected matching or certificate, with the library's reason.
fn rejected(error: DualCertificateError) -> Unsolved {
    Unsolved::Rejected(error.to_string())
}
