//! The retrograde pass: seed the terminal states, then propagate backwards level by level.
//!
//! # Why level order gives win-in-fewest / lose-in-most
//!
//! Level 0 is all terminal states. The states of level `d` are processed; every state they decide
//! gets distance `d + 1` and goes to level `d + 1`, which is processed only after all of level `d`.
//! A state becomes a win the first time one of its successors is found lost for the opponent; that
//! successor has the smallest distance of all such successors, so the win is the fastest one. A
//! state becomes a loss when its last move is refuted; that refutation comes from the successor
//! with the largest distance, so the loss is the slowest one. A state decided while level `d` is
//! processed is thus final, and all states of distance ≤ `d` are decided by then, which is what
//! makes the early stop exact.
//!
//! # Levels as bitmaps, and why a level can be processed in parallel
//!
//! A level is a bitmap over the states, one row of `stride = ⌈P/64⌉` 64-bit words per block (a
//! block is the `P` states of one side to move and black cell). It costs 1/8 byte per state, and
//! walking it visits the states in index order, which keeps the accesses nearly sequential: a red
//! unmove stays in one block of `P` words, a black unmove walks a block monotonically.
//!
//! The unmoves never cross the two halves in a way that makes two blocks write the same word:
//! - a red unmove turns a state (Black to move, black `b`, pair) into predecessors (Red to move,
//!   black `b`, other pairs): the destination block (Red, `b`) is fed by the single source block
//!   (Black, `b`);
//! - a black unmove turns a state (Red to move, black `t`, pair) into the predecessor (Black to
//!   move, black `f`, same pair) for the up to three cells `f` the pawn reaches `t` from: the
//!   destination block (Black, `f`) pulls from the source blocks (Red, `t`) of `f`'s targets.
//!
//! So a level is processed in two phases, each a loop over *destination* blocks: first every
//! (Red, `b`) block (reading the Black half, writing the Red half), then every (Black, `f`) block
//! (reading the Red half, writing the Black half). Each destination block is written by one task,
//! which processes its sources in index order, so the words after a level do not depend on how the
//! blocks are spread over threads: the parallel pass and the sequential one give identical words,
//! counts of unrefuted moves included. The states a level reads are decided before the level
//! starts and never change, so the two phases see the same level whatever the order.

use rayon::prelude::*;

use grid_core::stop::{self, StopFlag};

use super::word::{self, DistanceOverflow, Word};
use crate::index::{CellId, StateId, pair_index, state_index};
use crate::space::{Side, StateSpace};

/// Why [`Pass::run`] returned before its targets were decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    /// The next distance does not fit the word type: widen and run again.
    Overflow(DistanceOverflow),
    /// The stop flag was set (checked before each level, and by the seeding before each block).
    Stopped,
}

/// States at or above this many run the blocks of a level in parallel (below, rayon's overhead
/// per level outweighs the work; the boards of a file run in parallel with each other instead).
pub const PARALLEL_STATES: usize = 1 << 20;

/// How the blocks of each level of a pass are run; the words do not depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// One block after another, on the calling thread.
    Sequential,
    /// One rayon task per block.
    Parallel,
}

impl Schedule {
    /// The schedule of a state space of `states` states: [`Schedule::Parallel`] from
    /// [`PARALLEL_STATES`] on.
    pub fn for_states(states: usize) -> Schedule {
        if states >= PARALLEL_STATES { Schedule::Parallel } else { Schedule::Sequential }
    }
}

/// The shape of a state space as the pass sees it.
#[derive(Debug, Clone, Copy)]
struct Shape {
    /// Free cells `F`.
    free: usize,
    /// Pairs `P` (words per block).
    pairs: usize,
    /// Bitmap words per block, `⌈P/64⌉`.
    stride: usize,
    /// Summary words per block, `⌈stride/64⌉`: bit `w` is set when bitmap word `w` may be
    /// non-zero, so a sparse level is walked without scanning its whole bitmap.
    summary: usize,
}

impl Shape {
    fn of(space: &StateSpace) -> Shape {
        let pairs = space.pairs();
        let stride = pairs.div_ceil(64);
        Shape { free: space.free_cells(), pairs, stride, summary: stride.div_ceil(64) }
    }
}

/// The most bytes solving a board with `free` free cells can take, of which the pass solves the
/// blocks of `stored` (all `free`, or about half with the mirror reduction: the pages of the other
/// blocks are never touched): the per-state words of the solved blocks at their peak (1 byte per
/// state, plus 2 while they are widened to 2 bytes: 3 bytes per state), the rows of the two level
/// bitmaps those blocks touch with every block's count, the visited bitmap of a principal
/// variation or of `analyze`'s reachable positions (1 bit per state of the whole index; `analyze`'s
/// search, run before the pass, holds about 2 bits per state) and the tables of the state space
/// (the mirror images of the pairs included). Distances above 65,525 (never seen) would widen the
/// words again, to 4 bytes, beyond this plan. Saturates at `u64::MAX` (any board size can be asked
/// about, for the message that refuses it).
pub fn memory_needed(free: usize, stored: usize) -> u64 {
    let (f, s) = (free as u128, stored.min(free) as u128);
    let pairs = f * f.saturating_sub(1) / 2;
    let (states, solved) = (2 * f * pairs, 2 * s * pairs);
    let stride = pairs.div_ceil(64);
    let bitmaps = 2 * (2 * s * (stride + stride.div_ceil(64)) * 8 + 2 * f * 4);
    let bytes = 3 * solved + bitmaps + states / 8 + 12 * pairs + 64 * f;
    u64::try_from(bytes).unwrap_or(u64::MAX)
}

/// A level: a bitmap of its states (a row of `stride` words per block), its summary (a row of
/// `summary` words per block: which bitmap words may be non-zero) and the number of states per
/// block.
struct Level {
    bits: Vec<u64>,
    summary: Vec<u64>,
    counts: Vec<u32>,
}

impl Level {
    fn empty(shape: Shape) -> Level {
        // Zeroed allocation: rows of the bitmap that are never written are never paged in.
        let blocks = 2 * shape.free;
        Level {
            bits: vec![0; blocks * shape.stride],
            summary: vec![0; blocks * shape.summary],
            counts: vec![0; blocks],
        }
    }

    fn len(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }

    /// Calls `visit(pair)` for every state of block `block`, in increasing order.
    #[inline]
    fn for_each_in(&self, shape: Shape, block: usize, mut visit: impl FnMut(usize)) {
        let row = &self.bits[block * shape.stride..(block + 1) * shape.stride];
        for_each_bit(&self.summary[block * shape.summary..(block + 1) * shape.summary], |w| {
            let mut bits = row[w];
            while bits != 0 {
                visit(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        });
    }

    /// Clears the words the summaries of the non-empty blocks point at.
    fn clear(&mut self, shape: Shape) {
        for (block, count) in self.counts.iter_mut().enumerate() {
            if *count != 0 {
                let row = &mut self.bits[block * shape.stride..(block + 1) * shape.stride];
                let summary = &mut self.summary[block * shape.summary..(block + 1) * shape.summary];
                for_each_bit(summary, |w| row[w] = 0);
                summary.fill(0);
                *count = 0;
            }
        }
    }
}

/// A retrograde pass in progress.
pub struct Pass<W> {
    /// One word per state index (encoding in [`super::word`]).
    pub words: Vec<W>,
    shape: Shape,
    /// The states of distance `distance`, not processed yet.
    level: Level,
    /// Scratch: the states the current level decides (distance `distance + 1`); empty between
    /// levels.
    next: Level,
    distance: u32,
    processed: usize,
    schedule: Schedule,
}

impl<W: Word> Pass<W> {
    /// A pass with every terminal state decided and forming level 0, whose levels run their blocks
    /// by `schedule` (the result does not depend on it).
    #[cfg(test)]
    pub fn seeded(space: &StateSpace, schedule: Schedule) -> Self {
        match Self::seeded_until_stopped(space, schedule, None) {
            Ok(pass) => pass,
            Err(halt) => unreachable!("seeding without a stop flag never halts: {halt:?}"),
        }
    }

    /// [`Pass::seeded`], checking `stop` before each block (seeding a big board writes every
    /// state once, a second or more): `Halt::Stopped` once it is set, the pass dropped.
    pub fn seeded_until_stopped(
        space: &StateSpace,
        schedule: Schedule,
        stop: StopFlag<'_>,
    ) -> Result<Self, Halt> {
        let shape = Shape::of(space);
        let mut words = vec![W::ZERO; space.num_states()];
        let mut level = Level::empty(shape);
        let red: Vec<W> = (0..shape.pairs).map(|p| W::from_u32(u32::from(space.red_move_count(p)))).collect();
        let half = (&mut words[..], &mut level.bits[..], &mut level.summary[..], &mut level.counts[..]);
        for_blocks(schedule, half, shape, |block, mut dest| {
            let (to_move, black) =
                if block < shape.free { (Side::Red, block) } else { (Side::Black, block - shape.free) };
            // The blocks the mirror reduction leaves out are never written (nor paged in); once
            // the flag is set, none is.
            if !space.is_stored(black) || stop::check(stop).is_err() {
                return;
            }
            // Every state starts with its number of legal moves.
            match to_move {
                Side::Red => dest.words.copy_from_slice(&red),
                Side::Black => dest.words.fill(W::from_u32(u32::from(space.black_move_count(black)))),
            }
            // With Black to move and black in row 1, every predecessor (Red to move, black in
            // row 1) is terminal too: there is nothing to propagate, so the states are not listed.
            let listed = !(to_move == Side::Black && space.on_top_row(CellId::new(black)));
            space.for_each_terminal_in(to_move, CellId::new(black), |pair, terminal| {
                let pair = pair_index(pair);
                dest.words[pair] = word::decided(terminal.winner == to_move, 0);
                if listed {
                    dest.mark(pair);
                }
            });
        });
        stop::check(stop).map_err(|_| Halt::Stopped)?;
        Ok(Pass { words, shape, level, next: Level::empty(shape), distance: 0, processed: 0, schedule })
    }

    /// Number of states processed so far.
    pub fn processed(&self) -> usize {
        self.processed
    }

    /// Whether nothing is left to process (every undecided state is then a tie).
    pub fn is_exhausted(&self) -> bool {
        self.level.counts.iter().all(|&c| c == 0)
    }

    /// The same pass with wider words: the encoding does not depend on the width, so every word
    /// keeps its value and the pass continues where it stopped.
    ///
    /// Only the stored blocks are copied (see [`StateSpace::is_stored`]): with the mirror
    /// reduction, the others stay zero pages, never touched.
    pub fn widen<V: Word>(self, space: &StateSpace) -> Pass<V> {
        let pairs = self.shape.pairs;
        let mut words = vec![V::ZERO; self.words.len()];
        let blocks = words.chunks_mut(pairs).zip(self.words.chunks(pairs)).enumerate();
        for (block, (wide, narrow)) in blocks {
            if space.is_stored(block % self.shape.free) {
                wide.iter_mut().zip(narrow).for_each(|(w, &n)| *w = V::from_u32(n.get()));
            }
        }
        drop(self.words);
        Pass {
            words,
            shape: self.shape,
            level: self.level,
            next: self.next,
            distance: self.distance,
            processed: self.processed,
            schedule: self.schedule,
        }
    }

    /// Propagates level by level until every state in `pending` is decided (popping them as they
    /// are) or nothing is left; with `pending` empty, until nothing is left. Fails, before deciding
    /// any state, when the next distance would not fit `W`, and before each level once `stop` is
    /// set.
    pub fn run(
        &mut self,
        space: &StateSpace,
        pending: &mut Vec<StateId>,
        stop: StopFlag<'_>,
    ) -> Result<(), Halt> {
        let stop_early = !pending.is_empty();
        loop {
            while pending.last().is_some_and(|&t| word::is_decided(self.words[state_index(t)])) {
                pending.pop();
            }
            if (stop_early && pending.is_empty()) || self.is_exhausted() {
                return Ok(());
            }
            if self.distance + 1 > W::MAX_DISTANCE {
                return Err(Halt::Overflow(DistanceOverflow));
            }
            stop::check(stop).map_err(|_| Halt::Stopped)?;
            self.process_level(space);
        }
    }

    /// Processes the current level: decides the states of distance `distance + 1` and makes them
    /// the current level.
    ///
    /// Every state of a level is lost for its mover when the level's distance is even, won when it
    /// is odd: the listed terminal states (level 0) are all lost for the mover (a capture, a side
    /// with no move, Red to move with the pawn in row 1; the only terminal states won by their
    /// mover, Black to move with the pawn in row 1, are not listed, having only terminal
    /// predecessors), a state decided by a lost successor is won, and one decided by its last won
    /// successor is lost. So the pass knows the sources' values without reading their words, and
    /// each level runs a loop specialised for wins or for count-downs.
    fn process_level(&mut self, space: &StateSpace) {
        if self.distance % 2 == 0 {
            self.propagate::<true>(space);
        } else {
            self.propagate::<false>(space);
        }
    }

    /// [`Self::process_level`] for a level whose states are all lost for their mover (`LOST`) or
    /// all won.
    fn propagate<const LOST: bool>(&mut self, space: &StateSpace) {
        let shape = self.shape;
        let Shape { free, pairs, stride, summary } = shape;
        let next = self.distance + 1;
        // A level of losses decides wins one move longer, a level of wins losses (the other word
        // is never written).
        let (win, loss) = if LOST {
            (word::decided::<W>(true, next), W::ZERO)
        } else {
            (W::ZERO, word::decided::<W>(false, next))
        };
        let level = &self.level;
        let (red_words, black_words) = self.words.split_at_mut(free * pairs);
        let (red_next, black_next) = self.next.bits.split_at_mut(free * stride);
        let (red_summary, black_summary) = self.next.summary.split_at_mut(free * summary);
        let (red_counts, black_counts) = self.next.counts.split_at_mut(free);

        // Phase 1: red unmoves, destination (Red to move, b) from source (Black to move, b).
        let black_src: &[W] = black_words;
        for_blocks(
            self.schedule,
            (&mut *red_words, red_next, red_summary, red_counts),
            shape,
            |b, mut dest| {
                // A block left out by the mirror reduction has an empty source (never seeded).
                if level.counts[free + b] == 0 {
                    return;
                }
                let source = &black_src[b * pairs..(b + 1) * pairs];
                level.for_each_in(shape, free + b, |pair| {
                    debug_assert_eq!(word::mover_wins(source[pair]), !LOST);
                    space.for_each_red_unmove(b, pair, |pred| dest.update::<LOST>(pred, win, loss));
                });
            },
        );

        // Phase 2: black unmoves, destination (Black to move, f) from sources (Red to move, t)
        // for every target t of f.
        let red_src: &[W] = red_words;
        for_blocks(
            self.schedule,
            (black_words, black_next, black_summary, black_counts),
            shape,
            |f, mut dest| {
                if !space.is_stored(f) {
                    return;
                }
                for t in space.black_targets(f) {
                    if t >= free {
                        continue;
                    }
                    if space.is_stored(t) {
                        if level.counts[t] == 0 {
                            continue;
                        }
                        let source = &red_src[t * pairs..(t + 1) * pairs];
                        // A pair holding `f` makes (Black, f, pair) a capture, decided at level 0:
                        // `update` leaves it alone, so such pairs need no test here.
                        level.for_each_in(shape, t, |pair| {
                            debug_assert_eq!(word::mover_wins(source[pair]), !LOST);
                            dest.update::<LOST>(pair, win, loss);
                        });
                    } else {
                        // Mirror reduction: `t` is across the middle, its block is not stored.
                        // (Red, t, pair) has the value of its image (Red, t', pair'), which is
                        // in the level exactly when it is; each image is listed once, so each
                        // move of the pawn from `f` to `t` is still counted once.
                        let image = space.mirror_cell(t);
                        if level.counts[image] == 0 {
                            continue;
                        }
                        let source = &red_src[image * pairs..(image + 1) * pairs];
                        level.for_each_in(shape, image, |mirrored| {
                            debug_assert_eq!(word::mover_wins(source[mirrored]), !LOST);
                            dest.update::<LOST>(space.mirror_pair(mirrored), win, loss);
                        });
                    }
                }
            },
        );

        self.processed += self.level.len();
        self.level.clear(shape);
        std::mem::swap(&mut self.level, &mut self.next);
        self.distance = next;
    }
}

/// One destination block: its words, its rows of the next level's bitmap and summary, and its
/// count there.
struct Dest<'a, W> {
    words: &'a mut [W],
    bits: &'a mut [u64],
    summary: &'a mut [u64],
    count: &'a mut u32,
}

impl<W: Word> Dest<'_, W> {
    /// A successor of the state `pred` (in this block) is decided, lost (`LOST`) or won for its
    /// mover: `pred` wins with the word `win`, or has one move fewer not refuted and loses with
    /// the word `loss` when none is left. Newly decided states join the next level. A decided
    /// `pred` is left alone (its value is final).
    #[inline]
    fn update<const LOST: bool>(&mut self, pred: usize, win: W, loss: W) {
        let slot = &mut self.words[pred];
        if word::is_decided(*slot) {
            return;
        }
        if LOST {
            *slot = win;
        } else {
            let remaining = word::remaining(*slot) - 1;
            if remaining != 0 {
                *slot = word::with_remaining(remaining);
                return;
            }
            *slot = loss;
        }
        self.mark(pred);
    }

    /// Adds the state `pair` of this block to the level.
    #[inline]
    fn mark(&mut self, pair: usize) {
        let word = pair / 64;
        self.bits[word] |= 1 << (pair % 64);
        self.summary[word / 64] |= 1 << (word % 64);
        *self.count += 1;
    }
}

/// The words, next-level bitmap, summary and counts of one half of the blocks.
type Half<'a, W> = (&'a mut [W], &'a mut [u64], &'a mut [u64], &'a mut [u32]);

/// Calls `task(block, dest)` for every block of one half (its words in rows of `P`, its bitmap
/// and summary rows and its counts), in parallel when `schedule` says so.
fn for_blocks<W: Word>(
    schedule: Schedule,
    half: Half<'_, W>,
    shape: Shape,
    task: impl Fn(usize, Dest<'_, W>) + Sync,
) {
    let (words, bits, summary, counts) = half;
    if schedule == Schedule::Parallel {
        words
            .par_chunks_mut(shape.pairs)
            .zip(bits.par_chunks_mut(shape.stride))
            .zip(summary.par_chunks_mut(shape.summary))
            .zip(counts.par_iter_mut())
            .enumerate()
            // One block per task: a level's work is often concentrated in a few neighbouring blocks
            // (the rows the pawn reaches), and rayon's default split would hand them all to one
            // thread as a single sequential leaf that no other thread can steal from.
            .with_max_len(1)
            .for_each(|(block, (((words, bits), summary), count))| {
                task(block, Dest { words, bits, summary, count })
            });
    } else {
        let rows = words
            .chunks_mut(shape.pairs)
            .zip(bits.chunks_mut(shape.stride))
            .zip(summary.chunks_mut(shape.summary))
            .zip(counts.iter_mut());
        for (block, (((words, bits), summary), count)) in rows.enumerate() {
            task(block, Dest { words, bits, summary, count });
        }
    }
}

/// Calls `visit(i)` for every set bit `i` of `row`, in increasing order.
#[inline]
fn for_each_bit(row: &[u64], mut visit: impl FnMut(usize)) {
    for (w, &word) in row.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            visit(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_come_in_order() {
        let row = [0b1010_u64, 0, 1 << 63, 1];
        let mut seen = Vec::new();
        for_each_bit(&row, |i| seen.push(i));
        assert_eq!(seen, vec![1, 3, 191, 192]);
    }
}
