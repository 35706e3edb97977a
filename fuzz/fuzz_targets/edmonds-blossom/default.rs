//! edmonds-blossom, the default input (`T`, then per board `rows cols` and the rows with one `K`):
//! parse, and answer each board with both move sets (the verdict and its start report).
#![no_main]

use edmonds_blossom::{KingMoves, parse_boards, query::verdict_report};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A board has fewer cells than the input has bytes: every board is small enough to solve.
    let Ok(boards) = parse_boards(data) else { return };
    for (i, board) in boards.iter().enumerate() {
        for moves in [KingMoves::King20, KingMoves::Orth4] {
            verdict_report(board, moves, i + 1).expect("the matching is maximum");
        }
    }
});
