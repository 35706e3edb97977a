//! `--json` (default mode and `query`): one [`PositionReport`] per board or position, JSON Lines.
//!
//! ```json
//! {"game":"pawn-retrograde","board":1,"to_move":"red","value":"lose","remoteness":2,
//!  "answer":"Black 2","pv":["3,1-2,1","2,2-1,2"],"end":"the black pawn stands in row 1, so Black wins",
//!  "moves":[{"move":"3,1-2,1","piece":"A","from":[3,1],"to":[2,1],"value":"lose","remoteness":2},…]}
//! ```
//!
//! The field table is in `docs/REPORT.md` (section pawn-retrograde).

use grid_core::report::PositionReport;
use serde::Serialize;

pub use crate::query::{MoveFields, move_reports};
use crate::query::{Notation, Query, end_reason, side_word};

/// The game's name in reports.
pub const GAME: &str = "pawn-retrograde";

/// The pawn game's own fields of a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionFields {
    /// The judge's words for the position: `Red k`, `Black k` (k moves from here) or `Tie`.
    pub answer: String,
    /// The principal variation, as move notations (optimal play; a tie line stops at its first
    /// repetition).
    pub pv: Vec<String>,
    /// Why the principal variation stops.
    pub end: String,
}

/// The report of one board or position.
pub type Report = PositionReport<PositionFields, MoveFields>;

/// The report of board (or query) number `number` (1-based).
pub fn report(number: usize, query: &Query) -> Report {
    let e = &query.evaluation;
    let pv = query.line.iter().map(|(mv, _)| Notation { from: mv.from, to: mv.to }.to_string()).collect();
    PositionReport {
        game: GAME,
        board: number,
        to_move: side_word(e.to_move),
        eval: e.eval(),
        detail: PositionFields { answer: e.outcome().to_string(), pv, end: end_reason(query.end) },
        moves: move_reports(&e.moves),
    }
}
