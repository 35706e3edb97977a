//! The primal–dual blossom engine: a maximum-weight matching of a simple graph with integer
//! gains, with the dual solution that proves it (Edmonds 1965; the stage structure of Galil's
//! survey "Efficient algorithms for finding maximum matching in graphs", 1986).
//!
//! # The linear program and its duals
//!
//! Maximum-weight matching is the linear program `max Σ w_e x_e` over `x ≥ 0` with
//! `x(δ(v)) ≤ 1` for every vertex and `x(E[B]) ≤ (|B| − 1) / 2` for every odd set `B`. Its dual
//! has a variable `y_v ≥ 0` per vertex and `z_B ≥ 0` per odd set. The engine stores them doubled,
//! so that every quantity is an integer:
//!
//! - `dual[v] = 2 y_v` for each vertex;
//! - `blossom_dual[b] = 2 z_B` for each nontrivial blossom `b` (always even: it moves by `2δ`);
//! - the doubled reduced cost of an edge `e = uv` is
//!   `slack(e) = dual[u] + dual[v] + Σ_{B ∋ u, v} blossom_dual[B] − 2 w_e`. For an edge between two
//!   different top-level blossoms no blossom contains both ends, so the sum is empty.
//!
//! # Invariants
//!
//! Between steps (checked by `verify`, which trusts none of them):
//!
//! 1. Dual feasibility: `slack(e) ≥ 0` for every edge, `dual[v] ≥ 0`, `blossom_dual[b] ≥ 0`.
//! 2. Every matched edge and every edge linking two consecutive children of a blossom is tight
//!    (`slack = 0`).
//! 3. Every blossom is full: its base is its only vertex not matched inside it, and the base's
//!    mate (if any) lies outside. Children are stored in cyclic order starting at the base child;
//!    `links[b][i]` is the edge `(x, y)`, `x` in `children[i]`, `y` in `children[i + 1 mod k]`; the
//!    links with an odd index are matched, the ones with an even index are not.
//! 4. All free vertices have the same dual, the smallest of all vertex duals (they are roots in
//!    every stage and move by the full `−δ` each time).
//! 5. Labels live on top-level blossoms. Every free base is the root of an outer tree; an inner
//!    blossom `t` records the edge `label_edge[t] = (s, x)` that reached it, `s` outer outside it,
//!    `x` inside it; an outer blossom that is not a root hangs below the inner blossom holding its
//!    base's mate. A matched pair of unlabelled blossoms is labelled together (inner, then its
//!    mate's blossom outer), so an unlabelled blossom always has a matched base.
//! 6. Parity: every vertex of a tree has a dual of the same parity as its root's (tree edges are
//!    tight and `blossom_dual` is even), so the slack of an edge between two outer vertices is
//!    even and `δ3` below is an integer.
//!
//! # A stage
//!
//! Every free vertex roots an outer tree. Scanning the outer vertices, a tight edge to an
//! unlabelled blossom grows the tree (the blossom turns inner, its mate's blossom outer); a tight
//! edge between two outer blossoms of the same tree closes a new blossom (outer, dual 0); between
//! two trees it gives an augmenting path, which is flipped (rotating each blossom on it so that the
//! path enters at its new base) and ends the stage. When no tight edge is left, the duals move by
//! the largest `δ` that keeps them feasible: outer vertices `−δ`, inner `+δ`, outer blossoms
//! `+2δ`, inner blossoms `−2δ`, with `δ` the least of
//!
//! - `δ1`: the free vertices' dual (at 0 no augmenting path can gain anything: the end);
//! - `δ2`: the slack of an edge from an outer vertex to an unlabelled blossom;
//! - `δ3`: half the slack of an edge between two different outer blossoms;
//! - `δ4`: half the dual of an inner blossom (at 0 it is expanded, its children labelled along
//!   the even path from where the tree enters to its base).
//!
//! After an augmentation every outer top-level blossom whose dual is 0 is expanded.
//!
//! # Bounds
//!
//! Duals start at `dual[v] = W = max(0, max w)`. `δ1` caps the total of all `δ` at `W`, so every
//! `dual[v]` stays in `[0, 2W]` and the blossom duals along any chain of nested blossoms sum to at
//! most `2W` (only the top one moves at a time). Every slack is then at most `8 max|w|`.
//!
//! # Cost
//!
//! There are at most `n/2` stages; a stage has `O(n)` dual steps, each costing one pass over the
//! edges to find `δ` (the edges that reach it are kept, and only their outer ends are scanned
//! again; an expansion rescans every outer vertex), so `O(n² m)` in all.

use grid_core::stop::{self, StopFlag, Stopped};

const NONE: u32 = u32::MAX;

/// The label of a top-level blossom within a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Not in any tree.
    Unlabelled,
    /// Outer (even distance from its root; `S` in the literature).
    Outer,
    /// Inner (odd distance; `T`).
    Inner,
}

/// Which bound limited a dual step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The free vertices' dual reached 0: the matching is optimal.
    Finished,
    /// An edge became tight (to an unlabelled blossom or between two outer blossoms).
    Tightened,
    /// This inner blossom's dual reached 0.
    Expand(u32),
}

/// The engine's answer: the mate array and the dual solution.
#[derive(Debug, Clone)]
pub(crate) struct Solved {
    /// `mate[v]`: `v`'s partner or `NONE`.
    pub mate: Vec<u32>,
    /// `2 y_v`.
    pub vertex_duals: Vec<i64>,
    /// Each blossom with a positive dual: its vertices (increasing) and `2 z_B`.
    pub blossoms: Vec<(Vec<u32>, i64)>,
}

/// One edge of the simple graph the engine solves: ends and gain.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GainEdge {
    /// One end.
    pub u: u32,
    /// The other end.
    pub v: u32,
    /// The gain `w` (the engine maximises the total).
    pub gain: i64,
}

/// The mutable state of one run. Blossom ids: `0..n` are the vertices (trivial blossoms),
/// `n..2n` the nontrivial ones, reused after expansion.
struct Engine<'a> {
    n: usize,
    edges: &'a [GainEdge],
    /// CSR adjacency: the edge ids at `v` are `adjacent[first[v]..first[v + 1]]`.
    first: Vec<usize>,
    adjacent: Vec<u32>,
    mate: Vec<u32>,
    dual: Vec<i64>,
    /// Per blossom id: the enclosing blossom, or `NONE` at top level.
    parent: Vec<u32>,
    children: Vec<Vec<u32>>,
    links: Vec<Vec<(u32, u32)>>,
    base: Vec<u32>,
    blossom_dual: Vec<i64>,
    label: Vec<Label>,
    label_edge: Vec<(u32, u32)>,
    /// Per vertex: its top-level blossom.
    top: Vec<u32>,
    unused_ids: Vec<u32>,
    queue: Vec<u32>,
    /// The edges whose bound equals the last dual step's `δ2`/`δ3` (tight after it).
    tightened: Vec<u32>,
    /// Marks of the common-ancestor walk (`mark[b] == stamp`).
    mark: Vec<u32>,
    stamp: u32,
}

/// A maximum-weight matching of the simple graph on `0..n` with `edges` (no self-loops, no pair
/// twice), with its doubled dual solution. Gains must satisfy `|w| <= 2^60`.
/// `stop` is checked before each stage.
pub(crate) fn solve(n: usize, edges: &[GainEdge], stop: StopFlag<'_>) -> Result<Solved, Stopped> {
    let mut engine = Engine::new(n, edges);
    engine.run(stop)?;
    Ok(engine.into_solved())
}

impl<'a> Engine<'a> {
    fn new(n: usize, edges: &'a [GainEdge]) -> Self {
        let mut first = vec![0usize; n + 1];
        for e in edges {
            first[e.u as usize + 1] += 1;
            first[e.v as usize + 1] += 1;
        }
        for v in 0..n {
            first[v + 1] += first[v];
        }
        let mut fill = first.clone();
        let mut adjacent = vec![0u32; first[n]];
        for (k, e) in edges.iter().enumerate() {
            for end in [e.u, e.v] {
                adjacent[fill[end as usize]] = k as u32;
                fill[end as usize] += 1;
            }
        }
        let top_weight = edges.iter().map(|e| e.gain).max().unwrap_or(0).max(0);
        let ids = 2 * n;
        Self {
            n,
            edges,
            first,
            adjacent,
            mate: vec![NONE; n],
            dual: vec![top_weight; n],
            parent: vec![NONE; ids],
            children: vec![Vec::new(); ids],
            links: vec![Vec::new(); ids],
            base: (0..ids as u32).map(|b| if (b as usize) < n { b } else { NONE }).collect(),
            blossom_dual: vec![0; ids],
            label: vec![Label::Unlabelled; ids],
            label_edge: vec![(NONE, NONE); ids],
            top: (0..n as u32).collect(),
            unused_ids: (n as u32..ids as u32).rev().collect(),
            queue: Vec::new(),
            tightened: Vec::new(),
            mark: vec![0; ids],
            stamp: 0,
        }
    }

    /// The other end of edge `k` seen from `v`.
    fn other(&self, k: u32, v: u32) -> u32 {
        let e = &self.edges[k as usize];
        if e.u == v { e.v } else { e.u }
    }

    /// The doubled reduced cost of edge `k`, whose ends lie in different top-level blossoms.
    fn slack(&self, k: u32) -> i64 {
        let e = &self.edges[k as usize];
        self.dual[e.u as usize] + self.dual[e.v as usize] - 2 * e.gain
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

    /// The stages, until the free vertices' dual reaches 0 or none is left, or `stop` is set.
    fn run(&mut self, stop: StopFlag<'_>) -> Result<(), Stopped> {
        loop {
            stop::check(stop)?;
            for b in 0..2 * self.n {
                self.label[b] = Label::Unlabelled;
            }
            self.queue.clear();
            let mut roots = false;
            for v in 0..self.n as u32 {
                if self.mate[v as usize] == NONE {
                    let b = self.top[v as usize];
                    debug_assert_eq!(self.base[b as usize], v);
                    self.label_outer(b);
                    roots = true;
                }
            }
            if !roots || !self.stage() {
                return Ok(());
            }
            self.expand_zero_outer_blossoms();
        }
    }

    /// Labels the top-level blossom `b` outer and queues its vertices.
    fn label_outer(&mut self, b: u32) {
        self.label[b as usize] = Label::Outer;
        let mut vertices = Vec::new();
        self.leaves(b, &mut vertices);
        self.queue.extend(vertices);
    }

    /// Queues every outer vertex again, to find the edges a dual step or an expansion made tight.
    fn requeue_outer(&mut self) {
        self.queue.clear();
        for v in 0..self.n as u32 {
            if self.label[self.top[v as usize] as usize] == Label::Outer {
                self.queue.push(v);
            }
        }
    }

    /// Queues the outer ends of the edges the last dual step made tight: the only edges between
    /// an outer vertex and a non-inner blossom that became tight (every other slack of that kind
    /// was positive and fell by less than itself, or was already 0 and scanned).
    fn queue_tightened(&mut self) {
        self.queue.clear();
        for i in 0..self.tightened.len() {
            let e = self.edges[self.tightened[i] as usize];
            for end in [e.u, e.v] {
                if self.label[self.top[end as usize] as usize] == Label::Outer {
                    self.queue.push(end);
                }
            }
        }
    }

    /// One stage; true when it augmented, false when the free vertices' dual reached 0.
    fn stage(&mut self) -> bool {
        loop {
            while let Some(v) = self.queue.pop() {
                for i in self.first[v as usize]..self.first[v as usize + 1] {
                    let k = self.adjacent[i];
                    let u = self.other(k, v);
                    // Both tops are read afresh: a blossom closed by an earlier edge of `v` may
                    // have absorbed either end.
                    let (bv, bu) = (self.top[v as usize], self.top[u as usize]);
                    if bu == bv || self.slack(k) != 0 {
                        continue;
                    }
                    match self.label[bu as usize] {
                        Label::Inner => {}
                        Label::Unlabelled => self.label_inner(bu, v, u),
                        Label::Outer => match self.common_ancestor(bv, bu) {
                            Some(ancestor) => self.add_blossom(ancestor, v, u),
                            None => {
                                self.augment(v, u);
                                return true;
                            }
                        },
                    }
                }
            }
            match self.dual_step() {
                Step::Finished => return false,
                Step::Tightened => self.queue_tightened(),
                Step::Expand(b) => {
                    // Edges from outer vertices into the children left unlabelled may be tight.
                    self.expand_inner(b);
                    self.requeue_outer();
                }
            }
        }
    }

    /// The unlabelled blossom `b`, reached by the tight edge `s – x` (`s` outer, `x` in `b`),
    /// turns inner; its base's mate's blossom turns outer.
    fn label_inner(&mut self, b: u32, s: u32, x: u32) {
        self.label[b as usize] = Label::Inner;
        self.label_edge[b as usize] = (s, x);
        let base_mate = self.mate[self.base[b as usize] as usize];
        debug_assert_ne!(base_mate, NONE);
        let outer = self.top[base_mate as usize];
        debug_assert_eq!(self.label[outer as usize], Label::Unlabelled);
        self.label_outer(outer);
    }

    /// The outer blossom two levels above the outer blossom `b` in its tree, or `None` at a root.
    fn grandparent(&self, b: u32) -> Option<u32> {
        let base_mate = self.mate[self.base[b as usize] as usize];
        if base_mate == NONE {
            return None;
        }
        let inner = self.top[base_mate as usize];
        Some(self.top[self.label_edge[inner as usize].0 as usize])
    }

    /// The nearest common outer ancestor of the outer blossoms `a` and `b`, or `None` when they
    /// lie in different trees. Walks up both sides in turn, so it costs at most twice the shorter
    /// path to the meeting point plus the other's length.
    fn common_ancestor(&mut self, a: u32, b: u32) -> Option<u32> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let mut sides = [Some(a), Some(b)];
        let mut turn = 0;
        while sides[0].is_some() || sides[1].is_some() {
            if let Some(x) = sides[turn] {
                if self.mark[x as usize] == self.stamp {
                    return Some(x);
                }
                self.mark[x as usize] = self.stamp;
                sides[turn] = self.grandparent(x);
            }
            turn ^= 1;
        }
        None
    }

    /// The link from blossom `b` (outer or inner, not a root) to the blossom above it in its
    /// tree: `(vertex in b, vertex above)`.
    fn link_up(&self, b: u32) -> (u32, u32) {
        match self.label[b as usize] {
            Label::Inner => {
                let (s, x) = self.label_edge[b as usize];
                (x, s)
            }
            _ => {
                let base = self.base[b as usize];
                (base, self.mate[base as usize])
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
            b = self.top[up.1 as usize];
        }
        path
    }

    /// The tight edge `v – u` between two outer blossoms of one tree closes the cycle through
    /// their common ancestor: it becomes a new outer blossom with dual 0, based at the ancestor's
    /// base, and its inner vertices turn outer (queued).
    fn add_blossom(&mut self, ancestor: u32, v: u32, u: u32) {
        let v_side = self.path_up(self.top[v as usize], ancestor);
        let u_side = self.path_up(self.top[u as usize], ancestor);
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
        let id = self.unused_ids.pop().expect("at most n/2 nontrivial blossoms at once");
        let mut newly_outer = Vec::new();
        for &c in &children {
            self.parent[c as usize] = id;
            if self.label[c as usize] == Label::Inner {
                self.leaves(c, &mut newly_outer);
            }
        }
        self.base[id as usize] = self.base[ancestor as usize];
        self.blossom_dual[id as usize] = 0;
        self.label[id as usize] = Label::Outer;
        self.children[id as usize] = children;
        self.links[id as usize] = links;
        for w in self.vertices_of(id) {
            self.top[w as usize] = id;
        }
        self.queue.extend(newly_outer);
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
                self.mate[x as usize] = y;
                self.mate[y as usize] = x;
            }
            self.children[b as usize].rotate_left(i);
            self.links[b as usize].rotate_left(i);
            self.base[b as usize] = v;
        }
    }

    /// Flips the augmenting path made of the tight edge `v – u` between two trees and the tree
    /// paths from `v` and `u` to their roots.
    fn augment(&mut self, v: u32, u: u32) {
        for (start, partner) in [(v, u), (u, v)] {
            let (mut x, mut partner) = (start, partner);
            loop {
                let b = self.top[x as usize];
                let old_base = self.base[b as usize];
                let old_mate = self.mate[old_base as usize];
                self.rotate(b, x);
                self.mate[x as usize] = partner;
                if old_mate == NONE {
                    break;
                }
                let inner = self.top[old_mate as usize];
                let (s, entry) = self.label_edge[inner as usize];
                self.rotate(inner, entry);
                self.mate[entry as usize] = s;
                (x, partner) = (s, entry);
            }
        }
    }

    /// Computes `δ` and moves the duals by it.
    fn dual_step(&mut self) -> Step {
        let free_dual = (0..self.n)
            .filter(|&v| self.label[self.top[v] as usize] == Label::Outer)
            .map(|v| self.dual[v])
            .min()
            .expect("a stage has outer vertices");
        let (mut delta, mut step) = (free_dual, Step::Finished);
        self.tightened.clear();
        for (k, e) in self.edges.iter().enumerate() {
            let (bu, bv) = (self.top[e.u as usize], self.top[e.v as usize]);
            if bu == bv {
                continue;
            }
            let labels = (self.label[bu as usize], self.label[bv as usize]);
            let bound = match labels {
                (Label::Outer, Label::Outer) => {
                    let slack = self.slack(k as u32);
                    debug_assert_eq!(slack % 2, 0, "invariant 6");
                    slack / 2
                }
                (Label::Outer, Label::Unlabelled) | (Label::Unlabelled, Label::Outer) => self.slack(k as u32),
                _ => continue,
            };
            if bound < delta {
                (delta, step) = (bound, Step::Tightened);
                self.tightened.clear();
            }
            if bound == delta {
                self.tightened.push(k as u32);
            }
        }
        for b in self.n..2 * self.n {
            if self.parent[b] == NONE && !self.children[b].is_empty() && self.label[b] == Label::Inner {
                let bound = self.blossom_dual[b] / 2;
                if bound < delta {
                    (delta, step) = (bound, Step::Expand(b as u32));
                }
            }
        }
        for v in 0..self.n {
            match self.label[self.top[v] as usize] {
                Label::Outer => self.dual[v] -= delta,
                Label::Inner => self.dual[v] += delta,
                Label::Unlabelled => {}
            }
        }
        for b in self.n..2 * self.n {
            if self.parent[b] == NONE && !self.children[b].is_empty() {
                match self.label[b] {
                    Label::Outer => self.blossom_dual[b] += 2 * delta,
                    Label::Inner => self.blossom_dual[b] -= 2 * delta,
                    Label::Unlabelled => {}
                }
            }
        }
        step
    }

    /// Removes the top-level blossom `b`: its children become top-level (unlabelled) and its id
    /// is free again. Returns the children in cyclic order (base child first) and the links.
    fn dissolve(&mut self, b: u32) -> (Vec<u32>, Vec<(u32, u32)>) {
        let children = std::mem::take(&mut self.children[b as usize]);
        let links = std::mem::take(&mut self.links[b as usize]);
        for &c in &children {
            self.parent[c as usize] = NONE;
            self.label[c as usize] = Label::Unlabelled;
            for w in self.vertices_of(c) {
                self.top[w as usize] = c;
            }
        }
        self.blossom_dual[b as usize] = 0;
        self.label[b as usize] = Label::Unlabelled;
        self.base[b as usize] = NONE;
        self.unused_ids.push(b);
        (children, links)
    }

    /// Expands the inner blossom `b` (its dual is 0): the children on the even path from where
    /// the tree enters `b` to its base child are labelled inner, outer, …, inner; the others are
    /// left unlabelled (a later scan labels them if a tight edge reaches them).
    fn expand_inner(&mut self, b: u32) {
        let (s, entry) = self.label_edge[b as usize];
        let mut entry_child = entry;
        while self.parent[entry_child as usize] != b {
            entry_child = self.parent[entry_child as usize];
        }
        let (children, links) = self.dissolve(b);
        let k = children.len();
        let i = children.iter().position(|&c| c == entry_child).expect("entry child");
        self.label[entry_child as usize] = Label::Inner;
        self.label_edge[entry_child as usize] = (s, entry);
        // Walk from the entry child to the base child (index 0 = k) an even number of links.
        let forward = i % 2 == 1;
        let mut j = i;
        while j % k != 0 {
            // The matched link from child j to the next one on the path: that one turns outer.
            let (next, after) = if forward { (j + 1, j + 2) } else { (j - 1, j - 2) };
            let outer = children[next % k];
            self.label_outer(outer);
            // The unmatched link from the outer child to the following one, which turns inner.
            let inner = children[after % k];
            let (x, y) = if forward { links[next % k] } else { links[after] };
            let (in_outer, in_inner) = if forward { (x, y) } else { (y, x) };
            self.label[inner as usize] = Label::Inner;
            self.label_edge[inner as usize] = (in_outer, in_inner);
            j = after;
        }
    }

    /// After an augmentation: expands every outer top-level blossom whose dual is 0, and the
    /// children with dual 0 it uncovers, so that no zero-dual blossom survives a stage at top level.
    fn expand_zero_outer_blossoms(&mut self) {
        let mut pending: Vec<u32> = (self.n..2 * self.n)
            .filter(|&b| {
                self.parent[b] == NONE
                    && !self.children[b].is_empty()
                    && self.label[b] == Label::Outer
                    && self.blossom_dual[b] == 0
            })
            .map(|b| b as u32)
            .collect();
        while let Some(b) = pending.pop() {
            let (children, _) = self.dissolve(b);
            pending.extend(
                children.into_iter().filter(|&c| c as usize >= self.n && self.blossom_dual[c as usize] == 0),
            );
        }
    }

    fn into_solved(self) -> Solved {
        let blossoms = (self.n..2 * self.n)
            .filter(|&b| !self.children[b].is_empty() && self.blossom_dual[b] > 0)
            .map(|b| {
                let mut vertices = self.vertices_of(b as u32);
                vertices.sort_unstable();
                (vertices, self.blossom_dual[b])
            })
            .collect();
        Solved { mate: self.mate, vertex_duals: self.dual, blossoms }
    }
}
