//! The facts of the position after one move, from its parent's in O(1): the moved pawn's segment
//! and the two gaps beside it are taken out of the parent's [`Facts`] and put back with their new
//! sizes (the method is in the doc of `query::analysis`).

use super::notation::Direction;
use crate::board::Colour;
use crate::structure::{Facts, Segment, Threat};

/// Where a pawn stands in the structure: its segment and the two blocks of empty fields beside it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Place {
    /// Index of its segment in the analysis's segments (0 when the board has no segments).
    pub(super) segment: usize,
    /// Whether it is the first / last pawn of its segment.
    pub(super) first: bool,
    pub(super) last: bool,
    /// Empty fields before it (counter-clockwise) and after it.
    pub(super) before: u64,
    pub(super) after: u64,
}

impl Place {
    /// The blocks beside the pawn after it moved `d` in `direction`.
    fn moved(&self, direction: Direction, d: u64) -> (u64, u64) {
        match direction {
            Direction::Cw => (self.before + d, self.after - d),
            Direction::Ccw => (self.before - d, self.after + d),
        }
    }
}

/// The facts of the position after the pawn at `place` moved `d` in `direction` (for rule 5:
/// counts, xor, and each colour's only threat when it has one). `segments` are the parent's in
/// clockwise order, sorted by the index of their first pawn; `threats` the first few threats of
/// each colour of the parent (at least 3: a child's only threat is beside the moved pawn or one of
/// at most 3 threats of the parent, 2 of them beside it); `facts` the parent's facts.
pub(super) fn child_facts(
    segments: &[Segment],
    threats: &[Vec<Threat>; 2],
    facts: &Facts,
    place: &Place,
    direction: Direction,
    d: u64,
) -> Facts {
    let k = segments.len();
    let j = place.segment;
    let s = &segments[j];
    let p = &segments[(j + k - 1) % k];
    let nx = &segments[(j + 1) % k];
    let (before, after) = place.moved(direction, d);
    let mut slack = s.slack;
    if !place.first {
        slack = slack - place.before + before;
    }
    if !place.last {
        slack = slack - place.after + after;
    }
    let gap_ps = if place.first { before } else { p.gap };
    let gap_sn = if place.last { after } else { s.gap };
    let old = SegState { colour: s.colour, pawns: s.pawns, slack: s.slack };
    let new = SegState { colour: s.colour, pawns: s.pawns, slack };
    let ps = SegState { colour: p.colour, pawns: p.pawns, slack: p.slack };
    let ns = SegState { colour: nx.colour, pawns: nx.pawns, slack: nx.slack };

    let mut child = *facts;
    if old.safe() {
        child.sides[s.colour.index()].safe_segments -= 1;
    }
    if new.safe() {
        child.sides[s.colour.index()].safe_segments += 1;
    }
    let mut added: [Option<Threat>; 2] = [None, None];
    gap(&mut child, &ps, &old, p.gap, p.gap_kept, Change::TakeOut, &mut added);
    gap(&mut child, &old, &ns, s.gap, s.gap_kept, Change::TakeOut, &mut added);
    gap(&mut child, &ps, &new, gap_ps, p.gap_kept, Change::PutIn, &mut added);
    gap(&mut child, &new, &ns, gap_sn, s.gap_kept, Change::PutIn, &mut added);
    // Each colour's only threat, if it has exactly one: beside the move, or one of the parent's
    // threats on another gap (a gap is named by the field of the pawn before it).
    for colour in Colour::BOTH {
        let side = &mut child.sides[colour.index()];
        side.first_threat = match side.threats {
            1 => added[colour.index()].or_else(|| {
                threats[colour.index()].iter().find(|t| t.before != p.last && t.before != s.last).copied()
            }),
            _ => None,
        };
    }
    child
}

/// What rule 4 needs of one segment.
#[derive(Debug, Clone, Copy)]
struct SegState {
    colour: Colour,
    pawns: usize,
    slack: u64,
}

impl SegState {
    fn safe(&self) -> bool {
        self.pawns >= 3 && self.slack > 0
    }

    fn tight_big(&self) -> bool {
        self.pawns >= 3 && self.slack == 0
    }
}

/// Whether [`gap`] takes a gap's contribution out of the facts or puts it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    /// The gap as it was before the move.
    TakeOut,
    /// The gap as it is after the move.
    PutIn,
}

/// Takes out or puts in (`change`) the contribution of the gap of `size` fields between segments
/// `before` and `after`: its Nim heap when kept, and a threat of each tight big side when
/// non-empty. Threats put in are recorded in `added`.
fn gap(
    facts: &mut Facts,
    before: &SegState,
    after: &SegState,
    size: u64,
    kept: bool,
    change: Change,
    added: &mut [Option<Threat>; 2],
) {
    if kept {
        facts.xor ^= size;
    }
    if size == 0 {
        return;
    }
    let double = before.tight_big() && after.tight_big();
    for (owner, other, owner_is_before) in [(before, after, true), (after, before, false)] {
        if !owner.tight_big() {
            continue;
        }
        let side = &mut facts.sides[owner.colour.index()];
        if change == Change::PutIn {
            side.threats += 1;
            // Only rule 5 reads this threat: its gap, its blocker and whether it is double.
            added[owner.colour.index()].get_or_insert(Threat {
                owner: owner.colour,
                gap: size,
                before: 0,
                after: 0,
                owner_is_before,
                blocker_pawns: other.pawns,
                double,
            });
        } else {
            side.threats -= 1;
        }
    }
}
