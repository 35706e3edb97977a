//! Undirected simple graphs in compressed sparse row (CSR) form.
//!
//! Vertex `v`'s neighbours are `targets[offsets[v]..offsets[v + 1]]`. Both index arrays are `u32`, which
//! halves the memory traffic of the matching searches compared with `usize`; [`MAX_VERTICES`] and
//! [`MAX_EDGES`] keep every index in range. Every edge is stored in both directions, so the adjacency
//! is symmetric by construction; duplicates are dropped when the graph is built and self-loops are
//! refused. [`NO_VERTEX`] is the sentinel of every per-vertex array of vertices (a free vertex's
//! mate, a root's parent).
//!
//! Graphs come from [`Graph::from_edges`] (checked), or from the input readers through the
//! parallel builder (`graph/builder.rs`), which files the edges by vertex block as they are read and
//! builds each block's lists in cache-sized memory.

mod builder;

pub(crate) use builder::{
    BlockedEntries, EdgeBlocks, FilingScratch, IdRanks, Vertices, build_blocked, build_pairs,
};

/// A vertex of a [`Graph`]: its index in `0..n`. Every vertex the public API takes or returns
/// (edges, mates, neighbours, class members) has this type; counts and sizes are `usize`.
pub type Vertex = u32;

/// The "no vertex" sentinel of mate and parent arrays (a free vertex's mate, a root's parent).
pub const NO_VERTEX: Vertex = Vertex::MAX;

/// Largest vertex count a [`Graph`] accepts (vertex ids and [`NO_VERTEX`] must fit a `u32`).
pub const MAX_VERTICES: usize = 100_000_000;

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
        vertex: Vertex,
        /// The number of vertices.
        n: usize,
    },
    /// An edge joins a vertex to itself.
    #[error("self-loop at vertex {0}")]
    SelfLoop(Vertex),
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
    pub fn from_edges(n: usize, edges: &[(Vertex, Vertex)]) -> Result<Self, GraphError> {
        if n > MAX_VERTICES {
            return Err(GraphError::TooManyVertices(n));
        }
        if edges.len() > MAX_EDGES {
            return Err(GraphError::TooManyEdges(edges.len()));
        }
        let mut degree = vec![0u32; n];
        for &(u, v) in edges {
            if let Some(&vertex) = [u, v].iter().find(|&&x| x as usize >= n) {
                return Err(GraphError::VertexOutOfRange { vertex, n });
            }
            if u == v {
                return Err(GraphError::SelfLoop(u));
            }
            degree[u as usize] += 1;
            degree[v as usize] += 1;
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

    /// The graph whose list of `v` is `targets[offsets[v]..offsets[v + 1]]` (`offsets` has `n + 1`
    /// entries, from 0 to `targets.len()`). The caller guarantees a
    /// symmetric, loop-free relation without repeats (`u` lists `v` exactly when `v` lists `u`).
    pub(crate) fn from_csr(offsets: Vec<u32>, targets: Vec<u32>) -> Self {
        let graph = Self { offsets, targets };
        debug_assert!(graph.is_symmetric_and_simple());
        graph
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The vertices `0..n`, ascending.
    pub fn vertices(&self) -> std::ops::Range<Vertex> {
        0..self.vertex_count() as Vertex
    }

    /// Number of (distinct, undirected) edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The neighbours of `v`, each once.
    #[inline]
    pub fn neighbours(&self, v: Vertex) -> &[Vertex] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Number of neighbours of `v`.
    #[inline]
    pub fn degree(&self, v: Vertex) -> usize {
        let v = v as usize;
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// Every list back to back: `neighbours(v)` is `adjacency()[list_starts()[v]..list_starts()[v + 1]]`.
    #[inline]
    pub(crate) fn adjacency(&self) -> &[u32] {
        &self.targets
    }

    /// Where each list starts in [`Self::adjacency`], and at the end its length (`n + 1` entries).
    #[inline]
    pub(crate) fn list_starts(&self) -> &[u32] {
        &self.offsets
    }

    /// Whether `u` and `v` are adjacent (scans the shorter list).
    pub fn has_edge(&self, u: Vertex, v: Vertex) -> bool {
        let (short, other) = if self.degree(u) <= self.degree(v) { (u, v) } else { (v, u) };
        self.neighbours(short).contains(&other)
    }

    /// Every edge once, as `(u, v)` with `u < v`.
    pub fn edges(&self) -> impl Iterator<Item = (Vertex, Vertex)> + '_ {
        self.vertices()
            .flat_map(move |u| self.neighbours(u).iter().filter(move |&&v| u < v).map(move |&v| (u, v)))
    }

    /// Whether every list is loop-free and repeat-free and every edge is listed from both ends.
    fn is_symmetric_and_simple(&self) -> bool {
        let n = self.vertex_count();
        self.vertices().all(|u| {
            let list = self.neighbours(u);
            list.iter().all(|&v| (v as usize) < n && v != u && self.neighbours(v).contains(&u))
                && (1..list.len()).all(|i| !list[..i].contains(&list[i]))
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
    fn csr_lists_as_given() {
        let g = Graph::from_csr(vec![0, 1, 3, 4], vec![1, 0, 2, 1]);
        assert_eq!(g.edge_count(), 2);
        assert_eq!(g.neighbours(1), &[0, 2]);
        assert!(g.is_symmetric_and_simple());
    }
}
