//! `play`: a person against the perfect opponent, through [`grid_core::cli::play`].
//!
//! The board of the session is solved once, completely (every state of it gets its value), so
//! every position the game reaches is answered by a table lookup. Sides are `red` (0) and `black`
//! (1); moves are written `FROM-TO` ([`crate::query::Notation`]).

use grid_core::play::{GameResult, PlayGame, PlayMove};

use crate::analysis::{self, ending_reason};
use crate::board::Board;
use crate::position::Position;
use crate::query::{Notation, evaluate};
use crate::solve::Solution;
use crate::space::{Side, State, StateSpace};

/// The names of the sides, as `--as` accepts them (index 0 = Red, 1 = Black).
pub const SIDES: [&str; 2] = ["red", "black"];

/// The index of a side in [`SIDES`].
pub fn side_index(side: Side) -> usize {
    match side {
        Side::Red => 0,
        Side::Black => 1,
    }
}

/// A session's game: the board, solved completely.
pub struct Game {
    board: Board,
    solution: Solution,
}

impl Game {
    /// Solves the board of `position` completely; returns the game and the position's state.
    pub fn new(position: &Position) -> (Game, State) {
        let space = StateSpace::new(position.board());
        let state = position.state(&space);
        let solution = Solution::complete(space);
        (Game { board: position.board().clone(), solution }, state)
    }

    /// The solution of the board (every state decided or a tie).
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// Where the pieces of `state` stand (red pieces in reading order).
    fn pieces(&self, state: State) -> analysis::Position {
        let space = self.solution.space();
        let [a, b] = space.pair_cells(state.pair);
        analysis::Position {
            black: space.position(state.black),
            reds: [space.position(a), space.position(b)],
        }
    }
}

impl PlayGame for Game {
    type Position = State;

    fn sides(&self) -> [&'static str; 2] {
        SIDES
    }

    fn to_move(&self, state: &State) -> usize {
        side_index(state.to_move)
    }

    fn draw(&self, state: &State) -> String {
        let mut out = String::new();
        crate::explain::draw(&mut out, &self.board, self.pieces(*state));
        if self.solution.space().terminal(*state).is_none() {
            let side = match state.to_move {
                Side::Red => "Red",
                Side::Black => "Black",
            };
            out.push_str(&format!("{side} to move.\n"));
        }
        out
    }

    fn result(&self, state: &State) -> Option<GameResult> {
        let terminal = self.solution.space().terminal(*state)?;
        Some(GameResult {
            winner: Some(side_index(terminal.winner)),
            reason: ending_reason(terminal).to_string(),
        })
    }

    fn moves(&mut self, state: &State) -> Result<Vec<PlayMove<State>>, String> {
        let evaluation = evaluate(&self.solution, *state);
        Ok(evaluation
            .moves
            .iter()
            .map(|m| PlayMove { notation: m.notation.to_string(), eval: m.eval, next: m.next })
            .collect())
    }

    fn notation(&self) -> &'static str {
        "FROM-TO with 1-based row,column cells, e.g. 5,1-4,1 moves the piece on row 5, column 1 up \
         one row (A, B = red pieces, X = black pawn; row 1 is the top)"
    }

    fn normalize(&self, text: &str) -> Result<String, String> {
        text.parse::<Notation>().map(|n| n.to_string())
    }

    fn legend(&self) -> Option<&'static str> {
        Some("A, B = the red pieces (written O in the input), X = the black pawn, # = an obstacle.")
    }

    fn why_illegal(&mut self, state: &State, text: &str) -> Option<String> {
        let Notation { from, to } = text.parse().ok()?;
        let dims = self.board.dims();
        let cell = |pos: grid_core::Pos| grid_core::report::Cell::of(pos).to_string();
        for pos in [from, to] {
            if pos.row >= dims.rows || pos.col >= dims.cols {
                return Some(format!("{} is off the board ({}x{})", cell(pos), dims.rows, dims.cols));
            }
        }
        let pieces = self.pieces(*state);
        match state.to_move {
            Side::Red if !pieces.reds.contains(&from) => {
                return Some(format!("no red piece stands on {}", cell(from)));
            }
            Side::Black if pieces.black != from => {
                return Some(format!("the black pawn does not stand on {}", cell(from)));
            }
            _ => {}
        }
        if from.row.abs_diff(to.row) + from.col.abs_diff(to.col) != 1 {
            return Some(format!("{} is not an orthogonal neighbour of {}", cell(to), cell(from)));
        }
        if state.to_move == Side::Black && to.row > from.row {
            return Some("the black pawn never steps down".into());
        }
        if !self.board.is_open(to) {
            return Some(format!("{} is an obstacle", cell(to)));
        }
        (state.to_move == Side::Red && pieces.reds.contains(&to))
            .then(|| format!("the other red piece stands on {}", cell(to)))
    }
}
