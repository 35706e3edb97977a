//! The layer sweep split across the ranks of a distributed job: each rank computes the rows of
//! every layer it owns ([`super::partition`]) with the single process's kernel, after one exchange
//! of the remote rows its moves read.
//!
//! A rank holds its rows of the layer being computed, its rows of the next layer, and the rows it
//! received for the batch of its rows being computed (see [`super::partition`]: a batch reads at
//! most half a share of other ranks' rows), which a `RowMap` places for the kernel. The rows of a
//! batch are exchanged in rounds of at most [`ROUND_BYTES`] a rank sends (and as many it
//! receives), so the exchange buffers stay small whatever the layer. The values are bit-identical to the single
//! process's: each state is computed by the same kernel from the same values.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::checkpoint::{self, CheckpointError, RankCheckpoints};
use super::exchange::{Exchange, ROUND_BYTES};
use super::partition::{BatchExchange, LayerExchange, OwnedRow, OwnedRows, Partition};
use crate::board::Board;
use crate::path::{self, LatticePath};
use crate::solve::kernel::{Isa, Kernel, SCORES};
use crate::solve::layer::{self, Group, Layer, RowMap, RowSource};
use crate::solve::options::{Options, SolveError, check_width};
use crate::solve::rows::{PARALLEL_MIN_STATES, padded_scores, run_row};
use crate::solve::split::{Gain, Split};
use crate::solve::types::{Mode, Progress, Solution};
use crate::solve::value::{Packed40, Stored, ValueWidth};

/// What one rank counted of its exchanges.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Values this rank received in all.
    pub received_states: u64,
    /// Values this rank sent in all.
    pub sent_states: u64,
    /// Rounds of exchange.
    pub rounds: u64,
}

/// The solution of one rank: the value and the game (every rank has them), and what it exchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankSolution {
    /// The solution, the same on every rank.
    pub solution: Solution,
    /// This rank's traffic.
    pub traffic: Traffic,
}

/// Solves `board` as rank `exchange.rank()` of `exchange.ranks()`, with values stored as `V`,
/// under `options` (its mode, stop flag, checkpoints and minimum share; the width is `V`'s).
///
/// # Errors
/// [`SolveError::Interrupted`] when the stop flag was set on some rank (every rank stops at the
/// same layer boundary).
pub fn solve_rank<V: Stored + Default>(
    board: &Board,
    options: Options<'_>,
    exchange: &mut impl Exchange,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<RankSolution, SolveError> {
    let (mode, stop, checkpoints) = (options.mode, options.stop, options.checkpoints);
    if checkpoints.is_some() && mode == Mode::WithGame {
        return Err(SolveError::Checkpoint(
            "checkpoints keep the values of a layer, not the optimal game: the value only (no --json, no --explain)"
                .into(),
        ));
    }
    let split = Split::new(board.rows(), board.cols());
    let layers = layer::all_layers(&split);
    let partition = Partition::new(&split, &layers, exchange.ranks(), options.min_share);
    let mut rank = RankSweep::<V>::new(board, &split, &layers, &partition, exchange.rank());
    let job = (exchange.ranks(), exchange.rank());
    let mut checkpoints =
        checkpoints.map(|c| RankCheckpoints::new(c, board, job, partition.fingerprint(), V::BYTES));
    let steps = rank.run(mode, exchange, stop, checkpoints.as_mut(), on_progress)?;
    if let Some(checkpoints) = &checkpoints {
        checkpoints.finish();
    }
    // Layer 0 is the empty board alone: its owner has the value.
    let empty = path::empty_board(split.n);
    let mine = partition.owner(0, split.left_of(empty)) == exchange.rank();
    let value = exchange.max(if mine { rank.next[0].get() } else { i64::MIN });
    let moves = match mode {
        Mode::ValueOnly => None,
        Mode::WithGame => Some(replay(&split, &layers, &partition, &steps, exchange)),
    };
    Ok(RankSolution { solution: Solution { value, moves }, traffic: rank.traffic })
}

/// Solves `board` as one rank of a distributed sweep (every rank calls it, with the same board
/// and options): each rank computes its share of every layer ([`super::partition`]) and exchanges the
/// rows the others read through `exchange` ([`super`]). Every rank returns the solution;
/// the values are bit-identical to [`crate::solve::solve_with`]'s. The memory limit is not checked here: see
/// [`crate::solve::Plan::for_ranks`].
///
/// # Errors
/// [`SolveError::WidthTooNarrow`] before anything is allocated; [`SolveError::Interrupted`]
/// when the stop flag was set on some rank.
pub fn solve_distributed(
    board: &Board,
    options: Options<'_>,
    exchange: &mut impl Exchange,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<RankSolution, SolveError> {
    check_width(board, options.width)?;
    let width = options.width.unwrap_or_else(|| ValueWidth::choose(board.value_bound(), |_| true));
    match width {
        ValueWidth::Four => solve_rank::<i32>(board, options, exchange, on_progress),
        ValueWidth::Five => solve_rank::<Packed40>(board, options, exchange, on_progress),
        ValueWidth::Eight => solve_rank::<i64>(board, options, exchange, on_progress),
    }
}

/// One rank's sweep: its rows of the last layer computed, then the rows it received.
struct RankSweep<'a, V> {
    split: &'a Split,
    layers: &'a [Layer],
    partition: &'a Partition,
    rank: usize,
    /// This rank's rows of the last layer computed.
    next: Vec<V>,
    /// The rows received for the batch being computed (at offsets past `next`'s in the row map).
    received: Vec<V>,
    /// The rows of `next` this rank owns.
    owned: OwnedRows,
    /// This rank's rows of the layer being computed.
    current: Vec<V>,
    /// The bytes of one round of an exchange, sent and received: allocated once, room for the
    /// largest round ([`ROUND_BYTES`]), and only ever filled as far as a round needs (so what is
    /// resident is the largest round this rank had, as its plan counts, and a round never
    /// reallocates).
    send: Vec<u8>,
    recv: Vec<u8>,
    scores: [[i64; SCORES]; 2],
    right_gains: [Vec<Gain>; 2],
    isa: Isa,
    traffic: Traffic,
}

impl<'a, V: Stored + Default> RankSweep<'a, V> {
    fn new(
        board: &Board,
        split: &'a Split,
        layers: &'a [Layer],
        partition: &'a Partition,
        rank: usize,
    ) -> Self {
        let scores = [padded_scores(board.scores_of_mover(0)), padded_scores(board.scores_of_mover(1))];
        let top = layers.len() - 1;
        let owned = partition.owned_rows(split, &layers[top], rank);
        // The full board is worth 0 to whoever would move.
        let next = vec![V::put(0); owned.states];
        Self {
            split,
            layers,
            partition,
            rank,
            next,
            owned,
            received: Vec::new(),
            current: Vec::new(),
            send: Vec::with_capacity(ROUND_BYTES),
            recv: Vec::with_capacity(ROUND_BYTES),
            right_gains: scores.each_ref().map(|score| split.right_gains(score)),
            scores,
            isa: Isa::detect(),
            traffic: Traffic::default(),
        }
    }

    /// Computes every layer down to the empty board; with the game, returns this rank's best
    /// steps of each layer (by layer, its rows' states in order).
    fn run(
        &mut self,
        mode: Mode,
        exchange: &mut impl Exchange,
        stop: Option<&AtomicBool>,
        mut checkpoints: Option<&mut RankCheckpoints<'_>>,
        on_progress: &mut dyn FnMut(Progress),
    ) -> Result<Vec<Vec<u8>>, SolveError> {
        let total = self.layers.len();
        let states_total = self.layers[..total - 1].iter().map(|l| l.len as u64).sum();
        let mut start = total - 1;
        if let Some(checkpoints) = checkpoints.as_deref_mut().filter(|c| c.resumes()) {
            start = self.resume(checkpoints, exchange)?;
        }
        let states_done = self.layers[start..total - 1].iter().map(|l| l.len as u64).sum();
        let mut progress = Progress { done: total - start, total, states_done, states_total };
        let mut steps = vec![Vec::new(); total];
        on_progress(progress);
        for taken in (0..start).rev() {
            let stopped = stop.is_some_and(|flag| flag.load(Ordering::Relaxed));
            if exchange.max(i64::from(stopped)) > 0 {
                return Err(SolveError::Interrupted { at: progress });
            }
            let layer = &self.layers[taken];
            let plan =
                LayerExchange::new(self.partition, self.split, layer, &self.layers[taken + 1], self.rank);
            let owned = self.partition.owned_rows(self.split, layer, self.rank);
            // Every value is computed below: only the room is needed.
            refill(&mut self.current, owned.states, V::put(0));
            let record = mode == Mode::WithGame;
            let mut layer_steps = vec![0u8; if record { owned.states } else { 0 }];
            let mut map = self.own_rows_map(taken + 1);
            for batch in &plan.batches {
                self.receive(batch, &mut map, exchange);
                let rows = &owned.rows[batch.rows.clone()];
                // A rank's last batches may have none of its rows: it only sends in them.
                if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
                    let states = first.offset..last.offset + layer.groups[last.group].row_len;
                    let kernel = Kernel {
                        split: self.split,
                        rows: RowSource::Mapped(&map),
                        next: &self.next,
                        received: &self.received,
                        score: &self.scores[taken % 2],
                        right_gains: &self.right_gains[taken % 2],
                        isa: self.isa,
                    };
                    let batch_steps = record.then(|| &mut layer_steps[states.clone()]);
                    compute_rows(&kernel, layer, rows, &mut self.current[states], batch_steps);
                }
                unplace(&mut map, batch);
            }
            steps[taken] = layer_steps;
            // This layer's rows become the next one's; the received rows are dropped.
            std::mem::swap(&mut self.next, &mut self.current);
            self.owned = owned;
            if let Some(checkpoints) = checkpoints.as_deref_mut() {
                let due = checkpoints.due();
                if taken > 0 && exchange.max(i64::from(due)) > 0 {
                    let mut bytes = Vec::new();
                    V::append_bytes(&self.next, &mut bytes);
                    let written = checkpoints.write(taken, self.owned.states, &bytes);
                    agree(exchange, written.map_err(|e| e.to_string()))?;
                }
            }
            progress.done = total - taken;
            progress.states_done += layer.len as u64;
            on_progress(progress);
        }
        Ok(steps)
    }

    /// Loads the newest layer every rank finished from the checkpoints, and returns it.
    fn resume(
        &mut self,
        checkpoints: &RankCheckpoints<'_>,
        exchange: &mut impl Exchange,
    ) -> Result<usize, SolveError> {
        let top = self.layers.len() - 1;
        let newest = agree(exchange, checkpoints.newest().map_err(|e| e.to_string()))?;
        // Layers count down: the newest layer every rank finished is the largest of their newest.
        let taken = exchange.max(newest.map_or(-1, |k| k as i64));
        let everyone = exchange.max(i64::from(newest.is_none())) == 0;
        if taken < 0 || !everyone {
            let dir = checkpoints.dir();
            let why = match checkpoint::other_ranks(dir, exchange.ranks()) {
                Some(theirs) => format!(
                    "the checkpoints in {} are of a job of {theirs} ranks, this one has {}",
                    dir.display(),
                    exchange.ranks()
                ),
                None => {
                    CheckpointError::Missing { dir: dir.to_path_buf(), ranks: exchange.ranks() }.to_string()
                }
            };
            return Err(SolveError::Checkpoint(why));
        }
        let taken = (taken as usize).min(top);
        let owned = self.partition.owned_rows(self.split, &self.layers[taken], self.rank);
        let bytes = agree(exchange, checkpoints.read(taken, owned.states).map_err(|e| e.to_string()))?;
        self.next.clear();
        self.next.resize(owned.states, V::put(0));
        V::read_bytes(&bytes, &mut self.next);
        self.owned = owned;
        Ok(taken)
    }

    /// The map of this rank's own rows of layer `next_taken` (held in `next`).
    fn own_rows_map(&self, next_taken: usize) -> RowMap {
        let next_layer = &self.layers[next_taken];
        let mut map = RowMap::new(next_layer, self.split.left.class_count());
        for row in &self.owned.rows {
            let group = &next_layer.groups[row.group];
            map.place(group.left_class, row.left_rank, row.offset);
        }
        map
    }

    /// Receives the remote rows one batch reads (and sends the rows other ranks' batches of the
    /// same index read) into `received`, placing them in `map` past this rank's own rows.
    fn receive(&mut self, batch: &BatchExchange, map: &mut RowMap, exchange: &mut impl Exchange) {
        let own = self.owned.states;
        let mut at = own;
        let mut regions = Vec::with_capacity(batch.receives.len());
        for rows in &batch.receives {
            let start = at;
            for row in rows {
                map.place(row.left_class, row.left_rank, at);
                at += row.len;
            }
            regions.push(start..at);
        }
        // Every value is received below.
        refill(&mut self.received, at - own, V::put(0));
        // The rows to send, as ranges of `next` (the rank's own rows), per receiver.
        let sends: Vec<Vec<Range<usize>>> = batch
            .sends
            .iter()
            .map(|rows| rows.iter().map(|row| map.row(row.left_class, row.left_rank)).collect())
            .collect();
        let per_round = (ROUND_BYTES / V::BYTES / exchange.ranks()).max(1);
        let longest = sends
            .iter()
            .map(|rows| rows.iter().map(|r| r.len()).sum::<usize>())
            .chain(regions.iter().map(|r| r.len()))
            .max()
            .unwrap_or(0);
        let rounds = exchange.max(longest.div_ceil(per_round) as i64) as usize;
        let mut streams: Vec<Stream> = sends.iter().map(|rows| Stream::new(rows)).collect();
        let send_totals: Vec<usize> = sends.iter().map(|rows| rows.iter().map(|r| r.len()).sum()).collect();
        let (send, recv) = (&mut self.send, &mut self.recv);
        for round in 0..rounds {
            let send_counts: Vec<usize> = send_totals
                .iter()
                .map(|&total| total.saturating_sub(round * per_round).min(per_round) * V::BYTES)
                .collect();
            // Every byte is written below.
            refill(send, send_counts.iter().sum(), 0);
            let mut at = 0;
            for stream in &mut streams {
                stream.take(per_round, |range| {
                    let bytes = range.len() * V::BYTES;
                    V::write_bytes(&self.next[range], &mut send[at..at + bytes]);
                    at += bytes;
                });
            }
            debug_assert_eq!(at, send.len());
            let window = |region: &Range<usize>| {
                let start = (region.start + round * per_round).min(region.end);
                start..(start + per_round).min(region.end)
            };
            let recv_counts: Vec<usize> = regions.iter().map(|r| window(r).len() * V::BYTES).collect();
            refill(recv, recv_counts.iter().sum(), 0);
            exchange.all_to_all(send, &send_counts, recv, &recv_counts);
            let mut bytes = &recv[..];
            for region in &regions {
                let window = window(region);
                let (these, rest) = bytes.split_at(window.len() * V::BYTES);
                V::read_bytes(these, &mut self.received[window.start - own..window.end - own]);
                bytes = rest;
            }
        }
        self.traffic.received_states += batch.received_states() as u64;
        self.traffic.sent_states += batch.sent_states() as u64;
        self.traffic.rounds += rounds as u64;
    }
}

/// Makes `values` `len` long, for values about to be overwritten: only the values past its
/// length are filled (a layer's share is refilled every layer, and zeroing it all would cost a
/// pass over memory), and only the room needed is allocated.
fn refill<T: Copy>(values: &mut Vec<T>, len: usize, fill: T) {
    values.truncate(len);
    values.reserve_exact(len - values.len());
    values.resize(len, fill);
}

/// Takes the rows `batch` received out of `map` again: the next batch reads only its own.
fn unplace(map: &mut RowMap, batch: &BatchExchange) {
    for row in batch.receives.iter().flatten() {
        map.remove(row.left_class, row.left_rank);
    }
}

/// `result` on every rank when every rank's is `Ok`; otherwise every rank fails, each with its own
/// message or, when its own step went well, with the failure of another rank (a collective).
fn agree<T>(exchange: &mut impl Exchange, result: Result<T, String>) -> Result<T, SolveError> {
    let failed_rank = exchange.max(if result.is_err() { exchange.rank() as i64 } else { -1 });
    match result {
        Err(message) => Err(SolveError::Checkpoint(message)),
        Ok(_) if failed_rank >= 0 => Err(SolveError::Checkpoint(format!("rank {failed_rank} failed"))),
        Ok(value) => Ok(value),
    }
}

/// A list of ranges read in pieces of a bounded length.
struct Stream<'a> {
    ranges: &'a [Range<usize>],
    /// The range being read, and how far.
    at: (usize, usize),
}

impl<'a> Stream<'a> {
    fn new(ranges: &'a [Range<usize>]) -> Self {
        Self { ranges, at: (0, 0) }
    }

    /// Passes the next `most` positions (fewer at the end), as ranges, to `take`.
    fn take(&mut self, mut most: usize, mut take: impl FnMut(Range<usize>)) {
        while most > 0 && self.at.0 < self.ranges.len() {
            let range = &self.ranges[self.at.0];
            let start = range.start + self.at.1;
            let end = range.end.min(start + most);
            take(start..end);
            most -= end - start;
            if end == range.end {
                self.at = (self.at.0 + 1, 0);
            } else {
                self.at.1 = end - range.start;
            }
        }
    }
}

/// Computes `rows` (consecutive rows of the rank's share of `layer`) into `out`, their states in
/// order (and their best steps into `steps`).
fn compute_rows<V: Stored>(
    kernel: &Kernel<'_, V>,
    layer: &Layer,
    rows: &[OwnedRow],
    out: &mut [V],
    steps: Option<&mut [u8]>,
) {
    let no_skip = |_: &Group, _: usize| false;
    let states = out.len();
    let mut jobs = Vec::with_capacity(rows.len());
    let (mut rest, mut steps_rest) = (out, steps);
    for row in rows {
        let group = &layer.groups[row.group];
        let (mine, after) = std::mem::take(&mut rest).split_at_mut(group.row_len);
        rest = after;
        let row_steps: &mut [u8] = match steps_rest.take() {
            Some(all) => {
                let (mine, after) = all.split_at_mut(group.row_len);
                steps_rest = Some(after);
                mine
            }
            None => &mut [],
        };
        jobs.push((group, row.left_rank, mine, row_steps));
    }
    let run = |(group, left_rank, out, steps): (&Group, usize, &mut [V], &mut [u8])| {
        if steps.is_empty() {
            run_row::<V, false, ()>(kernel, group, left_rank, out, steps, &no_skip, &mut ());
        } else {
            run_row::<V, true, ()>(kernel, group, left_rank, out, steps, &no_skip, &mut ());
        }
    };
    if states < PARALLEL_MIN_STATES {
        jobs.into_iter().for_each(run);
    } else {
        jobs.into_par_iter().for_each(run);
    }
}

/// The optimal game from the best steps every rank recorded of its own rows: at each layer, the
/// owner of the position's row names the step, and every rank follows it.
fn replay(
    split: &Split,
    layers: &[Layer],
    partition: &Partition,
    steps: &[Vec<u8>],
    exchange: &mut impl Exchange,
) -> Vec<(usize, usize)> {
    let mut position: LatticePath = path::empty_board(split.n);
    let mut cells = Vec::with_capacity(layers.len() - 1);
    for (taken, layer) in layers.iter().enumerate().take(layers.len() - 1) {
        let left = split.left_of(position);
        let mine = partition.owner(taken, left) == exchange.rank();
        let step = if mine {
            let owned = partition.owned_rows(split, layer, exchange.rank());
            let class = split.left.class_of(left);
            let row = owned
                .rows
                .iter()
                .find(|row| {
                    layer.groups[row.group].left_class == class && row.left_rank == split.left.rank(left)
                })
                .expect("the owner has the position's row");
            i64::from(steps[taken][row.offset + split.right.rank(split.right_of(position))])
        } else {
            -1
        };
        let step = exchange.max(step) as usize;
        debug_assert!(path::is_corner(position, step), "recorded step {step} is not a move");
        cells.push(path::corner_cell(position, step, split.n));
        position = path::play(position, step);
    }
    cells
}
