//! Renumbering a graph so that neighbours get nearby ids, when that pays.
//!
//! Every phase of the matching (the greedy pass, the searches) reads the per-vertex arrays at the
//! ids of a vertex's neighbours. When the graph has geometry (a planar mesh, a random geometric
//! graph, a grid) but its ids are scattered (as in every file whose ids were permuted), each of
//! those reads is a cache miss; numbered in breadth-first order, the vertices a search explores
//! lie close together in memory and the same work runs several times faster (planar-1m: greedy and
//! searches 1.1–1.5 s with the file's ids, 0.2–0.3 s in breadth-first order).
//!
//! Renumbering costs one `O(V + E)` pass with random reads, and buys nothing when there is no
//! geometry (random sparse graphs, R-MAT: a breadth-first order is as scattered as any) or when
//! the ids already follow it (a grid numbered row by row). So [`should_renumber`] samples the graph
//! first: from a few spread-out vertices it grows breadth-first balls of [`BALL_SIZE`] vertices,
//! and renumbers only a large graph whose balls are *deep* (an expander's ball of that size is
//! only a few levels deep, a planar one dozens) and whose ball ids are *scattered* (far from their
//! centre's id on average).

use crate::graph::Graph;
use crate::graph::{NO_VERTEX, Vertex};
use crate::memory::vec_with_huge_pages;
use rayon::prelude::*;

use crate::prefetch::prefetch;

/// Graphs with fewer vertices are left alone: their arrays mostly fit the caches anyway.
pub(crate) const MIN_VERTICES: usize = 1 << 18;

/// How many sample balls [`should_renumber`] grows.
const SAMPLES: usize = 8;

/// Vertices per sample ball.
const BALL_SIZE: usize = 4096;

/// A ball of [`BALL_SIZE`] vertices at least this many levels deep shows geometry: in a graph of
/// minimum growth factor 2 per level it would be at most 12 deep, on a planar mesh of degree 6 it
/// is about 26.
const DEEP_BALL_LEVELS: usize = 16;

/// Ids are scattered when a ball's average distance from its centre's id exceeds `V /` this (a
/// uniformly random numbering gives about `V / 3`, a row-major grid of width `w` about `w·depth`).
const SCATTER_DIVISOR: usize = 16;

/// How a graph's ids relate to its geometry, as sampled by [`layout`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Most sample balls are deep and their ids close to their centre's: the ids already follow
    /// the geometry (a grid numbered row by row).
    Local,
    /// Most sample balls are deep but their ids scattered: renumbering pays (see
    /// [`should_renumber`]).
    Scattered,
    /// Neither: no geometry (an expander), or no majority, or too small to sample.
    Unstructured,
}

/// Graphs with fewer vertices are not sampled by [`layout`].
const MIN_SAMPLED_VERTICES: usize = 1 << 16;

/// Whether renumbering `graph`, whose [`layout`] is `layout`, in breadth-first order is expected to
/// pay (see the module documentation): at least [`MIN_VERTICES`] vertices, and most sample balls
/// both deep and scattered.
pub(crate) fn should_renumber(vertex_count: usize, layout: Layout) -> bool {
    vertex_count >= MIN_VERTICES && layout == Layout::Scattered
}

/// Neighbour lists, as [`layout`] reads them: the cardinality wing's [`Graph`] and the weighted
/// engine's lists of arcs.
pub(crate) trait NeighbourLists {
    /// Number of vertices.
    fn vertex_count(&self) -> usize;
    /// The number of neighbours of `v`.
    fn degree(&self, v: Vertex) -> usize;
    /// The neighbours of `v`.
    fn neighbours(&self, v: Vertex) -> impl Iterator<Item = Vertex> + '_;
}

impl NeighbourLists for Graph {
    fn vertex_count(&self) -> usize {
        Graph::vertex_count(self)
    }
    fn degree(&self, v: Vertex) -> usize {
        Graph::degree(self, v)
    }
    fn neighbours(&self, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
        Graph::neighbours(self, v).iter().copied()
    }
}

/// Samples `graph`'s geometry: from [`SAMPLES`] spread-out vertices, breadth-first balls of
/// [`BALL_SIZE`] vertices; a ball votes for [`Layout::Local`] or [`Layout::Scattered`] when it is
/// deep, according to how far its ids lie from its centre's on average, and a majority of the
/// samples decides (sampling stops as soon as one is reached). Graphs below
/// [`MIN_SAMPLED_VERTICES`] are [`Layout::Unstructured`].
pub(crate) fn layout(graph: &impl NeighbourLists) -> Layout {
    let n = graph.vertex_count();
    if n < MIN_SAMPLED_VERTICES {
        return Layout::Unstructured;
    }
    let mut seen = vec![false; n];
    let mut ball = Vec::with_capacity(BALL_SIZE);
    let (mut scattered, mut local) = (0, 0);
    for sample in 0..SAMPLES {
        let Some(centre) = (sample * n / SAMPLES..n).find(|&v| graph.degree(v as Vertex) > 0) else { break };
        let depth = grow_ball(graph, centre as u32, &mut seen, &mut ball);
        let spread = ball.iter().map(|&v| (v as usize).abs_diff(centre)).sum::<usize>() / ball.len();
        if ball.len() == BALL_SIZE && depth >= DEEP_BALL_LEVELS {
            if spread >= n / SCATTER_DIVISOR {
                scattered += 1;
            } else {
                local += 1;
            }
        }
        for &v in &ball {
            seen[v as usize] = false;
        }
        if 2 * scattered.max(local) > SAMPLES {
            // A majority already: the remaining samples cannot change the answer.
            break;
        }
    }
    if 2 * scattered > SAMPLES {
        Layout::Scattered
    } else if 2 * local > SAMPLES {
        Layout::Local
    } else {
        Layout::Unstructured
    }
}

/// Fills `ball` with the first [`BALL_SIZE`] vertices of a breadth-first search from `centre` (fewer
/// if its component is smaller), marking them in `seen`, and returns the depth of the last one.
fn grow_ball(graph: &impl NeighbourLists, centre: u32, seen: &mut [bool], ball: &mut Vec<u32>) -> usize {
    ball.clear();
    ball.push(centre);
    seen[centre as usize] = true;
    let (mut head, mut level_end, mut depth) = (0, 1, 0);
    while head < ball.len() && ball.len() < BALL_SIZE {
        if head == level_end {
            depth += 1;
            level_end = ball.len();
        }
        let x = ball[head];
        head += 1;
        for y in graph.neighbours(x) {
            if !seen[y as usize] && ball.len() < BALL_SIZE {
                seen[y as usize] = true;
                ball.push(y);
            }
        }
    }
    depth + 1
}

/// A graph renumbered in breadth-first order, and the way back to the original ids.
pub(crate) struct Renumbered {
    /// The renumbered graph: vertex `i` is the original vertex `original[i]`.
    pub(crate) graph: Graph,
    original: Vec<u32>,
}

/// New vertices per task when the renumbered lists are filled.
const BUILD_BLOCK: usize = 1 << 12;

/// Prefetching along a sequence of original vertices that is read in order (the breadth-first
/// queue, the new numbering): the offsets of the one [`Lookahead::FAR`] places on, the list of the
/// one [`Lookahead::MID`] places on, the new ids of the neighbours of the one [`Lookahead::NEAR`]
/// places on; by the time each is read, its line has arrived.
struct Lookahead<'a> {
    graph: &'a Graph,
    sequence: &'a [u32],
    renumbered: &'a [u32],
}

impl<'a> Lookahead<'a> {
    const FAR: usize = 24;
    const MID: usize = 16;
    const NEAR: usize = 8;

    fn new(graph: &'a Graph, sequence: &'a [u32], renumbered: &'a [u32]) -> Self {
        Self { graph, sequence, renumbered }
    }

    #[inline]
    fn prefetch(&self, at: usize) {
        let starts = self.graph.list_starts();
        if let Some(&v) = self.sequence.get(at + Self::FAR) {
            prefetch(starts.as_ptr().wrapping_add(v as usize));
        }
        if let Some(&v) = self.sequence.get(at + Self::MID) {
            prefetch(self.graph.adjacency().as_ptr().wrapping_add(starts[v as usize] as usize));
        }
        if let Some(&v) = self.sequence.get(at + Self::NEAR) {
            for &y in self.graph.neighbours(v) {
                prefetch(self.renumbered.as_ptr().wrapping_add(y as usize));
            }
        }
    }
}

impl Renumbered {
    /// `graph` with its vertices numbered in the order of a breadth-first search, component by
    /// component, each started from its smallest original id.
    pub(crate) fn new(graph: &Graph) -> Self {
        let n = graph.vertex_count();
        let mut renumbered = vec![NO_VERTEX; n];
        let mut original = Vec::with_capacity(n);
        for start in 0..n {
            if renumbered[start] != NO_VERTEX {
                continue;
            }
            renumbered[start] = original.len() as u32;
            let mut head = original.len();
            original.push(start as u32);
            while let Some(&x) = original.get(head) {
                // The queue is known some vertices ahead: load what they will need in stages.
                Lookahead::new(graph, &original, &renumbered).prefetch(head);
                head += 1;
                for &y in graph.neighbours(x) {
                    if renumbered[y as usize] == NO_VERTEX {
                        renumbered[y as usize] = original.len() as u32;
                        original.push(y);
                    }
                }
            }
        }
        let degrees: Vec<u32> = original.par_iter().map(|&v| graph.degree(v) as u32).collect();
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0u32);
        offsets.extend(degrees.iter().scan(0u32, |end, &degree| {
            *end += degree;
            Some(*end)
        }));
        drop(degrees);
        // Every thread fills the lists of blocks of consecutive new vertices.
        let mut targets = vec_with_huge_pages(graph.adjacency().len());
        targets.resize(graph.adjacency().len(), 0u32);
        let mut pieces = Vec::with_capacity(n.div_ceil(BUILD_BLOCK));
        let mut rest = targets.as_mut_slice();
        for first in (0..n).step_by(BUILD_BLOCK) {
            let end = n.min(first + BUILD_BLOCK);
            let (piece, tail) = rest.split_at_mut((offsets[end] - offsets[first]) as usize);
            pieces.push((first..end, piece));
            rest = tail;
        }
        pieces.into_par_iter().for_each(|(block, piece)| {
            let lookahead = Lookahead::new(graph, &original, &renumbered);
            let mut filled = 0;
            for i in block {
                lookahead.prefetch(i);
                for &y in graph.neighbours(original[i]) {
                    piece[filled] = renumbered[y as usize];
                    filled += 1;
                }
            }
        });
        Self { graph: Graph::from_csr(offsets, targets), original }
    }

    /// A mate array of the renumbered graph (`NO_VERTEX` = free) in the original ids.
    pub(crate) fn original_mates(&self, mates: &[u32]) -> Vec<u32> {
        let mut back = vec![NO_VERTEX; mates.len()];
        for (i, &mate) in mates.iter().enumerate() {
            if mate != NO_VERTEX {
                back[self.original[i] as usize] = self.original[mate as usize];
            }
        }
        back
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w × h` grid (4-neighbour, and a diagonal in every seventh square, which makes odd
    /// cycles) with its vertices numbered by the multiplicative permutation `v → v·step mod n` (or
    /// row by row when `step` is 1).
    fn grid(w: u32, h: u32, step: u64) -> Graph {
        let n = (w * h) as u64;
        let id = |x: u32, y: u32| ((u64::from(y * w + x) * step) % n) as u32;
        let mut edges = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if x + 1 < w {
                    edges.push((id(x, y), id(x + 1, y)));
                }
                if y + 1 < h {
                    edges.push((id(x, y), id(x, y + 1)));
                }
                if x + 1 < w && y + 1 < h && (x + 3 * y) % 7 == 0 {
                    edges.push((id(x, y), id(x + 1, y + 1)));
                }
            }
        }
        Graph::from_edges(n as usize, &edges).unwrap()
    }

    /// A random graph of average degree 6 (xorshift).
    fn random_graph(n: u32) -> Graph {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % u64::from(n)) as u32
        };
        let edges: Vec<(u32, u32)> = (0..3 * n).map(|_| (next(), next())).filter(|(u, v)| u != v).collect();
        Graph::from_edges(n as usize, &edges).unwrap()
    }

    fn should_renumber(graph: &Graph) -> bool {
        super::should_renumber(graph.vertex_count(), layout(graph))
    }

    #[test]
    fn only_a_scattered_mesh_is_renumbered() {
        // 1_000_003 is prime to 600 * 500 = 300_000, so the multiplicative step permutes the ids.
        assert!(should_renumber(&grid(600, 500, 1_000_003)));
        assert!(!should_renumber(&grid(600, 500, 1)), "row-major ids already follow the grid");
        assert!(!should_renumber(&random_graph(300_000)), "no geometry");
        assert!(!should_renumber(&grid(300, 300, 1_000_003)), "too small to matter");
    }

    #[test]
    fn layouts_are_told_apart() {
        assert_eq!(layout(&grid(600, 500, 1_000_003)), Layout::Scattered);
        assert_eq!(layout(&grid(600, 500, 1)), Layout::Local);
        assert_eq!(layout(&grid(200, 1000, 1)), Layout::Local, "sampled though too small to renumber");
        assert_eq!(layout(&random_graph(300_000)), Layout::Unstructured);
        assert_eq!(layout(&grid(200, 200, 1)), Layout::Unstructured, "too small to sample");
    }

    #[test]
    fn renumbering_keeps_the_graph_and_maps_mates_back() {
        let g = grid(7, 5, 11);
        let r = Renumbered::new(&g);
        assert_eq!(r.graph.edge_count(), g.edge_count());
        let mut original_edges: Vec<(Vertex, Vertex)> = r
            .graph
            .edges()
            .map(|(u, v)| {
                let (a, b) = (r.original[u as usize], r.original[v as usize]);
                (a.min(b), a.max(b))
            })
            .collect();
        original_edges.sort_unstable();
        assert_eq!(original_edges, g.edges().collect::<Vec<_>>());
        // A matching of the renumbered graph maps to the same pairs in the original ids.
        let mut mates = vec![NO_VERTEX; 35];
        for (u, v) in r.graph.edges().step_by(3) {
            if mates[u as usize] == NO_VERTEX && mates[v as usize] == NO_VERTEX {
                mates[u as usize] = v;
                mates[v as usize] = u;
            }
        }
        let back = r.original_mates(&mates);
        for (i, &mate) in mates.iter().enumerate() {
            let o = r.original[i] as usize;
            let expected = if mate == NO_VERTEX { NO_VERTEX } else { r.original[mate as usize] };
            assert_eq!(back[o], expected);
        }
    }

    #[test]
    fn a_local_graph_gets_a_maximum_matching_from_the_index_order_start() {
        // Narrow enough for its ids to count as local, odd, and with the start leaving free
        // vertices for the depth-first searches.
        let (w, h) = (121u32, 701u32);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut roll = |percent: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % 100 < percent
        };
        // Cells removed with probability 3%, a diagonal in half the squares, as in `grid-1000`.
        let removed: Vec<bool> = (0..w * h).map(|_| roll(3)).collect();
        let mut edges = Vec::new();
        let mut link = |a: u32, b: u32| {
            if !removed[a as usize] && !removed[b as usize] {
                edges.push((a, b));
            }
        };
        for y in 0..h {
            for x in 0..w {
                let v = y * w + x;
                if x + 1 < w {
                    link(v, v + 1);
                }
                if y + 1 < h {
                    link(v, v + w);
                }
                if x + 1 < w && y + 1 < h && roll(50) {
                    link(v, v + w + 1);
                }
            }
        }
        let g = Graph::from_edges((w * h) as usize, &edges).unwrap();
        assert_eq!(layout(&g), Layout::Local);
        let (matching, timings) = crate::matching::maximum_matching_timed(&g);
        assert!(!timings.renumbered);
        assert!(timings.greedy_size < matching.size(), "the searches had work to do");
        assert!(crate::Matching::from_pairs(&g, &matching.edges()).is_ok());
        assert!(crate::gallai_edmonds(&g, &matching).is_ok(), "not maximum");
        let (plain, _) =
            crate::matching::match_graph(&g, crate::matching::GreedyOrder::ByDegree, None).unwrap();
        assert_eq!(matching.size(), plain.iter().filter(|&&m| m != NO_VERTEX).count() / 2);
    }

    #[test]
    fn a_renumbered_graph_gets_a_maximum_matching_in_its_own_ids() {
        // An odd number of vertices, so the decomposition has all three classes to check.
        let g = grid(601, 499, 1_000_003);
        let (matching, timings) = crate::matching::maximum_matching_timed(&g);
        assert!(timings.renumbered);
        assert!(crate::Matching::from_pairs(&g, &matching.edges()).is_ok());
        assert!(crate::gallai_edmonds(&g, &matching).is_ok(), "not maximum");
        let (plain, _) =
            crate::matching::match_graph(&g, crate::matching::GreedyOrder::ByDegree, None).unwrap();
        assert_eq!(matching.size(), plain.iter().filter(|&&m| m != NO_VERTEX).count() / 2);
    }
}
