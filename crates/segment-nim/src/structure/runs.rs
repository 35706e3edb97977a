//! Runs: maximal blocks of same-coloured pawns in clockwise order, and the circle seen from a
//! chosen pawn.

use serde::Serialize;

use crate::board::{Board, Colour};

/// The pawns of a board read clockwise starting from pawn `shift` (an index into the board's pawn
/// array): rotated index `k` is absolute index `(shift + k) mod m`.
///
/// Invariant relied on by every walk: `shift` is the first pawn of a run, so no run crosses from
/// rotated index `m − 1` to 0 (a segment may: see `segments::walk`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cycle<'a> {
    board: &'a Board,
    pawns: &'a [u64],
    shift: usize,
}

impl<'a> Cycle<'a> {
    /// The board read from pawn `shift` (which must be `< m` when the board has pawns).
    pub(crate) fn new(board: &'a Board, shift: usize) -> Self {
        Self { board, pawns: &board.pawns, shift }
    }

    /// Number of pawns.
    pub(crate) fn len(&self) -> usize {
        self.pawns.len()
    }

    /// Absolute index of rotated index `k < 2m` (indices past `m − 1` go round a second time,
    /// which a segment reaching back to the start of the walk does).
    pub(crate) fn absolute(&self, k: usize) -> usize {
        let m = self.pawns.len();
        let i = self.shift + k;
        let i = if i >= m { i - m } else { i };
        if i >= m { i - m } else { i }
    }

    /// Colour bit (the encoding's low bit) of the pawn at rotated index `k`.
    fn colour_bit(&self, k: usize) -> u64 {
        self.pawns[self.absolute(k)] & 1
    }

    /// Colour of the pawn at rotated index `k`.
    pub(crate) fn colour(&self, k: usize) -> Colour {
        Colour::from_bit(self.colour_bit(k))
    }

    /// Number of pawns of the run starting at rotated index `k` (which must start a run), up to
    /// index `m` at most.
    pub(crate) fn run_len(&self, k: usize) -> usize {
        let bit = self.colour_bit(k);
        let mut end = k + 1;
        while end < self.len() && self.colour_bit(end) == bit {
            end += 1;
        }
        end - k
    }

    /// Whether the pawn at rotated index `k`, which starts a run, is a run of its own.
    pub(crate) fn is_single(&self, k: usize) -> bool {
        k + 1 == self.len() || self.colour_bit(k + 1) != self.colour_bit(k)
    }

    /// The end positions, inner empty fields and following gap of the `pawns` pawns from rotated
    /// index `k` (1 ≤ `pawns` < m, `k + pawns` ≤ 2m).
    pub(crate) fn span(&self, k: usize, pawns: usize) -> Span {
        let board = self.board;
        let start = self.absolute(k);
        let end = self.absolute(k + pawns - 1);
        let (first, last) = (board.position(start), board.position(end));
        // The pawns occupy `pawns` of the clockwise(first, last) + 1 fields from first to last.
        let slack = board.clockwise(first, last) - (pawns as u64 - 1);
        Span { start, first, last, slack, gap: board.empty_after(end) }
    }

    /// The run starting at rotated index `k` (which must start a run), ending at index `m` at most.
    pub(crate) fn run_at(&self, k: usize) -> Run {
        Run::from_range(self, k, self.run_len(k))
    }
}

/// A range of consecutive pawns, located.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    /// Absolute index of the first pawn.
    pub(crate) start: usize,
    /// Field of the first pawn.
    pub(crate) first: u64,
    /// Field of the last pawn.
    pub(crate) last: u64,
    /// Empty fields between them.
    pub(crate) slack: u64,
    /// Empty fields after the last pawn up to the next pawn.
    pub(crate) gap: u64,
}

/// A maximal block of consecutive same-coloured pawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Run {
    /// The pawns' colour.
    pub colour: Colour,
    /// Absolute index (in the board's clockwise order from field 1) of the run's first pawn.
    #[serde(skip)]
    pub start: usize,
    /// Number of pawns; a *big* run has at least 2.
    pub pawns: usize,
    /// Field of the first pawn (clockwise).
    pub first: u64,
    /// Field of the last pawn.
    pub last: u64,
    /// Empty fields between the first and the last pawn.
    pub slack: u64,
    /// Empty fields from the last pawn to the next run.
    pub gap: u64,
}

impl Run {
    /// The run of the `pawns` pawns from rotated index `k` of `cycle`.
    fn from_range(cycle: &Cycle<'_>, k: usize, pawns: usize) -> Self {
        let span = cycle.span(k, pawns);
        Run {
            colour: cycle.colour(k),
            start: span.start,
            pawns,
            first: span.first,
            last: span.last,
            slack: span.slack,
            gap: span.gap,
        }
    }

    /// Whether the run has at least two pawns.
    pub fn is_big(&self) -> bool {
        self.pawns >= 2
    }
}

/// The absolute index of a pawn whose predecessor (counter-clockwise) has the other colour, or
/// `None` when all pawns have one colour.
pub(crate) fn run_boundary(board: &Board) -> Option<usize> {
    let m = board.len();
    let last = board.colour(m.checked_sub(1)?);
    if board.colour(0) != last {
        return Some(0);
    }
    (1..m).find(|&i| board.colour(i) != board.colour(i - 1))
}

/// The runs of `board` in clockwise order, starting at some run; none when the board has fewer
/// than two colours.
pub fn runs(board: &Board) -> impl Iterator<Item = Run> + '_ {
    let cycle = run_boundary(board).map(|shift| Cycle::new(board, shift));
    let mut k = 0;
    std::iter::from_fn(move || {
        let cycle = cycle?;
        (k < cycle.len()).then(|| {
            let run = cycle.run_at(k);
            k += run.pawns;
            run
        })
    })
}

/// The rotated index (in `cycle`, which starts at a run) of the first pawn of the first big run.
pub(crate) fn first_big_run(cycle: &Cycle<'_>) -> Option<usize> {
    let mut k = 0;
    while k < cycle.len() {
        if !cycle.is_single(k) {
            return Some(k);
        }
        k += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_the_first_sample() {
        // 9 fields: black 2, white 3, black 5 6, white 8.
        let b = Board::from_positions(9, &[3, 8], &[2, 5, 6]).unwrap();
        let all: Vec<_> = runs(&b).map(|r| (r.colour, r.pawns, r.first, r.last, r.slack, r.gap)).collect();
        assert_eq!(
            all,
            vec![
                (Colour::Black, 1, 2, 2, 0, 0),
                (Colour::White, 1, 3, 3, 0, 1),
                (Colour::Black, 2, 5, 6, 0, 1),
                (Colour::White, 1, 8, 8, 0, 2),
            ]
        );
    }

    #[test]
    fn a_run_may_wrap_past_field_n() {
        let b = Board::from_positions(8, &[1, 7], &[4]).unwrap();
        let all: Vec<_> = runs(&b).map(|r| (r.colour, r.pawns, r.first, r.last, r.slack, r.gap)).collect();
        assert_eq!(all, vec![(Colour::Black, 1, 4, 4, 0, 2), (Colour::White, 2, 7, 1, 1, 2)]);
    }

    #[test]
    fn first_big_run_is_found() {
        let b = Board::from_positions(12, &[1, 7, 8], &[4, 10]).unwrap();
        let cycle = Cycle::new(&b, run_boundary(&b).unwrap());
        assert_eq!(first_big_run(&cycle).map(|k| b.position(cycle.absolute(k))), Some(7));
        let alternating = Board::from_positions(8, &[1], &[4]).unwrap();
        assert_eq!(first_big_run(&Cycle::new(&alternating, 0)), None);
    }
}
