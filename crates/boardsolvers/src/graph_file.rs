//! Graph files in the four formats `edmonds-blossom matching` reads (Library Checker, edge list,
//! Matrix Market, METIS), read with the GIL released.

use std::path::PathBuf;

use edmonds_blossom::{GraphFileError, GraphFormat, VertexIds, read_graph_file};
use grid_core::source::SourceError;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::errors::{input_error, value_error};

/// Adds `read_graph` to the extension module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(read_graph, module)?)?;
    Ok(())
}

/// What `read_graph` returns: `(n, edges, ids, self_loops, repeats)`.
type GraphRead<'py> = (usize, Bound<'py, PyArray2<i64>>, Bound<'py, PyArray1<u64>>, u64, u64);

/// `read_graph(path, format)`: the graph in the file `path`, in `format` (`"lc"`, `"edges"`,
/// `"mtx"`, `"metis"`; `None`: chosen by the file's extension, as the binary's `--format`).
///
/// Returns `n`, the `(m, 2)` `int64` array of the distinct edges `u < v` (0-based), the input's id
/// of each vertex (`uint64`), and the numbers of self-loops and repeated edges left out. A
/// malformed file raises `boardsolvers.InputError`; an unreadable one `OSError`.
#[pyfunction]
#[pyo3(signature = (path, format=None))]
fn read_graph<'py>(py: Python<'py>, path: PathBuf, format: Option<&str>) -> PyResult<GraphRead<'py>> {
    let format = match format {
        None => GraphFormat::from_path(&path),
        Some(name) => GraphFormat::ALL.into_iter().find(|f| f.name() == name).ok_or_else(|| {
            let names: Vec<&str> = GraphFormat::ALL.iter().map(|f| f.name()).collect();
            value_error(format!("format must be one of {}, not {name:?}", names.join(", ")))
        })?,
    };
    let read = py.detach(|| {
        let (parsed, _) = read_graph_file(Some(&path), format)?;
        let edges: Vec<i64> = parsed.graph.edges().flat_map(|(u, v)| [u as i64, v as i64]).collect();
        let n = parsed.graph.vertex_count();
        let ids: Vec<u64> = match parsed.ids {
            VertexIds::From(first) => (first..first + n as u64).collect(),
            VertexIds::Listed(ids) => ids,
        };
        Ok::<_, GraphFileError>((n, edges, ids, parsed.self_loops, parsed.repeats))
    });
    let (n, edges, ids, self_loops, repeats) = read.map_err(|error| match error {
        GraphFileError::Input(error) => input_error(py, &error),
        GraphFileError::Source(SourceError::Io { source, .. }) => PyErr::from(source),
        GraphFileError::Source(error) => value_error(error),
    })?;
    let m = edges.len() / 2;
    let edges = PyArray1::from_vec(py, edges).reshape([m, 2])?;
    Ok((n, edges, PyArray1::from_vec(py, ids), self_loops, repeats))
}
