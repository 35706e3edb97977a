//! Timing of `query` on 10^4 pseudo-random small positions (ignored: run by hand with
//! `cargo test -p lattice-dp --test query_timing -- --ignored --nocapture`).

use lattice_dp::{QueryOptions, parse_positions, query};

#[test]
#[ignore = "a timing, not a check"]
fn query_ten_thousand_random_positions() {
    let mut random = damaged_input::Seeded::new(0x2545_F491_4F6C_DD1D);
    let mut next = |n: usize| random.below(n);
    let mut text = String::new();
    for _ in 0..10_000 {
        let (rows, cols) = (2 + next(3), 2 + next(3));
        text += &format!("{rows} {cols}\n");
        for _ in 0..2 * rows {
            let row: Vec<String> = (0..cols).map(|_| next(100).to_string()).collect();
            text += &(row.join(" ") + "\n");
        }
        let mut taken: Vec<usize> = (0..rows).map(|_| next(cols + 1)).collect();
        taken.sort_unstable_by(|a, b| b.cmp(a));
        let taken: Vec<String> = taken.iter().map(usize::to_string).collect();
        text += &format!("taken {}\n", taken.join(" "));
    }
    let positions = parse_positions(text.as_bytes()).unwrap();
    let start = std::time::Instant::now();
    let moves: usize = positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            query(p, &QueryOptions { number: i + 1, ..QueryOptions::default() }).unwrap().moves.len()
        })
        .sum();
    println!("lattice-dp: {} queries in {:?} ({moves} moves)", positions.len(), start.elapsed());
}
