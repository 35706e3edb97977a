//! edmonds-blossom `all-starts` (the default input): parse, and analyse every start cell of each
//! board with both move sets.
#![no_main]

use edmonds_blossom::{BoardAnalysis, KingMoves, parse_boards};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A board has fewer cells than the input has bytes: every board is small enough to solve.
    let Ok(boards) = parse_boards(data) else { return };
    for board in &boards {
        for moves in [KingMoves::King20, KingMoves::Orth4] {
            let analysis = BoardAnalysis::new(board, moves.set()).expect("the matching is maximum");
            assert_eq!(analysis.outcome_rows().len(), board.dims().rows);
        }
    }
});
