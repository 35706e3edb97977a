//! The parallel CSR builder behind the input readers.
//!
//! A reader files each chunk of its input as it reads it: the vertices are cut into blocks of
//! 2^10 to 2^14 vertices ([`EdgeBlocks`], sized so that a block averages at most 2^16 entries),
//! and every edge `u v` becomes two directed entries of five bytes (the source's offset in its
//! block above the target: a block of `2^b` vertices leaves `40 − b` bits for the target, so
//! graphs of more than 2^26 vertices get blocks of at most 2^13), written into one exactly
//! sized array per chunk ordered by block ([`EdgeBlocks::file`], through a per-thread
//! [`FilingScratch`]). [`build_blocked`] then builds
//! each block's lists in parallel in cache-sized memory, with no per-edge allocation: each block
//! first maps its slices of the fresh CSR for writing (the CSR stays in 4 KiB pages,
//! [`crate::memory::populate_slice_for_writing`], as its passes read them before writing them),
//! then two stable counting sorts (by target group, then by source) leave every list nearly
//! always sorted; the scatter by source marks a list that receives a target not above the one
//! before it, and only the marked lists get the insertion-and-deduplication pass. The first pass
//! prefetches the block's slices, one short slice per 1 MiB chunk, gathered by the thread that
//! takes the block; the chunks are then freed on a pool thread while the graph is returned.
//!
//! An edge list's ids are filed as vertex numbers below a bound; a pass over each block's entries
//! then finds the ids that are in an edge ([`IdRanks`], one bit each), and the build writes each
//! target as its rank among them ([`Vertices::Ranked`]: the targets of a block's scatter come by
//! target group, so the ranks read stay in the first-level cache) and drops the ids in no edge
//! from the list ends, which numbers the vertices in increasing id order.
//!
//! Every limit of [`Graph`] is checked by the readers while they read, where an error can name
//! its line, so a build of an accepted input does not fail.

use rayon::prelude::*;

use super::{Graph, GraphError, MAX_EDGES, MAX_VERTICES};
use crate::memory::{populate_for_writing, populate_slice_for_writing};
use crate::prefetch::prefetch;

/// The graph on `n` vertices whose edges are the pairs `(c[2i], c[2i + 1])` of every chunk
/// `c`; returns it with the number of repeated edges dropped (a pair given in both
/// orientations counts once as a repeat). Every vertex is below `n` and no pair is a loop
/// (the parsers have checked both).
pub(crate) fn build_pairs(n: usize, chunks: Vec<Vec<u32>>) -> Result<(Graph, usize), GraphError> {
    let pairs: usize = chunks.iter().map(Vec::len).sum();
    let blocks = EdgeBlocks::with_edges(n, pairs / 2);
    let filed = chunks
        .into_par_iter()
        .map(|chunk| {
            let mut counts = vec![0usize; blocks.count()];
            for pair in chunk.chunks_exact(2) {
                blocks.count_edge(&mut counts, pair[0], pair[1]);
            }
            let pairs = chunk.chunks_exact(2).map(|pair| u64::from(pair[0]) << 32 | u64::from(pair[1]));
            blocks.file(pairs, &mut counts)
        })
        .collect();
    build_blocked(Vertices::Count(n), &blocks, filed)
}

/// The vertices of a build from filed entries.
#[derive(Clone, Copy)]
pub(crate) enum Vertices<'a> {
    /// The vertices `0..n`, each filed by its number.
    Count(usize),
    /// The ids `0..ids.len()` were filed, and the vertices are the ids of `ids` (the ids in an
    /// edge, and those added without one), numbered in increasing order.
    Ranked(&'a IdRanks),
}

/// The graph from the directed entries that [`EdgeBlocks::file`] ordered by block, one
/// [`BlockedEntries`] per chunk of the input, built in parallel, one vertex block at a time;
/// returns it with the number of repeated edges dropped.
///
/// No per-edge allocation, and every pass over a block touches only that block's degrees and
/// lists (a few megabytes, cache-sized): count the degrees, lay the lists out, scatter the
/// entries, sort and deduplicate each list in place. Blocks are then moved together if
/// repeats were dropped.
///
/// With [`Vertices::Ranked`] the lists are built by id, each target written as its new number
/// (the targets of a block's pass come by target group, so the ranks read stay in the
/// first-level cache), and then the list ends of the ids that are not vertices are dropped.
pub(crate) fn build_blocked(
    vertices: Vertices<'_>,
    blocks: &EdgeBlocks,
    chunks: Vec<BlockedEntries>,
) -> Result<(Graph, usize), GraphError> {
    let ids = match vertices {
        Vertices::Count(n) => return build_mapped(n, blocks, chunks, |target| target),
        Vertices::Ranked(ids) => ids,
    };
    let (mut graph, repeats) = build_mapped(ids.len(), blocks, chunks, |id| ids.rank(id))?;
    let mut kept = 0;
    let mut start = 0u32;
    // The ends move down in place: at step `v`, `kept <= v + 1`, so the end written is
    // never one still to be read.
    for v in 0..ids.len() {
        let end = graph.offsets[v + 1];
        debug_assert!(end == start || ids.contains(v), "an id with entries is a vertex");
        if ids.contains(v) {
            kept += 1;
            graph.offsets[kept] = end;
        }
        start = end;
    }
    debug_assert_eq!(kept, ids.count());
    graph.offsets.truncate(kept + 1);
    Ok((graph, repeats))
}

/// [`build_blocked`] on `n` vertices with every target written as `map(target)`: an increasing
/// map, so that sorted lists stay sorted.
fn build_mapped(
    n: usize,
    blocks: &EdgeBlocks,
    chunks: Vec<BlockedEntries>,
    map: impl Fn(u32) -> u32 + Sync,
) -> Result<(Graph, usize), GraphError> {
    if n > MAX_VERTICES {
        return Err(GraphError::TooManyVertices(n));
    }
    let block_count = blocks.count();
    // Each block's number of entries, read chunk by chunk (each chunk's block starts in
    // order; a chunk's last blocks without entries may be left out, see `file`).
    let mut sizes = vec![0usize; block_count];
    for chunk in &chunks {
        debug_assert!(chunk.starts.len() <= block_count + 1);
        for (size, bounds) in sizes.iter_mut().zip(chunk.starts.windows(2)) {
            *size += bounds[1] - bounds[0];
        }
    }
    let entries: usize = sizes.iter().sum();
    if entries / 2 > MAX_EDGES {
        return Err(GraphError::TooManyEdges(entries / 2));
    }
    // Allocated zeroed (nothing touched yet) and left in 4 KiB pages, although the matching
    // reads them at random: each block maps its slices just before writing them (below),
    // and on the virtual machines the benchmarks run on a fresh 2 MiB page costs 6-40 times
    // a small page's bytes (the guest's free huge blocks go back to the host), more than
    // the matching's TLB misses on the lists give back. Measured on four families of 10^7
    // vertices (docs/BENCHMARKS.md): parse + build 10-30% faster, the whole
    // process as fast or faster. The matching's own state keeps its huge pages, and so does
    // the renumbered copy of the lists that `matching::locality` makes for graphs whose
    // searches run long (in small pages those searches lost more than the copy saved).
    let mut offsets = vec![0u32; n + 1];
    let mut targets = vec![0u32; entries];
    // Each block's slice of offsets (its vertices' list ends) and of targets.
    let mut jobs = Vec::with_capacity(block_count);
    let (mut offsets_rest, mut targets_rest) = (&mut offsets[1..], &mut targets[..]);
    let mut base = 0usize;
    for (block, &size) in sizes.iter().enumerate() {
        let (lo, hi) = blocks.range(block, n);
        let (ends, rest) = offsets_rest.split_at_mut(hi - lo);
        offsets_rest = rest;
        let (lists, rest) = targets_rest.split_at_mut(size);
        targets_rest = rest;
        jobs.push((block, base, ends, lists));
        base += size;
    }
    // Per block: the lists built, sorted and deduplicated; its number of entries kept. Each
    // thread gathers a block's slice of every chunk in a list it keeps.
    let targets_of = Targets::new(blocks, n);
    let kept: Vec<usize> = jobs
        .into_par_iter()
        .map_init(
            || (BlockScratch::default(), Vec::with_capacity(chunks.len())),
            |(scratch, parts), (block, base, ends, lists)| {
                // The passes read these slices before writing them (degrees are counted in
                // place, each target is compared with the slot before it): mapped first, so
                // that no read maps the zero page that a write must then replace, with a
                // TLB flush on every thread (see `populate_slice_for_writing`).
                populate_slice_for_writing(ends);
                populate_slice_for_writing(lists);
                parts.clear();
                parts.extend(chunks.iter().map(|chunk| chunk.block(block)));
                build_block(base, ends, lists, parts, targets_of, &map, scratch)
            },
        )
        .collect();
    // Unmapping the chunks' entries (hundreds of allocations, 20-35 ms on the 10^7-vertex
    // graphs) is left to a pool thread: the graph is ready without waiting for it.
    rayon::spawn(move || drop(chunks));
    // Move the blocks together where entries were dropped.
    let mut write = 0usize;
    let mut read = 0usize;
    for (block, (&size, &kept)) in sizes.iter().zip(&kept).enumerate() {
        let (lo, hi) = blocks.range(block, n);
        if write != read {
            targets.copy_within(read..read + kept, write);
            let shift = (read - write) as u32;
            for end in &mut offsets[lo + 1..=hi] {
                *end -= shift;
            }
        }
        write += kept;
        read += size;
    }
    targets.truncate(write);
    targets.shrink_to_fit();
    let repeats = entries - write;
    debug_assert_eq!(repeats % 2, 0);
    Ok((Graph { offsets, targets }, repeats / 2))
}

/// The vertex ids that have entries, among `0..len`, and each one's rank: its number among them,
/// in increasing order. An edge list's ids are filed as vertex numbers, and the ids in no edge
/// are then dropped ([`Vertices::Ranked`]).
pub(crate) struct IdRanks {
    /// Bit `i % 64` of word `i / 64`: whether id `i` has entries.
    words: Vec<u64>,
    /// The number of ids with entries below each word's first.
    before: Vec<u32>,
    /// The ids ranked: `0..len`.
    len: usize,
}

impl IdRanks {
    /// The ids `0..n` that are the source of some entry of `chunks` (every edge is filed from
    /// both ends, so these are the ids in an edge), found block by block in parallel: a
    /// block's ids are whole words of the set (blocks have at least 2^8 vertices).
    pub(crate) fn of_sources(n: usize, blocks: &EdgeBlocks, chunks: &[BlockedEntries]) -> Self {
        let mut words = vec![0u64; n.div_ceil(64)];
        let per_block = (1usize << blocks.bits) / 64;
        let target_bits = blocks.target_bits();
        words.par_chunks_mut(per_block).enumerate().for_each(|(block, words)| {
            for (k, chunk) in chunks.iter().enumerate() {
                // The slices are short and read once: prefetched a few chunks ahead, as the
                // build does.
                if let Some(next) = chunks.get(k + PREFETCH_SLICES_AHEAD) {
                    prefetch_slice(next.block(block));
                }
                for entry in chunk.block(block).chunks_exact(ENTRY_BYTES).map(unpack) {
                    let local = (entry >> target_bits) as usize;
                    words[local / 64] |= 1 << (local % 64);
                }
            }
        });
        let mut ids = Self { words, before: Vec::new(), len: n };
        ids.count_before();
        ids
    }

    /// Adds `ids` (each below [`Self::len`]) to the ids ranked: vertices named without entries
    /// (an edge list's self-loops).
    pub(crate) fn add(&mut self, ids: impl IntoIterator<Item = u32>) {
        let mut added = false;
        for id in ids {
            self.words[id as usize / 64] |= 1 << (id % 64);
            added = true;
        }
        if added {
            self.count_before();
        }
    }

    /// Counts, for each word, the ids below its first.
    fn count_before(&mut self) {
        let mut count = 0u32;
        self.before = self
            .words
            .iter()
            .map(|word| {
                let before = count;
                count += word.count_ones();
                before
            })
            .collect();
    }

    /// Whether `id` is ranked.
    #[inline]
    fn contains(&self, id: usize) -> bool {
        self.words[id / 64] >> (id % 64) & 1 == 1
    }

    /// The ids ranked: `0..len`.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The number of ids with entries.
    pub(crate) fn count(&self) -> usize {
        self.words
            .last()
            .map_or(0, |last| self.before[self.words.len() - 1] as usize + last.count_ones() as usize)
    }

    /// The number of ids with entries below `id`.
    #[inline]
    pub(crate) fn rank(&self, id: u32) -> u32 {
        let word = id as usize / 64;
        self.before[word] + (self.words[word] & ((1u64 << (id % 64)) - 1)).count_ones()
    }

    /// The ids with entries, in increasing order.
    pub(crate) fn ids(&self) -> Vec<u64> {
        let mut ids = Vec::with_capacity(self.count());
        for (w, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                ids.push((w * 64) as u64 + u64::from(bits.trailing_zeros()));
                bits &= bits - 1;
            }
        }
        ids
    }
}

/// The vertices split into blocks of `2^bits` for the parallel CSR build: a block's degrees and
/// lists fit the caches, and there are enough blocks to keep every thread busy. A filed entry
/// holds a vertex's offset in its block in `bits` bits and a target in the other
/// [`EdgeBlocks::target_bits`], so the blocks of a large graph are no larger than its targets
/// leave room for ([`widest_block_bits`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct EdgeBlocks {
    bits: u32,
    count: usize,
}

impl EdgeBlocks {
    /// The blocks for `n` vertices and about `m` edges: 2^14 vertices a block, down to 2^10
    /// when the average degree is high, so that a block's entries (five bytes each in the
    /// chunks, eight in the build's scratch: half a megabyte for [`BLOCK_ENTRIES`]) and lists stay in the second-level cache while it is
    /// built; smaller for small graphs so that every thread has blocks, and at most
    /// [`widest_block_bits`] so that every target fits its entry.
    pub(crate) fn with_edges(n: usize, m: usize) -> Self {
        let threads = rayon::current_num_threads().max(1);
        let mut bits = widest_block_bits(n);
        while bits > 10 && (2 * m as u128) << bits > (BLOCK_ENTRIES as u128) * n as u128 {
            bits -= 1;
        }
        while bits > 8 && n >> bits < 4 * threads {
            bits -= 1;
        }
        Self { bits, count: (n >> bits) + 1 }
    }

    /// Number of blocks.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The same blocks, as many as the vertices `0..n` need: for filing entries before the
    /// number of vertices is known (an edge list's), with the blocks chosen for an estimate and
    /// `n` its upper bound, then building the graph with the `n` found. The blocks shrink if
    /// the targets below `n` need more bits than they leave; covering fewer vertices keeps them.
    pub(crate) fn covering(self, n: usize) -> Self {
        let bits = self.bits.min(widest_block_bits(n));
        Self { bits, count: (n >> bits) + 1 }
    }

    /// Bits of a filed entry's target: those the block offset leaves.
    #[inline]
    fn target_bits(&self) -> u32 {
        ENTRY_BITS - self.bits
    }

    /// The vertices `lo..hi` of `block`, for a graph of `n` vertices.
    fn range(&self, block: usize, n: usize) -> (usize, usize) {
        ((block << self.bits).min(n), ((block + 1) << self.bits).min(n))
    }

    /// The block of vertex `v`.
    #[inline]
    pub(crate) fn block_of(&self, v: u32) -> usize {
        (v >> self.bits) as usize
    }

    /// Counts the entries `u -> v` and `v -> u` of the edge `u v` in `counts` (one per block).
    #[inline]
    pub(crate) fn count_edge(&self, counts: &mut [usize], u: u32, v: u32) {
        counts[self.block_of(u)] += 1;
        counts[self.block_of(v)] += 1;
    }

    /// Files the edges `pairs` (`u << 32 | v` each), whose entries [`EdgeBlocks::count_edge`]
    /// counted per block in `counts`, as the entries `u -> v` and `v -> u` ordered by block
    /// ([`BlockedEntries`] says how they are packed): one allocation of the exact size, one pass.
    /// `counts` may leave out the last blocks if they have no entries.
    pub(crate) fn file(&self, pairs: impl IntoIterator<Item = u64>, counts: &mut [usize]) -> BlockedEntries {
        debug_assert!(counts.len() <= self.count);
        let mut starts = Vec::with_capacity(counts.len() + 1);
        let mut total = 0usize;
        for (block, count) in counts.iter_mut().enumerate() {
            starts.push(total);
            // From now on the block's write cursor, in bytes.
            let cursor = total * ENTRY_BYTES + block * ENTRY_SLACK;
            total += *count;
            *count = cursor;
        }
        starts.push(total);
        let mut bytes = vec![0u8; total * ENTRY_BYTES + counts.len() * ENTRY_SLACK];
        // Written all over, in as many streams as there are blocks: its pages mapped in one call.
        populate_for_writing(&bytes);
        let local = (1u32 << self.bits) - 1;
        let target_bits = self.target_bits();
        for pair in pairs {
            let (u, v) = ((pair >> 32) as u32, pair as u32);
            let cursor = &mut counts[self.block_of(u)];
            let entry = u64::from(u & local) << target_bits | u64::from(v);
            bytes[*cursor..*cursor + 8].copy_from_slice(&entry.to_le_bytes());
            *cursor += ENTRY_BYTES;
            let cursor = &mut counts[self.block_of(v)];
            let entry = u64::from(v & local) << target_bits | u64::from(u);
            bytes[*cursor..*cursor + 8].copy_from_slice(&entry.to_le_bytes());
            *cursor += ENTRY_BYTES;
        }
        BlockedEntries { bytes, starts }
    }
}

/// A thread's working memory while it reads chunks of an input: the chunk's edges as
/// `u << 32 | v`, and the number of entries of each block; then [`FilingScratch::file`] files
/// them. Kept from one chunk to the next, so that its memory stays allocated and in the caches.
pub(crate) struct FilingScratch {
    /// The blocks the entries are filed by.
    pub(crate) blocks: EdgeBlocks,
    /// The chunk's edges.
    pub(crate) pairs: Vec<u64>,
    /// Per block, the number of the chunk's entries in it ([`EdgeBlocks::count_edge`]).
    pub(crate) counts: Vec<usize>,
    /// The blocks up to the last one with entries in the chunk filed last: `counts` is zero
    /// past them.
    used: usize,
}

impl FilingScratch {
    /// Empty working memory for `blocks`.
    pub(crate) fn new(blocks: EdgeBlocks) -> Self {
        Self { blocks, pairs: Vec::new(), counts: vec![0; blocks.count()], used: blocks.count() }
    }

    /// Emptied for a new chunk of at most `edges` edges.
    pub(crate) fn start(&mut self, edges: usize) {
        self.pairs.clear();
        self.pairs.reserve(edges);
        self.counts[..self.used].fill(0);
    }

    /// Adds the edge `u v` (no loop, both below the graph's vertex count).
    #[inline]
    pub(crate) fn push(&mut self, u: u32, v: u32) {
        self.pairs.push(u64::from(u) << 32 | u64::from(v));
        self.blocks.count_edge(&mut self.counts, u, v);
    }

    /// The chunk's edges filed by block ([`EdgeBlocks::file`]), up to the last block with
    /// entries (an edge list's blocks cover the largest id it may have, most of them empty in
    /// most chunks).
    pub(crate) fn file(&mut self) -> BlockedEntries {
        self.used = self.counts.iter().rposition(|&count| count != 0).map_or(0, |last| last + 1);
        self.blocks.file(self.pairs.iter().copied(), &mut self.counts[..self.used])
    }
}

/// Bytes of a filed entry ([`BlockedEntries`]).
const ENTRY_BYTES: usize = 5;

/// Bytes after each block's entries in [`BlockedEntries`]: an entry is written as eight bytes,
/// and the three past its end must not reach the next block's entries.
const ENTRY_SLACK: usize = 8 - ENTRY_BYTES;

/// Bits of a filed entry: the source's offset in its block ([`EdgeBlocks`]'s `bits`) above the
/// target ([`EdgeBlocks::target_bits`]).
const ENTRY_BITS: u32 = 8 * ENTRY_BYTES as u32;

/// Largest block of [`EdgeBlocks`]: 2^14 vertices.
const MAX_BLOCK_BITS: u32 = 14;

/// Smallest block [`widest_block_bits`] may leave for the largest graph: 2^13 vertices.
const MIN_WIDEST_BLOCK_BITS: u32 = 13;

// The targets of the largest graph leave its blocks 2^13 vertices.
const _: () = assert!(MAX_VERTICES <= 1 << (ENTRY_BITS - MIN_WIDEST_BLOCK_BITS));

/// The largest block size (in bits) whose entries have room for every target below `n`: 2^14
/// vertices up to 2^26 targets, 2^13 up to [`MAX_VERTICES`].
fn widest_block_bits(n: usize) -> u32 {
    let target_bits = usize::BITS - n.saturating_sub(1).leading_zeros();
    (ENTRY_BITS - target_bits.min(ENTRY_BITS - MIN_WIDEST_BLOCK_BITS)).min(MAX_BLOCK_BITS)
}

/// The directed entries of one chunk of the input ordered by vertex block ([`EdgeBlocks::file`]).
///
/// An entry is five little-endian bytes: the source's offset in its block above the
/// [`EdgeBlocks::target_bits`] bits of the target (five bytes where `source << 32 | target` took eight: the
/// entries are written once and read once from memory, and their pages are fresh). Each block's
/// entries are followed by [`ENTRY_SLACK`] bytes.
pub(crate) struct BlockedEntries {
    /// The entries, block after block.
    bytes: Vec<u8>,
    /// Where each block's entries start (in entries), and the end.
    starts: Vec<usize>,
}

impl BlockedEntries {
    /// Number of entries (twice the number of edges filed).
    pub(crate) fn entry_count(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    /// The entries of `block`, [`ENTRY_BYTES`] each (none past the last block filed).
    #[inline]
    fn block(&self, block: usize) -> &[u8] {
        if block + 1 >= self.starts.len() {
            return &[];
        }
        let start = self.starts[block] * ENTRY_BYTES + block * ENTRY_SLACK;
        &self.bytes[start..start + (self.starts[block + 1] - self.starts[block]) * ENTRY_BYTES]
    }
}

/// The entry packed in `bytes` (`local source << target bits | target`, [`BlockedEntries`]).
#[inline(always)]
fn unpack(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word[..ENTRY_BYTES].copy_from_slice(&bytes[..ENTRY_BYTES]);
    u64::from_le_bytes(word)
}

/// The number of entries a block should not exceed much on average ([`EdgeBlocks::with_edges`];
/// 2^15 and 2^17 tried: 2^15 no better, 2^17 more cache misses on R-MAT graphs).
const BLOCK_ENTRIES: usize = 1 << 16;

/// Number of target groups of [`build_block`]'s first pass (a power of two): its counters and
/// write cursors (16 KB) stay in the first-level cache. 2^11 left more lists out of order within
/// a group (R-MAT hubs); 2^13 made the group pass slower on sparse graphs.
const TARGET_GROUPS: usize = 1 << 12;

/// The shift that maps a vertex below `n` to its target group (`v >> shift < TARGET_GROUPS`).
fn target_group_shift(n: usize) -> u32 {
    let bits = usize::BITS - n.saturating_sub(1).leading_zeros();
    bits.saturating_sub(TARGET_GROUPS.trailing_zeros())
}

/// How many slices ahead [`build_block`] prefetches the entries it counts. Parse + build on two
/// threads, medians of 4–5 runs: the build alone takes 0.46–0.49 s on sparse-10m with 2, 4 or 8
/// slices ahead (0.53 s without prefetching) and 0.59 s on rmat-22 with 16 or 32 (0.67 s).
const PREFETCH_SLICES_AHEAD: usize = 16;

/// Starts loading every cache line of `slice` (a block's short slice of a chunk's entries).
#[inline]
fn prefetch_slice(slice: &[u8]) {
    for line in (0..slice.len()).step_by(64) {
        prefetch(slice.as_ptr().wrapping_add(line));
    }
}

/// Where [`build_block`] finds an entry's parts: its source's offset in the block above
/// `bits` ([`EdgeBlocks::target_bits`]), its target below, and the target's group.
#[derive(Clone, Copy)]
struct Targets {
    /// Bits of the target.
    bits: u32,
    /// The target bits.
    mask: u64,
    /// The shift of a target to its group ([`target_group_shift`]).
    group_shift: u32,
}

impl Targets {
    /// The parts of the entries filed by `blocks` for a graph of `n` vertices.
    fn new(blocks: &EdgeBlocks, n: usize) -> Self {
        let bits = blocks.target_bits();
        Self { bits, mask: (1 << bits) - 1, group_shift: target_group_shift(n) }
    }
}

/// Working memory of [`build_block`], kept by each thread from one block to the next.
#[derive(Default)]
struct BlockScratch {
    /// The block's entries ordered by target group.
    entries: Vec<u64>,
    /// Per target group: its count, then its write cursor.
    groups: Vec<u32>,
    /// Per source of the block: nonzero if its list needs sorting (it received a target not
    /// above the one before).
    unsorted: Vec<u8>,
}

/// Builds the lists of a block's vertices from their entries `parts` (the block's slice of each
/// chunk's [`BlockedEntries`]) into `lists`, the part of the target array that starts at offset
/// `base`. The lists are sorted, deduplicated and packed at the start of `lists`; `ends[i]`
/// becomes the end of the list of the block's vertex `i` as an offset of the whole array.
/// Returns the number of entries kept.
///
/// Two stable counting sorts, both within the caches for a block: by target group (`target >>
/// group_shift`, [`TARGET_GROUPS`] of them), then by source. Each list then comes out ordered by
/// target group, so nearly always sorted already: the scatter by source marks the lists that
/// are not (or hold a repeat), and only those are sorted, by an insertion sort over nearly
/// sorted data (a cheap, well-predicted pass) rather than a general sort; lists that turn out
/// far from sorted (a hub whose neighbours share groups) fall back to the general sort.
fn build_block(
    base: usize,
    ends: &mut [u32],
    lists: &mut [u32],
    parts: &[&[u8]],
    targets_of: Targets,
    map: impl Fn(u32) -> u32,
    scratch: &mut BlockScratch,
) -> usize {
    let Targets { bits, mask, group_shift: shift } = targets_of;
    let groups = &mut scratch.groups;
    groups.clear();
    groups.resize(TARGET_GROUPS, 0);
    // Degrees, counted in `ends`, and the sizes of the target groups. This pass reads the block's
    // slices from memory for the first time, hundreds of short ones: each is prefetched a few
    // slices ahead, as the hardware does not see a stream in so few lines.
    for (k, part) in parts.iter().enumerate() {
        if let Some(next) = parts.get(k + PREFETCH_SLICES_AHEAD) {
            prefetch_slice(next);
        }
        for entry in part.chunks_exact(ENTRY_BYTES).map(unpack) {
            ends[(entry >> bits) as usize] += 1;
            groups[((entry & mask) >> shift) as usize] += 1;
        }
    }
    let mut start = 0u32;
    for slot in groups.iter_mut() {
        let count = *slot;
        *slot = start;
        start += count;
    }
    // Stable scatter by target group. Every slot of `entries` is
    // written (the group sizes add up to its length): what earlier blocks left there is no
    // matter, so the scratch is only ever grown, never cleared.
    if scratch.entries.len() < lists.len() {
        scratch.entries.resize(lists.len(), 0);
    }
    let entries = &mut scratch.entries[..lists.len()];
    for part in parts {
        for entry in part.chunks_exact(ENTRY_BYTES).map(unpack) {
            let g = ((entry & mask) >> shift) as usize;
            entries[groups[g] as usize] = entry;
            groups[g] += 1;
        }
    }
    let mut start = 0u32;
    for slot in ends.iter_mut() {
        let degree = *slot;
        *slot = start;
        start += degree;
    }
    let unsorted = &mut scratch.unsorted;
    unsorted.clear();
    unsorted.resize(ends.len(), 0);
    // Stable scatter by source: `ends[i]` is the fill cursor of vertex lo + i, and ends as its
    // list's end. A list that receives a target not above the entry before it is marked. (A
    // list's first target is compared with the slot before it, the end of the previous list's
    // space: at worst a needless mark.)
    for &entry in entries.iter() {
        let i = (entry >> bits) as usize;
        let target = map((entry & mask) as u32);
        let cursor = ends[i] as usize;
        let before = lists[cursor.saturating_sub(1)];
        lists[cursor] = target;
        ends[i] += 1;
        unsorted[i] |= u8::from(target <= before);
    }
    // Sort and deduplicate the marked lists, packing all of them to the left.
    let mut write = 0usize;
    let mut read_start = 0usize;
    for (end, &mark) in ends.iter_mut().zip(unsorted.iter()) {
        let read_end = *end as usize;
        if write != read_start {
            lists.copy_within(read_start..read_end, write);
        }
        let len = read_end - read_start;
        write += if mark == 0 { len } else { sort_dedup(&mut lists[write..write + len]) };
        read_start = read_end;
        *end = (base + write) as u32;
    }
    write
}

/// Sorts `list` and drops its repeated entries in one pass: the distinct entries end up sorted
/// at its start, and their number is returned. An entry above the last one kept, the usual case
/// for nearly sorted data, costs one comparison; one below it is inserted by moving the larger
/// ones up. Past a budget of moves (data far from sorted) the general sort finishes the job, so
/// the worst case stays `O(len log len)`.
#[inline]
fn sort_dedup(list: &mut [u32]) -> usize {
    let Some(&first) = list.first() else { return 0 };
    let mut last = first;
    let mut kept = 1;
    let mut budget = 4 * list.len() + 16;
    for i in 1..list.len() {
        let x = list[i];
        if x > last {
            list[kept] = x;
            kept += 1;
            last = x;
            continue;
        }
        if x == last {
            continue;
        }
        // `x` belongs before `last`: move the larger entries up one by one (a few, usually) to
        // find its place; if `x` is there already, move them back.
        let mut j = kept;
        while j > 0 && list[j - 1] > x {
            list[j] = list[j - 1];
            j -= 1;
        }
        if j > 0 && list[j - 1] == x {
            list.copy_within(j + 1..=kept, j);
            continue;
        }
        list[j] = x;
        kept += 1;
        budget = budget.saturating_sub(kept - j);
        if budget == 0 {
            // The entries not read yet join the prefix, and the general sort finishes.
            let rest = list.len() - (i + 1);
            list.copy_within(i + 1.., kept);
            let all = &mut list[..kept + rest];
            all.sort_unstable();
            let mut unique = 1;
            for k in 1..all.len() {
                if all[k] != all[unique - 1] {
                    all[unique] = all[k];
                    unique += 1;
                }
            }
            return unique;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_ranks_are_the_sources_of_the_entries() {
        // Ids 5, 63, 64, 130 and 299 of 0..300 in edges, over two chunks.
        let blocks = EdgeBlocks::with_edges(300, 4);
        let file = |pairs: &[(u32, u32)]| {
            let mut counts = vec![0; blocks.count()];
            for &(u, v) in pairs {
                blocks.count_edge(&mut counts, u, v);
            }
            blocks.file(pairs.iter().map(|&(u, v)| u64::from(u) << 32 | u64::from(v)), &mut counts)
        };
        let chunks = [file(&[(5, 64), (299, 5)]), file(&[(130, 63), (5, 64)])];
        let ids = IdRanks::of_sources(300, &blocks, &chunks);
        assert_eq!((ids.len(), ids.count()), (300, 5));
        assert_eq!(ids.ids(), vec![5, 63, 64, 130, 299]);
        let ranks: Vec<u32> = [5, 63, 64, 130, 299].iter().map(|&id| ids.rank(id)).collect();
        assert_eq!(ranks, vec![0, 1, 2, 3, 4]);
        // An id without entries ranks as the ids below it.
        assert_eq!((ids.rank(0), ids.rank(100), ids.rank(298)), (0, 3, 4));
        let none = IdRanks::of_sources(0, &blocks, &[]);
        assert_eq!((none.count(), none.ids()), (0, vec![]));
    }

    #[test]
    fn lists_are_sorted_and_deduplicated() {
        // Sorted, one entry out of place, repeats in and out of order, reversed (past the
        // budget), reversed with repeats, empty, one entry, random with and without repeats.
        let mut cases: Vec<Vec<u32>> = vec![
            (0..50).collect(),
            vec![1, 2, 9, 3, 4, 5],
            vec![4, 4, 1, 4, 2, 1, 9, 9, 0, 2],
            (0..300).rev().collect(),
            (0..600).map(|i| (600 - i) / 3).collect(),
        ];
        cases.push(Vec::new());
        cases.push(vec![7]);
        let mut state = 12_345u64;
        for range in [1u64 << 24, 64] {
            cases.push(
                (0..1000)
                    .map(|_| {
                        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                        ((state >> 32) % range) as u32
                    })
                    .collect(),
            );
        }
        for case in cases {
            let mut expected = case.clone();
            expected.sort_unstable();
            expected.dedup();
            let mut list = case;
            let kept = sort_dedup(&mut list);
            assert_eq!(&list[..kept], expected.as_slice());
        }
    }

    #[test]
    fn target_groups_cover_the_vertices() {
        for n in [0, 1, 2, 2047, 2048, 2049, 4_194_304, 10_000_000, MAX_VERTICES] {
            let shift = target_group_shift(n);
            assert!((n.saturating_sub(1) >> shift) < TARGET_GROUPS, "n = {n}");
            // Not coarser than needed: the groups are used when there are enough vertices.
            if n > TARGET_GROUPS {
                assert!((n - 1) >> shift >= TARGET_GROUPS / 2, "n = {n}");
            }
        }
    }

    #[test]
    fn blocks_leave_room_for_every_target() {
        for (n, widest) in [(0, 14), (1 << 20, 14), (1 << 26, 14), ((1 << 26) + 1, 13), (MAX_VERTICES, 13)] {
            assert_eq!(widest_block_bits(n), widest, "n = {n}");
            let blocks = EdgeBlocks::with_edges(n, n);
            assert!(blocks.bits <= widest && n <= 1 << blocks.target_bits(), "n = {n}");
        }
        // Blocks chosen for fewer vertices shrink to cover more, and stay when covering fewer.
        let blocks = EdgeBlocks::with_edges(1 << 22, 1 << 21);
        assert_eq!(blocks.bits, 14);
        let wide = blocks.covering(MAX_VERTICES);
        assert_eq!(wide.bits, 13);
        assert_eq!(wide.covering(1 << 20).bits, 13);
    }

    #[test]
    fn filed_entries_keep_every_source_and_target() {
        // The largest ids and block offsets, in the full-size blocks of the largest graph; the
        // entries of consecutive blocks are written next to each other.
        let n = MAX_VERTICES as u32;
        let blocks = EdgeBlocks::with_edges(n as usize, 1);
        assert_eq!(blocks.bits, MIN_WIDEST_BLOCK_BITS);
        let top = n - 1;
        let last_of_block = (1 << MIN_WIDEST_BLOCK_BITS) - 1;
        let pairs =
            [(0, top), (top, top - 1), (last_of_block, last_of_block + 1), (last_of_block + 1, 5), (1, 2)];
        let mut counts = vec![0; blocks.count()];
        for &(u, v) in &pairs {
            blocks.count_edge(&mut counts, u, v);
        }
        let filed = blocks.file(pairs.iter().map(|&(u, v)| u64::from(u) << 32 | u64::from(v)), &mut counts);
        assert_eq!(filed.entry_count(), 2 * pairs.len());
        let mut read = Vec::new();
        for block in 0..blocks.count() {
            let lo = (block as u32) << blocks.bits;
            for entry in filed.block(block).chunks_exact(ENTRY_BYTES).map(unpack) {
                let targets_of = Targets::new(&blocks, n as usize);
                read.push((lo + (entry >> targets_of.bits) as u32, (entry & targets_of.mask) as u32));
            }
        }
        let mut expected: Vec<(u32, u32)> = pairs.iter().flat_map(|&(u, v)| [(u, v), (v, u)]).collect();
        // By block, and within a block in filing order.
        expected.sort_by_key(|&(u, _)| blocks.block_of(u));
        assert_eq!(read, expected);
    }

    #[test]
    fn parallel_builder_matches_the_sequential_one() {
        // Enough vertices for several blocks and every target group; a hub whose list is far
        // from sorted within its groups; repeats in both orientations.
        let n = 200_000u32;
        let mut edges = Vec::new();
        let mut state = 99u64;
        for _ in 0..600_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1442695040888963407);
            let u = (state >> 33) as u32 % n;
            let v = (state >> 13) as u32 % n;
            if u != v {
                edges.push((u, v));
            }
        }
        for v in (1..n).rev().step_by(3) {
            edges.push((0, v));
        }
        edges.extend_from_slice(&edges[..1000].iter().map(|&(u, v)| (v, u)).collect::<Vec<_>>());
        let expected = Graph::from_edges(n as usize, &edges).unwrap();
        let chunks: Vec<Vec<u32>> =
            edges.chunks(7_777).map(|c| c.iter().flat_map(|&(u, v)| [u, v]).collect()).collect();
        let (graph, repeats) = build_pairs(n as usize, chunks).unwrap();
        assert_eq!(graph, expected);
        assert_eq!(repeats, edges.len() - expected.edge_count());
        assert!(graph.is_symmetric_and_simple());
    }
}
