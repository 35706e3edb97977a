//! The two search stages of [`super::maximum_matching`] checked against each other and against
//! `verify()`: the shared forest alone, the single-root searches alone (one complete search per
//! free vertex), and switches from the first stage to the second at several points (so that the
//! forest also grows among retired vertices), with and without the depth-first pass before
//! stage 1, each from both greedy starts and from the empty matching (many roots, long paths,
//! many dissolved trees).

use proptest::prelude::*;

use super::forest::{AlternatingForest, ScanOrder};
use super::greedy::{GreedyOrder, greedy_matching};
use super::{
    Matching, SINGLE_SEARCH_BUDGET, augment_depth_first, augment_from_each_root, augment_in_one_forest,
    search_limit,
};
use crate::graph::Graph;
use crate::graph::NO_VERTEX;
use crate::{gallai_edmonds, verify};

/// Which searches run after the start matching.
#[derive(Debug, Clone, Copy)]
enum Stages {
    /// Stage 2 only.
    ForestOnly,
    /// Stage 1 switching to stage 2 right after its first augmenting path.
    SwitchAfterOnePath,
    /// Stage 1 switching once its successful searches have labelled `V / 4` vertices.
    SwitchEarly,
    /// Stage 1 with no budget (stage 2 then finds nothing to do).
    SingleSearchesOnly,
    /// Stage 1 abandoning the first search that labels more than 3 vertices.
    AbandonSmallSearch,
    /// What `maximum_matching` does.
    Default,
    /// Depth-first searches with no limit (the other stages then find nothing to do).
    DepthFirstOnly,
    /// Depth-first searches abandoned past 3 labels, then what `maximum_matching` does.
    DepthFirstAbandonSmall,
    /// The depth-first pass stopped by its budget after about 6 labels, then stage 1 and 2.
    DepthFirstSmallBudget,
    /// What `maximum_matching` does on a graph whose ids follow its geometry.
    DepthFirstDefault,
}

/// The start matching of [`run`].
#[derive(Debug, Clone, Copy)]
enum Start {
    Empty,
    /// [`greedy_matching`] in this order.
    Greedy(GreedyOrder),
}

fn run(graph: &Graph, start: Start, stages: Stages) -> Result<Matching, TestCaseError> {
    let start = match start {
        Start::Empty => vec![NO_VERTEX; graph.vertex_count()],
        Start::Greedy(order) => greedy_matching(graph, order).0,
    };
    let mut forest = AlternatingForest::new(&start);
    let n = graph.vertex_count();
    let depth_first = match stages {
        Stages::DepthFirstOnly => Some((usize::MAX, usize::MAX)),
        Stages::DepthFirstAbandonSmall => Some((usize::MAX, 3)),
        Stages::DepthFirstSmallBudget => Some((6, usize::MAX)),
        Stages::DepthFirstDefault => Some((SINGLE_SEARCH_BUDGET * n, search_limit(n))),
        _ => None,
    };
    if let Some((budget, search_limit)) = depth_first {
        forest.set_scan_order(ScanOrder::DepthFirst);
        let done = augment_depth_first(graph, &mut forest, budget, search_limit, None).unwrap();
        if done {
            // Every free vertex is retired: the matching must be maximum now.
            let matching = Matching::from_mates(forest.into_mates());
            prop_assert!(gallai_edmonds(graph, &matching).is_ok(), "depth-first pass claims a maximum");
            return Ok(matching);
        }
        forest.set_scan_order(ScanOrder::BreadthFirst);
    }
    let limits = match stages {
        Stages::ForestOnly => None,
        Stages::SwitchAfterOnePath => Some((0, usize::MAX)),
        Stages::SwitchEarly => Some((graph.vertex_count() / 4, usize::MAX)),
        Stages::SingleSearchesOnly => Some((usize::MAX, usize::MAX)),
        Stages::AbandonSmallSearch => Some((usize::MAX, 3)),
        Stages::Default
        | Stages::DepthFirstOnly
        | Stages::DepthFirstAbandonSmall
        | Stages::DepthFirstSmallBudget
        | Stages::DepthFirstDefault => Some((SINGLE_SEARCH_BUDGET * n, search_limit(n))),
    };
    if let Some((budget, search_limit)) = limits {
        augment_from_each_root(graph, &mut forest, budget, search_limit, None).unwrap();
    }
    let forest = augment_in_one_forest(graph, forest, None).unwrap();
    Ok(Matching::from_mates(forest.into_mates()))
}

/// All combinations agree on the size, and each result is a valid matching proved maximum.
fn check_all_stages(graph: &Graph) -> Result<(), TestCaseError> {
    let mut sizes = Vec::new();
    for start in [Start::Greedy(GreedyOrder::ByDegree), Start::Greedy(GreedyOrder::ByIndex), Start::Empty] {
        for stages in [
            Stages::ForestOnly,
            Stages::SwitchAfterOnePath,
            Stages::SwitchEarly,
            Stages::SingleSearchesOnly,
            Stages::AbandonSmallSearch,
            Stages::Default,
            Stages::DepthFirstOnly,
            Stages::DepthFirstAbandonSmall,
            Stages::DepthFirstSmallBudget,
            Stages::DepthFirstDefault,
        ] {
            let matching = run(graph, start, stages)?;
            prop_assert!(Matching::from_pairs(graph, &matching.edges()).is_ok());
            let decomposition = gallai_edmonds(graph, &matching);
            prop_assert!(decomposition.is_ok(), "{:?} (start {:?}) is not maximum", stages, start);
            prop_assert!(verify(graph, &matching, &decomposition.unwrap()).is_ok());
            sizes.push(matching.size());
        }
    }
    prop_assert!(sizes.windows(2).all(|w| w[0] == w[1]), "sizes differ: {:?}", sizes);
    Ok(())
}

/// The 4-neighbour graph of a `rows × cols` grid (bipartite), without the blocked cells.
fn grid_graph(rows: usize, cols: usize, blocked: &[bool], diagonals: &[bool]) -> Graph {
    let cell = |r: usize, c: usize| (r * cols + c) as u32;
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let free = |r: usize, c: usize| !blocked[r * cols + c];
            if !free(r, c) {
                continue;
            }
            if c + 1 < cols && free(r, c + 1) {
                edges.push((cell(r, c), cell(r, c + 1)));
            }
            if r + 1 < rows && free(r + 1, c) {
                edges.push((cell(r, c), cell(r + 1, c)));
            }
            // An optional diagonal makes the grid non-bipartite (odd cycles, blossoms).
            if r + 1 < rows && c + 1 < cols && diagonals[r * cols + c] && free(r + 1, c + 1) {
                edges.push((cell(r, c), cell(r + 1, c + 1)));
            }
        }
    }
    Graph::from_edges(rows * cols, &edges).unwrap()
}

/// A grid of up to 24 × 24 cells: blocked with probability `block` percent, and with a diagonal
/// in each unit square with probability `diagonal` percent.
fn holed_grid() -> impl Strategy<Value = Graph> {
    (2usize..=24, 2usize..=24, 0u32..30, prop_oneof![Just(0u32), 0u32..40]).prop_flat_map(
        |(rows, cols, block, diagonal)| {
            let cells = rows * cols;
            (proptest::collection::vec(0u32..100, cells), proptest::collection::vec(0u32..100, cells))
                .prop_map(move |(block_rolls, diagonal_rolls)| {
                    let blocked: Vec<bool> = block_rolls.iter().map(|&x| x < block).collect();
                    let diagonals: Vec<bool> = diagonal_rolls.iter().map(|&x| x < diagonal).collect();
                    grid_graph(rows, cols, &blocked, &diagonals)
                })
        },
    )
}

/// A random graph on up to 200 vertices with up to 600 edges (sparse to moderately dense).
fn general_graph() -> impl Strategy<Value = Graph> {
    (1usize..200).prop_flat_map(|n| {
        proptest::collection::vec((0..n as u32, 0..n as u32), 0..600).prop_map(move |pairs| {
            let edges: Vec<(u32, u32)> = pairs.into_iter().filter(|(u, v)| u != v).collect();
            Graph::from_edges(n, &edges).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn stages_agree_on_holed_grids(graph in holed_grid()) {
        check_all_stages(&graph)?;
    }

    #[test]
    fn stages_agree_on_general_graphs(graph in general_graph()) {
        check_all_stages(&graph)?;
    }
}

#[test]
fn forest_dissolves_trees_along_a_long_path() {
    // A path 0-1-…-39 matched as (1,2), (3,4), …, (37,38): the only augmenting path runs from 0 to
    // 39 through everything, and the two trees grown from its ends meet in the middle.
    let n = 40u32;
    let edges: Vec<(u32, u32)> = (0..n - 1).map(|v| (v, v + 1)).collect();
    let graph = Graph::from_edges(n as usize, &edges).unwrap();
    let mut start = vec![NO_VERTEX; n as usize];
    for v in (1..n - 1).step_by(2) {
        start[v as usize] = v + 1;
        start[v as usize + 1] = v;
    }
    let forest = augment_in_one_forest(&graph, AlternatingForest::new(&start), None).unwrap();
    let matching = Matching::from_mates(forest.into_mates());
    assert_eq!(matching.size(), 20);
    assert_eq!(matching.mate(0), Some(1));
    assert_eq!(matching.mate(39), Some(38));
}

#[test]
fn path_between_two_trees_crosses_a_blossom() {
    // Free 0 and 7, matched (1,2), (3,4), (5,6), (8,9). In 0's tree the triangle 2-3-4 becomes a
    // blossom; 7's tree meets it at 3, so the augmenting path 7-6=5-3=4-2=1-0 leaves the blossom
    // through the edge 4-2 that closed it.
    let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 2), (3, 5), (5, 6), (6, 7), (4, 8), (8, 9)];
    let graph = Graph::from_edges(10, &edges).unwrap();
    let mut start = vec![NO_VERTEX; 10];
    for (u, v) in [(1, 2), (3, 4), (5, 6), (8, 9)] {
        start[u] = v as u32;
        start[v] = u as u32;
    }
    let forest = augment_in_one_forest(&graph, AlternatingForest::new(&start), None).unwrap();
    let matching = Matching::from_mates(forest.into_mates());
    assert_eq!(matching.edges(), vec![(0, 1), (2, 4), (3, 5), (6, 7), (8, 9)]);
}
