//! `query` and `analyze` of the four games, each answer as the JSON text of the object the
//! game's binary prints with `--json` (one per position or board, in input order).
//!
//! Every function takes the binary's input bytes, reads all of them before solving anything (a bad
//! input raises `boardsolvers.InputError` and nothing is solved), and solves with the GIL released
//! on a thread that Ctrl-C stops ([`crate::interrupt`]). Boards whose solve needs more memory than
//! the machine has available are refused at their size line, as the binaries do.

use std::sync::atomic::AtomicBool;

use edmonds_blossom::KingMoves;
use grid_core::cli::memory::default_limit;
use grid_core::{InputError, Stopped};
use numpy::{PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use serde::Serialize;

use crate::errors::{input_error, internal_error, value_error};
use crate::interrupt::interruptible;

/// Adds the game functions to the extension module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(pawn_query, module)?)?;
    module.add_function(wrap_pyfunction!(pawn_analyze, module)?)?;
    module.add_function(wrap_pyfunction!(lattice_query, module)?)?;
    module.add_function(wrap_pyfunction!(lattice_analyze, module)?)?;
    module.add_function(wrap_pyfunction!(lattice_query_board, module)?)?;
    module.add_function(wrap_pyfunction!(segment_query, module)?)?;
    module.add_function(wrap_pyfunction!(segment_analyze, module)?)?;
    module.add_function(wrap_pyfunction!(king_query, module)?)?;
    module.add_function(wrap_pyfunction!(king_analyze, module)?)?;
    Ok(())
}

/// Why a game function gives no answer.
enum Failure {
    /// The input is malformed or past a limit (`boardsolvers.InputError`).
    Input(InputError),
    /// A board past a limit of the solver, with the binary's message (`ValueError`).
    Limit(String),
    /// A solver failed (`RuntimeError`).
    Internal(String),
}

impl From<InputError> for Failure {
    fn from(error: InputError) -> Self {
        Failure::Input(error)
    }
}

/// A stopped solve: only after Ctrl-C, whose exception is raised instead.
impl From<Stopped> for Failure {
    fn from(stopped: Stopped) -> Self {
        Failure::Internal(stopped.to_string())
    }
}

/// Runs `solve` with its stop flag on a thread that Ctrl-C stops, with the GIL released, and turns
/// its failure into a Python exception.
fn answer(
    py: Python<'_>,
    solve: impl FnOnce(&AtomicBool) -> Result<Vec<String>, Failure> + Send,
) -> PyResult<Vec<String>> {
    interruptible(py, solve)?.map_err(|failure| match failure {
        Failure::Input(error) => input_error(py, &error),
        Failure::Limit(message) => value_error(message),
        Failure::Internal(message) => internal_error(message),
    })
}

/// The JSON text of `record`, as `--json` prints it.
fn json(record: &impl Serialize) -> Result<String, Failure> {
    serde_json::to_string(record).map_err(|e| Failure::Internal(e.to_string()))
}

/// `pawn_query(input)`: `pawn-retrograde query --json`.
#[pyfunction]
fn pawn_query(py: Python<'_>, input: &[u8]) -> PyResult<Vec<String>> {
    answer(py, |stop| {
        let positions = pawn_retrograde::parse_positions_within(input, default_limit())?;
        let queries = pawn_retrograde::query_positions_until_stopped(&positions, Some(stop))?;
        queries
            .iter()
            .enumerate()
            .map(|(i, query)| json(&pawn_retrograde::query::report(i + 1, query)))
            .collect()
    })
}

/// `pawn_analyze(input)`: `pawn-retrograde analyze --json`.
#[pyfunction]
fn pawn_analyze(py: Python<'_>, input: &[u8]) -> PyResult<Vec<String>> {
    answer(py, |stop| {
        let boards = pawn_retrograde::parse_input_within(input, default_limit())?;
        pawn_retrograde::census_boards_until_stopped(&boards, Some(stop))?.iter().map(json).collect()
    })
}

/// `lattice_query(input)`: `lattice-dp query --json`.
#[pyfunction]
fn lattice_query(py: Python<'_>, input: &[u8]) -> PyResult<Vec<String>> {
    answer(py, |stop| {
        let positions = lattice_dp::parse_positions(input)?;
        lattice_answers(&positions, stop)
    })
}

/// The `--json` line of every position of `lattice-dp query`, once every board is known to fit the
/// memory the machine has available.
fn lattice_answers(positions: &[lattice_dp::Position], stop: &AtomicBool) -> Result<Vec<String>, Failure> {
    let limit = default_limit();
    for position in positions {
        let board = position.board();
        // The binary's `query --json` carries `pv`: the sweep records the line's best steps too.
        let mut plan = lattice_dp::Plan::new(board, lattice_dp::Mode::ValueOnly, None, None);
        plan.game_bytes = lattice_dp::query::line_bytes(position);
        if plan.total() > limit {
            return Err(lattice_failure(lattice_dp::SolveError::TooLarge { plan, limit }, board));
        }
    }
    positions
        .iter()
        .enumerate()
        .map(|(i, position)| {
            let options = lattice_dp::QueryOptions {
                number: i + 1,
                progress: None,
                stop: Some(stop),
                line: lattice_dp::Line::Optimal,
            };
            json(&lattice_dp::query(position, &options)?)
        })
        .collect()
}

/// `lattice_query_board(a, b, taken)`: `lattice-dp query --json` of the board whose values are the
/// C-contiguous `int64` matrices `a` (the first player's) and `b` (the second's), with the taken
/// diagram's row lengths `taken` (nothing taken when `None`). A `ValueError` for matrices or a
/// diagram the solver cannot take, or a board past the machine's memory.
#[pyfunction]
#[pyo3(signature = (a, b, taken=None))]
fn lattice_query_board(
    py: Python<'_>,
    a: PyReadonlyArray2<'_, i64>,
    b: PyReadonlyArray2<'_, i64>,
    taken: Option<Vec<usize>>,
) -> PyResult<Vec<String>> {
    let (n, m) = (a.shape()[0], a.shape()[1]);
    if b.shape() != a.shape() {
        return Err(value_error(format!("A is {n}x{m} but B is {}x{}", b.shape()[0], b.shape()[1])));
    }
    let values = |matrix: &PyReadonlyArray2<'_, i64>| {
        matrix.as_slice().map(<[i64]>::to_vec).map_err(|_| value_error("A and B must be C-contiguous"))
    };
    let board = lattice_dp::Board::new(n, m, values(&a)?, values(&b)?).map_err(value_error)?;
    let position = match taken {
        None => lattice_dp::Position::start(board),
        Some(taken) => lattice_dp::Position::new(board, taken).ok_or_else(|| {
            value_error(format!(
                "taken must be {n} row lengths, non-increasing, each at most {m} (a Young diagram)"
            ))
        })?,
    };
    answer(py, |stop| lattice_answers(std::slice::from_ref(&position), stop))
}

/// The binary's message for a board `lattice-dp` refuses to solve.
fn lattice_failure(error: lattice_dp::SolveError, board: &lattice_dp::Board) -> Failure {
    Failure::Limit(format!("board {}x{}: {error}", board.rows(), board.cols()))
}

/// `lattice_analyze(input)`: `lattice-dp analyze --json` of the board of `input`.
#[pyfunction]
fn lattice_analyze(py: Python<'_>, input: &[u8]) -> PyResult<Vec<String>> {
    answer(py, |stop| {
        let board = lattice_dp::parse_board(input)?;
        let options = lattice_dp::analyze::AnalyzeOptions {
            number: 1,
            memory_limit: Some(default_limit()),
            width: None,
            stop: Some(stop),
        };
        let analysis = lattice_dp::analyze::analyze(&board, &options, &mut |_| {})
            .map_err(|error| lattice_failure(error, &board))?;
        Ok(vec![json(&analysis)?])
    })
}

/// `segment_analyze(fields)`: `segment-nim analyze --json --fields FIELDS`.
#[pyfunction]
fn segment_analyze(py: Python<'_>, fields: u32) -> PyResult<Vec<String>> {
    answer(py, |stop| {
        let analysis = segment_nim::analyze_until_stopped(fields, Some(stop))
            .map_err(|error| Failure::Limit(error.to_string()))?;
        Ok(vec![json(&analysis)?])
    })
}

/// `segment_query(input)`: `segment-nim query --json`.
#[pyfunction]
fn segment_query(py: Python<'_>, input: &[u8]) -> PyResult<Vec<String>> {
    answer(py, |stop| {
        let positions = segment_nim::parse_positions(input)?;
        positions
            .iter()
            .enumerate()
            .map(|(i, position)| {
                let options = segment_nim::QueryOptions { number: i + 1, stop: Some(stop) };
                json(&segment_nim::query(position, &options)?)
            })
            .collect()
    })
}

/// The king's move set named `moves` (`king20` or `orth4`, as the binary's `--moves`).
pub(crate) fn king_moves(moves: &str) -> PyResult<KingMoves> {
    match moves {
        "king20" => Ok(KingMoves::King20),
        "orth4" => Ok(KingMoves::Orth4),
        _ => Err(value_error(format!("moves must be 'king20' or 'orth4', not {moves:?}"))),
    }
}

/// `king_query(input, moves)`: `edmonds-blossom query --json --moves MOVES`.
#[pyfunction]
fn king_query(py: Python<'_>, input: &[u8], moves: &str) -> PyResult<Vec<String>> {
    let moves = king_moves(moves)?;
    answer(py, |stop| {
        let positions = edmonds_blossom::parse_positions(input)?;
        positions
            .iter()
            .enumerate()
            .map(|(i, position)| {
                let options = edmonds_blossom::QueryOptions { number: i + 1, moves, stop: Some(stop) };
                let report = edmonds_blossom::query(position, &options)
                    .map_err(|e| Failure::Internal(e.to_string()))?;
                json(&report)
            })
            .collect()
    })
}

/// `king_analyze(input, moves)`: `edmonds-blossom analyze --json --moves MOVES`.
#[pyfunction]
fn king_analyze(py: Python<'_>, input: &[u8], moves: &str) -> PyResult<Vec<String>> {
    let moves = king_moves(moves)?;
    answer(py, |stop| {
        let boards = edmonds_blossom::parse_boards(input)?;
        boards
            .iter()
            .enumerate()
            .map(|(i, board)| {
                let analysis =
                    edmonds_blossom::analyze::analyze_until_stopped(board, moves, i + 1, Some(stop))
                        .map_err(|e| Failure::Internal(e.to_string()))?;
                json(&analysis)
            })
            .collect()
    })
}
