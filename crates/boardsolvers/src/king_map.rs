//! The king game from every start of a board given as a numpy array: `edmonds-blossom
//! all-starts` as a map.

use edmonds_blossom::board::MAX_CELLS;
use edmonds_blossom::{BoardGraph, gallai_edmonds, maximum_matching_until_stopped};
use grid_core::Dims;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::errors::{internal_error, value_error};
use crate::games::king_moves;
use crate::interrupt::interruptible;

/// Adds `king_all_starts` to the extension module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(king_all_starts, module)?)?;
    Ok(())
}

/// The map's value of a start the first player wins from.
const WIN: i8 = 1;
/// The map's value of a start the first player loses from.
const LOSE: i8 = 0;
/// The map's value of a blocked cell.
const BLOCKED: i8 = -1;

/// `king_all_starts(free, moves)`: for a C-contiguous 2-D `bool` array `free` (a free cell
/// `True`), the `int8` array of the same shape with `1` where the first player wins with the
/// king starting there, `0` where they lose and `-1` on a blocked cell.
#[pyfunction]
fn king_all_starts<'py>(
    py: Python<'py>,
    free: PyReadonlyArray2<'py, bool>,
    moves: &str,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    let moves = king_moves(moves)?;
    let [rows, cols] = [free.shape()[0], free.shape()[1]];
    if rows == 0 || cols == 0 {
        return Err(value_error(format!("a board has at least one row and one column, not {rows}x{cols}")));
    }
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(value_error(format!("a {rows}x{cols} board exceeds the limit of {MAX_CELLS} cells")));
    }
    let cells = free.as_slice().map_err(|_| value_error("the board must be a C-contiguous array"))?;
    let map = interruptible(py, |stop| {
        let graph = BoardGraph::on_cells(Dims::new(rows, cols), |cell| cells[cell], moves.set());
        let matching = maximum_matching_until_stopped(&graph.graph, Some(stop)).map_err(|e| e.to_string())?;
        let decomposition = gallai_edmonds(&graph.graph, &matching).map_err(|e| e.to_string())?;
        Ok::<_, String>(
            (0..cells.len())
                .map(|cell| match graph.vertex(cell) {
                    None => BLOCKED,
                    Some(v) if decomposition.always_covered(v) => WIN,
                    Some(_) => LOSE,
                })
                .collect::<Vec<i8>>(),
        )
    })?
    .map_err(internal_error)?;
    PyArray1::from_vec(py, map).reshape([rows, cols])
}
