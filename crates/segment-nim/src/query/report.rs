//! The report's game fields (what `--json` prints besides the report model's own): a move range's
//! pawn, direction and distances, and a position's number of fields, pawns, answer and legal moves.

use grid_core::report::{MoveReport, PositionReport};
use serde::Serialize;

use super::notation::Direction;
use super::values::{Query, eval_of};
use crate::board::{Board, Colour};
use crate::rules::Answer;

/// The `game` name in every report.
pub const GAME: &str = "segment-nim";

/// The report of a queried position.
pub type Report = PositionReport<QueryFields, RangeFields>;

/// The game fields of a move range in JSON: `"pawn"`, `"direction"`, `"distances": [first, last]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RangeFields {
    /// The field of the pawn.
    pub pawn: u64,
    /// `cw` or `ccw`.
    pub direction: Direction,
    /// The first and last distance of the range.
    pub distances: [u64; 2],
}

/// The game fields of a queried position in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QueryFields {
    /// Fields on the circle.
    pub n: u64,
    /// White pawns.
    pub white: usize,
    /// Black pawns.
    pub black: usize,
    /// Who wins with this side to move: `B` white, `C` black, `R` nobody can force a win.
    pub answer: Answer,
    /// Number of legal moves (pawn, direction, distance) of the side to move.
    pub legal_moves: u64,
}

impl Query {
    /// The moves in the report model.
    pub fn move_reports(&self) -> Vec<MoveReport<RangeFields>> {
        self.moves
            .iter()
            .map(|r| MoveReport {
                notation: r.notation(),
                detail: RangeFields { pawn: r.pawn, direction: r.direction, distances: [r.first, r.last] },
                eval: eval_of(r.outcome),
            })
            .collect()
    }

    /// The report of this query on `board`, the `number`-th of the input, with `detail` as its
    /// game fields.
    pub fn report<P: Serialize>(&self, number: usize, detail: P) -> PositionReport<P, RangeFields> {
        PositionReport {
            game: GAME,
            board: number,
            to_move: self.mover.name(),
            eval: eval_of(self.outcome),
            detail,
            moves: self.move_reports(),
        }
    }

    /// The `query` report's own game fields.
    pub fn fields(&self, board: &Board) -> QueryFields {
        QueryFields {
            n: board.n(),
            white: board.count(Colour::White),
            black: board.count(Colour::Black),
            answer: Answer::from_outcome(self.mover, self.outcome),
            legal_moves: self.legal_moves,
        }
    }
}
