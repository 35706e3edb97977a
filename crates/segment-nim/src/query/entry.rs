//! The entry points: [`query()`] (a position's report, what `segment-nim query --json` prints),
//! [`solve_query`] and [`solve_query_until_stopped`] (the values in the crate's own types, which
//! the text report and `play` read).

use grid_core::report::sort_best_first;
use grid_core::stop::{self, StopFlag, Stopped, unstoppable};

use super::analysis::Analysis;
use super::notation::MoveRange;
use super::report::Report;
use super::values::{Query, eval_of};
use crate::board::{Board, Colour};

/// A position of a query: a board and the side to move (any board with either side to move is
/// one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    to_move: Colour,
}

impl Position {
    /// The position of `board` with `to_move` to move.
    pub fn new(board: Board, to_move: Colour) -> Position {
        Position { board, to_move }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }
}

/// What [`query`] is asked besides the position.
#[derive(Debug, Clone, Copy)]
pub struct QueryOptions<'a> {
    /// The position's number in its input, 1-based: the report's `board` field.
    pub number: usize,
    /// Checked between the steps of the solve (the analysis of the circle, the move ranges, their
    /// order, the report): once it is set, [`query`] returns [`Stopped`] (`None`: the solve runs
    /// to its end). Each step is linear in the pawns (m log m for the order).
    pub stop: StopFlag<'a>,
}

impl Default for QueryOptions<'_> {
    /// The first position of an input, no stop flag.
    fn default() -> Self {
        QueryOptions { number: 1, stop: None }
    }
}

/// The report of `position` (what `segment-nim query --json` prints): its value and every move's,
/// as ranges of distances with one value, best first. O(m log m) for m pawns, whatever `n`;
/// [`Stopped`] only when [`QueryOptions::stop`] was set.
pub fn query(position: &Position, options: &QueryOptions) -> Result<Report, Stopped> {
    let q = solve_query_until_stopped(&position.board, position.to_move, options.stop)?;
    stop::check(options.stop)?;
    Ok(q.report(options.number, q.fields(&position.board)))
}

/// Analyses `board` with `mover` to move: the position's value and every move's value, in the
/// crate's own types (the text report and `play` read these).
pub fn solve_query(board: &Board, mover: Colour) -> Query {
    unstoppable(solve_query_until_stopped(board, mover, None))
}

/// [`solve_query`], checking `stop` between its steps.
pub fn solve_query_until_stopped(board: &Board, mover: Colour, stop: StopFlag<'_>) -> Result<Query, Stopped> {
    let analysis = Analysis::new(board);
    stop::check(stop)?;
    let mut moves = analysis.ranges(mover);
    stop::check(stop)?;
    sort_best_first(&mut moves, |r| eval_of(r.outcome));
    let legal_moves = moves.iter().map(MoveRange::len).sum();
    Ok(Query { mover, outcome: analysis.outcome(mover), moves, legal_moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Outcome;

    #[test]
    fn the_first_sample() {
        // 9 fields: black 2, white 3, black 5 6, white 8; white to move loses (answer C).
        let board = Board::from_positions(9, &[3, 8], &[2, 5, 6]).unwrap();
        let q = solve_query(&board, Colour::White);
        assert_eq!(q.outcome, Outcome::Lose);
        assert_eq!(q.legal_moves, 1 + 1 + 2);
        assert!(q.moves.iter().all(|r| r.outcome == Outcome::Lose));
    }
}
