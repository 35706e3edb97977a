//! General graphs in the Library Checker `general_matching` format: `N M`, then M lines `u v`
//! (0-indexed, no self-loops; N ≥ 1).

use clap::{Args, ValueEnum};
use rayon::prelude::*;

use crate::generate::{CaseSize, Span, size_or};
use crate::rng::{Rng, case_seed};

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
    ///
    /// Written byte by byte with a small integer formatter (no `fmt` machinery), into a buffer sized
    /// once: the 10^7-vertex presets are hundreds of megabytes.
    pub fn render(&self) -> String {
        let digits = decimal_digits(self.n as u64);
        let mut out = Vec::with_capacity(42 + self.edges.len() * (2 * digits + 2));
        push_decimal(&mut out, self.n as u64);
        out.push(b' ');
        push_decimal(&mut out, self.edges.len() as u64);
        out.push(b'\n');
        for &(u, v) in &self.edges {
            push_decimal(&mut out, u64::from(u));
            out.push(b' ');
            push_decimal(&mut out, u64::from(v));
            out.push(b'\n');
        }
        String::from_utf8(out).expect("decimal digits, spaces and newlines are ASCII")
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

/// Number of decimal digits of `x`.
fn decimal_digits(mut x: u64) -> usize {
    let mut digits = 1;
    while x >= 10 {
        x /= 10;
        digits += 1;
    }
    digits
}

/// The decimal digits of 0..100, two bytes each.
const DIGIT_PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Appends `x` in decimal (two digits per division).
pub(crate) fn push_decimal(out: &mut Vec<u8>, mut x: u64) {
    let mut buffer = [0u8; 20];
    let mut start = buffer.len();
    while x >= 100 {
        let pair = (x % 100) as usize * 2;
        x /= 100;
        start -= 2;
        buffer[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if x >= 10 {
        start -= 2;
        buffer[start..start + 2].copy_from_slice(&DIGIT_PAIRS[x as usize * 2..x as usize * 2 + 2]);
    } else {
        start -= 1;
        buffer[start] = b'0' + x as u8;
    }
    out.extend_from_slice(&buffer[start..]);
}

/// A set of undirected edges for [`sparse`]: open addressing over `u64` keys `min << 32 | max`
/// (never 0, as `min != max`, so 0 marks an empty slot), at most half full. Much faster than a
/// `HashSet` of pairs for the 3·10^7 edges of the biggest preset.
struct EdgeSet {
    slots: Vec<u64>,
    mask: usize,
}

impl EdgeSet {
    fn with_capacity(edges: usize) -> Self {
        let size = (2 * edges).next_power_of_two().max(16);
        Self { slots: vec![0; size], mask: size - 1 }
    }

    /// Adds the edge `uv` (`u != v`); whether it was new.
    fn insert(&mut self, u: u32, v: u32) -> bool {
        let key = u64::from(u.min(v)) << 32 | u64::from(u.max(v));
        let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask;
        loop {
            match self.slots[slot] {
                0 => {
                    self.slots[slot] = key;
                    return true;
                }
                k if k == key => return false,
                _ => slot = (slot + 1) & self.mask,
            }
        }
    }
}

/// `m` distinct random edges on `n` vertices, no loops, endpoints drawn by remainder
/// ([`Rng::below_mod`]), each edge in the order drawn (a benchmark graph; `m` ≤ n(n−1)/2).
pub fn sparse(rng: &mut Rng, n: usize, m: usize) -> MatchingInput {
    let mut seen = EdgeSet::with_capacity(m);
    let mut edges = Vec::with_capacity(m);
    while edges.len() < m {
        let (u, v) = (rng.below_mod(n as u64) as u32, rng.below_mod(n as u64) as u32);
        if u != v && seen.insert(u, v) {
            edges.push((u, v));
        }
    }
    MatchingInput { n, edges }
}

/// R-MAT quadrant thresholds of Graph500 (a = .57, b = .19, c = .19, d = .05) in 1/65536.
const RMAT_THRESHOLDS: [u64; 3] = [37_355, 49_807, 62_259];

/// Edges drawn per parallel chunk of [`rmat`] (each chunk has its own seeded stream, so the graph
/// does not depend on the number of threads).
const RMAT_CHUNK: usize = 1 << 16;

/// An R-MAT (Kronecker) graph as Graph500 draws it: `2^scale` vertices and `edge_factor · 2^scale`
/// edge draws, each descending `scale` levels of the adjacency matrix into quadrant a = .57,
/// b = .19, c = .19 or d = .05. Self-loops and repeated edges are dropped (so there are fewer edges
/// than draws), the vertex ids are permuted at random (as Graph500 does, by a seeded bijective hash, so that ids carry no
/// degree order) and the edges are listed in random order. A benchmark graph: a few hubs of huge
/// degree, many isolated vertices, like a social network.
pub fn rmat(rng: &mut Rng, scale: u32, edge_factor: usize) -> MatchingInput {
    assert!((1..=31).contains(&scale), "R-MAT scale in 1..=31");
    let n = 1usize << scale;
    let draws = edge_factor * n;
    let base = rng.next_u64();
    let mut keys: Vec<u64> = (0..draws.div_ceil(RMAT_CHUNK))
        .into_par_iter()
        .flat_map_iter(|chunk| {
            let mut rng = Rng::new(case_seed(base, chunk as u64));
            let count = RMAT_CHUNK.min(draws - chunk * RMAT_CHUNK);
            (0..count).filter_map(move |_| {
                let (mut u, mut v) = (0u64, 0u64);
                let mut bits = 0u64;
                for level in 0..scale {
                    if level % 4 == 0 {
                        bits = rng.next_u64();
                    }
                    let r = bits & 0xFFFF;
                    bits >>= 16;
                    // The quadrant 0..=3 without branches (they would be unpredictable): bit 1
                    // is u's, bit 0 is v's.
                    let q = RMAT_THRESHOLDS.iter().map(|&t| u64::from(r >= t)).sum::<u64>();
                    let (du, dv) = (q >> 1, q & 1);
                    u = u << 1 | du;
                    v = v << 1 | dv;
                }
                (u != v).then(|| u.min(v) << 32 | u.max(v))
            })
        })
        .collect();
    keys.par_sort_unstable();
    keys.dedup();
    // A seeded permutation of 0..2^scale computed, not looked up (a table lookup per endpoint is
    // a cache miss each): odd multiplications and xor-shifts modulo 2^scale are bijections.
    let (mask, shift) = (n as u64 - 1, scale.div_ceil(2));
    let (m1, m2, add) = (rng.next_u64() | 1, rng.next_u64() | 1, rng.next_u64());
    let label = move |x: u64| {
        let x = x.wrapping_mul(m1) & mask;
        let x = x ^ (x >> shift);
        let x = x.wrapping_mul(m2).wrapping_add(add) & mask;
        (x ^ (x >> shift)) as u32
    };
    let mut edges: Vec<(u32, u32)> =
        keys.par_iter().map(|&k| (label(k >> 32), label(k & 0xFFFF_FFFF))).collect();
    drop(keys);
    rng.shuffle(&mut edges);
    MatchingInput { n, edges }
}

/// A uniform random number in `[0, 1)` with 53 bits.
pub(crate) fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A random geometric graph: `n` points uniform in the unit square, two joined when they are at
/// distance at most `r`, with `r` chosen so that a vertex has `degree` neighbours on average
/// (`n·π·r² = degree`). Vertex `i` is the `i`-th point drawn (so ids carry no position order) and
/// the edges are listed in random order. A benchmark graph: local, clustered, many small blossoms.
pub fn geometric(rng: &mut Rng, n: usize, degree: f64) -> MatchingInput {
    let points: Vec<(f64, f64)> = (0..n).map(|_| (unit(rng), unit(rng))).collect();
    let r2 = degree / (std::f64::consts::PI * n as f64);
    // Cells of side ≥ r: a point's neighbours lie in its own cell or the 8 around it.
    let side = ((1.0 / r2.sqrt()).floor() as usize).clamp(1, 1 << 15);
    let cell_of = |(x, y): (f64, f64)| {
        let (cx, cy) =
            (((x * side as f64) as usize).min(side - 1), ((y * side as f64) as usize).min(side - 1));
        cy * side + cx
    };
    // Counting sort of the points by cell.
    let mut start = vec![0u32; side * side + 1];
    for &p in &points {
        start[cell_of(p) + 1] += 1;
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut fill = start.clone();
    let mut by_cell = vec![0u32; n];
    for (i, &p) in points.iter().enumerate() {
        let c = cell_of(p);
        by_cell[fill[c] as usize] = i as u32;
        fill[c] += 1;
    }
    drop(fill);
    let members = |cell: usize| &by_cell[start[cell] as usize..start[cell + 1] as usize];
    let near = |a: u32, b: u32| {
        let ((xa, ya), (xb, yb)) = (points[a as usize], points[b as usize]);
        (xa - xb) * (xa - xb) + (ya - yb) * (ya - yb) <= r2
    };
    let mut edges: Vec<(u32, u32)> = (0..side)
        .into_par_iter()
        .flat_map_iter(|cy| {
            let mut row = Vec::new();
            for cx in 0..side {
                let here = members(cy * side + cx);
                for (k, &a) in here.iter().enumerate() {
                    row.extend(here[k + 1..].iter().filter(|&&b| near(a, b)).map(|&b| (a, b)));
                }
                // The half neighbourhood: right, and the three cells of the next row.
                for (dx, dy) in [(1isize, 0usize), (-1, 1), (0, 1), (1, 1)] {
                    let (nx, ny) = (cx as isize + dx, cy + dy);
                    if nx < 0 || nx as usize >= side || ny >= side {
                        continue;
                    }
                    let there = members(ny * side + nx as usize);
                    for &a in here {
                        row.extend(there.iter().filter(|&&b| near(a, b)).map(|&b| (a, b)));
                    }
                }
            }
            row
        })
        .collect();
    rng.shuffle(&mut edges);
    MatchingInput { n, edges }
}

/// A Delaunay-like planar triangulation: a side × side grid of points, each moved by a random
/// jitter of up to 0.35 in both coordinates, joined to its right and lower neighbours, and each
/// unit square cut by its shorter diagonal (the Delaunay choice for four such points). About `3n`
/// edges, every face a triangle. Vertex ids are a random permutation and the edges are listed in
/// random order, as for a mesh of random points. A benchmark graph.
pub fn planar(rng: &mut Rng, side: usize) -> MatchingInput {
    let n = side * side;
    let points: Vec<(f64, f64)> = (0..n)
        .map(|i| ((i / side) as f64 + 0.7 * unit(rng) - 0.35, (i % side) as f64 + 0.7 * unit(rng) - 0.35))
        .collect();
    let mut label: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut label);
    let distance2 = |a: usize, b: usize| {
        let ((xa, ya), (xb, yb)) = (points[a], points[b]);
        (xa - xb) * (xa - xb) + (ya - yb) * (ya - yb)
    };
    let mut edges = Vec::with_capacity(3 * n);
    for r in 0..side {
        for c in 0..side {
            let v = r * side + c;
            if c + 1 < side {
                edges.push((label[v], label[v + 1]));
            }
            if r + 1 < side {
                edges.push((label[v], label[v + side]));
            }
            if r + 1 < side && c + 1 < side {
                if distance2(v, v + side + 1) <= distance2(v + 1, v + side) {
                    edges.push((label[v], label[v + side + 1]));
                } else {
                    edges.push((label[v + 1], label[v + side]));
                }
            }
        }
    }
    rng.shuffle(&mut edges);
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
    let case = CaseSize::draw(rng);
    let n = size_or(options.n, rng, case, Span::new(1, 10), Span::new(1, 300)).max(1) as usize;
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

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// Every edge in range, no self-loop, no edge twice (in either orientation); the edge set.
    fn simple_edges(g: &MatchingInput) -> HashSet<(u32, u32)> {
        let mut seen = HashSet::new();
        for &(u, v) in &g.edges {
            assert!((u as usize) < g.n && (v as usize) < g.n && u != v, "bad edge {u} {v}");
            assert!(seen.insert((u.min(v), u.max(v))), "edge {u} {v} twice");
        }
        seen
    }

    #[test]
    fn render_writes_the_lc_format() {
        let g = MatchingInput { n: 12_345, edges: vec![(0, 9), (10, 12_344), (100, 99)] };
        assert_eq!(g.render(), "12345 3\n0 9\n10 12344\n100 99\n");
        let mut out = Vec::new();
        for x in [0, 7, 10, 99, 100, 101, 4_294_967_295, u64::MAX] {
            out.clear();
            push_decimal(&mut out, x);
            assert_eq!(out, x.to_string().into_bytes());
            assert_eq!(decimal_digits(x), x.to_string().len());
        }
    }

    #[test]
    fn sparse_graphs_are_simple_and_seeded() {
        let g = sparse(&mut Rng::new(5), 50, 400);
        assert_eq!((g.n, simple_edges(&g).len()), (50, 400));
        assert_eq!(g, sparse(&mut Rng::new(5), 50, 400));
        assert_ne!(g, sparse(&mut Rng::new(6), 50, 400));
    }

    #[test]
    fn rmat_graphs_are_simple_skewed_and_seeded() {
        let g = rmat(&mut Rng::new(1), 12, 10);
        assert_eq!(g.n, 4096);
        let edges = simple_edges(&g).len();
        assert!(edges <= 10 * 4096 && edges > 5 * 4096, "{edges} edges");
        let mut degree = vec![0usize; g.n];
        for &(u, v) in &g.edges {
            degree[u as usize] += 1;
            degree[v as usize] += 1;
        }
        // A power law: hubs far above the mean degree of about 20, and isolated vertices.
        assert!(*degree.iter().max().unwrap() > 200);
        assert!(degree.iter().filter(|&&d| d == 0).count() > 100);
        assert_eq!(g, rmat(&mut Rng::new(1), 12, 10));
        assert_ne!(g, rmat(&mut Rng::new(2), 12, 10));
    }

    #[test]
    fn geometric_graphs_join_exactly_the_close_pairs() {
        let (n, degree) = (700, 6.0);
        let g = geometric(&mut Rng::new(3), n, degree);
        // The same points, by brute force over all pairs.
        let mut rng = Rng::new(3);
        let points: Vec<(f64, f64)> = (0..n).map(|_| (unit(&mut rng), unit(&mut rng))).collect();
        let r2 = degree / (std::f64::consts::PI * n as f64);
        let mut expected = HashSet::new();
        for a in 0..n {
            for b in a + 1..n {
                let (dx, dy) = (points[a].0 - points[b].0, points[a].1 - points[b].1);
                if dx * dx + dy * dy <= r2 {
                    expected.insert((a as u32, b as u32));
                }
            }
        }
        assert_eq!(simple_edges(&g), expected);
        // About `degree` neighbours on average (fewer at the borders).
        assert!((2.0 * g.edges.len() as f64 / n as f64 - degree).abs() < 1.5);
    }

    #[test]
    fn planar_graphs_are_triangulated_grids() {
        let side = 30;
        let g = planar(&mut Rng::new(4), side);
        assert_eq!(g.n, side * side);
        // Right and down edges, and one diagonal per unit square: 3n − O(side), Euler's bound.
        let expected = 2 * side * (side - 1) + (side - 1) * (side - 1);
        assert_eq!(simple_edges(&g).len(), expected);
        assert!(expected <= 3 * g.n - 6);
        let mut degree = vec![0usize; g.n];
        for &(u, v) in &g.edges {
            degree[u as usize] += 1;
            degree[v as usize] += 1;
        }
        assert!(degree.iter().all(|&d| (2..=8).contains(&d)));
        assert_eq!(g, planar(&mut Rng::new(4), side));
    }
}
