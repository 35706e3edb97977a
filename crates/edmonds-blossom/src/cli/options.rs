//! The binary's own options and subcommands: the king's move set, `all-starts`, `matching` and
//! `weighted-matching`.

use clap::{Args, Subcommand, ValueEnum};
use edmonds_blossom::GraphFormat;
use edmonds_blossom::Objective;
use edmonds_blossom::query::KingMoves;
use edmonds_blossom::weighted::input::WeightedFormat;
use grid_core::cli::args::{FormatArgs, InputArgs};

/// `--moves`: the king game's move set.
#[derive(Debug, Clone, Copy, Args)]
pub struct KingArgs {
    /// The king's moves [default: king20].
    #[arg(long, value_enum)]
    moves: Option<Moves>,
}

impl KingArgs {
    /// The move set asked for, king20 by default.
    pub fn king_moves(self) -> KingMoves {
        self.moves.unwrap_or(Moves::King20).king_moves()
    }
}

/// edmonds-blossom's own subcommands.
#[derive(Debug, Subcommand)]
pub enum Own {
    /// Every free cell as a start, from one matching: `Case #i:` then rows of W / L / #.
    ///
    /// Input: boards as in the default mode. Output per board: `Case #i:` then one row per board
    /// row: `W` where the first player (daizhenyang) wins when the king starts there, `L` where
    /// they lose, `#` for blocked cells. With --json: one JSON object per line and board with the
    /// fields game, board, move_set, free_cells, edges, maximum_matching, winning_starts and rows
    /// (the W/L/# rows).
    AllStarts {
        /// How the answers are printed.
        #[command(flatten)]
        format: FormatArgs,
        /// The king's move set.
        #[command(flatten)]
        king: KingArgs,
        /// The boards' file.
        #[command(flatten)]
        input: InputArgs,
    },
    /// Maximum matching of a general graph: the size, then the matched edges.
    ///
    /// Input (--format lc, Library Checker general_matching): `N M`, then M lines `u v` (0-based
    /// vertex ids). --format edges: a SNAP edge list, one `u v` per line (tab or space),
    /// `#` comment lines, any ids up to 2^63. --format mtx: a Matrix
    /// Market coordinate file (pattern/real/integer, any symmetry, values ignored). --format
    /// metis: a METIS/DIMACS10 graph file. Without --format the FILE's extension decides (.txt
    /// .edges .el: edges; .mtx; .graph .metis: metis; else lc). Limits, every format: at most
    /// 10^8 vertices (N, the rows of a matrix, an edge list's distinct ids; more than 10^7 only
    /// with at least a byte of input per vertex) and 5*10^8 edges (M, a matrix's entries, an edge
    /// list's lines). One rule for every format: a graph may be
    /// empty (`0 0`, a matrix `0 0 0`, a METIS `0 0`, an edge list without edges); self-loops and
    /// repeated edges are dropped, with a count on stderr (a vertex named only in a self-loop
    /// stays a vertex; a METIS self-loop is not one of its 2M list entries). Output names
    /// vertices by the input's own ids (an edge list's ids; 1-based for mtx and metis; 0-based
    /// for lc).
    ///
    /// Output: the size of a maximum matching, then one `u v` line per matched edge.
    /// With --certificate, three more lines `D k: ...`, `A k: ...`, `C k: ...`: the Gallai-Edmonds
    /// classes (D: missed by some maximum matching; A: neighbours of D; C: the rest), a verified
    /// Tutte-Berge proof that the matching is maximum. With --json: one JSON line with the fields
    /// vertices, edges, size, matching ([u, v] pairs) and, with --certificate, certificate.
    Matching {
        /// How the matching is printed.
        #[command(flatten)]
        format: FormatArgs,
        /// The graph's file, its format, and what more to print.
        #[command(flatten)]
        args: MatchingArgs,
    },
    /// Weighted matching of a general graph: the size and total weight, then the matched edges.
    ///
    /// Input (--format lc, Library Checker general_weighted_matching): `N M`, then M lines `u v w`
    /// (0-based vertex ids). --format edges: one `u v w` per line, `#` or `%` comment
    /// lines, any ids up to 2^63. --format dimacs: `c` comment lines, `p edge N M`, then M lines
    /// `e u v w` (1-based). --format mtx: a Matrix Market `coordinate integer` file (general or
    /// symmetric, 1-based; a real, complex or pattern file is refused). Without --format the
    /// FILE's extension decides (.txt .edges .el .wel: edges; .dimacs .col .gr: dimacs; .mtx;
    /// else lc). Limits, every format: at most 10^7 vertices and 5*10^7 edges; weights are
    /// integers with |w| <= min(2^40, 2^59 / (N + 1)), zero and negative ones included. A graph
    /// may be empty (`0 0`, `p edge 0 0`, a matrix `0 0 0`, an edge list without edges).
    /// Self-loops are dropped; of repeated edges the best copy for the objective counts (a count
    /// of both on stderr). Output names vertices by the input's own ids.
    ///
    /// Output: `size total_weight`, then one `u v` line per matched edge. --objective max (the
    /// default): the largest total weight; max-cardinality: the largest total weight among the
    /// maximum-cardinality matchings; min-cost-perfect: the smallest total weight among the
    /// perfect matchings (none: an error naming the Tutte-Berge deficiency, exit status 2).
    /// With --certificate, the verified dual solution that proves the answer optimal, all values
    /// doubled: one line `y ID 2y` per vertex, then one line `z 2z PARENT ID ...` per blossom (an
    /// odd vertex set) with a positive dual, listed as a forest: PARENT is the number (from 0) of
    /// the later `z` line of the smallest blossom holding it, or `-`, and the IDs are its own
    /// vertices, those in no smaller blossom. With --json: one JSON line with the fields
    /// objective, vertices, edges, size, total_weight, matching ([u, v] pairs) and, with
    /// --certificate, certificate (vertex_duals as [id, 2y], blossoms as {dual, parent,
    /// own_vertices}).
    WeightedMatching {
        /// How the matching is printed.
        #[command(flatten)]
        format: FormatArgs,
        /// The graph's file, its format, the objective and what more to print.
        #[command(flatten)]
        args: WeightedMatchingArgs,
    },
}

/// The options of `weighted-matching` besides `--json` and `--explain`.
#[derive(Debug, Args)]
pub struct WeightedMatchingArgs {
    /// What to optimise.
    #[arg(long, value_enum, default_value = "max")]
    pub objective: ObjectiveArg,
    /// Also print the dual certificate (verified before it is printed).
    #[arg(long)]
    pub certificate: bool,
    /// The input format [default: by the FILE's extension, else lc].
    #[arg(long = "format", value_enum, value_name = "FORMAT")]
    pub input_format: Option<WeightedInputFormat>,
    /// The graph's file.
    #[command(flatten)]
    pub input: InputArgs,
}

/// The objectives of `weighted-matching --objective`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ObjectiveArg {
    /// The largest total weight.
    Max,
    /// The largest total weight among the maximum-cardinality matchings.
    MaxCardinality,
    /// The smallest total weight among the perfect matchings.
    MinCostPerfect,
}

impl ObjectiveArg {
    /// The library's objective.
    pub fn objective(self) -> Objective {
        match self {
            ObjectiveArg::Max => Objective::MaxWeight,
            ObjectiveArg::MaxCardinality => Objective::MaxWeightMaxCardinality,
            ObjectiveArg::MinCostPerfect => Objective::MinCostPerfect,
        }
    }
}

/// The formats of `weighted-matching --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WeightedInputFormat {
    /// Library Checker general_weighted_matching: `N M`, then M lines `u v w`, 0-based.
    #[value(name = "lc")]
    LibraryChecker,
    /// Weighted edge list: `u v w` per line, `#`/`%` comments, ids up to 2^63.
    Edges,
    /// DIMACS: `p edge N M`, then `e u v w` lines, 1-based.
    Dimacs,
    /// Matrix Market coordinate integer, 1-based.
    Mtx,
}

impl WeightedInputFormat {
    /// The format a file's name chooses (the library's choice).
    pub fn from_path(path: &std::path::Path) -> Self {
        match WeightedFormat::from_path(path) {
            WeightedFormat::LibraryChecker => WeightedInputFormat::LibraryChecker,
            WeightedFormat::Edges => WeightedInputFormat::Edges,
            WeightedFormat::Dimacs => WeightedInputFormat::Dimacs,
            WeightedFormat::Mtx => WeightedInputFormat::Mtx,
        }
    }

    /// The library's format.
    pub fn weighted_format(self) -> WeightedFormat {
        match self {
            WeightedInputFormat::LibraryChecker => WeightedFormat::LibraryChecker,
            WeightedInputFormat::Edges => WeightedFormat::Edges,
            WeightedInputFormat::Dimacs => WeightedFormat::Dimacs,
            WeightedInputFormat::Mtx => WeightedFormat::Mtx,
        }
    }
}

/// The options of `matching` besides `--json` and `--explain`.
#[derive(Debug, Args)]
pub struct MatchingArgs {
    /// Also print the Gallai-Edmonds classes D, A, C (verified Tutte-Berge certificate).
    #[arg(long)]
    pub certificate: bool,
    /// Print on stderr how long each phase took (read, parse and build with its MB/s, greedy,
    /// searches, output).
    #[arg(long)]
    pub timings: bool,
    /// The input format [default: by the FILE's extension, else lc].
    #[arg(long = "format", value_enum, value_name = "FORMAT")]
    pub input_format: Option<InputFormat>,
    /// The graph's file.
    #[command(flatten)]
    pub input: InputArgs,
}

/// The graph formats of `matching --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Library Checker general_matching: `N M`, then M lines `u v`, 0-based.
    #[value(name = "lc")]
    LibraryChecker,
    /// SNAP edge list: `u v` per line, `#` comments, ids up to 2^63.
    Edges,
    /// Matrix Market coordinate (pattern, real, integer).
    Mtx,
    /// METIS / DIMACS10 adjacency lists.
    Metis,
}

impl InputFormat {
    /// The format a file's name chooses (the library's choice).
    pub fn from_path(path: &std::path::Path) -> Self {
        match GraphFormat::from_path(path) {
            GraphFormat::LibraryChecker => InputFormat::LibraryChecker,
            GraphFormat::Edges => InputFormat::Edges,
            GraphFormat::Mtx => InputFormat::Mtx,
            GraphFormat::Metis => InputFormat::Metis,
        }
    }

    /// The library's format.
    pub fn graph_format(self) -> GraphFormat {
        match self {
            InputFormat::LibraryChecker => GraphFormat::LibraryChecker,
            InputFormat::Edges => GraphFormat::Edges,
            InputFormat::Mtx => GraphFormat::Mtx,
            InputFormat::Metis => GraphFormat::Metis,
        }
    }
}

/// The king's move sets of `--moves`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Moves {
    /// 8 neighbours, 4 double diagonals, 8 knight jumps.
    King20,
    /// Up, down, left, right (the bipartite version).
    Orth4,
}

impl Moves {
    /// The library's name for the move set.
    pub fn king_moves(self) -> KingMoves {
        match self {
            Moves::King20 => KingMoves::King20,
            Moves::Orth4 => KingMoves::Orth4,
        }
    }
}
