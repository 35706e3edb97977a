//! Maximum matching of a general graph given as an edge array (`edmonds-blossom`).
//!
//! The graph is `n` vertices `0..n` and a C-contiguous `(m, 2)` array of `int32` or `int64`
//! vertex pairs, read in place (no copy on the Python side). Self-loops can never be matched and
//! are left out; repeated edges count once. Everything after reading the array runs with the GIL
//! released.

use edmonds_blossom::graph::{MAX_EDGES, MAX_VERTICES};
use edmonds_blossom::{Graph, Matching, Vertex, VertexClass, gallai_edmonds, maximum_matching};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::errors::{internal_error, value_error};

/// Adds the matching functions to the extension module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(maximum_matching_edges, module)?)?;
    module.add_function(wrap_pyfunction!(gallai_edmonds_edges, module)?)?;
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
    let mate = with_edges(py, n, edges, |graph| Ok(mates(&maximum_matching(&graph))))?;
    Ok(PyArray1::from_vec(py, mate))
}

/// The three class arrays `(D, A, C)` returned by `gallai_edmonds_edges`.
type Classes<'py> = (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>);

/// `gallai_edmonds_edges(n, edges)`: the Gallai–Edmonds classes `(D, A, C)` as sorted `int64`
/// arrays of vertices.
#[pyfunction]
fn gallai_edmonds_edges<'py>(py: Python<'py>, n: usize, edges: &Bound<'py, PyAny>) -> PyResult<Classes<'py>> {
    let [d, a, c] = with_edges(py, n, edges, |graph| {
        let matching = maximum_matching(&graph);
        let decomposition = gallai_edmonds(&graph, &matching).map_err(|e| e.to_string())?;
        Ok([VertexClass::D, VertexClass::A, VertexClass::C]
            .map(|class| decomposition.members(class).into_iter().map(i64::from).collect::<Vec<_>>()))
    })?;
    Ok((PyArray1::from_vec(py, d), PyArray1::from_vec(py, a), PyArray1::from_vec(py, c)))
}

/// Builds the graph of `edges` on `n` vertices and runs `solve` on it, both with the GIL released.
/// A `ValueError` for a bad array or graph; a `RuntimeError` for an `Err` of `solve`.
fn with_edges<T: Send>(
    py: Python<'_>,
    n: usize,
    edges: &Bound<'_, PyAny>,
    solve: impl FnOnce(Graph) -> Result<T, String> + Send,
) -> PyResult<T> {
    if n > MAX_VERTICES {
        return Err(value_error(format!("{n} vertices exceed the limit of {MAX_VERTICES}")));
    }
    let run = |pairs: Result<Vec<(Vertex, Vertex)>, String>| -> PyResult<T> {
        let graph = Graph::from_edges(n, &pairs.map_err(value_error)?).map_err(value_error)?;
        solve(graph).map_err(internal_error)
    };
    if let Ok(array) = edges.extract::<PyReadonlyArray2<'_, i64>>() {
        let (rows, flat) = rows_of(&array)?;
        py.detach(|| run(pairs(n, rows, flat)))
    } else if let Ok(array) = edges.extract::<PyReadonlyArray2<'_, i32>>() {
        let (rows, flat) = rows_of(&array)?;
        py.detach(|| run(pairs(n, rows, flat)))
    } else {
        Err(value_error("edges must be an (m, 2) int32 or int64 numpy array"))
    }
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
