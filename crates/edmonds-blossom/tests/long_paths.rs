//! `maximum_matching` on grid-like graphs whose last augmenting paths are long, so that the
//! single-root searches spend their budget and the free vertices left are handed to the shared
//! forest (the matching module's second stage). Sizes are compared with
//! `petgraph::algo::maximum_matching` (an independent general matching engine) on boards small
//! enough for it, and every result is proved maximum by `verify()`.

use edmonds_blossom::{Graph, Matching, gallai_edmonds, maximum_matching, verify};
use petgraph::graph::UnGraph;
use proptest::prelude::*;

/// A board graph: cells `r * cols + c`, 4-neighbour edges between free cells, plus the diagonal
/// `(r, c)–(r + 1, c + 1)` where `diagonal` says so (non-bipartite boards).
fn board_edges(rows: usize, cols: usize, blocked: &[bool], diagonal: &[bool]) -> Vec<(u32, u32)> {
    let free = |r: usize, c: usize| !blocked[r * cols + c];
    let id = |r: usize, c: usize| (r * cols + c) as u32;
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if !free(r, c) {
                continue;
            }
            let mut link = |r2: usize, c2: usize| {
                if free(r2, c2) {
                    edges.push((id(r, c), id(r2, c2)));
                }
            };
            if c + 1 < cols {
                link(r, c + 1);
            }
            if r + 1 < rows {
                link(r + 1, c);
            }
            if r + 1 < rows && c + 1 < cols && diagonal[r * cols + c] {
                link(r + 1, c + 1);
            }
        }
    }
    edges
}

/// A `rows × cols` board with `block`% blocked cells and `diagonal`% diagonals.
fn board(max_side: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (8..=max_side, 8..=max_side, 1u32..12, prop_oneof![Just(0u32), 1u32..50]).prop_flat_map(
        |(rows, cols, block, diagonal)| {
            let cells = rows * cols;
            (proptest::collection::vec(0u32..100, cells), proptest::collection::vec(0u32..100, cells))
                .prop_map(move |(block_rolls, diagonal_rolls)| {
                    let blocked: Vec<bool> = block_rolls.iter().map(|&x| x < block).collect();
                    let diagonals: Vec<bool> = diagonal_rolls.iter().map(|&x| x < diagonal).collect();
                    (cells, board_edges(rows, cols, &blocked, &diagonals))
                })
        },
    )
}

fn proved_maximum(n: usize, edges: &[(u32, u32)]) -> Result<Matching, TestCaseError> {
    let graph = Graph::from_edges(n, edges).unwrap();
    let matching = maximum_matching(&graph);
    prop_assert!(Matching::from_pairs(&graph, &matching.edges()).is_ok());
    let decomposition = gallai_edmonds(&graph, &matching);
    prop_assert!(decomposition.is_ok(), "not maximum on a board of {} cells", n);
    prop_assert!(verify(&graph, &matching, &decomposition.unwrap()).is_ok());
    Ok(matching)
}

fn petgraph_size(n: usize, edges: &[(u32, u32)]) -> usize {
    let mut graph = UnGraph::<(), ()>::with_capacity(n, edges.len());
    for _ in 0..n {
        graph.add_node(());
    }
    graph.extend_with_edges(edges.iter().copied());
    petgraph::algo::maximum_matching(&graph).len()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    #[test]
    fn boards_match_petgraph((n, edges) in board(40)) {
        let matching = proved_maximum(n, &edges)?;
        prop_assert_eq!(matching.size(), petgraph_size(n, &edges));
    }

    #[test]
    fn large_boards_are_proved_maximum((n, edges) in board(160)) {
        proved_maximum(n, &edges)?;
    }
}

/// A bipartite board whose two colour classes differ by a lot in each half: the surplus of one
/// half must travel to the other through long augmenting paths.
#[test]
fn long_paths_across_an_unbalanced_board() {
    let (rows, cols) = (120, 120);
    // Block every other black cell in the left half and every other white cell in the right half.
    let blocked: Vec<bool> = (0..rows * cols)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            let black = (r + c) % 2 == 1;
            let left = c < cols / 2;
            (r % 4 == 1) && (if left { black } else { !black }) && c % 3 != 0
        })
        .collect();
    let edges = board_edges(rows, cols, &blocked, &vec![false; rows * cols]);
    let n = rows * cols;
    let matching = proved_maximum(n, &edges).unwrap();
    assert_eq!(matching.size(), petgraph_size(n, &edges));
}
