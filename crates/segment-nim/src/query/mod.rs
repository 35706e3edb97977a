//! `query`: the value of any position (either side to move) and of every legal move, in the one
//! report model of `grid_core::report`.
//!
//! - [`notation`]: a move (`17 cw 3`, what `play` accepts) and a range of moves with one value
//!   (`17 cw 1-40`, what a report lists), and how they are written;
//! - [`analysis`]: a position analysed once in O(m) so that every move's value costs O(1) (its
//!   module doc explains how), and every move as maximal ranges of equal value; `child` is the
//!   O(1) update of the position's facts after one move;
//! - [`values`]: what a query finds, in the crate's own types ([`Query`]), and an outcome as a
//!   report value;
//! - [`entry`]: the entry points, [`query()`] (the report), [`solve_query`] and
//!   [`solve_query_until_stopped`] (the crate's own types);
//! - [`report`]: the report's game fields, what `--json` prints; `text` writes the text report
//!   and `--explain`'s reasoning.
//!
//! # Remoteness
//! The method decides who wins (or that nobody can force a win) but not how fast, so reports carry
//! no remoteness (`Eval::value_only`).

pub mod analysis;
mod child;
pub mod entry;
pub mod notation;
pub mod report;
mod text;
pub mod values;

pub use analysis::Analysis;
pub use entry::{Position, QueryOptions, query, solve_query, solve_query_until_stopped};
pub use notation::{Direction, MoveRange, NOTATION, Slide};
pub use report::{GAME, QueryFields, RangeFields, Report};
pub use values::{Query, eval_of, value_of};
