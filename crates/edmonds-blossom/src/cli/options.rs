//! The binary's own options and subcommands: the king's move set, `all-starts` and `matching`.

use clap::{Args, Subcommand, ValueEnum};
use edmonds_blossom::GraphFormat;
use edmonds_blossom::query::KingMoves;
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
    /// vertex ids, 1 <= N). --format edges: a SNAP edge list, one `u v` per line (tab or space),
    /// `#` comment lines, any ids up to 2^63. --format mtx: a Matrix
    /// Market coordinate file (pattern/real/integer, any symmetry, values ignored). --format
    /// metis: a METIS/DIMACS10 graph file. Without --format the FILE's extension decides (.txt
    /// .edges .el: edges; .mtx; .graph .metis: metis; else lc). Self-loops and repeated edges of
    /// edge lists and matrices are dropped, with a count on stderr (a vertex named only in a
    /// self-loop stays a vertex). Output names vertices by the
    /// input's own ids (an edge list's ids; 1-based for mtx and metis; 0-based for lc).
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
    /// The library's name for the format.
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
