//! `lattice-dp`: exact minimax for the staircase cell-taking game, up to 22 × 22 (n + m ≤ 44, n · m ≤ 484).
//!
//! # The game
//! An `n × m` board; cell (i, j) carries `A[i][j]` (worth it to the first player) and `B[i][j]` (to the
//! second). Players alternately take an empty cell, the first player first, until the board is full.
//! A cell may be taken only once every cell above it in its column and left of it in its row is
//! taken, so the taken cells always form a Young diagram anchored at the top-left corner. Each
//! player maximises (own total − other's total); the answer is first − second under optimal play.
//!
//! # Method
//! A position is the boundary of the diagram: a lattice path of `n` up-steps and `m` right-steps,
//! one bit per step in a `u64` (module `path` documents the encoding; [`index`] names every index width), so there are C(n+m, n) positions
//! (601,080,390 at 16 × 16). Who moves follows from the number of taken cells `k` (the first player
//! iff `k` is even). A move turns one `10` pair of the path into `01` and takes one cell, so
//! positions fall into layers by `k`, and layer `k` depends only on layer `k + 1`. Negamax,
//! `V(s) = max over moves (mover's value of the cell − V(s after it))`, is evaluated layer by layer
//! from the full board (`V = 0`) down to the empty board, with only two layers in memory.
//!
//! Dense indexing within a layer (see `solve::layer`): the path is cut into a left half (first
//! `⌈(n+m)/2⌉` steps) and a right half (≤ 22 steps each). The area of a path is
//! area(left) + area(right) + a term depending only on the left half's number of up-steps, so a
//! layer is a union of products (left class) × (right class), where a class is (ones, area) of a
//! half. A state's index is `group base + rank(left) · row length + rank(right)`, with per-half rank
//! tables of at most 2^22 entries. A move inside the left half maps a whole row (fixed left half, every
//! right half) onto one row of the next layer — a streaming loop; moves inside the right half and
//! across the cut are tabulated per right half and gather from one small row of the next layer,
//! widened first into a per-thread scratch row.
//!
//! # Complexity
//! Time O(C(n+m, n) · min(n, m)) (moves per state), with O(1) table lookups per move. Memory:
//! two layers of values (the largest layer of 16 × 16 has 8.9 M states: about 150 MB at 8 bytes) plus
//! the half tables (a few MB; tens of MB at 20 × 20, about 550 MB at 22 × 22, of which 59 MB for
//! the masks of 22 steps that every board of n + m = 44 has, 1 × 43 too). A value takes 4 bytes
//! when the board's values
//! allow, else 8, or packed 5 when 8-byte layers would take more than half the memory limit
//! (`solve::ValueWidth`); the plan ([`Plan`]) is computed from the board before anything is
//! allocated, and [`solve_with`] refuses a solve beyond its memory limit. Its stop flag ends a solve
//! at a layer boundary (Ctrl-C in the binary). Each layer is computed in parallel with `rayon`, its
//! rows by AVX2 code when the processor has it. Asking for the optimal
//! game (`--explain`, `--json`) adds one byte per state of every layer — the path step of the best
//! move (of equal best moves, the lowest step) — which is replayed from the empty board (C(n+m, n) bytes: 601 MB at 16 × 16, 9.1 GB at
//! 18 × 18).
//!
//! # The optimal game within a memory limit
//! When those steps do not fit what the limit leaves after the two layers and tables, the game is
//! recorded in segments of layers, lowest first, one sweep (pass) per segment (`solve::game`):
//! pass 1 is the full solve, keeping the steps of the lowest layers `0..s_1` only (the last ones it
//! computes), replayed from the empty board to a position `P_1` of layer `s_1`; pass 2 sweeps again
//! from the full board down to layer `s_1`, only the rows whose left half may contain `P_1` (every
//! state containing `P_1` depends only on states containing it), keeping the layers `s_1..s_2`, and
//! replays them from `P_1`; and so on up to the full board. A segment is the longest run of layers
//! whose full layers' steps fit the budget, so the steps never take more than the budget, and a
//! game is refused only when the largest layer's steps alone do not fit. Cost: pass `i ≥ 2`
//! re-sweeps the layers above `s_{i−1}`, restricted to the rows that may contain `P_{i−1}`, which
//! skips most of them (16 × 16: 2 passes take about 1.2× the time of one, 7 passes about 2×;
//! 18 × 18 within 3 GiB: 7 passes, 1.24×; docs/BENCHMARKS.md). The game is the one-pass game, move
//! for move (the same best steps are recorded for the states replayed).
//!
//! # Past one machine: the distributed sweep
//! [`solve_distributed`] splits every layer among `P` ranks ([`solve::distributed::partition`]): the rows of a
//! layer, ordered by the path's heights at a few steps of the left half, are cut into runs of
//! about equal state count; a move changes those heights only at those steps, so most moves read
//! the rank's own rows. A rank computes its rows in batches, each reading at most half a share of
//! other ranks' rows; before each batch, one exchange brings it those rows
//! ([`solve::distributed`], through the [`solve::distributed::Exchange`] trait: threads of one
//! process, or with the feature `mpi` the processes of an MPI job), so a rank holds its two
//! shares and one batch, whatever `P`. Each rank computes its rows
//! with the single process's kernel, so the values are bit-identical. [`Plan::for_ranks`] gives
//! each rank's peak and the traffic from the board alone; [`Plan::for_ranks_of_shape`] from its
//! [`board::Shape`] (size and value bound): `lattice-dp plan` plans the boards a cluster would
//! solve.
//!
//! # Queries and play
//! [`query`](mod@query) answers any position: a board with a taken diagram (row lengths). Its `score` is the
//! best (mover's future gain − opponent's future gain); each takeable cell gets `gain − score` of
//! the position after it. All moves come from ONE sweep ([`solve::child_values`]): the layers from
//! the full board down to the one just after the diagram, skipping every row whose left half cannot
//! contain the diagram; the position's own score is the best of its moves. An empty diagram costs
//! what the default answer costs, less one layer. With [`Line::Optimal`] the same sweep records the
//! best step of every state below the position (a byte per state of those layers) and the report
//! carries `pv`, one optimal game from the position. `play` (feature `cli`) runs a session against
//! the solver with `grid_core::cli::play`; each turn is one query of the current position.
//!
//! # The whole game: `analyze`
//! [`analyze`](mod@analyze) counts every state of a board (C(n+m, n) Young diagrams) per layer and
//! by the optimal score difference for the side to move, in power-of-two buckets, and gives one
//! optimal game with both players' running totals. The counts are taken inside the sweep of the
//! solve with the optimal game: the sweep is generic over a [`solve::census::Tally`] that each
//! rayon task fills with the rows it computes (nothing for a plain solve), merged per layer.
//!
//! Reports follow `grid_core::report` (docs/REPORT.md): cells are 1-based `row,column`.
//!
//! # Example
//!
//! ```
//! use lattice_dp::{Board, Eval, QueryOptions, parse_board, parse_positions, query, value};
//!
//! // A position of the query format: `n m`, the first player's values A and the second player's
//! // values B row by row, then the taken diagram as row lengths (here the corner cell is taken).
//! let positions = parse_positions(b"2 2\n1 2\n3 4\n4 3\n2 1\ntaken 1 0\n")?;
//! // Its score (mover's future gain minus the opponent's) and every takeable cell's, best first.
//! let report = query(&positions[0], &QueryOptions::default())?;
//! assert_eq!(report.to_move, "second");
//! assert_eq!(report.moves.len(), 2);
//! assert_eq!(report.eval, report.moves[0].eval);
//!
//! // A progress observer sees each layer of the sweep.
//! let layers = std::cell::Cell::new(0);
//! let count = |_| layers.set(layers.get() + 1);
//! query(&positions[0], &QueryOptions { progress: Some(&count), ..QueryOptions::default() })?;
//! assert!(layers.get() > 0);
//!
//! // The default answer: the score of the empty board (`n m`, A, B), also of a board built
//! // directly (n, m, A and B in row-major order).
//! let board = parse_board(b"2 2\n1 2\n3 4\n4 3\n2 1\n")?;
//! let same = Board::new(2, 2, vec![1, 2, 3, 4], vec![4, 3, 2, 1]).expect("a valid board");
//! assert_eq!(value(&same), value(&board));
//! let start = query(&lattice_dp::Position::start(board), &QueryOptions::default())?;
//! assert_eq!(start.eval, Eval::score(value(&same)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! `cli` (default): the binary, its progress bar (module `progress`) and the module `play`. Without it the
//! library needs neither clap nor indicatif nor serde_json. `mpi` (off by default): module `solve::distributed::mpi`,
//! the ranks of an MPI job through the `mpi` crate (rsmpi), for `lattice-dp-mpi --distributed` (the
//! binary `lattice-dp-mpi`, built only with this feature); it needs
//! an MPI library (Open MPI: `libopenmpi-dev`) and `libclang-dev`.
//!
//! # Modules
//! [`analyze`](mod@analyze) (every state counted, the optimal game with running totals), [`board`]
//! (limits, values), `parse` (input: [`parse_board`]), `path` (the state encoding, internal), [`solve`](mod@solve) (the
//! layered sweep, its half-path tables and inner loop), [`query`](mod@query) (any position: its score and every
//! move's, as a `grid_core` report; the `--json` line), `play` (the `play` session, feature `cli`), [`explain`]
//! (the optimal game for people), `progress` (the terminal progress bar, feature `cli`).

pub mod analyze;
pub mod board;
pub mod explain;
pub mod index;
mod parse;
mod path;
#[cfg(feature = "cli")]
pub mod play;
#[cfg(feature = "cli")]
pub mod progress;
pub mod query;
pub mod solve;

pub use board::{Board, BoardError};
pub use grid_core::report::{Cell, Eval, MoveReport, PositionReport, Value};
pub use grid_core::{InputError, Stopped};
pub use parse::parse_board;
pub use query::{Position, QueryOptions, Report, parse_positions, query};
pub use solve::{
    ChildValue, Children, DistributedPlan, Line, Mode, Options, Plan, Progress, Solution, SolveError,
    ValueWidth, child_values, child_values_until_stopped, children_until_stopped, solve, solve_distributed,
    solve_with, state_count, value,
};

/// The examples of the crate's README.md (the page of the published package), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
