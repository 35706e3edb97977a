//! segment-nim, the default input (`t`, then per board `n w c` and the positions): read each board
//! and solve it (linear time, any size), with white's winning move when it has one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use segment_nim::{Board, BoardReader, Colour, solve, winning_move};

fuzz_target!(|data: &[u8]| {
    let Ok(mut reader) = BoardReader::new(data) else { return };
    let mut board = Board::default();
    while let Ok(true) = reader.read_into(&mut board) {
        let verdict = solve(&board, Colour::White);
        solve(&board, Colour::Black);
        let _ = (verdict.answer(), winning_move(&board));
    }
});
