//! The engine against independent brute force, written for clarity and sharing no solving code:
//!
//! - maximum matching size by trying every subset of edges (pruned as soon as two chosen edges share
//!   a vertex), and `D` by its definition (`v ∈ D` iff deleting `v` keeps the maximum size);
//! - the king game by memoised search over (visited set, position), on boards of at most 16 free
//!   cells, against the matching criterion (`W` iff the start is not in `D`).
//!
//! Every matching produced here is also checked with `verify()`.

mod common;

use std::collections::HashSet;

use edmonds_blossom::query::{self, KingMoves};
use edmonds_blossom::{
    BoardAnalysis, Graph, Matching, VertexClass, gallai_edmonds, maximum_matching, parse_boards,
    parse_positions, verify,
};
use grid_core::MoveSet;
use grid_core::report::{Eval, Value};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Brute-force matching

/// The largest number of pairwise disjoint edges among `edges[from..]`, given the vertices `used`.
fn best_subset(edges: &[(usize, usize)], from: usize, used: &mut Vec<bool>) -> usize {
    if from == edges.len() {
        return 0;
    }
    let skip = best_subset(edges, from + 1, used);
    let (u, v) = edges[from];
    if used[u] || used[v] {
        return skip;
    }
    used[u] = true;
    used[v] = true;
    let take = 1 + best_subset(edges, from + 1, used);
    used[u] = false;
    used[v] = false;
    skip.max(take)
}

fn brute_force_size(n: usize, edges: &[(usize, usize)]) -> usize {
    best_subset(edges, 0, &mut vec![false; n])
}

/// `D` by definition: the vertices whose removal keeps the maximum matching size.
fn brute_force_d(n: usize, edges: &[(usize, usize)]) -> Vec<bool> {
    let full = brute_force_size(n, edges);
    (0..n)
        .map(|v| {
            let without: Vec<_> = edges.iter().copied().filter(|&(a, b)| a != v && b != v).collect();
            brute_force_size(n, &without) == full
        })
        .collect()
}

/// Runs the engine on a graph and checks everything against brute force.
fn check_graph(n: usize, edges: &[(usize, usize)]) -> Result<(), TestCaseError> {
    let as_u32: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u as u32, v as u32)).collect();
    let graph = Graph::from_edges(n, &as_u32).unwrap();
    let matching = maximum_matching(&graph);
    prop_assert_eq!(matching.size(), brute_force_size(n, edges), "size on {} vertices {:?}", n, edges);
    prop_assert!(Matching::from_pairs(&graph, &matching.edges()).is_ok());
    let decomposition = gallai_edmonds(&graph, &matching).unwrap();
    prop_assert!(verify(&graph, &matching, &decomposition).is_ok());
    let in_d = brute_force_d(n, edges);
    for v in 0..n {
        let touches_d = edges.iter().any(|&(a, b)| (a == v && in_d[b]) || (b == v && in_d[a]));
        let expected = match (in_d[v], touches_d) {
            (true, _) => VertexClass::D,
            (false, true) => VertexClass::A,
            (false, false) => VertexClass::C,
        };
        prop_assert_eq!(decomposition.class(v as u32), expected, "vertex {} of {:?}", v, edges);
    }
    Ok(())
}

#[test]
fn every_graph_on_up_to_six_vertices() {
    for n in 1..=6usize {
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
        for mask in 0u32..1 << pairs.len() {
            let edges: Vec<_> = (0..pairs.len()).filter(|&i| mask >> i & 1 == 1).map(|i| pairs[i]).collect();
            check_graph(n, &edges).unwrap();
        }
    }
}

/// A random simple graph on 7..=10 vertices.
fn small_graph() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (7usize..=10, 0u32..=100).prop_flat_map(|(n, density)| {
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
        let count = pairs.len();
        (Just(n), proptest::collection::vec(0u32..100, count)).prop_map(move |(n, rolls)| {
            let edges = pairs.iter().zip(&rolls).filter(|(_, r)| **r < density).map(|(p, _)| *p).collect();
            (n, edges)
        })
    })
}

/// A random graph of up to 300 vertices built from odd cycles glued by random chords, which
/// produces nested blossoms; used with `verify()` as the proof of maximality.
fn blossom_graph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (3usize..300, proptest::collection::vec((any::<u32>(), any::<u32>()), 0..400), 1usize..8).prop_map(
        |(n, chords, cycle)| {
            let cycle = 2 * cycle + 1;
            // Vertices in consecutive groups of `cycle`, each group closed into a cycle.
            let mut edges: Vec<(u32, u32)> = (0..n)
                .map(|v| {
                    let start = v - v % cycle;
                    let end = (start + cycle).min(n);
                    (v as u32, if v + 1 == end { start as u32 } else { v as u32 + 1 })
                })
                .filter(|(u, v)| u != v)
                .collect();
            edges.extend(
                chords.into_iter().map(|(a, b)| (a % n as u32, b % n as u32)).filter(|(a, b)| a != b),
            );
            (n, edges)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn engine_matches_brute_force_on_small_graphs((n, edges) in small_graph()) {
        check_graph(n, &edges)?;
    }

    #[test]
    fn certificates_hold_on_blossom_heavy_graphs((n, edges) in blossom_graph()) {
        let graph = Graph::from_edges(n, &edges).unwrap();
        let matching = maximum_matching(&graph);
        let decomposition = gallai_edmonds(&graph, &matching).unwrap();
        let certificate = verify(&graph, &matching, &decomposition);
        prop_assert!(certificate.is_ok(), "{:?}", certificate);
    }
}

// ---------------------------------------------------------------------------------------------
// Brute-force king game

use common::{KING20, ORTH4};

/// The game on one board, searched exhaustively: free cells are numbered `0..cells.len()` in
/// row-major order, `memo` holds 0 unknown / 1 win / 2 loss per (visited set, position).
struct BruteGame {
    cols: usize,
    cells: Vec<(i32, i32)>,
    adjacent: Vec<Vec<usize>>,
    memo: Vec<u8>,
}

impl BruteGame {
    fn new(rows: &[Vec<bool>], moves: &[(i32, i32)]) -> Self {
        let (r, c) = (rows.len() as i32, rows[0].len() as i32);
        let cells: Vec<(i32, i32)> = (0..r)
            .flat_map(|i| (0..c).map(move |j| (i, j)))
            .filter(|&(i, j)| rows[i as usize][j as usize])
            .collect();
        let adjacent = cells
            .iter()
            .map(|&(i, j)| {
                moves
                    .iter()
                    .filter_map(|&(di, dj)| cells.iter().position(|&cell| cell == (i + di, j + dj)))
                    .collect()
            })
            .collect();
        let memo = vec![0u8; (1usize << cells.len()) * cells.len().max(1)];
        Self { cols: c as usize, cells, adjacent, memo }
    }

    fn index_of_cell(&self, cell: usize) -> usize {
        let at = ((cell / self.cols) as i32, (cell % self.cols) as i32);
        self.cells.iter().position(|&c| c == at).unwrap()
    }

    /// Whether the player to move wins with the king on `at` and `visited` used up.
    fn mover_wins(&mut self, at: usize, visited: u32) -> bool {
        let key = visited as usize * self.cells.len() + at;
        if self.memo[key] != 0 {
            return self.memo[key] == 1;
        }
        let mut wins = false;
        for i in 0..self.adjacent[at].len() {
            let next = self.adjacent[at][i];
            if visited >> next & 1 == 0 && !self.mover_wins(next, visited | 1 << next) {
                wins = true;
                break;
            }
        }
        self.memo[key] = if wins { 1 } else { 2 };
        wins
    }

    /// `W` / `L` / `#` rows for every start.
    fn outcomes(&mut self, rows: &[Vec<bool>]) -> Vec<String> {
        let mut out: Vec<Vec<char>> =
            rows.iter().map(|row| row.iter().map(|&free| if free { '?' } else { '#' }).collect()).collect();
        for k in 0..self.cells.len() {
            let (i, j) = self.cells[k];
            out[i as usize][j as usize] = if self.mover_wins(k, 1 << k) { 'W' } else { 'L' };
        }
        out.into_iter().map(|row| row.into_iter().collect()).collect()
    }
}

/// A board of up to 6×6 with at most 16 free cells and at least one.
fn small_board() -> impl Strategy<Value = Vec<Vec<bool>>> {
    (1usize..=6, 1usize..=6, 0u32..=100).prop_flat_map(|(r, c, blocked)| {
        proptest::collection::vec(0u32..100, r * c).prop_map(move |rolls| {
            let mut free: Vec<bool> = rolls.iter().map(|&x| x >= blocked).collect();
            // Keep at most 16 free cells and at least one.
            let mut count = 0;
            for cell in free.iter_mut() {
                if *cell {
                    count += 1;
                    *cell = count <= 16;
                }
            }
            if count == 0 {
                free[0] = true;
            }
            free.chunks(c).map(<[bool]>::to_vec).collect()
        })
    })
}

/// The HDU text of a board, with `K` on its first free cell.
fn board_text(rows: &[Vec<bool>]) -> String {
    let mut text = format!("1\n{} {}\n", rows.len(), rows[0].len());
    let mut king_placed = false;
    for row in rows {
        for &free in row {
            text.push(match (free, king_placed) {
                (false, _) => '#',
                (true, false) => {
                    king_placed = true;
                    'K'
                }
                (true, true) => '.',
            });
        }
        text.push('\n');
    }
    text
}

fn check_board(rows: &[Vec<bool>], moves: MoveSet, offsets: &[(i32, i32)]) -> Result<(), TestCaseError> {
    let board = &parse_boards(board_text(rows).as_bytes()).unwrap()[0];
    let analysis = BoardAnalysis::new(board, moves).unwrap();
    let graph = &analysis.graph.graph;
    prop_assert!(verify(graph, &analysis.matching, &analysis.decomposition).is_ok());
    let mut game = BruteGame::new(rows, offsets);
    let expected = game.outcomes(rows);
    prop_assert_eq!(analysis.outcome_rows(), expected.clone(), "board {:?}", rows);
    let start = board.start();
    let expected_start = expected[start / rows[0].len()].as_bytes()[start % rows[0].len()] == b'W';
    prop_assert_eq!(analysis.start_wins(), expected_start);
    prop_assert_eq!(analysis.winning_first_move().is_some(), expected_start);
    if let Some(first) = analysis.winning_first_move() {
        // The suggested first move must leave the opponent, on `first` with both cells visited, lost.
        let (s, f) = (game.index_of_cell(start), game.index_of_cell(first));
        prop_assert!(game.adjacent[s].contains(&f));
        prop_assert!(
            !game.mover_wins(f, 1 << s | 1 << f),
            "first move {} from {} on {:?}",
            first,
            start,
            rows
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn king20_game_matches_brute_force(rows in small_board()) {
        check_board(&rows, MoveSet::KING20, &KING20)?;
    }

    #[test]
    fn orth4_game_matches_brute_force(rows in small_board()) {
        check_board(&rows, MoveSet::ORTH4, &ORTH4)?;
    }
}

/// `query` on a position of `rows` (free cells as `true`): the king on the free cell of index
/// `king % free`, the free cells picked by `visited` (one bit per free cell) already visited.
/// Checks the value, the side to move and every move's value against [`BruteGame`].
fn check_position(
    rows: &[Vec<bool>],
    moves: KingMoves,
    offsets: &[(i32, i32)],
    king: usize,
    visited: u32,
) -> Result<(), TestCaseError> {
    let mut game = BruteGame::new(rows, offsets);
    let n = game.cells.len();
    let king = king % n;
    let visited = visited & ((1u32 << n) - 1) & !(1 << king);
    let mut text = format!("1\n{} {}\n", rows.len(), rows[0].len());
    for (i, row) in rows.iter().enumerate() {
        for (j, &free) in row.iter().enumerate() {
            let k = game.cells.iter().position(|&c| c == (i as i32, j as i32));
            text.push(match (free, k) {
                (false, _) => '#',
                (true, Some(k)) if k == king => 'K',
                (true, Some(k)) if visited >> k & 1 == 1 => 'o',
                _ => '.',
            });
        }
        text.push('\n');
    }
    let position = parse_positions(text.as_bytes()).unwrap().remove(0);
    let report = query::query(&position, &query::QueryOptions { number: 1, moves, stop: None }).unwrap();
    let eval = |wins: bool| Eval::value_only(if wins { Value::Win } else { Value::Lose });
    let all = visited | 1 << king;
    prop_assert_eq!(report.eval, eval(game.mover_wins(king, all)), "position\n{}", text);
    let side = if visited.count_ones() % 2 == 0 { "first" } else { "second" };
    prop_assert_eq!(report.to_move, side);
    let mut expected: Vec<(String, Eval)> = Vec::new();
    for i in 0..game.adjacent[king].len() {
        let next = game.adjacent[king][i];
        if all >> next & 1 == 0 {
            let (r, c) = game.cells[next];
            let wins = !game.mover_wins(next, all | 1 << next);
            expected.push((format!("{},{}", r + 1, c + 1), eval(wins)));
        }
    }
    expected.sort_by(|a, b| a.0.cmp(&b.0));
    let mut got: Vec<(String, Eval)> = report.moves.iter().map(|m| (m.notation.clone(), m.eval)).collect();
    got.sort_by(|a, b| a.0.cmp(&b.0));
    prop_assert_eq!(got, expected, "position\n{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn query_matches_brute_force_on_random_positions(
        rows in small_board(),
        king in any::<usize>(),
        visited in any::<u32>(),
    ) {
        check_position(&rows, KingMoves::King20, &KING20, king, visited)?;
        check_position(&rows, KingMoves::Orth4, &ORTH4, king, visited)?;
    }
}

#[test]
fn every_board_up_to_three_by_four() {
    let mut seen = HashSet::new();
    for (r, c) in [(1, 4), (2, 2), (2, 3), (3, 3), (3, 4), (4, 3)] {
        for mask in 1u32..1 << (r * c) {
            let rows: Vec<Vec<bool>> =
                (0..r).map(|i| (0..c).map(|j| mask >> (i * c + j) & 1 == 1).collect()).collect();
            if seen.insert(rows.clone()) {
                check_board(&rows, MoveSet::KING20, &KING20).unwrap();
            }
        }
    }
}
