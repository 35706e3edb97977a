//! pawn-retrograde, the default input (`label count`, then per board `rows cols` and the rows):
//! parse, and for short inputs (so every board is small) solve and analyse each board.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Inputs up to this many bytes are solved: a board has fewer cells than its input has bytes, so
/// each one has at most ~30 cells and a solve stays well under a millisecond.
const SOLVE_BYTES: usize = 40;

fuzz_target!(|data: &[u8]| {
    let Ok(boards) = pawn_retrograde::parse_input(data) else { return };
    if data.len() <= SOLVE_BYTES {
        for board in &boards {
            let outcome = pawn_retrograde::solve_outcome(board);
            assert_eq!(pawn_retrograde::analyse(board).outcome, outcome);
            let start = pawn_retrograde::Position::start(board);
            pawn_retrograde::query(&start, &pawn_retrograde::QueryOptions::default());
        }
    }
});
