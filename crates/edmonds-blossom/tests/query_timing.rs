//! Timing of `query` on 10^4 pseudo-random small positions (ignored: run by hand with
//! `cargo test -p edmonds-blossom --test query_timing -- --ignored --nocapture`).

use edmonds_blossom::{QueryOptions, parse_positions, query};

#[test]
#[ignore = "a timing, not a check"]
fn query_ten_thousand_random_positions() {
    let mut random = damaged_input::Seeded::new(0x2545_F491_4F6C_DD1D);
    let mut next = |n: usize| random.below(n);
    let mut text = String::from("10000\n");
    for _ in 0..10_000 {
        let (rows, cols) = (4 + next(5), 4 + next(5));
        let mut cells: Vec<u8> = (0..rows * cols)
            .map(|_| match next(8) {
                0 => b'#',
                1 => b'o',
                _ => b'.',
            })
            .collect();
        cells[next(rows * cols)] = b'K';
        text += &format!("{rows} {cols}\n");
        for row in cells.chunks(cols) {
            text += std::str::from_utf8(row).unwrap();
            text.push('\n');
        }
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
    println!("edmonds-blossom: {} queries in {:?} ({moves} moves)", positions.len(), start.elapsed());
}
