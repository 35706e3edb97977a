//! `--json`: `{ "value": ..., "moves": [[row, col], ...] }` (0-based cells, first player first).

use serde::Serialize;

/// The JSON report of a solve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// First player's total minus second player's total under optimal play.
    pub value: i64,
    /// The cells of one optimal game, in order, as `[row, col]` (0-based).
    pub moves: Vec<[usize; 2]>,
}

impl Report {
    /// The report of a value and its optimal game.
    pub fn new(value: i64, moves: &[(usize, usize)]) -> Self {
        Self { value, moves: moves.iter().map(|&(r, c)| [r, c]).collect() }
    }

    /// The report as one line of JSON.
    pub fn to_json(&self) -> String {
        // Serialising plain integers cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape() {
        let report = Report::new(-3, &[(0, 0), (1, 0)]);
        assert_eq!(report.to_json(), r#"{"value":-3,"moves":[[0,0],[1,0]]}"#);
    }
}
