//! `analyze`: the whole game of a board — every state counted — and one optimal game.
//!
//! For a board of `n × m` cells, [`analyze`] reports
//! - `states`: every state of the board, C(n + m, n) (every Young diagram inside `n × m`), and
//!   `layers`: the states with `k` cells taken, `k = 0 ..= n·m` (the coefficients of the Gaussian
//!   binomial `[n + m choose n]_q`);
//! - `scores`: the optimal score difference for the side to move (its future gain minus the
//!   opponent's, the value the sweep computes) over all states, in buckets by powers of two
//!   (`0`, `[1, 1]`, `[2, 3]`, `[4, 7]`, … and their negatives: [`crate::solve::census`]);
//! - `line`: one optimal game, move by move, with what each move earned and both players' running
//!   totals; the final totals and the winner.
//!
//! # Cost
//! The counts are taken inside the sweep that computes the values ([`solve_counting`]): each rayon
//! task counts the rows it computes into a small array of bucket counters, merged per layer, so the
//! analysis costs one solve with the optimal game ([`Mode::WithGame`]: one byte of best step per
//! state, or several passes within a memory limit, [`crate::Plan::game_passes`]) plus a few
//! instructions per state; the counters take 4 KiB per layer and per task, outside the plan. It
//! runs in one process: the distributed sweep and checkpoints do not count.

mod text;

use std::sync::atomic::AtomicBool;

use serde::Serialize;

use crate::board::Board;
use crate::query::{GAME, SIDES, cell_of};
use crate::solve::census::{ScoreBucket, ScoreCounts, Tally};
use crate::solve::{Mode, Options, Progress, SolveError, ValueWidth, solve_counting};

pub use text::write_text;

/// How an analysis runs: its memory limit, value width and stop flag, as for a solve
/// ([`Options`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct AnalyzeOptions<'a> {
    /// The board's number in its input (the report's `board`; 0 is shown as 1).
    pub number: usize,
    /// Refuse an analysis whose plan ([`crate::Plan`] with the optimal game) needs more bytes.
    pub memory_limit: Option<u64>,
    /// The width of a stored value (`None`: the solver's choice).
    pub width: Option<ValueWidth>,
    /// Checked between layers: once set, the analysis stops with [`SolveError::Interrupted`].
    pub stop: Option<&'a AtomicBool>,
}

/// The analysis of one board: the JSON object of `lattice-dp analyze --json` (docs/REPORT.md,
/// `## analyze`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Always `lattice-dp`.
    pub game: &'static str,
    /// The board's number in its input, from 1.
    pub board: usize,
    /// `n`.
    pub rows: usize,
    /// `m`.
    pub columns: usize,
    /// Every state: C(n + m, n).
    pub states: u64,
    /// The states with `k` cells taken, `k = 0 ..= n·m`.
    pub layers: Vec<u64>,
    /// The start position's score: the first player's total minus the second's under optimal play.
    pub score: i64,
    /// The states by the optimal score difference for their side to move, in ascending buckets
    /// from the lowest non-empty one to the highest (empty ones between them included).
    pub scores: Vec<ScoreBucket>,
    /// One optimal game, move by move.
    pub line: Vec<LineMove>,
    /// The first player's total at the end of that game.
    pub first: i64,
    /// The second player's total.
    pub second: i64,
    /// Who has the larger total.
    pub winner: Winner,
}

/// One move of the optimal game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineMove {
    /// The cell taken, `row,column` (1-based).
    #[serde(rename = "move")]
    pub cell: String,
    /// Who took it: `first` or `second`.
    pub player: &'static str,
    /// What it earned its player (`A` or `B` of the cell).
    pub gain: i64,
    /// The first player's total after it.
    pub first: i64,
    /// The second player's total after it.
    pub second: i64,
}

/// Who won the optimal game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The first player's total is larger.
    First,
    /// The second player's total is larger.
    Second,
    /// The totals are equal.
    Draw,
}

impl Winner {
    /// The winner of a game ending with these totals.
    pub fn of(first: i64, second: i64) -> Self {
        match first.cmp(&second) {
            std::cmp::Ordering::Greater => Self::First,
            std::cmp::Ordering::Less => Self::Second,
            std::cmp::Ordering::Equal => Self::Draw,
        }
    }

    /// `first`, `second` or `draw`, as in the JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Second => "second",
            Self::Draw => "draw",
        }
    }
}

/// Analyses `board`: one solve with the optimal game that counts every state's value by bucket
/// as it computes it (module doc), reporting each finished layer to `on_progress`.
///
/// # Errors
/// As [`crate::solve_with`] with [`Mode::WithGame`]: [`SolveError::WidthTooNarrow`] and
/// [`SolveError::TooLarge`] before anything large is allocated, [`SolveError::Interrupted`] when
/// the stop flag was set.
pub fn analyze(
    board: &Board,
    options: &AnalyzeOptions<'_>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Analysis, SolveError> {
    let solve_options = Options {
        memory_limit: options.memory_limit,
        width: options.width,
        stop: options.stop,
        ..Options::new(Mode::WithGame)
    };
    let (solution, tallies) = solve_counting::<ScoreCounts>(board, solve_options, on_progress)?;
    let layers: Vec<u64> = tallies.iter().map(ScoreCounts::total).collect();
    let mut scores = ScoreCounts::default();
    for tally in tallies {
        scores.merge(tally);
    }
    let line = line_of(board, solution.moves.as_deref().unwrap_or_default());
    let (first, second) = line.last().map_or((0, 0), |last| (last.first, last.second));
    Ok(Analysis {
        game: GAME,
        board: options.number.max(1),
        rows: board.rows(),
        columns: board.cols(),
        states: layers.iter().sum(),
        layers,
        score: solution.value,
        scores: scores.buckets(),
        line,
        first,
        second,
        winner: Winner::of(first, second),
    })
}

/// The game of `moves` (cells, 0-based, the first player first) with both running totals.
fn line_of(board: &Board, moves: &[(usize, usize)]) -> Vec<LineMove> {
    let mut totals = [0i64; 2];
    moves
        .iter()
        .enumerate()
        .map(|(i, &(row, col))| {
            let player = i % 2;
            let gain = board.scores_of_mover(player)[row * board.cols() + col];
            totals[player] += gain;
            LineMove {
                cell: cell_of((row, col)).to_string(),
                player: SIDES[player],
                gain,
                first: totals[0],
                second: totals[1],
            }
        })
        .collect()
}
