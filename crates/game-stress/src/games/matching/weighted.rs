//! Weighted benchmark graphs in Library Checker's `general_weighted_matching` format: `N M`, then M
//! lines `u v w` (0-indexed, no self-loops, integer weights). The inputs of the weighted presets
//! (`weighted-*`), which `edmonds-blossom weighted-matching` and LEMON's weighted matchings solve
//! side by side in `cargo xtask bench`.

use super::generate::{MatchingInput, push_decimal, unit};
use crate::rng::Rng;

/// The largest random weight: weights are uniform in `1..=MAX_WEIGHT`.
pub const MAX_WEIGHT: u64 = 1_000_000;

/// The scale of the Euclidean distances of [`knn`]: a weight is the distance × `DISTANCE_SCALE`,
/// rounded (points in the unit square).
pub const DISTANCE_SCALE: f64 = 1e6;

/// A graph with integer edge weights.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightedInput {
    /// Vertices `0..n` (n ≥ 1).
    pub n: usize,
    /// Edges `(u, v, w)`, `u != v`, in input order.
    pub edges: Vec<(u32, u32, u64)>,
}

impl WeightedInput {
    /// The input text (`N M`, then `u v w` lines), written byte by byte as
    /// [`MatchingInput::render`] does.
    pub fn render(&self) -> String {
        let mut out = Vec::with_capacity(42 + self.edges.len() * 24);
        push_decimal(&mut out, self.n as u64);
        out.push(b' ');
        push_decimal(&mut out, self.edges.len() as u64);
        out.push(b'\n');
        for &(u, v, w) in &self.edges {
            push_decimal(&mut out, u64::from(u));
            out.push(b' ');
            push_decimal(&mut out, u64::from(v));
            out.push(b' ');
            push_decimal(&mut out, w);
            out.push(b'\n');
        }
        String::from_utf8(out).expect("decimal digits, spaces and newlines are ASCII")
    }
}

/// `graph` with a weight uniform in `1..=MAX_WEIGHT` on each edge, drawn in edge order.
pub fn with_random_weights(rng: &mut Rng, graph: MatchingInput) -> WeightedInput {
    let edges = graph.edges.into_iter().map(|(u, v)| (u, v, 1 + rng.below_mod(MAX_WEIGHT))).collect();
    WeightedInput { n: graph.n, edges }
}

/// The side × side grid: vertex `r·side + c`, joined to its right and lower neighbours, each edge
/// with a random weight in `1..=MAX_WEIGHT`.
pub fn grid(rng: &mut Rng, side: usize) -> WeightedInput {
    let mut edges = Vec::with_capacity(2 * side * side);
    for r in 0..side {
        for c in 0..side {
            let v = (r * side + c) as u32;
            if c + 1 < side {
                edges.push((v, v + 1, 1 + rng.below_mod(MAX_WEIGHT)));
            }
            if r + 1 < side {
                edges.push((v, v + side as u32, 1 + rng.below_mod(MAX_WEIGHT)));
            }
        }
    }
    WeightedInput { n: side * side, edges }
}

/// The complete graph on `n` vertices, each edge `(u, v)`, `u < v`, with a random weight in
/// `1..=MAX_WEIGHT` (Library Checker's largest `general_weighted_matching` cases are of this size).
pub fn complete(rng: &mut Rng, n: usize) -> WeightedInput {
    let mut edges = Vec::with_capacity(n * n.saturating_sub(1) / 2);
    for u in 0..n as u32 {
        for v in u + 1..n as u32 {
            edges.push((u, v, 1 + rng.below_mod(MAX_WEIGHT)));
        }
    }
    WeightedInput { n, edges }
}

/// The Euclidean `k`-nearest-neighbour graph of `n` random points in the unit square: each point
/// joined to its `k` nearest (ties broken by the smaller index), every edge once as `(u, v)`,
/// `u < v`, in increasing order, weighted by the distance × [`DISTANCE_SCALE`], rounded. The
/// minimum-cost perfect matching benchmark (`n` even: such a graph has a perfect matching unless
/// the points fall very unevenly).
pub fn knn(rng: &mut Rng, n: usize, k: usize) -> WeightedInput {
    let points: Vec<(f64, f64)> = (0..n).map(|_| (unit(rng), unit(rng))).collect();
    // Cells holding about two points each, the points sorted by cell (counting sort) so that a
    // cell's points lie together; a point's k nearest are found ring by ring around its cell,
    // until the next ring lies farther than the k-th nearest found.
    let side = ((n as f64 / 2.0).sqrt() as usize).max(1);
    let cell = |x: f64| ((x * side as f64) as usize).min(side - 1);
    let mut start = vec![0usize; side * side + 1];
    for &(x, y) in &points {
        start[cell(y) * side + cell(x) + 1] += 1;
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut fill = start.clone();
    let mut sorted = vec![(0.0, 0.0, 0u32); n];
    for (i, &(x, y)) in points.iter().enumerate() {
        let c = cell(y) * side + cell(x);
        sorted[fill[c]] = (x, y, i as u32);
        fill[c] += 1;
    }
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(n * k);
    let mut nearest: Vec<(f64, u32)> = Vec::new();
    for &(x, y, u) in &sorted {
        let (cx, cy) = (cell(x) as isize, cell(y) as isize);
        nearest.clear();
        for ring in 0..side as isize {
            for dy in -ring..=ring {
                let ny = cy + dy;
                if ny < 0 || ny >= side as isize {
                    continue;
                }
                // The whole row of the square when it is the ring's top or bottom, else its ends.
                let step = if dy.abs() == ring { 1 } else { (2 * ring).max(1) as usize };
                for dx in (-ring..=ring).step_by(step) {
                    let nx = cx + dx;
                    if nx < 0 || nx >= side as isize {
                        continue;
                    }
                    let c = ny as usize * side + nx as usize;
                    for &(vx, vy, v) in &sorted[start[c]..start[c + 1]] {
                        if v != u {
                            nearest.push(((x - vx) * (x - vx) + (y - vy) * (y - vy), v));
                        }
                    }
                }
            }
            nearest.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            nearest.truncate(k);
            // Every point beyond this ring is at least `ring` cells away.
            let reach = ring as f64 / side as f64;
            if nearest.len() == k.min(n - 1) && nearest.last().is_none_or(|&(d2, _)| d2 <= reach * reach) {
                break;
            }
        }
        pairs.extend(nearest.iter().map(|&(_, v)| (u.min(v), u.max(v))));
    }
    pairs.sort_unstable();
    pairs.dedup();
    let distance = |a: u32, b: u32| {
        let ((xa, ya), (xb, yb)) = (points[a as usize], points[b as usize]);
        ((xa - xb) * (xa - xb) + (ya - yb) * (ya - yb)).sqrt()
    };
    let edges =
        pairs.into_iter().map(|(u, v)| (u, v, (distance(u, v) * DISTANCE_SCALE).round() as u64)).collect();
    WeightedInput { n, edges }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knn_joins_each_point_to_its_k_nearest() {
        let n = 300;
        let graph = knn(&mut Rng::new(7), n, 10);
        let points: Vec<(f64, f64)> = {
            let rng = &mut Rng::new(7);
            (0..n).map(|_| (unit(rng), unit(rng))).collect()
        };
        // Brute force: every point's 10 nearest by sorting all the others.
        let mut expected = Vec::new();
        for u in 0..n {
            let mut others: Vec<(f64, usize)> = (0..n)
                .filter(|&v| v != u)
                .map(|v| ((points[u].0 - points[v].0).powi(2) + (points[u].1 - points[v].1).powi(2), v))
                .collect();
            others.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            expected.extend(others[..10].iter().map(|&(_, v)| (u.min(v) as u32, u.max(v) as u32)));
        }
        expected.sort_unstable();
        expected.dedup();
        let found: Vec<(u32, u32)> = graph.edges.iter().map(|&(u, v, _)| (u, v)).collect();
        assert_eq!(found, expected);
        assert!(graph.edges.iter().all(|&(_, _, w)| w <= 1_414_214));
    }

    #[test]
    fn grid_and_complete_have_their_edges_and_weights_in_range() {
        let grid = grid(&mut Rng::new(1), 5);
        assert_eq!((grid.n, grid.edges.len()), (25, 40));
        let complete = complete(&mut Rng::new(1), 6);
        assert_eq!(complete.edges.len(), 15);
        assert!(
            grid.edges.iter().chain(&complete.edges).all(|&(u, v, w)| u < v && (1..=MAX_WEIGHT).contains(&w))
        );
        assert_eq!(complete.render().lines().next(), Some("6 15"));
    }
}
