//! Timing of `query` on 10^4 pseudo-random small positions (ignored: run by hand with
//! `cargo test -p pawn-retrograde --test query_timing -- --ignored --nocapture`).

use pawn_retrograde::{QueryOptions, parse_positions, query};

#[test]
#[ignore = "a timing, not a check"]
fn query_ten_thousand_random_positions() {
    let mut random = damaged_input::Seeded::new(0x2545_F491_4F6C_DD1D);
    let mut next = |n: usize| random.below(n);
    let mut text = String::from("timing 10000\n");
    for _ in 0..10_000 {
        let (rows, cols) = (3 + next(2), 3 + next(2));
        let mut cells: Vec<u8> = (0..rows * cols).map(|_| if next(6) == 0 { b'#' } else { b'.' }).collect();
        let mut free: Vec<usize> = (cols..rows * cols).filter(|&c| cells[c] == b'.').collect();
        if free.len() < 3 {
            cells.iter_mut().for_each(|c| *c = b'.');
            free = (cols..rows * cols).collect();
        }
        for piece in [b'X', b'O', b'O'] {
            let i = free.swap_remove(next(free.len()));
            cells[i] = piece;
        }
        text += &format!("{rows} {cols} {}\n", if next(2) == 0 { "red" } else { "black" });
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
        .map(|(i, p)| query(p, &QueryOptions { number: i + 1, stop: None }).unwrap().moves.len())
        .sum();
    println!("pawn-retrograde: {} queries in {:?} ({moves} moves)", positions.len(), start.elapsed());
}
