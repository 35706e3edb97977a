//! Memory planning: the bytes a solve needs, from the board alone, before anything is allocated.
//!
//! The sweep keeps two layers of values, each sized for the largest layer; the layer sizes are the
//! coefficients of the Gaussian binomial `[n+m choose n]_q` (layer `k` holds the paths of area `k`),
//! computed here by a small dynamic program, so the plan costs nothing. The optimal game adds one
//! byte per state of every layer (one pass) when that fits what the limit leaves after the layers
//! and tables, else the steps of the largest segment of layers the game is recorded in (one sweep
//! per segment, see `solve::game`); it is refused only when not even the largest layer's steps fit.
//! The half-path tables and layer layouts are estimated from their sizes (tens of MB at 20 × 20,
//! hundreds at 22 × 22).
//!
//! A plan reads only the board's [`Shape`] (its size and the bound of its values): the same
//! layouts and partitions as a solve, counted in `u64` (22 × 22 has 2.1 · 10^12 states).

use rayon::prelude::*;

use super::distributed::exchange::ROUND_BYTES;
use super::distributed::partition::Partition;
use super::game;
use super::kernel::RowScratch;
use super::layer::{RowMap, all_layers};
use super::split::Split;
use super::types::Mode;
use super::value::ValueWidth;
use crate::board::{Board, Shape};

/// What a solve of one board needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Bytes per stored value.
    pub width: ValueWidth,
    /// All states, C(n + m, n).
    pub states: u64,
    /// States in the largest layer.
    pub largest_layer: u64,
    /// The two value buffers: `2 · largest_layer · width`.
    pub layer_bytes: u64,
    /// The recorded best steps of [`Mode::WithGame`], else 0: one byte per state when they fit the
    /// limit (one pass), else the largest segment of layers recorded at once (several passes),
    /// else (nothing fits) the least possible, the largest layer's.
    pub game_bytes: u64,
    /// The sweeps the optimal game takes: 1 when every step fits, more when it is recorded in
    /// segments, 0 without game (or when not even one layer's steps fit the limit).
    pub game_passes: usize,
    /// The half-path tables and layer layouts (an upper estimate).
    pub table_bytes: u64,
}

impl Plan {
    /// The plan of solving `board` in `mode` with values of `width`, by default the fastest width
    /// that holds the board's values and fits `limit` (see [`ValueWidth::choose`]: 8 bytes over 5
    /// when the plan fits and the 8-byte layers take at most half of `limit`; with the game,
    /// whenever the game fits at all, in however many passes).
    pub fn new(board: &Board, mode: Mode, width: Option<ValueWidth>, limit: Option<u64>) -> Self {
        Self::for_shape(&board.shape(), mode, width, limit)
    }

    /// The plan of a board of `shape` (see [`Plan::new`]): one the solver takes, or one that is
    /// only planned.
    pub fn for_shape(shape: &Shape, mode: Mode, width: Option<ValueWidth>, limit: Option<u64>) -> Self {
        let width = width.unwrap_or_else(|| {
            // The wider layers must also leave half of the limit to the rest of the machine: 8 bytes
            // are only a little faster than 5 (18 × 18: 66 s against 71 s), not worth a machine
            // filled to the last gigabyte (20 × 20 in 8 bytes is 22 GiB of layers).
            let fits = |w: ValueWidth| {
                limit.is_none_or(|limit| {
                    let plan = Self::with_width(shape, mode, w, Some(limit));
                    plan.total() <= limit && plan.layer_bytes <= limit / 2
                })
            };
            ValueWidth::choose(shape.value_bound(), fits)
        });
        Self::with_width(shape, mode, width, limit)
    }

    fn with_width(shape: &Shape, mode: Mode, width: ValueWidth, limit: Option<u64>) -> Self {
        let (n, m) = (shape.rows(), shape.cols());
        let sizes = layer_sizes(n, m);
        let largest_layer = sizes.iter().copied().max().unwrap_or(1);
        let layer_bytes = 2 * largest_layer * width.bytes() as u64;
        let table_bytes = table_bytes(n, m);
        let (game_bytes, game_passes) = match mode {
            Mode::ValueOnly => (0, 0),
            Mode::WithGame => match game::schedule(&sizes, steps_budget(limit, layer_bytes + table_bytes)) {
                Some(schedule) => (schedule.bytes, schedule.segments.len()),
                None => (game::least_bytes(&sizes), 0),
            },
        };
        Self {
            width,
            states: state_count(n, m),
            largest_layer,
            layer_bytes,
            game_bytes,
            game_passes,
            table_bytes,
        }
    }

    /// All the bytes planned.
    pub fn total(&self) -> u64 {
        self.layer_bytes + self.game_bytes + self.table_bytes
    }

    /// The bytes of best steps the game may hold at once under `limit`: what the limit leaves
    /// after the layers and tables (`None`: no limit).
    pub(super) fn steps_budget(&self, limit: Option<u64>) -> Option<u64> {
        steps_budget(limit, self.layer_bytes + self.table_bytes)
    }
}

/// What a rank's process holds besides its plan's buffers: the program, its libraries (MPI's
/// included) and their buffers (measured: about 15 MiB under Open MPI).
const RANK_PROCESS_BYTES: u64 = 32 << 20;

/// What the distributed sweep's goal for a rank's peak adds to its share of the single process's
/// plan ([`plan_text`]).
const RANK_GOAL_SLACK: u64 = 256 << 20;

impl Plan {
    /// What every rank of a distributed solve holds whatever the number of ranks: its copy of the
    /// tables and the process itself.
    pub fn rank_fixed_bytes(&self) -> u64 {
        self.table_bytes + RANK_PROCESS_BYTES
    }

    /// About how many ranks of `limit` bytes each a distributed solve of this plan takes: the
    /// fewest `P ≥ 2` with `1.5 / P` of this plan plus a rank's fixed part
    /// ([`Plan::rank_fixed_bytes`]) within `limit`, after the distributed sweep's goal for a
    /// rank's peak (at most `1.5 / P` of the single process's plus 256 MiB, which the plans of
    /// 18 × 18 to 22 × 22 meet; `lattice-dp plan --ranks P` gives the exact figures). `None` when
    /// not even the fixed part fits `limit`. Computed from this plan alone, so it costs nothing (a
    /// distributed plan of 22 × 22 takes minutes).
    pub fn ranks_to_fit(&self, limit: u64) -> Option<u64> {
        let room = limit.checked_sub(self.rank_fixed_bytes()).filter(|&room| room > 0)?;
        let share = u128::from(self.total()) * 3;
        let ranks = share.div_ceil(2 * u128::from(room));
        Some(u64::try_from(ranks).unwrap_or(u64::MAX).max(2))
    }
}

/// What each rank of a distributed solve needs, and what the ranks exchange
/// ([`super::solve_distributed`]): computed from the board and the number of ranks alone, by
/// going through the partition of every layer, the layers in parallel, without solving (16 s at
/// 20 × 20 and 64 ranks on two cores).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistributedPlan {
    /// Bytes per stored value.
    pub width: ValueWidth,
    /// The plan of each rank, by rank.
    pub ranks: Vec<RankPlan>,
    /// States all the ranks together receive to compute each layer, over its batches (by layer; 0
    /// for the full board).
    pub exchanged_states: Vec<u64>,
    /// The states of each layer.
    pub layer_states: Vec<u64>,
    /// The most batches a layer is computed in ([`super::distributed::partition`]).
    pub most_batches: usize,
}

/// The memory and traffic of one rank of a distributed solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RankPlan {
    /// The most states of one layer the rank owns.
    pub most_owned: u64,
    /// The most states the rank receives before computing one batch of its rows: what it holds of
    /// other ranks' rows at once.
    pub most_received: u64,
    /// The states the rank receives over the whole sweep (a row read by two batches counts twice).
    pub received_states: u64,
    /// The recorded best steps of its rows ([`Mode::WithGame`]), else 0.
    pub game_bytes: u64,
    /// Its buffers of one round of exchange, sent and received.
    pub exchange_bytes: u64,
    /// The rank's peak: its two value buffers (a layer's share each: they take turns), the rows it
    /// receives, the exchange buffers, the row map, the tables, the game's steps and the process
    /// itself.
    pub peak_bytes: u64,
}

impl Plan {
    /// The plan of solving `board` in `mode` on `ranks` ranks, each sharing a layer owning at
    /// least `min_share` of its states ([`super::Options::min_share`]), with values of `width` (by
    /// default 4 bytes when the board's values allow, else 8).
    pub fn for_ranks(
        board: &Board,
        mode: Mode,
        width: Option<ValueWidth>,
        ranks: usize,
        min_share: u64,
    ) -> DistributedPlan {
        Self::for_ranks_of_shape(&board.shape(), mode, width, ranks, min_share)
    }

    /// The plan of a board of `shape` on `ranks` ranks (see [`Plan::for_ranks`]): one the solver
    /// takes, or one that is only planned.
    pub fn for_ranks_of_shape(
        shape: &Shape,
        mode: Mode,
        width: Option<ValueWidth>,
        ranks: usize,
        min_share: u64,
    ) -> DistributedPlan {
        Self::for_ranks_of_shape_reporting(shape, mode, width, ranks, min_share, &|_, _| {})
    }

    /// As [`Plan::for_ranks_of_shape`], calling `layer_planned(done, layers)` each time one more
    /// layer's shares are known (from any thread; `done` counts up to `layers`): the progress of
    /// a plan of a big board, which takes minutes.
    pub fn for_ranks_of_shape_reporting(
        shape: &Shape,
        mode: Mode,
        width: Option<ValueWidth>,
        ranks: usize,
        min_share: u64,
        layer_planned: &(dyn Fn(usize, usize) + Sync),
    ) -> DistributedPlan {
        let width = width.unwrap_or_else(|| ValueWidth::choose(shape.value_bound(), |_| true));
        let bytes = width.bytes() as u64;
        let split = Split::new(shape.rows(), shape.cols());
        let layers = all_layers(&split);
        let partition = Partition::new(&split, &layers, ranks, min_share);
        let mut plans = vec![RankPlan::default(); ranks];
        let mut exchanged_states = vec![0; layers.len()];
        let mut most_rows = 0u64;
        let mut most_batches = 1;
        let round = |states: u64| (states * bytes).min(ROUND_BYTES as u64);
        // Each layer's shares depend on that layer and the next alone.
        let planned = std::sync::atomic::AtomicUsize::new(0);
        let all_shares: Vec<_> = (0..layers.len())
            .into_par_iter()
            .map(|taken| {
                let shares = partition.shares(&split, &layers[taken], layers.get(taken + 1));
                let done = planned.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                layer_planned(done, layers.len());
                shares
            })
            .collect();
        for ((taken, layer), shares) in layers.iter().enumerate().zip(all_shares) {
            exchanged_states[taken] = shares.received.iter().sum();
            most_batches = most_batches.max(shares.batches);
            for (r, plan) in plans.iter_mut().enumerate() {
                plan.most_owned = plan.most_owned.max(shares.owned[r]);
                plan.most_received = plan.most_received.max(shares.received_at_once[r]);
                plan.received_states += shares.received[r];
                plan.exchange_bytes = plan
                    .exchange_bytes
                    .max(round(shares.sent_at_once[r]) + round(shares.received_at_once[r]));
                if mode == Mode::WithGame {
                    plan.game_bytes += shares.owned[r];
                }
            }
            most_rows = most_rows.max(layer.groups.iter().map(|g| g.rows as u64).sum());
        }
        let classes = split.left.class_count();
        let fixed = table_bytes(shape.rows(), shape.cols())
            + RowMap::bytes(most_rows as usize, classes)
            + RANK_PROCESS_BYTES;
        for plan in &mut plans {
            plan.peak_bytes = (2 * plan.most_owned + plan.most_received) * bytes
                + plan.game_bytes
                + plan.exchange_bytes
                + fixed;
        }
        let layer_states = layers.iter().map(|l| l.len as u64).collect();
        DistributedPlan { width, ranks: plans, exchanged_states, layer_states, most_batches }
    }
}

impl DistributedPlan {
    /// The largest peak of a rank.
    pub fn peak_bytes(&self) -> u64 {
        self.ranks.iter().map(|r| r.peak_bytes).max().unwrap_or(0)
    }

    /// The states all the ranks receive over the whole sweep.
    pub fn total_exchanged_states(&self) -> u64 {
        self.exchanged_states.iter().sum()
    }

    /// The largest ratio, over the layers, of the states all ranks receive to compute a layer (all
    /// its batches) to the states of the next layer (the layer they are read from).
    pub fn most_traffic_per_next_layer(&self) -> f64 {
        self.exchanged_states
            .iter()
            .zip(self.layer_states.iter().skip(1))
            .map(|(&received, &next)| received as f64 / next.max(1) as f64)
            .fold(0.0, f64::max)
    }
}

/// The text of `lattice-dp plan`: the board, the single process's plan, each rank's share and
/// peak, the exchange, and the goals they are measured against (a rank's peak at most `1.5 / P` of
/// the single process's plus 256 MiB; at most twice the next layer received for a layer).
pub fn plan_text(shape: &Shape, single: &Plan, plan: &DistributedPlan, limit: Option<u64>) -> String {
    use std::fmt::Write;
    let ranks = plan.ranks.len();
    let b = plan.width.bytes() as u64;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "board {}x{}: {} states, largest layer {} states, {} bytes a value",
        shape.rows(),
        shape.cols(),
        single.states,
        single.largest_layer,
        plan.width.bytes()
    );
    let _ = writeln!(
        text,
        "single process: {} (two layers {} + tables {})",
        bytes(single.total()),
        bytes(single.layer_bytes),
        bytes(single.table_bytes)
    );
    let _ = writeln!(text, "{ranks} ranks:");
    let _ = writeln!(text, "  rank  largest share  most at once   received in all  peak");
    for (r, rank) in plan.ranks.iter().enumerate() {
        let _ = writeln!(
            text,
            "  {r:<4}  {:<13}  {:<13}  {:<15}  {}",
            rank.most_owned,
            rank.most_received,
            rank.received_states,
            bytes(rank.peak_bytes)
        );
    }
    let total = plan.total_exchanged_states();
    let most_layer = plan.exchanged_states.iter().copied().max().unwrap_or(0);
    let _ = writeln!(
        text,
        "exchanged: {total} states in all ({}), at most {most_layer} for one layer ({}), in at most {} batch{}",
        bytes(total * b),
        bytes(most_layer * b),
        plan.most_batches,
        if plan.most_batches == 1 { "" } else { "es" }
    );
    let goal = single.total() as f64 * 1.5 / ranks as f64 + RANK_GOAL_SLACK as f64;
    let _ = writeln!(
        text,
        "largest peak {} = {:.2} x (1.5/P of the single process + 256 MiB); received for a layer at most {:.2} x the next layer",
        bytes(plan.peak_bytes()),
        plan.peak_bytes() as f64 / goal,
        plan.most_traffic_per_next_layer()
    );
    if let Some(limit) = limit {
        let over = plan.ranks.iter().filter(|r| r.peak_bytes > limit).count();
        let verdict =
            if over == 0 { "every rank fits".to_string() } else { format!("{over} ranks do not fit") };
        let _ = writeln!(text, "memory limit {} a rank: {verdict}", bytes(limit));
    }
    text
}

/// What `limit` leaves for the game's steps after `fixed` bytes.
fn steps_budget(limit: Option<u64>, fixed: u64) -> Option<u64> {
    limit.map(|limit| limit.saturating_sub(fixed))
}

/// The number of states (paths) of an `n × m` board: C(n + m, n).
pub fn state_count(n: usize, m: usize) -> u64 {
    (0..n as u64).fold(1, |acc, i| acc * (m as u64 + 1 + i) / (i + 1))
}

/// The number of states of each layer `0..=n·m` of an `n × m` board: the coefficients of the
/// Gaussian binomial `[n+m choose n]_q`, by `[i+j, i] = [i+j−1, i−1] + q^i [i+j−1, i]`.
pub fn layer_sizes(n: usize, m: usize) -> Vec<u64> {
    // row[j] = coefficients for (i, j); start with i = 0: one path of area 0.
    let mut row: Vec<Vec<u64>> = vec![vec![1]; m + 1];
    for i in 1..=n {
        let mut next: Vec<Vec<u64>> = vec![vec![1]];
        for j in 1..=m {
            let mut c = vec![0u64; i * j + 1];
            for (k, &v) in row[j].iter().enumerate() {
                c[k] += v;
            }
            for (k, &v) in next[j - 1].iter().enumerate() {
                c[k + i] += v;
            }
            next.push(c);
        }
        row = next;
    }
    row.swap_remove(m)
}

/// An upper estimate of the tables: per half-path 7 bytes (area, rank, member: every mask of `h`
/// and of `w` steps has them), the right moves (one per `10` pair of steps of a right half-path
/// that completes a path of the board, one with `k` ones for `n − h ≤ k ≤ n`: the half-paths of
/// `k` ones have `(w − 1) · C(w − 2, k − 1)` such pairs in all, `(w − 1) · 2^(w − 2)` over every
/// `k`; each move 8 bytes, 2 for its next rank and 2 · 4 for the two players' gains), per such
/// right half-path a cross move (4 bytes), per layer a slot (16 bytes) and at most one group (72
/// bytes) per left class, and the row scratch of every thread of the sweep. A thin board's right
/// halves are few (1 × 43: 23 of 2^22), so its tables are the masks' 59 MB and little more.
fn table_bytes(n: usize, m: usize) -> u64 {
    let h = (n + m).div_ceil(2);
    let w = n + m - h;
    let halves = 7 * ((1u64 << h) + (1u64 << w));
    // C(a + b, a), the half-paths of a ones and b zeros.
    let paths = |a: usize, b: usize| state_count(a, b);
    let ones = n.saturating_sub(h)..=n.min(w);
    let right_halves: u64 = ones.clone().map(|k| paths(k, w - k)).sum();
    let pairs: u64 = if w < 2 {
        0
    } else {
        ones.filter(|&k| k >= 1 && k < w).map(|k| (w as u64 - 1) * paths(k - 1, w - 1 - k)).sum()
    };
    let right_moves = 18 * pairs + 4 * right_halves;
    let classes = (0..=h).map(|a| (a * (h - a) + 1) as u64).sum::<u64>();
    let layouts = (n * m + 1) as u64 * classes * (16 + 72);
    let scratch = (rayon::current_num_threads() + 1) as u64 * RowScratch::BYTES as u64;
    halves + right_moves + layouts + scratch
}

/// `bytes` for people: `12.3 GiB`, `45.6 MiB` or `789 bytes`.
pub fn bytes(bytes: u64) -> String {
    const MIB: f64 = (1u64 << 20) as f64;
    const GIB: f64 = (1u64 << 30) as f64;
    let b = bytes as f64;
    if b >= GIB {
        format!("{:.1} GiB", b / GIB)
    } else if b >= MIB {
        format!("{:.1} MiB", b / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::distributed::partition::DEFAULT_MIN_SHARE;

    #[test]
    fn layer_sizes_add_up_and_match_the_largest_layers() {
        for (n, m) in [(1, 1), (1, 7), (7, 1), (3, 5), (10, 10), (16, 16)] {
            let sizes = layer_sizes(n, m);
            assert_eq!(sizes.len(), n * m + 1);
            assert_eq!(sizes.iter().sum::<u64>(), state_count(n, m), "{n}x{m}");
            assert_eq!(sizes, layer_sizes(m, n), "{n}x{m}: transposition");
        }
        assert_eq!(layer_sizes(2, 2), [1, 1, 2, 1, 1]);
        assert_eq!(layer_sizes(16, 16).into_iter().max(), Some(8_908_546));
        assert_eq!(layer_sizes(20, 20).into_iter().max(), Some(1_470_597_342));
    }

    #[test]
    fn a_plan_reports_every_layer_once() {
        let board = Board::new(4, 5, vec![1; 20], vec![2; 20]).unwrap();
        let reports = std::sync::Mutex::new(Vec::new());
        let reported =
            Plan::for_ranks_of_shape_reporting(&board.shape(), Mode::ValueOnly, None, 3, 1, &|done, all| {
                reports.lock().unwrap().push((done, all));
            });
        let mut reports = reports.into_inner().unwrap();
        reports.sort_unstable();
        assert_eq!(reports, (1..=21).map(|done| (done, 21)).collect::<Vec<_>>());
        let plain = Plan::for_ranks_of_shape(&board.shape(), Mode::ValueOnly, None, 3, 1);
        assert_eq!(
            reported.ranks.iter().map(|r| r.peak_bytes).collect::<Vec<_>>(),
            plain.ranks.iter().map(|r| r.peak_bytes).collect::<Vec<_>>()
        );
    }

    #[test]
    fn plans_follow_width_and_mode() {
        let big = Board::new(20, 20, vec![1_000_000_000; 400], vec![1_000_000_000; 400]).unwrap();
        let plan = Plan::new(&big, Mode::ValueOnly, None, Some(20_000_000_000));
        assert_eq!(plan.width, ValueWidth::Five);
        assert_eq!(plan.layer_bytes, 2 * 1_470_597_342 * 5);
        assert!(plan.total() < 16 << 30 && plan.table_bytes < 200 << 20, "{plan:?}");
        let small = Board::new(20, 20, vec![1000; 400], vec![7; 400]).unwrap();
        assert_eq!(Plan::new(&big, Mode::ValueOnly, None, None).width, ValueWidth::Eight);
        assert_eq!(Plan::new(&small, Mode::ValueOnly, None, None).width, ValueWidth::Four);
        let game = Plan::new(&small, Mode::WithGame, Some(ValueWidth::Eight), None);
        assert_eq!((game.game_bytes, game.game_passes), (state_count(20, 20), 1));
        assert_eq!(game.layer_bytes, 2 * 1_470_597_342 * 8);
        // Not even one layer's steps fit: the least need is planned, and it exceeds the limit.
        let refused = Plan::new(&small, Mode::WithGame, Some(ValueWidth::Eight), Some(1));
        assert_eq!((refused.game_bytes, refused.game_passes), (1_470_597_342, 0));
        assert!(refused.total() > 1);
        assert_eq!(bytes(3 << 29), "1.5 GiB");
        assert_eq!(bytes(5 << 20), "5.0 MiB");
        assert_eq!(bytes(12), "12 bytes");
    }

    /// Over a range of limits around the one-pass need: the plan never exceeds a limit it accepts,
    /// is one pass exactly when all the steps fit, and is refused only below the least need.
    #[test]
    fn game_plans_stay_within_the_limit() {
        for (n, m, width) in [(6, 7, ValueWidth::Four), (9, 9, ValueWidth::Eight), (2, 30, ValueWidth::Five)]
        {
            let board = Board::new(n, m, vec![3; n * m], vec![4; n * m]).unwrap();
            let free = Plan::new(&board, Mode::WithGame, Some(width), None);
            let fixed = free.layer_bytes + free.table_bytes;
            let least = *layer_sizes(n, m).iter().max().unwrap();
            let states = state_count(n, m);
            let mut limits: Vec<u64> = (0..40).map(|i| fixed + least + i * states / 40).collect();
            limits.extend([0, fixed, fixed + least - 1, fixed + states - 1, fixed + states, u64::MAX]);
            for limit in limits {
                let plan = Plan::new(&board, Mode::WithGame, Some(width), Some(limit));
                let accepted = plan.total() <= limit;
                assert_eq!(accepted, limit >= fixed + least, "{n}x{m} limit {limit}: {plan:?}");
                assert_eq!(accepted, plan.game_passes > 0, "{n}x{m} limit {limit}");
                if limit >= fixed + states {
                    assert_eq!((plan.game_passes, plan.game_bytes), (1, states));
                } else if accepted {
                    assert!(plan.game_bytes < states, "{n}x{m} limit {limit}");
                }
            }
        }
    }

    /// The plan of a board the solver takes is the plan of its shape. A board whose layers are
    /// all below the minimum share stays on rank 0 and exchanges nothing; with a smaller share,
    /// its largest layers are dealt out among every rank and rows travel.
    #[test]
    fn a_small_board_shares_its_layers_by_the_minimum_share() {
        let board = Board::new(10, 10, vec![3; 100], vec![5; 100]).unwrap();
        let plan = |ranks, min_share| Plan::for_ranks(&board, Mode::ValueOnly, None, ranks, min_share);
        let default = plan(4, DEFAULT_MIN_SHARE);
        assert_eq!(default, Plan::for_ranks_of_shape(&board.shape(), Mode::ValueOnly, None, 4, 1 << 18));
        assert_eq!(
            Plan::new(&board, Mode::ValueOnly, None, None),
            Plan::for_shape(&board.shape(), Mode::ValueOnly, None, None)
        );
        let single = Plan::new(&board, Mode::ValueOnly, None, None);
        assert_eq!((single.largest_layer, single.layer_bytes), (5448, 43584));
        let column =
            |plan: &DistributedPlan, f: fn(&RankPlan) -> u64| plan.ranks.iter().map(f).collect::<Vec<_>>();
        assert_eq!(column(&default, |r| r.most_owned), [5448, 0, 0, 0]);
        assert_eq!(default.total_exchanged_states(), 0);
        assert_eq!((default.width, default.layer_states.iter().sum::<u64>()), (ValueWidth::Four, 184_756));
        let shared = plan(4, 1024);
        let owned = column(&shared, |r| r.most_owned);
        // Every rank holds part of the largest layer, none half of it (rows are whole: a cut falls
        // between rows of up to hundreds of states on a board this small).
        assert!(owned.iter().all(|&s| s > 5448 / 8 && s < 5448 / 2), "{owned:?}");
        let received: u64 = column(&shared, |r| r.received_states).iter().sum();
        assert!(received > 0 && received == shared.total_exchanged_states());
    }

    const STATES_22: u64 = 2_104_098_963_720;
    const LARGEST_22: u64 = 19_499_227_828;

    /// A board beyond the solver's limits is planned from its shape as any other: 22 × 22
    /// (2.1 · 10^12 states, counted in `u64`), whose layers are the coefficients of
    /// `[44 choose 22]_q` (the largest, 19,499,227,828, computed apart).
    #[test]
    fn plans_a_22_by_22_board() {
        let shape = Shape::new(22, 22, 1_000).unwrap();
        let single = Plan::for_shape(&shape, Mode::ValueOnly, None, None);
        assert_eq!(
            (single.states, single.largest_layer, single.width),
            (STATES_22, LARGEST_22, ValueWidth::Four)
        );
        assert_eq!(single.layer_bytes, 2 * LARGEST_22 * 4);
        assert_eq!(state_count(22, 22), STATES_22);
        assert_eq!(layer_sizes(22, 22).iter().sum::<u64>(), STATES_22);
        let wide = Shape::new(22, 22, 1 << 35).unwrap();
        assert_eq!(Plan::for_shape(&wide, Mode::ValueOnly, None, None).width, ValueWidth::Eight);
        assert_eq!(Plan::for_shape(&wide, Mode::ValueOnly, None, Some(100 << 30)).width, ValueWidth::Five);
    }

    /// The 22 × 22 board on 8, 16 and 64 ranks: every layer partitioned as a solve would (up to
    /// two minutes each on two cores: `cargo test --release -p lattice-dp -- --ignored 22_by_22`).
    /// The layers are the single process's, each rank's largest share is within 1% of `1 / P` of
    /// the largest layer, the states received add up, and the goals of the distributed solve hold:
    /// every rank's peak at most `1.5 / P` of the single process's plus 256 MiB, and all ranks
    /// receive at most twice the next layer to compute a layer.
    #[test]
    #[ignore = "minutes: partitions every layer of 22 x 22 three times"]
    fn plans_a_22_by_22_board_on_8_16_and_64_ranks() {
        const STATES: u64 = STATES_22;
        const LARGEST: u64 = LARGEST_22;
        let shape = Shape::new(22, 22, 1_000).unwrap();
        let single = Plan::for_shape(&shape, Mode::ValueOnly, None, None);
        for ranks in [8, 16, 64] {
            let plan = Plan::for_ranks_of_shape(&shape, Mode::ValueOnly, None, ranks, DEFAULT_MIN_SHARE);
            assert_eq!(plan.layer_states, layer_sizes(22, 22), "{ranks} ranks");
            assert_eq!(plan.layer_states.iter().sum::<u64>(), STATES);
            assert_eq!(plan.ranks.len(), ranks);
            let most_owned = plan.ranks.iter().map(|r| r.most_owned).max().unwrap();
            let ideal = LARGEST / ranks as u64;
            assert!(most_owned >= ideal && most_owned < ideal + ideal / 100, "{ranks} ranks: {most_owned}");
            let received: u64 = plan.ranks.iter().map(|r| r.received_states).sum();
            assert_eq!(received, plan.total_exchanged_states(), "{ranks} ranks");
            assert!(plan.ranks.iter().all(|r| r.peak_bytes > 2 * r.most_owned * 4), "{ranks} ranks");
            let goal = single.total() as f64 * 1.5 / ranks as f64 + (256u64 << 20) as f64;
            assert!((plan.peak_bytes() as f64) <= goal, "{ranks} ranks: {} bytes", plan.peak_bytes());
            assert!(plan.most_traffic_per_next_layer() <= 2.0, "{ranks} ranks");
            let text = plan_text(&shape, &single, &plan, None);
            assert!(
                text.starts_with(
                    "board 22x22: 2104098963720 states, largest layer 19499227828 states, 4 bytes a value\n"
                ),
                "{text}"
            );
        }
    }

    /// C(n + m, n), by the multiplicative formula in `u128`.
    fn binomial(n: u64, m: u64) -> u64 {
        let mut c = 1u128;
        for i in 1..=u128::from(n) {
            c = c * (u128::from(m) + i) / i;
        }
        u64::try_from(c).unwrap()
    }

    /// The largest coefficient of `[n+m choose n]_q`, by its product form
    /// `∏_{i=1..n} (1 − q^{m+i}) / (1 − q^i)` over power series cut at degree `n·m` (a recurrence
    /// apart from [`layer_sizes`]'s).
    fn largest_layer_by_products(n: usize, m: usize) -> u64 {
        let degree = n * m;
        let mut c = vec![0i128; degree + 1];
        c[0] = 1;
        for i in 1..=n {
            for k in (m + i..=degree).rev() {
                c[k] -= c[k - m - i];
            }
            for k in i..=degree {
                c[k] += c[k - i];
            }
        }
        assert_eq!(c.iter().sum::<i128>(), i128::from(binomial(n as u64, m as u64)));
        u64::try_from(c.into_iter().max().unwrap()).unwrap()
    }

    /// The plans of 21 × 21 and 22 × 22 from arithmetic apart: the states are C(42, 21) and
    /// C(44, 22), the largest layers the middle coefficients of the Gaussian binomials, and the two
    /// layers of 5-byte values (values up to 10^9, 100 GiB) are 2 · largest · 5 bytes.
    #[test]
    fn plans_of_21_by_21_and_22_by_22_follow_the_binomials() {
        assert_eq!(largest_layer_by_products(22, 22), LARGEST_22);
        assert_eq!(largest_layer_by_products(16, 16), 8_908_546);
        for k in [21, 22] {
            let shape = Shape::new(k, k, 485_000_000_000).unwrap();
            let plan = Plan::for_shape(&shape, Mode::ValueOnly, None, Some(100 << 30));
            let largest = largest_layer_by_products(k, k);
            let states = binomial(k as u64, k as u64);
            assert_eq!((plan.states, plan.largest_layer, plan.width), (states, largest, ValueWidth::Five));
            assert_eq!(plan.layer_bytes, 2 * largest * 5, "{k}x{k}");
            assert!(plan.table_bytes < 1 << 30, "{k}x{k}: {plan:?}");
        }
        assert_eq!(binomial(21, 21), 538_257_874_440);
        assert_eq!(binomial(22, 22), STATES_22);
        // 21 × 21: about 5.4 · 10^11 states and about 54 GB of 5-byte layers.
        let plan =
            Plan::for_shape(&Shape::new(21, 21, 1 << 35).unwrap(), Mode::ValueOnly, None, Some(100 << 30));
        assert!((50_000_000_000..60_000_000_000).contains(&plan.layer_bytes), "{plan:?}");
    }

    /// The tables of a thin board count only the right half-paths that complete one of its paths:
    /// 1 × 43 has the dense tables of 2^22 masks (59 MB) and little more, while the full count
    /// over every right half-path (`18 · (w − 1) · 2^(w − 2) + 4 · 2^w`) stands for a square
    /// board. Counted apart: the corners of the right halves of 1 × 43 (22 steps, at most one up:
    /// 21 with a `10` pair), and of 4 × 40 (at most 4 ups, at least 0).
    #[test]
    fn thin_boards_count_only_their_right_halves() {
        let scratch = (rayon::current_num_threads() + 1) as u64 * RowScratch::BYTES as u64;
        let classes = |len: u64| (0..=len).map(|a| a * (len - a) + 1).sum::<u64>();
        let layouts = |n: u64, m: u64| (n * m + 1) * classes((n + m).div_ceil(2)) * 88;
        let dense = 7 * 2 * (1u64 << 22);
        assert_eq!(table_bytes(1, 43), dense + 18 * 21 + 4 * 23 + layouts(1, 43) + scratch);
        assert_eq!(table_bytes(43, 1), table_bytes(1, 43));
        let corners_4: u64 = (1..=4).map(|k| 21 * binomial(k - 1, 20 - (k - 1))).sum();
        let halves_4: u64 = (0..=4).map(|k| binomial(k, 22 - k)).sum();
        assert_eq!(table_bytes(4, 40), dense + 18 * corners_4 + 4 * halves_4 + layouts(4, 40) + scratch);
        let full = 18 * 21 * (1u64 << 20) + 4 * (1u64 << 22);
        assert_eq!(table_bytes(22, 22), dense + full + layouts(22, 22) + scratch);
        assert!(table_bytes(1, 43) < 80_000_000 && table_bytes(22, 22) > 500_000_000);
    }

    /// The ranks of a limit that hold a plan too large for one process: the fewest `P ≥ 2` with
    /// `1.5 · total / P` plus the fixed part within the limit; none when the fixed part does not fit.
    #[test]
    fn ranks_to_fit_follow_the_goal() {
        let shape = Shape::new(22, 22, 485_000_000_000).unwrap();
        let plan = Plan::for_shape(&shape, Mode::ValueOnly, Some(ValueWidth::Five), None);
        let fixed = plan.rank_fixed_bytes();
        assert_eq!(fixed, plan.table_bytes + (32 << 20));
        assert_eq!(plan.ranks_to_fit(1 << 20), None);
        assert_eq!(plan.ranks_to_fit(fixed), None);
        for limit in [8u64 << 30, 16 << 30, 100 << 30, 1 << 40] {
            let ranks = plan.ranks_to_fit(limit).unwrap();
            let peak = |p: u64| plan.total() as f64 * 1.5 / p as f64 + fixed as f64;
            assert!(peak(ranks) <= limit as f64, "{limit}: {ranks}");
            assert!(ranks == 2 || peak(ranks - 1) > limit as f64, "{limit}: {ranks}");
        }
        assert_eq!(plan.ranks_to_fit(1 << 50), Some(2));
    }

    /// Without a width, the game picks 8 bytes over 5 while it fits at all.
    #[test]
    fn game_width_prefers_eight_bytes_while_the_game_fits() {
        let board = Board::new(9, 9, vec![1_000_000_000; 81], vec![1; 81]).unwrap();
        let free = Plan::new(&board, Mode::WithGame, Some(ValueWidth::Eight), None);
        let tight = free.layer_bytes + free.table_bytes + free.largest_layer;
        let plan = Plan::new(&board, Mode::WithGame, None, Some(tight));
        assert_eq!((plan.width, plan.game_bytes), (ValueWidth::Eight, free.largest_layer));
        assert!(plan.game_passes > 1 && plan.total() <= tight);
        assert_eq!(Plan::new(&board, Mode::WithGame, None, Some(tight - 1)).width, ValueWidth::Five);
    }
}
