//! `edmonds-blossom`: maximum matching in general graphs (Edmonds' blossom algorithm) with
//! Gallai–Edmonds certificates, and the no-revisit king game of HDU 3446 decided with it.
//!
//! # The game
//!
//! A king stands on a free cell of a board with blocked cells. Players alternate moving it to a free
//! cell it has never visited (the start counts as visited), using 20 moves: the 8 neighbours, the 4
//! cells two steps diagonally and the 8 knight jumps (or, with `orth4`, the 4 orthogonal steps).
//! Whoever cannot move loses. This is undirected vertex geography on the move graph of the free
//! cells, and the first player wins from `s` exactly when every maximum matching covers `s`
//! ([`game`] has the strategy argument). By the Gallai–Edmonds theorem the vertices missed by some
//! maximum matching form the class `D`, so one matching and one decomposition answer every start.
//!
//! # The method
//!
//! - [`Graph`]: CSR adjacency with `u32` indices ([`Vertex`], the one vertex type of the API); duplicates dropped, self-loops refused.
//! - [`maximum_matching`]: a greedy maximal matching (Karp–Sipser on sparse graphs), then
//!   one breadth-first alternating-tree search from each vertex it left free, with blossoms
//!   contracted through a union–find on blossom bases (Gabow's form of Edmonds' algorithm). Trees of
//!   failed searches are retired for good ([`matching`] explains why that is sound), and each search
//!   resets only the vertices it touched. Once the successful searches have labelled `2V` vertices
//!   (the paths left are long, as on bipartite grids), the free vertices left grow one shared
//!   forest instead: two trees that meet give an augmenting path, and only those two trees are
//!   dissolved and regrown. The search invariants are documented in the forest module. A large
//!   graph with geometry but scattered ids (a permuted planar mesh) is first renumbered in
//!   breadth-first order, so that a search reads nearby memory; the matching is given back in the
//!   caller's ids.
//! - [`gallai_edmonds`]: the same search grown from all free vertices at once: outer = `D`,
//!   inner = `A`, unreached = `C`.
//! - [`analyze`](mod@analyze): a board's whole game from that one matching and decomposition: the
//!   starts won and lost, the class sizes, the matching size and the map of every start.
//! - [`query`](mod@query): any position (visited cells included) with the value of every legal
//!   move, all from one matching and one decomposition of the graph without the king's cell; and
//!   the `play` game ([`KingPlay`]).
//! - [`verify`]: an independent check that the matching is valid and meets the Tutte–Berge bound
//!   `(|V| + |A| − odd(G − A)) / 2` with equality, which proves it maximum.
//! - [`weighted_matching`]: a maximum-weight matching, the best one among the maximum-cardinality
//!   matchings, or a minimum-cost perfect matching ([`Objective`]) of a [`WeightedGraph`], by a
//!   primal–dual blossom algorithm with integer (doubled) duals, with the dual certificate that
//!   [`weighted::certificate::verify`] checks on its own (module [`weighted`]).
//!
//! # Example
//!
//! A maximum matching of a path `0 – 1 – 2` and a triangle `3 4 5`, its Gallai–Edmonds
//! decomposition, and the certificate that proves it maximum:
//!
//! ```
//! use edmonds_blossom::{Graph, VertexClass, gallai_edmonds, maximum_matching, verify};
//!
//! let graph = Graph::from_edges(6, &[(0, 1), (1, 2), (3, 4), (4, 5), (5, 3)])?;
//! let matching = maximum_matching(&graph);
//! assert_eq!(matching.size(), 2);
//! // The triangle is an odd cycle (a blossom): one of its vertices always stays free.
//! assert!(matching.mate(1).is_some());
//!
//! let decomposition = gallai_edmonds(&graph, &matching)?;
//! assert_eq!(decomposition.class(1), VertexClass::A);
//! for v in [0, 2, 3, 4, 5] {
//!     assert_eq!(decomposition.class(v), VertexClass::D);
//! }
//! // Tutte–Berge: (|V| + |A| − odd components of G − A) / 2 = (6 + 1 − 3) / 2 = 2.
//! let certificate = verify(&graph, &matching, &decomposition)?;
//! assert_eq!((certificate.bound, certificate.matching_size), (2, 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The king game: [`parse_positions`] reads positions (a board with the king and the cells
//! already visited), [`query()`] values one and every legal move, from one matching and one
//! decomposition:
//!
//! ```
//! use edmonds_blossom::{Eval, KingMoves, QueryOptions, Value, parse_positions, query};
//!
//! // One board, 1 × 4: `.` free, `#` blocked, `K` the king, `o` visited.
//! let positions = parse_positions(b"1\n1 4\n.K..\n")?;
//! let options = QueryOptions { number: 1, moves: KingMoves::Orth4, stop: None };
//! let report = query(&positions[0], &options)?;
//! // The king on 1,2 of a path of 4 cells: moving right leaves a path of 2, moving left a path of 1.
//! assert_eq!(report.eval, Eval::value_only(Value::Win));
//! assert_eq!(report.moves[0].notation, "1,1");
//! assert_eq!(report.moves[0].eval, Eval::value_only(Value::Win));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`parse_boards`] reads the judge's boards and [`BoardAnalysis`] answers every start of one;
//! [`analyze()`] counts them, with the Gallai–Edmonds class sizes and the map of every start.
//!
//! # Complexity
//!
//! Each search costs `O(E α(V))` and there is at most one per free vertex after the greedy pass;
//! in the shared forest each augmentation regrows at most the whole graph. So the worst case is
//! `O(V E α(V))`. In practice the greedy pass leaves few free vertices, successful searches stop at
//! the first free vertex they see and cost about `2V` labels in all, failed searches together
//! cost `O(E)` because each vertex is retired at most once, and the shared forest regrows only the
//! two trees of each path it flips. The decomposition is one more search,
//! `O(E α(V))`, so `all-starts` costs about one matching plus a linear pass.
//!
//! # Layout
//!
//! A matching library in four wings and the game on top; the wings never name the game
//! (the workspace's tidy, `xtask/src/tidy/`, checks it):
//!
//! - [`graph`]: the CSR [`Graph`], the sentinel [`NO_VERTEX`] (every per-vertex array is a flat
//!   `Vec<u32>` or `Vec<u8>` indexed by vertex) and the parallel builder the readers feed;
//! - [`input`]: the four graph formats ([`parse_graph`], [`read_graph`], [`read_graph_file`],
//!   [`write_graph`]), each reading the whole input before anything is solved;
//! - [`matching`]: the blossom search, the decomposition, the certificate and what `matching`
//!   prints;
//! - [`weighted`]: weighted graphs, their readers, the primal–dual engine, the dual certificate
//!   and what `weighted-matching` prints;
//! - [`king`]: boards, the move graph of a board, positions and the game's reports.
//!
//! [`report`] gathers the printers of both under one path, one case at a time; [`memory`] holds
//! the page hints of the big arrays.

pub mod graph;
pub mod input;
pub mod king;
pub mod matching;
pub mod memory;
mod prefetch;
#[cfg(test)]
mod test_rng;
pub mod weighted;

pub use graph::{Graph, GraphError, NO_VERTEX, Vertex};
pub use grid_core::report::{Cell, Eval, MoveReport, PositionReport, Value};
pub use grid_core::{InputError, Stopped};
pub use input::{
    GraphFileError, GraphFormat, InputText, ParsedGraph, ReadTimings, VertexIds, parse_graph, read_graph,
    read_graph_file, read_graph_owned, read_text, write_graph,
};
pub use king::analyze::{self, Analysis, analyze};
pub use king::board::{self, Board, parse_boards};
pub use king::game::{self, BoardAnalysis, BoardGraph, CellOutcome};
pub use king::query::{
    self, KingMoves, KingPlay, KingReport, Position, QueryError, QueryOptions, Report, Side, parse_positions,
    query,
};
pub use matching::certificate::{Certificate, CertificateError, verify};
pub use matching::decomposition::{Decomposition, NotMaximum, VertexClass, gallai_edmonds};
pub use matching::report::CertifiedMatching;
pub use matching::{
    Matching, MatchingError, MatchingTimings, maximum_matching, maximum_matching_timed,
    maximum_matching_until_stopped,
};
pub use weighted::certificate::{BlossomDual, DualCertificate, DualCertificateError, Optimum};
pub use weighted::graph::{WeightedEdge, WeightedGraph, WeightedGraphError, weight_limit};
pub use weighted::{
    NoPerfectMatching, Objective, WeightedMatching, WeightedSolution, weighted_matching,
    weighted_matching_until_stopped,
};

/// Everything the binary prints, by output mode: the matching's answers ([`matching::report`])
/// and the king game's ([`king::report`]) under one path.
pub mod report {
    pub use crate::matching::report::{CertifiedMatching, EngineError};

    /// The plain answers.
    pub mod text {
        pub use crate::king::report::text::*;
        pub use crate::matching::report::text::*;
    }

    /// The `--json` records (the king game's positions are [`crate::query::KingReport`]s).
    pub mod json {
        pub use crate::king::report::json::*;
        pub use crate::matching::report::json::*;
    }

    /// The `--explain` answers, for people.
    pub mod explain {
        pub use crate::king::report::explain::*;
        pub use crate::matching::report::explain::*;
    }
}

/// The examples of the crate's README.md (the page of the published package), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
