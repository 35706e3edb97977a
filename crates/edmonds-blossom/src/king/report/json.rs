//! The `--json` record of `all-starts` (one JSON line a board; the default mode and `query` print
//! [`crate::king::query::KingReport`]s).

use serde::Serialize;

use crate::king::game::BoardAnalysis;

/// The `all-starts --json` record of one board (one JSON line). It is not a game position (no
/// side to move, no moves): every free cell as a start, with the graph and matching sizes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeGridJson {
    /// Always `edmonds-blossom`.
    pub game: &'static str,
    /// 1-based case number.
    pub board: usize,
    /// `king20` or `orth4`.
    pub move_set: &'static str,
    /// Free cells (vertices of the move graph).
    pub free_cells: usize,
    /// Edges of the move graph.
    pub edges: usize,
    /// Size of a maximum matching of the move graph.
    pub maximum_matching: usize,
    /// Number of winning starts (`W` cells).
    pub winning_starts: usize,
    /// One string per board row (row 1 first): `W` (the first player wins starting there), `L`
    /// (loses) or `#` (blocked).
    pub rows: Vec<String>,
}

impl OutcomeGridJson {
    /// The `all-starts` record of one board.
    pub fn new(case: usize, analysis: &BoardAnalysis, move_set: &'static str) -> Self {
        let rows = analysis.outcome_rows();
        let winning_starts = rows.iter().map(|row| row.bytes().filter(|&b| b == b'W').count()).sum();
        Self {
            game: crate::king::query::GAME,
            board: case,
            move_set,
            free_cells: analysis.graph.graph.vertex_count(),
            edges: analysis.graph.graph.edge_count(),
            maximum_matching: analysis.matching.size(),
            winning_starts,
            rows,
        }
    }
}
