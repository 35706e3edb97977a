//! `analyze`: the whole king game of one board from one matching and one decomposition: how many
//! start cells the first player (daizhenyang) wins and loses, the Gallai–Edmonds classes of the
//! move graph, the matching size, and the map of every start (the `all-starts` grid).

use std::io::{self, Write};

use grid_core::stop::StopFlag;
use serde::Serialize;

use crate::king::board::Board;
use crate::king::game::{BoardAnalysis, CellOutcome, QueryError};
use crate::king::query::{GAME, KingMoves};
use crate::matching::decomposition::{NotMaximum, VertexClass};

/// The widest map the text prints: a board with more columns gets its counts only.
pub const TEXT_MAP_COLUMNS: usize = 100;

/// Start cells by their outcome for the first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Starts {
    /// Free cells from which the first player wins (`W`).
    pub win: u64,
    /// Free cells from which the first player loses (`L`).
    pub lose: u64,
}

/// The sizes of the Gallai–Edmonds classes of the move graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Classes {
    /// Cells missed by some maximum matching: the first player loses from them.
    pub d: u64,
    /// Cells outside `D` next to `D`.
    pub a: u64,
    /// The other free cells.
    pub c: u64,
}

/// The analysis of one board (the `analyze --json` object, docs/REPORT.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Always `edmonds-blossom`.
    pub game: &'static str,
    /// 1-based board number in the input.
    pub board: usize,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub columns: usize,
    /// `king20` or `orth4`.
    pub move_set: &'static str,
    /// Free cells (vertices of the move graph).
    pub free_cells: u64,
    /// Edges of the move graph.
    pub edges: u64,
    /// Size of a maximum matching of the move graph.
    pub maximum_matching: u64,
    /// Start cells the first player wins and loses from.
    pub starts: Starts,
    /// The Gallai–Edmonds class sizes.
    pub classes: Classes,
    /// One string per board row, row 1 first: `W` (the first player wins starting there), `L`
    /// (loses) or `#` (blocked).
    pub map: Vec<String>,
}

impl Analysis {
    /// The analysis of the `number`-th board from its matching and decomposition.
    pub fn new(number: usize, analysis: &BoardAnalysis, moves: KingMoves) -> Self {
        let dims = analysis.graph.dims();
        let graph = &analysis.graph.graph;
        let mut classes = Classes { d: 0, a: 0, c: 0 };
        for &class in analysis.decomposition.classes() {
            match class {
                VertexClass::D => classes.d += 1,
                VertexClass::A => classes.a += 1,
                VertexClass::C => classes.c += 1,
            }
        }
        let mut starts = Starts { win: 0, lose: 0 };
        for cell in 0..dims.cells() {
            match analysis.outcome(cell) {
                CellOutcome::Win => starts.win += 1,
                CellOutcome::Lose => starts.lose += 1,
                CellOutcome::Blocked => {}
            }
        }
        Self {
            game: GAME,
            board: number,
            rows: dims.rows,
            columns: dims.cols,
            move_set: moves.name(),
            free_cells: graph.vertex_count() as u64,
            edges: graph.edge_count() as u64,
            maximum_matching: analysis.matching.size() as u64,
            starts,
            classes,
            map: analysis.outcome_rows(),
        }
    }

    /// Writes the analysis for people: the sizes, the counts, then the map (only the counts when
    /// the board is wider than [`TEXT_MAP_COLUMNS`]).
    pub fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(
            out,
            "Board {} ({}×{}), {}: free cells {}, edges {}, maximum matching {}",
            self.board,
            self.rows,
            self.columns,
            self.move_set,
            self.free_cells,
            self.edges,
            self.maximum_matching
        )?;
        writeln!(
            out,
            "starts: the first player (daizhenyang) wins from {}, loses from {}",
            self.starts.win, self.starts.lose
        )?;
        writeln!(
            out,
            "Gallai-Edmonds classes: D {}, A {}, C {} (the first player loses exactly from D)",
            self.classes.d, self.classes.a, self.classes.c
        )?;
        if self.columns > TEXT_MAP_COLUMNS {
            return writeln!(
                out,
                "map left out: {} columns, wider than {TEXT_MAP_COLUMNS} (all-starts and --json print it)",
                self.columns
            );
        }
        writeln!(out, "map (W: the first player wins starting there, L: loses, #: blocked):")?;
        for row in &self.map {
            writeln!(out, "{row}")?;
        }
        Ok(())
    }
}

/// The analysis of `board`, the `number`-th of its input, under `moves`. The error would mean an
/// engine bug (the matching was not maximum).
pub fn analyze(board: &Board, moves: KingMoves, number: usize) -> Result<Analysis, NotMaximum> {
    Ok(Analysis::new(number, &BoardAnalysis::new(board, moves.set())?, moves))
}

/// [`analyze`], checking `stop` inside the matching ([`BoardAnalysis::until_stopped`]).
pub fn analyze_until_stopped(
    board: &Board,
    moves: KingMoves,
    number: usize,
    stop: StopFlag<'_>,
) -> Result<Analysis, QueryError> {
    Ok(Analysis::new(number, &BoardAnalysis::until_stopped(board, moves.set(), stop)?, moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::king::board::parse_boards;

    fn analysis(text: &str, moves: KingMoves) -> Analysis {
        analyze(&parse_boards(text.as_bytes()).unwrap()[0], moves, 1).unwrap()
    }

    #[test]
    fn a_path_of_three_cells() {
        let a = analysis("1\n1 3\n.K.\n", KingMoves::Orth4);
        assert_eq!((a.free_cells, a.edges, a.maximum_matching), (3, 2, 1));
        assert_eq!(a.starts, Starts { win: 1, lose: 2 });
        assert_eq!(a.classes, Classes { d: 2, a: 1, c: 0 });
        assert_eq!(a.map, vec!["LWL"]);
        let mut text = Vec::new();
        a.write_text(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.starts_with("Board 1 (1×3), orth4: free cells 3, edges 2, maximum matching 1\n"),
            "{text}"
        );
        assert!(text.ends_with("blocked):\nLWL\n"), "{text}");
    }

    #[test]
    fn a_wide_board_gets_its_counts_only() {
        let row = format!("K{}", ".".repeat(TEXT_MAP_COLUMNS));
        let a = analysis(&format!("1\n1 {}\n{row}\n", row.len()), KingMoves::Orth4);
        let mut text = Vec::new();
        a.write_text(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("map left out: 101 columns, wider than 100"), "{text}");
        assert!(text.lines().all(|line| line.chars().count() <= 100), "{text}");
        assert_eq!(a.map[0].len(), 101);
    }
}
