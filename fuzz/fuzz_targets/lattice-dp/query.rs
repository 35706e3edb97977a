//! lattice-dp `query` (boards, each followed by its `taken` cells): parse, and query each position
//! whose board has few states.
#![no_main]

use lattice_dp::{QueryOptions, parse_positions, query, state_count};
use libfuzzer_sys::fuzz_target;

/// Boards with more states are only parsed.
const SOLVE_STATES: u64 = 5_000;

fuzz_target!(|data: &[u8]| {
    let Ok(positions) = parse_positions(data) else { return };
    for (i, position) in positions.iter().enumerate() {
        let board = position.board();
        if state_count(board.rows(), board.cols()) <= SOLVE_STATES {
            query(position, &QueryOptions { number: i + 1, ..QueryOptions::default() });
        }
    }
});
