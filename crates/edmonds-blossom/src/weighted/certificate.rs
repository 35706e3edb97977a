//! The dual certificate of a weighted matching and [`verify`], which checks it without trusting
//! the algorithm that produced it.
//!
//! # What the certificate proves
//!
//! Write `g_e` for the gain of an edge under the objective (its weight, or minus its cost for
//! [`Objective::MinCostPerfect`]). The certificate gives a value `y_v` per vertex and `z_B ≥ 0` per
//! set `B` of a laminar family of odd vertex sets (the blossoms), all doubled so that they are
//! integers: `vertex_duals[v] = 2 y_v`, `BlossomDual::dual = 2 z_B`. The doubled reduced cost of an
//! edge `e = uv` is `r_e = 2 y_u + 2 y_v + Σ_{B ∋ u, v} 2 z_B − 2 g_e`.
//!
//! # The family as a forest
//!
//! A laminar family is a forest: each set's parent is the smallest set of the family strictly
//! containing it. The certificate lists it that way, in `O(n)` space however deep the sets nest
//! (listing every set's vertices would take `Σ |B|`, quadratic on graphs whose blossoms nest
//! deeply): each [`BlossomDual`] holds its *own* vertices, those in no smaller set of the family,
//! and the index of its parent, which comes later in the list. A set is its own vertices and the
//! sets below it ([`DualCertificate::blossom_vertices`]); the structure makes the family laminar.
//!
//! [`verify`] checks:
//!
//! 1. primal feasibility: the pairs are edges and no vertex is in two of them;
//! 2. dual feasibility: `r_e ≥ 0` for every edge (every copy of a repeated edge), `z_B ≥ 0`, a
//!    forest (each parent listed after its child, each vertex the own vertex of one set at most),
//!    every set odd with at least 3 vertices; and a floor `m` with `y_v ≥ m` for
//!    every vertex: `m = 0` for [`Objective::MaxWeight`], `m = min_v y_v` for
//!    [`Objective::MaxWeightMaxCardinality`], none for [`Objective::MinCostPerfect`];
//! 3. complementary slackness: every matched pair's best edge has `r_e = 0`; every set with
//!    `z_B > 0` holds `(|B| − 1) / 2` matched pairs; every free vertex has `y_v = m`;
//! 4. the objective's own side condition: a perfect matching for `MinCostPerfect`; for
//!    `MaxWeightMaxCardinality` a maximum-cardinality matching, proved by a verified Tutte–Berge
//!    certificate ([`crate::verify`]).
//!
//! Why that proves optimality: for any matching `M'` leaving as many vertices free as `M`,
//! summing `r_e ≥ 0` over its edges gives `g(M') ≤ Σ_v y_v − free · m + Σ_B z_B (|B| − 1) / 2`,
//! using `y_v ≥ m` for the free vertices of `M'` and `|M' ∩ E[B]| ≤ (|B| − 1) / 2`; conditions 3
//! make `M` meet that bound with equality. For `MaxWeight` (`m = 0`) the bound holds for every
//! matching `M'`, whatever its size; for the other two, condition 4 says that no matching is
//! larger, and the bound covers every matching of the same size. [`verify`] also recomputes the
//! bound and checks that it equals `g(M)`.

use std::collections::HashMap;

use serde::Serialize;

use super::graph::WeightedGraph;
use super::objective::Objective;
use crate::graph::{Graph, NO_VERTEX, Vertex};
use crate::matching::Matching;
use crate::matching::certificate::verify as verify_cardinality;
use crate::matching::decomposition::gallai_edmonds;

/// One set of the laminar family with its dual, as a node of the family's forest (see "The
/// family as a forest" in the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BlossomDual {
    /// The set's own vertices: those in no smaller set of the family (increasing).
    pub own_vertices: Vec<u32>,
    /// The smallest set of the family strictly containing this one, as an index into
    /// [`DualCertificate::blossoms`] larger than this set's own index; `None` for an outermost
    /// set.
    pub parent: Option<usize>,
    /// `2 z_B ≥ 0`.
    pub dual: i64,
}

/// Vertex duals and a laminar family of odd sets with duals, doubled (see the module
/// documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DualCertificate {
    /// The objective the duals are for (it fixes the gains and the floor `m`).
    pub objective: Objective,
    /// `2 y_v` for each vertex.
    pub vertex_duals: Vec<i64>,
    /// The sets with a positive dual, each listed before its parent.
    pub blossoms: Vec<BlossomDual>,
}

impl DualCertificate {
    /// All the vertices of set `i` of the family (its own and those of the sets below it),
    /// increasing: `O(n)` (a listed parent must come later, as [`verify`] checks).
    pub fn blossom_vertices(&self, i: usize) -> Vec<u32> {
        let mut inside = vec![false; self.blossoms.len()];
        inside[i] = true;
        let mut vertices = self.blossoms[i].own_vertices.clone();
        for j in (0..i).rev() {
            if let Some(p) = self.blossoms[j].parent
                && p <= i
                && inside[p]
            {
                inside[j] = true;
                vertices.extend_from_slice(&self.blossoms[j].own_vertices);
            }
        }
        vertices.sort_unstable();
        vertices
    }
}

/// What a verified certificate proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Optimum {
    /// Number of matched pairs.
    pub size: usize,
    /// Their total weight as given (a cost for `MinCostPerfect`): the optimum.
    pub total_weight: i64,
}

/// Why a weighted matching or its certificate is rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DualCertificateError {
    /// The certificate has a dual for a different number of vertices.
    #[error("the certificate has {duals} vertex duals for a graph of {vertices} vertices")]
    SizeMismatch {
        /// Vertices of the graph.
        vertices: usize,
        /// Vertex duals in the certificate.
        duals: usize,
    },
    /// A pair is not an edge of the graph.
    #[error("({0}, {1}) is not an edge of the graph")]
    NotAnEdge(usize, usize),
    /// A vertex is in two pairs.
    #[error("vertex {0} is matched twice")]
    MatchedTwice(usize),
    /// A set of the family is too small, even, names a vertex twice or out of range.
    #[error("blossom {0} is not an odd set of at least 3 distinct vertices of the graph")]
    BadBlossom(usize),
    /// A set's parent is not a set listed after it.
    #[error("blossom {0} names a parent that is not a blossom listed after it")]
    BadParent(usize),
    /// A set's dual is negative.
    #[error("blossom {0} has a negative dual")]
    NegativeBlossomDual(usize),
    /// Two sets name the same vertex as their own (the family would not be laminar).
    #[error("blossoms {0} and {1} both name a vertex as their own")]
    OwnVertexTwice(usize, usize),
    /// A vertex dual is below the objective's floor.
    #[error("vertex {vertex} has dual {dual} below the floor {floor}")]
    BelowFloor {
        /// The vertex.
        vertex: usize,
        /// Its doubled dual.
        dual: i64,
        /// The doubled floor.
        floor: i64,
    },
    /// An edge's reduced cost is negative.
    #[error("edge ({0}, {1}) has a negative reduced cost")]
    NegativeReducedCost(usize, usize),
    /// A matched pair's best edge is not tight.
    #[error("matched edge ({0}, {1}) has a positive reduced cost")]
    MatchedNotTight(usize, usize),
    /// A set with a positive dual is not full.
    #[error("blossom {0} has a positive dual but fewer than (|B| - 1) / 2 matched pairs inside")]
    BlossomNotFull(usize),
    /// A free vertex's dual is above the floor.
    #[error("free vertex {0} has a dual above the floor")]
    FreeAboveFloor(usize),
    /// A perfect matching was asked for and this vertex is free.
    #[error("vertex {0} is free in a matching that must be perfect")]
    NotPerfect(usize),
    /// The matching is not of maximum cardinality (its Tutte–Berge certificate fails).
    #[error("the matching is not of maximum cardinality: {0}")]
    NotMaximumCardinality(String),
    /// The dual bound differs from the matching's gain.
    #[error("the dual bound {bound} differs from twice the matching's gain {gain}")]
    GapNotClosed {
        /// Twice the matching's total gain.
        gain: i128,
        /// The doubled dual bound.
        bound: i128,
    },
}

/// The laminar family as a forest: each set's smallest enclosing set, each vertex's smallest
/// set, and the sum of the duals of each set and the sets above it.
struct Family {
    parent: Vec<usize>,
    depth: Vec<usize>,
    /// `2 z` summed from the set up to its outermost ancestor.
    dual_above: Vec<i128>,
    innermost: Vec<usize>,
    /// Each set's number of vertices.
    size: Vec<usize>,
}

const NO_SET: usize = usize::MAX;

impl Family {
    /// Checks the forest and the sets' sizes and duals, and builds the depths and the sums of
    /// duals above each set. Parents come later in the list, so one pass up the list sees every
    /// set after all the sets below it, and one pass down sees it after its parent.
    fn new(n: usize, blossoms: &[BlossomDual]) -> Result<Self, DualCertificateError> {
        let count = blossoms.len();
        let mut parent = vec![NO_SET; count];
        let mut innermost = vec![NO_SET; n];
        let mut size = vec![0usize; count];
        for (i, set) in blossoms.iter().enumerate() {
            if set.dual < 0 {
                return Err(DualCertificateError::NegativeBlossomDual(i));
            }
            if let Some(p) = set.parent {
                if p <= i || p >= count {
                    return Err(DualCertificateError::BadParent(i));
                }
                parent[i] = p;
            }
            for &v in &set.own_vertices {
                let v = v as usize;
                if v >= n {
                    return Err(DualCertificateError::BadBlossom(i));
                }
                match innermost[v] {
                    NO_SET => innermost[v] = i,
                    j if j == i => return Err(DualCertificateError::BadBlossom(i)),
                    j => return Err(DualCertificateError::OwnVertexTwice(j, i)),
                }
            }
            size[i] += set.own_vertices.len();
            if size[i] < 3 || size[i] % 2 == 0 {
                return Err(DualCertificateError::BadBlossom(i));
            }
            if parent[i] != NO_SET {
                size[parent[i]] += size[i];
            }
        }
        let mut depth = vec![0; count];
        let mut dual_above = vec![0i128; count];
        for i in (0..count).rev() {
            let p = parent[i];
            let (d, above) = if p == NO_SET { (0, 0) } else { (depth[p] + 1, dual_above[p]) };
            depth[i] = d;
            dual_above[i] = above + blossoms[i].dual as i128;
        }
        Ok(Self { parent, depth, dual_above, innermost, size })
    }

    /// The smallest set containing both `u` and `v`, if any.
    fn smallest_common(&self, u: usize, v: usize) -> usize {
        let (mut a, mut b) = (self.innermost[u], self.innermost[v]);
        if a == NO_SET || b == NO_SET {
            return NO_SET;
        }
        while self.depth[a] > self.depth[b] {
            a = self.parent[a];
        }
        while self.depth[b] > self.depth[a] {
            b = self.parent[b];
        }
        while a != b {
            if a == NO_SET || b == NO_SET {
                return NO_SET;
            }
            (a, b) = (self.parent[a], self.parent[b]);
        }
        a
    }

    /// `Σ 2 z_B` over the sets containing both `u` and `v`.
    fn shared_dual(&self, u: usize, v: usize) -> i128 {
        match self.smallest_common(u, v) {
            NO_SET => 0,
            set => self.dual_above[set],
        }
    }
}

/// Checks that `pairs` is an optimal matching of `graph` for the certificate's objective and
/// that `certificate` proves it (the module documentation lists the checks). Returns the
/// matching's size and total weight.
pub fn verify(
    graph: &WeightedGraph,
    pairs: &[(usize, usize)],
    certificate: &DualCertificate,
) -> Result<Optimum, DualCertificateError> {
    let n = graph.vertex_count();
    let objective = certificate.objective;
    let y = &certificate.vertex_duals;
    if y.len() != n {
        return Err(DualCertificateError::SizeMismatch { vertices: n, duals: y.len() });
    }
    // The best gain of every pair of vertices that is an edge.
    let mut best: HashMap<(usize, usize), i64> = HashMap::with_capacity(graph.edges().len());
    for e in graph.edges() {
        let gain = objective.gain(e.weight);
        let entry = best.entry((e.u as usize, e.v as usize)).or_insert(gain);
        *entry = (*entry).max(gain);
    }
    // 1. Primal feasibility.
    let mut mate = vec![NO_VERTEX; n];
    let mut gain = 0i128;
    for &(u, v) in pairs {
        let key = (u.min(v), u.max(v));
        let Some(&g) = best.get(&key) else {
            return Err(DualCertificateError::NotAnEdge(u, v));
        };
        if let Some(&w) = [u, v].iter().find(|&&w| mate[w] != NO_VERTEX) {
            return Err(DualCertificateError::MatchedTwice(w));
        }
        mate[u] = v as u32;
        mate[v] = u as u32;
        gain += g as i128;
    }
    // 2. Dual feasibility.
    let family = Family::new(n, &certificate.blossoms)?;
    let floor = match objective {
        Objective::MaxWeight => Some(0),
        Objective::MaxWeightMaxCardinality => y.iter().copied().min(),
        Objective::MinCostPerfect => None,
    };
    if let Some(floor) = floor
        && let Some(vertex) = (0..n).find(|&v| y[v] < floor)
    {
        return Err(DualCertificateError::BelowFloor { vertex, dual: y[vertex], floor });
    }
    let reduced =
        |u: usize, v: usize, g: i64| y[u] as i128 + y[v] as i128 + family.shared_dual(u, v) - 2 * g as i128;
    for e in graph.edges() {
        let (u, v) = (e.u as usize, e.v as usize);
        if reduced(u, v, objective.gain(e.weight)) < 0 {
            return Err(DualCertificateError::NegativeReducedCost(u, v));
        }
    }
    // 3. Complementary slackness.
    let mut inside = vec![0usize; certificate.blossoms.len()];
    for &(u, v) in pairs {
        if reduced(u, v, best[&(u.min(v), u.max(v))]) != 0 {
            return Err(DualCertificateError::MatchedNotTight(u, v));
        }
        let set = family.smallest_common(u, v);
        if set != NO_SET {
            inside[set] += 1;
        }
    }
    for i in 0..inside.len() {
        if family.parent[i] != NO_SET {
            inside[family.parent[i]] += inside[i];
        }
    }
    let mut bound = 0i128;
    for (i, set) in certificate.blossoms.iter().enumerate() {
        let half = (family.size[i] - 1) / 2;
        if set.dual > 0 && inside[i] != half {
            return Err(DualCertificateError::BlossomNotFull(i));
        }
        bound += set.dual as i128 * half as i128;
    }
    let free: Vec<usize> = (0..n).filter(|&v| mate[v] == NO_VERTEX).collect();
    match floor {
        Some(floor) => {
            if let Some(&v) = free.iter().find(|&&v| y[v] != floor) {
                return Err(DualCertificateError::FreeAboveFloor(v));
            }
            bound -= free.len() as i128 * floor as i128;
        }
        None => {
            if let Some(&v) = free.first() {
                return Err(DualCertificateError::NotPerfect(v));
            }
        }
    }
    bound += y.iter().map(|&d| d as i128).sum::<i128>();
    if bound != 2 * gain {
        return Err(DualCertificateError::GapNotClosed { gain: 2 * gain, bound });
    }
    // 4. No larger matching, when cardinality comes first.
    if objective == Objective::MaxWeightMaxCardinality {
        maximum_cardinality(graph, pairs).map_err(DualCertificateError::NotMaximumCardinality)?;
    }
    let total = if objective == Objective::MinCostPerfect { -gain } else { gain };
    Ok(Optimum { size: pairs.len(), total_weight: total as i64 })
}

/// Checks that `pairs` is a maximum-cardinality matching of `graph` with a Tutte–Berge
/// certificate (the Gallai–Edmonds decomposition of the cardinality wing, verified).
fn maximum_cardinality(graph: &WeightedGraph, pairs: &[(usize, usize)]) -> Result<(), String> {
    let edges: Vec<(u32, u32)> = graph.edges().iter().map(|e| (e.u, e.v)).collect();
    let simple = Graph::from_edges(graph.vertex_count(), &edges).map_err(|e| e.to_string())?;
    // Vertex indices are below `MAX_VERTICES`, so they fit a `Vertex`.
    let pairs: Vec<(Vertex, Vertex)> = pairs.iter().map(|&(u, v)| (u as Vertex, v as Vertex)).collect();
    let matching = Matching::from_pairs(&simple, &pairs).map_err(|e| e.to_string())?;
    let decomposition = gallai_edmonds(&simple, &matching)
        .map_err(|e| format!("vertices {} and {} end an augmenting path", e.0, e.1))?;
    verify_cardinality(&simple, &matching, &decomposition).map_err(|e| e.to_string())?;
    Ok(())
}
