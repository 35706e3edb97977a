//! Named, fixed-seed benchmark inputs: the `gen:NAME` inputs of the `bench` lines in
//! `testdata/*/cases.manifest`, printed by `game-stress preset NAME` (and by `cargo xtask gen NAME`,
//! which runs that command of the release binary).
//!
//! A preset is one of the generators of this module's siblings with fixed sizes and a seed derived
//! from its name, so the same name always gives the same bytes and benchmark figures from different
//! runs and machines measure the same work. The bytes are pinned by a test: change a generator a
//! preset uses and the test says so.

use super::Input;
use crate::games::king::generate as king;
use crate::games::lattice::generate as lattice;
use crate::games::matching::generate as matching;
use crate::games::matching::weighted::{self, WeightedInput};
use crate::games::pawn::generate as pawn;
use crate::games::segment::generate as segment;
use crate::reference;
use crate::rng::Rng;

/// One preset: its name and a line on what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// The name (`gen:NAME` in a manifest).
    pub name: &'static str,
    /// What the input is, in one line.
    pub summary: &'static str,
}

const fn preset(name: &'static str, summary: &'static str) -> Preset {
    Preset { name, summary }
}

/// Every preset, in the order `--help` lists them.
pub const PRESETS: &[Preset] = &[
    preset("pawn-open-16x16", "pawn-retrograde: one open 16x16 board, black bottom-left, red top-right"),
    preset("pawn-open-32x32", "pawn-retrograde: one open 32x32 board, black bottom-left, red top-right"),
    preset("pawn-tie-32x32", "pawn-retrograde: a 32x32 tie, a wall across row 17 between black and red"),
    preset("lattice-10x10", "lattice-dp: 10x10, random values up to 1e9"),
    preset("lattice-14x14", "lattice-dp: 14x14, random values up to 1e9"),
    preset("lattice-16x16", "lattice-dp: 16x16, random values up to 1e9"),
    preset("lattice-18x18", "lattice-dp: 18x18, random values up to 1e9"),
    preset("lattice-18x18-t", "lattice-dp: lattice-18x18 transposed (same value)"),
    preset("lattice-19x19", "lattice-dp: 19x19, random values up to 1e9"),
    preset("lattice-20x20", "lattice-dp: 20x20, random values up to 1e9"),
    preset(
        "lattice-21x21",
        "lattice-dp: 21x21, random values up to 1e9 (past one machine: plan, distributed)",
    ),
    preset(
        "lattice-22x22",
        "lattice-dp: 22x22, random values up to 1e9 (past one machine: plan, distributed)",
    ),
    preset("lattice-10x30", "lattice-dp: 10x30, random values up to 1e9"),
    preset("lattice-10x30-t", "lattice-dp: lattice-10x30 transposed, 30x10 (same value)"),
    preset("segment-5m", "segment-nim: 5 boards of 1,000,000 pawns, n up to 1e18"),
    preset("sparse-100k", "general matching: N = 100,000, M = 300,000 random edges"),
    preset("sparse-1m", "general matching: N = 1,000,000, M = 3,000,000 random edges"),
    preset("grid-500", "general matching: 500x500 grid, half the squares with a diagonal, 3% cells removed"),
    preset("dense-2000", "general matching: N = 2,000, each edge with probability 1/2"),
    preset(
        "grid-1000",
        "general matching: 1000x1000 grid, half the squares with a diagonal, 3% cells removed",
    ),
    preset("rmat-20", "general matching: R-MAT scale 20 (Graph500 a=.57 b=.19 c=.19), 10 draws per vertex"),
    preset("geometric-1m", "general matching: 1,000,000 random points in the unit square, average degree 6"),
    preset("planar-1m", "general matching: 1000x1000 jittered grid triangulated by its shorter diagonals"),
    preset("sparse-10m", "general matching: N = 10,000,000, M = 30,000,000 random edges"),
    preset("rmat-22", "general matching: R-MAT scale 22 (Graph500 a=.57 b=.19 c=.19), 10 draws per vertex"),
    preset(
        "geometric-10m",
        "general matching: 10,000,000 random points in the unit square, average degree 6",
    ),
    preset("planar-10m", "general matching: 3162x3162 jittered grid triangulated by its shorter diagonals"),
    preset("sparse-100m", "general matching: N = 100,000,000, M = 300,000,000 random edges"),
    preset(
        "grid-3163",
        "general matching: 3163x3163 grid, half the squares with a diagonal, 3% cells removed",
    ),
    preset(
        "rmat-20.edges",
        "general matching: rmat-20 as a SNAP edge list (`#` header, tab-separated, sorted)",
    ),
    preset(
        "rmat-20.mtx",
        "general matching: rmat-20 as a Matrix Market file (symmetric pattern, lower triangle)",
    ),
    preset(
        "rmat-20.graph",
        "general matching: rmat-20 as a METIS adjacency file (every edge from both ends)",
    ),
    preset("sparse-10m.edges", "general matching: sparse-10m as a SNAP edge list"),
    preset("sparse-10m.mtx", "general matching: sparse-10m as a Matrix Market file"),
    preset("sparse-10m.graph", "general matching: sparse-10m as a METIS adjacency file"),
    preset("rmat-22.edges", "general matching: rmat-22 as a SNAP edge list"),
    preset("rmat-22.mtx", "general matching: rmat-22 as a Matrix Market file"),
    preset("rmat-22.graph", "general matching: rmat-22 as a METIS adjacency file"),
    preset(
        "king-board-1000",
        "edmonds-blossom: one 1000x1000 HDU board, 3% cells blocked, K in the first free cell",
    ),
    preset(
        "king-board-3000",
        "edmonds-blossom: one 3000x3000 HDU board, 3% cells blocked, K in the first free cell",
    ),
    preset("weighted-sparse-10k", "weighted matching: N = 10,000, M = 30,000 random edges, weights 1..1e6"),
    preset("weighted-grid-100", "weighted matching: 100x100 grid, weights 1..1e6"),
    preset(
        "weighted-knn-10k",
        "weighted matching: 10-nearest-neighbour graph of 10,000 random points, distances",
    ),
    preset("weighted-complete-500", "weighted matching: complete graph on 500 vertices, weights 1..1e6"),
    preset(
        "weighted-sparse-100k",
        "weighted matching: N = 100,000, M = 300,000 random edges, weights 1..1e6",
    ),
    preset("weighted-grid-316", "weighted matching: 316x316 grid, weights 1..1e6"),
    preset(
        "weighted-knn-100k",
        "weighted matching: 10-nearest-neighbour graph of 100,000 random points, distances",
    ),
    preset("weighted-complete-2000", "weighted matching: complete graph on 2,000 vertices, weights 1..1e6"),
    preset(
        "weighted-sparse-1m",
        "weighted matching: N = 1,000,000, M = 3,000,000 random edges, weights 1..1e6",
    ),
    preset("weighted-grid-1000", "weighted matching: 1000x1000 grid, weights 1..1e6"),
    preset(
        "weighted-knn-1m",
        "weighted matching: 10-nearest-neighbour graph of 1,000,000 random points, distances",
    ),
];

/// The seed of the preset called `name`: a hash of the name (a preset's bytes depend on nothing else).
pub fn seed(name: &str) -> u64 {
    0x5eed_0000 ^ name.bytes().fold(0u64, |h, b| h.wrapping_mul(31) ^ u64::from(b))
}

/// The input of the preset called `name` (`None` for an unknown name). A graph preset in another
/// format (`BASE.edges`, `BASE.mtx`, `BASE.graph`) is the graph of preset `BASE`; [`render`]
/// writes it in its format.
pub fn input(name: &str) -> Option<Input> {
    if let Some((base, _)) = in_other_format(name) {
        let listed = PRESETS.iter().any(|p| p.name == name);
        return input(base).filter(|input| listed && matches!(input, Input::Matching(_)));
    }
    let rng = &mut Rng::new(seed(name));
    Some(match name {
        "pawn-open-16x16" => Input::Pawn(pawn::PawnInput { boards: vec![pawn::open_board(16, 16)] }),
        "pawn-open-32x32" => Input::Pawn(pawn::PawnInput { boards: vec![pawn::open_board(32, 32)] }),
        "pawn-tie-32x32" => Input::Pawn(pawn::PawnInput { boards: vec![pawn::walled_tie_board(32, 32)] }),
        "lattice-10x10" => Input::Lattice(lattice::uniform(rng, 10, 10, lattice::MAX_VALUE)),
        "lattice-14x14" => Input::Lattice(lattice::uniform(rng, 14, 14, lattice::MAX_VALUE)),
        "lattice-16x16" => Input::Lattice(lattice::uniform(rng, 16, 16, lattice::MAX_VALUE)),
        "lattice-18x18" => Input::Lattice(lattice::uniform(rng, 18, 18, lattice::MAX_VALUE)),
        "lattice-18x18-t" => Input::Lattice(lattice_of("lattice-18x18", 18, 18).transposed()),
        "lattice-19x19" => Input::Lattice(lattice::uniform(rng, 19, 19, lattice::MAX_VALUE)),
        "lattice-20x20" => Input::Lattice(lattice::uniform(rng, 20, 20, lattice::MAX_VALUE)),
        "lattice-21x21" => Input::Lattice(lattice::uniform(rng, 21, 21, lattice::MAX_VALUE)),
        "lattice-22x22" => Input::Lattice(lattice::uniform(rng, 22, 22, lattice::MAX_VALUE)),
        "lattice-10x30" => Input::Lattice(lattice::uniform(rng, 10, 30, lattice::MAX_VALUE)),
        "lattice-10x30-t" => Input::Lattice(lattice_of("lattice-10x30", 10, 30).transposed()),
        "segment-5m" => Input::Segment(segment::strided(rng, 5, 1_000_000)),
        "sparse-100k" => Input::Matching(matching::sparse(rng, 100_000, 300_000)),
        "sparse-1m" => Input::Matching(matching::sparse(rng, 1_000_000, 3_000_000)),
        "grid-500" => Input::Matching(matching::holed_grid(rng, 500)),
        "dense-2000" => Input::Matching(matching::half_dense(rng, 2000)),
        "grid-1000" => Input::Matching(matching::holed_grid(rng, 1000)),
        "rmat-20" => Input::Matching(matching::rmat(rng, 20, 10)),
        "geometric-1m" => Input::Matching(matching::geometric(rng, 1_000_000, 6.0)),
        "planar-1m" => Input::Matching(matching::planar(rng, 1000)),
        "sparse-10m" => Input::Matching(matching::sparse(rng, 10_000_000, 30_000_000)),
        "sparse-100m" => Input::Matching(matching::sparse(rng, 100_000_000, 300_000_000)),
        "rmat-22" => Input::Matching(matching::rmat(rng, 22, 10)),
        "geometric-10m" => Input::Matching(matching::geometric(rng, 10_000_000, 6.0)),
        "planar-10m" => Input::Matching(matching::planar(rng, 3162)),
        "grid-3163" => Input::Matching(matching::holed_grid(rng, 3163)),
        "king-board-1000" => Input::King(king::scattered(rng, 1000)),
        "king-board-3000" => Input::King(king::scattered(rng, 3000)),
        _ => return None,
    })
}

/// The weighted graph of the preset called `name` (`weighted-*`; `None` for any other name), in
/// Library Checker's `general_weighted_matching` format when rendered. Random sparse graphs (3n
/// edges) and grids carry weights uniform in 1..=10^6; the 10-nearest-neighbour graphs carry their
/// Euclidean distances × 10^6, rounded (the minimum-cost perfect matching benchmark).
pub fn weighted_input(name: &str) -> Option<WeightedInput> {
    let rng = &mut Rng::new(seed(name));
    Some(match name {
        "weighted-sparse-10k" => weighted_sparse(rng, 10_000),
        "weighted-sparse-100k" => weighted_sparse(rng, 100_000),
        "weighted-sparse-1m" => weighted_sparse(rng, 1_000_000),
        "weighted-grid-100" => weighted::grid(rng, 100),
        "weighted-grid-316" => weighted::grid(rng, 316),
        "weighted-grid-1000" => weighted::grid(rng, 1000),
        "weighted-knn-10k" => weighted::knn(rng, 10_000, 10),
        "weighted-knn-100k" => weighted::knn(rng, 100_000, 10),
        "weighted-knn-1m" => weighted::knn(rng, 1_000_000, 10),
        "weighted-complete-500" => weighted::complete(rng, 500),
        "weighted-complete-2000" => weighted::complete(rng, 2000),
        _ => return None,
    })
}

/// `n` vertices, `3n` distinct random edges (average degree 6), then their random weights.
fn weighted_sparse(rng: &mut Rng, n: usize) -> WeightedInput {
    let graph = matching::sparse(rng, n, 3 * n);
    weighted::with_random_weights(rng, graph)
}

/// The uniform n × m board of the preset called `name` (the source of a transposed preset).
fn lattice_of(name: &str, n: usize, m: usize) -> lattice::LatticeInput {
    lattice::uniform(&mut Rng::new(seed(name)), n, m, lattice::MAX_VALUE)
}

/// The text of the preset called `name`, exactly as the solver reads it (`None` for an unknown
/// name). A weighted preset is its [`weighted_input`]. A pawn input's file label is the name without `pawn-` (not `stress`). A graph in another
/// format is written by edmonds-blossom's own writer ([`reference::graph_file`]): the simple graph
/// (repeated edges dropped), every edge once in increasing order (METIS: every list), so that the
/// other readers are measured on the files they are meant for, and the matching is the same
/// graph's.
pub fn render(name: &str) -> Option<String> {
    if let Some(graph) = weighted_input(name) {
        return Some(graph.render());
    }
    if let Some((_, extension)) = in_other_format(name) {
        let Input::Matching(graph) = input(name)? else { return None };
        return reference::graph_file(graph.n, &graph.edges, extension);
    }
    Some(match input(name)? {
        Input::Pawn(p) => p.render_labelled(name.strip_prefix("pawn-").unwrap_or(name)),
        other => other.render(),
    })
}

/// `(BASE, extension)` for a name `BASE.edges`, `BASE.mtx` or `BASE.graph`: the extensions by
/// which the solver recognises the other formats, so that a bench's file of that name is read in
/// its format. `None` for any other name.
fn in_other_format(name: &str) -> Option<(&str, &str)> {
    name.rsplit_once('.').filter(|(_, extension)| ["edges", "mtx", "graph"].contains(extension))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_preset_generates_and_nothing_else_does() {
        // A graph in another format is its base's graph: listed after the base, whose graph is not
        // generated twice here (the 10^7-vertex ones take seconds).
        let mut graphs = Vec::new();
        for p in PRESETS {
            if let Some((base, _)) = in_other_format(p.name) {
                assert!(graphs.contains(&base), "{} is not a format of a graph listed before it", p.name);
                continue;
            }
            match input(p.name) {
                Some(Input::Matching(_)) => graphs.push(p.name),
                Some(_) => {}
                None if p.name.starts_with("weighted-") => {}
                None => panic!("{} is listed but not generated", p.name),
            }
        }
        assert!(input("nope").is_none() && render("lattice-10x1").is_none());
        assert!(weighted_input("weighted-sparse-10k").is_some() && weighted_input("sparse-1m").is_none());
    }

    #[test]
    fn transposed_presets_hold_the_same_values() {
        let (Some(Input::Lattice(a)), Some(Input::Lattice(t))) =
            (input("lattice-18x18"), input("lattice-18x18-t"))
        else {
            panic!("lattice presets");
        };
        assert_eq!((t.n, t.m), (18, 18));
        assert_ne!(a, t);
        assert_eq!(t.transposed(), a);
        assert_eq!((a.a[1], a.b[18 * 3 + 5]), (t.a[18], t.b[18 * 5 + 3]));
        let Some(Input::Lattice(wide)) = input("lattice-10x30-t") else { panic!("lattice preset") };
        assert_eq!((wide.n, wide.m), (30, 10));
    }

    #[test]
    fn graph_presets_in_other_formats_are_named_by_extension() {
        assert_eq!(in_other_format("rmat-20.graph"), Some(("rmat-20", "graph")));
        assert_eq!(in_other_format("sparse-10m.edges"), Some(("sparse-10m", "edges")));
        assert_eq!(in_other_format("lattice-10x10"), None);
        assert_eq!(in_other_format("sparse-100k.lc"), None);
        // Only the listed names: a format of another preset is not one.
        assert!(input("sparse-100k.mtx").is_none() && input("lattice-10x10.edges").is_none());
        assert!(input("rmat-20.mtx").is_some() && render("sparse-100k.lc").is_none());
    }

    #[test]
    fn the_pawn_board_has_one_black_two_red_and_its_label() {
        let text = render("pawn-open-16x16").unwrap();
        assert!(text.starts_with("open-16x16 1\n16 16\n"));
        assert_eq!(text.matches('X').count(), 1);
        assert_eq!(text.matches('O').count(), 2);
        assert_eq!(text.lines().count(), 18);
    }
}
