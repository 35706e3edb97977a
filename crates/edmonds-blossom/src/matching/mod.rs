//! Maximum-cardinality matching: a greedy start, then one blossom search per remaining free vertex
//! while the augmenting paths are short, then one alternating forest grown from all the free
//! vertices left; with the Gallai–Edmonds [`decomposition`], the Tutte–Berge [`certificate`] and
//! what the `matching` answers print ([`report`]).
//!
//! The pipeline of [`maximum_matching_timed`]: first, a large graph with geometry whose ids are
//! scattered is renumbered in breadth-first order (`locality.rs`: sampled breadth-first balls
//! decide; the engine matches the renumbered copy and maps the mates back, so callers only ever
//! see their own ids); then a Karp–Sipser greedy start (`greedy.rs`, one branch-free pass per
//! matched vertex, its slots in huge pages and its next loads prefetched, since it is bound by
//! dependent cache misses on large graphs), then single-root alternating searches (`forest.rs`),
//! handing over to one shared forest grown from every free vertex once the successful searches
//! have labelled `2V` vertices or one search labels more than `V/16` (that search is abandoned).
//! A graph whose ids already follow its geometry (the sample says Local, e.g. a row-major grid;
//! up to 2^22 vertices) instead starts with Karp–Sipser in index order (two plain arrays, no
//! prefetching) and a pass of depth-first searches, which head for the few free vertices that
//! sweep leaves at its end; the forest takes the greedy mate array over, and on that path its
//! workspace is written on the other core during the greedy pass. [`MatchingTimings`] has the
//! time of each phase (`matching --timings` prints them). The benchmark graphs (R-MAT, random
//! geometric, Delaunay-like planar, holed grids, at 10^6 and 10^7 vertices) are the `gen:` cases
//! of `testdata/edmonds-blossom/cases.manifest`.

pub mod certificate;
pub mod decomposition;
pub(crate) mod forest;
mod greedy;
pub(crate) mod locality;
pub mod report;
#[cfg(test)]
mod stage_tests;

use std::time::{Duration, Instant};

use grid_core::stop::{self, StopFlag, Stopped, unstoppable};
use rayon::prelude::*;

use crate::graph::Graph;
use crate::graph::{NO_VERTEX, Vertex};
use forest::{AlternatingForest, Growth, Label, ScanOrder, SearchEnd, Workspace};
use greedy::GreedyOrder;
use locality::{Layout, Renumbered};

/// A matching of a graph on `0..n`, stored as a mate array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matching {
    /// `mate[v]` is `v`'s partner, or `NO_VERTEX`; always symmetric.
    mate: Vec<u32>,
    size: usize,
}

/// Why a list of pairs is not a matching of a graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchingError {
    /// A pair is not an edge of the graph.
    #[error("({0}, {1}) is not an edge of the graph")]
    NotAnEdge(Vertex, Vertex),
    /// A vertex is used by two pairs.
    #[error("vertex {0} is matched twice")]
    VertexUsedTwice(Vertex),
}

impl Matching {
    /// The matching given by `pairs`, checked against `graph`: every pair must be an edge and no vertex
    /// may appear twice.
    pub fn from_pairs(graph: &Graph, pairs: &[(Vertex, Vertex)]) -> Result<Self, MatchingError> {
        let mut mate = vec![NO_VERTEX; graph.vertex_count()];
        for &(u, v) in pairs {
            let in_range = (u as usize) < mate.len() && (v as usize) < mate.len();
            if !in_range || u == v || !graph.has_edge(u, v) {
                return Err(MatchingError::NotAnEdge(u, v));
            }
            if let Some(&w) = [u, v].iter().find(|&&w| mate[w as usize] != NO_VERTEX) {
                return Err(MatchingError::VertexUsedTwice(w));
            }
            mate[u as usize] = v;
            mate[v as usize] = u;
        }
        Ok(Self::from_mates(mate))
    }

    /// Wraps a symmetric mate array.
    pub(crate) fn from_mates(mate: Vec<u32>) -> Self {
        let size = mate.iter().filter(|&&m| m != NO_VERTEX).count() / 2;
        Self { mate, size }
    }

    /// The mate array (`NO_VERTEX` = free).
    pub(crate) fn mates(&self) -> &[u32] {
        &self.mate
    }

    /// The partner of `v`, if `v` is matched.
    pub fn mate(&self, v: Vertex) -> Option<Vertex> {
        self.mate.get(v as usize).copied().filter(|&m| m != NO_VERTEX)
    }

    /// Number of matched edges.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of vertices of the underlying graph.
    pub fn vertex_count(&self) -> usize {
        self.mate.len()
    }

    /// The matched edges as `(u, v)` with `u < v`, ordered by `u`.
    pub fn edges(&self) -> Vec<(Vertex, Vertex)> {
        self.vertices().filter_map(|u| self.mate(u).filter(|&v| u < v).map(|v| (u, v))).collect()
    }

    /// The vertices `0..n` of the underlying graph, ascending.
    pub fn vertices(&self) -> std::ops::Range<Vertex> {
        0..self.mate.len() as Vertex
    }
}

/// A maximum-cardinality matching of `graph`.
///
/// A greedy pass (the `greedy` module) matches most vertices. Then two stages of alternating-tree
/// searches (the `forest` module) repair the rest:
///
/// 1. *One search per free vertex* (`augment_from_each_root`): every vertex the greedy pass left
///    free roots one breadth-first search of its own. A search that reaches another free vertex
///    flips the path; a search that fails *retires* its whole tree for good. After a good greedy
///    start most augmenting paths are short, and failed searches cost `O(E)` in all (see below).
/// 2. *One shared forest* (`augment_in_one_forest`) once the successful searches have labelled
///    `SINGLE_SEARCH_BUDGET × V` vertices: the paths left are long, and on grid-like graphs a
///    single-source search for a path of length `L` explores about `L²` vertices, again for every
///    path. Growing the trees of all free vertices at once finds a path where two trees meet, so
///    each only reaches halfway, and afterwards only those two trees are dissolved and regrown;
///    the rest of the forest is kept. Stage 2 also takes over as soon as one single-root search
///    labels more than `V / SEARCH_LIMIT_DIVISOR` vertices (that search is abandoned, its root left
///    free for stage 2): on random sparse graphs the last few free vertices are far apart, and one
///    search from one of them labelled 8·10^6 of 10^7 vertices before it met another, where the
///    trees of the shared forest meet after a small fraction of that.
///
/// Why retiring is sound. When the search from the free root `r` fails, its tree `T` (with blossoms
/// contracted) has this shape: every edge leaving an outer vertex ends at an inner vertex or inside
/// the same outer blossom (any other outer–outer edge would have been contracted, and an outer–
/// unlabelled edge would have grown the tree). So deleting the `k` inner vertices `I` of `T` leaves its
/// `k + 1` outer blossoms as odd components of `G − I`, each of them matched internally except for one
/// vertex (the root, or the base matched to an inner vertex). Any matching of `G` then has at most
/// `|I| + Σ (|B| − 1) / 2 = (|T| − 1) / 2` edges touching `T` — exactly what the current matching has
/// inside `T`. Hence a maximum matching of `G − T` plus the current edges inside `T` is a maximum
/// matching of `G`, and the remaining searches may run on `G − T`: retired vertices are skipped as if
/// deleted, and no later augmenting path ever needs them. This is what makes repeated failures cheap:
/// each vertex is explored by at most one failed search.
///
/// A single pass over the free vertices suffices for stage 1: a vertex whose search succeeded stays
/// matched (augmenting never frees a vertex) and one whose search failed is retired. The vertices
/// not reached when the budget runs out (or the search abandoned) are roots of stage 2, which ends only when no augmenting
/// path is left.
///
/// Graphs whose ids already follow their geometry (`Layout::Local`, as a grid numbered row by
/// row) start differently. The greedy pass takes the vertices in index order
/// (`greedy::karp_sipser_in_index_order`): it sweeps the graph and pushes its few defects ahead
/// of it, so the vertices it leaves free are few and lie mostly at the end of the sweep (on
/// `grid-1000`: 26 free vertices instead of 11,130 with the minimum-degree order, half of them in
/// the last row). Every root of stage 1 then has only matched vertices of smaller id behind it,
/// and a first pass of *depth-first* searches (`augment_depth_first`), which follow the neighbour
/// of highest id first, heads straight for them: the 13 paths of `grid-1000`, up to 900 rows
/// long, cost 66k labels in all, where the breadth-first search of the first one labelled a
/// ball of 45k and the second was abandoned. Scanning order does not matter for correctness,
/// and a failed depth-first search retires its tree as soundly. The depth-first pass abandons
/// searches past the same per-search limit and stops at the same budget, leaving the rest to the
/// breadth-first pass and stage 2. On graphs renumbered in breadth-first order the same start
/// does not pay (planar-1m: its 13 paths took 0.1–0.2 s), so they keep the minimum-degree one,
/// and neither on graphs above `MAX_LOCAL_START_VERTICES`, whose paths grow too long.
pub fn maximum_matching(graph: &Graph) -> Matching {
    maximum_matching_timed(graph).0
}

/// What each stage of [`maximum_matching`] cost, for `matching --timings`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchingTimings {
    /// Deciding whether to renumber the graph for locality, and renumbering it if so (the
    /// `locality` module); mapping the matching back is counted in `shared_forest`.
    pub locality: Duration,
    /// Whether the graph was renumbered.
    pub renumbered: bool,
    /// The greedy (Karp–Sipser or first-fit) pass.
    pub greedy: Duration,
    /// Size of the greedy matching.
    pub greedy_size: usize,
    /// Stage 1, the single-root searches.
    pub single_root: Duration,
    /// Stage 2, the shared forest (zero when stage 1 went through every free vertex).
    pub shared_forest: Duration,
}

/// [`maximum_matching`], with the time each stage took.
pub fn maximum_matching_timed(graph: &Graph) -> (Matching, MatchingTimings) {
    unstoppable(maximum_matching_timed_until_stopped(graph, None))
}

/// [`maximum_matching`], stopped once `stop` is set: it is checked every
/// [`STOP_CHECK_ROOTS`] roots of stage 1 and before each augmentation of stage 2.
pub fn maximum_matching_until_stopped(graph: &Graph, stop: StopFlag<'_>) -> Result<Matching, Stopped> {
    Ok(maximum_matching_timed_until_stopped(graph, stop)?.0)
}

/// How many roots of stage 1 pass between two checks of the stop flag.
pub const STOP_CHECK_ROOTS: usize = 256;

/// Whether `stop` is set, looked at on every [`STOP_CHECK_ROOTS`]-th root.
fn stopped_at(root: usize, stop: StopFlag<'_>) -> Result<(), Stopped> {
    if root % STOP_CHECK_ROOTS == 0 { stop::check(stop) } else { Ok(()) }
}

fn maximum_matching_timed_until_stopped(
    graph: &Graph,
    stop: StopFlag<'_>,
) -> Result<(Matching, MatchingTimings), Stopped> {
    let start = Instant::now();
    let layout = locality::layout(graph);
    let renumbered = locality::should_renumber(graph.vertex_count(), layout).then(|| Renumbered::new(graph));
    let locality = start.elapsed();
    let (mates, timings) = match &renumbered {
        Some(local) => {
            // Breadth-first ids follow the geometry, but not the way a grid's rows do: the
            // index-order start leaves long paths there (planar-1m: 13, costing 0.1–0.2 s).
            let (mates, timings) = match_graph(&local.graph, GreedyOrder::ByDegree, stop)?;
            let start = Instant::now();
            let mates = local.original_mates(&mates);
            (mates, MatchingTimings { shared_forest: timings.shared_forest + start.elapsed(), ..timings })
        }
        None => {
            let order = if layout == Layout::Local && graph.vertex_count() <= MAX_LOCAL_START_VERTICES {
                GreedyOrder::ByIndex
            } else {
                GreedyOrder::ByDegree
            };
            match_graph(graph, order, stop)?
        }
    };
    let timings = MatchingTimings { locality, renumbered: renumbered.is_some(), ..timings };
    Ok((Matching::from_mates(mates), timings))
}

/// The three stages on `graph` as numbered: the mate array of a maximum matching, and the stage
/// timings. With [`GreedyOrder::ByIndex`] (the ids already follow the graph's geometry,
/// [`Layout::Local`]) stage 1 first tries depth-first searches (see [`maximum_matching`]).
fn match_graph(
    graph: &Graph,
    order: GreedyOrder,
    stop: StopFlag<'_>,
) -> Result<(Vec<u32>, MatchingTimings), Stopped> {
    let start = Instant::now();
    let n = graph.vertex_count();
    let local = order == GreedyOrder::ByIndex;
    let (mates, spare, workspace) = if local {
        // The depth-first searches reach most of the graph: their workspace is written on the
        // other core meanwhile (see `Workspace::prefaulted`).
        let ((mates, _), workspace) =
            rayon::join(|| greedy::greedy_matching(graph, order), || Workspace::prefaulted(n));
        (mates, Vec::new(), Some(workspace))
    } else {
        let (mates, spare) = greedy::greedy_matching(graph, order);
        (mates, spare, None)
    };
    let greedy_size = mates.par_iter().filter(|&&m| m != NO_VERTEX).count() / 2;
    let greedy = start.elapsed();
    stop::check(stop)?;
    let start = Instant::now();
    let mut forest = match workspace {
        Some(workspace) => AlternatingForest::with_workspace(mates, workspace),
        None => AlternatingForest::from_mates(mates, spare),
    };
    let mut done = false;
    if local {
        forest.set_scan_order(ScanOrder::DepthFirst);
        done = augment_depth_first(graph, &mut forest, SINGLE_SEARCH_BUDGET * n, search_limit(n), stop)?;
        forest.set_scan_order(ScanOrder::BreadthFirst);
    }
    if !done {
        augment_from_each_root(graph, &mut forest, SINGLE_SEARCH_BUDGET * n, search_limit(n), stop)?;
    }
    let single_root = start.elapsed();
    let start = Instant::now();
    if !done {
        forest = augment_in_one_forest(graph, forest, stop)?;
    }
    let shared_forest = start.elapsed();
    let timings =
        MatchingTimings { greedy, greedy_size, single_root, shared_forest, ..MatchingTimings::default() };
    Ok((forest.into_mates(), timings))
}

/// The largest graph that gets the index-order start and the depth-first pass when its layout is
/// `Layout::Local`. The vertices that start leaves free lie at the end of its sweep, so its
/// augmenting paths are about as long as the graph is high, and there are more of them on
/// larger grids: on `grid-1000` (10^6 vertices) 13 paths cost 66k labels in all (0.01 s), but on
/// `grid-3163` (10^7) 61 paths cost the depth-first pass 1.3 s (20 of its searches abandoned
/// past 600k labels) and stage 2 another second, where the minimum-degree start needs 1.1 s
/// for everything.
const MAX_LOCAL_START_VERTICES: usize = 1 << 22;

/// How many vertices, in units of `V`, the successful single-root searches may label in all before
/// the shared forest takes over. Failed searches are not counted: retiring pays for them. With 2,
/// graphs whose paths stay short (random sparse graphs, grids with diagonal and knight moves)
/// never reach the shared forest, while on bipartite grids, whose last paths are long, the switch
/// comes after the short paths are done.
const SINGLE_SEARCH_BUDGET: usize = 2;

/// One single-root search may label `V / SEARCH_LIMIT_DIVISOR` vertices (at least
/// [`MIN_SEARCH_LIMIT`]); past that it is abandoned and the shared forest takes over.
const SEARCH_LIMIT_DIVISOR: usize = 16;

/// The smallest per-search limit of stage 1.
const MIN_SEARCH_LIMIT: usize = 1 << 16;

/// How many vertices one single-root search on `n` vertices may label.
fn search_limit(n: usize) -> usize {
    (n / SEARCH_LIMIT_DIVISOR).max(MIN_SEARCH_LIMIT)
}

/// Stage 1: one search per free vertex, in index order, until the successful ones have labelled
/// more than `budget` vertices in all (`usize::MAX`: never stop), or until one search labels more
/// than `search_limit` vertices: that search is abandoned (its root stays free and unretired) and
/// stage 2 takes over.
fn augment_from_each_root(
    graph: &Graph,
    forest: &mut AlternatingForest,
    budget: usize,
    search_limit: usize,
    stop: StopFlag<'_>,
) -> Result<(), Stopped> {
    forest.limit_labels(search_limit);
    let mut successful_work = 0usize;
    for root in 0..graph.vertex_count() {
        if successful_work > budget {
            break;
        }
        stopped_at(root, stop)?;
        // A root the depth-first pass retired stays retired.
        if forest.mate(root) != NO_VERTEX
            || graph.degree(root as Vertex) == 0
            || forest.label(root) == Label::Retired
        {
            continue;
        }
        forest.plant(root as u32);
        let growth = forest.grow(graph);
        match growth {
            Growth::Exhausted => forest.finish(SearchEnd::Retire),
            Growth::Abandoned => {
                forest.finish(SearchEnd::Reset);
                break;
            }
            growth => {
                successful_work += forest.labelled_count();
                forest.augment(growth);
                forest.finish(SearchEnd::Reset);
            }
        }
    }
    forest.limit_labels(usize::MAX);
    Ok(())
}

/// Stage 1 on graphs whose ids follow their geometry, before [`augment_from_each_root`]: one
/// depth-first search per free vertex, in index order. A search that labels more than
/// `search_limit` vertices is abandoned and its root left free for the breadth-first pass, and
/// the pass stops once all its searches together have labelled more than `budget` vertices, so
/// that it costs at most about `budget` when it does not pay.
///
/// Returns whether the matching is maximum already: every search ran to its end, so every free
/// vertex is retired (see [`maximum_matching`]) and the other stages would find nothing.
fn augment_depth_first(
    graph: &Graph,
    forest: &mut AlternatingForest,
    budget: usize,
    search_limit: usize,
    stop: StopFlag<'_>,
) -> Result<bool, Stopped> {
    forest.limit_labels(search_limit);
    let mut work = 0usize;
    let mut complete = true;
    for root in 0..graph.vertex_count() {
        if work > budget {
            complete = false;
            break;
        }
        stopped_at(root, stop)?;
        if forest.mate(root) != NO_VERTEX
            || graph.degree(root as Vertex) == 0
            || forest.label(root) == Label::Retired
        {
            continue;
        }
        forest.plant(root as u32);
        let growth = forest.grow(graph);
        work += forest.labelled_count();
        match growth {
            Growth::Exhausted => forest.finish(SearchEnd::Retire),
            Growth::Abandoned => {
                complete = false;
                forest.finish(SearchEnd::Reset);
            }
            growth => {
                forest.augment(growth);
                forest.finish(SearchEnd::Reset);
            }
        }
    }
    forest.limit_labels(usize::MAX);
    Ok(complete)
}

/// Stage 2: one alternating forest grown from every free vertex that is not retired, until no
/// augmenting path is left.
///
/// When two trees meet, the path through them is flipped and both trees are dissolved: their
/// vertices, now matched among themselves, become unlabelled and are grafted back onto the trees
/// next to them ([`AlternatingForest::dissolve_augmented_trees`] explains why the other trees stay
/// valid and why grafting is needed). The search ends when the queue is empty, with every edge at an
/// outer vertex leading to an inner vertex, inside its blossom or to a retired vertex: by the
/// argument above (applied to all trees together) the matching is then maximum. Gives the forest
/// back for one-shot searches, with the maximum matching and nothing labelled but the retired
/// vertices.
fn augment_in_one_forest(
    graph: &Graph,
    forest: AlternatingForest,
    stop: StopFlag<'_>,
) -> Result<AlternatingForest, Stopped> {
    let is_root = |v: Vertex| {
        forest.mate(v as usize) == NO_VERTEX
            && graph.degree(v) > 0
            && forest.label(v as usize) == Label::Unlabelled
    };
    let roots: Vec<u32> = graph.vertices().filter(|&v| is_root(v)).collect();
    if roots.is_empty() {
        // Stage 1 went through every free vertex: nothing is left to do.
        return Ok(forest);
    }
    let mut forest = forest.share_trees();
    for root in roots {
        forest.plant(root);
    }
    loop {
        stop::check(stop)?;
        match forest.grow(graph) {
            Growth::Exhausted => break,
            growth => {
                // Every free vertex is a root here, so the search never finds a free unlabelled one.
                debug_assert!(matches!(growth, Growth::JoinedTwoTrees { .. }));
                forest.augment(growth);
                forest.dissolve_augmented_trees(graph);
            }
        }
    }
    Ok(forest.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matching_of(n: usize, edges: &[(u32, u32)]) -> Matching {
        let g = Graph::from_edges(n, edges).unwrap();
        let m = maximum_matching(&g);
        assert!(Matching::from_pairs(&g, &m.edges()).is_ok());
        m
    }

    #[test]
    fn odd_cycle_with_tail_needs_a_blossom() {
        // Triangle 0-1-2 with tails 2-3 and 0-4 ... plus a pendant path; perfect matching of size 3.
        let m = matching_of(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)]);
        assert_eq!(m.size(), 3);
    }

    #[test]
    fn petersen_graph_has_a_perfect_matching() {
        let outer = (0..5u32).map(|i| (i, (i + 1) % 5));
        let spokes = (0..5u32).map(|i| (i, i + 5));
        let inner = (0..5u32).map(|i| (i + 5, (i + 2) % 5 + 5));
        let edges: Vec<_> = outer.chain(spokes).chain(inner).collect();
        assert_eq!(matching_of(10, &edges).size(), 5);
    }

    #[test]
    fn blossom_through_which_the_path_must_pass() {
        // A classic case for BFS without contraction: 0-1, 1-2, 2-3, 3-4, 4-1 (5-cycle-ish), 3-5.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 1), (4, 5), (5, 6), (2, 7)];
        assert_eq!(matching_of(8, &edges).size(), 4);
    }

    #[test]
    fn from_pairs_rejects_bad_pairs() {
        let g = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
        assert_eq!(Matching::from_pairs(&g, &[(0, 2)]), Err(MatchingError::NotAnEdge(0, 2)));
        assert_eq!(Matching::from_pairs(&g, &[(0, 1), (2, 1)]), Err(MatchingError::VertexUsedTwice(1)));
        let m = Matching::from_pairs(&g, &[(2, 1)]).unwrap();
        assert_eq!((m.size(), m.mate(1), m.mate(0), m.edges()), (1, Some(2), None, vec![(1, 2)]));
    }
}
