//! Maximum matching of a general graph given as an edge array (`edmonds-blossom`).
//!
//! The graph is `n` vertices `0..n` and a C-contiguous `(m, 2)` array of `int32` or `int64`
//! vertex pairs, read in place (no copy on the Python side). Self-loops can never be matched and
//! are left out; repeated edges count once. Everything after reading the array runs with the GIL
//! released, on a thread that Ctrl-C stops ([`crate::interrupt`]).

use std::sync::atomic::AtomicBool;

use edmonds_blossom::graph::{MAX_EDGES, MAX_VERTICES};
use edmonds_blossom::{
    Graph, Matching, Vertex, VertexClass, gallai_edmonds, maximum_matching_until_stopped, verify,
};
use numpy::{PyArray1, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::errors::{certificate_error, internal_error, value_error};
use crate::interrupt::interruptible;

/// Adds the matching functions to the extension module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(maximum_matching_edges, module)?)?;
    module.add_function(wrap_pyfunction!(gallai_edmonds_edges, module)?)?;
    module.add_function(wrap_pyfunction!(verify_edges, module)?)?;
    Ok(())
}

/// `maximum_matching_edges(n, edges)`: the mate of every vertex of a maximum matching (`-1` when
/// unmatched), as an `int64` array of length `n`.
#[pyfunction]
fn maximum_matching_edges<'py>(
    py: Python<'py>,
    n: usize,
    edges: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let mate = with_edges(py, n, edges, |graph, stop| Ok(mates(&matched(&graph, stop)?)))?;
    Ok(PyArray1::from_vec(py, mate))
}

/// The three class arrays `(D, A, C)` returned by `gallai_edmonds_edges`.
type Classes<'py> = (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>);

/// `gallai_edmonds_edges(n, edges)`: the Gallai–Edmonds classes `(D, A, C)` as sorted `int64`
/// arrays of vertices.
#[pyfunction]
fn gallai_edmonds_edges<'py>(py: Python<'py>, n: usize, edges: &Bound<'py, PyAny>) -> PyResult<Classes<'py>> {
    let [d, a, c] = with_edges(py, n, edges, |graph, stop| {
        let matching = matched(&graph, stop)?;
        let decomposition =
            gallai_edmonds(&graph, &matching).map_err(|e| Unsolved::Internal(e.to_string()))?;
        Ok([VertexClass::D, VertexClass::A, VertexClass::C]
            .map(|class| decomposition.members(class).into_iter().map(i64::from).collect::<Vec<_>>()))
    })?;
    Ok((PyArray1::from_vec(py, d), PyArray1::from_vec(py, a), PyArray1::from_vec(py, c)))
}

/// `verify_edges(n, edges, mate)`: the Tutte–Berge certificate that `mate` (an `int64` array of
/// length `n`, `-1` for unmatched) is a maximum matching of the graph, as the JSON object of the
/// figures `matching --certificate --json` prints; `boardsolvers.matching.CertificateError` when
/// it is not a matching of the graph or not maximum.
#[pyfunction]
fn verify_edges(
    py: Python<'_>,
    n: usize,
    edges: &Bound<'_, PyAny>,
    mate: PyReadonlyArray1<'_, i64>,
) -> PyResult<String> {
    let mate = mate.as_slice().map_err(|_| value_error("mate must be a contiguous array"))?;
    if mate.len() != n {
        return Err(value_error(format!("mate has {} entries for a graph of {n} vertices", mate.len())));
    }
    let certificate = with_edges(py, n, edges, |graph, _| {
        let matching = matching_of(&graph, mate).map_err(Unsolved::Rejected)?;
        let decomposition =
            gallai_edmonds(&graph, &matching).map_err(|e| Unsolved::Rejected(e.to_string()))?;
        // The decomposition of a maximum matching always proves it: a failure is the solver's.
        verify(&graph, &matching, &decomposition).map_err(|e| Unsolved::Internal(e.to_string()))
    })?;
    serde_json::to_string(&certificate).map_err(internal_error)
}

/// The matching of the symmetric mate array `mate` in `graph`, or why it is none.
fn matching_of(graph: &Graph, mate: &[i64]) -> Result<Matching, String> {
    let n = mate.len();
    let mut pairs = Vec::new();
    for (v, &w) in mate.iter().enumerate() {
        if w == -1 {
            continue;
        }
        if w < 0 || w as u64 >= n as u64 {
            return Err(format!("mate[{v}] = {w} is neither -1 nor a vertex of 0..{n}"));
        }
        let w = w as usize;
        if w == v {
            return Err(format!("vertex {v} is matched to itself"));
        }
        if mate[w] != v as i64 {
            return Err(format!("mate[{v}] = {w} but mate[{w}] = {}", mate[w]));
        }
        if v < w {
            // Both below `n`, which fits a `Vertex` (checked by `Graph::from_edges`).
            pairs.push((v as Vertex, w as Vertex));
        }
    }
    Matching::from_pairs(graph, &pairs).map_err(|e| e.to_string())
}

/// Why a solve on an edge array gives no answer.
enum Unsolved {
    /// The edges do not make a graph (`ValueError`), with why.
    Graph(String),
    /// The solve was stopped (Ctrl-C); the caller raises the signal's exception instead.
    Stopped,
    /// The answer is "no" (`CertificateError`), with why.
    Rejected(String),
    /// A solver failed (`RuntimeError`).
    Internal(String),
}

/// A maximum matching of `graph`, stopped once `stop` is set.
fn matched(graph: &Graph, stop: &AtomicBool) -> Result<Matching, Unsolved> {
    maximum_matching_until_stopped(graph, Some(stop)).map_err(|_| Unsolved::Stopped)
}

/// Builds the graph of `edges` on `n` vertices and runs `solve` on it with its stop flag, both with
/// the GIL released on a thread that Ctrl-C stops. A `ValueError` for a bad array or graph.
fn with_edges<T: Send>(
    py: Python<'_>,
    n: usize,
    edges: &Bound<'_, PyAny>,
    solve: impl FnOnce(Graph, &AtomicBool) -> Result<T, Unsolved> + Send,
) -> PyResult<T> {
    if n > MAX_VERTICES {
        return Err(value_error(format!("{n} vertices exceed the limit of {MAX_VERTICES}")));
    }
    let run = |pairs: Result<Vec<(Vertex, Vertex)>, String>, stop: &AtomicBool| -> Result<T, Unsolved> {
        let graph = Graph::from_edges(n, &pairs.map_err(Unsolved::Graph)?)
            .map_err(|e| Unsolved::Graph(e.to_string()))?;
        solve(graph, stop)
    };
    let solved = if let Ok(array) = edges.extract::<PyReadonlyArray2<'_, i64>>() {
        let (rows, flat) = rows_of(&array)?;
        interruptible(py, |stop| run(pairs(n, rows, flat), stop))?
    } else if let Ok(array) = edges.extract::<PyReadonlyArray2<'_, i32>>() {
        let (rows, flat) = rows_of(&array)?;
        interruptible(py, |stop| run(pairs(n, rows, flat), stop))?
    } else {
        return Err(value_error("edges must be an (m, 2) int32 or int64 numpy array"));
    };
    solved.map_err(|unsolved| match unsolved {
        Unsolved::Graph(why) => value_error(why),
        Unsolved::Stopped => internal_error("the solve was stopped"),
        Unsolved::Rejected(why) => certificate_error(py, why),
        Unsolved::Internal(why) => internal_error(why),
    })
}

/// The number of rows and the flat C-order data of an `(m, 2)` array.
fn rows_of<'a, T: numpy::Element>(array: &'a PyReadonlyArray2<'_, T>) -> PyResult<(usize, &'a [T])> {
    let shape = array.shape();
    if shape[1] != 2 {
        return Err(value_error(format!("edges must have 2 columns, not {}", shape[1])));
    }
    let flat = array.as_slice().map_err(|_| value_error("edges must be a C-contiguous array"))?;
    Ok((shape[0], flat))
}

/// The vertex pairs of `flat` (`rows` rows of two), without self-loops; an error names the first
/// vertex outside `0..n`.
fn pairs<T: Copy + Into<i64>>(n: usize, rows: usize, flat: &[T]) -> Result<Vec<(Vertex, Vertex)>, String> {
    if rows > MAX_EDGES {
        return Err(format!("{rows} edges exceed the limit of {MAX_EDGES}"));
    }
    let vertex = |x: T| -> Result<Vertex, String> {
        let x: i64 = x.into();
        if x < 0 || x as u64 >= n as u64 {
            return Err(format!("vertex {x} out of range 0..{n}"));
        }
        Ok(x as Vertex)
    };
    let mut out = Vec::with_capacity(rows);
    for pair in flat.chunks_exact(2) {
        let (u, v) = (vertex(pair[0])?, vertex(pair[1])?);
        if u != v {
            out.push((u, v));
        }
    }
    Ok(out)
}

/// Every vertex's mate, `-1` when unmatched.
fn mates(matching: &Matching) -> Vec<i64> {
    matching.vertices().map(|v| matching.mate(v).map_or(-1, i64::from)).collect()
}
