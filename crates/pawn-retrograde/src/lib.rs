//! `pawn-retrograde`: exact retrograde solver for the river-crossing pawn game.
//!
//! # The game
//!
//! An n×m board (n·m ≤ 2304, e.g. 48×48) of free cells and obstacles holds one black pawn `X` and two red pieces
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
//! F free cells (≤ 1.22·10¹⁰ for 2304 cells), no hash maps. The terminal states are enumerated
//! straight from the rules and form level 0. Each level is processed as a whole, generating
//! predecessors on the fly with "unmoves" (no edge lists are stored): a predecessor of a state lost
//! for its mover is a win one move longer; a predecessor of a state won by its mover gets one more
//! refuted move, and when all its moves are refuted it is a loss one move longer. Newly decided
//! states form the next level. Level order is distance order, so wins are fastest and losses
//! slowest (`solve::retrograde` explains why); states never decided are ties. The pass stops after
//! the first level that decides the states asked for (the start, plus Red's first moves for the
//! analyses; a `query` position and all its successors), which is exact because a decided state is
//! final.
//!
//! A level is a bitmap (1/8 byte per state, with a summary bit per 64-state word so a sparse level
//! is walked in time proportional to its size), walked in state order, which keeps the predecessor
//! accesses nearly sequential. The per-state data is one word holding both the count of moves not
//! refuted yet (set to the move count before the pass, so no move count is looked up while it
//! runs) and the decided value (module `solve::word`), 1 byte per state while distances stay below 246,
//! widened to 2 (then 4) bytes when they do not. The unmoves of one level are grouped by the
//! *block* (side to move and black cell) they write to, and every block is written by one task,
//! so a big board's level runs on every core with rayon and gives the same words as the
//! sequential pass (`solve::retrograde` explains why the blocks never collide). A level's states
//! are all lost for their mover (even distance) or all won (odd), so the sources' words are never
//! read during the pass.
//!
//! The rules are unchanged by the left–right mirror, so when a board's free cells are symmetric
//! under it (open boards, and any board whose obstacles are), a state and its mirror image have the
//! same value: the pass solves only the blocks with the pawn in the left half or the middle column,
//! about half of the states, and any other state reads its image's word (module `space`).
//!
//! # Complexity
//!
//! With S = F²(F−1) states: O(S) time (each state is processed at most once and has at most 8
//! predecessors) plus O(S/4096) per level for the bitmap summaries; memory 1 byte per state
//! (3 while the words are widened to 2 bytes), 2 × 1/8 byte per state for the current and next
//! levels — 15.3 GB for a 48×48 board, 1.3 GB for 32×32, 27 MB for 16×16; the pages of the blocks a
//! mirror-symmetric board leaves out are never touched (7.7 GB resident for an open 48×48 board,
//! 0.66 GB for 32×32). The memory a board can need ([`memory_needed`], counting only the blocks
//! the pass solves) is checked before anything is allocated ([`parse_input_within`]; the binary's
//! `--memory-limit`, by default what the machine has). The word array is filled
//! with the move counts before the pass (in parallel for a big board); the bitmaps are
//! allocated zeroed, so a pass that stops early never touches most of them. Boards of a file
//! with fewer than [`solve::PARALLEL_STATES`] states are solved in parallel with each other; bigger
//! ones one at a time, each pass on every core.
//!
//! # Example
//!
//! Read positions, then ask about one: its value and every move's, best first (the report
//! `pawn-retrograde query --json` prints). The judge's answers of start positions come from
//! [`parse_input`] and [`solve_boards`].
//!
//! ```
//! use pawn_retrograde::{Eval, Outcome, QueryOptions, parse_input, parse_positions, query, solve_boards};
//!
//! // Label, number of positions, then per position its size, the side to move (default red) and
//! // its rows: `.` free, `#` obstacle, `X` the black pawn, `O` a red piece.
//! let positions = parse_positions(b"example 1\n3 3 black\n...\n.X.\nO#O\n")?;
//! let report = query(&positions[0], &QueryOptions::default())?;
//! // Every move of the pawn with its value for Black, best first: stepping up to row 1 wins at
//! // once; stepping aside loses.
//! assert_eq!(report.eval, Eval::win(1));
//! assert_eq!((report.moves[0].notation.as_str(), report.moves[0].eval), ("2,2-1,2", Eval::win(1)));
//! assert_eq!((report.moves[1].notation.as_str(), report.moves[1].eval), ("2,2-2,1", Eval::lose(2)));
//! assert_eq!(report.detail.answer, "Black 1");
//!
//! // The same board as a start position (Red to move): the judge's answer.
//! let boards = parse_input(b"example 1\n3 3\n...\n.X.\nO#O\n")?;
//! assert_eq!(solve_boards(&boards), [Outcome::Black(2)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Boards can also be built without the parser: [`Board::new`] checks every piece against the
//! board, so a piece on an obstacle or two red pieces on one cell are refused ([`BoardError`]).
//!
//! # Design
//!
//! - `parse` ([`parse_input`], [`parse_positions`]): input → [`Board`]s and [`Position`]s, every
//!   error located by line and column;
//! - [`cellset`]: the board's free cells as a bitboard ([`CellSet`]);
//! - [`index`]: the widths of cell, pair and state numbers, and their limits;
//! - `space`: the state encoding, moves, unmoves and terminal states (internal);
//! - [`solve`]: the retrograde pass and its packed per-state word;
//! - [`analysis`]: principal variation and first-move values; [`explain`] renders them;
//! - [`mod@analyze`]: `analyze`, the whole game of a board ([`analyze::census`]): every position
//!   counted by value and remoteness (all, reachable from the board's position, up to the mirror
//!   image), the legal share of the state index, moves and branching factor, the longest wins and
//!   losses; one pass over a complete solution's words plus a breadth-first search;
//! - `position`: a board, its pieces and the side to move ([`Position`]), below `solve` and `query`;
//! - [`mod@query`]: any position (either side to move) with the value of every move, best first,
//!   and its report in the report model of `grid_core::report` (`--json`, JSON Lines);
//! - [`play`]: a person against the perfect opponent (`grid_core::cli::play`).

pub mod analysis;
pub mod analyze;
pub mod board;
pub mod cellset;
pub mod explain;
pub mod index;
mod parse;
pub mod play;
mod position;
pub mod query;
pub mod solve;
mod space;

use rayon::prelude::*;

pub use analysis::{Analysis, analyse, solve_outcome};
pub use board::{Board, BoardError};
pub use cellset::CellSet;
pub use grid_core::report::{Cell, Eval, MoveReport, PositionReport, Value};
pub use grid_core::{InputError, Stopped};
pub use parse::{human_bytes, parse_input, parse_input_within, parse_positions, parse_positions_within};
pub use query::{Position, QueryOptions, Report, query};
pub use solve::{Inconsistency, Outcome, Solution, StateValue, memory_needed};
pub use space::{Ending, Side, State, Terminal};

/// Whether `board` is big enough for its own pass to use every core
/// ([`solve::PARALLEL_STATES`] states or more).
pub fn is_big(board: &Board) -> bool {
    let f = board.open().len();
    f * f * f.saturating_sub(1) >= solve::PARALLEL_STATES
}

/// `run` on every item, in input order: the items of small boards in parallel with each other,
/// then those of big boards one at a time (each pass spreads over every core, and only one big
/// board's memory is alive at a time).
fn each_board<T: Sync, R: Send>(
    items: &[T],
    board: impl Fn(&T) -> &Board + Sync,
    run: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let mut results: Vec<Option<R>> = items.iter().map(|_| None).collect();
    results.par_iter_mut().zip(items).filter(|(_, item)| !is_big(board(item))).for_each(|(slot, item)| {
        *slot = Some(run(item));
    });
    for (slot, item) in results.iter_mut().zip(items).filter(|(_, item)| is_big(board(item))) {
        *slot = Some(run(item));
    }
    results.into_iter().map(|r| r.expect("every item is run once")).collect()
}

/// The outcome of every board, in input order (small boards in parallel, big ones one at a time,
/// each on every core).
pub fn solve_boards(boards: &[Board]) -> Vec<Outcome> {
    each_board(boards, |b| b, solve_outcome)
}

/// The query report of every position, in input order (as [`solve_boards`] runs them).
pub fn query_positions(positions: &[Position]) -> Vec<query::Query> {
    grid_core::stop::unstoppable(query_positions_until_stopped(positions, None))
}

/// [`query_positions`], each pass stopped before its next level once `stop` is set.
pub fn query_positions_until_stopped(
    positions: &[Position],
    stop: grid_core::StopFlag<'_>,
) -> Result<Vec<query::Query>, Stopped> {
    each_board(positions, Position::board, |position| query::solve_query_until_stopped(position, stop))
        .into_iter()
        .collect()
}

/// The `analyze` report of every board, in input order (as [`solve_boards`] runs them).
pub fn census_boards(boards: &[Board]) -> Vec<analyze::Census> {
    grid_core::stop::unstoppable(census_boards_until_stopped(boards, None))
}

/// [`census_boards`], each board's passes stopped once `stop` is set.
pub fn census_boards_until_stopped(
    boards: &[Board],
    stop: grid_core::StopFlag<'_>,
) -> Result<Vec<analyze::Census>, Stopped> {
    let numbered: Vec<(usize, &Board)> = boards.iter().enumerate().map(|(i, b)| (i + 1, b)).collect();
    each_board(&numbered, |(_, b)| b, |&(number, board)| analyze::census_until_stopped(board, number, stop))
        .into_iter()
        .collect()
}

/// The full analysis of every board, in input order (as [`solve_boards`] runs them).
pub fn analyse_boards(boards: &[Board]) -> Vec<Analysis> {
    each_board(boards, |b| b, analyse)
}

/// The examples of the crate's README.md (the page of the published package), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
