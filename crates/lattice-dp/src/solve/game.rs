//! The optimal game within a byte budget: best steps recorded in segments of layers, one sweep
//! (pass) per segment.
//!
//! The replay walks the layers upwards from the empty board (layer 0), the sweep computes them
//! downwards from the full board (layer `n·m`). When the best steps of every layer fit the budget
//! (one byte per state, C(n+m, n) bytes), one sweep records them all and the game is replayed from
//! them: one pass, exactly the cost of a plain solve plus the steps. Otherwise the layers
//! `0..n·m` are cut into consecutive segments `[s_0 = 0, s_1)`, `[s_1, s_2)`, …, `[s_{k−1}, n·m)`,
//! each the longest run of layers from its start whose full layers' steps fit the budget
//! ([`schedule`]: sized by the full layers, which is simple and safe, not by the states a
//! restricted pass actually computes), and
//!
//! - pass 1 sweeps the whole board, recording the steps of the layers `[0, s_1)` only (the last
//!   ones it computes), then replays them from the empty board to the position `P_1` of layer `s_1`;
//! - pass `i ≥ 2` sweeps again from the full board down to layer `s_{i−1}`, computing only the rows
//!   whose left half may contain `P_{i−1}` (the `within` mechanism of `child_values`: every state
//!   that contains `P_{i−1}` depends only on states that contain it), records the layers
//!   `[s_{i−1}, s_i)` and replays them from `P_{i−1}` to `P_i`.
//!
//! Memory: the two value layers and tables, plus at most the budget of steps (the largest
//! segment). Time: pass 1 is a full solve; pass `i ≥ 2` re-sweeps the layers above `s_{i−1}`,
//! restricted to the rows that may contain `P_{i−1}` (the layers above the middle hold the other
//! half of the work, and the restriction removes a share of it that grows with `s_{i−1}`). Only
//! one layer's steps are needed at least: a budget below the largest layer is refused.

use std::ops::Range;

/// The recording plan of the optimal game: the segments of layers whose best steps each pass
/// records, lowest first, and the bytes of steps alive at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    /// The layers recorded by each pass, lowest first; together `0..n·m`.
    pub segments: Vec<Range<usize>>,
    /// The steps alive at once: every state (C(n+m, n) bytes) in one pass, else the largest
    /// segment's states.
    pub bytes: u64,
}

/// The schedule for a board whose layers have `sizes` states (layers `0..=n·m`), with at most
/// `budget` bytes of steps (`None`: no limit). One pass when every state fits (the cost of the
/// one-pass game, counted as C(n+m, n) bytes); else the greedy segments; `None` when even one
/// layer's steps do not fit.
pub fn schedule(sizes: &[u64], budget: Option<u64>) -> Option<Schedule> {
    let states: u64 = sizes.iter().sum();
    let top = sizes.len() - 1;
    if budget.is_none_or(|budget| states <= budget) {
        return Some(Schedule { segments: std::iter::once(0..top).collect(), bytes: states });
    }
    let budget = budget.unwrap_or(u64::MAX);
    let mut segments = Vec::new();
    let mut bytes = 0;
    let mut start = 0;
    while start < top {
        let mut end = start;
        let mut sum = 0u64;
        while end < top && sum + sizes[end] <= budget {
            sum += sizes[end];
            end += 1;
        }
        if end == start {
            return None;
        }
        bytes = bytes.max(sum);
        segments.push(start..end);
        start = end;
    }
    Some(Schedule { segments, bytes })
}

/// The least bytes of steps any schedule needs: the largest layer's (one byte per state).
pub fn least_bytes(sizes: &[u64]) -> u64 {
    sizes[..sizes.len() - 1].iter().copied().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::layer_sizes;

    #[test]
    fn one_pass_when_everything_fits() {
        let sizes = layer_sizes(4, 5);
        let states: u64 = sizes.iter().sum();
        for budget in [None, Some(states), Some(states + 1)] {
            let plan = schedule(&sizes, budget).unwrap();
            assert_eq!((plan.segments.len(), plan.segments[0].clone(), plan.bytes), (1, 0..20, states));
        }
    }

    #[test]
    fn segments_cover_every_layer_within_the_budget() {
        for (n, m) in [(1, 1), (1, 6), (3, 4), (5, 5), (7, 3)] {
            let sizes = layer_sizes(n, m);
            let states: u64 = sizes.iter().sum();
            let least = least_bytes(&sizes);
            assert_eq!(schedule(&sizes, Some(least.saturating_sub(1))), None, "{n}x{m}");
            for budget in least..states {
                let plan = schedule(&sizes, Some(budget)).unwrap();
                let mut next = 0;
                for segment in &plan.segments {
                    assert_eq!(segment.start, next, "{n}x{m}: contiguous");
                    assert!(!segment.is_empty());
                    let bytes: u64 = sizes[segment.clone()].iter().sum();
                    assert!(bytes <= plan.bytes && plan.bytes <= budget, "{n}x{m} {budget}");
                    // Greedy: the next layer would not have fitted.
                    if segment.end < n * m {
                        assert!(bytes + sizes[segment.end] > budget);
                    }
                    next = segment.end;
                }
                assert_eq!(next, n * m);
                assert!(plan.segments.len() >= 2 || states - 1 <= budget, "{n}x{m} {budget}");
            }
        }
    }

    #[test]
    fn smallest_budget_records_one_layer_at_a_time_in_the_middle() {
        let sizes = layer_sizes(4, 4);
        let plan = schedule(&sizes, Some(least_bytes(&sizes))).unwrap();
        assert_eq!(plan.bytes, least_bytes(&sizes));
        assert!(plan.segments.iter().any(|s| s.len() == 1));
        assert!(plan.segments.len() > 4);
    }
}
