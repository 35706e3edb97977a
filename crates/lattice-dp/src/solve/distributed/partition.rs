//! How a distributed sweep shares every layer among its ranks, and which rows they exchange.
//!
//! **Ownership.** A row of a layer (one left half, every right half of its group, see
//! `solve::layer`) belongs to a rank by its left half's *key*: the heights of the path at a few
//! checkpoints `b_1 < … < b_k ≤ h − 1` ([`Partition::checkpoints`]), the number of up-steps among
//! its first `b_i` steps for each `i`. In each layer the keys are dealt out in lexicographic order,
//! in contiguous runs of about equal state count in that layer, so each rank holds about `1/P` of
//! every layer; there are enough keys (`Π (b_i + 1) ≥ 4096 P`, at most `2^20` wanted) for the
//! runs to be even and for most keys to lie inside one run. A layer too small to give each rank
//! its minimum share ([`DEFAULT_MIN_SHARE`] unless the job asks for another) is shared by fewer
//! ranks, the last ones getting none of it: the rows of a small layer spread over many ranks
//! would mostly read each other's. The heights
//! drift from one layer to the next (more cells taken, higher paths), and the runs' ends move
//! with them, a little at each layer.
//!
//! **What a row reads.** Computing a row of layer `k` reads rows of layer `k + 1` (see
//! `solve::kernel`): its own left half's row (the moves inside the right half), the row of the
//! left half after each move inside the left half, and the row after the move across the cut. A
//! move swaps an up-step and the right-step after it (steps `p`, `p + 1`), so it changes the height
//! at `b_i` only when `p + 1 = b_i`: the moves of the right half and across the cut (`p ≥ h − 1`)
//! and every left-half move at another corner keep the key. A row therefore reads another rank's
//! row only after a left-half move at a corner `p = b_i − 1` whose lower key is dealt to another
//! rank, or where the runs' ends moved between the two layers: a small part of a layer
//! (`lattice-dp plan --ranks P` counts them).
//!
//! **The exchange, in batches.** A rank computes its rows of layer `k` in batches: consecutive
//! runs of its rows (in the layer's order) whose remote reads add up to at most
//! [`Partition::batch_states`] states (half of the largest layer's share, `⌈L / P⌉ / 2`; a batch
//! has at least one row, whatever its reads). Before each batch it receives, once each, the rows
//! of layer `k + 1` that the batch's rows read and another rank owns, and drops them after
//! ([`LayerExchange`]): what a rank holds of the next layer stays within its own rows plus one
//! batch, whatever `P`. A row read by two batches travels twice; the plan counts it so. Every
//! layer has as many batches on every rank (the most any rank needs; the others' last batches are
//! empty), one collective exchange each. Both sides derive the list of a pair of ranks from the
//! board and `P` alone, in the same order (by index in layer `k + 1`), so only values travel.

use std::collections::HashSet;
use std::ops::Range;

use rayon::prelude::*;
use smallvec::SmallVec;

use crate::path::{self, LatticePath};
use crate::solve::layer::{Group, Layer};
use crate::solve::split::Split;

/// Ranks a partition may have: a rank number is stored in a `u16`.
pub const MAX_RANKS: usize = 1 << 12;

/// Keys per rank the checkpoints give at least (up to [`MOST_KEYS_WANTED`] in all): most keys then
/// lie within one rank's run, so that few rows are cut from rows of their own key.
const KEYS_PER_RANK: usize = 1 << 12;

/// The most keys the checkpoints are chosen to give: the partition weighs every key of every
/// layer, so this bounds its work and memory for many ranks.
const MOST_KEYS_WANTED: usize = 1 << 20;

/// The fewest states a rank's share of a layer has by default, unless the layer is smaller: 2 MiB
/// of 8-byte values, milliseconds of sweep. Smaller layers are shared by fewer ranks, which
/// bounds what they exchange (see `lattice-dp plan`); the peak memory and the balance of the large
/// layers do not change.
pub const DEFAULT_MIN_SHARE: u64 = 1 << 18;

/// The owner of every row of every layer of one board, for `P` ranks.
#[derive(Debug, Clone)]
pub struct Partition {
    ranks: usize,
    /// The fewest states of a layer a rank that has some of it owns, unless the layer is smaller.
    min_share: u64,
    /// The checkpoints `b_i`, increasing, each at most `h − 1`.
    checkpoints: Vec<usize>,
    /// `drops[p]`: what the key of a left half loses by the move at its corner `p` (see
    /// [`Self::key_after_move`]).
    drops: Vec<usize>,
    /// Per layer, where ranks `1..P` start in the order of (key, left half): `cuts[taken][r − 1]`
    /// is the first (key, left half) of rank `r` (non-decreasing; equal cuts leave a rank empty).
    cuts: Vec<Vec<(usize, u32)>>,
    /// The most states of remote rows one batch of a rank's rows reads, unless one row alone reads
    /// more.
    batch_states: u64,
}

impl Partition {
    /// The partition of the layers of `split`'s board among `ranks` ranks (`1..=MAX_RANKS`), each
    /// rank that owns part of a layer owning at least `min_share` of its states (the whole layer
    /// when it is smaller; [`DEFAULT_MIN_SHARE`] is the solver's default).
    pub fn new(split: &Split, layers: &[Layer], ranks: usize, min_share: u64) -> Self {
        assert!((1..=MAX_RANKS).contains(&ranks), "{ranks} ranks out of 1..={MAX_RANKS}");
        let checkpoints = checkpoints_for(split.h - 1, ranks);
        let keys = checkpoints.iter().map(|&b| b + 1).product::<usize>();
        let drops = key_drops(&checkpoints, split.h);
        let min_share = min_share.max(1);
        let largest = layers.iter().map(|l| l.len as u64).max().unwrap_or(0);
        let batch_states = (largest.div_ceil(ranks as u64) / 2).max(1);
        let mut partition = Self {
            ranks,
            min_share,
            checkpoints,
            drops,
            cuts: Vec::with_capacity(layers.len()),
            batch_states,
        };
        // Each layer's cuts depend on that layer alone.
        let cuts = layers.par_iter().map(|layer| partition.cuts_of(split, layer, keys)).collect();
        partition.cuts = cuts;
        partition
    }

    /// The cuts of one layer: its rows in the order of (key, left half), cut where the states
    /// before reach `r / P` of the layer's, for `r` in `1..P`.
    fn cuts_of(&self, split: &Split, layer: &Layer, keys: usize) -> Vec<(usize, u32)> {
        let mut weight = vec![0u64; keys];
        for_each_row(split, layer, |group, left, _| weight[self.key(left)] += group.row_len as u64);
        let total: u64 = weight.iter().sum();
        // A small layer is shared by fewer ranks (the last ones get nothing), so that its rows
        // are not scattered over ranks that would then all read each other's.
        let sharing = (total / self.min_share).clamp(1, self.ranks as u64);
        let targets: Vec<u64> =
            (1..self.ranks as u64).map(|r| if r < sharing { r * total / sharing } else { total }).collect();
        // Each target's key: the one whose states span it; a target at a key's first state cuts
        // before that key, any other inside it, at a row found below.
        let mut cuts = Vec::with_capacity(targets.len());
        let mut inside: Vec<(usize, u64)> = Vec::new();
        let (mut key, mut before) = (0, 0u64);
        for &target in &targets {
            while key < keys && before + weight[key] <= target {
                before += weight[key];
                key += 1;
            }
            if key == keys || before == target {
                cuts.push((key, 0));
            } else {
                inside.push((key, target - before));
                cuts.push((key, u32::MAX));
            }
        }
        if inside.is_empty() {
            return cuts;
        }
        // The rows of the keys cut inside, by left half: a cut is the first row whose states
        // before it (in its key) reach the target.
        let mut rows: Vec<(usize, u32, u64)> = Vec::new();
        for_each_row(split, layer, |group, left, _| {
            let key = self.key(left);
            if inside.iter().any(|&(k, _)| k == key) {
                rows.push((key, left as u32, group.row_len as u64));
            }
        });
        rows.sort_unstable();
        let mut found = inside.iter().map(|&(key, offset)| {
            let mut before = 0;
            let first = rows.partition_point(|r| r.0 < key);
            let row = rows[first..].iter().take_while(|r| r.0 == key).find(|r| {
                before += r.2;
                before > offset
            });
            // The row holding the target starts the next rank when most of it lies past it.
            row.map_or((key + 1, 0), |r| if before - r.2 / 2 > offset { (key, r.1) } else { (key, r.1 + 1) })
        });
        for cut in cuts.iter_mut().filter(|c| c.1 == u32::MAX) {
            *cut = found.next().expect("one row per cut inside a key");
        }
        cuts
    }

    /// The key of left half `left`: its heights at the checkpoints, as one number.
    #[inline]
    fn key(&self, left: LatticePath) -> usize {
        self.checkpoints
            .iter()
            .fold(0, |key, &b| key * (b + 1) + (left & path::ones_mask(b)).count_ones() as usize)
    }

    /// The key of `play(left, p)`, for a corner `p` of a left half of key `key`. The move turns
    /// steps `p`, `p + 1` from up, right into right, up: only the height at a checkpoint
    /// `b_i = p + 1` changes, by one less up-step, so the key loses that checkpoint's place value.
    /// The move across the cut (step `h − 1`) changes no height at a checkpoint (each is at most
    /// `h − 1`).
    #[inline]
    fn key_after_move(&self, key: usize, p: usize) -> usize {
        key - self.drops[p]
    }

    /// The rank that owns the row of left half `left`, whose key is `key`, in the layer of
    /// `taken` cells.
    #[inline]
    fn owner_by_key(&self, taken: usize, key: usize, left: LatticePath) -> usize {
        debug_assert_eq!(key, self.key(left));
        let at = (key, left as u32);
        self.cuts[taken].partition_point(|&cut| cut <= at)
    }

    /// The number of ranks.
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// The most states of remote rows a batch reads (module doc), unless one row alone reads
    /// more: half the largest layer's share.
    pub fn batch_states(&self) -> u64 {
        self.batch_states
    }

    /// A fingerprint of the partition: the checkpoints and every layer's cuts, hashed. Two jobs
    /// share their layers the same way exactly when their fingerprints agree (barring a collision
    /// of 64-bit hashes); a checkpoint records it.
    pub fn fingerprint(&self) -> u64 {
        let mut words = vec![self.ranks as u64, self.checkpoints.len() as u64];
        words.extend(self.checkpoints.iter().map(|&b| b as u64));
        for cuts in &self.cuts {
            words.extend(cuts.iter().flat_map(|&(key, left)| [key as u64, u64::from(left)]));
        }
        super::checkpoint::checksum(&words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>())
    }

    /// The checkpoints whose heights choose the owner of a left half.
    pub fn checkpoints(&self) -> &[usize] {
        &self.checkpoints
    }

    /// The rank that owns the row of left half `left` in the layer of `taken` cells.
    #[inline]
    pub fn owner(&self, taken: usize, left: LatticePath) -> usize {
        self.owner_by_key(taken, self.key(left), left)
    }

    /// The rows of `layer` that `rank` owns, in the layer's order, each with its offset among them.
    pub fn owned_rows(&self, split: &Split, layer: &Layer, rank: usize) -> OwnedRows {
        let mut rows = Vec::new();
        let mut states = 0;
        for (g, group) in layer.groups.iter().enumerate() {
            for (left_rank, &left) in split.left.members_of(group.left_class).iter().enumerate() {
                if self.owner(layer.taken, LatticePath::from(left)) == rank {
                    rows.push(OwnedRow { group: g, left_rank, offset: states });
                    states += group.row_len;
                }
            }
        }
        OwnedRows { rows, states }
    }

    /// Every row of `layer`, in order, with its reader (owner), the batch of the reader's rows it
    /// belongs to, its states and its remote reads: `visit(row, reads)`, `reads` the rows of
    /// `next` (the layer after it) its moves read that another rank owns, each with its owner and
    /// whether the batch reads it here first (each row a batch reads is `first` once).
    fn for_each_batched_row(
        &self,
        split: &Split,
        layer: &Layer,
        next: &Layer,
        mut visit: impl FnMut(BatchedRow, &[RemoteRead]),
    ) {
        let (h, this, after) = (split.h, layer.taken, next.taken);
        let mut batches = vec![ReaderBatch::default(); self.ranks];
        let mut reads: SmallVec<[RemoteRead; 32]> = SmallVec::new();
        for_each_row(split, layer, |group, left, _| {
            let key = self.key(left);
            let reader = self.owner_by_key(this, key, left);
            // The rows the kernel may read (module doc), with their keys: the row's own left
            // half (the moves inside the right half), the left half after each left-half move,
            // and after the cross move. The next layer has no row of a left half when that row
            // would be empty.
            let moves = path::corners(left, h).map(|p| (self.key_after_move(key, p), path::play(left, p)));
            let cross = (left >> (h - 1) & 1 == 1).then(|| (key, left ^ (1 << (h - 1))));
            reads.clear();
            for (read_key, read) in std::iter::once((key, left)).chain(moves).chain(cross) {
                let owner = self.owner_by_key(after, read_key, read);
                if owner == reader {
                    continue;
                }
                let class = split.left.class_of(read);
                let slot = next.slot(class);
                if slot.row_len == 0 {
                    continue;
                }
                let left_rank = split.left.rank(read);
                let row = RowRef {
                    start: slot.row_start(left_rank),
                    len: slot.row_len,
                    left_class: class,
                    left_rank,
                };
                reads.push(RemoteRead { owner, row, first: false });
            }
            let batch = &mut batches[reader];
            let new: u64 =
                reads.iter().filter(|r| !batch.rows.contains(&r.row.start)).map(|r| r.row.len as u64).sum();
            // A new batch starts only at a row that brings new reads which do not fit (so every
            // batch but a rank's first begins with a row that reads).
            if new > 0 && batch.states > 0 && batch.states + new > self.batch_states {
                batch.index += 1;
                batch.states = 0;
                batch.rows.clear();
            }
            for read in &mut reads {
                read.first = batch.rows.insert(read.row.start);
                if read.first {
                    batch.states += read.row.len as u64;
                }
            }
            visit(BatchedRow { reader, batch: batch.index, states: group.row_len }, &reads);
        });
    }
}

/// The batch a reader is filling while a layer's rows go by.
#[derive(Debug, Clone, Default)]
struct ReaderBatch {
    index: usize,
    /// The states of the distinct remote rows it reads.
    states: u64,
    /// Those rows, by their start in the next layer.
    rows: HashSet<usize>,
}

/// A read of a row of the next layer that another rank owns, as
/// [`Partition::for_each_batched_row`] passes it.
#[derive(Debug, Clone, Copy)]
struct RemoteRead {
    /// The rank that owns the row read.
    owner: usize,
    /// The row read.
    row: RowRef,
    /// Whether the reader's batch reads the row here first.
    first: bool,
}

/// A row of a layer, as [`Partition::for_each_batched_row`] passes it.
#[derive(Debug, Clone, Copy)]
struct BatchedRow {
    /// Its owner, who computes it.
    reader: usize,
    /// The batch of the owner's rows it is computed in.
    batch: usize,
    /// Its states.
    states: usize,
}

/// The checkpoints for `ranks` ranks among the steps `1..=last`: as few as give at least
/// [`KEYS_PER_RANK`] keys a rank (at most [`MOST_KEYS_WANTED`] in all), evenly spread, the last
/// at `last` (none when `last` is 0).
fn checkpoints_for(last: usize, ranks: usize) -> Vec<usize> {
    let wanted = (KEYS_PER_RANK * ranks).min(MOST_KEYS_WANTED);
    (1..=last)
        .map(|k| (1..=k).map(|i| (i * last).div_ceil(k)).collect::<Vec<usize>>())
        .find(|points| points.iter().map(|&b| b + 1).product::<usize>() >= wanted)
        .unwrap_or_else(|| (1..=last).collect())
}

/// `drops[p]` for every step `p < h`: the place value in a key of the checkpoint at `p + 1`, if
/// there is one there, else 0 (see [`Partition::key_after_move`]).
fn key_drops(checkpoints: &[usize], h: usize) -> Vec<usize> {
    let mut drops = vec![0; h];
    let mut place = 1;
    for &b in checkpoints.iter().rev() {
        drops[b - 1] = place;
        place *= b + 1;
    }
    drops
}

/// Calls `visit(group, left, left_rank)` for every row of `layer`, in order.
fn for_each_row(split: &Split, layer: &Layer, mut visit: impl FnMut(&Group, LatticePath, usize)) {
    for group in &layer.groups {
        for (left_rank, &left) in split.left.members_of(group.left_class).iter().enumerate() {
            visit(group, LatticePath::from(left), left_rank);
        }
    }
}

/// One row a rank owns: its group (index in the layer), its left half's rank, and where its
/// values start among the rank's values of the layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnedRow {
    /// Index of the row's group in the layer's groups.
    pub group: usize,
    /// Rank of the row's left half in its class.
    pub left_rank: usize,
    /// Offset of the row's first value among the rank's values of the layer.
    pub offset: usize,
}

/// The rows of one layer a rank owns, in the layer's order.
#[derive(Debug, Clone, Default)]
pub struct OwnedRows {
    /// The rows.
    pub rows: Vec<OwnedRow>,
    /// Their states in all.
    pub states: usize,
}

/// A row of a layer, named by where it starts in the layer: the order both sides of an exchange
/// list rows in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct RowRef {
    /// Index of the row's first state in the layer.
    pub start: usize,
    /// States in the row.
    pub len: usize,
    /// The left class of the row's left half.
    pub left_class: usize,
    /// The rank of the left half in its class.
    pub left_rank: usize,
}

/// What one rank sends and receives to compute one layer, batch by batch (module doc).
#[derive(Debug, Clone)]
pub struct LayerExchange {
    /// The batches, as many on every rank.
    pub batches: Vec<BatchExchange>,
}

/// One batch of a rank: its rows it computes, and per other rank, the rows of the next layer it
/// sends and receives first, each once, ordered by their index in that layer.
#[derive(Debug, Clone, Default)]
pub struct BatchExchange {
    /// The rows of the batch: indices into the rank's owned rows of the layer
    /// ([`Partition::owned_rows`]).
    pub rows: Range<usize>,
    /// `sends[j]`: the rows this rank owns that rank `j` reads in its batch of this index.
    pub sends: Vec<Vec<RowRef>>,
    /// `receives[j]`: the rows rank `j` owns that this batch reads.
    pub receives: Vec<Vec<RowRef>>,
}

impl LayerExchange {
    /// The exchange of `rank` before computing `layer` from `next`.
    pub fn new(partition: &Partition, split: &Split, layer: &Layer, next: &Layer, rank: usize) -> Self {
        let ranks = partition.ranks;
        let empty = || BatchExchange {
            rows: 0..0,
            sends: vec![Vec::new(); ranks],
            receives: vec![Vec::new(); ranks],
        };
        let mut batches: Vec<BatchExchange> = Vec::new();
        let mut rows = 0;
        partition.for_each_batched_row(split, layer, next, |row, reads| {
            while batches.len() <= row.batch {
                batches.push(empty());
            }
            let batch = &mut batches[row.batch];
            if row.reader == rank {
                if batch.rows.is_empty() {
                    batch.rows = rows..rows;
                }
                rows += 1;
                batch.rows.end = rows;
                for read in reads.iter().filter(|r| r.first) {
                    batch.receives[read.owner].push(read.row);
                }
            } else {
                for read in reads.iter().filter(|r| r.first && r.owner == rank) {
                    batch.sends[row.reader].push(read.row);
                }
            }
        });
        if batches.is_empty() {
            batches.push(empty());
        }
        // The batches without rows of this rank start where its rows end.
        let mut end = 0;
        for batch in &mut batches {
            if batch.rows.is_empty() {
                batch.rows = end..end;
            }
            end = batch.rows.end;
        }
        // Each row once per batch already (`first`); both sides list them in the next layer's order.
        for list in batches.iter_mut().flat_map(|b| b.sends.iter_mut().chain(&mut b.receives)) {
            list.sort_unstable();
        }
        Self { batches }
    }

    /// The states this rank receives in all (a row read by two batches counts twice).
    pub fn received_states(&self) -> usize {
        self.batches.iter().map(BatchExchange::received_states).sum()
    }

    /// The states this rank sends in all.
    pub fn sent_states(&self) -> usize {
        self.batches.iter().map(BatchExchange::sent_states).sum()
    }
}

impl BatchExchange {
    /// The states this batch receives.
    pub fn received_states(&self) -> usize {
        self.receives.iter().flatten().map(|row| row.len).sum()
    }

    /// The states this rank sends for this batch.
    pub fn sent_states(&self) -> usize {
        self.sends.iter().flatten().map(|row| row.len).sum()
    }
}

/// The states each rank owns and exchanges at one layer: what the plan of a distributed sweep
/// counts, for every rank at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayerShares {
    /// States of the layer each rank owns.
    pub owned: Vec<u64>,
    /// States of the next layer each rank receives to compute this one, over all its batches.
    pub received: Vec<u64>,
    /// The most states of the next layer each rank receives for one batch (holds at once).
    pub received_at_once: Vec<u64>,
    /// States of the next layer each rank sends, over all batches.
    pub sent: Vec<u64>,
    /// The most states each rank sends for one batch.
    pub sent_at_once: Vec<u64>,
    /// The batches of the layer (as many on every rank).
    pub batches: usize,
}

impl Partition {
    /// The shares of every rank at `layer` (the next layer `next`, or none at the full board).
    pub fn shares(&self, split: &Split, layer: &Layer, next: Option<&Layer>) -> LayerShares {
        let ranks = self.ranks;
        let mut owned = vec![0u64; ranks];
        let (mut received, mut sent) = (vec![0u64; ranks], vec![0u64; ranks]);
        let mut received_at_once = vec![0u64; ranks];
        // Per rank, its batch now and what that batch received; per batch, what each rank sent.
        let (mut batch_of, mut batch_received) = (vec![0usize; ranks], vec![0u64; ranks]);
        let mut sent_by_batch: Vec<Vec<u64>> = vec![vec![0; ranks]];
        let Some(next) = next else {
            for_each_row(split, layer, |group, left, _| {
                owned[self.owner(layer.taken, left)] += group.row_len as u64
            });
            return LayerShares {
                owned,
                received,
                received_at_once,
                sent,
                sent_at_once: vec![0; ranks],
                batches: 1,
            };
        };
        self.for_each_batched_row(split, layer, next, |row, reads| {
            let reader = row.reader;
            owned[reader] += row.states as u64;
            if row.batch != batch_of[reader] {
                received_at_once[reader] = received_at_once[reader].max(batch_received[reader]);
                (batch_of[reader], batch_received[reader]) = (row.batch, 0);
            }
            if sent_by_batch.len() <= row.batch {
                sent_by_batch.resize(row.batch + 1, vec![0; ranks]);
            }
            for read in reads.iter().filter(|r| r.first) {
                let len = read.row.len as u64;
                received[reader] += len;
                batch_received[reader] += len;
                sent[read.owner] += len;
                sent_by_batch[row.batch][read.owner] += len;
            }
        });
        for (most, last) in received_at_once.iter_mut().zip(batch_received) {
            *most = (*most).max(last);
        }
        let sent_at_once =
            (0..ranks).map(|r| sent_by_batch.iter().map(|b| b[r]).max().unwrap_or(0)).collect();
        LayerShares { owned, received, received_at_once, sent, sent_at_once, batches: sent_by_batch.len() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::layer::all_layers;

    /// Every row has one owner, the shares add up to the layer, and every remote read names a
    /// row of the next layer whose owner is not the reader; both sides of each pair list the
    /// same rows.
    #[test]
    fn shares_cover_each_layer_and_both_sides_agree() {
        let boards =
            [(1, 1, 3, 16), (2, 3, 2, 1), (4, 5, 3, 16), (6, 6, 7, 64), (8, 9, 4, 2048), (10, 10, 64, 256)];
        for (n, m, ranks, min_share) in boards {
            let split = Split::new(n, m);
            let layers = all_layers(&split);
            let partition = Partition::new(&split, &layers, ranks, min_share);
            for k in 0..layers.len() {
                let next = layers.get(k + 1);
                let shares = partition.shares(&split, &layers[k], next);
                assert_eq!(shares.owned.iter().sum::<u64>(), layers[k].len as u64, "{n}x{m} layer {k}");
                // A small layer is shared by fewer ranks.
                let sharing = (layers[k].len as u64 / min_share).clamp(1, ranks as u64);
                assert!(
                    shares.owned.iter().filter(|&&s| s > 0).count() as u64 <= sharing,
                    "{n}x{m} layer {k}"
                );
                let owned: Vec<usize> =
                    (0..ranks).map(|r| partition.owned_rows(&split, &layers[k], r).states).collect();
                assert_eq!(owned.iter().map(|&s| s as u64).collect::<Vec<_>>(), shares.owned);
                let Some(next) = next else { continue };
                let mut most_one_row_reads = 0;
                partition.for_each_batched_row(&split, &layers[k], next, |_, reads| {
                    most_one_row_reads = most_one_row_reads.max(reads.iter().map(|r| r.row.len as u64).sum());
                });
                let exchanges: Vec<LayerExchange> =
                    (0..ranks).map(|r| LayerExchange::new(&partition, &split, &layers[k], next, r)).collect();
                assert!(exchanges.iter().all(|e| e.batches.len() == shares.batches), "{n}x{m} layer {k}");
                for (i, exchange) in exchanges.iter().enumerate() {
                    assert_eq!(exchange.received_states() as u64, shares.received[i]);
                    assert_eq!(exchange.sent_states() as u64, shares.sent[i]);
                    let most = exchange.batches.iter().map(|b| b.received_states() as u64).max();
                    assert_eq!(most, Some(shares.received_at_once[i]));
                    // The batches cover the rank's rows in order.
                    let rows = partition.owned_rows(&split, &layers[k], i).rows.len();
                    let mut end = 0;
                    for batch in &exchange.batches {
                        assert_eq!(batch.rows.start, end, "{n}x{m} layer {k} rank {i}");
                        end = batch.rows.end;
                    }
                    assert_eq!(end, rows, "{n}x{m} layer {k} rank {i}");
                    for (b, batch) in exchange.batches.iter().enumerate() {
                        // A batch reads at most its budget, or what its first reading row reads.
                        let most = partition.batch_states() + most_one_row_reads;
                        assert!(batch.received_states() as u64 <= most, "{n}x{m} layer {k} batch {b}");
                        for (j, other) in exchanges.iter().enumerate() {
                            assert_eq!(
                                batch.receives[j], other.batches[b].sends[i],
                                "{n}x{m} layer {k}: {j} to {i}"
                            );
                            for row in &batch.receives[j] {
                                let left = split.left.members_of(row.left_class)[row.left_rank];
                                assert_eq!(partition.owner(k + 1, LatticePath::from(left)), j);
                                assert_ne!(i, j);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The key after a move, found from the key before it, is the moved left half's key, for
    /// every left half and corner, whatever the checkpoints.
    #[test]
    fn a_move_changes_the_key_by_its_checkpoint_place() {
        for (n, ranks) in [(3, 1), (8, 2), (11, 7), (14, 64)] {
            let split = Split::new(n, n);
            let layers = all_layers(&split);
            let partition = Partition::new(&split, &layers, ranks, 1);
            for left in 0..1 << split.h {
                let left = LatticePath::from(left as u32);
                for p in path::corners(left, split.h) {
                    let moved = path::play(left, p);
                    assert_eq!(partition.key_after_move(partition.key(left), p), partition.key(moved));
                }
            }
        }
    }

    /// The largest layer is dealt out in about equal parts.
    #[test]
    fn the_largest_layer_is_balanced() {
        let split = Split::new(12, 12);
        let layers = all_layers(&split);
        let largest = layers.iter().max_by_key(|l| l.len).unwrap();
        for ranks in [2, 3, 4, 7, 16] {
            let partition = Partition::new(&split, &layers, ranks, 1 << 10);
            let shares = partition.shares(&split, largest, None);
            let ideal = largest.len as f64 / ranks as f64;
            let most = *shares.owned.iter().max().unwrap() as f64;
            assert!(most < 1.1 * ideal, "{ranks} ranks: {:?} against {ideal}", shares.owned);
        }
    }

    /// The same board and ranks give the same fingerprint; another minimum share that moves a cut
    /// gives another, and so does another number of ranks.
    #[test]
    fn fingerprints_tell_partitions_apart() {
        let split = Split::new(9, 9);
        let layers = all_layers(&split);
        let fingerprint = |ranks, min_share| Partition::new(&split, &layers, ranks, min_share).fingerprint();
        assert_eq!(fingerprint(4, 256), fingerprint(4, 256));
        assert_ne!(fingerprint(4, 256), fingerprint(4, 4096));
        assert_ne!(fingerprint(4, 256), fingerprint(5, 256));
        // One rank owns everything, whatever the share.
        assert_eq!(fingerprint(1, 256), fingerprint(1, DEFAULT_MIN_SHARE));
    }
}
