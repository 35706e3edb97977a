//! `query`: the value of any position (either side to move) and of every legal move, in the one
//! report model of `grid_core::report`.
//!
//! # Moves and their notation
//! A move slides the pawn on field `pawn` by `distance` fields, `cw` (clockwise: towards larger
//! field numbers, `n` followed by 1) or `ccw`. One move is written `17 cw 3` ([`Slide`]; this is
//! what `play` accepts). A report lists the moves as maximal *ranges* of distances with the same
//! value, written `17 cw 1-40` (`17 cw 3` when the range holds one distance), so that a board with
//! `n` up to 10^18 has a report of a few lines per pawn ([`MoveRange`]).
//!
//! # Every move in O(1)
//! A move never changes the colour order of the pawns, so runs, big runs, chains and segments (rules
//! 1–3) keep their pawns; only the two blocks of empty fields beside the moved pawn change, one by
//! `−d`, the other by `+d`. Those blocks are the slack of the pawn's segment `S` or the gaps `P|S`
//! and `S|N` to its neighbours. So the child's [`Facts`] are the parent's with the contributions of
//! `S` (safe or not) and of those two gaps (Nim heap, threats) taken out and put back with the new
//! sizes (`Analysis::child_facts`), and rule 5 decides the child.
//!
//! Along the distances `1..=D` of one pawn and direction, the child's counts (safe segments,
//! threats) are the same for every `d < D` (a block is empty only at `d = D`), and the only other
//! dependence on `d` is the Nim xor at rule 5's Nim leaf, `K ^ h(d)` with the changed kept gap
//! `h(d) = h ± d`: it vanishes for at most one `d`. The ranges are therefore found by evaluating a
//! handful of distances: 1, `D`, the distances where the changed gap becomes `X ^ s` for the xor
//! `X` of the other kept gaps and `s` any xor of the threat gaps rule 5 may block, and one distance
//! inside each interval between them. A query is O(m) for `m` pawns, whatever `n`.
//!
//! # Remoteness
//! The method decides who wins (or that nobody can force a win) but not how fast, so reports carry
//! no remoteness (`Eval::value_only`).

use std::fmt;
use std::str::FromStr;

use grid_core::report::{Eval, MoveReport, PositionReport, Value, sort_best_first};
use grid_core::stop::{self, StopFlag, Stopped, unstoppable};
use serde::Serialize;

use crate::board::{Board, Colour};
use crate::rules::{Answer, Outcome, rule5, verdict};
use crate::structure::{self, Facts, Observer, Segment, Shape, Threat};

/// The `game` name in every report.
pub const GAME: &str = "segment-nim";

/// The direction a pawn slides in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Clockwise: towards larger field numbers (`n` is followed by 1).
    Cw,
    /// Counter-clockwise: towards smaller field numbers (1 is followed by `n`).
    Ccw,
}

impl Direction {
    /// `cw` or `ccw`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Cw => "cw",
            Direction::Ccw => "ccw",
        }
    }
}

/// One move: the pawn on field `pawn` slides `distance` fields in `direction`. Text: `17 cw 3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The field of the pawn that moves.
    pub pawn: u64,
    /// Where it slides.
    pub direction: Direction,
    /// How many fields (at least 1).
    pub distance: u64,
}

impl crate::winning::Move {
    /// This move as a slide: clockwise when the fields it crosses that way are empty, else
    /// counter-clockwise (`from` must be a pawn's field of `board`).
    pub fn slide(self, board: &Board) -> Slide {
        let cw = board.clockwise(self.from, self.to);
        let pawn = (0..board.len()).find(|&i| board.position(i) == self.from);
        let clockwise = pawn.is_some_and(|i| cw <= board.empty_after(i));
        if clockwise {
            Slide { pawn: self.from, direction: Direction::Cw, distance: cw }
        } else {
            Slide { pawn: self.from, direction: Direction::Ccw, distance: board.n() - cw }
        }
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.pawn, self.direction.name(), self.distance)
    }
}

/// How a move is written, for messages and `help`.
pub const NOTATION: &str = "PAWN DIRECTION DISTANCE, e.g. `17 cw 3`: the pawn on field 17 slides 3 fields clockwise \
(cw = towards larger field numbers, ccw = towards smaller ones; field n is followed by field 1).";

impl FromStr for Slide {
    type Err = String;

    /// Reads `PAWN cw|ccw DISTANCE` (case-insensitive, any whitespace between the three words).
    fn from_str(text: &str) -> Result<Slide, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |why: &str| format!("`{}` is not a move: {why}; write {NOTATION}", printable(text));
        let [pawn, direction, distance] = words[..] else {
            return Err(bad("a move is three words"));
        };
        let pawn: u64 = pawn.parse().map_err(|_| bad("the pawn is its field number"))?;
        let direction = match direction.to_ascii_lowercase().as_str() {
            "cw" => Direction::Cw,
            "ccw" => Direction::Ccw,
            _ => return Err(bad("the direction is cw or ccw")),
        };
        let distance: u64 = distance
            .parse()
            .ok()
            .filter(|&d| d >= 1)
            .ok_or_else(|| bad("the distance is a number of fields, at least 1"))?;
        Ok(Slide { pawn, direction, distance })
    }
}

/// `text` without control characters, at most 40 characters (for messages).
fn printable(text: &str) -> String {
    let shown: String = text.trim().chars().take(40).map(|c| if c.is_control() { '?' } else { c }).collect();
    if text.trim().chars().count() > 40 { shown + "..." } else { shown }
}

/// A maximal range of distances of one pawn and direction whose moves have the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRange {
    /// Index of the pawn in the board's clockwise order from field 1.
    pub index: usize,
    /// The field of the pawn.
    pub pawn: u64,
    /// Where it slides.
    pub direction: Direction,
    /// The smallest distance of the range.
    pub first: u64,
    /// The largest distance of the range.
    pub last: u64,
    /// What these moves are worth to the mover.
    pub outcome: Outcome,
}

impl MoveRange {
    /// `17 cw 1-40`, or `17 cw 3` for a range of one distance (then exactly what `play` accepts).
    pub fn notation(&self) -> String {
        let direction = self.direction.name();
        if self.first == self.last {
            format!("{} {direction} {}", self.pawn, self.first)
        } else {
            format!("{} {direction} {}-{}", self.pawn, self.first, self.last)
        }
    }

    /// Number of moves (distances) in the range.
    pub fn len(&self) -> u64 {
        self.last - self.first + 1
    }

    /// Never: a range holds at least one distance.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The single moves of the range, by increasing distance.
    pub fn slides(&self) -> impl Iterator<Item = Slide> + '_ {
        (self.first..=self.last).map(|distance| Slide {
            pawn: self.pawn,
            direction: self.direction,
            distance,
        })
    }
}

/// An outcome as a report value.
pub fn value_of(outcome: Outcome) -> Value {
    match outcome {
        Outcome::Win => Value::Win,
        Outcome::Lose => Value::Lose,
        Outcome::Draw => Value::Draw,
    }
}

/// An outcome as a report eval (no remoteness: the method does not give one).
pub fn eval_of(outcome: Outcome) -> Eval {
    Eval::value_only(value_of(outcome))
}

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

/// Where a pawn stands in the structure: its segment and the two blocks of empty fields beside it.
#[derive(Debug, Clone, Copy)]
struct Place {
    /// Index of its segment in [`Analysis::segments`] (0 when the board has no segments).
    segment: usize,
    /// Whether it is the first / last pawn of its segment.
    first: bool,
    last: bool,
    /// Empty fields before it (counter-clockwise) and after it.
    before: u64,
    after: u64,
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
    pub fn verdict(&self, mover: Colour) -> crate::rules::Verdict {
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
                let child = self.child_facts(facts, place, direction, d);
                rule5(&child, mover.other()).0.negate()
            }
            _ => verdict(self.board, &self.shape, mover.other()).outcome.negate(),
        }
    }

    /// The blocks beside the pawn at `place` after it moved `d` in `direction`.
    fn moved(place: &Place, direction: Direction, d: u64) -> (u64, u64) {
        match direction {
            Direction::Cw => (place.before + d, place.after - d),
            Direction::Ccw => (place.before - d, place.after + d),
        }
    }

    /// The facts of the position after the pawn at `place` moved `d` in `direction` (for rule 5:
    /// counts, xor, and each colour's only threat when it has one).
    fn child_facts(&self, facts: &Facts, place: &Place, direction: Direction, d: u64) -> Facts {
        let k = self.segments.len();
        let j = place.segment;
        let s = &self.segments[j];
        let p = &self.segments[(j + k - 1) % k];
        let nx = &self.segments[(j + 1) % k];
        let (before, after) = Self::moved(place, direction, d);
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
        gap(&mut child, &ps, &old, p.gap, p.gap_kept, false, &mut added);
        gap(&mut child, &old, &ns, s.gap, s.gap_kept, false, &mut added);
        gap(&mut child, &ps, &new, gap_ps, p.gap_kept, true, &mut added);
        gap(&mut child, &new, &ns, gap_sn, s.gap_kept, true, &mut added);
        // Each colour's only threat, if it has exactly one: beside the move, or one of the parent's
        // threats on another gap (a gap is named by the field of the pawn before it).
        for colour in Colour::BOTH {
            let side = &mut child.sides[colour.index()];
            side.first_threat = match side.threats {
                1 => added[colour.index()].or_else(|| {
                    self.threats[colour.index()]
                        .iter()
                        .find(|t| t.before != p.last && t.before != s.last)
                        .copied()
                }),
                _ => None,
            };
        }
        child
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
            let generic = self.child_facts(facts, place, direction, 1);
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

/// Takes out (`add == false`) or puts in the contribution of the gap of `size` fields between
/// segments `before` and `after`: its Nim heap when kept, and a threat of each tight big side when
/// non-empty. Threats put in are recorded in `added`.
fn gap(
    facts: &mut Facts,
    before: &SegState,
    after: &SegState,
    size: u64,
    kept: bool,
    add: bool,
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
        if add {
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

/// The value of a position and of all its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// The side to move.
    pub mover: Colour,
    /// The position's value for it.
    pub outcome: Outcome,
    /// Every move as maximal ranges of equal value, best first (wins, draws, losses; equal values
    /// in generation order).
    pub moves: Vec<MoveRange>,
    /// Number of legal moves (pawn, direction, distance).
    pub legal_moves: u64,
}

/// A position of a query: a board and the side to move (any board with either side to move is
/// one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    to_move: Colour,
}

impl Position {
    /// The position of `board` with `to_move` to move.
    pub fn new(board: Board, to_move: Colour) -> Position {
        Position { board, to_move }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }
}

/// What [`query`] is asked besides the position.
#[derive(Debug, Clone, Copy)]
pub struct QueryOptions<'a> {
    /// The position's number in its input, 1-based: the report's `board` field.
    pub number: usize,
    /// Checked between the steps of the solve (the analysis of the circle, the move ranges, their
    /// order, the report): once it is set, [`query`] returns [`Stopped`] (`None`: the solve runs
    /// to its end). Each step is linear in the pawns (m log m for the order).
    pub stop: StopFlag<'a>,
}

impl Default for QueryOptions<'_> {
    /// The first position of an input, no stop flag.
    fn default() -> Self {
        QueryOptions { number: 1, stop: None }
    }
}

/// The report of a queried position.
pub type Report = PositionReport<QueryFields, RangeFields>;

/// The report of `position` (what `segment-nim query --json` prints): its value and every move's,
/// as ranges of distances with one value, best first. O(m log m) for m pawns, whatever `n`;
/// [`Stopped`] only when [`QueryOptions::stop`] was set.
pub fn query(position: &Position, options: &QueryOptions) -> Result<Report, Stopped> {
    let q = solve_query_until_stopped(&position.board, position.to_move, options.stop)?;
    stop::check(options.stop)?;
    Ok(q.report(options.number, q.fields(&position.board)))
}

/// Analyses `board` with `mover` to move: the position's value and every move's value, in the
/// crate's own types (the text report and `play` read these).
pub fn solve_query(board: &Board, mover: Colour) -> Query {
    unstoppable(solve_query_until_stopped(board, mover, None))
}

/// [`solve_query`], checking `stop` between its steps.
pub fn solve_query_until_stopped(board: &Board, mover: Colour, stop: StopFlag<'_>) -> Result<Query, Stopped> {
    let analysis = Analysis::new(board);
    stop::check(stop)?;
    let mut moves = analysis.ranges(mover);
    stop::check(stop)?;
    sort_best_first(&mut moves, |r| eval_of(r.outcome));
    let legal_moves = moves.iter().map(MoveRange::len).sum();
    Ok(Query { mover, outcome: analysis.outcome(mover), moves, legal_moves })
}

/// The game fields of a move range in JSON: `"pawn"`, `"direction"`, `"distances": [first, last]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RangeFields {
    /// The field of the pawn.
    pub pawn: u64,
    /// `cw` or `ccw`.
    pub direction: Direction,
    /// The first and last distance of the range.
    pub distances: [u64; 2],
}

/// The game fields of a queried position in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QueryFields {
    /// Fields on the circle.
    pub n: u64,
    /// White pawns.
    pub white: usize,
    /// Black pawns.
    pub black: usize,
    /// Who wins with this side to move: `B` white, `C` black, `R` nobody can force a win.
    pub answer: Answer,
    /// Number of legal moves (pawn, direction, distance) of the side to move.
    pub legal_moves: u64,
}

impl Query {
    /// The moves in the report model.
    pub fn move_reports(&self) -> Vec<MoveReport<RangeFields>> {
        self.moves
            .iter()
            .map(|r| MoveReport {
                notation: r.notation(),
                detail: RangeFields { pawn: r.pawn, direction: r.direction, distances: [r.first, r.last] },
                eval: eval_of(r.outcome),
            })
            .collect()
    }

    /// The report of this query on `board`, the `number`-th of the input, with `detail` as its
    /// game fields.
    pub fn report<P: Serialize>(&self, number: usize, detail: P) -> PositionReport<P, RangeFields> {
        PositionReport {
            game: GAME,
            board: number,
            to_move: self.mover.name(),
            eval: eval_of(self.outcome),
            detail,
            moves: self.move_reports(),
        }
    }

    /// The `query` report's own game fields.
    pub fn fields(&self, board: &Board) -> QueryFields {
        QueryFields {
            n: board.n(),
            white: board.count(Colour::White),
            black: board.count(Colour::Black),
            answer: Answer::from_outcome(self.mover, self.outcome),
            legal_moves: self.legal_moves,
        }
    }

    /// The text report: one line on the position, then one line per range, best first.
    pub fn write_text(
        &self,
        out: &mut impl std::io::Write,
        board: &Board,
        number: usize,
    ) -> std::io::Result<()> {
        let fields = self.fields(board);
        writeln!(
            out,
            "Position {number} ({}), {} to move: {} (answer {}); {} white, {} black, {}",
            grid_core::words::counted(fields.n, "field"),
            self.mover.name(),
            value_of(self.outcome),
            fields.answer.letter() as char,
            fields.white,
            fields.black,
            grid_core::words::counted(self.legal_moves, "legal move")
        )?;
        grid_core::report::write_move_lines(out, &self.move_reports())
    }

    /// `query --explain`'s reasoning after the report: the rule that decides the position for
    /// the side to move (in the words of `--help`), and, when it wins, one winning move as `play`
    /// takes it, with what it leaves the opponent.
    pub fn write_reasoning(&self, out: &mut impl std::io::Write, board: &Board) -> std::io::Result<()> {
        let rule = Analysis::new(board).verdict(self.mover).rule;
        writeln!(out, "  decided by: {}", crate::report::describe(rule, self.mover))?;
        if let Some(win) = self.moves.iter().find(|m| m.outcome == Outcome::Win) {
            let direction = win.direction.name();
            writeln!(
                out,
                "  a winning move: {} {direction} {} (it leaves {} a lost position)",
                win.pawn,
                win.first,
                self.mover.other().name()
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_read_and_print() {
        let s: Slide = " 17  CW 3 ".parse().unwrap();
        assert_eq!(s, Slide { pawn: 17, direction: Direction::Cw, distance: 3 });
        assert_eq!(s.to_string(), "17 cw 3");
        for bad in ["17 cw", "17 up 3", "x cw 3", "17 cw 0", "17 cw 1-3", "17 cw 3 4"] {
            assert!(bad.parse::<Slide>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_first_sample() {
        // 9 fields: black 2, white 3, black 5 6, white 8; white to move loses (answer C).
        let board = Board::from_positions(9, &[3, 8], &[2, 5, 6]).unwrap();
        let q = solve_query(&board, Colour::White);
        assert_eq!(q.outcome, Outcome::Lose);
        assert_eq!(q.legal_moves, 1 + 1 + 2);
        assert!(q.moves.iter().all(|r| r.outcome == Outcome::Lose));
    }
}
