//! `pawn-retrograde`: exact retrograde solver for the river-crossing pawn game.
//!
//! # The game
//!
//! An n×m board (n·m ≤ 256) of free cells and obstacles holds one black pawn `X` and two red pieces
//! `O`. Red moves first. Red steps one of its pieces to an orthogonal free neighbour that is not the
//! other red piece (stepping onto the pawn captures it); Black steps the pawn up, left or right to a
//! free cell (stepping onto a red piece captures it). Before each move the game ends, checked in this
//! order, if (1) the pawn is in row 1: Black wins; (2) the pawn shares a cell with a red piece: the
//! side that just moved wins; (3) the side to move has no legal move: the other side wins. Winners
//! take the fastest win, losers the slowest loss; the answer is `Red k`, `Black k` (k = moves played
//! by both sides) or `Tie`.
//!
//! # Method
//!
//! Retrograde analysis over the whole state space (module `space`): a state is (side to move, black cell,
//! unordered pair of red cells), indexed densely over the free cells only, `2·F·F(F−1)/2` states for
//! F free cells (≤ 16.7 million), no hash maps. The terminal states are enumerated straight from the
//! rules and form level 0. Each level is processed state by state, generating predecessors on the
//! fly with "unmoves" (no edge lists are stored): a predecessor of a state lost for its mover is a
//! win one move longer; a predecessor of a state won by its mover gets one more refuted move, and
//! when all its moves are refuted it is a loss one move longer. Newly decided states form the next
//! level. Level order is distance order, so wins are fastest and losses slowest
//! (`solve::retrograde` explains why); states never decided are ties. The pass stops as soon as
//! the states asked for (the start, plus Red's first moves for the analyses; a `query` position
//! and all its successors) are decided, which is exact because a decided state is final.
//!
//! Two things keep the pass fast: each level is sorted by state index before it is processed, which
//! turns the predecessor accesses into nearly sequential ones, and the per-state data is one word
//! holding both the refutation counter and the decided value (module `solve::cell`), 1 byte per state
//! while distances stay below 120, widened in place to 2 (then 4) bytes when they do not.
//!
//! # Complexity
//!
//! With S = F²(F−1) states: O(S) time (each state is processed at most once and has at most 8
//! predecessors) plus the level sorts (a bitmap scan of S/64 words for a large level, a comparison
//! sort for a small one); memory 1–2 bytes per state for the words, 4 bytes per state of the two
//! largest levels, S/8 bytes of sorting bitmap — about 27 MB for an open 16×16 board. The word array
//! and the level buffers are allocated zeroed, so a pass that stops early never touches most of them.
//! Boards of a file are solved in parallel with rayon.
//!
//! # Example
//!
//! Solve the boards of an input, then ask about one position: its value and every move's, best
//! first (the same report `pawn-retrograde query` prints).
//!
//! ```
//! use grid_core::Eval;
//! use pawn_retrograde::{Outcome, Position, Side, parse_input, query, solve_boards};
//!
//! // Label, number of boards, then per board its size and rows: `.` free, `#` obstacle,
//! // `X` the black pawn, `O` a red piece.
//! let input = b"example 1\n3 3\n...\n.X.\nO#O\n";
//! let boards = parse_input(input)?;
//! assert_eq!(solve_boards(&boards), [Outcome::Black(2)]);
//!
//! // The same board with Black to move: every move of the pawn, with its value for Black, best
//! // first. Stepping up to row 1 wins at once; stepping aside loses.
//! let report = query(&Position::new(boards[0].clone(), Side::Black));
//! let moves: Vec<(String, Eval)> =
//!     report.evaluation.moves.iter().map(|m| (m.notation.to_string(), m.eval)).collect();
//! assert_eq!(moves[0], ("2,2-1,2".to_string(), Eval::win(1)));
//! assert_eq!(moves[1], ("2,2-2,1".to_string(), Eval::lose(2)));
//! assert_eq!(report.evaluation.eval(), Eval::win(1));
//! # Ok::<(), grid_core::InputError>(())
//! ```
//!
//! Boards can also be built without the parser: [`Board::new`] checks every piece against the
//! board, so a piece on an obstacle or two red pieces on one cell are refused ([`BoardError`]).
//!
//! # Design
//!
//! - `parse` ([`parse_input`], [`parse_queries`]): input → [`Board`]s, every error located by line
//!   and column;
//! - [`index`]: the widths of cell, pair and state numbers, and their limits;
//! - `space`: the state encoding, moves, unmoves and terminal states (internal);
//! - [`solve`]: the retrograde pass and its packed per-state word;
//! - [`analysis`]: principal variation and first-move values; [`explain`] renders them;
//! - [`mod@query`]: any position (either side to move) with the value of every move, best first;
//!   [`json`] puts it in the report model of `grid_core::report` (`--json`, JSON Lines);
//! - [`play`]: a person against the perfect opponent (`grid_core::cli::play`).

pub mod analysis;
pub mod board;
pub mod explain;
pub mod index;
pub mod json;
mod parse;
pub mod play;
pub mod query;
pub mod solve;
// The state space: pub only for the crate's integration tests (`tests/unmoves.rs`, `tests/oracle.rs`
// check moves and unmoves against the rules) and `examples/stats.rs`; not part of the API.
#[doc(hidden)]
pub mod space;

use rayon::prelude::*;

pub use analysis::{Analysis, analyse, solve_outcome};
pub use board::{Board, BoardError};
pub use parse::{parse_input, parse_queries};
pub use query::{Position, query};
pub use solve::{Outcome, Solution, Value};
pub use space::Side;

/// The outcome of every board, solved in parallel, in input order.
pub fn solve_boards(boards: &[Board]) -> Vec<Outcome> {
    boards.par_iter().map(solve_outcome).collect()
}

/// The query report of every position, in parallel, in input order.
pub fn query_positions(positions: &[Position]) -> Vec<query::Query> {
    positions.par_iter().map(query).collect()
}

/// The full analysis of every board, in parallel, in input order.
pub fn analyse_boards(boards: &[Board]) -> Vec<Analysis> {
    boards.par_iter().map(analyse).collect()
}
