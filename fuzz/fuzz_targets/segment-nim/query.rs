//! segment-nim `query` (the default input, the side to move after each `n w c`): read each position
//! and value every move (O(m) per position for any `n`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use segment_nim::{Board, BoardReader, query::solve_query};

fuzz_target!(|data: &[u8]| {
    let Ok(mut reader) = BoardReader::new(data) else { return };
    let mut board = Board::default();
    while let Ok(Some(mover)) = reader.read_query_into(&mut board) {
        let q = solve_query(&board, mover);
        q.move_reports();
    }
});
