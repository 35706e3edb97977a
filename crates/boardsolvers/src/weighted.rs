//! Weighted matching of a general graph given as an edge array and a weight array
//! (`edmonds-blossom`'s weighted wing), with its dual certificate.
//!
//! The graph is `n` vertices `0..n`, a C-contiguous `(m, 2)` array of `int32` or `int64` vertex
//! pairs and a contiguous `int64` array of `m` weights, read in place. Self-loops are left out;
//! of a repeated pair the copy the goal prefers counts. The solve runs with the GIL released, on
//! the thread of [`crate::interrupt`], whose stop flag the solver checks between its phases.

use std::sync::atomic::AtomicBool;

use edmonds_blossom::weighted::input::{MAX_WEIGHTED_EDGES, MAX_WEIGHTED_VERTICES};
use edmonds_blossom::{
    DualCertificate, NoPerfectMatching, Objective, WeightedGraph, WeightedGraphError, WeightedSolution,
    weight_limit, weighted_matching_until_stopped,
};
use numpy::{PyArray1, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::errors::{certificate_error, internal_error, value_error};
use crate::interrupt::interruptible;

/// Adds the weighted matching functions to the extension module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(weighted_matching_edges, module)?)?;
    module.add_function(wrap_pyfunction!(weighted_limit, module)?)?;
    Ok(())
}

/// What a Python function asks of the library: an [`Objective`] on the weights as given, or
/// (for a minimum-weight maximum-cardinality matching) on the weights negated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Goal {
    /// [`Objective::MaxWeight`].
    MaxWeight,
    /// [`Objective::MaxWeightMaxCardinality`].
    MaxWeightMaxCardinality,
    /// [`Objective::MaxWeightMaxCardinality`] of the negated weights: the lightest matching among
    /// the maximum-cardinality ones.
    MinWeightMaxCardinality,
    /// [`Objective::MinCostPerfect`].
    MinCostPerfect,
}

impl Goal {
    /// The goal named `name` (the Python module's names).
    pub(crate) fn parse(name: &str) -> PyResult<Self> {
        Ok(match name {
            "max-weight" => Goal::MaxWeight,
            "max-weight-max-cardinality" => Goal::MaxWeightMaxCardinality,
            "min-weight-max-cardinality" => Goal::MinWeightMaxCardinality,
            "min-cost-perfect" => Goal::MinCostPerfect,
            _ => return Err(value_error(format!("unknown weighted matching goal {name:?}"))),
        })
    }

    /// The library's objective for this goal.
    pub(crate) fn objective(self) -> Objective {
        match self {
            Goal::MaxWeight => Objective::MaxWeight,
            Goal::MaxWeightMaxCardinality | Goal::MinWeightMaxCardinality => {
                Objective::MaxWeightMaxCardinality
            }
            Goal::MinCostPerfect => Objective::MinCostPerfect,
        }
    }

    /// The weight the library sees for an input weight `w`: `w`, or `−w` (saturating: `i64::MIN`
    /// is out of range either way).
    fn library_weight(self, w: i64) -> i64 {
        match self {
            Goal::MinWeightMaxCardinality => w.saturating_neg(),
            _ => w,
        }
    }

    /// The total weight as given of a matching whose total the library reports as
    /// `library_total` (on the weights as this goal sees them).
    pub(crate) fn given_total(self, library_total: i64) -> i64 {
        match self {
            Goal::MinWeightMaxCardinality => -library_total,
            _ => library_total,
        }
    }
}

/// `weighted_limit(n)`: the largest weight magnitude a graph on `n` vertices accepts.
#[pyfunction]
fn weighted_limit(n: usize) -> i64 {
    weight_limit(n)
}

/// Why a weighted solve gives no answer.
pub(crate) enum Unsolved {
    /// The arrays do not make a weighted graph: the library's message, and the index of the
    /// offending edge when there is one.
    Graph(String, Option<usize>),
    /// A minimum-cost perfect matching of a graph that has none.
    NoPerfect(NoPerfectMatching),
    /// The solve was stopped (Ctrl-C); the caller raises the signal's exception instead.
    Stopped,
    /// A matching or certificate given to verify is rejected (`CertificateError`), with why.
    Rejected(String),
}

impl Unsolved {
    /// The Python exception for this outcome.
    pub(crate) fn into_error(self, py: Python<'_>) -> PyErr {
        match self {
            Unsolved::Graph(why, edge) => edge_error(py, why, edge),
            Unsolved::NoPerfect(figures) => no_perfect_error(py, &figures),
            Unsolved::Stopped => internal_error("the solve was stopped"),
            Unsolved::Rejected(why) => certificate_error(py, why),
        }
    }
}

/// `weighted_matching_edges(n, edges, weights, goal, with_certificate)`:
/// `(mate, total_weight, certificate)`, where `mate` is the `int64` mate array (`-1` unmatched),
/// `total_weight` the sum of the matched weights as given, and `certificate` `None` or
/// `(objective, vertex_duals, blossoms)`: the library's objective name, the doubled vertex duals
/// (`int64` array) and the blossoms as a forest, a list of `(own_vertices, parent, doubled_dual)`
/// with `own_vertices` a sorted `int64` array (the vertices in no smaller blossom) and `parent`
/// the index of the smallest blossom holding this one (listed later) or `None`. A `ValueError` for bad arrays (with `.edge`, the index of the offending edge, when one
/// is to blame); `boardsolvers.matching.NoPerfectMatchingError` for `min-cost-perfect` on a graph
/// without a perfect matching.
#[pyfunction]
fn weighted_matching_edges<'py>(
    py: Python<'py>,
    n: usize,
    edges: &Bound<'py, PyAny>,
    weights: PyReadonlyArray1<'py, i64>,
    goal: &str,
    with_certificate: bool,
) -> PyResult<(Bound<'py, PyArray1<i64>>, i64, Py<PyAny>)> {
    let goal = Goal::parse(goal)?;
    if n > MAX_WEIGHTED_VERTICES {
        return Err(value_error(format!("{n} vertices exceed the limit of {MAX_WEIGHTED_VERTICES}")));
    }
    let weights = weights.as_slice().map_err(|_| value_error("weights must be a contiguous array"))?;
    let solve = |pairs: &[i64], stop: &AtomicBool| -> Result<WeightedSolution, Unsolved> {
        let graph = weighted_graph(n, pairs, weights, goal)?;
        weighted_matching_until_stopped(&graph, goal.objective(), Some(stop))
            .map_err(|_| Unsolved::Stopped)?
            .map_err(Unsolved::NoPerfect)
    };
    let solved = with_pairs(py, edges, weights.len(), solve)?;
    let solution = solved.map_err(|unsolved| unsolved.into_error(py))?;
    let matching = &solution.matching;
    let mate: Vec<i64> = (0..n).map(|v| matching.mate(v).map_or(-1, |w| w as i64)).collect();
    let total = goal.given_total(matching.total_weight());
    let certificate =
        if with_certificate { certificate_tuple(py, &solution.certificate)? } else { py.None() };
    Ok((PyArray1::from_vec(py, mate), total, certificate))
}

/// Runs `solve` on the flat vertex pairs of `edges` (an `(m, 2)` `int64` array read in place, or
/// `int32` widened) with its stop flag, on a thread that Ctrl-C stops, the GIL released.
pub(crate) fn with_pairs<T: Send>(
    py: Python<'_>,
    edges: &Bound<'_, PyAny>,
    weights: usize,
    solve: impl FnOnce(&[i64], &AtomicBool) -> T + Send,
) -> PyResult<T> {
    if let Ok(array) = edges.extract::<PyReadonlyArray2<'_, i64>>() {
        let flat = pairs_of(&array, weights)?;
        interruptible(py, |stop| solve(flat, stop))
    } else if let Ok(array) = edges.extract::<PyReadonlyArray2<'_, i32>>() {
        let flat: Vec<i64> = pairs_of(&array, weights)?.iter().map(|&x| i64::from(x)).collect();
        interruptible(py, |stop| solve(&flat, stop))
    } else {
        Err(value_error("edges must be an (m, 2) int32 or int64 numpy array"))
    }
}

/// The flat C-order data of an `(m, 2)` edge array with as many rows as there are weights.
fn pairs_of<'a, T: numpy::Element>(array: &'a PyReadonlyArray2<'_, T>, weights: usize) -> PyResult<&'a [T]> {
    let shape = array.shape();
    if shape[1] != 2 {
        return Err(value_error(format!("edges must have 2 columns, not {}", shape[1])));
    }
    if shape[0] != weights {
        return Err(value_error(format!("{} edges but {weights} weights", shape[0])));
    }
    if shape[0] > MAX_WEIGHTED_EDGES {
        return Err(value_error(format!("{} edges exceed the limit of {MAX_WEIGHTED_EDGES}", shape[0])));
    }
    array.as_slice().map_err(|_| value_error("edges must be a C-contiguous array"))
}

/// The library's graph of the pairs `flat` and `weights` (as `goal` sees them); its errors name
/// the edge and the weight as given.
pub(crate) fn weighted_graph(
    n: usize,
    flat: &[i64],
    weights: &[i64],
    goal: Goal,
) -> Result<WeightedGraph, Unsolved> {
    let mut triples = Vec::with_capacity(weights.len());
    for (edge, (pair, &w)) in flat.chunks_exact(2).zip(weights).enumerate() {
        let mut ends = [0usize; 2];
        for (end, &x) in ends.iter_mut().zip(pair) {
            *end = usize::try_from(x).ok().filter(|&v| v < n).ok_or_else(|| {
                Unsolved::Graph(format!("edge {edge}: vertex {x} out of range 0..{n}"), Some(edge))
            })?;
        }
        triples.push((ends[0], ends[1], goal.library_weight(w)));
    }
    WeightedGraph::new(n, &triples).map_err(|error| match error {
        // The message names the weight as given, not as negated.
        WeightedGraphError::WeightOutOfRange { edge, limit, .. } => Unsolved::Graph(
            WeightedGraphError::WeightOutOfRange { edge, weight: weights[edge], limit }.to_string(),
            Some(edge),
        ),
        WeightedGraphError::VertexOutOfRange { edge, .. } => Unsolved::Graph(error.to_string(), Some(edge)),
        WeightedGraphError::TooManyVertices(_) | WeightedGraphError::TooManyEdges(_) => {
            Unsolved::Graph(error.to_string(), None)
        }
    })
}

/// A `ValueError` with `message` and the attribute `edge` (the offending edge's index, or `None`).
fn edge_error(py: Python<'_>, message: String, edge: Option<usize>) -> PyErr {
    let error = value_error(message);
    if let Err(failure) = error.value(py).setattr("edge", edge) {
        return failure;
    }
    error
}

/// `boardsolvers.matching.NoPerfectMatchingError` with the library's message and figures.
fn no_perfect_error(py: Python<'_>, figures: &NoPerfectMatching) -> PyErr {
    let class = py.import("boardsolvers._errors").and_then(|module| module.getattr("NoPerfectMatchingError"));
    let arguments =
        (figures.to_string(), figures.vertices, figures.deficiency, figures.barrier, figures.odd_components);
    match class.and_then(|class| class.call1(arguments)) {
        Ok(exception) => PyErr::from_value(exception),
        Err(failure) => failure,
    }
}

/// The Python module's name of `objective` (a certificate's `objective`).
pub(crate) fn objective_name(objective: Objective) -> &'static str {
    match objective {
        Objective::MaxWeight => "max-weight",
        Objective::MaxWeightMaxCardinality => "max-weight-max-cardinality",
        Objective::MinCostPerfect => "min-cost-perfect",
    }
}

/// The certificate as `(objective, vertex_duals, [(own_vertices, parent, dual), …])`.
fn certificate_tuple(py: Python<'_>, certificate: &DualCertificate) -> PyResult<Py<PyAny>> {
    let objective = objective_name(certificate.objective);
    let duals = PyArray1::from_slice(py, &certificate.vertex_duals);
    let blossoms = certificate
        .blossoms
        .iter()
        .map(|b| {
            let vertices: Vec<i64> = b.own_vertices.iter().map(|&v| i64::from(v)).collect();
            (PyArray1::from_vec(py, vertices), b.parent, b.dual)
        })
        .collect::<Vec<_>>();
    let tuple = (objective, duals, blossoms).into_pyobject(py).map_err(internal_error)?;
    Ok(tuple.into_any().unbind())
}
