//! Rule 4: safe segments, threats and the Nim xor, gathered from the segments in clockwise order.

use serde::Serialize;

use super::segments::Segment;
use crate::board::Colour;

/// A gap > 0 next to a tight segment of at least 3 pawns: advancing into it makes the segment safe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Threat {
    /// Whose threat it is.
    pub owner: Colour,
    /// Empty fields in the gap.
    pub gap: u64,
    /// Field of the pawn just before the gap (counter-clockwise end).
    pub before: u64,
    /// Field of the pawn just after the gap (clockwise end).
    pub after: u64,
    /// Whether the owner's segment is the one before the gap.
    pub owner_is_before: bool,
    /// Pawns of the other colour's segment across the gap (the one that can block it).
    pub blocker_pawns: usize,
    /// Whether the gap is a threat of both colours (tight big segments on both sides).
    pub double: bool,
}

impl Threat {
    /// The blocking move of rule 5: the opponent's pawn beside the gap crosses it and stops next
    /// to the owner's segment. Returns `(from, to)` given the circle size `n`.
    pub fn block_move(&self, n: u64) -> (u64, u64) {
        let next = |p: u64| if p == n { 1 } else { p + 1 };
        let prev = |p: u64| if p == 1 { n } else { p - 1 };
        if self.owner_is_before { (self.after, next(self.before)) } else { (self.before, prev(self.after)) }
    }

    /// The advancing move: the owner's pawn beside the gap steps one field into it.
    pub fn advance_move(&self, n: u64) -> (u64, u64) {
        let next = |p: u64| if p == n { 1 } else { p + 1 };
        let prev = |p: u64| if p == 1 { n } else { p - 1 };
        if self.owner_is_before { (self.before, next(self.before)) } else { (self.after, prev(self.after)) }
    }
}

/// One colour's standing under rule 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Side {
    /// Number of safe segments.
    pub safe_segments: u64,
    /// Number of threats (a double gap counts once for each colour).
    pub threats: u64,
    /// The first threat found (the only one when `threats == 1`).
    pub first_threat: Option<Threat>,
    /// The first safe segment found.
    pub first_safe: Option<Segment>,
}

impl Side {
    /// `canX` of rule 5: a safe segment or at least one threat.
    pub fn has_play(&self) -> bool {
        self.safe_segments > 0 || self.threats > 0
    }
}

/// What rule 5 needs to know about a board with big runs of both colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Facts {
    /// White's and black's standing, indexed by [`Colour::index`].
    pub sides: [Side; 2],
    /// Xor of the kept gaps (the Nim heaps).
    pub xor: u64,
}

impl Facts {
    /// `colour`'s standing.
    pub fn side(&self, colour: Colour) -> &Side {
        &self.sides[colour.index()]
    }

    /// The position after `blocker` closes the only threat `threat` of the other colour (rule 5):
    /// the heap is gone from the xor, the threat is gone, and the blocker's segment becomes (or
    /// stays) safe when it has at least 3 pawns — its end pawn left it, so it is no longer tight.
    /// Nothing else changes: when the blocker is a single pawn the gap it leaves grows, but that gap
    /// is a dead one (a single's other gap always is), and a 2-pawn run gains slack, which no rule
    /// looks at.
    pub fn after_block(&self, threat: &Threat, blocker: Colour) -> Facts {
        let mut next = *self;
        next.xor ^= threat.gap;
        let owner = &mut next.sides[blocker.other().index()];
        owner.threats -= 1;
        owner.first_threat = None;
        if threat.blocker_pawns >= 3 {
            let own = &mut next.sides[blocker.index()];
            own.safe_segments += 1;
            if threat.double {
                own.threats -= 1;
            }
        }
        next
    }
}

/// Receives the pieces of the analysis as they are found (for `--explain`); every method defaults
/// to doing nothing, and `()` is the observer that ignores everything.
pub trait Observer {
    /// A segment, in clockwise order.
    fn segment(&mut self, _segment: &Segment) {}
    /// The gap between two consecutive segments (its size is `before.gap`).
    fn gap(&mut self, _before: &Segment, _after: &Segment) {}
    /// A threat.
    fn threat(&mut self, _threat: &Threat) {}
}

impl Observer for () {}

/// Folds the segments of one board, in clockwise order, into [`Facts`].
pub(crate) struct FactsBuilder<'o, O: Observer> {
    facts: Facts,
    first: Option<Segment>,
    previous: Option<Segment>,
    observer: &'o mut O,
}

impl<'o, O: Observer> FactsBuilder<'o, O> {
    /// A builder reporting to `observer`.
    pub(crate) fn new(observer: &'o mut O) -> Self {
        Self { facts: Facts::default(), first: None, previous: None, observer }
    }

    /// Takes the next segment clockwise.
    pub(crate) fn push(&mut self, segment: Segment) {
        self.observer.segment(&segment);
        if segment.is_safe() {
            let side = &mut self.facts.sides[segment.colour.index()];
            side.safe_segments += 1;
            side.first_safe.get_or_insert(segment);
        }
        if let Some(previous) = self.previous {
            self.gap(&previous, &segment);
        }
        self.first.get_or_insert(segment);
        self.previous = Some(segment);
    }

    /// The facts, after closing the circle with the gap from the last segment to the first.
    pub(crate) fn finish(mut self) -> Facts {
        if let (Some(last), Some(first)) = (self.previous, self.first) {
            self.gap(&last, &first);
        }
        self.facts
    }

    /// Records the gap between consecutive segments `before` and `after`.
    fn gap(&mut self, before: &Segment, after: &Segment) {
        self.observer.gap(before, after);
        let size = before.gap;
        if before.gap_kept {
            self.facts.xor ^= size;
        }
        if size == 0 {
            return;
        }
        let double = before.is_tight_big() && after.is_tight_big();
        for (owner, other, owner_is_before) in [(before, after, true), (after, before, false)] {
            if !owner.is_tight_big() {
                continue;
            }
            let threat = Threat {
                owner: owner.colour,
                gap: size,
                before: before.last,
                after: after.first,
                owner_is_before,
                blocker_pawns: other.pawns,
                double,
            };
            self.observer.threat(&threat);
            let side = &mut self.facts.sides[owner.colour.index()];
            side.threats += 1;
            side.first_threat.get_or_insert(threat);
        }
    }
}
