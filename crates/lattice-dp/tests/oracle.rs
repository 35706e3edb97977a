//! The fast solver against an independent brute force: plain minimax over the set of taken cells
//! (a 64-bit set: boards of up to 64 cells).

use std::collections::HashMap;

use lattice_dp::{Board, Mode, solve, value};
use proptest::prelude::*;

/// A deliberately naive solver: the state is the set of taken cells (bit `r * m + c`), a cell is
/// legal when every cell above it and every cell left of it is taken, the first player maximises
/// and the second minimises (first total − second total) of the rest of the game.
struct Oracle<'a> {
    n: usize,
    m: usize,
    first: &'a [i64],
    second: &'a [i64],
    memo: HashMap<u64, i64>,
}

impl Oracle<'_> {
    fn taken(&self, set: u64, r: usize, c: usize) -> bool {
        set >> (r * self.m + c) & 1 == 1
    }

    fn legal(&self, set: u64, r: usize, c: usize) -> bool {
        !self.taken(set, r, c)
            && (0..r).all(|i| self.taken(set, i, c))
            && (0..c).all(|j| self.taken(set, r, j))
    }

    /// First total − second total over the cells not in `set`, both playing optimally.
    fn best(&mut self, set: u64) -> i64 {
        if let Some(&v) = self.memo.get(&set) {
            return v;
        }
        let first_to_move = set.count_ones() % 2 == 0;
        let mut outcomes = Vec::new();
        for r in 0..self.n {
            for c in 0..self.m {
                if self.legal(set, r, c) {
                    let cell = r * self.m + c;
                    let rest = self.best(set | 1u64 << cell);
                    outcomes.push(if first_to_move {
                        self.first[cell] + rest
                    } else {
                        rest - self.second[cell]
                    });
                }
            }
        }
        let v = if outcomes.is_empty() {
            0
        } else if first_to_move {
            *outcomes.iter().max().unwrap()
        } else {
            *outcomes.iter().min().unwrap()
        };
        self.memo.insert(set, v);
        v
    }
}

fn oracle(n: usize, m: usize, first: &[i64], second: &[i64]) -> i64 {
    Oracle { n, m, first, second, memo: HashMap::new() }.best(0)
}

/// Random boards up to 4 x 5 (either orientation), values small or huge.
fn boards() -> impl Strategy<Value = (usize, usize, Vec<i64>, Vec<i64>)> {
    (1usize..=5, 1usize..=5).prop_filter("at most 4 x 5", |&(n, m)| n.min(m) <= 4).prop_flat_map(|(n, m)| {
        let values = prop_oneof![0i64..10, 0i64..=1_000_000_000];
        (Just(n), Just(m), prop::collection::vec(values.clone(), n * m), prop::collection::vec(values, n * m))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn value_matches_oracle((n, m, first, second) in boards()) {
        let board = Board::new(n, m, first.clone(), second.clone()).unwrap();
        prop_assert_eq!(value(&board), oracle(n, m, &first, &second));
    }

    /// The recorded game is legal, takes every cell once, and its score is the value.
    #[test]
    fn recorded_game_is_optimal((n, m, first, second) in boards()) {
        let board = Board::new(n, m, first.clone(), second.clone()).unwrap();
        let solution = solve(&board, Mode::WithGame, &mut |_| {});
        let moves = solution.moves.unwrap();
        prop_assert_eq!(moves.len(), n * m);
        let mut set = 0u64;
        let mut score = 0;
        let probe = Oracle { n, m, first: &first, second: &second, memo: HashMap::new() };
        for (i, &(r, c)) in moves.iter().enumerate() {
            prop_assert!(r < n && c < m && probe.legal(set, r, c), "illegal move {:?} at {}", (r, c), i);
            set |= 1 << (r * m + c);
            score += if i % 2 == 0 { first[r * m + c] } else { -second[r * m + c] };
        }
        prop_assert_eq!(score, solution.value);
        prop_assert_eq!(solution.value, oracle(n, m, &first, &second));
    }
}

/// Every board shape up to 4 x 5 with a fixed pseudo-random filling, exhaustively over shapes.
#[test]
fn all_shapes_up_to_four_by_five() {
    for n in 1..=5 {
        for m in 1..=5 {
            if n.min(m) > 4 {
                continue;
            }
            let first: Vec<i64> = (0..n * m).map(|i| ((i * 7919 + n * 31 + m) % 23) as i64).collect();
            let second: Vec<i64> = (0..n * m).map(|i| ((i * 104_729 + m * 17 + n) % 19) as i64).collect();
            let board = Board::new(n, m, first.clone(), second.clone()).unwrap();
            assert_eq!(value(&board), oracle(n, m, &first, &second), "{n}x{m}");
        }
    }
}

/// Boards of up to 64 cells whose right half-paths have up to four corners (`n + m ≥ 16`), so that
/// the kernel's runs of right moves come in pairs and a leftover single one; values small and huge.
#[test]
fn larger_shapes_with_many_runs() {
    for (n, m) in [(4, 8), (3, 9), (6, 6), (7, 7), (8, 8), (5, 11), (4, 12), (11, 5)] {
        for scale in [23, 1_000_000_000] {
            let first: Vec<i64> =
                (0..n * m).map(|i| ((i * 7919 + n * 31 + m) % 1009) as i64 * scale / 1009).collect();
            let second: Vec<i64> =
                (0..n * m).map(|i| ((i * 104_729 + m * 17 + n) % 997) as i64 * scale / 997).collect();
            let board = Board::new(n, m, first.clone(), second.clone()).unwrap();
            assert_eq!(value(&board), oracle(n, m, &first, &second), "{n}x{m}, values up to {scale}");
        }
    }
}

/// A second naive solver, for boards of any number of cells: the state is the taken diagram as
/// its row lengths (top row first, non-increasing), memoised; cell (r, c) is takeable when
/// `c = rows[r] < m` and the row above is longer (or `r = 0`). Negamax: the mover's best
/// (own gain − the opponent's) of the rest of the game.
struct DiagramOracle<'a> {
    m: usize,
    first: &'a [i64],
    second: &'a [i64],
    memo: HashMap<Vec<u8>, i64>,
}

impl DiagramOracle<'_> {
    fn best(&mut self, rows: &mut Vec<u8>) -> i64 {
        if let Some(&v) = self.memo.get(rows.as_slice()) {
            return v;
        }
        let taken: usize = rows.iter().map(|&l| usize::from(l)).sum();
        let scores = if taken % 2 == 0 { self.first } else { self.second };
        let mut best = None;
        for r in 0..rows.len() {
            let c = usize::from(rows[r]);
            if c < self.m && (r == 0 || usize::from(rows[r - 1]) > c) {
                rows[r] += 1;
                let v = scores[r * self.m + c] - self.best(rows);
                rows[r] -= 1;
                best = Some(best.map_or(v, |b: i64| b.max(v)));
            }
        }
        let v = best.unwrap_or(0);
        self.memo.insert(rows.clone(), v);
        v
    }
}

fn diagram_oracle(n: usize, m: usize, first: &[i64], second: &[i64]) -> i64 {
    DiagramOracle { m, first, second, memo: HashMap::new() }.best(&mut vec![0; n])
}

/// A board from a fixed pseudo-random filling (values up to `scale`).
fn filled(n: usize, m: usize, scale: i64) -> (Vec<i64>, Vec<i64>) {
    let first = (0..n * m).map(|i| ((i * 7919 + n * 31 + m) % 1009) as i64 * scale / 1009).collect();
    let second = (0..n * m).map(|i| ((i * 104_729 + m * 17 + n) % 997) as i64 * scale / 997).collect();
    (first, second)
}

/// The two brute forces agree where both reach (up to 64 cells), so the diagram one stands for
/// the set one on the boards past 64 cells.
#[test]
fn the_two_brute_forces_agree() {
    for (n, m) in [(1, 1), (2, 3), (3, 2), (4, 5), (5, 4), (3, 9), (6, 6), (2, 20), (1, 40)] {
        let (first, second) = filled(n, m, 1_000_000_000);
        assert_eq!(diagram_oracle(n, m, &first, &second), oracle(n, m, &first, &second), "{n}x{m}");
    }
}

/// The thinnest boards of the largest perimeter, n + m = 44 (up to 4 × 40, C(44, 4) = 135,751
/// states), both ways round, and thin boards of other lengths: the paths of 44 steps, the halves of
/// 22 and the cells past 400, against the brute force over diagrams; values near the limit and
/// small.
#[test]
fn thin_boards_of_the_largest_perimeter_match_the_brute_force() {
    for (n, m) in [(1, 43), (43, 1), (2, 42), (42, 2), (3, 41), (41, 3), (4, 40), (40, 4), (21, 3), (3, 21)] {
        // Small values on the two thinnest only: each solve builds the half tables of 2^22 paths.
        let scales: &[i64] = if n.min(m) == 1 { &[1_000_000_000, 23] } else { &[1_000_000_000] };
        for &scale in scales {
            let (first, second) = filled(n, m, scale);
            let board = Board::new(n, m, first.clone(), second.clone()).unwrap();
            assert_eq!(value(&board), diagram_oracle(n, m, &first, &second), "{n}x{m}, values up to {scale}");
        }
    }
}
