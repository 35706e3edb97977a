//! `position`: a board with its pieces and the side to move, the unit `query`, `play` and the
//! solver's targets share.

use crate::board::Board;
use crate::space::{Side, State, StateSpace};

/// A position to query: a board, where its three pieces stand, and the side to move.
///
/// Every [`Board`] is valid (its constructors check that every piece stands on a free cell and the
/// two red pieces on different cells), so every board and side make a position. The black pawn
/// may stand in row 1 (the game is over: Black has won) or share a cell with a red piece (a
/// capture: the game is over, the side that just moved won). Legal moves lead to captures, so a
/// position can be one; the input format cannot write one (one character per cell), so `query`
/// input never holds one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    to_move: Side,
}

impl Position {
    /// The position of `board`'s pieces with `to_move` to move.
    pub fn new(board: Board, to_move: Side) -> Position {
        Position { board, to_move }
    }

    /// The start position of a parsed board (Red to move).
    pub fn start(board: &Board) -> Position {
        Position { board: board.clone(), to_move: Side::Red }
    }

    /// The board and its pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The state of this position in `space` (the state space of this position's board).
    pub(crate) fn state(&self, space: &StateSpace) -> State {
        State { to_move: self.to_move, ..space.start() }
    }
}
