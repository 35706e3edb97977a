//! edmonds-blossom `query` (boards with visited cells `o` and the side to move): parse, and query
//! each position with both move sets.
#![no_main]

use edmonds_blossom::{KingMoves, QueryOptions, parse_positions, query};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A board has fewer cells than the input has bytes: every board is small enough to solve.
    let Ok(positions) = parse_positions(data) else { return };
    for (i, position) in positions.iter().enumerate() {
        for moves in [KingMoves::King20, KingMoves::Orth4] {
            query(position, &QueryOptions { number: i + 1, moves }).expect("the matching is maximum");
        }
    }
});
