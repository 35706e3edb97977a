//! `analyze` against an independent brute force and against formulas: the states per layer, the
//! score histogram and the optimal game.

use std::collections::HashMap;

use lattice_dp::analyze::{Analysis, AnalyzeOptions, Winner, analyze};
use lattice_dp::{Board, state_count};
use proptest::prelude::*;

/// The analysis of `board` with the default options.
fn analysis(board: &Board) -> Analysis {
    analyze(board, &AnalyzeOptions::default(), &mut |_| {}).expect("no limit, no stop")
}

/// A deliberately plain model of the game: a state is the row lengths of the taken diagram, valued
/// by memoised minimax (negamax for the side to move), with none of the solver's encodings.
struct Minimax<'a> {
    n: usize,
    m: usize,
    first: &'a [i64],
    second: &'a [i64],
    memo: HashMap<Vec<usize>, i64>,
}

impl Minimax<'_> {
    /// The cells (row, column) the side to move may take: the first free cell of a row whose row
    /// above is longer.
    fn moves(&self, rows: &[usize]) -> Vec<(usize, usize)> {
        (0..self.n)
            .filter(|&r| rows[r] < self.m && (r == 0 || rows[r - 1] > rows[r]))
            .map(|r| (r, rows[r]))
            .collect()
    }

    /// What the side to move of `rows` gains by taking `(r, c)`.
    fn gain(&self, rows: &[usize], (r, c): (usize, usize)) -> i64 {
        let taken: usize = rows.iter().sum();
        if taken % 2 == 0 { self.first[r * self.m + c] } else { self.second[r * self.m + c] }
    }

    /// The side to move's best (own future gain − the opponent's).
    fn value(&mut self, rows: &[usize]) -> i64 {
        if let Some(&v) = self.memo.get(rows) {
            return v;
        }
        let best = self
            .moves(rows)
            .into_iter()
            .map(|cell| {
                let mut next = rows.to_vec();
                next[cell.0] += 1;
                self.gain(rows, cell) - self.value(&next)
            })
            .max()
            .unwrap_or(0);
        self.memo.insert(rows.to_vec(), best);
        best
    }
}

/// Every diagram inside `n × m`: row lengths non-increasing, each at most `m`.
fn diagrams(n: usize, m: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|rows: Vec<usize>| {
                let most = rows.last().copied().unwrap_or(m);
                (0..=most).map(move |len| {
                    let mut next = rows.clone();
                    next.push(len);
                    next
                })
            })
            .collect();
    }
    all
}

/// The bucket of `v` as documented: `[0, 0]`, else the powers of two `[2^(b-1), 2^b - 1]` that
/// hold `|v|`, with the sign of `v`.
fn bucket_of(v: i64) -> (i64, i64) {
    if v == 0 {
        return (0, 0);
    }
    let mut low = 1i64;
    while low * 2 <= v.abs() {
        low *= 2;
    }
    let high = low * 2 - 1;
    if v > 0 { (low, high) } else { (-high, -low) }
}

/// The ascending list of buckets a histogram of `values` shows: from the lowest non-empty one to
/// the highest, every bucket between them included.
fn histogram(values: &[i64]) -> Vec<(i64, i64, u64)> {
    let mut counts: HashMap<(i64, i64), u64> = HashMap::new();
    for &v in values {
        *counts.entry(bucket_of(v)).or_default() += 1;
    }
    let lowest = values.iter().map(|&v| bucket_of(v)).min().unwrap();
    let highest = values.iter().map(|&v| bucket_of(v)).max().unwrap();
    let mut all = Vec::new();
    let mut bucket = lowest;
    loop {
        all.push((bucket.0, bucket.1, counts.get(&bucket).copied().unwrap_or(0)));
        if bucket == highest {
            return all;
        }
        // The next bucket up starts just above this one's highest value.
        bucket = bucket_of(bucket.1 + 1);
    }
}

/// Compares `analyze` with the brute force on one board.
fn check_against_brute_force(n: usize, m: usize, first: &[i64], second: &[i64]) {
    let board = Board::new(n, m, first.to_vec(), second.to_vec()).unwrap();
    let got = analysis(&board);
    let mut minimax = Minimax { n, m, first, second, memo: HashMap::new() };
    let all = diagrams(n, m);
    let mut layers = vec![0u64; n * m + 1];
    let mut values = Vec::new();
    for rows in &all {
        layers[rows.iter().sum::<usize>()] += 1;
        values.push(minimax.value(rows));
    }
    assert_eq!(got.states, all.len() as u64, "{n}x{m}");
    assert_eq!(got.layers, layers, "{n}x{m}");
    let buckets: Vec<(i64, i64, u64)> = got.scores.iter().map(|b| (b.low, b.high, b.count)).collect();
    assert_eq!(buckets, histogram(&values), "{n}x{m} {first:?} {second:?}");
    let start = vec![0; n];
    assert_eq!(got.score, minimax.value(&start));
    // The line is a legal game in which every move is optimal, with correct running totals.
    let mut rows = start;
    let mut totals = [0i64; 2];
    assert_eq!(got.line.len(), n * m);
    for (i, step) in got.line.iter().enumerate() {
        let (r, c) = step
            .cell
            .split_once(',')
            .map(|(r, c)| (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1))
            .unwrap();
        assert!(minimax.moves(&rows).contains(&(r, c)), "move {} {} is not legal", i + 1, step.cell);
        let gain = minimax.gain(&rows, (r, c));
        let before = minimax.value(&rows);
        let mut next = rows.clone();
        next[r] += 1;
        assert_eq!(gain - minimax.value(&next), before, "move {} {} is not optimal", i + 1, step.cell);
        totals[i % 2] += gain;
        assert_eq!(
            (step.player, step.gain, step.first, step.second),
            (["first", "second"][i % 2], gain, totals[0], totals[1])
        );
        rows = next;
    }
    assert_eq!((got.first, got.second), (totals[0], totals[1]));
    assert_eq!(got.first - got.second, got.score);
    assert_eq!(got.winner, Winner::of(got.first, got.second));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Boards up to 4 × 4 with random values: small values (many ties and zeros) or large ones.
    #[test]
    fn every_count_equals_the_brute_force(
        n in 1..=4usize,
        m in 1..=4usize,
        large in any::<bool>(),
        seed in prop::collection::vec(0..=1_000_000_000i64, 32),
    ) {
        let scale = |v: i64| if large { v } else { v % 4 };
        let first: Vec<i64> = seed[..n * m].iter().map(|&v| scale(v)).collect();
        let second: Vec<i64> = seed[16..16 + n * m].iter().map(|&v| scale(v)).collect();
        check_against_brute_force(n, m, &first, &second);
    }
}

/// The coefficients of the Gaussian binomial `[a choose b]_q`, lowest power first, by the
/// q-Pascal rule `[a, b] = [a-1, b-1] + q^b [a-1, b]`.
fn gaussian_binomial(a: usize, b: usize) -> Vec<u64> {
    if b == 0 || b == a {
        return vec![1];
    }
    let left = gaussian_binomial(a - 1, b - 1);
    let right = gaussian_binomial(a - 1, b);
    let mut sum = vec![0; b * (a - b) + 1];
    for (i, c) in left.iter().enumerate() {
        sum[i] += c;
    }
    for (i, c) in right.iter().enumerate() {
        sum[i + b] += c;
    }
    sum
}

#[test]
fn layers_are_the_gaussian_binomial_and_the_histogram_counts_every_state() {
    for n in 1..=8 {
        for m in 1..=8 {
            let first: Vec<i64> = (0..n * m).map(|i| (i as i64 * 37) % 11).collect();
            let second: Vec<i64> = (0..n * m).map(|i| (i as i64 * 53) % 13).collect();
            let got = analysis(&Board::new(n, m, first, second).unwrap());
            assert_eq!(got.layers, gaussian_binomial(n + m, n), "{n}x{m}");
            assert_eq!(got.states, state_count(n, m), "{n}x{m}");
            assert_eq!(got.scores.iter().map(|b| b.count).sum::<u64>(), got.states, "{n}x{m}");
        }
    }
}

/// A board that takes the sweep's parallel path: the counts still add up, and the layers are still
/// the formula's.
#[test]
fn a_board_with_parallel_layers_counts_every_state_once() {
    let (n, m) = (11, 12);
    let first: Vec<i64> = (0..n * m).map(|i| (i * 37 % 101) as i64).collect();
    let second: Vec<i64> = (0..n * m).map(|i| (i * 53 % 97) as i64).collect();
    let got = analysis(&Board::new(n, m, first, second).unwrap());
    assert_eq!(got.layers, gaussian_binomial(n + m, n));
    assert_eq!(got.scores.iter().map(|b| b.count).sum::<u64>(), state_count(n, m));
    assert_eq!(got.first - got.second, got.score);
}

/// Transposing the board maps each diagram to its transpose: a bijection between the states of the
/// two boards that keeps the number of cells taken (so the side to move), maps the takeable cells
/// (r, c) to (c, r) and keeps what each is worth to its taker, since the transposed board's A and B
/// of (c, r) are the board's of (r, c). So each state has its transpose's value: the layers and the
/// histogram are the same (the line need not be: ties may be broken differently).
#[test]
fn the_transposed_board_has_the_same_counts() {
    for (n, m, seed) in [(3, 5, 1u64), (4, 7, 2), (6, 9, 3), (9, 10, 4)] {
        let cell = |i: usize, mul: u64| ((i as u64 + seed) * mul % 1009) as i64;
        let first: Vec<i64> = (0..n * m).map(|i| cell(i, 37)).collect();
        let second: Vec<i64> = (0..n * m).map(|i| cell(i, 53)).collect();
        let transpose = |values: &[i64]| -> Vec<i64> {
            (0..m).flat_map(|c| (0..n).map(move |r| (r, c))).map(|(r, c)| values[r * m + c]).collect()
        };
        let board = Board::new(n, m, first.clone(), second.clone()).unwrap();
        let transposed = Board::new(m, n, transpose(&first), transpose(&second)).unwrap();
        let (a, b) = (analysis(&board), analysis(&transposed));
        assert_eq!((a.rows, a.columns), (b.columns, b.rows));
        assert_eq!(a.layers, b.layers, "{n}x{m}");
        assert_eq!(a.scores, b.scores, "{n}x{m}");
        assert_eq!(a.score, b.score, "{n}x{m}");
    }
}

#[test]
fn a_memory_limit_below_the_plan_is_refused_and_a_stop_flag_stops() {
    let board = Board::new(10, 10, vec![1; 100], vec![2; 100]).unwrap();
    let options = AnalyzeOptions { memory_limit: Some(1000), ..AnalyzeOptions::default() };
    assert!(matches!(analyze(&board, &options, &mut |_| {}), Err(lattice_dp::SolveError::TooLarge { .. })));
    let stop = std::sync::atomic::AtomicBool::new(true);
    let options = AnalyzeOptions { stop: Some(&stop), ..AnalyzeOptions::default() };
    assert!(matches!(
        analyze(&board, &options, &mut |_| {}),
        Err(lattice_dp::SolveError::Interrupted { .. })
    ));
}

/// Within a memory limit that cuts the optimal game into several passes, the counts are those of
/// the one-pass analysis (only the first, full pass counts).
#[test]
fn several_game_passes_count_as_one() {
    let board =
        Board::new(12, 12, (0..144).map(|i| i * 7 % 31).collect(), (0..144).map(|i| i * 11 % 29).collect())
            .unwrap();
    let width = Some(lattice_dp::ValueWidth::Four);
    let free = lattice_dp::Plan::new(&board, lattice_dp::Mode::WithGame, width, None);
    // Room for the steps of a tenth of the states.
    let limit = free.layer_bytes + free.table_bytes + state_count(12, 12) / 10;
    let plan = lattice_dp::Plan::new(&board, lattice_dp::Mode::WithGame, width, Some(limit));
    assert!(plan.game_passes > 1 && plan.total() <= limit, "{plan:?}");
    let limited = AnalyzeOptions { memory_limit: Some(limit), width, ..AnalyzeOptions::default() };
    let passes = analyze(&board, &limited, &mut |_| {}).unwrap();
    let one = analysis(&board);
    assert_eq!((passes.layers, passes.scores, passes.score), (one.layers, one.scores, one.score));
    assert_eq!(passes.first - passes.second, passes.score);
}

#[test]
fn the_json_object_has_the_agreed_fields_in_order() {
    let board = Board::new(2, 3, vec![2, 7, 3, 9, 1, 2], vec![3, 7, 2, 2, 3, 1]).unwrap();
    let text = serde_json::to_string(&analysis(&board)).unwrap();
    assert!(text.starts_with(r#"{"game":"lattice-dp","board":1,"rows":2,"columns":3,"states":10,"layers":[1,1,2,2,2,1,1],"score":2,"scores":[{"low":0,"high":0,"#), "{text}");
    assert!(text.ends_with(r#"],"first":12,"second":10,"winner":"first"}"#), "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["game"], "lattice-dp");
    assert_eq!(json["states"], 10);
    assert_eq!(
        json["line"][0],
        serde_json::json!({"move": "1,1", "player": "first", "gain": 2, "first": 2, "second": 0})
    );
    assert_eq!(json["winner"], "first");
}
