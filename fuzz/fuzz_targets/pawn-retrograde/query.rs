//! pawn-retrograde `query` (the default input, with the side to move after each board's size):
//! parse, and for short inputs (so every board is small) query each position.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Inputs up to this many bytes are queried: a board has fewer cells than its input has bytes.
const SOLVE_BYTES: usize = 48;

fuzz_target!(|data: &[u8]| {
    let Ok(positions) = pawn_retrograde::parse_positions(data) else { return };
    if data.len() <= SOLVE_BYTES {
        for position in &positions {
            pawn_retrograde::query(position, &pawn_retrograde::QueryOptions::default());
        }
    }
});
