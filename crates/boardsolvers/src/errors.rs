//! Python exceptions for the solvers' errors.
//!
//! A bad input raises `boardsolvers.InputError` (a `ValueError` defined in
//! `python/boardsolvers/_errors.py`) with the line, the column and the message the binaries print
//! after `error: line L, column C: `.

use grid_core::InputError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// `boardsolvers.InputError(message, line, column)` for `error`.
pub fn input_error(py: Python<'_>, error: &InputError) -> PyErr {
    let message = error.kind.to_string();
    let class = py.import("boardsolvers._errors").and_then(|module| module.getattr("InputError"));
    match class.and_then(|class| class.call1((message, error.line, error.column))) {
        Ok(exception) => PyErr::from_value(exception),
        Err(failure) => failure,
    }
}

/// A `ValueError` with `message` (an argument the solvers cannot take).
pub fn value_error(message: impl ToString) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// A `RuntimeError` for a failure inside a solver (the binaries' exit status 1).
pub fn internal_error(message: impl ToString) -> PyErr {
    PyRuntimeError::new_err(message.to_string())
}

/// `boardsolvers.matching.CertificateError(message)`: a mate array that is not a maximum matching.
pub fn certificate_error(py: Python<'_>, message: String) -> PyErr {
    let class = py.import("boardsolvers._errors").and_then(|module| module.getattr("CertificateError"));
    match class.and_then(|class| class.call1((message,))) {
        Ok(exception) => PyErr::from_value(exception),
        Err(failure) => failure,
    }
}
