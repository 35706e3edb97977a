//! The retrograde pass: seed the terminal states, then propagate backwards level by level.
//!
//! # Why level order gives win-in-fewest / lose-in-most
//!
//! Level 0 is all terminal states. The states of level `d` are processed one by one; every state they
//! decide gets distance `d + 1` and goes to level `d + 1`, which is processed only after all of
//! level `d`. A state becomes a win the first time one of its successors is found lost for the
//! opponent; that successor has the smallest distance of all such successors, so the win is the
//! fastest one. A state becomes a loss when its last move is refuted; that refutation comes from the
//! successor with the largest distance, so the loss is the slowest one. A state decided while
//! level `d` is processed is thus final, and all states of distance ≤ `d` are decided by then, which
//! is what makes the early stop exact.
//!
//! # Locality
//!
//! The order of the states within a level does not matter, so each level is sorted by state index
//! before it is processed. Consecutive states then share their black cell and have nearby pairs: a
//! red unmove stays in one block of `P` words, a black unmove walks three monotone streams. This
//! turns the random accesses of a plain FIFO queue into nearly sequential ones.

use bitvec::vec::BitVec;

use super::cell::{self, DistanceOverflow, Word};
use crate::index::StateId;
use crate::space::{Side, StateSpace};

/// A list of distinct state indices in a buffer allocated once with room for every state, so that
/// appending never allocates.
struct StateList {
    buffer: Vec<StateId>,
    len: usize,
}

impl StateList {
    fn with_room_for(states: usize) -> Self {
        // Zeroed allocation: pages of the buffer that are never written are never paged in.
        StateList { buffer: vec![0; states], len: 0 }
    }

    /// Appends `state` (a list never holds a state twice, so it never outgrows the buffer).
    #[inline]
    fn push(&mut self, state: StateId) {
        self.buffer[self.len] = state;
        self.len += 1;
    }
}

/// A retrograde pass in progress.
pub struct Pass<W> {
    /// One word per state index (encoding in [`super::cell`]).
    pub words: Vec<W>,
    /// The states of distance `distance`, sorted; the first `position` have been processed.
    level: StateList,
    position: usize,
    /// `block = index / P` of the last state processed (tracked, as the level is sorted) and the
    /// first index of the following block.
    block: StateId,
    block_end: StateId,
    /// The states decided so far with distance `distance + 1`, unsorted.
    next: StateList,
    distance: u32,
    processed: usize,
    /// Scratch bitmap over all states for sorting large levels (all clear between uses).
    marks: BitVec<u64>,
}

impl<W: Word> Pass<W> {
    /// A pass with every terminal state decided and forming level 0.
    pub fn seeded(space: &StateSpace) -> Self {
        let states = space.num_states();
        let mut words = vec![W::ZERO; states];
        let mut next = StateList::with_room_for(states);
        space.for_each_terminal(|state, terminal| {
            let index = space.index(state);
            words[index as usize] = cell::decided(terminal.winner == state.to_move, 0);
            // With Black to move and black in row 1, every predecessor (Red to move, black in row 1)
            // is terminal too: there is nothing to propagate, so the state is not listed.
            if !(state.to_move == Side::Black && space.on_top_row(state.black)) {
                next.push(index);
            }
        });
        let mut pass = Pass {
            words,
            level: StateList::with_room_for(states),
            position: 0,
            block: 0,
            block_end: 0,
            next,
            distance: 0,
            processed: 0,
            marks: BitVec::repeat(false, states),
        };
        pass.start_next_level(space);
        pass
    }

    /// Number of states processed so far.
    pub fn processed(&self) -> usize {
        self.processed
    }

    /// Whether nothing is left to process (every undecided state is then a tie).
    pub fn is_exhausted(&self) -> bool {
        self.position == self.level.len && self.next.len == 0
    }

    /// The same pass with wider words: the encoding does not depend on the width, so every word
    /// keeps its value and the pass continues where it stopped.
    pub fn widen<V: Word>(self) -> Pass<V> {
        let words = self.words.into_iter().map(|w| V::from_u32(w.get())).collect();
        Pass {
            words,
            level: self.level,
            position: self.position,
            block: self.block,
            block_end: self.block_end,
            next: self.next,
            distance: self.distance,
            processed: self.processed,
            marks: self.marks,
        }
    }

    /// Propagates until every state in `pending` is decided (popping them as they are) or nothing
    /// is left; with `pending` empty, until nothing is left. Fails, before deciding any state, when
    /// the next distance would not fit `W`.
    pub fn run(&mut self, space: &StateSpace, pending: &mut Vec<StateId>) -> Result<(), DistanceOverflow> {
        let stop_early = !pending.is_empty();
        let pairs = space.pairs() as StateId;
        loop {
            while pending.last().is_some_and(|&t| cell::is_decided(self.words[t as usize])) {
                pending.pop();
            }
            if stop_early && pending.is_empty() {
                return Ok(());
            }
            if self.position == self.level.len {
                if self.next.len == 0 {
                    return Ok(());
                }
                self.start_next_level(space);
                self.distance += 1;
            }
            let next = self.distance + 1;
            if next > W::MAX_DISTANCE {
                return Err(DistanceOverflow);
            }
            let index = self.level.buffer[self.position];
            self.position += 1;
            self.processed += 1;
            while index >= self.block_end {
                self.block += 1;
                self.block_end += pairs;
            }
            let pair = index + pairs - self.block_end;
            let lost_for_mover = !cell::mover_wins(self.words[index as usize]);
            propagate(space, &mut self.words, &mut self.next, (self.block, pair), lost_for_mover, next);
        }
    }

    /// Makes the states decided so far (listed in `next`) the current level, sorted.
    fn start_next_level(&mut self, space: &StateSpace) {
        let len = self.next.len;
        sort_states(&mut self.next.buffer[..len], &mut self.marks);
        std::mem::swap(&mut self.level, &mut self.next);
        self.next.len = 0;
        self.position = 0;
        self.block = 0;
        self.block_end = space.pairs() as StateId;
    }
}

/// Updates the predecessors of the decided state `(block, pair)`, which is lost (`lost_for_mover`)
/// or won for its mover; newly decided predecessors get distance `next` and join `next_level`.
///
/// (A branch-free variant, rewriting every word and list slot unconditionally, measured slower.)
#[inline]
fn propagate<W: Word>(
    space: &StateSpace,
    words: &mut [W],
    next_level: &mut StateList,
    (block, pair): (StateId, StateId),
    lost_for_mover: bool,
    next: u32,
) {
    if lost_for_mover {
        // Moving here wins for the predecessor's mover, in `next` moves.
        let win = cell::decided::<W>(true, next);
        space.for_each_predecessor_in_block(block, pair, |pred, _| {
            let slot = &mut words[pred as usize];
            if !cell::is_decided(*slot) {
                *slot = win;
                next_level.push(pred);
            }
        });
    } else {
        // One more move of the predecessor is refuted; when all are, it is lost.
        let loss = cell::decided::<W>(false, next);
        space.for_each_predecessor_in_block(block, pair, |pred, moves| {
            let slot = &mut words[pred as usize];
            if cell::is_decided(*slot) {
                return;
            }
            let refuted = cell::refuted(*slot) + 1;
            if refuted == u32::from(moves) {
                *slot = loss;
                next_level.push(pred);
            } else {
                *slot = cell::with_refuted(refuted);
            }
        });
    }
}

/// Sorts a list of distinct state indices: through the bitmap `marks` (left all clear) when the list
/// is large enough for one scan of the bitmap to beat a comparison sort.
fn sort_states(states: &mut [StateId], marks: &mut BitVec<u64>) {
    let bitmap_words = marks.len() / 64;
    if states.len() * 8 < bitmap_words {
        states.sort_unstable();
        return;
    }
    // Raw words of the (Lsb0) bitmap: state s is bit s % 64 of word s / 64. Going through the raw
    // words keeps setting and scanning at a few instructions per state.
    let words = marks.as_raw_mut_slice();
    for &s in states.iter() {
        words[s as usize / 64] |= 1 << (s % 64);
    }
    let mut out = 0;
    for (w, word) in words.iter_mut().enumerate() {
        let mut bits = std::mem::take(word);
        while bits != 0 {
            // State indices are below MAX_STATES (< 2^25), so the cast is lossless.
            states[out] = (w * 64) as StateId + bits.trailing_zeros();
            out += 1;
            bits &= bits - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_small_and_large_lists() {
        let mut marks = BitVec::<u64>::repeat(false, 64 * 100);
        let mut small = vec![9, 3, 6000, 1];
        sort_states(&mut small, &mut marks);
        assert_eq!(small, vec![1, 3, 9, 6000]);
        let mut large: Vec<u32> = (0..200).map(|i| (i * 37) % 6400).rev().collect();
        let mut expected = large.clone();
        expected.sort_unstable();
        sort_states(&mut large, &mut marks);
        assert_eq!(large, expected);
        assert!(marks.not_any());
    }
}
