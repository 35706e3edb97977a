//! `--json` (default mode and `query`): one
//! [`PositionReport`](grid_core::report::PositionReport) per board or position, JSON Lines.
//!
//! ```json
//! {"game":"pawn-retrograde","board":1,"to_move":"red","value":"lose","remoteness":2,
//!  "answer":"Black 2","pv":["3,1-2,1","2,2-1,2"],"end":"the black pawn stands in row 1, so Black wins",
//!  "moves":[{"move":"3,1-2,1","piece":"A","from":[3,1],"to":[2,1],"value":"lose","remoteness":2},…]}
//! ```
//!
//! The field table is in `docs/REPORT.md` (section pawn-retrograde). The types live in
//! [`query`](mod@crate::query), beside the query they report; this module names them for readers
//! of the JSON.

pub use crate::query::{GAME, MoveFields, PositionFields, Report, move_reports, report};
