//! Rules 1–4 of the method: from the pawns to runs, big runs, chains, segments, safe segments,
//! threats and the Nim heaps.
//!
//! The walk never stores runs or segments: it recomputes them from the pawn array as it goes
//! (a run is a range of pawn indices, everything else follows from the two end positions), so a
//! board of millions of pawns needs no memory beyond its pawn array. `runs::run_boundary` finds
//! a pawn that starts a run, `runs::first_big_run` the first big run after it, and
//! `segments::walk` goes once round the circle from there, cutting it into segments that feed
//! `facts::FactsBuilder` (or finding that all big runs have one colour).

pub mod facts;
pub mod runs;
pub mod segments;

use crate::board::{Board, Colour};
pub use facts::{Facts, Observer, Side, Threat};
pub use runs::{Run, runs};
pub use segments::{Segment, SegmentKind};

/// What rules 1–4 make of a board.
// One `Shape` lives on the stack per board; boxing `Facts` would cost an allocation per board.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// A colour has no pawn, or the board is full: no structure to speak of.
    Trivial,
    /// Rule 1: every run is a single pawn (the colours alternate round the circle).
    NoBigRun,
    /// Rule 2: every big run has this colour.
    BigRunsOf(Colour),
    /// Rules 3–4: big runs of both colours; the facts rule 5 decides on.
    Contest(Facts),
}

/// Applies rules 1–4 to `board`, reporting segments, gaps and threats to `observer`.
pub fn analyse<O: Observer>(board: &Board, observer: &mut O) -> Shape {
    if board.count(Colour::White) == 0 || board.count(Colour::Black) == 0 || board.is_full() {
        return Shape::Trivial;
    }
    let Some(boundary) = runs::run_boundary(board) else {
        // Unreachable: both colours are present, so some pawn follows one of the other colour.
        return Shape::Trivial;
    };
    let from_boundary = runs::Cycle::new(board, boundary);
    let Some(big) = runs::first_big_run(&from_boundary) else {
        return Shape::NoBigRun;
    };
    let cycle = runs::Cycle::new(board, from_boundary.absolute(big));
    let mut builder = facts::FactsBuilder::new(observer);
    match segments::walk(&cycle, |segment| builder.push(segment)) {
        segments::WalkEnd::OneColour(colour) => Shape::BigRunsOf(colour),
        segments::WalkEnd::Segments => Shape::Contest(builder.finish()),
    }
}
