//! The fast solver against an independent brute force: plain minimax over the set of taken cells
//! (a 64-bit set: boards of up to 64 cells).

use std::collections::HashMap;

use lattice_dp::query::Position;
use lattice_dp::{Board, Eval, Line, Mode, QueryOptions, query, solve, value};
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

/// A random board of [`boards`] with a random taken diagram: row lengths sorted non-increasing.
fn positions() -> impl Strategy<Value = (usize, usize, Vec<i64>, Vec<i64>, Vec<usize>)> {
    boards().prop_flat_map(|(n, m, first, second)| {
        let rows = prop::collection::vec(0..=m, n).prop_map(|mut rows| {
            rows.sort_unstable_by(|a, b| b.cmp(a));
            rows
        });
        (Just(n), Just(m), Just(first), Just(second), rows)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// `query` with the optimal line: the line takes every free cell once, legally; from every
    /// position on it, the rest of the line achieves the oracle's value of that position (so each
    /// of its moves is optimal); its first move is the report's first (best) move; and replayed
    /// from the position it gives exactly the reported score.
    #[test]
    fn query_line_is_optimal_from_random_diagrams((n, m, first, second, taken) in positions()) {
        let board = Board::new(n, m, first.clone(), second.clone()).unwrap();
        let position = Position::new(board, taken.clone()).unwrap();
        let options = QueryOptions { line: Line::Optimal, ..QueryOptions::default() };
        let report = query(&position, &options).unwrap();
        let pv = report.detail.pv.clone().expect("a pv with Line::Optimal");
        let free = n * m - position.taken_cells();
        prop_assert_eq!(pv.len(), free);
        prop_assert_eq!(pv.first(), report.moves.first().map(|m| &m.notation));
        if let Some(best) = report.moves.first() {
            prop_assert_eq!(best.eval, report.eval);
        }
        let mut probe = Oracle { n, m, first: &first, second: &second, memo: HashMap::new() };
        let start = set_of_rows(&taken, m);
        let mut set = start;
        // The cells of the line, 0-based, and each one's (first − second) contribution.
        let mut cells = Vec::new();
        for (i, notation) in pv.iter().enumerate() {
            let (r, c) = notation.split_once(',').expect("row,column");
            let (r, c): (usize, usize) = (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1);
            prop_assert!(r < n && c < m && probe.legal(set, r, c), "illegal move {} at {}", notation, i);
            let first_moves = set.count_ones() % 2 == 0;
            cells.push((set, if first_moves { first[r * m + c] } else { -second[r * m + c] }));
            set |= 1 << (r * m + c);
        }
        for k in 0..cells.len() {
            let (before, _) = cells[k];
            let rest: i64 = cells[k..].iter().map(|&(_, diff)| diff).sum();
            prop_assert_eq!(rest, probe.best(before), "the line is not optimal from move {}", k + 1);
        }
        // The mover's view: its gains minus the opponent's.
        let sign = if position.side_to_move() == 0 { 1 } else { -1 };
        let achieved: i64 = sign * cells.iter().map(|&(_, diff)| diff).sum::<i64>();
        prop_assert_eq!(report.eval, Eval::score(achieved));
        prop_assert_eq!(achieved, sign * probe.best(start));
    }
}

/// The set of taken cells (bit `r * m + c`) of a diagram's row lengths.
fn set_of_rows(taken: &[usize], m: usize) -> u64 {
    let mut set = 0;
    for (r, &len) in taken.iter().enumerate() {
        for c in 0..len {
            set |= 1 << (r * m + c);
        }
    }
    set
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
