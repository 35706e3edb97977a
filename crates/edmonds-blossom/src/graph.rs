//! Undirected simple graphs in compressed sparse row (CSR) form.
//!
//! Vertex `v`'s neighbours are `targets[offsets[v]..offsets[v + 1]]`. Both index arrays are `u32`, which
//! halves the memory traffic of the matching searches compared with `usize`; [`MAX_VERTICES`] and
//! [`MAX_EDGES`] keep every index in range. Every edge is stored in both directions, so the adjacency
//! is symmetric by construction; duplicates are dropped when the graph is built and self-loops are
//! refused.

use rayon::prelude::*;

/// Largest vertex count a [`Graph`] accepts (vertex ids and [`crate::NO_VERTEX`] must fit a `u32`).
pub const MAX_VERTICES: usize = 50_000_000;

/// Largest number of (distinct) edges a [`Graph`] accepts: `2 * MAX_EDGES` adjacency entries fit a `u32`.
pub const MAX_EDGES: usize = 1_000_000_000;

/// Why an edge list does not describe a graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// More vertices than [`MAX_VERTICES`].
    #[error("{0} vertices exceed the limit of {MAX_VERTICES}")]
    TooManyVertices(usize),
    /// More edges than [`MAX_EDGES`].
    #[error("{0} edges exceed the limit of {MAX_EDGES}")]
    TooManyEdges(usize),
    /// An edge names a vertex outside `0..n`.
    #[error("vertex {vertex} out of range 0..{n}")]
    VertexOutOfRange {
        /// The offending vertex.
        vertex: usize,
        /// The number of vertices.
        n: usize,
    },
    /// An edge joins a vertex to itself.
    #[error("self-loop at vertex {0}")]
    SelfLoop(usize),
}

/// An undirected simple graph on the vertices `0..n`, stored as symmetric CSR adjacency lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    /// The graph on `n` vertices with the given edges; duplicate edges (in either orientation) are
    /// kept once. Fails on a vertex outside `0..n`, a self-loop, or a size beyond the limits.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<Self, GraphError> {
        if n > MAX_VERTICES {
            return Err(GraphError::TooManyVertices(n));
        }
        if edges.len() > MAX_EDGES {
            return Err(GraphError::TooManyEdges(edges.len()));
        }
        let mut degree = vec![0u32; n];
        for &(u, v) in edges {
            let (u, v) = (u as usize, v as usize);
            if let Some(&vertex) = [u, v].iter().find(|&&x| x >= n) {
                return Err(GraphError::VertexOutOfRange { vertex, n });
            }
            if u == v {
                return Err(GraphError::SelfLoop(u));
            }
            degree[u] += 1;
            degree[v] += 1;
        }
        let mut offsets = prefix_sums(&degree);
        // `degree` now serves as the fill cursor of each list.
        degree.copy_from_slice(&offsets[..n]);
        let mut targets = vec![0u32; 2 * edges.len()];
        for &(u, v) in edges {
            targets[degree[u as usize] as usize] = v;
            degree[u as usize] += 1;
            targets[degree[v as usize] as usize] = u;
            degree[v as usize] += 1;
        }
        drop(degree);
        remove_duplicates(&mut offsets, &mut targets);
        Ok(Self { offsets, targets })
    }

    /// The graph on `n` vertices whose edges are the pairs `(c[2i], c[2i + 1])` of every chunk
    /// `c`, built in parallel; returns it with the number of repeated edges dropped (a pair given
    /// in both orientations counts once as a repeat).
    ///
    /// The parsers' builder: every vertex is below `n` and no pair is a loop (checked with
    /// `debug_assert` only; the parsers have checked both). No per-edge allocation: one degree
    /// count, one scatter into the final target array, then each list sorted and deduplicated in
    /// place. The passes split the vertices into one range per thread; every thread reads all
    /// pairs and writes only its own range, so no atomics are needed.
    pub(crate) fn from_pair_chunks(n: usize, chunks: &[Vec<u32>]) -> Result<(Self, usize), GraphError> {
        if n > MAX_VERTICES {
            return Err(GraphError::TooManyVertices(n));
        }
        let pairs: usize = chunks.iter().map(|c| c.len() / 2).sum();
        if pairs > MAX_EDGES {
            return Err(GraphError::TooManyEdges(pairs));
        }
        debug_assert!(chunks.iter().all(|c| c.len() % 2 == 0));
        debug_assert!(chunks.iter().all(|c| c.iter().all(|&x| (x as usize) < n)));
        let threads = rayon::current_num_threads().max(1);
        // Degrees, counted per vertex range.
        let mut degree = vec![0u32; n];
        let bounds = even_bounds(n, threads);
        split_by_bounds(&mut degree, &bounds).into_par_iter().for_each(|(lo, part)| {
            for chunk in chunks {
                for &x in chunk.iter() {
                    let i = x.wrapping_sub(lo) as usize;
                    if i < part.len() {
                        part[i] += 1;
                    }
                }
            }
        });
        let mut offsets = prefix_sums(&degree);
        // `degree` now serves as the fill cursor of each list; ranges balanced by entries.
        degree.copy_from_slice(&offsets[..n]);
        let mut targets = vec![0u32; 2 * pairs];
        let bounds = balanced_bounds(&offsets, threads);
        let target_parts = split_targets(&mut targets, &offsets, &bounds);
        let cursor_parts = split_by_bounds(&mut degree, &bounds);
        cursor_parts.into_par_iter().zip(target_parts).for_each(|((lo, cursor), (base, part))| {
            let len = cursor.len();
            for chunk in chunks {
                for pair in chunk.chunks_exact(2) {
                    let (u, v) = (pair[0], pair[1]);
                    let i = u.wrapping_sub(lo) as usize;
                    if i < len {
                        part[(cursor[i] - base) as usize] = v;
                        cursor[i] += 1;
                    }
                    let j = v.wrapping_sub(lo) as usize;
                    if j < len {
                        part[(cursor[j] - base) as usize] = u;
                        cursor[j] += 1;
                    }
                }
            }
        });
        drop(degree);
        let repeats = sort_and_dedup(&mut offsets, &mut targets, threads);
        debug_assert_eq!(repeats % 2, 0);
        Ok((Self { offsets, targets }, repeats / 2))
    }

    /// The graph on `n` vertices whose adjacency list of `v` is `neighbours(v)`.
    ///
    /// The caller guarantees a symmetric, loop-free relation without repeats (`u` lists `v` exactly
    /// when `v` lists `u`), as a grid with a move set closed under negation gives. Used to build board
    /// graphs without an intermediate edge list.
    pub(crate) fn from_symmetric_lists<I>(n: usize, mut neighbours: impl FnMut(usize) -> I) -> Self
    where
        I: IntoIterator<Item = u32>,
    {
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for v in 0..n {
            targets.extend(neighbours(v));
            offsets.push(targets.len() as u32);
        }
        let graph = Self { offsets, targets };
        debug_assert!(graph.is_symmetric_and_simple());
        graph
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of (distinct, undirected) edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The neighbours of `v`, each once.
    #[inline]
    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Number of neighbours of `v`.
    #[inline]
    pub fn degree(&self, v: usize) -> usize {
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// Whether `u` and `v` are adjacent (scans the shorter list).
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        let (short, other) = if self.degree(u) <= self.degree(v) { (u, v) } else { (v, u) };
        self.neighbours(short).contains(&(other as u32))
    }

    /// Every edge once, as `(u, v)` with `u < v`.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.vertex_count()).flat_map(move |u| {
            self.neighbours(u).iter().map(|&v| v as usize).filter(move |&v| u < v).map(move |v| (u, v))
        })
    }

    /// Whether every list is loop-free and repeat-free and every edge is listed from both ends.
    fn is_symmetric_and_simple(&self) -> bool {
        let n = self.vertex_count();
        (0..n).all(|u| {
            let list = self.neighbours(u);
            list.iter().all(|&v| {
                (v as usize) < n && v as usize != u && self.neighbours(v as usize).contains(&(u as u32))
            }) && (1..list.len()).all(|i| !list[..i].contains(&list[i]))
        })
    }
}

/// `[0, d0, d0 + d1, ...]`: the list offsets for the given degrees.
fn prefix_sums(degree: &[u32]) -> Vec<u32> {
    let mut offsets = Vec::with_capacity(degree.len() + 1);
    let mut total = 0u32;
    offsets.push(0);
    for &d in degree {
        total += d;
        offsets.push(total);
    }
    offsets
}

/// `parts + 1` vertex bounds splitting `0..n` into equal ranges.
fn even_bounds(n: usize, parts: usize) -> Vec<usize> {
    (0..=parts).map(|i| n * i / parts).collect()
}

/// `parts + 1` vertex bounds splitting the vertices into ranges of about equal adjacency entries.
fn balanced_bounds(offsets: &[u32], parts: usize) -> Vec<usize> {
    let n = offsets.len() - 1;
    let total = u64::from(offsets[n]);
    let mut bounds: Vec<usize> = (0..=parts)
        .map(|i| {
            let goal = (total * i as u64 / parts as u64) as u32;
            offsets.partition_point(|&o| o < goal).min(n)
        })
        .collect();
    bounds[0] = 0;
    bounds[parts] = n;
    for i in 1..=parts {
        bounds[i] = bounds[i].max(bounds[i - 1]);
    }
    bounds
}

/// The pieces `array[bounds[i]..bounds[i + 1]]`, each with its first vertex as a `u32`.
fn split_by_bounds<'a>(mut array: &'a mut [u32], bounds: &[usize]) -> Vec<(u32, &'a mut [u32])> {
    let mut parts = Vec::with_capacity(bounds.len());
    for w in bounds.windows(2) {
        let (head, tail) = array.split_at_mut(w[1] - w[0]);
        parts.push((w[0] as u32, head));
        array = tail;
    }
    parts
}

/// The pieces of `targets` holding the lists of each vertex range, each with its first offset.
fn split_targets<'a>(
    mut targets: &'a mut [u32],
    offsets: &[u32],
    bounds: &[usize],
) -> Vec<(u32, &'a mut [u32])> {
    let mut parts = Vec::with_capacity(bounds.len());
    for w in bounds.windows(2) {
        let (lo, hi) = (offsets[w[0]], offsets[w[1]]);
        let (head, tail) = targets.split_at_mut((hi - lo) as usize);
        parts.push((lo, head));
        targets = tail;
    }
    parts
}

/// Sorts every list and drops repeated entries, in parallel over vertex ranges; returns the
/// number of entries dropped. Lists are compacted within each range, then the ranges are moved
/// together (a few `memmove`s) only if anything was dropped.
fn sort_and_dedup(offsets: &mut [u32], targets: &mut Vec<u32>, threads: usize) -> usize {
    let n = offsets.len() - 1;
    if n == 0 {
        return 0;
    }
    // Many more ranges than threads: one hub's long list must not leave a thread idle.
    let bounds = balanced_bounds(offsets, (threads * 16).min(n));
    let parts = split_targets(targets, offsets, &bounds);
    let offsets_ro: &[u32] = offsets;
    // Per range: its new length, and the new (range-relative) list ends of its vertices.
    let kept: Vec<(usize, Vec<u32>)> = parts
        .into_par_iter()
        .zip(bounds.par_windows(2))
        .map(|((base, part), w)| {
            let (lo, hi) = (w[0], w[1]);
            let mut ends = Vec::new();
            let mut write = 0usize;
            let mut dropped = false;
            for u in lo..hi {
                let (start, end) = ((offsets_ro[u] - base) as usize, (offsets_ro[u + 1] - base) as usize);
                part[start..end].sort_unstable();
                for read in start..end {
                    let w = part[read];
                    if read == start || w != part[read - 1] {
                        part[write] = w;
                        write += 1;
                    } else {
                        dropped = true;
                    }
                }
                if dropped {
                    ends.push(write as u32);
                }
                if dropped && ends.len() == 1 {
                    // Vertices before `u` kept their lists: record their ends too.
                    ends.clear();
                    ends.extend(offsets_ro[lo + 1..=u].iter().map(|&o| o - base));
                    ends.push(write as u32);
                }
            }
            (write, ends)
        })
        .collect();
    let total_before = targets.len();
    if kept.iter().all(|(_, ends)| ends.is_empty()) {
        return 0;
    }
    // Each range's first offset, before the loop below moves the ranges' ends.
    let starts: Vec<u32> = bounds.iter().map(|&b| offsets[b]).collect();
    let mut write = 0usize;
    for ((w, &start), (len, ends)) in bounds.windows(2).zip(&starts).zip(kept) {
        let (lo, hi) = (w[0], w[1]);
        let start = start as usize;
        let old_ends: Vec<u32> = offsets[lo + 1..=hi].iter().map(|&o| o - start as u32).collect();
        let ends = if ends.is_empty() { old_ends } else { ends };
        targets.copy_within(start..start + len, write);
        for (u, end) in (lo..hi).zip(ends) {
            offsets[u + 1] = (write + end as usize) as u32;
        }
        write += len;
    }
    targets.truncate(write);
    targets.shrink_to_fit();
    total_before - write
}

/// Sorts each adjacency list and drops repeated entries, compacting `targets` in place.
///
/// Sorting touches each list's memory only (sequentially), unlike a marker array indexed by
/// neighbour, which costs a cache miss per entry on large graphs; sorted lists also make the later
/// scans of consecutive vertices' neighbourhoods a little more local.
fn remove_duplicates(offsets: &mut [u32], targets: &mut Vec<u32>) {
    let n = offsets.len() - 1;
    let mut write = 0usize;
    let mut read_start = 0usize;
    for u in 0..n {
        let read_end = offsets[u + 1] as usize;
        let list = &mut targets[read_start..read_end];
        list.sort_unstable();
        let mut previous = None;
        for read in read_start..read_end {
            let w = targets[read];
            if previous != Some(w) {
                previous = Some(w);
                targets[write] = w;
                write += 1;
            }
        }
        read_start = read_end;
        offsets[u + 1] = write as u32;
    }
    targets.truncate(write);
    targets.shrink_to_fit();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_symmetric_lists_without_duplicates() {
        let g = Graph::from_edges(4, &[(0, 1), (1, 0), (1, 2), (0, 1), (3, 2)]).unwrap();
        assert_eq!(g.vertex_count(), 4);
        assert_eq!(g.edge_count(), 3);
        assert_eq!(g.neighbours(1), &[0, 2]);
        assert_eq!(g.neighbours(2), &[1, 3]);
        assert!(g.has_edge(2, 3) && g.has_edge(3, 2) && !g.has_edge(0, 3));
        assert_eq!(g.edges().collect::<Vec<_>>(), vec![(0, 1), (1, 2), (2, 3)]);
        assert!(g.is_symmetric_and_simple());
    }

    #[test]
    fn rejects_bad_edges() {
        assert_eq!(Graph::from_edges(3, &[(0, 3)]), Err(GraphError::VertexOutOfRange { vertex: 3, n: 3 }));
        assert_eq!(Graph::from_edges(3, &[(1, 1)]), Err(GraphError::SelfLoop(1)));
        assert_eq!(
            Graph::from_edges(MAX_VERTICES + 1, &[]),
            Err(GraphError::TooManyVertices(MAX_VERTICES + 1))
        );
    }

    #[test]
    fn empty_and_edgeless_graphs() {
        let g = Graph::from_edges(0, &[]).unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (0, 0));
        let g = Graph::from_edges(2, &[]).unwrap();
        assert_eq!(g.degree(1), 0);
    }

    #[test]
    fn symmetric_lists_constructor() {
        let g = Graph::from_symmetric_lists(3, |v| match v {
            0 => vec![1],
            1 => vec![0, 2],
            _ => vec![1],
        });
        assert_eq!(g.edge_count(), 2);
        assert_eq!(g.neighbours(1), &[0, 2]);
    }
}
