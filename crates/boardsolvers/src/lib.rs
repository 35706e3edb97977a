//! `boardsolvers`: the workspace's solvers as a Python extension module (PyO3, abi3).
//!
//! This crate is the native half of the Python package `boardsolvers` (its Python half, with the
//! public API, docstrings and type stubs, is in `python/boardsolvers/`). It exposes plain functions
//! over bytes and numpy arrays; the Python modules `boardsolvers.matching`, `.pawn`, `.lattice`,
//! `.segment` and `.king` shape their arguments and results:
//!
//! - [`matching`]: maximum matching, the Gallai–Edmonds decomposition and the Tutte–Berge
//!   certificate of an edge array (`edmonds-blossom`), computed with the GIL released;
//! - [`weighted`]: maximum-weight, minimum-weight maximum-cardinality and minimum-cost perfect
//!   matching of an edge array with integer weights, and the dual certificate that proves it;
//! - [`weighted_verify`]: the proof that a weighted matching is optimal, by a certificate given
//!   with it or by the certificate of an optimum computed here;
//! - [`graph_file`]: graph files in the four formats `edmonds-blossom matching` reads;
//! - [`weighted_file`]: weighted graph files in the four formats `edmonds-blossom
//!   weighted-matching` reads;
//! - [`games`]: `query` and `analyze` of the four games, each answer as the JSON object the
//!   game's binary prints with `--json`;
//! - [`king_map`]: the king game's outcome from every start of a board given as a numpy array;
//! - [`interrupt`]: every solve runs on a thread of its own that Ctrl-C (`KeyboardInterrupt`)
//!   stops through the solver's stop flag;
//! - [`errors`]: the mapping of a solver's [`grid_core::InputError`] to the Python exception
//!   `boardsolvers.InputError`.
//!
//! Build it with maturin (`pip install crates/boardsolvers`, or `maturin develop --profile python`
//! in a virtual environment); its tests are the pytest suite of `tests/`.

pub mod errors;
pub mod games;
pub mod graph_file;
pub mod interrupt;
pub mod king_map;
pub mod matching;
pub mod weighted;
pub mod weighted_file;
pub mod weighted_verify;

use pyo3::prelude::*;

/// The extension module `boardsolvers._boardsolvers`.
#[pymodule]
fn _boardsolvers(module: &Bound<'_, PyModule>) -> PyResult<()> {
    matching::register(module)?;
    weighted::register(module)?;
    weighted_verify::register(module)?;
    weighted_file::register(module)?;
    graph_file::register(module)?;
    games::register(module)?;
    king_map::register(module)?;
    Ok(())
}
