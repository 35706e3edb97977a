//! General graphs in the Library Checker `general_matching` format: `N M`, then M lines `u v`
//! (0-indexed, no self-loops; N ≥ 1).

use std::collections::HashSet;
use std::fmt::Write;

use clap::{Args, ValueEnum};

use super::{Span, size_or};
use crate::rng::Rng;

/// A graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchingInput {
    /// Vertices `0..n` (n ≥ 1).
    pub n: usize,
    /// Edges `(u, v)`, `u != v`, in input order.
    pub edges: Vec<(u32, u32)>,
}

impl MatchingInput {
    /// The input text.
    pub fn render(&self) -> String {
        let mut out = format!("{} {}\n", self.n, self.edges.len());
        for (u, v) in &self.edges {
            let _ = writeln!(out, "{u} {v}");
        }
        out
    }

    /// `N vertices, M edges`.
    pub fn describe(&self) -> String {
        format!("{} vertices, {} edges", self.n, self.edges.len())
    }
}

/// The family of graphs to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Family {
    /// Each case picks one of the families below.
    Mixed,
    /// N vertices, M random edges.
    Random,
    /// A path.
    Path,
    /// A cycle (odd cycles are the smallest blossoms).
    Cycle,
    /// A random tree.
    Tree,
    /// The complete graph.
    Complete,
    /// A random bipartite graph.
    Bipartite,
    /// Odd cycles (triangles, pentagons) hung on a path: nested blossoms for the augmenting search.
    Blossoms,
    /// A grid graph with random holes.
    Grid,
}

/// Generator options of `matching`.
#[derive(Debug, Clone, Args)]
pub struct MatchingOptions {
    /// Vertices N [default: 1..=10, one case in 20: 1..=300].
    #[arg(long, value_name = "SPAN")]
    pub n: Option<Span>,
    /// Edges M of the `random` and `bipartite` families [default: 0..=2N].
    #[arg(long, value_name = "SPAN")]
    pub m: Option<Span>,
    /// Graph family.
    #[arg(long, value_enum, default_value_t = Family::Mixed)]
    pub family: Family,
}

impl Default for MatchingOptions {
    fn default() -> Self {
        Self { n: None, m: None, family: Family::Mixed }
    }
}

impl MatchingOptions {
    /// Checks the sizes against the solver's limits.
    pub fn validate(&self) -> Result<(), String> {
        if self.n.is_some_and(|s| s.lo == 0 || s.hi > 1_000_000) {
            return Err("--n: 1..=1000000".into());
        }
        if self.m.is_some_and(|s| s.hi > 10_000_000) {
            return Err("--m: at most 10^7".into());
        }
        Ok(())
    }
}

/// `m` distinct random edges on `n` vertices, no loops, endpoints drawn by remainder
/// ([`Rng::below_mod`]), each edge in the order drawn (a benchmark graph; `m` ≤ n(n−1)/2).
pub fn sparse(rng: &mut Rng, n: usize, m: usize) -> MatchingInput {
    let mut seen = HashSet::with_capacity(m);
    let mut edges = Vec::with_capacity(m);
    while edges.len() < m {
        let (u, v) = (rng.below_mod(n as u64) as u32, rng.below_mod(n as u64) as u32);
        if u != v && seen.insert((u.min(v), u.max(v))) {
            edges.push((u, v));
        }
    }
    MatchingInput { n, edges }
}

/// A side × side grid with about 3% of the cells removed, 4-neighbour edges, and one random
/// diagonal in half of the unit squares; edges only between kept cells, kept cells numbered densely
/// row-major (a benchmark graph; draws by remainder, [`Rng::below_mod`]).
pub fn holed_grid(rng: &mut Rng, side: usize) -> MatchingInput {
    let kept: Vec<bool> = (0..side * side).map(|_| rng.below_mod(100) >= 3).collect();
    let mut id = vec![u32::MAX; side * side];
    let mut n = 0;
    for (cell, _) in kept.iter().enumerate().filter(|(_, k)| **k) {
        id[cell] = n as u32;
        n += 1;
    }
    let mut edges = Vec::new();
    let mut link = |a: usize, b: usize| {
        if kept[a] && kept[b] {
            edges.push((id[a], id[b]));
        }
    };
    for r in 0..side {
        for c in 0..side {
            let cell = r * side + c;
            if c + 1 < side {
                link(cell, cell + 1);
            }
            if r + 1 < side {
                link(cell, cell + side);
            }
            if r + 1 < side && c + 1 < side && rng.below_mod(2) == 0 {
                if rng.below_mod(2) == 0 { link(cell, cell + side + 1) } else { link(cell + 1, cell + side) }
            }
        }
    }
    MatchingInput { n, edges }
}

/// Every pair `u < v` of `n` vertices joined with probability 1/2 (a benchmark graph; draws by
/// remainder, [`Rng::below_mod`]).
pub fn half_dense(rng: &mut Rng, n: usize) -> MatchingInput {
    let mut edges = Vec::new();
    for u in 0..n as u32 {
        for v in u + 1..n as u32 {
            if rng.below_mod(2) == 0 {
                edges.push((u, v));
            }
        }
    }
    MatchingInput { n, edges }
}

/// A random graph under `options`.
pub fn generate(options: &MatchingOptions, rng: &mut Rng) -> MatchingInput {
    let big = rng.one_in(20);
    let n = size_or(options.n, rng, big, Span::new(1, 10), Span::new(1, 300)).max(1) as usize;
    let family = match options.family {
        Family::Mixed => [
            Family::Random,
            Family::Random,
            Family::Random,
            Family::Path,
            Family::Cycle,
            Family::Tree,
            Family::Complete,
            Family::Bipartite,
            Family::Blossoms,
            Family::Grid,
        ][rng.below(10) as usize],
        f => f,
    };
    let m = |rng: &mut Rng| options.m.unwrap_or(Span::new(0, 2 * n as u64)).pick(rng) as usize;
    let mut edges: Vec<(usize, usize)> = Vec::new();
    match family {
        Family::Random | Family::Mixed => {
            if n >= 2 {
                for _ in 0..m(rng) {
                    let u = rng.range_usize(0, n - 1);
                    let mut v = rng.range_usize(0, n - 2);
                    if v >= u {
                        v += 1;
                    }
                    edges.push((u, v));
                }
            }
        }
        Family::Path => edges.extend((1..n).map(|v| (v - 1, v))),
        Family::Cycle => {
            edges.extend((1..n).map(|v| (v - 1, v)));
            if n >= 3 {
                edges.push((n - 1, 0));
            }
        }
        Family::Tree => edges.extend((1..n).map(|v| (rng.range_usize(0, v - 1), v))),
        Family::Complete => {
            let n = n.min(40);
            edges.extend((0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))));
        }
        Family::Bipartite => {
            let left = n / 2;
            if left >= 1 && n - left >= 1 {
                for _ in 0..m(rng) {
                    edges.push((rng.range_usize(0, left - 1), rng.range_usize(left, n - 1)));
                }
            }
        }
        Family::Blossoms => {
            // A spine path; at spine vertices, odd cycles made of fresh vertices.
            let mut next = 0;
            let mut previous: Option<usize> = None;
            while next < n {
                let spine = next;
                next += 1;
                if let Some(p) = previous {
                    edges.push((p, spine));
                }
                previous = Some(spine);
                let extra = 2 * rng.range_usize(1, 2);
                if next + extra <= n {
                    let cycle: Vec<usize> = std::iter::once(spine).chain(next..next + extra).collect();
                    for w in cycle.windows(2) {
                        edges.push((w[0], w[1]));
                    }
                    edges.push((cycle[cycle.len() - 1], spine));
                    next += extra;
                }
            }
        }
        Family::Grid => {
            let side = (n as f64).sqrt().ceil() as usize;
            for v in 0..n {
                let (r, c) = (v / side, v % side);
                if c + 1 < side && v + 1 < n && !rng.one_in(5) {
                    edges.push((v, v + 1));
                }
                if v + side < n && !rng.one_in(5) {
                    edges.push((v, v + side));
                }
                let _ = r;
            }
        }
    }
    // Random labels, edge order and endpoint order: the structure is there, the layout is not.
    let n = if family == Family::Complete { n.min(40) } else { n };
    let mut label: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut label);
    rng.shuffle(&mut edges);
    let edges = edges
        .into_iter()
        .map(|(u, v)| {
            let (u, v) = (label[u] as u32, label[v] as u32);
            if rng.one_in(2) { (u, v) } else { (v, u) }
        })
        .collect();
    MatchingInput { n, edges }
}
