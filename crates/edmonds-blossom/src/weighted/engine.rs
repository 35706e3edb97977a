//! The primal–dual blossom engine: a maximum-weight matching of a simple graph with integer
//! gains, with the dual solution that proves it (Edmonds 1965), driven by a queue of events in
//! the manner of LEMON's `MaxWeightedMatching` (Dezső, Jüttner, Kovács 2011): `O(n m log m)`.
//!
//! # The linear program and its duals
//!
//! Maximum-weight matching is the linear program `max Σ w_e x_e` over `x ≥ 0` with
//! `x(δ(v)) ≤ 1` for every vertex and `x(E[B]) ≤ (|B| − 1) / 2` for every odd set `B`. Its dual
//! has a variable `y_v ≥ 0` per vertex and `z_B ≥ 0` per odd set. The engine works with them
//! doubled, so that every quantity is an integer:
//!
//! - `2 y_v` for each vertex; `2 z_B` for each nontrivial blossom `b` (always even: it moves by
//!   `2δ`);
//! - the doubled reduced cost of an edge `e = uv` is
//!   `slack(e) = 2 y_u + 2 y_v + Σ_{B ∋ u, v} 2 z_B − 2 w_e`. For an edge between two different
//!   top-level blossoms no blossom contains both ends, so the sum is empty.
//!
//! # Time and lazy duals
//!
//! All trees move together: the duals move by `δ` at once, outer vertices `−δ`, inner vertices
//! `+δ`, outer blossoms `+2δ`, inner blossoms `−2δ`, unlabelled ones not at all. The engine keeps
//! the running total of all `δ` since the clock last restarted, `now`, and never moves a dual
//! eagerly: for a vertex `v` in the top-level blossom `b` whose vertices carry the group `g`
//! (below), `2 y_v = dual[v] + share[g] + rate(label[b]) · now` with `rate` `−1` outer, `+1`
//! inner, `0` unlabelled; for a nontrivial blossom, `2 z_B = blossom_dual[b] − 2 rate(label[b]) ·
//! now`. A label change keeps every dual where it is in `O(1)`: `share[g]` and
//! `blossom_dual[b]` take up the change of rate times `now`. A blossom is made unlabelled before
//! it is nested or dissolved, so a nested blossom's `blossom_dual` is exact and never moves, and
//! the clock can restart whenever nothing is labelled.
//!
//! # Groups
//!
//! The vertices of a top-level blossom share what their duals have moved since it formed, and
//! the engine must find a vertex's top-level blossom at every edge it reads; both live in groups,
//! so that neither costs a walk over a large blossom. A group is named by one of its vertices;
//! `group[v]` is `v`'s, `owner[g]` the top-level blossom carrying `g`, `group_of[b]` the group of
//! blossom `b` while it is top-level. A group also holds a copy of its blossom's label. The
//! group's fields (`owner`, `share`, label) live in the record of the vertex that names it
//! (`VertexState`), so looking at an edge reads each end's record and, for a vertex inside a
//! nontrivial blossom, its group's, and nothing further. A new blossom takes over the group of
//! its largest child and moves the vertices of the others into it (their shares folded into
//! `dual`): a vertex that moves joins a set at least twice the size of its old one, so forming
//! blossoms costs `O(n log n)` moves in all. Dissolving a blossom gives the largest child its
//! group back and the others their own, with the same share.
//!
//! A bound whose ends keep their labels is met at a fixed moment (an edge from an outer vertex to
//! an unlabelled blossom at `now + slack`, one between two outer blossoms at `now + slack / 2`, an
//! inner blossom at `now + blossom_dual / 2`): the queue of `events.rs` holds these moments, and
//! the engine advances `now` to the earliest one, checks that the event still holds (its labels
//! may have changed since it was pushed) and acts on it.
//!
//! # Invariants
//!
//! Between events (checked by `verify`, which trusts none of them):
//!
//! 1. Dual feasibility: `slack(e) ≥ 0` for every edge, `y_v ≥ 0`, `z_B ≥ 0`.
//! 2. Every matched edge and every edge linking two consecutive children of a blossom is tight
//!    (`slack = 0`).
//! 3. Every blossom is full: its base is its only vertex not matched inside it, and the base's
//!    mate (if any) lies outside. Children are stored in cyclic order starting at the base child;
//!    `links[b][i]` is the edge `(x, y)`, `x` in `children[i]`, `y` in `children[i + 1 mod k]`; the
//!    links with an odd index are matched, the ones with an even index are not.
//! 4. Roots and retired vertices: a free vertex with a positive dual is a root: the base of the
//!    root blossom of an outer tree, or, while it waits for its turn or for the second stage,
//!    unlabelled and the base of its top-level blossom (a tree that reaches it augments to it);
//!    a free vertex with dual 0 is retired: unlabelled, the base of its
//!    top-level blossom, never a root again (a tree that reaches it augments to it). Every outer
//!    vertex's dual is `≥ 0`: when one reaches 0, the tree path from it to its root flips, so
//!    that it is free and retired and the root matched, and the tree dissolves. The run ends when
//!    no root is left: then every free vertex has dual 0, the floor of the maximum-weight
//!    certificate.
//! 5. Labels live on top-level blossoms. An inner blossom `t` records the edge
//!    `label_edge[t] = (s, x)` that reached it, `s` outer outside it, `x` inside it; an outer
//!    blossom that is not a root hangs below the inner blossom holding its base's mate. A matched
//!    pair of unlabelled blossoms is labelled together (inner, then its mate's blossom outer), so
//!    an unlabelled blossom reached by a tree has a matched base unless it holds a free vertex
//!    (a retired one or a waiting root), and then the tree augments. `tree[b]` names the tree of a labelled
//!    top-level blossom: an index into `trees`, given to a root when it starts a tree and given
//!    back when the tree dissolves (the first stage, one tree at a time, uses one record over and
//!    over); `trees[t].members` lists (among stale ids) every blossom labelled into tree `t`.
//! 6. Parity: every root's dual is even when a stage or a tree of the first stage starts (all
//!    start even, and a tree stops early only after an even total `δ`); the roots of a stage
//!    move together, so they share a parity, and every vertex of a tree has a dual of its root's parity (tree edges are tight and blossom
//!    duals are even), so the slack of an edge between two outer vertices is even and its moment
//!    an integer.
//! 7. Events: every edge between different top-level blossoms whose slack is falling (one end
//!    outer, the other outer or unlabelled) has an entry no later than the moment its slack
//!    reaches 0, every tree one no later than the first moment the dual of one of its outer
//!    vertices reaches 0 (a vertex stays outer until its tree dissolves, so that moment only
//!    comes earlier as vertices join, and the tree ends there: the other vertices need none), and
//!    every
//!    inner nontrivial blossom one no later than the moment its dual reaches 0, unless that
//!    moment lies past `end`. An entry is early when its bound has slowed since it was pushed
//!    (an end turned from outer to unlabelled): a bound only moves earlier when an end turns
//!    outer or unlabelled, and then the scan of that end pushes a fresh entry. The engine
//!    checks each entry it pops against the current state: one that is due is acted on, an early
//!    one goes back into the queue at its moment, and one whose bound no longer falls is
//!    dropped.
//!
//! # Trees across augmentations
//!
//! An augmentation along a tight edge between two trees flips the path through both roots (one
//! to a retired vertex, or a retirement, flips one tree's path); only those trees are dissolved
//! (their blossoms turn unlabelled, the ones with dual 0 are expanded), every other tree keeps
//! its labels and its events. Dissolved vertices are scanned once, for the edges to outer
//! vertices whose slack now falls (unless no tree is left, as always in the first stage).
//!
//! # The start
//!
//! Each vertex starts with `2 y_v` = its largest incident gain (0 if none is positive), rounded
//! up to even: every slack is `≥ 0`. Then one greedy pass (in the manner of Blossom V's start)
//! visits the vertices in order: a free vertex with a positive dual lowers it by the least slack
//! of its edges (even, so parity holds), which makes that edge tight without making any slack
//! negative, and matches along it when the other end is free (a tight edge to a free neighbour
//! of the same least slack is preferred); when the least slack is at least its dual, the dual
//! drops to 0 and the vertex retires. Most vertices are matched before the first event, and only
//! the free ones with a positive dual become roots. A vertex whose dual is 0 is retired at once.
//! A second pass flips the augmenting paths of three tight edges `v – u = u' – w` between two
//! free vertices (no dual moves): on random sparse graphs and grids a sixth to a fifth fewer roots.
//!
//! # Bounds
//!
//! With `W = max(0, max w)`, duals start in `[0, W + 1]`. A root's dual only falls, and `end`,
//! the largest dual of the roots of a tree or stage when its clock restarts, bounds them all, so
//! each ends by `now = end`. Every `2 y_v` stays in `[0, 2W + 2]`, and the blossom duals along
//! any chain of nested blossoms sum to at most `2W + 2`: a matched edge is tight, and every
//! nontrivial blossom holds one. Every slack is then at most `8 max|w| + 8`, and every moment at most
//! `end` plus a slack (moments past `end` are never queued).
//!
//! # Cost
//!
//! At most `n/2` augmentations. Between two of them each blossom is labelled, formed or expanded
//! `O(n)` times, and each labelling scans the edges of the vertices whose label changed, pushing
//! at most one event per edge: `O(m)` events of `O(log m)` each per augmentation at worst, and in
//! practice far fewer, since only the trees an augmentation flips are rebuilt.

use grid_core::stop::{self, StopFlag, Stopped};

use super::events::{Event, Events};

const NONE: u32 = u32::MAX;

/// The label of a top-level blossom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Not in any tree.
    Unlabelled,
    /// Outer (even distance from its root; `S` in the literature).
    Outer,
    /// Inner (odd distance; `T`).
    Inner,
}

impl Label {
    /// How fast the doubled dual of a vertex in a top-level blossom with this label moves per
    /// unit of `now`.
    fn vertex_rate(self) -> i64 {
        match self {
            Label::Unlabelled => 0,
            Label::Outer => -1,
            Label::Inner => 1,
        }
    }
}

/// The engine's answer: the mate array and the dual solution.
#[derive(Debug, Clone)]
pub(crate) struct Solved {
    /// `mate[v]`: `v`'s partner or `NONE`.
    pub mate: Vec<u32>,
    /// `2 y_v`.
    pub vertex_duals: Vec<i64>,
    /// The blossoms with a positive dual as a forest, each listed before its parent: its own
    /// vertices (in no smaller such blossom), its parent's index and `2 z_B`.
    pub blossoms: Vec<(Vec<u32>, Option<usize>, i64)>,
}

/// An edge seen from one end: the engine's graph is these, in CSR form (see [`solve`]). Packed
/// to 12 bytes (the gain unaligned, which costs nothing on the processors this runs on): the
/// lists are the engine's largest array, and every page of it is written once.
#[derive(Debug, Clone, Copy)]
#[repr(C, packed(4))]
pub(crate) struct Arc {
    /// The other end.
    pub other: u32,
    /// The edge's gain.
    pub gain: i64,
}

/// What the engine keeps per vertex, and per group at the vertex that names it: everything
/// looking at an edge reads of an end, in one record (and for a vertex that names its own group,
/// as most do, in one place in memory: 32 bytes, aligned).
#[derive(Debug, Clone, Copy)]
#[repr(align(32))]
struct VertexState {
    /// `2 y_v` less its group's part (see "Time and lazy duals" and "Groups").
    dual: i64,
    /// Its group (see "Groups").
    group: u32,
    /// Group part: the top-level blossom whose vertices carry the group.
    owner: u32,
    /// Group part: the part of `2 y_v` its vertices share is `share + rate(label) · now`.
    share: i64,
    /// Its partner, or `NONE`.
    mate: u32,
    /// Group part: its blossom's label (`label[owner]`).
    label: Label,
}

/// A tree of the forest while it is alive.
#[derive(Debug)]
struct TreeRecord {
    /// The blossoms labelled into it (stale ids included).
    members: Vec<u32>,
    /// The earliest moment queued for the dual of one of its outer vertices to reach 0
    /// (`i64::MAX` while none is).
    zero: i64,
}

/// The working lists of `Engine::dissolve_trees` (empty between calls).
#[derive(Debug, Default)]
struct DissolveScratch {
    /// The blossoms of the dissolved trees that were labelled.
    dissolved: Vec<u32>,
    /// Those of them that were inner.
    were_inner: Vec<u32>,
    /// The vertices of those, to scan.
    vertices: Vec<u32>,
    /// Blossoms with dual 0 still to expand.
    pending: Vec<u32>,
}

/// A field of the nontrivial blossoms, indexed by blossom id (`n..`), grown as ids are first
/// used: a run that forms few blossoms at once keeps few.
#[derive(Debug)]
struct PerBlossom<T> {
    /// The first nontrivial id, `n`.
    first: usize,
    items: Vec<T>,
}

impl<T> PerBlossom<T> {
    fn new(first: usize) -> Self {
        Self { first, items: Vec::new() }
    }
}

impl<T> std::ops::Index<usize> for PerBlossom<T> {
    type Output = T;
    fn index(&self, b: usize) -> &T {
        &self.items[b - self.first]
    }
}

impl<T> std::ops::IndexMut<usize> for PerBlossom<T> {
    fn index_mut(&mut self, b: usize) -> &mut T {
        &mut self.items[b - self.first]
    }
}

/// The mutable state of one run. Blossom ids: `0..n` are the vertices (trivial blossoms),
/// `n..` the nontrivial ones (at most `n / 2` at once), reused after expansion. The fields of
/// every blossom grow with the ids in use; those of nontrivial blossoms alone are
/// [`PerBlossom`], and a vertex's own values for them follow from it (`label_of`, `group_of`,
/// `base_of`, `size_of`).
struct Engine {
    n: usize,
    /// CSR adjacency: the edges at `v`, seen from `v`, are `adjacent[first[v]..first[v + 1]]`.
    first: Vec<usize>,
    adjacent: Vec<Arc>,
    /// Per vertex: its dual and its group, read together at every edge looked at.
    vertex: Vec<VertexState>,
    /// Per blossom id: the enclosing blossom, or `NONE` at top level.
    parent: Vec<u32>,
    children: PerBlossom<Vec<u32>>,
    links: PerBlossom<Vec<(u32, u32)>>,
    base: PerBlossom<u32>,
    /// `2 z_B + 2 rate(label[b]) · now` (see "Time and lazy duals"): exact for a nested blossom.
    blossom_dual: PerBlossom<i64>,
    label: PerBlossom<Label>,
    label_edge: Vec<(u32, u32)>,
    /// Per labelled top-level blossom: its tree (an index into `trees`).
    tree: Vec<u32>,
    /// The records of the trees alive, and of those dissolved, for reuse.
    trees: Vec<TreeRecord>,
    /// The indices of `trees` free for a new tree.
    unused_trees: Vec<u32>,
    /// The lists `dissolve_trees` fills, kept with their room from one call to the next.
    scratch: DissolveScratch,
    /// Per blossom id: the group its vertices carry while it is top-level.
    group_of: PerBlossom<u32>,
    /// Per blossom id: its number of vertices.
    size: PerBlossom<u32>,
    /// The nontrivial ids given up by expansions, to be used again first.
    unused_ids: Vec<u32>,
    events: Events,
    /// The running total of all `δ` since the clock last restarted (see "One tree, then all").
    now: i64,
    /// The largest starting dual: every root's dual reaches 0 by this moment.
    end: i64,
    /// Number of roots (free vertices with a positive dual).
    roots: usize,
    /// How many events a tree may act on alone before it waits for the second stage.
    alone_budget: usize,
    /// The queue length past which stale events are dropped.
    compact_at: usize,
    /// Marks of the common-ancestor walk (`mark[b] == stamp`).
    mark: Vec<u32>,
    stamp: u32,
}

/// How many events a tree may act on alone in the first stage of "One tree, then all" (the
/// budget the solver uses; measured in docs/BENCHMARKS.md).
pub(crate) const ALONE_BUDGET: usize = 16;

/// A maximum-weight matching of the simple graph on `0..n` whose edges at `v`, seen from `v`, are
/// `adjacent[first[v]..first[v + 1]]` (each edge once from each end; no self-loops, no pair
/// twice), with its doubled dual solution. Gains must satisfy `|w| <= 2^60`. Each tree acts on
/// at most `alone_budget` events alone (0: every root waits for the second stage; `usize::MAX`:
/// every root runs alone); the answer is optimal for every budget. `stop` is checked after each
/// augmentation.
pub(crate) fn solve(
    first: Vec<usize>,
    adjacent: Vec<Arc>,
    alone_budget: usize,
    stop: StopFlag<'_>,
) -> Result<Solved, Stopped> {
    let mut engine = Engine::new(first, adjacent, alone_budget);
    engine.run(stop)?;
    Ok(engine.into_solved())
}

/// The greedy passes of "The start": lowers each free vertex's dual by its least slack and matches
/// it along that edge when the other end is free, then flips the short tight augmenting paths.
fn greedy_start(first: &[usize], adjacent: &[Arc], vertex: &mut [VertexState]) {
    for v in 0..vertex.len() {
        let dual_v = vertex[v].dual;
        if vertex[v].mate != NONE || dual_v == 0 {
            continue;
        }
        // The least slack, and a free neighbour at it if there is one.
        let mut least = i64::MAX;
        let mut partner = NONE;
        for arc in &adjacent[first[v]..first[v + 1]] {
            let u = &vertex[arc.other as usize];
            let slack = dual_v + u.dual - 2 * arc.gain;
            let free = u.mate == NONE;
            if slack < least || (slack == least && free && partner == NONE) {
                least = slack;
                partner = if free { arc.other } else { NONE };
            }
        }
        if least >= dual_v {
            vertex[v].dual = 0;
            continue;
        }
        vertex[v].dual -= least;
        if partner != NONE {
            vertex[v].mate = partner;
            vertex[partner as usize].mate = v as u32;
        }
    }
    augment_along_tight_pairs(first, adjacent, vertex);
}

/// The second pass of "The start": a free vertex `v` with a positive dual, a tight edge to a
/// matched `u`, and a tight edge from `u`'s mate `u'` to another free vertex `w` is an augmenting
/// path `v – u = u' – w` of tight edges: it flips, and both ends are matched without a search
/// (no dual moves, so every slack and the parity stay as they are).
fn augment_along_tight_pairs(first: &[usize], adjacent: &[Arc], vertex: &mut [VertexState]) {
    let tight = |vertex: &[VertexState], x: u32, arc: &Arc| {
        vertex[x as usize].dual + vertex[arc.other as usize].dual == 2 * arc.gain
    };
    for v in 0..vertex.len() as u32 {
        if vertex[v as usize].mate != NONE || vertex[v as usize].dual == 0 {
            continue;
        }
        'edges: for arc in &adjacent[first[v as usize]..first[v as usize + 1]] {
            let u = arc.other;
            let mate = vertex[u as usize].mate;
            if mate == NONE || !tight(vertex, v, arc) {
                continue;
            }
            for next in &adjacent[first[mate as usize]..first[mate as usize + 1]] {
                let w = next.other;
                if w != v && vertex[w as usize].mate == NONE && tight(vertex, mate, next) {
                    vertex[v as usize].mate = u;
                    vertex[u as usize].mate = v;
                    vertex[mate as usize].mate = w;
                    vertex[w as usize].mate = mate;
                    break 'edges;
                }
            }
        }
    }
}

impl Engine {
    fn new(first: Vec<usize>, adjacent: Vec<Arc>, alone_budget: usize) -> Self {
        let n = first.len() - 1;
        // Each vertex's largest incident gain (0 if none is positive), rounded up to even.
        let mut vertex: Vec<VertexState> = (0..n)
            .map(|v| {
                let largest =
                    adjacent[first[v]..first[v + 1]].iter().map(|arc| arc.gain).max().unwrap_or(0).max(0);
                VertexState {
                    dual: largest + (largest & 1),
                    group: v as u32,
                    owner: v as u32,
                    share: 0,
                    mate: NONE,
                    label: Label::Unlabelled,
                }
            })
            .collect();
        let end = vertex.iter().map(|record| record.dual).max().unwrap_or(0);
        let adjacent_len = adjacent.len();
        greedy_start(&first, &adjacent, &mut vertex);
        Self {
            n,
            first,
            adjacent,
            vertex,
            parent: vec![NONE; n],
            children: PerBlossom::new(n),
            links: PerBlossom::new(n),
            base: PerBlossom::new(n),
            blossom_dual: PerBlossom::new(n),
            label: PerBlossom::new(n),
            label_edge: vec![(NONE, NONE); n],
            tree: vec![NONE; n],
            trees: Vec::new(),
            unused_trees: Vec::new(),
            scratch: DissolveScratch::default(),
            group_of: PerBlossom::new(n),
            size: PerBlossom::new(n),
            unused_ids: Vec::new(),
            events: Events::default(),
            now: 0,
            end,
            roots: 0,
            alone_budget,
            compact_at: 2 * adjacent_len + 4 * n + 1024,
            mark: vec![0; n],
            stamp: 0,
        }
    }

    /// Gives the top-level blossom `b` the label `label` (and its group the copy), keeping its
    /// duals where they are now: the group's `share` and the blossom's `blossom_dual` take up
    /// the change of rate, in `O(1)`.
    fn set_label(&mut self, b: u32, label: Label) {
        let i = b as usize;
        let g = self.group_of(b) as usize;
        let change = label.vertex_rate() - self.vertex[g].label.vertex_rate();
        self.vertex[g].share -= change * self.now;
        if i >= self.n {
            debug_assert_eq!(self.vertex[g].label, self.label[i], "the group's copy of the label");
            self.blossom_dual[i] += 2 * change * self.now;
            self.label[i] = label;
        }
        self.vertex[g].label = label;
    }

    /// The label of the top-level blossom `b` (a vertex's lives only in its own record, as the
    /// copy of the group it names).
    fn label_of(&self, b: u32) -> Label {
        if (b as usize) < self.n { self.vertex[b as usize].label } else { self.label[b as usize] }
    }

    /// The group of the top-level blossom `b` (a vertex's is the one it names).
    fn group_of(&self, b: u32) -> u32 {
        if (b as usize) < self.n { b } else { self.group_of[b as usize] }
    }

    /// The number of vertices of blossom `b`.
    fn size_of(&self, b: u32) -> u32 {
        if (b as usize) < self.n { 1 } else { self.size[b as usize] }
    }

    /// A nontrivial blossom id not in use: one given up before, or a new one (the fields of every
    /// blossom grow by one).
    fn unused_id(&mut self) -> u32 {
        if let Some(id) = self.unused_ids.pop() {
            return id;
        }
        let id = self.parent.len() as u32;
        debug_assert!(self.label.items.len() < self.n / 2, "at most n/2 nontrivial blossoms at once");
        self.parent.push(NONE);
        self.label_edge.push((NONE, NONE));
        self.tree.push(NONE);
        self.mark.push(0);
        self.children.items.push(Vec::new());
        self.links.items.push(Vec::new());
        self.base.items.push(NONE);
        self.blossom_dual.items.push(0);
        self.label.items.push(Label::Unlabelled);
        self.group_of.items.push(NONE);
        self.size.items.push(0);
        id
    }

    /// The base of blossom `b` (a vertex is its own).
    fn base_of(&self, b: u32) -> u32 {
        if (b as usize) < self.n { b } else { self.base[b as usize] }
    }

    /// Freezes the duals of the top-level blossom `b` before it is nested or dissolved: it turns
    /// unlabelled, so that its group's part and its own dual stop moving.
    fn settle(&mut self, b: u32) {
        self.set_label(b, Label::Unlabelled);
    }

    /// The top-level blossom holding vertex `v`.
    fn top(&self, v: u32) -> u32 {
        self.vertex[self.vertex[v as usize].group as usize].owner
    }

    /// The label of group `g`'s blossom and its part of `2 y_v` now.
    fn group_part(&self, g: u32) -> (Label, i64) {
        let record = &self.vertex[g as usize];
        (record.label, record.share + record.label.vertex_rate() * self.now)
    }

    /// `2 y_v` now.
    fn vertex_dual(&self, v: u32) -> i64 {
        let record = &self.vertex[v as usize];
        record.dual + self.group_part(record.group).1
    }

    /// `2 z_B` now, for a nontrivial blossom `b` (a nested one is unlabelled, and its dual
    /// exact).
    fn top_blossom_dual(&self, b: u32) -> i64 {
        self.blossom_dual[b as usize] - 2 * self.label[b as usize].vertex_rate() * self.now
    }

    /// The doubled reduced cost now of the edge of arc `arc` (its index in `adjacent`), from `u`
    /// to `v`, for an edge whose ends lie in different top-level blossoms.
    fn slack(&self, arc: u32, u: u32, v: u32) -> i64 {
        self.vertex_dual(u) + self.vertex_dual(v) - 2 * self.adjacent[arc as usize].gain
    }

    /// Appends the vertices of blossom `b` to `out`, in the order of a depth-first walk of its
    /// children. The walk keeps its own stack: blossoms nest up to `n / 2` deep.
    fn leaves(&self, b: u32, out: &mut Vec<u32>) {
        let mut pending = vec![b];
        while let Some(b) = pending.pop() {
            if (b as usize) < self.n {
                out.push(b);
            } else {
                pending.extend(self.children[b as usize].iter().rev());
            }
        }
    }

    fn vertices_of(&self, b: u32) -> Vec<u32> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    /// The moment event `event` is due in the current state, or `None` when nothing is falling
    /// towards it (or it lies past the end).
    fn due(&self, event: Event) -> Option<i64> {
        let moment = match event {
            Event::Tight { arc, u, v } => {
                // The ends' groups first: most entries popped are stale, and this tells.
                let (gu, gv) =
                    (self.vertex[u as usize].group as usize, self.vertex[v as usize].group as usize);
                if gu == gv {
                    return None;
                }
                let rate = self.vertex[gu].label.vertex_rate() + self.vertex[gv].label.vertex_rate();
                return if rate < 0 { self.falls_to_zero(rate, self.slack(arc, u, v)) } else { None };
            }
            Event::Zero(v) => {
                if self.label_of(self.top(v)) != Label::Outer {
                    return None;
                }
                self.now + self.vertex_dual(v)
            }
            Event::Expand(b) => {
                let i = b as usize;
                if i < self.n
                    || self.parent[i] != NONE
                    || self.children[i].is_empty()
                    || self.label[i] != Label::Inner
                {
                    return None;
                }
                self.now + self.top_blossom_dual(b) / 2
            }
        };
        (moment <= self.end).then_some(moment)
    }

    /// The moment a slack falling at `rate` (`−1` or `−2` per unit of `now`) reaches 0, unless
    /// that lies past the end.
    fn falls_to_zero(&self, rate: i64, slack: i64) -> Option<i64> {
        debug_assert!(rate == -1 || (rate == -2 && slack % 2 == 0), "invariant 6");
        let moment = self.now + slack / -rate;
        (moment <= self.end).then_some(moment)
    }

    /// Pushes `event` at its due moment, if any (invariant 7).
    fn schedule(&mut self, event: Event) {
        if let Some(moment) = self.due(event) {
            self.events.push(moment, event);
        }
    }

    /// Schedules every edge at the vertices of the top-level blossom `b`, whose label changed.
    fn scan(&mut self, b: u32) {
        if (b as usize) < self.n {
            self.scan_vertex(b);
        } else {
            for v in self.vertices_of(b) {
                self.scan_vertex(v);
            }
        }
    }

    /// Pushes the moment the dual of vertex `v` reaches 0 when `v` is outer and that comes before
    /// every moment queued for its tree (invariant 7).
    fn schedule_zero(&mut self, v: u32) {
        let b = self.top(v);
        if self.label_of(b) != Label::Outer {
            return;
        }
        let t = self.tree[b as usize] as usize;
        let moment = self.now + self.vertex_dual(v);
        if moment < self.trees[t].zero && moment <= self.end {
            self.trees[t].zero = moment;
            self.events.push(moment, Event::Zero(v));
        }
    }

    /// Schedules every edge at vertex `v`.
    fn scan_vertex(&mut self, v: u32) {
        self.schedule_zero(v);
        let gv = self.vertex[v as usize].group;
        let rate_v = self.vertex[gv as usize].label.vertex_rate();
        let dual_v = self.vertex_dual(v);
        for i in self.first[v as usize]..self.first[v as usize + 1] {
            // `due` for this edge, with `v`'s side read once.
            let arc = self.adjacent[i];
            let gu = self.vertex[arc.other as usize].group;
            let rate = rate_v + self.vertex[gu as usize].label.vertex_rate();
            if gu == gv || rate >= 0 {
                continue;
            }
            let slack = dual_v + self.vertex_dual(arc.other) - 2 * arc.gain;
            if let Some(moment) = self.falls_to_zero(rate, slack) {
                self.events.push(moment, Event::Tight { arc: i as u32, u: v, v: arc.other });
            }
        }
    }

    /// Drops the stale events once the queue outgrows `compact_at`, which then doubles the
    /// entries left (so compaction costs `O(1)` amortised per push).
    fn compact_events(&mut self) {
        if self.events.len() > self.compact_at {
            let mut events = std::mem::take(&mut self.events);
            events.retain(|moment, event| self.due(event).is_some_and(|due| due >= moment));
            self.events = events;
            self.compact_at = self.compact_at.max(2 * self.events.len());
        }
    }

    /// Runs the two stages of "One tree, then all": each root alone, then the roots left
    /// together, until no root is left or `stop` is set.
    fn run(&mut self, stop: StopFlag<'_>) -> Result<(), Stopped> {
        stop::check(stop)?;
        let mut waiting = Vec::new();
        for r in 0..self.n as u32 {
            if self.is_root(r) && !self.grow_alone(r, stop)? {
                waiting.push(r);
            }
        }
        waiting.retain(|&r| self.is_root(r));
        let end = waiting.iter().map(|&r| self.vertex_dual(r)).max().unwrap_or(0);
        self.restart_clock(end);
        self.roots = waiting.len();
        for r in waiting {
            let t = self.new_tree();
            self.label_outer(self.top(r), t);
        }
        self.grow(usize::MAX, stop)?;
        Ok(())
    }

    /// Whether the vertex `v` is a root: free with a positive dual (invariant 4).
    fn is_root(&self, v: u32) -> bool {
        self.vertex[v as usize].mate == NONE && self.vertex_dual(v) > 0
    }

    /// Starts a stage with nothing labelled: `now` back to 0 (only labelled blossoms read it),
    /// the queue emptied, and `end` the last moment any root of the stage can live to.
    fn restart_clock(&mut self, end: i64) {
        self.now = 0;
        self.end = end;
        self.events.clear(0);
    }

    /// Grows the tree of the root `r` alone (nothing else labelled). True when it augmented or
    /// retired; false when it used up `alone_budget` events first, after an even total `δ`
    /// (invariant 6): then it is dissolved and `r` is a root again, waiting for the second stage.
    fn grow_alone(&mut self, r: u32, stop: StopFlag<'_>) -> Result<bool, Stopped> {
        self.restart_clock(self.vertex_dual(r));
        self.roots = 1;
        let t = self.new_tree();
        self.label_outer(self.top(r), t);
        if self.grow(self.alone_budget, stop)? {
            return Ok(true);
        }
        self.roots = 0;
        self.dissolve_trees(&[t]);
        Ok(false)
    }

    /// A tree record for a root starting a tree: one given back before, or a new one.
    fn new_tree(&mut self) -> u32 {
        match self.unused_trees.pop() {
            Some(t) => t,
            None => {
                self.trees.push(TreeRecord { members: Vec::new(), zero: i64::MAX });
                (self.trees.len() - 1) as u32
            }
        }
    }

    /// Runs events until no root is left (true), or until `budget` events have been acted on and
    /// the total `δ` since the clock restarted is even (false); `stop` is checked after each
    /// augmentation.
    fn grow(&mut self, budget: usize, stop: StopFlag<'_>) -> Result<bool, Stopped> {
        let mut acted = 0usize;
        while self.roots > 0 {
            let spent = acted >= budget;
            if spent && self.now % 2 == 0 {
                return Ok(false);
            }
            // Spent at an odd total: act on what is due now, or else move to the next moment,
            // which no bound reaches before.
            let limit = if spent { self.now } else { self.end };
            let Some((moment, event)) = self.events.pop_until(limit) else {
                if spent {
                    self.now += 1;
                    return Ok(false);
                }
                debug_assert!(false, "every root has an event by `end` (invariant 7)");
                break;
            };
            debug_assert!(moment >= self.now);
            self.now = moment;
            self.compact_events();
            // An entry may be early (invariant 7): its bound then moves later, and it goes back
            // into the queue at its moment now.
            match self.due(event) {
                None => continue,
                Some(due) if due > moment => {
                    self.events.push(due, event);
                    continue;
                }
                Some(_) => {}
            }
            acted += 1;
            let augmented = match event {
                Event::Tight { arc, u, v } => self.tight_edge(arc, u, v),
                Event::Zero(v) => {
                    self.retire(v);
                    true
                }
                Event::Expand(b) => {
                    self.expand_inner(b);
                    false
                }
            };
            if augmented {
                stop::check(stop)?;
            }
        }
        Ok(true)
    }

    /// The outer vertex `v` has dual 0: the path from it to its root flips (the root is matched,
    /// `v` free and retired) and its tree dissolves.
    fn retire(&mut self, v: u32) {
        let t = self.tree[self.top(v) as usize];
        self.flip_path(v, NONE);
        self.roots -= 1;
        self.dissolve_trees(&[t]);
    }

    /// Acts on the edge of arc `arc`, from `u` to `v`, if it is tight and falling: grows a tree,
    /// closes a blossom or augments (to another tree or to a retired vertex). True when it
    /// augmented.
    fn tight_edge(&mut self, arc: u32, u: u32, v: u32) -> bool {
        let (mut v, mut u) = (u, v);
        if self.label_of(self.top(v)) != Label::Outer {
            (v, u) = (u, v);
        }
        let (bv, bu) = (self.top(v), self.top(u));
        if bv == bu || self.label_of(bv) != Label::Outer || self.slack(arc, u, v) != 0 {
            return false;
        }
        match self.label_of(bu) {
            Label::Inner => false,
            Label::Unlabelled if self.vertex[self.base_of(bu) as usize].mate == NONE => {
                let tv = self.tree[bv as usize];
                self.augment(v, u);
                self.roots -= 1;
                self.dissolve_trees(&[tv]);
                true
            }
            Label::Unlabelled => {
                self.label_inner(bu, v, u);
                false
            }
            Label::Outer => {
                let (tv, tu) = (self.tree[bv as usize], self.tree[bu as usize]);
                if tv == tu {
                    let ancestor = self.common_ancestor(bv, bu);
                    self.add_blossom(ancestor, v, u);
                    false
                } else {
                    self.augment(v, u);
                    self.roots -= 2;
                    self.dissolve_trees(&[tv, tu]);
                    true
                }
            }
        }
    }

    /// Labels the unlabelled top-level blossom `b` outer in tree `t` and scans its vertices.
    fn label_outer(&mut self, b: u32, t: u32) {
        self.set_label(b, Label::Outer);
        self.tree[b as usize] = t;
        self.trees[t as usize].members.push(b);
        self.scan(b);
    }

    /// Labels the top-level blossom `b` inner in tree `t`, reached by the tight edge `s – x`.
    fn mark_inner(&mut self, b: u32, t: u32, s: u32, x: u32) {
        self.set_label(b, Label::Inner);
        self.label_edge[b as usize] = (s, x);
        self.tree[b as usize] = t;
        self.trees[t as usize].members.push(b);
        if b as usize >= self.n {
            self.schedule(Event::Expand(b));
        }
    }

    /// The unlabelled blossom `b`, reached by the tight edge `s – x` (`s` outer, `x` in `b`),
    /// turns inner; its base's mate's blossom turns outer.
    fn label_inner(&mut self, b: u32, s: u32, x: u32) {
        let t = self.tree[self.top(s) as usize];
        self.mark_inner(b, t, s, x);
        let base_mate = self.vertex[self.base_of(b) as usize].mate;
        debug_assert_ne!(base_mate, NONE);
        let outer = self.top(base_mate);
        debug_assert_eq!(self.label_of(outer), Label::Unlabelled);
        self.label_outer(outer, t);
    }

    /// The outer blossom two levels above the outer blossom `b` in its tree, or `None` at a root.
    fn grandparent(&self, b: u32) -> Option<u32> {
        let base_mate = self.vertex[self.base_of(b) as usize].mate;
        if base_mate == NONE {
            return None;
        }
        let inner = self.top(base_mate);
        Some(self.top(self.label_edge[inner as usize].0))
    }

    /// The nearest common outer ancestor of the outer blossoms `a` and `b` of one tree. Walks up
    /// both sides in turn, so it costs at most twice the shorter path to the meeting point plus
    /// the other's length.
    fn common_ancestor(&mut self, a: u32, b: u32) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let mut sides = [Some(a), Some(b)];
        let mut turn = 0;
        loop {
            if let Some(x) = sides[turn] {
                if self.mark[x as usize] == self.stamp {
                    return x;
                }
                self.mark[x as usize] = self.stamp;
                sides[turn] = self.grandparent(x);
            }
            assert!(sides[0].is_some() || sides[1].is_some(), "two blossoms of one tree meet");
            turn ^= 1;
        }
    }

    /// The link from blossom `b` (outer or inner, not a root) to the blossom above it in its
    /// tree: `(vertex in b, vertex above)`.
    fn link_up(&self, b: u32) -> (u32, u32) {
        match self.label_of(b) {
            Label::Inner => {
                let (s, x) = self.label_edge[b as usize];
                (x, s)
            }
            _ => {
                let base = self.base_of(b);
                (base, self.vertex[base as usize].mate)
            }
        }
    }

    /// The tree path from the top-level blossom `from` up to `ancestor` (excluded), each blossom
    /// with its link up.
    fn path_up(&self, from: u32, ancestor: u32) -> Vec<(u32, (u32, u32))> {
        let mut path = Vec::new();
        let mut b = from;
        while b != ancestor {
            let up = self.link_up(b);
            path.push((b, up));
            b = self.top(up.1);
        }
        path
    }

    /// The tight edge `v – u` between two outer blossoms of one tree closes the cycle through
    /// their common ancestor: it becomes a new outer blossom with dual 0, based at the ancestor's
    /// base, and its inner vertices turn outer (scanned).
    fn add_blossom(&mut self, ancestor: u32, v: u32, u: u32) {
        let v_side = self.path_up(self.top(v), ancestor);
        let u_side = self.path_up(self.top(u), ancestor);
        let mut children = vec![ancestor];
        let mut links = Vec::with_capacity(v_side.len() + u_side.len() + 1);
        for &(b, (inside, above)) in v_side.iter().rev() {
            children.push(b);
            links.push((above, inside));
        }
        links.push((v, u));
        for &(b, up) in &u_side {
            children.push(b);
            links.push(up);
        }
        let id = self.unused_id();
        let t = self.tree[ancestor as usize];
        let mut newly_outer = Vec::new();
        for &c in &children {
            if self.label_of(c) == Label::Inner {
                newly_outer.push(c);
            }
            self.settle(c);
            self.parent[c as usize] = id;
        }
        // The new blossom takes over the group of its largest child; the vertices of the others
        // join it, their groups' shares moving into their own duals.
        let largest = *children.iter().max_by_key(|&&c| self.size_of(c)).expect("children");
        let g = self.group_of(largest);
        for &c in &children {
            let gc = self.group_of(c);
            if gc != g {
                let shift = self.vertex[gc as usize].share - self.vertex[g as usize].share;
                for w in self.vertices_of(c) {
                    self.vertex[w as usize].dual += shift;
                    self.vertex[w as usize].group = g;
                }
            }
        }
        self.vertex[g as usize].owner = id;
        self.group_of[id as usize] = g;
        self.size[id as usize] = children.iter().map(|&c| self.size_of(c)).sum();
        self.base[id as usize] = self.base_of(ancestor);
        self.blossom_dual[id as usize] = 0;
        self.set_label(id, Label::Outer);
        self.tree[id as usize] = t;
        self.trees[t as usize].members.push(id);
        self.children[id as usize] = children;
        self.links[id as usize] = links;
        for c in newly_outer {
            self.scan(c);
        }
    }

    /// Makes the vertex `v` the base of blossom `b`, rematching inside `b` along the even side of
    /// its cycle (invariant 3 holds again afterwards, with `v` not matched inside `b`).
    ///
    /// Each blossom on the way is one task of an explicit stack (blossoms nest up to `n / 2`
    /// deep): rotating `b` sets the mates of its own flipped links and leaves a task for each
    /// child whose base changes. Those children are distinct (the child holding `v` is on no
    /// flipped link, and the flipped links share no child), a child's task changes only the mates
    /// and children inside it, and no task reads a mate, so the tasks may run in any order.
    fn rotate(&mut self, b: u32, v: u32) {
        let mut tasks = vec![(b, v)];
        while let Some((b, v)) = tasks.pop() {
            if (b as usize) < self.n {
                continue;
            }
            let mut child = v;
            while self.parent[child as usize] != b {
                child = self.parent[child as usize];
            }
            tasks.push((child, v));
            let k = self.children[b as usize].len();
            let i = self.children[b as usize].iter().position(|&c| c == child).expect("child of b");
            // The links matched after the flip: the even ones between the child and the base
            // child, going the way that crosses an even number of links.
            let flipped = if i % 2 == 0 { (0..i).step_by(2) } else { (i + 1..k).step_by(2) };
            for j in flipped {
                let (x, y) = self.links[b as usize][j];
                let cx = self.children[b as usize][j];
                let cy = self.children[b as usize][(j + 1) % k];
                tasks.push((cx, x));
                tasks.push((cy, y));
                self.vertex[x as usize].mate = y;
                self.vertex[y as usize].mate = x;
            }
            self.children[b as usize].rotate_left(i);
            self.links[b as usize].rotate_left(i);
            self.base[b as usize] = v;
        }
    }

    /// Flips the augmenting path made of the tight edge `v – u` and the paths from `v` and `u` to
    /// the free vertices they lead to (roots, or a retired base).
    fn augment(&mut self, v: u32, u: u32) {
        self.flip_path(v, u);
        self.flip_path(u, v);
    }

    /// Matches `start` to `partner` (`NONE`: leaves it free) and flips the alternating path from
    /// `start` to the free vertex it leads to: up its tree to the root, or within its blossom to
    /// a free base.
    fn flip_path(&mut self, start: u32, partner: u32) {
        let (mut x, mut partner) = (start, partner);
        loop {
            let b = self.top(x);
            let old_base = self.base_of(b);
            let old_mate = self.vertex[old_base as usize].mate;
            self.rotate(b, x);
            self.vertex[x as usize].mate = partner;
            if old_mate == NONE {
                return;
            }
            let inner = self.top(old_mate);
            let (s, entry) = self.label_edge[inner as usize];
            self.rotate(inner, entry);
            self.vertex[entry as usize].mate = s;
            (x, partner) = (s, entry);
        }
    }

    /// Dissolves the trees `trees` after an augmentation or a retirement flipped their roots:
    /// their blossoms turn unlabelled and the ones with dual 0 are expanded. Only the vertices
    /// that were inner are scanned: their edges to outer vertices of other trees start falling.
    /// The bounds of the vertices that were outer only move later, and their entries in the
    /// queue are early (invariant 7).
    fn dissolve_trees(&mut self, trees: &[u32]) {
        let DissolveScratch { mut dissolved, mut were_inner, mut vertices, mut pending } =
            std::mem::take(&mut self.scratch);
        for &t in trees {
            let mut members = std::mem::take(&mut self.trees[t as usize].members);
            for &b in &members {
                let i = b as usize;
                let live = self.parent[i] == NONE && (i < self.n || !self.children[i].is_empty());
                if live && self.label_of(b) != Label::Unlabelled && self.tree[i] == t {
                    if self.label_of(b) == Label::Inner {
                        were_inner.push(b);
                    }
                    self.settle(b);
                    dissolved.push(b);
                }
            }
            // The record goes back with its list's room, for the next tree.
            members.clear();
            self.trees[t as usize] = TreeRecord { members, zero: i64::MAX };
            self.unused_trees.push(t);
        }
        for &b in &were_inner {
            self.leaves(b, &mut vertices);
        }
        pending.extend(
            dissolved.iter().copied().filter(|&b| b as usize >= self.n && self.blossom_dual[b as usize] == 0),
        );
        while let Some(b) = pending.pop() {
            let (children, _) = self.dissolve(b);
            pending.extend(
                children.into_iter().filter(|&c| c as usize >= self.n && self.blossom_dual[c as usize] == 0),
            );
        }
        // With no tree left, nothing can fall towards these vertices.
        if self.roots > 0 {
            for &v in &vertices {
                self.scan_vertex(v);
            }
        }
        for list in [&mut dissolved, &mut were_inner, &mut vertices, &mut pending] {
            list.clear();
        }
        self.scratch = DissolveScratch { dissolved, were_inner, vertices, pending };
    }

    /// Removes the top-level blossom `b` (settled): its children become top-level (unlabelled)
    /// and its id is free again. Returns the children in cyclic order (base child first) and the
    /// links.
    fn dissolve(&mut self, b: u32) -> (Vec<u32>, Vec<(u32, u32)>) {
        let children = std::mem::take(&mut self.children[b as usize]);
        let links = std::mem::take(&mut self.links[b as usize]);
        // The child that gave `b` its group takes it back; the others' vertices return to their
        // own groups, with the same share (so no dual moves).
        let g = self.group_of[b as usize];
        debug_assert_eq!(self.label[b as usize], Label::Unlabelled, "settled");
        for &c in &children {
            self.parent[c as usize] = NONE;
            let gc = self.group_of(c);
            self.vertex[gc as usize].owner = c;
            if gc != g {
                self.vertex[gc as usize].share = self.vertex[g as usize].share;
                for w in self.vertices_of(c) {
                    self.vertex[w as usize].group = gc;
                }
            }
        }
        self.group_of[b as usize] = NONE;
        self.blossom_dual[b as usize] = 0;
        self.label[b as usize] = Label::Unlabelled;
        self.base[b as usize] = NONE;
        self.unused_ids.push(b);
        (children, links)
    }

    /// Expands the inner blossom `b` (its dual is 0): the children on the even path from where
    /// the tree enters `b` to its base child are labelled inner, outer, …, inner; the others are
    /// left unlabelled and scanned for edges to outer vertices.
    fn expand_inner(&mut self, b: u32) {
        self.settle(b);
        debug_assert_eq!(self.blossom_dual[b as usize], 0);
        let t = self.tree[b as usize];
        let (s, entry) = self.label_edge[b as usize];
        let mut entry_child = entry;
        while self.parent[entry_child as usize] != b {
            entry_child = self.parent[entry_child as usize];
        }
        let (children, links) = self.dissolve(b);
        let k = children.len();
        let i = children.iter().position(|&c| c == entry_child).expect("entry child");
        self.mark_inner(entry_child, t, s, entry);
        // Walk from the entry child to the base child (index 0 = k) an even number of links.
        let forward = i % 2 == 1;
        let mut j = i;
        while j % k != 0 {
            // The matched link from child j to the next one on the path: that one turns outer.
            let (next, after) = if forward { (j + 1, j + 2) } else { (j - 1, j - 2) };
            let outer = children[next % k];
            self.label_outer(outer, t);
            // The unmatched link from the outer child to the following one, which turns inner.
            let inner = children[after % k];
            let (x, y) = if forward { links[next % k] } else { links[after] };
            let (in_outer, in_inner) = if forward { (x, y) } else { (y, x) };
            self.mark_inner(inner, t, in_outer, in_inner);
            j = after;
        }
        for c in children {
            if self.label_of(c) == Label::Unlabelled {
                self.scan(c);
            }
        }
    }

    fn into_solved(mut self) -> Solved {
        // The lists and the queue are done with: the answer's arrays take their memory.
        self.adjacent = Vec::new();
        self.events = Events::default();
        let duals: Vec<i64> = (0..self.n as u32).map(|v| self.vertex_dual(v)).collect();
        for b in self.n..self.n + self.label.items.len() {
            if self.parent[b] == NONE && !self.children[b].is_empty() {
                self.blossom_dual[b] = self.top_blossom_dual(b as u32);
            }
        }
        let blossoms = self.positive_forest();
        Solved { mate: self.vertex.iter().map(|record| record.mate).collect(), vertex_duals: duals, blossoms }
    }

    /// The blossoms with a positive dual as a forest (see [`Solved::blossoms`]): one walk down
    /// the nesting from each top-level blossom, in `O(n)`. The walk numbers the blossoms parents
    /// first; the list reverses that order.
    fn positive_forest(&self) -> Vec<(Vec<u32>, Option<usize>, i64)> {
        let mut found: Vec<(Vec<u32>, Option<usize>, i64)> = Vec::new();
        for top in self.n..self.n + self.label.items.len() {
            if self.parent[top] != NONE || self.children[top].is_empty() {
                continue;
            }
            // (blossom, the walk number of the nearest positive blossom holding it)
            let mut pending: Vec<(u32, Option<usize>)> = vec![(top as u32, None)];
            while let Some((b, holder)) = pending.pop() {
                let i = b as usize;
                if i < self.n {
                    if let Some(h) = holder {
                        found[h].0.push(b);
                    }
                    continue;
                }
                let holder = if self.blossom_dual[i] > 0 {
                    found.push((Vec::new(), holder, self.blossom_dual[i]));
                    Some(found.len() - 1)
                } else {
                    holder
                };
                pending.extend(self.children[i].iter().map(|&c| (c, holder)));
            }
        }
        let last = found.len().saturating_sub(1);
        found
            .into_iter()
            .rev()
            .map(|(mut own, parent, dual)| {
                own.sort_unstable();
                (own, parent.map(|p| last - p), dual)
            })
            .collect()
    }
}
