//! The initial matching: a maximal matching built greedily, so that the blossom searches only have to
//! repair the few vertices it leaves free.
//!
//! On sparse graphs the rule is Karp–Sipser's ([`KarpSipser`]): a free vertex with exactly one free
//! neighbour is matched to it (no maximum matching regrets that), and otherwise the free vertex of
//! smallest initial degree is matched to its free neighbour with the fewest free neighbours. On the
//! random sparse graphs of the benchmarks this leaves only a handful of augmenting paths to the
//! searches. The pass is `O(V + E)`, one independent cache line per neighbour update; on graphs far
//! larger than the caches it is bound by memory latency, so it starts loads early and keeps its
//! state in huge pages (see [`KarpSipser`]).
//!
//! On dense graphs almost any maximal matching is nearly perfect and the `O(E)` degree bookkeeping
//! would cost more than all the searches, so a first-fit pass (each free vertex takes its first free
//! neighbour) is used instead; it reads only the start of most adjacency lists.

use crate::graph::Graph;
use crate::graph::NO_VERTEX;
use crate::memory::vec_with_huge_pages;
use rayon::prelude::*;

use crate::prefetch::prefetch;

/// Average degree from which the first-fit pass replaces the minimum-degree pass.
const DENSE_AVERAGE_DEGREE: usize = 48;

/// The order in which the Karp–Sipser pass of [`greedy_matching`] takes the vertices when no
/// degree-one vertex is waiting (dense graphs get the first-fit pass either way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GreedyOrder {
    /// Smallest initial degree first ([`KarpSipser`]).
    ByDegree,
    /// Index order ([`karp_sipser_in_index_order`]), for graphs whose ids follow their geometry.
    ByIndex,
}

/// A maximal matching of `graph` as a mate array (`NO_VERTEX` = free), with a vector of `u32` the
/// pass no longer needs (possibly empty), whose memory the searches may reuse.
pub(crate) fn greedy_matching(graph: &Graph, order: GreedyOrder) -> (Vec<u32>, Vec<u32>) {
    let n = graph.vertex_count();
    if n > 0 && 2 * graph.edge_count() >= DENSE_AVERAGE_DEGREE * n {
        return (first_fit(graph), Vec::new());
    }
    match order {
        GreedyOrder::ByIndex => karp_sipser_in_index_order(graph),
        GreedyOrder::ByDegree => (KarpSipser::new(graph).run(&vertices_by_degree(graph)), Vec::new()),
    }
}

/// Each free vertex, in index order, takes its first free neighbour.
fn first_fit(graph: &Graph) -> Vec<u32> {
    let mut mate = vec![NO_VERTEX; graph.vertex_count()];
    for v in graph.vertices() {
        if mate[v as usize] == NO_VERTEX {
            if let Some(&u) = graph.neighbours(v).iter().find(|&&u| mate[u as usize] == NO_VERTEX) {
                mate[v as usize] = u;
                mate[u as usize] = v;
            }
        }
    }
    mate
}

/// The Karp–Sipser pass of [`KarpSipser`] with the vertices taken in index order instead of by
/// initial degree, for graphs whose ids already follow their geometry (a grid numbered row by
/// row, see the `locality` module): degree-one vertices first (a stack, fed whenever a free
/// degree drops to one), otherwise the next free vertex in index order, each matched to its free
/// neighbour of smallest free degree. It makes exactly the choices of [`KarpSipser::run`] with
/// that order, but on such graphs every list and count it reads lies near the ones it read just
/// before, so it needs neither the sort by degree nor the prefetching nor the 8-byte slots
/// (whose fresh pages alone cost more than the pass here): two arrays of `u32`, the mate array
/// being the result.
///
/// On a row-major grid with holes it leaves far fewer free vertices than the minimum-degree
/// order (13 augmenting paths instead of 5,565 on `grid-1000`), and the depth-first searches of
/// stage 1 find those paths cheaply (see `maximum_matching`).
///
/// Returns the mate array and the free-degree array, now useless, for its memory.
pub(crate) fn karp_sipser_in_index_order(graph: &Graph) -> (Vec<u32>, Vec<u32>) {
    let starts = graph.list_starts();
    let adjacency = graph.adjacency();
    let n = graph.vertex_count();
    let list = |v: u32| &adjacency[starts[v as usize] as usize..starts[v as usize + 1] as usize];
    // While free: the number of free neighbours; once matched, as in `Slot::free_degree`.
    // Both filled in parallel: the first touch of fresh pages costs about as much as the pass.
    let mut free_degree: Vec<u32> = Vec::with_capacity(n);
    free_degree.par_extend(starts.par_windows(2).map(|list| list[1] - list[0]));
    let mut mate: Vec<u32> = Vec::with_capacity(n);
    mate.par_extend((0..n).into_par_iter().map(|_| NO_VERTEX));
    // The vertices whose free degree has come down to one, a stack: `stack[..top]`. A vertex
    // enters it at most once (its count only falls, and a matched vertex's stays far above
    // one), so `n` slots always suffice, and one more lets every push write unconditionally.
    let mut stack: Vec<u32> = vec![0; n + 1];
    let mut top = 0usize;
    for v in 0..n as u32 {
        stack[top] = v;
        top += usize::from(free_degree[v as usize] == 1);
    }
    let matchable = |free_degree: &[u32], v: u32| {
        let d = free_degree[v as usize];
        d > 0 && d < FIRST_MATCHED
    };
    let mut cursor = 0u32;
    loop {
        let v = if top > 0 {
            top -= 1;
            stack[top]
        } else {
            while (cursor as usize) < n && !matchable(&free_degree, cursor) {
                cursor += 1;
            }
            if cursor as usize == n {
                return (mate, free_degree);
            }
            cursor
        };
        if !matchable(&free_degree, v) {
            continue;
        }
        // As `KarpSipser::take_free_neighbour_of_lowest_degree`, then `pair`, then
        // `lose_free_neighbour`; the pushes are unconditional writes (branch-free: whether a
        // neighbour's count reaches one is not predictable).
        let mut best = NO_VERTEX;
        let mut best_degree = FIRST_MATCHED;
        for &w in list(v) {
            // The mate is one of these neighbours: start loading its list now.
            prefetch(adjacency.as_ptr().wrapping_add(starts[w as usize] as usize));
            let d = &mut free_degree[w as usize];
            if *d < best_degree {
                best = w;
                best_degree = *d;
            }
            *d -= 1;
            stack[top] = w;
            top += usize::from(*d == 1);
        }
        let u = best;
        mate[v as usize] = u;
        mate[u as usize] = v;
        free_degree[v as usize] = MATCHED;
        free_degree[u as usize] = MATCHED;
        for &w in list(u) {
            let d = &mut free_degree[w as usize];
            *d -= 1;
            stack[top] = w;
            top += usize::from(*d == 1);
        }
    }
}

/// Per-vertex state of the Karp–Sipser pass, one aligned 8-byte block so that looking at a
/// neighbour costs one cache line: its free-neighbour count and where its adjacency list starts,
/// so that the list of the neighbour chosen as mate is found without a further lookup (it ends
/// where the next vertex's starts; one more slot closes the last list). The mates, written once
/// per vertex and never read by the pass, live in their own array, which keeps the slots that
/// every neighbour update reads at half the size.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(8))]
struct Slot {
    /// While free: the number of free neighbours. Once matched: [`MATCHED`] less the number of
    /// neighbours matched since, always at least [`FIRST_MATCHED`].
    free_degree: u32,
    /// The list is `graph.adjacency()[start..]`, up to the next slot's `start`.
    start: u32,
}

/// The `free_degree` a vertex gets when it is matched. Matching a vertex decrements the count of
/// every neighbour, free or not, without a test (a branch on "is this neighbour free?" is
/// mispredicted often and serialises the cache misses of the loop); a matched vertex's count
/// loses at most its degree, below `2^30` ([`crate::graph::MAX_EDGES`] < `2^30`), so it stays at
/// least [`FIRST_MATCHED`] and can never pass for a free vertex's.
const MATCHED: u32 = 0xC000_0000;

/// The smallest count a matched vertex can have; every free vertex's count is below it.
const FIRST_MATCHED: u32 = 0x8000_0000;

// A degree is at most the edge count, which must stay below MATCHED - FIRST_MATCHED.
const _: () = assert!(crate::graph::MAX_EDGES < (MATCHED - FIRST_MATCHED) as usize);

/// How far ahead in the order of initial degree the pass starts loading a vertex's slot, its list,
/// and its neighbours' slots: far enough to cover one memory latency of matching work.
const SLOT_AHEAD: usize = 24;
const LIST_AHEAD: usize = 16;
const NEIGHBOURS_AHEAD: usize = 8;

/// How far ahead in one adjacency list the pass starts loading a neighbour's slot
/// ([`KarpSipser::prefetch_slot_ahead`]); 16 and 64 measured no better on `rmat-20`.
const IN_LIST_AHEAD: usize = 32;

/// The Karp–Sipser pass: degree-one vertices first, otherwise the free vertex of smallest initial
/// degree, each matched to its free neighbour of smallest current free degree.
///
/// A free vertex with exactly one free neighbour can be matched to it without losing optimality
/// (any maximum matching can be changed to use that edge), and these forced moves are found through
/// a stack fed whenever a free degree drops to one. When there is none, the next free vertex in order
/// of initial degree is taken: an approximation of "minimum current degree first" that needs no
/// bucket lists, whose linked-list updates cost several dependent cache misses per edge on large
/// graphs. Every neighbour update is one independent read-modify-write of a [`Slot`].
///
/// On large graphs every step is a cache miss, and each costs hundreds of nanoseconds; the pass
/// is as fast as its chain of *dependent* misses is short. So the loads whose addresses are known
/// early are started early (see the `prefetch` module): the list of every neighbour of the vertex being matched
/// (one of them becomes its mate), the list of every vertex pushed on the degree-one stack, and the
/// slots, list and neighbours' slots of the vertices a little further along the degree order, and
/// the slots of the neighbours a little further along a long list.
struct KarpSipser<'g> {
    adjacency: &'g [u32],
    /// One per vertex, and one more whose `start` ends the last list.
    slots: Vec<Slot>,
    /// The matching so far (`NO_VERTEX` = free).
    mate: Vec<u32>,
    degree_one: Vec<u32>,
}

impl<'g> KarpSipser<'g> {
    fn new(graph: &'g Graph) -> Self {
        // Read at random: see crate::memory.
        let n = graph.vertex_count();
        let starts = graph.list_starts();
        let mut slots: Vec<Slot> = vec_with_huge_pages(n + 1);
        slots.par_extend(
            (0..=n).into_par_iter().map(|v| Slot { free_degree: graph_degree(starts, v), start: starts[v] }),
        );
        let mut mate = Vec::with_capacity(n);
        mate.par_extend((0..n).into_par_iter().map(|_| NO_VERTEX));
        let degree_one =
            (0..n as u32).into_par_iter().filter(|&v| slots[v as usize].free_degree == 1).collect();
        Self { adjacency: graph.adjacency(), slots, mate, degree_one }
    }

    fn run(mut self, order: &[u32]) -> Vec<u32> {
        let mut cursor = 0;
        loop {
            let v = match self.degree_one.pop() {
                Some(v) => v,
                None => loop {
                    let Some(&v) = order.get(cursor) else {
                        return self.mate;
                    };
                    self.prefetch_ahead(order, cursor);
                    if self.is_matchable(v) {
                        break v;
                    }
                    cursor += 1;
                },
            };
            if !self.is_matchable(v) {
                continue;
            }
            let u = self.take_free_neighbour_of_lowest_degree(v);
            self.pair(v, u);
            self.lose_free_neighbour(u);
        }
    }

    /// Starts loading what the vertices a little further along `order` will need: the slot of the
    /// one [`SLOT_AHEAD`] places on, the list of the one [`LIST_AHEAD`] places on (its slot has
    /// arrived by then), the neighbours' slots of the one [`NEIGHBOURS_AHEAD`] places on.
    #[inline]
    fn prefetch_ahead(&self, order: &[u32], cursor: usize) {
        if let Some(&x) = order.get(cursor + SLOT_AHEAD) {
            prefetch(self.slots.as_ptr().wrapping_add(x as usize));
        }
        if let Some(&x) = order.get(cursor + LIST_AHEAD) {
            prefetch(self.adjacency.as_ptr().wrapping_add(self.slots[x as usize].start as usize));
        }
        if let Some(&x) = order.get(cursor + NEIGHBOURS_AHEAD) {
            if self.is_matchable(x) {
                for &w in self.list(x) {
                    prefetch(self.slots.as_ptr().wrapping_add(w as usize));
                }
            }
        }
    }

    /// Starts loading the slot of the neighbour [`IN_LIST_AHEAD`] places after the `k`-th of
    /// `list`, if there is one: on lists longer than the processor looks ahead (an R-MAT hub's
    /// has tens of thousands of entries) the loop over them would otherwise wait for one slot
    /// after another.
    #[inline]
    fn prefetch_slot_ahead(&self, list: &[u32], k: usize) {
        if let Some(&ahead) = list.get(k + IN_LIST_AHEAD) {
            prefetch(self.slots.as_ptr().wrapping_add(ahead as usize));
        }
    }

    #[inline]
    fn list(&self, v: u32) -> &'g [u32] {
        let (start, end) = (self.slots[v as usize].start, self.slots[v as usize + 1].start);
        &self.adjacency[start as usize..end as usize]
    }

    /// Free with at least one free neighbour.
    #[inline]
    fn is_matchable(&self, v: u32) -> bool {
        let free_degree = self.slots[v as usize].free_degree;
        free_degree > 0 && free_degree < FIRST_MATCHED
    }

    /// Matches the free vertex `v`, which has a free neighbour, in one pass over its neighbours:
    /// each free neighbour loses `v` as a free neighbour, and the one that had the fewest free
    /// neighbours is returned (the caller records the pair). Reading and updating each
    /// neighbour's slot in the same pass saves a second round of cache misses, and the loop has
    /// no branch on whether a neighbour is free (see [`MATCHED`]).
    fn take_free_neighbour_of_lowest_degree(&mut self, v: u32) -> u32 {
        let mut best = NO_VERTEX;
        let mut best_degree = FIRST_MATCHED;
        let list = self.list(v);
        for (k, &w) in list.iter().enumerate() {
            self.prefetch_slot_ahead(list, k);
            let slot = &mut self.slots[w as usize];
            // The mate is one of these neighbours: start loading its list now.
            prefetch(self.adjacency.as_ptr().wrapping_add(slot.start as usize));
            // A matched neighbour's count is at least FIRST_MATCHED: never below best_degree.
            let better = slot.free_degree < best_degree;
            best = if better { w } else { best };
            best_degree = if better { slot.free_degree } else { best_degree };
            slot.free_degree -= 1;
            if slot.free_degree == 1 {
                self.degree_one.push(w);
            }
        }
        best
    }

    /// The just-matched vertex `v` is no longer free: its free neighbours lose one free neighbour
    /// (its matched ones too, harmlessly: see [`MATCHED`]).
    fn lose_free_neighbour(&mut self, v: u32) {
        let list = self.list(v);
        for (k, &w) in list.iter().enumerate() {
            self.prefetch_slot_ahead(list, k);
            let slot = &mut self.slots[w as usize];
            slot.free_degree -= 1;
            if slot.free_degree == 1 {
                prefetch(self.adjacency.as_ptr().wrapping_add(slot.start as usize));
                self.degree_one.push(w);
            }
        }
    }

    /// Records the pair `v`–`u` (both free before).
    #[inline]
    fn pair(&mut self, v: u32, u: u32) {
        for (x, mate) in [(v, u), (u, v)] {
            self.slots[x as usize].free_degree = MATCHED;
            self.mate[x as usize] = mate;
        }
    }
}

/// The degree of `v` from the list starts, zero for the closing slot `v = V`.
fn graph_degree(starts: &[u32], v: usize) -> u32 {
    starts.get(v + 1).map_or(0, |&end| end - starts[v])
}

/// The vertices of positive degree, by increasing degree (counting sort).
fn vertices_by_degree(graph: &Graph) -> Vec<u32> {
    let n = graph.vertex_count();
    let max_degree = graph.vertices().map(|v| graph.degree(v)).max().unwrap_or(0);
    let mut start = vec![0usize; max_degree + 2];
    for v in graph.vertices() {
        start[graph.degree(v) + 1] += 1;
    }
    for d in 1..start.len() {
        start[d] += start[d - 1];
    }
    let mut order = vec![0u32; n];
    for v in graph.vertices() {
        let d = graph.degree(v);
        order[start[d]] = v;
        start[d] += 1;
    }
    let isolated = order.iter().take_while(|&&v| graph.degree(v) == 0).count();
    order.drain(..isolated);
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;

    fn is_maximal(graph: &Graph, mate: &[u32]) -> bool {
        graph.edges().all(|(u, v)| mate[u as usize] != NO_VERTEX || mate[v as usize] != NO_VERTEX)
            && (0..mate.len()).all(|v| mate[v] == NO_VERTEX || mate[mate[v] as usize] == v as u32)
    }

    #[test]
    fn path_is_matched_perfectly_from_its_ends() {
        // 0-1-2-3: first fit in the wrong order could take 1-2; min degree takes the leaves first.
        let g = Graph::from_edges(4, &[(1, 2), (0, 1), (2, 3)]).unwrap();
        let mate = KarpSipser::new(&g).run(&vertices_by_degree(&g));
        assert_eq!(mate, vec![1, 0, 3, 2]);
    }

    /// Karp–Sipser as first written: a test on every neighbour's mate, two passes over `v`'s list.
    fn reference_karp_sipser(graph: &Graph) -> Vec<u32> {
        let n = graph.vertex_count();
        let mut mate = vec![NO_VERTEX; n];
        let mut free_degree: Vec<u32> = graph.vertices().map(|v| graph.degree(v) as u32).collect();
        let mut degree_one: Vec<u32> = (0..n as u32).filter(|&v| free_degree[v as usize] == 1).collect();
        let order = vertices_by_degree(graph);
        let matchable = |mate: &[u32], free_degree: &[u32], v: u32| {
            mate[v as usize] == NO_VERTEX && free_degree[v as usize] > 0
        };
        let mut cursor = 0;
        loop {
            let v = match degree_one.pop() {
                Some(v) => v,
                None => match order[cursor..].iter().position(|&v| matchable(&mate, &free_degree, v)) {
                    Some(skip) => {
                        cursor += skip;
                        order[cursor]
                    }
                    None => break,
                },
            };
            if !matchable(&mate, &free_degree, v) {
                continue;
            }
            let free = |w: &&u32| mate[**w as usize] == NO_VERTEX;
            let u =
                *graph.neighbours(v).iter().filter(free).min_by_key(|&&w| free_degree[w as usize]).unwrap();
            mate[v as usize] = u;
            mate[u as usize] = v;
            for x in [v, u] {
                for &w in graph.neighbours(x) {
                    if mate[w as usize] == NO_VERTEX {
                        free_degree[w as usize] -= 1;
                        if free_degree[w as usize] == 1 {
                            degree_one.push(w);
                        }
                    }
                }
            }
        }
        mate
    }

    #[test]
    fn branch_free_pass_makes_the_same_choices_as_the_reference() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..40 {
            let n = 2 + next(300) as u32;
            let m = next(4 * n as u64) as usize;
            let edges: Vec<(u32, u32)> = (0..m)
                .map(|_| (next(n as u64) as u32, next(n as u64) as u32))
                .filter(|(u, v)| u != v)
                .collect();
            let g = Graph::from_edges(n as usize, &edges).unwrap();
            let mate = KarpSipser::new(&g).run(&vertices_by_degree(&g));
            assert!(is_maximal(&g, &mate));
            assert_eq!(mate, reference_karp_sipser(&g));
        }
    }

    #[test]
    fn index_order_pass_makes_the_same_choices_as_the_slot_pass() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        for round in 0..60 {
            let n = 2 + next(300) as u32;
            let m = next(if round % 2 == 0 { 4 * n as u64 } else { (n / 2) as u64 + 1 }) as usize;
            let edges: Vec<(u32, u32)> = (0..m)
                .map(|_| (next(n as u64) as u32, next(n as u64) as u32))
                .filter(|(u, v)| u != v)
                .collect();
            let g = Graph::from_edges(n as usize, &edges).unwrap();
            let index_order: Vec<u32> = (0..n).filter(|&v| g.degree(v) > 0).collect();
            let (mate, _) = karp_sipser_in_index_order(&g);
            assert!(is_maximal(&g, &mate));
            assert_eq!(mate, KarpSipser::new(&g).run(&index_order));
        }
    }

    #[test]
    fn both_passes_are_maximal() {
        let edges: Vec<(u32, u32)> = (0..30u32)
            .flat_map(|u| (u + 1..30).filter(move |v| (u * 7 + v * 3) % 5 == 0).map(move |v| (u, v)))
            .collect();
        let g = Graph::from_edges(30, &edges).unwrap();
        assert!(is_maximal(&g, &KarpSipser::new(&g).run(&vertices_by_degree(&g))));
        assert!(is_maximal(&g, &first_fit(&g)));
    }
}
