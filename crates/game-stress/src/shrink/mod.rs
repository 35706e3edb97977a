//! Shrinking a failing input: greedy delta debugging in the input's own structure.
//!
//! Each game's `games/<game>/shrink.rs` lists the one-step reductions of an input, biggest first (half of the
//! boards, then quarters, … then single boards; rows, columns, obstacles, pieces moved closer,
//! pawns, empty fields, vertices, edges, smaller values). The driver [`shrink`] tries them in
//! batches of `jobs` run in parallel, and moves to the first one of a batch that still fails the
//! same way; it goes on with the new input's reductions until none of them fails (the result is
//! then 1-minimal: no single known reduction of it still fails), or a bound stops it.
//! Every reduction is strictly smaller under the game's size measure (compared lexicographically,
//! e.g. boards, then cells, then obstacles, then the pieces' distance), which the driver checks, so
//! shrinking always ends; and every reduction is a valid input (checked too).
//!
//! The driver sees an input only through [`Reducible`] (its measure, reductions and text), which
//! the list of the games implements for its `Input`, so a game list made with `define_games!`
//! elsewhere (a test's) shrinks with the same driver.

mod removal;

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::generate::Input;

pub use removal::{chunk_removals, without};

/// An input the driver can shrink: the `Input` of a list of the games.
pub trait Reducible: Clone + Send + Sync {
    /// The size measure of the input: every reduction is lexicographically smaller.
    fn measure(&self) -> Vec<u64>;
    /// The one-step reductions of the input, biggest first (not yet checked smaller).
    fn reductions(&self) -> Vec<Self>;
    /// The input exactly as the solver reads it.
    fn render(&self) -> String;
}

/// The size measure of an input: every reduction is lexicographically smaller.
pub fn measure<I: Reducible>(input: &I) -> Vec<u64> {
    input.measure()
}

/// The one-step reductions of `input`, biggest first, each valid and strictly smaller.
pub fn candidates<I: Reducible>(input: &I) -> Vec<I> {
    let size = measure(input);
    input.reductions().into_iter().filter(|c| measure(c) < size).collect()
}

/// Why [`shrink`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// No single reduction of the result still fails: a 1-minimal input.
    Minimal,
    /// The run budget was spent first.
    Budget,
    /// The time bound was reached first.
    Time,
}

/// The bounds of one shrinking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Most runs of the solution (candidates tried).
    pub max_tries: usize,
    /// Most wall-clock time, if bounded.
    pub max_time: Option<Duration>,
}

/// The result of [`shrink`].
#[derive(Debug, Clone)]
pub struct Shrunk<I = Input> {
    /// The smallest failing input found.
    pub input: I,
    /// Reductions accepted.
    pub steps: usize,
    /// Candidates tried (runs of the solution).
    pub tries: usize,
    /// Why it stopped: only [`Stop::Minimal`] promises that no single reduction still fails.
    pub stop: Stop,
}

/// A progress report of [`shrink`], after each accepted reduction.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a, I = Input> {
    /// The current (smallest failing) input.
    pub input: &'a I,
    /// Reductions accepted so far.
    pub steps: usize,
    /// Runs so far.
    pub tries: usize,
}

fn fingerprint<I: Reducible>(input: &I) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    input.render().hash(&mut hasher);
    hasher.finish()
}

/// Shrinks `input` while `still_fails` holds, to an input where no single reduction of
/// [`candidates`] still fails (unless `bounds` stop it first; [`Shrunk::stop`] says which).
///
/// The candidates of the current input are tried in order (biggest reductions first), `jobs` at a
/// time in parallel (on the current rayon pool); the first failing one of a batch becomes the
/// current input, whose candidates are then tried from the first, until a whole round of
/// candidates passes. A candidate already seen to pass is not run again. The result
/// depends only on `still_fails`, not on `jobs`. `progress` is called after each reduction.
pub fn shrink<I, F>(
    input: I,
    jobs: usize,
    bounds: Bounds,
    still_fails: F,
    mut progress: impl FnMut(Progress<I>),
) -> Shrunk<I>
where
    I: Reducible,
    F: Fn(&I) -> bool + Sync,
{
    let start = Instant::now();
    let mut passed: HashSet<u64> = HashSet::new();
    let mut current = input;
    let (mut steps, mut tries) = (0, 0);
    'outer: loop {
        let all = candidates(&current);
        let mut next = 0..all.len();
        loop {
            let mut batch: Vec<(usize, u64)> = Vec::with_capacity(jobs.max(1));
            for i in next.by_ref() {
                let print = fingerprint(&all[i]);
                if !passed.contains(&print) {
                    batch.push((i, print));
                    if batch.len() == jobs.max(1) {
                        break;
                    }
                }
            }
            if batch.is_empty() {
                return Shrunk { input: current, steps, tries, stop: Stop::Minimal };
            }
            if tries + batch.len() > bounds.max_tries {
                return Shrunk { input: current, steps, tries, stop: Stop::Budget };
            }
            if bounds.max_time.is_some_and(|t| start.elapsed() >= t) {
                return Shrunk { input: current, steps, tries, stop: Stop::Time };
            }
            tries += batch.len();
            let results: Vec<bool> = batch.par_iter().map(|&(i, _)| still_fails(&all[i])).collect();
            for (&(_, print), &failed) in batch.iter().zip(&results) {
                if !failed {
                    passed.insert(print);
                }
            }
            if let Some(k) = results.iter().position(|&f| f) {
                let i = batch[k].0;
                current = all[i].clone();
                steps += 1;
                progress(Progress { input: &current, steps, tries });
                continue 'outer;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::matching::generate::MatchingInput;

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
        let bounds = Bounds { max_tries: 1000, max_time: None };
        let mut reports = 0;
        let shrunk = shrink(input.clone(), 2, bounds, has_triangle, |_| reports += 1);
        assert_eq!((shrunk.stop, reports), (Stop::Minimal, shrunk.steps));
        let Input::Matching(g) = &shrunk.input else { unreachable!() };
        assert_eq!((g.n, g.edges.len()), (3, 3));
        // The same result whatever the number of jobs; a budget too small stops it short.
        assert_eq!(shrink(input.clone(), 5, bounds, has_triangle, |_| ()).input, shrunk.input);
        let tight = Bounds { max_tries: 3, max_time: None };
        assert_eq!(shrink(input, 1, tight, has_triangle, |_| ()).stop, Stop::Budget);
    }
}
