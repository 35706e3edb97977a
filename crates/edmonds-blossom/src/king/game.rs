//! The king game on a board, decided through matchings.
//!
//! Undirected vertex geography: a token starts on `s`, players alternately move it along an edge to
//! a vertex not visited before, and whoever cannot move loses. The first player wins iff every maximum
//! matching covers `s` (`s ∉ D` of the Gallai–Edmonds decomposition):
//!
//! - if `s` is covered by every maximum matching `M`, the first player always moves to the mate of
//!   the current vertex. Should the opponent ever reach a vertex `u` that `M` misses, the visited path
//!   `s … u` would be an even alternating path, and flipping it would give a maximum matching missing
//!   `s`; so the mate of `u` exists, and it is unvisited because visited vertices come in matched pairs;
//! - if some maximum matching `M'` misses `s`, the second player plays that strategy with `M'`: every
//!   first move reaches a vertex `M'` covers (else `M' + sv` would be larger), and so on.
//!
//! So one matching and one decomposition answer every start at once.

use grid_core::stop::{self, StopFlag, Stopped};
use grid_core::{Dims, MoveSet};

use crate::graph::{Graph, NO_VERTEX, Vertex};
use crate::king::board::Board;
use crate::matching::decomposition::{Decomposition, NotMaximum, VertexClass, gallai_edmonds};
use crate::matching::{Matching, maximum_matching, maximum_matching_until_stopped};

/// The move graph of a board: one vertex per free cell, numbered in row-major order.
#[derive(Debug, Clone)]
pub struct BoardGraph {
    /// The graph on the free cells.
    pub graph: Graph,
    dims: Dims,
    /// Vertex of each cell, `NO_VERTEX` for blocked cells.
    vertex_of_cell: Vec<u32>,
    /// Cell (row-major index) of each vertex.
    cell_of_vertex: Vec<u32>,
}

impl BoardGraph {
    /// The move graph of `board` under `moves`. The offsets are closed under negation first, so the
    /// graph is undirected even for a one-sided custom move set.
    pub fn new(board: &Board, moves: MoveSet) -> Self {
        Self::on_cells(board.dims(), |c| board.is_free(c), moves)
    }

    /// The move graph on the cells of a `dims` board for which `is_vertex` holds (row-major
    /// indices), under `moves` closed under negation.
    pub fn on_cells(dims: Dims, is_vertex: impl Fn(usize) -> bool, moves: MoveSet) -> Self {
        let cell_of_vertex: Vec<u32> =
            (0..dims.cells()).filter(|&c| is_vertex(c)).map(|c| c as u32).collect();
        let mut vertex_of_cell = vec![NO_VERTEX; dims.cells()];
        for (v, &cell) in cell_of_vertex.iter().enumerate() {
            vertex_of_cell[cell as usize] = v as u32;
        }
        let offsets = symmetric_offsets(moves);
        // Each cell's list in CSR form, straight from the move offsets: the relation is
        // symmetric, loop-free and without repeats, since the offsets are distinct, nonzero and
        // closed under negation.
        let mut list_starts = Vec::with_capacity(cell_of_vertex.len() + 1);
        let mut lists = Vec::new();
        list_starts.push(0);
        for &cell in &cell_of_vertex {
            let pos = dims.pos(cell as usize);
            lists.extend(
                offsets
                    .iter()
                    .filter_map(|&d| dims.offset(pos, d))
                    .map(|p| vertex_of_cell[dims.index(p)])
                    .filter(|&w| w != NO_VERTEX),
            );
            list_starts.push(lists.len() as u32);
        }
        let graph = Graph::from_csr(list_starts, lists);
        Self { graph, dims, vertex_of_cell, cell_of_vertex }
    }

    /// The vertex of a free cell, `None` for a blocked one.
    pub fn vertex(&self, cell: usize) -> Option<Vertex> {
        self.vertex_of_cell.get(cell).copied().filter(|&v| v != NO_VERTEX)
    }

    /// The cell (row-major index) of a vertex.
    pub fn cell(&self, vertex: Vertex) -> usize {
        self.cell_of_vertex[vertex as usize] as usize
    }

    /// The board size.
    pub fn dims(&self) -> Dims {
        self.dims
    }
}

/// The offsets of `moves` together with their negations, without repeats or the null move.
pub(crate) fn symmetric_offsets(moves: MoveSet) -> Vec<(isize, isize)> {
    let mut offsets: Vec<(isize, isize)> = moves
        .offsets()
        .iter()
        .flat_map(|&(dr, dc)| [(dr, dc), (-dr, -dc)])
        .filter(|&d| d != (0, 0))
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    offsets
}

/// A board with its move graph, a maximum matching and the Gallai–Edmonds decomposition.
#[derive(Debug, Clone)]
pub struct BoardAnalysis {
    /// The move graph.
    pub graph: BoardGraph,
    /// A maximum matching of the move graph.
    pub matching: Matching,
    /// The decomposition proving it maximum and classifying every cell.
    pub decomposition: Decomposition,
    start: usize,
}

/// What a start cell is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellOutcome {
    /// The first mover wins from here.
    Win,
    /// The first mover loses from here.
    Lose,
    /// Not a free cell.
    Blocked,
}

impl CellOutcome {
    /// `W`, `L` or `#`.
    pub fn symbol(self) -> char {
        match self {
            CellOutcome::Win => 'W',
            CellOutcome::Lose => 'L',
            CellOutcome::Blocked => '#',
        }
    }
}

/// Why a solve of the king game has no answer ([`crate::query::query`],
/// [`BoardAnalysis::until_stopped`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// The matching was not maximum: a fault of the solver, never of the position.
    #[error(transparent)]
    NotMaximum(#[from] NotMaximum),
    /// The stop flag was set ([`crate::query::QueryOptions::stop`]).
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

impl BoardAnalysis {
    /// Builds the move graph, matches it, and decomposes it. The error would mean an engine bug
    /// (the matching was not maximum).
    pub fn new(board: &Board, moves: MoveSet) -> Result<Self, NotMaximum> {
        let graph = BoardGraph::new(board, moves);
        let matching = maximum_matching(&graph.graph);
        let decomposition = gallai_edmonds(&graph.graph, &matching)?;
        Ok(Self { graph, matching, decomposition, start: board.start() })
    }

    /// [`BoardAnalysis::new`], checking `stop` after the move graph, inside the matching
    /// ([`maximum_matching_until_stopped`]) and before the decomposition.
    pub fn until_stopped(board: &Board, moves: MoveSet, stop: StopFlag<'_>) -> Result<Self, QueryError> {
        let graph = BoardGraph::new(board, moves);
        stop::check(stop)?;
        let matching = maximum_matching_until_stopped(&graph.graph, stop)?;
        stop::check(stop)?;
        let decomposition = gallai_edmonds(&graph.graph, &matching)?;
        Ok(Self { graph, matching, decomposition, start: board.start() })
    }

    /// The outcome for the first mover when the king starts on `cell`.
    pub fn outcome(&self, cell: usize) -> CellOutcome {
        match self.graph.vertex(cell) {
            None => CellOutcome::Blocked,
            Some(v) if self.decomposition.always_covered(v) => CellOutcome::Win,
            Some(_) => CellOutcome::Lose,
        }
    }

    /// Row-major index of the board's `K` cell.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Whether the first player wins from the board's `K` cell.
    pub fn start_wins(&self) -> bool {
        self.outcome(self.start) == CellOutcome::Win
    }

    /// The Gallai–Edmonds class of the start cell.
    pub fn start_class(&self) -> VertexClass {
        let v = self.graph.vertex(self.start).expect("a Board's K cell is free by construction");
        self.decomposition.class(v)
    }

    /// A winning first move from the `K` cell (the start's mate in the matching), if the start wins.
    pub fn winning_first_move(&self) -> Option<usize> {
        let v = self.graph.vertex(self.start)?;
        if !self.decomposition.always_covered(v) {
            return None;
        }
        self.matching.mate(v).map(|m| self.graph.cell(m))
    }

    /// One string per board row: `W`, `L` or `#` per cell.
    pub fn outcome_rows(&self) -> Vec<String> {
        self.rows_of(|cell| self.outcome(cell).symbol())
    }

    /// One string per board row: the class `D`, `A`, `C` of each free cell, `#` for blocked ones.
    pub fn class_rows(&self) -> Vec<String> {
        self.rows_of(|cell| match self.graph.vertex(cell).map(|v| self.decomposition.class(v)) {
            None => '#',
            Some(VertexClass::D) => 'D',
            Some(VertexClass::A) => 'A',
            Some(VertexClass::C) => 'C',
        })
    }

    fn rows_of(&self, symbol: impl Fn(usize) -> char) -> Vec<String> {
        let dims = self.graph.dims();
        (0..dims.rows).map(|r| (0..dims.cols).map(|c| symbol(r * dims.cols + c)).collect()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::king::board::parse_boards;

    fn analyse(text: &str, moves: MoveSet) -> Result<BoardAnalysis, NotMaximum> {
        BoardAnalysis::new(&parse_boards(text.as_bytes()).unwrap()[0], moves)
    }

    #[test]
    fn two_cells_first_player_wins_from_both() {
        let a = analyse("1\n1 2\nK.\n", MoveSet::KING20).unwrap();
        assert!(a.start_wins());
        assert_eq!(a.outcome_rows(), vec!["WW"]);
        assert_eq!(a.winning_first_move(), Some(1));
    }

    #[test]
    fn path_of_three_orth4_centre_wins_ends_lose() {
        let a = analyse("1\n1 3\n.K.\n", MoveSet::ORTH4).unwrap();
        assert_eq!(a.outcome_rows(), vec!["LWL"]);
        assert_eq!(a.class_rows(), vec!["DAD"]);
        assert_eq!(a.start_class(), VertexClass::A);
    }

    #[test]
    fn king20_reaches_knight_and_double_diagonal_cells_only() {
        // From (0,0): (1,2) and (2,1) are knight moves, (2,2) is two steps diagonally.
        let a = analyse("1\n3 3\nK##\n##.\n#..\n", MoveSet::KING20).unwrap();
        let g = &a.graph.graph;
        assert_eq!(g.vertex_count(), 4);
        assert!(g.has_edge(0, 1) && g.has_edge(0, 2) && g.has_edge(0, 3));
        // (0,2) is two steps straight: not a king20 move.
        let b = analyse("1\n1 3\nK#.\n", MoveSet::KING20).unwrap();
        assert_eq!(b.graph.graph.edge_count(), 0);
        assert!(!b.start_wins());
    }

    #[test]
    fn isolated_start_loses() {
        let a = analyse("1\n3 3\nK#.\n##.\n...\n", MoveSet::ORTH4).unwrap();
        assert!(!a.start_wins());
        assert_eq!(a.winning_first_move(), None);
        assert_eq!(a.outcome(1), CellOutcome::Blocked);
    }

    #[test]
    fn symmetric_offsets_close_one_sided_sets() {
        let offsets = symmetric_offsets(MoveSet::custom(&[(0, 1), (0, 0)]));
        assert_eq!(offsets, vec![(0, -1), (0, 1)]);
        assert_eq!(symmetric_offsets(MoveSet::KING20).len(), 20);
    }
}
