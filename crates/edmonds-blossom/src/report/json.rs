//! `--json` output: one JSON document per run, built from these serialisable records.

use serde::Serialize;

use crate::certificate::Certificate;
use crate::decomposition::{Decomposition, VertexClass};
use crate::game::BoardAnalysis;
use crate::graph::Graph;
use crate::report::CertifiedMatching;

/// A 0-based board cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CellJson {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

/// The size of the move graph and of its maximum matching.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardSummaryJson {
    /// 1-based case number.
    pub case: usize,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Free cells (vertices of the move graph).
    pub free_cells: usize,
    /// Edges of the move graph.
    pub edges: usize,
    /// Size of a maximum matching.
    pub maximum_matching: usize,
}

/// The default mode's answer for one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerdictJson {
    /// Board and graph sizes.
    #[serde(flatten)]
    pub summary: BoardSummaryJson,
    /// The `K` cell.
    pub start: CellJson,
    /// Gallai–Edmonds class of the start.
    pub start_class: VertexClass,
    /// Whether the first player (daizhenyang) wins.
    pub first_player_wins: bool,
    /// A winning first move (the start's mate), when the first player wins.
    pub winning_move: Option<CellJson>,
}

/// The `all-starts` answer for one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeGridJson {
    /// Board and graph sizes.
    #[serde(flatten)]
    pub summary: BoardSummaryJson,
    /// Number of winning starts (`W` cells).
    pub winning_starts: usize,
    /// One string per row: `W`, `L` or `#`.
    pub grid: Vec<String>,
}

/// The `matching` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchingJson {
    /// `N`.
    pub vertices: usize,
    /// Distinct edges.
    pub edges: usize,
    /// Matching size.
    pub size: usize,
    /// The matched edges `[u, v]`, `u < v`.
    pub matching: Vec<[usize; 2]>,
    /// The decomposition and Tutte–Berge figures (with `--certificate`).
    pub certificate: Option<CertificateJson>,
}

/// The Gallai–Edmonds classes and the verified bound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CertificateJson {
    /// Vertices missed by some maximum matching.
    pub d: Vec<usize>,
    /// Neighbours of `D` outside `D` (the Tutte–Berge barrier).
    pub a: Vec<usize>,
    /// The rest.
    pub c: Vec<usize>,
    /// The checked figures.
    #[serde(flatten)]
    pub bound: Certificate,
}

impl BoardSummaryJson {
    /// The summary of one analysed board.
    pub fn new(case: usize, analysis: &BoardAnalysis) -> Self {
        let dims = analysis.graph.dims();
        Self {
            case,
            rows: dims.rows,
            cols: dims.cols,
            free_cells: analysis.graph.graph.vertex_count(),
            edges: analysis.graph.graph.edge_count(),
            maximum_matching: analysis.matching.size(),
        }
    }
}

impl VerdictJson {
    /// The default-mode record of one board.
    pub fn new(case: usize, analysis: &BoardAnalysis) -> Self {
        let dims = analysis.graph.dims();
        let cell = |index: usize| {
            let pos = dims.pos(index);
            CellJson { row: pos.row, col: pos.col }
        };
        Self {
            summary: BoardSummaryJson::new(case, analysis),
            start: cell(analysis.start()),
            start_class: analysis.start_class(),
            first_player_wins: analysis.start_wins(),
            winning_move: analysis.winning_first_move().map(cell),
        }
    }
}

impl OutcomeGridJson {
    /// The `all-starts` record of one board.
    pub fn new(case: usize, analysis: &BoardAnalysis) -> Self {
        let grid = analysis.outcome_rows();
        let winning_starts = grid.iter().map(|row| row.bytes().filter(|&b| b == b'W').count()).sum();
        Self { summary: BoardSummaryJson::new(case, analysis), winning_starts, grid }
    }
}

impl MatchingJson {
    /// The `matching` record; the certificate is included when `with_certificate` is set.
    pub fn new(graph: &Graph, certified: &CertifiedMatching, with_certificate: bool) -> Self {
        Self {
            vertices: graph.vertex_count(),
            edges: graph.edge_count(),
            size: certified.matching.size(),
            matching: certified.matching.edges().into_iter().map(|(u, v)| [u, v]).collect(),
            certificate: with_certificate
                .then(|| CertificateJson::new(&certified.decomposition, certified.certificate)),
        }
    }
}

impl CertificateJson {
    /// The classes and figures.
    pub fn new(decomposition: &Decomposition, bound: Certificate) -> Self {
        Self {
            d: decomposition.members(VertexClass::D),
            a: decomposition.members(VertexClass::A),
            c: decomposition.members(VertexClass::C),
            bound,
        }
    }
}
