//! The alternating forest with blossom contraction: the one search both the matching engine and the
//! Gallai–Edmonds decomposition run. This is Gabow's labelling scheme for Edmonds' algorithm
//! ("An efficient implementation of Edmonds' algorithm for maximum matching on graphs", 1976, as
//! presented in Tarjan's *Data Structures and Network Algorithms*, ch. 9), with a union–find on
//! blossom bases.
//!
//! # Labels and the path `P(v)`
//!
//! A tree grows from a free *root*. Scanning an outer vertex `x`, an unlabelled matched neighbour
//! `y` becomes inner and its mate `v` becomes outer (a matched pair is always labelled together, so
//! an unlabelled vertex has an unlabelled mate). Every outer vertex `v` stores an `origin` that
//! defines an even alternating path `P(v)` from `v` to its root, starting with `v`'s matched edge:
//!
//! - root: `P(v) = v`;
//! - *vertex origin* `x` (v became outer as the mate of the inner `y`, itself reached from the outer
//!   `x`): `P(v) = v, y, P(x)`;
//! - *edge origin* `(x, y)` (v was inner and became outer when the edge `x–y` between two outer
//!   vertices closed a blossom, `x` on `v`'s side): `P(v)` = the part of `P(x)` from `x` to `v`,
//!   reversed (it starts `v, mate(v), …`), followed by `P(y)`.
//!
//! Origins are set once, when a vertex becomes outer, and never changed during a search.
//!
//! # Blossoms
//!
//! An edge between two outer vertices whose outermost blossoms differ, in the same tree, closes a
//! blossom. A union–find (kept in `state`, see below) maps each outer vertex to the base of its outermost blossom (the
//! blossom's vertex whose mate, if any, lies outside it). Invariant relied on by both walks below: a
//! union–find root is a root of the forest or a vertex with a *vertex* origin, and its mate is the
//! inner vertex above its blossom. So the path to the root can be walked blossom by blossom,
//! `b → find(origin(b))`, never entering a blossom: contracting costs `O(1)` per blossom or inner
//! vertex absorbed, and finding the top of the new blossom (the nearest common base) alternates
//! between both sides, so it costs at most twice the absorbed part plus one. Each inner vertex on the
//! cycle gets the edge origin of its side, turns outer and is queued (inside a blossom every vertex is
//! reached by an even alternating path).
//!
//! # Augmenting
//!
//! When an outer `x` meets a free unlabelled `y`, the augmenting path is `y` followed by `P(x)`; when
//! outer vertices of two different trees meet (only when several roots grow at once), it is `P(x)`
//! reversed, the edge, then `P(y)`. Gabow's procedure `rematch(v, w)` flips `P(v)` and matches `v` to
//! `w` by following the origins, with an explicit stack instead of recursion; it touches each vertex
//! of the path once.
//!
//! # Two kinds of search
//!
//! The forest is generic over its [`SearchMode`], chosen when the search starts and fixed by type, so
//! that each kind pays only for its own bookkeeping and the loop of [`AlternatingForest::grow`] is
//! compiled once per kind, without a run-time test of the mode:
//!
//! - A [`OneShot`] search (every search of stage 1, and the decomposition's search from all free
//!   vertices) ends with its first augmenting path or when the queue runs empty. It lists every
//!   vertex it labels, so that ending it resets only those (or retires them).
//! - A [`Shared`] search ([`AlternatingForest::share_trees`]) goes on after an augmentation: the two
//!   trees of the path are dissolved and their vertices grafted back onto the neighbouring trees,
//!   while every other tree is kept as it is ([`AlternatingForest::dissolve_augmented_trees`] has
//!   the argument). For that each tree keeps its vertices in a linked list (`next_in_tree`) from its
//!   root, a vertex being linked in right after the outer vertex that reached it, and the roots a
//!   flip matched are recorded. Queued vertices that were dissolved meanwhile are skipped when they
//!   come up. A one-shot search does not keep the lists, which would cost two more cache misses per
//!   labelled pair, nor the test for dissolved vertices, which would cost one per scanned vertex.
//!
//! # Workspace discipline
//!
//! On large graphs a search is bound by cache misses, so the per-vertex data is laid out by access
//! pattern. The hot test on every scanned edge ("what is `y`, and which blossom is it in?") reads one
//! `u32` of `state`, which encodes the label *and* the union–find parent: an outer vertex's state is
//! its parent in the base forest (a vertex id), while unlabelled, inner and retired vertices hold
//! three reserved values above every vertex id (ids stay below [`crate::graph::MAX_VERTICES`]). The
//! mate array is the matching itself, taken over from the greedy pass and given back at the end
//! without a copy ([`AlternatingForest::from_mates`], [`AlternatingForest::into_mates`]); the
//! origins are written whenever a vertex turns outer, before they are read, so their array starts
//! as untouched zeroed memory and only the pages the searches reach are ever mapped (fresh pages
//! cost about as much per byte as a pass over the graph). The forest owns the matching while it
//! searches, and all its arrays, sized once. A search allocates nothing: the queue and the
//! one-shot search's `touched` list have capacity `V` from the start (a vertex turns outer at most
//! once per search, and is labelled at most once). A one-shot search pushes every labelled vertex
//! on `touched`, and only those vertices are reset when it ends, so it costs what it explores, not
//! `O(V)`. A shared search is the exception: it labels vertices again and again, so it lists
//! nothing (it ends by resetting every vertex, once) and it drops the scanned part of the queue
//! when that grows beyond `V` entries. The common-base walk marks vertices with a stamp that
//! increases per walk, so marks are never cleared.

use rayon::prelude::*;

use crate::graph::Graph;
use crate::graph::NO_VERTEX;

/// The label of a vertex in the current search, as decoded from its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Label {
    /// Not reached by the current search.
    Unlabelled,
    /// Even distance from a root (roots, mates of inner vertices, everything inside outer blossoms).
    Outer,
    /// Odd distance from a root.
    Inner,
    /// Removed for good after a failed one-shot search (see [`AlternatingForest::finish`]).
    Retired,
}

/// The order in which a search scans its queued outer vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScanOrder {
    /// The one queued first (a breadth-first search).
    BreadthFirst,
    /// The one queued last (a depth-first search).
    DepthFirst,
}

/// State of an unlabelled vertex.
const UNLABELLED: u32 = u32::MAX;
/// State of an inner vertex.
const INNER: u32 = u32::MAX - 1;
/// State of a retired vertex.
const RETIRED: u32 = u32::MAX - 2;
/// States below this are outer vertices' union–find parents.
const FIRST_RESERVED: u32 = RETIRED;

/// What the end of a search does to the vertices it touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SearchEnd {
    /// They go back to unlabelled: a later search may label them again.
    Reset,
    /// They are retired for good (the search was exhausted).
    Retire,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Growth {
    /// The outer vertex `outer` is adjacent to the free, unlabelled vertex `free`.
    FoundFreeVertex {
        /// The outer end of the last edge.
        outer: u32,
        /// The free end.
        free: u32,
    },
    /// The outer vertices `x` and `y` belong to different trees (only with several roots).
    JoinedTwoTrees {
        /// One outer end.
        x: u32,
        /// The other outer end.
        y: u32,
    },
    /// The queue ran empty: no augmenting path from the roots.
    Exhausted,
    /// A one-shot search labelled more vertices than its limit
    /// ([`AlternatingForest::limit_labels`]) and stopped with its queue not empty: nothing is
    /// known about its roots.
    Abandoned,
}

/// A forest's per-vertex arrays other than the mates, for [`AlternatingForest::with_workspace`].
pub(crate) struct Workspace {
    origin: Vec<[u32; 2]>,
    state: Vec<u32>,
    walk_mark: Vec<u32>,
}

impl Workspace {
    /// The arrays for `n` vertices, every page written now, on all threads (no vertex labelled).
    ///
    /// For searches that will reach most of the graph: left as untouched zeroed memory, the
    /// origins and walk marks are mapped page by page where the searches go, and on `grid-1000`
    /// the depth-first searches took one page fault per 4 KiB of them (about 3,000), a third of
    /// their time. Made while the greedy pass runs, on the other core, they cost nothing.
    pub(crate) fn prefaulted(n: usize) -> Self {
        let mut origin = Vec::with_capacity(n);
        origin.par_extend((0..n).into_par_iter().map(|_| [0u32; 2]));
        let mut state = Vec::with_capacity(n);
        state.par_extend((0..n).into_par_iter().map(|_| UNLABELLED));
        let mut walk_mark = Vec::with_capacity(n);
        walk_mark.par_extend((0..n).into_par_iter().map(|_| 0u32));
        Self { origin, state, walk_mark }
    }
}

/// What tells the two kinds of search apart (see the module documentation): the bookkeeping of the
/// vertices a search labels, and whether a queued vertex may have been released before its turn.
/// Implemented by [`OneShot`] and [`Shared`] only; the forest is monomorphised over it, so the
/// search loop carries no test of the mode.
pub(crate) trait SearchMode {
    /// Records the new root `root`.
    fn planted(&mut self, root: u32);

    /// Records the matched pair `y` (inner) and `y_mate` (outer), just reached from the outer `x`.
    fn attached(&mut self, x: u32, y: u32, y_mate: u32);

    /// Records that an augmentation matched the root `root`.
    fn root_matched(&mut self, root: u32);

    /// Whether the search has labelled more vertices than it may, and stops.
    fn over_limit(&self) -> bool;

    /// Which queued outer vertex is scanned next.
    fn scan_order(&self) -> ScanOrder;

    /// Whether the dequeued vertex `x` is to be skipped because it was released after it was
    /// queued (`state` is the forest's state array).
    fn released_while_queued(state: &[u32], x: u32) -> bool;
}

/// The bookkeeping of a one-shot search: it ends with its first augmenting path or when the queue
/// runs empty, and lists every vertex it labels so that ending it costs what it explored.
#[derive(Debug, Clone)]
pub(crate) struct OneShot {
    /// Every vertex labelled by the current search, once; capacity `V` from the start.
    touched: Vec<u32>,
    /// The search is abandoned once more vertices than this are labelled.
    label_limit: usize,
    /// Which queued outer vertex is scanned next ([`AlternatingForest::set_scan_order`]).
    scan_order: ScanOrder,
}

impl SearchMode for OneShot {
    #[inline]
    fn planted(&mut self, root: u32) {
        self.touched.push(root);
    }

    #[inline]
    fn attached(&mut self, _x: u32, y: u32, y_mate: u32) {
        self.touched.push(y);
        self.touched.push(y_mate);
    }

    #[inline]
    fn root_matched(&mut self, _root: u32) {}

    #[inline]
    fn over_limit(&self) -> bool {
        self.touched.len() > self.label_limit
    }

    #[inline]
    fn scan_order(&self) -> ScanOrder {
        self.scan_order
    }

    #[inline]
    fn released_while_queued(_state: &[u32], _x: u32) -> bool {
        // Nothing is released: not reading the state saves a cache miss per scanned vertex.
        false
    }
}

/// The bookkeeping of a shared search, which goes on after augmentations by dissolving the two
/// trees of each augmenting path ([`AlternatingForest::dissolve_augmented_trees`]).
#[derive(Debug, Clone)]
pub(crate) struct Shared {
    /// Each tree's vertices as a linked list from its root (`NO_VERTEX` ends it); meaningful for
    /// labelled vertices only. A vertex is linked in right after the outer vertex that reached it.
    next_in_tree: Vec<u32>,
    /// The roots of the trees whose paths the last augmentation flipped.
    augmented_roots: Vec<u32>,
    /// Scratch list of the vertices of dissolved trees.
    released: Vec<u32>,
}

impl SearchMode for Shared {
    #[inline]
    fn planted(&mut self, root: u32) {
        self.next_in_tree[root as usize] = NO_VERTEX;
    }

    #[inline]
    fn attached(&mut self, x: u32, y: u32, y_mate: u32) {
        self.next_in_tree[y_mate as usize] = self.next_in_tree[x as usize];
        self.next_in_tree[y as usize] = y_mate;
        self.next_in_tree[x as usize] = y;
    }

    #[inline]
    fn root_matched(&mut self, root: u32) {
        self.augmented_roots.push(root);
    }

    #[inline]
    fn over_limit(&self) -> bool {
        false
    }

    #[inline]
    fn scan_order(&self) -> ScanOrder {
        // Dissolving trees drops the scanned part of the queue, which needs the first-in
        // first-out order.
        ScanOrder::BreadthFirst
    }

    #[inline]
    fn released_while_queued(state: &[u32], x: u32) -> bool {
        // Queued, then released with its tree (and possibly labelled inner since).
        state[x as usize] >= FIRST_RESERVED
    }
}

/// The search workspace and the matching it improves, for searches of the mode `M` (one-shot
/// unless said otherwise); see the module documentation for the invariants. Between searches no
/// vertex is labelled (retired vertices stay retired), and the forest is a one-shot one.
#[derive(Debug, Clone)]
pub(crate) struct AlternatingForest<M = OneShot> {
    /// Each vertex's partner in the current matching, or `NO_VERTEX`.
    mate: Vec<u32>,
    /// For an outer vertex: `[NO_VERTEX, NO_VERTEX]` for a root, `[x, NO_VERTEX]` for a vertex
    /// origin, `[x, y]` for an edge origin. Meaningless for other vertices (zero at first): set
    /// whenever a vertex turns outer, before it is read.
    origin: Vec<[u32; 2]>,
    /// Label and union–find parent, encoded as the module documentation says.
    state: Vec<u32>,
    walk_mark: Vec<u32>,
    walk_stamp: u32,
    queue: Vec<u32>,
    queue_head: usize,
    /// Pending `rematch(v, w)` calls of an augmentation.
    rematch_stack: Vec<(u32, u32)>,
    /// The bookkeeping of the current search's mode.
    mode: M,
}

impl AlternatingForest<OneShot> {
    /// An empty forest over the vertices of the matching `mates` (`NO_VERTEX` = free).
    pub(crate) fn new(mates: &[u32]) -> Self {
        Self::from_mates(mates.to_vec(), Vec::new())
    }

    /// An empty forest over the matching `mate` (`NO_VERTEX` = free), which it takes over. The
    /// labels are kept in `spare`'s memory when it is large enough (its contents are
    /// overwritten): memory already touched is several times cheaper to fill than fresh pages.
    pub(crate) fn from_mates(mate: Vec<u32>, spare: Vec<u32>) -> Self {
        let n = mate.len();
        let mut state = spare;
        state.clear();
        state.resize(n, UNLABELLED);
        // Zeroed memory comes untouched from the system: see the module documentation.
        let workspace = Workspace { origin: vec![[0; 2]; n], state, walk_mark: vec![0; n] };
        Self::with_workspace(mate, workspace)
    }

    /// An empty forest over the matching `mate` (`NO_VERTEX` = free), which it takes over, with
    /// the arrays of `workspace` (made for as many vertices).
    pub(crate) fn with_workspace(mate: Vec<u32>, workspace: Workspace) -> Self {
        let n = mate.len();
        let Workspace { origin, state, walk_mark } = workspace;
        assert!(origin.len() == n && state.len() == n && walk_mark.len() == n, "workspace of another size");
        Self {
            mate,
            origin,
            state,
            walk_mark,
            walk_stamp: 0,
            queue: Vec::with_capacity(n),
            queue_head: 0,
            rematch_stack: Vec::new(),
            mode: OneShot {
                touched: Vec::with_capacity(n),
                label_limit: usize::MAX,
                scan_order: ScanOrder::BreadthFirst,
            },
        }
    }

    /// From now on searches scan their queued outer vertices in `order` (breadth-first is the
    /// default). Either order finds an
    /// augmenting path when there is one, and fails only with the same kind of tree (every
    /// outer vertex scanned), so retiring stays sound: Edmonds' search may scan the outer
    /// vertices in any order. Depth-first, the search follows the last-listed neighbour first,
    /// which in sorted lists is the one of highest id: see `maximum_matching` for when that
    /// pays.
    pub(crate) fn set_scan_order(&mut self, order: ScanOrder) {
        self.mode.scan_order = order;
    }

    /// From now on a search that labels more than `limit` vertices stops with
    /// [`Growth::Abandoned`] (checked once per scanned vertex, so it may label a few more).
    pub(crate) fn limit_labels(&mut self, limit: usize) {
        self.mode.label_limit = limit;
    }

    /// Number of vertices labelled by the current search.
    pub(crate) fn labelled_count(&self) -> usize {
        self.mode.touched.len()
    }

    /// Turns the forest into one for a shared search, which may go on after augmentations (call
    /// before planting its roots): see [`AlternatingForest::dissolve_augmented_trees`].
    pub(crate) fn share_trees(self) -> AlternatingForest<Shared> {
        debug_assert!(self.mode.touched.is_empty() && self.queue.is_empty(), "a search is under way");
        let n = self.state.len();
        self.with_mode(Shared {
            next_in_tree: vec![NO_VERTEX; n],
            augmented_roots: Vec::new(),
            released: Vec::new(),
        })
    }

    /// Ends the current search: every touched vertex is reset to unlabelled, or retired for good
    /// ([`SearchEnd`]).
    pub(crate) fn finish(&mut self, end: SearchEnd) {
        let reset_to = match end {
            SearchEnd::Retire => RETIRED,
            SearchEnd::Reset => UNLABELLED,
        };
        for &v in &self.mode.touched {
            self.state[v as usize] = reset_to;
        }
        self.mode.touched.clear();
        self.queue.clear();
        self.queue_head = 0;
    }
}

impl AlternatingForest<Shared> {
    /// Dissolves the trees whose roots the last augmentation matched, and grafts their vertices
    /// back onto the rest of the forest where possible.
    ///
    /// Why the other trees stay valid. The flipped path runs inside the two dissolved trees (from
    /// root to root), so every vertex of another tree keeps its mate, its label and its path `P(v)`
    /// to its root, and its blossoms are untouched. The dissolved trees' vertices are matched among
    /// themselves (the path's own vertices pairwise along it, the others to their old mates, which
    /// lay in the same tree), so they become ordinary unlabelled matched pairs.
    ///
    /// Why grafting is needed. An outer vertex scans its neighbours once; one that was labelled in a
    /// dissolved tree at that time was skipped and would never be looked at again. So every released
    /// vertex adjacent to an outer vertex is attached to it right away, as an inner child whose mate
    /// turns outer and is queued (any outer neighbour will do: that is one step of growth). A
    /// released vertex with no outer neighbour now is found later by whichever neighbour turns outer,
    /// since every vertex that turns outer is queued and scanned. So when the queue runs empty, every
    /// outer vertex has only inner, retired or same-blossom neighbours, as in a one-shot search.
    pub(crate) fn dissolve_augmented_trees(&mut self, graph: &Graph) {
        if self.queue_head > self.state.len() {
            self.queue.drain(..self.queue_head);
            self.queue_head = 0;
        }
        // First unlabel everything, so that nothing is grafted onto a tree about to dissolve.
        let Shared { next_in_tree, augmented_roots, released } = &mut self.mode;
        for &root in augmented_roots.iter() {
            let mut v = root;
            while v != NO_VERTEX {
                self.state[v as usize] = UNLABELLED;
                released.push(v);
                v = next_in_tree[v as usize];
            }
        }
        augmented_roots.clear();
        let released = std::mem::take(released);
        for &y in &released {
            if self.state[y as usize] != UNLABELLED {
                // Grafted already, as the mate of a grafted vertex.
                continue;
            }
            let outer_neighbour =
                graph.neighbours(y).iter().copied().find(|&x| self.state[x as usize] < FIRST_RESERVED);
            if let Some(x) = outer_neighbour {
                // y is matched (see above) and its mate is released and unlabelled too, as matched
                // pairs are labelled together.
                let y_mate = self.mate[y as usize];
                self.attach(x, y, y_mate);
            }
        }
        self.mode.released = released;
        self.mode.released.clear();
    }

    /// Ends the shared search: every vertex not retired before it is reset to unlabelled (nothing
    /// was listed, and a shared search cannot retire its trees), and the forest is a one-shot one
    /// again.
    pub(crate) fn finish(mut self) -> AlternatingForest<OneShot> {
        for state in &mut self.state {
            if *state != RETIRED {
                *state = UNLABELLED;
            }
        }
        self.queue.clear();
        self.queue_head = 0;
        let n = self.state.len();
        self.with_mode(OneShot {
            touched: Vec::with_capacity(n),
            label_limit: usize::MAX,
            scan_order: ScanOrder::BreadthFirst,
        })
    }
}

impl<M: SearchMode> AlternatingForest<M> {
    /// The same forest with the bookkeeping `mode` (between searches only).
    fn with_mode<N: SearchMode>(self, mode: N) -> AlternatingForest<N> {
        let Self { mate, origin, state, walk_mark, walk_stamp, queue, queue_head, rematch_stack, mode: _ } =
            self;
        AlternatingForest {
            mate,
            origin,
            state,
            walk_mark,
            walk_stamp,
            queue,
            queue_head,
            rematch_stack,
            mode,
        }
    }

    /// The current matching as a mate array, without a copy.
    pub(crate) fn into_mates(self) -> Vec<u32> {
        self.mate
    }

    /// The mate of `v`, or `NO_VERTEX`.
    #[inline]
    pub(crate) fn mate(&self, v: usize) -> u32 {
        self.mate[v]
    }

    /// The label of `v`.
    #[inline]
    pub(crate) fn label(&self, v: usize) -> Label {
        match self.state[v] {
            UNLABELLED => Label::Unlabelled,
            INNER => Label::Inner,
            RETIRED => Label::Retired,
            _ => Label::Outer,
        }
    }

    /// Makes the free vertex `root` the root of a new tree.
    pub(crate) fn plant(&mut self, root: u32) {
        debug_assert_eq!(self.state[root as usize], UNLABELLED);
        self.state[root as usize] = root;
        self.origin[root as usize] = [NO_VERTEX; 2];
        self.queue.push(root);
        self.mode.planted(root);
    }

    /// Grows the forest breadth-first until an augmenting path shows up or the queue is empty.
    /// Retired vertices are treated as absent. In a shared search, after an augmentation and
    /// [`AlternatingForest::dissolve_augmented_trees`], it may be called again to go on.
    pub(crate) fn grow(&mut self, graph: &Graph) -> Growth {
        loop {
            let next = match self.mode.scan_order() {
                ScanOrder::DepthFirst => self.queue.pop(),
                ScanOrder::BreadthFirst => {
                    let next = self.queue.get(self.queue_head).copied();
                    self.queue_head += usize::from(next.is_some());
                    next
                }
            };
            let Some(x) = next else { break };
            if M::released_while_queued(&self.state, x) {
                continue;
            }
            if self.mode.over_limit() {
                return Growth::Abandoned;
            }
            for &y in graph.neighbours(x) {
                let y_state = self.state[y as usize];
                if y_state == UNLABELLED {
                    let y_mate = self.mate[y as usize];
                    if y_mate == NO_VERTEX {
                        return Growth::FoundFreeVertex { outer: x, free: y };
                    }
                    // y's mate is unlabelled too: matched pairs are labelled together.
                    self.attach(x, y, y_mate);
                } else if y_state < FIRST_RESERVED {
                    // y is outer.
                    let (bx, by) = (self.find_base(x), self.find_base(y));
                    if bx != by {
                        let Some(top) = self.common_base(bx, by) else {
                            return Growth::JoinedTwoTrees { x, y };
                        };
                        self.contract(bx, top, [x, y]);
                        self.contract(by, top, [y, x]);
                    }
                }
                // Inner and retired neighbours are skipped.
            }
        }
        Growth::Exhausted
    }

    /// Labels the unlabelled matched pair `y`, `y_mate` from the outer `x`: `y` inner, its mate outer
    /// (queued) with the vertex origin `x`; the mode records both.
    #[inline]
    fn attach(&mut self, x: u32, y: u32, y_mate: u32) {
        self.state[y as usize] = INNER;
        self.state[y_mate as usize] = y_mate;
        self.origin[y_mate as usize] = [x, NO_VERTEX];
        self.mode.attached(x, y, y_mate);
        self.queue.push(y_mate);
    }

    /// Flips the augmenting path that `growth` ends with, enlarging the matching by one edge.
    pub(crate) fn augment(&mut self, growth: Growth) {
        match growth {
            Growth::FoundFreeVertex { outer, free } => {
                self.mate[free as usize] = outer;
                self.rematch(outer, free);
            }
            Growth::JoinedTwoTrees { x, y } => {
                self.rematch(x, y);
                self.rematch(y, x);
            }
            Growth::Exhausted | Growth::Abandoned => {}
        }
    }

    /// Gabow's `rematch(v, w)`: matches the outer vertex `v` to `w` and flips `P(v)` behind it, so
    /// that the root of `v`'s tree ends up matched. Recursion is replaced by a stack of pending calls,
    /// processed in the same order as the recursive procedure would.
    fn rematch(&mut self, v: u32, w: u32) {
        self.rematch_stack.push((v, w));
        while let Some((v, w)) = self.rematch_stack.pop() {
            let old_mate = self.mate[v as usize];
            self.mate[v as usize] = w;
            if old_mate == NO_VERTEX {
                self.mode.root_matched(v);
            }
            // Stop at the root, or where an enclosing call has already re-matched `old_mate`'s
            // partner: `P(v)` continues only while `old_mate` is still matched to `v`.
            if old_mate == NO_VERTEX || self.mate[old_mate as usize] != v {
                continue;
            }
            match self.origin[v as usize] {
                [x, NO_VERTEX] => {
                    // P(v) = v, old_mate, P(x).
                    self.mate[old_mate as usize] = x;
                    self.rematch_stack.push((x, old_mate));
                }
                [x, y] => {
                    // P(v) = reversed P(x) up to v, then P(y): flip both halves, P(x)'s first.
                    self.rematch_stack.push((y, x));
                    self.rematch_stack.push((x, y));
                }
            }
        }
    }

    /// The base of the outermost blossom containing the outer vertex `v` (path halving).
    #[inline]
    fn find_base(&mut self, mut v: u32) -> u32 {
        // Every vertex on the chain is outer, so its state is its union–find parent.
        loop {
            let parent = self.state[v as usize];
            if parent == v {
                return v;
            }
            let grandparent = self.state[parent as usize];
            self.state[v as usize] = grandparent;
            v = grandparent;
        }
    }

    /// The base of the next blossom towards the root from the blossom whose base is `b`, or
    /// `NO_VERTEX` at the root. `b` has a vertex origin: the outer neighbour of the inner `mate(b)`.
    #[inline]
    fn base_above(&mut self, b: u32) -> u32 {
        if self.mate[b as usize] == NO_VERTEX {
            NO_VERTEX
        } else {
            self.find_base(self.origin[b as usize][0])
        }
    }

    /// The nearest common base of the outer bases `a` and `b` towards the root, or `None` when they
    /// lie in different trees. The walks from both sides alternate, so the work is at most twice the
    /// part about to be contracted, plus one.
    fn common_base(&mut self, mut a: u32, mut b: u32) -> Option<u32> {
        self.walk_stamp = self.walk_stamp.wrapping_add(1);
        if self.walk_stamp == 0 {
            self.walk_mark.fill(0);
            self.walk_stamp = 1;
        }
        loop {
            if a != NO_VERTEX {
                if self.walk_mark[a as usize] == self.walk_stamp {
                    return Some(a);
                }
                self.walk_mark[a as usize] = self.walk_stamp;
                a = self.base_above(a);
            }
            if a == NO_VERTEX && b == NO_VERTEX {
                return None;
            }
            std::mem::swap(&mut a, &mut b);
        }
    }

    /// Contracts one side of a new blossom: from the base `b` up to (excluding) `top`, every inner
    /// vertex turns outer with the edge origin `edge` (`[x, y]` with `x` on this side) and is queued,
    /// and every base and inner vertex on the way is linked under `top`.
    fn contract(&mut self, mut b: u32, top: u32, edge: [u32; 2]) {
        while b != top {
            // b is a non-root base below top, so its mate is the inner vertex above its blossom.
            let inner = self.mate[b as usize];
            let next = self.base_above(b);
            self.origin[inner as usize] = edge;
            self.queue.push(inner);
            // Both join top's blossom; the inner vertex turns outer by getting a parent.
            self.state[b as usize] = top;
            self.state[inner as usize] = top;
            b = next;
        }
    }
}
