//! Weighted graph files in the four formats `edmonds-blossom weighted-matching` reads (Library
//! Checker `general_weighted_matching`, weighted edge list, DIMACS, Matrix Market `integer`), read
//! with the GIL released.

use std::path::PathBuf;

use edmonds_blossom::VertexIds;
use edmonds_blossom::weighted::input::{WeightedFormat, read_weighted_graph as read_weighted};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::errors::{input_error, value_error};

/// Adds `read_weighted_graph` to the extension module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(read_weighted_graph, module)?)?;
    Ok(())
}

/// The weighted formats by their names (the binary's `--format` values).
const FORMATS: [(&str, WeightedFormat); 4] = [
    ("lc", WeightedFormat::LibraryChecker),
    ("edges", WeightedFormat::Edges),
    ("dimacs", WeightedFormat::Dimacs),
    ("mtx", WeightedFormat::Mtx),
];

/// What `read_weighted_graph` returns: `(n, edges, weights, ids, self_loops, repeats)`.
type WeightedRead<'py> =
    (usize, Bound<'py, PyArray2<i64>>, Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<u64>>, u64, u64);

/// Why a weighted file could not be read.
enum ReadFailure {
    /// The file could not be opened or read.
    Io(std::io::Error),
    /// The file is malformed.
    Input(grid_core::InputError),
}

/// `read_weighted_graph(path, format)`: the weighted graph in the file `path`, in `format` (`"lc"`,
/// `"edges"`, `"dimacs"`, `"mtx"`; `None`: chosen by the file's extension, as the binary's
/// `--format`).
///
/// Returns `n`, the `(m, 2)` `int64` array of the edges `(u, v)`, `u < v` (0-based, repeated ones
/// kept, in input order), their `int64` weights, the input's id of each vertex (`uint64`), and the
/// numbers of self-loops left out and of repeated edges. A malformed file raises
/// `boardsolvers.InputError`; an unreadable one `OSError`.
#[pyfunction]
#[pyo3(signature = (path, format=None))]
pub fn read_weighted_graph<'py>(
    py: Python<'py>,
    path: PathBuf,
    format: Option<&str>,
) -> PyResult<WeightedRead<'py>> {
    let format = match format {
        None => WeightedFormat::from_path(&path),
        Some(name) => FORMATS.iter().find(|(n, _)| *n == name).map(|&(_, f)| f).ok_or_else(|| {
            let names: Vec<&str> = FORMATS.iter().map(|(n, _)| *n).collect();
            value_error(format!("format must be one of {}, not {name:?}", names.join(", ")))
        })?,
    };
    let read = py.detach(|| {
        let bytes = std::fs::read(&path).map_err(ReadFailure::Io)?;
        let parsed = read_weighted(&bytes, format).map_err(ReadFailure::Input)?;
        drop(bytes);
        let graph = &parsed.graph;
        let n = graph.vertex_count();
        let edges: Vec<i64> = graph.edges().iter().flat_map(|e| [i64::from(e.u), i64::from(e.v)]).collect();
        let weights: Vec<i64> = graph.edges().iter().map(|e| e.weight).collect();
        let ids: Vec<u64> = match parsed.ids {
            VertexIds::From(first) => (first..first + n as u64).collect(),
            VertexIds::Listed(ids) => ids,
        };
        Ok((n, edges, weights, ids, graph.self_loops(), graph.repeats()))
    });
    let (n, edges, weights, ids, self_loops, repeats) = read.map_err(|failure| match failure {
        ReadFailure::Io(error) => PyErr::from(error),
        ReadFailure::Input(error) => input_error(py, &error),
    })?;
    let m = weights.len();
    let edges = PyArray1::from_vec(py, edges).reshape([m, 2])?;
    Ok((n, edges, PyArray1::from_vec(py, weights), PyArray1::from_vec(py, ids), self_loops, repeats))
}
