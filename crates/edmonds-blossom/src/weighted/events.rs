//! The event queue of the weighted engine: the moments at which the running dual total reaches
//! a bound (an edge turns tight, an inner blossom's dual reaches 0), earliest first.
//!
//! The engine moves every tree by the same `δ`, so a bound met at total `T0 + s` while nothing
//! changes the labels of its ends is an absolute moment that never moves; the queue stores such
//! moments. Entries are never removed when a label changes: the engine checks an event against
//! the current state when it pops it (stale entries are skipped) and pushes a fresh one whenever a
//! change starts a bound moving. [`Events::retain`] drops stale entries when the queue grows.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What may happen at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Event {
    /// The edge with this index may have turned tight.
    Tight(u32),
    /// The inner blossom with this id may have reached dual 0.
    Expand(u32),
}

/// A min-queue of `(moment, event)`.
#[derive(Debug, Default)]
pub(super) struct Events {
    heap: BinaryHeap<Reverse<(i64, Event)>>,
}

impl Events {
    /// Schedules `event` at `moment`.
    pub(super) fn push(&mut self, moment: i64, event: Event) {
        self.heap.push(Reverse((moment, event)));
    }

    /// Removes and returns the earliest event, if its moment is at most `end`.
    pub(super) fn pop_until(&mut self, end: i64) -> Option<(i64, Event)> {
        match self.heap.peek() {
            Some(&Reverse((moment, _))) if moment <= end => self.heap.pop().map(|Reverse(entry)| entry),
            _ => None,
        }
    }

    /// Number of entries, stale ones included.
    pub(super) fn len(&self) -> usize {
        self.heap.len()
    }

    /// Keeps only the entries for which `keep(moment, event)` holds.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(i64, Event) -> bool) {
        self.heap.retain(|&Reverse((moment, event))| keep(moment, event));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_come_out_earliest_first_and_not_past_the_end() {
        let mut events = Events::default();
        events.push(5, Event::Tight(1));
        events.push(2, Event::Expand(7));
        events.push(9, Event::Tight(0));
        assert_eq!(events.pop_until(8), Some((2, Event::Expand(7))));
        assert_eq!(events.pop_until(8), Some((5, Event::Tight(1))));
        assert_eq!(events.pop_until(8), None);
        events.retain(|_, event| event != Event::Tight(0));
        assert_eq!(events.len(), 0);
    }
}
