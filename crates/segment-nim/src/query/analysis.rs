//! A position analysed once (rules 1–4, O(m)) so that every move's value costs O(1), and every move
//! as maximal ranges of distances with one value.
//!
//! # Every move in O(1)
//! A move never changes the colour order of the pawns, so runs, big runs, chains and segments (rules
//! 1–3) keep their pawns; only the two blocks of empty fields beside the moved pawn change, one by
//! `−d`, the other by `+d`. Those blocks are the slack of the pawn's segment `S` or the gaps `P|S`
//! and `S|N` to its neighbours. So the child's [`Facts`] are the parent's with the contributions of
//! `S` (safe or not) and of those two gaps (Nim heap, threats) taken out and put back with the new
//! sizes (`child`), and rule 5 decides the child.
//!
//! # Ranges of distances
//! Along the distances `1..=D` of one pawn and direction, the child's counts (safe segments,
//! threats) are the same for every `d < D` (a block is empty only at `d = D`), and the only other
//! dependence on `d` is the Nim xor at rule 5's Nim leaf, `K ^ h(d)` with the changed kept gap
//! `h(d) = h ± d`: it vanishes for at most one `d`. The ranges are therefore found by evaluating a
//! handful of distances: 1, `D`, the distances where the changed gap becomes `X ^ s` for the xor
//! `X` of the other kept gaps and `s` any xor of the threat gaps rule 5 may block, and one distance
//! inside each interval between them. A query is O(m) for `m` pawns, whatever `n`.

use super::child::{Place, child_facts};
use super::notation::{Direction, MoveRange};
use crate::board::{Board, Colour};
use crate::rules::{Outcome, Verdict, rule5, verdict};
use crate::structure::{self, Facts, Observer, Segment, Shape, Threat};

/// The most threats kept per colour: enough to name the only threat of a child position, which is
/// either beside the moved pawn or one of at most 3 threats of the parent (2 of them beside it).
const KEPT_THREATS: usize = 3;

/// Collects the segments and the first threats of each colour.
#[derive(Default)]
struct Collector {
    segments: Vec<Segment>,
    threats: [Vec<Threat>; 2],
}

impl Observer for Collector {
    fn segment(&mut self, segment: &Segment) {
        self.segments.push(*segment);
    }

    fn threat(&mut self, threat: &Threat) {
        let list = &mut self.threats[threat.owner.index()];
        if list.len() < KEPT_THREATS {
            list.push(*threat);
        }
    }
}

/// A position analysed once so that every move's value costs O(1).
#[derive(Debug, Clone)]
pub struct Analysis<'b> {
    board: &'b Board,
    shape: Shape,
    /// The segments in clockwise order, sorted by the index of their first pawn.
    segments: Vec<Segment>,
    /// The first [`KEPT_THREATS`] threats of each colour.
    threats: [Vec<Threat>; 2],
}

impl<'b> Analysis<'b> {
    /// Analyses `board` (rules 1–4) in O(m).
    pub fn new(board: &'b Board) -> Self {
        let mut collected = Collector::default();
        let shape = structure::analyse(board, &mut collected);
        let mut segments = collected.segments;
        if let Some(lowest) = (0..segments.len()).min_by_key(|&j| segments[j].start) {
            segments.rotate_left(lowest);
        }
        Self { board, shape, segments, threats: collected.threats }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The position's value with `mover` to move.
    pub fn outcome(&self, mover: Colour) -> Outcome {
        self.verdict(mover).outcome
    }

    /// The position's value with `mover` to move, and the rule that decides it.
    pub fn verdict(&self, mover: Colour) -> Verdict {
        verdict(self.board, &self.shape, mover)
    }

    /// Number of legal moves (pawn, direction, distance) of `mover`.
    pub fn legal_moves(&self, mover: Colour) -> u64 {
        let board = self.board;
        (0..board.len())
            .filter(|&i| board.colour(i) == mover)
            .map(|i| {
                let (before, after) = self.blocks(i);
                before + after
            })
            .sum()
    }

    /// Empty fields before and after pawn `i`.
    fn blocks(&self, i: usize) -> (u64, u64) {
        let m = self.board.len();
        let previous = if i == 0 { m - 1 } else { i - 1 };
        (self.board.empty_after(previous), self.board.empty_after(i))
    }

    /// The segment holding pawn `i` and the blocks beside it.
    fn place(&self, i: usize) -> Place {
        let (before, after) = self.blocks(i);
        if self.segments.is_empty() {
            return Place { segment: 0, first: false, last: false, before, after };
        }
        // Sorted by first pawn: the last segment starting at or before i holds it; before the first
        // start, the last segment does (it wraps past the end of the pawn array).
        let j = self.segments.partition_point(|s| s.start <= i);
        let j = if j == 0 { self.segments.len() - 1 } else { j - 1 };
        let s = &self.segments[j];
        let m = self.board.len();
        let offset = if i >= s.start { i - s.start } else { i + m - s.start };
        debug_assert!(offset < s.pawns);
        Place { segment: j, first: offset == 0, last: offset + 1 == s.pawns, before, after }
    }

    /// The value for `mover` of the move of pawn `i` by `distance` (which must be legal).
    pub fn move_outcome(&self, mover: Colour, i: usize, direction: Direction, distance: u64) -> Outcome {
        let place = self.place(i);
        self.outcome_at(mover, &place, direction, distance)
    }

    /// The value for `mover` of moving the pawn at `place` by `d` in `direction`.
    fn outcome_at(&self, mover: Colour, place: &Place, direction: Direction, d: u64) -> Outcome {
        match &self.shape {
            // The colour order, hence the shape, is the same after every move.
            Shape::Contest(facts) => {
                let child = child_facts(&self.segments, &self.threats, facts, place, direction, d);
                rule5(&child, mover.other()).0.negate()
            }
            _ => verdict(self.board, &self.shape, mover.other()).outcome.negate(),
        }
    }

    /// Every move of `mover` as maximal ranges of equal value, in generation order (pawns clockwise
    /// from field 1, `cw` before `ccw`, distances increasing).
    pub fn ranges(&self, mover: Colour) -> Vec<MoveRange> {
        let mut out = Vec::new();
        let board = self.board;
        for i in (0..board.len()).filter(|&i| board.colour(i) == mover) {
            let place = self.place(i);
            for direction in [Direction::Cw, Direction::Ccw] {
                self.push_ranges(mover, i, &place, direction, &mut out);
            }
        }
        out
    }

    /// Appends the ranges of pawn `i` in `direction`.
    fn push_ranges(
        &self,
        mover: Colour,
        i: usize,
        place: &Place,
        direction: Direction,
        out: &mut Vec<MoveRange>,
    ) {
        let limit = match direction {
            Direction::Cw => place.after,
            Direction::Ccw => place.before,
        };
        if limit == 0 {
            return;
        }
        let pawn = self.board.position(i);
        let mut push = |first: u64, last: u64, outcome: Outcome| match out.last_mut() {
            Some(r)
                if r.index == i
                    && r.direction == direction
                    && r.last + 1 == first
                    && r.outcome == outcome =>
            {
                r.last = last;
            }
            _ => out.push(MoveRange { index: i, pawn, direction, first, last, outcome }),
        };
        let Shape::Contest(facts) = &self.shape else {
            push(1, limit, self.outcome_at(mover, place, direction, 1));
            return;
        };
        // Distances where the value may differ from its value on 1..limit-1 (see the module doc).
        let mut points = [0u64; 8];
        let mut count = 0;
        points[count] = 1;
        count += 1;
        points[count] = limit;
        count += 1;
        if limit >= 3 {
            for d in self.special_distances(facts, place, direction, limit) {
                points[count] = d;
                count += 1;
            }
        }
        let points = &mut points[..count];
        points.sort_unstable();
        let mut previous = 0;
        for &d in points.iter() {
            if d == previous {
                continue;
            }
            if d > previous + 1 {
                // The interval previous+1..d-1 holds no special distance: one value for all of it.
                push(previous + 1, d - 1, self.outcome_at(mover, place, direction, previous + 1));
            }
            push(d, d, self.outcome_at(mover, place, direction, d));
            previous = d;
        }
    }

    /// Distances in `2..limit` where the changed kept gap makes the Nim xor of rule 5's leaf vanish
    /// (a superset: extra distances only split the evaluation).
    fn special_distances(
        &self,
        facts: &Facts,
        place: &Place,
        direction: Direction,
        limit: u64,
    ) -> impl Iterator<Item = u64> {
        let k = self.segments.len();
        let j = place.segment;
        let s = &self.segments[j];
        let p = &self.segments[(j + k - 1) % k];
        // The kept gap among the two changed blocks (a single pawn has one kept and one dead gap
        // beside it; a pawn of a longer segment has at most one gap beside it), and its growth.
        let kept = if place.first && p.gap_kept {
            Some((place.before, direction == Direction::Cw))
        } else if place.last && s.gap_kept {
            Some((place.after, direction == Direction::Ccw))
        } else {
            None
        };
        let mut found = [0u64; 4];
        if let Some((h, grows)) = kept {
            let generic = child_facts(&self.segments, &self.threats, facts, place, direction, 1);
            let rest = facts.xor ^ h;
            let gap_of = |c: Colour| generic.side(c).first_threat.map_or(0, |t| t.gap);
            let (g1, g2) = (gap_of(Colour::White), gap_of(Colour::Black));
            for (slot, s) in found.iter_mut().zip([0, g1, g2, g1 ^ g2]) {
                let target = rest ^ s;
                let d = if grows { target.checked_sub(h) } else { h.checked_sub(target) };
                *slot = d.filter(|&d| d >= 1 && d < limit).unwrap_or(0);
            }
        }
        found.into_iter().filter(|&d| d != 0)
    }
}
