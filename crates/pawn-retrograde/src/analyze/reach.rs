//! The positions reachable from a board's own position (Red to move): a breadth-first search over
//! the state index, one bit per state.
//!
//! Only placements are marked (three pieces on three cells): a move onto the other side's piece is
//! a capture and ends the game (the captures are marked reached before the search, so no move
//! lands on one, and unmarked after it), and terminal positions are not expanded. A black move
//! keeps the pair, so it moves whole words of a row at once. A level of the search
//! holds states of one side only (Red moves at even depths, Black at odd), so a frontier is a
//! bitmap over the `F` blocks of one side (rows of `⌈P/64⌉` words, with a summary bit per word as in
//! the retrograde pass). Like the pass, each level is a loop over *destination* blocks, each
//! written by one task: a red move keeps the pawn's cell (block (Black, `b`) is fed by (Red, `b`)
//! alone), a black move keeps the pair (block (Red, `t`) is fed by the blocks (Black, `f`) of the
//! cells `f` the pawn steps to `t` from). So the result does not depend on the schedule.

use rayon::prelude::*;

use grid_core::stop::{self, StopFlag, Stopped};

use crate::index::{CellId, CellSlot};
use crate::solve::Schedule;
use crate::space::{Side, StateSpace};

/// The reachable states: one bit per state, a row of `stride` words per block (block
/// `side·F + black`, bit `pair` of its row).
pub struct Reach {
    bits: Vec<u64>,
    stride: usize,
}

impl Reach {
    /// Calls `visit(pair)` for every reachable state of block `block`, in increasing order.
    pub fn for_each_in(&self, block: usize, mut visit: impl FnMut(usize)) {
        let row = &self.bits[block * self.stride..(block + 1) * self.stride];
        for (w, &word) in row.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                visit(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

/// One level of the search: the states of one side, a row of `stride` words per black cell, the
/// summary rows (`summary` words: which words may be non-zero) and the count per black cell.
struct Frontier {
    bits: Vec<u64>,
    summary: Vec<u64>,
    counts: Vec<u32>,
    stride: usize,
    summary_stride: usize,
}

impl Frontier {
    fn empty(free: usize, stride: usize) -> Frontier {
        let summary_stride = stride.div_ceil(64);
        Frontier {
            bits: vec![0; free * stride],
            summary: vec![0; free * summary_stride],
            counts: vec![0; free],
            stride,
            summary_stride,
        }
    }

    fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    /// Calls `visit(pair)` for every state of black cell `black`, in increasing order.
    fn for_each_in(&self, black: usize, mut visit: impl FnMut(usize)) {
        let row = &self.bits[black * self.stride..(black + 1) * self.stride];
        let summary = &self.summary[black * self.summary_stride..(black + 1) * self.summary_stride];
        for (s, &word) in summary.iter().enumerate() {
            let mut words = word;
            while words != 0 {
                let w = s * 64 + words.trailing_zeros() as usize;
                words &= words - 1;
                let mut bits = row[w];
                while bits != 0 {
                    visit(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        }
    }

    /// Calls `visit(w, word)` for every non-zero word `w` of black cell `black`'s row.
    fn for_each_word_in(&self, black: usize, mut visit: impl FnMut(usize, u64)) {
        let row = &self.bits[black * self.stride..(black + 1) * self.stride];
        let summary = &self.summary[black * self.summary_stride..(black + 1) * self.summary_stride];
        for (s, &word) in summary.iter().enumerate() {
            let mut words = word;
            while words != 0 {
                let w = s * 64 + words.trailing_zeros() as usize;
                words &= words - 1;
                visit(w, row[w]);
            }
        }
    }

    /// Clears the words the summaries of the non-empty rows point at.
    fn clear(&mut self) {
        for (black, count) in self.counts.iter_mut().enumerate() {
            if *count != 0 {
                let row = &mut self.bits[black * self.stride..(black + 1) * self.stride];
                let summary =
                    &mut self.summary[black * self.summary_stride..(black + 1) * self.summary_stride];
                for (s, word) in summary.iter_mut().enumerate() {
                    let mut words = *word;
                    while words != 0 {
                        row[s * 64 + words.trailing_zeros() as usize] = 0;
                        words &= words - 1;
                    }
                    *word = 0;
                }
                *count = 0;
            }
        }
    }
}

/// One destination block of a level: its row of the reachable bitmap and its rows of the next
/// frontier.
struct Dest<'a> {
    seen: &'a mut [u64],
    bits: &'a mut [u64],
    summary: &'a mut [u64],
    count: &'a mut u32,
}

impl Dest<'_> {
    /// Marks state `pair` of this block reached, and adds it to the next level if it is new
    /// (without a branch: most moves reach a state already reached, in no predictable pattern).
    #[inline]
    fn reach(&mut self, pair: usize) {
        let (word, bit) = (pair / 64, 1u64 << (pair % 64));
        let new = bit & !self.seen[word];
        self.seen[word] |= bit;
        self.bits[word] |= new;
        self.summary[word / 64] |= u64::from(new != 0) << (word % 64);
        *self.count += u32::from(new != 0);
    }

    /// Marks the states of `bits` in word `w` of this block reached, and adds the new ones to the
    /// next level.
    #[inline]
    fn reach_word(&mut self, w: usize, bits: u64) {
        let new = bits & !self.seen[w];
        if new != 0 {
            self.seen[w] |= new;
            self.bits[w] |= new;
            self.summary[w / 64] |= 1 << (w % 64);
            *self.count += new.count_ones();
        }
    }
}

/// The states reachable from `space`'s start (Red to move), the start included; stops before the
/// next level once `stop` is set.
pub fn reachable(space: &StateSpace, stop: StopFlag<'_>) -> Result<Reach, Stopped> {
    let (free, pairs) = (space.free_cells(), space.pairs());
    let stride = pairs.div_ceil(64);
    let schedule = Schedule::for_states(space.num_states());
    let mut seen = vec![0u64; 2 * free * stride];
    // The cells the pawn steps to each cell from (up, left or right).
    let mut sources = vec![Vec::new(); free];
    for from in 0..free {
        for to in space.black_targets(from).into_iter().filter(|&t| t != CellSlot::NONE.index()) {
            sources[to].push(from);
        }
    }
    // The captures are marked reached before the search, so that no move ever lands on one, and
    // unmarked after it.
    let captures = |seen: &mut [u64]| {
        for block in 0..2 * free {
            let black = block % free;
            for other in (0..free).filter(|&o| o != black) {
                let pair = space.pair_of(CellId::new(black), CellId::new(other)) as usize;
                seen[block * stride + pair / 64] ^= 1 << (pair % 64);
            }
        }
    };
    captures(&mut seen);
    let (mut level, mut next) = (Frontier::empty(free, stride), Frontier::empty(free, stride));
    let start = space.start();
    let (black, pair) = (start.black.index(), start.pair as usize);
    if space.pair_holds(pair, black) {
        // A capture is not a placement: nothing is reachable.
        captures(&mut seen);
        return Ok(Reach { bits: seen, stride });
    }
    seen[black * stride + pair / 64] |= 1 << (pair % 64);
    level.bits[black * stride + pair / 64] |= 1 << (pair % 64);
    level.summary[black * level.summary_stride + pair / 64 / 64] |= 1 << (pair / 64 % 64);
    level.counts[black] = 1;
    let mut to_move = Side::Red;
    while !level.is_empty() {
        stop::check(stop)?;
        let (red_seen, black_seen) = seen.split_at_mut(free * stride);
        let rows = Rows { stride, summary: next.summary_stride };
        match to_move {
            // Red moves: (Red, b, pair) → (Black, b, pair') for each red step (the red moves
            // between pairs are their own inverse: a step's unmove is a step). With the pawn in
            // row 1 the game is over.
            Side::Red => for_rows(schedule, black_seen, &mut next, rows, |b, mut dest| {
                if level.counts[b] == 0 || space.on_top_row(CellId::new(b)) {
                    return;
                }
                level.for_each_in(b, |pair| space.for_each_red_unmove(b, pair, |moved| dest.reach(moved)));
            }),
            // Black moves: (Black, f, pair) → (Red, t, pair) for each cell t the pawn steps to: the
            // rows of the sources, word by word.
            Side::Black => for_rows(schedule, red_seen, &mut next, rows, |t, mut dest| {
                for &f in &sources[t] {
                    if level.counts[f] != 0 {
                        level.for_each_word_in(f, |w, bits| dest.reach_word(w, bits));
                    }
                }
            }),
        }
        level.clear();
        std::mem::swap(&mut level, &mut next);
        to_move = to_move.other();
    }
    captures(&mut seen);
    Ok(Reach { bits: seen, stride })
}

/// Words per row of the reachable bitmap and of a frontier's summary.
#[derive(Debug, Clone, Copy)]
struct Rows {
    stride: usize,
    summary: usize,
}

/// Calls `task(black, dest)` for every block of one side (its row of `seen` and its rows of
/// `next`), in parallel when `schedule` says so.
fn for_rows(
    schedule: Schedule,
    seen: &mut [u64],
    next: &mut Frontier,
    rows: Rows,
    task: impl Fn(usize, Dest<'_>) + Sync,
) {
    let run = |(black, (((seen, bits), summary), count))| task(black, Dest { seen, bits, summary, count });
    match schedule {
        // One block per task, as in the retrograde pass: a level's work is often in a few blocks.
        Schedule::Parallel => seen
            .par_chunks_mut(rows.stride)
            .zip(next.bits.par_chunks_mut(rows.stride))
            .zip(next.summary.par_chunks_mut(rows.summary))
            .zip(next.counts.par_iter_mut())
            .enumerate()
            .with_max_len(1)
            .for_each(run),
        Schedule::Sequential => seen
            .chunks_mut(rows.stride)
            .zip(next.bits.chunks_mut(rows.stride))
            .zip(next.summary.chunks_mut(rows.summary))
            .zip(next.counts.iter_mut())
            .enumerate()
            .for_each(run),
    }
}
