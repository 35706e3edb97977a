//! One pass over a complete solution's words: every placement counted by value (with the mirror
//! reduction, each stored block stands for itself and its image), the placements up to the mirror
//! image, the reachable ones, and the longest win and loss of each side to move.

use rayon::prelude::*;

use super::reach::Reach;
use super::table::Tally;
use crate::index::{CellId, pair_id};
use crate::solve::word::{self, Word};
use crate::solve::{Schedule, Solution, StateValue, WordSlice};
use crate::space::{Side, State, StateSpace};

/// What the pass counts.
pub struct Counts {
    /// Every placement, either side to move.
    pub all: Tally,
    /// Every placement up to the mirror image (a mirror-symmetric board only).
    pub canonical: Option<Tally>,
    /// The placements reachable from the board's own position.
    pub reachable: Tally,
    /// The longest win and the longest loss of each side to move, with a position of that value:
    /// red win, red loss, black win, black loss.
    pub longest: [Option<(StateValue, State)>; 4],
}

/// Counts `solution` (a complete pass) and the reachable states `reach` of its state space.
pub fn count(solution: &Solution, reach: &Reach) -> Counts {
    match solution.words() {
        WordSlice::U8(words) => count_words(solution.space(), words, reach),
        WordSlice::U16(words) => count_words(solution.space(), words, reach),
        WordSlice::U32(words) => count_words(solution.space(), words, reach),
    }
}

/// What one block contributes.
#[derive(Default)]
struct Block {
    all: Tally,
    canonical: Tally,
    reachable: Tally,
    /// The longest win and loss of the block's own placements (stored blocks only).
    longest_win: Option<u32>,
    longest_loss: Option<u32>,
}

fn count_words<W: Word>(space: &StateSpace, words: &[W], reach: &Reach) -> Counts {
    let free = space.free_cells();
    let tally = |block: usize| count_block(space, words, reach, block);
    let blocks: Vec<Block> = match Schedule::for_states(space.num_states()) {
        Schedule::Parallel => (0..2 * free).into_par_iter().with_max_len(1).map(tally).collect(),
        Schedule::Sequential => (0..2 * free).map(tally).collect(),
    };
    let mut longest = [None; 4];
    for (slot, (side, wins)) in longest.iter_mut().zip([
        (Side::Red, true),
        (Side::Red, false),
        (Side::Black, true),
        (Side::Black, false),
    ]) {
        let range = match side {
            Side::Red => 0..free,
            Side::Black => free..2 * free,
        };
        let of = |b: &Block| if wins { b.longest_win } else { b.longest_loss };
        let Some(distance) = blocks[range.clone()].iter().filter_map(of).max() else { continue };
        let block =
            range.into_iter().find(|&b| of(&blocks[b]) == Some(distance)).expect("the maximum's block");
        let black = block % free;
        let value = if wins { StateValue::Win(distance) } else { StateValue::Loss(distance) };
        let pair = (0..space.pairs())
            .find(|&p| !space.pair_holds(p, black) && word_value(words[block * space.pairs() + p]) == value)
            .expect("the maximum's position");
        *slot = Some((value, State { to_move: side, black: CellId::new(black), pair: pair_id(pair) }));
    }
    let (mut all, mut canonical, mut reachable) = (Tally::default(), Tally::default(), Tally::default());
    for block in blocks {
        all = all.merge(block.all);
        canonical = canonical.merge(block.canonical);
        reachable = reachable.merge(block.reachable);
    }
    Counts { all, canonical: space.is_mirror_symmetric().then_some(canonical), reachable, longest }
}

/// The value of a complete pass's word (an undecided state is a tie).
fn word_value<W: Word>(word: W) -> StateValue {
    word::value(word).unwrap_or(StateValue::Tie)
}

/// The counts of block `block` (side to move and black cell).
fn count_block<W: Word>(space: &StateSpace, words: &[W], reach: &Reach, block: usize) -> Block {
    let (free, pairs) = (space.free_cells(), space.pairs());
    let black = block % free;
    let side = block / free;
    let own = &words[block * pairs..(block + 1) * pairs];
    let mut counts = Block::default();
    // The words of the block's reachable states: with the mirror reduction, a block left out
    // reads its image's words.
    let mut histogram = Histogram::default();
    if space.is_stored(black) {
        reach.for_each_in(block, |pair| histogram.add(own[pair]));
    } else {
        let image = &words[(side * free + space.mirror_cell(black)) * pairs..][..pairs];
        reach.for_each_in(block, |pair| histogram.add(image[space.mirror_pair(pair)]));
    }
    histogram.into_tally(&mut counts.reachable, 1);
    if !space.is_stored(black) {
        return counts;
    }
    let mut histogram = Histogram::of(own);
    // The pairs holding the pawn's cell are captures, not placements.
    for other in (0..free).filter(|&o| o != black) {
        histogram.remove(own[space.pair_of(CellId::new(black), CellId::new(other)) as usize]);
    }
    counts.longest_win = histogram.longest(true);
    counts.longest_loss = histogram.longest(false);
    if !space.is_mirror_symmetric() {
        histogram.into_tally(&mut counts.all, 1);
    } else if space.mirror_cell(black) != black {
        // A stored block off the middle column stands for itself and its mirror image (left out),
        // and holds one of each pair of mirror images.
        histogram.clone().into_tally(&mut counts.all, 2);
        histogram.into_tally(&mut counts.canonical, 1);
    } else {
        // On the middle column, a position and its image are both in the block: count the one
        // whose pair number is not larger.
        histogram.into_tally(&mut counts.all, 1);
        let mut once = Histogram::default();
        for (pair, &w) in own.iter().enumerate() {
            if pair <= space.mirror_pair(pair) && !space.pair_holds(pair, black) {
                once.add(w);
            }
        }
        once.into_tally(&mut counts.canonical, 1);
    }
    counts
}

/// Counts of words by value.
#[derive(Debug, Clone, Default)]
struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    /// The counts of every word of `words`, in four lanes so that runs of equal words do not wait
    /// on each other's increments.
    fn of<W: Word>(words: &[W]) -> Histogram {
        let len = words.iter().map(|w| w.get()).max().map_or(0, |m| m as usize + 1);
        let mut lanes = vec![[0u64; 4]; len];
        let chunks = words.chunks_exact(4);
        let rest = chunks.remainder();
        for chunk in chunks {
            for (lane, w) in chunk.iter().enumerate() {
                lanes[w.get() as usize][lane] += 1;
            }
        }
        rest.iter().for_each(|w| lanes[w.get() as usize][0] += 1);
        Histogram { counts: lanes.iter().map(|l| l.iter().sum()).collect() }
    }

    #[inline]
    fn add<W: Word>(&mut self, word: W) {
        let w = word.get() as usize;
        if w >= self.counts.len() {
            self.counts.resize(w + 1, 0);
        }
        self.counts[w] += 1;
    }

    fn remove<W: Word>(&mut self, word: W) {
        self.counts[word.get() as usize] -= 1;
    }

    /// The largest distance of a win (`wins`) or a loss counted.
    fn longest(&self, wins: bool) -> Option<u32> {
        (0..self.counts.len()).rev().filter(|&w| self.counts[w] != 0).map(|w| word_value(w as u32)).find_map(
            |v| match v {
                StateValue::Win(d) if wins => Some(d),
                StateValue::Loss(d) if !wins => Some(d),
                _ => None,
            },
        )
    }

    /// Adds every count, times `weight`, to `tally`.
    fn into_tally(self, tally: &mut Tally, weight: u64) {
        for (w, &count) in self.counts.iter().enumerate().filter(|(_, c)| **c != 0) {
            tally.add(word_value(w as u32), count * weight);
        }
    }
}
