//! How a distributed sweep shares every layer among its ranks, and which rows they exchange.
//!
//! **Ownership.** A row of a layer (one left half, every right half of its group, see
//! [`super::layer`]) belongs to the rank that owns its left half's *prefix*, the first
//! [`Partition::bits`] steps of the left half; the owner of a left half is the same in every layer.
//! The prefixes are dealt out in increasing order, in contiguous runs of about equal state count
//! in the largest layer (the one that sets the memory), so each rank holds about `1/P` of every
//! layer in the middle of the sweep.
//!
//! **What a row reads.** Computing a row of layer `k` reads rows of layer `k + 1` (see
//! [`super::kernel`]): its own left half's row (the moves inside the right half), the row of the
//! left half after each move inside the left half, and the row after the move across the cut. The
//! moves of the right half and across the cut leave the prefix as it is (the prefix has at most
//! `h − 1` steps, and the cross move flips steps `h − 1` and `h`), and so do the moves of the left
//! half after the prefix: all of those rows are the rank's own. Only a left-half move at a corner
//! inside the prefix (steps `p, p + 1` with `p < bits`) may read a row another rank owns.
//!
//! **The exchange.** Before computing layer `k`, each rank receives, once each, the rows of layer
//! `k + 1` that its rows read and another rank owns ([`LayerExchange`]). Both sides derive the
//! list of a pair of ranks from the board and `P` alone, in the same order (by index in layer
//! `k + 1`), so only values travel.

use super::layer::{Group, Layer};
use super::split::Split;
use crate::path::{self, Path};

/// Ranks a partition may have: a rank number is stored in a `u16`.
pub const MAX_RANKS: usize = 1 << 12;

/// Prefix steps beyond `log2(P)`: `2^EXTRA_BITS` prefixes per rank on average, so the state counts
/// of the ranks differ by a few percent at most.
const EXTRA_BITS: usize = 6;

/// The owner of every row of every layer of one board, for `P` ranks.
#[derive(Debug, Clone)]
pub struct Partition {
    ranks: usize,
    bits: usize,
    /// The owner of each prefix value.
    owners: Vec<u16>,
}

impl Partition {
    /// The partition of the layers of `split`'s board among `ranks` ranks (`1..=MAX_RANKS`).
    pub fn new(split: &Split, layers: &[Layer], ranks: usize) -> Self {
        assert!((1..=MAX_RANKS).contains(&ranks), "{ranks} ranks out of 1..={MAX_RANKS}");
        let bits = (ranks.next_power_of_two().trailing_zeros() as usize + EXTRA_BITS).min(split.h - 1);
        let mask = path::ones_mask(bits);
        let mut weight = vec![0u64; 1 << bits];
        if let Some(largest) = layers.iter().max_by_key(|layer| layer.len) {
            for_each_row(split, largest, |group, left, _| {
                weight[(left & mask) as usize] += group.row_len as u64
            });
        }
        let total = weight.iter().sum::<u64>().max(1);
        let mut before = 0u64;
        let owners = weight
            .iter()
            .map(|&w| {
                // The rank whose share holds the middle of this prefix's states.
                let middle = before + w / 2;
                before += w;
                ((u128::from(middle) * ranks as u128 / u128::from(total)) as usize).min(ranks - 1) as u16
            })
            .collect();
        Self { ranks, bits, owners }
    }

    /// The number of ranks.
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// The steps of a left half that choose its owner.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The rank that owns the rows of left half `left`.
    #[inline]
    pub fn owner(&self, left: Path) -> usize {
        usize::from(self.owners[(left & path::ones_mask(self.bits)) as usize])
    }

    /// The rows of `layer` that `rank` owns, in the layer's order, each with its offset among them.
    pub fn owned_rows(&self, split: &Split, layer: &Layer, rank: usize) -> OwnedRows {
        let mut rows = Vec::new();
        let mut states = 0;
        for (g, group) in layer.groups.iter().enumerate() {
            for (left_rank, &left) in split.left.members_of(group.left_class).iter().enumerate() {
                if self.owner(Path::from(left)) == rank {
                    rows.push(OwnedRow { group: g, left_rank, offset: states });
                    states += group.row_len;
                }
            }
        }
        OwnedRows { rows, states }
    }

    /// The moves of each row of `layer` that read a row of `next` (the layer after it) owned by
    /// another rank: `visit(reader, owner, row)` for each, `row` the row read (repeats included).
    fn for_each_remote_read(
        &self,
        split: &Split,
        layer: &Layer,
        next: &Layer,
        mut visit: impl FnMut(usize, usize, RowRef),
    ) {
        for_each_row(split, layer, |_, left, _| {
            let reader = self.owner(left);
            // Corners p < bits: the moves that change the prefix.
            for p in path::corners(left, self.bits + 1) {
                let after = path::play(left, p);
                let owner = self.owner(after);
                if owner != reader {
                    let class = split.left.class_of(after);
                    let slot = next.slot(class);
                    let left_rank = split.left.rank(after);
                    debug_assert!(slot.row_len > 0, "the next layer has the row of a move");
                    let row = RowRef {
                        start: slot.row_start(left_rank),
                        len: slot.row_len,
                        left_class: class,
                        left_rank,
                    };
                    visit(reader, owner, row);
                }
            }
        });
    }
}

/// Calls `visit(group, left, left_rank)` for every row of `layer`, in order.
fn for_each_row(split: &Split, layer: &Layer, mut visit: impl FnMut(&Group, Path, usize)) {
    for group in &layer.groups {
        for (left_rank, &left) in split.left.members_of(group.left_class).iter().enumerate() {
            visit(group, Path::from(left), left_rank);
        }
    }
}

/// One row a rank owns: its group (index in the layer), its left half's rank, and where its
/// values start among the rank's values of the layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnedRow {
    /// Index of the row's group in [`Layer::groups`].
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

/// What one rank sends and receives before computing one layer: per other rank, the rows of the
/// next layer, each once, ordered by their index in that layer.
#[derive(Debug, Clone)]
pub struct LayerExchange {
    /// `sends[j]`: the rows this rank owns that rank `j` reads.
    pub sends: Vec<Vec<RowRef>>,
    /// `receives[j]`: the rows rank `j` owns that this rank reads.
    pub receives: Vec<Vec<RowRef>>,
}

impl LayerExchange {
    /// The exchange of `rank` before computing `layer` from `next`.
    pub fn new(partition: &Partition, split: &Split, layer: &Layer, next: &Layer, rank: usize) -> Self {
        let ranks = partition.ranks;
        let mut sends = vec![Vec::new(); ranks];
        let mut receives = vec![Vec::new(); ranks];
        partition.for_each_remote_read(split, layer, next, |reader, owner, row| {
            if reader == rank {
                receives[owner].push(row);
            } else if owner == rank {
                sends[reader].push(row);
            }
        });
        for list in sends.iter_mut().chain(&mut receives) {
            list.sort_unstable();
            list.dedup();
        }
        Self { sends, receives }
    }

    /// The states this rank receives in all.
    pub fn received_states(&self) -> usize {
        self.receives.iter().flatten().map(|row| row.len).sum()
    }

    /// The states this rank sends in all.
    pub fn sent_states(&self) -> usize {
        self.sends.iter().flatten().map(|row| row.len).sum()
    }
}

/// The states each rank owns and receives at one layer: what the plan of a distributed sweep
/// counts, for every rank at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayerShares {
    /// States of the layer each rank owns.
    pub owned: Vec<u64>,
    /// States of the next layer each rank receives before computing this one.
    pub received: Vec<u64>,
    /// Rows of the next layer each rank receives.
    pub received_rows: Vec<u64>,
    /// States of the next layer each rank sends.
    pub sent: Vec<u64>,
}

impl Partition {
    /// The shares of every rank at `layer` (the next layer `next`, or none at the full board).
    pub fn shares(&self, split: &Split, layer: &Layer, next: Option<&Layer>) -> LayerShares {
        let mut owned = vec![0u64; self.ranks];
        for_each_row(split, layer, |group, left, _| owned[self.owner(left)] += group.row_len as u64);
        let mut reads = Vec::new();
        if let Some(next) = next {
            self.for_each_remote_read(split, layer, next, |reader, owner, row| {
                reads.push((reader, row.start, row.len, owner));
            });
        }
        reads.sort_unstable();
        reads.dedup();
        let mut received = vec![0u64; self.ranks];
        let mut received_rows = vec![0u64; self.ranks];
        let mut sent = vec![0u64; self.ranks];
        for (reader, _, len, owner) in reads {
            received[reader] += len as u64;
            received_rows[reader] += 1;
            sent[owner] += len as u64;
        }
        LayerShares { owned, received, received_rows, sent }
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
        for (n, m, ranks) in [(1, 1, 3), (2, 3, 2), (4, 5, 3), (6, 6, 7), (8, 9, 4), (10, 10, 64)] {
            let split = Split::new(n, m);
            let layers = all_layers(&split);
            let partition = Partition::new(&split, &layers, ranks);
            for k in 0..layers.len() {
                let next = layers.get(k + 1);
                let shares = partition.shares(&split, &layers[k], next);
                assert_eq!(shares.owned.iter().sum::<u64>(), layers[k].len as u64, "{n}x{m} layer {k}");
                let owned: Vec<usize> =
                    (0..ranks).map(|r| partition.owned_rows(&split, &layers[k], r).states).collect();
                assert_eq!(owned.iter().map(|&s| s as u64).collect::<Vec<_>>(), shares.owned);
                let Some(next) = next else { continue };
                let exchanges: Vec<LayerExchange> =
                    (0..ranks).map(|r| LayerExchange::new(&partition, &split, &layers[k], next, r)).collect();
                for (i, exchange) in exchanges.iter().enumerate() {
                    assert_eq!(exchange.received_states() as u64, shares.received[i]);
                    assert_eq!(exchange.sent_states() as u64, shares.sent[i]);
                    for (j, other) in exchanges.iter().enumerate() {
                        assert_eq!(exchange.receives[j], other.sends[i], "{n}x{m} layer {k}: {j} to {i}");
                        for row in &exchange.receives[j] {
                            let left = split.left.members_of(row.left_class)[row.left_rank];
                            assert_eq!(partition.owner(Path::from(left)), j);
                            assert_ne!(i, j);
                        }
                    }
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
            let partition = Partition::new(&split, &layers, ranks);
            let shares = partition.shares(&split, largest, None);
            let ideal = largest.len as f64 / ranks as f64;
            let most = *shares.owned.iter().max().unwrap() as f64;
            assert!(most < 1.1 * ideal, "{ranks} ranks: {:?} against {ideal}", shares.owned);
        }
    }
}
