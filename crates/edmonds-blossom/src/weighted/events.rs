//! The event queue of the weighted engine: the moments at which the running dual total reaches
//! a bound (an edge turns tight, an outer vertex's or an inner blossom's dual reaches 0),
//! earliest first.
//!
//! Within a stage the engine moves every tree it grows by the same `δ`, so a bound met at total
//! `T0 + s` while nothing changes the labels of its ends is an absolute moment that never moves;
//! the queue stores such moments, and is emptied ([`Events::clear`]) when the clock restarts.
//! Entries are never removed when a label changes: the engine checks an event against the current
//! state when it pops it (stale entries are skipped) and pushes a fresh one whenever a change
//! starts a bound moving. [`Events::retain`] drops stale entries when the queue grows.
//!
//! Moments only grow: the engine pops the earliest, moves its clock there and pushes nothing
//! earlier. The queue is therefore a radix heap (Ahuja, Mehlhorn, Orlin, Tarjan 1990): an entry
//! sits in the bucket of the highest bit in which its moment differs from the last moment popped,
//! a push is `O(1)`, and a pop that finds the lowest bucket empty scans the next non-empty one
//! once, moving each of its entries to a lower bucket; an entry moves at most 64 times, through
//! memory read in order (a binary heap's sift-down misses the cache at every level).

/// What may happen at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Event {
    /// The edge of arc `arc` (its index in the engine's adjacency), from `u` to `v`, may have
    /// turned tight (the ends are here so that a stale entry is told without reading the arc).
    Tight {
        /// The arc's index.
        arc: u32,
        /// One end.
        u: u32,
        /// The other end.
        v: u32,
    },
    /// The dual of this outer vertex may have reached 0.
    Zero(u32),
    /// The inner blossom with this id may have reached dual 0.
    Expand(u32),
}

/// Number of buckets: one for the moments equal to the last one popped, one per bit of an `i64`.
const BUCKETS: usize = 65;

/// A monotone min-queue of `(moment, event)` with moments `>= 0`.
#[derive(Debug)]
pub(super) struct Events {
    /// `buckets[0]`: the entries at `last`; `buckets[i]`, `i >= 1`: the entries whose moment
    /// differs from `last` first in bit `i − 1` (every moment queued is at least `last`).
    buckets: Vec<Vec<(i64, Event)>>,
    /// The moment of the last pop (0 before the first).
    last: i64,
    len: usize,
}

impl Default for Events {
    fn default() -> Self {
        Self { buckets: vec![Vec::new(); BUCKETS], last: 0, len: 0 }
    }
}

impl Events {
    /// The bucket of `moment` relative to `last`.
    fn bucket(&self, moment: i64) -> usize {
        let differ = (moment ^ self.last) as u64;
        (u64::BITS - differ.leading_zeros()) as usize
    }

    /// Schedules `event` at `moment`, which is no earlier than the last moment popped.
    pub(super) fn push(&mut self, moment: i64, event: Event) {
        debug_assert!(moment >= self.last, "moments only grow");
        let i = self.bucket(moment);
        self.buckets[i].push((moment, event));
        self.len += 1;
    }

    /// Removes and returns an earliest event, if its moment is at most `end`.
    pub(super) fn pop_until(&mut self, end: i64) -> Option<(i64, Event)> {
        if self.buckets[0].is_empty() {
            let i = (1..BUCKETS).find(|&i| !self.buckets[i].is_empty())?;
            let earliest = self.buckets[i].iter().map(|&(moment, _)| moment).min()?;
            if earliest > end {
                return None;
            }
            self.last = earliest;
            let mut spilled = std::mem::take(&mut self.buckets[i]);
            for entry in spilled.drain(..) {
                let j = self.bucket(entry.0);
                debug_assert!(j < i);
                self.buckets[j].push(entry);
            }
            self.buckets[i] = spilled;
        }
        let &(moment, _) = self.buckets[0].last()?;
        if moment > end {
            return None;
        }
        self.len -= 1;
        self.buckets[0].pop()
    }

    /// Empties the queue; the next moments pushed are at least `last`.
    pub(super) fn clear(&mut self, last: i64) {
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.last = last;
        self.len = 0;
    }

    /// Number of entries, stale ones included.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Keeps only the entries for which `keep(moment, event)` holds.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(i64, Event) -> bool) {
        for bucket in &mut self.buckets {
            bucket.retain(|&(moment, event)| keep(moment, event));
        }
        self.len = self.buckets.iter().map(Vec::len).sum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_come_out_earliest_first_and_not_past_the_end() {
        let mut events = Events::default();
        events.push(5, Event::Tight { arc: 1, u: 0, v: 1 });
        events.push(2, Event::Expand(7));
        events.push(9, Event::Tight { arc: 0, u: 0, v: 1 });
        assert_eq!(events.pop_until(8), Some((2, Event::Expand(7))));
        assert_eq!(events.pop_until(8), Some((5, Event::Tight { arc: 1, u: 0, v: 1 })));
        assert_eq!(events.pop_until(8), None);
        events.retain(|_, event| event != Event::Tight { arc: 0, u: 0, v: 1 });
        assert_eq!(events.len(), 0);
    }

    #[test]
    fn a_monotone_run_pops_in_order_of_moment() {
        // Pushes after each pop are never earlier than the moment popped, as in the engine.
        let mut events = Events::default();
        let mut state = 7u64;
        let mut next = |bound: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        for k in 0..50 {
            events.push(next(1 << 40) as i64, Event::Tight { arc: k, u: 0, v: 1 });
        }
        let (mut popped, mut last) = (0, 0);
        while let Some((moment, _)) = events.pop_until(i64::MAX) {
            assert!(moment >= last);
            last = moment;
            popped += 1;
            if popped < 5000 {
                for k in 0..next(3) {
                    let bits = 1 + next(40);
                    events.push(moment + next(1 << bits) as i64, Event::Expand(k as u32));
                }
            }
        }
        assert_eq!(events.len(), 0);
        assert!(popped > 50);
    }
}
