//! Rule 3: cutting the circle into segments along the chains between consecutive big runs.

use serde::Serialize;

use super::runs::Cycle;
use crate::board::Colour;

/// How a segment came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SegmentKind {
    /// A big run that merged with nothing.
    Run,
    /// Big runs of one colour merged with the odd-length chains of single pawns between them.
    Merged,
    /// A single pawn of a chain between big runs of different colours (never safe, never a threat).
    Single,
}

/// A segment: a range of consecutive pawns owned by one colour (a merged segment also holds the
/// other colour's single pawns between its big runs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Segment {
    /// The owner.
    pub colour: Colour,
    /// How it came about.
    pub kind: SegmentKind,
    /// Absolute index (clockwise from field 1) of its first pawn.
    #[serde(skip)]
    pub start: usize,
    /// Pawns inside, of both colours.
    pub pawns: usize,
    /// Field of the first pawn.
    pub first: u64,
    /// Field of the last pawn.
    pub last: u64,
    /// Empty fields between the first and the last pawn; the segment is *tight* when this is 0.
    pub slack: u64,
    /// Empty fields up to the next segment.
    pub gap: u64,
    /// Whether that gap is a Nim heap (kept) rather than dead.
    pub gap_kept: bool,
}

impl Segment {
    /// Rule 4: at least 3 pawns and not tight, so the owner can shuffle inside forever.
    pub fn is_safe(&self) -> bool {
        self.pawns >= 3 && self.slack > 0
    }

    /// Rule 4: at least 3 pawns and tight, so every adjacent gap > 0 is a threat of the owner.
    pub fn is_tight_big(&self) -> bool {
        self.pawns >= 3 && self.slack == 0
    }
}

/// Where the walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WalkEnd {
    /// Every chain was even: all big runs have this colour (rule 2); nothing was emitted.
    OneColour(Colour),
    /// Every segment was emitted, in clockwise order (starting anywhere).
    Segments,
}

/// Calls `emit` with every segment in clockwise order, or finds that rule 2 applies.
///
/// `cycle` must start at the first pawn of a big run. Whether a segment starts there is known
/// only at the end of the walk (when the chain back to it turns out odd), so the first segment is
/// held back and emitted last, on its own or joined with the segment that reaches it.
pub(crate) fn walk(cycle: &Cycle<'_>, mut emit: impl FnMut(Segment)) -> WalkEnd {
    let m = cycle.len();
    // The big run the walk stands on: rotated index of its first pawn, its pawns, its colour.
    let (mut big_start, mut big_pawns, mut colour) = (0, cycle.run_len(0), cycle.colour(0));
    let mut segment_first = 0;
    // (pawns, kind) of the segment starting at rotated index 0, once it is known to end.
    let mut held: Option<(usize, SegmentKind)> = None;
    loop {
        // The chain after the big run: single pawns up to the next big run (index m = the start).
        let chain_start = big_start + big_pawns;
        let mut next = chain_start;
        while next < m && cycle.is_single(next) {
            next += 1;
        }
        let singles = next - chain_start;
        let wraps = next == m;
        if cycle.colour(if wraps { 0 } else { next }) == colour {
            // k = singles + 1 is even: the segment swallows the chain and the next big run.
            if !wraps {
                (big_start, big_pawns) = (next, cycle.run_len(next));
                continue;
            }
            // Back at the start through an even chain: the open segment joins the held one.
            let Some((first_pawns, _)) = held else { return WalkEnd::OneColour(colour) };
            let pawns = m - segment_first + first_pawns;
            emit(segment(cycle, segment_first, pawns, SegmentKind::Merged, true));
            return WalkEnd::Segments;
        }
        // k is odd: the segment ends here, and the gap after it is l0 of the chain: kept.
        let pawns = chain_start - segment_first;
        let kind = if pawns == big_pawns { SegmentKind::Run } else { SegmentKind::Merged };
        if segment_first == 0 {
            held = Some((pawns, kind));
        } else {
            emit(segment(cycle, segment_first, pawns, kind, true));
        }
        for i in 1..=singles {
            // Single p_i is followed by gap l_i: kept for even i, dead for odd i.
            emit(segment(cycle, chain_start + i - 1, 1, SegmentKind::Single, i % 2 == 0));
        }
        if wraps {
            // The chain back to the start is odd: the held segment stands on its own.
            if let Some((first_pawns, first_kind)) = held {
                emit(segment(cycle, 0, first_pawns, first_kind, true));
            }
            return WalkEnd::Segments;
        }
        (segment_first, big_start, big_pawns, colour) = (next, next, cycle.run_len(next), colour.other());
    }
}

/// The segment of the `pawns` pawns from rotated index `k`.
fn segment(cycle: &Cycle<'_>, k: usize, pawns: usize, kind: SegmentKind, gap_kept: bool) -> Segment {
    let span = cycle.span(k, pawns);
    Segment {
        colour: cycle.colour(k),
        kind,
        start: span.start,
        pawns,
        first: span.first,
        last: span.last,
        slack: span.slack,
        gap: span.gap,
        gap_kept,
    }
}
