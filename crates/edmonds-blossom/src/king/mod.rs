//! The no-revisit king game of HDU 3446 on top of the matching library: boards ([`board`]), the
//! move graph of a board and the answer for every start ([`game`]), any position with the value of
//! every move and the `play` game ([`query`](mod@query)), and what the binary prints ([`report`]).

pub mod board;
pub mod game;
pub mod query;
pub mod report;
