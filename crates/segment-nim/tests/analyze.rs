//! `analyze` against the brute-force oracle (retrograde analysis of the whole game graph, which
//! knows nothing of the Nim reduction) on every circle of up to 10 fields, count by count; the
//! canonical table against Burnside's count of orbits over the oracle's values.

mod brute;

use std::collections::BTreeMap;

use brute::{Oracle, Value};
use segment_nim::analyze;
use segment_nim::analyze::{Analysis, Outcomes, PairCounts};

/// `[white wins, black wins, draws]` per (white pawns, black pawns).
type Table = BTreeMap<(usize, usize), [u64; 3]>;

fn table(pairs: &[PairCounts]) -> Table {
    pairs.iter().map(|p| ((p.white, p.black), outcomes(&p.outcomes))).collect()
}

fn outcomes(o: &Outcomes) -> [u64; 3] {
    assert_eq!(o.white_wins + o.black_wins + o.draws, o.total, "{o:?}");
    [o.white_wins, o.black_wins, o.draws]
}

/// The column of a value for white to move.
fn column(value: Value) -> usize {
    match value {
        Value::Win => 0,
        Value::Lose => 1,
        Value::Draw => 2,
    }
}

/// Every pair (W, B) with W + B <= n, counted by the oracle.
fn brute_table(oracle: &Oracle, n: usize) -> Table {
    let mut table: Table = (0..=n).flat_map(|w| (0..=n - w).map(move |b| ((w, b), [0; 3]))).collect();
    for code in 0..oracle.placements() {
        table.get_mut(&pawns(&oracle.cells(code))).unwrap()[column(oracle.value(code, 0))] += 1;
    }
    table
}

fn pawns(cells: &[u8]) -> (usize, usize) {
    (cells.iter().filter(|&&c| c == 1).count(), cells.iter().filter(|&&c| c == 2).count())
}

/// The image of `cells` under the `g`-th of the `2n` maps of the circle: a rotation by `g % n`,
/// preceded by a reflection when `g >= n`.
fn image(cells: &[u8], g: usize) -> Vec<u8> {
    let n = cells.len();
    let mut out = vec![0; n];
    for (i, &c) in cells.iter().enumerate() {
        let from = if g >= n { n - 1 - i } else { i };
        out[(from + g % n) % n] = c;
    }
    out
}

/// Burnside: the orbits of each class (pair and value) number the placements of that class fixed
/// by each map of the circle, summed over the `2n` maps, over `2n`.
fn burnside_table(oracle: &Oracle, n: usize) -> Table {
    let mut fixed: Table = BTreeMap::new();
    for code in 0..oracle.placements() {
        let cells = oracle.cells(code);
        let count = (0..2 * n).filter(|&g| image(&cells, g) == cells).count() as u64;
        fixed.entry(pawns(&cells)).or_insert([0; 3])[column(oracle.value(code, 0))] += count;
    }
    for (pair, counts) in &mut fixed {
        for count in counts.iter_mut() {
            assert_eq!(
                *count % (2 * n as u64),
                0,
                "n = {n}, {pair:?}: Burnside's sum is not a multiple of 2n"
            );
            *count /= 2 * n as u64;
        }
    }
    fixed
}

fn check(n: usize) -> Analysis {
    let oracle = Oracle::cached(n);
    let analysis = analyze(n as u32).unwrap();
    let placements = 3u64.pow(n as u32);
    assert_eq!((analysis.fields as usize, analysis.placements), (n, placements));
    assert_eq!(analysis.totals.total, placements, "n = {n}");
    assert_eq!(table(&analysis.counts), brute_table(oracle, n), "n = {n}: every placement");
    assert_eq!(table(&analysis.canonical), burnside_table(oracle, n), "n = {n}: up to symmetry");
    let sum = |t: &Table| t.values().fold([0; 3], |a, c| [a[0] + c[0], a[1] + c[1], a[2] + c[2]]);
    assert_eq!(outcomes(&analysis.totals), sum(&table(&analysis.counts)), "n = {n}");
    assert_eq!(outcomes(&analysis.canonical_totals), sum(&table(&analysis.canonical)), "n = {n}");
    let pairs: Vec<(usize, usize)> = analysis.counts.iter().map(|p| (p.white, p.black)).collect();
    let mut sorted = pairs.clone();
    sorted.sort_unstable();
    assert_eq!(pairs, sorted, "n = {n}: W ascending, then B");
    analysis
}

#[test]
fn every_circle_up_to_10_fields_matches_the_oracle() {
    for n in 1..=10 {
        check(n);
    }
}

#[test]
fn canonical_counts_are_orbits_of_the_whole_circle() {
    // Placements of 6 fields up to rotation and reflection: the bracelets of length 6 over 3
    // colours number 92, those of length 10 number 3210 (OEIS A027671).
    assert_eq!(check(6).canonical_totals.total, 92);
    assert_eq!(analyze(10).unwrap().canonical_totals.total, 3_210);
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Bracelets of length `n` over `k` colours: necklaces `(1/n) Σ_{d | n} φ(d) k^(n/d)`, then the
/// reflections.
fn bracelets(n: u64, k: u64) -> u64 {
    let phi = |d: u64| {
        (1..=d).filter(|&i| (1..=i).filter(|g| i % g == 0 && d % g == 0).max() == Some(1)).count() as u64
    };
    let necklaces = (1..=n).filter(|d| n % d == 0).map(|d| phi(d) * k.pow((n / d) as u32)).sum::<u64>() / n;
    if n % 2 == 1 {
        (necklaces + k.pow(n.div_ceil(2) as u32)) / 2
    } else {
        (2 * necklaces + (k + 1) * k.pow((n / 2) as u32)) / 4
    }
}

#[test]
fn totals_equal_the_counting_formulas_up_to_14_fields() {
    for n in 1..=14u32 {
        let analysis = analyze(n).unwrap();
        let n64 = u64::from(n);
        for pair in &analysis.counts {
            let (w, b) = (pair.white as u64, pair.black as u64);
            assert_eq!(pair.outcomes.total, binomial(n64, w) * binomial(n64 - w, b), "n = {n}, {pair:?}");
        }
        assert_eq!(analysis.totals.total, 3u64.pow(n), "n = {n}");
        assert_eq!(analysis.canonical_totals.total, bracelets(n64, 3), "n = {n}");
    }
}
