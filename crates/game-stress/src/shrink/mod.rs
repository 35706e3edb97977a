//! Shrinking a failing input: greedy delta debugging in the input's own structure.
//!
//! Each game's module lists the one-step reductions of an input, biggest first (half of the
//! boards, then quarters, … then single boards; rows, columns, obstacles, pieces moved closer,
//! pawns, empty fields, vertices, edges). The driver [`shrink`] tries them in that order, in
//! batches of `jobs` run in parallel, and moves to the first one of a batch that still fails the
//! same way; it starts over from the new input until no reduction fails or the run budget is spent.
//! Every reduction is strictly smaller under the game's size measure (compared lexicographically,
//! e.g. boards, then cells, then obstacles, then the pieces' distance), which the driver checks, so
//! shrinking always ends; and every reduction is a valid input (checked too).

pub mod king;
pub mod lattice;
pub mod matching;
pub mod pawn;
pub mod segment;

use std::ops::Range;

use rayon::prelude::*;

use crate::generate::Input;

/// Ranges to remove from a list of `len` items: halves, then quarters, … then single items; never
/// the whole list.
pub fn chunk_removals(len: usize) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut size = len / 2;
    while size >= 1 {
        let mut start = 0;
        while start < len {
            ranges.push(start..(start + size).min(len));
            start += size;
        }
        size /= 2;
    }
    ranges
}

/// The items of `items` outside `range`.
pub fn without<T: Clone>(items: &[T], range: &Range<usize>) -> Vec<T> {
    items[..range.start].iter().chain(&items[range.end..]).cloned().collect()
}

/// The size measure of an input: every reduction is lexicographically smaller.
pub fn measure(input: &Input) -> Vec<u64> {
    match input {
        Input::Pawn(x) => pawn::measure(x),
        Input::Lattice(x) => lattice::measure(x),
        Input::Segment(x) => segment::measure(x),
        Input::King(x) => king::measure(x),
        Input::Matching(x) => matching::measure(x),
    }
}

/// The one-step reductions of `input`, biggest first, each valid and strictly smaller.
pub fn candidates(input: &Input) -> Vec<Input> {
    let all: Vec<Input> = match input {
        Input::Pawn(x) => pawn::candidates(x).into_iter().map(Input::Pawn).collect(),
        Input::Lattice(x) => lattice::candidates(x).into_iter().map(Input::Lattice).collect(),
        Input::Segment(x) => segment::candidates(x).into_iter().map(Input::Segment).collect(),
        Input::King(x) => king::candidates(x).into_iter().map(Input::King).collect(),
        Input::Matching(x) => matching::candidates(x).into_iter().map(Input::Matching).collect(),
    };
    let size = measure(input);
    all.into_iter().filter(|c| measure(c) < size).collect()
}

/// The result of [`shrink`].
#[derive(Debug, Clone)]
pub struct Shrunk {
    /// The smallest failing input found.
    pub input: Input,
    /// Reductions accepted.
    pub steps: usize,
    /// Candidates tried (runs of the solution).
    pub tries: usize,
    /// Whether the run budget ran out before no reduction was left.
    pub budget_spent: bool,
}

/// Shrinks `input` greedily while `still_fails` holds, trying `jobs` candidates at a time in parallel
/// (on the current rayon pool) and at most `max_tries` candidates in all. The result depends only
/// on `still_fails`, not on `jobs`: of a batch, the first failing candidate in order is taken.
pub fn shrink<F>(input: Input, jobs: usize, max_tries: usize, still_fails: F) -> Shrunk
where
    F: Fn(&Input) -> bool + Sync,
{
    let mut current = input;
    let (mut steps, mut tries) = (0, 0);
    'outer: loop {
        let all = candidates(&current);
        for batch in all.chunks(jobs.max(1)) {
            if tries + batch.len() > max_tries {
                return Shrunk { input: current, steps, tries, budget_spent: true };
            }
            tries += batch.len();
            let results: Vec<bool> = batch.par_iter().map(&still_fails).collect();
            if let Some(i) = results.iter().position(|&f| f) {
                current = batch[i].clone();
                steps += 1;
                continue 'outer;
            }
        }
        return Shrunk { input: current, steps, tries, budget_spent: false };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::matching::MatchingInput;

    #[test]
    fn chunks_go_from_halves_to_singles() {
        assert_eq!(chunk_removals(1), vec![]);
        assert_eq!(chunk_removals(4), vec![0..2, 2..4, 0..1, 1..2, 2..3, 3..4]);
        assert_eq!(chunk_removals(3), vec![0..1, 1..2, 2..3]);
    }

    #[test]
    fn shrinks_a_graph_to_the_property() {
        // "Fails" while the graph has a triangle on some vertices: shrinks to exactly a triangle.
        let input = Input::Matching(MatchingInput {
            n: 7,
            edges: vec![(0, 1), (1, 2), (2, 3), (3, 4), (4, 2), (5, 6), (0, 6)],
        });
        let has_triangle = |i: &Input| {
            let Input::Matching(g) = i else { return false };
            let e = |a, b| g.edges.contains(&(a, b)) || g.edges.contains(&(b, a));
            (0..g.n as u32).any(|a| {
                (a + 1..g.n as u32).any(|b| (b + 1..g.n as u32).any(|c| e(a, b) && e(b, c) && e(a, c)))
            })
        };
        let shrunk = shrink(input, 2, 1000, has_triangle);
        let Input::Matching(g) = shrunk.input else { unreachable!() };
        assert_eq!((g.n, g.edges.len()), (3, 3));
    }
}
