//! The no-revisit king game of HDU 3446 on top of the matching library: boards ([`board`]), the
//! move graph of a board and the answer for every start ([`game`]), the whole game of a board
//! counted ([`analyze`](mod@analyze)), any position with the value of
//! every move and the `play` game ([`query`](mod@query)), and what the binary prints ([`report`]).

pub mod analyze;
pub mod board;
pub mod game;
pub mod query;
pub mod report;
