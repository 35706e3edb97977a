//! `analyze` against brute force on boards of at most 5×5: every start cell valued by game-tree
//! search memoised over (visited set, position), compared cell by cell with the map and count by
//! count with the starts; the classes and the matching size derived from the searched losing
//! cells (`D` = losing starts, `A` = their other neighbours, `C` = the rest, and the
//! Gallai–Edmonds formula `ν = (V − (components of D − |A|)) / 2`), the edges counted from the
//! move offsets written out again in `common`.

mod common;

use std::collections::HashMap;

use common::{KING20, ORTH4};
use edmonds_blossom::analyze::{Analysis, Classes, Starts};
use edmonds_blossom::query::KingMoves;
use edmonds_blossom::{analyze, parse_boards};
use proptest::prelude::*;

/// A board as rows of free (`true`) and blocked cells, with its free cells numbered in row-major
/// order and their neighbours under a move set.
struct Brute {
    rows: Vec<Vec<bool>>,
    cells: Vec<(usize, usize)>,
    adjacent: Vec<Vec<usize>>,
    memo: HashMap<(u32, usize), bool>,
}

impl Brute {
    fn new(rows: &[Vec<bool>], moves: &[(i32, i32)]) -> Self {
        let (r, c) = (rows.len(), rows[0].len());
        let cells: Vec<(usize, usize)> =
            (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).filter(|&(i, j)| rows[i][j]).collect();
        let adjacent = cells
            .iter()
            .map(|&(i, j)| {
                moves
                    .iter()
                    .filter_map(|&(di, dj)| {
                        let to = (i as i32 + di, j as i32 + dj);
                        cells.iter().position(|&(a, b)| (a as i32, b as i32) == to)
                    })
                    .collect()
            })
            .collect();
        Self { rows: rows.to_vec(), cells, adjacent, memo: HashMap::new() }
    }

    /// Whether the player to move wins with the king on `at` and the cells of `visited` used up.
    fn mover_wins(&mut self, at: usize, visited: u32) -> bool {
        if let Some(&wins) = self.memo.get(&(visited, at)) {
            return wins;
        }
        let next: Vec<usize> = self.adjacent[at].iter().copied().filter(|&n| visited >> n & 1 == 0).collect();
        let wins = next.into_iter().any(|n| !self.mover_wins(n, visited | 1 << n));
        self.memo.insert((visited, at), wins);
        wins
    }

    /// What `analyze` should report, from the search alone.
    fn expected(&mut self) -> (Starts, Classes, u64, u64, Vec<String>) {
        let lose: Vec<bool> = (0..self.cells.len()).map(|k| !self.mover_wins(k, 1 << k)).collect();
        let mut map: Vec<Vec<char>> = self
            .rows
            .iter()
            .map(|row| row.iter().map(|&free| if free { 'W' } else { '#' }).collect())
            .collect();
        for (k, &(i, j)) in self.cells.iter().enumerate() {
            if lose[k] {
                map[i][j] = 'L';
            }
        }
        let d = lose.iter().filter(|&&l| l).count() as u64;
        let in_a = |k: usize| !lose[k] && self.adjacent[k].iter().any(|&n| lose[n]);
        let a = (0..self.cells.len()).filter(|&k| in_a(k)).count() as u64;
        let free = self.cells.len() as u64;
        let edges = self.adjacent.iter().map(Vec::len).sum::<usize>() as u64 / 2;
        let matching = (free - (self.components_of(&lose) - a)) / 2;
        let starts = Starts { win: free - d, lose: d };
        let map = map.into_iter().map(|row| row.into_iter().collect()).collect();
        (starts, Classes { d, a, c: free - d - a }, edges, matching, map)
    }

    /// The number of connected components of the cells marked in `inside`.
    fn components_of(&self, inside: &[bool]) -> u64 {
        let mut seen = vec![false; inside.len()];
        let mut components = 0;
        for start in 0..inside.len() {
            if !inside[start] || seen[start] {
                continue;
            }
            components += 1;
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(k) = stack.pop() {
                for &n in &self.adjacent[k] {
                    if inside[n] && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        components
    }
}

/// The HDU text of a board, with `K` on its first free cell.
fn board_text(rows: &[Vec<bool>]) -> String {
    let mut text = format!("1\n{} {}\n", rows.len(), rows[0].len());
    let mut king = false;
    for row in rows {
        for &free in row {
            text.push(match (free, king) {
                (false, _) => '#',
                (true, false) => {
                    king = true;
                    'K'
                }
                (true, true) => '.',
            });
        }
        text.push('\n');
    }
    text
}

fn check(rows: &[Vec<bool>], moves: KingMoves) -> Result<Analysis, TestCaseError> {
    let offsets: &[(i32, i32)] = match moves {
        KingMoves::King20 => &KING20,
        KingMoves::Orth4 => &ORTH4,
    };
    let text = board_text(rows);
    let analysis = analyze(&parse_boards(text.as_bytes()).unwrap()[0], moves, 1).unwrap();
    let (starts, classes, edges, matching, map) = Brute::new(rows, offsets).expected();
    prop_assert_eq!(&analysis.map, &map, "{:?}\n{}", moves, text);
    prop_assert_eq!(analysis.starts, starts, "{:?}\n{}", moves, text);
    prop_assert_eq!(analysis.classes, classes, "{:?}\n{}", moves, text);
    prop_assert_eq!((analysis.edges, analysis.maximum_matching), (edges, matching), "{:?}\n{}", moves, text);
    let free = rows.iter().flatten().filter(|&&f| f).count() as u64;
    prop_assert_eq!(analysis.free_cells, free);
    prop_assert_eq!(analysis.classes.d + analysis.classes.a + analysis.classes.c, free);
    prop_assert_eq!(analysis.starts.win + analysis.starts.lose, free);
    prop_assert_eq!((analysis.rows, analysis.columns), (rows.len(), rows[0].len()));
    Ok(analysis)
}

/// A board of up to 5×5 with at most 16 free cells and at least one (the search's memo grows with
/// the free cells).
fn small_board() -> impl Strategy<Value = Vec<Vec<bool>>> {
    (1usize..=5, 1usize..=5, 0u32..=100).prop_flat_map(|(r, c, blocked)| {
        proptest::collection::vec(0u32..100, r * c).prop_map(move |rolls| {
            let mut free: Vec<bool> = rolls.iter().map(|&x| x >= blocked).collect();
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn analyze_matches_the_game_tree_search(rows in small_board()) {
        check(&rows, KingMoves::King20)?;
        check(&rows, KingMoves::Orth4)?;
    }
}

#[test]
fn full_boards_up_to_5x5() {
    let full = |r: usize, c: usize| vec![vec![true; c]; r];
    // A full orth4 board is bipartite with a perfect matching exactly when it has an even number
    // of cells: then every start wins.
    let even = check(&full(4, 5), KingMoves::Orth4).unwrap();
    assert_eq!((even.starts.lose, even.maximum_matching), (0, 10));
    let odd = check(&full(5, 5), KingMoves::Orth4).unwrap();
    assert_eq!((odd.starts.win, odd.starts.lose), (12, 13));
    check(&full(4, 4), KingMoves::King20).unwrap();
    check(&full(3, 5), KingMoves::King20).unwrap();
}
